"""The seat's output stage alone (app/seat/output.py): a fake writer, a fake speaker and fake
cues, no game. The prompt is an answer's last line, an answer that comes on its own gets the
prompt again, nested answers are one, another thread's lines are said as they come, every
utterance reaches the speaker with its priority, and the transcript records what was said."""

from __future__ import annotations

import threading

from spoken_cribbage.app.seat.output import PROMPT_KINDS, Output
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.words.lines import Line, LineKind

NOW, NEXT, NORMAL = Priority.NOW, Priority.NEXT, Priority.NORMAL
TURN = Line.same("Your turn: play a card.", LineKind.TURN)


class Speaker:
    def __init__(self) -> None:
        self.said: list[tuple[str, Priority]] = []

    def say(self, text: str, *, priority: Priority = NOW) -> None:
        self.said.append((text, priority))


class Cues:
    def __init__(self) -> None:
        self.played: list[tuple[str, ...]] = []

    def play(self, *names: str) -> None:
        self.played.append(names)


def make(prompt: Line | None = TURN, cues_on: bool = True):
    written: list[tuple[str, LineKind]] = []
    speaker, cues = Speaker(), Cues()
    out = Output(
        lambda text, kind: written.append((text, kind)), speaker, cues, prompt=lambda: prompt, cues_on=lambda: cues_on
    )
    return out, written, speaker, cues


def line(text: str, kind: LineKind = LineKind.INFO) -> Line:
    return Line.same(text, kind)


def test_the_prompt_said_before_a_milestone_is_the_answers_last_line():
    out, written, speaker, _ = make()
    with out.answer():
        out.say([line("You play the five of hearts for 15, 2 points.", LineKind.PLAY)])
        out.say([TURN], priority=NORMAL)
        out.say([line("Your best hand yet.")], priority=NORMAL)
    assert [text for text, _ in written] == [
        "You play the five of hearts for 15, 2 points.",
        "Your best hand yet.",
        "Your turn: play a card.",
    ]
    assert speaker.said == [
        ("You play the five of hearts for 15, 2 points.", NOW),
        ("Your best hand yet.", NORMAL),
        ("Your turn: play a card.", NORMAL),
    ]


def test_lines_said_with_the_prompt_before_it_stay_before_it_and_keep_their_priority():
    out, written, speaker, _ = make()
    with out.answer():
        out.say([line("Deal 2."), TURN, line("Hint: keep the fives.", LineKind.HINT)])
        out.say([line("Saved.")], priority=NORMAL)
    assert [text for text, _ in written] == ["Deal 2.", "Saved.", "Your turn: play a card.", "Hint: keep the fives."]
    # what opened the answer still cuts stale speech off; the prompt part queues last
    assert speaker.said == [
        ("Deal 2.", NOW),
        ("Saved.", NORMAL),
        ("Your turn: play a card. Hint: keep the fives.", NORMAL),
    ]


def test_an_answer_opened_by_the_prompt_is_opened_now_by_what_moved_before_it():
    out, _, speaker, _ = make()
    with out.answer():
        out.say([TURN])  # NOW: it opened the answer
        out.say([line("Your best hand yet.")], priority=NORMAL)
    assert speaker.said == [("Your best hand yet.", NOW), ("Your turn: play a card.", NORMAL)]


def test_an_unprompted_answer_gets_the_prompt_again_and_a_prompted_one_does_not():
    out, written, speaker, _ = make()
    with out.answer(unprompted=True):
        out.say([line("The computer plays a king for 25.", LineKind.PLAY)], priority=NORMAL)
    assert written == [("The computer plays a king for 25.", LineKind.PLAY), ("Your turn: play a card.", LineKind.TURN)]
    assert speaker.said[-1] == ("Your turn: play a card.", NORMAL)
    written.clear()
    with out.answer(unprompted=True):
        out.say([line("Is that right?", LineKind.PROMPT)])
    assert written == [("Is that right?", LineKind.PROMPT)]  # its own prompt, said once
    written.clear()
    with out.answer():
        out.say([line("The starter is the jack of spades.")])
    assert written == [("The starter is the jack of spades.", LineKind.INFO)]


def test_an_unprompted_answer_gets_no_prompt_when_the_game_does_not_wait_or_nothing_was_said():
    out, written, _, _ = make(prompt=None)
    with out.answer(unprompted=True):
        out.say([line("The computer plays a king.")])
    assert written == [("The computer plays a king.", LineKind.INFO)]
    out, written, _, _ = make()
    with out.answer(unprompted=True):
        out.say([line("")])  # an empty line is not said
    assert written == []


def test_an_unprompted_answer_whose_lines_are_all_kept_out_of_sight_does_not_say_the_prompt_again():
    # (a chat line in history only, at a shared table: nothing heard, so no prompt again)
    out, written, speaker, _ = make()
    out.modes = lambda: {"chat": "history"}
    with out.answer(unprompted=True):
        out.say([line("Lena says: hello", LineKind.CHAT)], priority=Priority.NORMAL)
    assert written == [] and speaker.said == []
    assert [h.text for h in out.history] == ["Lena says: hello"]
    with out.answer(unprompted=True):  # a line heard: the prompt follows it
        out.say([line("Max sits down.")], priority=Priority.NORMAL)
    assert [text for text, _ in written] == ["Max sits down.", TURN.text]


def test_nested_answers_are_one_sent_when_the_outermost_ends():
    out, written, _, _ = make()
    with out.answer():
        out.say([TURN], priority=NORMAL)
        with out.answer(unprompted=True):
            out.say([line("Inner.")])
            with out.answer():
                out.say([line("Innermost.")], priority=NORMAL)
        assert written == []  # nothing leaves before the outer answer ends
        out.say([line("Outer again.")], priority=NORMAL)
    assert [text for text, _ in written] == ["Inner.", "Innermost.", "Outer again.", "Your turn: play a card."]
    assert out.last_batch == [line("Inner."), line("Innermost."), line("Outer again."), TURN]


def test_another_threads_lines_are_said_as_they_come_while_an_answer_is_open():
    out, written, speaker, _ = make()
    inside, other_done = threading.Event(), threading.Event()

    def other() -> None:
        inside.wait(5)
        with out.answer(unprompted=True):  # a voice result while a key is being answered
            out.say([line("Saved.")], priority=NORMAL)
            assert written == [("Saved.", LineKind.INFO)]  # not held behind the key's answer
        other_done.set()

    t = threading.Thread(target=other)
    t.start()
    with out.answer():
        out.say([line("Your hand.", LineKind.HAND)])
        inside.set()
        assert other_done.wait(5)
        out.say([TURN], priority=NORMAL)
    t.join(5)
    assert [text for text, _ in written] == ["Saved.", "Your hand.", "Your turn: play a card."]
    assert speaker.said[0] == ("Saved.", NORMAL)


def test_a_line_said_with_no_answer_open_goes_out_at_once():
    out, written, speaker, _ = make()
    out.say([line("Speech is on.")], priority=NEXT)
    assert written == [("Speech is on.", LineKind.INFO)]
    assert speaker.said == [("Speech is on.", NEXT)]


def test_every_priority_reaches_the_speaker_and_lines_said_together_are_one_utterance():
    out, _, speaker, _ = make()
    for priority in Priority:
        out.say([line(f"A {priority.value} line."), line("Second.")], priority=priority)
    assert speaker.said == [(f"A {p.value} line. Second.", p) for p in Priority]


def test_the_speech_passes_the_output_boundary_and_a_line_without_speech_is_only_written():
    out, written, speaker, _ = make()
    out.say([Line("Ann\x1b[2J joins.", "Ann\x1b[2J joins."), Line("12 points.", "")])
    assert written == [("Ann\x1b[2J joins.", LineKind.INFO), ("12 points.", LineKind.INFO)]
    assert speaker.said == [("Ann\\x1b[2J joins.", NOW)]


def test_a_failing_speaker_or_cue_player_never_stops_the_lines():
    class Broken:
        def say(self, text: str, *, priority: Priority = NOW) -> None:
            raise OSError("device lost")

        def play(self, *names: str) -> None:
            raise OSError("device lost")

    written: list[str] = []
    out = Output(lambda text, kind: written.append(text), Broken(), Broken())
    out.say([line("No such card.", LineKind.ERROR)])
    out.say([line("Next line.")])
    assert written == ["No such card.", "Next line."]


def test_the_writer_gets_each_lines_kind_as_a_line_kind():
    out, written, _, _ = make()
    out.tell("You 10, Computer 8.", "scores")
    out.tell("Card 2: the five of hearts.", LineKind.CURSOR)
    out.tell("The count is 12.")
    assert written == [
        ("You 10, Computer 8.", LineKind.SCORES),
        ("Card 2: the five of hearts.", LineKind.CURSOR),
        ("The count is 12.", LineKind.ANSWER),
    ]
    assert all(type(kind) is LineKind for _, kind in written)
    assert {LineKind.PROMPT, LineKind.TURN} == PROMPT_KINDS


def test_an_error_line_plays_the_refused_cue_and_cues_play_only_when_on():
    out, _, _, cues = make()
    out.say([line("No such card.", LineKind.ERROR)])
    out.cue("your_turn", "fifteen")
    out.cue()
    assert cues.played == [("refused",), ("your_turn", "fifteen")]
    out, written, _, cues = make(cues_on=False)
    out.say([line("No such card.", LineKind.ERROR)])
    out.cue("your_turn")
    assert cues.played == [] and written == [("No such card.", LineKind.ERROR)]


def test_the_history_records_what_was_said_and_a_repeat_is_not_recorded():
    out, _, _, _ = make()
    with out.answer():
        out.say([line("One."), line("Two.")])
        out.say([TURN], priority=NORMAL)
        assert out.said_so_far() == 3  # the answer under way counts
    assert out.history == [line("One."), line("Two."), TURN]
    assert out.last_batch == [line("One."), line("Two."), TURN]
    out.hist_pos = 1  # walking back ([)
    out.say(out.last_batch, record=False)  # repeat
    assert out.history == [line("One."), line("Two."), TURN] and out.hist_pos == 1
    assert out.said_so_far() == 3
    out.tell("Three.")
    assert out.history[-1] == line("Three.", LineKind.ANSWER)
    assert out.last_batch == [line("Three.", LineKind.ANSWER)]
    assert out.hist_pos is None  # a new line: the walk starts again at the newest

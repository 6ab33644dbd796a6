"""A voice command heard but not surely (``Recognition.confirm``): the game asks first ("Play the
five of clubs? Say yes or no.") and acts only on yes (issue 13, point 1).

The recognitions are scripted (ready :class:`Recognition` objects, as a FakeRecognizer returns
them) and go through HandsFree into a real session and game; the last test sends audio through
the real voice input (segmenter and listener) to a FakeRecognizer."""

import random
import threading

import pytest

from spoken_cribbage.ai.players import RandomPlayer
from spoken_cribbage.app.handsfree import SORRY, HandsFree
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import parse_card
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.voice.recognizers import FakeRecognizer, Recognition
from testkit import voice_corpus
from testkit.seated import after

ASK_FIVE = "Play the five of clubs? Say yes or no."
NOT_PLAYED = "Not played: say the card again, or press its number."


class Cues:
    available = True
    reason = None

    def __init__(self):
        self.calls = []

    def open(self):
        return True

    def play(self, *names):
        self.calls.append(names)

    def stop(self):
        pass

    def set_volume(self, v):
        pass

    def close(self):
        pass


def make(voice=True):
    """Seed 3: you hold AC 2C 3C 5C 10H JC and deal; the computer leads."""
    out, kinds, cues = [], [], Cues()
    s = local_session(
        g.Game(seed=3),
        hooks=SeatHooks(write_kind=lambda text, kind: (out.append(text), kinds.append((text, kind)))),
        settings=Settings(),
        write=out.append,
        opponents={1: RandomPlayer(random.Random(1))},
        cues=cues,
    )
    if voice:
        s.listen_toggle = lambda: None  # voice commands are on (help and prompts say so)
    s.start()
    hf = HandsFree.__new__(HandsFree)  # the real _heard, without a microphone
    hf.session, hf._dispatch, hf._lock = s, None, threading.RLock()
    return s, out, hf, kinds, cues


def doubtful(command, heard="the card"):
    return Recognition(True, heard, command, 0.2, confirm=True)


def sure(command, heard=None):
    return Recognition(True, heard or command, command, 1.0)


def in_play():
    """At the play, the computer has led the queen of spades (count 10); you hold 3C 5C 10H JC."""
    s, out, hf, kinds, cues = make()
    s.command("1 2")
    assert s.table.game.phase == g.PLAY and s.table.game.to_act == 0 and s.voice_context().phase == "play"
    return s, out, hf, kinds, cues


def hand(s):
    return [c.short for c in s.table.game.hands[0]]


def test_a_doubtful_play_asks_first_and_yes_plays_the_card():
    s, out, hf, kinds, _ = in_play()
    actions = list(s.table.game.actions)
    assert after(out, lambda: hf._heard(doubtful("play 5C", "the five"))) == [ASK_FIVE]
    assert kinds[-1] == (ASK_FIVE, "prompt")
    assert s.table.game.actions == actions and "5C" in hand(s)  # nothing acted on yet
    assert s.voice_context().phase == "question"  # the grammar is yes / no / cancel
    lines = after(out, lambda: hf._heard(sure("yes")))
    assert lines[:2] == ["Heard: yes.", "You play the five of clubs. Count 15. Fifteen two."]
    assert "5C" not in hand(s)
    assert s.voice_context().phase in ("play", "other")  # the question is closed


@pytest.mark.parametrize(
    "answer", ["spoken no", "spoken cancel", "key n", "key N", "key Escape", "typed no", "typed cancel"]
)
def test_no_keeps_the_card_and_says_so(answer):
    s, out, hf, _, _ = in_play()
    hf._heard(doubtful("play 5C"))
    how, word = answer.split()
    do = {
        "spoken": lambda: hf._heard(sure(word)),
        "key": (lambda: s.escape()) if word == "Escape" else (lambda: s.key(word)),
        "typed": lambda: s.command(word),
    }[how]
    lines = after(out, do)
    assert lines[-1] == NOT_PLAYED and len(lines) == (2 if how == "spoken" else 1)
    assert "5C" in hand(s) and s.table.game.to_act == 0
    assert s.voice_context().phase == "play"  # back to what it was, nothing lost
    # the card can be played at once, by voice or by key
    assert after(out, lambda: hf._heard(sure("play 5C")))[1].startswith("You play the five of clubs.")


@pytest.mark.parametrize("answer", [("key", "y"), ("key", "Y"), ("typed", "yes"), ("typed", "y"), ("typed", "yeah")])
def test_typed_yes_plays_the_card(answer):
    s, out, hf, _, _ = in_play()
    hf._heard(doubtful("play 5C"))
    how, word = answer
    lines = after(out, (lambda: s.key(word)) if how == "key" else (lambda: s.command(word)))
    assert lines[0] == "You play the five of clubs. Count 15. Fifteen two."


def test_a_doubtful_answer_is_never_itself_confirmed():
    s, out, hf, _, cues = in_play()
    hf._heard(doubtful("play 5C"))
    for word in ("yes", "no", "cancel"):
        cues.calls.clear()
        assert after(out, lambda word=word: hf._heard(doubtful(word, word))) == [SORRY, ASK_FIVE]
        assert cues.calls == [("refused",)]
        assert s.voice_context().phase == "question" and "5C" in hand(s)
    assert after(out, lambda: hf._heard(sure("yes")))[1].startswith("You play the five of clubs.")


def test_a_doubtful_answer_to_the_other_questions_is_not_acted_on_either():
    s, out, hf, _, _ = make()
    s.key("1")
    s.key("2")
    ask = "Lay away the ace of clubs and two of clubs? Enter or say yes to confirm."
    assert out[-1] == ask
    assert after(out, lambda: hf._heard(doubtful("yes", "yes"))) == [SORRY, ask]
    assert s.table.game.phase == g.DISCARD and s.hand_view.marked
    s.command("quit")
    quit_q = out[-1]
    assert after(out, lambda: hf._heard(doubtful("yes", "yes"))) == [SORRY, quit_q]
    assert not s.quit
    # no question open: a doubtful yes is only not understood
    assert after(out, lambda: s.key("n")) == ["Back to the game."]
    assert after(out, lambda: hf._heard(doubtful("yes", "yes"))) == [SORRY]
    assert s.table.game.phase == g.DISCARD


def test_a_doubtful_discard_asks_first_then_goes_into_the_discard_flow():
    s, out, hf, _, _ = make()
    assert s.voice_context().phase == "discard"
    assert after(out, lambda: hf._heard(doubtful("discard AC", "the ace"))) == [
        "Discard the ace of clubs? Say yes or no."
    ]
    assert s.voice_context().phase == "question" and not s.hand_view.marked
    assert after(out, lambda: hf._heard(sure("no"))) == [
        "Heard: no.",
        "Not discarded: say the card again, or press its number.",
    ]
    assert not s.hand_view.marked and s.voice_context().phase == "discard"
    hf._heard(doubtful("discard AC", "the ace"))
    assert after(out, lambda: hf._heard(sure("yes"))) == ["Heard: yes.", "Ace of clubs chosen; choose one more."]
    assert s.voice_context().phase == "discard"
    assert after(out, lambda: hf._heard(doubtful("discard 2C", "the two"))) == [
        "Discard the two of clubs? Say yes or no."
    ]
    # the discard's own question follows, as for any second card
    assert after(out, lambda: hf._heard(sure("yes"))) == [
        "Heard: yes.",
        "Lay away the ace of clubs and two of clubs? Enter or say yes to confirm.",
    ]
    assert s.voice_context().phase == "question" and s.table.game.phase == g.DISCARD
    assert after(out, lambda: hf._heard(sure("yes")))[1] == ("You lay away the ace of clubs and two of clubs.")


def test_a_stale_command_is_never_acted_on():
    s, out, hf, _, _ = in_play()
    hf._heard(doubtful("play 5C"))
    # the game moves on under the question (as another seat's move would): the five is gone
    s.table.game.apply(g.Play(0, parse_card("5C")))
    assert s.table.game.to_act == 1
    actions = list(s.table.game.actions)
    lines = after(out, lambda: hf._heard(sure("yes")))
    assert lines == ["Heard: yes.", "Not played: the game moved on since the question. Computer's turn."]
    assert s.table.game.actions == actions
    assert s.asking.kind is None and s.voice_context().phase == "other"


def test_a_doubtful_command_heard_after_the_moment_passed_is_not_asked_about():
    s, out, hf, _, cues = in_play()
    s.key("6")  # the jack: count 20, the computer replies
    assert "JC" not in hand(s)
    cues.calls.clear()
    actions = list(s.table.game.actions)
    assert after(out, lambda: hf._heard(doubtful("play JC", "the jack"))) == [SORRY]
    assert cues.calls == [("refused",)] and s.asking.kind is None and s.table.game.actions == actions


def test_a_new_doubtful_command_replaces_the_question():
    s, out, hf, _, _ = in_play()
    hf._heard(doubtful("play 5C"))
    assert after(out, lambda: hf._heard(doubtful("play 3C", "the three"))) == [
        "Play the three of clubs? Say yes or no."
    ]
    assert after(out, lambda: s.key("y"))[0] == "You play the three of clubs. Count 13."
    assert "5C" in hand(s)


def test_other_keys_answer_as_usual_and_keep_the_question_open():
    s, out, hf, _, _ = in_play()
    hf._heard(doubtful("play 5C"))
    assert after(out, lambda: s.key("r")) == [ASK_FIVE]  # repeat says the question again
    assert after(out, lambda: s.key("s")) == ["You 0, 121 to go; Computer 0, 121 to go."]
    assert after(out, lambda: s.key("c")) == ["The count is 10: queen of spades."]
    help_ = after(out, lambda: s.key("?"))
    assert help_[0] == "Answer the question: press y for yes or n for no."
    assert after(out, lambda: s.enter()) == ["Please press y for yes or n for no."]
    assert after(out, lambda: s.command("fly away")) == ["Please answer y for yes or n for no."]
    s.move("right")  # the arrows walk the hand
    assert s.voice_context().phase == "question" and "5C" in hand(s)
    assert after(out, lambda: s.key("y"))[0].startswith("You play the five of clubs.")


def test_a_card_chosen_another_way_drops_the_question():
    s, out, hf, _, _ = in_play()
    hf._heard(doubtful("play 5C"))
    assert after(out, lambda: s.key("3"))[0] == "You play the three of clubs. Count 13."
    assert s.asking.kind is None and "5C" in hand(s)
    assert after(out, lambda: s.command("yes")) == ["There is no question to answer yes to."]


def test_the_new_lines_fit_a_braille_line():
    for line in (
        ASK_FIVE,
        NOT_PLAYED,
        "Not played: the game moved on since the question. Computer's turn.",
        "Not discarded: say the card again, or press its number.",
    ):
        assert len(line) < 80


# ----------------------------------------------------------------------------- through the voice input


@pytest.mark.skipif(not voice_corpus.tools_available(), reason="needs espeak-ng, flite and sox")
def test_spoken_audio_through_the_voice_input_asks_then_plays():
    s, out, _, _, _ = in_play()

    def clip(text):
        return voice_corpus.session_corpus().speech(text, "espeak-us", "pink40").pcm()

    audio = voice_corpus.gap(0.4)
    for text in ("play the five", "yes"):
        audio += clip(text) + voice_corpus.gap(1.2, seed=len(audio))
    fake = FakeRecognizer([doubtful("play 5C", "play the five"), "yes"])
    done, heard = threading.Event(), []

    def source():
        for i in range(0, len(audio), 960):
            yield audio[i : i + 960]

    hf = HandsFree(s, recognizer=fake, mode="continuous", audio_source=source, early=False)
    original = hf._heard

    def on_heard(rec):
        original(rec)
        heard.append(rec)
        if len(heard) == 2:
            done.set()

    hf.input.on_heard = on_heard
    n = len(out)
    hf.start()
    assert done.wait(30), [r.heard for r in heard]
    hf.stop()
    lines = [
        line
        for line in out[n:]
        if line not in ("Voice: fake recognizer for tests.", "Listening.", "Stopped listening.")
    ]
    # the second utterance was heard with the question's grammar: "yes" is legal in it
    assert [ctx.phase for _, ctx in fake.calls] == ["play", "question"]
    assert lines[:3] == [ASK_FIVE, "Heard: yes.", "You play the five of clubs. Count 15. Fifteen two."]
    assert "5C" not in hand(s)

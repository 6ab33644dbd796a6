"""The seat's commands alone (app/seat/commands.py and its groups): every verb of the one
vocabulary has a handler and every handler a verb; a verb has one handler; each group runs on
a small fake context of its own, no session: the questions (S twice gives the pegs), the
settings (pushed to the voice, refused with the reason), the cues named on a timer and
stopped by a key, and the game actions (a discard marked or refused, quit asked, the clock)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from spoken_cribbage.app.coach import CoachWatch
from spoken_cribbage.app.seat import actions, asked, devices
from spoken_cribbage.app.seat.commands import GROUPS, VERBS, Commands
from spoken_cribbage.app.seat.count_clock import CountClock
from spoken_cribbage.app.seat.devices import CUE_ORDER, CuesDemo
from spoken_cribbage.app.seat.history import History
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.question import Question
from spoken_cribbage.app.seat.registry import Registry
from spoken_cribbage.app.seat.turns import LocalTable
from spoken_cribbage.app.show_reader import ShowReader
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.vocabulary import CARD_VERBS, PHRASES, Command, VoiceContext, parse_command
from spoken_cribbage.words.announce import Answers, Names
from spoken_cribbage.words.commands import key_lines
from spoken_cribbage.words.lines import Line
from spoken_cribbage.words.seat import cards_count, phrase
from spoken_cribbage.words.seat import help_lines as help_words
from testkit.fake_seat import ActionsSeat

NAMES = Names(("you", "Computer"), 0)


def test_every_verb_of_the_vocabulary_has_a_handler_and_every_handler_a_verb():
    vocabulary = {p.verb for p in PHRASES} | set(CARD_VERBS) | {parse_command("claim 12").verb}
    assert len(vocabulary) > 30
    assert vocabulary == VERBS
    # no verb is handled by two groups
    assert sum(len(group.handlers) for group in GROUPS) == len(VERBS)


def test_a_verb_has_one_handler():
    group: Registry[object] = Registry("test")
    group.verb("count")(lambda seat, c: None)
    with pytest.raises(ValueError, match="'count' has a handler already"):
        group.verb("scores", "count")(lambda seat, c: None)


class Written:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.output = Output(lambda text, kind: self.lines.append(text))

    def heard(self, f) -> list[str]:
        n = len(self.lines)
        f()
        return self.lines[n:]


# ---------------------------------------------------------------------- the questions


@dataclass
class AskedSeat:
    table: LocalTable
    output: Output
    me: int = 0
    names: Names = NAMES
    settings: Settings = field(default_factory=Settings)
    coach: CoachWatch = field(default_factory=CoachWatch)
    show_reader: ShowReader = field(default_factory=ShowReader)
    help_open: bool = False
    scores_mark: tuple[int, int] | None = None

    @property
    def answers(self) -> Answers:
        return Answers(lambda: self.table.observation(0), NAMES)

    def hand_lines(self) -> list[Line]:
        return [Line.same(self.answers.hand())]

    def hint_text(self) -> str | None:
        return None

    listen_toggle = None
    speaker = None

    def voice_context(self) -> VoiceContext:
        return VoiceContext("discard")


def test_the_scores_twice_in_a_row_give_the_pegs_and_help_holds_the_clock():
    w = Written()
    seat = AskedSeat(LocalTable(g.Game(seed=3), {}), w.output)
    run = asked.ASKED.bind(seat)
    assert w.heard(lambda: run["scores"](Command("scores"))) == ["You 0, 121 to go; Computer 0, 121 to go."]
    pegs = w.heard(lambda: run["scores"](Command("scores")))
    assert pegs == seat.answers.pegs() and len(pegs) > 1
    assert w.heard(lambda: run["scores"](Command("scores"))) == ["You 0, 121 to go; Computer 0, 121 to go."]
    w.heard(lambda: run["crib"](Command("crib")))  # another answer between: the scores again
    assert w.heard(lambda: run["scores"](Command("scores"))) == ["You 0, 121 to go; Computer 0, 121 to go."]
    assert w.heard(lambda: run["hint"](Command("hint"))) == [phrase("no_hint")]
    said = w.heard(lambda: run["help"](Command("help")))  # the discard's help, its keys
    assert said == help_words("discard", key_lines("discard", voice=False, muggins=False), 2)
    assert seat.help_open


# ---------------------------------------------------------------------- settings, cues, voice


class Voice:
    available = True

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def stop(self) -> None:
        self.calls.append(("stop", None))

    def set_rate(self, wpm: int) -> None:
        self.calls.append(("rate", wpm))

    def set_volume(self, volume: float) -> None:
        self.calls.append(("volume", volume))

    def set_voice(self, voice: str | None) -> None:
        self.calls.append(("voice", voice))


class CuePlayer:
    available = True

    def __init__(self) -> None:
        self.played: list[str] = []
        self.stopped = 0

    def open(self) -> bool:
        return True

    def play(self, *names: str) -> None:
        self.played.extend(names)

    def stop(self) -> None:
        self.stopped += 1

    def set_volume(self, volume: float) -> None:
        self.played.append(f"volume {volume}")


class Timer:
    """Runs nothing by itself: ``fire`` runs the earliest function due."""

    def __init__(self) -> None:
        self.due: list[tuple[float, object]] = []

    def __call__(self, delay, fn):
        entry = (delay, fn)
        self.due.append(entry)
        return lambda: self.due.remove(entry) if entry in self.due else None

    def fire(self) -> None:
        self.due.sort(key=lambda e: e[0])
        _, fn = self.due.pop(0)
        fn()


class DevicesSeat:
    def __init__(self, w: Written, timer: Timer | None = None) -> None:
        self.settings = Settings()
        self.output = w.output
        self.speaker = Voice()
        self.cues = CuePlayer()
        self.voice_check = None
        self.listen_toggle = None
        self.cues_demo = CuesDemo(w.output, lambda: self.cues, lambda: timer)
        self.saved: list[str] = []

    def take_settings(self, new: Settings, name: str) -> None:
        self.settings = new

    def settings_saved(self, new: Settings, name: str) -> Notice | None:
        self.saved.append(name)
        return None

    def settings_described(self, settings: Settings) -> list[Notice] | None:
        return None


def test_a_setting_reaches_the_voice_and_a_bad_one_changes_nothing():
    w = Written()
    seat = DevicesSeat(w)
    assert w.heard(lambda: devices.change_setting(seat, Command("rate", value="200"))) == ["Rate is now 200."]
    assert seat.speaker.calls == [("rate", 200)] and seat.settings.rate == 200
    assert seat.saved == ["rate"]
    said = w.heard(lambda: devices.change_setting(seat, Command("rate", value="fast")))
    assert said[0].startswith("That setting was not changed: ")
    assert seat.settings.rate == 200 and seat.saved == ["rate"]


def test_the_settings_listed_without_a_file_are_said_in_words_in_the_language():
    from spoken_cribbage.words import catalogue

    w = Written()
    seat = DevicesSeat(w)
    assert w.heard(lambda: devices.settings(seat, Command("settings")))[:2] == [
        "Speech: auto.",
        "Rate: 180 words a minute.",
    ]
    assert "Voice engine: off." in w.heard(lambda: devices.settings(seat, Command("settings")))
    catalogue.use("fr")
    try:
        said = w.heard(lambda: devices.settings(seat, Command("settings")))
        assert said[:2] == ["Parole : automatique.", "Débit : 180 mots par minute."]
        assert w.heard(lambda: devices.change_setting(seat, Command("cues", value="off"))) == [
            "Les sons sont maintenant désactivés."
        ]
    finally:
        catalogue.use("en")


def test_a_command_with_a_value_is_a_setting_and_without_one_its_command():
    w = Written()
    seat = DevicesSeat(w)
    commands = Commands(
        asked=AskedSeat(LocalTable(g.Game(seed=3), {}), w.output),
        history=History(w.output, LocalTable(g.Game(seed=3), {}), 0, NAMES),
        devices=seat,
        actions=ActionsSeat(w.output),
    )
    assert w.heard(lambda: commands.run(Command("cues", value="off"))) == ["Sound cues are now off."]
    assert w.heard(lambda: commands.run(Command("listen"))) == [phrase("voice_off")]


def test_the_cues_are_named_and_played_one_by_one_and_a_key_stops_them():
    w, timer = Written(), Timer()
    seat = DevicesSeat(w, timer)
    said = w.heard(lambda: devices.DEVICES.bind(seat)["cues"](Command("cues")))
    assert said[0] == "Sound cues, one after another; any key stops them."
    assert said[1] == f"Cue 1 of {len(CUE_ORDER)}: {devices.cue_meaning(CUE_ORDER[0])}."
    timer.fire()  # the first cue plays after its name
    assert seat.cues.played == [CUE_ORDER[0]]
    timer.fire()  # then the next name
    assert w.lines[-1].startswith(f"Cue 2 of {len(CUE_ORDER)}: ")
    seat.cues_demo.stop()  # a key
    assert timer.due == [] and seat.cues.stopped == 1
    seat.cues_demo.stop()  # nothing under way: nothing stopped again
    assert seat.cues.stopped == 1


# ---------------------------------------------------------------------- game actions


def test_a_discard_of_every_card_is_done_and_of_one_is_marked():
    w = Written()
    seat = ActionsSeat(w.output)
    run = actions.ACTIONS.bind(seat)
    seat.hand_view.number(seat.table.observation(0).hand)
    hand = seat.table.observation(0).hand
    assert w.heard(lambda: run["discard"](Command("discard", numbers=(1, 2, 3)))) == [
        phrase("exactly", count=cards_count(2), given=3)
    ]
    run["discard"](Command("discard", numbers=(1, 2)))
    assert seat.done == [g.Discard(0, (hand[0], hand[1]))]
    assert w.heard(lambda: run["discard"](Command("discard", numbers=(3,)))) == [
        f"{hand[2].name.capitalize()} chosen; choose one more."
    ]
    assert seat.hand_view.marked == [hand[2]]
    assert w.heard(lambda: run["discard"](Command("discard", numbers=(9,))))[0].startswith("There is no card 9")
    assert w.heard(lambda: run["discard"](Command("discard", numbers=(4,)))) == [
        phrase("confirm_discard", cards=f"the {hand[2].name} and {hand[3].name}")
    ]
    assert seat.asking.kind is Question.DISCARD
    # not the play: the engine says why (a play named by number is asked as a go: same refusal)
    assert w.heard(lambda: run["play"](Command("play", numbers=(1, 2)))) == []
    assert seat.done[-1] == g.Go(0)


def test_quit_asks_and_the_clock_answers_with_no_count_under_way():
    w = Written()
    seat = ActionsSeat(w.output)
    run = actions.ACTIONS.bind(seat)
    assert w.heard(lambda: run["quit"](Command("quit"))) == [
        "Quit the game? It is kept, and you can resume it later. Press y or n."
    ]
    assert seat.asking.kind is Question.QUIT
    assert w.heard(lambda: run["time"](Command("time"))) == [phrase("no_time_limit")]
    seat.count_clock = CountClock(lambda: 100.0, 30.0)
    assert w.heard(lambda: run["time"](Command("time"))) == ["30 seconds left to count."]
    seat.finished = True
    assert w.heard(lambda: run["quit"](Command("quit"))) == ["Goodbye."]
    assert w.heard(lambda: run["yes"](Command("yes"))) == ["There is no question to answer yes to."]

"""The seat's questions about the hand and the table (issue 24, a group of the Commands
stage): the count, the crib, the starter, the table, the cards held, the scores and pegs,
whose turn, the odds, the hand, a hint, the coach, the last show again, and help. Each
answers from the seat's own view and changes nothing in the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from spoken_cribbage.ai.odds import OddsError, chance_for
from spoken_cribbage.app.coach import CoachWatch
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.registry import Registry
from spoken_cribbage.app.seat.turns import Table
from spoken_cribbage.app.show_reader import ShowReader
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.storage.settings import Settings, brief_parts
from spoken_cribbage.vocabulary import Command, VoiceContext
from spoken_cribbage.words import notices
from spoken_cribbage.words.announce import Announcer, Answers, Line, Names
from spoken_cribbage.words.commands import key_lines
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.seat import help_lines as help_words
from spoken_cribbage.words.seat import phrase

__all__ = ["ASKED", "Asked", "help_lines"]


class Asked(Protocol):
    """What the questions need of the seat."""

    me: int
    names: Names
    settings: Settings
    answers: Answers
    output: Output

    @property
    def table(self) -> Table:
        """The table the seat sits at (read only here: the facade may hold a wider kind)."""
        ...

    coach: CoachWatch
    show_reader: ShowReader
    #: help was the last thing asked for (the count clock waits)
    help_open: bool
    #: (lines said so far, events so far) when the scores were last said: S twice gives the pegs
    scores_mark: tuple[int, int] | None

    def hand_lines(self) -> list[Line]:
        """The hand, numbered afresh (and remembered as the numbering)."""
        ...

    #: listening on and off, while voice commands are on (help names the voice keys)
    listen_toggle: Callable[[], None] | None

    @property
    def speaker(self) -> object:
        """The voice: a screen reader's (its ``reader``) changes what help says of speech."""
        ...

    def hint_text(self) -> str | None: ...

    def voice_context(self) -> VoiceContext:
        """The moment's grammar (its phase: the keys help lists)."""
        ...


ASKED: Registry[Asked] = Registry("questions")


def _answer(seat: Asked, lines: Sequence[str], kind: LineKind = LineKind.ANSWER) -> None:
    seat.output.say([Line.same(t, kind) for t in lines])


@ASKED.verb("count")
def count(seat: Asked, c: Command) -> None:
    seat.output.tell(seat.answers.count())


@ASKED.verb("crib")
def crib(seat: Asked, c: Command) -> None:
    seat.output.tell(seat.answers.crib())


@ASKED.verb("starter")
def starter(seat: Asked, c: Command) -> None:
    seat.output.tell(seat.answers.starter())


@ASKED.verb("table")
def table(seat: Asked, c: Command) -> None:
    _answer(seat, seat.answers.table().split("\n"))


@ASKED.verb("held")
def held(seat: Asked, c: Command) -> None:
    seat.output.tell(seat.answers.held())


@ASKED.verb("scores")
def scores(seat: Asked, c: Command) -> None:
    """The scores; asked again at once (S twice in a row), the pegboard: each side's front
    and back peg and what its last score was worth."""
    mark = (seat.output.said_so_far(), len(seat.table.events_for(seat.me)))
    if seat.scores_mark == mark:
        seat.scores_mark = None
        _answer(seat, seat.answers.pegs())
        return
    seat.output.tell(seat.answers.scores())
    seat.scores_mark = (seat.output.said_so_far(), mark[1])


@ASKED.verb("turn")
def turn(seat: Asked, c: Command) -> None:
    seat.output.tell(seat.answers.turn(after=True))


def odds_answer(obs: g.Observation) -> str:
    """The sentence the ``odds`` key says: the seat's chance to win, or why none is given."""
    try:
        return notices.phrase(Notice("calculator.odds_chance", win=chance_for(obs)))
    except OddsError as e:
        return notices.phrase(e)


@ASKED.verb("odds")
def odds(seat: Asked, c: Command) -> None:
    seat.output.tell(odds_answer(seat.table.observation(seat.me)))


@ASKED.verb("hand")
def hand(seat: Asked, c: Command) -> None:
    seat.output.say(seat.hand_lines(), asked=True)


@ASKED.verb("hint")
def hint(seat: Asked, c: Command) -> None:
    seat.output.tell(seat.hint_text() or phrase("no_hint"))


@ASKED.verb("coach")
def coach(seat: Asked, c: Command) -> None:
    seat.output.tell(seat.coach.answer())


@ASKED.verb("recount")
def recount(seat: Asked, c: Command) -> None:
    """The last show again, one hand (or the crib) a press."""

    def said(events: Sequence[g.Event]) -> list[Line]:
        # a fresh announcer: the show as said, not the game's own state
        # the place's line names the starter: not again with the hand (coach verbosity names
        # it with every hand, brief starter in a line of its own)
        announcer = Announcer(seat.names, seat.settings.verbosity, brief_parts(seat.settings.brief) | {"starter"})
        announcer.rules = seat.table.rules
        return [line for line in announcer.announce(list(events)) if line.kind is not LineKind.STARTER]

    seat.output.say(seat.show_reader.next_part(seat.table.events_for(seat.me), said), asked=True)


def help_lines(seat: Asked) -> list[str]:
    """Help for this moment: what to do, the keys of this phase, the command line."""
    phase = seat.voice_context().phase
    reader = getattr(seat.speaker, "reader", None)  # a screen reader is the voice
    rules = seat.table.rules
    keys = key_lines(phase, voice=seat.listen_toggle is not None, muggins=rules.manual and rules.muggins)
    return help_words(phase, keys, rules.discards, screen_reader=reader if isinstance(reader, str) else None)


@ASKED.verb("help")
def help_(seat: Asked, c: Command) -> None:
    _answer(seat, help_lines(seat), LineKind.HELP)
    seat.help_open = True  # the count clock waits until the next key

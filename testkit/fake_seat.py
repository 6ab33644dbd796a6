"""A seat without a session, for the tests of the seat's stages alone (app/seat): the state
the game actions and the keys read (a table over a seeded game, the hand as heard, the
question open), and what they do recorded instead of carried out."""

from __future__ import annotations

from collections.abc import Sequence

from spoken_cribbage.app.seat.count_clock import CountClock
from spoken_cribbage.app.seat.hand_view import HandView
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.question import Asking, Question
from spoken_cribbage.app.seat.turns import LocalTable
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.announce import Answers, Names

NAMES = Names(("you", "Computer"), 0)


class ActionsSeat:
    """Seat 0 at a seeded two-player game: its actions recorded in ``done``, not applied."""

    def __init__(self, output: Output, game: g.Game | None = None) -> None:
        self.me = 0
        self.names = NAMES
        self.settings = Settings()
        self.output = output
        self.table = LocalTable(game or g.Game(seed=3), {})
        self.answers = Answers(lambda: self.table.observation(0), NAMES)
        self.hand_view = HandView()
        self.asking = Asking()
        self.finished = False
        self.kept = True
        self.count_clock: CountClock | None = None
        self.listen_toggle = None
        self.done: list[g.Action] = []

    def do(self, action: g.Action) -> None:
        self.done.append(action)

    def after(self, events: list[g.Event]) -> None: ...

    def take_back(self) -> list[g.Action]:
        return self.table.undo(0)

    def ask(self, kind: Question, question: str, held: str | None = None) -> None:
        self.asking.ask(kind, question, held)
        self.output.tell(question)

    def leave(self) -> None:
        self.output.tell("Goodbye.")

    def unsaved_words(self, when: str) -> str | None:
        return None

    def begin(self, names: Sequence[str] | None) -> None: ...

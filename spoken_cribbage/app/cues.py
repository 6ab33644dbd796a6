"""Which sound cue each event of a seat plays (the cues themselves: ``speech.cues``).

One table, read by the session: the events of one batch give a list of cue names, played one
after another; the session adds ``your_turn`` when the game waits for the player, ``refused``
for a line of kind error, and the voice input ``listen_on`` / ``listen_off``. Cues never stand
in for a sentence: every event is still said and written.

>>> from spoken_cribbage.engine.cards import parse_card
>>> from spoken_cribbage.engine import game as g
>>> event_cues([g.Played(0, parse_card("5H"), 20, (), 3)], me=0, side=0)
['my_card']
"""

from __future__ import annotations

from collections.abc import Iterable

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.engine.scoring import ItemKind


def _scored(e: g.Scored) -> str | None:
    if e.reason == g.ScoreReason.HEELS:
        return "heels"
    if e.points <= 0:
        return None
    kinds = {item.kind for item in e.items}
    if ItemKind.THIRTY_ONE in kinds:
        return "thirty_one"
    if e.reason == g.ScoreReason.PLAY and ItemKind.FIFTEEN in kinds:
        return "fifteen"
    return "points"


class _Cues(EventVisitor[None]):
    """Appends the cue names of the events it visits to ``out``."""

    def __init__(self, me: int, side: int, count_tone: bool) -> None:
        self.me, self.side, self.count_tone = me, side, count_tone
        self.out: list[str] = []
        self.shown = False

    def visit_dealt(self, e: g.Dealt) -> None:
        self.out.append("new_deal")

    def visit_starter_turned(self, e: g.StarterTurned) -> None:
        self.out.append("starter")

    def visit_played(self, e: g.Played) -> None:
        self.out.append("my_card" if e.seat == self.me else "their_card")
        if self.count_tone:
            self.out.append(f"count_{e.count}")

    def visit_said_go(self, e: g.SaidGo) -> None:
        self.out.append("go")

    def visit_count_reset(self, e: g.CountReset) -> None:
        if e.next_seat is not None:  # at the end of the play the show follows instead
            self.out.append("count_reset")

    def visit_hand_shown(self, e: g.HandShown | g.CountDue) -> None:
        if not self.shown:
            self.out.append("show")
            self.shown = True

    visit_count_due = visit_hand_shown  # type: ignore[assignment]

    def visit_scored(self, e: g.Scored) -> None:
        cue = _scored(e)
        if cue:
            self.out.append(cue)

    def visit_game_over(self, e: g.GameOver) -> None:
        self.out.append("win" if e.winner == self.side else "lose")


def event_cues(events: Iterable[g.Event], *, me: int, side: int, count_tone: bool = False) -> list[str]:
    """The cue names for a batch of events seen from seat ``me`` (on ``side``), in order."""
    cues = _Cues(me, side, count_tone)
    for e in events:
        cues.visit(e)
    return cues.out

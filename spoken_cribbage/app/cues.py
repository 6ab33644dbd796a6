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

from typing import Iterable

from spoken_cribbage.engine import game as g
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


def event_cues(events: Iterable[g.Event], *, me: int, side: int,
               count_tone: bool = False) -> list[str]:
    """The cue names for a batch of events seen from seat ``me`` (on ``side``), in order."""
    out: list[str] = []
    shown = False
    for e in events:
        if isinstance(e, g.Dealt):
            out.append("new_deal")
        elif isinstance(e, g.StarterTurned):
            out.append("starter")
        elif isinstance(e, g.Played):
            out.append("my_card" if e.seat == me else "their_card")
            if count_tone:
                out.append(f"count_{e.count}")
        elif isinstance(e, g.SaidGo):
            out.append("go")
        elif isinstance(e, g.CountReset):
            if e.next_seat is not None:   # at the end of the play the show follows instead
                out.append("count_reset")
        elif isinstance(e, (g.HandShown, g.CountDue)):
            if not shown:
                out.append("show")
                shown = True
        elif isinstance(e, g.Scored):
            cue = _scored(e)
            if cue:
                out.append(cue)
        elif isinstance(e, g.GameOver):
            out.append("win" if e.winner == side else "lose")
    return out

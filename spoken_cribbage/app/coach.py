"""The coach that answers the move made (issue 25, item 5): the seat's player's discards and
plays are judged by the expert's analysis (:func:`spoken_cribbage.ai.coach.judge`) before they
are applied; at coach verbosity the session says the line when the expert's move was better by
more than noise, and at the end of a deal the points the coach estimates were lost. The
``coach`` key (``e``) answers for the last move at any verbosity.
"""

from __future__ import annotations

from collections.abc import Sequence

from spoken_cribbage.ai.coach import FLOOR, judge_seen, said
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.words.lines import Line
from spoken_cribbage.words.notices import phrase


def move_end(events: Sequence[g.Event], seat: int) -> int:
    """How many of ``events`` (those of ``seat``'s own action) tell the move itself: its card
    played with the points it made, or its cards laid away; the coach's line follows them."""
    for i, e in enumerate(events):
        if isinstance(e, g.Discarded) and e.seat == seat:
            return i + 1
        if isinstance(e, g.Played) and e.seat == seat:
            j = i + 1
            while j < len(events) and isinstance(ev := events[j], g.Scored) and ev.seat == seat and ev.reason == "play":
                j += 1
            return j
    return len(events)


class CoachWatch:
    """Judges one seat's moves and keeps what the coach has to say."""

    def __init__(self) -> None:
        #: The verdict on the player's last move this deal (None: no move judged yet).
        self.last: Notice | None = None
        self._last_at = -1  # the action the last verdict judged, by its place in the game
        self._pending: list[Notice] = []
        self._lost: list[tuple[int, float]] = []  # this deal's said verdicts: (place, points)
        self._deal: int | None = None

    def undone(self, actions: int) -> None:
        """The game has ``actions`` actions now (after an undo: the table's ``version``): the
        verdicts on moves taken back are forgotten (their points are not lost)."""
        self._lost = [(i, b) for i, b in self._lost if i < actions]
        if self._last_at >= actions:
            self.last, self._last_at = None, -1

    def before(self, obs: g.Observation, at: int, action: g.Action) -> None:
        """``action`` is about to be applied: judge it when it is the observation's seat's
        discard or play, from that observation only (``at``: the game's actions so far, the
        table's ``version``). Never raises (a coach that fails says nothing)."""
        if getattr(action, "seat", None) != obs.seat or not isinstance(action, (g.Discard, g.Play)):
            return
        if self._deal != obs.deal:
            self._deal, self.last = obs.deal, None
        self.undone(at)
        try:
            verdict = judge_seen(obs, action)
        except Exception:
            return
        if verdict is None:
            return
        self.last, self._last_at = verdict, at
        if said(verdict):
            self._pending.append(verdict)
            self._lost.append((at, float(verdict.data["better"])))

    def move_lines(self, *, speak: bool) -> list[Line]:
        """The coach's lines on the moves judged since last asked (kind ``hint``); none
        unless ``speak`` (coach verbosity). Emptied either way, so nothing stale is said."""
        notes, self._pending = self._pending, []
        return [Line.same(phrase(n), "hint") for n in notes] if speak else []

    def deal_lines(self, events: Sequence[g.Event], *, speak: bool) -> list[Line]:
        """When ``events`` end a deal (or the game): the points the coach estimates were lost
        in it, if any (a line when ``speak``); the count starts again."""
        if not any(isinstance(e, (g.DealEnded, g.GameOver)) for e in events):
            return []
        lost = sum(b for _, b in self._lost)
        self._lost = []
        if not speak or lost < FLOOR:
            return []
        return [Line.same(phrase(Notice("calculator.coach_deal_lost", points=lost)), "hint")]

    def answer(self) -> str:
        """The ``coach`` key: the verdict on the last move this deal, in a sentence."""
        return phrase(self.last or Notice("calculator.coach_no_move"))

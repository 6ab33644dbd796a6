"""The show: counting the hands and the crib after the play, automatically or, with manual
counting, by the players' claims (with muggins, the overcount penalty and the clock).

:class:`_Show` is the part of :class:`~spoken_cribbage.engine.game.Game` that does it; the
points themselves come from :mod:`~spoken_cribbage.engine.scoring`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spoken_cribbage.engine.actions import Claim, Muggins, TimeUp
from spoken_cribbage.engine.cards import Card, sort_hand
from spoken_cribbage.engine.events import (
    Claimed,
    CountDue,
    CountTimedOut,
    DealEnded,
    Event,
    HandShown,
    MugginsCalled,
    ScoreReason,
)
from spoken_cribbage.engine.phase import DEAL_OVER, SHOW, Phase
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.engine.scoring import ScoreItem, _score_hand

__all__: list[str] = []


class _Show:
    """The show (a part of Game)."""

    if TYPE_CHECKING:  # the game's state and helpers this part uses (see Game)
        rules: Rules
        players: int
        phase: Phase
        dealer: int
        deal_number: int
        scores: list[int]
        kept: list[tuple[Card, ...]]
        crib: list[Card]
        starter: Card | None
        to_act: int | None
        showing: tuple[int, bool] | None
        claims: list[tuple[int, int, int, bool]]
        _show_due: list[tuple[int, bool]]
        _chances: list[_Chance]

        def _emit(self, event: Event) -> None: ...
        def _score(
            self,
            seat: int,
            points: int,
            reason: ScoreReason,
            items: Sequence[ScoreItem] = (),
            cards: Sequence[Card] = (),
        ) -> None: ...
        def side_of(self, seat: int) -> int: ...
        def seats_from(self, seat: int) -> list[int]: ...
        def opponent_of(self, seat: int) -> int: ...

    def showing_cards(self) -> tuple[Card, ...]:
        """Manual counting: the hand (or crib) due to be counted now; () when none is."""
        if self.showing is None:
            return ()
        seat, crib = self.showing
        return tuple(sort_hand(self.crib)) if crib else tuple(self.kept[seat])

    def _show(self) -> None:
        starter = self.starter
        assert starter is not None
        if self.rules.manual:
            self._show_due = [(s, False) for s in self.seats_from(self.dealer)]
            self._show_due.append((self.dealer, True))
            self.phase = SHOW
            self._next_count()
            return
        for seat in self.seats_from(self.dealer):
            res = _score_hand(tuple(self.kept[seat]), starter, False)
            self._emit(HandShown(seat, self.side_of(seat), False, self.kept[seat], starter, res.total, res.items))
            self._score(seat, res.total, ScoreReason.HAND, res.items, self.kept[seat])
        crib = tuple(sort_hand(self.crib))
        res = _score_hand(crib, starter, True)
        self._emit(HandShown(self.dealer, self.side_of(self.dealer), True, crib, starter, res.total, res.items))
        self._score(self.dealer, res.total, ScoreReason.CRIB, res.items, crib)
        self.phase = DEAL_OVER
        self.to_act = None
        self._emit(DealEnded(self.deal_number, (self.dealer + 1) % self.players, tuple(self.scores)))

    # ------------------------------------------------------------------ manual counting

    def _next_count(self) -> None:
        """Lay out the next hand to count, or end the deal when every count is in."""
        if not self._show_due:
            self.showing = None
            self.phase = DEAL_OVER
            self.to_act = None
            self._emit(DealEnded(self.deal_number, (self.dealer + 1) % self.players, tuple(self.scores)))
            return
        seat, crib = self.showing = self._show_due.pop(0)
        self.to_act = seat
        assert self.starter is not None
        self._emit(CountDue(seat, self.side_of(seat), crib, self.showing_cards(), self.starter))

    def _pass_chances(self, side: int) -> None:
        """``side`` acted: the muggins chances it could have called are gone."""
        for c in self._chances:
            c.sides.discard(side)
        self._chances = [c for c in self._chances if c.sides]

    def _do_claim(self, a: Claim) -> None:
        assert self.showing is not None and self.starter is not None
        seat, crib = self.showing
        cards = self.showing_cards()
        res = _score_hand(cards, self.starter, crib)
        side = self.side_of(seat)
        self._pass_chances(side)
        self.claims.append((seat, a.points, res.total, False))
        self._emit(Claimed(seat, side, crib, cards, self.starter, a.points, res.total, res.items))
        self._emit(HandShown(seat, side, crib, cards, self.starter, res.total, res.items))
        got = min(a.points, res.total)
        self._score(
            seat, got, ScoreReason.CRIB if crib else ScoreReason.HAND, res.items if got == res.total else (), cards
        )
        if a.points > res.total and self.rules.overcount_penalty:
            self._score(self.opponent_of(seat), a.points - res.total, ScoreReason.OVERCOUNT, (), cards)
        elif a.points < res.total and self.rules.muggins:
            others = {self.side_of(s) for s in range(self.players)} - {side}
            self._chances.append(
                _Chance(seat, crib, res.total - a.points, res.total, res.items, cards, others, len(self.claims) - 1)
            )
        self._next_count()

    def _do_muggins(self, a: Muggins) -> None:
        side = self.side_of(a.seat)
        taken = [c for c in self._chances if side in c.sides]
        self._chances = [c for c in self._chances if side not in c.sides]
        for c in taken:
            self.claims[c.claim] = self.claims[c.claim][:3] + (True,)
            self._emit(MugginsCalled(a.seat, side, c.seat, c.is_crib, c.missed, c.total, c.items, c.cards))
            self._score(a.seat, c.missed, ScoreReason.MUGGINS, c.items, c.cards)

    def _do_time_up(self, a: TimeUp) -> None:
        assert self.showing is not None and self.starter is not None
        seat, crib = self.showing
        cards = self.showing_cards()
        res = _score_hand(cards, self.starter, crib)
        side = self.side_of(seat)
        self._pass_chances(side)
        to, half = self.opponent_of(seat), res.total // 2
        self._emit(CountTimedOut(seat, side, crib, cards, self.starter, res.total, res.items, to, half))
        self._emit(HandShown(seat, side, crib, cards, self.starter, res.total, res.items))
        self._score(to, half, ScoreReason.TIME, (), cards)
        self._next_count()


@dataclass
class _Chance:
    """A muggins chance: ``seat`` missed ``missed`` points counting a hand (or the crib) worth
    ``total``; ``sides`` may still call it (each loses it by acting otherwise)."""

    seat: int
    is_crib: bool
    missed: int
    total: int
    items: tuple[ScoreItem, ...]
    cards: tuple[Card, ...]
    sides: set[int]
    claim: int  # its index in Game.claims

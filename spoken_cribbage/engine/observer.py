"""The observer: what one seat may know (OpenSpiel's Observer).

An :class:`Observation` holds nothing of the deck or the other seats' hands; the computer
players and the seat's answers are given only that. :class:`_Observer` is the part of
:class:`~spoken_cribbage.engine.game.Game` that builds it, and a seat's view of the events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from spoken_cribbage.engine.actions import Action, Go, Play
from spoken_cribbage.engine.cards import Card, _check_int
from spoken_cribbage.engine.events import _PRIVATE, Event
from spoken_cribbage.engine.phase import DISCARD, PLAY, SHOW, Phase
from spoken_cribbage.engine.rules import Rules

__all__ = ["Observation"]


@dataclass(frozen=True)
class Observation:
    """What one seated player knows: nothing about the deck or the other hands.

    An output, not an input: only :meth:`Game.observation` makes it and no engine function
    takes one from a caller (:meth:`Game.apply` takes actions), so its fields are not checked
    when one is made. (The computer player reads one; it is given by the game.)"""

    seat: int
    players: int
    side: int
    phase: str
    deal: int
    dealer: int
    target: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]  # cards held now (as dealt, then the unplayed ones)
    kept: tuple[Card, ...]  # the hand kept for the show (after the discard; at once
    # for a dealer who lays nothing away)
    discards: tuple[Card, ...]  # own cards laid in the crib
    starter: Card | None
    played: tuple[tuple[int, Card], ...]  # every card played this deal, in order, with its seat
    series: tuple[Card, ...]  # cards since the last reset
    count: int
    gone: tuple[int, ...]  # seats that said go in this series
    cards_left: tuple[int, ...]  # how many cards each seat still holds in the play
    legal: tuple[Action, ...]
    history: tuple[Play | Go, ...] = ()
    """The public story of this deal's play, in order: every card played and every go said."""
    rules: Rules | None = None
    to_act: int | None = None  # whose turn it is in the play (None outside it)
    waiting: tuple[int, ...] = ()  # seats that still have to lay away for the crib
    showing: tuple[Card, ...] = ()  # manual counting: the hand (or crib) being counted now
    showing_crib: bool = False  # ... and whether it is the crib
    back_pegs: tuple[int, ...] = ()  # by side: the score before its last points (the pegboard)

    @property
    def playable(self) -> tuple[Card, ...]:
        """The cards this seat may play now (empty when it is not its turn to play)."""
        return tuple(a.card for a in self.legal if isinstance(a, Play))

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.seat

    @property
    def my_score(self) -> int:
        return self.scores[self.side]


class _Observer:
    """One seat's view of the game (a part of Game)."""

    if TYPE_CHECKING:  # the game's state and helpers this part reads (see Game)
        rules: Rules
        players: int
        phase: Phase
        deal_number: int
        dealer: int
        target: int
        scores: list[int]
        back_pegs: list[int]
        hands: list[list[Card]]
        kept: list[tuple[Card, ...]]
        discards: list[tuple[Card, ...]]
        starter: Card | None
        played: list[tuple[int, Card]]
        series: list[tuple[int, Card]]
        gone: set[int]
        history: list[Play | Go]
        to_act: int | None
        showing: tuple[int, bool] | None
        events: list[Event]

        @property
        def count(self) -> int: ...
        def _seat(self, seat: object, function: str) -> int: ...
        def side_of(self, seat: int) -> int: ...
        def legal_actions(self, seat: int | None = None) -> list[Action]: ...
        def pending_discards(self) -> tuple[int, ...]: ...
        def showing_cards(self) -> tuple[Card, ...]: ...

    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows now (see :class:`Observation`)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat, "Game.observation")
        return Observation(
            seat=seat,
            players=self.players,
            side=self.side_of(seat),
            phase=self.phase,
            deal=self.deal_number,
            dealer=self.dealer,
            target=self.target,
            scores=tuple(self.scores),
            hand=tuple(self.hands[seat]) if self.hands else (),
            kept=tuple(self.kept[seat]) if self.kept else (),
            discards=tuple(self.discards[seat]) if self.discards else (),
            starter=self.starter,
            played=tuple(self.played),
            series=tuple(c for _, c in self.series),
            count=self.count,
            gone=tuple(sorted(self.gone)),
            cards_left=tuple(len(h) for h in self.hands) if self.hands else (),
            legal=tuple(self.legal_actions(seat)),
            history=tuple(self.history),
            rules=self.rules,
            to_act=self.to_act if self.phase in (PLAY, SHOW) else None,
            waiting=tuple(self.pending_discards()) if self.phase == DISCARD else (),
            showing=self.showing_cards(),
            showing_crib=self.showing is not None and self.showing[1],
            back_pegs=tuple(self.back_pegs),
        )

    def events_for(self, seat: int, start: int = 0) -> list[Event]:
        """The events from index ``start`` on, as ``seat`` sees them: the same stream, with every
        other seat's hidden cards taken out (their hands in :class:`Dealt`, their discards,
        the crib card from the deck)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat, "Game.events_for")
        if type(start) is not int or not 0 <= start <= len(self.events):
            start = _check_int(start, "Game.events_for", "start", 0, len(self.events))
        return [
            e.seen_by(seat) if type(e) in _PRIVATE else e  # type: ignore[attr-defined]
            for e in self.events[start:]
        ]

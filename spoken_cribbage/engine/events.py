"""The events: everything the game reports, as frozen dataclasses, and why points were pegged
or a dealer chosen (:class:`ScoreReason`, :class:`DealerReason`).

Events are the single source of what happened: the words, speech, logs, saves' review and the
statistics are all made from them (:mod:`~spoken_cribbage.engine.events_visitor` walks them).
The events that carry a seat's hidden cards have ``seen_by(seat)``: that seat's view of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from spoken_cribbage.engine.cards import Card, _check_int
from spoken_cribbage.engine.rules import PLAYERS, Named, Rules
from spoken_cribbage.engine.scoring import ScoreItem

__all__ = [
    "ScoreReason",
    "DealerReason",
    "Event",
    "GameStarted",
    "CutForDeal",
    "DealerChosen",
    "Dealt",
    "Discarded",
    "CribCardFromDeck",
    "StarterTurned",
    "Scored",
    "Played",
    "SaidGo",
    "CountReset",
    "PlayEnded",
    "HandShown",
    "CountDue",
    "Claimed",
    "CountTimedOut",
    "MugginsCalled",
    "DealEnded",
    "GameOver",
]

_MOST_SEATS = max(PLAYERS)


class ScoreReason(Named):
    """Why points were pegged (``Scored.reason``)."""

    HEELS = "heels"
    PLAY = "play"
    GO = "go"
    LAST = "last"
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"  # manual counting: points another seat missed in its count
    OVERCOUNT = "overcount"  # manual counting: points another seat claimed too many
    TIME = "time"  # manual counting: half the count of a seat whose time ran out


class DealerReason(Named):
    """How the dealer was chosen (``DealerChosen.reason``)."""

    LOWEST_CUT = "lowest cut"
    GIVEN = "given"
    ALTERNATE = "alternate"


@dataclass(frozen=True)
class Event:
    """Base class of everything the game reports.

    Events are outputs, not inputs: the engine alone makes them (:meth:`Game.events_for`,
    ``Game.events``) and no engine function takes one from a caller, except
    :meth:`EventVisitor.visit`, which refuses anything that is not an event. So, unlike the
    actions, their fields are not checked when one is made."""


@dataclass(frozen=True)
class GameStarted(Event):
    players: int
    target: int
    teams: int | None = None  # as the game's Rules were given (None: the usual for the size)

    @property
    def rules(self) -> Rules:
        return Rules(self.players, self.target, teams=self.teams)


@dataclass(frozen=True)
class CutForDeal(Event):
    """One round of cutting for the first deal; ``cards[seat]`` is each seat's cut."""

    cards: tuple[Card, ...]
    tie: bool


@dataclass(frozen=True)
class DealerChosen(Event):
    dealer: int
    reason: DealerReason  # lowest cut, given, alternate


@dataclass(frozen=True)
class Dealt(Event):
    """The cards are dealt. ``hands`` by seat, sorted. Each hand is private to its seat: in a
    seat's view (:meth:`Game.events_for`) the other seats' hands are empty tuples."""

    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]

    def seen_by(self, seat: int) -> Dealt:
        """This event as ``seat`` sees it: the other seats' hands empty."""
        if type(seat) is not int or not 0 <= seat < _MOST_SEATS:
            _check_int(seat, "Dealt.seen_by", "seat", 0, _MOST_SEATS - 1)
        return Dealt(self.deal, self.dealer, tuple(h if s == seat else () for s, h in enumerate(self.hands)))


@dataclass(frozen=True)
class Discarded(Event):
    """``seat`` laid ``number`` cards away. ``cards`` is private to the seat: empty in the
    other seats' views."""

    seat: int
    cards: tuple[Card, ...]
    crib_owner: int
    number: int = -1  # how many cards; len(cards) when not given

    def __post_init__(self) -> None:
        if self.number < 0:
            object.__setattr__(self, "number", len(self.cards))

    def seen_by(self, seat: int) -> Discarded:
        """This event as ``seat`` sees it: the cards empty unless they are its own."""
        if type(seat) is not int or not 0 <= seat < _MOST_SEATS:
            _check_int(seat, "Discarded.seen_by", "seat", 0, _MOST_SEATS - 1)
        return self if seat == self.seat else Discarded(self.seat, (), self.crib_owner, self.number)


@dataclass(frozen=True)
class CribCardFromDeck(Event):
    """Three players: one card goes from the deck to the crib, face down: ``card`` is None in
    every seat's view (the crib is seen when it is shown)."""

    card: Card | None

    def seen_by(self, seat: int) -> CribCardFromDeck:
        """This event as any seat sees it: the card face down (None)."""
        _check_int(seat, "CribCardFromDeck.seen_by", "seat", 0, _MOST_SEATS - 1)
        return CribCardFromDeck(None)


@dataclass(frozen=True)
class StarterTurned(Event):
    card: Card
    dealer: int
    cutter: int


@dataclass(frozen=True)
class Scored(Event):
    """Points pegged, for a :class:`ScoreReason`: heels, play, go, last, hand, crib."""

    seat: int
    side: int
    points: int
    reason: ScoreReason
    items: tuple[ScoreItem, ...]
    cards: tuple[Card, ...]
    back_peg: int
    front_peg: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Played(Event):
    seat: int
    card: Card
    count: int
    series: tuple[Card, ...]
    hand_left: int


@dataclass(frozen=True)
class SaidGo(Event):
    seat: int
    count: int


@dataclass(frozen=True)
class CountReset(Event):
    count_was: int
    next_seat: int | None  # who leads the next series; None when the play is over


@dataclass(frozen=True)
class PlayEnded(Event):
    pass


@dataclass(frozen=True)
class HandShown(Event):
    """A hand or the crib counted in the show (``total`` may be 0: 'nineteen')."""

    seat: int
    side: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card
    total: int
    items: tuple[ScoreItem, ...]


@dataclass(frozen=True)
class CountDue(Event):
    """Manual counting: a hand (or the crib) is laid out for ``seat`` to count (a Claim)."""

    seat: int
    side: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card


@dataclass(frozen=True)
class Claimed(Event):
    """Manual counting: ``seat`` said its count is ``claimed``; ``total`` and ``items`` are the
    right count. A :class:`HandShown` of the same hand follows, then what is pegged."""

    seat: int
    side: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card
    claimed: int
    total: int
    items: tuple[ScoreItem, ...]


@dataclass(frozen=True)
class CountTimedOut(Event):
    """Manual counting: ``seat``'s time to count ran out. It scores nothing for the hand;
    ``points`` (half of ``total``, rounded down) go to ``to_seat``."""

    seat: int
    side: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card
    total: int
    items: tuple[ScoreItem, ...]
    to_seat: int
    points: int


@dataclass(frozen=True)
class MugginsCalled(Event):
    """Muggins: ``seat`` takes the ``points`` that ``from_seat`` missed in its count of a hand
    (or the crib) worth ``total`` (``items``, ``cards``). A :class:`Scored` follows."""

    seat: int
    side: int
    from_seat: int
    is_crib: bool
    points: int
    total: int
    items: tuple[ScoreItem, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DealEnded(Event):
    deal: int
    next_dealer: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Event):
    winner: int  # winning side
    scores: tuple[int, ...]
    skunks: tuple[int, ...]  # per side: 0 none, 1 skunk, 2 double skunk (for losers)


_PRIVATE = (Dealt, Discarded, CribCardFromDeck)
"""Events that carry a seat's hidden cards; each has ``seen_by(seat)``."""

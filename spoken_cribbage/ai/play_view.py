"""The play's view for the pegging evaluator: the points a card pegs (:func:`_peg_points`),
what the evaluator knows of the position (:class:`_PlayView`) and the cards an opponent may
still hold (:func:`_unseen_pool`, :func:`_unseen_cards`). Used by
:mod:`spoken_cribbage.ai.pegging` and :mod:`spoken_cribbage.ai.observe`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from spoken_cribbage.ai.common import _val
from spoken_cribbage.engine.cards import DECK, Card


def _peg_points(series: Sequence[int], count: int, rank: int) -> int:
    """Points for playing ``rank`` onto ``series`` (ranks since the reset) at ``count``."""
    c = count + _val(rank)
    pts = 2 if c == 15 or c == 31 else 0
    n = 0
    i = len(series) - 1
    while i >= 0 and series[i] == rank:
        n += 1
        i -= 1
    if n:
        pts += (0, 2, 6, 12)[n]
    length = len(series) + 1
    if length >= 3:
        seq = list(series[-(length - 1) :]) + [rank] if series else [rank]
        for k in range(min(length, 7), 2, -1):
            w = seq[-k:]
            lo, hi = min(w), max(w)
            if hi - lo == k - 1 and len(set(w)) == k:
                pts += k
                break
    return pts


@dataclass
class _PlayView:
    """What the pegging evaluator needs; built from an Observation or the public arguments."""

    hand: list[Card]  # cards I still hold
    series: list[int]  # ranks since the last reset
    count: int
    pool: dict[int, int]  # rank -> number of cards the opponent may hold
    opp_cards: int  # cards the next opponent still holds
    my_score: int
    their_score: int
    target: int
    is_dealer: bool
    my_show: int | None  # my hand's show points if the starter is known
    starter: Card | None = None
    discards: tuple[Card, ...] = ()  # my cards in the crib
    opp_played: tuple[Card, ...] = ()  # the cards the opponent has played this deal
    opp_unseen: tuple[Card, ...] = ()  # the cards the opponent may still hold
    # With more than two players "the opponent" above is the next seat to play in the series
    # (its pool, its cards); these say how its points count and who plays after it.
    players: int = 2
    next_weight: float = -1.0  # the next seat's points for me: +1 a partner, else rival_weight
    heads_up: bool = True  # after the next seat it is my turn again (always with two)
    alone: bool = False  # no other seat can play on in this series: I play on alone
    next_need: int = 121  # the points the next seat's side needs to win


def _unseen_pool(known: Iterable[Card], opp_no_value_upto: int) -> dict[int, int]:
    """Ranks and counts of cards the opponent could hold: not seen by me, and (after a go)
    not of a value they could have played then."""
    seen = set(known)
    pool: dict[int, int] = {}
    for c in DECK:
        if c not in seen and _val(c.rank) > opp_no_value_upto:
            pool[c.rank] = pool.get(c.rank, 0) + 1
    return pool


def _unseen_cards(known: Iterable[Card], opp_no_value_upto: int) -> tuple[Card, ...]:
    """The cards of :func:`_unseen_pool`, one by one."""
    seen = set(known)
    return tuple(c for c in DECK if c not in seen and _val(c.rank) > opp_no_value_upto)

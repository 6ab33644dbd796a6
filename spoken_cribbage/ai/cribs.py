"""What a crib is worth: the two-card crib table (``data/crib_table.json``, built by exact
enumeration), the exact one-card crib, and how a crib or points of another side weigh against
a seat's own (:func:`crib_weight`).

Part of :mod:`spoken_cribbage.ai.players` (which re-exports the public names).
"""

from __future__ import annotations

import json
from functools import lru_cache
from math import comb
from pathlib import Path

from spoken_cribbage.engine import scoring
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.engine.rules import Rules

_DATA = Path(__file__).with_name("data") / "crib_table.json"


@lru_cache(maxsize=1)
def _crib_tables() -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float | None, ...], ...]]:
    raw = json.loads(_DATA.read_text())
    return (tuple(tuple(r) for r in raw["offsuit"]), tuple(tuple(r) for r in raw["suited"]))


def expected_crib(a: Card, b: Card) -> float:
    """Expected points of a crib holding ``a`` and ``b`` (other two crib cards and the starter
    uniformly random among the cards left), from the enumerated table."""
    off, suited = _crib_tables()
    if a.suit == b.suit and a.rank != b.rank:
        v = suited[a.rank - 1][b.rank - 1]
        assert v is not None
        return v
    return off[a.rank - 1][b.rank - 1]


@lru_cache(maxsize=2)
def _one_card_cribs(size: int) -> tuple[float, ...]:
    """By rank (index rank - 1): the expected points of a crib of ``size`` cards (4, or 5 with
    six players) that holds one card of that rank, the other ``size - 1`` crib cards and the
    starter uniformly random among the other 51 cards. Exact, built in about 0.05 s (4 cards)
    and 0.3 s (5 cards, after the engine's six-rank table):

    * fifteens, pairs and runs depend only on the ranks, and they do not care which of the
      other cards is the starter: every multiset of ``size`` ranks for the other cards is
      scored once from the rank tables and weighted by the number of card sets that have it
      (the product of C(cards of the rank left, how many), three left of the card's own rank);
    * flush: only all ``size + 1`` cards of the card's suit count (``size + 1`` points), the
      other ``size`` cards all from the 12 of that suit: C(12, size) / C(51, size);
    * nobs: the starter is any of the 51 cards alike; the jack of its suit is in the crib if it
      is this card, else (if it is not the starter itself) with chance (size - 1) / 50.
    """
    from itertools import combinations_with_replacement

    table5 = scoring._RANK_TABLE or scoring._rank_table()
    six = scoring._six_table() if size == 5 else None
    weight6 = scoring._SIX_WEIGHT
    total = comb(51, size)
    out = []
    for rank in range(1, 14):
        rank_pts = 0.0
        for others in combinations_with_replacement(range(1, 14), size):
            ways = 1
            for r in set(others):
                ways *= comb(3 if r == rank else 4, others.count(r))
            if not ways:
                continue
            if six is None:
                a, b, c, d = others
                key = ((((rank - 1) * 13 + a - 1) * 13 + b - 1) * 13 + c - 1) * 13 + d - 1
                pts = table5[key]
            else:
                pts = six[weight6[rank] + sum(weight6[r] for r in others)]
            rank_pts += ways * pts
        flush = (size + 1) * comb(12, size) / total
        nobs = (12 + 36 * (size - 1) / 50) / 51 if rank == 11 else 47 * (size - 1) / 50 / 51
        out.append(rank_pts / total + flush + nobs)
    return tuple(out)


def one_card_crib(card: Card, size: int = 4) -> float:
    """Expected points of a crib of ``size`` cards (4, or 5 with six players) holding ``card``,
    the rest of the crib and the starter uniformly random among the other 51 cards (exact;
    see :func:`_one_card_cribs`)."""
    return _one_card_cribs(size)[card.rank - 1]


#: How a crib (or pegging points) of another side weighs against the seat's own points.
RIVAL_WEIGHT_NOTE = (
    "points of the seat's own side count +1; points of one rival side count -1/(sides - 1): "
    "with two sides -1, with three -1/2, with four -1/3... To first order a seat's chance to "
    "win does not change when every side scores the same, so one point to each of the "
    "sides - 1 rivals together costs what one point of its own gains."
)


def rival_weight(sides: int) -> float:
    """The weight of one rival side's points against the seat's own (see
    :data:`RIVAL_WEIGHT_NOTE`): -1 with two sides, -1/(sides - 1) with more."""
    return -1.0 / max(1, sides - 1)


def crib_weight(rules: Rules, seat: int, dealer: int) -> float:
    """How the crib counts for ``seat``: +1 when it is its side's (its own or its partner's),
    :func:`rival_weight` when it belongs to another side."""
    if rules.side_of(seat) == rules.side_of(dealer):
        return 1.0
    return rival_weight(rules.sides)


def warm_up(players: int = 2) -> None:
    """Build the scoring and crib tables now (about half a second, once per process), so that no
    later decision waits. :class:`ComputerPlayer` calls this when it is created; with more
    than two players the one-card crib tables (and with six the five-card table) too."""
    scoring._rank_table()
    _crib_tables()
    if players > 2:
        _one_card_cribs(4)
    if players == 6:
        scoring._six_table()
        _one_card_cribs(5)

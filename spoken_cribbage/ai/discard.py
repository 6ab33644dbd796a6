"""The discard: every way to lay cards away valued by the exact expected hand and the expected
crib (:func:`rank_discards`), and each level's choice among them (:func:`choose_discard`),
with the expert's fitted pegging correction and its end-game chances.

Part of :mod:`spoken_cribbage.ai.players` (which re-exports the public names).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from spoken_cribbage.ai import endgame
from spoken_cribbage.ai.common import _as_cards, _check_level, _val
from spoken_cribbage.ai.cribs import _one_card_cribs, expected_crib, one_card_crib
from spoken_cribbage.engine import scoring
from spoken_cribbage.engine.cards import DECK, Card
from spoken_cribbage.engine.rules import Rules


@dataclass(frozen=True)
class DiscardOption:
    """One way to split the dealt hand: ``keep`` for the show, ``discard`` to the crib."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    expected_hand: float
    expected_crib: float
    net: float  # expected hand plus the crib when dealing, minus it when not
    crib_weight: float = 1.0  # how the crib counts in ``net``: +1 the own side's, -1 an
    #                            opponent's with two sides, -1/(sides - 1) with more

    def to_json(self) -> dict[str, Any]:
        return {
            "keep": [c.short for c in self.keep],
            "discard": [c.short for c in self.discard],
            "expected_hand": round(self.expected_hand, 2),
            "expected_crib": round(self.expected_crib, 2),
            "net": round(self.net, 2),
        }


def _hand_distribution(keep: Sequence[Card], starters: Sequence[Card]) -> list[int]:
    """Show points of ``keep`` (4 cards, or 5 with six players) with each starter, in order."""
    if len(keep) == 5:
        return _five_distribution(keep, starters)
    table = scoring._RANK_TABLE or scoring._rank_table()
    a, b, c, d = keep
    base = ((((a.rank - 1) * 13 + b.rank - 1) * 13 + c.rank - 1) * 13 + d.rank - 1) * 13 - 1
    flush = a.suit if a.suit == b.suit == c.suit == d.suit else -1
    jacks = {x.suit for x in keep if x.rank == 11}
    out = []
    for s in starters:
        p = table[base + s.rank]
        if flush >= 0:
            p += 5 if s.suit == flush else 4
        if s.suit in jacks:
            p += 1
        out.append(p)
    return out


def _five_distribution(keep: Sequence[Card], starters: Sequence[Card]) -> list[int]:
    """Show points of a five-card hand (six players) with each starter, in order."""
    table = scoring._SIX_TABLE or scoring._six_table()
    w = scoring._SIX_WEIGHT
    base = sum(w[c.rank] for c in keep)
    suit = keep[0].suit
    flush = suit if all(c.suit == suit for c in keep) else -1
    jacks = {x.suit for x in keep if x.rank == 11}
    out = []
    for s in starters:
        p = table[base + w[s.rank]]
        if flush >= 0:
            p += 6 if s.suit == flush else 5
        if s.suit in jacks:
            p += 1
        out.append(p)
    return out


def _table_shape(n_cards: int, players: int | None, is_dealer: bool) -> tuple[int, int, int]:
    """(players, cards laid away, crib size) for a dealt hand of ``n_cards``; ``players`` None
    reads the table from the hand: 6 cards two players, 5 cards three or four."""
    if players is None:
        if n_cards not in (5, 6):
            raise ValueError(f"a dealt hand has 6 cards (5 with three to five players), not {n_cards}")
        players = 2 if n_cards == 6 else 3
    rules = Rules(players)
    if n_cards != rules.dealt_to(is_dealer):
        raise ValueError(
            f"with {players} players the {'dealer' if is_dealer else 'non-dealer'} "
            f"is dealt {rules.dealt_to(is_dealer)} cards, not {n_cards}"
        )
    return players, rules.discards_for(is_dealer), rules.crib_size


def rank_discards(
    hand: Sequence[Card | str], *, is_dealer: bool, players: int | None = None, crib_weight: float | None = None
) -> list[DiscardOption]:
    """Every way to lay away 2 of 6 cards (two players), or 1 of 5 (three to five players) or
    1 of 6 (six players), best net first.

    ``players`` is the table's size (None: 6 cards are two players, 5 cards three or four).
    ``expected_hand`` is exact over every starter the player cannot see; ``expected_crib`` is the
    expected crib holding the laid-away cards: for two cards the enumerated table, for one the
    exact one-card table for a crib of the right size (:func:`one_card_crib`). ``net`` is the
    hand plus ``crib_weight`` times the crib: by default +1 when dealing and -1 when not (two
    players); at a larger table :func:`crib_weight` gives it for the crib's owner. With five
    or six players the dealer lays nothing away: the one option keeps every card, its crib the
    mean of a crib of that size.
    """
    cards = _as_cards(hand)
    if len(set(cards)) != len(cards):
        raise ValueError("a card is given twice")
    players, n_out, crib_size = _table_shape(len(cards), players, is_dealer)
    weight = (1.0 if is_dealer else -1.0) if crib_weight is None else crib_weight
    seen = set(cards)
    starters = [c for c in DECK if c not in seen]
    options = []
    for out in combinations(cards, n_out):
        keep = tuple(c for c in cards if c not in out)
        dist = _hand_distribution(keep, starters)
        eh = sum(dist) / len(dist)
        if n_out == 2:
            ec = expected_crib(out[0], out[1])
        elif n_out == 1:
            ec = one_card_crib(out[0], crib_size)
        else:
            ec = sum(_one_card_cribs(crib_size)) / 13
        net = eh + weight * ec
        options.append(DiscardOption(keep, tuple(out), eh, ec, net, weight))
    options.sort(key=lambda o: -o.net)
    return options


# Expected pegging correction for a kept hand, in points of pegging (own minus opponent's) per
# deal. Fitted by least squares on 38,370 deals of expert self-play
# (``python bench/bench_ai.py --fit-pegging 40``, see docs/README-ai.md). Features: pairs in
# the hand, low cards (value <= 4, up to 2), fives, ten-cards, two-card fifteens, adjacent
# ranks, and the sum of values / 10.
_PEG_COEF = {
    False: (0.303, 0.201, -0.203, 0.038, 0.236, 0.103, -0.661),  # pone
    True: (-0.023, 0.126, 0.274, -0.340, -0.032, 0.011, -0.157),  # dealer
}


def _pegging_features(keep: Sequence[Card]) -> tuple[float, ...]:
    r = sorted(c.rank for c in keep)
    v = [_val(x) for x in r]
    pairs = fif = adj = 0
    for i, j in combinations(range(4), 2):
        pairs += r[i] == r[j]
        fif += v[i] + v[j] == 15
        adj += abs(r[i] - r[j]) == 1
    low = min(2, sum(1 for x in v if x <= 4))
    return (pairs, low, r.count(5), v.count(10), fif, adj, sum(v) / 10)


def _pegging_adjust(keep: Sequence[Card], is_dealer: bool) -> float:
    """The expected pegging advantage of keeping ``keep``, relative to an average hand."""
    return sum(c * f for c, f in zip(_PEG_COEF[is_dealer], _pegging_features(keep), strict=True))


def _choose_discard_endgame(
    cards: list[Card], is_dealer: bool, my_score: int, their_score: int, target: int
) -> tuple[Card, ...]:
    """The discard with the best chance to win the game (``endgame.discard_chances``); near
    ties (decided positions) go to the best expected points."""
    options = rank_discards(cards, is_dealer=is_dealer)
    seen = set(cards)
    starters = [c for c in DECK if c not in seen]
    hands = [_hand_distribution(o.keep, starters) for o in options]
    chances = endgame.discard_chances(
        [o.discard for o in options],
        hands,
        starters,
        [_pegging_features(o.keep) for o in options],
        is_dealer=is_dealer,
        me=my_score,
        opp=their_score,
        target=target,
    )
    best = max(
        range(len(options)),
        key=lambda i: (round(float(chances[i]), 4), options[i].net + _pegging_adjust(options[i].keep, is_dealer)),
    )
    return options[best].discard


def _choose_discard_expert(
    cards: list[Card],
    is_dealer: bool,
    my_score: int,
    their_score: int,
    target: int,
    players: int | None = None,
    weight: float | None = None,
) -> tuple[Card, ...]:
    options = rank_discards(cards, is_dealer=is_dealer, players=players, crib_weight=weight)
    need = target - my_score
    seen = set(cards)
    starters = [c for c in DECK if c not in seen]
    two = players in (None, 2) and len(cards) == 6
    peg_est = (3.5 if is_dealer else 2.0) if two else 2.0
    best_key = None
    best: DiscardOption | None = None
    race = need <= 36
    for o in options:
        # the pegging correction was fitted on two-player play: only there
        value = o.net + (_pegging_adjust(o.keep, is_dealer) if two else 0.0)
        key: tuple[float, ...]
        if race:
            # Near the end the chance of reaching the target matters, not the average.
            # The pone counts first, so its hand alone (with pegging) must get there; the
            # dealer has the crib to come as well.
            extra = peg_est + (o.expected_crib if is_dealer else 0.0)
            dist = _hand_distribution(o.keep, starters)
            p = sum(1 for x in dist if x + extra >= need) / len(dist)
            key = (round(p, 3), value)
        else:
            key = (value,)
        if best_key is None or key > best_key:
            best_key, best = key, o
    assert best is not None
    return best.discard


def _choose_discard_easy(
    cards: list[Card], is_dealer: bool, rng: random.Random, players: int | None = None, weight: float | None = None
) -> tuple[Card, ...]:
    options = rank_discards(cards, is_dealer=is_dealer, players=players, crib_weight=weight)
    crib_weight = 0.5 if rng.random() < 0.5 else 0.0
    sign = (1.0 if is_dealer else -1.0) if weight is None else weight
    scored = []
    for o in options:
        ec = sign * o.expected_crib
        scored.append((o.expected_hand + crib_weight * ec + rng.gauss(0.0, 1.2), o))
    return max(scored, key=lambda t: t[0])[1].discard


def choose_discard(
    hand: Sequence[Card | str],
    *,
    is_dealer: bool,
    my_score: int = 0,
    their_score: int = 0,
    target: int = 121,
    level: str = "expert",
    rng: random.Random | None = None,
    players: int | None = None,
    crib_weight: float | None = None,
) -> tuple[Card, ...]:
    """The cards to lay away in the crib: 2 of 6 with two players, 1 of 5 with three to five,
    1 of 6 with six; none for the dealer of five or six.

    ``players`` is the table's size (None: read from the hand, 6 cards two players, 5 cards
    three or four); ``crib_weight`` how the crib counts for this seat (None: +1 dealing, -1 not;
    see :func:`crib_weight`). ``their_score`` is the best rival's. ``rng`` drives the ``easy``
    and ``random`` levels (a fixed seed when omitted).
    """
    cards = _as_cards(hand)
    _check_level(level)
    rng = rng if rng is not None else random.Random(0)
    n, n_out, _ = _table_shape(len(cards), players, is_dealer)
    if n_out == 0:
        return ()
    if level == "random":
        return tuple(rng.sample(cards, n_out))
    if level == "greedy":
        options = rank_discards(cards, is_dealer=is_dealer, players=players, crib_weight=crib_weight)
        return max(options, key=lambda o: o.expected_hand).discard
    if level == "easy":
        return _choose_discard_easy(cards, is_dealer, rng, players, crib_weight)
    if level == "standard":
        return rank_discards(cards, is_dealer=is_dealer, players=players, crib_weight=crib_weight)[0].discard
    if level == "expert" and n == 2 and len(cards) == 6 and endgame.applies(target, my_score, their_score):
        return _choose_discard_endgame(cards, is_dealer, my_score, their_score, target)
    return _choose_discard_expert(cards, is_dealer, my_score, their_score, target, players, crib_weight)

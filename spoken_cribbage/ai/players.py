"""Computer players: discards and pegging at five levels, behind an observation-only interface.

A computer player sees exactly what a seated person sees: an :class:`~spoken_cribbage.engine.game.Observation`
(its own hand and discards, the starter once cut, every card played with who played it, the count,
the scores, the dealer, the target and the legal actions). :meth:`ComputerPlayer.act` turns one
observation into one action; it never receives the game, the deck or another hand.

Levels:

* ``expert``: discards by the exact expected hand over the 46 starters plus or minus the expected
  crib (from ``data/crib_table.json``, built by exact enumeration), with a small fitted pegging
  correction and, near the end, the chance of reaching the target instead of the average; pegs by weighing the points of each card against
  the opponent's best answer from the unseen cards (three plies: my card, their reply, my counter),
  using what their "go" calls reveal, and shifts between attack and defence near the end.
* ``standard``: the same discard without the end-game and pegging terms; pegs by immediate points
  with the common rules (never leave 5 or 21, lead low, do not lead a five).
* ``easy``: a human-like player: judges discards by its own hand with some noise and only half an
  eye on the crib, usually takes points in the play but sometimes plays carelessly; with manual
  counting it sometimes misses one scoring item in its count (:func:`choose_claim`).
* ``greedy`` (baseline): keeps the four with the best expected hand, ignoring the crib; plays the
  card that scores the most now.
* ``random`` (baseline): random legal actions.
* ``expert-points`` (baseline): the expert without the win-chance table: near the end it
  keeps the hand most likely to reach the target and shifts its pegging weights, but never
  weighs the opponent's chances or the next deal's (the expert before issue 14; the
  win-chance table describes its play).

At tables of three to six (alone or in teams) every level plays too: a seat lays away what
``obs.rules.discards_for`` says (none for a dealer of five or six), the expert values each
discard by its exact hand over the unseen starters plus the one-card crib table
(:func:`one_card_crib`) weighted by whose the crib is (:func:`crib_weight`: +1 its own side's,
-1/(sides - 1) a rival's), and pegs against the next seat to play, partner or opponent
(``_choose_play_multi``). The end game and the pegging correction are two-player only.

>>> from spoken_cribbage.engine.cards import parse_cards
>>> keep_out = choose_discard(parse_cards("5H 5S JD 6C 7C KS"), is_dealer=False)
>>> sorted(c.short for c in keep_out)
['JD', 'KS']
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Iterable, Sequence

from spoken_cribbage.engine.cards import DECK, Card, parse_card, parse_cards
from spoken_cribbage.engine.game import (DEAL_OVER, DISCARD, PLAY, SHOW, Action, Claim, Discard, Go,
                                         Muggins, NextDeal, Observation, Play)
from spoken_cribbage.engine import scoring
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.ai import endgame

__all__ = [
    "LEVELS", "ComputerPlayer", "make_player", "choose_discard", "choose_play", "rank_discards",
    "DiscardOption", "expected_crib", "view_from_observation", "warm_up", "choose_claim",
    "EASY_MISS_CHANCE", "crib_weight", "one_card_crib", "RIVAL_WEIGHT_NOTE",
]

LEVELS = ("easy", "standard", "expert", "greedy", "random", "expert-points")

# ----------------------------------------------------------------------------- crib table

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
        if rank == 11:
            nobs = (12 + 36 * (size - 1) / 50) / 51
        else:
            nobs = 47 * (size - 1) / 50 / 51
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
    "sides - 1 rivals together costs what one point of its own gains.")


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


# ----------------------------------------------------------------------------- helpers

def _val(rank: int) -> int:
    return 10 if rank > 10 else rank


def _as_cards(cards: Iterable[Card | str] | str) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [c if isinstance(c, Card) else parse_card(c) for c in cards]


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
        seq = list(series[-(length - 1):]) + [rank] if series else [rank]
        for k in range(min(length, 7), 2, -1):
            w = seq[-k:]
            lo, hi = min(w), max(w)
            if hi - lo == k - 1 and len(set(w)) == k:
                pts += k
                break
    return pts


# ----------------------------------------------------------------------------- discards

@dataclass(frozen=True)
class DiscardOption:
    """One way to split the dealt hand: ``keep`` for the show, ``discard`` to the crib."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    expected_hand: float
    expected_crib: float
    net: float             # expected hand plus the crib when dealing, minus it when not
    crib_weight: float = 1.0   # how the crib counts in ``net``: +1 the own side's, -1 an
    #                            opponent's with two sides, -1/(sides - 1) with more

    def to_json(self) -> dict:
        return {"keep": [c.short for c in self.keep], "discard": [c.short for c in self.discard],
                "expected_hand": round(self.expected_hand, 2),
                "expected_crib": round(self.expected_crib, 2), "net": round(self.net, 2)}


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
            raise ValueError(f"a dealt hand has 6 cards (5 with three to five players), "
                             f"not {n_cards}")
        players = 2 if n_cards == 6 else 3
    rules = Rules(players)
    if n_cards != rules.dealt_to(is_dealer):
        raise ValueError(f"with {players} players the {'dealer' if is_dealer else 'non-dealer'} "
                         f"is dealt {rules.dealt_to(is_dealer)} cards, not {n_cards}")
    return players, rules.discards_for(is_dealer), rules.crib_size


def rank_discards(hand: Sequence[Card | str], *, is_dealer: bool, players: int | None = None,
                  crib_weight: float | None = None) -> list[DiscardOption]:
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
    False: (0.303, 0.201, -0.203, 0.038, 0.236, 0.103, -0.661),   # pone
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
    return sum(c * f for c, f in zip(_PEG_COEF[is_dealer], _pegging_features(keep)))


def _choose_discard_endgame(cards: list[Card], is_dealer: bool, my_score: int, their_score: int,
                            target: int) -> tuple[Card, ...]:
    """The discard with the best chance to win the game (``endgame.discard_chances``); near
    ties (decided positions) go to the best expected points."""
    options = rank_discards(cards, is_dealer=is_dealer)
    seen = set(cards)
    starters = [c for c in DECK if c not in seen]
    hands = [_hand_distribution(o.keep, starters) for o in options]
    chances = endgame.discard_chances([o.discard for o in options], hands, starters,
                                      [_pegging_features(o.keep) for o in options],
                                      is_dealer=is_dealer, me=my_score, opp=their_score,
                                      target=target)
    best = max(range(len(options)), key=lambda i: (
        round(float(chances[i]), 4), options[i].net + _pegging_adjust(options[i].keep, is_dealer)))
    return options[best].discard


def _choose_discard_expert(cards: list[Card], is_dealer: bool, my_score: int, their_score: int,
                           target: int, players: int | None = None,
                           weight: float | None = None) -> tuple[Card, ...]:
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


def _choose_discard_easy(cards: list[Card], is_dealer: bool, rng: random.Random,
                         players: int | None = None, weight: float | None = None
                         ) -> tuple[Card, ...]:
    options = rank_discards(cards, is_dealer=is_dealer, players=players, crib_weight=weight)
    crib_weight = 0.5 if rng.random() < 0.5 else 0.0
    sign = (1.0 if is_dealer else -1.0) if weight is None else weight
    scored = []
    for o in options:
        ec = sign * o.expected_crib
        scored.append((o.expected_hand + crib_weight * ec + rng.gauss(0.0, 1.2), o))
    return max(scored, key=lambda t: t[0])[1].discard


def choose_discard(hand: Sequence[Card | str], *, is_dealer: bool, my_score: int = 0,
                   their_score: int = 0, target: int = 121, level: str = "expert",
                   rng: random.Random | None = None, players: int | None = None,
                   crib_weight: float | None = None) -> tuple[Card, ...]:
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
        options = rank_discards(cards, is_dealer=is_dealer, players=players,
                                crib_weight=crib_weight)
        return max(options, key=lambda o: o.expected_hand).discard
    if level == "easy":
        return _choose_discard_easy(cards, is_dealer, rng, players, crib_weight)
    if level == "standard":
        return rank_discards(cards, is_dealer=is_dealer, players=players,
                             crib_weight=crib_weight)[0].discard
    if (level == "expert" and n == 2 and len(cards) == 6
            and endgame.applies(target, my_score, their_score)):
        return _choose_discard_endgame(cards, is_dealer, my_score, their_score, target)
    return _choose_discard_expert(cards, is_dealer, my_score, their_score, target, players,
                                  crib_weight)


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


# ----------------------------------------------------------------------------- pegging

@dataclass
class _PlayView:
    """What the pegging evaluator needs; built from an Observation or the public arguments."""

    hand: list[Card]            # cards I still hold
    series: list[int]           # ranks since the last reset
    count: int
    pool: dict[int, int]        # rank -> number of cards the opponent may hold
    opp_cards: int              # cards the next opponent still holds
    my_score: int
    their_score: int
    target: int
    is_dealer: bool
    my_show: int | None         # my hand's show points if the starter is known
    starter: Card | None = None
    discards: tuple[Card, ...] = ()   # my cards in the crib
    opp_played: tuple[Card, ...] = ()  # the cards the opponent has played this deal
    opp_unseen: tuple[Card, ...] = ()  # the cards the opponent may still hold
    # With more than two players "the opponent" above is the next seat to play in the series
    # (its pool, its cards); these say how its points count and who plays after it.
    players: int = 2
    next_weight: float = -1.0   # the next seat's points for me: +1 a partner, else rival_weight
    heads_up: bool = True       # after the next seat it is my turn again (always with two)
    alone: bool = False         # no other seat can play on in this series: I play on alone
    next_need: int = 121        # the points the next seat's side needs to win


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


def _opponent_show(view: _PlayView) -> list[float] | None:
    """The distribution of the opponent's show points when at most two of their four cards
    are unseen: every way to complete their hand from the cards they may hold, equally
    likely. None otherwise."""
    unknown = 4 - len(view.opp_played)
    if view.starter is None or not 0 <= unknown <= 2 or unknown != view.opp_cards or \
            len(view.opp_unseen) < unknown:
        return None
    counts = [0] * 30
    known = list(view.opp_played)
    for rest in combinations(view.opp_unseen, unknown):
        counts[scoring.hand_points(known + list(rest), view.starter)] += 1
    total = sum(counts)
    return [c / total for c in counts]


def _reply_choices(view: _PlayView, series: list[int], count: int, mine_after: list[Card]):
    """The opponent's possible answers to ``series``/``count``, one per rank of the pool that
    fits: (their points minus half my counter, -my counter, their points, my counter, copies),
    with the copies that fit, the pool's size and the opponent's cards; None when they cannot
    answer (31, no cards, or fewer unseen cards than they hold)."""
    n = view.opp_cards
    if count == 31 or n == 0:
        return None
    room = 31 - count
    u = sum(view.pool.values())
    if u < n:
        return None
    choices = []
    playable_total = 0
    for rank, k in view.pool.items():
        v = _val(rank)
        if v > room:
            continue
        playable_total += k
        p = _peg_points(series, count, rank)
        c2 = count + v
        s2 = series + [rank]
        m = 0
        can = False
        for d in mine_after:
            if c2 + _val(d.rank) <= 31:
                can = True
                q = _peg_points(s2, c2, d.rank)
                if q > m:
                    m = q
        if not can and c2 < 31:
            p += 1  # I must say go: they at least take the go point
        choices.append((p - 0.5 * m, -m, p, m, k))
    return choices, playable_total, u, n


def _reply_stats(view: _PlayView, series: list[int], count: int, mine_after: list[Card]
                 ) -> tuple[float, float]:
    """Expected (opponent points, my counter points) after I leave ``series``/``count``.

    The opponent is modelled as holding a uniformly random set of ``opp_cards`` from the pool
    and answering with the rank that is best for them (their points minus half my counter);
    if they hold nothing that fits they say go and I take the go (or play on).
    """
    found = _reply_choices(view, series, count, mine_after)
    if found is None:
        return 0.0, 0.0
    choices, playable_total, u, n = found
    total = comb(u, n)
    exp_p = exp_m = 0.0
    if choices:
        choices.sort(reverse=True)
        removed = 0
        prev = total
        for _, _, p, m, k in choices:
            removed += k
            nxt = comb(u - removed, n)
            prob = (prev - nxt) / total
            prev = nxt
            exp_p += prob * p
            exp_m += prob * m
    # no playable card: they say go
    p_go = comb(u - playable_total, n) / total
    if p_go > 0:
        go_gain = 0.0
        for d in mine_after:
            if count + _val(d.rank) <= 31:
                go_gain = max(go_gain, _peg_points(series, count, d.rank))
        exp_m += p_go * (go_gain + 1)
    return exp_p, exp_m


def _choose_play_expert(view: _PlayView) -> Card:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    need_me = view.target - view.my_score
    need_opp = view.target - view.their_score
    w_off, w_def = 1.0, 1.0
    if view.my_show is not None and not view.is_dealer and view.my_show >= need_me:
        w_off, w_def = 0.3, 3.0   # I win at the show unless they peg out: defend
    elif view.is_dealer and need_opp <= 7:
        w_off, w_def = 2.0, 0.7   # the pone will likely count out first: attack
    elif need_opp <= 4:
        w_def = 2.0
    best, best_score = playable[0], -1e9
    for c in playable:
        pts = _peg_points(view.series, view.count, c.rank)
        if pts >= need_me:
            return c  # wins now
        rest = [d for d in view.hand if d is not c]
        count = view.count + _val(c.rank)
        if count == 31:
            opp_p, my_m = 0.0, 0.0  # the count resets and the opponent leads
        else:
            opp_p, my_m = _reply_stats(view, view.series + [c.rank], count, rest)
        score = w_off * (pts + 0.8 * my_m) - w_def * opp_p
        # keep a low card for the go and for the end of a series
        if rest and any(_val(d.rank) <= 4 for d in rest) and _val(c.rank) > 4:
            score += 0.15
        # leading: cards under five cannot be answered with a fifteen
        if not view.series and len(rest) > 0 and _val(c.rank) == 5:
            score -= 0.3
        score -= 0.01 * _val(c.rank) if not view.series else 0.0
        if score > best_score:
            best, best_score = c, score
    return best


def _reply_outcomes(view: _PlayView, series: list[int], count: int, mine_after: list[Card]
                    ) -> list[tuple[float, int, int]]:
    """The opponent's answers as :func:`_reply_stats` models them, one by one:
    (probability, their points, my best counter)."""
    found = _reply_choices(view, series, count, mine_after)
    if found is None:
        return [(1.0, 0, 0)]
    choices, playable_total, u, n = found
    total = comb(u, n)
    out = []
    if choices:
        choices.sort(reverse=True)
        removed = 0
        prev = total
        for _, _, p, m, k in choices:
            removed += k
            nxt = comb(u - removed, n)
            prob = (prev - nxt) / total
            prev = nxt
            if prob > 0:
                out.append((prob, p, m))
    p_go = comb(u - playable_total, n) / total
    if p_go > 0:
        go_gain = 0
        for d in mine_after:
            if count + _val(d.rank) <= 31:
                go_gain = max(go_gain, _peg_points(series, count, d.rank))
        out.append((p_go, 0, go_gain + 1))
    return out


def _choose_play_endgame(view: _PlayView) -> Card:
    """Near the end: the card with the best chance to win the game, looking at my card, the
    opponent's best answer and my counter, then the shows and the win-chance table
    (``endgame.show_chances``); near ties go to the expert's usual weighing."""
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    need_me = view.target - view.my_score
    need_opp = view.target - view.their_score
    assert view.starter is not None and view.my_show is not None
    size = 32
    grid = endgame.show_chances(target=view.target, is_dealer=view.is_dealer, me=view.my_score,
                                opp=view.their_score, my_show=view.my_show,
                                discards=view.discards, starter_rank=view.starter.rank,
                                size=size,
                                opp_show=_opponent_show(view) if endgame.OPP_SHOW else None)
    best, best_key = playable[0], None
    for c in playable:
        pts = _peg_points(view.series, view.count, c.rank)
        if pts >= need_me:
            return c  # wins now
        rest = [d for d in view.hand if d is not c]
        count = view.count + _val(c.rank)
        if count == 31:
            outcomes = [(1.0, 0, 0)]
        else:
            outcomes = _reply_outcomes(view, view.series + [c.rank], count, rest)
        chance = 0.0
        exp_p = exp_m = 0.0
        for prob, q, m in outcomes:
            exp_p += prob * q
            exp_m += prob * m
            if q >= need_opp:
                continue
            if pts + m >= need_me:
                chance += prob
                continue
            chance += prob * grid[min(pts + m, size - 1), min(q, size - 1)]
        score = pts + 0.8 * exp_m - exp_p
        if rest and any(_val(d.rank) <= 4 for d in rest) and _val(c.rank) > 4:
            score += 0.15
        if not view.series and len(rest) > 0 and _val(c.rank) == 5:
            score -= 0.3
        score -= 0.01 * _val(c.rank) if not view.series else 0.0
        key = (round(chance, 4), score)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _next_reply(view: _PlayView, series: list[int], count: int) -> float:
    """Expected points of the next seat's answer at a table of three or more: it holds a
    uniformly random set of ``opp_cards`` from the pool and plays the rank that scores it the
    most (a partner and an opponent alike)."""
    n = view.opp_cards
    if count == 31 or n == 0:
        return 0.0
    u = sum(view.pool.values())
    if u < n:
        return 0.0
    room = 31 - count
    choices = sorted(((_peg_points(series, count, rank), k) for rank, k in view.pool.items()
                      if _val(rank) <= room), reverse=True)
    total = comb(u, n)
    removed = 0
    prev = total
    exp = 0.0
    for p, k in choices:
        removed += k
        nxt = comb(u - removed, n)
        exp += p * (prev - nxt) / total
        prev = nxt
    return exp


def _alone_points(hand: list[Card], series: list[int], count: int) -> int:
    """The most I can score playing on alone (every other seat has said go or has no cards):
    my cards in the best order, then one for the go (none after a 31, which resets)."""
    best = -1
    for i, d in enumerate(hand):
        v = _val(d.rank)
        if count + v > 31:
            continue
        pts = _peg_points(series, count, d.rank)
        c2 = count + v
        more = 0 if c2 == 31 else _alone_points(hand[:i] + hand[i + 1:], series + [d.rank], c2)
        best = max(best, pts + more)
    return 1 if best < 0 else best


def _choose_play_multi(view: _PlayView) -> Card:
    """The expert's play at a table of three or more: my points now plus the next seat's
    expected answer, weighted by whose it is (+1 a partner: a fifteen or a pair left to it is
    a chance; a rival side's -1/(sides - 1), -2 when that side is within 6 of the target). When
    only the next seat and I are left in the series, my counter is weighed too, as with two
    players; when I am alone, my best run of cards to the go."""
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    need_me = view.target - view.my_score
    w_next = view.next_weight
    if w_next < 0 and view.next_need <= 6:
        w_next = -2.0
    best, best_score = playable[0], -1e9
    for c in playable:
        pts = _peg_points(view.series, view.count, c.rank)
        if pts >= need_me:
            return c  # wins now
        rest = [d for d in view.hand if d is not c]
        count = view.count + _val(c.rank)
        series = view.series + [c.rank]
        if count == 31:
            score = float(pts)
        elif view.alone:
            score = float(pts + _alone_points(rest, series, count))
        elif view.heads_up:
            opp_p, my_m = _reply_stats(view, series, count, rest)
            score = pts + 0.8 * my_m + w_next * opp_p
        else:
            score = pts + w_next * _next_reply(view, series, count)
        if rest and any(_val(d.rank) <= 4 for d in rest) and _val(c.rank) > 4:
            score += 0.15
        if not view.series:
            if rest and _val(c.rank) == 5 and w_next < 0:
                score -= 0.3
            score -= 0.01 * _val(c.rank)
        if score > best_score:
            best, best_score = c, score
    return best


def _choose_play_standard(view: _PlayView) -> Card:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    best, best_score = playable[0], -1e9
    for c in playable:
        pts = _peg_points(view.series, view.count, c.rank)
        count = view.count + _val(c.rank)
        score = float(pts)
        if count in (5, 21) and not view.alone:
            # never leave 5 or 21 to an opponent; to a partner it is a chance of two
            score += -1.5 if view.next_weight < 0 else 0.5
        if not view.series:
            score -= 0.1 * _val(c.rank) + (1.0 if c.rank == 5 else 0.0)
            if _val(c.rank) < 5:
                score += 0.5
        elif count < 15 and count + 10 >= 15 and count != 5:
            score -= 0.2 if count >= 5 else 0.0
        if score > best_score:
            best, best_score = c, score
    return best


def _choose_play_greedy(view: _PlayView, rng: random.Random) -> Card:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    scored = [(_peg_points(view.series, view.count, c.rank), c) for c in playable]
    top = max(p for p, _ in scored)
    return rng.choice([c for p, c in scored if p == top])


def _choose_play_easy(view: _PlayView, rng: random.Random) -> Card:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    if rng.random() < 0.25:
        return rng.choice(playable)
    scored = []
    for c in playable:
        pts = _peg_points(view.series, view.count, c.rank)
        miss = pts > 0 and rng.random() < 0.2  # overlooks a score now and then
        scored.append((0 if miss else pts, rng.random(), c))
    return max(scored)[2]


def _pick_play(view: _PlayView, level: str, rng: random.Random) -> Card | None:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    if not playable:
        return None
    if len(playable) == 1:
        return playable[0]
    if level == "random":
        return rng.choice(playable)
    if level == "greedy":
        return _choose_play_greedy(view, rng)
    if level == "easy":
        return _choose_play_easy(view, rng)
    if level == "standard":
        return _choose_play_standard(view)
    if view.players > 2:
        return _choose_play_multi(view)
    if (level == "expert" and view.my_show is not None and view.starter is not None
            and len(view.discards) == 2
            and endgame.applies(view.target, view.my_score, view.their_score,
                                endgame.NEAR_PLAY)):
        return _choose_play_endgame(view)
    return _choose_play_expert(view)


def choose_play(hand: Sequence[Card | str], *, series: Sequence[Card | str],
                played: Sequence[Card | str], starter: Card | str | None, is_dealer: bool,
                my_score: int = 0, their_score: int = 0, target: int = 121,
                level: str = "expert", discards: Sequence[Card | str] = (),
                kept: Sequence[Card | str] | None = None,
                rng: random.Random | None = None) -> Card | None:
    """The card to play, or None for "go".

    ``hand`` is the cards still held, ``series`` the cards since the last reset and ``played``
    every card played this deal, in order (two players: the opponent's plays are the ones not in
    ``kept``). ``discards`` (own crib cards) and ``kept`` (the four kept) sharpen the estimate of
    what the opponent can hold.
    """
    _check_level(level)
    hand_c = _as_cards(hand)
    series_c = _as_cards(series)
    played_c = _as_cards(played)
    disc_c = _as_cards(discards)
    st = _as_cards([starter])[0] if starter is not None else None
    kept_c = _as_cards(kept) if kept is not None else None
    mine_played = [c for c in played_c if c in kept_c] if kept_c is not None else \
        [None] * (4 - len(hand_c))
    opp_cards = max(0, 4 - (len(played_c) - len(mine_played)))
    known = hand_c + played_c + disc_c + ([st] if st else [])
    view = _PlayView(
        hand=hand_c, series=[c.rank for c in series_c], count=sum(c.value for c in series_c),
        pool=_unseen_pool(known, 0), opp_cards=opp_cards, my_score=my_score,
        their_score=their_score, target=target, is_dealer=is_dealer,
        my_show=scoring.hand_points(kept_c, st) if (kept_c is not None and st and len(kept_c) == 4)
        else None, starter=st, discards=tuple(disc_c),
        opp_played=tuple(c for c in played_c if c not in kept_c) if kept_c is not None else (),
        opp_unseen=_unseen_cards(known, 0))
    return _pick_play(view, level, rng if rng is not None else random.Random(0))


# ----------------------------------------------------------------------------- observation players

def _opponent_go_limit(obs: Observation, opp: int) -> int:
    """The highest card value the opponent has shown they do not hold (0 when unknown):
    a player who says go holds nothing that fits, and never gains cards in the play."""
    limit = 0
    count = 0
    prev_seat: int | None = None
    opp_played = 0
    for seat, card in obs.played:
        v = card.value
        if count + v > 31:
            # a go ended the series; the opponent (if still holding cards) had nothing <= 31-count
            if opp_played < 4:
                limit = max(limit, 31 - count)
            count = 0
        elif prev_seat == obs.seat and seat == obs.seat and count > 0 and opp_played < 4:
            limit = max(limit, 31 - count)  # I played twice running: they said go
        count += v
        if seat == opp:
            opp_played += 1
        if count == 31:
            count = 0
        prev_seat = seat
    if opp in obs.gone:
        limit = max(limit, 31 - obs.count)
    return min(limit, 10)


def _go_limits(obs: Observation) -> dict[int, int]:
    """By seat, the highest card value it has shown it does not hold this deal (a go at count
    c: nothing of value 31 - c or less), read from the public story of the play. A series ends
    at 31, or when nobody can play on: the next card then comes from a seat that had said go,
    or does not fit the old count (a seat that could play would have played)."""
    limits: dict[int, int] = {}
    count = 0
    gone: set[int] = set()
    for a in obs.history:
        if isinstance(a, Play):
            v = a.card.value
            if a.seat in gone or count + v > 31:
                count, gone = 0, set()
            count += v
            if count == 31:
                count, gone = 0, set()
        else:
            gone.add(a.seat)
            limits[a.seat] = max(limits.get(a.seat, 0), min(10, 31 - count))
    return limits


def _view_multi(obs: Observation) -> _PlayView:
    """The view at a table of three or more: "the opponent" is the next seat to play in this
    series (not gone, holding cards), partner or not."""
    rules = obs.rules if obs.rules is not None else Rules(obs.players)
    me, n = obs.seat, obs.players
    left = obs.cards_left or (0,) * n
    active = [s for s in ((me + k) % n for k in range(1, n))
              if left[s] > 0 and s not in obs.gone]
    nxt = active[0] if active else None
    my_cards = set(obs.hand) | set(obs.kept) | set(obs.discards)
    known = list(my_cards) + [c for _, c in obs.played] + ([obs.starter] if obs.starter else [])
    limit = _go_limits(obs).get(nxt, 0) if nxt is not None else 0
    pool = _unseen_pool(known, limit)
    opp_cards = left[nxt] if nxt is not None else 0
    if sum(pool.values()) < opp_cards:
        pool, limit = _unseen_pool(known, 0), 0
    side = obs.side
    their = max(s for i, s in enumerate(obs.scores) if i != side)
    if nxt is None:
        weight, need = rival_weight(rules.sides), obs.target
    else:
        nside = rules.side_of(nxt)
        weight = 1.0 if nside == side else rival_weight(rules.sides)
        need = obs.target - obs.scores[nside]
    my_show = (scoring.hand_points(obs.kept, obs.starter)
               if obs.starter is not None and len(obs.kept) in (4, 5) else None)
    return _PlayView(
        hand=list(obs.hand), series=[c.rank for c in obs.series], count=obs.count, pool=pool,
        opp_cards=opp_cards, my_score=obs.scores[side], their_score=their, target=obs.target,
        is_dealer=obs.is_dealer, my_show=my_show, starter=obs.starter, discards=tuple(obs.discards),
        opp_played=tuple(c for s, c in obs.played if s == nxt),
        opp_unseen=_unseen_cards(known, limit), players=n, next_weight=weight,
        heads_up=len(active) == 1, alone=nxt is None, next_need=need)


def view_from_observation(obs: Observation) -> _PlayView:
    """The pegging evaluator's view of a play-phase observation (two players: the opponent is
    the other seat; with more, the next seat to play in the series)."""
    if obs.players > 2:
        return _view_multi(obs)
    opp = (obs.seat + 1) % obs.players
    my_cards = set(obs.hand) | set(obs.kept) | set(obs.discards)
    known = list(my_cards) + [c for _, c in obs.played] + ([obs.starter] if obs.starter else [])
    limit = _opponent_go_limit(obs, opp) if obs.players == 2 else 0
    pool = _unseen_pool(known, limit)
    opp_cards = obs.cards_left[opp] if obs.cards_left else 0
    if sum(pool.values()) < opp_cards:
        pool = _unseen_pool(known, 0)
        limit = 0
    their = max(s for i, s in enumerate(obs.scores) if i != obs.side)
    my_show = (scoring.hand_points(obs.kept, obs.starter)
               if obs.starter is not None and len(obs.kept) == 4 else None)
    return _PlayView(
        hand=list(obs.hand), series=[c.rank for c in obs.series], count=obs.count, pool=pool,
        opp_cards=opp_cards, my_score=obs.scores[obs.side], their_score=their, target=obs.target,
        is_dealer=obs.is_dealer, my_show=my_show, starter=obs.starter, discards=tuple(obs.discards),
        opp_played=tuple(c for s, c in obs.played if s == opp),
        opp_unseen=_unseen_cards(known, limit))


#: Manual counting: how often the easy computer misses one scoring item in its count.
EASY_MISS_CHANCE = 0.3


def choose_claim(cards: Sequence[Card], starter: Card, *, is_crib: bool = False,
                 level: str = "expert", rng: random.Random | None = None) -> int:
    """The count a computer player states for a hand (manual counting): the right count, except
    that the ``easy`` level sometimes (:data:`EASY_MISS_CHANCE`) misses one scoring item, as a
    person might (a fifteen, a pair, the nobs...)."""
    res = scoring.score_hand(cards, starter, is_crib=is_crib)
    rng = rng if rng is not None else random.Random(0)
    if level == "easy" and res.items and rng.random() < EASY_MISS_CHANCE:
        return res.total - rng.choice(res.items).points
    return res.total


class ComputerPlayer:
    """A computer player at one level. It acts on observations only; all its randomness comes
    from the injected ``rng`` so games are reproducible."""

    def __init__(self, level: str = "expert", rng: random.Random | None = None):
        _check_level(level)
        self.level = level
        self.rng = rng if rng is not None else random.Random()
        warm_up()

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r})"

    def act(self, obs: Observation, rng: random.Random | None = None) -> Action:
        """One legal action for the seat that ``obs`` describes. ``rng``, when given, drives
        this one decision instead of the player's own generator (a reproducible stream per
        decision, so that a resumed game plays on exactly as it would have)."""
        rng = rng if rng is not None else self.rng
        legal = obs.legal
        if not legal:
            raise ValueError("this seat has nothing to do now")
        if Muggins(obs.seat) in legal:   # points an opponent missed: always taken
            return Muggins(obs.seat)
        if obs.phase == SHOW and obs.to_act == obs.seat and obs.starter is not None:
            level = "expert" if self.level == "random" else self.level
            return Claim(obs.seat, choose_claim(obs.showing, obs.starter, is_crib=obs.showing_crib,
                                                level=level, rng=rng))
        if obs.phase == DEAL_OVER:
            return NextDeal()
        if self.level == "random":
            return rng.choice(legal)
        if obs.phase == DISCARD:
            their = max(s for i, s in enumerate(obs.scores) if i != obs.side)
            rules = obs.rules if obs.rules is not None else Rules(obs.players)
            if obs.players == 2:   # exactly as always
                out = choose_discard(obs.hand, is_dealer=obs.is_dealer,
                                     my_score=obs.scores[obs.side], their_score=their,
                                     target=obs.target, level=self.level, rng=rng)
            else:
                out = choose_discard(obs.hand, is_dealer=obs.is_dealer,
                                     my_score=obs.scores[obs.side], their_score=their,
                                     target=obs.target, level=self.level, rng=rng,
                                     players=obs.players,
                                     crib_weight=crib_weight(rules, obs.seat, obs.dealer))
            return Discard(obs.seat, tuple(out))
        if obs.phase == PLAY:
            if len(legal) == 1:
                return legal[0]
            card = _pick_play(view_from_observation(obs), self.level, rng)
            return Go(obs.seat) if card is None else Play(obs.seat, card)
        return legal[0]


def make_player(level: str = "expert", rng: random.Random | None = None) -> ComputerPlayer:
    """A computer player: ``easy``, ``standard``, ``expert``, or a baseline: ``greedy``,
    ``random``, ``expert-points``."""
    return ComputerPlayer(level, rng)

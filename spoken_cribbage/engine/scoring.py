"""Scoring: the show (hand and crib) and the play (pegging), with itemised results.

Two paths give the same totals:

* :func:`score_hand` and :func:`score_play` list every scoring item with its cards, in the
  order players count aloud (fifteens, pairs, runs, flush, nobs). The announcer uses these.
* :func:`hand_points` and :func:`score_all_hands` are table-driven and fast, for the computer
  player and for whole-table statistics. Fifteens, pairs and runs depend only on the ranks, so
  they are looked up: for a 4-card hand in a table of all 13**5 ordered rank combinations, for
  a 5-card hand (six players) in a table of the 18,395 possible sets of six ranks, keyed by how
  many cards of each rank there are. Both are built once with numpy.

A hand or crib is 4 cards, or 5 with six players (:data:`HAND_SIZES`). A 5-card hand's flush
needs all five hand cards of one suit (5 points, 6 with the starter's suit too); a 5-card
crib's flush needs all six cards (6). With six cards two separate runs of three can occur
(A-2-3 and 5-6-7): each longest run scores, once for each combination of its cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from spoken_cribbage.engine.cards import Card, _check_bool, _check_card, _check_cards
from spoken_cribbage.engine.errors import ArgumentTypeError, EngineProblem, InvalidArgumentError

if TYPE_CHECKING:  # numpy is imported where it is used (not on the game's import path)
    import numpy as np
    import numpy.typing as npt
from spoken_cribbage.engine.rules import Named

__all__ = [
    "ItemKind",
    "ScoreItem",
    "HandScore",
    "PlayScore",
    "InvalidHandError",
    "CountOverflowError",
    "score_hand",
    "score_play",
    "hand_points",
    "score_all_hands",
    "DISTRIBUTION_HAND",
    "DISTRIBUTION_CRIB",
    "HAND_SIZES",
]

#: The sizes of hand (or crib) the show scores, without the starter: 4, or 5 with six players.
HAND_SIZES = (4, 5)


class InvalidHandError(EngineProblem):
    """A hand that cannot be scored: ``calculator.hand_size`` (``count`` cards given) or
    ``calculator.card_twice`` (``token``, the card given twice)."""


class CountOverflowError(EngineProblem):
    """A card that would take the running count above 31: ``calculator.count_over`` with the
    ``card`` and the ``count`` it would make."""

    def __init__(self, card: Card, count: int):
        super().__init__("calculator.count_over", card=card, count=count)


class ItemKind(Named):
    """What one scoring item is. Each member equals its text ('fifteen'), so comparisons with
    strings and saved JSON keep working."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    PAIR_ROYAL = "pair royal"
    DOUBLE_PAIR_ROYAL = "double pair royal"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"
    THIRTY_ONE = "thirty-one"
    HEELS = "heels"
    GO = "go"
    LAST = "last"


@dataclass(frozen=True)
class ScoreItem:
    """One scoring combination: ``kind`` is fifteen, pair, run, flush or nobs in the show;
    fifteen, thirty-one, pair, pair royal, double pair royal or run in the play.

    An output, not an input: the scorers make it and no engine function takes one from a
    caller, so its fields are not checked when one is made."""

    kind: ItemKind
    points: int
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        return {"kind": str(self.kind), "points": self.points, "cards": [c.short for c in self.cards]}


@dataclass(frozen=True)
class HandScore:
    total: int
    items: tuple[ScoreItem, ...]

    def to_json(self) -> dict[str, object]:
        return {"total": self.total, "items": [i.to_json() for i in self.items]}


@dataclass(frozen=True)
class PlayScore:
    points: int
    items: tuple[ScoreItem, ...]
    count: int


def _check_distinct(cards: Sequence[Card]) -> None:
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise InvalidHandError("calculator.card_twice", token=c.short)
            seen.add(c)


def score_hand(hand: Iterable[Card], starter: Card, *, is_crib: bool = False) -> HandScore:
    """Score a four- or five-card hand (or crib) with the starter, itemised in counting order.

    A flush is every hand card of one suit: as many points as hand cards, one more with the
    starter's suit too; in the crib only the flush with the starter counts.

    Raises InvalidHandError for a hand of another size or a card given twice, and the engine's
    argument errors for anything that is not a card (:mod:`~spoken_cribbage.engine.errors`)."""
    hand = _check_cards(hand, "score_hand", "hand")
    starter = _check_card(starter, "score_hand", "starter")
    _check_bool(is_crib, "score_hand", "is_crib")
    if len(hand) not in HAND_SIZES:
        raise InvalidHandError("calculator.hand_size", count=len(hand))
    _check_distinct(hand + (starter,))
    return _score_hand(hand, starter, is_crib)


def _score_hand(hand: tuple[Card, ...], starter: Card, is_crib: bool) -> HandScore:
    """:func:`score_hand` for cards already checked (the game's own)."""
    cards = tuple(sorted(hand + (starter,), key=lambda c: (c.rank, c.suit)))
    items: list[ScoreItem] = []
    for n in range(2, len(cards) + 1):
        for combo in combinations(cards, n):
            if sum(c.value for c in combo) == 15:
                items.append(ScoreItem(ItemKind.FIFTEEN, 2, combo))
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            items.append(ScoreItem(ItemKind.PAIR, 2, (a, b)))
    items.extend(_show_runs(cards))
    suit = hand[0].suit
    if all(c.suit == suit for c in hand):
        if starter.suit == suit:
            items.append(ScoreItem(ItemKind.FLUSH, len(hand) + 1, tuple(sorted(hand + (starter,)))))
        elif not is_crib:
            items.append(ScoreItem(ItemKind.FLUSH, len(hand), tuple(sorted(hand))))
    for c in hand:
        if c.rank == 11 and c.suit == starter.suit:
            items.append(ScoreItem(ItemKind.NOBS, 1, (c,)))
    return HandScore(sum(i.points for i in items), tuple(items))


def _show_runs(cards: Sequence[Card]) -> list[ScoreItem]:
    """Every longest run: each stretch of 3 or more consecutive ranks held, with no rank held
    just below or above it, once for each combination of its cards (lowest stretch first).
    Five cards hold at most one such stretch; six can hold two runs of three."""
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    stretches: list[list[int]] = []
    for r in sorted(by_rank):
        if stretches and r == stretches[-1][-1] + 1:
            stretches[-1].append(r)
        else:
            stretches.append([r])
    items: list[ScoreItem] = []
    for stretch in stretches:
        if len(stretch) < 3:
            continue
        combos: list[tuple[Card, ...]] = [()]
        for r in stretch:
            combos = [c + (card,) for c in combos for card in by_rank[r]]
        items.extend(ScoreItem(ItemKind.RUN, len(stretch), combo) for combo in combos)
    return items


_PAIR_KINDS = {2: (ItemKind.PAIR, 2), 3: (ItemKind.PAIR_ROYAL, 6), 4: (ItemKind.DOUBLE_PAIR_ROYAL, 12)}


def score_play(series: Iterable[Card], card: Card) -> PlayScore:
    """Points for ``card`` played onto ``series`` (the cards since the last reset, in order).

    Raises CountOverflowError past 31, InvalidHandError for a card given twice, and the engine's
    argument errors for anything that is not a card."""
    seq = list(_check_cards(series, "score_play", "series"))
    seq.append(_check_card(card, "score_play", "card"))
    _check_distinct(seq)
    count = sum(c.value for c in seq)
    if count > 31:
        raise CountOverflowError(seq[-1], count)
    return _score_play(seq, count)


def _score_play(seq: list[Card], count: int) -> PlayScore:
    """:func:`score_play` for checked cards: ``seq`` the series with the card played last."""
    card = seq[-1]
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem(ItemKind.FIFTEEN, 2, tuple(seq)))
    elif count == 31:
        items.append(ScoreItem(ItemKind.THIRTY_ONE, 2, tuple(seq)))
    same = 1
    while same < len(seq) and seq[-1 - same].rank == card.rank:
        same += 1
    if same >= 2:
        kind, pts = _PAIR_KINDS[same]
        items.append(ScoreItem(kind, pts, tuple(seq[-same:])))
    for n in range(len(seq), 2, -1):
        ranks = sorted(c.rank for c in seq[-n:])
        if ranks[-1] - ranks[0] == n - 1 and len(set(ranks)) == n:
            items.append(ScoreItem(ItemKind.RUN, n, tuple(seq[-n:])))
            break
    return PlayScore(sum(i.points for i in items), tuple(items), count)


# ----------------------------------------------------------------------------- fast path

_RANK_TABLE: list[int] | None = None
_RANK_TABLE_NP: npt.NDArray[np.int8] | None = None


def _build_rank_table() -> npt.NDArray[np.int8]:
    """Points from fifteens, pairs and runs for every ordered 5-tuple of ranks 0..12,
    indexed by r0*13**4 + r1*13**3 + r2*13**2 + r3*13 + r4."""
    import numpy as np

    idx = np.arange(13**5, dtype=np.int64)
    r = np.empty((13**5, 5), dtype=np.int8)
    for k in range(5):
        r[:, 4 - k] = (idx // 13**k) % 13
    vals = np.minimum(r.astype(np.int16) + 1, 10)
    pts = np.zeros(13**5, dtype=np.int16)
    for n in range(2, 6):
        for combo in combinations(range(5), n):
            s = vals[:, combo].sum(axis=1)
            pts += np.where(s == 15, 2, 0).astype(np.int16)
    for a, b in combinations(range(5), 2):
        pts += np.where(r[:, a] == r[:, b], 2, 0).astype(np.int16)
    counts = np.zeros((13**5, 13), dtype=np.int16)
    rows = np.arange(13**5)
    for k in range(5):
        counts[rows, r[:, k]] += 1
    done = np.zeros(13**5, dtype=bool)
    for length in (5, 4, 3):
        found = np.zeros(13**5, dtype=np.int16)
        for start in range(0, 14 - length):
            window = counts[:, start : start + length]
            prod = np.prod(window, axis=1)
            found += np.where(done, 0, prod * length).astype(np.int16)
        pts += found
        done |= found > 0
    return pts.astype(np.int8)


def _rank_table() -> list[int]:
    global _RANK_TABLE, _RANK_TABLE_NP
    if _RANK_TABLE is None:
        _RANK_TABLE_NP = _build_rank_table()
        _RANK_TABLE = _RANK_TABLE_NP.tolist()
    return _RANK_TABLE


def rank_table_numpy() -> npt.NDArray[np.int8]:
    """The rank table as a numpy int8 array (see :func:`_build_rank_table`)."""
    _rank_table()
    assert _RANK_TABLE_NP is not None  # made with _RANK_TABLE
    return _RANK_TABLE_NP


def _build_six_rank_table() -> dict[int, int]:
    """Points from fifteens, pairs and runs for every set of six ranks a deck allows (at most
    four of a rank), keyed by :func:`_six_key`: the sum of ``5 ** (rank - 1)`` over the cards,
    so the order of the cards does not matter."""
    from itertools import combinations_with_replacement

    import numpy as np

    rows = [r for r in combinations_with_replacement(range(13), 6) if max(r.count(x) for x in set(r)) <= 4]
    r = np.array(rows, dtype=np.int64)  # ranks 0..12, shape (n, 6)
    n = len(rows)
    vals = np.minimum(r + 1, 10)
    pts = np.zeros(n, dtype=np.int64)
    for size in range(2, 7):
        for combo in combinations(range(6), size):
            pts += 2 * (vals[:, combo].sum(axis=1) == 15)
    for a, b in combinations(range(6), 2):
        pts += 2 * (r[:, a] == r[:, b])
    counts = np.zeros((n, 15), dtype=np.int64)  # ranks at 1..13, 0 and 14 empty
    for k in range(6):
        np.add.at(counts, (np.arange(n), r[:, k] + 1), 1)
    held = counts > 0
    for length in range(3, 7):
        for start in range(1, 15 - length):
            stop = start + length
            longest = held[:, start:stop].all(axis=1) & ~held[:, start - 1] & ~held[:, stop]
            pts += np.where(longest, length * counts[:, start:stop].prod(axis=1), 0)
    keys = (5**r).sum(axis=1)
    return dict(zip(keys.tolist(), pts.tolist(), strict=True))


_SIX_TABLE: dict[int, int] | None = None
_SIX_WEIGHT = (0,) + tuple(5 ** (rank - 1) for rank in range(1, 14))


def _six_table() -> dict[int, int]:
    global _SIX_TABLE
    if _SIX_TABLE is None:
        _SIX_TABLE = _build_six_rank_table()
    return _SIX_TABLE


# The rank table's key for four hand cards and the starter, one look-up a card: the offset of
# each rank at each position. Dicts, so that a rank outside 1..13 (a card forged past the
# constructor) fails the look-up instead of landing on another hand's entry.
_OFFSETS4: tuple[dict[int, int], ...] = tuple({r: (r - 1) * 13 ** (4 - k) for r in range(1, 14)} for k in range(5))
_WEIGHT6 = {r: 5 ** (r - 1) for r in range(1, 14)}


def _five_card_points(hand: Sequence[Card], starter: Card, is_crib: bool) -> int:
    table = _SIX_TABLE or _six_table()
    w = _WEIGHT6
    a, b, c, d, e = hand
    pts = table[w[a.rank] + w[b.rank] + w[c.rank] + w[d.rank] + w[e.rank] + w[starter.rank]]
    s = a.suit
    if s == b.suit == c.suit == d.suit == e.suit:
        if starter.suit == s:
            pts += 6
        elif not is_crib:
            pts += 5
    ss = starter.suit
    for x in hand:
        if x.rank == 11 and x.suit == ss:
            pts += 1
            break
    return pts


def hand_points(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """The show total of a 4- or 5-card hand with the starter, by table look-up (no items).
    The cards are not checked for being distinct (:func:`score_hand` checks them).

    On the computer player's hot path, so the checks cost little: each card must be a
    :class:`Card` itself (a subclass could read as another card) with an int rank 1..13 and
    an int suit 0..3 (not a float, a bool or an out-of-range one forged with
    ``tuple.__new__``), and ``is_crib`` a bool;
    InvalidHandError for another size of hand, the engine's argument errors
    (:mod:`~spoken_cribbage.engine.errors`) for the rest."""
    try:
        n = len(hand)
        if n == 4:
            a, b, c, d = hand
            if (
                type(a) is Card
                and type(b) is Card
                and type(c) is Card
                and type(d) is Card
                and type(starter) is Card
                and (is_crib is False or is_crib is True)
            ):
                ra, rb, rc, rd, rs = a[0], b[0], c[0], d[0], starter[0]
                # A card forged with tuple.__new__ can hold a float (5.0) or a bool rank, which
                # the tables below would read as 5 or 1: the ranks must be ints (the table
                # look-up then refuses one out of 1..13).
                # So can a suit (2.0, True, 7): the suits must be ints 0..3 (no bit above 3).
                s, sb, sc, sd, ss = a[1], b[1], c[1], d[1], starter[1]
                if (
                    type(ra) is int
                    and type(rb) is int
                    and type(rc) is int
                    and type(rd) is int
                    and type(rs) is int
                    and type(s) is int
                    and type(sb) is int
                    and type(sc) is int
                    and type(sd) is int
                    and type(ss) is int
                    and not (s | sb | sc | sd | ss) & -4
                ):
                    o0, o1, o2, o3, o4 = _OFFSETS4
                    pts = (_RANK_TABLE or _rank_table())[o0[ra] + o1[rb] + o2[rc] + o3[rd] + o4[rs]]
                    if s == sb == sc == sd:
                        if ss == s:
                            pts += 5
                        elif not is_crib:
                            pts += 4
                    if (
                        (ra == 11 and s == ss)
                        or (rb == 11 and sb == ss)
                        or (rc == 11 and sc == ss)
                        or (rd == 11 and sd == ss)
                    ):
                        pts += 1
                    return pts
        elif n == 5:
            a, b, c, d, e = hand
            if (
                type(a) is Card
                and type(b) is Card
                and type(c) is Card
                and type(d) is Card
                and type(e) is Card
                and type(starter) is Card
                and (is_crib is False or is_crib is True)
                and type(a[0]) is int
                and type(b[0]) is int
                and type(c[0]) is int
                and type(d[0]) is int
                and type(e[0]) is int
                and type(starter[0]) is int
                and type(a[1]) is int
                and type(b[1]) is int
                and type(c[1]) is int
                and type(d[1]) is int
                and type(e[1]) is int
                and type(starter[1]) is int
                and not (a[1] | b[1] | c[1] | d[1] | e[1] | starter[1]) & -4
            ):
                return _five_card_points(hand, starter, is_crib)
    except Exception:  # noqa: BLE001 - checked below, to say what is wrong
        pass
    _check_points_args(hand, starter, is_crib)
    raise InvalidArgumentError("hand_points", "hand", hand, "4 or 5 cards")  # pragma: no cover


def _check_points_args(hand: object, starter: object, is_crib: object) -> None:
    """Raise the error for :func:`hand_points` arguments its fast path did not take."""
    cards = _check_cards(hand, "hand_points", "hand")
    if len(cards) not in HAND_SIZES:
        raise InvalidHandError("calculator.hand_size", count=len(cards))
    _check_card(starter, "hand_points", "starter")
    _check_bool(is_crib, "hand_points", "is_crib")
    if not hasattr(type(hand), "__len__"):
        raise ArgumentTypeError("hand_points", "hand", hand, "a list or tuple of cards")


def all_hands_array() -> npt.NDArray[np.int8]:
    """Every 4-card hand as an (270725, 4) int8 array of card codes, rows sorted ascending."""
    import numpy as np

    return np.array(list(combinations(range(52), 4)), dtype=np.int8)


def _check_hands_array(hands: object, function: str) -> npt.NDArray[np.integer[Any]]:
    """``hands`` as :func:`all_hands_array` makes them: an (N, 4) integer numpy array of card
    codes 0..51, each row strictly ascending; the engine's argument errors otherwise."""
    import numpy as np

    expected = "an (N, 4) integer array of card codes 0..51, each row ascending"
    if not isinstance(hands, np.ndarray) or hands.dtype.kind not in "iu":
        raise ArgumentTypeError(function, "hands", hands, expected)
    if (
        hands.ndim != 2
        or hands.shape[1] != 4
        or (hands.size and (hands.min() < 0 or hands.max() > 51 or not (np.diff(hands, axis=1) > 0).all()))
    ):
        raise InvalidArgumentError(function, "hands", hands, expected)
    return hands


def starters_array(hands: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int8]:
    """For each sorted hand row, the 48 card codes not in it, as an (N, 48) int8 array."""
    import numpy as np

    g = _check_hands_array(hands, "starters_array").astype(np.int16) - np.arange(4, dtype=np.int16)
    j = np.arange(48, dtype=np.int16)
    out: npt.NDArray[np.int8] = (j[None, :] + (g[:, :, None] <= j[None, None, :]).sum(axis=1)).astype(np.int8)
    return out


def score_all_hands(is_crib: bool = False, hands: npt.NDArray[np.integer[Any]] | None = None) -> npt.NDArray[np.int8]:
    """Score every hand with every starter (12,994,800 combinations); return the numpy
    array of totals, shape (270725, 48)."""
    import numpy as np

    _check_bool(is_crib, "score_all_hands", "is_crib")
    if hands is not None:
        _check_hands_array(hands, "score_all_hands")
    table = rank_table_numpy()
    if hands is None:
        hands = all_hands_array()
    starters = starters_array(hands)
    ranks = (hands // 4).astype(np.int64)
    suits = hands % 4
    hand_key = (((ranks[:, 0] * 13 + ranks[:, 1]) * 13 + ranks[:, 2]) * 13 + ranks[:, 3]) * 13
    s_rank = (starters // 4).astype(np.int64)
    s_suit = starters % 4
    pts: npt.NDArray[np.int8] = table[hand_key[:, None] + s_rank].astype(np.int8)
    four = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2]) & (suits[:, 2] == suits[:, 3])
    five = four[:, None] & (s_suit == suits[:, 0:1])
    pts += np.where(five, 5, 0).astype(np.int8)
    if not is_crib:
        pts += np.where(four[:, None] & ~five, 4, 0).astype(np.int8)
    # nobs: a jack (rank index 10) in the hand whose suit is the starter's suit.
    jack_suit_mask = np.zeros(len(hands), dtype=np.int8)
    for k in range(4):
        jack_suit_mask |= np.where(ranks[:, k] == 10, 1 << suits[:, k], 0).astype(np.int8)
    pts += ((jack_suit_mask[:, None] >> s_suit) & 1).astype(np.int8)
    return pts


# Published distributions: number of the 12,994,800 hand + starter combinations at each score.
DISTRIBUTION_HAND = {
    0: 1009008,
    1: 99792,
    2: 2813796,
    3: 505008,
    4: 2855676,
    5: 697508,
    6: 1800268,
    7: 751324,
    8: 1137236,
    9: 361224,
    10: 388740,
    11: 51680,
    12: 317340,
    13: 19656,
    14: 90100,
    15: 9168,
    16: 58248,
    17: 11196,
    18: 2708,
    19: 0,
    20: 8068,
    21: 2496,
    22: 444,
    23: 356,
    24: 3680,
    25: 0,
    26: 0,
    27: 0,
    28: 76,
    29: 4,
}
# Under crib rules (only a five-card flush counts).
DISTRIBUTION_CRIB = {
    0: 1022208,
    1: 99792,
    2: 2839800,
    3: 508908,
    4: 2868960,
    5: 703496,
    6: 1787176,
    7: 755320,
    8: 1118336,
    9: 358368,
    10: 378240,
    11: 43880,
    12: 310956,
    13: 16548,
    14: 88132,
    15: 9072,
    16: 57288,
    17: 11196,
    18: 2264,
    19: 0,
    20: 7828,
    21: 2472,
    22: 444,
    23: 356,
    24: 3680,
    25: 0,
    26: 0,
    27: 0,
    28: 76,
    29: 4,
}

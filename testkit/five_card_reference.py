"""An independent scorer for five-card hands and cribs with the starter (six players), written
from scratch for bench/bench_five_card.py and tests/engine/test_scoring_five.py. It imports nothing
from spoken_cribbage, so the engine is never its own referee.

Cards are codes 0..51: ``rank * 4 + suit`` with rank 0 (ace) .. 12 (king), suit 0..3.
The rules (../shared/RULES.md, "Five-card hands"):

* fifteens: every subset of the six cards whose values (ace 1, faces 10) sum to 15 scores 2;
* pairs: every two cards of equal rank score 2;
* runs: every stretch of 3 or more consecutive ranks held, with the ranks just below and just
  above it not held, scores its length times the number of cards of each of its ranks
  multiplied together (double runs and so on; six cards may hold two runs of three);
* flush: all five hand cards of one suit score 5, or 6 when the starter is of that suit too;
  in the crib only the 6 counts;
* nobs: a jack among the five hand cards of the starter's suit scores 1.

Everything is numpy over arrays of hands, so all 122,151,120 hand-and-starter sets can be
scored by brute force in chunks: :func:`all_hands`, :func:`starters_of`,
:func:`score_with_starters` (a hand with each of its starters) or :func:`score_sets` (one
starter per hand). Nothing is tabulated ahead: every set is counted from its own cards.
"""

from __future__ import annotations

from itertools import chain, combinations

import numpy as np

N_HANDS = 2_598_960  # C(52, 5)
N_SETS = N_HANDS * 47  # 122,151,120


def score_sets(hand: np.ndarray, starter: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hand-rule and crib-rule points of each set: ``hand`` an (N, 5) array of card codes,
    ``starter`` an (N,) array. Returns two int16 arrays of length N."""
    hp, cp = score_with_starters(np.asarray(hand), np.asarray(starter).reshape(-1, 1))
    return hp[:, 0], cp[:, 0]


def score_with_starters(hand: np.ndarray, starters: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points of each hand with each of its starters: ``hand`` (N, 5) card codes, ``starters``
    (N, K) card codes. Returns (hand-rule points, crib-rule points), int16 arrays (N, K).

    What depends on the hand alone is worked out once per hand: the sums of its 32 subsets,
    its pairs, its rank counts. A starter then only adds what it makes with them."""
    hand = np.asarray(hand, dtype=np.int16)
    starters = np.asarray(starters, dtype=np.int16)
    n = len(hand)
    rows = np.arange(n)[:, None]
    rank, suit = hand // 4, hand % 4
    s_rank, s_suit = starters // 4, starters % 4
    value = np.minimum(rank + 1, 10)
    s_value = np.minimum(s_rank + 1, 10)

    # fifteens: the 32 subset sums of the hand, built by doubling (each card in or out). A
    # subset without the starter must sum to 15 by itself, one with it to 15 - its value.
    sums = np.zeros((n, 1), dtype=np.int16)
    for i in range(5):
        sums = np.concatenate([sums, sums + value[:, i : i + 1]], axis=1)
    reach = np.stack([np.count_nonzero(sums == t, axis=1) for t in range(16)], axis=1)
    fifteens = reach[:, 15:16] + reach[rows, 15 - s_value]

    # pairs: the hand's own pairs, and one more for each hand card of the starter's rank
    own_pairs = np.zeros(n, dtype=np.int16)
    for i in range(5):
        for j in range(i + 1, 5):
            own_pairs += rank[:, i] == rank[:, j]
    count = np.zeros((n, 13), dtype=np.int16)
    for i in range(5):
        count[np.arange(n), rank[:, i]] += 1  # one card per row at a time: no clashes
    pairs = own_pairs[:, None] + count[rows, s_rank]

    # runs, for each of the 13 ranks the starter could have: walk up the ranks keeping the
    # current stretch's length and its number of card combinations; a stretch that ends with
    # 3 or more ranks scores length * combinations. Then each starter takes its rank's figure.
    held = count[:, None, :] + np.eye(13, dtype=np.int16)[None, :, :]  # (n, 13 starters, 13)
    length = np.zeros((n, 13), dtype=np.int16)
    ways = np.ones((n, 13), dtype=np.int16)
    run_by_rank = np.zeros((n, 13), dtype=np.int16)
    for r in range(14):
        here = held[:, :, r] if r < 13 else np.zeros((n, 13), dtype=np.int16)
        run_by_rank += np.where((here == 0) & (length >= 3), length * ways, 0).astype(np.int16)
        length = np.where(here > 0, length + 1, 0).astype(np.int16)
        ways = np.where(here > 0, ways * here, 1).astype(np.int16)
    runs = run_by_rank[rows, s_rank]

    # nobs: a hand jack (rank 10) of the starter's suit
    jack_suits = np.zeros(n, dtype=np.int16)
    for i in range(5):
        jack_suits |= np.where(rank[:, i] == 10, 1 << suit[:, i], 0).astype(np.int16)
    nobs = (jack_suits[:, None] >> s_suit) & 1

    base = (2 * fifteens + 2 * pairs + runs + nobs).astype(np.int16)

    # flush
    hand_suited = np.all(suit == suit[:, :1], axis=1)[:, None]
    all_suited = hand_suited & (s_suit == suit[:, :1])
    hand_pts = base + np.where(all_suited, 6, np.where(hand_suited, 5, 0)).astype(np.int16)
    crib_pts = base + np.where(all_suited, 6, 0).astype(np.int16)
    return hand_pts, crib_pts


def all_hands() -> np.ndarray:
    """Every five-card hand as a (2,598,960, 5) int8 array of ascending card codes."""
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.int8, count=N_HANDS * 5)
    return flat.reshape(N_HANDS, 5)


def starters_of(hands: np.ndarray) -> np.ndarray:
    """For each hand row, the 47 cards not in it, ascending: an (N, 47) int8 array."""
    free = np.ones((len(hands), 52), dtype=bool)
    free[np.arange(len(hands))[:, None], hands.astype(np.int64)] = False
    return np.nonzero(free)[1].reshape(len(hands), 47).astype(np.int8)


def score_hands_with_every_starter(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every given hand with each of its 47 starters: (starters, hand points, crib points),
    each of shape (N, 47)."""
    st = starters_of(hands)
    hp, cp = score_with_starters(hands, st)
    return st, hp, cp


def card_code(rank: int, suit: int) -> int:
    """The code of a card given as rank 1 (ace) .. 13 (king) and suit 0..3."""
    return (rank - 1) * 4 + suit

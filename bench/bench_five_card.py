"""Exhaustive count of five-card hands and cribs (six players): every five-card hand with every
starter, C(52, 5) x 47 = 2,598,960 x 47 = 122,151,120 hand-and-starter sets (issue 15 says
122,153,120: a slip in the multiplication), under hand rules and crib rules.

    PYTHONPATH=. /work/main/.venv/bin/python bench/bench_five_card.py

Counted two ways, which must agree exactly:

(a) the engine: sets that score alike by construction are grouped into classes (the five hand
    ranks, the starter's rank, whether the hand is one suit and the starter too, whether a hand
    jack matches the starter's suit), each class's size is counted exactly, and the engine's
    ``score_hand`` scores one real hand of each class (``hand_points`` must give the same);
(b) an independent brute force (testkit/five_card_reference.py, no engine code), every one of
    the 122,151,120 sets counted from its own cards with numpy.

Prints both histograms, the maximum and the hands reaching it, the totals, the time of each
way and whether they agree, and the per-call time of ``hand_points`` and ``score_hand`` for
4- and 5-card hands. Exit status 1 if they disagree anywhere (or a total is not
122,151,120, or ``hand_points`` differs from ``score_hand`` on a class). One process, about
100-120 s on a busy 2-core machine.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections import Counter, defaultdict
from itertools import combinations, combinations_with_replacement, product
from math import comb, prod

import numpy as np

from spoken_cribbage.engine.cards import Card  # noqa: E402
from spoken_cribbage.engine.scoring import hand_points, score_hand  # noqa: E402
from testkit import five_card_reference as ref  # noqa: E402

N_SETS = comb(52, 5) * 47  # 122,151,120
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


# ----------------------------------------------------------------------------- (a) the engine


def classes():
    """Every class of sets: (hand ranks, starter rank, flush, nobs, sets in it), where flush
    is None, 'hand' (the five hand cards of one suit, the starter not) or 'all' (all six).

    Counted with the starter's suit fixed to clubs (suit 0) and multiplied by 4: the suits are
    symmetric, so each starter suit has as many hands of each kind."""
    for hand_ranks in combinations_with_replacement(range(1, 14), 5):
        held = Counter(hand_ranks)
        if max(held.values()) > 4:
            continue
        distinct = len(held) == 5
        jacks = held[11]
        for s in range(1, 14):
            if held[s] == 4:
                continue
            # hand cards of the starter's rank come from its 3 other suits
            every = prod(comb(3, k) if r == s else comb(4, k) for r, k in held.items())
            if jacks and s != 11:  # the jack of clubs among the hand's jacks
                nobs = prod(
                    comb(3, k - 1) if r == 11 else comb(3, k) if r == s else comb(4, k) for r, k in held.items()
                )
            else:
                nobs = 0
            # all six clubs: five distinct ranks, none of them the starter's
            all_suit = 1 if distinct and held[s] == 0 else 0
            all_suit_nobs = all_suit if jacks == 1 else 0
            # the hand in one of the three other suits
            hand_suit = 3 if distinct else 0
            plain = every - nobs - hand_suit - (all_suit - all_suit_nobs)
            plain_nobs = nobs - all_suit_nobs
            for flush, has_nobs, size in (
                (None, False, plain),
                (None, True, plain_nobs),
                ("hand", False, hand_suit),
                ("all", jacks == 1, all_suit),
            ):
                if size:
                    yield hand_ranks, s, flush, has_nobs, 4 * size


def representative(hand_ranks, s, flush, has_nobs):
    """One real hand and starter of the class; checked to be of it."""
    starter = Card(s, 0)
    if flush == "all":
        hand = [Card(r, 0) for r in hand_ranks]
    elif flush == "hand":
        hand = [Card(r, 1) for r in hand_ranks]
    else:
        held = Counter(hand_ranks)
        choices = []
        for r in sorted(held):
            options = list(combinations([1, 2, 3] if r == s else [0, 1, 2, 3], held[r]))
            if r == 11:  # try first the jacks that give the nobs wanted
                options.sort(key=lambda suits: (0 in suits) != has_nobs)
            choices.append([[Card(r, x) for x in suits] for suits in options])
        for pick in product(*choices):
            hand = [c for cards in pick for c in cards]
            if len({c.suit for c in hand}) > 1 and any(c.rank == 11 and c.suit == 0 for c in hand) == has_nobs:
                break
        else:
            raise AssertionError(f"no hand for {hand_ranks} {s} {flush} {has_nobs}")
    # the class, worked out again from the cards themselves
    assert len(set(hand)) == 5 and starter not in hand
    assert sorted(c.rank for c in hand) == list(hand_ranks)
    one_suit = len({c.suit for c in hand}) == 1
    found = ("all" if hand[0].suit == starter.suit else "hand") if one_suit else None
    assert found == flush
    assert any(c.rank == 11 and c.suit == starter.suit for c in hand) == has_nobs
    return hand, starter


def engine_count():
    """Histograms (hand rules, crib rules) by the engine, the sets at the maximum of each
    grouped by (hand ranks, starter rank), the number of classes, and hand_points mismatches."""
    hist = {False: Counter(), True: Counter()}
    best = {False: defaultdict(int), True: defaultdict(int)}
    best_score = {False: -1, True: -1}
    n_classes = mismatches = 0
    for hand_ranks, s, flush, has_nobs, size in classes():
        n_classes += 1
        hand, starter = representative(hand_ranks, s, flush, has_nobs)
        for crib in (False, True):
            total = score_hand(hand, starter, is_crib=crib).total
            if hand_points(hand, starter, crib) != total:
                mismatches += 1
            hist[crib][total] += size
            if total > best_score[crib]:
                best_score[crib] = total
                best[crib] = defaultdict(int)
            if total == best_score[crib]:
                best[crib][(hand_ranks, s)] += size
    return hist, best, n_classes, mismatches


# ----------------------------------------------------------------------------- (b) brute force


def brute_force_count(chunk: int = 50_000):
    """Histograms (hand rules, crib rules) by the independent reference over every set, and the
    sets at the maximum of each grouped by (hand ranks, starter rank)."""
    hands = ref.all_hands()
    hist = {False: np.zeros(128, dtype=np.int64), True: np.zeros(128, dtype=np.int64)}
    best_score = {False: -1, True: -1}
    best = {False: [], True: []}
    for start in range(0, len(hands), chunk):
        part = hands[start : start + chunk]
        starters, hp, cp = ref.score_hands_with_every_starter(part)
        for crib, pts in ((False, hp), (True, cp)):
            hist[crib] += np.bincount(pts.ravel(), minlength=128)
            top = int(pts.max())
            if top > best_score[crib]:
                best_score[crib], best[crib] = top, []
            if top == best_score[crib]:
                rows, cols = np.nonzero(pts == top)
                best[crib].extend(zip(part[rows].tolist(), starters[rows, cols].tolist(), strict=True))
    grouped = {}
    for crib in (False, True):
        g = defaultdict(int)
        for hand, st in best[crib]:
            g[(tuple(sorted(c // 4 + 1 for c in hand)), st // 4 + 1)] += 1
        grouped[crib] = g
    return {k: Counter({i: int(v) for i, v in enumerate(h) if v}) for k, h in hist.items()}, grouped


# ----------------------------------------------------------------------------- per call


def per_call(n: int = 100_000) -> None:
    """Per-call µs (CPU time) of hand_points and score_hand on random 4- and 5-card hands
    (best of several rounds; the first 5-card call builds its table and is not timed)."""
    import random

    from spoken_cribbage.engine.cards import DECK

    rng = random.Random(5)
    print("per call, random hand + starter (Card objects), CPU time, best of 5 rounds:")
    for size in (4, 5):
        sets = [(six[:size], six[size]) for six in (rng.sample(DECK, size + 1) for _ in range(n))]
        hand_points(*sets[0])
        times = {}
        for name, fn, m, rounds in (("hand_points", hand_points, n, 5), ("score_hand", score_hand, n // 10, 5)):
            best = float("inf")
            for _ in range(rounds):
                t0 = time.process_time()  # CPU time: steadier than wall on a busy machine
                for hand, starter in sets[:m]:
                    fn(hand, starter)
                best = min(best, (time.process_time() - t0) / m)
            times[name] = best * 1e6
        print(f"  {size} cards: hand_points {times['hand_points']:5.2f} µs, score_hand {times['score_hand']:6.1f} µs")
    from spoken_cribbage.engine.scoring import _build_six_rank_table

    t0 = time.perf_counter()
    _build_six_rank_table()
    print(
        f"  building hand_points' table for 5-card hands (once per process, on first use): "
        f"{time.perf_counter() - t0:.2f} s"
    )


# ----------------------------------------------------------------------------- report


def describe(key) -> str:
    hand_ranks, s = key
    return " ".join(RANK_TEXT[r] for r in hand_ranks) + " + starter " + RANK_TEXT[s]


def main(argv=None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n")[0]).parse_args(argv)
    print(f"five-card hands with every starter: C(52, 5) x 47 = {N_SETS:,} sets, hand rules and crib rules")
    with contextlib.suppress(OSError):
        print("load average at the start: " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    print()

    t0 = time.perf_counter()
    e_hist, e_best, n_classes, mismatches = engine_count()
    t_engine = time.perf_counter() - t0
    print(
        f"(a) engine (score_hand on one real hand of each of {n_classes:,} classes, weighted "
        f"by the class size): {t_engine:.1f} s; hand_points differs from score_hand on "
        f"{mismatches} of {2 * n_classes:,} scorings"
    )

    t0 = time.perf_counter()
    b_hist, b_best = brute_force_count()
    t_brute = time.perf_counter() - t0
    print(f"(b) independent brute force over all {N_SETS:,} sets (testkit/five_card_reference.py): {t_brute:.1f} s")
    print()

    ok = mismatches == 0
    top = max(max(h) for h in (*e_hist.values(), *b_hist.values()))
    print("score     (a) hand     (b) hand     (a) crib     (b) crib")
    for k in range(top + 1):
        row = [e_hist[False][k], b_hist[False][k], e_hist[True][k], b_hist[True][k]]
        flag = "" if row[0] == row[1] and row[2] == row[3] else "   DIFFER"
        print(f"{k:5d} " + " ".join(f"{v:12,d}" for v in row) + flag)
    print()
    for crib, name in ((False, "hand rules"), (True, "crib rules")):
        e, b = e_hist[crib], b_hist[crib]
        te, tb = sum(e.values()), sum(b.values())
        never = [k for k in range(max(e) + 1) if not e[k]]
        mean = sum(k * v for k, v in e.items()) / te
        same = e == b
        ok &= same and te == tb == N_SETS
        print(
            f"{name}: totals (a) {te:,}, (b) {tb:,} (must be {N_SETS:,}); histograms "
            + ("agree exactly" if same else "DIFFER")
        )
        print(
            f"  maximum (a) {max(e)}, (b) {max(b)}; mean {mean:.4f}; scores that never occur below the maximum: {never}"
        )
        same_best = e_best[crib] == b_best[crib]
        ok &= same_best
        print(
            f"  sets reaching {max(e)}: {sum(e_best[crib].values()):,} "
            f"((b): {sum(b_best[crib].values()):,}); by hand and starter ranks, "
            + ("the same both ways:" if same_best else "DIFFERENT:")
        )
        for key in sorted(set(e_best[crib]) | set(b_best[crib])):
            print(f"    {describe(key):32s} (a) {e_best[crib].get(key, 0):6,d}   (b) {b_best[crib].get(key, 0):6,d}")
    print()
    per_call()
    print()
    print(f"time: (a) {t_engine:.1f} s, (b) {t_brute:.1f} s")
    print("RESULT: " + ("the two counts agree exactly" if ok else "DISAGREEMENT"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark and cross-check of the show scorer.

    /work/main/.venv/bin/python bench/bench_scoring.py            # full run (about a minute)
    /work/main/.venv/bin/python bench/bench_scoring.py --quick    # reference on a sample only

It prints figures and never fails (exit status 0 whatever it finds):

* the time of ``score_all_hands`` over all 12,994,800 hand + starter combinations (hand rules,
  including building every hand and starter), and of the crib-rules table;
* the time of a plain, obviously-correct reference scorer written below, run over the same
  12,994,800 combinations in the same run (or over a sample with ``--quick``, extrapolated);
  the ratio of the two;
* whether the reference agrees with the fast table combination by combination, and with the
  published distributions ``DISTRIBUTION_HAND`` / ``DISTRIBUTION_CRIB``;
* per-call timings: ``hand_points`` and ``score_hand`` against the reference, in microseconds.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from array import array
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from operator import itemgetter

import numpy as np

from spoken_cribbage.engine.cards import DECK, Card
from spoken_cribbage.engine.scoring import (
    DISTRIBUTION_CRIB,
    DISTRIBUTION_HAND,
    hand_points,
    score_all_hands,
    score_hand,
)

TOTAL_COMBOS = 12_994_800

# ----------------------------------------------------------------------------- the reference
# Plain and obviously correct: every subset of the five cards is looked at directly.
# (itemgetters over index subsets only avoid rebuilding the subsets on every call.)

_SUBSETS = {n: [itemgetter(*c) for c in combinations(range(5), n)] for n in range(2, 6)}


def reference_scores(ranks: tuple[int, ...], suits: tuple[int, ...]) -> tuple[int, int]:
    """(hand total, crib total) of five cards: the four hand cards first, the starter last.

    ``ranks`` 1..13 (ace low), ``suits`` 0..3.
    """
    values = [min(r, 10) for r in ranks]
    pts = 0
    for n in range(2, 6):  # fifteens: every subset summing to 15 scores 2
        for subset in _SUBSETS[n]:
            if sum(subset(values)) == 15:
                pts += 2
    for pair in _SUBSETS[2]:  # pairs: every two cards of equal rank score 2
        a, b = pair(ranks)
        if a == b:
            pts += 2
    for n in (5, 4, 3):  # runs: n distinct consecutive ranks; only the
        runs = 0  # longest length found counts, once per subset
        for subset in _SUBSETS[n]:
            rs = subset(ranks)
            if max(rs) - min(rs) == n - 1 and len(set(rs)) == n:
                runs += 1
        if runs:
            pts += n * runs
            break
    for i in range(4):  # nobs: a hand jack of the starter's suit
        if ranks[i] == 11 and suits[i] == suits[4]:
            pts += 1
    hand = crib = pts
    if suits[0] == suits[1] == suits[2] == suits[3]:  # flush: 4 in a hand, 5 anywhere
        if suits[4] == suits[0]:
            hand += 5
            crib += 5
        else:
            hand += 4
    return hand, crib


def reference_card_score(hand, starter, is_crib=False) -> int:
    """The reference on Card objects (for the per-call timing)."""
    h, c = reference_scores(
        tuple(x.rank for x in hand) + (starter.rank,), tuple(x.suit for x in hand) + (starter.suit,)
    )
    return c if is_crib else h


def _reference_chunk(hand_indices: list[int]) -> tuple[bytes, bytes, float]:
    """Score the given hands (indices into the sorted list of all hands) with every starter,
    starters ascending: the same order as ``score_all_hands``. Returns int8 bytes and CPU time."""
    t0 = time.process_time()
    hands = list(combinations(range(52), 4))
    out_hand, out_crib = array("b"), array("b")
    for k in hand_indices:
        h = hands[k]
        ranks4 = tuple(DECK[c].rank for c in h)
        suits4 = tuple(DECK[c].suit for c in h)
        for s in range(52):
            if s in h:
                continue
            a, b = reference_scores(ranks4 + (DECK[s].rank,), suits4 + (DECK[s].suit,))
            out_hand.append(a)
            out_crib.append(b)
    return out_hand.tobytes(), out_crib.tobytes(), time.process_time() - t0


def run_reference(hand_indices: list[int], jobs: int) -> tuple[np.ndarray, np.ndarray, float, float]:
    """Reference scores for the given hands, in ``jobs`` processes: (hand, crib, wall, cpu)."""
    t0 = time.perf_counter()
    if jobs <= 1:
        parts = [_reference_chunk(hand_indices)]
    else:
        size = -(-len(hand_indices) // (jobs * 8))
        chunks = [hand_indices[i : i + size] for i in range(0, len(hand_indices), size)]
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_reference_chunk, chunks))
    wall = time.perf_counter() - t0
    hand = np.frombuffer(b"".join(p[0] for p in parts), dtype=np.int8).reshape(-1, 48)
    crib = np.frombuffer(b"".join(p[1] for p in parts), dtype=np.int8).reshape(-1, 48)
    return hand, crib, wall, sum(p[2] for p in parts)


# ----------------------------------------------------------------------------- helpers


def distribution(points: np.ndarray) -> dict[int, int]:
    values, counts = np.unique(points, return_counts=True)
    found = {int(v): int(c) for v, c in zip(values, counts, strict=True)}
    return {k: found.get(k, 0) for k in range(30)}


def compare_distribution(name: str, found: dict[int, int], published: dict[int, int]) -> bool:
    wrong = [k for k in range(30) if found.get(k, 0) != published.get(k, 0)]
    if wrong:
        print(f"    {name}: DISAGREES at scores {wrong}")
        for k in wrong:
            print(f"      score {k}: found {found.get(k, 0):,}, published {published.get(k, 0):,}")
        return False
    mean = sum(k * v for k, v in found.items()) / sum(found.values())
    print(f"    {name}: agrees at every score 0..29 (mean {mean:.4f})")
    return True


def per_call(fn, combos, repeat=1) -> float:
    """Microseconds per call of fn(hand, starter) over the combos."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for hand, starter in combos:
            fn(hand, starter)
        best = min(best, time.perf_counter() - t0)
    return best / len(combos) * 1e6


def random_combos(n: int, seed: int = 7) -> list[tuple[tuple[Card, ...], Card]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        five = rng.sample(DECK, 5)
        out.append((tuple(five[:4]), five[4]))
    return out


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--quick", action="store_true", help="run the reference on a sample of hands and extrapolate its time"
    )
    ap.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="processes for the full reference run (default: all cores)",
    )
    args = ap.parse_args(argv)

    print(
        f"Spoken Cribbage scoring benchmark  (Python {platform.python_version()}, "
        f"numpy {np.__version__}, {os.cpu_count()} cores)"
    )
    print()

    # -- the fast table, cold (building the rank table and every hand is part of the time)
    t0, c0 = time.perf_counter(), time.process_time()
    fast_hand = score_all_hands()
    t_fast, cpu_fast = time.perf_counter() - t0, time.process_time() - c0
    t0 = time.perf_counter()
    fast_crib = score_all_hands(is_crib=True)
    t_fast_crib = time.perf_counter() - t0
    t0 = time.perf_counter()
    score_all_hands()
    t_fast_warm = time.perf_counter() - t0
    print(f"score_all_hands, hand rules, {fast_hand.size:,} combinations:")
    print(
        f"  first call (builds the rank table and all hands): {t_fast:7.3f} s wall, "
        f"{cpu_fast:.3f} s CPU   target < 3 s: {'met' if t_fast < 3 else 'NOT MET'}"
    )
    print(f"  again (rank table built):                         {t_fast_warm:7.3f} s")
    print(f"  crib rules (rank table built):                    {t_fast_crib:7.3f} s")
    try:
        load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
        print(f"  (load average while measuring: {load}; other work on the machine slows wall times)")
    except OSError:
        pass
    print()

    # -- the reference over everything (or a sample)
    n_hands = fast_hand.shape[0]
    if args.quick:
        step = 97
        indices = list(range(0, n_hands, step))
        jobs = 1
    else:
        indices = list(range(n_hands))
        jobs = max(1, args.jobs)
    ref_hand, ref_crib, wall, cpu = run_reference(indices, jobs)
    n_ref = ref_hand.size
    per_combo_cpu = cpu / n_ref
    single_core_full = per_combo_cpu * TOTAL_COMBOS
    if args.quick:
        print(f"plain reference scorer on a sample of {n_ref:,} combinations (every {step}th hand, all starters):")
        print(
            f"  {wall:.2f} s; {per_combo_cpu * 1e6:.2f} µs per combination; "
            f"all {TOTAL_COMBOS:,} would take about {single_core_full:.0f} s on one core"
        )
    else:
        print(
            f"plain reference scorer over all {n_ref:,} combinations "
            f"(hand and crib totals in one pass, {jobs} process{'es' if jobs > 1 else ''}):"
        )
        print(f"  wall {wall:.1f} s, CPU {cpu:.1f} s ({per_combo_cpu * 1e6:.2f} µs per combination)")
    ratio = single_core_full / t_fast
    print(
        f"  speed-up of score_all_hands (first call, wall) over the reference on one core: "
        f"{ratio:.0f}x   target >= 20x: {'met' if ratio >= 20 else 'NOT MET'}"
    )
    print(f"  the same in CPU time (less sensitive to other load): {single_core_full / max(cpu_fast, 1e-9):.0f}x")
    if not args.quick:
        print(f"  speed-up over the reference's wall time with {jobs} processes: {wall / t_fast:.0f}x")
    print()

    # -- agreement
    print("agreement:")
    sample_hand = fast_hand[indices]
    sample_crib = fast_crib[indices]
    for name, ref, fast in (("hand rules", ref_hand, sample_hand), ("crib rules", ref_crib, sample_crib)):
        bad = int(np.count_nonzero(ref != fast))
        print(
            f"  reference vs score_all_hands, {name}: "
            + ("identical on every combination" if bad == 0 else f"{bad:,} combinations DIFFER")
        )
    print("  score_all_hands vs published distributions:")
    compare_distribution("hand rules", distribution(fast_hand), DISTRIBUTION_HAND)
    compare_distribution("crib rules", distribution(fast_crib), DISTRIBUTION_CRIB)
    if not args.quick:
        print("  reference vs published distributions:")
        compare_distribution("hand rules", distribution(ref_hand), DISTRIBUTION_HAND)
        compare_distribution("crib rules", distribution(ref_crib), DISTRIBUTION_CRIB)
    print()

    # -- per call
    combos = random_combos(100_000)
    hand_points(*combos[0])  # builds the rank table
    t_hp = per_call(hand_points, combos, repeat=5)
    t_sh = per_call(score_hand, combos[:10_000], repeat=3)
    t_ref = per_call(reference_card_score, combos[:10_000], repeat=3)
    agree = sum(hand_points(h, s) == score_hand(h, s).total == reference_card_score(h, s) for h, s in combos[:20_000])
    print("per call, random hand + starter (Card objects):")
    print(f"  hand_points  {t_hp:7.2f} µs   ({t_ref / t_hp:5.1f}x the reference)")
    print(f"  score_hand   {t_sh:7.2f} µs   ({t_ref / t_sh:5.1f}x the reference; itemised)")
    print(f"  reference    {t_ref:7.2f} µs")
    print(f"  all three agree on {agree:,} of 20,000 random combinations")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as exc:  # a benchmark reports, it never fails CI
        print(f"benchmark error: {exc!r}")
        sys.exit(0)

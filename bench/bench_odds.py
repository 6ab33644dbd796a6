"""The win-chance table against direct simulation of whole games.

From each of ``--positions`` sampled positions (target, my score, the opponent's, who deals;
half anywhere in the game, half with both sides within 40 of the target, a quarter of them
in games to 61), ``--games`` whole expert-versus-expert games are played, and the share I win
is set against the table. The stated margin is 2 points (``--margin``): the table passes a
position when its value lies within 2 points of the simulated share, or within the simulation's
own 95% interval widened by 1 point (a figure from ``--games`` games has its own error: about
1 point at 3,000 games). Printed per position, then the mean and largest differences, how many
positions lie within 2 points, and the mean squared z (about 1 when the table is right within
the simulation's error).

    nice -n 19 .venv/bin/python bench/bench_odds.py [--positions 32] [--games 3000] [--quick]

About 25 minutes at the defaults on one core; ``--quick`` (8 positions, 500 games) about 1.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from spoken_cribbage.ai.odds import load_table  # noqa: E402
from spoken_cribbage.ai.players import warm_up  # noqa: E402
from spoken_cribbage.ai.simulate import wilson_interval, wins_from  # noqa: E402


def sample_positions(n: int, seed: int = 2024) -> list[tuple[int, int, int, bool]]:
    """(target, me, opponent, me dealing): half anywhere, half near the end; a quarter to 61."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        target = 61 if i % 4 == 3 else 121
        if i % 2 == 0:
            me, opp = rng.randrange(target), rng.randrange(target)
        else:
            lo = max(0, target - 40)
            me, opp = rng.randrange(lo, target), rng.randrange(lo, target)
        out.append((target, me, opp, rng.random() < 0.5))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=32)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--margin", type=float, default=2.0, help="points (default 2)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="8 positions, 500 games")
    args = ap.parse_args(argv)
    if args.quick:
        args.positions, args.games = 8, 500
    warm_up()
    tables = {t: load_table(t) for t in (121, 61)}
    print(f"table: {tables[121].deals} deals, {tables[121].seconds} s of play, made {tables[121].made}")
    print(f"{args.positions} positions, {args.games} games each, margin {args.margin:g} points")
    print(
        f"{'target':>6} {'me':>4} {'opp':>4} {'deals':>8} {'table':>6} {'sim':>6} "
        f"{'95% CI':>13} {'diff':>6} {'z':>5}  ok"
    )
    diffs, z2, within, passed = [], [], 0, 0
    start = time.monotonic()
    for k, (target, me, opp, me_deals) in enumerate(sample_positions(args.positions)):
        table = tables[target].win(me, opp, me_dealing=me_deals)
        won = wins_from((me, opp), 0 if me_deals else 1, args.games, args.seed * 1000 + k, target=target)
        sim = won / args.games
        lo, hi = wilson_interval(won, args.games)
        diff = 100 * (table - sim)
        se = math.sqrt(max(sim * (1 - sim), 1e-4) / args.games)
        z = (table - sim) / se
        ok_margin = abs(diff) <= args.margin
        ok = ok_margin or (lo - 0.01 <= table <= hi + 0.01)
        diffs.append(diff)
        z2.append(z * z)
        within += ok_margin
        passed += ok
        print(
            f"{target:>6} {me:>4} {opp:>4} {'me' if me_deals else 'opponent':>8} "
            f"{100 * table:6.1f} {100 * sim:6.1f} {100 * lo:6.1f}-{100 * hi:<6.1f} "
            f"{diff:+6.1f} {z:+5.1f}  {'yes' if ok else 'NO'}",
            flush=True,
        )
    n = len(diffs)
    print(
        f"mean difference {sum(diffs) / n:+.2f} points, mean absolute "
        f"{sum(abs(d) for d in diffs) / n:.2f}, largest {max(abs(d) for d in diffs):.2f}"
    )
    print(
        f"within {args.margin:g} points: {within} of {n}; within {args.margin:g} points or the "
        f"simulation's 95% interval widened by 1 point: {passed} of {n}"
    )
    print(f"mean squared z {sum(z2) / n:.2f} (about 1 if the table is right within the simulation's error)")
    print(f"{time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

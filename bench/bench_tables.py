"""Figures for tables of three to six players (``spoken-cribbage simulate --players``).

    .venv/bin/python bench/bench_tables.py [--games 1500] [--workers 2] [--quick] [--json FILE]

Plays all-expert games at each table the rules allow (3 alone, 4 in two teams, 4 alone, 5, 6
alone, 6 in two teams of three, 6 in three teams of two), then an expert team against a standard
team at four players, and prints one Markdown row per table: the wins of each side with their
95% Wilson intervals, the first dealer's side's wins against the even share, the points per deal
of a dealer and of a seat not dealing, and the time. Seeds 201 to 208, one a table. Never fails.
``--quick`` plays 60 games a table (a smoke run).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from spoken_cribbage.ai.simulate import simulate  # noqa: E402

#: (name, levels, teams, seed)
TABLES = [
    ("3 alone", ["expert"] * 3, None, 201),
    ("4 in two teams", ["expert"] * 4, None, 202),
    ("4 alone", ["expert"] * 4, 0, 203),
    ("5 alone", ["expert"] * 5, None, 204),
    ("6 alone", ["expert"] * 6, None, 205),
    ("6 in two teams of three", ["expert"] * 6, 2, 206),
    ("6 in three teams of two", ["expert"] * 6, 3, 207),
    ("4: expert team (seats 0, 2) vs standard team (1, 3)", ["expert", "standard", "expert", "standard"], None, 208),
]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _row(name: str, s: dict) -> str:
    sides = []
    for b in s["by_side"]:
        lo, hi = b["ci95"]
        who = f"seat {b['seats'][0]}" if len(b["seats"]) == 1 else "seats " + "+".join(str(x) for x in b["seats"])
        sides.append(f"{who} {_pct(b['win_rate'])} ({100 * lo:.1f}-{100 * hi:.1f})")
    lo, hi = s["first_dealer_ci95"]
    roles = s["per_deal"]["by_role"]
    return (
        f"| {name} | {s['games']:,} | {s['seed']} | {'; '.join(sides)} | "
        f"{_pct(s['first_dealer_win_rate'])} ({100 * lo:.1f}-{100 * hi:.1f}), even "
        f"{_pct(s['table']['even_share'])} | {roles['dealer']['total']:.2f} / "
        f"{roles['pone']['total']:.2f} | {s['seconds']:.0f} s |"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", default=None, help="write every summary to this file")
    args = ap.parse_args(argv)
    games = 60 if args.quick else args.games
    print(
        "| Table | Games | Seed | Wins by side (95% CI) | First dealer's side (95% CI) | "
        "Points per deal, dealer / not dealing | Time |"
    )
    print("|---|---|---|---|---|---|---|")
    out = []
    start = time.monotonic()
    for name, levels, teams, seed in TABLES:
        s = simulate(levels, games, seed, workers=args.workers, teams=teams)
        out.append({"name": name, **s})
        print(_row(name, s), flush=True)
    print(f"\nall tables: {time.monotonic() - start:.0f} s with {args.workers} worker(s)")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

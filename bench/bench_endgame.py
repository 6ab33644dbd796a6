"""The expert that plays for the game against the expert that plays for points.

``expert`` (discards and plays by the chance to win near the end: ``spoken_cribbage/ai/
endgame.py`` and the win-chance table) against ``expert-points`` (the same player without
them), in ``--games`` whole games to 121: half with the expert in seat 0, half in seat 1, on
the same deals (game ``i`` of each half has the same seed, so each pair of games deals the same
cards to the two players the other way round); the first dealer alternates from game to game.
The games are `simulate --paired` (spoken_cribbage/ai/simulate.py). Prints the games, the
expert's win rate with its 95% interval over the pairs (the two games of a pair are not
independent: the interval is taken over the pairs' scores, 1, 1/2 or 0), PASS when its lower
bound lies above 50% (FAIL otherwise; the benchmark itself never fails), the Wilson interval
that would treat the games as independent (wider), the pairs won twice by either player, the
time taken, and the decision times of both levels on the same end-game positions.

    .venv/bin/python bench/bench_endgame.py [--games 20000] [--seed 1] [--workers 2] [--quick]

About 25 minutes of processor time at the default (12 to 13 minutes on two free cores);
``--quick`` (400 games) about 30 seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from spoken_cribbage.ai import endgame  # noqa: E402
from spoken_cribbage.ai.players import make_player, warm_up  # noqa: E402
from spoken_cribbage.ai.simulate import simulate, wilson_interval  # noqa: E402
from spoken_cribbage.engine.game import Game  # noqa: E402

EXPERT, BASELINE = "expert", "expert-points"


def positions(n: int, seed: int = 3):
    """End-game discard and play observations: one deal from scores within 40 of 121."""
    rng = random.Random(seed)
    discards, plays = [], []
    players = [make_player(EXPERT, random.Random(seed + s)) for s in range(2)]
    g = 0
    while len(discards) < n or len(plays) < n:
        game = Game(seed=seed * 1000 + g, first_dealer=g % 2, scores=(rng.randrange(81, 121), rng.randrange(81, 121)))
        g += 1
        while game.phase in ("discard", "play") and game.winner is None:
            seats = list(game.pending_discards()) if game.phase == "discard" else [game.to_act]
            for seat in seats:
                obs = game.observation(seat)
                if obs.phase == "discard":
                    discards.append(obs)
                elif len(obs.legal) > 1:
                    plays.append(obs)
                game.apply(players[seat].act(obs))
                if game.winner is not None:
                    break
    return discards[:n], plays[:n]


def timed(level: str, observations) -> list[float]:
    player = make_player(level, random.Random(1))
    out = []
    for obs in observations:
        t = time.perf_counter()
        player.act(obs)
        out.append((time.perf_counter() - t) * 1000.0)
    return out


def summary(ms: list[float]) -> str:
    ms = sorted(ms)
    return f"median {statistics.median(ms):6.2f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:6.2f} ms, max {ms[-1]:6.2f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20_000, help="games in all (even)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--positions", type=int, default=300, help="end-game positions timed")
    ap.add_argument("--quick", action="store_true", help="400 games, 100 positions")
    ap.add_argument("--workers", type=int, default=2, help="processes that share the games")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args(argv)
    if args.quick:
        args.games, args.positions = 400, 100
    pairs = max(1, args.games // 2)

    # decision times: first the first end-game discard of this process (it loads the win-chance
    # table and the end-game data and enumerates the cribs of its 15 splits), then positions
    warm_up()
    first_ms = timed(EXPERT, [Game(seed=args.seed, first_dealer=0, scores=(100, 105)).observation(0)])[0]
    print(f"first end-game discard in this process (loads the table and data): {first_ms:.0f} ms")
    discards, plays = positions(args.positions)
    times = {}
    for level in (EXPERT, BASELINE):
        times[level] = (timed(level, discards), timed(level, plays))
        print(f"{level:>14}: discard {summary(times[level][0])}; play {summary(times[level][1])}")
    ratio_d = statistics.median(times[EXPERT][0]) / statistics.median(times[BASELINE][0])
    ratio_p = statistics.median(times[EXPERT][1]) / statistics.median(times[BASELINE][1])
    print(
        f"  expert / expert-points at the median: discard {ratio_d:.1f}x, play {ratio_p:.1f}x "
        f"({len(discards)} discards and {len(plays)} plays within 40 of the target)"
    )

    # the games: simulate's paired mode (game i of each half on the same cards, seats swapped)
    print(
        f"{2 * pairs} games, {EXPERT} against {BASELINE}, seed {args.seed}, paired, "
        f"{args.workers} processes (end game within {endgame.NEAR} points for discards and "
        f"{endgame.NEAR_PLAY} for plays)",
        flush=True,
    )

    def progress(done: int, total: int, elapsed: float) -> None:
        print(f"  {done} of {total} games, {elapsed:.0f} s", file=sys.stderr, flush=True)

    s = simulate(
        [EXPERT, BASELINE],
        2 * pairs,
        args.seed,
        workers=args.workers,
        progress=progress,
        progress_every=60,
        paired=True,
    )
    seconds = s["seconds"]
    games, wins = s["games"], s["wins"][0]
    pr = s["paired"]
    both, lost_both, split = pr["won_both"][0], pr["won_both"][1], pr["split"]
    lo, hi = pr["ci95"]
    wlo, whi = wilson_interval(wins, games)
    verdict = "PASS" if lo > 0.5 else "FAIL"
    print(f"games {games}: {EXPERT} won {wins} ({wins / games:.2%})")
    print(
        f"  95% interval over the {pr['pairs']} pairs: {lo:.2%} to {hi:.2%}: {verdict} "
        f"(lower bound {'above' if lo > 0.5 else 'not above'} 50%)"
    )
    print(
        f"  (a Wilson interval that treats the {games} games as independent, which the pairs "
        f"are not: {wlo:.2%} to {whi:.2%})"
    )
    print(
        f"  pairs of games on the same cards: {EXPERT} won both {both}, {BASELINE} won both "
        f"{lost_both}, one each {split}"
    )
    print(
        f"  time: {seconds:.0f} s ({seconds / 60:.1f} min, {1000 * seconds / games:.0f} ms a game "
        f"of wall time with {args.workers} processes)"
    )
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "games": games,
                    "seed": args.seed,
                    "wins": wins,
                    "win_rate": round(wins / games, 4),
                    "ci95": [round(lo, 4), round(hi, 4)],
                    "ci95_wilson": [round(wlo, 4), round(whi, 4)],
                    "pass": lo > 0.5,
                    "pairs_won_both": both,
                    "pairs_lost_both": lost_both,
                    "pairs_split": split,
                    "seconds": round(seconds),
                    "workers": args.workers,
                    "near": endgame.NEAR,
                    "near_play": endgame.NEAR_PLAY,
                    "decision_ms": {
                        lv: {
                            "discard_median": round(statistics.median(d), 3),
                            "discard_max": round(max(d), 3),
                            "play_median": round(statistics.median(p), 3),
                            "play_max": round(max(p), 3),
                        }
                        for lv, (d, p) in times.items()
                    },
                    "first_discard_ms": round(first_ms, 1),
                },
                indent=1,
            )
            + "\n"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

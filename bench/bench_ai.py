"""Benchmark the computer player: decision times and simulated games per second.

    python bench/bench_ai.py [--positions 2000] [--games 40]

Positions are collected from expert self-play games (every discard, and every play with a real
choice). Each decision is timed on its own; medians and 95th percentiles are printed, with the
random player on the same positions as the in-process baseline. Targets from the issue: expert
discard under 10 ms and pegging under 5 ms at the median; at least 5 expert games per second per
core. Never gates CI.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from spoken_cribbage.ai.players import make_player  # noqa: E402
from spoken_cribbage.ai.simulate import play_game  # noqa: E402
from spoken_cribbage.engine.game import Game  # noqa: E402


def collect(n: int, seed: int = 7):
    """Discard and play observations from expert self-play, ``n`` of each at most."""
    discards, plays = [], []
    players = [make_player("expert", random.Random(seed + s)) for s in range(2)]
    g_seed = seed
    while len(discards) < n or len(plays) < n:
        game = Game(seed=g_seed)
        g_seed += 1
        while game.winner is None:
            seats = (
                list(game.pending_discards())
                if game.phase == "discard"
                else ([game.to_act] if game.to_act is not None else [0])
            )
            for seat in seats:
                obs = game.observation(seat)
                if obs.phase == "discard":
                    discards.append(obs)
                elif obs.phase == "play" and len(obs.legal) > 1:
                    plays.append(obs)
                game.apply(players[seat].act(obs))
                if game.winner is not None:
                    break
    return discards[:n], plays[:n]


def time_decisions(level: str, observations) -> list[float]:
    player = make_player(level, random.Random(1))
    out = []
    for obs in observations:
        t = time.perf_counter()
        player.act(obs)
        out.append((time.perf_counter() - t) * 1000.0)
    return out


def report(name: str, ms: list[float], base: list[float]) -> None:
    med = statistics.median(ms)
    p95 = sorted(ms)[int(0.95 * (len(ms) - 1))]
    ratio = med / max(statistics.median(base), 1e-9)
    print(
        f"{name:<22} median {med:7.3f} ms   p95 {p95:7.3f} ms   max {max(ms):7.3f} ms   x{ratio:,.0f} the random player"
    )


def _fit_batch(seed: int) -> list[list[float]]:
    """Rows (is_dealer, features..., own pegging minus opponent's) for 60 self-play games."""
    from spoken_cribbage.ai.players import _pegging_features
    from spoken_cribbage.engine.game import DealEnded, Scored

    rows: list[list[float]] = []
    players = [make_player("expert", random.Random(seed * 2 + s)) for s in range(2)]
    for gi in range(60):
        game = Game(seed=seed * 1000 + gi)
        peg = [0, 0]
        while game.winner is None:
            seats = (
                list(game.pending_discards())
                if game.phase == "discard"
                else ([game.to_act] if game.to_act is not None else [0])
            )
            for s in seats:
                for ev in game.apply(players[s].act(game.observation(s))):
                    if isinstance(ev, Scored) and ev.reason in ("play", "go", "last"):
                        peg[ev.seat] += ev.points
                    elif isinstance(ev, DealEnded):
                        for seat in range(2):
                            rows.append(
                                [
                                    float(seat == game.dealer),
                                    *_pegging_features(game.kept[seat]),
                                    peg[seat] - peg[1 - seat],
                                ]
                            )
                        peg = [0, 0]
                if game.winner is not None:
                    break
    return rows


def fit_pegging(batches: int) -> None:
    """Least-squares fit of the pegging correction used by the expert discard (ai._PEG_COEF)."""
    from multiprocessing import Pool

    import numpy as np

    with Pool(2) as pool:
        parts = pool.map(_fit_batch, range(batches))
    data = np.array([r for part in parts for r in part])
    names = ["pairs", "low", "fives", "tens", "fifteens", "adjacent", "sum/10"]
    for dealer in (0.0, 1.0):
        sel = data[data[:, 0] == dealer]
        x = np.c_[np.ones(len(sel)), sel[:, 1:-1]]
        coef, *_ = np.linalg.lstsq(x, sel[:, -1], rcond=None)
        print(
            "dealer" if dealer else "pone",
            len(sel),
            "deals:",
            " ".join(f"{n} {c:+.3f}" for n, c in zip(["const"] + names, coef, strict=True)),
        )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument(
        "--fit-pegging",
        type=int,
        default=0,
        metavar="BATCHES",
        help="instead: refit the expert's pegging correction on BATCHES x 60 games",
    )
    args = ap.parse_args()
    if args.fit_pegging:
        fit_pegging(args.fit_pegging)
        return 0
    discards, plays = collect(args.positions)
    print(f"{len(discards)} discard and {len(plays)} play positions from expert self-play")
    for level in ("expert", "standard"):
        report(f"{level} discard", time_decisions(level, discards), time_decisions("random", discards))
        report(f"{level} pegging", time_decisions(level, plays), time_decisions("random", plays))
    for levels in (("random", "random"), ("expert", "expert")):
        t = time.perf_counter()
        for i in range(args.games):
            play_game(levels, i, seed=11)
        dt = time.perf_counter() - t
        print(
            f"{','.join(levels):<22} {args.games / dt:7.1f} games per second on one core "
            f"({1000 * dt / args.games:.1f} ms per game)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

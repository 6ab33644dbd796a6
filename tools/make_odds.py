"""Generate ``spoken_cribbage/ai/data/win_chances.json``: the chance that each side wins, for
every pair of scores and either dealer, in games to 121 and to 61, for two expert players.

The players are the ``expert-points`` level: the expert as it was when the table was made,
whose choices depend on the scores only through the classes below. The ``expert`` level now
reads this table near the end of a game, so its choices depend on the exact scores and it
cannot be played by view classes; its games differ from ``expert-points`` only near the end.

Method (expert self-play, then dynamic programming over the scores):

1. **Deals.** Expert-versus-expert deals are played to the end of the show, and each deal's
   points are recorded in the order they were pegged: heels, the play (dealer and pone in turn),
   the pone's hand, the dealer's hand, the crib. The order matters: at the end of a game the
   first side to reach the target wins, and the pone counts first.

2. **How the expert sees the scores.** The expert's choices depend on the scores only through
   its own need (the points it lacks; exactly, from 1 to 36: its end-game discard) and through
   whether the opponent needs 4 or fewer, 5 to 7, or more (its pegging defence and attack).
   A player needing 37 or more plays as at the start of a game. Before playing, this script
   checks that on a sample of decisions (``check_view_classes``) and stops if it does not hold.
   Each deal is played in a game whose target cannot be reached, with each player shown the
   scores of the situation being studied (its observation's scores and target), so a deal's
   whole point trace is kept.

   * The base pool: ``--deals`` deals, both players far from the end (needs 80 and 60).
   * One pool per *class* of a player's view (dealer or pone; own need 1..36 or far; the
     opponent's need group): ``--class-deals`` deals each, the same cards as base deals (common
     random numbers: the expert is deterministic, so a class deal differs from its base deal
     only where the class's end-game play differs). That player sees the class; the other
     plays as in the base pool.

3. **Dynamic programming.** W(x, y) is the chance that the dealer of the coming deal wins with
   the dealer at x and the pone at y. From the highest total of scores down, for each state:
   over the base pool, a deal in which the dealer reaches the target first counts 1, the pone
   first 0, neither 1 - W(y + pone's points, x + dealer's points) (the pone deals next). The
   change the dealer's class makes (class deal minus its base deal, averaged over the class
   pool) is added, and so is the pone's (the two players' end-game changes taken as additive;
   measured interaction under 0.1 point at the classes tried). Values are clipped to [0, 1] and
   kept monotone (more points never lower a side's chance); the largest such adjustment is
   recorded in the file.

The traces are cached (``--cache``, default a folder in the system's temporary folder), so a
run that was stopped resumes, and ``--table-only`` rebuilds the table from them. The time
recorded (``seconds_playing``) is the processor time spent playing the deals, on one core.

Run:  nice -n 19 python tools/make_odds.py [--deals 150000] [--class-deals 1500]
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spoken_cribbage.ai.players import make_player, warm_up  # noqa: E402
from spoken_cribbage.engine.game import DealEnded, Game, Scored  # noqa: E402

OUT = ROOT / "spoken_cribbage" / "ai" / "data" / "win_chances.json"
GENERATOR_VERSION = 1
TARGETS = (121, 61)
NMAX = max(TARGETS)

#: A need of FAR or more: the expert plays as at the start of a game.
FAR = 37
#: The opponent's need, in the groups the expert tells apart: 1-4, 5-7, 8 or more.
OPP_GROUPS = ((1, 4), (5, 7), (8, NMAX))
#: What a player is shown for its view: its own need (far: FAR_SHOWN), the opponent's need for
#: each group (any member would do, once check_view_classes has passed).
FAR_SHOWN = 80
OPP_SHOWN = (3, 6, 60)
FAR_GROUP = 2
VIEW_TARGET = 121
UNREACHABLE = 1_000_000


def opp_group(need: int) -> int:
    return next(i for i, (lo, hi) in enumerate(OPP_GROUPS) if lo <= need <= hi)


def classes() -> list[tuple[int, int, int]]:
    """Every (role, own need, opponent group) that is not the base view: role 0 dealer, 1 pone;
    own need 1..36, or FAR."""
    return [
        (role, n, grp)
        for role in (0, 1)
        for n in range(1, FAR + 1)
        for grp in range(3)
        if not (n == FAR and grp == FAR_GROUP)
    ]


def class_of(role: int, own_need: int, opp_need: int) -> tuple[int, int, int] | None:
    """The class of a player's view, or None for the base view."""
    n = min(own_need, FAR)
    grp = opp_group(opp_need)
    return None if (n == FAR and grp == FAR_GROUP) else (role, n, grp)


def shown(own: int, grp: int) -> tuple[int, int]:
    """(own need, opponent need) shown to a player of a class."""
    return (FAR_SHOWN if own >= FAR else own, OPP_SHOWN[grp])


BASE_VIEW = shown(FAR, FAR_GROUP)

# ----------------------------------------------------------------------------- deals


def _observe(game: Game, seat: int, view: tuple[int, int]):
    obs = game.observation(seat)
    scores = [0, 0]
    scores[seat] = VIEW_TARGET - view[0]
    scores[1 - seat] = VIEW_TARGET - view[1]
    return dataclasses.replace(obs, scores=tuple(scores), target=VIEW_TARGET)


def play_deal(seed: int, dealer_view: tuple[int, int], pone_view: tuple[int, int]) -> list[int]:
    """One expert-versus-expert deal, dealt from ``seed``; each player sees its view (own need,
    opponent's need). The points in the order pegged: + for the dealer, - for the pone."""
    game = Game(target=UNREACHABLE, seed=seed, first_dealer=0)
    players = [make_player("expert-points", random.Random(seed)) for _ in range(2)]
    views = (dealer_view, pone_view)
    trace: list[int] = []
    while True:
        if game.phase == "discard":
            seats = list(game.pending_discards())
        else:
            seats = [game.to_act if game.to_act is not None else 0]
        for seat in seats:
            for ev in game.apply(players[seat].act(_observe(game, seat, views[seat]))):
                if isinstance(ev, Scored):
                    trace.append(ev.points if ev.seat == 0 else -ev.points)
                elif isinstance(ev, DealEnded):
                    return trace


def check_view_classes(deals: int = 60, seed: int = 7_000_000) -> int:
    """Check, on the decisions of ``deals`` deals, that the expert's choice is the same for
    every view of one class. Returns the number of decisions checked; raises SystemExit if a
    choice differs."""
    player = make_player("expert-points", random.Random(0))
    same_groups = [[(own, opp) for own in (37, 50, 80, 120) for opp in (8, 20, 60, 120)]]
    for own in (10, 80):
        same_groups += [[(own, opp) for opp in (1, 2, 3, 4)], [(own, opp) for opp in (5, 6, 7)]]
    for own in (3, 12, 24, 36):
        same_groups.append([(own, opp) for opp in (8, 30, 60, 120)])
    checked = 0
    for i in range(deals):
        game = Game(target=UNREACHABLE, seed=seed + i, first_dealer=0)
        while game.phase in ("discard", "play"):
            seats = list(game.pending_discards()) if game.phase == "discard" else [game.to_act]
            for seat in seats:
                if len(game.observation(seat).legal) > 1:
                    for group in same_groups:
                        acts = {player.act(_observe(game, seat, v)) for v in group}
                        if len(acts) != 1:
                            raise SystemExit(
                                f"make_odds: the expert's choice changes within a "
                                f"view class {group}: the classes need revising"
                            )
                    checked += 1
                game.apply(player.act(_observe(game, seat, BASE_VIEW)))
    return checked


# ----------------------------------------------------------------------------- pools


class Pool:
    """Deal traces: ``flat`` (points, + dealer, - pone) and ``offsets`` (deal i is
    flat[offsets[i]:offsets[i+1]])."""

    def __init__(self, traces: list[list[int]]):
        self.offsets = np.zeros(len(traces) + 1, dtype=np.int64)
        self.offsets[1:] = np.cumsum([len(t) for t in traces])
        self.flat = np.array([p for t in traces for p in t], dtype=np.int16)

    @classmethod
    def load(cls, path: Path) -> Pool:
        with np.load(path) as z:
            pool = cls([])
            pool.flat, pool.offsets = z["flat"], z["offsets"]
            return pool

    def save(self, path: Path) -> None:
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, flat=self.flat, offsets=self.offsets)
        tmp.replace(path)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def trace(self, i: int) -> np.ndarray:
        return self.flat[self.offsets[i] : self.offsets[i + 1]]


def _play_pool(seeds: list[int], views: list[tuple[tuple[int, int], tuple[int, int]]], progress=None) -> Pool:
    traces = []
    for k, (s, (dv, pv)) in enumerate(zip(seeds, views, strict=True)):
        traces.append(play_deal(s, dv, pv))
        if progress is not None:
            progress(k + 1)
    return Pool(traces)


def class_seeds(index: int, per_class: int, base: int) -> list[int]:
    """Indices into the base pool of the deals a class replays."""
    return [(index * per_class + k) % base for k in range(per_class)]


# ----------------------------------------------------------------------------- statistics


class Stats:
    """What the dynamic programming needs from a set of deals, as counts (a difference of two
    sets may be negative): ``wins[nd, np]`` the deals in which the dealer gains ``nd`` points
    before the pone gains ``np``; ``ends``: (dealer points, pone points, count) of every deal."""

    def __init__(self, n: int):
        self.n = n
        self.first = np.zeros((NMAX + 2, NMAX + 2), dtype=np.int64)  # [nd, pone's points then]
        self.totals = np.zeros((NMAX * 2 + 2, NMAX * 2 + 2), dtype=np.int64)

    def add(self, trace: np.ndarray, sign: int = 1) -> None:
        d = p = 0
        for pts in trace.tolist():
            if pts > 0:
                for need in range(d + 1, min(d + pts, NMAX) + 1):
                    self.first[need, min(p, NMAX + 1)] += sign
                d += pts
            else:
                p -= pts
        self.totals[min(d, 2 * NMAX + 1), min(p, 2 * NMAX + 1)] += sign

    def finish(self) -> None:
        # wins[nd, np] = deals where the dealer reaches nd while the pone has fewer than np
        c = np.cumsum(self.first, axis=1)
        self.wins = np.zeros_like(self.first)
        self.wins[:, 1:] = c[:, :-1]
        gd, gp = np.nonzero(self.totals)
        self.gd, self.gp = gd, gp
        self.count = self.totals[gd, gp].astype(np.float64)


def base_stats(pool: Pool) -> Stats:
    st = Stats(len(pool))
    for i in range(len(pool)):
        st.add(pool.trace(i))
    st.finish()
    return st


def class_stats(pool: Pool, base: Pool, seeds: list[int]) -> Stats:
    """The class deals minus the base deals with the same cards."""
    st = Stats(len(pool))
    for k, i in enumerate(seeds):
        a, b = pool.trace(k), base.trace(i)
        if len(a) == len(b) and np.array_equal(a, b):
            continue
        st.add(a, 1)
        st.add(b, -1)
    st.finish()
    return st


# ----------------------------------------------------------------------------- the table


def _term(st: Stats, nd: int, np_: int, x: int, y: int, W: np.ndarray) -> float:
    m = (st.gd < nd) & (st.gp < np_)
    total = float(st.wins[nd, np_])
    if m.any():
        total += float(np.dot(st.count[m], 1.0 - W[y + st.gp[m], x + st.gd[m]]))
    return total / st.n


def solve(target: int, base: Stats, by_class: dict[tuple[int, int, int], Stats]) -> tuple[np.ndarray, float]:
    """W[x, y]: the chance the dealer wins, dealer at x, pone at y. Also the largest change
    made to keep the table within [0, 1] and monotone."""
    T = target
    W = np.zeros((T, T))
    worst = 0.0
    for s in range(2 * T - 2, -1, -1):
        for x in range(max(0, s - T + 1), min(s, T - 1) + 1):
            y = s - x
            nd, np_ = T - x, T - y
            v = _term(base, nd, np_, x, y, W)
            for key in (class_of(0, nd, np_), class_of(1, np_, nd)):
                if key is not None and key in by_class:
                    v += _term(by_class[key], nd, np_, x, y, W)
            lo = W[x, y + 1] if y + 1 < T else 0.0
            hi = W[x + 1, y] if x + 1 < T else 1.0
            w = min(max(v, lo, 0.0), hi, 1.0)
            worst = max(worst, abs(w - v))
            W[x, y] = w
    return W, worst


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=150_000, help="deals in the base pool")
    ap.add_argument("--class-deals", type=int, default=1500, help="deals per view class")
    ap.add_argument("--seed", type=int, default=1, help="seeds base * 10,000,000 + i")
    ap.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "make-odds",
        help="folder for the deal traces (resumes a stopped run)",
    )
    ap.add_argument("--table-only", action="store_true", help="use cached traces only")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)

    warm_up()
    started = time.time()
    cache = args.cache / f"seed{args.seed}-v{GENERATOR_VERSION}"
    cache.mkdir(parents=True, exist_ok=True)
    seed0 = args.seed * 10_000_000
    play_seconds = 0.0
    timing = cache / "seconds.json"
    if timing.exists():
        play_seconds = json.loads(timing.read_text()).get("play", 0.0)

    def note_seconds(extra: float) -> None:
        nonlocal play_seconds
        play_seconds += extra
        timing.write_text(json.dumps({"play": play_seconds}))

    if not args.table_only:
        t = time.time()
        checked = check_view_classes()
        print(f"view classes checked on {checked} decisions ({time.time() - t:.0f} s)", file=sys.stderr, flush=True)

    # the base pool, in chunks of 10,000 deals
    chunk = 10_000
    parts = []
    for start in range(0, args.deals, chunk):
        n = min(chunk, args.deals - start)
        path = cache / f"base-{start}-{n}.npz"
        if not path.exists():
            if args.table_only:
                raise SystemExit(f"make_odds: no cached traces {path}")
            t = time.process_time()
            pool = _play_pool([seed0 + start + k for k in range(n)], [(BASE_VIEW, BASE_VIEW)] * n)
            pool.save(path)
            spent = time.process_time() - t
            note_seconds(spent)
            print(
                f"base deals {start + n} of {args.deals}: {spent:.0f} s, {1000 * spent / n:.2f} ms a deal",
                file=sys.stderr,
                flush=True,
            )
        parts.append(Pool.load(path))
    base = Pool([])
    base.flat = np.concatenate([p.flat for p in parts])
    lens = np.concatenate([np.diff(p.offsets) for p in parts])
    base.offsets = np.concatenate([[0], np.cumsum(lens)])
    assert len(base) == args.deals

    # the class pools
    by_class: dict[tuple[int, int, int], Stats] = {}
    keys = classes()
    t_classes = time.time()
    for idx, key in enumerate(keys):
        role, own, grp = key
        seeds = class_seeds(idx, args.class_deals, args.deals)
        path = cache / f"class-{role}-{own}-{grp}-{args.class_deals}-{args.deals}.npz"
        if not path.exists():
            if args.table_only:
                raise SystemExit(f"make_odds: no cached traces {path}")
            t = time.process_time()
            view = shown(own, grp)
            views = [(view, BASE_VIEW) if role == 0 else (BASE_VIEW, view)] * len(seeds)
            pool = _play_pool([seed0 + i for i in seeds], views)
            pool.save(path)
            spent = time.process_time() - t
            note_seconds(spent)
            print(
                f"class {idx + 1} of {len(keys)} {key}: {spent:.0f} s ({time.time() - t_classes:.0f} s so far)",
                file=sys.stderr,
                flush=True,
            )
        pool = Pool.load(path)
        by_class[key] = class_stats(pool, base, seeds)

    t = time.time()
    stats = base_stats(base)
    tables = {}
    adjust = {}
    for target in TARGETS:
        W, worst = solve(target, stats, by_class)
        tables[str(target)] = [[round(float(v), 4) for v in row] for row in W]
        adjust[str(target)] = round(float(worst), 4)
    table_seconds = time.time() - t
    total_deals = args.deals + len(keys) * args.class_deals
    data = {
        "description": (
            "The chance that the dealer of the coming deal wins a two-player game "
            "between expert players: tables[target][x][y] with the dealer at x "
            "points and the pone at y. The other side's chance is 1 minus it."
        ),
        "generator": "tools/make_odds.py",
        "generator_version": GENERATOR_VERSION,
        "made": dt.date.today().isoformat(),
        "deals": total_deals,
        "base_deals": args.deals,
        "class_deals": args.class_deals,
        "classes": len(keys),
        "seed": args.seed,
        "seconds_playing": round(play_seconds),
        "seconds_table": round(table_seconds),
        "largest_adjustment": adjust,
        "targets": list(TARGETS),
        "tables": tables,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    t121 = tables["121"]
    print(
        f"wrote {args.out}: {total_deals} deals, {play_seconds:.0f} s playing, "
        f"{table_seconds:.0f} s for the tables ({time.time() - started:.0f} s this run); "
        f"dealer at 0-0 to 121: {t121[0][0]:.4f}; to 61: {tables['61'][0][0]:.4f}; "
        f"largest adjustment {adjust}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The long robustness runs behind docs/README-robustness.md.

    .venv/bin/python bench/soak.py kills --kills 1000 --real 50     # SIGKILL and resume
    .venv/bin/python bench/soak.py soak --games 10000               # memory over many games
    .venv/bin/python bench/soak.py fuzz --inputs 1000000            # random text everywhere

Each writes bench/out/robust-<what>.json and prints a short summary.

kills: scripted games (testkit/robust_support.py) run as forked children of a warmed-up parent
(cheap: no interpreter start-up) on tmpfs, and as real `spoken-cribbage` processes on the disk,
each SIGKILLed at random moments and restarted with "y" and the rest of its script; each game
must end with exactly the actions and scores of its uninterrupted run, with exactly one game in
the statistics and nothing moved aside.

soak: computer-vs-computer games through the whole stack (commands typed into a Session, the
Keeper saving after every action and recording statistics), with RSS, live objects and
(optionally) tracemalloc sampled every 500 games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from testkit import robust_support as rs  # noqa: E402

OUT = ROOT / "bench" / "out"


def _fast_dir() -> str | None:
    return "/dev/shm" if os.access("/dev/shm", os.W_OK) else None


def run_kills(args) -> dict:
    from spoken_cribbage.app.persist import Keeper

    rs.warm_up()
    rng = random.Random(args.seed)
    total = rs.KillReport()
    games = 0
    t0 = time.time()
    levels = ("easy", "standard", "expert")
    seed = args.seed * 1000
    failures = []

    def check(script, home):
        nonlocal games
        games += 1
        fin = rs.final_actions(home)
        k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "stats.sqlite3")
        k.load()
        s = k.stats_db.summary()
        bad = [n for n in os.listdir(home) if ".bad-" in n]
        if fin != script.actions or s["games"] != 1 or s["abandoned"] or bad:
            failures.append(
                {
                    "seed": script.seed,
                    "same_actions": fin == script.actions,
                    "stats_games": s["games"],
                    "bad_files": bad,
                    "home": str(home),
                }
            )
        else:
            shutil.rmtree(home, ignore_errors=True)

    # Forked children on tmpfs.
    while total.kills < args.kills:
        seed += 1
        script = rs.make_script(seed, levels[seed % 3])
        t = time.monotonic()
        clean = Path(tempfile.mkdtemp(prefix="k-", dir=_fast_dir()))
        rs.run_forked(script, clean, None)
        span = max(time.monotonic() - t, 0.02)
        shutil.rmtree(clean, ignore_errors=True)
        home = Path(tempfile.mkdtemp(prefix="k-", dir=_fast_dir()))
        rs.play_with_kills(script, home, rng, span, max_kills=min(25, args.kills - total.kills), report=total)
        check(script, home)
        if games % 10 == 0:
            print(f"  {total.kills} kills, {games} games, {len(failures)} failures", flush=True)
    forked = dict(vars(total), games=games, seconds=round(time.time() - t0, 1))
    # Real processes on the disk.
    real = rs.KillReport()
    g0, t1 = games, time.time()
    while real.kills < args.real:
        seed += 1
        script = rs.make_script(seed, "easy")
        clean = Path(tempfile.mkdtemp(prefix="crib-real-"))
        t = time.monotonic()
        rs.run_real(script, clean, None)
        span = time.monotonic() - t
        shutil.rmtree(clean, ignore_errors=True)
        home = Path(tempfile.mkdtemp(prefix="crib-real-"))
        rs.play_with_kills(
            script, home, rng, span, runner=rs.run_real, max_kills=min(10, args.real - real.kills), report=real
        )
        check(script, home)
        print(f"  real: {real.kills} kills", flush=True)
    out = {
        "forked": forked,
        "real": dict(vars(real), games=games - g0, seconds=round(time.time() - t1, 1)),
        "kills_survived": total.kills + real.kills,
        "games": games,
        "failures": failures,
    }
    return out


def run_soak(args) -> dict:
    if args.tracemalloc:
        import tracemalloc

        tracemalloc.start()
    home = Path(tempfile.mkdtemp(prefix="soak-", dir=_fast_dir()))
    t0 = time.time()

    def show(s):
        print(
            f"  {s['games']:6d} games  rss {s['rss_kb'] / 1024:6.1f} MB  objects {s['objects']}"
            + (f"  traced {s['traced_kb'] / 1024:.2f} MB" if "traced_kb" in s else ""),
            flush=True,
        )

    r = rs.soak(args.games, home, levels=tuple(args.levels.split(",")), sample_every=args.every, on_sample=show)
    r["seconds"] = round(time.time() - t0, 1)
    r["peak_rss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if args.tracemalloc:
        import tracemalloc

        r["traced_peak_kb"] = tracemalloc.get_traced_memory()[1] // 1024
    from spoken_cribbage.storage.stats import StatsDB

    r["stats"] = StatsDB(home / "stats.sqlite3").summary()
    shutil.rmtree(home, ignore_errors=True)
    settled = [s for s in r["samples"] if s["games"] >= args.every * 2]
    if settled:
        r["rss_growth_kb_after_warmup"] = settled[-1]["rss_kb"] - settled[0]["rss_kb"]
        r["objects_growth_after_warmup"] = settled[-1]["objects"] - settled[0]["objects"]
    return r


def run_fuzz(args) -> dict:
    """Random text, control characters and unicode into the parsers and into live sessions."""
    from spoken_cribbage.ai.players import make_player
    from spoken_cribbage.app.local_seat import local_session
    from spoken_cribbage.engine import game as g
    from spoken_cribbage.engine.cards import InvalidCardError, parse_card, parse_cards
    from spoken_cribbage.storage.settings import Settings
    from spoken_cribbage.vocabulary import CommandError, parse_command

    rng = random.Random(args.seed)
    alphabet = (
        [chr(c) for c in range(0, 0x2FFF) if not 0xD800 <= c < 0xE000]
        + list("0123456789 ,;") * 40
        + ["five", " of ", "hearts", "play ", "discard ", "the ", "go", "card ", "rate ", "10", "qs"] * 20
    )
    escaped: dict[str, str] = {}
    counts = {"parser_inputs": 0, "session_inputs": 0, "escaped": 0}

    def text() -> str:
        n = rng.choice((0, 1, 2, 3, 5, 8, 13, 30, 200))
        return "".join(rng.choice(alphabet) for _ in range(n))

    t0 = time.time()
    for _ in range(args.inputs):
        t = text()
        counts["parser_inputs"] += 1
        for name, fn, ok in (
            ("parse_command", lambda x: parse_command(x, phase="discard"), CommandError),
            ("parse_command(play)", lambda x: parse_command(x), CommandError),
            ("parse_card", parse_card, InvalidCardError),
            ("parse_cards", parse_cards, InvalidCardError),
        ):
            try:
                fn(t)
            except ok as e:
                if not str(e).strip():
                    escaped.setdefault(f"{name}: empty message", repr(t))
            except Exception as e:  # noqa: BLE001 - what we are looking for
                counts["escaped"] += 1
                escaped.setdefault(f"{name}: {type(e).__name__}", repr(t))
    # Sessions: random text at random points of games.
    for k in range(args.sessions):
        gm = g.Game(seed=k)
        s = local_session(
            gm,
            settings=Settings(speech="off"),
            write=lambda x: None,
            opponents={1: make_player("random", random.Random(k))},
        )
        s.start()
        while gm.phase != g.GAME_OVER and not s.quit:
            t = text() if rng.random() < 0.7 else rs.human_line(rng.choice(gm.legal_actions(0) or [g.NextDeal()]))
            counts["session_inputs"] += 1
            before = len(gm.actions)
            try:
                if len(t.strip()) == 1:
                    s.key(t.strip())
                else:
                    s.command(t)
            except Exception as e:  # noqa: BLE001
                counts["escaped"] += 1
                escaped.setdefault(f"Session.command: {type(e).__name__}", repr(t))
            if len(gm.actions) != before:
                again = g.Game.replay(gm.actions, seed=k)
                assert again.scores == gm.scores and again.hands == gm.hands
            if s.asking.kind:
                s.command("n")
    return dict(counts, escaped_examples=escaped, seconds=round(time.time() - t0, 1))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    k = sub.add_parser("kills")
    k.add_argument("--kills", type=int, default=1000)
    k.add_argument("--real", type=int, default=50)
    k.add_argument("--seed", type=int, default=7)
    s = sub.add_parser("soak")
    s.add_argument("--games", type=int, default=10000)
    s.add_argument("--levels", default="easy,standard,expert")
    s.add_argument("--every", type=int, default=500)
    s.add_argument("--tracemalloc", action="store_true")
    s.add_argument("--name", default="soak", help="output file robust-<name>.json")
    f = sub.add_parser("fuzz")
    f.add_argument("--inputs", type=int, default=200000)
    f.add_argument("--sessions", type=int, default=300)
    f.add_argument("--seed", type=int, default=3)
    args = p.parse_args()
    result = {"kills": run_kills, "soak": run_soak, "fuzz": run_fuzz}[args.what](args)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"robust-{getattr(args, 'name', args.what)}.json"
    path.write_text(json.dumps(result, indent=1) + "\n")
    summary = {k: v for k, v in result.items() if k != "samples"}
    print(json.dumps(summary, indent=1)[:3000])
    print(f"written to {path}")
    return 1 if result.get("failures") else 0


if __name__ == "__main__":
    sys.exit(main())

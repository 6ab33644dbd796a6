"""Copies of the game at once on one data folder (issue 23, item 1): real processes.

    .venv/bin/python bench/concurrent_copies.py                # ~3 minutes on 2 busy cores
    .venv/bin/python bench/concurrent_copies.py --copies 6 --games 3 --trials 10 --json out.json

Four counts, each printed as a Markdown row:

- copies finishing games: ``--copies`` processes at once, each playing ``--games`` whole games
  in turn (``--new --seed S``, a scripted player); every result must be recorded, none as
  abandoned, no game file set aside;
- two copies resuming one save: a game is started, then two copies are started on it a moment
  apart, each told to resume and to play the rest; the save must end holding every move of
  the uninterrupted game (the second copy is told the game is open in another window);
- set-aside names: 8 processes setting 60 files each aside under the same names at once;
  every file must be kept (none replaced by another's);
- statistics: 6 processes recording 150 games each at once; all 900 must be there.

Never fails; exits 1 if a count is wrong, so it can be run by hand before a release.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from spoken_cribbage.storage import paths  # noqa: E402
from spoken_cribbage.storage.stats import DealRecord, GameRecord, StatsDB  # noqa: E402
from testkit import robust_support as rs  # noqa: E402

ARGS = ["--speech", "off", "--cues", "off", "--difficulty", "easy", "--pace", "0"]


def _play(home: Path, seeds: list[int], scripts: dict, out) -> None:
    for seed in seeds:
        lines = scripts[seed]
        r = subprocess.run(
            [str(rs.BIN), *ARGS, "--new", "--seed", str(seed)],
            input=("\n".join(lines) + "\nq\n").encode(),
            capture_output=True,
            env=rs.env_for(home),
            timeout=600,
        )
        out.put(
            (
                seed,
                r.returncode,
                b"Press n for a new game" in r.stdout,
                b"Traceback" in r.stdout + r.stderr,
                b"This game is open in another window." in r.stdout,
            )
        )


def copies_finishing(copies: int, games: int) -> dict:
    home = Path(tempfile.mkdtemp(prefix="crib-copies-"))
    seeds = [[500 + c * games + i for i in range(games)] for c in range(copies)]
    scripts = {s: rs.make_script(s, "easy", noise=0).lines_from(0) for ss in seeds for s in ss}
    ctx = multiprocessing.get_context("fork")
    q = ctx.Queue()
    t = time.time()
    procs = [ctx.Process(target=_play, args=(home, ss, scripts, q)) for ss in seeds]
    for p in procs:
        p.start()
    got = [q.get(timeout=900) for _ in range(copies * games)]
    for p in procs:
        p.join()
    s = StatsDB(home / "stats.sqlite3").summary()
    result = {
        "copies": copies,
        "games": copies * games,
        "finished": sum(1 for g in got if g[1] == 0 and g[2] and not g[3]),
        "told_open_elsewhere": sum(1 for g in got if g[4]),
        "recorded": s["wins"] + s["losses"],
        "abandoned": s["abandoned"],
        "set_aside": len(list(home.glob("*.bad-*"))),
        "seconds": round(time.time() - t, 1),
    }
    shutil.rmtree(home, ignore_errors=True)
    return result


def two_resuming(trials: int) -> dict:
    lost = told = complete = 0
    t = time.time()
    for trial in range(trials):
        home = Path(tempfile.mkdtemp(prefix="crib-resume-"))
        script = rs.make_script(700 + trial, "easy", noise=0)
        first = script.lines_from(0)[:4]
        subprocess.run(
            [str(rs.BIN), *ARGS, "--new", "--seed", str(script.seed)],
            input=("\n".join(first) + "\n").encode(),
            capture_output=True,
            env=rs.env_for(home),
            timeout=120,
        )
        k = rs.human_actions(rs.save_state(home).saved.actions)
        rest = ("\n".join(["y"] + script.lines_from(k)) + "\nq\n").encode()
        procs = []
        for _ in range(2):
            p = subprocess.Popen(
                [str(rs.BIN), *ARGS],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                env=rs.env_for(home),
            )
            procs.append(p)
            time.sleep(0.3)
        outs = [p.communicate(rest, timeout=300)[0] for p in procs]
        told += sum(b"This game is open in another window." in o for o in outs)
        final = rs.final_actions(home)
        if final == script.actions:
            complete += 1
        else:
            lost += max(len(script.actions) - len(final or []), 0) or 1
        shutil.rmtree(home, ignore_errors=True)
    return {
        "trials": trials,
        "complete": complete,
        "moves_lost": lost,
        "told_open_elsewhere": told,
        "seconds": round(time.time() - t, 1),
    }


def _aside(folder: str, worker: int, count: int, start) -> None:
    start.wait()
    for i in range(count):
        p = Path(folder) / f"w{worker}-{i}"
        p.write_bytes(f"{worker}:{i}".encode())
        paths.rename_to_free(p, lambda n: f"stats.sqlite3.bad-{n}")


def set_aside(workers: int = 8, each: int = 60) -> dict:
    home = Path(tempfile.mkdtemp(prefix="crib-aside-"))
    ctx = multiprocessing.get_context("fork")
    start = ctx.Event()
    procs = [ctx.Process(target=_aside, args=(str(home), w, each, start)) for w in range(workers)]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join()
    kept = {p.read_bytes() for p in home.glob("stats.sqlite3.bad-*")}
    shutil.rmtree(home, ignore_errors=True)
    return {"processes": workers, "set_aside": workers * each, "kept": len(kept)}


def _record(path: str, worker: int, count: int, start) -> None:
    db = StatsDB(Path(path))
    start.wait()
    for i in range(count):
        gid = f"w{worker}g{i}"
        db.record_deals(gid, [DealRecord(1, 4, None, 2)])
        db.record_game(GameRecord(gid, "win", 121, 90, 121, 2, "easy", 0, 0, 1))


def statistics(workers: int = 6, each: int = 150) -> dict:
    home = Path(tempfile.mkdtemp(prefix="crib-stats-"))
    path = home / "stats.sqlite3"
    StatsDB(path).open()
    ctx = multiprocessing.get_context("fork")
    start = ctx.Event()
    t = time.time()
    procs = [ctx.Process(target=_record, args=(str(path), w, each, start)) for w in range(workers)]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join()
    n = StatsDB(path).summary()["games"]
    shutil.rmtree(home, ignore_errors=True)
    return {"processes": workers, "records": workers * each, "recorded": n, "seconds": round(time.time() - t, 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--copies", type=int, default=6)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--trials", type=int, default=10)
    ap.add_argument("--json")
    a = ap.parse_args()
    out = {
        "copies_finishing": copies_finishing(a.copies, a.games),
        "two_resuming": two_resuming(a.trials),
        "set_aside": set_aside(),
        "statistics": statistics(),
    }
    c, r, s, st = (out[k] for k in ("copies_finishing", "two_resuming", "set_aside", "statistics"))
    print("| Run | Figure |\n|---|---|")
    print(
        f"| {c['copies']} copies finishing {c['games']} games at once | {c['recorded']} of "
        f"{c['games']} results recorded, {c['abandoned']} recorded as abandoned, "
        f"{c['told_open_elsewhere']} starts told the game was open in another window, "
        f"{c['set_aside']} files set aside ({c['seconds']} s) |"
    )
    print(
        f"| two copies resuming one save, {r['trials']} times | {r['complete']} of "
        f"{r['trials']} saves hold every move, {r['moves_lost']} moves lost, "
        f"{r['told_open_elsewhere']} second copies told ({r['seconds']} s) |"
    )
    print(
        f"| {s['processes']} processes setting {s['set_aside']} files aside at once | "
        f"{s['kept']} of {s['set_aside']} kept |"
    )
    print(
        f"| {st['processes']} processes recording {st['records']} games at once | "
        f"{st['recorded']} of {st['records']} recorded ({st['seconds']} s) |"
    )
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1))
    ok = (
        c["recorded"] == c["games"]
        and not c["abandoned"]
        and r["complete"] == r["trials"]
        and s["kept"] == s["set_aside"]
        and st["recorded"] == st["records"]
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

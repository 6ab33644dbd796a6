"""The kill soak: real `spoken-cribbage` processes SIGKILLed at random moments and at chosen
system calls of the save, statistics and settings writes; no game may be lost or changed.

    .venv/bin/python bench/kill_soak.py                          # 200 + 200 kills, at most 20 min
    .venv/bin/python bench/kill_soak.py --random 40 --syscall 60 --seconds 300

Each game is a script of typed lines (testkit/robust_support.py: a real Session made it, so the
game accepts it), with `rate N` commands added now and then so that the settings file is
written during the game too. The script is first played once without a kill, on the disk: that
run's actions, statistics and settings are the reference. Then it is played again in a fresh
folder, killed over and over, each time restarted with "y" (resume) and the lines not yet used,
until it finishes. Two kinds of kill:

* random moments: SIGKILL after a random part of the time a whole run takes (start-up, the
  resume question, replaying, playing, writing: wherever it lands);
* chosen system calls, with ``strace -e inject=SYSCALL:signal=KILL:when=N``: the
  process is killed as it enters the Nth call of one of rename (the atomic replace of the save
  and of the settings), fsync (their temporary files and folder), fdatasync, pwrite64 and
  unlink (SQLite's journal and pages: the statistics). Each kill is aimed: the next run is
  first made, traced, on a copy of the folder (the game is deterministic), a file is picked
  (save, statistics or settings, each as likely) and one of the calls that write it; strace
  logs each call with its file (``-y``), so the kill is counted against the file it hit.

After the last run, the game must have exactly the reference's actions; the statistics, read as
the next start reads them (the Keeper, which records a finished game a kill kept out), exactly
the reference's (one game, its result, its deals and averages), nothing abandoned; the settings
file must read as TOML with the script's last rate; no file may have been moved aside as
damaged. Writes bench/out/robust-kill-soak.json; exits 1 on any failure. Bounded by the counts
and by --seconds (no new game starts after it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from testkit import robust_support as rs  # noqa: E402

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

OUT = ROOT / "bench" / "out"

#: The system calls a kill is aimed at, and what each writes.
SYSCALLS = ("rename", "fsync", "fdatasync", "pwrite64", "unlink")
TRACED = "rename,renameat,renameat2,fsync,fdatasync,pwrite64,unlink,unlinkat"
STATS_KEYS = (
    "games",
    "wins",
    "losses",
    "abandoned",
    "skunks_given",
    "skunks_taken",
    "deals",
    "average_hand",
    "average_crib",
    "average_pegging",
    "best_hand",
    "best_crib",
)


@dataclass
class Script(rs.Script):
    """A script and the target of its game (given when the game is made, on the first run)."""

    target: int = 121


def game_args(script: rs.Script, home: Path) -> list[str]:
    args = rs.game_args(script, home)
    target = getattr(script, "target", 121)
    return args + ["--target", str(target)] if "--new" in args and target != 121 else args


def run_real(script: rs.Script, home: Path, kill_after: float | None, timeout: float = 120) -> tuple[bool, bytes]:
    """rs.run_real with the script's target."""
    data, done = rs.next_input(script, home)
    if done:
        return False, b""
    p = subprocess.Popen(
        [str(rs.BIN), *game_args(script, home)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=rs.env_for(home),
    )
    try:
        out, _ = p.communicate(data, timeout=timeout if kill_after is None else kill_after)
        return False, out
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGKILL)
        out, _ = p.communicate()
        return kill_after is not None, out


def make_script(seed: int, rng: random.Random, target: int = 121) -> tuple[Script, int | None]:
    """A script for a game to ``target`` with settings commands in it, and its last rate."""
    base = rs.make_script(seed, "easy", target=target)
    script, last = with_settings(base, rng)
    return Script(**vars(script), target=target), last


def with_settings(script: rs.Script, rng: random.Random) -> tuple[rs.Script, int | None]:
    """The script with a `rate N` line at the start of about one group in six; returns it and
    the last rate set (None if none)."""
    groups, last = [], None
    for grp in script.groups:
        if rng.random() < 1 / 6:
            last = rng.randrange(120, 300)
            grp = [f"rate {last}", *grp]
        groups.append(list(grp))
    return replace(script, groups=groups), last


def strace_runner(syscall: str | None, when: int, logs: list[Path]):
    """Runs the game's next input under strace, killed as it enters the ``when``-th
    ``syscall`` (None: not killed, only traced)."""

    def run(script: rs.Script, home: Path, _unused, timeout: float = 120) -> tuple[bool, bytes]:
        data, done = rs.next_input(script, home)
        if done:
            return False, b""
        log = home.parent / f"{home.name}.strace-{len(logs)}"
        logs.append(log)
        cmd = [
            "strace",
            "-f",
            "-qq",
            "-y",
            "-o",
            str(log),
            "-e",
            f"trace={TRACED}",
            *(["-e", f"inject={syscall}:signal=KILL:when={when}"] if syscall else []),
            str(rs.BIN),
            *game_args(script, home),
        ]
        p = subprocess.run(cmd, input=data, capture_output=True, env=rs.env_for(home), timeout=timeout)
        return p.returncode in (-signal.SIGKILL, 128 + signal.SIGKILL), p.stdout

    return run


_CALL = re.compile(r"^(?:\d+\s+)?(\w+)\((.*)$")


def _file_at(lines: list[tuple[str, str]], i: int) -> str:
    """The file the ``i``-th logged call writes: save, stats or settings (a folder's fsync
    counts for the file renamed or written just before it), or other."""
    while i >= 0:
        args = lines[i][1]
        for name, what in (
            ("game.json.lock", "other"),
            ("game.json", "save"),
            ("stats.sqlite3", "stats"),
            ("settings.toml", "settings"),
        ):
            if name in args:
                return what
        i -= 1
    return "other"


def hit(log: Path, syscall: str, home: Path) -> str:
    """Which file the killed call was writing (see _file_at)."""
    lines = [m.groups() for m in map(_CALL.match, log.read_text(errors="replace").splitlines()) if m]
    killed = [i for i, (name, _) in enumerate(lines) if name == syscall]  # the last is it
    return _file_at(lines, killed[-1]) if killed else "other"


def reference(script: rs.Script, home: Path) -> dict:
    """The uninterrupted run: its time, actions, statistics and settings."""
    t = time.monotonic()
    run_real(script, home, None, timeout=300)
    return {
        "span": time.monotonic() - t,
        "actions": rs.final_actions(home),
        "stats": stats_of(home),
        "settings": settings_of(home),
    }


def stats_of(home: Path) -> dict:
    """The statistics as the next start sees them (the Keeper records a finished game that a
    kill kept out of them)."""
    from spoken_cribbage.app.persist import Keeper

    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "stats.sqlite3")
    k.load()
    s = k.stats_db.summary()
    return {key: s[key] for key in STATS_KEYS}


def settings_of(home: Path) -> dict | str:
    p = home / "settings.toml"
    try:
        return tomllib.loads(p.read_text())
    except (OSError, ValueError) as e:
        return f"unreadable: {e}"


def check(script: rs.Script, home: Path, ref: dict, last_rate: int | None) -> dict | None:
    """None if the killed game ended exactly as the reference; else what differs."""
    problems = {}
    if rs.final_actions(home) != ref["actions"]:
        problems["actions"] = "the game's actions differ from the run without kills"
    bad = sorted(n for n in os.listdir(home) if ".bad-" in n)
    if bad:
        problems["moved_aside"] = bad
    stats = stats_of(home)
    if stats != ref["stats"]:
        problems["stats"] = {"got": stats, "want": ref["stats"]}
    settings = settings_of(home)
    if isinstance(settings, str):
        problems["settings"] = settings
    elif last_rate is not None and settings.get("rate") != last_rate:
        problems["settings"] = f"rate {settings.get('rate')}, not {last_rate}"
    return dict(problems, seed=script.seed, home=str(home)) if problems else None


def calls_ahead(script: rs.Script, home: Path, base: Path) -> list[tuple[str, str]]:
    """The aimed-at system calls the next run will make, in order, each with the file it
    writes: found by making that run, traced, on a copy of the folder (the game is
    deterministic: the same input makes the same calls)."""
    copy = Path(tempfile.mkdtemp(dir=base))
    shutil.copytree(home, copy, dirs_exist_ok=True)
    logs: list[Path] = []
    strace_runner(None, 0, logs)(script, copy, None)
    seen: list[tuple[str, str]] = []
    if not logs:  # the game is over: no run to make
        return seen
    lines = [m.groups() for m in map(_CALL.match, logs[-1].read_text(errors="replace").splitlines()) if m]
    for i, (name, _) in enumerate(lines):
        if name in SYSCALLS:
            seen.append((name, _file_at(lines, i)))
    logs[-1].unlink(missing_ok=True)
    shutil.rmtree(copy, ignore_errors=True)
    return seen


def choose_call(
    script: rs.Script, home: Path, base: Path, rng: random.Random, file: str | None = None
) -> tuple[str, int, str] | None:
    """A call to kill the next run at: first a file (the save, the statistics or the
    settings, each as likely; or ``file``), then one of the calls that write it, any of them
    as likely. Returns (system call, its number among the calls of its name, the file)."""
    ahead = calls_ahead(script, home, base)
    files = sorted({f for _, f in ahead if f != "other"})
    if file is None and files:
        file = rng.choice(files)
    if file not in files:
        return None
    k = rng.choice([i for i, (_, f) in enumerate(ahead) if f == file])
    call = ahead[k][0]
    return call, sum(1 for name, _ in ahead[: k + 1] if name == call), file


def kill_at_calls(script, home: Path, base: Path, rng: random.Random, s: dict, most: int) -> bool:
    """Run one game to its end, killing it at chosen system calls (at most 12 kills, and
    ``most`` in all), counting into ``s``; False if it never finished in 400 runs."""
    kills_here = 0
    for _ in range(400):
        if rs.final_actions(home) is not None:
            return True
        aim = None
        if kills_here < 12 and s["kills"] < most:
            aim = choose_call(script, home, base, rng)
        logs: list[Path] = []
        call, when, file = aim if aim else (None, 0, None)
        killed, _ = strace_runner(call, when, logs)(script, home, None)
        s["runs"] += 1
        if killed:
            kills_here += 1
            s["kills"] += 1
            s["by_call"][call] += 1
            landed = hit(logs[-1], call, home)
            s["by_file"][landed] += 1
            s["aimed_and_hit"] += landed == file
        elif call is not None:
            s["missed"] += 1  # the run ended before that call
        for log in logs:
            log.unlink(missing_ok=True)
    return False


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--random", type=int, default=200, help="kills at random moments")
    p.add_argument("--syscall", type=int, default=200, help="kills at chosen system calls")
    p.add_argument("--seconds", type=float, default=1200, help="start no new game after this")
    p.add_argument("--seed", type=int, default=23)
    p.add_argument("--target", type=int, default=121, help="the games' target score")
    p.add_argument("--keep", action="store_true", help="keep the folders of failed games")
    args = p.parse_args()
    if args.syscall and not shutil.which("strace"):
        print("strace is not installed: the system-call kills need it (apt-get install strace)")
        return 2
    import spoken_cribbage.app.persist  # noqa: F401 - imported before the clock starts

    rng = random.Random(args.seed)
    t0 = time.monotonic()
    out: dict = {
        "random": {"kills": 0, "runs": 0, "mid_write": 0, "games": 0},
        "syscall": {
            "kills": 0,
            "runs": 0,
            "games": 0,
            "by_call": Counter(),
            "by_file": Counter(),
            "aimed_and_hit": 0,
            "missed": 0,
        },
        "failures": [],
    }
    seed = args.seed * 1000
    base = Path(tempfile.mkdtemp(prefix="crib-kill-soak-"))

    def over() -> bool:
        return time.monotonic() - t0 > args.seconds

    try:
        # Kills at random moments.
        r = out["random"]
        while r["kills"] < args.random and not over():
            seed += 1
            script, last = make_script(seed, rng, args.target)
            ref = reference(script, Path(tempfile.mkdtemp(dir=base)))
            home = Path(tempfile.mkdtemp(dir=base))
            report = rs.play_with_kills(
                script, home, rng, ref["span"], runner=run_real, max_kills=min(8, args.random - r["kills"])
            )
            r["kills"] += report.kills
            r["runs"] += report.runs
            r["mid_write"] += report.mid_write
            r["games"] += 1
            failure = check(script, home, ref, last)
            if failure:
                out["failures"].append(dict(failure, kind="random"))
            print(
                f"  random moments: {r['kills']} kills, {r['games']} games, {len(out['failures'])} failures", flush=True
            )
        # Kills at chosen system calls.
        s = out["syscall"]
        while s["kills"] < args.syscall and not over():
            seed += 1
            script, last = make_script(seed, rng, args.target)
            ref = reference(script, Path(tempfile.mkdtemp(dir=base)))
            home = Path(tempfile.mkdtemp(dir=base))
            if not kill_at_calls(script, home, base, rng, s, args.syscall):
                out["failures"].append({"seed": script.seed, "kind": "syscall", "problem": "the game never finished"})
            s["games"] += 1
            failure = check(script, home, ref, last)
            if failure:
                out["failures"].append(dict(failure, kind="syscall"))
            print(
                f"  system calls: {s['kills']} kills, {s['games']} games, "
                f"{len(out['failures'])} failures; by file {dict(s['by_file'])}",
                flush=True,
            )
    finally:
        failed = {f.get("home") for f in out["failures"]}
        for d in base.iterdir():
            if not (args.keep and str(d) in failed):
                shutil.rmtree(d, ignore_errors=True) if d.is_dir() else d.unlink()
        if not args.keep or not failed:
            shutil.rmtree(base, ignore_errors=True)
    out["seconds"] = round(time.monotonic() - t0, 1)
    out["kills"] = out["random"]["kills"] + out["syscall"]["kills"]
    out["games"] = out["random"]["games"] + out["syscall"]["games"]
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "robust-kill-soak.json"
    path.write_text(json.dumps(out, indent=1, default=dict) + "\n")
    print(json.dumps(out, indent=1, default=dict)[:4000])
    print(f"written to {path}")
    return 1 if out["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())

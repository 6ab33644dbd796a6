"""The CLI fuzz: random argument vectors (and standard input) to `spoken-cribbage`; no run may
show a Python traceback or die of a signal.

    .venv/bin/python bench/cli_fuzz.py                       # 1,000 runs, at most 15 minutes
    .venv/bin/python bench/cli_fuzz.py --runs 300 --seconds 300 --jobs 2

The vectors come from the program's own parser (testkit/cli_fuzz_support.py): every subcommand
and option, values that fit and values that do not. Each worker runs in a folder of its own
(HOME, data, config, working folder), emptied every 40 runs so that saves and statistics build
up in between (`review`, `export` and resuming then have something to read). Runs still going
after --timeout seconds are killed and counted as slow, apart from the failures. Writes
bench/out/robust-cli-fuzz.json; exits 1 if any run failed.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from testkit import cli_fuzz_support as cf  # noqa: E402

OUT = ROOT / "bench" / "out"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=1000)
    p.add_argument("--seconds", type=float, default=900, help="start no new run after this")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=30, help="seconds one run may take")
    p.add_argument("--seed", type=int, default=23)
    args = p.parse_args()
    tree = cf.command_tree()
    base = Path(tempfile.mkdtemp(prefix="crib-cli-fuzz-"))
    lock = threading.Lock()
    rng = random.Random(args.seed)
    t0 = time.monotonic()
    counts: Counter = Counter()
    codes: Counter = Counter()
    commands: Counter = Counter()
    failures: list[dict] = []
    slow: list[dict] = []
    issued = 0

    def next_case():
        nonlocal issued
        with lock:
            if issued >= args.runs or time.monotonic() - t0 > args.seconds:
                return None
            issued += 1
            return issued, cf.random_argv(tree, rng), cf.random_stdin(rng)

    def worker(k: int) -> None:
        folder = base / f"w{k}"
        done_here = 0
        while (case := next_case()) is not None:
            n, argv, stdin = case
            if done_here % 40 == 0:
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
            done_here += 1
            r = cf.run_one(argv, stdin, folder, timeout=args.timeout)
            with lock:
                counts["runs"] += 1
                commands[argv[0] if argv and argv[0] in tree.subcommands else "(none)"] += 1
                codes["slow" if r.returncode is None else str(r.returncode)] += 1
                if not cf.passed(r):
                    counts["failures"] += 1
                    failures.append(
                        {
                            "run": n,
                            "argv": argv,
                            "stdin": stdin.decode("utf-8", "replace"),
                            "returncode": r.returncode,
                            "output": r.output,
                        }
                    )
                elif r.returncode is None:
                    counts["slow"] += 1
                    slow.append({"run": n, "argv": argv})
                if counts["runs"] % 50 == 0:
                    print(f"  {counts['runs']} runs, {counts['failures']} failures, {counts['slow']} slow", flush=True)

    try:
        with ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(worker, range(args.jobs)))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    out = {
        "runs": counts["runs"],
        "failures": failures,
        "tracebacks": sum(1 for f in failures if "Traceback" in f["output"]),
        "slow": slow,
        "exit_codes": dict(codes),
        "commands": dict(commands),
        "seconds": round(time.monotonic() - t0, 1),
    }
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "robust-cli-fuzz.json"
    path.write_text(json.dumps(out, indent=1, ensure_ascii=True) + "\n")
    summary = dict(out, failures=[{k: f[k] for k in ("run", "argv", "returncode")} for f in failures[:20]])
    print(json.dumps(summary, indent=1, ensure_ascii=True)[:4000])
    print(f"written to {path}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Time from a shortcut key to its answer on screen, through a real pseudo-terminal.

Baseline, measured in the same run: a minimal Python program that answers each key with one
line (the cost of the pty and of a Python read/write loop). Target: 20 ms median for the game.

    .venv/bin/python bench/bench_console.py [--keys 200]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

BIN = Path(sys.executable).parent / "spoken-cribbage"
ECHO = r"""
import sys, tty, termios
fd = sys.stdin.fileno(); old = termios.tcgetattr(fd); tty.setcbreak(fd)
sys.stdout.write("ready\n"); sys.stdout.flush()
try:
    while True:
        c = sys.stdin.read(1)
        if c == "q": break
        sys.stdout.write("The count is 8: eight of hearts.\n"); sys.stdout.flush()
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
"""


def measure(child, key: str, answer: str, n: int) -> list[float]:
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        child.send(key)
        child.expect_exact(answer)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def summary(name: str, ms: list[float]) -> float:
    ms = sorted(ms)
    med = statistics.median(ms)
    p90 = ms[int(len(ms) * 0.9) - 1]
    print(f"{name:<28} median {med:7.2f} ms   p90 {p90:7.2f} ms   n={len(ms)}")
    return med


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--keys", type=int, default=200)
    a = ap.parse_args()
    home = tempfile.mkdtemp()
    env = dict(os.environ, SPOKEN_CRIBBAGE_HOME=home, TERM="xterm")
    base = pexpect.spawn(sys.executable, ["-c", ECHO], env=env, encoding="utf-8", timeout=10)
    base.delaybeforesend = None
    base.expect("ready")
    b = summary("baseline (pty + python loop)", measure(base, "c", "eight of hearts.\r\n", a.keys))
    base.send("q")

    game = pexpect.spawn(
        str(BIN), ["--seed", "3", "--speech", "off", "--accessible", "--new"], env=env, encoding="utf-8", timeout=20
    )
    game.delaybeforesend = None
    game.expect("lay away 2 cards")
    game.send("12")  # the first two cards chosen by their digits, then Enter lays them away
    game.expect("chosen")
    game.send("\r")
    game.expect("Your turn\\.")
    results = {}
    for key, answer in (
        ("c", "eight of hearts.\r\n"),
        ("b", "crib.\r\n"),  # (s twice says the pegs, in two lines: b is one line each time)
        ("h", "can be played.\r\n"),
        ("f", "king of hearts.\r\n"),
    ):
        results[key] = summary(f"game key '{key}'", measure(game, key, answer, a.keys // 4 or 1))
    med = statistics.median(results.values())
    print(
        f"game median over keys: {med:.2f} ms; ratio to baseline {med / b:.2f}x; "
        f"target 20 ms: {'met' if med <= 20 else 'NOT met'}"
    )
    game.sendcontrol("c")
    game.send("y")


if __name__ == "__main__":
    main()

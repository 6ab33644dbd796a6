"""Issue 23 item 6: a SIGTSTP from outside before the key loop (here: a piped game waiting for
its next line) says a line, stops, and on fg (SIGCONT) says a line and goes on; it never
suspends silently."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent / "spoken-cribbage"

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="no job control here")


def read_until(fd: int, text: bytes, timeout: float = 20) -> bytes:
    got = b""
    end = time.monotonic() + timeout
    while text not in got and time.monotonic() < end:
        if select.select([fd], [], [], 0.2)[0]:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            got += chunk
    return got


def state(pid: int) -> str:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the state from /proc")
def test_an_outside_sigtstp_in_a_piped_game_says_a_line_and_comes_back():
    home = tempfile.mkdtemp()
    env = {**os.environ, "HOME": home, "SPOKEN_CRIBBAGE_HOME": home, "XDG_CONFIG_HOME": home}
    # a process group of its own, under this one in the session: a shell's job, so fg could bring it back
    proc = subprocess.Popen([str(BIN), "--seed", "3", "--speech", "off"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                            process_group=0)
    try:
        first = read_until(proc.stdout.fileno(), b"lay away")
        assert b"lay away" in first.lower() or first, first
        time.sleep(0.5)   # waiting for a line now
        os.kill(proc.pid, signal.SIGTSTP)
        said = read_until(proc.stdout.fileno(), b"Suspended.")
        assert b"Suspended. Type fg to come back." in said, said
        for _ in range(50):
            if state(proc.pid) == "T":
                break
            time.sleep(0.05)
        assert state(proc.pid) == "T"   # stopped indeed
        os.kill(proc.pid, signal.SIGCONT)
        back = read_until(proc.stdout.fileno(), b"Back.")
        assert b"Back." in back, back
        proc.stdin.write(b"s\nquit\ny\n")
        proc.stdin.flush()
        proc.stdin.close()
        rest = read_until(proc.stdout.fileno(), b"Goodbye")
        assert b"You 0" in rest and b"Goodbye" in rest, rest   # the game answered after fg
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()

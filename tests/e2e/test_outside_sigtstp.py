"""Issue 23 item 6: a SIGTSTP from outside before the key loop (a piped game waiting for its
next line; in a terminal, the resume question or right after start-up) says a line, stops,
gives the terminal back as the shell left it, and on fg (SIGCONT) says a line and goes on, its
keys acting at once again; it never suspends silently.

In a terminal, "right after start-up" is from when the game catches SIGTSTP (its handler shows
in /proc/PID/status): before that Python is still importing the game (about half a second
here), and a SIGTSTP then stops it without a word, as it would any program."""

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

from testkit import game_env
from testkit.job_shell import JOB_SHELL, game_pid, lflags, wait_key_mode

BIN = Path(sys.executable).parent / "spoken-cribbage"
ARGS = ["--speech", "off", "--cues", "off", "--difficulty", "easy"]

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
    proc = subprocess.Popen(
        [str(BIN), "--seed", "3", "--speech", "off"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        process_group=0,
    )
    try:
        first = read_until(proc.stdout.fileno(), b"lay away")
        assert b"lay away" in first.lower() or first, first
        time.sleep(0.5)  # waiting for a line now
        os.kill(proc.pid, signal.SIGTSTP)
        said = read_until(proc.stdout.fileno(), b"Suspended.")
        assert b"Suspended. Type fg to come back." in said, said
        for _ in range(50):
            if state(proc.pid) == "T":
                break
            time.sleep(0.05)
        assert state(proc.pid) == "T"  # stopped indeed
        os.kill(proc.pid, signal.SIGCONT)
        back = read_until(proc.stdout.fileno(), b"Back.")
        assert b"Back." in back, back
        proc.stdin.write(b"s\nquit\ny\n")
        proc.stdin.flush()
        proc.stdin.close()
        rest = read_until(proc.stdout.fileno(), b"Goodbye")
        assert b"You 0" in rest and b"Goodbye" in rest, rest  # the game answered after fg
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def catches_sigtstp(pid: int) -> bool:
    """The process has a handler for SIGTSTP (its bit in SigCgt)."""
    for row in Path(f"/proc/{pid}/status").read_text().splitlines():
        if row.startswith("SigCgt:"):
            return bool(int(row.split()[1], 16) >> (signal.SIGTSTP - 1) & 1)
    return False


def job(tmp_path, *args):
    pexpect = pytest.importorskip("pexpect")
    return pexpect.spawn(
        sys.executable,
        ["-c", JOB_SHELL, str(BIN), *ARGS, *args],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
    )


def stopped_and_back(child, pid: int) -> None:
    """SIGTSTP from outside: a Suspended line, the shell's modes while stopped, and after fg
    (the shell puts its own modes back, then SIGCONT) a line saying the game is back."""
    os.kill(pid, signal.SIGTSTP)
    child.expect(r"Suspended\. Type fg to come back[^\r\n]*\r\n")
    child.expect(r"STOPPED icanon=(\d) echo=(\d)")
    assert child.match.group(1, 2) == ("1", "1")  # the terminal as the shell gave it
    child.sendline("")  # fg
    child.expect(r"Back[^\r\n]*\.\r\n")


def quit_game(child) -> None:
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(r"EXITED status=0 icanon=1 echo=1")
    assert "Traceback" not in child.before


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_an_outside_sigtstp_right_after_start_up_in_a_terminal(tmp_path):
    child = job(tmp_path, "--seed", "3")
    pid = game_pid(child.pid)
    for _ in range(400):
        if catches_sigtstp(pid):
            break
        time.sleep(0.005)
    assert catches_sigtstp(pid), "the game never caught SIGTSTP"
    stopped_and_back(child, pid)
    child.expect(r"Your turn: lay away 2 cards[^\r\n]*\r\n")
    wait_key_mode(child)
    child.send("h")  # one key, no Enter: answered at once
    child.expect(r"Card 1: [^\r\n]*\r\n", timeout=10)
    quit_game(child)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_an_outside_sigtstp_at_the_resume_question_in_a_terminal(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    first = pexpect.spawn(
        str(BIN),
        [*ARGS, "--new", "--seed", "12"],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
    )
    first.expect(r"Your turn: lay away 2 cards")
    wait_key_mode(first)
    first.send("q")
    first.expect(r"Quit the game\?")
    first.send("y")
    first.expect(pexpect.EOF)
    child = job(tmp_path)
    child.expect(r"Resume\? y/n\r\n")
    wait_key_mode(child)
    stopped_and_back(child, game_pid(child.pid))
    assert lflags(child) == (False, False, False)  # single keys again, as before the stop
    child.send("y")  # the answer, one key
    child.expect(r"Game resumed")
    child.expect(r"Your turn: lay away 2 cards[^\r\n]*\r\n")
    wait_key_mode(child)
    child.send("h")
    child.expect(r"Card 1: [^\r\n]*\r\n", timeout=10)
    quit_game(child)

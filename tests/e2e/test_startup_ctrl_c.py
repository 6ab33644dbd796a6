"""Ctrl-C while the game starts, in a real pseudo-terminal: two Ctrl-C sent at once always quit,
one always asks, whatever the moment (issue 23: two SIGINTs that came together were taken as one,
and the quit question then waited for ever)."""

import os
import signal
import termios
import time

import pexpect

from testkit import BIN, game_env

DISCARD = r"Your turn: lay away 2 cards\.\r\n"
QUIT = r"Quit the game\?"


def spawn(home):
    child = pexpect.spawn(
        str(BIN),
        ["--speech", "off", "--accessible", "--new", "--seed", "12"],
        env=game_env(home),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    child.delaybeforesend = None
    return child


def keys_wait_unechoed(child) -> bool:
    """The game took the terminal from the shell (no echo, no line editing): it is starting."""
    lflag = termios.tcgetattr(child.child_fd)[3]
    return not lflag & (termios.ECHO | termios.ICANON)


def at_once(child, keys: str) -> None:
    """Send ``keys`` while the game is stopped, so that it finds them all together when it goes
    on (as a busy machine does): signals the terminal made of them come as one."""
    os.kill(child.pid, signal.SIGSTOP)
    try:
        child.send(keys)
        time.sleep(0.1)
    finally:
        os.kill(child.pid, signal.SIGCONT)


def start_moment(child) -> None:
    """Wait (bounded) for the first moment the game has the terminal: still starting."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        os.kill(child.pid, signal.SIGSTOP)
        try:
            if keys_wait_unechoed(child):
                return
        finally:
            os.kill(child.pid, signal.SIGCONT)
        time.sleep(0.005)
    raise AssertionError("the game never took the terminal")


def ends(child, timeout=20) -> bool:
    try:
        return child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=timeout) == 0
    finally:
        if child.isalive():
            child.kill(signal.SIGKILL)


def test_two_ctrl_c_at_once_while_the_game_starts_quit(tmp_path):
    child = spawn(tmp_path / "start")
    start_moment(child)
    at_once(child, "\x03\x03")
    assert ends(child), child.before[-300:]


def test_two_ctrl_c_at_once_at_the_first_prompt_quit(tmp_path):
    child = spawn(tmp_path / "prompt")
    child.expect(DISCARD)
    at_once(child, "\x03\x03")
    assert ends(child), child.before[-300:]


def test_one_ctrl_c_while_the_game_starts_asks(tmp_path):
    child = spawn(tmp_path / "one")
    start_moment(child)
    at_once(child, "\x03")
    child.expect(QUIT, timeout=30)
    assert child.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=1) == 1  # it waits for the answer
    time.sleep(0.05)
    child.send("y")
    assert ends(child)

"""A game in a real pseudo-terminal under a small shell with job control, for the tests of a
suspend (Ctrl-Z, or SIGTSTP from outside) and fg: the shell, the terminal's modes as the game
left them, the game's process, and the wait for its key loop."""

from __future__ import annotations

import termios
import time
from pathlib import Path

__all__ = ["JOB_SHELL", "game_pid", "lflags", "wait_key_mode"]

#: A small shell with job control, as bash is for the player: the game runs in its own process
#: group in the foreground; when it stops, the shell reports the terminal's modes as the game
#: left them, then (as bash does) puts back its own modes and continues the game (fg).
JOB_SHELL = r"""
import os, signal, sys, termios
fd = 0
mine = termios.tcgetattr(fd)
signal.signal(signal.SIGTTOU, signal.SIG_IGN)
pid = os.fork()
if pid == 0:
    os.setpgid(0, 0)
    os.tcsetpgrp(fd, os.getpgrp())
    os.execv(sys.argv[1], sys.argv[1:])
try:
    os.setpgid(pid, pid)       # (the child may have done it and run the game already)
except PermissionError:
    pass
os.tcsetpgrp(fd, pid)

def modes(what):
    lflag = termios.tcgetattr(fd)[3]
    print(f"{what} icanon={int(bool(lflag & termios.ICANON))} echo={int(bool(lflag & termios.ECHO))}",
          flush=True)

while True:
    _, status = os.waitpid(pid, os.WUNTRACED)
    os.tcsetpgrp(fd, os.getpgrp())
    if os.WIFSTOPPED(status):
        modes("STOPPED")
        sys.stdin.readline()                  # the test says when to continue
        termios.tcsetattr(fd, termios.TCSANOW, mine)
        os.tcsetpgrp(fd, pid)
        os.killpg(pid, signal.SIGCONT)
        continue
    modes(f"EXITED status={os.waitstatus_to_exitcode(status)}")
    break
"""


def lflags(child):
    """The terminal's local modes now (the pty master reports the terminal's own)."""
    lflag = termios.tcgetattr(child.child_fd)[3]
    return bool(lflag & termios.ICANON), bool(lflag & termios.ECHO), bool(lflag & termios.ISIG)


def wait_key_mode(child):
    """Until the game reads single keys in its key loop (before, a SIGTSTP is not the loop's;
    while the game starts, ISIG is off too, but not ICRNL: only the key loop's raw mode clears it)."""
    for _ in range(400):
        if lflags(child) == (False, False, False) and not (termios.tcgetattr(child.child_fd)[0] & termios.ICRNL):
            return
        time.sleep(0.05)
    raise AssertionError("the game never entered key mode")


def game_pid(shell_pid):
    for _ in range(100):
        kids = Path(f"/proc/{shell_pid}/task/{shell_pid}/children").read_text().split()
        if kids:
            return int(kids[0])
        time.sleep(0.05)
    raise AssertionError("no game process")

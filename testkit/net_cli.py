"""Real processes of the game on the loopback for the network tests (issue 26): a player whose
lines are read in a thread and who answers each prompt as a person would. Every wait is
bounded."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from testkit import ROOT
from testkit.screen_reader import slowness

PROGRAM = [sys.executable, "-m", "spoken_cribbage"]


#: The prompts an English player answers (the start of the line) and the answers: the first
#: two cards for a discard, the first card it may play, Enter for the next deal, q after the game
#: and y to its question (piped lines are asked, as the local game asks).
ANSWERS = (
    ("Lay away two cards", "1 2"),
    ("Your play", "1"),
    ("Press Enter", ""),
    ("The game is over: press Enter for a rematch", "q"),
    ("Leave the table?", "y"),
)


class Player:
    """One process of the game, its lines read in a thread; it answers the prompts as
    ``answers`` say (the start of a prompt, the line typed): in English, :data:`ANSWERS`."""

    def __init__(self, args: list[str], home: Path, answers: Sequence[tuple[str, str]] = ANSWERS) -> None:
        self.answers = answers
        env = {
            **os.environ,
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "c"),
            "XDG_DATA_HOME": str(home / "d"),
            "SPOKEN_CRIBBAGE_HOME": str(home / "s"),
        }
        self.proc = subprocess.Popen(
            PROGRAM + args,
            cwd=ROOT,
            env=env,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def step(self, timeout: float = 0.05) -> str | None:
        """Read one line (answering it if it is a prompt); None at the end of the output."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return ""
        if line is None:
            return None
        self.seen.append(line)
        answer = next((typed for start, typed in self.answers if line.startswith(start)), None)
        if answer is not None:
            self.type(answer)
        return line

    def type(self, line: str) -> None:
        """Type ``line`` and Enter (nothing once the process has ended)."""
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            try:
                self.proc.stdin.write(line + "\n")
                self.proc.stdin.flush()
            except BrokenPipeError:
                pass


def play(players: list[Player], seconds: float = 60) -> None:
    seconds *= slowness()  # (a loaded machine: the same game, later)
    deadline = time.monotonic() + seconds
    done = [False] * len(players)
    while not all(done):
        assert time.monotonic() < deadline, [p.seen[-5:] for p in players]
        for i, p in enumerate(players):
            if not done[i] and p.step() is None:
                done[i] = True
    for p in players:
        assert p.proc.wait(10 * slowness()) == 0, p.seen[-10:]

"""A watcher at a terminal through ``spoken-cribbage serve`` (issue 26, items 1 and 5): ``join
--watch`` in a pty watches with the full seat while two scripted people play a deal; it hears
their plays in the seat's words, never a hand, ``s`` and ``c`` are answered, a digit is refused
with one sentence, and q then y stop watching. Every wait is bounded."""

from __future__ import annotations

import random
import re
import time

import pytest

from spoken_cribbage.ai.players import ComputerPlayer
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable, room_ask
from testkit import BIN, game_env
from testkit.net_support import my_turn

pexpect = pytest.importorskip("pexpect", reason="pexpect is in the [test] extra")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]")


def _spawn(args: list[str], home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.toml").write_text('version = 1\nspeech = "off"\ncues = "off"\n')
    child = pexpect.spawn(str(BIN), args, env=game_env(home), encoding="utf-8", timeout=20, dimensions=(50, 200))
    child.delaybeforesend = None
    return child


class Screen:
    def __init__(self, child) -> None:
        self.child = child
        self.text = ""

    def read(self, wait: float = 0.05) -> None:
        try:
            while True:
                self.text += self.child.read_nonblocking(65536, timeout=wait)
                wait = 0.01
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass

    @property
    def lines(self) -> list[str]:
        return [line.strip() for line in ANSI.sub("", self.text).replace("\r", "").split("\n") if line.strip()]

    def until(self, pattern: str, since: int = 0, seconds: float = 15) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.read()
            found = [line for line in self.lines[since:] if re.search(pattern, line)]
            if found:
                return found[-1]
        raise AssertionError((pattern, self.lines[-8:]))

    def key(self, k: str) -> int:
        self.read(0.2)
        since = len(self.lines)
        self.child.send(k)
        return since


def _play_deal(remotes: list[RemoteTable], seconds: float = 30) -> None:
    players = [ComputerPlayer("easy", random.Random(s)) for s in range(2)]
    deadline = time.monotonic() + seconds
    while not all(r.observation(r.seat).deal >= 2 for r in remotes):
        assert time.monotonic() < deadline, "the deal did not end in time"
        for remote, player in zip(remotes, players, strict=True):
            obs = remote.observation(remote.seat)
            if obs.deal >= 2:  # (the second deal is left alone, even when one seat sees it first)
                continue
            if my_turn(obs) and not (obs.phase == g.DEAL_OVER and remote.seat in remote.ready):
                try:
                    remote.apply(player.act(obs), remote.seat)
                except g.IllegalActionError as e:
                    assert e.code == g.Refusal.DEAL_NOT_OVER, e
            remote.wait(0.02)
            time.sleep(0.05)  # (at a pace a watcher's terminal takes in)


def test_a_watcher_in_a_pty_hears_a_deal_asks_and_cannot_play(tmp_path):
    serve = _spawn(["serve", "--plain", "--port", "0"], tmp_path / "room")
    children = [serve]
    try:
        serve.expect(r"join (\S+) --code (\S+) --plain --list")
        address, code = serve.match.group(1), serve.match.group(2)
        uri = f"ws://{address}"
        room_ask(uri, code, p.Create("Porch", target=61))
        remotes = [RemoteTable.join(uri, code, name, table="Porch") for name in ("Lena", "Max")]
        child = _spawn(["join", address, "--code", code, "--plain", "--watch", "Porch"], tmp_path / "w")
        children.append(child)
        watcher = Screen(child)
        watcher.until(r"^You watch Porch: Lena and Max\. You hear what everyone hears, never a hand\.")
        _play_deal(remotes)
        watcher.until(r"^Deal 2\. (Lena|Max)'s crib\.$")
        lines = watcher.lines
        assert any(line.startswith("Lena plays the ") for line in lines), lines
        assert any(line.startswith("Max plays the ") for line in lines), lines
        assert any(re.match(r"(Lena|Max)'s crib: ", line) for line in lines), lines
        assert not any(line.startswith(("Your hand", "Press Enter")) or "Traceback" in line for line in lines), lines
        since = watcher.key("s")
        assert re.fullmatch(r"Lena \d+, \d+ to go; Max \d+, \d+ to go\.", watcher.until(r"to go", since))
        since = watcher.key("c")
        assert watcher.until(r"count", since) == "No count yet: the play has not started."
        since = watcher.key("1")
        assert watcher.until(r"watching", since) == "You are watching: you cannot play."
        since = watcher.key("q")  # (q stops watching at once: nothing is the watcher's to keep)
        assert watcher.until(r"leave", since) == "You leave the table."
        child.expect(pexpect.EOF, timeout=15)
        for remote in remotes:
            remote.close()
    finally:
        for one in children:
            one.close(force=True)

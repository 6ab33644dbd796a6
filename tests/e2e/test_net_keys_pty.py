"""Two real processes at a shared table, each in its own pty (issue 26, part b): ``host`` and
``join`` seat their players with the full seat, the game's single keys as against the computer
(digits and Enter to lay away and play, ``h`` for the hand, ``s`` for the scores, ``'`` and
words to talk, ``u`` refused, ``q`` and ``y`` to leave). The host's table waits for Max: a
digit says so, and the game's start is heard after "Max sits down.". Each hears the other's cards as they
are played and the other's chat line, and the prompt is the last line each one printed.
Every wait is bounded."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from testkit import BIN, game_env

pexpect = pytest.importorskip("pexpect", reason="pexpect is in the [test] extra")

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]")


class Player:
    """One process in a pty: everything it printed, and its keys."""

    def __init__(self, args: list[str], home: Path, settings: str = 'cues = "off"\n', **env: str) -> None:
        home.mkdir(parents=True, exist_ok=True)
        (home / "settings.toml").write_text('version = 1\nspeech = "off"\n' + settings)
        self.child = pexpect.spawn(
            str(BIN), args, env=game_env(home, **env), encoding="utf-8", timeout=20, dimensions=(50, 200)
        )
        self.child.delaybeforesend = None
        self.text = ""
        self.acted = 0  # the lines read when this player last answered a prompt

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

    def key(self, keys: str) -> None:
        for k in keys:
            self.child.send(k)
            time.sleep(0.15)  # typed one by one, not pasted

    def until(self, pattern: str, seconds: float = 10) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.read()
            found = [line for line in self.lines[self.acted :] if re.search(pattern, line)]
            if found:
                return found[-1]
        raise AssertionError((pattern, self.lines[-8:]))

    def answer(self) -> None:
        """Answer the prompt printed since the last answer, by keys, as a player would."""
        self.read()
        lines = self.lines
        new = lines[self.acted :]
        if not new:
            return
        last = new[-1]
        if last.startswith("Your turn: lay away 2 cards"):
            self.acted = len(lines)
            self.key("12\r")
        elif re.match(r"Your turn(\. Count \d+)?\.$", last):
            self.acted = len(lines)
            self.key("h")  # the hand, numbered afresh: then the first card that fits
            for digit in "1234":
                self.key(digit)
                self.read(0.3)
                if any(line.startswith("You play") for line in self.lines[self.acted :]):
                    break
        elif last.startswith("Press Enter"):
            self.acted = len(lines)
            self.key("\r")


def _deal_done(p: Player) -> bool:
    return any(line.startswith("Deal 2.") for line in p.lines)


def test_host_and_join_in_ptys_play_a_deal_by_keys_and_hear_each_other(tmp_path):
    host = Player(["host", "--plain", "--port", "0", "--seed", "3", "--name", "Lena"], tmp_path / "h")
    try:
        joined = re.search(r"join (\S+) --code (\S+) --plain", host.until(r"join \S+ --code \S+ --plain"))
        assert joined is not None
        address, code = joined.group(1), joined.group(2)
        # the table waits for Max: nothing of the game is said, a digit says so and acts on nothing
        host.until(r"^The game starts when every seat is taken\.$")
        host.key("1")
        host.until(r"The table waits for one more player\.$")  # (after the key, as the terminal shows it)
        assert not any(line.startswith(("New game", "Your hand", "Your turn")) for line in host.lines), host.lines
        friend = Player(["join", address, "--code", code, "--plain", "--name", "Max"], tmp_path / "f")
        players = [host, friend]
        host.until("Max sits down")
        host.until(r"^New game to 121 points against Max\.$")  # (after who sat: the start, with the name)
        assert host.lines.index("Max sits down.") < host.lines.index("New game to 121 points against Max.")
        deadline = time.monotonic() + 90
        while not all(_deal_done(p) for p in players):
            assert time.monotonic() < deadline, [p.lines[-6:] for p in players]
            for p in players:
                p.answer()
        for p in players:
            assert not any("Traceback" in line for line in p.lines), p.lines
        # each heard the other's cards as they were played, by name
        assert any(line.startswith("Max plays the ") for line in host.lines), host.lines
        assert any(line.startswith("Lena plays the ") for line in friend.lines), friend.lines
        assert any(line.startswith("Max's hand: ") for line in host.lines)
        # the keys of the seat: s says the scores, u is refused at a shared table
        host.acted = len(host.lines)
        host.key("s")
        assert re.match(r"You \d+, \d+ to go; Max \d+, \d+ to go\.", host.until(r"to go"))
        host.key("u")
        host.until(r"^You can't undo: undo is off at a shared table\.$")
        # ' opens the command line on "say": the friend hears the line, in its turn
        friend.acted = len(friend.lines)
        host.key("'")
        host.until(r"^Command\.$")
        host.key("good game\r")
        assert friend.until(r"Lena says: good game") == "Lena says: good game"
        host.until(r"^You say: good game$")
        friend.read(0.5)
        assert friend.lines[-1].startswith(("Your turn", "Lena's turn", "Waiting")), friend.lines[-4:]
        # q asks the shared table's question (never the local game's), y leaves the seat: the
        # other hears it, and both processes end
        friend.key("q")
        friend.until(r"^Leave the table\? Your seat is kept for 2 minutes: join again to take it back\. Press y")
        friend.key("y")
        friend.until(r"^You leave the table; your seat is kept for 2 minutes\.$")
        host.until(r"^Max left the table; the seat is kept for 2 minutes\.$")
        host.key("q")
        host.until(r"^Leave the table\? You are its host: it closes for everyone")
        host.key("y")
        host.until(r"^You leave the table and it closes; it is saved until you host it again\.$")
        for p in players:
            p.child.expect(pexpect.EOF, timeout=15)
            assert not any(line.startswith("Quit the game?") for line in p.lines), p.lines
    finally:
        for p in [host, *([friend] if "friend" in locals() else [])]:
            p.child.close(force=True)


def test_join_takes_the_players_own_options_as_play_does(tmp_path):
    """``join --cues off --verbosity terse`` (issue 26: every player keeps their own cues and
    verbosity): the friend's settings file says cues on and normal verbosity, and a sound
    device that cannot open; the options win for this run (no cue device is opened, so nothing
    says the cues are off; the host's plays are said tersely), the settings list says they are
    for this run only, and a setting changed in the game is saved while the options are not (a
    language chosen in the game is spoken at once, as in a local game)."""
    host = Player(["host", "--plain", "--port", "0", "--seed", "3", "--name", "Lena"], tmp_path / "h")
    no_device = {"SPOKEN_CRIBBAGE_AUDIO": "device:no-such-device"}
    try:
        host.child.expect(r"join (\S+) --code (\S+) --plain")
        address, code = host.child.match.group(1), host.child.match.group(2)
        settings = 'cues = "on"\nverbosity = "normal"\n'
        options = ["--cues", "off", "--verbosity", "terse"]
        args = ["join", address, "--code", code, "--plain", "--name", "Max", *options]
        friend = Player(args, tmp_path / "f", settings, **no_device)
        host.until("Max sits down")
        deadline = time.monotonic() + 60
        while not any(re.match(r"Lena: \w+\. \d+\.$", line) for line in friend.lines):
            assert time.monotonic() < deadline, [p.lines[-6:] for p in (host, friend)]
            for p in (host, friend):
                p.answer()
        assert not any(line.startswith("Lena plays the") for line in friend.lines), friend.lines
        assert any(line.startswith("Max plays the") for line in host.lines), host.lines  # (the host: normal)
        assert not any("Sound cues" in line or "Traceback" in line for line in friend.lines), friend.lines
        friend.acted = len(friend.lines)
        friend.key("/")
        friend.until(r"^Command\.$")
        friend.key("settings\r")
        friend.until(r"^Cues: off, for this run only \(from --cues\)\.$")
        friend.until(r"^Verbosity: terse, for this run only \(from --verbosity\)\.$")
        friend.key("/")
        friend.key("cue volume 0.4\r")
        friend.until(r"^Cue volume is now 0\.4\.$")
        saved = (tmp_path / "f" / "settings.toml").read_text()
        assert "cue_volume = 0.4" in saved and 'cues = "on"' in saved and 'verbosity = "normal"' in saved, saved
        # a language chosen in the game is spoken from then on, as in a local game, and saved
        friend.key("/")
        friend.key("language fr\r")
        friend.until(r"^Langue : maintenant fr\.$")
        friend.key("s")
        friend.until(r"^Vous \d+, encore \d+ ; Lena \d+, encore \d+\.$")
        assert 'language = "fr"' in (tmp_path / "f" / "settings.toml").read_text()
        # the host leaves: the table closes, and the friend hears why (in the friend's language)
        host.key("qy")
        host.until(r"^You leave the table and it closes")
        friend.until(r"^L'hôte a quitté la table\. Elle est enregistrée")
        for p in (host, friend):
            p.child.expect(pexpect.EOF, timeout=15)
    finally:
        for p in [host, *([friend] if "friend" in locals() else [])]:
            p.child.close(force=True)

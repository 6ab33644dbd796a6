"""`spoken-cribbage host` and `spoken-cribbage join` as a player runs them (issue 26): real
processes on the loopback, answering each prompt as a person would, play whole games."""

from __future__ import annotations

import re
import time

from testkit.net_cli import Player, play
from testkit.screen_reader import slowness

_play = play


def _join_line(player: Player) -> tuple[str, str]:
    line = player.lines.get(timeout=20 * slowness())  # (the program starts later under load)
    assert line is not None
    player.seen.append(line)
    m = re.fullmatch(r"Friends join with: spoken-cribbage join (\S+) --code (\S+)", line)
    assert m, line
    return m.group(1), m.group(2)


def test_the_host_plays_a_whole_game_against_a_computer_seat_on_its_table(tmp_path):
    host = Player(
        ["host", "--port", "0", "--computers", "2", "--seed", "3", "--target", "61", "--name", "Lena"], tmp_path
    )
    _join_line(host)
    _play([host])
    said = "\n".join(host.seen)
    assert "You sit at seat 1" in said and "New game to 61 points against Computer." in said
    assert re.search(r"^(You win|Computer wins)", said, re.M), said[-400:]
    assert "Traceback" not in said


def test_a_friend_joins_with_the_line_the_host_was_given_and_they_play_a_whole_game(tmp_path):
    host = Player(["host", "--port", "0", "--seed", "8", "--target", "61", "--name", "Lena"], tmp_path / "h")
    address, code = _join_line(host)
    friend = Player(["join", address, "--code", code, "--name", "Max\x1b[2J"], tmp_path / "f")
    _play([host, friend])
    assert "Max sits down." in host.seen
    assert any(line.startswith("You sit at seat 2, with Lena") for line in friend.seen)
    for p in (host, friend):
        assert re.search(r"^(You win|Lena wins|Max wins)", "\n".join(p.seen), re.M), p.seen[-5:]
        assert not any("\x1b" in line for line in p.seen)


def _said(player: Player, status: int = 1) -> list[str]:
    """The lines the process says after those already read, once it has ended with ``status``
    (all it said in the message when the status is another)."""
    code = player.proc.wait(20 * slowness())
    said = []
    while (line := player.lines.get(timeout=10)) is not None:
        said.append(line)
    assert code == status, (code, player.seen + said)
    return said


def test_a_wrong_code_or_another_table_is_said_in_a_sentence(tmp_path):
    host = Player(["host", "--port", "0", "--seed", "1"], tmp_path / "h")
    address, code = _join_line(host)
    secret, tag = code.split("-")
    assert re.fullmatch(r"[A-Z2-9]{6}", secret) and re.fullmatch(r"[A-Z2-7]{8}", tag)
    wrong_secret = Player(["join", address, "--code", f"AAAAAA-{tag}"], tmp_path / "f")
    assert _said(wrong_secret) == ["That invite code is not this table's: ask the host for it again."]
    other_table = Player(["join", address, "--code", f"{secret}-AAAAAAAA"], tmp_path / "g")
    assert _said(other_table)[0].startswith(
        "The table at that address is not the one the invite code names: nothing was sent."
    )
    no_tag = Player(["join", address, "--code", secret], tmp_path / "k")
    assert _said(no_tag, 2)[0].startswith("That invite code has no part after the dash")
    host.proc.stdin.close()
    _said(host, 0)


def test_the_host_makes_its_certificate_once_and_keeps_it(tmp_path):
    codes = []
    for _ in range(2):
        host = Player(["host", "--port", "0", "--new"], tmp_path)
        codes.append(_join_line(host)[1])
        host.proc.stdin.close()
        _said(host, 0)
    assert codes[0].split("-")[1] == codes[1].split("-")[1]  # the same certificate's tag
    assert codes[0].split("-")[0] != codes[1].split("-")[0]  # a fresh secret each table
    key = tmp_path / "s" / "table" / "table-key.pem"
    assert key.stat().st_mode & 0o077 == 0


def test_a_plain_table_is_only_for_this_machine(tmp_path):
    host = Player(["host", "--plain", "--address", "0.0.0.0", "--port", "0"], tmp_path)
    assert _said(host, 2) == ["--plain is only for a table on this machine (127.0.0.1): leave it out."]


def test_a_host_killed_mid_game_offers_the_same_table_again(tmp_path):
    args = ["host", "--port", "0", "--computers", "2", "--seed", "5", "--target", "61"]
    host = Player(args, tmp_path)
    code = _join_line(host)[1]
    deadline = time.monotonic() + 30
    while not any(line.startswith("You play") for line in host.seen):
        assert time.monotonic() < deadline and host.step() is not None, host.seen[-5:]
    host.proc.kill()
    host.proc.wait(10)
    again = Player(args, tmp_path)
    assert _join_line(again)[1] == code
    line = again.lines.get(timeout=20 * slowness())
    assert line and line.startswith("Your last table was not finished: it goes on where it stopped, after "), line
    _play([again])  # and it plays on to the end
    assert any(re.match(r"(You win|Computer wins)", s) for s in again.seen), again.seen[-5:]
    fresh = Player([*args, "--new"], tmp_path)
    assert _join_line(fresh)[1] != code
    fresh.proc.stdin.close()
    _said(fresh, 0)


def test_the_others_hear_when_a_line_drops_and_how_long_the_seat_is_kept(tmp_path):
    host = Player(["host", "--port", "0", "--new"], tmp_path / "h")
    address, code = _join_line(host)
    friend = Player(["join", address, "--code", code, "--name", "Lena"], tmp_path / "f")
    deadline = time.monotonic() + 20
    while "Lena sits down." not in host.seen:
        assert time.monotonic() < deadline and host.step() is not None, host.seen
    friend.proc.kill()
    while "Lena's connection dropped; the seat is kept for 2 minutes." not in host.seen:
        assert time.monotonic() < deadline and host.step() is not None, host.seen
    host.proc.stdin.close()
    _said(host, 0)


def test_a_friend_joins_with_their_own_verbosity_in_lines(tmp_path):
    """``join --verbosity terse`` with typed lines (issue 26: every player keeps their own
    verbosity): the friend hears the host's cards tersely, the host (normal) in full."""
    host = Player(["host", "--port", "0", "--seed", "3", "--name", "Lena"], tmp_path / "h")
    address, code = _join_line(host)
    friend = Player(["join", address, "--code", code, "--name", "Max", "--verbosity", "terse"], tmp_path / "f")
    try:
        deadline = time.monotonic() + 30 * slowness()
        while not any(re.fullmatch(r"Lena: [a-z]+\. \d+\.", line) for line in friend.seen):
            assert time.monotonic() < deadline, (host.seen[-5:], friend.seen[-5:])
            for p in (host, friend):
                p.step()
        assert not any(line.startswith("Lena plays the ") for line in friend.seen), friend.seen
        deadline = time.monotonic() + 10 * slowness()
        while not any(line.startswith("Max plays the ") for line in host.seen):
            assert time.monotonic() < deadline, host.seen[-5:]
            for p in (host, friend):
                p.step()
    finally:
        for p in (friend, host):
            p.proc.kill()
            p.proc.wait(10)

"""Each player their own language at a shared table (issue 27 item 6): the table sends facts,
and each client says them in its player's language. Real processes on the loopback: a host
speaking simplified Chinese and a friend speaking French play a deal and talk, and each hears
the table in its own language, the same facts."""

from __future__ import annotations

import re
import time

from testkit.net_cli import Player

CHINESE = (("推 2 张牌入底牌", "1 2"), ("轮到你出牌", "1"))
FRENCH = (("Écartez deux cartes", "1 2"), ("À vous de jouer", "1"))
#: words of the English sentences of a shared table that French never uses
ENGLISH = {"the", "you", "your", "seat", "sits", "with", "lay", "away", "type", "play", "plays", "says", "waiting"}


def _deal(host: Player, friend: Player) -> None:
    """Both play the first deal to its show, talking once each on the way."""
    deadline = time.monotonic() + 60
    talked = [False, False]
    while not (
        any(line.startswith("按回车") for line in host.seen)
        and any(line.startswith("Appuyez sur Entrée") for line in friend.seen)
    ):
        assert time.monotonic() < deadline, (host.seen[-5:], friend.seen[-5:])
        for i, (p, words, both) in enumerate(
            ((host, "'你好", "Max入座了。"), (friend, "'bonjour la table", "Vous êtes à la place 2, avec Lena."))
        ):
            assert p.step() is not None, p.seen[-10:]
            if not talked[i] and both in p.seen:  # once both are seated
                p.type(words)
                talked[i] = True


def _latin(line: str) -> list[str]:
    """Latin words of two letters or more in a Chinese line, but the players' names, card codes
    (kd) and the terms the glossary keeps in English."""
    words = re.findall(r"[A-Za-zÀ-ÿ]{2,}", line)
    return [w for w in words if w not in {"Lena", "Max", "Go"} and not re.fullmatch(r"[tjqka][hdcs]", w)]


def test_a_chinese_and_a_french_player_share_a_table_each_in_their_language(tmp_path):
    host = Player(
        ["host", "--port", "0", "--seed", "8", "--target", "61", "--name", "Lena", "--language", "zh-Hans"],
        tmp_path / "h",
        CHINESE,
    )
    first = host.lines.get(timeout=20)
    host.seen.append(first or "")
    m = re.fullmatch(r"朋友用这条命令加入：spoken-cribbage join (\S+) --code (\S+)", first or "")
    assert m, first
    friend = Player(
        ["join", m.group(1), "--code", m.group(2), "--name", "Max", "--language", "fr"], tmp_path / "f", FRENCH
    )
    try:
        _deal(host, friend)
    finally:
        for p in (host, friend):
            p.proc.kill()
            p.proc.wait(10)
    zh, fr = host.seen, friend.seen
    # the table's own sentences: who sits down, where, the talk
    assert "Max入座了。" in zh
    assert "Vous êtes à la place 2, avec Lena." in fr
    assert "Max说：bonjour la table" in zh and "Vous dites : bonjour la table" in fr
    assert "你说：你好" in zh and "Lena dit : 你好" in fr
    # the other player's plays, each in the listener's words
    assert any(re.match(r"Max出(梅花|方块|红桃|黑桃) ", line) for line in zh), zh
    assert any(re.match(r"Lena joue (le|la|l')", line) for line in fr), fr
    # the same facts: every running total in order, every score
    totals = [int(t) for line in zh for t in re.findall(r"累计 (\d+)。", line)]
    assert totals and totals == [int(t) for line in fr for t in re.findall(r"Total (\d+)\.", line)]
    zh_scores = [(int(a), int(b)) for line in zh for a, b in re.findall(r"^你 (\d+) 分，Max (\d+) 分。$", line)]
    fr_scores = [(int(b), int(a)) for line in fr for a, b in re.findall(r"^Vous (\d+), Lena (\d+)\.$", line)]
    assert zh_scores and zh_scores == fr_scores
    # and nothing in English: no Latin words in Chinese (but the command to type and the
    # French player's own words), no English words in French
    assert [line for line in zh[1:] if _latin(line) and "bonjour" not in line] == []
    assert [line for line in fr if ENGLISH & set(re.findall(r"[a-z]+", line.lower()))] == []


def test_the_help_of_host_join_and_serve_in_the_players_language(tmp_path):
    import subprocess

    from testkit import BIN, game_env

    def helped(*args: str) -> str:
        run = subprocess.run(
            [str(BIN), *args, "--help"], capture_output=True, text=True, env=game_env(tmp_path), timeout=30
        )
        assert run.returncode == 0, run.stderr
        return " ".join(run.stdout.split())  # (argparse wraps the lines)

    host = helped("host", "--language", "fr")
    assert "Ouvrir une table sur cette machine, s'y asseoir" in host and "--port PORT le port d'écoute" in host
    join = helped("join", "--language", "zh-Hans")
    assert "用邀请码到另一台机器上的牌桌入座。" in join and "--watch NAME 在房间里：观战一张牌桌" in join
    serve = helped("serve", "--language", "zh-Hant")
    assert "--tables TABLES 房間同時容納的最多牌桌數（預設 5000）" in serve
    for out in (host, join, serve):
        for english in ("the port to listen on", "your name at the", "in a room:", "the most tables", "open a table"):
            assert english not in out


def test_a_rooms_list_agrees_in_french_and_counts_in_chinese():
    """The room's list: a table is feminine in French ('une table', not the number 'un'),
    French puts a space before ';', Chinese counts with its measure words; English as it was."""
    from spoken_cribbage.words import catalogue
    from spoken_cribbage.words.net import tables_list

    tables = [("cuisine", ["Lena"], 1, False, 1, None, None)]
    said = {}
    try:
        for language in ("en", "fr", "zh-Hans"):
            catalogue.use(language)
            said[language] = tables_list(tables) + tables_list(tables * 2)[:1]
    finally:
        catalogue.use("en")
    assert said["en"] == ["One table open:", "cuisine: Lena; one free seat; one watching.", "Two tables open:"]
    assert said["fr"] == [
        "Une table ouverte :",
        "cuisine : Lena ; une place libre ; un spectateur.",
        "Deux tables ouvertes :",
    ]
    assert said["zh-Hans"] == ["开着的牌桌有 1 张：", "cuisine：Lena；空座 1 个；1 人观战。", "开着的牌桌有 2 张："]

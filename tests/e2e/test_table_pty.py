"""More players in the real program, in a real pseudo-terminal: a four-player partnership game
and a three-player game played to the end with keys only, every announcement read; the computer
turns paced by the console's timer."""

from __future__ import annotations

import re
import subprocess
import time

import pexpect

from testkit import BIN, game_env

WAITS = [
    r"Your turn: lay away 1 card[^\r\n]*\r\n",
    r"Your turn\b[^\r\n]*\r\n",
    r"Press Enter[^\r\n]*\r\n",
    r"Press n for a new game or q to leave\.\r\n",
]
RIGHT, HOME = "\x1b[C", "\x1b[H"
CURSOR = r"[A-Z][a-z]+ of [a-z]+, card \d+( of \d+)?, (playable|not playable)\.\r\n"


def spawn(home, *args):
    return pexpect.spawn(
        str(BIN),
        ["--speech", "off", "--cues", "off", "--accessible", *args],
        env=game_env(home),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )


def ask(child, key, pattern):
    """Press a shortcut key and wait for its answer line."""
    child.send(key)
    child.expect(pattern)
    return child.after


def play_a_card(child) -> None:
    """Home, then Right until the card under the cursor is playable, then Enter."""
    child.send(HOME)
    for _ in range(5):
        child.expect(CURSOR)
        if child.match.group(2) == "playable":
            break
        child.send(RIGHT)
    child.send("\r")


def play_to_the_end(child, keys) -> str:
    """Lay away card 1; in the play, Home, then Right until the card under the cursor is
    playable, then Enter; Enter after each show. ``keys(child)`` runs at the first turn to play."""
    transcript = []
    asked = False
    while True:
        i = child.expect(WAITS, timeout=60)
        transcript.append(child.before + child.after)
        if i == 0:
            child.send("1")
            child.expect(r"Lay away the [a-z]+ of [a-z]+\? Enter to confirm\.\r\n")
            child.send("\r")
        elif i == 1:
            if not asked:
                asked = True
                keys(child)
            play_a_card(child)
        elif i == 2:
            child.send("\r")
        else:
            return "".join(transcript).replace("\r\n", "\n")


def export(home) -> str:
    """``spoken-cribbage export`` of the last game, as text."""
    out = home / "export.txt"
    done = subprocess.run(
        [str(BIN), "export", "--out", str(out)], env=game_env(home), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return out.read_text(encoding="utf-8")


def check_lines(text: str, who: str) -> list[str]:
    """Every line that tells of a card, a go, a count or points names its player."""
    lines = [line for line in text.split("\n") if line]
    player = rf"(You|you|{who})"
    for line in lines:
        if re.search(r"\bplays? the ", line):
            assert re.fullmatch(rf"{player} plays? the [a-z]+ of [a-z]+\. Count \d+\.( .*)?", line), line
        if re.search(r"\bgo\b", line):
            assert re.fullmatch(
                rf"(You cannot play: go\.|({who}) says go\.|One for the go to "
                rf"{player}\.)",
                line,
            ), line
        if re.search(r"\b(hand|crib): ", line):
            assert re.match(rf"(Your|({who})'s) (hand|crib): ", line), line
        if re.match(r"(Fifteen|Thirty-one|A pair|A run|One for|Two for|Double)", line) and " to " in line:
            assert re.search(rf" to {player}\.$", line), line
        if line.startswith("Deal "):
            assert re.fullmatch(
                rf"Deal \d+\. (Your|({who})'s) crib(, for ((your|the other) "
                rf"side|({who}) and ({who})))?\.",
                line,
            ), line
    return lines


def test_a_four_player_partnership_game_to_the_end(home):
    child = spawn(home, "--players", "4", "--teams", "2", "--seed", "1", "--target", "61", "--pace", "0.3")
    child.expect(r"New game to 61 points: you and Lena against Max and Oliver\.\r\n")
    child.expect(r"Your partner is Lena, sitting opposite; Max and Oliver play against you\.")
    child.expect(r"Play goes round the table: you, Max, Lena, Oliver\.")
    child.expect(r"Deal 1\. Your crib\.")  # seed 1: you deal first, so Max leads
    child.expect(r"Max, Lena and Oliver lay away a card each\.")
    child.expect(r"Your turn: lay away 1 card\.\r\n")
    child.send("1")
    child.expect(r"Enter to confirm\.\r\n")
    child.send("\r")
    # the three computer turns before yours come one by one, paced
    stamps = []
    for name in ("Max", "Lena", "Oliver"):
        child.expect(rf"{name} plays the [a-z]+ of [a-z]+\. Count \d+\.")
        stamps.append(time.monotonic())
    assert stamps[1] - stamps[0] > 0.2 and stamps[2] - stamps[1] > 0.2, stamps
    child.expect(r"Your turn\b[^\r\n]*\r\n")

    def keys(child):
        ask(child, "s", r"You and Lena \d+, \d+ to go; Max and Oliver \d+, \d+ to go\.\r\n")
        ask(child, "b", r"It is your crib, for you and Lena\.\r\n")
        ask(child, "t", r"Your turn\. Count \d+\. Max plays after you\.\r\n")
        ask(
            child,
            "v",
            r"This series, count \d+: Max [a-z]+ of [a-z]+, Lena [a-z]+ of [a-z]+, "
            r"Oliver [a-z]+ of [a-z]+\.\r\nPlayed this hand, you: none; Max: ",
        )
        ask(child, "p", r"Cards held: you 4, Max 3, Lena 3, Oliver 3\.\r\n")
        child.send("/")
        child.expect(r"Command\.\r\n")
        child.send("pace 0\r")
        child.expect(r"Pace is now 0: the computer turns come at once\.\r\n")

    # the first turn was reached above: answer the keys there, then play on
    keys(child)
    play_a_card(child)
    text = play_to_the_end(child, lambda c: None)
    lines = check_lines(text, "Max|Lena|Oliver")
    end = [line for line in lines if re.search(r"\bwins?\b", line)]
    assert re.fullmatch(r"(You and Lena win, 6\d to \d+!|Max and Oliver win, 6\d to \d+\.)", end[-1]), end
    assert lines[-1] == "Press n for a new game or q to leave."
    assert "Traceback" not in text
    child.send("q")
    child.expect(pexpect.EOF)


def test_a_three_player_game_to_the_end(home):
    child = spawn(
        home, "--players", "3", "--seed", "2", "--new", "--target", "61", "--pace", "0", "--names", "Ann,Bartholomew"
    )  # --new: a seeded game that is counted
    child.expect(r"New game to 61 points against Ann and Bartholomew\.\r\n")
    child.expect(r"Play goes round the table: you, Ann, Bartholomew\.")
    child.expect(r"One card from the deck goes to the crib\.")

    def keys(child):
        ask(child, "s", r"You \d+, \d+ to go; Ann \d+, \d+ to go; Bartholomew \d+, \d+ to go\.")
        ask(child, "b", r"It is (your|Ann's|Bartholomew's) crib\.\r\n")
        ask(
            child,
            "t",
            r"Your turn\. Count \d+\.( (Ann|Bartholomew) plays after you| No one "
            r"else plays in this series)\.\r\n",
        )
        ask(child, "p", r"Cards held: you \d, Ann (\d|none), Bartholomew (\d|none)\.\r\n")
        ask(
            child,
            "v",
            r"(No cards on the table yet|This series, count \d+: [^\r\n]*\r\n"
            r"Played this hand, you: [^\r\n]*; Ann: [^\r\n]*; Bartholomew: )",
        )

    text = play_to_the_end(child, keys)
    lines = check_lines(text, "Ann|Bartholomew")
    end = [line for line in lines if re.search(r"\bwins?\b", line)]
    assert re.fullmatch(r"(You win with 6\d!|(Ann|Bartholomew) wins with 6\d\.)", end[-1]), end
    assert lines[-1] == "Press n for a new game or q to leave."
    assert "Traceback" not in text
    child.send("q")
    child.expect(pexpect.EOF)
    # the exported game names the players as the game did
    told = export(home)
    assert re.search(r"\bAnn plays\b", told) and re.search(r"\bBartholomew plays\b", told)
    assert "Computer" not in told
    # and play --replay deals it again at the same table, with the same names
    again = subprocess.run(
        [str(BIN), "--replay", "1", "--speech", "off", "--cues", "off"],
        input="q\ny\n",
        env=game_env(home),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert again.returncode == 0, again.stderr
    assert "New game to 61 points against Ann and Bartholomew." in again.stdout.splitlines()


def test_a_six_player_game_in_three_teams_to_the_end(home):
    """Six at the table, three teams of two (partners opposite: you and Oliver, Max and Ruby,
    Lena and Valentina). Every hand and the crib have five cards; a dealer lays nothing away."""
    child = spawn(home, "--players", "6", "--teams", "3", "--seed", "4", "--new", "--target", "61", "--pace", "0")
    child.expect(r"New game to 61 points: [^\r\n]*\r\n")
    child.expect(r"Play goes round the table: you, Max, Lena, Oliver, Ruby, Valentina\.")

    def keys(child):
        ask(
            child,
            "s",
            r"You and Oliver \d+, \d+ to go; Max and Ruby \d+, \d+ to go; "
            r"Lena and Valentina \d+, \d+ to go\.\r\n",
        )
        ask(
            child,
            "b",
            r"It is (your|Max's|Lena's|Oliver's|Ruby's|Valentina's) crib, for "
            r"[^\r\n]*\.\r\n",
        )
        ask(
            child,
            "p",
            r"Cards held: you \d, Max (\d|none), Lena (\d|none), Oliver (\d|none), "
            r"Ruby (\d|none), Valentina (\d|none)\.\r\n",
        )

    text = play_to_the_end(child, keys)
    lines = check_lines(text, "Max|Lena|Oliver|Ruby|Valentina")
    # five cards in every hand shown, and in the crib
    shown = [line for line in lines if re.match(r"(Your|[A-Z][a-z]+'s) (hand|crib): ", line)]
    assert shown and all(line.count(" of ") == 5 for line in shown), shown
    end = [line for line in lines if re.search(r"\bwins?\b", line)]
    assert re.fullmatch(
        r"(You and Oliver win with \d+!|(Max and Ruby|Lena and Valentina) win "
        r"with \d+\.)",
        end[-1],
    ), end
    assert int(re.search(r"\d+", end[-1]).group()) >= 61
    assert lines[-1] == "Press n for a new game or q to leave."
    assert "Traceback" not in text
    child.send("q")
    child.expect(pexpect.EOF)
    # the export names every computer, and its teams are the game's, also when the deals are
    # dealt again from the seed and actions (a game whose event log cannot be read)
    told = export(home)
    assert all(re.search(rf"\b{n} plays\b", told) for n in ("Max", "Lena", "Oliver", "Ruby", "Valentina")), told
    assert "Computer" not in told and "teams of two" in told
    import sqlite3

    db = sqlite3.connect(next(home.rglob("stats.sqlite3")))
    db.execute("UPDATE games SET events = NULL")
    db.commit()
    db.close()
    assert export(home) == told

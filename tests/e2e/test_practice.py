"""spoken-cribbage practice: counting and discarding with a coach, in a real terminal and piped;
the explanations in the traditional calls; accuracy and time kept across sessions."""

from __future__ import annotations

import subprocess
import sys

import pexpect
import pytest

from spoken_cribbage.engine.cards import parse_card, parse_cards
from spoken_cribbage.engine.scoring import score_hand
from spoken_cribbage.storage.stats import StatsDB
from spoken_cribbage.words.practice import count_lines
from testkit import BIN, game_env
from testkit.robust_support import one_sentence


def explained(hand, starter, crib=False):
    cards, st = parse_cards(hand), parse_card(starter)
    return count_lines(score_hand(cards, st, is_crib=crib).items, [*cards, st])


def test_the_count_is_called_item_by_item_with_its_cards():
    assert explained("5H 5C 5S JD", "5D") == [
        "Fifteen two with the five of clubs and the jack.",
        "Fifteen four with the five of diamonds and the jack.",
        "Fifteen six with the five of hearts and the jack.",
        "Fifteen eight with the five of spades and the jack.",
        "Fifteen ten with the five of clubs, the five of diamonds and the five of hearts.",
        "Fifteen twelve with the five of clubs, the five of diamonds and the five of spades.",
        "Fifteen fourteen with the five of clubs, the five of hearts and the five of spades.",
        "Fifteen sixteen with the five of diamonds, the five of hearts and the five of spades.",
        "A double pair royal of fives is twenty-eight.",
        "His nobs, the jack of diamonds, is twenty-nine.",
    ]
    assert explained("3H 4H 5H 5C", "4C") == [
        "A pair of fours is two.",
        "A pair of fives is four.",
        "A run of three with the three, the four of clubs and the five of clubs is seven.",
        "Another run of three with the three, the four of clubs and the five of hearts is ten.",
        "Another run of three with the three, the four of hearts and the five of clubs is thirteen.",
        "Another run of three with the three, the four of hearts and the five of hearts is sixteen.",
    ]
    assert explained("2H 4H 6H 8H", "KC") == ["A flush of four in hearts is four."]
    assert explained("2H 4H 6H 8H", "KC", crib=True) == ["Nineteen: not a point in it."]
    assert explained("2C 4D 6H 8S", "KC") == ["Nineteen: not a point in it."]
    for line in explained("JC QC KC 10C", "9C"):
        assert one_sentence(line) and len(line) < 80


def spawn(home, *args):
    return pexpect.spawn(
        str(BIN), ["practice", *args], env=game_env(home), encoding="utf-8", timeout=30, dimensions=(50, 200)
    )


def test_count_practice_in_a_terminal_explains_and_keeps_accuracy_across_sessions(home):
    child = spawn(home, "count", "--rounds", "2", "--seed", "4")
    child.expect(r"Counting practice: 2 hands, each with its starter\. [^\r\n]*\r\n")
    child.expect(
        r"Hand 1 of 2: two of hearts, four of spades, five of spades and queen of "
        r"hearts\.\r\nThe starter is the seven of diamonds\.\r\nYour count\?\r\n"
    )
    child.send("x")  # not a number: said, and the same hand asked again
    child.send("\r")
    child.expect(
        r"x\r\nType the count as a number, like 8; Escape, or q and Enter, stops\.\r\n"
        r"Your count\?\r\n"
    )
    child.send("21\x7f\r")  # Backspace takes the 1 back: the answer is 2
    child.expect(r"Right: 2\.\r\nFifteen two with the five and the queen\.\r\nTotal: 2\.\r\n")
    child.expect(r"Hand 2 of 2: [^\r\n]*\r\nThe starter is [^\r\n]*\r\nYour count\?\r\n")
    child.send("\x1b")  # Escape stops at once
    child.expect(r"Practice stopped\.\r\n")
    child.expect(r"This time: 1 of 1 right, \d+\.\d seconds a hand on average\.\r\n")
    child.expect(
        r"Counting practice: 1 of 1 hand right, 100 percent, \d+\.\d seconds a hand "
        r"on average\.\r\n"
    )
    child.expect(pexpect.EOF)
    # a second session adds up with the first
    child = spawn(home, "count", "--rounds", "1", "--seed", "4")
    child.expect(r"Your count\?\r\n")
    child.send("12\r")
    child.expect(r"Not quite: it is 2, not 12\.\r\n")
    child.expect(r"This time: 0 of 1 right, [^\r\n]*\r\n")
    child.expect(r"Counting practice: 1 of 2 hands right, 50 percent, [^\r\n]*\r\n")
    child.expect(pexpect.EOF)
    count = StatsDB(home / "stats.sqlite3").practice_summary()["count"]
    assert (count["rounds"], count["right"]) == (2, 1)
    assert count["average_seconds"] >= 0


def test_discard_practice_in_a_terminal_says_what_the_expert_kept(home):
    child = spawn(home, "discard", "--rounds", "2", "--seed", "4")
    child.expect(
        r"Deal 1 of 2\. Your crib\.\r\nYour hand\. Card 1: two of hearts\. Card 2: four "
        r"of spades\.\r\n[^\r\n]*\r\nCard 6: queen of hearts\.\r\n"
        r"Which 2 cards do you lay away\?\r\n"
    )
    child.send("12\r")  # cards 1 and 2: not the expert's choice
    child.expect(
        r"The expert keeps two, four, five, queen and lays away seven, eight: net "
        r"11\.6\.\r\nYours nets \d+\.\d, number \d+ of 15: it costs \d+\.\d points on "
        r"average\.\r\n"
    )
    child.expect(r"Deal 2 of 2\. Your crib\.\r\n")
    child.expect(r"Which 2 cards do you lay away\?\r\n")
    child.send("seven of diamonds\r")  # one card: asked again, nothing lost
    child.expect(
        r"You named one card, the seven of diamonds: name 2\.\r\n"
        r"Which 2 cards do you lay away\?\r\n"
    )
    child.send("2c 7d\r")  # the expert's choice, by name
    child.expect(
        r"You lay away the two of clubs and seven of diamonds: the expert's choice "
        r"too, net 12\.5\.\r\n"
    )
    child.expect(
        r"This time: the expert's choice 1 of 2, \d+\.\d points given away and \d+\.\d "
        r"seconds a deal on average\.\r\n"
    )
    child.expect(r"Discard practice: the expert's choice 1 time in 2 deals, [^\r\n]*\r\n")
    child.expect(pexpect.EOF)


def run(home, *args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "spoken_cribbage", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=game_env(home),
        timeout=120,
    )


def test_piped_practice_reads_one_answer_a_line_and_its_end_stops(home):
    res = run(
        home,
        "practice",
        "discard",
        "--rounds",
        "3",
        "--seed",
        "4",
        stdin="4 5\nfive of clubs\n9\n1 1\nthe queen\nhello\nace of spades, nine\nthe two and the seven\n",
    )
    assert res.returncode == 0 and res.stderr == ""
    lines = res.stdout.splitlines()
    assert "You lay away the seven of diamonds and eight of hearts: the expert's choice too, net 11.6." in lines
    assert "You don't have the five of clubs: choose 2 of these six, by number or name." in lines
    assert (
        lines.count("Choose 2 different cards of the six, by number, 1 to 6, or by name, like 1 4 or 5h kd.") == 3
    )  # 9, 1 1 and hello
    assert "You have no queens." in lines
    assert lines[lines.index("The expert keeps ace, ace, five, nine and lays away two, seven: net 12.5.") + 1] == (
        "Yours nets 9.2, number 7 of 15: it costs 3.3 points on average."
    )
    assert "You have no sevens." in lines  # deal 3: "the two and the seven"
    assert lines[-4:-2] == ["Which 2 cards do you lay away?", "Practice stopped."]
    assert all(line[0].isupper() for line in lines)
    assert "Traceback" not in res.stdout + res.stderr
    out = run(home, "stats").stdout.splitlines()
    assert out[0] == "No games recorded yet."
    assert out[1].startswith("Discard practice: the expert's choice 1 time in 2 deals, ")


@pytest.mark.parametrize(
    "args, message",
    [
        (["count", "--rounds", "0"], "spoken-cribbage practice: --rounds must be at least 1.\n"),
        (["discard", "--crib"], "spoken-cribbage practice: --crib is for practice count.\n"),
    ],
)
def test_bad_options_are_one_sentence(home, args, message):
    res = run(home, "practice", *args)
    assert (res.returncode, res.stdout, res.stderr) == (2, "", message)

"""The calculator's words: every ``calculator.*`` code the engine, ai and the command line can
produce has its sentence in ``spoken_cribbage.words.calculator``, and the sentences read as before."""

from __future__ import annotations

import json
import os
import pickle
import re

import pytest

from spoken_cribbage import (
    AmbiguousCardError,
    CountOverflowError,
    DuplicateCardError,
    InvalidCardError,
    InvalidHandError,
    match_card,
    parse_card,
    parse_cards,
    score_hand,
    score_play,
)
from spoken_cribbage.ai.analyze import AnalyzeInputError, analyze_discards, discard_advice
from spoken_cribbage.ai.simulate import SimulationError, simulate
from spoken_cribbage.app import cli
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.words.calculator import TEXTS
from spoken_cribbage.words.cli_help import TEXTS as HELP_TEXTS
from spoken_cribbage.words.notices import phrase
from testkit import ROOT

PKG = ROOT / "spoken_cribbage"
#: Every module outside words/ (the table's own package): a code used anywhere counts, so a
#: module that starts using a sentence (app/coach.py did) needs no edit here.
SOURCES = sorted(p for p in PKG.rglob("*.py") if "words" not in p.relative_to(PKG).parts)


def _codes_in_sources() -> set[str]:
    return {m for p in SOURCES for m in re.findall(r'"((?:calculator|engine)\.[a-z_]+)"', p.read_text())}


def test_every_code_in_the_sources_has_a_sentence():
    codes = _codes_in_sources()
    assert len(codes) > 30
    assert sorted(c for c in codes if c not in TEXTS) == []


def test_every_sentence_of_the_table_is_used():
    assert sorted(set(TEXTS) - _codes_in_sources()) == []


def test_every_help_text_asked_for_is_in_the_table():
    keys = {"help." + m for p in SOURCES for m in re.findall(r'(?:help|plain)_text\("([^"]+)"', p.read_text())}
    keys |= {"help." + m for p in SOURCES for m in re.findall(r'"(argparse\.[a-z]+)"', p.read_text())}
    assert sorted(keys - set(HELP_TEXTS)) == [] and sorted(set(HELP_TEXTS) - keys) == []


def raised(fn, *args, **kw) -> Exception:
    with pytest.raises(ValueError) as info:
        fn(*args, **kw)
    return info.value


def test_the_card_errors_are_problems_with_their_data_and_keep_their_api():
    hand = parse_cards("5H 5C KH 2D")
    e = raised(match_card, "fives", hand)
    assert isinstance(e, AmbiguousCardError) and isinstance(e, Problem)
    assert e.code == "calculator.ambiguous_card" and e.token == "fives" and e.cards == tuple(hand[:2])
    assert phrase(e) == "You have two fives: the five of hearts or the five of clubs?"
    assert str(e) == "'fives' fits 2 cards: 5H 5C"  # for developers; players hear phrase(e)
    e = raised(match_card, "hearts", parse_cards("5H 6H 7H KD"))
    assert phrase(e) == ("You have three hearts: the five of hearts, the six of hearts or the seven of hearts?")
    for text, code, sentence in (
        ("jack", "calculator.no_rank_held", "You have no jacks."),
        ("7S", "calculator.card_not_held", "You do not have the seven of spades."),
        ("spades", "calculator.no_suit_held", "You have no spades."),
        ("banana", "calculator.not_a_card", "'banana' is not a card. Try 5H, 10C, QS or 'five of hearts'."),
    ):
        e = raised(match_card, text, hand)
        assert type(e) is InvalidCardError and e.code == code and e.token == text
        assert phrase(e) == sentence
    e = raised(parse_cards, "5H 6C five of hearts")
    assert isinstance(e, DuplicateCardError) and isinstance(e, InvalidCardError)
    assert (e.code, e.token, phrase(e)) == ("calculator.card_twice", "5H", "The card 5H is given twice.")
    e = raised(parse_card, "x\x01y" + "z" * 60)
    assert phrase(e) == "'x y" + "z" * 34 + "...' is not a card. Try 5H, 10C, QS or 'five of hearts'."
    e = raised(Card, 14, 0)
    assert phrase(e) == ("Card(14, 0) is not a card: the rank must be a whole number from 1 (ace) to 13 (king).")
    assert raised(Card, 5, 9).code == "calculator.bad_suit"


def test_the_scoring_errors_are_problems_with_their_data():
    e = raised(score_hand, parse_cards("5H 5C 5S"), parse_card("5D"))
    assert isinstance(e, InvalidHandError) and e.data == {"count": 3}
    assert phrase(e) == "A hand has 4 cards, or 5 with six players, not 3."
    e = raised(score_hand, parse_cards("5H 5C 5S JD"), parse_card("5H"))
    assert phrase(e) == "The card 5H is given twice."
    e = raised(score_play, parse_cards("10C JD QH"), parse_card("2S"))
    assert isinstance(e, CountOverflowError) and e.data == {"card": parse_card("2S"), "count": 32}
    assert phrase(e) == "The count would be 32."


def test_the_errors_survive_pickling():
    for fn, arg in ((parse_card, "XX"), (parse_cards, "5H 5H")):
        e = raised(fn, arg)
        back = pickle.loads(pickle.dumps(e))
        assert (type(back), back.token, back.notice, str(back)) == (type(e), e.token, e.notice, str(e))
    e = raised(score_play, parse_cards("10C JD QH"), parse_card("2S"))
    assert pickle.loads(pickle.dumps(e)).notice == e.notice


def test_the_analyzer_hands_over_facts():
    e = raised(analyze_discards, "5H 5S JD 6C 7C XX", is_dealer=True)
    assert isinstance(e, AnalyzeInputError) and e.code == "calculator.not_a_card"
    assert phrase(e) == "'XX' is not a card. Try 5H, 10C, QS or 'five of hearts'."
    assert phrase(raised(analyze_discards, "5H 5S", is_dealer=True)) == "Give exactly 6 cards, not 2."
    advice = discard_advice("5H 5S JD 6C 7C KS", True)
    assert advice.code == "calculator.discard_hint" and advice.data["discard"] == tuple(parse_cards("6C 7C"))
    assert phrase(advice) == ("Keep five, five, jack, king; lay away six, seven. About 18.0 points with your crib.")
    coach = Notice("calculator.coach_discard", advice.data, press=(4, 5))
    assert phrase(coach).endswith("with your crib. Press 4 and 5, then Enter.")
    assert phrase(Notice("calculator.play_hint", card=parse_card("7C"), points=0)) == "Play the seven of clubs."


def test_the_simulation_refusals_are_phrased():
    e = raised(simulate, ["expert", "wizard"], 3)
    assert isinstance(e, SimulationError)
    assert phrase(e) == "unknown player 'wizard'; choose from easy, standard, expert, greedy, random, expert-points"
    assert phrase(raised(simulate, ["expert"], 3)) == (
        "simulate needs two levels or more, up to six, one a seat, e.g. expert,standard"
    )
    assert phrase("calculator.simulate_progress", done=20, total=100, elapsed=5.4) == ("simulate: 20 of 100 games, 5 s")


def run(capsys, *argv):
    rc = cli.main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_the_command_line_calculators_read_as_before(capsys):
    assert run(capsys, "score", "5H", "5C", "5S", "JD", "--starter", "5D")[1] == (
        "Fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen, and a double pair royal is twenty-eight, and his "
        "nobs is twenty-nine.\nTotal: 29.\n"
    )
    assert run(capsys, "score", "5H", "5C", "5S", "--starter", "5D") == (
        2,
        "",
        "spoken-cribbage score: Give the 4 cards of a hand, or 5 at a table of six, and "
        "the starter after --starter; 3 cards were given.\n",
    )
    assert run(capsys, "score", "5H", "5C", "5S", "JD", "--starter", "5H")[2] == (
        "spoken-cribbage: The card 5H is given twice.\n"
    )
    # a card that does not fit is a go: one for the last card, and the count starts again
    assert run(capsys, "peg", "10C", "JD", "QH", "2S", "3H") == (
        0,
        (
            "First player plays the ten of clubs. Count 10.\n"
            "Second player plays the jack of diamonds. Count 20.\n"
            "First player plays the queen of hearts. Count 30. A run of three for three.\n"
            "Go: the two of spades would make 32. First player pegs one for the go.\n"
            "Second player plays the two of spades. Count 2.\n"
            "First player plays the three of hearts. Count 5.\n"
        ),
        "",
    )
    assert '"go_before": 1' in run(capsys, "peg", "10C", "JD", "QH", "2S", "--json")[1]
    assert run(capsys, "peg", "10C", "JD", "QH", "AS", "2S")[1].splitlines()[-2:] == [
        "Second player plays the ace of spades. Count 31. Thirty-one for two.",
        "First player plays the two of spades. Count 2.",
    ]  # after 31, no go
    assert run(capsys, "peg", "8S", "6D", "7H")[1].splitlines()[-1] == (
        "First player plays the seven of hearts. Count 21. A run of three for three."
    )
    assert run(capsys, "discard", "5H", "5S", "--pone") == (
        2,
        "",
        "spoken-cribbage discard: Give exactly 6 cards, not 2.\n",
    )
    assert run(capsys, "simulate", "--games", "0") == (
        2,
        "",
        "spoken-cribbage simulate: the number of games must be at least 1\n",
    )
    most = os.cpu_count() or 1
    assert run(capsys, "simulate", "--workers", "0")[2] == (
        f"spoken-cribbage simulate: --workers must be between 1 and {most}, the processors of this machine\n"
    )
    with pytest.raises(SystemExit):
        cli.main(["bogus"])
    assert capsys.readouterr().err.endswith(". Try --help.\n")


def test_score_counts_a_five_card_hand_and_crib_of_the_six_player_table(capsys):
    # before: "a hand has 4 cards; 5 given."
    rc, out, err = run(capsys, "score", "4S", "4H", "5C", "5D", "6H", "--starter", "6S")
    assert (rc, err, out.splitlines()[-1]) == (0, "", "Total: 46.")
    hearts = ("2H", "4H", "6H", "8H", "10H")
    assert run(capsys, "score", *hearts, "--starter", "5C")[1].splitlines()[-1] == "Total: 14."
    assert run(capsys, "score", *hearts, "--starter", "5C", "--crib")[1] == (
        "Fifteen two, fifteen four, fifteen six, and a run of three is nine.\nTotal: 9.\n"
    )
    assert run(capsys, "score", *hearts, "--starter", "QH", "--crib")[1] == ("A flush of six is six.\nTotal: 6.\n")
    assert json.loads(run(capsys, "score", *hearts, "--starter", "5C", "--json")[1])["total"] == 14


@pytest.mark.parametrize(
    "cards, said",
    [
        (("5H",), "1 card was given"),
        (("5H", "5C", "5S"), "3 cards were given"),
        (("AH", "2H", "3H", "4H", "6H", "7H"), "6 cards were given"),
    ],
)
def test_score_says_how_many_cards_a_hand_has_when_the_count_is_wrong(capsys, cards, said):
    assert run(capsys, "score", *cards, "--starter", "5D") == (
        2,
        "",
        "spoken-cribbage score: Give the 4 cards of a hand, or 5 at a table of six, and "
        f"the starter after --starter; {said}.\n",
    )


def test_the_last_guard_is_one_sentence(capsys, monkeypatch):
    def broken(args):
        raise KeyError("oops")

    monkeypatch.setattr(cli.calculators, "run_score", broken)
    assert run(capsys, "score", "5H", "--starter", "5D") == (
        1,
        "",
        "spoken-cribbage: something went wrong: KeyError: 'oops'\n",
    )

"""The discard analyzer and the spoken hints."""

from __future__ import annotations

import argparse
import json

import pytest

from spoken_cribbage.ai.analyze import analyze_discards, discard_advice, play_advice
from spoken_cribbage.app.calculators import add_discard_parser, run_discard
from spoken_cribbage.engine.cards import parse_card, parse_cards
from spoken_cribbage.words.notices import phrase


def hint_sentence(hand6, is_dealer):
    return phrase(discard_advice(hand6, is_dealer))


def play_hint(hand, **kw):
    return phrase(play_advice(hand, **kw))


def _run(argv):
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    add_discard_parser(sub)
    return run_discard(parser.parse_args(["discard", *argv]))


def test_json_lists_fifteen_options_best_first(capsys):
    assert _run(["5H", "5S", "JD", "6C", "7C", "KS", "--dealer", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    options = out["options"]
    assert len(options) == 15
    assert options[0] == {
        "keep": ["5H", "5S", "JD", "KS"],
        "discard": ["6C", "7C"],
        "expected_hand": 12.43,
        "expected_crib": 5.57,
        "net": 18.01,
    }
    nets = [o["net"] for o in options]
    assert nets == sorted(nets, reverse=True)


def test_pone_subtracts_the_crib(capsys):
    assert _run(["5H", "5S", "JD", "6C", "7C", "KS", "--pone", "--json"]) == 0
    best = json.loads(capsys.readouterr().out)["options"][0]
    assert best["keep"] == ["5H", "5S", "6C", "7C"] and best["discard"] == ["JD", "KS"]
    assert best["net"] == pytest.approx(best["expected_hand"] - best["expected_crib"], abs=0.011)


def test_text_output_ranks_and_speaks_the_top_line(capsys):
    assert _run(["5H", "5S", "JD", "6C", "7C", "KS", "--dealer"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "The 15 discards, best first; the crib is yours."
    assert lines[1] == ("Keep five, five, jack, king; lay away six, seven: hand 12.4, crib 5.6, net 18.0.")
    assert lines[2] == ("Keep five, five, six, seven; lay away jack, king: hand 12.2, crib 4.3, net 16.5.")
    assert lines[15] == ("Keep six, seven, jack, king; lay away five, five: hand 2.1, crib 9.0, net 11.1.")
    assert lines[-1] == ("Keep five, five, jack, king; lay away six, seven. About 18.0 points with your crib.")


def test_text_output_reads_by_ear(capsys):
    """One sentence a line, cards as words, no card codes, no aligned columns; a rank split
    between the kept and laid-away cards names the suits; the pone's crib is theirs."""
    assert _run(["5H", "5S", "JD", "6C", "7C", "KS", "--pone"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "The 15 discards, best first; the crib is your opponent's."
    assert lines[1] == ("Keep five, five, six, seven; lay away jack, king: hand 12.2, their crib 4.3, net 7.9.")
    assert (
        "Keep five of spades, six, seven, king; lay away five of hearts, jack: hand 7.7, their crib 7.3, net 0.5."
    ) in lines
    for line in lines:
        assert "  " not in line and line.endswith(".") and line[0].isupper()
        assert not any(code in line.split() for code in ("5H", "5S", "JD", "6C", "7C", "KS"))


def test_cards_may_be_spoken_names(capsys):
    assert _run(["five", "of", "hearts", "5S", "JD", "6C", "7C", "KS", "--pone", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["options"][0]["discard"] == ["JD", "KS"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["5H", "5S", "JD", "6C", "7C", "XX", "--dealer"], "'XX' is not a card"),
        (["5H", "5H", "JD", "6C", "7C", "KS", "--dealer"], "The card 5H is given twice."),
        (["5H", "5S", "JD", "6C", "7C", "--dealer"], "Give exactly 6 cards, not 5."),
        (["5H", "5S", "JD", "6C", "7C", "KS", "3D", "--pone"], "Give exactly 6 cards, not 7."),
        (["5H", "5S", "JD", "6C", "7C", "KS", "--dealer", "--pone"], "not both"),
        (["5H", "5S", "JD", "6C", "7C", "KS"], "--dealer or --pone"),
    ],
)
def test_bad_input_prints_one_clear_line_and_exits_2(capsys, argv, message):
    assert _run(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1
    assert "Traceback" not in captured.err


def test_hint_sentence_for_the_pone():
    assert hint_sentence(parse_cards("5H 5S JD 6C 7C KS"), False) == (
        "Keep five, five, six, seven; lay away jack, king. About 7.9 points after your opponent's crib."
    )


def test_analyze_accepts_text():
    assert len(analyze_discards("5H 5S JD 6C 7C KS", is_dealer=True)) == 15


def test_play_hint_names_the_card_and_its_points():
    hint = play_hint(
        parse_cards("5H 9C KD"),
        series=[parse_card("10S")],
        played=[parse_card("10S")],
        starter=parse_card("2C"),
        is_dealer=False,
    )
    assert hint == "Play the five of hearts, for 2."
    assert (
        play_hint(
            parse_cards("9H 10C"),
            series=parse_cards("KS QD 8C"),
            played=parse_cards("KS QD 8C"),
            starter=None,
            is_dealer=True,
        )
        == "Say go."
    )

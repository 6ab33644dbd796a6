"""Win chances (issue 14): the table built by tools/make_odds.py, read by spoken_cribbage.ai.odds,
said by the odds key and command in the game and printed by `spoken-cribbage odds`."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from spoken_cribbage.ai import odds
from spoken_cribbage.ai.odds import OddsError, load_table, win_chance
from spoken_cribbage.ai.simulate import wins_from
from spoken_cribbage.app.cli import main
from spoken_cribbage.app.seat import asked
from spoken_cribbage.engine import game as g
from testkit.seated import after
from testkit.seated import make as seat

UNREADABLE = "The win-chance table cannot be read, so no chance is given."


def percent(p: float) -> str:
    return f"Your chance to win is {int(100 * p + 0.5)} percent."


# ----------------------------------------------------------------------------- the table


@pytest.mark.parametrize("target", [121, 61])
def test_the_table_covers_every_pair_of_scores_and_says_how_it_was_made(target):
    t = load_table(target)
    W = np.array(t.dealer)
    assert W.shape == (target, target)
    assert ((W >= 0) & (W <= 1)).all()
    assert t.deals >= 100_000 and t.seconds > 0 and t.made


@pytest.mark.parametrize("target", [121, 61])
def test_more_points_never_lower_a_sides_chance(target):
    W = np.array(load_table(target).dealer)  # dealer at x (rows), pone at y (columns)
    assert (np.diff(W, axis=0) >= 0).all()  # the dealer gains: its chance does not fall
    assert (np.diff(W, axis=1) <= 0).all()  # the pone gains: the dealer's does not rise


def test_the_two_sides_chances_add_up_and_the_dealer_is_favoured_at_the_start():
    for target in (121, 61):
        for me, opp in ((0, 0), (100 % target, 57), (40, 12), (target - 1, target - 1)):
            for dealing in (True, False):
                mine = win_chance(me, opp, me_dealing=dealing, target=target)
                theirs = win_chance(opp, me, me_dealing=not dealing, target=target)
                assert mine + theirs == pytest.approx(1.0, abs=1e-12)
        first = win_chance(0, 0, me_dealing=True, target=target)
        assert 0.5 < first < 0.62
    # one point short as the pone: the pone counts first, so it nearly always wins
    assert win_chance(120, 110, me_dealing=False) > 0.95
    assert win_chance(120, 0, me_dealing=False) > 0.99
    # far behind at the end: small, but not zero
    assert 0 < win_chance(100, 118, me_dealing=True) < 0.1


def test_a_missing_or_damaged_table_gives_no_number(tmp_path):
    with pytest.raises(OddsError) as e:
        load_table(121, tmp_path / "none.json")
    assert e.value.code == "calculator.odds_unreadable"
    for text in (
        "not json",
        '{"tables": {}}',
        '{"tables": {"121": [[0.5]]}}',
        json.dumps({"tables": {"61": [[2.0] * 61] * 61}, "deals": 5, "seconds_playing": 1}),
    ):
        bad = tmp_path / "bad.json"
        bad.write_text(text)
        with pytest.raises(OddsError) as e:
            load_table(61, bad)
        assert e.value.code == "calculator.odds_unreadable"
    with pytest.raises(OddsError) as e:
        load_table(100)
    assert e.value.code == "calculator.odds_target"
    with pytest.raises(OddsError) as e:
        win_chance(121, 0, me_dealing=True)
    assert e.value.code == "calculator.odds_score"


# ----------------------------------------------------------------------------- the command line


def test_the_command_line_says_the_chance(capsys):
    assert main(["odds", "100", "110", "--dealer", "me"]) == 0
    out = capsys.readouterr().out
    assert out == percent(win_chance(100, 110, me_dealing=True)) + "\n"
    assert main(["odds", "50", "40", "--dealer", "opponent", "--target", "61"]) == 0
    assert capsys.readouterr().out == percent(win_chance(50, 40, me_dealing=False, target=61)) + "\n"


def test_the_command_line_json_is_exact(capsys):
    assert main(["odds", "100", "110", "--dealer", "me", "--target", "121", "--json"]) == 0
    out = capsys.readouterr().out
    win = round(win_chance(100, 110, me_dealing=True), 4)
    assert out == (f'{{"me": 100, "opponent": 110, "dealer": "me", "target": 121, "win": {win}}}\n')
    assert list(json.loads(out)) == ["me", "opponent", "dealer", "target", "win"]


def test_the_command_line_refuses_bad_input_in_a_sentence(capsys):
    assert main(["odds", "121", "3", "--dealer", "me"]) == 2
    assert capsys.readouterr().err == (
        "spoken-cribbage odds: Scores go from 0 to 120 in a game to 121; 121 is not one.\n"
    )
    assert main(["odds", "10", "3", "--dealer", "me", "--target", "31"]) == 2
    assert capsys.readouterr().err == (
        "spoken-cribbage odds: Win chances are known for games to 121 and to 61 only, not to 31.\n"
    )
    with pytest.raises(SystemExit) as e:
        main(["odds", "10", "3"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--dealer" in err and "Traceback" not in err


def test_the_command_line_without_a_table_says_so_and_fails(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(odds, "DATA_PATH", tmp_path / "missing.json")
    assert main(["odds", "100", "110", "--dealer", "me"]) == 1
    res = capsys.readouterr()
    assert res.out == "" and res.err == f"spoken-cribbage odds: {UNREADABLE}\n"
    (tmp_path / "missing.json").write_text("{broken")
    assert main(["odds", "100", "110", "--dealer", "me", "--json"]) == 1
    res = capsys.readouterr()
    assert res.out == "" and res.err == f"spoken-cribbage odds: {UNREADABLE}\n"


# ----------------------------------------------------------------------------- in the game


def test_the_odds_key_and_command_say_my_chance():
    s, out = seat(scores=(100, 110))
    expected = percent(win_chance(100, 110, me_dealing=s.table.game.dealer == 0))
    assert after(out, lambda: s.key("o")) == [expected]
    assert after(out, lambda: s.command("odds")) == [expected]
    assert after(out, lambda: s.command("what are my chances")) == [expected]
    assert any("o your chance to win" in line for line in asked.help_lines(s))


def test_after_the_show_the_chance_is_for_the_next_deal():
    s, out = seat(seed=3)
    while s.table.game.phase != g.DEAL_OVER:
        s.table.game.apply(
            s.table.game.legal_actions(s.table.game.pending_discards()[0])[0]
            if s.table.game.phase == g.DISCARD
            else s.table.game.legal_actions(s.table.game.to_act)[0]
        )
    me, opp = s.table.game.scores
    next_dealer = 1 - s.table.game.dealer
    assert after(out, lambda: s.key("o")) == [percent(win_chance(me, opp, me_dealing=next_dealer == 0))]


def test_the_game_says_when_it_has_no_table(monkeypatch, tmp_path):
    monkeypatch.setattr(odds, "DATA_PATH", tmp_path / "missing.json")
    s, out = seat()
    assert after(out, lambda: s.key("o")) == [UNREADABLE]
    s2, out2 = seat()
    s2.table.game = g.Game(seed=1, target=31)
    monkeypatch.undo()
    assert after(out2, lambda: s2.key("o")) == ["Win chances are known for games to 121 and to 61 only, not to 31."]


# ----------------------------------------------------------------------------- against play


@pytest.mark.parametrize("target,me,opp,dealing", [(121, 115, 110, True), (121, 110, 115, False), (61, 52, 56, True)])
def test_the_table_agrees_with_whole_games_played_from_the_position(target, me, opp, dealing):
    # 250 games (seeded, so the same every run): the simulated share has a standard error of
    # at most 3.2 points; the margin is 9 points (2.8 of them). bench/bench_odds.py checks 32
    # positions to about 2 points.
    games = 250
    won = wins_from((me, opp), 0 if dealing else 1, games, seed=77, target=target)
    table = win_chance(me, opp, me_dealing=dealing, target=target)
    assert abs(won / games - table) <= 0.09, (won / games, table)
    assert math.isfinite(table)

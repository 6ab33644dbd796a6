"""Simulations between computer players: results, statistics, CLI."""

from __future__ import annotations

import argparse
import json
import os

import pytest

from spoken_cribbage.ai.simulate import simulate, wilson_interval
from spoken_cribbage.app.calculators import add_simulate_parser, run_simulate


def _parse(argv):
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    add_simulate_parser(sub)
    return parser.parse_args(["simulate", *argv])


def test_wilson_interval_of_half_in_a_hundred():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_expert_beats_random_in_50_games():
    s = simulate(["expert", "random"], 50, seed=2, workers=2)  # (0.98 won)
    assert s["games"] == 50 and sum(s["wins"]) == 50
    assert s["win_rate"][0] > 0.9
    assert s["ci95"][0][0] <= s["win_rate"][0] <= s["ci95"][0][1]


def test_expert_beats_easy_in_60_games():
    # 60 games (0.77 won, the 95% interval from 0.65): the lower bound is above 0.55. Many
    # more: spoken-cribbage simulate --players expert,easy --games 2000 (bench/README.md).
    s = simulate(["expert", "easy"], 60, seed=3, workers=2)
    assert s["ci95"][0][0] > 0.55, s["ci95"]


def test_results_do_not_depend_on_the_number_of_workers():
    a = simulate(["standard", "greedy"], 24, seed=9, workers=1)
    b = simulate(["standard", "greedy"], 24, seed=9, workers=2)
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_per_deal_points_add_up_by_role():
    s = simulate(["expert", "expert"], 30, seed=4, workers=1)
    dealer = s["per_deal"]["by_role"]["dealer"]
    pone = s["per_deal"]["by_role"]["pone"]
    assert dealer["total"] == pytest.approx(
        dealer["hand"] + dealer["crib"] + dealer["pegging"] + dealer["heels"], abs=0.01
    )
    assert pone["crib"] == 0 and pone["heels"] == 0
    assert 10 < dealer["total"] < 22 and 6 < pone["total"] < 14


def test_json_output_has_the_documented_keys(capsys):
    assert (
        run_simulate(_parse(["--games", "6", "--seed", "1", "--players", "expert,random", "--json", "--workers", "1"]))
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6 and out["players"] == ["expert", "random"]
    for key in ("wins", "win_rate", "ci95", "skunks", "per_deal"):
        assert len(out[key]) == 2 or key == "per_deal"
    assert set(out["per_deal"]["by_seat"][0]) >= {"hand", "crib", "pegging", "as_dealer", "as_pone"}


def test_text_output_names_each_seat(capsys):
    assert run_simulate(_parse(["--games", "4", "--players", "greedy,random", "--workers", "1"])) == 0
    out = capsys.readouterr().out
    assert "seat 0 greedy" in out and "seat 1 random" in out and "95% CI" in out


def test_progress_lines_are_plain_lines():
    lines = []
    simulate(
        ["random", "random"],
        20,
        seed=1,
        workers=1,
        progress=lambda d, t, e: lines.append(f"{d} of {t}"),
        progress_every=0.0,
    )
    assert lines and all("\r" not in line for line in lines)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--players", "expert,wizard"], "unknown player 'wizard'"),
        (["--players", "expert"], "two levels"),
        (["--games", "0"], "at least 1"),
    ],
)
def test_bad_input_prints_one_line_and_exits_2(capsys, argv, message):
    assert run_simulate(_parse(argv)) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


MOST = os.cpu_count() or 1


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--workers", str(MOST + 1)], f"--workers must be between 1 and {MOST}, the processors of this machine"),
        (["--workers", "48"], f"--workers must be between 1 and {MOST}, the processors of this machine"),
        (["--target", "0"], "target must be between 5 and 1000"),
        (["--target", "1000000000"], "target must be between 5 and 1000"),  # before: ran for ever
    ],
)
def test_workers_and_target_are_bounded_with_a_sentence(capsys, monkeypatch, argv, message):
    import spoken_cribbage.app.calculators as calc

    monkeypatch.setattr(calc, "simulate", lambda *a, **k: pytest.fail("simulate was started"))
    assert run_simulate(_parse(["--games", "2", "--players", "random,random", *argv])) == 2
    assert capsys.readouterr().err == f"spoken-cribbage simulate: {message}\n"


def test_never_more_worker_processes_than_games(monkeypatch):
    # before: --workers 48 --games 2 started 48 processes
    import spoken_cribbage.app.calculators as calc

    seen = {}

    def fake(levels, games, seed, **kw):
        seen["workers"] = kw["workers"]
        raise calc.SimulationError("calculator.games_at_least_one")

    monkeypatch.setattr(calc, "simulate", fake)
    run_simulate(_parse(["--games", "1", "--workers", str(MOST)]))
    assert seen["workers"] == 1


def test_paired_games_swap_the_seats_on_the_same_cards():
    from spoken_cribbage.ai.simulate import play_game

    s = simulate(["standard", "greedy"], 12, seed=5, workers=1, paired=True)
    both = lost = split = 0
    for i in range(6):
        a = play_game(("standard", "greedy"), i, 5)
        b = play_game(("greedy", "standard"), i, 5)
        won = (a.winner == 0) + (b.winner == 1)
        both, lost, split = both + (won == 2), lost + (won == 0), split + (won == 1)
    p = s["paired"]
    assert s["games"] == 12 and p["pairs"] == 6
    assert (p["won_both"], p["split"]) == ([both, lost], split)
    assert s["wins"][0] == 2 * both + split and sum(s["wins"]) == 12
    assert p["win_rate"] == round((2 * both + split) / 12, 4)
    assert p["ci95"][0] <= p["win_rate"] <= p["ci95"][1]
    # an odd number of games is rounded up to whole pairs
    assert simulate(["standard", "greedy"], 3, seed=5, workers=1, paired=True)["games"] == 4


def test_the_pairs_interval_is_narrower_when_the_pairs_are_mostly_split():
    from spoken_cribbage.ai.simulate import GameResult, paired_interval

    def r(i, winner):
        return GameResult(i, 0, winner, (121, 100), 0)

    # 100 pairs: 10 won twice by the first player, 5 by the second, 85 split
    results = []
    for k in range(100):
        a, b = (0, 0) if k < 10 else (1, 1) if k < 15 else (0, 1)
        results += [r(2 * k, a), r(2 * k + 1, b)]
    p = paired_interval(results)
    assert p["won_both"] == [10, 5] and p["split"] == 85 and p["win_rate"] == 0.525
    lo, hi = p["ci95"]
    wlo, whi = wilson_interval(105, 200)
    assert lo > wlo and hi < whi  # the pairs' interval is the narrower one here


def test_the_paired_report_names_the_players_and_the_pairs_interval(capsys):
    assert (
        run_simulate(
            _parse(["--games", "4", "--seed", "1", "--players", "standard,greedy", "--paired", "--workers", "1"])
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "2 pairs of games on the same cards, seats swapped: standard won both" in out
    assert "95% CI over the pairs" in out and "seat 0" not in out


def test_teams_none_is_understood_as_in_play():
    assert _parse(["--players", "expert,expert,expert,expert", "--teams", "none"]).teams == 0
    assert _parse(["--players", "expert,expert,expert,expert", "--teams", "2"]).teams == 2

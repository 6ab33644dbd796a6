"""Computer players at tables of three to six, alone or in teams: the exact discard values, the
crib weighed by its owner, partnership pegging, every level at every table, simulate and the
discard command for five- and six-card hands."""

from __future__ import annotations

import argparse
import json
import random
from itertools import combinations

import pytest

from spoken_cribbage.ai.players import (
    LEVELS,
    ComputerPlayer,
    choose_discard,
    crib_weight,
    expected_crib,
    make_player,
    one_card_crib,
    rank_discards,
)
from spoken_cribbage.ai.simulate import SimulationError, simulate
from spoken_cribbage.app.calculators import add_discard_parser, run_discard
from spoken_cribbage.engine.cards import DECK, parse_card, parse_cards
from spoken_cribbage.engine.game import Deal, Discard, Game, Go, Play, TurnStarter
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.engine.scoring import hand_points, score_hand

C = parse_card

TABLES = [(3, None), (4, None), (4, 0), (5, None), (6, None), (6, 2), (6, 3)]


# ----------------------------------------------------------------------------- exact values


def test_five_card_hand_exact_over_every_starter_it_cannot_see():
    hand = parse_cards("5H 5S JD 6C KS")
    starters = [c for c in DECK if c not in hand]
    assert len(starters) == 47
    options = rank_discards(hand, is_dealer=False, players=3, crib_weight=-0.5)
    assert len(options) == 5
    assert {o.discard for o in options} == {(c,) for c in hand}
    for o in options:
        brute = sum(score_hand(o.keep, s).total for s in starters) / len(starters)
        assert o.expected_hand == pytest.approx(brute, abs=1e-12)
        assert o.expected_crib == one_card_crib(o.discard[0], 4)
        assert o.net == pytest.approx(o.expected_hand - 0.5 * o.expected_crib)
    assert [o.net for o in options] == sorted((o.net for o in options), reverse=True)


def test_six_player_hand_keeps_five_over_the_46_starters():
    hand = parse_cards("5H 5S JD 6C 7C KS")
    starters = [c for c in DECK if c not in hand]
    options = rank_discards(hand, is_dealer=False, players=6, crib_weight=-0.2)
    assert len(options) == 6 and all(len(o.keep) == 5 for o in options)
    for o in options:
        brute = sum(score_hand(o.keep, s).total for s in starters) / 46
        assert o.expected_hand == pytest.approx(brute, abs=1e-12)
        assert o.expected_crib == one_card_crib(o.discard[0], 5)
    # a five-card flush in hand: 5, or 6 with the starter's suit
    flush = rank_discards(parse_cards("2H 4H 6H 8H QH KS"), is_dealer=False, players=6)
    keep = next(o for o in flush if o.discard == (C("KS"),))
    rest = [c for c in DECK if c not in parse_cards("2H 4H 6H 8H QH KS")]
    assert keep.expected_hand == pytest.approx(sum(hand_points(keep.keep, s) for s in rest) / 46)


def test_the_dealer_of_five_or_six_lays_nothing_away():
    assert choose_discard(parse_cards("5H 5S JD 6C"), is_dealer=True, players=5) == ()
    only = rank_discards(parse_cards("5H 5S JD 6C 7C"), is_dealer=True, players=6)
    assert len(only) == 1 and only[0].discard == () and len(only[0].keep) == 5
    with pytest.raises(ValueError):
        rank_discards(parse_cards("5H 5S JD 6C 7C"), is_dealer=False, players=6)


def test_one_card_crib_is_exact():
    # four-card crib: against every other three crib cards and starter (999,600 cribs)
    jack = C("JH")
    rest = [c for c in DECK if c != jack]
    total = n = 0
    for trio in combinations(rest, 3):
        crib = (jack,) + trio
        for s in rest:
            if s not in trio:
                total += hand_points(crib, s, True)
                n += 1
    assert n == 20825 * 48
    assert one_card_crib(jack, 4) == pytest.approx(total / n, abs=1e-12)
    # ... and the mean of the two-card table over the second card, for every rank
    for card in DECK[::4]:
        mean = sum(expected_crib(card, d) for d in DECK if d != card) / 51
        assert one_card_crib(card, 4) == pytest.approx(mean, abs=2e-4)


def test_five_card_crib_against_sampled_cribs():
    rng = random.Random(5)
    five = C("5D")
    rest = [c for c in DECK if c != five]
    n = 40_000
    total = 0
    for _ in range(n):
        *crib, starter = rng.sample(rest, 5)
        total += hand_points([five] + crib, starter, True)
    assert one_card_crib(five, 5) == pytest.approx(total / n, abs=0.1)
    assert one_card_crib(five, 5) > one_card_crib(C("KD"), 5) + 3


# ----------------------------------------------------------------------------- the crib's owner


def test_crib_weight_by_owner_and_side():
    assert crib_weight(Rules(2), 0, 0) == 1.0 and crib_weight(Rules(2), 1, 0) == -1.0
    four = Rules(4)  # partners 0 and 2, 1 and 3
    assert crib_weight(four, 2, 0) == 1.0 and crib_weight(four, 1, 0) == -1.0
    assert crib_weight(Rules(4, teams=0), 1, 0) == pytest.approx(-1 / 3)
    assert crib_weight(Rules(3), 2, 0) == pytest.approx(-1 / 2)
    assert crib_weight(Rules(5), 4, 0) == pytest.approx(-1 / 4)
    assert crib_weight(Rules(6), 3, 0) == pytest.approx(-1 / 5)
    assert crib_weight(Rules(6, teams=2), 4, 0) == 1.0  # seats 0, 2, 4 together
    assert crib_weight(Rules(6, teams=2), 3, 0) == -1.0
    assert crib_weight(Rules(6, teams=3), 3, 0) == 1.0  # seats 0 and 3 together
    assert crib_weight(Rules(6, teams=3), 1, 0) == pytest.approx(-1 / 2)


def _discard_by(rules, seat, dealer, hand):
    """What the expert lays away as ``seat`` with ``hand``, ``dealer`` dealing, at ``rules``."""
    hands = [[] for _ in range(rules.players)]
    pool = [c for c in DECK if c not in hand]
    for s in range(rules.players):
        hands[s] = list(hand) if s == seat else [pool.pop() for _ in range(rules.dealt_to(s == dealer))]
    crib = (pool.pop(),) if rules.crib_cards_from_deck else None
    game = Game(rules=rules, chance=[Deal(tuple(map(tuple, hands)), crib and crib[0])], first_dealer=dealer)
    action = ComputerPlayer("expert", random.Random(0)).act(game.observation(seat))
    assert isinstance(action, Discard)
    return action.cards


def test_the_crib_counts_for_its_owner_side():
    hand = parse_cards("6S 8C 7H 5C 6C")
    # the five goes to the crib of the own side (own or a partner's), not to a rival team's
    assert _discard_by(Rules(4), 0, 0, hand) == (C("5C"),)  # my crib
    assert _discard_by(Rules(4), 2, 0, hand) == (C("5C"),)  # my partner's
    assert _discard_by(Rules(4), 1, 0, hand) == (C("8C"),)  # the other team's: -1
    # alone with three players a rival's crib weighs a half: the five's hand value wins
    assert _discard_by(Rules(3), 1, 0, hand) == (C("5C"),)
    o = {x.discard: x for x in rank_discards(hand, is_dealer=False, players=4, crib_weight=-1.0)}
    assert o[(C("8C"),)].net > o[(C("5C"),)].net
    o = {x.discard: x for x in rank_discards(hand, is_dealer=False, players=3, crib_weight=-0.5)}
    assert o[(C("5C"),)].net > o[(C("8C"),)].net


# ----------------------------------------------------------------------------- partnership pegging


def _pegging_position(seat1_last: str) -> Game:
    """Four players in two teams (0 and 2 against 1 and 3), seat 3 deals. The first series:
    0 KS, 1 AD, 2 KD, 3 7C (28); seat 0 says go; 1 AH (29); 2 and 3 say go; 1 AC (30, a pair);
    then seat 1's last card: AS makes 31 (seat 1 is out of cards), 2S does not fit (the go).
    The second series: 2 7S, 3 9D (16), and seat 0 (5H, 4C, QS) is to play. Next to play after
    seat 0 is seat 1 (an opponent) while it holds a card, else seat 2 (the partner)."""
    hands = (
        parse_cards("KS QS 5H 4C 3H"),
        parse_cards(f"AD AH AC {seat1_last} 6H"),
        parse_cards("KD 7S 8H JD 6D"),
        parse_cards("7C 9D QH 10D 6S"),
    )
    game = Game(rules=Rules(4), chance=[Deal(hands, None), TurnStarter(C("3D"))], first_dealer=3)
    for seat, out in ((0, "3H"), (1, "6H"), (2, "6D"), (3, "6S")):
        game.apply(Discard(seat, (C(out),)))
    script = [
        Play(0, C("KS")),
        Play(1, C("AD")),
        Play(2, C("KD")),
        Play(3, C("7C")),
        Go(0),
        Play(1, C("AH")),
        Go(2),
        Go(3),
        Play(1, C("AC")),
    ]
    if seat1_last == "AS":
        script.append(Play(1, C("AS")))
    script += [Play(2, C("7S")), Play(3, C("9D"))]
    for action in script:
        game.apply(action)
    assert game.to_act == 0 and game.count == 16
    return game


@pytest.mark.parametrize("level", ["expert", "standard"])
def test_no_twenty_one_for_the_next_opponent_but_one_for_the_partner(level):
    against = _pegging_position("2S")
    assert against.hands[1]  # seat 1 (an opponent) plays next
    card = ComputerPlayer(level, random.Random(0)).act(against.observation(0))
    assert card != Play(0, C("5H"))  # 21 would leave a ten-card its 31
    partner = _pegging_position("AS")
    assert not partner.hands[1]  # seat 1 is out: my partner plays next
    assert ComputerPlayer(level, random.Random(0)).act(partner.observation(0)) == Play(
        0, C("5H")
    )  # 21 leaves my partner a 31


def test_the_expert_leads_a_five_only_to_a_partner():
    from spoken_cribbage.ai.players import _choose_play_multi, _PlayView, _unseen_pool

    hand = parse_cards("5H 3C 9S 8D")
    pool = _unseen_pool(hand, 0)

    def view(weight):
        return _PlayView(
            hand=list(hand),
            series=[],
            count=0,
            pool=pool,
            opp_cards=4,
            my_score=0,
            their_score=0,
            target=121,
            is_dealer=False,
            my_show=None,
            players=4,
            next_weight=weight,
            heads_up=False,
        )

    assert _choose_play_multi(view(-1.0)) != C("5H")
    assert _choose_play_multi(view(1.0)) == C("5H")


# ----------------------------------------------------------------------------- every level, every table


def _play_out(rules: Rules, levels, seed: int) -> Game:
    game = Game(rules=rules, seed=seed, first_dealer=seed % rules.players)
    players = [make_player(lv, random.Random(seed * 10 + s)) for s, lv in enumerate(levels)]
    steps = 0
    while game.winner is None:
        seats = (
            list(game.pending_discards())
            if game.phase == "discard"
            else [game.to_act if game.to_act is not None else 0]
        )
        for s in seats:
            game.apply(players[s].act(game.observation(s)))
            steps += 1
            if game.winner is not None:
                break
        assert steps < 5000
    return game


@pytest.mark.parametrize("players, teams", TABLES)
def test_every_level_plays_every_table_to_the_end(players, teams):
    rules = Rules(players, teams=teams)
    for k, level in enumerate(LEVELS):
        game = _play_out(rules, [level] * players, seed=k + 1)
        assert max(game.scores) >= rules.target and game.outcome() is not None
    # the levels side by side, and manual counting with muggins
    mixed = [LEVELS[(players + s) % len(LEVELS)] for s in range(players)]
    _play_out(rules, mixed, seed=11)
    manual = Rules(players, teams=teams, counting="manual", muggins=True)
    assert _play_out(manual, mixed, seed=12).outcome() is not None


# ----------------------------------------------------------------------------- simulate


def test_simulate_three_players_adds_up():
    s = simulate(["expert", "standard", "easy"], 6, seed=3, workers=1)
    assert s["games"] == 6 and sum(s["wins"]) == 6
    assert s["table"] == {"players": 3, "teams": 0, "sides": 3, "even_share": 0.3333}
    assert [b["wins"] for b in s["by_side"]] == s["wins"]
    assert [b["seats"] for b in s["by_side"]] == [[0], [1], [2]]
    for lo_hi, rate in zip(s["ci95"], s["win_rate"], strict=True):
        assert lo_hi[0] <= rate <= lo_hi[1]
    assert s["per_deal"]["completed_deals"] > 6
    dealer = s["per_deal"]["by_role"]["dealer"]
    assert dealer["total"] == pytest.approx(
        dealer["hand"] + dealer["crib"] + dealer["pegging"] + dealer["heels"], abs=0.01
    )


@pytest.mark.parametrize("teams, sides", [(0, 6), (2, 2), (3, 3)])
def test_simulate_six_players_adds_up_by_side(teams, sides):
    levels = ["expert", "standard"] * 3
    s = simulate(levels, 6, seed=1, workers=1, teams=teams)
    assert s["table"]["sides"] == sides and len(s["by_side"]) == sides
    assert sum(b["wins"] for b in s["by_side"]) == 6
    rules = Rules(6, teams=teams)
    for seat in range(6):
        assert s["wins"][seat] == s["by_side"][rules.side_of(seat)]["wins"]
    assert sum(s["wins"]) == 6 * rules.team_size
    for b in s["by_side"]:
        assert b["players"] == [levels[x] for x in b["seats"]]
    assert 0 <= s["first_dealer_wins"] <= 6


def test_simulate_refuses_a_table_the_rules_do_not_allow():
    with pytest.raises(SimulationError) as info:
        simulate(["expert"] * 5, 2, teams=2)
    assert info.value.code == "calculator.simulate_teams"
    with pytest.raises(SimulationError):
        simulate(["expert"] * 3, 2, paired=True)
    with pytest.raises(SimulationError):
        simulate(["expert"] * 7, 2)


# ----------------------------------------------------------------------------- the discard command


def _run(argv):
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    add_discard_parser(sub)
    return run_discard(parser.parse_args(["discard", *argv]))


def test_discard_command_five_cards_three_players(capsys):
    assert _run(["5H", "5S", "JD", "6C", "KS", "--pone", "--players", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["players"], out["sides"], out["crib"], out["crib_weight"]) == (3, 3, "opponent", -0.5)
    assert len(out["options"]) == 5 and out["options"][0]["discard"] == ["6C"]
    nets = [o["net"] for o in out["options"]]
    assert nets == sorted(nets, reverse=True)
    assert _run(["5H", "5S", "JD", "6C", "KS", "--pone", "--players", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "The 5 discards with three players, best first; the crib is an "
        "opponent's, counted at a half against you (one of two opponents)."
    )
    assert lines[1] == "Keep five, five, jack, king; lay away six: hand 12.4, their crib 4.8, net 10.0."
    assert lines[-1] == (
        "Keep five, five, jack, king; lay away six. About 10.0 points after an "
        "opponent's crib, counted at a half (one of two opponents)."
    )
    for line in lines:
        assert "  " not in line and line.endswith(".") and line[0].isupper()


def test_discard_command_six_cards_six_players_and_a_partner(capsys):
    assert _run(["5H", "5S", "JD", "6C", "7C", "KS", "--partner", "--players", "6", "--teams", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["crib"] == "partner" and out["crib_weight"] == 1.0
    assert len(out["options"]) == 6 and all(len(o["keep"]) == 5 for o in out["options"])
    assert _run(["5H", "5S", "JD", "6C", "7C", "KS", "--pone", "--players", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(
        "The 6 discards with six players, best first; the crib is an opponent's, counted at a fifth against you"
    )
    assert lines[1].startswith("Keep five, five, six, seven, jack; lay away king: hand 16.7")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["5H", "5S", "JD", "6C", "--dealer", "--players", "5"], "lays none away"),
        (["5H", "5S", "JD", "6C", "7C", "--pone", "--players", "6"], "give 6, not 5"),
        (["5H", "5S", "JD", "6C", "7C", "--partner", "--players", "3"], "no partner"),
        (["5H", "5S", "JD", "6C", "7C", "--pone", "--players", "5", "--teams", "2"], "each for themselves"),
        (["5H", "5S", "JD", "6C", "7C", "--pone", "--partner", "--players", "4"], "--partner"),
        (["5H", "5S", "JD", "6C", "7C", "--pone", "--players", "7"], "2 to 6"),
    ],
)
def test_discard_command_refusals(capsys, argv, message):
    assert _run(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_coach_hints_at_a_team_table():
    from spoken_cribbage.ai.coach import hint_for
    from spoken_cribbage.words.notices import phrase

    hand = parse_cards("6S 8C 7H 5C 6C")
    pool = [c for c in DECK if c not in hand]
    hands = (tuple(pool[:5]), tuple(pool[5:10]), hand, tuple(pool[10:15]))
    game = Game(rules=Rules(4), chance=[Deal(hands, None)], first_dealer=0)
    hint = hint_for(game, 2)  # seat 2: the dealer's partner
    assert hint.data["discard"] == (C("5C"),) and hint.data["press"] == (1,)  # 5C 6C 6S 7H 8C
    assert phrase(hint).endswith("with your partner's crib. Press 1, then Enter.")

"""Computer player decisions: discards, pegging, levels, reproducibility."""

from __future__ import annotations

import random
import time
from itertools import combinations

import pytest

from spoken_cribbage.ai.players import (
    LEVELS,
    ComputerPlayer,
    choose_discard,
    choose_play,
    expected_crib,
    make_player,
    rank_discards,
    view_from_observation,
)
from spoken_cribbage.ai.simulate import play_game
from spoken_cribbage.engine.cards import DECK, parse_card, parse_cards
from spoken_cribbage.engine.game import Game, Observation, Play
from spoken_cribbage.engine.scoring import hand_points, score_hand

C = parse_card
HAND = parse_cards("5H 5S JD 6C 7C KS")


def _cards(text):
    return set(parse_cards(text))


# ----------------------------------------------------------------------------- discards


def test_expert_dealer_keeps_fives_with_faces_and_lays_six_seven_in_own_crib():
    assert set(choose_discard(HAND, is_dealer=True)) == _cards("6C 7C")


def test_expert_pone_keeps_five_five_six_seven_and_gives_away_jack_king():
    assert set(choose_discard(HAND, is_dealer=False)) == _cards("JD KS")


def test_discard_accepts_card_text():
    assert set(choose_discard(["5H", "5S", "JD", "6C", "7C", "KS"], is_dealer=False)) == _cards("JD KS")


def test_rank_discards_lists_fifteen_options_best_net_first():
    options = rank_discards(HAND, is_dealer=True)
    assert len(options) == 15
    assert [o.net for o in options] == sorted((o.net for o in options), reverse=True)
    assert {frozenset(o.discard) for o in options} == {frozenset(p) for p in combinations(HAND, 2)}
    for o in options:
        assert o.net == pytest.approx(o.expected_hand + o.expected_crib)
    for o in rank_discards(HAND, is_dealer=False):
        assert o.net == pytest.approx(o.expected_hand - o.expected_crib)


def test_expected_hand_is_the_exact_mean_over_the_46_starters():
    starters = [c for c in DECK if c not in HAND]
    assert len(starters) == 46
    for o in rank_discards(HAND, is_dealer=True):
        exact = sum(score_hand(o.keep, s).total for s in starters) / 46
        assert o.expected_hand == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize("pair", ["KS 2D", "5C 6C", "5C 5D", "JH 5H"])
def test_crib_table_equals_exact_enumeration(pair):
    a, b = parse_cards(pair)
    rest = [c for c in DECK if c not in (a, b)]
    total = n = 0
    for x, y in combinations(rest, 2):
        crib = (a, b, x, y)
        for s in rest:
            if s in (x, y):
                continue
            total += hand_points(crib, s, True)
            n += 1
    assert n == 1225 * 48
    assert expected_crib(a, b) == pytest.approx(total / n, abs=1e-4)


def test_crib_table_values_match_the_known_shape():
    assert expected_crib(C("5C"), C("5D")) == pytest.approx(8.9927, abs=1e-4)
    assert expected_crib(C("5C"), C("5D")) == max(expected_crib(a, b) for a, b in combinations(DECK, 2))
    assert expected_crib(C("KC"), C("10D")) < expected_crib(C("KC"), C("5D"))
    assert expected_crib(C("6C"), C("7C")) > expected_crib(C("6C"), C("7D"))  # flush chance


def test_greedy_ignores_the_crib():
    assert set(choose_discard(HAND, is_dealer=False, level="greedy")) == _cards("6C 7C")


def test_random_discard_is_reproducible_with_the_injected_rng():
    a = choose_discard(HAND, is_dealer=True, level="random", rng=random.Random(4))
    b = choose_discard(HAND, is_dealer=True, level="random", rng=random.Random(4))
    assert a == b and len(a) == 2 and set(a) <= set(HAND)


def test_expert_races_for_the_target_near_the_end():
    # As pone needing 10 (the pone counts first) with the dealer close behind, the keep most
    # likely to get there wins over the keep with the best average. With the dealer far
    # behind, the expert (by its chance to win) keeps the best average: missing the target
    # this deal costs little; expert-points races whatever the opponent's score.
    hand = parse_cards("AD 4D 7C 7S JS QH")
    assert set(choose_discard(hand, is_dealer=False, my_score=111, their_score=110)) == _cards("7C 7S")
    assert set(choose_discard(hand, is_dealer=False, my_score=111, their_score=60)) == _cards("JS QH")
    assert set(choose_discard(hand, is_dealer=False, my_score=111, level="expert-points")) == _cards("7C 7S")
    assert set(choose_discard(hand, is_dealer=False)) != _cards("7C 7S")


def test_expert_pegging_correction_keeps_the_low_card_as_pone():
    # hand+crib alone (standard) keeps A 7 7 J; the pegging correction keeps A 4 7 7
    hand = parse_cards("AD 4D 7C 7S JS QH")
    assert set(choose_discard(hand, is_dealer=False, level="standard")) == _cards("4D QH")
    assert set(choose_discard(hand, is_dealer=False)) == _cards("JS QH")


def test_unknown_level_is_rejected():
    with pytest.raises(ValueError, match="unknown level"):
        choose_discard(HAND, is_dealer=True, level="grandmaster")
    with pytest.raises(ValueError):
        make_player("perfect")


def test_one_card_discard_for_three_or_four_players():
    five = parse_cards("5H 5S JD 6C KS")
    out = choose_discard(five, is_dealer=True)
    assert len(out) == 1 and out[0] in five


# ----------------------------------------------------------------------------- pegging


def _play(hand, series=(), played=None, **kw):
    hand = parse_cards(hand) if isinstance(hand, str) else hand
    series = parse_cards(series) if isinstance(series, str) else list(series)
    played = series if played is None else parse_cards(played)
    kw.setdefault("starter", C("2C"))
    kw.setdefault("is_dealer", False)
    return choose_play(hand, series=series, played=played, **kw)


@pytest.mark.parametrize("level", ["easy", "standard", "expert", "greedy"])
def test_takes_a_fifteen_when_offered(level):
    if level == "easy":
        hits = sum(_play("5H 9C KD", "10S", level="easy", rng=random.Random(i)) == C("5H") for i in range(40))
        assert hits >= 25
    else:
        assert _play("5H 9C KD", "10S", level=level) == C("5H")


def test_go_when_nothing_fits():
    assert _play("9H 10C", "KS QD 8C") is None


def test_expert_does_not_lead_a_five():
    assert _play("4H 5C KD QS", "", played="") == C("4H")


def test_expert_does_not_leave_twenty_one():
    # count 11: the 10 makes 21 (a ten answers 31); the 2 makes 13, out of reach of both
    assert _play("10H 2C", "6S 5D") == C("2C")


def test_expert_takes_points_that_win_the_game_now():
    # pairing the seven gives 2 and wins; otherwise the expert would prefer another card
    card = _play("7C 10H QD QH", "7D", kept=parse_cards("7C 10H QD QH"), starter=C("7S"), my_score=119, their_score=100)
    assert card == C("7C")


def test_expert_defends_when_its_show_will_win():
    kept = parse_cards("7C 10H QD QH")
    normal = _play(kept, "7D", kept=kept, starter=C("7S"))
    safe = _play(kept, "7D", kept=kept, starter=C("7S"), my_score=117, their_score=110)
    assert normal == C("7C")  # pair for two, risking a pair royal
    assert safe == C("QD")  # the show (4) wins: give nothing to answer


def test_expert_reads_the_opponents_go():
    game = Game(seed=2, first_dealer=0)
    obs = game.observation(1)
    played = ((1, C("KH")), (0, C("QC")), (1, C("9D")))  # count 29, dealer then says go
    fake = Observation(
        seat=1,
        players=2,
        side=1,
        phase="play",
        deal=1,
        dealer=0,
        target=121,
        scores=(0, 0),
        hand=(C("2S"),),
        kept=(C("KH"), C("9D"), C("2S"), C("AC")),
        discards=obs.discards,
        starter=C("4D"),
        played=played + ((1, C("AC")),),
        series=(C("KH"), C("QC"), C("9D"), C("AC")),
        count=30,
        gone=(0,),
        cards_left=(3, 1),
        legal=(Play(1, C("2S")),),
    )
    view = view_from_observation(fake)
    assert all(rank >= 3 for rank in view.pool)  # the dealer holds nothing of value 1 or 2


# ----------------------------------------------------------------------------- players


def test_make_player_knows_every_level():
    for level in LEVELS:
        assert isinstance(make_player(level, random.Random(0)), ComputerPlayer)


def test_games_are_reproducible_with_seeded_players():
    a = play_game(("easy", "expert"), 3, seed=5)
    b = play_game(("easy", "expert"), 3, seed=5)
    assert a == b


def test_expert_decisions_are_fast():
    game = Game(seed=1)
    player = make_player("expert", random.Random(0))
    obs = game.observation(0)
    t = time.perf_counter()
    for _ in range(50):
        player.act(obs)
    assert (time.perf_counter() - t) / 50 < 0.05  # loose: the bench measures the real figure

"""The expert's end game: discards and plays by the chance to win (ai/endgame.py), against the
expert-points baseline (the expert without the win-chance table)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from spoken_cribbage.ai import endgame
from spoken_cribbage.ai.odds import load_table
from spoken_cribbage.ai.players import (
    LEVELS,
    _hand_distribution,
    _pegging_features,
    choose_discard,
    choose_play,
    expected_crib,
    make_player,
    rank_discards,
)
from spoken_cribbage.ai.simulate import simulate
from spoken_cribbage.engine.cards import DECK, parse_card, parse_cards
from spoken_cribbage.engine.game import Game

C = parse_card


def _set(text):
    return set(parse_cards(text))


def _inputs(hand, is_dealer, options=None):
    cards = parse_cards(hand)
    opts = rank_discards(cards, is_dealer=is_dealer)[:options]
    starters = [c for c in DECK if c not in cards]
    return (
        [o.discard for o in opts],
        [_hand_distribution(o.keep, starters) for o in opts],
        starters,
        [_pegging_features(o.keep) for o in opts],
    )


# ----------------------------------------------------------------------------- the model


def _direct(discards, hands, starters, features, *, is_dealer, me, opp, target):
    """The same chances summed term by term, in counting order (slow; near the end only)."""
    model = endgame.load_model()
    table = load_table(target)

    def after(a, b):  # the next deal, the other side dealing
        return 1 - table.dealer_wins(b, a) if is_dealer else table.dealer_wins(a, b)

    out = []
    for i, d in enumerate(discards):
        crib = endgame.crib_distribution(*d)
        joint = endgame._peg_joint(0 if is_dealer else 1, features[i])
        total = 0.0
        for j, s in enumerate(starters):
            r, h = s.rank, hands[i][j]
            heels = 2 if r == 11 else 0
            theirs = model.hand[1 if is_dealer else 0, r - 1]
            a0, b0 = me + (heels if is_dealer else 0), opp + (0 if is_dealer else heels)
            if a0 >= target or b0 >= target:
                total += a0 >= target
                continue
            for pm, po in zip(*np.nonzero(joint), strict=True):
                w = joint[pm, po]
                a, b = a0 + pm, b0 + po
                if a >= target or b >= target:
                    total += w * (0.5 if a >= target and b >= target else float(a >= target))
                    continue
                v = 0.0
                for ho, p_ho in enumerate(theirs):
                    for c, p_c in enumerate(crib[r - 1]):
                        if is_dealer:  # their hand first, then my hand and crib
                            win = 0.0 if b + ho >= target else 1.0 if a + h + c >= target else after(a + h + c, b + ho)
                        else:  # my hand first, then their hand and crib
                            win = 1.0 if a + h >= target else 0.0 if b + ho + c >= target else after(a + h, b + ho + c)
                        v += p_ho * p_c * win
                total += w * v
        out.append(total / len(starters))
    return np.array(out)


@pytest.mark.parametrize("is_dealer, me, opp", [(True, 115, 119), (False, 117, 116)])
def test_discard_chances_equal_the_sums_in_counting_order(is_dealer, me, opp):
    args = _inputs("3D 5H 8D 10S KC KD", is_dealer, options=2)
    fast = endgame.discard_chances(*args, is_dealer=is_dealer, me=me, opp=opp, target=121)
    slow = _direct(*args, is_dealer=is_dealer, me=me, opp=opp, target=121)
    assert fast == pytest.approx(slow, abs=1e-12)


@pytest.mark.parametrize("pair", ["KS 2D", "5C 6C", "5C 5D", "JH 5H"])
def test_crib_distribution_averages_to_the_crib_table(pair):
    a, b = parse_cards(pair)
    dist = endgame.crib_distribution(a, b)
    starters = np.array([4 - (a.rank == r) - (b.rank == r) for r in range(1, 14)])
    mean = (dist @ np.arange(dist.shape[1])) @ starters / starters.sum()
    assert np.allclose(dist.sum(axis=1), 1.0)
    assert mean == pytest.approx(expected_crib(a, b), abs=5e-4)  # the table keeps 3 decimals


def test_the_model_agrees_with_the_table_on_average():
    # Over random hands, the chance of the expert-points discard is the table's chance for
    # the position within 3 points (the table is made from whole deals, the model from parts).
    rng = random.Random(3)
    for is_dealer, me, opp in [(True, 100, 110), (False, 90, 90)]:
        chances = []
        for _ in range(60):
            cards = rng.sample(DECK, 6)
            out = set(choose_discard(cards, is_dealer=is_dealer, my_score=me, their_score=opp, level="expert-points"))
            disc, hands, starters, feats = _inputs(" ".join(c.short for c in cards), is_dealer)
            ch = endgame.discard_chances(disc, hands, starters, feats, is_dealer=is_dealer, me=me, opp=opp, target=121)
            chances.append(ch[[set(d) for d in disc].index(out)])
        table = load_table(121).win(me, opp, me_dealing=is_dealer)
        assert np.mean(chances) == pytest.approx(table, abs=0.03)


# ----------------------------------------------------------------------------- discards


def test_pone_needing_two_keeps_a_sure_pair_and_low_cards_to_peg():
    # Both need 2. The pone counts first, so a pair wins at the show unless the dealer pegs
    # two first: keep Q Q with the ace and three (low cards to answer and to take the go),
    # not the ten-cards that score most on average.
    hand = parse_cards("AD 3H 10C JH QC QD")
    kw = dict(is_dealer=False, my_score=119, their_score=119)
    assert set(choose_discard(hand, **kw)) == _set("10C JH")
    assert set(choose_discard(hand, **kw, level="expert-points")) == _set("AD 3H")


def test_pone_defends_when_the_dealer_needs_two():
    # The dealer needs 2, the pone 11: the pone keeps its low cards to stop the dealer
    # pegging out, rather than the run of ten-cards that scores more on average.
    hand = parse_cards("AS 4D 10S JH QC KD")
    kw = dict(is_dealer=False, my_score=110, their_score=119)
    assert set(choose_discard(hand, **kw)) == _set("10S KD")
    assert set(choose_discard(hand, **kw, level="expert-points")) == _set("AS 4D")


def test_far_from_the_end_the_expert_plays_as_expert_points():
    expert, points = make_player("expert", random.Random(0)), make_player("expert-points", random.Random(0))
    far = endgame.applies
    compared = 0
    for seed in range(12):
        game = Game(seed=seed, first_dealer=seed % 2, scores=(seed * 3, 40 - seed))
        while game.phase in ("discard", "play") and game.winner is None:
            seats = list(game.pending_discards()) if game.phase == "discard" else [game.to_act]
            for seat in seats:
                obs = game.observation(seat)
                action = expert.act(obs)
                if not far(121, obs.scores[0], obs.scores[1], max(endgame.NEAR, endgame.NEAR_PLAY)):
                    assert action == points.act(obs)
                    compared += 1
                game.apply(action)
    assert compared > 100


def test_near_the_end_the_two_differ_somewhere():
    differ = 0
    rng = random.Random(1)
    for _ in range(40):
        cards = rng.sample(DECK, 6)
        kw = dict(is_dealer=False, my_score=118, their_score=117)
        differ += set(choose_discard(cards, **kw)) != set(choose_discard(cards, **kw, level="expert-points"))
    assert differ >= 4


def test_the_end_game_is_for_the_targets_the_table_covers():
    assert endgame.applies(121, 100, 60) and endgame.applies(61, 40, 20)
    assert not endgame.applies(91, 80, 80)
    hand = parse_cards("AD 3H 10C JH QC QD")
    kw = dict(is_dealer=False, my_score=89, their_score=89, target=91)
    assert choose_discard(hand, **kw) == choose_discard(hand, **kw, level="expert-points")


# ----------------------------------------------------------------------------- the play


def test_the_play_takes_a_card_that_wins_now():
    kept = parse_cards("7C 10H QD QH")
    card = choose_play(
        kept,
        series=parse_cards("7D"),
        played=parse_cards("7D"),
        starter=C("7S"),
        is_dealer=False,
        my_score=119,
        their_score=118,
        kept=kept,
        discards=parse_cards("2C 9S"),
    )
    assert card == C("7C")


def test_the_play_defends_when_the_opponent_needs_two_and_my_show_wins():
    # I (pone) led the two, the dealer played a nine: count 11. My show (2 4 8 Q with a five
    # starter: 4 points) reaches the target, so only the dealer pegging two first can lose the
    # game. The four makes 15 (two for me) and only a four answers it (3 unseen); the eight
    # makes 19, answered by an eight, a seven or a ten (11 unseen); the queen makes 21,
    # answered by any ten-card for 31 (14 unseen).
    kept = parse_cards("2H 4C 8D QS")
    series = parse_cards("2H 9S")
    card = choose_play(
        parse_cards("4C 8D QS"),
        series=series,
        played=series,
        starter=C("5C"),
        is_dealer=False,
        my_score=117,
        their_score=119,
        kept=kept,
        discards=parse_cards("KC 9H"),
    )
    assert card == C("4C")


def test_near_the_end_some_plays_differ_from_expert_points():
    expert, points = make_player("expert", random.Random(0)), make_player("expert-points", random.Random(0))
    differ = 0
    for seed in range(30):
        game = Game(seed=seed, first_dealer=seed % 2, scores=(110 + seed % 9, 118 - seed % 7))
        while game.phase in ("discard", "play") and game.winner is None:
            seats = list(game.pending_discards()) if game.phase == "discard" else [game.to_act]
            for seat in seats:
                obs = game.observation(seat)
                action = expert.act(obs)
                if obs.phase == "play" and len(obs.playable) > 1:
                    differ += action != points.act(obs)
                game.apply(action)
                if game.winner is not None:
                    break
    assert differ >= 3


# ----------------------------------------------------------------------------- levels


def test_expert_points_is_a_baseline_level_not_a_difficulty():
    from spoken_cribbage.app.cli import build_parser

    assert "expert-points" in LEVELS
    play = build_parser()._subparsers._group_actions[0].choices["play"]
    difficulty = next(a for a in play._actions if a.dest == "difficulty")
    assert "expert-points" not in difficulty.choices


def test_simulate_pits_the_expert_against_expert_points():
    s = simulate(["expert", "expert-points"], 4, seed=3, workers=1)
    assert s["players"] == ["expert", "expert-points"] and sum(s["wins"]) == 4
    assert len(s["ci95"]) == 2

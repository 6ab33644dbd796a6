"""Five-card hands and cribs (six players): each rule on hand-made cases, the maximum the
exhaustive count found (bench/bench_five_card.py: 46, only 4-4-5-5-6-6), and a seeded sample
where the engine (score_hand and hand_points) agrees with the bench's independent counter
(testkit/five_card_reference.py, which uses no engine code)."""

import random
from itertools import combinations

import numpy as np
import pytest

from spoken_cribbage import InvalidHandError, hand_points, parse_card, parse_cards, score_hand
from spoken_cribbage.engine.cards import DECK, Card
from testkit import five_card_reference as ref


def show(hand: str, starter: str, *, crib: bool = False):
    """(total, [(kind, points, 'cards'), ...]); the total checked against hand_points and the
    independent counter."""
    cards, st = parse_cards(hand), parse_card(starter)
    result = score_hand(cards, st, is_crib=crib)
    items = [(str(i.kind), i.points, " ".join(c.short for c in i.cards)) for i in result.items]
    assert result.total == sum(p for _, p, _ in items)
    assert result.total == hand_points(cards, st, crib) == independent(cards, st, crib)
    return result.total, items


def codes(cards):
    return [ref.card_code(c.rank, c.suit) for c in cards]


def independent(hand, starter, crib=False) -> int:
    hp, cp = ref.score_sets(np.array([codes(hand)]), np.array([codes([starter])[0]]))
    return int((cp if crib else hp)[0])


# ----------------------------------------------------------------------------- flush


def test_five_hand_cards_of_one_suit_are_a_flush_of_5_and_6_with_the_starter():
    assert show("2H 4H 6H 8H QH", "KC") == (5, [("flush", 5, "2H 4H 6H 8H QH")])
    assert show("2H 4H 6H 8H QH", "KH") == (6, [("flush", 6, "2H 4H 6H 8H QH KH")])


def test_four_hand_cards_of_one_suit_in_a_five_card_hand_are_no_flush():
    assert show("2H 4H 6H 8H QS", "KC") == (0, [])
    assert show("2H 4H 6H 8H QS", "KH") == (0, [])
    assert show("2H 4H 6H 8H QS", "KH", crib=True) == (0, [])


def test_a_five_card_crib_flush_needs_all_six_cards():
    assert show("2H 4H 6H 8H QH", "KC", crib=True) == (0, [])
    assert show("2H 4H 6H 8H QH", "KH", crib=True) == (6, [("flush", 6, "2H 4H 6H 8H QH KH")])


# ----------------------------------------------------------------------------- nobs


def test_nobs_is_a_hand_jack_of_the_starters_suit_never_the_starter():
    assert show("JH 2C 4D 6S 8C", "KH") == (1, [("nobs", 1, "JH")])
    assert show("JH 2C 4D 6S 8C", "KH", crib=True) == (1, [("nobs", 1, "JH")])
    assert show("2C 4D 6S 8C KH", "JH") == (0, [])
    assert show("JH JC 2D 4S 8C", "KH") == (3, [("pair", 2, "JC JH"), ("nobs", 1, "JH")])


# ----------------------------------------------------------------------------- runs and pairs


def test_a_double_run_of_four_uses_the_starter():
    assert show("3C 4D 4H 5S 9C", "6D") == (
        16,
        [
            ("fifteen", 2, "6D 9C"),
            ("fifteen", 2, "4D 5S 6D"),
            ("fifteen", 2, "4H 5S 6D"),
            ("pair", 2, "4D 4H"),
            ("run", 4, "3C 4D 5S 6D"),
            ("run", 4, "3C 4H 5S 6D"),
        ],
    )


def test_a_double_double_run_over_six_cards_is_four_runs_of_three():
    total, items = show("2C 3D 3H 4S 4C", "KD")
    assert total == 20
    assert [i for i in items if i[0] == "run"] == [
        ("run", 3, "2C 3D 4C"),
        ("run", 3, "2C 3D 4S"),
        ("run", 3, "2C 3H 4C"),
        ("run", 3, "2C 3H 4S"),
    ]


def test_six_cards_can_hold_two_separate_runs_of_three_and_both_count():
    total, items = show("AC 2D 3H 5S 6C", "7D")
    assert total == 14
    assert [i for i in items if i[0] == "run"] == [("run", 3, "AC 2D 3H"), ("run", 3, "5S 6C 7D")]


def test_three_fives_two_jacks_and_the_fourth_five_is_playrooms_39_not_the_best():
    total, items = show("5C 5D 5S JH JC", "5H")
    assert total == 39
    assert [k for k, _, _ in items].count("fifteen") == 12
    assert [k for k, _, _ in items].count("pair") == 7
    assert items[-1] == ("nobs", 1, "JH")


def test_4_4_5_5_6_6_is_46_the_exhaustive_maximum():
    total, items = show("4H 4C 5H 5C 6H", "6C")
    assert total == 46
    assert [(k, p) for k, p, _ in items] == ([("fifteen", 2)] * 8 + [("pair", 2)] * 3 + [("run", 3)] * 8)
    assert show("4H 4C 5H 5C 6H", "6C", crib=True)[0] == 46


def test_every_one_of_the_1296_sets_of_4_4_5_5_6_6_scores_46():
    # the bench's count: 6 x 6 x 6 choices of the two cards of each rank, 6 starters each
    found = 0
    for fours in combinations([c for c in DECK if c.rank == 4], 2):
        for fives in combinations([c for c in DECK if c.rank == 5], 2):
            for sixes in combinations([c for c in DECK if c.rank == 6], 2):
                six = [*fours, *fives, *sixes]
                for k in range(6):
                    hand, starter = six[:k] + six[k + 1 :], six[k]
                    assert hand_points(hand, starter) == hand_points(hand, starter, True) == 46
                    found += 1
    assert found == 1296


# ----------------------------------------------------------------------------- counting order


def test_items_come_in_counting_order_and_keep_the_item_kinds():
    order = {"fifteen": 0, "pair": 1, "run": 2, "flush": 3, "nobs": 4}
    result = score_hand(parse_cards("JD 3D 4D 5D 6D"), parse_card("5C"))
    kinds = [str(i.kind) for i in result.items]
    assert kinds == sorted(kinds, key=order.__getitem__)
    assert set(kinds) == {"fifteen", "pair", "run", "flush"}  # the jack is no nobs: a club starter
    assert result.items[-1].points == 5  # the five diamonds, the starter a club


@pytest.mark.parametrize("hand", ["5H 5C 5S", "5H 5C 5S JD 2C 3C", "5H 5C 5S JD 2C 3C 4C"])
def test_other_sizes_are_refused_by_both_scorers(hand):
    for scorer in (score_hand, hand_points):
        with pytest.raises(InvalidHandError) as info:
            scorer(parse_cards(hand), parse_card("5D"))
        assert info.value.code == "calculator.hand_size"
        assert info.value.data == {"count": len(parse_cards(hand))}


def test_a_card_given_twice_in_a_five_card_hand_is_refused():
    with pytest.raises(InvalidHandError) as info:
        score_hand(parse_cards("5H 5C 5S JD 2C"), parse_card("2C"))
    assert info.value.code == "calculator.card_twice"


# ----------------------------------------------------------------------------- against the counter


def _check_sample(sets):
    """Engine totals against the independent counter on (hand, starter) pairs."""
    hp, cp = ref.score_sets(np.array([codes(h) for h, _ in sets]), np.array([codes([s])[0] for _, s in sets]))
    for (hand, starter), h_ref, c_ref in zip(sets, hp.tolist(), cp.tolist(), strict=True):
        assert hand_points(hand, starter) == h_ref, ([c.short for c in hand], starter.short)
        assert hand_points(hand, starter, True) == c_ref, ([c.short for c in hand], starter.short)
    return hp, cp


def test_the_engine_agrees_with_the_independent_counter_on_a_seeded_sample():
    rng = random.Random(15)
    sets = []
    for _ in range(4000):  # any six cards
        six = rng.sample(DECK, 6)
        sets.append((six[:5], six[5]))
    for _ in range(500):  # five hand cards of one suit
        suit = rng.randrange(4)
        hand = [Card(r, suit) for r in rng.sample(range(1, 14), 5)]
        sets.append((hand, rng.choice([c for c in DECK if c not in hand])))
    for _ in range(1500):  # crowded ranks: pairs, double runs
        low = rng.randrange(1, 10)
        six = rng.sample([c for c in DECK if low <= c.rank < low + 4], 6)
        sets.append((six[:5], six[5]))
    hp, cp = _check_sample(sets)
    for i in range(0, len(sets), 3):  # the itemised scorer on a third
        hand, starter = sets[i]
        assert score_hand(hand, starter).total == hp[i]
        assert score_hand(hand, starter, is_crib=True).total == cp[i]
    assert hp.max() >= 30 and (hp != cp).any()  # the sample reaches rich hands and flushes


def test_every_hand_of_fours_fives_and_sixes_agrees_with_the_counter():
    # an exhaustive corner: 12 cards, C(12, 5) hands x 7 starters
    pool = [c for c in DECK if 4 <= c.rank <= 6]
    sets = [(list(hand), s) for hand in combinations(pool, 5) for s in pool if s not in hand]
    assert len(sets) == 792 * 7
    hp, cp = _check_sample(sets)
    for (hand, starter), h in zip(sets[::7], hp[::7].tolist(), strict=True):
        assert score_hand(hand, starter).total == h
    assert hp.max() == 46 and np.count_nonzero(hp == 46) == 1296

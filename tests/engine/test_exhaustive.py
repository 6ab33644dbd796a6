"""Exhaustive scoring: all 12,994,800 hand + starter combinations against the published
distributions, and the itemised scorer against the fast paths on a large sample."""

import random
from itertools import combinations

import numpy as np
import pytest

from spoken_cribbage import hand_points, score_hand
from spoken_cribbage.engine.cards import DECK
from spoken_cribbage.engine.scoring import all_hands_array, score_all_hands, starters_array

N_COMBOS = 12_994_800

#: The published distribution under hand rules, typed in from the source, never taken from the
#: code under test: S. S. Lumetta, "Amusing Cribbage Facts" (lumetta.web.engr.illinois.edu/humor/
#: cribbage.html), also in Wikipedia's "Cribbage statistics". Scores 19, 25, 26, 27: none.
PUBLISHED_HAND = {
    0: 1_009_008,
    1: 99_792,
    2: 2_813_796,
    3: 505_008,
    4: 2_855_676,
    5: 697_508,
    6: 1_800_268,
    7: 751_324,
    8: 1_137_236,
    9: 361_224,
    10: 388_740,
    11: 51_680,
    12: 317_340,
    13: 19_656,
    14: 90_100,
    15: 9_168,
    16: 58_248,
    17: 11_196,
    18: 2_708,
    19: 0,
    20: 8_068,
    21: 2_496,
    22: 444,
    23: 356,
    24: 3_680,
    25: 0,
    26: 0,
    27: 0,
    28: 76,
    29: 4,
}
#: Under crib rules (a flush needs all five cards). Published: 1,022,208 score zero (Wikipedia,
#: "Cribbage statistics"); the rest is this project's count, pinned here as typed figures, and
#: tied to the hand table by the four-card-flush test below.
PUBLISHED_CRIB = {
    0: 1_022_208,
    1: 99_792,
    2: 2_839_800,
    3: 508_908,
    4: 2_868_960,
    5: 703_496,
    6: 1_787_176,
    7: 755_320,
    8: 1_118_336,
    9: 358_368,
    10: 378_240,
    11: 43_880,
    12: 310_956,
    13: 16_548,
    14: 88_132,
    15: 9_072,
    16: 57_288,
    17: 11_196,
    18: 2_264,
    19: 0,
    20: 7_828,
    21: 2_472,
    22: 444,
    23: 356,
    24: 3_680,
    25: 0,
    26: 0,
    27: 0,
    28: 76,
    29: 4,
}


def test_the_typed_tables_are_whole():
    for table in (PUBLISHED_HAND, PUBLISHED_CRIB):
        assert sorted(table) == list(range(30)) and sum(table.values()) == N_COMBOS
        assert all(table[k] == 0 for k in (19, 25, 26, 27))
    assert round(sum(k * v for k, v in PUBLISHED_HAND.items()) / N_COMBOS, 3) == 4.769


@pytest.fixture(scope="module")
def hands():
    return all_hands_array()


@pytest.fixture(scope="module")
def table_hand(hands):
    return score_all_hands(hands=hands)


@pytest.fixture(scope="module")
def table_crib(hands):
    return score_all_hands(is_crib=True, hands=hands)


def distribution(points):
    values, counts = np.unique(points, return_counts=True)
    found = {int(v): int(c) for v, c in zip(values, counts, strict=True)}
    return {k: found.get(k, 0) for k in range(30)}


def test_there_are_270725_hands_each_with_48_starters(hands, table_hand):
    assert hands.shape == (270_725, 4)
    assert table_hand.shape == (270_725, 48) and table_hand.size == N_COMBOS
    starters = starters_array(hands[:1000])
    for row, st in zip(hands[:1000], starters, strict=True):
        assert sorted(set(range(52)) - set(row.tolist())) == st.tolist()


def test_hand_rules_distribution_matches_the_published_one(table_hand):
    found = distribution(table_hand)
    assert found == PUBLISHED_HAND
    assert sum(found.values()) == N_COMBOS
    assert found[0] == 1_009_008 and found[28] == 76 and found[29] == 4
    assert int(table_hand.max()) == 29 and int(table_hand.min()) == 0


def test_scores_19_25_26_and_27_are_impossible(table_hand, table_crib):
    for table in (table_hand, table_crib):
        assert not np.isin(table, [19, 25, 26, 27]).any()


def test_hand_rules_mean_is_4_769(table_hand):
    mean = float(table_hand.astype(np.float64).mean())
    assert round(mean, 3) == 4.769
    assert sum(k * v for k, v in PUBLISHED_HAND.items()) / N_COMBOS == pytest.approx(mean)


def test_crib_rules_distribution_matches(table_crib):
    found = distribution(table_crib)
    assert found == PUBLISHED_CRIB
    assert sum(found.values()) == N_COMBOS
    assert round(float(table_crib.astype(np.float64).mean()), 3) == 4.735


def test_crib_rules_differ_from_hand_rules_only_by_the_four_card_flush(hands, table_hand, table_crib):
    suits = hands % 4
    four = (suits == suits[:, :1]).all(axis=1)
    starter_suit = starters_array(hands) % 4
    four_only = four[:, None] & (starter_suit != suits[:, :1])
    diff = table_hand.astype(np.int16) - table_crib
    assert (diff[four_only] == 4).all()
    assert (diff[~four_only] == 0).all()


def test_the_four_29_hands_are_three_fives_and_the_jack_with_the_fourth_five(hands, table_hand):
    rows, cols = np.nonzero(table_hand == 29)
    starters = starters_array(hands)
    found = set()
    for r, c in zip(rows, cols, strict=True):
        cards = [DECK[i] for i in hands[r]]
        starter = DECK[starters[r, c]]
        (jack,) = [x for x in cards if x.rank == 11]
        assert sorted(x.rank for x in cards) == [5, 5, 5, 11]
        assert starter.rank == 5 and starter.suit == jack.suit
        found.add(jack.suit)
    assert found == {0, 1, 2, 3}


# ----------------------------------------------------------------------------- cross-checks


def _reference(five, is_crib):
    """Plain, obviously-correct scorer: the four hand cards, then the starter."""
    hand, starter = five[:4], five[4]
    pts = 0
    for n in range(2, 6):
        for combo in combinations(five, n):
            if sum(c.value for c in combo) == 15:
                pts += 2
    for a, b in combinations(five, 2):
        if a.rank == b.rank:
            pts += 2
    for n in (5, 4, 3):
        runs = [
            combo
            for combo in combinations(five, n)
            if sorted(c.rank for c in combo) == list(range(min(c.rank for c in combo), min(c.rank for c in combo) + n))
        ]
        if runs:
            pts += n * len(runs)
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            pts += 5
        elif not is_crib:
            pts += 4
    if any(c.rank == 11 and c.suit == starter.suit for c in hand):
        pts += 1
    return pts


def _table_lookup(hands, table, hand, starter):
    codes = sorted(c.code for c in hand)
    key = ((codes[0] * 52 + codes[1]) * 52 + codes[2]) * 52 + codes[3]
    keys = ((hands[:, 0].astype(np.int64) * 52 + hands[:, 1]) * 52 + hands[:, 2]) * 52 + hands[:, 3]
    row = int(np.searchsorted(keys, key))
    assert keys[row] == key
    col = starter.code - sum(1 for c in codes if c < starter.code)
    return int(table[row, col])


def test_itemised_scorer_agrees_with_hand_points_and_the_table_on_40k_combinations(hands, table_hand, table_crib):
    rng = random.Random(12_994_800)
    keys = ((hands[:, 0].astype(np.int64) * 52 + hands[:, 1]) * 52 + hands[:, 2]) * 52 + hands[:, 3]
    n = 40_000  # a sample for the suite's time: bench/bench_scoring.py checks all 12,994,800
    samples = [rng.sample(DECK, 5) for _ in range(n)]
    # vectorised look-up of every sample in the numpy tables
    codes = np.array([sorted(c.code for c in s[:4]) for s in samples], dtype=np.int64)
    st = np.array([s[4].code for s in samples], dtype=np.int64)
    rows = np.searchsorted(keys, ((codes[:, 0] * 52 + codes[:, 1]) * 52 + codes[:, 2]) * 52 + codes[:, 3])
    cols = st - (codes < st[:, None]).sum(axis=1)
    from_table_hand = table_hand[rows, cols].tolist()
    from_table_crib = table_crib[rows, cols].tolist()
    for i, five in enumerate(samples):
        hand, starter = five[:4], five[4]
        for is_crib, from_table in ((False, from_table_hand[i]), (True, from_table_crib[i])):
            result = score_hand(hand, starter, is_crib=is_crib)
            assert result.total == sum(item.points for item in result.items)
            assert result.total == hand_points(hand, starter, is_crib) == from_table, ([c.short for c in five], is_crib)
            cards = set(five)
            for item in result.items:
                assert item.cards and set(item.cards) <= cards
    # and the slow path for a spot check of the look-up helper itself
    h, s = samples[0][:4], samples[0][4]
    assert _table_lookup(hands, table_hand, h, s) == from_table_hand[0]


def test_fast_paths_agree_with_a_plain_reference_on_a_sample():
    rng = random.Random(29)
    for _ in range(20_000):
        five = rng.sample(DECK, 5)
        for is_crib in (False, True):
            assert hand_points(five[:4], five[4], is_crib) == _reference(five, is_crib), (
                [c.short for c in five],
                is_crib,
            )


def test_reference_agrees_on_every_famous_hand():
    from spoken_cribbage import parse_cards

    for text, hand_total, crib_total in [
        ("5H 5C 5S JD 5D", 29, 29),
        ("3C 4D 4H 5S 5C", 16, 16),
        ("3C 3D 3H 4S 5C", 21, 21),
        ("2H 4H 6H 8H 10C", 4, 0),
        ("2H 4H 6H 8H 10H", 5, 5),
        ("QC KD AH 2S 7C", 0, 0),
    ]:
        five = parse_cards(text)
        assert _reference(five, False) == hand_total == hand_points(five[:4], five[4])
        assert _reference(five, True) == crib_total == hand_points(five[:4], five[4], True)


def test_the_scoring_module_publishes_the_same_tables():
    from spoken_cribbage.engine.scoring import DISTRIBUTION_CRIB, DISTRIBUTION_HAND

    assert {k: DISTRIBUTION_HAND.get(k, 0) for k in range(30)} == PUBLISHED_HAND
    assert {k: DISTRIBUTION_CRIB.get(k, 0) for k in range(30)} == PUBLISHED_CRIB

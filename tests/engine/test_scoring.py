"""The show: score_hand totals and items (kind, points, exact cards, counting order),
hand vs crib flush rules, nobs, and agreement with the fast hand_points path."""

import random

import pytest

from spoken_cribbage import InvalidHandError, ScoreItem, hand_points, parse_card, parse_cards, score_hand
from spoken_cribbage.engine.cards import DECK

KIND_ORDER = {"fifteen": 0, "pair": 1, "run": 2, "flush": 3, "nobs": 4}


def show(hand: str, starter: str, *, crib: bool = False):
    """(total, [(kind, points, 'cards'), ...]) for a hand given as text."""
    result = score_hand(parse_cards(hand), parse_card(starter), is_crib=crib)
    items = [(i.kind, i.points, " ".join(c.short for c in i.cards)) for i in result.items]
    assert result.total == sum(p for _, p, _ in items)
    assert result.total == hand_points(parse_cards(hand), parse_card(starter), crib)
    return result.total, items


def kinds(items):
    return [k for k, _, _ in items]


# ----------------------------------------------------------------------------- famous hands


def test_the_29_hand_is_eight_fifteens_six_pairs_and_nobs_in_counting_order():
    total, items = show("5H 5C 5S JD", "5D")
    assert total == 29
    assert items == [
        ("fifteen", 2, "5C JD"),
        ("fifteen", 2, "5D JD"),
        ("fifteen", 2, "5H JD"),
        ("fifteen", 2, "5S JD"),
        ("fifteen", 2, "5C 5D 5H"),
        ("fifteen", 2, "5C 5D 5S"),
        ("fifteen", 2, "5C 5H 5S"),
        ("fifteen", 2, "5D 5H 5S"),
        ("pair", 2, "5C 5D"),
        ("pair", 2, "5C 5H"),
        ("pair", 2, "5C 5S"),
        ("pair", 2, "5D 5H"),
        ("pair", 2, "5D 5S"),
        ("pair", 2, "5H 5S"),
        ("nobs", 1, "JD"),
    ]


def test_four_fives_with_a_jack_starter_is_28_without_nobs():
    total, items = show("5C 5D 5H 5S", "JD")
    assert total == 28
    assert "nobs" not in kinds(items)


def test_the_29_hand_is_the_same_whatever_order_the_cards_are_given_in():
    for hand in ("JD 5S 5C 5H", "5C 5H JD 5S"):
        assert show(hand, "5D")[0] == 29


def test_zero_hand_nineteen_has_no_items():
    assert show("2C 4C 6H 8S", "KD") == (0, [])


# ----------------------------------------------------------------------------- runs


def test_double_run_3_4_5_5_is_two_runs_of_three():
    total, items = show("3C 4D 5H 5S", "9C")
    assert total == 8
    assert items == [("pair", 2, "5H 5S"), ("run", 3, "3C 4D 5H"), ("run", 3, "3C 4D 5S")]


def test_double_double_run_3_4_4_5_5_is_four_runs_of_three():
    total, items = show("3C 4D 4H 5S", "5C")
    assert total == 16
    assert items == [
        ("pair", 2, "4D 4H"),
        ("pair", 2, "5C 5S"),
        ("run", 3, "3C 4D 5C"),
        ("run", 3, "3C 4D 5S"),
        ("run", 3, "3C 4H 5C"),
        ("run", 3, "3C 4H 5S"),
    ]


def test_triple_run_3_3_3_4_5_is_three_runs_of_three():
    total, items = show("3C 3D 3H 4S", "5C")
    assert total == 21
    assert items == [
        ("fifteen", 2, "3C 3D 4S 5C"),
        ("fifteen", 2, "3C 3H 4S 5C"),
        ("fifteen", 2, "3D 3H 4S 5C"),
        ("pair", 2, "3C 3D"),
        ("pair", 2, "3C 3H"),
        ("pair", 2, "3D 3H"),
        ("run", 3, "3C 4S 5C"),
        ("run", 3, "3D 4S 5C"),
        ("run", 3, "3H 4S 5C"),
    ]


def test_double_run_of_four_counts_only_the_longest_runs():
    total, items = show("3C 4D 5H 6S", "6C")
    assert total == 16
    assert [i for i in items if i[0] == "run"] == [("run", 4, "3C 4D 5H 6C"), ("run", 4, "3C 4D 5H 6S")]


def test_run_of_five_counts_once_and_not_its_shorter_runs():
    total, items = show("AC 2D 3H 4S", "5C")
    assert total == 7
    assert items == [("fifteen", 2, "AC 2D 3H 4S 5C"), ("run", 5, "AC 2D 3H 4S 5C")]


def test_run_made_with_the_starter_counts():
    total, items = show("2C 3D 9H KS", "4C")
    assert ("run", 3, "2C 3D 4C") in items


def test_ace_is_low_queen_king_ace_two_is_not_a_run():
    assert show("QC KD AH 2S", "7C") == (0, [])


def test_king_ace_two_is_not_a_run_but_ace_two_three_is():
    assert kinds(show("KC AD 2H 9S", "8C")[1]).count("run") == 0
    assert ("run", 3, "AD 2H 3C") in show("KC AD 2H 9S", "3C")[1]


def test_jack_queen_king_is_a_run():
    total, items = show("JC QD KH 2S", "7C")
    assert ("run", 3, "JC QD KH") in items


# ----------------------------------------------------------------------------- pairs, fifteens


def test_pairs_need_equal_rank_not_equal_value():
    total, items = show("QC KD 3H 4S", "9C")
    assert total == 0 and items == []


def test_three_of_a_kind_is_three_pairs_and_four_is_six():
    assert kinds(show("7C 7D 7H AS", "KC")[1]).count("pair") == 3
    assert kinds(show("9C 9D 9H 9S", "2C")[1]).count("pair") == 6


def test_every_distinct_combination_of_fifteen_scores_two():
    total, items = show("7C 7D 8H 8S", "9C")
    assert total == 24
    assert [i for i in items if i[0] == "fifteen"] == [
        ("fifteen", 2, "7C 8H"),
        ("fifteen", 2, "7C 8S"),
        ("fifteen", 2, "7D 8H"),
        ("fifteen", 2, "7D 8S"),
    ]


def test_face_cards_count_ten_for_fifteens():
    total, items = show("JC QD KH 5S", "2C")
    fifteens = [i for i in items if i[0] == "fifteen"]
    assert fifteens == [("fifteen", 2, "5S JC"), ("fifteen", 2, "5S QD"), ("fifteen", 2, "5S KH")]


# ----------------------------------------------------------------------------- flush


def test_four_card_flush_in_a_hand_scores_four():
    assert show("2H 4H 6H 8H", "10C") == (4, [("flush", 4, "2H 4H 6H 8H")])


def test_five_card_flush_in_a_hand_scores_five():
    assert show("2H 4H 6H 8H", "10H") == (5, [("flush", 5, "2H 4H 6H 8H 10H")])


def test_three_hand_cards_and_the_starter_of_one_suit_are_no_flush():
    assert show("2H 4H 6H 8C", "10H") == (0, [])


def test_crib_four_card_flush_scores_nothing():
    assert show("2H 4H 6H 8H", "10C", crib=True) == (0, [])


def test_crib_five_card_flush_scores_five():
    assert show("2H 4H 6H 8H", "10H", crib=True) == (5, [("flush", 5, "2H 4H 6H 8H 10H")])


# ----------------------------------------------------------------------------- nobs


def test_nobs_is_a_hand_jack_of_the_starters_suit():
    assert show("JD 2C 4C 6H", "8D") == (1, [("nobs", 1, "JD")])


def test_a_jack_of_another_suit_is_not_nobs():
    assert show("JC 2C 4C 6H", "8D") == (0, [])


def test_the_starter_jack_itself_is_never_nobs():
    assert show("2C 4C 6H 8S", "JD") == (0, [])


def test_nobs_counts_in_the_crib_too():
    assert show("JS 2C 4C 6H", "8S", crib=True) == (1, [("nobs", 1, "JS")])


# ----------------------------------------------------------------------------- items


def test_items_come_in_counting_order_fifteens_pairs_runs_flush_nobs():
    total, items = show("4H 5H 6H JH", "5C")
    order = [KIND_ORDER[k] for k in kinds(items)]
    assert order == sorted(order)
    assert set(kinds(items)) == {"fifteen", "pair", "run", "flush"}
    total, items = show("JH 7H 6H 4H", "5H")
    assert kinds(items) == ["fifteen", "fifteen", "run", "flush", "nobs"]


def test_items_are_score_items_with_kind_points_and_cards():
    result = score_hand(parse_cards("5H 5C 5S JD"), parse_card("5D"))
    assert all(isinstance(i, ScoreItem) for i in result.items)
    assert result.items[0].to_json() == {"kind": "fifteen", "points": 2, "cards": ["5C", "JD"]}
    assert result.to_json()["total"] == 29


def test_item_lists_are_consistent_on_random_hands():
    rng = random.Random(2024)
    for _ in range(3000):
        five = rng.sample(DECK, 5)
        hand, starter = five[:4], five[4]
        for crib in (False, True):
            result = score_hand(hand, starter, is_crib=crib)
            assert result.total == sum(i.points for i in result.items)
            assert result.total == hand_points(hand, starter, crib)
            order = [KIND_ORDER[i.kind] for i in result.items]
            assert order == sorted(order)
            for item in result.items:
                assert set(item.cards) <= set(five)
                assert len(set(item.cards)) == len(item.cards)
                if item.kind == "fifteen":
                    assert sum(c.value for c in item.cards) == 15 and item.points == 2
                elif item.kind == "pair":
                    assert len(item.cards) == 2 and item.cards[0].rank == item.cards[1].rank
                    assert item.points == 2
                elif item.kind == "run":
                    ranks = sorted(c.rank for c in item.cards)
                    assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))
                    assert item.points == len(ranks) >= 3
                elif item.kind == "nobs":
                    (jack,) = item.cards
                    assert jack.rank == 11 and jack.suit == starter.suit and jack in hand
                    assert item.points == 1
                else:
                    assert item.kind == "flush"
                    assert len({c.suit for c in item.cards}) == 1
                    assert item.points == len(item.cards) in ((4, 5) if not crib else (5,))


def test_hand_points_accepts_crib_rules_positionally_and_by_keyword():
    hand, starter = parse_cards("2H 4H 6H 8H"), parse_card("10C")
    assert hand_points(hand, starter) == 4
    assert hand_points(hand, starter, True) == 0
    assert hand_points(hand, starter, is_crib=True) == 0


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize("hand", ["5H 5C 5S", "5H 5C 5S JD 2C 3C", ""])
def test_a_hand_must_have_four_or_five_cards(hand):
    with pytest.raises(InvalidHandError) as info:
        score_hand(parse_cards(hand), parse_card("5D"))
    assert info.value.code == "calculator.hand_size"
    with pytest.raises(InvalidHandError) as info:
        hand_points(parse_cards(hand), parse_card("5D"))
    assert info.value.code == "calculator.hand_size"


def test_a_card_given_twice_is_refused():
    with pytest.raises(InvalidHandError) as info:
        score_hand(parse_cards("5H 5C 5S JD"), parse_card("5H"))
    assert "5H" in str(info.value)
    with pytest.raises(InvalidHandError):
        score_hand(parse_cards("5H 5H 5S JD", distinct=False), parse_card("2C"))

"""The HandView stage alone (spoken_cribbage.app.seat.hand_view): the hand as the player last
heard it. No session and no game: the hand held is given as a list of cards, as the
observation's hand is."""

import pytest

from spoken_cribbage.app.seat.hand_view import MOST_POINTS, HandView, Marked, Spot, Why
from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.words.seat import cursor_line

HAND = parse_cards("AC 4D 5H 9S JD KS")


def heard(hand=HAND) -> HandView:
    view = HandView()
    view.number(hand)
    return view


def without(*shorts: str) -> list:
    return [c for c in HAND if c.short not in shorts]


# ------------------------------------------------------------------ the number-keeping rule


def test_numbers_are_those_last_announced_and_a_card_leaving_keeps_its_number():
    view = heard()
    assert [view.card(n, HAND).short for n in range(1, 7)] == ["AC", "4D", "5H", "9S", "JD", "KS"]
    held = without("5H")  # the third card was played
    assert view.card(3, held) is Why.LEFT_HAND  # 3 is not given to the next card
    assert view.card(4, held).short == "9S"  # and 4 is still the nine
    assert view.numbers_held(held) == [1, 2, 4, 5, 6]
    assert view.held_positions(held) == [0, 1, 3, 4, 5]
    assert view.was_numbered(3).short == "5H"
    assert [c.short if c else None for c in view.numbered(held)] == ["AC", "4D", None, "9S", "JD", "KS"]


def test_announcing_the_hand_again_numbers_it_afresh():
    view = heard()
    held = without("AC", "5H")
    view.number(held)
    assert view.card(1, held).short == "4D" and view.card(3, held).short == "JD"
    assert view.card(5, held) is Why.NO_SUCH
    assert view.cursor == 0 and not view.cursor_moved


def test_a_number_that_names_no_card_says_why():
    view = heard()
    assert view.card(0, HAND) is Why.NO_SUCH
    assert view.card(7, HAND) is Why.NO_SUCH
    assert view.card(1, []) is Why.NO_CARDS
    assert HandView().card(1, HAND) is Why.NO_CARDS  # nothing announced yet
    assert view.was_numbered(7) is None and view.was_numbered(0) is None


# ------------------------------------------------------------------ the cursor


def test_the_cursor_stops_at_the_ends_and_home_and_end_jump():
    view = heard()
    assert view.cursor == 0 and not view.cursor_moved
    assert view.move("left", HAND) == 0  # the first card: left stays
    assert view.cursor_moved
    assert [view.move("right", HAND) for _ in range(6)] == [1, 2, 3, 4, 5, 5]  # stops at the end
    assert view.move("home", HAND) == 0
    assert view.move("end", HAND) == 5
    assert view.moved_to() == 6 and view.chosen() == 6


def test_the_cursor_skips_the_cards_gone():
    view = heard()
    held = without("4D", "5H", "KS")
    assert view.move("right", held) == 3  # from card 1 past the gone 2 and 3
    assert view.move("right", held) == 4
    assert view.move("right", held) == 4  # 6 is gone: 5 is the end
    assert view.move("end", held) == 4
    assert view.move("left", held) == 3
    assert view.move("left", held) == 0


def test_from_no_card_right_goes_to_the_first_and_left_to_the_last():
    view = heard()
    held = without("AC")  # the cursor rests on a card gone
    assert view.move("right", held) == 1
    view = heard()
    assert view.move("left", held) == 5
    assert view.move("left", []) is None and view.cursor == 5  # no card: nothing moves


def test_a_card_played_puts_the_cursor_on_the_next_card_or_the_last():
    view = heard()
    view.move("end", HAND)
    view.choose(3)
    assert view.cursor == 2
    held = without("5H")
    view.played(parse_cards("5H")[0], held)
    assert view.cursor == 3 and not view.cursor_moved and view.moved_to() is None
    held = without("5H", "KS")
    view.played(parse_cards("KS")[0], held)  # the last: the cursor goes back to the last held
    assert view.cursor == 4
    view.played(parse_cards("QH")[0], held)  # not in the numbering: nothing changes
    assert view.cursor == 4
    view.played(parse_cards("JD")[0], [])
    assert view.cursor is None and view.chosen() is None


def test_the_spot_under_the_cursor_says_number_count_and_state():
    view = heard()
    king = parse_cards("KS")[0]
    assert view.spot(5, HAND, None) == Spot(king, 6, 6, "")
    assert view.spot(5, HAND, [king]) == Spot(king, 6, 6, "playable")
    assert view.spot(5, HAND, []) == Spot(king, 6, 6, "not playable")
    assert view.spot(5, without("AC"), None).of is None  # numbers with a gap: no "of"
    assert view.spot(2, without("KS"), None).of == 5  # the last gone: no gap
    view.mark(king, 2)
    assert view.spot(5, HAND, [king]).state == "chosen"
    assert cursor_line(*view.spot(5, HAND, [])) == "King of spades, card 6 of 6, chosen."


# ------------------------------------------------------------------ marks


def test_marks_toggle_and_complete_at_the_number_needed():
    view = heard()
    ace, four, five = parse_cards("AC 4D 5H")
    assert view.mark(ace, 2) is Marked.MARKED
    assert view.mark(ace, 2) is Marked.UNMARKED and view.marked == []
    assert view.mark(ace, 2) is Marked.MARKED
    assert view.mark(ace, 2, toggle=False) is Marked.ALREADY and view.marked == [ace]
    assert view.mark(four, 2) is Marked.COMPLETE and view.marked == [ace, four]
    assert view.mark(five, 2) is Marked.FULL and view.marked == [ace, four]
    assert view.mark(four, 2) is Marked.UNMARKED and view.marked == [ace]
    assert view.mark(five, 1) is Marked.FULL  # one needed (three players): full


def test_taking_the_marks():
    view = heard()
    ace, four = parse_cards("AC 4D")
    view.mark(four, 2)
    view.mark(ace, 2)
    assert view.take_marked() == (four, ace) and view.marked == []  # in the order chosen
    assert not view.unmark_all()
    view.mark(ace, 2)
    assert view.unmark_all() and view.marked == []


# ------------------------------------------------------------------ a count typed


def test_digits_typed_make_the_count_up_to_the_most_a_hand_can_score():
    view = HandView()
    assert view.type_digit(0) == "0"
    assert view.type_digit(2) == "2"  # a leading zero is dropped
    assert view.type_digit(9) == "29" and MOST_POINTS == 29
    assert view.type_digit(1) is None and view.count_typed == "29"  # 291: refused, kept
    assert view.erase_digit() and view.count_typed == "2"
    assert view.type_digit(3) == "23" and view.count_typed == "23"


def test_erasing_and_clearing_the_count():
    view = HandView()
    assert not view.erase_digit() and not view.clear_count()
    view.type_digit(1)
    view.type_digit(2)
    assert view.erase_digit() and view.erase_digit() and view.count_typed == ""
    assert not view.erase_digit()
    view.type_digit(7)
    assert view.clear_count() and view.count_typed == ""


@pytest.mark.parametrize("digits,count", [("12", "12"), ("29", "29"), ("30", "3"), ("007", "7")])
def test_a_count_typed_digit_by_digit(digits, count):
    view = HandView()
    for d in digits:
        view.type_digit(int(d))
    assert view.count_typed == count

"""Malformed input to the engine: a Card that is not one of the 52 is refused when it is made
(InvalidCardError, a ValueError), and a malformed action given to Game.apply is refused with
IllegalActionError and changes nothing; never an IndexError, TypeError or AttributeError."""

import copy
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spoken_cribbage.cards import DECK, Card, InvalidCardError, is_card, parse_card, parse_cards

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


# ----------------------------------------------------------------------------- Card


@pytest.mark.parametrize("rank, suit", [
    (14, 0), (0, 0), (-1, 2), (5, 9), (5, 4), (5, -1), (5.0, 1), (7.0, 0), (True, 0), (1, False),
    ("5", 2), (5, "H"), (None, 1), (5, None), (5, 1.0), ([5], 1),
])
def test_a_card_outside_the_deck_is_refused_when_made(rank, suit):
    with pytest.raises(InvalidCardError) as info:
        Card(rank, suit)
    assert isinstance(info.value, ValueError)
    assert "is not a card" in str(info.value)
    assert ("rank" if not (type(rank) is int and 1 <= rank <= 13) else "suit") in str(info.value)


def test_seven_point_oh_is_not_the_seven_of_clubs():
    with pytest.raises(InvalidCardError, match="rank must be a whole number"):
        Card(7.0, 0)


def test_make_and_replace_validate_like_the_constructor():
    with pytest.raises(InvalidCardError):
        Card._make((14, 0))
    with pytest.raises(InvalidCardError):
        Card(5, 2)._replace(suit=9)
    assert Card._make((5, 2)) == Card(5, 2)
    assert Card(5, 2)._replace(rank=6) == Card(6, 2)


def test_every_card_of_the_deck_is_still_made_and_behaves_as_a_tuple():
    assert DECK == tuple(Card(r, s) for r in range(1, 14) for s in range(4))
    for card in DECK:
        assert Card(rank=card.rank, suit=card.suit) == card == (card.rank, card.suit)
        assert hash(card) == hash((card.rank, card.suit))
        assert pickle.loads(pickle.dumps(card)) == card
        assert type(pickle.loads(pickle.dumps(card))) is Card
        assert copy.deepcopy(card) == card
        assert is_card(card)
    assert sorted(reversed(DECK)) == list(DECK)
    assert repr(Card(5, 2)) == "Card(rank=5, suit=2)"
    assert parse_card("7C") == Card(7, 0) and parse_cards("5H QS") == [Card(5, 2), Card(12, 3)]


def test_is_card_sees_through_a_card_forged_past_the_constructor():
    for forged in [(14, 0), (5, 9), (5.0, 1), (True, 0), ([], 1)]:
        assert not is_card(tuple.__new__(Card, forged))
    assert not is_card((5, 2)) and not is_card(None)


junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.floats(allow_nan=True),
                 st.text(max_size=3), st.lists(st.integers(), max_size=2))


@settings(max_examples=300, **SETTINGS)
@given(junk, junk)
def test_card_is_made_or_refused_with_invalid_card_error_only(rank, suit):
    try:
        card = Card(rank, suit)
    except InvalidCardError:
        assert not (type(rank) is int and 1 <= rank <= 13 and type(suit) is int and 0 <= suit <= 3)
    else:
        assert card in DECK and is_card(card)

"""Cards: the immutable Card, parsing every accepted spelling, clear errors, names."""

import pytest

import spoken_cribbage
from spoken_cribbage import Card, DuplicateCardError, InvalidCardError, card_name, card_short, parse_card, parse_cards
from spoken_cribbage.engine.cards import DECK

C, D, H, S = range(4)


def test_public_api_is_importable_from_the_package_top_level():
    for name in (
        "parse_card",
        "parse_cards",
        "score_hand",
        "score_play",
        "Card",
        "InvalidCardError",
        "DuplicateCardError",
        "card_name",
        "card_short",
    ):
        assert hasattr(spoken_cribbage, name), name


def test_card_is_a_small_immutable_rank_suit_pair():
    card = Card(5, H)
    assert (card.rank, card.suit) == (5, H)
    with pytest.raises(AttributeError):
        card.rank = 6
    assert hash(card) == hash(Card(5, H))
    assert card == Card(5, H) and card != Card(5, D)


def test_values_count_faces_as_ten_and_the_ace_as_one():
    assert [Card(r, S).value for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_the_deck_has_52_distinct_cards_with_codes_0_to_51():
    assert len(DECK) == 52 and len(set(DECK)) == 52
    assert sorted(c.code for c in DECK) == list(range(52))


@pytest.mark.parametrize(
    "text, card",
    [
        ("5H", Card(5, H)),
        ("5h", Card(5, H)),
        ("10H", Card(10, H)),
        ("10h", Card(10, H)),
        ("TH", Card(10, H)),
        ("th", Card(10, H)),
        ("QS", Card(12, S)),
        ("qs", Card(12, S)),
        ("AD", Card(1, D)),
        ("ad", Card(1, D)),
        ("KC", Card(13, C)),
        ("JD", Card(11, D)),
        ("5♥", Card(5, H)),
        ("10♠", Card(10, S)),
        ("A♦", Card(1, D)),
        ("K♣", Card(13, C)),
        ("5♥️", Card(5, H)),
        ("10♠️", Card(10, S)),
        ("K♦︎", Card(13, D)),
        ("5♡", Card(5, H)),
        ("Q♤", Card(12, S)),
        ("2♢", Card(2, D)),
        ("3♧", Card(3, C)),
        ("five of hearts", Card(5, H)),
        ("ace of spades", Card(1, S)),
        ("Queen of Spades", Card(12, S)),
        ("TEN OF CLUBS", Card(10, C)),
        ("jack of diamonds", Card(11, D)),
        ("king of clubs", Card(13, C)),
        ("  five   of  hearts ", Card(5, H)),
        (" 7C ", Card(7, C)),
        ("the ace of spades", Card(1, S)),
    ],
)
def test_parse_card_accepts_every_documented_spelling(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize(
    "text",
    [
        "",
        "5",
        "H",
        "11H",
        "1H",
        "0H",
        "5X",
        "ZZ",
        "5HH",
        "fiv of hearts",
        "five of heart s",
        "five hearts",
        "eleven of hearts",
        "joker",
        "5 H",
        "five of cups",
    ],
)
def test_parse_card_rejects_anything_else_naming_the_bad_token(text):
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)
    assert info.value.token == text.strip()
    assert f"'{text.strip()}'" in str(info.value)


def test_parse_card_rejects_a_non_string():
    with pytest.raises(InvalidCardError):
        parse_card(5)


def test_parse_cards_splits_on_spaces_commas_and_keeps_spoken_names_together():
    assert parse_cards("5H 5C 5S JD") == [Card(5, H), Card(5, C), Card(5, S), Card(11, D)]
    assert parse_cards("5h, jd;10c") == [Card(5, H), Card(11, D), Card(10, C)]
    assert parse_cards("five of hearts, jack of diamonds 10♠") == [Card(5, H), Card(11, D), Card(10, S)]
    assert parse_cards(["5H 6H", "seven of hearts"]) == [Card(5, H), Card(6, H), Card(7, H)]


def test_parse_cards_names_the_bad_token_among_good_ones():
    with pytest.raises(InvalidCardError) as info:
        parse_cards("5H 6H XQ 7H")
    assert info.value.token == "XQ"
    assert "XQ" in str(info.value)


def test_parse_cards_rejects_a_card_named_twice_in_any_spelling():
    with pytest.raises(DuplicateCardError) as info:
        parse_cards("5H 6C five of hearts")
    assert info.value.token == "5H"
    assert "5H" in str(info.value) and "twice" in str(info.value)
    assert isinstance(info.value, InvalidCardError)
    assert parse_cards("5H 5H", distinct=False) == [Card(5, H), Card(5, H)]


def test_canonical_short_text():
    assert [card_short(c) for c in (Card(5, H), Card(10, H), Card(12, S), Card(1, D))] == ["5H", "10H", "QS", "AD"]
    assert str(Card(13, C)) == "KC"


def test_spoken_names():
    assert card_name(Card(5, H)) == "five of hearts"
    assert card_name(Card(1, S)) == "ace of spades"
    assert card_name(Card(12, S)) == "queen of spades"
    assert card_name(Card(10, D)) == "ten of diamonds"


def test_every_card_round_trips_through_its_short_text_and_its_name():
    for card in DECK:
        assert parse_card(card_short(card)) == card
        assert parse_card(card_name(card)) == card
        assert parse_card(card_short(card).lower()) == card

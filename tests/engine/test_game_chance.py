"""Rules, chance actions (manual, scripted, auto), one seat's events, outcome, refusal codes,
and match_card."""

import pytest

from spoken_cribbage import parse_card, parse_cards
from spoken_cribbage.engine.cards import AmbiguousCardError, InvalidCardError, match_card
from spoken_cribbage.engine.game import (
    CribCardFromDeck,
    CutForDeal,
    CutForDealer,
    Deal,
    Dealt,
    Discard,
    Discarded,
    Game,
    Go,
    IllegalActionError,
    NextDeal,
    Phase,
    Play,
    Refusal,
    ScoreReason,
    TurnStarter,
    action_from_text,
    action_to_text,
)
from spoken_cribbage.engine.rules import Outcome, Rules
from spoken_cribbage.engine.scoring import ItemKind
from spoken_cribbage.words.notices import phrase
from testkit.deals import known_deal

HANDS = ("9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S")


def cards(text):
    return tuple(parse_cards(text))


def test_rules_fix_sides_hand_size_discards_and_skunk_lines():
    assert (Rules().sides, Rules().hand_size, Rules().discards) == (2, 6, 2)
    assert (Rules(players=3).sides, Rules(3).hand_size, Rules(3).crib_cards_from_deck) == (3, 5, 1)
    assert Rules(players=4).sides == 2 and Rules(4).seats_of(1) == (1, 3)
    assert (Rules().skunk_line, Rules().double_skunk_line) == (91, 61)
    assert (Rules(target=61).skunk_line, Rules(target=61).double_skunk_line) == (31, None)
    assert Rules().skunk((121, 60), 0) == (0, 2) and Rules(target=61).skunk((20, 61), 1) == (1, 0)
    with pytest.raises(ValueError):
        Rules(players=7)


def test_a_game_takes_rules_or_the_old_keywords_alike():
    a, b = Game(rules=Rules(players=3, target=61), seed=4), Game(players=3, target=61, seed=4)
    assert a.rules == b.rules == Rules(3, 61) and a.events == b.events
    assert (a.sides, a.hand_size, a.discard_count) == (3, 5, 1)
    with pytest.raises(ValueError):
        Game(rules=Rules(players=2), players=3)


def test_a_manual_game_waits_for_the_cut_the_deal_and_the_starter():
    g = Game(chance="manual")
    assert g.chance_pending() is CutForDealer and g.phase == Phase.DEAL and g.legal_actions() == []
    with pytest.raises(IllegalActionError) as e:
        g.apply(Discard(0, cards("9D 8D")))
    assert e.value.code == Refusal.CHANCE_PENDING
    assert [type(e) for e in g.apply(CutForDealer(cards("5H 5C")))] == [CutForDeal]
    assert g.chance_pending() is CutForDealer  # a tie cuts again
    events = g.apply(CutForDealer(cards("KH 2C")))
    assert g.dealer == 1 and events[-1].reason == "lowest cut" and g.chance_pending() is Deal
    with pytest.raises(IllegalActionError) as e:
        g.apply(TurnStarter(parse_card("JH")))
    assert e.value.code == Refusal.NO_CHANCE_NOW
    g.apply(Deal((cards(HANDS[0]), cards(HANDS[1]))))
    assert g.hands[0] == list(cards("4S 6D 7D 8D 9D 10S"))  # sorted by rank, then suit
    assert g.phase == Phase.DISCARD and len(g.deck) == 40 and g.chance_pending() is None
    g.apply(Discard(0, cards("4S 10S")))
    g.apply(Discard(1, cards("2S 3S")))
    assert g.phase == Phase.STARTER and g.chance_pending() is TurnStarter
    with pytest.raises(IllegalActionError) as e:
        g.apply(TurnStarter(parse_card("9D")))  # a dealt card
    assert e.value.code == Refusal.IMPOSSIBLE_CHANCE
    events = g.apply(TurnStarter(parse_card("JH")))
    assert g.starter == parse_card("JH") and g.phase == Phase.PLAY and g.to_act == 0
    assert [(e.seat, e.reason) for e in events if hasattr(e, "reason")] == [(1, "heels")]
    assert g.actions[0] == CutForDealer(cards("5H 5C"))  # chance is recorded when not drawn


def test_an_impossible_deal_is_refused_and_changes_nothing():
    g = Game(chance="manual", first_dealer=0)
    for bad in (
        Deal((cards(HANDS[0]), cards(HANDS[0]))),  # a card twice
        Deal((cards(HANDS[0]), cards("KC QC AC 5C 2S"))),
    ):  # a short hand
        with pytest.raises(IllegalActionError) as e:
            g.apply(bad)
        assert e.value.code == Refusal.IMPOSSIBLE_CHANCE
    assert g.chance_pending() is Deal and g.actions == []
    three = Game(players=3, chance="manual", first_dealer=0)
    with pytest.raises(IllegalActionError):
        three.apply(Deal((cards("AS 2S 3S 4S 5S"), cards("AH 2H 3H 4H 5H"), cards("AC 2C 3C 4C 5C"))))
    three.apply(Deal((cards("AS 2S 3S 4S 5S"), cards("AH 2H 3H 4H 5H"), cards("AC 2C 3C 4C 5C")), parse_card("KD")))
    assert three.crib == [parse_card("KD")] and len(three.deck) == 36


def test_the_auto_game_applies_the_chance_it_draws_through_the_same_path():
    auto = Game(seed=11)
    manual = Game(chance="manual")
    for e in auto.events:
        if isinstance(e, CutForDeal):
            manual.apply(CutForDealer(e.cards))
        elif isinstance(e, Dealt):
            manual.apply(Deal(e.hands))
    assert manual.events == auto.events and auto.actions == []


def test_one_seats_events_carry_no_other_seats_cards():
    g = Game(seed=5, players=3)
    g.apply(Discard(1, (g.hands[1][0],)))
    mine = g.events_for(0)
    dealt = next(e for e in mine if isinstance(e, Dealt))
    assert dealt.hands[0] == tuple(g.kept[0] or g.hands[0]) and dealt.hands[1:] == ((), ())
    assert next(e for e in mine if isinstance(e, CribCardFromDeck)).card is None
    laid = next(e for e in mine if isinstance(e, Discarded))
    assert laid.seat == 1 and laid.cards == () and laid.number == 1
    assert next(e for e in g.events_for(1) if isinstance(e, Discarded)).cards == (g.discards[1])
    assert len(g.events_for(0, 3)) == len(g.events) - 3


def test_the_observation_has_the_public_history_of_the_play():
    g = known_deal(("9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"), "2H")
    g.apply(Discard(1, cards("2S 3S")))
    g.apply(Discard(0, cards("4S 10S")))
    for a in (Play(1, parse_card("KC")), Play(0, parse_card("9D")), Play(1, parse_card("QC"))):
        g.apply(a)
    g.apply(Go(0))  # count 29: the dealer says go; the pone plays on
    assert g.observation(0).history == (
        Play(1, parse_card("KC")),
        Play(0, parse_card("9D")),
        Play(1, parse_card("QC")),
        Go(0),
    )


def test_outcome_is_none_until_the_game_is_won():
    g = known_deal(HANDS, "JH", scores=(119, 60))
    assert g.outcome() is None
    g.apply(Discard(1, cards("2S 3S")))
    g.apply(Discard(0, cards("4S 10S")))
    assert g.outcome() == Outcome(winner=0, scores=(121, 60), skunks=(0, 2))
    assert g.is_game_over() and g.phase == "game over"


def test_enums_equal_their_old_strings():
    assert Phase.DEAL_OVER == "deal over" and f"{Phase.PLAY}" == "play" and str(Phase.PLAY) == "play"
    assert ScoreReason.HEELS == "heels" and {"heels": 1}[ScoreReason.HEELS] == 1
    assert ItemKind.THIRTY_ONE == "thirty-one"


def test_refusals_carry_a_code_and_the_particulars():
    g = known_deal(("9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"), "2H")
    with pytest.raises(IllegalActionError) as e:
        g.apply(Discard(0, cards("4S")))
    assert (e.value.code, e.value.needed, e.value.given) == (Refusal.WRONG_NUMBER_OF_CARDS, 2, 1)
    with pytest.raises(IllegalActionError) as e:
        g.apply(Discard(0, cards("4S JH")))
    assert e.value.code == Refusal.NOT_IN_HAND and e.value.card == parse_card("JH")
    assert e.value.reason == "the jack of hearts is not in the hand"
    g.apply(Discard(1, cards("2S 3S")))
    g.apply(Discard(0, cards("4S 10S")))
    with pytest.raises(IllegalActionError) as e:
        g.apply(Play(0, parse_card("9D")))
    assert e.value.code == Refusal.NOT_YOUR_TURN and e.value.to_act == 1
    g.apply(Play(1, parse_card("KC")))
    g.apply(Play(0, parse_card("9D")))
    g.apply(Play(1, parse_card("QC")))
    with pytest.raises(IllegalActionError) as e:
        g.apply(Play(0, parse_card("8D")))
    assert (e.value.code, e.value.count, e.value.reason) == (Refusal.COUNT_OVER_31, 37, "the count would be 37")
    with pytest.raises(IllegalActionError) as e:
        g.apply(NextDeal())
    assert e.value.code == Refusal.DEAL_NOT_OVER


def test_undo_in_a_scripted_game_replays_its_chance_actions():
    g = known_deal(HANDS, "2H")
    g.apply(Discard(1, cards("2S 3S")))
    assert g.can_undo(1) is None
    g.undo(1)
    assert g.phase == Phase.DISCARD and g.discards == [(), ()] and len(g.actions) == 1
    g.apply(Discard(1, cards("2S 3S")))
    g.apply(Discard(0, cards("4S 10S")))
    assert g.starter == parse_card("2H")


def test_chance_actions_have_text_forms():
    for a in (
        CutForDealer(cards("5H KD")),
        TurnStarter(parse_card("10C")),
        Deal((cards("AS 2S 3S 4S 5S"), cards("AH 2H 3H 4H 5H"), cards("AC 2C 3C 4C 5C")), parse_card("KD")),
        Deal((cards(HANDS[0]), cards(HANDS[1]))),
    ):
        assert action_from_text(action_to_text(a)) == a
    assert action_to_text(TurnStarter(parse_card("10C"))) == "starter 10C"


@pytest.mark.parametrize(
    "text,expected", [("five", None), ("king", "KH"), ("the two", "2D"), ("2d", "2D"), ("K", "KH"), ("diamonds", "2D")]
)
def test_match_card_resolves_a_name_against_the_hand(text, expected):
    hand = parse_cards("5H 5C KH 2D")
    if expected is None:
        with pytest.raises(AmbiguousCardError) as e:
            match_card(text, hand)
        assert phrase(e.value) == "You have two fives: the five of hearts or the five of clubs?"
        assert e.value.cards == cards("5H 5C") and isinstance(e.value, ValueError)
    else:
        assert match_card(text, hand) == parse_card(expected)


def test_match_card_refuses_a_card_not_held():
    hand = parse_cards("5H 5C KH 2D")
    for text, msg in (
        ("jack", "You have no jacks."),
        ("7S", "You do not have the seven of spades."),
        ("spades", "You have no spades."),
    ):
        with pytest.raises(InvalidCardError) as e:
            match_card(text, hand)
        assert phrase(e.value) == msg
    with pytest.raises(InvalidCardError):
        match_card("banana", hand)

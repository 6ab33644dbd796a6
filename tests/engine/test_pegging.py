"""The play: score_play for one card onto a series, and the play inside a Game
(go, one for the go, 31 for two and never 2 + 1, one for last, who leads next,
a player with no cards left, the starter takes no part, illegal plays)."""

import pytest

from spoken_cribbage import CountOverflowError, InvalidHandError, parse_card, parse_cards, score_play
from spoken_cribbage.engine.game import (
    PLAY,
    CountReset,
    Discard,
    Go,
    IllegalActionError,
    Play,
    Played,
    PlayEnded,
    SaidGo,
    Scored,
)
from testkit.deals import known_deal


def peg(series: str, card: str):
    """(points, [(kind, points, 'cards')], count) for ``card`` played onto ``series``."""
    result = score_play(parse_cards(series), parse_card(card))
    items = [(i.kind, i.points, " ".join(c.short for c in i.cards)) for i in result.items]
    assert result.points == sum(p for _, p, _ in items)
    return result.points, items, result.count


# ----------------------------------------------------------------------------- score_play


def test_a_lead_scores_nothing_and_counts_its_value():
    assert peg("", "KH") == (0, [], 10)
    assert peg("", "5H") == (0, [], 5)


def test_fifteen_scores_two_with_the_whole_series_as_cards():
    assert peg("10H", "5C") == (2, [("fifteen", 2, "10H 5C")], 15)


def test_thirty_one_scores_two():
    assert peg("10H JC QD", "AS") == (2, [("thirty-one", 2, "10H JC QD AS")], 31)


def test_a_count_of_fifteen_or_thirty_one_only_when_exact():
    assert peg("10H", "4C")[0] == 0
    assert peg("10H JC 2D", "8S") == (0, [], 30)


def test_ace_seven_seven_is_fifteen_two_and_a_pair_fifteen_four():
    assert peg("AD 7C", "7H") == (4, [("fifteen", 2, "AD 7C 7H"), ("pair", 2, "7C 7H")], 15)


def test_pair_is_two():
    assert peg("9C", "9D") == (2, [("pair", 2, "9C 9D")], 18)


def test_pair_needs_equal_rank_not_equal_value():
    assert peg("KC", "QD") == (0, [], 20)
    assert peg("10C", "JD") == (0, [], 20)


def test_pair_royal_is_six():
    assert peg("4C 4D", "4H") == (6, [("pair royal", 6, "4C 4D 4H")], 12)


def test_double_pair_royal_is_twelve():
    assert peg("2C 2D 2H", "2S") == (12, [("double pair royal", 12, "2C 2D 2H 2S")], 8)


def test_three_fives_is_fifteen_and_pair_royal():
    assert peg("5C 5D", "5H") == (8, [("fifteen", 2, "5C 5D 5H"), ("pair royal", 6, "5C 5D 5H")], 15)


def test_pairs_only_count_in_an_unbroken_line():
    assert peg("4C 4D 5H", "4S") == (0, [], 17)
    assert peg("4C 5H 4D", "4S") == (2, [("pair", 2, "4D 4S")], 17)


def test_run_in_any_order_8_6_7_scores_three_for_the_seven():
    assert peg("8C 6D", "7H") == (3, [("run", 3, "8C 6D 7H")], 21)


def test_5_6_7_6_scores_no_run():
    assert peg("5C 6D 7H", "6S") == (0, [], 24)


def test_2_8_6_7_5_scores_a_run_of_four_for_the_five():
    assert peg("2C 8D 6H 7S", "5C") == (4, [("run", 4, "8D 6H 7S 5C")], 28)


def test_a_run_and_a_fifteen_together():
    assert peg("4C 5D", "6H") == (5, [("fifteen", 2, "4C 5D 6H"), ("run", 3, "4C 5D 6H")], 15)


def test_thirty_one_and_a_pair_together():
    assert peg("10C KD 5H 3S", "3C") == (4, [("thirty-one", 2, "10C KD 5H 3S 3C"), ("pair", 2, "3S 3C")], 31)


def test_runs_grow_card_by_card_up_to_seven():
    series = []
    got = []
    for text in ["AC", "2D", "3H", "4S", "5C", "6D", "7H"]:
        card = parse_card(text)
        got.append(score_play(series, card).points)
        series.append(card)
    assert got == [0, 0, 3, 4, 5 + 2, 6, 7]


def test_the_ace_is_low_in_the_play():
    assert peg("QC KD", "AH")[0] == 0
    assert peg("KD AH", "2C")[0] == 0
    assert peg("JC QD", "KH") == (3, [("run", 3, "JC QD KH")], 30)


def test_a_run_is_broken_by_a_repeated_rank():
    # 3 4 3 5: only the last three (4 3 5) are a run; all four make fifteen.
    assert peg("3C 4D 3H", "5S") == (5, [("fifteen", 2, "3C 4D 3H 5S"), ("run", 3, "4D 3H 5S")], 15)


def test_a_card_that_would_take_the_count_past_31_is_refused():
    with pytest.raises(CountOverflowError) as info:
        score_play(parse_cards("10C JD QH"), parse_card("2S"))
    assert "32" in str(info.value)


def test_a_card_already_in_the_series_is_refused():
    with pytest.raises(InvalidHandError):
        score_play(parse_cards("5C 6D"), parse_card("5C"))


# ----------------------------------------------------------------------------- in a game


def after_the_cut(hands, discards, starter, *, dealer=0, scores=None, target=121):
    """A two-player game dealt ``hands`` (6 cards each, by seat), after both discards and the
    cut of ``starter``: built from chance actions and the players' discards."""
    g = known_deal(hands, starter, dealer=dealer, scores=scores, target=target)
    for seat in (dealer + 1) % 2, dealer:
        g.apply(Discard(seat, tuple(parse_cards(discards[seat]))))
    assert g.starter == parse_card(starter)
    return g


def play(g, seat, card):
    return g.apply(Play(seat, parse_card(card)))


def scored(events):
    return [(e.seat, e.points, e.reason) for e in events if isinstance(e, Scored)]


# Dealer seat 0 holds 9D 8D 7D 6D, pone seat 1 holds KC QC AC 5C.
GO_DEAL = dict(hands=["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], discards=["4S 10S", "2S 3S"], starter="2H")


def test_the_pone_leads_the_play():
    g = after_the_cut(**GO_DEAL)
    assert g.phase == PLAY and g.to_act == 1
    assert g.legal_actions() == [Play(1, c) for c in parse_cards("AC 5C QC KC")]
    assert g.legal_actions(0) == []


def test_the_starter_takes_no_part_in_the_play():
    g = after_the_cut(**GO_DEAL)
    with pytest.raises(IllegalActionError) as info:
        play(g, 1, "2H")
    assert info.value.reason == "the two of hearts is not in the hand"


def test_a_player_who_cannot_play_must_say_go_and_the_other_plays_on():
    g = after_the_cut(**GO_DEAL)
    play(g, 1, "KC")
    play(g, 0, "9D")
    play(g, 1, "QC")  # 29: the dealer's lowest card is a 6
    assert g.to_act == 0 and g.count == 29
    assert g.legal_actions() == [Go(0)]
    with pytest.raises(IllegalActionError) as info:
        play(g, 0, "6D")
    assert info.value.reason == "the count would be 35"
    events = g.apply(Go(0))
    assert events == [SaidGo(0, 29)]
    assert g.to_act == 1  # the pone must play on: the ace fits
    assert g.legal_actions() == [Play(1, parse_card("AC"))]
    with pytest.raises(IllegalActionError) as info:
        g.apply(Go(1))
    assert info.value.reason == "a card can still be played, so no go"


def test_one_for_the_go_then_the_player_who_did_not_play_last_leads():
    g = after_the_cut(**GO_DEAL)
    for seat, card in [(1, "KC"), (0, "9D"), (1, "QC")]:
        play(g, seat, card)
    g.apply(Go(0))
    events = play(g, 1, "AC")  # 30; the pone's 5 would make 35
    assert [type(e).__name__ for e in events] == ["Played", "Scored", "CountReset"]
    assert scored(events) == [(1, 1, "go")]
    go = events[1]
    assert go.items[0].kind == "go" and go.back_peg == 0 and go.front_peg == 1
    assert events[2] == CountReset(30, 0)
    assert g.count == 0 and g.series == [] and g.to_act == 0


def test_a_player_with_no_cards_left_and_the_other_goes_on_alone_to_last_card():
    g = after_the_cut(**GO_DEAL)
    for seat, card in [(1, "KC"), (0, "9D"), (1, "QC")]:
        play(g, seat, card)
    g.apply(Go(0))
    play(g, 1, "AC")
    play(g, 0, "8D")
    play(g, 1, "5C")  # the pone's last card
    play(g, 0, "7D")  # 20
    assert g.hands[1] == [] and g.to_act == 0
    events = play(g, 0, "6D")  # 8 5 7 6: run of four, and one for last
    assert scored(events)[:2] == [(0, 4, "play"), (0, 1, "last")]
    run = events[1]
    assert [(i.kind, i.points, [c.short for c in i.cards]) for i in run.items] == [("run", 4, ["8D", "5C", "7D", "6D"])]
    kinds = [type(e).__name__ for e in events]
    assert kinds[:5] == ["Played", "Scored", "Scored", "CountReset", "PlayEnded"]
    assert events[3] == CountReset(26, None)
    assert PlayEnded() in events


def test_thirty_one_scores_two_and_no_go_point():
    g = after_the_cut(hands=["QD 10D JD KD 2S 3S", "KC AC 5C 6C 4S 7S"], discards=["2S 3S", "4S 7S"], starter="9H")
    play(g, 1, "KC")
    play(g, 0, "QD")
    play(g, 1, "AC")
    events = play(g, 0, "10D")  # 31
    assert scored(events) == [(0, 2, "play")]
    assert events[1].items[0].kind == "thirty-one"
    assert events[-1] == CountReset(31, 1)  # the pone did not play the last card: it leads
    assert g.to_act == 1 and g.count == 0


def test_the_last_card_making_thirty_one_scores_two_not_two_plus_one():
    g = after_the_cut(hands=["QD 10D JD KD 2S 3S", "KC AC 5C 6C 4S 7S"], discards=["2S 3S", "4S 7S"], starter="9H")
    for seat, card in [(1, "KC"), (0, "QD"), (1, "AC"), (0, "10D"), (1, "5C")]:
        play(g, seat, card)
    events = play(g, 0, "JD")  # 5 + 10 = 15
    assert scored(events) == [(0, 2, "play")]
    play(g, 1, "6C")  # 21
    events = play(g, 0, "KD")  # 31 with the very last card
    assert scored(events)[:1] == [(0, 2, "play")]
    assert all(e.reason != "last" for e in events if isinstance(e, Scored))
    assert events[1].items[0].kind == "thirty-one"
    assert CountReset(31, None) in events and PlayEnded() in events


def test_when_neither_player_can_play_the_last_player_scores_the_go_at_once():
    # At 25 both hold only ten-cards: the series ends without a go to wait for; the other
    # player's go is an event all the same, so that it is said.
    g = after_the_cut(hands=["KD QD 5D JD 2S 3S", "KC QC JC 10C 6S 7S"], discards=["2S 3S", "6S 7S"], starter="9H")
    play(g, 1, "KC")  # 10
    events = play(g, 0, "5D")  # 15: fifteen two
    assert scored(events) == [(0, 2, "play")]
    events = play(g, 1, "QC")  # 25
    assert [type(e).__name__ for e in events] == ["Played", "SaidGo", "Scored", "CountReset"]
    assert events[1] == SaidGo(0, 25)
    assert scored(events) == [(1, 1, "go")]
    assert events[-1] == CountReset(25, 0)
    assert g.to_act == 0 and g.count == 0


def test_the_play_events_carry_the_count_series_and_cards_left():
    g = after_the_cut(**GO_DEAL)
    events = play(g, 1, "KC")
    assert events == [Played(1, parse_card("KC"), 10, (parse_card("KC"),), 3)]
    events = play(g, 0, "9D")
    assert events == [Played(0, parse_card("9D"), 19, tuple(parse_cards("KC 9D")), 3)]


@pytest.mark.parametrize(
    "action, reason",
    [
        (Play(0, parse_card("9D")), "it is not that player's turn"),
        (Play(1, parse_card("9D")), "the nine of diamonds is not in the hand"),
        (Go(1), "a card can still be played, so no go"),
        (Discard(1, tuple(parse_cards("KC QC"))), "the discard is over"),
    ],
)
def test_illegal_plays_are_refused_with_a_reason_and_change_nothing(action, reason):
    g = after_the_cut(**GO_DEAL)
    before = (list(map(list, g.hands)), list(g.series), g.to_act, list(g.scores), len(g.events), len(g.actions))
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)
    assert info.value.reason == reason
    assert (list(map(list, g.hands)), list(g.series), g.to_act, list(g.scores), len(g.events), len(g.actions)) == before


def test_runs_and_pairs_never_cross_a_reset():
    g = after_the_cut(hands=["10D JD 5D 9D 2S 3S", "KC QC 3C 4C 4S 6S"], discards=["2S 3S", "4S 6S"], starter="8H")
    play(g, 1, "KC")  # 10
    play(g, 0, "10D")  # 20
    events = play(g, 1, "QC")  # 30: nobody can play, one for the go
    assert scored(events) == [(1, 1, "go")] and events[-1] == CountReset(30, 0)
    events = play(g, 0, "JD")  # 10 Q | J would be a run across the reset
    assert events == [Played(0, parse_card("JD"), 10, (parse_card("JD"),), 2)]

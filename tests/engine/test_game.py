"""The game state machine: cut for deal, deal, discards, heels, the show order, winning at
once, skunks, targets, reproducible seeds, replay, illegal actions, three and four players."""

import random

import pytest

from spoken_cribbage.engine.errors import ArgumentTypeError

from spoken_cribbage import parse_card, parse_cards
from spoken_cribbage.engine.cards import DECK, sort_hand
from testkit.deals import known_deal
from spoken_cribbage.engine.game import (
    DEAL_OVER,
    DISCARD,
    GAME_OVER,
    PLAY,
    CribCardFromDeck,
    CutForDeal,
    Deal,
    DealEnded,
    DealerChosen,
    Dealt,
    Discard,
    Discarded,
    Game,
    GameOver,
    GameStarted,
    Go,
    HandShown,
    IllegalActionError,
    NextDeal,
    Play,
    Scored,
    StarterTurned,
    action_from_text,
    action_to_text,
)


# ----------------------------------------------------------------------------- helpers


def discard_all(g, discards):
    """Discard for every seat, the pone first; returns all the events."""
    events = []
    for seat in g.seats_from(g.dealer):
        events += g.apply(Discard(seat, tuple(parse_cards(discards[seat]))))
    return events


def play_out(g, rng=None):
    """Play the current deal to its end with legal actions (the first, or random)."""
    events = []
    while g.phase == PLAY:
        actions = g.legal_actions()
        events += g.apply(rng.choice(actions) if rng else actions[0])
    return events


def random_game(seed, **kwargs):
    g = Game(seed=seed, **kwargs)
    rng = random.Random(seed * 7 + 1)
    while g.phase != GAME_OVER:
        g.apply(rng.choice(g.legal_actions()))
    return g


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def state(g):
    return (
        g.phase,
        [list(h) for h in g.hands],
        list(g.crib),
        g.starter,
        list(g.deck),
        list(g.series),
        list(g.played),
        set(g.gone),
        g.to_act,
        list(g.scores),
        list(g.back_pegs),
        len(g.events),
        len(g.actions),
        g.dealer,
        g.deal_number,
    )


# ----------------------------------------------------------------------------- cut for deal


def test_game_starts_with_the_cut_for_deal_and_the_lower_card_deals():
    for seed in range(30):
        g = Game(seed=seed)
        assert g.events[0] == GameStarted(2, 121)
        cuts = of(g.events, CutForDeal)
        final = cuts[-1]
        assert not final.tie
        low = min(c.rank for c in final.cards)
        assert [c.rank for c in final.cards].count(low) == 1
        assert g.events[len(cuts) + 1] == DealerChosen([c.rank for c in final.cards].index(low), "lowest cut")
        assert g.dealer == [c.rank for c in final.cards].index(low)


def test_equal_cuts_cut_again():
    ties = 0
    for seed in range(300):
        g = Game(seed=seed)
        cuts = of(g.events, CutForDeal)
        for cut in cuts[:-1]:
            assert cut.tie and cut.cards[0].rank == cut.cards[1].rank
            ties += 1
    assert ties > 0


def test_three_players_cut_again_only_when_the_lowest_cards_tie():
    for seed in range(200):
        g = Game(seed=seed, players=3)
        for cut in of(g.events, CutForDeal):
            ranks = [c.rank for c in cut.cards]
            assert cut.tie == (ranks.count(min(ranks)) > 1)


def test_a_given_first_dealer_skips_the_cut():
    g = Game(seed=3, first_dealer=1)
    assert of(g.events, CutForDeal) == []
    assert DealerChosen(1, "given") in g.events and g.dealer == 1


# ----------------------------------------------------------------------------- the deal


def test_each_player_gets_six_distinct_cards_sorted_and_the_phase_is_discard():
    g = Game(seed=11)
    assert g.phase == DISCARD and g.deal_number == 1
    dealt = of(g.events, Dealt)[0]
    assert dealt.deal == 1 and dealt.dealer == g.dealer
    assert [len(h) for h in dealt.hands] == [6, 6]
    cards = [c for h in dealt.hands for c in h]
    assert len(set(cards)) == 12
    assert all(list(h) == sort_hand(h) for h in dealt.hands)
    assert len(g.deck) == 40 and not set(g.deck) & set(cards)
    assert g.pending_discards() == (0, 1)


def test_the_dealer_deals_one_card_at_a_time_starting_with_the_pone():
    # Pins the dealing order: the shuffled deck is dealt from the top, pone first, alternately.
    g = Game(seed=77, first_dealer=0)
    deck = list(DECK)
    random.Random(77).shuffle(deck)
    top = deck[::-1]
    assert g.hands[1] == sort_hand(top[0:12:2])
    assert g.hands[0] == sort_hand(top[1:12:2])


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not():
    a, b, c = Game(seed=42), Game(seed=42), Game(seed=43)
    assert a.events == b.events and a.deck == b.deck
    assert of(a.events, Dealt) != of(c.events, Dealt)


def test_discards_go_to_the_dealers_crib_then_the_starter_is_turned():
    g = Game(seed=5, first_dealer=0)
    hand1 = list(g.hands[1])
    assert g.legal_actions(1) == [Discard(1, (a, b)) for i, a in enumerate(hand1) for b in hand1[i + 1 :]]
    events = g.apply(Discard(1, tuple(hand1[:2])))
    assert events == [Discarded(1, tuple(hand1[:2]), 0)]
    assert g.hands[1] == hand1[2:] and g.kept[1] == tuple(hand1[2:])
    assert g.pending_discards() == (0,) and g.phase == DISCARD
    assert g.legal_actions(1) == []
    hand0 = list(g.hands[0])
    events = g.apply(Discard(0, (hand0[5], hand0[0])))
    assert [type(e) for e in events][:2] == [Discarded, StarterTurned]
    starter = events[1]
    assert starter.dealer == 0 and starter.cutter == 1 and starter.card == g.starter
    assert sorted(g.crib) == sorted(hand1[:2] + [hand0[5], hand0[0]])
    assert g.phase == PLAY and g.to_act == 1
    assert g.starter not in g.deck and len(g.deck) == 39


@pytest.mark.parametrize(
    "action, reason",
    [
        (Discard(1, (parse_card("KC"),)), "lay away exactly 2 cards, not 1"),
        (Discard(1, tuple(parse_cards("KC QC 2S"))), "lay away exactly 2 cards, not 3"),
        (Discard(1, (parse_card("KC"), parse_card("9D"))), "the nine of diamonds is not in the hand"),
        (Discard(1, (parse_card("KC"), parse_card("KC"))), "the same card is named twice"),
        (Discard(2, tuple(parse_cards("KC QC"))), "there is no such player"),
        (Play(1, parse_card("KC")), "the play has not started: the discard comes first"),
        (Go(1), "the play has not started: the discard comes first"),
        (NextDeal(), "the deal is not over yet"),
        ("discard KC QC", "that is not an action"),
    ],
)
def test_illegal_discards_are_refused_with_a_reason_and_change_nothing(action, reason):
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "2H")
    before = state(g)
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)
    assert info.value.reason == reason
    assert str(info.value) == reason
    assert state(g) == before


def past_constructor(cls, **fields):
    """An action made without its constructor's checks: the game must refuse it too."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


@pytest.mark.parametrize(
    "cards",
    [
        ("KC", "QC"),
        ((13, 0), (12, 0)),  # plain tuples equal to cards are still not cards
        (parse_card("KC"), None),
    ],
)
def test_a_discard_of_things_that_are_not_cards_is_refused(cards):
    with pytest.raises(ArgumentTypeError):  # refused when made
        Discard(1, cards)
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "2H")
    before = state(g)
    with pytest.raises(IllegalActionError) as info:
        g.apply(past_constructor(Discard, seat=1, cards=cards))
    assert info.value.reason == "that is not a card"
    assert state(g) == before


@pytest.mark.parametrize("card", ["KC", (13, 0), None])
def test_a_play_of_something_that_is_not_a_card_is_refused(card):
    with pytest.raises(ArgumentTypeError):  # refused when made
        Play(1, card)
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "2H")
    discard_all(g, ["4S 10S", "2S 3S"])
    before = state(g)
    with pytest.raises(IllegalActionError) as info:
        g.apply(past_constructor(Play, seat=1, card=card))
    assert info.value.reason == "that is not a card"
    assert state(g) == before


def test_a_player_cannot_discard_twice():
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "2H")
    g.apply(Discard(1, tuple(parse_cards("2S 3S"))))
    before = state(g)
    with pytest.raises(IllegalActionError) as info:
        g.apply(Discard(1, tuple(parse_cards("KC QC"))))
    assert info.value.reason == "those cards are already in the crib"
    assert state(g) == before


# ----------------------------------------------------------------------------- heels


def test_a_jack_starter_is_two_for_his_heels_to_the_dealer():
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "JH", dealer=0)
    events = discard_all(g, ["4S 10S", "2S 3S"])
    heels = of(events, Scored)
    assert [(e.seat, e.points, e.reason) for e in heels] == [(0, 2, "heels")]
    assert heels[0].cards == (parse_card("JH"),)
    assert heels[0].items[0].kind == "heels"
    assert (heels[0].back_peg, heels[0].front_peg, heels[0].scores) == (0, 2, (2, 0))
    assert g.phase == PLAY and g.to_act == 1


def test_heels_can_win_the_game_before_any_card_is_played():
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "JH", dealer=0, scores=(119, 100))
    events = discard_all(g, ["4S 10S", "2S 3S"])
    assert [type(e) for e in events[-3:]] == [StarterTurned, Scored, GameOver]
    assert events[-1] == GameOver(0, (121, 100), (0, 0))
    assert g.phase == GAME_OVER and g.winner == 0 and g.to_act is None
    assert g.legal_actions() == [] and g.played == []
    with pytest.raises(IllegalActionError) as info:
        g.apply(Play(1, parse_card("KC")))
    assert info.value.reason == "the game is over"


def test_no_heels_for_any_other_starter():
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "QH", dealer=0)
    assert of(discard_all(g, ["4S 10S", "2S 3S"]), Scored) == []


# ----------------------------------------------------------------------------- the show

# Dealer seat 0 keeps 6D 7D 8D 9D (14 with the 2H), pone seat 1 keeps AC 5C QC KC.
SHOW_DEAL = dict(hands=["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], starter="2H")
SHOW_DISCARDS = ["4S 10S", "2S 3S"]


def test_the_show_counts_pone_then_dealer_then_crib():
    g = known_deal(**SHOW_DEAL)
    discard_all(g, SHOW_DISCARDS)
    events = play_out(g)
    shown = of(events, HandShown)
    assert [(e.seat, e.is_crib) for e in shown] == [(1, False), (0, False), (0, True)]
    assert shown[0].cards == tuple(parse_cards("AC 5C QC KC"))
    assert shown[1].cards == tuple(parse_cards("6D 7D 8D 9D"))
    assert shown[2].cards == tuple(parse_cards("2S 3S 4S 10S"))
    assert all(e.starter == parse_card("2H") for e in shown)
    show_scores = [e for e in of(events, Scored) if e.reason in ("hand", "crib")]
    assert [(e.seat, e.reason, e.points) for e in show_scores] == [
        (s.seat, "crib" if s.is_crib else "hand", s.total) for s in shown if s.total
    ]
    # every HandShown comes right before its Scored
    for s in shown:
        i = events.index(s)
        if s.total:
            assert events[i + 1].points == s.total and events[i + 1].items == s.items
    assert isinstance(events[-1], DealEnded)
    assert events[-1] == DealEnded(1, 1, tuple(g.scores))
    assert g.phase == DEAL_OVER and g.legal_actions() == [NextDeal()]


def test_the_dealers_hand_is_counted_exactly():
    g = known_deal(**SHOW_DEAL)
    discard_all(g, SHOW_DISCARDS)
    events = play_out(g)
    dealer_hand = [e for e in of(events, HandShown) if e.seat == 0 and not e.is_crib][0]
    # 6 7 8 9 + 2H: fifteens 2+6+7, 6+9, 7+8 (6), run of four (4), four-card flush (4) = 14
    assert dealer_hand.total == 14
    assert [(i.kind, [c.short for c in i.cards]) for i in dealer_hand.items] == [
        ("fifteen", ["6D", "9D"]),
        ("fifteen", ["7D", "8D"]),
        ("fifteen", ["2H", "6D", "7D"]),
        ("run", ["6D", "7D", "8D", "9D"]),
        ("flush", ["6D", "7D", "8D", "9D"]),
    ]


def test_a_zero_hand_is_shown_but_scores_nothing():
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QH 2C 4C 3S 7S"], "8H")
    discard_all(g, ["4S 10S", "3S 7S"])
    events = play_out(g)
    pone = of(events, HandShown)[0]
    assert pone.seat == 1 and pone.total == 0 and pone.items == ()
    assert not [e for e in of(events, Scored) if e.reason == "hand" and e.seat == 1]


def test_next_deal_alternates_the_dealer_and_deals_again():
    g = known_deal(**SHOW_DEAL)
    discard_all(g, SHOW_DISCARDS)
    play_out(g)
    scores = list(g.scores)
    assert g.apply(NextDeal()) == [DealerChosen(1, "alternate")]
    assert g.chance_pending() is Deal and g.phase == "deal" and g.hands == [[], []]
    events = g.apply(Deal((parse_cards("AS 2S 3S 4S 5S 6S"), parse_cards("AH 2H 3H 4H 5H 6H"))))
    assert events == [Dealt(2, 1, (tuple(parse_cards("AS 2S 3S 4S 5S 6S")), tuple(parse_cards("AH 2H 3H 4H 5H 6H"))))]
    assert g.phase == DISCARD and g.dealer == 1 and g.pone == 0
    assert g.scores == scores and g.crib == [] and g.starter is None and g.played == []
    assert [len(h) for h in g.hands] == [6, 6] and len(g.deck) == 40


# ----------------------------------------------------------------------------- winning


def test_the_pone_can_win_in_the_show_before_the_dealer_counts():
    g = known_deal(**SHOW_DEAL, scores=(110, 115))
    discard_all(g, SHOW_DISCARDS)
    events = play_out(g)
    over = of(events, GameOver)
    assert len(over) == 1 and events[-1] is over[0]
    assert over[0].winner == 1
    shown = of(events, HandShown)
    assert [(e.seat, e.is_crib) for e in shown] == [(1, False)]  # the dealer never counts
    last_score = of(events, Scored)[-1]
    assert last_score.seat == 1 and last_score.reason == "hand"
    assert last_score.front_peg >= 121 and last_score.front_peg == over[0].scores[1]
    assert g.phase == GAME_OVER and g.legal_actions() == []


def test_a_player_wins_in_the_play_at_once_and_nothing_more_is_scored():
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "2H", scores=(120, 50))
    discard_all(g, ["4S 10S", "2S 3S"])
    g.apply(Play(1, parse_card("KC")))
    events = g.apply(Play(0, parse_card("9D")))
    assert of(events, Scored) == []
    g.apply(Play(1, parse_card("QC")))  # 29: the dealer must say go
    g.apply(Go(0))
    events = g.apply(Play(1, parse_card("AC")))  # the pone scores the go: 51
    assert [(e.seat, e.reason) for e in of(events, Scored)] == [(1, "go")]
    events = g.apply(Play(0, parse_card("6D")))  # dealer leads 6
    events = g.apply(Play(1, parse_card("5C")))  # 11
    events = g.apply(Play(0, parse_card("7D")))  # 6 5 7: run of three -> 123
    assert [type(e) for e in events] == [type(events[0]), Scored, GameOver]
    assert events[-1].winner == 0 and events[-1].scores == (123, 51)
    assert g.phase == GAME_OVER and g.hands[0] == [parse_card("8D")]
    assert of(g.events, HandShown) == []


@pytest.mark.parametrize(
    "loser, skunk",
    [
        (100, 0),
        (91, 0),
        (90, 1),
        (61, 1),
        (60, 2),
        (0, 2),
    ],
)
def test_skunk_and_double_skunk_at_121(loser, skunk):
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "JH", scores=(119, loser))
    events = discard_all(g, ["4S 10S", "2S 3S"])
    assert events[-1] == GameOver(0, (121, loser), (0, skunk))


@pytest.mark.parametrize("loser, skunk", [(31, 0), (30, 1), (45, 0)])
def test_skunk_at_61_is_under_31(loser, skunk):
    g = known_deal(["9D 8D 7D 6D 4S 10S", "KC QC AC 5C 2S 3S"], "JH", scores=(59, loser), target=61)
    events = discard_all(g, ["4S 10S", "2S 3S"])
    assert events[-1] == GameOver(0, (61, loser), (0, skunk))


@pytest.mark.parametrize("target", [61, 91, 121, 241, 31])
def test_games_to_any_target_end_when_a_player_reaches_it(target):
    for seed in range(6):
        g = random_game(seed, target=target)
        over = g.events[-1]
        assert isinstance(over, GameOver) and of(g.events, GameOver) == [over]
        assert g.events[0] == GameStarted(2, target)
        assert over.scores[over.winner] >= target
        assert all(s < target for i, s in enumerate(over.scores) if i != over.winner)
        last = of(g.events, Scored)[-1]
        assert last.side == over.winner and last.back_peg < target <= last.front_peg


def test_a_game_can_be_built_for_any_positive_target_but_not_others():
    with pytest.raises(ValueError):
        Game(seed=1, target=0)
    with pytest.raises(ValueError):
        Game(seed=1, players=7)


# ----------------------------------------------------------------------------- pegs


def test_scored_events_carry_back_peg_and_front_peg():
    g = random_game(9)
    last = {}
    for e in of(g.events, Scored):
        assert e.front_peg == e.back_peg + e.points and e.points > 0
        assert e.back_peg == last.get(e.side, 0)
        assert e.scores[e.side] == e.front_peg
        last[e.side] = e.front_peg


# ----------------------------------------------------------------------------- replay


def test_replaying_the_actions_gives_the_same_game():
    g = random_game(21)
    again = Game.replay(g.actions, seed=21)
    assert again.events == g.events and again.scores == g.scores and again.winner == g.winner


def test_replaying_half_the_actions_reaches_the_same_state():
    g = Game(seed=8)
    rng = random.Random(3)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    again = Game.replay(g.actions, seed=8)
    assert state(again) == state(g) and again.events == g.events


def test_actions_round_trip_through_text():
    g = random_game(4)
    texts = [action_to_text(a) for a in g.actions]
    assert texts[0].startswith("discard ")
    assert [action_from_text(t) for t in texts] == g.actions
    assert action_to_text(Go(1)) == "go 1" and action_to_text(NextDeal()) == "next"
    assert action_to_text(Play(0, parse_card("10H"))) == "play 0 10H"
    with pytest.raises(ValueError):
        action_from_text("dance 1")


# ----------------------------------------------------------------------------- observation


def test_an_observation_shows_only_the_players_own_cards():
    g = Game(seed=6, first_dealer=0)
    obs = g.observation(1)
    assert obs.seat == 1 and obs.phase == DISCARD and obs.dealer == 0 and not obs.is_dealer
    assert obs.hand == tuple(g.hands[1])
    assert obs.starter is None and obs.cards_left == (6, 6)
    assert set(obs.legal) == set(g.legal_actions(1))
    assert not set(g.hands[0]) & set(obs.hand)


# ----------------------------------------------------------------------------- more players


def test_three_players_get_five_cards_discard_one_and_a_deck_card_goes_to_the_crib():
    g = Game(seed=2, players=3, first_dealer=0)
    assert [len(h) for h in g.hands] == [5, 5, 5]
    crib_card = of(g.events, CribCardFromDeck)
    assert len(crib_card) == 1 and g.crib == [crib_card[0].card]
    assert len(g.deck) == 52 - 16
    for seat in (1, 2, 0):
        g.apply(g.legal_actions(seat)[0])
    assert len(g.crib) == 4 and all(len(k) == 4 for k in g.kept)
    assert g.phase == PLAY and g.to_act == 1  # the player left of the dealer leads
    events = play_out(g)
    shown = of(events, HandShown)
    assert [(e.seat, e.is_crib) for e in shown] == [(1, False), (2, False), (0, False), (0, True)]


def test_three_player_games_run_to_completion():
    for seed in range(15):
        g = random_game(seed, players=3)
        over = g.events[-1]
        assert isinstance(over, GameOver) and len(over.scores) == 3
        assert max(over.scores) == over.scores[over.winner] >= 121


def test_four_players_play_in_partnerships_sharing_one_score():
    for seed in range(15):
        g = random_game(seed, players=4)
        over = g.events[-1]
        assert isinstance(over, GameOver) and len(over.scores) == 2
        totals = [0, 0]
        for e in of(g.events, Scored):
            assert e.side == e.seat % 2
            totals[e.side] += e.points
        assert tuple(totals) == over.scores
        dealt = of(g.events, Dealt)[0]
        assert [len(h) for h in dealt.hands] == [5, 5, 5, 5]


def test_four_player_show_order_goes_round_from_the_dealers_left():
    g = Game(seed=12, players=4, first_dealer=2)
    for seat in g.seats_from(2):
        g.apply(g.legal_actions(seat)[0])
    assert len(g.crib) == 4 and g.to_act == 3
    events = play_out(g)
    shown = [(e.seat, e.is_crib) for e in of(events, HandShown)]
    assert shown == [(3, False), (0, False), (1, False), (2, False), (2, True)]

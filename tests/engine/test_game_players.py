"""Two to six players, each for themselves or in teams: the deal for each size, the discard,
go and last card among many players, the show order, team scores and the end of the game.

Seeded games played with random legal actions check the invariants after every action, for
every size and every team layout; small hand-made deals pin the five- and six-player deals
and a go passed round three players.
"""

import random
from itertools import pairwise

import pytest

from spoken_cribbage import parse_card, parse_cards
from spoken_cribbage.engine.cards import DECK
from spoken_cribbage.engine.game import (
    DEAL_OVER,
    DISCARD,
    GAME_OVER,
    PLAY,
    CountReset,
    Deal,
    DealEnded,
    Dealt,
    Discard,
    Discarded,
    Game,
    GameOver,
    GameStarted,
    Go,
    HandShown,
    IllegalActionError,
    InvalidArgumentError,
    NextDeal,
    Play,
    Played,
    PlayEnded,
    Refusal,
    SaidGo,
    Scored,
    StarterTurned,
    TurnStarter,
)
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.engine.scoring import hand_points, score_hand

ALL_CARDS = frozenset(DECK)

#: Every table: (players, teams). None is the usual table for the size.
MODES = [(2, None), (3, None), (4, None), (4, 0), (5, None), (6, None), (6, 2), (6, 3)]

#: Seeded games per mode, and the targets they cycle through (short games end more often in
#: the play and test the end of the game more; long ones test many deals).
GAMES_PER_MODE = 100  # 180 until 2026-12-01: the suite must stay under 8 minutes
TARGETS = (31, 31, 61, 121)


# ----------------------------------------------------------------------------- the rules


def test_rules_for_each_size_and_team_layout():
    expect = {  # players: (dealt to a non-dealer, to the dealer, laid away by each, crib)
        2: (6, 6, 2, 2, 4, 0),
        3: (5, 5, 1, 1, 4, 1),
        4: (5, 5, 1, 1, 4, 0),
        5: (5, 4, 1, 0, 4, 0),
        6: (6, 5, 1, 0, 5, 0),
    }
    for players, teams in MODES:
        r = Rules(players=players, teams=teams)
        got = (
            r.dealt_to(False),
            r.dealt_to(True),
            r.discards_for(False),
            r.discards_for(True),
            r.crib_size,
            r.crib_cards_from_deck,
        )
        assert got == expect[players]
        assert (r.hand_size, r.discards) == (got[0], got[2])
        assert r.kept_size == r.crib_size == r.dealt_to(True) - r.discards_for(True)
        # the crib is made up exactly: discards plus cards from the deck
        assert (players - 1) * got[2] + got[3] + got[5] == got[4]
        # sides: every seat on one, partners never side by side
        seats = sorted(s for side in range(r.sides) for s in r.seats_of(side))
        assert seats == list(range(players))
        for seat in range(players):
            assert r.side_of(seat) != r.side_of((seat + 1) % players)
            assert seat in r.seats_of(r.side_of(seat))
        assert len(r.seats_of(0)) == r.team_size


def test_the_teams_convention():
    assert Rules(4).sides == 2 and Rules(4).team_count == 2 and Rules(4).seats_of(0) == (0, 2)
    assert Rules(4) == Rules(4, 121, "auto", False, False)  # positional calls as before
    assert Rules(4) == Rules(4, teams=2) != Rules(4, teams=0)  # the same table, however said
    assert hash(Rules(6)) == hash(Rules(6, teams=0)) and Rules(6, teams=2) != Rules(6, teams=3)
    assert Rules(2) != Rules(2, target=61) and Rules(3, teams=0) == Rules(3)
    assert Rules(4, teams=0).sides == 4 and Rules(4, teams=0).team_count == 0
    assert Rules(6).sides == 6 and Rules(5).sides == 5 and Rules(3).sides == 3
    assert Rules(6, teams=3).seats_of(1) == (1, 4) and Rules(6, teams=3).team_size == 2
    assert Rules(6, teams=2).seats_of(1) == (1, 3, 5) and Rules(6, teams=2).team_size == 3
    for players, teams in [
        (2, 2),
        (3, 3),
        (4, 4),
        (4, 1),
        (5, 2),
        (6, 6),
        (6, 1),
        (4, True),
        (4, "2"),
        (7, None),
        (1, None),
    ]:
        with pytest.raises(ValueError):
            Rules(players=players, teams=teams)
    assert Rules(6, teams=3).max_show == 46 and Rules(5).max_show == Rules(2).max_show == 29


def test_a_game_keeps_its_teams_in_its_start_and_its_replay():
    g = Game(seed=3, players=6, teams=2)
    assert g.rules == Rules(6, teams=2) and g.sides == 2
    assert g.events[0] == GameStarted(6, 121, 2) and g.events[0].rules == g.rules
    assert Game(seed=3, players=4).events[0].rules == Rules(4)
    assert Game(seed=3, rules=Rules(4, teams=0)).events[0].rules.sides == 4
    with pytest.raises(ValueError):
        Game(rules=Rules(6, teams=2), teams=3)
    assert Game(rules=Rules(4), teams=2, seed=1).rules.sides == 2
    rng = random.Random(1)
    for _ in range(150):
        g.apply(rng.choice(g.legal_actions()))
    again = Game.replay(g.actions, seed=3, players=6, teams=2)
    assert again.events == g.events and again.scores == g.scores


# ----------------------------------------------------------------------------- hand-made deals


def scripted(players, hands, starter, *, dealer=0, teams=None, crib_card=None, target=121):
    chance = [
        Deal(tuple(tuple(parse_cards(h)) for h in hands), parse_card(crib_card) if crib_card else None),
        TurnStarter(parse_card(starter)),
    ]
    return Game(players=players, teams=teams, target=target, first_dealer=dealer, chance=chance)


def test_five_players_the_dealer_gets_four_and_lays_nothing_away():
    g = Game(seed=8, players=5, first_dealer=2)
    assert [len(h) for h in g.hands] == [5, 5, 4, 5, 5]
    assert len(g.deck) == 52 - 24
    assert g.pending_discards() == (0, 1, 3, 4)
    assert g.legal_actions(2) == [] and g.discards_due(2) == 0 and g.discards_due(3) == 1
    assert g.kept[2] == tuple(g.hands[2])  # the dealer's hand is kept as dealt
    with pytest.raises(IllegalActionError) as e:
        g.apply(Discard(2, (g.hands[2][0],)))
    assert e.value.code == Refusal.NOTHING_TO_LAY_AWAY
    with pytest.raises(IllegalActionError) as e:
        g.apply(Discard(2, ()))
    assert e.value.code == Refusal.NOTHING_TO_LAY_AWAY
    with pytest.raises(IllegalActionError) as e:
        g.apply(Discard(3, tuple(g.hands[3][:2])))
    assert e.value.code == Refusal.WRONG_NUMBER_OF_CARDS and e.value.needed == 1
    events = []
    for seat in (3, 4, 0, 1):
        assert all(len(a.cards) == 1 for a in g.legal_actions(seat))
        events += g.apply(g.legal_actions(seat)[0])
    assert [e.seat for e in events if isinstance(e, Discarded)] == [3, 4, 0, 1]
    assert g.phase == PLAY and g.to_act == 3  # left of the dealer leads
    assert len(g.crib) == 4 and all(len(h) == 4 for h in g.hands)
    assert all(len(k) == 4 for k in g.kept)


def test_five_players_the_deal_goes_round_from_the_dealers_left_and_skips_the_dealer_last():
    g = Game(seed=77, players=5, first_dealer=1)
    deck = list(DECK)
    random.Random(77).shuffle(deck)
    top = deck[::-1]
    order = [2, 3, 4, 0, 1]
    dealt = {s: [] for s in order}
    for i, card in enumerate(top[:24]):
        dealt[order[i % 5]].append(card)
    assert [sorted(g.hands[s]) for s in range(5)] == [sorted(dealt[s]) for s in range(5)]


def test_six_players_deal_six_and_five_and_every_hand_and_the_crib_hold_five():
    hands = [
        "AC 2C 3C 4C 5C 6C",
        "AD 2D 3D 4D 5D 6D",
        "AH 2H 3H 4H 5H 6H",
        "AS 2S 3S 4S 5S 6S",
        "7C 8C 9C 10C JC QC",
        "7D 8D 9D 10D JD",
    ]
    g = scripted(6, hands, "KS", dealer=5, teams=3)
    assert [len(h) for h in g.hands] == [6, 6, 6, 6, 6, 5]
    assert g.pending_discards() == (0, 1, 2, 3, 4) and g.legal_actions(5) == []
    for seat in (0, 1, 2, 3, 4):
        g.apply(Discard(seat, (g.hands[seat][-1],)))
    assert g.phase == PLAY and g.to_act == 0
    assert sorted(g.crib) == sorted(parse_cards("6C 6D 6H 6S QC"))
    assert all(len(h) == 5 for h in g.hands) and all(len(k) == 5 for k in g.kept)
    assert len(g.deck) == 52 - 35 - 1


def test_a_six_player_deal_of_the_wrong_sizes_is_refused():
    g = Game(players=6, first_dealer=0, chance="manual")
    six = [DECK[i * 6 : (i + 1) * 6] for i in range(6)]
    with pytest.raises(IllegalActionError) as e:
        g.apply(Deal(tuple(tuple(h) for h in six)))  # the dealer has six, not five
    assert e.value.code == Refusal.IMPOSSIBLE_CHANCE and "dealer" in e.value.detail
    g.apply(Deal((tuple(six[0][:5]),) + tuple(tuple(h) for h in six[1:])))
    assert g.phase == DISCARD and g.pending_discards() == (1, 2, 3, 4, 5)


def test_six_player_show_counts_five_card_hands_round_the_table_then_the_crib():
    hands = [
        "AC 2C 3C 4C 5C 6C",
        "AD 2D 3D 4D 5D 6D",
        "AH 2H 3H 4H 5H 6H",
        "AS 2S 3S 4S 5S 6S",
        "7C 8C 9C 10C JC QC",
        "7D 8D 9D 10D JD",
    ]
    g = scripted(6, hands, "KC", dealer=5, teams=2)
    for seat in (0, 1, 2, 3, 4):
        g.apply(Discard(seat, (g.hands[seat][0],)))  # the aces and the 7C to the crib
    events = []
    while g.phase == PLAY:
        events += g.apply(g.legal_actions()[0])
    shown = [e for e in events if isinstance(e, HandShown)]
    assert [(e.seat, e.is_crib) for e in shown] == [
        (0, False),
        (1, False),
        (2, False),
        (3, False),
        (4, False),
        (5, False),
        (5, True),
    ]
    starter = parse_card("KC")
    # 2C 3C 4C 5C 6C with the KC: a flush of six, a run of five, fifteens 2+3+K 5+K 4+5+6 ...
    assert shown[0].total == score_hand(parse_cards("2C 3C 4C 5C 6C"), starter).total
    assert shown[0].total == hand_points(parse_cards("2C 3C 4C 5C 6C"), starter)
    assert any(i.kind == "flush" and i.points == 6 for i in shown[0].items)
    assert [i.points for i in shown[1].items if i.kind == "flush"] == [5]  # five diamonds
    assert shown[-1].total == hand_points(shown[-1].cards, starter, True)
    assert shown[-1].cards == tuple(sorted(parse_cards("AC AD AH AS 7C")))
    assert all(len(e.cards) == 5 for e in shown)


def test_three_players_a_go_passes_round_and_the_last_card_takes_it():
    # Dealer 0: seat 1 leads. 10 + 10 + 10 = 30: seats 1 and 2 hold only ten-cards and say go
    # in turn; seat 0 plays on alone, its ace for 31 (two, and no go).
    g = scripted(3, ["AC 2C 9S KC 8H", "10H JH QH KH 6D", "10S JS QS KS 7S"], "5D", crib_card="3D")
    for seat, card in ((1, "6D"), (2, "7S"), (0, "8H")):
        g.apply(Discard(seat, (parse_card(card),)))
    assert g.to_act == 1
    g.apply(Play(1, parse_card("10H")))
    g.apply(Play(2, parse_card("10S")))
    g.apply(Play(0, parse_card("KC")))
    assert g.count == 30 and g.to_act == 1 and g.legal_actions() == [Go(1)]
    g.apply(Go(1))
    assert g.to_act == 2 and g.legal_actions() == [Go(2)]  # seat 0 can play, so 2 must say go
    g.apply(Go(2))
    assert g.to_act == 0 and g.gone == {1, 2}
    ev = g.apply(Play(0, parse_card("AC")))
    assert [(e.seat, e.points, e.reason) for e in ev if isinstance(e, Scored)] == [(0, 2, "play")]
    # the next series is led by the seat after the one who played last
    assert [e for e in ev if isinstance(e, CountReset)] == [CountReset(31, 1)] and g.gone == set()
    # 1 JH (10), 2 JS (20, a pair), 0 9S (29); 1 and 2 go; 0 plays on: 2C for 31.
    g.apply(Play(1, parse_card("JH")))
    g.apply(Play(2, parse_card("JS")))
    g.apply(Play(0, parse_card("9S")))
    g.apply(Go(1))
    g.apply(Go(2))
    ev = g.apply(Play(0, parse_card("2C")))
    assert [(e.seat, e.points) for e in ev if isinstance(e, Scored)] == [(0, 2)]
    assert [e for e in ev if isinstance(e, CountReset)] == [CountReset(31, 1)]
    # Seat 0 is out of cards and skipped: 1 QH, 2 QS (a pair), 1 KH (30). Seat 2 cannot play
    # and seat 1 has no card left: 2's go is said, seat 1 pegs one for the go, 2 leads next.
    assert g.hands[0] == []
    g.apply(Play(1, parse_card("QH")))
    assert g.to_act == 2
    g.apply(Play(2, parse_card("QS")))
    assert g.to_act == 1
    ev = g.apply(Play(1, parse_card("KH")))
    assert [e.seat for e in ev if isinstance(e, SaidGo)] == [2]
    assert [(e.seat, e.points, e.reason) for e in ev if isinstance(e, Scored)] == [(1, 1, "go")]
    assert [e for e in ev if isinstance(e, CountReset)] == [CountReset(30, 2)]
    ev = g.apply(Play(2, parse_card("KS")))
    scored = [(e.seat, e.points, e.reason) for e in ev if isinstance(e, Scored)]
    assert scored[0] == (2, 1, "last") and any(isinstance(e, PlayEnded) for e in ev)
    pegged = {0: 0, 1: 0, 2: 0}
    for e in g.events:
        if isinstance(e, Scored) and e.reason in ("play", "go", "last"):
            pegged[e.seat] += e.points
    assert pegged == {0: 4, 1: 1, 2: 7}  # two 31s; the go; three pairs and last


def test_five_players_a_go_goes_round_and_a_seat_that_said_go_waits_for_the_reset():
    # Dealer 4: seats 0, 1, 2, 3 lead in turn. 0 KC, 1 QD, 2 JH (30): 3 and 4 go; 0 has the ace.
    hands = ["KC AC 2S 3S 4S", "QD 5D 6D 7D 8D", "JH 5H 6H 7H 8H", "10S 9C 9H 9D 9S", "10C 10D 10H JC"]
    g = scripted(5, hands, "2H", dealer=4)
    for seat, card in ((0, "4S"), (1, "8D"), (2, "8H"), (3, "9S")):
        g.apply(Discard(seat, (parse_card(card),)))
    assert g.to_act == 0 and len(g.crib) == 4
    for seat, card in ((0, "KC"), (1, "QD"), (2, "JH")):
        g.apply(Play(seat, parse_card(card)))
    assert g.count == 30 and g.to_act == 3 and g.legal_actions() == [Go(3)]
    g.apply(Go(3))
    assert g.to_act == 4 and g.legal_actions() == [Go(4)]
    g.apply(Go(4))
    assert g.to_act == 0 and g.legal_actions() == [Play(0, parse_card("AC"))]
    ev = g.apply(Play(0, parse_card("AC")))
    # 31 for two; seat 1 leads the next series
    assert [(e.seat, e.points) for e in ev if isinstance(e, Scored)] == [(0, 2)]
    assert [e for e in ev if isinstance(e, CountReset)] == [CountReset(31, 1)]


def test_four_players_each_for_themselves_score_four_ways():
    g = Game(seed=5, players=4, teams=0)
    assert g.sides == 4 and len(g.scores) == 4 and g.side_of(2) == 2


# ----------------------------------------------------------------------------- seeded games


class Checker:
    """Follows one game action by action and checks every event against the rules."""

    def __init__(self, g: Game):
        self.g = g
        self.r = g.rules
        self.scores = [0] * g.rules.sides
        self.over = False
        self.last_player = None
        self.count = 0
        self.go_scored = False
        self.gone = set()
        self.shown = []
        self.dealer = None
        self.deals = []  # the dealer of each deal

    def cards(self):
        g = self.g
        cards = [c for h in g.hands for c in h] + list(g.crib) + list(g.deck)
        cards += [c for _, c in g.played]
        if g.starter is not None:
            cards.append(g.starter)
        assert len(cards) == 52 and set(cards) == ALL_CARDS, "52 cards, each once"
        assert g.count <= 31

    def event(self, e):
        g, r = self.g, self.r
        assert not self.over, f"{e} after the game was over"
        if isinstance(e, Dealt):
            self.dealt(e)
        elif isinstance(e, Discarded):
            assert e.number == r.discards_for(e.seat == self.dealer) > 0
        elif isinstance(e, StarterTurned):
            assert len(g.crib) == r.crib_size
            assert all(len(k) == len(h) == r.kept_size for k, h in zip(g.kept, g.hands, strict=True))
            self.count, self.gone, self.last_player = 0, set(), None
        elif isinstance(e, Scored):
            assert e.points > 0 and e.front_peg == e.back_peg + e.points
            assert e.side == r.side_of(e.seat) == e.seat % r.sides
            assert e.back_peg == self.scores[e.side]
            self.scores[e.side] = e.front_peg
            assert e.scores == tuple(self.scores)
            if e.reason in ("go", "last"):
                assert e.seat == self.last_player and self.count != 31 and e.points == 1
                self.go_scored = True
        elif isinstance(e, Played):
            assert e.seat not in self.gone, "a seat that said go plays no more this series"
            assert e.count == self.count + e.card.value <= 31
            self.last_player, self.count, self.go_scored = e.seat, e.count, False
        elif isinstance(e, SaidGo):
            assert e.seat not in self.gone
            assert all(c.value > 31 - self.count for c in g.hands[e.seat])
            self.gone.add(e.seat)
        elif isinstance(e, CountReset):
            self.count_reset(e)
        elif isinstance(e, PlayEnded):
            assert not any(g.hands)
        elif isinstance(e, HandShown):
            k = len(self.shown)
            order = [(s, False) for s in g.seats_from(self.dealer)] + [(self.dealer, True)]
            assert (e.seat, e.is_crib) == order[k], "left of the dealer first, dealer, crib"
            assert len(e.cards) == (r.crib_size if e.is_crib else r.kept_size)
            assert e.total == hand_points(e.cards, e.starter, e.is_crib)
            self.shown.append(e)
        elif isinstance(e, DealEnded):
            assert len(self.shown) == r.players + 1
            assert e.next_dealer == (self.dealer + 1) % r.players
            self.shown = []
        elif isinstance(e, GameOver):
            self.over = True
            assert e.scores == tuple(self.scores) and e.scores[e.winner] >= r.target
            assert all(s < r.target for i, s in enumerate(e.scores) if i != e.winner)

    def dealt(self, e):
        r = self.r
        self.dealer = e.dealer
        if self.deals:
            assert e.dealer == (self.deals[-1] + 1) % r.players, "the deal passes left"
        self.deals.append(e.dealer)
        assert [len(h) for h in e.hands] == [r.dealt_to(s == e.dealer) for s in range(r.players)]

    def count_reset(self, e):
        g = self.g
        assert e.count_was == self.count
        if e.count_was != 31:
            # nobody could play on, and the last card took the go
            assert all(c.value > 31 - e.count_was for h in g.hands for c in h)
            assert self.go_scored
        if e.next_seat is not None:
            assert e.next_seat == next(s for s in g.seats_from(self.last_player) if g.hands[s])
        self.count, self.gone = 0, set()

    def legal(self, legal):
        g, r = self.g, self.r
        assert legal, "someone can act until the game is over"
        if g.phase == DISCARD:
            dealer_lays = r.discards_for(True)
            waits = dealer_lays > 0 and not g.discards[g.dealer]
            assert (g.dealer in g.pending_discards()) == waits
            for a in legal:
                assert isinstance(a, Discard)
                assert len(a.cards) == r.discards_for(a.seat == g.dealer) > 0
                assert set(a.cards) <= set(g.hands[a.seat])
        elif g.phase == PLAY:
            s = g.to_act
            assert s not in g.gone and g.hands[s]
            fits = [c for c in g.hands[s] if g.count + c.value <= 31]
            assert legal == ([Play(s, c) for c in fits] if fits else [Go(s)])
            if len(g.actions) % 7 == 0:
                assert g.legal_actions((s + 1) % r.players) == [], "only the seat to act"
        else:
            assert g.phase == DEAL_OVER and legal == [NextDeal()]


def play_checked(players, teams, seed, target):
    g = Game(seed=seed, players=players, teams=teams, target=target)
    rng = random.Random(seed * 31 + players)
    chk = Checker(g)
    for e in g.events:
        chk.event(e)
    chk.cards()
    while g.phase != GAME_OVER:
        legal = g.legal_actions()
        chk.legal(legal)
        if g.phase == DISCARD and g.rules.discards_for(True) == 0 and rng.random() < 0.2:
            with pytest.raises(IllegalActionError):  # the dealer of five or six lays none
                g.apply(Discard(g.dealer, tuple(g.hands[g.dealer][:1])))
        action = rng.choice(legal)
        before = list(g.scores)
        n = len(g.events)
        new = g.apply(action)
        assert new == g.events[n:]
        assert all(a >= b for a, b in zip(g.scores, before, strict=True)), "scores only rise"
        for e in new:
            chk.event(e)
        chk.cards()
        if isinstance(action, (Play, Go)) and g.phase == PLAY and not any(isinstance(e, CountReset) for e in new):
            assert g.to_act == next(s for s in g.seats_from(action.seat) if s not in g.gone and g.hands[s])
    assert chk.over and isinstance(g.events[-1], GameOver)
    assert sum(isinstance(e, GameOver) for e in g.events) == 1
    assert g.legal_actions() == [] and len(g.scores) == g.rules.sides
    # the game ends with the score that reached the target
    last = [e for e in g.events if isinstance(e, Scored)][-1]
    assert last.side == g.winner and last.back_peg < target <= last.front_peg
    # teammates share one score: every point a seat pegs is its side's
    totals = [0] * g.rules.sides
    for e in g.events:
        if isinstance(e, Scored):
            totals[g.rules.side_of(e.seat)] += e.points
    assert tuple(totals) == tuple(g.scores)
    # the crib passes from side to side in turn
    sides = [g.rules.side_of(d) for d in chk.deals]
    assert all(b == (a + 1) % g.rules.sides for a, b in pairwise(sides))
    return g


@pytest.mark.parametrize("players, teams", MODES)
def test_seeded_games_keep_every_invariant(players, teams):
    winners = set()
    for k in range(GAMES_PER_MODE):
        g = play_checked(players, teams, seed=1000 * players + k, target=TARGETS[k % len(TARGETS)])
        winners.add(g.winner)
    assert winners == set(range(Rules(players, teams=teams).sides)), "any side can win"


@pytest.mark.parametrize("players, teams", MODES)
def test_replay_of_a_prefix_reproduces_the_game(players, teams):
    for seed in range(5):
        g = Game(seed=seed, players=players, teams=teams)
        rng = random.Random(seed)
        for _ in range(rng.randrange(300)):
            if g.phase == GAME_OVER:
                break
            g.apply(rng.choice(g.legal_actions()))
        again = Game.replay(g.actions, seed=seed, players=players, teams=teams)
        assert again.events == g.events and again.hands == g.hands and again.crib == g.crib


@pytest.mark.parametrize("players, teams", [(5, None), (6, 3), (6, 2), (4, 0)])
def test_manual_counting_and_muggins_run_at_every_table(players, teams):
    rules = Rules(players, 61, counting="manual", muggins=True, overcount_penalty=True, teams=teams)
    for seed in range(4):
        g = Game(rules=rules, seed=seed)
        rng = random.Random(seed)
        claims = 0
        while g.phase != GAME_OVER:
            legal = g.legal_actions()
            if g.phase == "show" and g.to_act is not None:
                claims += 1
                over = rules.max_show + 1
                if over > 46:  # beyond any count: the claim itself cannot be made
                    with pytest.raises(InvalidArgumentError):
                        type(legal[0])(g.to_act, over)
                else:
                    with pytest.raises(IllegalActionError) as e:
                        g.apply(type(legal[0])(g.to_act, over))
                    assert e.value.code == Refusal.NOT_A_COUNT
                assert max(a.points for a in legal if hasattr(a, "points")) == rules.max_show
            g.apply(rng.choice(legal))
        assert claims and sum(isinstance(e, GameOver) for e in g.events) == 1

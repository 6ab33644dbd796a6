"""Property tests: thousands of seeded games with random legal actions, the invariants checked
after every single action.

* all 52 cards accounted for (hands + crib + starter + deck + played), each exactly once;
* scores never decrease; every Scored has front_peg == back_peg + points and matches the score;
* exactly one GameOver, last; nothing after it; the winner has reached the target, no one else;
* the count never goes above 31; every legal play fits and a go is legal only with no card that fits;
* one for the go / one for last goes to the player of the last card, never after a 31;
* the next series is led by the next player after the one who played last (who has cards);
* the show goes pone, (other players), dealer, crib, and each total agrees with hand_points;
* two to six players, each for themselves or in teams: the hands and the crib as the rules
  deal them, only the seats that lay away act in the discard (tests/engine/test_game_players.py
  checks more of the many-player rules on more games);
* every illegal action is refused with IllegalActionError and changes nothing;
* apply() returns exactly the events it appended; replay from the actions gives the same game.
"""

import os
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spoken_cribbage import hand_points
from spoken_cribbage.engine.cards import DECK
from spoken_cribbage.engine.game import (
    DEAL_OVER,
    DISCARD,
    GAME_OVER,
    PLAY,
    CountReset,
    DealEnded,
    Discard,
    Game,
    GameOver,
    Go,
    HandShown,
    IllegalActionError,
    NextDeal,
    Play,
    Played,
    PlayEnded,
    Scored,
)

ALL_CARDS = sorted(DECK)
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)

#: Games per property in the suite: a sample. bench/invariants.py runs the same properties on
#: ten times as many (SC_PROPERTY_SCALE=10), outside the suite's time budget.
SCALE = float(os.environ.get("SC_PROPERTY_SCALE", "1"))


def games(n: int) -> int:
    return max(1, int(n * SCALE))


def snapshot(g):
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
        [tuple(k) for k in g.kept],
        g.winner,
    )


def check_cards(g):
    cards = [c for h in g.hands for c in h] + list(g.crib) + list(g.deck)
    cards += [c for _, c in g.played]
    if g.starter is not None:
        cards.append(g.starter)
    assert sorted(cards) == ALL_CARDS, "52 cards, each once"
    assert g.count <= 31
    assert [c for _, c in g.series] == [c for _, c in g.played[len(g.played) - len(g.series) :]]


def normal(action):
    """Discards in any order are the same action."""
    if isinstance(action, Discard):
        return ("discard", action.seat, frozenset(action.cards), len(action.cards))
    return action


def illegal_candidates(g, rng):
    """A few actions, legal or not, to probe the referee with."""
    seat = rng.randrange(g.players)
    card = rng.choice(DECK)
    hand = g.hands[seat] if g.hands else []
    n = g.discards_due(seat)
    out = [Play(seat, card), Go(seat), NextDeal(), Discard(seat, (card,) * max(n, 1))]
    if hand:
        out.append(Play(seat, rng.choice(hand)))
        out.append(Discard(seat, tuple(rng.sample(hand, min(len(hand), max(n, 1))))))
        out.append(Discard(seat, tuple(hand[:1])))
    return out


def check_events(g, new, state):
    """Check the events one action caused; ``state`` carries what must persist between calls."""
    for e in new:
        assert not state["over"], f"{e} after the game was over"
        if isinstance(e, Scored):
            assert e.points > 0
            assert e.front_peg == e.back_peg + e.points
            assert e.back_peg == state["scores"][e.side], "back peg is the score before"
            assert e.side == g.side_of(e.seat)
            state["scores"][e.side] = e.front_peg
            assert tuple(state["scores"]) == e.scores
            if e.reason in ("go", "last"):
                assert e.seat == state["last_player"], "the go goes to the last card played"
                assert state["count"] != 31, "never 2 + 1 for a 31"
                assert e.points == 1
                state["go_scored"] = True
            elif e.reason == "play":
                assert e.cards and e.cards[-1] == state["last_card"]
            elif e.reason in ("hand", "crib"):
                shown = state["shown"][-1]
                assert e.points == shown.total and e.seat == shown.seat
                assert (e.reason == "crib") == shown.is_crib
        elif isinstance(e, Played):
            assert e.count <= 31
            state["last_player"], state["last_card"], state["count"] = e.seat, e.card, e.count
            state["go_scored"] = False
        elif isinstance(e, CountReset):
            assert e.count_was == state["count"]
            if e.count_was != 31:  # a series ends short of 31 only when no one can play
                assert all(c.value > 31 - e.count_was for h in g.hands for c in h)
            if e.count_was != 31:
                assert state["go_scored"] or g.phase == GAME_OVER
            if e.next_seat is not None:
                # the next player after the one who played last, skipping players with no cards
                expected = next(s for s in g.seats_from(state["last_player"]) if g.hands[s])
                assert e.next_seat == expected
            state["count"] = 0
        elif isinstance(e, PlayEnded):
            assert not any(g.hands) or g.phase == GAME_OVER
        elif isinstance(e, HandShown):
            state["shown"].append(e)
            k = len(state["shown"]) - 1
            order = g.seats_from(g.dealer)
            expected = (order[k], False) if k < len(order) else (g.dealer, True)
            assert (e.seat, e.is_crib) == expected, "show order pone ... dealer, crib"
            assert len(e.cards) == (g.rules.crib_size if e.is_crib else g.rules.kept_size)
            assert e.total == hand_points(e.cards, e.starter, e.is_crib)
        elif isinstance(e, DealEnded):
            assert len(state["shown"]) == g.players + 1
            state["shown"] = []
        elif isinstance(e, GameOver):
            state["over"] = True
            assert e.scores[e.winner] >= g.target
            assert all(s < g.target for i, s in enumerate(e.scores) if i != e.winner)
            assert e.scores == tuple(state["scores"])


def play_checked_game(seed, players, target, probe_every=1, teams=None):
    g = Game(seed=seed, players=players, target=target, teams=teams)
    rng = random.Random(seed ^ 0x5EED)
    state = {
        "scores": [0] * g.sides,
        "over": False,
        "last_player": None,
        "last_card": None,
        "count": 0,
        "go_scored": False,
        "shown": [],
    }
    check_cards(g)
    steps = 0
    while g.phase != GAME_OVER:
        legal = g.legal_actions()
        assert legal, "someone can always act until the game is over"
        if g.phase == PLAY:
            seat = g.to_act
            fits = [c for c in g.hands[seat] if g.count + c.value <= 31]
            if fits:
                assert legal == [Play(seat, c) for c in fits]
            else:
                assert legal == [Go(seat)]
        elif g.phase == DISCARD:
            assert all(isinstance(a, Discard) and len(a.cards) == g.discards_due(a.seat) > 0 for a in legal)
            assert {a.seat for a in legal} == set(g.pending_discards())
        else:
            assert g.phase == DEAL_OVER and legal == [NextDeal()]
        if steps % probe_every == 0:
            legal_set = {normal(a) for a in legal}
            for bad in illegal_candidates(g, rng):
                if normal(bad) in legal_set:
                    continue
                before = snapshot(g)
                try:
                    g.apply(bad)
                except IllegalActionError as err:
                    assert err.reason and isinstance(err.reason, str)
                else:
                    raise AssertionError(f"{bad} was accepted but is not legal")
                assert snapshot(g) == before, f"{bad} changed the state"
        before_scores = list(g.scores)
        n_events = len(g.events)
        action = rng.choice(legal)
        new = g.apply(action)
        assert new == g.events[n_events:]
        if isinstance(action, (Play, Go)) and g.phase == PLAY and not any(isinstance(e, CountReset) for e in new):
            # the turn passes to the next player who has not said go and still holds cards
            assert g.to_act == next(s for s in g.seats_from(action.seat) if s not in g.gone and g.hands[s])
        assert all(a >= b for a, b in zip(g.scores, before_scores, strict=True)), "scores never decrease"
        check_cards(g)
        check_events(g, new, state)
        steps += 1
    assert isinstance(g.events[-1], GameOver)
    assert sum(isinstance(e, GameOver) for e in g.events) == 1
    assert g.legal_actions() == []
    assert g.scores[g.winner] >= target
    return g


@settings(max_examples=games(250), **SETTINGS)  # 400 until the suite's time demanded less
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from([61, 91, 121, 121, 121, 241]))
def test_two_player_games_keep_every_invariant(seed, target):
    play_checked_game(seed, 2, target, probe_every=3)


@settings(max_examples=games(100), **SETTINGS)  # and 180 more in test_game_players.py
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from([61, 121]))
def test_three_player_games_keep_every_invariant(seed, target):
    play_checked_game(seed, 3, target, probe_every=3)


@settings(max_examples=games(100), **SETTINGS)  # and 180 more in test_game_players.py
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from([61, 121]))
def test_four_player_partnership_games_keep_every_invariant(seed, target):
    g = play_checked_game(seed, 4, target, probe_every=3)
    assert len(g.scores) == 2
    assert all(e.side == e.seat % 2 for e in g.events if isinstance(e, Scored))


@settings(max_examples=games(150), **SETTINGS)
@given(
    seed=st.integers(0, 2**32 - 1),
    target=st.sampled_from([31, 61, 121]),
    table=st.sampled_from([(4, 0), (5, None), (6, None), (6, 2), (6, 3)]),
)
def test_five_and_six_player_and_other_team_games_keep_every_invariant(seed, target, table):
    players, teams = table
    g = play_checked_game(seed, players, target, probe_every=4, teams=teams)
    assert len(g.scores) == g.rules.sides
    assert all(e.side == e.seat % g.rules.sides for e in g.events if isinstance(e, Scored))


@settings(max_examples=games(100), **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4, 5, 6]), cut=st.integers(0, 400))
def test_replay_of_any_prefix_reproduces_the_game(seed, players, cut):
    g = Game(seed=seed, players=players, target=121)
    rng = random.Random(seed)
    for _ in range(cut):
        if g.phase == GAME_OVER:
            break
        g.apply(rng.choice(g.legal_actions()))
    again = Game.replay(g.actions, seed=seed, players=players, target=121)
    assert again.events == g.events
    assert snapshot(again) == snapshot(g)

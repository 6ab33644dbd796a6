"""Game.undo(seat) / Game.can_undo(seat): take back a seat's last action and the other seats'
replies to it, while nothing new has been revealed to that seat. The game afterwards is exactly
a game that never made the undone actions."""

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spoken_cribbage.engine.errors import InvalidArgumentError
from spoken_cribbage.engine.game import (
    DEAL_OVER,
    DISCARD,
    GAME_OVER,
    PLAY,
    Discard,
    Game,
    Go,
    IllegalActionError,
    NextDeal,
    Play,
    Played,
    Scored,
    UndoBlocked,
)

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


def state(g):
    """Everything in the game, the rng by its state."""
    d = dict(vars(g))
    d.pop("_rng_at_start")  # the rng object, compared below by its state
    d["rng"] = g.rng.getstate() if g._rng_state is not None else None
    return copy.deepcopy(d)


def same_as_replay(g, **kwargs):
    """g equals a game that only ever made g.actions."""
    again = Game.replay(g.actions, **kwargs)
    assert again.events == g.events
    assert again.actions == g.actions
    assert again.scores == g.scores and again.back_pegs == g.back_pegs
    assert again.hands == g.hands and again.kept == g.kept and again.crib == g.crib
    assert (again.to_act, again.count, again.phase, again.series, again.gone) == (
        g.to_act,
        g.count,
        g.phase,
        g.series,
        g.gone,
    )
    assert again.deck == g.deck and again.rng.getstate() == g.rng.getstate()


def find(pred, *, players=2, seeds=range(300)):
    """The first game (seeded, random legal moves) where pred(game) holds right after an action
    by seat 0 or a later one; with the state just before seat 0's last action."""
    for seed in seeds:
        g = Game(seed=seed, players=players, first_dealer=0)
        rng = random.Random(seed)
        while g.phase != GAME_OVER:
            g.apply(rng.choice(g.legal_actions()))
            if any(getattr(a, "seat", None) == 0 for a in g.actions) and pred(g):
                i = last_own(g)
                before = Game.replay(g.actions[:i], seed=seed, players=players, first_dealer=0)
                return g, seed, state(before)
    raise AssertionError("no such position in the seeds tried")


def last_own(g, seat=0):
    return max(i for i, a in enumerate(g.actions) if getattr(a, "seat", None) == seat)


# ----------------------------------------------------------------------------- allowed


def test_a_play_answered_by_go_is_taken_back_with_the_go():
    def pred(g):
        return (
            g.phase == PLAY
            and g.to_act == 0
            and len(g.actions) >= 2
            and isinstance(g.actions[-2], Play)
            and g.actions[-2].seat == 0
            and g.actions[-1] == Go(1)
        )

    g, seed, before = find(pred)
    card = g.actions[-2].card
    assert g.can_undo(0) is None
    undone = g.undo(0)
    assert undone == [Play(0, card), Go(1)]
    assert card in g.hands[0] and g.to_act == 0
    assert state(g) == before
    same_as_replay(g, seed=seed, first_dealer=0)


def test_the_points_a_play_scored_are_taken_back():
    def pred(g):
        i = last_own(g)
        return (
            g.phase == PLAY
            and isinstance(g.actions[i], Play)
            and g.can_undo(0) is None
            and any(isinstance(e, Scored) and e.seat == 0 and e.reason == "play" for e in g.events[g._marks[i] :])
        )

    g, seed, before = find(pred)
    scores_before = before["scores"]
    assert g.scores[0] > scores_before[0]
    g.undo(0)
    assert g.scores == scores_before and g.back_pegs == before["back_pegs"]
    assert g.count == sum(c.value for _, c in before["series"])
    assert state(g) == before


def test_a_play_with_no_reply_when_the_other_hand_is_empty():
    def pred(g):
        return (
            g.phase == PLAY
            and g.to_act == 0
            and isinstance(g.actions[-1], Play)
            and g.actions[-1].seat == 0
            and not g.hands[1]
        )

    g, seed, before = find(pred)
    played = g.actions[-1]
    assert g.undo(0) == [played]
    assert state(g) == before


def test_a_go_not_yet_answered_can_be_undone():
    # The engine asks for a go only while another seat can still play (the series ends by itself
    # when no one can), so a go is always answered in the end by another seat's card; until then
    # it can be taken back.
    g, seed, before = find(lambda g: g.actions[-1] == Go(0))
    assert g.can_undo(0) is None and g.to_act == 1
    assert g.undo(0) == [Go(0)]
    assert state(g) == before and g.to_act == 0 and g.legal_actions(0) == [Go(0)]
    same_as_replay(g, seed=seed, first_dealer=0)


def test_a_go_answered_by_a_go_can_be_undone():
    def pred(g):
        return len(g.actions) >= 2 and g.actions[-2:] == [Go(0), Go(1)] and g.can_undo(0) is None

    g, seed, before = find(pred, players=3, seeds=range(2000))
    assert g.undo(0) == [Go(0), Go(1)]
    assert state(g) == before


def test_a_discard_before_the_others_have_discarded():
    g = Game(seed=5, first_dealer=0)
    before = state(g)
    cards = tuple(g.hands[0][:2])
    g.apply(Discard(0, cards))
    assert g.can_undo(0) is None
    assert g.can_undo(1) is UndoBlocked.NOTHING_TO_UNDO
    assert g.undo(0) == [Discard(0, cards)]
    assert state(g) == before and g.pending_discards() == (0, 1) and g.phase == DISCARD


def test_three_players_a_discard_with_another_seats_discard_after_it():
    g = Game(seed=8, players=3, first_dealer=0)
    before = state(g)
    a, b = Discard(1, (g.hands[1][0],)), Discard(2, (g.hands[2][3],))
    g.apply(a)
    g.apply(b)
    assert g.can_undo(1) is None and g.can_undo(2) is None
    assert g.undo(1) == [a, b]
    assert state(g) == before


def test_undo_works_for_a_game_made_with_an_rng():
    g = Game(rng=random.Random(99), first_dealer=1)
    twin = Game(rng=random.Random(99), first_dealer=1)
    rng = random.Random(1)
    undos = 0
    while g.phase != GAME_OVER and undos < 5:
        g.apply(rng.choice(g.legal_actions()))
        for seat in (0, 1):
            if g.can_undo(seat) is None:
                n, s = len(g.actions), state(g)
                redo = g.undo(seat)
                undos += 1
                twin_g = Game(rng=random.Random(99), first_dealer=1)
                for act in g.actions:
                    twin_g.apply(act)
                assert twin_g.events == g.events and twin_g.hands == g.hands
                for act in redo:
                    g.apply(act)
                assert len(g.actions) == n and state(g) == s
    assert undos == 5
    assert twin.events[:3] == g.events[:3]


def test_the_rng_object_and_the_event_list_objects_are_kept():
    g, seed, before = find(lambda g: g.can_undo(0) is None and g.phase == PLAY)
    rng, events, actions = g.rng, g.events, g.actions
    g.undo(0)
    assert g.rng is rng and g.events is events and g.actions is actions


# ----------------------------------------------------------------------------- refused


def refused(g, seat, reason):
    s = state(g)
    assert g.can_undo(seat) is reason
    with pytest.raises(IllegalActionError) as info:
        g.undo(seat)
    assert info.value.reason is reason and str(info.value) == reason.value
    assert state(g) == s


def test_nothing_to_undo_at_the_start():
    g = Game(seed=1)
    for seat in (0, 1):
        refused(g, seat, UndoBlocked.NOTHING_TO_UNDO)
    # A seat that is not a seat of the game is misuse, refused with the engine's own errors.
    for not_a_seat in (2, -1, "x", None, True, 0.0):
        for method in (g.can_undo, g.undo):
            with pytest.raises(InvalidArgumentError):
                method(not_a_seat)


def test_no_undo_once_the_starter_is_cut():
    g = Game(seed=5, first_dealer=0)
    g.apply(Discard(1, tuple(g.hands[1][:2])))
    g.apply(Discard(0, tuple(g.hands[0][:2])))
    assert g.phase == PLAY
    refused(g, 0, UndoBlocked.STARTER_CUT)
    refused(g, 1, UndoBlocked.STARTER_CUT)


def test_no_undo_once_another_seat_has_played_a_card():
    def pred(g):
        return (
            g.phase == PLAY
            and isinstance(g.actions[-1], Play)
            and g.actions[-1].seat == 1
            and any(isinstance(a, Play) and a.seat == 0 for a in g.actions[-2:-1])
        )

    g, seed, before = find(pred)
    refused(g, 0, UndoBlocked.CARD_REVEALED)


def test_no_undo_after_a_go_when_the_reply_was_a_card():
    def pred(g):
        return g.phase == PLAY and g.actions[-2:] == [Go(0), g.actions[-1]] and isinstance(g.actions[-1], Play)

    g, seed, before = find(pred)
    refused(g, 0, UndoBlocked.CARD_REVEALED)


def test_no_undo_in_the_show_or_across_the_next_deal():
    g, seed, before = find(lambda g: g.phase == DEAL_OVER)
    refused(g, 0, UndoBlocked.DEAL_OVER)
    refused(g, 1, UndoBlocked.DEAL_OVER)
    g.apply(NextDeal())  # a new deal: not 'the deal is over', but nothing of theirs in it yet
    refused(g, 0, UndoBlocked.NEW_DEAL)
    refused(g, 1, UndoBlocked.NEW_DEAL)


def test_no_undo_once_the_game_is_over():
    g, seed, before = find(lambda g: g.phase == GAME_OVER)
    refused(g, 0, UndoBlocked.GAME_OVER)
    refused(g, 1, UndoBlocked.GAME_OVER)


def test_a_game_whose_rng_has_no_state_cannot_be_undone():
    g = Game(rng=random.SystemRandom(), first_dealer=0)
    g.apply(Discard(0, tuple(g.hands[0][:2])))
    refused(g, 0, UndoBlocked.NOT_REPLAYABLE)


def test_a_game_whose_rng_was_swapped_after_it_was_made_cannot_be_undone():
    g = Game(seed=5, first_dealer=0)
    g.apply(Discard(0, tuple(g.hands[0][:2])))
    g.rng = random.Random(1)
    refused(g, 0, UndoBlocked.NOT_REPLAYABLE)


def test_reasons_are_strings_the_ui_can_phrase():
    assert {r.name for r in UndoBlocked} >= {
        "NOTHING_TO_UNDO",
        "CARD_REVEALED",
        "STARTER_CUT",
        "DEAL_OVER",
        "GAME_OVER",
    }
    for r in UndoBlocked:
        assert isinstance(r, str) and str(r) == r.value == f"{r}" and r.value[0].islower()


# ----------------------------------------------------------------------------- the property


def never_revealed(g, seat, i):
    """Independent of the engine's check: since action i, no other seat's card played, no
    starter, no new deal, no show."""
    later = g.events[g._marks[i] :]
    return not any(
        type(e).__name__ in ("StarterTurned", "Dealt", "HandShown", "GameOver")
        or (isinstance(e, Played) and e.seat != seat)
        for e in later
    )


@settings(max_examples=60, **SETTINGS)
@given(st.integers(0, 100_000), st.sampled_from([2, 2, 3, 4]), st.integers(0, 2**32))
def test_undo_then_redo_gives_back_the_identical_game(seed, players, choices):
    g = Game(seed=seed, players=players)
    rng = random.Random(choices)
    undos = 0
    while g.phase != GAME_OVER and undos < 12:
        g.apply(rng.choice(g.legal_actions()))
        seat = rng.randrange(players)
        reason = g.can_undo(seat)
        if reason is None and rng.random() < 0.5:
            i = last_own(g, seat)
            assert never_revealed(g, seat, i)
            s = state(g)
            n_events = g._marks[i]
            undone = g.undo(seat)
            undos += 1
            assert undone[0].seat == seat
            assert all(getattr(a, "seat", None) != seat for a in undone[1:])
            assert len(g.events) == n_events and len(g.actions) == i
            same_as_replay(g, seed=seed, players=players)
            for a in undone:
                g.apply(a)
            assert state(g) == s
        elif reason is not None and reason is not UndoBlocked.NOTHING_TO_UNDO:
            assert reason in UndoBlocked


def test_undo_pops_the_state_stack_without_replaying_the_game(monkeypatch):
    # python-chess's Board.pop: the state before the action comes off a stack; nothing is
    # rebuilt or replayed, however long the game has been.
    g = Game(seed=11, first_dealer=0)
    rng = random.Random(11)
    while not (g.deal_number >= 3 and g.phase == DISCARD):
        g.apply(rng.choice(g.legal_actions()))
    before = state(g)
    g.apply(g.legal_actions(1)[0])
    assert len(g._stack) <= 2  # only this deal's actions can be undone

    def no_replay(*args, **kwargs):
        raise AssertionError("undo replayed the game")

    monkeypatch.setattr(Game, "__init__", no_replay)
    monkeypatch.setattr(Game, "apply", no_replay)
    monkeypatch.setattr(Game, "replay", no_replay)
    undone = g.undo(1)
    assert [type(a) for a in undone] == [Discard]
    assert state(g) == before

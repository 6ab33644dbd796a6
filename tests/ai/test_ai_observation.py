"""The computer player sees only what a seated person sees."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import random

from spoken_cribbage.ai.players import ComputerPlayer, make_player
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.engine.game import Discard, Game, Go, NextDeal, Observation, Play

ALLOWED_LEAVES = (int, str, bool, type(None), Card)


def _walk(value, path="obs"):
    """Yield (path, leaf) for every leaf value reachable from an observation."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, Card):
        yield path, value
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _walk(item, f"{path}[{i}]")
    else:
        yield path, value


def _advance_to_play(game: Game, players) -> None:
    while game.phase == "discard":
        for seat in game.pending_discards():
            game.apply(players[seat].act(game.observation(seat)))


def _hide_differently(game: Game, seat: int) -> Game:
    """A copy of ``game`` in which everything ``seat`` cannot see is different: the other
    hand's unplayed cards, the other seat's discards and the deck order are swapped."""
    other = 1 - seat
    g2 = copy.deepcopy(game)
    hidden_pool = g2.deck[:]
    swap = {}
    for c in g2.hands[other]:
        swap[c] = hidden_pool.pop()
    g2.hands[other] = [swap[c] for c in g2.hands[other]]
    if g2.kept[other]:
        g2.kept[other] = tuple(swap.get(c, c) for c in g2.kept[other])
    g2.deck = [c for c in hidden_pool if c not in swap.values()] + list(swap.keys())
    random.Random(99).shuffle(g2.deck)
    assert g2.hands[other] != game.hands[other]
    return g2


def test_observation_is_identical_when_the_hidden_cards_differ_in_the_discard():
    game = Game(seed=5, first_dealer=0)
    g2 = _hide_differently(game, 0)
    assert game.observation(0) == g2.observation(0)
    assert game.observation(1) != g2.observation(1)


def test_observation_and_action_identical_when_the_hidden_cards_differ_in_the_play():
    players = [make_player("expert", random.Random(s)) for s in range(2)]
    checked = 0
    for seed in range(20):
        game = Game(seed=seed, first_dealer=seed % 2)
        _advance_to_play(game, players)
        if game.winner is not None:
            continue
        seat = game.to_act
        g2 = _hide_differently(game, seat)
        assert game.observation(seat) == g2.observation(seat)
        a1 = make_player("expert", random.Random(1)).act(game.observation(seat))
        a2 = make_player("expert", random.Random(1)).act(g2.observation(seat))
        assert a1 == a2
        checked += 1
    assert checked > 0


def test_observation_holds_only_plain_values_and_no_reference_to_the_game():
    game = Game(seed=3)
    players = [make_player("expert", random.Random(s)) for s in range(2)]
    _advance_to_play(game, players)
    obs = game.observation(game.to_act)
    for path, leaf in _walk(obs):
        assert isinstance(leaf, ALLOWED_LEAVES), f"{path} is a {type(leaf).__name__}"
    assert dataclasses.fields(Observation)
    assert all(not isinstance(getattr(obs, f.name), (Game, list, dict, random.Random)) for f in dataclasses.fields(obs))


def test_every_card_in_the_observation_is_known_to_the_seat():
    players = [make_player("standard", random.Random(s)) for s in range(2)]
    game = Game(seed=8, first_dealer=1)
    dealt = {s: set(game.hands[s]) for s in range(2)}
    steps = 0
    while game.winner is None and steps < 400:
        steps += 1
        for seat in range(2):
            obs = game.observation(seat)
            known = dealt[seat] | {c for _, c in obs.played}
            if obs.starter is not None:
                known.add(obs.starter)
            cards = {leaf for _, leaf in _walk(obs) if isinstance(leaf, Card)}
            assert cards <= known, f"seat {seat} sees {cards - known}"
        if game.phase == "discard":
            for seat in game.pending_discards():
                game.apply(players[seat].act(game.observation(seat)))
        elif game.phase == "play":
            game.apply(players[game.to_act].act(game.observation(game.to_act)))
        else:
            game.apply(NextDeal())
            dealt = {s: set(game.hands[s]) for s in range(2)}


def test_observation_holds_what_a_seated_player_knows():
    game = Game(seed=4, first_dealer=0, target=61)
    players = [make_player("expert", random.Random(s)) for s in range(2)]
    six = tuple(game.hands[1])
    _advance_to_play(game, players)
    obs = game.observation(1)
    assert set(obs.hand) | set(obs.discards) == set(six)
    assert obs.starter == game.starter
    assert obs.dealer == 0 and not obs.is_dealer and obs.target == 61
    assert obs.scores == tuple(game.scores) and obs.count == 0 and obs.played == ()
    assert obs.legal == tuple(Play(1, c) for c in obs.hand)


def test_computer_player_act_takes_only_an_observation_and_a_generator():
    params = list(inspect.signature(ComputerPlayer.act).parameters)
    assert params == ["self", "obs", "rng"]


def test_every_level_plays_only_legal_actions_through_whole_games():
    for players_n in (2, 3, 4):
        for level in ("easy", "standard", "expert", "greedy", "random"):
            game = Game(players=players_n, seed=players_n * 10 + len(level), target=61)
            bots = [make_player(level, random.Random(s)) for s in range(players_n)]
            while game.winner is None:
                if game.phase == "discard":
                    seats = list(game.pending_discards())
                elif game.phase == "play":
                    seats = [game.to_act]
                else:
                    seats = [0]
                for seat in seats:
                    obs = game.observation(seat)
                    action = bots[seat].act(obs)
                    if isinstance(action, (Play, Go, Discard)):
                        assert action.seat == seat
                    if not isinstance(action, Discard):
                        assert action in obs.legal
                    game.apply(action)
                    if game.winner is not None:
                        break


def test_a_decision_takes_the_generator_it_is_given_and_leaves_the_players_own_alone():
    import random as _random

    from spoken_cribbage.ai import make_player
    from spoken_cribbage.engine.game import Game

    gm = Game(seed=11)
    own = _random.Random(3)
    p = make_player("easy", own)
    before = own.getstate()
    a = p.act(gm.observation(1), rng=_random.Random("x"))
    b = p.act(gm.observation(1), rng=_random.Random("x"))
    assert a == b and own.getstate() == before

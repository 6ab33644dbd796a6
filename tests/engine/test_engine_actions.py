"""The actions are values with their text, as python-chess's Move has ``uci()`` and
``Move.from_uci()``: each action type writes itself with ``to_text()`` and reads itself back with
``from_text()``, through the one codec the saves use (``action_to_text``/``action_from_text``)."""

import pytest

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import parse_card, parse_cards
from spoken_cribbage.engine.errors import ArgumentTypeError, InvalidArgumentError

ACTIONS = [
    g.Discard(0, tuple(parse_cards("5H KD"))),
    g.Play(1, parse_card("5H")),
    g.Go(0),
    g.NextDeal(),
    g.Claim(0, 12),
    g.Muggins(1),
    g.TimeUp(0),
    g.CutForDealer(tuple(parse_cards("5H KD"))),
    g.Deal((tuple(parse_cards("5H 6H 7H 8H 9H 10H")), tuple(parse_cards("2C 3C 4C 5C 6C 7C")))),
    g.Deal(
        (
            tuple(parse_cards("5H 6H 7H 8H 9H")),
            tuple(parse_cards("2C 3C 4C 5C 6C")),
            tuple(parse_cards("2D 3D 4D 5D 6D")),
        ),
        parse_card("KS"),
    ),
    g.TurnStarter(parse_card("JS")),
]


def test_every_action_type_writes_and_reads_its_own_text():
    assert len({type(a) for a in ACTIONS}) == 10  # every action type
    for action in ACTIONS:
        text = action.to_text()
        assert text == g.action_to_text(action)
        back = type(action).from_text(text)
        assert back == action and type(back) is type(action)
    assert g.Play(1, parse_card("5H")).to_text() == "play 1 5H"
    assert g.Discard.from_text("discard 0 5H KD") == ACTIONS[0]
    assert g.NextDeal.from_text("next") == g.NextDeal()


def test_from_text_refuses_the_text_of_another_action_type():
    with pytest.raises(InvalidArgumentError) as e:
        g.Play.from_text("go 0")
    assert e.value.code == "engine.bad_value"
    assert e.value.data["function"] == "Play.from_text"
    with pytest.raises(InvalidArgumentError):
        g.Go.from_text("next")
    with pytest.raises(ValueError):  # not an action at all: as action_from_text says
        g.Play.from_text("play 9 5H")
    with pytest.raises(ArgumentTypeError):
        g.Play.from_text(None)  # type: ignore[arg-type]


def test_to_text_refuses_a_field_the_text_could_not_read_back():
    # fields the constructor would refuse, set past it
    for seat, card, error in ((9, parse_card("5H"), InvalidArgumentError), (0, "5H", ArgumentTypeError)):
        play = object.__new__(g.Play)
        object.__setattr__(play, "seat", seat)
        object.__setattr__(play, "card", card)
        with pytest.raises(error):
            play.to_text()
        with pytest.raises(error):
            g.Play(seat, card)


# ----------------------------------------------------------------------------- Game.parse_action


def _played_to_the_play(seed: int = 3) -> g.Game:
    game = g.Game(seed=seed)
    for seat in (0, 1):
        game.apply(game.legal_actions(seat)[0])
    assert game.phase == g.PLAY
    return game


def test_parse_action_reads_every_legal_action_and_changes_nothing():
    checked = 0
    for game in (g.Game(seed=5), _played_to_the_play()):
        before = (len(game.events), len(game.actions), game.phase, game.to_act)
        for action in game.legal_actions():
            assert game.parse_action(action.to_text()) == action
            checked += 1
        assert (len(game.events), len(game.actions), game.phase, game.to_act) == before
    assert checked > 15


def test_parse_action_refuses_an_illegal_action_with_its_refusal_code():
    game = _played_to_the_play()
    other = 1 - game.to_act
    card = game.hands[other][0]
    with pytest.raises(g.IllegalActionError) as e:
        game.parse_action(f"play {other} {card.short}")
    assert e.value.code == g.Refusal.NOT_YOUR_TURN
    assert (e.value.seat, e.value.to_act) == (other, game.to_act)
    with pytest.raises(g.IllegalActionError) as e:
        game.parse_action(f"play {game.to_act} {card.short}")  # a card the other seat holds
    assert e.value.code == g.Refusal.NOT_IN_HAND and e.value.card == card
    with pytest.raises(g.IllegalActionError) as e:
        game.parse_action("play 4 5H")  # a seat of no two-player game
    assert e.value.code == g.Refusal.NO_SUCH_PLAYER
    with pytest.raises(g.IllegalActionError) as e:
        game.parse_action("next")
    assert e.value.code == g.Refusal.DEAL_NOT_OVER
    with pytest.raises(g.IllegalActionError) as e:
        game.parse_action("starter 5H")  # chance is the game's own
    assert e.value.code == g.Refusal.NO_CHANCE_NOW


def test_parse_action_refuses_text_that_is_no_action_as_its_own():
    from spoken_cribbage.engine.cards import InvalidCardError

    game = g.Game(seed=5)
    for text in ("", "play", "play 0", "dance 0", "play x 5H", "claim 0 99"):
        with pytest.raises(InvalidArgumentError) as e:
            game.parse_action(text)
        assert type(e.value) is InvalidArgumentError
        assert e.value.data["function"] == "Game.parse_action", text
    with pytest.raises(InvalidCardError):
        game.parse_action("play 0 ZZ")
    with pytest.raises(ArgumentTypeError) as t:
        game.parse_action(7)  # type: ignore[arg-type]
    assert t.value.data["function"] == "Game.parse_action"
    assert len(game.actions) == 0

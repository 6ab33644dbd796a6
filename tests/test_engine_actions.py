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
    g.Deal((tuple(parse_cards("5H 6H 7H 8H 9H")), tuple(parse_cards("2C 3C 4C 5C 6C")),
            tuple(parse_cards("2D 3D 4D 5D 6D"))), parse_card("KS")),
    g.TurnStarter(parse_card("JS")),
]


def test_every_action_type_writes_and_reads_its_own_text():
    assert len({type(a) for a in ACTIONS}) == 10      # every action type
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
    with pytest.raises(ValueError):            # not an action at all: as action_from_text says
        g.Play.from_text("play 9 5H")
    with pytest.raises(ArgumentTypeError):
        g.Play.from_text(None)                 # type: ignore[arg-type]


def test_to_text_refuses_a_field_the_text_could_not_read_back():
    with pytest.raises(InvalidArgumentError):
        g.Play(9, parse_card("5H")).to_text()
    with pytest.raises(ArgumentTypeError):
        g.Play(0, "5H").to_text()              # type: ignore[arg-type]

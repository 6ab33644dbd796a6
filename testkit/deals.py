"""Games with a known deal, built through the public API from chance actions (no internals)."""

from __future__ import annotations

from spoken_cribbage import parse_card, parse_cards
from spoken_cribbage.engine.game import Deal, Game, TurnStarter


def known_deal(hands, starter=None, *, dealer=0, scores=None, target=121, players=2, crib_card=None) -> Game:
    """A game whose first deal is ``hands`` (card text, by seat) and whose cut, once every seat
    has laid away, turns ``starter``. The chance actions are scripted: the game applies each when
    it falls due, like the cards it would otherwise draw. ``scores`` starts it from those scores."""
    chance = [Deal(tuple(tuple(parse_cards(h)) for h in hands), parse_card(crib_card) if crib_card else None)]
    if starter is not None:
        chance.append(TurnStarter(parse_card(starter)))
    return Game(players=players, target=target, first_dealer=dealer, chance=chance, scores=scores)

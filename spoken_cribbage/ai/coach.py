"""Coaching: the hint for the player's decision now, from the expert's analysis."""

from __future__ import annotations

import random

from spoken_cribbage.ai.analyze import discard_advice, play_advice
from spoken_cribbage.ai.players import _peg_points, _pick_play, view_from_observation
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice


def hint_for(game: g.Game, seat: int) -> Notice | None:
    """What the expert would do now, or None when there is no decision: ``calculator.coach_discard``
    (the discard hint with the hand numbers to ``press``), ``calculator.play_hint`` or
    ``calculator.say_go``. ``spoken_cribbage.words`` phrases it."""
    obs = game.observation(seat)
    if game.phase == g.DISCARD and seat in game.pending_discards():
        hand = list(obs.hand)
        if game.players == 2:
            best = discard_advice(hand, obs.is_dealer)
        else:
            rules = game.rules
            partner = not obs.is_dealer and rules.side_of(seat) == rules.side_of(obs.dealer)
            best = discard_advice(hand, obs.is_dealer, players=rules.players, teams=rules.teams,
                                  partner=partner)
        press = tuple(hand.index(c) + 1 for c in best.data["discard"])
        return Notice("calculator.coach_discard", best.data, press=press)
    if game.phase == g.PLAY and game.to_act == seat:
        if obs.players > 2:
            return _table_play_advice(obs)
        other = obs.scores[1 - obs.side]
        return play_advice(obs.hand, series=obs.series, played=[c for _, c in obs.played],
                           starter=obs.starter, is_dealer=obs.is_dealer, my_score=obs.my_score,
                           their_score=other, target=obs.target, discards=obs.discards,
                           kept=obs.kept)
    return None


def _table_play_advice(obs: g.Observation) -> Notice:
    """The expert's play at a table of three or more, from the seat's observation (the next
    seat to play, partner or opponent, as the computer player weighs it)."""
    card = _pick_play(view_from_observation(obs), "expert", random.Random(0))
    if card is None:
        return Notice("calculator.say_go")
    series = [c.rank for c in obs.series]
    return Notice("calculator.play_hint", card=card,
                  points=_peg_points(series, obs.count, card.rank))

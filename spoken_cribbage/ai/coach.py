"""Coaching: the hint for the player's decision now, from the expert's analysis."""

from __future__ import annotations

from spoken_cribbage.engine import game as g
from spoken_cribbage.ai.analyze import discard_advice, play_advice
from spoken_cribbage.notice import Notice


def hint_for(game: g.Game, seat: int) -> Notice | None:
    """What the expert would do now, or None when there is no decision: ``calculator.coach_discard``
    (the discard hint with the hand numbers to ``press``), ``calculator.play_hint`` or
    ``calculator.say_go``. ``spoken_cribbage.words`` phrases it."""
    obs = game.observation(seat)
    if game.phase == g.DISCARD and seat in game.pending_discards():
        if game.players != 2:
            return None
        hand = list(obs.hand)
        best = discard_advice(hand, obs.is_dealer)
        press = tuple(hand.index(c) + 1 for c in best.data["discard"])
        return Notice("calculator.coach_discard", best.data, press=press)
    if game.phase == g.PLAY and game.to_act == seat:
        other = obs.scores[1 - obs.side] if obs.players == 2 else max(
            s for i, s in enumerate(obs.scores) if i != obs.side)
        return play_advice(obs.hand, series=obs.series, played=[c for _, c in obs.played],
                           starter=obs.starter, is_dealer=obs.is_dealer, my_score=obs.my_score,
                           their_score=other, target=obs.target, discards=obs.discards,
                           kept=obs.kept)
    return None

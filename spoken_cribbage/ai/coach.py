"""Coaching: the hint for the player's decision now, from the expert's analysis."""

from __future__ import annotations

from spoken_cribbage.engine import game as g
from spoken_cribbage.ai.analyze import analyze_discards, hint_sentence, play_hint


def hint_for(game: g.Game, seat: int) -> str | None:
    """A sentence saying what the expert would do now, or None when there is no decision."""
    obs = game.observation(seat)
    if game.phase == g.DISCARD and seat in game.pending_discards():
        if game.players != 2:
            return None
        hand = list(obs.hand)
        best = analyze_discards(hand, is_dealer=obs.is_dealer)[0]
        numbers = " and ".join(str(hand.index(c) + 1) for c in best.discard)
        return f"{hint_sentence(hand, obs.is_dealer)} Press {numbers}, then Enter."
    if game.phase == g.PLAY and game.to_act == seat:
        other = obs.scores[1 - obs.side] if obs.players == 2 else max(
            s for i, s in enumerate(obs.scores) if i != obs.side)
        return play_hint(obs.hand, series=obs.series, played=[c for _, c in obs.played],
                         starter=obs.starter, is_dealer=obs.is_dealer, my_score=obs.my_score,
                         their_score=other, target=obs.target, discards=obs.discards,
                         kept=obs.kept)
    return None

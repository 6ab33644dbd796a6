"""Where a game stands: :class:`Phase`, and its members as short constants (``PLAY``...)."""

from __future__ import annotations

from spoken_cribbage.engine.rules import Named

__all__ = ["Phase", "DEAL", "DISCARD", "STARTER", "PLAY", "SHOW", "DEAL_OVER", "GAME_OVER"]


class Phase(Named):
    """Where the game stands. Members equal their text, so ``game.phase == "discard"`` holds."""

    DEAL = "deal"  # waiting for the cut for the deal or the deal (manual chance only)
    DISCARD = "discard"
    STARTER = "starter"  # the discard is done, the starter not turned (manual chance only)
    PLAY = "play"
    SHOW = "show"  # manual counting: the show waits for a seat's count (a Claim)
    DEAL_OVER = "deal over"
    GAME_OVER = "game over"


DEAL, DISCARD, STARTER = Phase.DEAL, Phase.DISCARD, Phase.STARTER
PLAY, SHOW, DEAL_OVER, GAME_OVER = Phase.PLAY, Phase.SHOW, Phase.DEAL_OVER, Phase.GAME_OVER

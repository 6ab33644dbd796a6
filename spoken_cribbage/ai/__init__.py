"""Computer players on observations only, discard analysis, the coach, simulation.

``spoken_cribbage.ai`` keeps the players' public API (``make_player`` and the players).
"""

from spoken_cribbage.ai.players import *  # noqa: F401,F403
from spoken_cribbage.ai.players import __all__  # noqa: F401

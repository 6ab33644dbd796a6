"""A seat at a game in this process (issue 24): the front end builds the :class:`LocalTable`
(the game, its computer players, the keeper's autosave and the next game's maker) and seats a
:class:`Session` at it. The session itself knows only the ``Table`` protocol (seat.turns), so
the same seat could sit at a table whose game runs elsewhere; what needs the game itself
(saving, statistics, undo's replay) reaches it here, through the ``LocalTable``, not through
the seat."""

from __future__ import annotations

import random
from typing import Any

from spoken_cribbage.ai.players import RandomPlayer
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.seat.turns import LocalTable, Player
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine import game as g

__all__ = ["local_session", "local_table"]


def local_table(
    game: g.Game, opponents: dict[int, Player] | None = None, *, me: int = 0, hooks: SeatHooks = SeatHooks()
) -> LocalTable:
    """The table over ``game`` in this process: its computer players by seat (a seeded random
    player at every seat but ``me`` when none are given), the hooks' autosave (``on_action``,
    ``on_undo``) and maker of the next game (``new_game``)."""
    if opponents is None:
        opponents = {s: RandomPlayer(random.Random(s)) for s in range(game.players) if s != me}
    return LocalTable(game, opponents, on_action=hooks.on_action, on_undo=hooks.on_undo, new_game=hooks.new_game)


def local_session(
    game: g.Game,
    *,
    opponents: dict[int, Player] | None = None,
    me: int = 0,
    hooks: SeatHooks = SeatHooks(),
    **seat: Any,
) -> Session:
    """A :class:`Session` for seat ``me`` at :func:`local_table` over ``game`` (``seat``: the
    session's other arguments: settings, write, speaker, cues, names)."""
    return Session(local_table(game, opponents, me=me, hooks=hooks), hooks=hooks, me=me, **seat)

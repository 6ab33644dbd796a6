"""What a front end hooks into a seat (issue 24, the facade's one typed hooks object).

The session calls these; each is optional (a test seat needs none). ``on_action``,
``on_undo`` and ``new_game`` are a local table's (``app.local_seat`` gives them to the
``LocalTable`` it builds): the seat itself never sees the game.

>>> hooks = SeatHooks(hint=lambda obs: "Play the five.")
>>> hooks.hint is not None, hooks.on_change is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from spoken_cribbage.app.seat.turns import NewGameFactory
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.lines import LineKind

__all__ = ["SeatHooks"]


@dataclass(frozen=True)
class SeatHooks:
    """The front end's callbacks into a seat, and its clock."""

    #: After each batch of events is said: (the seat, the events). Statistics and milestones
    #: ("Your best hand yet."): the keeper (app.persist).
    on_change: Callable[[Any, Sequence[g.Event]], None] | None = None
    #: After every action applied, before it is said: (game, action, events). The autosave.
    on_action: Callable[[g.Game, g.Action, list[g.Event]], None] | None = None
    #: After an undo: the game as it is now (the autosave).
    on_undo: Callable[[g.Game], None] | None = None
    #: A setting changed in the game: (the settings now, its name); a notice when keeping
    #: them for the next runs went wrong.
    on_settings: Callable[[Settings, str], Notice | None] | None = None
    #: The coach's hint for the seat, from its observation: a line, or None.
    hint: Callable[[g.Observation], str | None] | None = None
    #: ``n`` at the end of a game: (game, computer players by seat[, seat names]).
    new_game: NewGameFactory | None = None
    #: The settings said, each a notice (the run's options and the game's rules told apart).
    describe_settings: Callable[[Settings], list[Notice]] | None = None
    #: Writes a line with its kind (the console bolds the scores); without it, ``write``.
    write_kind: Callable[[str, LineKind], None] | None = None
    #: Seconds for the counting clock (time.monotonic, or a fake one in tests).
    clock: Callable[[], float] | None = None

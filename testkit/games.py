"""Whole games for the tests that need one finished: a seeded game played to its end by random
legal actions, and such a game in the statistics (for review, stats and export)."""

from __future__ import annotations

import random
from pathlib import Path

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.storage.stats import StatsDB, game_record


def finished_game(seed: int, choices: int | None = None, rules: Rules | None = None) -> g.Game:
    """Game ``seed`` played to the end, each action drawn from ``random.Random(choices)``
    (``seed`` by default) among the legal ones."""
    gm = g.Game(seed=seed) if rules is None else g.Game(rules=rules, seed=seed)
    rng = random.Random(seed if choices is None else choices)
    while gm.phase != g.GAME_OVER:
        gm.apply(rng.choice(gm.legal_actions()))
    return gm


def record_finished_game(
    folder: Path, seed: int = 5, game_id: str | None = None, level: str = "standard", names: list[str] | None = None
) -> StatsDB:
    """:func:`finished_game` ``seed`` recorded in ``folder``'s statistics (stats.sqlite3, as
    the program finds it with SPOKEN_CRIBBAGE_HOME=folder), its id ``game<seed>``."""
    db = StatsDB(Path(folder) / "stats.sqlite3")
    db.open()
    gm = finished_game(seed)
    kw = {} if names is None else {"names": names}
    db.record_game(game_record(gm, game_id or f"game{seed}", level, **kw))
    return db

"""A player seated at a game in-process, for the tests of keys, commands and reviews: the one
session factory of the tests (a test file's own ``seat``/``seated`` only picks its settings)."""

from __future__ import annotations

import random

from spoken_cribbage.ai.players import RandomPlayer
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage import table
from spoken_cribbage.storage.settings import Settings


def make(
    seed: int = 11,
    scores=None,
    *,
    players: int = 2,
    settings: Settings | None = None,
    opponents: dict | None = None,
    start: bool = True,
    **kw,
) -> tuple[Session, list[str]]:
    """A session at a seeded game, started, the player at seat 0 and a random computer player at
    every other seat (seat k draws from ``random.Random(k)``) unless ``opponents`` says who
    plays; ``players`` seats with the table's rules (four: two partnerships). Returns (session,
    every line it wrote); ``kw`` goes to the Session (a speaker, cues...)."""
    out: list[str] = []
    rules = {} if players == 2 else {"rules": table.rules_for(players)}
    gm = g.Game(seed=seed, scores=scores, **rules)
    if opponents is None:
        opponents = {k: RandomPlayer(random.Random(k)) for k in range(1, players)}
    s = local_session(
        gm, settings=Settings() if settings is None else settings, write=out.append, opponents=opponents, **kw
    )
    if start:
        s.start()
    return s, out


def after(out: list[str], f) -> list[str]:
    """The lines written while ``f()`` ran."""
    n = len(out)
    f()
    return out[n:]

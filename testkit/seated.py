"""A player seated at a game in-process, for the tests of keys, commands and reviews."""

from __future__ import annotations

import random

from spoken_cribbage.app.session import RandomPlayer, Session
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage.settings import Settings


def make(seed: int = 11, scores=None, **kw) -> tuple[Session, list[str]]:
    """A started session against a random player: (session, every line it wrote)."""
    out: list[str] = []
    gm = g.Game(seed=seed, scores=scores)
    s = Session(gm, settings=Settings(), write=out.append,
                opponents={1: RandomPlayer(random.Random(1))}, **kw)
    s.start()
    return s, out


def after(out: list[str], f) -> list[str]:
    """The lines written while ``f()`` ran."""
    n = len(out)
    f()
    return out[n:]

"""Test-only: fixed seeds, game ids and clocks, so that a piped game and the files it writes are
the same bytes on every run and every machine (tests/e2e/test_golden.py). Read here and nowhere
else; each variable is ignored unless set (and not empty), and a player never sets them.

``SPOKEN_CRIBBAGE_TEST_SEED=N``
    A new game without ``--seed`` (the first one, and ``n`` at the end of a game) takes its seed
    from N (and the game before) instead of the system's random source.
``SPOKEN_CRIBBAGE_TEST_ID=TEXT``
    A game's id is derived from TEXT and the game's seed instead of a random UUID (the same
    seed twice in one folder gives the same id: a test picks different seeds).
``SPOKEN_CRIBBAGE_TEST_CLOCK=2026-01-01T12:00:00Z`` (optionally ``+STEP``, as in ``...Z+5``)
    The wall clock of saves and statistics stands at that instant, and the clock of the
    counting time limit at 0; each line of piped input moves both on by STEP seconds (0 when
    not given), so a test plays out the limit, its warning and the time running out.

A value that does not parse is an error at once (a test that sets one means it).
"""

from __future__ import annotations

import calendar
import hashlib
import os
import random
import time

SEED = "SPOKEN_CRIBBAGE_TEST_SEED"
ID = "SPOKEN_CRIBBAGE_TEST_ID"
CLOCK = "SPOKEN_CRIBBAGE_TEST_CLOCK"

_STAMP = "%Y-%m-%dT%H:%M:%SZ"
_lines = 0  # lines of piped input read so far (the fake clock's steps)


def _get(name: str) -> str | None:
    return os.environ.get(name) or None


def new_seed(after: int | None = None) -> int:
    """The seed of a new game: random, or (SPOKEN_CRIBBAGE_TEST_SEED) fixed by the variable and
    the seed of the game before (``after``, None for the first)."""
    fixed = _get(SEED)
    if fixed is None:
        return random.SystemRandom().randrange(2**31)
    return random.Random(f"{int(fixed)}:{after}").randrange(2**31)


def new_id(seed: int | None) -> str:
    """A new game's id: a random UUID's hex, or (SPOKEN_CRIBBAGE_TEST_ID) one made of the
    variable and the seed, of the same form."""
    fixed = _get(ID)
    if fixed is None:
        import uuid

        return uuid.uuid4().hex
    return hashlib.sha256(f"{fixed}:{seed}".encode()).hexdigest()[:32]


def _clock() -> tuple[float, float] | None:
    """(the fake clock's start as epoch seconds, its step a line), or None."""
    value = _get(CLOCK)
    if value is None:
        return None
    stamp, _, step = value.partition("+")
    return calendar.timegm(time.strptime(stamp, _STAMP)), float(step or 0)


def utc_stamp() -> str:
    """Now, in UTC, as saves and statistics write it ('2026-01-01T12:00:00Z')."""
    fake = _clock()
    if fake is None:
        return time.strftime(_STAMP, time.gmtime())
    start, step = fake
    return time.strftime(_STAMP, time.gmtime(start + _lines * step))


def monotonic() -> float:
    """The clock of the counting time limit: ``time.monotonic``, or the fake clock's seconds."""
    fake = _clock()
    if fake is None:
        return time.monotonic()
    return _lines * fake[1]


def input_line_read() -> None:
    """The piped front end read a line: the fake clock (if set) moves on one step."""
    global _lines
    _lines += 1

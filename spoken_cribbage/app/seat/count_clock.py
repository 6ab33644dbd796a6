"""The clock of manual counting's time limit: seconds left to count a hand, paused and resumed.

The turn runner (``seat.turns``) owns one while the player's own count is due (with a
``time_limit`` set); it reads the time from an injected callable, so tests run it on a fake
clock.
"""

from __future__ import annotations

from collections.abc import Callable

#: The one warning comes this many seconds before the end.
WARN_AT = 10.0


class CountClock:
    """The time left to count a hand: ``limit`` seconds on the ``now`` clock (a callable, so
    tests use a fake one), running from ``grace`` seconds on (the hand being read out), and
    paused and resumed by the turn runner (help or a question open)."""

    def __init__(self, now: Callable[[], float], limit: float, grace: float = 0.0) -> None:
        self.now = now
        self.limit = limit
        self.left = float(limit)
        self.since: float | None = now() + grace
        self.warned = False

    @property
    def paused(self) -> bool:
        return self.since is None

    def remaining(self) -> float:
        if self.since is None:
            return self.left
        return self.left - max(0.0, self.now() - self.since)

    def pause(self) -> None:
        if self.since is not None:
            self.left = self.remaining()
            self.since = None

    def resume(self) -> None:
        if self.since is None:
            self.since = self.now()

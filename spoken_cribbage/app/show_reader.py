"""The ``recount`` key (``a``, issue 25 item 4): the last show again, one hand (or the crib) a
press. The place is kept between presses, whatever other keys come between (a key cuts a
screen reader off: the rest of a long show is not lost to it); a new show starts again at its
first hand, and after the last the reader says so and starts over."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from spoken_cribbage.engine import game as g
from spoken_cribbage.words.lines import Line, the_card
from spoken_cribbage.words.seat import phrase


def last_show(events: Sequence[g.Event]) -> tuple[int, list[list[g.Event]]]:
    """Where the last show began in ``events`` and its hands in order, each the
    :class:`HandShown` with the points pegged for it (none before any show)."""
    start = max((i for i, e in enumerate(events) if isinstance(e, g.PlayEnded)), default=-1)
    hands: list[list[g.Event]] = []
    for e in events[start + 1 :]:
        if isinstance(e, g.HandShown):
            hands.append([e])
        elif hands and isinstance(e, g.Scored) and e.reason in ("hand", "crib"):
            hands[-1].append(e)
        elif isinstance(e, (g.Dealt, g.GameStarted)):
            break
    return start, hands


class ShowReader:
    """The place in the last show (kept across other keys)."""

    def __init__(self) -> None:
        self._show: int | None = None  # where the show read began in the events
        self._next = 0

    def next_part(self, events: Sequence[g.Event], say: Callable[[Sequence[g.Event]], list[Line]]) -> list[Line]:
        """The next hand of the last show in ``events`` (the seat's), said by ``say`` (a fresh
        announcer's lines for events), after a line with its place and the starter."""
        start, hands = last_show(events)
        if not hands:
            return [Line.same(phrase("show_none"), "answer")]
        if start != self._show:
            self._show, self._next = start, 0
        if self._next >= len(hands):
            self._next = 0
            return [Line.same(phrase("show_end"), "answer")]
        part = hands[self._next]
        self._next += 1
        shown = part[0]
        assert isinstance(shown, g.HandShown)
        head = Line.same(
            phrase("show_part", part=self._next, parts=len(hands), starter=the_card(shown.starter)), "answer"
        )
        return [head, *say(part)]

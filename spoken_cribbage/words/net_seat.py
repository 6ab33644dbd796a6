"""The sentences only the full seat at a shared table says (issue 26, ``app/net_seat.py``):
its keys, said once when seated, and the answers of a chat line with nothing in it.
The table's own sentences (seated, a seat dropped, the clock, a rematch) are ``words.net``'s.

>>> shared_keys(advice=False)[:40]
'At a shared table: apostrophe and your w'
"""

from __future__ import annotations

from spoken_cribbage.words.catalogue import say
from spoken_cribbage.words.net_messages import CODES


def _t(code: str) -> str:
    return say(CODES[code], {}, code)


def shared_keys(*, advice: bool) -> str:
    """The keys a shared table adds or changes, said once after the seat's first line."""
    return _t("net.seat.keys") + _t("net.seat.keys.advice" if advice else "net.seat.keys.no_advice")


def nothing_said() -> str:
    """A chat line with no words in it."""
    return _t("net.seat.nothing_said")


def coach_off() -> str:
    """The coach's verdict on a move asked for (e) where the host allows no advice."""
    return _t("net.seat.coach_off")

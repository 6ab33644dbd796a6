"""The sentences only the full seat at a shared table says (issue 26, ``app/net_seat.py``):
its keys, said once when seated, and the answers of a chat line with nothing in it.
The table's own sentences (seated, a seat dropped, the clock, a rematch) are ``words.net``'s.

>>> shared_keys(advice=False)[:40]
'At a shared table: apostrophe and your w'
"""

from __future__ import annotations


def shared_keys(*, advice: bool) -> str:
    """The keys a shared table adds or changes, said once after the seat's first line."""
    keys = (
        "At a shared table: apostrophe and your words talk to the table, t or k says whom the "
        "table waits for, Enter after the game asks for a rematch, q leaves your seat, kept for you"
    )
    if advice:
        return keys + "; i and o ask the table's coach."
    return keys + "; undo is off."


def nothing_said() -> str:
    """A chat line with no words in it."""
    return "Nothing to say: type your words after the apostrophe."


def coach_off() -> str:
    """The coach's verdict on a move asked for (e) where the host allows no advice."""
    return "The host set this table to give no hints or win chances."

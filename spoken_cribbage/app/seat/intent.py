"""What the player means by a key: small frozen values, the KeyMap's output and the seat's input.

A key is looked up once (:mod:`.keymap`) and becomes one of these; the seat acts on the value,
never on the key. Every type has a handler in the session (``tests/app/seat/test_seat_keymap.py``
holds it), so a new intent cannot be bound without a way to answer it.

>>> ChooseCard(3), RunVerb("scores"), Unassigned("f5")
(ChooseCard(number=3), RunVerb(verb='scores'), Unassigned(key='f5'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from spoken_cribbage.app.seat.hand_view import Where


@dataclass(frozen=True, slots=True)
class ChooseCard:
    """A digit: the card with this number in the hand as last announced (marked in the
    discard, played in the play)."""

    number: int


@dataclass(frozen=True, slots=True)
class ChooseAtCursor:
    """Space: choose the card under the cursor, as its digit would."""


@dataclass(frozen=True, slots=True)
class MoveCursor:
    """An arrow, Home or End: the cursor moves through the cards held and says the card."""

    where: Where


@dataclass(frozen=True, slots=True)
class Act:
    """Enter: do what the prompt says (claim the count typed, play the card the cursor was
    moved to, say what is still to choose, or whose turn it is)."""


@dataclass(frozen=True, slots=True)
class Cancel:
    """Escape with no question to refuse: clear the count typed or the cards chosen, else
    silence the speech."""


@dataclass(frozen=True, slots=True)
class TypeDigit:
    """A digit in the player's own count (manual counting): the next digit of the count."""

    digit: int


@dataclass(frozen=True, slots=True)
class EraseDigit:
    """Backspace in the player's own count: the last digit typed is taken back."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to the open yes/no question (y or n; Enter confirms a discard, Escape
    refuses to quit and refuses a doubtful voice command)."""

    yes: bool


@dataclass(frozen=True, slots=True)
class AnswerFirst:
    """A key that cannot act while a yes/no question waits: the player is asked for y or n."""


@dataclass(frozen=True, slots=True)
class RunVerb:
    """A key of the vocabulary: its command (``vocabulary.PHRASES``), as if typed."""

    verb: str


@dataclass(frozen=True, slots=True)
class OpenCommandLine:
    """Slash: a front end with a command line opens it (the console's ``/`` line); ``text``:
    what the line starts with (a shared table's ``'`` opens it on ``say``)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class Unassigned:
    """A key that does nothing here: the sentence names it (``key`` as the front end named
    it: the character typed, or "f5", "tab", "c-a" for a key that types none)."""

    key: str


@dataclass(frozen=True, slots=True)
class Ignored:
    """A key left alone, without a word: the screen reader's own modifier (Insert)."""


#: Everything a key can mean.
Intent: TypeAlias = (
    ChooseCard
    | ChooseAtCursor
    | MoveCursor
    | Act
    | Cancel
    | TypeDigit
    | EraseDigit
    | Answer
    | AnswerFirst
    | RunVerb
    | OpenCommandLine
    | Unassigned
    | Ignored
)

"""The hand as the player last heard it: numbers, cursor, marks and a count being typed.

Cards are chosen by their number in the hand *as last announced*: when a card leaves the hand
(played, laid away) the others keep their numbers until the hand is announced again, so "3"
still means the card the player heard as third. :class:`HandView` keeps that numbering, the
cursor of the arrows, the cards marked for the crib and the digits typed for a manual count.

It never reads the game: each method that needs the cards held takes the observation's hand.
It says nothing either: it answers with values (a card, a position, a :class:`Why` or a
:class:`Marked`) that the seat turns into sentences with ``words``.

>>> from spoken_cribbage.engine.cards import parse_cards
>>> view = HandView()
>>> hand = parse_cards("2C 5H 9S JD")
>>> view.number(hand)
>>> view.card(3, hand)
Card(rank=9, suit=3)
>>> view.card(3, [c for c in hand if c.short != "9S"])
<Why.LEFT_HAND: 'left_hand'>
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from spoken_cribbage.engine.cards import Card

#: Where an arrow key moves the cursor through the cards held.
Where = Literal["left", "right", "home", "end"]
#: The largest count a hand (or crib) can have: a typed count never goes past it.
MOST_POINTS = 29


class Why(enum.Enum):
    """Why a number names no card now."""

    NO_CARDS = "no_cards"  #: the hand is empty
    LEFT_HAND = "left_hand"  #: its card was played or laid away since the hand was announced
    NO_SUCH = "no_such"  #: no card had that number


class Marked(enum.Enum):
    """What marking a card for the crib did."""

    MARKED = "marked"  #: marked; more are needed
    COMPLETE = "complete"  #: marked, and now enough are marked: time to confirm
    UNMARKED = "unmarked"  #: it was marked: the mark is taken off (a toggle)
    ALREADY = "already"  #: it was marked already and nothing changed (not a toggle)
    FULL = "full"  #: enough are marked already: nothing changed


class Spot(NamedTuple):
    """The card under the cursor, as ``words.seat.cursor_line`` says it."""

    card: Card
    number: int  #: its number as announced (1..)
    of: int | None  #: how many cards the hand holds, None when numbers have gaps
    state: str  #: 'chosen', 'playable', 'not playable' or ''


@dataclass
class HandView:
    """The hand as the player last heard it (see the module's docstring)."""

    #: the hand as last announced: position i is number i + 1; None when the card has left
    #: the numbering altogether (the numbering is only ever replaced whole)
    numbering: list[Card | None] = field(default_factory=list)
    #: the cursor's position in ``numbering``, None when there is no card under it
    cursor: int | None = None
    #: the cursor was moved by an arrow since the hand was announced or a card played
    cursor_moved: bool = False
    #: the cards chosen to lay away in the crib, in the order chosen
    marked: list[Card] = field(default_factory=list)
    #: manual counting: the digits typed for the player's count ("" for none)
    count_typed: str = ""

    # ------------------------------------------------------------------ numbers

    def number(self, hand: Sequence[Card]) -> None:
        """The hand was just announced numbered 1..n: digits and voice now use that order,
        and the cursor rests on the first card."""
        self.numbering = list(hand)
        self.cursor = 0 if hand else None
        self.cursor_moved = False

    def held_positions(self, hand: Iterable[Card]) -> list[int]:
        """The positions in the numbering of the cards still in ``hand``."""
        held = set(hand)
        return [i for i, c in enumerate(self.numbering) if c is not None and c in held]

    def numbered(self, hand: Iterable[Card]) -> list[Card | None]:
        """The numbering with a gap (None) for each card no longer in ``hand``."""
        held = set(hand)
        return [c if c in held else None for c in self.numbering]

    def card(self, n: int, hand: Iterable[Card]) -> Card | Why:
        """The card numbered ``n`` if ``hand`` still holds it, else why there is none."""
        held = self.held_positions(hand)
        if not held:
            return Why.NO_CARDS
        if 1 <= n <= len(self.numbering):
            card = self.numbering[n - 1]
            return card if (n - 1) in held and card is not None else Why.LEFT_HAND
        return Why.NO_SUCH

    def was_numbered(self, n: int) -> Card | None:
        """The card announced as number ``n`` (held or not), or None."""
        return self.numbering[n - 1] if 1 <= n <= len(self.numbering) else None

    def numbers_held(self, hand: Iterable[Card]) -> list[int]:
        """The numbers (1..) of the cards still held, as the player may give them."""
        return [p + 1 for p in self.held_positions(hand)]

    # ------------------------------------------------------------------ cursor

    def choose(self, n: int) -> None:
        """Card ``n`` was chosen (by digit, Space or Enter): the cursor rests on it."""
        self.cursor = n - 1

    def chosen(self) -> int | None:
        """The number of the card under the cursor, or None."""
        return None if self.cursor is None else self.cursor + 1

    def moved_to(self) -> int | None:
        """The number under the cursor if an arrow put it there (Enter then acts on it)."""
        return self.chosen() if self.cursor_moved else None

    def move(self, where: Where, hand: Iterable[Card]) -> int | None:
        """An arrow through the cards held: the cursor's new position, or None when no card is
        held. Left and right stop at the ends; from no card, right goes to the first and left
        to the last; home and end go to the first and last."""
        held = self.held_positions(hand)
        if not held:
            return None
        cur = self.cursor if self.cursor in held else None
        if where == "home" or cur is None and where == "right":
            pos = held[0]
        elif where == "end" or cur is None:
            pos = held[-1]
        elif where == "right":
            later = [p for p in held if p > cur]
            pos = later[0] if later else cur
        else:
            earlier = [p for p in held if p < cur]
            pos = earlier[-1] if earlier else cur
        self.cursor = pos
        self.cursor_moved = True
        return pos

    def played(self, card: Card, hand: Iterable[Card]) -> None:
        """The player's ``card`` left the hand: the cursor rests on the next card held (or
        the last one when it was the last)."""
        if card not in self.numbering:
            return
        i = self.numbering.index(card)
        held = [p for p in self.held_positions(hand) if p != i]
        after = [p for p in held if p > i]
        self.cursor = after[0] if after else (held[-1] if held else None)
        self.cursor_moved = False

    def spot(self, pos: int, hand: Iterable[Card], playable: Collection[Card] | None) -> Spot:
        """The card at ``pos`` as the cursor says it. ``playable``: the cards the player may
        play now, None when it is not the player's turn in the play."""
        card = self.numbering[pos]
        assert card is not None, "the cursor is only ever on a card"
        held = self.held_positions(hand)
        state = ""
        if card in self.marked:
            state = "chosen"
        elif playable is not None:
            state = "playable" if card in playable else "not playable"
        return Spot(card, pos + 1, len(held) if held == list(range(len(held))) else None, state)

    # ------------------------------------------------------------------ marks

    def mark(self, card: Card, need: int, *, toggle: bool = True) -> Marked:
        """Mark ``card`` for the crib (``need`` cards are laid away), or with ``toggle`` take
        the mark off a card marked already."""
        if card in self.marked:
            if not toggle:
                return Marked.ALREADY
            self.marked.remove(card)
            return Marked.UNMARKED
        if len(self.marked) >= need:
            return Marked.FULL
        self.marked.append(card)
        return Marked.MARKED if len(self.marked) < need else Marked.COMPLETE

    def take_marked(self) -> tuple[Card, ...]:
        """The cards marked, taken off (to lay them away)."""
        cards, self.marked = tuple(self.marked), []
        return cards

    def unmark_all(self) -> bool:
        """Take every mark off: whether any card was marked."""
        had, self.marked = bool(self.marked), []
        return had

    # ------------------------------------------------------------------ a typed count

    def type_digit(self, digit: int) -> str | None:
        """A digit of the player's count: the count typed so far, or None (and nothing kept)
        when it would pass :data:`MOST_POINTS`. Leading zeros are dropped."""
        typed = str(int(self.count_typed + str(digit)))
        if int(typed) > MOST_POINTS:
            return None
        self.count_typed = typed
        return typed

    def erase_digit(self) -> bool:
        """Backspace: take back the last digit typed; False when there was none."""
        if not self.count_typed:
            return False
        self.count_typed = self.count_typed[:-1]
        return True

    def clear_count(self) -> bool:
        """Forget the digits typed: whether there were any."""
        had, self.count_typed = bool(self.count_typed), ""
        return had

"""A line the player reads and hears, and the small helpers that word cards and lists.

Each announcement is a :class:`Line`: ``text`` for the screen (digits, full card names) and
``speech`` for text-to-speech (shorter, numbers in words where a synthesiser might stumble).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from spoken_cribbage.engine.cards import RANK_NAMES, Card
from spoken_cribbage.engine.rules import Named

VERBOSITIES = ("terse", "normal", "coach")


class LineKind(Named):
    """What a line is about: the console formats by it (never by matching English), and the
    sound cues of a later step key on it. Members equal their plain strings."""

    INFO = "info"  # anything else
    ERROR = "error"  # a refusal or a problem: nothing happened
    PROMPT = "prompt"  # what the game waits for (the last line before it waits)
    TURN = "turn"  # whose turn, said as a line of the game
    HELP = "help"
    ANSWER = "answer"  # the answer to a question key
    HAND = "hand"
    CURSOR = "cursor"  # the card under the arrow keys
    HINT = "hint"
    VOICE = "voice"  # listening started or stopped, a phrase heard
    CUE = "cue"
    GAME = "game"  # a game begins or ends
    DEAL = "deal"  # a new deal, who deals
    CUT = "cut"  # the cut for the first deal
    DISCARD = "discard"  # cards laid away
    STARTER = "starter"  # the starter turned
    PLAY = "play"  # a card played
    GO = "go"
    OUT = "out"  # a player has no cards left in the play
    RESET = "reset"  # the count goes back to zero
    SCORE = "score"  # points scored
    SCORES = "scores"  # the scores, as they stand
    SHOW = "show"  # a hand or the crib counted
    UNDO = "undo"


@dataclass(frozen=True)
class Line:
    text: str
    speech: str
    kind: LineKind = LineKind.INFO
    #: A line of the player's own move (their card, go, discard): its channel is the player's
    #: turn, not the table's events. Not part of a line's equality.
    own: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", LineKind(self.kind))  # a misspelt kind fails here

    @classmethod
    def same(cls, text: str, kind: LineKind | str = LineKind.INFO, *, own: bool = False) -> Line:
        return cls(text, text, LineKind(kind), own)


def article_rank(card: Card) -> str:
    """'a nine', 'an eight', 'an ace'."""
    name = RANK_NAMES[card.rank]
    return ("an " if name[0] in "aeiou" else "a ") + name


def list_words(words: Sequence[str], conj: str = "and") -> str:
    words = list(words)
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {conj} " + words[-1]


def card_list(cards: Iterable[Card]) -> str:
    return list_words([c.name for c in cards])


def numbered_hand(cards: Sequence[Card], numbers: Sequence[int] | None = None) -> str:
    """'Card 1: ace of spades. Card 2: five of hearts.' in the order given.

    ``numbers`` gives each card's position as the player last heard it (with gaps once cards
    are played: 'Card 1: ... Card 3: ...'); by default 1..n. A number never runs into a rank:
    the colon makes a clause break, so speech pauses between 'card one' and 'two of clubs'.
    """
    return " ".join(numbered_cards(cards, numbers))


def numbered_cards(cards: Sequence[Card], numbers: Sequence[int] | None = None) -> list[str]:
    """One 'Card N: name.' sentence per card."""
    nums = list(numbers) if numbers is not None else list(range(1, len(cards) + 1))
    if len(nums) != len(cards):
        raise ValueError("one number per card")
    return [f"Card {n}: {c.name}." for n, c in zip(nums, cards, strict=True)]


def hand_lines(
    cards: Sequence[Card], numbers: Sequence[int] | None = None, head: str = "Your hand.", width: int = 80
) -> list[str]:
    """The numbered hand split into lines of at most ``width`` characters where possible."""
    lines: list[str] = []
    cur = head
    for sentence in numbered_cards(cards, numbers):
        if cur and len(cur) + 1 + len(sentence) > width:
            lines.append(cur)
            cur = sentence
        else:
            cur = f"{cur} {sentence}" if cur else sentence
    if cur:
        lines.append(cur)
    return lines


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]

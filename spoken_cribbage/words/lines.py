"""A line the player reads and hears, and the small helpers that word cards and lists.

Each announcement is a :class:`Line`: ``text`` for the screen (digits, full card names) and
``speech`` for text-to-speech (shorter, numbers in words where a synthesiser might stumble).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from spoken_cribbage.engine.cards import RANK_NAMES, RANK_SHORT, SUIT_NAMES, Card
from spoken_cribbage.engine.rules import Named
from spoken_cribbage.words.catalogue import Message, join, say, text

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
    CHAT = "chat"  # a line another player said at a shared table (issue 26)


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


#: The card names and the words of lists and hands, on the catalogue (words.catalogue): the
#: rank and suit names, a card's name, and its name with the article ('the five of hearts').
#: French needs the article by rank ('le cinq', 'la dame', 'l'as'), so each rank has its own
#: message for a card named with it (``card.the.N``) and for 'a nine' (``card.a.N``).
CODES: dict[str, Message] = {
    **{
        f"card.rank.{r}": Message(
            RANK_NAMES[r], f"the rank {RANK_SHORT[r]} said alone, as in 'Five.' (your card played, spoken)"
        )
        for r in range(1, 14)
    },
    **{
        f"card.suit.{s}": Message(
            SUIT_NAMES[s], f"the suit {SUIT_NAMES[s]} in a card's name, as in 'five of {SUIT_NAMES[s]}'"
        )
        for s in range(4)
    },
    "card.name": Message(
        "{rank} of {suit}",
        "a card's name without an article, as in 'Card 1: five of hearts.' (the hand) or "
        "'Your hand: five of hearts, ...' (the show); {rank} and {suit} are the rank's and suit's names",
    ),
    **{
        f"card.the.{r}": Message(
            "{rank} of {suit}",
            f"a card of rank {RANK_SHORT[r]} named in a list that the article 'the' (card.the_list) "
            f"leads, as in 'the {RANK_NAMES[r]} of hearts' or 'the five and {RANK_NAMES[r]} of clubs': "
            "in a language with an article per card (le, la, l'), give it here",
        )
        for r in range(1, 14)
    },
    "card.the_list": Message(
        "the {cards}",
        "one card or a list of cards named with the article, as in 'You play the five of hearts' or "
        "'You lay away the four of diamonds and four of hearts'; {cards} are the cards (card.the.N) "
        "joined; in a language with an article per card, just {cards}",
    ),
    **{
        f"card.a.{r}": Message(
            ("an " if RANK_NAMES[r][0] in "aeiou" else "a ") + RANK_NAMES[r],
            f"a card of rank {RANK_SHORT[r]} said by its rank only, as in 'Computer plays a nine' "
            "(spoken) or 'Cut for the deal: you a nine, Max an ace'",
        )
        for r in range(1, 14)
    },
    "list.nothing": Message("nothing", "an empty list of things, as in 'Playable: nothing'"),
    "hand.head": Message("Your hand.", "the first words of the hand said, before 'Card 1: five of hearts.'"),
    "hand.join": Message(
        "{line} {card}",
        "the hand said on a line: the line so far and the next card's sentence (hand.card) after it",
    ),
    "hand.card": Message(
        "Card {n}: {card}.", "one card of the hand said, with its number, as in 'Card 1: five of hearts.'"
    ),
}


def _t(code: str, **facts: object) -> str:
    return say(CODES[code], facts, code)


def rank_name(rank: int) -> str:
    """'five', 'cinq', '5'."""
    return text(f"card.rank.{rank}", CODES[f"card.rank.{rank}"])


def suit_name(suit: int) -> str:
    return text(f"card.suit.{suit}", CODES[f"card.suit.{suit}"])


def card_name(card: Card) -> str:
    """'five of hearts', 'cinq de cœur', '红桃 5'."""
    return _t("card.name", rank=rank_name(card.rank), suit=suit_name(card.suit))


def the_cards(cards: Sequence[Card], conj: str = "and") -> str:
    """'the five of hearts', 'the four of diamonds and four of hearts', 'le quatre de carreau et
    le quatre de cœur'."""
    listed = [_t(f"card.the.{c.rank}", rank=rank_name(c.rank), suit=suit_name(c.suit)) for c in cards]
    return _t("card.the_list", cards=join(listed, conj))


def the_card(card: Card) -> str:
    """'the five of hearts', 'le cinq de cœur', 'la dame de pique', '红桃 5'."""
    return the_cards([card])


def article_rank(card: Card) -> str:
    """'a nine', 'an eight', 'an ace'."""
    return text(f"card.a.{card.rank}", CODES[f"card.a.{card.rank}"])


def list_words(words: Sequence[str], conj: str = "and") -> str:
    """'a, b and c' in the current language (``conj``: 'and' or 'or')."""
    words = list(words)
    if not words:
        return text("list.nothing", CODES["list.nothing"])
    return join(words, conj)


def card_list(cards: Iterable[Card]) -> str:
    return list_words([card_name(c) for c in cards])


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
    return [_t("hand.card", n=n, card=card_name(c)) for n, c in zip(nums, cards, strict=True)]


def hand_lines(
    cards: Sequence[Card], numbers: Sequence[int] | None = None, head: str | None = None, width: int = 80
) -> list[str]:
    """The numbered hand split into lines of at most ``width`` characters where possible."""
    lines: list[str] = []
    cur = _t("hand.head") if head is None else head
    for sentence in numbered_cards(cards, numbers):
        joined = _t("hand.join", line=cur, card=sentence) if cur else sentence
        if cur and cells(joined) > width:
            lines.append(cur)
            cur = sentence
        else:
            cur = joined
    if cur:
        lines.append(cur)
    return lines


def cells(s: str) -> int:
    """How many cells ``s`` takes on a terminal or a braille line: a wide character (Chinese) two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]

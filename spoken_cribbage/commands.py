"""The command vocabulary shared by typed lines, shortcut keys and voice.

:func:`parse_command` turns text into a :class:`Command` or raises :class:`CommandError`
with a sentence a player can act on. It never raises anything else.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, InvalidCardError, parse_card, split_card_tokens

QUESTIONS = ("count", "crib", "starter", "table", "scores", "turn", "hand", "repeat", "help",
             "hint")
CONTROL = ("yes", "no", "cancel", "quit", "go", "next", "previous", "later", "silence", "undo")
SETTINGS = ("rate", "volume", "verbosity", "speech", "voice", "difficulty", "target")

SHORTCUT_KEYS = {
    "c": "count", "b": "crib", "f": "starter", "v": "table", "s": "scores", "t": "turn",
    "h": "hand", "r": "repeat", "?": "help", "i": "hint", "q": "quit", "x": "silence",
    "[": "previous", "]": "later",
}

_SYNONYMS = {
    "what's the count": "count", "whats the count": "count", "the count": "count",
    "whose crib": "crib", "crib owner": "crib", "cut": "starter", "the starter": "starter",
    "cards on the table": "table", "score": "scores", "the scores": "scores",
    "whose turn": "turn", "my hand": "hand", "say that again": "repeat", "again": "repeat",
    "y": "yes", "n": "no", "exit": "quit", "stop": "silence", "quiet": "silence", "hush": "silence",
    "continue": "next", "deal": "next", "": "next", "back": "previous", "forward": "later",
    "prev": "previous", "?": "help", "commands": "help", "pass": "go", "say go": "go",
}


def shown(text: str, limit: int = 40) -> str:
    """Text a player typed, made safe to echo in one printed line."""
    clean = "".join(ch if ch.isprintable() else " " for ch in str(text))
    clean = " ".join(clean.split())
    return clean if len(clean) <= limit else clean[:limit - 3] + "..."


class CommandError(ValueError):
    """Text that is not a command now. The message says what is possible."""


@dataclass(frozen=True)
class Command:
    verb: str
    cards: tuple[Card, ...] = ()
    numbers: tuple[int, ...] = ()
    value: str = ""

    def __str__(self) -> str:
        parts = [self.verb] + [c.short for c in self.cards] + [str(n) for n in self.numbers]
        if self.value:
            parts.append(self.value)
        return " ".join(parts)


def _card_or_number(token: str) -> Card | int:
    if token.isdecimal() and token.isascii():
        return int(token)
    return parse_card(token)


def parse_command(text: str, *, phase: str = "play") -> Command:
    """Parse a typed or spoken command. ``phase`` decides what a bare card or number means:
    'discard' -> discard, anything else -> play."""
    if not isinstance(text, str):
        raise CommandError("Commands are text.")
    raw = " ".join(text.replace("\x00", " ").split()).lower()
    raw = raw.strip(" .!")
    if len(raw) > 200:
        raise CommandError("That command is too long. Type help for the commands.")
    if raw in _SYNONYMS:
        return Command(_SYNONYMS[raw])
    if raw in SHORTCUT_KEYS:
        return Command(SHORTCUT_KEYS[raw])
    words = raw.split()
    head = words[0]
    if head in QUESTIONS or head in CONTROL:
        if len(words) > 1 and head not in ("go",):
            raise CommandError(f"'{head}' takes nothing after it.")
        if head == "go" and len(words) > 1:
            raise CommandError("'go' takes nothing after it.")
        return Command(head)
    if head in SETTINGS:
        if len(words) != 2:
            raise CommandError(f"Say {head} and one value, like '{_SETTING_EXAMPLES[head]}'.")
        return Command(head, value=words[1])
    if head in ("play", "discard", "lay", "throw"):
        verb = "play" if head == "play" else "discard"
        rest = words[1:]
        if rest and rest[0] == "away":
            rest = rest[1:]
        if not rest:
            raise CommandError(f"{verb.capitalize()} which card? Give a number or a name, like "
                               f"'{verb} 5h' or '{verb} 2'.")
        return _cards_command(verb, " ".join(rest))
    if head == "card" and len(words) == 2 and words[1].isdecimal() and words[1].isascii():
        verb = "discard" if phase == "discard" else "play"
        return Command(verb, numbers=(int(words[1]),))
    # A bare card, number or list of them.
    verb = "discard" if phase == "discard" else "play"
    try:
        return _cards_command(verb, raw)
    except CommandError:
        raise CommandError(f"I don't know '{shown(text)}'. Type help, or press question "
                           f"mark, for the commands.") from None


_SETTING_EXAMPLES = {"rate": "rate 180", "volume": "volume 0.8", "verbosity": "verbosity terse",
                     "speech": "speech on", "voice": "voice english", "difficulty": "difficulty expert",
                     "target": "target 121"}


def _cards_command(verb: str, text: str) -> Command:
    try:
        tokens = split_card_tokens(text)
        items = [_card_or_number(t) for t in tokens]
    except InvalidCardError as e:
        raise CommandError(f"'{shown(e.token)}' is not a card. Use a number from your hand, or a name "
                           f"like 5h, 10c or 'five of hearts'.") from None
    if not items:
        raise CommandError(f"{verb.capitalize()} which card?")
    cards = tuple(i for i in items if isinstance(i, Card))
    numbers = tuple(i for i in items if isinstance(i, int))
    if cards and numbers:
        raise CommandError("Use card numbers or card names, not both at once.")
    return Command(verb, cards=cards, numbers=numbers)

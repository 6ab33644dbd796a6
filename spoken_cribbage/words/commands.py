"""The words of the vocabulary: what each key does in the key list, the names of keys, what
can be said now, and the sentences for ``command.*`` problems (text that is not a command).

>>> from spoken_cribbage.vocabulary import CommandError, VoiceContext, parse_command
>>> from spoken_cribbage.engine.cards import parse_cards
>>> from spoken_cribbage.words.notices import phrase
>>> try:
...     parse_command("play the five", VoiceContext("play", tuple(parse_cards("5H 5C KD"))))
... except CommandError as e:
...     print(phrase(e))
You have two fives: the five of hearts or the five of clubs?
>>> key_lines("play")[:2]
['c the count', 'b whose crib']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spoken_cribbage.engine.cards import RANK_PLURALS, SUIT_NAMES
from spoken_cribbage.vocabulary import VoiceContext, also_keys, commands_for_help, keys_for
from spoken_cribbage.words.catalogue import Message, join, number
from spoken_cribbage.words.notices import Template

#: What each key of the key list does, by verb.
KEY_HELP: dict[str, str] = {
    "count": "the count",
    "crib": "whose crib",
    "starter": "the starter",
    "table": "cards on the table",
    "scores": "scores (twice: the pegs)",
    "turn": "whose turn",
    "hand": "your hand",
    "held": "cards each player holds",
    "hint": "a hint",
    "coach": "the coach on your last move",
    "odds": "your chance to win",
    "repeat": "repeat",
    "recount": "the last show again, a hand a press",
    "previous": "earlier lines",
    "later": "later lines",
    "undo": "undo",
    "silence": "silence",
    "help": "help",
    "quit": "quit",
    "next": "next deal",
    "new": "new game",
    "listen": "voice on or off",
    "cues": "hear every sound cue, named",
    "walk": "the deal again, an event a press",
    "muggins": "muggins",
    "time": "time left to count",
    "profile": "the next profile: everything, quiet, teaching",
}

#: What each command with no key does, for its line in help ("/cues plays ...").
COMMAND_HELP: dict[str, str] = {
    "cues": "plays each sound cue and says what it means",
    "check": "tests your microphone and says how best to listen",
    "review": "reads the last deal again, every event in order",
    "channels": "lists what is said by channel; /channel scores history changes one",
    "history": "scores: the brackets walk the scores only; /history save writes a file",
}

_KEY_NAMES = {
    "?": "question mark",
    "[": "left bracket",
    "]": "right bracket",
    " ": "space",
    "pageup": "Page Up",
    "pagedown": "Page Down",
}
_MODIFIERS = {"c": "Control", "s": "Shift", "m": "Alt"}


def key_name(key: str) -> str:
    """How a key is said: 'question mark' for ?, the letter itself for a letter, and the
    console's names of other keys as on the keyboard.

    >>> key_name("z"), key_name("f1"), key_name("tab"), key_name("c-s-left")
    ('z', 'F1', 'Tab', 'Control Shift Left')
    """
    if key in _KEY_NAMES:
        return _KEY_NAMES[key]
    if len(key) == 1:
        return key
    *mods, last = key.split("-")
    if any(m not in _MODIFIERS for m in mods):
        return key
    last = _KEY_NAMES.get(last, last.upper() if len(last) == 1 or last[0] == "f" else last.title())
    return " ".join([*(_MODIFIERS[m] for m in mods), last])


def is_named_key(key: str) -> bool:
    """A key that types no character ('tab', 'f5'): said 'Tab does nothing here', not 'the key'."""
    return len(key) > 1


def also_lines() -> list[str]:
    """'Up and Page Up are like left bracket.' ...: the named keys that do what a key does, in
    lines under 80 characters."""
    said = [
        f"{' and '.join(key_name(a) for a in also)} {'is' if len(also) == 1 else 'are'} like {key_name(key)}."
        for key, also in also_keys()
    ]
    lines: list[str] = []
    for s in said:
        if lines and len(lines[-1]) + len(s) + 1 <= 78:
            lines[-1] += " " + s
        else:
            lines.append(s)
    return lines


def key_lines(phase: str, *, voice: bool = False, muggins: bool = False) -> list[str]:
    """'c the count', 'b whose crib' ...: the keys of ``phase``, for help."""
    return [f"{key_name(k)} {KEY_HELP[verb]}" for k, verb in keys_for(phase, voice=voice, muggins=muggins)]


def command_lines() -> list[str]:
    """'/cues plays each sound cue and says what it means.' ...: a line of help for each listed
    command that has no key."""
    return [f"/{typed} {COMMAND_HELP[verb]}." for typed, verb in commands_for_help()]


def describe(ctx: VoiceContext) -> str:
    """One sentence telling the player what they can say now."""
    if ctx.phase == "discard":
        first = "Say a card to discard, like 'discard five of hearts' or 'card three'"
    elif ctx.phase == "play":
        first = "Say a card to play, like 'play five of hearts' or 'card three'"
        if ctx.can_go:
            first += ", or 'go'"
    elif ctx.phase == "question":
        return "Say yes or no."
    elif ctx.phase == "show":
        first = "Say 'next deal' to go on"
    elif ctx.phase == "counting":
        first = "Say your count, like 'twelve', or 'nineteen' for none"
    elif ctx.phase == "over":
        first = "Say 'new game', or 'quit' to leave"
    else:
        first = "Ask a question"
    return first + ". You can also ask: count, crib, starter, table, scores, whose turn, my hand."


def _ambiguous(d: Mapping[str, Any]) -> dict[str, Any]:
    """The facts of 'You have two fives: the five of hearts or the five of spades?'."""
    cards = d["cards"]
    ranks = {c.rank for c in cards}
    what = RANK_PLURALS[cards[0].rank] if len(ranks) == 1 else SUIT_NAMES[cards[0].suit]
    return {
        "count": len(cards),
        "many": number(len(cards)),
        "what": what,
        "choices": join([f"the {c.name}" for c in cards]),
    }


# The refusals of a typed or spoken command, on the catalogue (words.catalogue): each message's
# English text, and where the player hears it (the translator's comment).
TEXTS: dict[str, Template] = {
    "command.not_text": Message("Commands are text.", "a command that came as something other than text (a fault)"),
    "command.too_long": Message(
        "That command is too long. Press question mark for the commands.",
        "a typed command line far too long to be a command",
    ),
    "command.nothing_readable": Message(
        "That line has no word in it: nothing was done.", "a typed line of only spaces or signs"
    ),
    "command.setting_value": Message(
        "Say {setting} and one value, like '{example}'.",
        "a setting typed with no value or several, like 'rate'; {setting} is the setting's "
        "name and {example} a whole command, both as typed in English",
    ),
    "command.takes_nothing": Message(
        "'{verb}' takes nothing after it.",
        "a command that takes nothing typed with more words; {verb} is the command as typed",
    ),
    "command.which_card_example": Message(
        "{Verb} which card? Give a number or a name, like '{verb} 5h' or '{verb} 2'.",
        "'play' or 'discard' typed without a card; {verb} is the command as typed (English), "
        "{Verb} the same with a capital",
        prepare=lambda d: {"Verb": d["verb"].capitalize()},
    ),
    "command.which_card": Message(
        "{Verb} which card?",
        "'play' or 'discard' given something that is not one card",
        prepare=lambda d: {"Verb": d["verb"].capitalize()},
    ),
    "command.unknown": Message(
        "I don't know '{text}'. Press question mark for help.", "a typed line that is no command; {text} is the line"
    ),
    "command.no_such_channel": Message(
        "There is no channel '{name}': say {channels}.",
        "a channel named that is not one, like 'channel sound history'; {name} is what was "
        "typed, {channels} the channels' names (typed in English) joined as a choice",
        prepare=lambda d: {"channels": join(list(d["channels"]))},
    ),
    "command.not_a_card": Message(
        "'{token}' is not a card. Use a number from your hand, or a name like 5h, 10c or 'five of hearts'.",
        "a card typed that is no card; {token} is what was typed",
    ),
    "command.numbers_and_names": Message(
        "Use card numbers or card names, not both at once.", "cards typed both as numbers and as names"
    ),
    "command.claim_how": Message(
        "Claim how many? Give your count as a number, like 'claim 12'.",
        "manual counting: 'claim' typed without a number",
    ),
    "command.ambiguous": Message(
        "You have {many} {what}: {choices}?",
        "a card named that fits several in the hand (a rank, or a suit); {many} is their number "
        "in words, {what} the cards' rank or suit (English card words), {choices} the cards",
        plural="You have {many} {what}: {choices}?",
        prepare=_ambiguous,
    ),
    "command.no_rank": Message(
        "You have no {ranks}.",
        "a rank named that the hand does not hold; {ranks} is the rank in English card words, like 'fives'",
        prepare=lambda d: {"ranks": RANK_PLURALS[d["rank"]]},
    ),
    "command.no_suit": Message(
        "You have no {suit}.",
        "a suit named that the hand does not hold; {suit} is the suit in English card words, like 'hearts'",
        prepare=lambda d: {"suit": SUIT_NAMES[d["suit"]]},
    ),
}

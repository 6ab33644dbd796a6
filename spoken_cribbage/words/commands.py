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
from spoken_cribbage.words import keys
from spoken_cribbage.words.catalogue import Message, join, number
from spoken_cribbage.words.notices import Template

# The key list (what each key does, the names of keys) is in words.keys, with the game's help.
KEY_HELP = keys.KEY_HELP
key_name, is_named_key, also_lines, key_lines, command_lines = (
    keys.key_name,
    keys.is_named_key,
    keys.also_lines,
    keys.key_lines,
    keys.command_lines,
)


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

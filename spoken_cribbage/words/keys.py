"""The key list and the game's help (``?``, F1, ``/help``), on the catalogue
(:mod:`spoken_cribbage.words.catalogue`): what each key does, the names of keys, what to do in
each phase and the lines around the key list, said in the player's language. The keys
themselves are the vocabulary's (``spoken_cribbage.vocabulary``, English source): the letters
stay the same in every language, and so do typed commands shown as examples (``/play five of
hearts``), which work in every language.

>>> key_lines("play")[:2]
['c the count', 'b whose crib']
>>> key_name("c-s-left"), key_name("?")
('Control Shift Left', 'question mark')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spoken_cribbage.vocabulary import also_keys, commands_for_help, keys_for
from spoken_cribbage.words.catalogue import Message, current, join, say
from spoken_cribbage.words.channels import reader_help
from spoken_cribbage.words.notices import Template


def _does(english: str, verb: str) -> Message:
    return Message(
        english,
        f"help's key list: what the key of '{verb}' does, after the key's name, as in 'c the count' "
        "(a short phrase, no full stop; lines of the list are joined by commas)",
    )


#: What each key of the key list does, by verb.
KEY_HELP: dict[str, Message] = {
    "count": _does("the count", "count"),
    "crib": _does("whose crib", "crib"),
    "starter": _does("the starter", "starter"),
    "table": _does("cards on the table", "table"),
    "scores": _does("scores (twice: the pegs)", "scores: pressed twice it says where the pegs are"),
    "turn": _does("whose turn", "turn"),
    "hand": _does("your hand", "hand"),
    "held": _does("cards each player holds", "held: how many cards each player holds"),
    "hint": _does("a hint", "hint"),
    "coach": _does("the coach on your last move", "coach"),
    "odds": _does("your chance to win", "odds"),
    "repeat": _does("repeat", "repeat: the last line again"),
    "recount": _does("the last show again, a hand a press", "recount"),
    "previous": _does("earlier lines", "previous: walks back through the lines said"),
    "later": _does("later lines", "later: walks forward through the lines said"),
    "undo": _does("undo", "undo"),
    "silence": _does("silence", "silence: stops the speech"),
    "help": _does("help", "help"),
    "quit": _does("quit", "quit"),
    "next": _does("next deal", "next"),
    "new": _does("new game", "new"),
    "listen": _does("voice on or off", "listen: voice commands"),
    "cues": _does("hear every sound cue, named", "cues"),
    "walk": _does("the deal again, an event a press", "walk"),
    "muggins": _does("muggins", "muggins: claim the points the other side missed in its count"),
    "time": _does("time left to count", "time: manual counting with a time limit"),
    "profile": _does("the next profile: everything, quiet, teaching", "profile (the profiles' names as typed)"),
}


def _command(english: str) -> Message:
    return Message(english, "help: a line on a command that has no key; {typed} is the command as typed (English)")


#: What each command with no key does, for its line in help ("/cues plays ...").
COMMAND_HELP: dict[str, Message] = {
    "cues": _command("/{typed} plays each sound cue and says what it means."),
    "check": _command("/{typed} tests your microphone and says how best to listen."),
    "review": _command("/{typed} reads the last deal again, every event in order."),
    "channels": _command("/{typed} lists what is said by channel; /channel scores history changes one."),
    "history": _command("/{typed} scores: the brackets walk the scores only; /history save writes a file."),
}


def _key(english: str, where: str) -> Message:
    return Message(english, f"the name of {where}, in help and in 'question mark does nothing here'")


#: Names of keys that are not letters: the console's names (``pageup``) and signs.
_KEY_NAMES: dict[str, Message] = {
    "?": _key("question mark", "the key ?"),
    "[": _key("left bracket", "the key ["),
    "]": _key("right bracket", "the key ]"),
    " ": _key("space", "the space bar"),
    "pageup": _key("Page Up", "the key Page Up"),
    "pagedown": _key("Page Down", "the key Page Down"),
    "up": _key("Up", "the arrow key Up"),
    "down": _key("Down", "the arrow key Down"),
    "left": _key("Left", "the arrow key Left"),
    "right": _key("Right", "the arrow key Right"),
    "home": _key("Home", "the key Home"),
    "end": _key("End", "the key End"),
    "tab": _key("Tab", "the key Tab"),
    "escape": _key("Escape", "the key Escape"),
    "enter": _key("Enter", "the key Enter"),
    "backspace": _key("Backspace", "the key Backspace"),
    "delete": _key("Delete", "the key Delete"),
    "insert": _key("Insert", "the key Insert"),
}
_MODIFIERS: dict[str, Message] = {
    "c": _key("Control", "the key Control, before another key, as in 'Control Left'"),
    "s": _key("Shift", "the key Shift, before another key, as in 'Shift Tab'"),
    "m": _key("Alt", "the key Alt, before another key, as in 'Alt F4'"),
}

#: The help's own lines (codes ``keys.help.*``): what to do in each phase, the lines around the
#: key list, and those said when a screen reader is the voice.
HELP: dict[str, Message] = {
    "keys.help.discard": Message(
        "Lay away {count} card: press its number, or the arrows and Space; then Enter.",
        "help's first line while the player lays away cards to the crib; {count} is how many",
        plural="Lay away {count} cards: press their numbers, or the arrows and Space; then Enter.",
    ),
    "keys.help.play": Message(
        "Play a card: press its number, or move with the arrows and press Space.",
        "help's first line when it is the player's turn to play a card",
    ),
    "keys.help.show": Message(
        "The deal is over: press Enter for the next deal.", "help's first line once the hands are counted"
    ),
    "keys.help.over": Message(
        "The game is over: press n for a new game or q to leave.",
        "help's first line once the game is over (the keys n and q stay these letters)",
    ),
    "keys.help.question": Message(
        "Answer the question: press y for yes or n for no.",
        "help's first line while a yes-or-no question waits (y and n stay these letters)",
    ),
    "keys.help.counting": Message(
        "Give your count: type the points with the digits, then Enter; 19 for none.",
        "help's first line while the player counts a hand (manual counting; 19 is the traditional "
        "'nineteen' said of a hand worth nothing)",
    ),
    "keys.help.wait": Message(
        "Wait for your turn; ask anything with the keys below.",
        "help's first line while the other players move",
    ),
    "keys.help.keys": Message(
        "Keys: {keys}.", "help: the first line of the key list; {keys} is a list like 'c the count, b whose crib'"
    ),
    "keys.help.more_keys": Message("More keys: {keys}.", "help: each further line of the key list"),
    "keys.help.comma": Message(
        ", ", "help: what separates two keys in a line of the key list, as in 'c the count, b whose crib'"
    ),
    "keys.help.arrows": Message(
        "Left and Right arrows, Home and End walk through your hand.", "help: the keys that walk through the hand"
    ),
    "keys.help.also": Message(
        "{keys} is like {key}.",
        "help: a named key that does what a key of the list does, as in 'F1 is like question mark.'",
        plural="{keys} are like {key}.",
    ),
    "keys.help.slash": Message(
        "Slash opens a command line, like /play five of hearts; Escape cancels it.",
        "help: the command line (commands are typed in English: keep '/play five of hearts')",
    ),
    "keys.help.own_words": Message(
        "Typed commands also work in the game's language, like /play five of hearts in its words; "
        "voice commands stay English.",
        "help, after the command line, in a language other than English: the main commands and the "
        "card names typed in this language (give one of its own examples, like '/出红桃五'), while "
        "voice commands are said in English only",
    ),
    "keys.help.profile": Message(
        "/profile quiet picks a profile; /brief on says repeated words once.",
        "help: two commands, as typed (English)",
    ),
    "keys.help.escape_speech": Message(
        "Escape also cancels a choice or silences speech.", "help's last line when the game speaks with its own voice"
    ),
    "keys.help.escape": Message("Escape also cancels a choice.", "help: Escape, when a screen reader is the voice"),
    "keys.help.reader_key": Message(
        "{name} is the voice: its own key, often Control, silences it.",
        "help when a screen reader is the voice; {name} is its name, like Orca or NVDA",
    ),
    "keys.help.reader_rate": Message(
        "{name}'s own rate and volume apply, not the game's settings.",
        "help when a screen reader is the voice; {name} is its name, like Orca or NVDA",
    ),
    "keys.help.some_reader_key": Message(
        "Your screen reader is the voice: its own key, often Control, silences it.",
        "help when a screen reader whose name is not known is the voice",
    ),
    "keys.help.some_reader_rate": Message(
        "Your screen reader's own rate and volume apply, not the game's settings.",
        "help when a screen reader whose name is not known is the voice",
    ),
    "keys.key_line": Message(
        "{key} {does}", "help's key list: a key and what it does, as in 'c the count'; {key} is the key's name"
    ),
}

# codes the catalogue extracts: keys.does.<verb>, keys.command.<verb>, keys.name.<key>, keys.help.*
TEXTS: dict[str, Template] = {
    **{f"keys.does.{verb}": m for verb, m in KEY_HELP.items()},
    **{f"keys.command.{verb}": m for verb, m in COMMAND_HELP.items()},
    **{f"keys.name.{key.strip() or 'space'}": m for key, m in _KEY_NAMES.items()},
    **{f"keys.modifier.{mod}": m for mod, m in _MODIFIERS.items()},
    **HELP,
}
_NAME_CODES = {key: f"keys.name.{key.strip() or 'space'}" for key in _KEY_NAMES}


def _say(code: str, **facts: Any) -> str:
    message = TEXTS[code]
    assert isinstance(message, Message)
    return say(message, facts, code)


def key_name(key: str) -> str:
    """How a key is said: 'question mark' for ?, the letter itself for a letter, and the
    console's names of other keys as on the keyboard.

    >>> key_name("z"), key_name("f1"), key_name("tab"), key_name("c-s-left")
    ('z', 'F1', 'Tab', 'Control Shift Left')
    """
    if key in _KEY_NAMES:
        return _say(_NAME_CODES[key])
    if len(key) == 1:
        return key
    *mods, last = key.split("-")
    if any(m not in _MODIFIERS for m in mods):
        return key
    if last in _KEY_NAMES:
        named = _say(_NAME_CODES[last])
    else:
        named = last.upper() if len(last) == 1 or last[0] == "f" else last.title()
    return " ".join([*(_say(f"keys.modifier.{m}") for m in mods), named])


def is_named_key(key: str) -> bool:
    """A key that types no character ('tab', 'f5'): said 'Tab does nothing here', not 'the key'."""
    return len(key) > 1


def _fit(said: Sequence[str], sep: str = " ", width: int = 78) -> list[str]:
    """``said`` in lines under 80 characters (braille displays), ``sep`` between two on a line."""
    lines: list[str] = []
    for s in said:
        gap = "" if sep == " " and lines and lines[-1].endswith("。") else sep  # no space after a Chinese stop
        if lines and len(lines[-1]) + len(s) + len(gap) <= width:
            lines[-1] += gap + s
        else:
            lines.append(s)
    return lines


def also_lines() -> list[str]:
    """'Up and Page Up are like left bracket.' ...: the named keys that do what a key does, in
    lines under 80 characters."""
    return _fit(
        [
            _say("keys.help.also", keys=join([key_name(a) for a in also], "and"), key=key_name(key), count=len(also))
            for key, also in also_keys()
        ]
    )


def key_lines(phase: str, *, voice: bool = False, muggins: bool = False) -> list[str]:
    """'c the count', 'b whose crib' ...: the keys of ``phase``, for help."""
    return [
        _say("keys.key_line", key=key_name(k), does=_say(f"keys.does.{verb}"))
        for k, verb in keys_for(phase, voice=voice, muggins=muggins)
    ]


def command_lines() -> list[str]:
    """'/cues plays each sound cue and says what it means.' ...: a line of help for each listed
    command that has no key."""
    return [_say(f"keys.command.{verb}", typed=typed) for typed, verb in commands_for_help()]


#: the phases with a first line of their own in help (others: wait for your turn)
_PHASES = ("discard", "play", "show", "over", "question", "counting")


def _key_list(keys: Sequence[str]) -> list[str]:
    """'Keys: c the count, b whose crib, ...' and 'More keys: ...': lines under 80 characters,
    for braille displays."""
    comma = _say("keys.help.comma")
    groups: list[list[str]] = []
    for key in keys:
        code = "keys.help.keys" if len(groups) == 1 else "keys.help.more_keys"
        if groups and len(_say(code, keys=comma.join([*groups[-1], key]))) <= 78:
            groups[-1].append(key)
        else:
            groups.append([key])
    return [
        _say("keys.help.keys" if i == 0 else "keys.help.more_keys", keys=comma.join(group))
        for i, group in enumerate(groups)
    ]


def help_lines(phase: str, keys: Sequence[str], discard_count: int = 2, screen_reader: str | None = None) -> list[str]:
    """Help for this moment: what to do, the keys of this phase (already named), the arrows and
    the command line. ``screen_reader`` is set when a screen reader is the voice (its name, or ""
    when not known): then its own key silences it and its own rate and volume apply."""
    lines = [
        _say(f"keys.help.{phase}" if phase in _PHASES else "keys.help.wait", count=discard_count),
        *_key_list(keys),
        _say("keys.help.arrows"),
        *also_lines(),
        _say("keys.help.slash"),
        *([] if current() == "en" else [_say("keys.help.own_words")]),  # typed, voice stays English
        *command_lines(),
        _say("keys.help.profile"),
    ]
    if screen_reader is None:
        return lines + [_say("keys.help.escape_speech")]
    some = "" if screen_reader else "some_"
    return lines + [
        _say("keys.help.escape"),
        _say(f"keys.help.{some}reader_key", name=screen_reader),
        _say(f"keys.help.{some}reader_rate", name=screen_reader),
        reader_help(screen_reader),
    ]

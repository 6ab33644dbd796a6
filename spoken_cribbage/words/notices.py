"""Sentences for the notices and problems of the lower layers (:mod:`spoken_cribbage.notice`).

Each domain keeps its own table in its own module of ``words`` (``words.voice`` for
``voice.*`` codes, ``words.speech``, ``words.storage``, ``words.calculator``, ``words.cues``);
a template is a ``str.format`` string over the notice's data, or a function of the data for
sentences that need more than a fill-in. A table moved onto the catalogue
(:mod:`spoken_cribbage.words.catalogue`: ``command.*``, ``storage.*``, ``speech.*``, ``cues.*``
and ``voice.*`` so far) holds a :class:`~spoken_cribbage.words.catalogue.Message` per code instead, said in the player's
language; :func:`phrase` stays the one lookup of every table.

>>> from spoken_cribbage.notice import Notice
>>> phrase(Notice("notice.unknown_code_example"))
'Something happened that the game has no words for (notice.unknown_code_example).'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.words.catalogue import CATALOGUE_MESSAGES, Message, say
from spoken_cribbage.words.clean import fill

Template = str | Callable[[Mapping[str, Any]], str] | Message

# code prefix -> module of words holding that domain's TEXTS table
DOMAINS = {
    "voice": "spoken_cribbage.words.voice",
    "speech": "spoken_cribbage.words.speech",
    "storage": "spoken_cribbage.words.storage",
    "calculator": "spoken_cribbage.words.calculator",
    "engine": "spoken_cribbage.words.calculator",  # the engine's argument errors
    "command": "spoken_cribbage.words.commands",
    "cues": "spoken_cribbage.words.cues",
    "practice": "spoken_cribbage.words.practice",  # spoken-cribbage practice
    "stats": "spoken_cribbage.words.stats",  # your statistics and milestones
    "review": "spoken_cribbage.words.review_messages",  # a deal or a game read back
    "keys": "spoken_cribbage.words.keys",  # the key list and the game's help
    "help": "spoken_cribbage.words.cli_help",  # the --help texts
}


def template(code: str) -> Template | None:
    module = DOMAINS.get(code.split(".", 1)[0])
    if module is None:
        return None
    texts: Mapping[str, Template] = importlib.import_module(module).TEXTS
    return texts.get(code)


def phrase(what: Notice | Problem | str, **data: Any) -> str:
    """The sentence for a notice, a problem, or a code with its data. Each text fact (a value
    from outside: a path, an exception, a name) is put in as one visible line
    (:func:`~spoken_cribbage.words.clean.fill`)."""
    if isinstance(what, (Notice, Problem)):
        code, facts = what.code, {**what.data, **data}
    else:
        code, facts = what, data
    t = template(code)
    if t is None:
        return say(CATALOGUE_MESSAGES["notice.unknown"], {"code": code}, "notice.unknown")
    if isinstance(t, Message):
        return say(t, facts, code)
    return fill(t, facts)

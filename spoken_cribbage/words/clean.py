"""What may reach the terminal: the cleaning of text, at the point where values are put into
sentences.

:func:`visible` writes every character that cannot be printed (but newline) as its escape,
as text (``\\x1b``, ``\\u200b``), never executed. :func:`one_line` also shows a line break as
``\\n``: it is for a value from outside (a path, an exception's text, a name, a settings value)
put inside a sentence, which then cannot start a line of its own. :func:`fill` is how every
sentence table of ``words`` puts its facts into its templates, so that no caller can forget:
each text value (a ``str``, a path, an exception) is passed through :func:`one_line` first.

The app's output boundary (``app/output.py``) re-exports :func:`visible` and :func:`one_line`
and runs every line it writes through :func:`visible` as well.

>>> visible("Ann\\x1b[2J")
'Ann\\\\x1b[2J'
>>> one_line("Bob\\nYou win.")
'Bob\\\\nYou win.'
>>> fill("Game {number} written to {path}.", {"number": 3, "path": "a\\nb"})
'Game 3 written to a\\\\nb.'
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from typing import Any

from spoken_cribbage.notice import Notice, Problem

__all__ = ["visible", "one_line", "clean_value", "clean_facts", "fill", "quoted"]

#: In ASCII text, the characters that are not printable (newline is kept: it ends a line).
_ASCII_RAW = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def _escape(ch: str) -> str:
    return ch.encode("unicode_escape", "backslashreplace").decode("ascii")


def visible(text: object) -> str:
    """``text`` with every character that is not printable (but newline) written as its
    escape: control characters (C0, DEL, C1), format characters (zero-width and bidirectional
    marks), line and paragraph separators, lone surrogates (undecodable bytes)."""
    s = text if isinstance(text, str) else str(text)
    if s.isascii():
        return _ASCII_RAW.sub(lambda m: _escape(m.group()), s)
    return "".join(ch if ch == "\n" or ch.isprintable() else _escape(ch) for ch in s)


def one_line(text: object) -> str:
    """A value from outside put inside a sentence: :func:`visible`, and a line break shown as
    ``\\n`` too, so that it cannot start a line of its own."""
    return visible(text).replace("\n", "\\n")


def clean_value(value: Any) -> Any:
    """A fact as it may go into a sentence: text (a ``str``, a path, an exception, bytes) as
    :func:`one_line`; a tuple or list of them item by item; numbers, cards and every other
    value as they are (their text is the game's own; a notice or problem inside is phrased
    with its own facts cleaned)."""
    if isinstance(value, (Notice, Problem)):
        return value
    if isinstance(value, str):
        return one_line(value)
    if isinstance(value, (os.PathLike, BaseException)):
        return one_line(value)
    if isinstance(value, (bytes, bytearray)):
        return one_line(bytes(value).decode("utf-8", "backslashreplace"))
    if type(value) in (tuple, list) and any(isinstance(v, (str, os.PathLike)) for v in value):
        return type(value)(clean_value(v) for v in value)
    return value


def quoted(value: Any) -> str:
    """A value quoted in a sentence, as ``repr`` would, but for text already cleaned by
    :func:`clean_value` (whose escapes ``repr`` would double): ``'fast'``, ``5``, ``True``."""
    return f"'{value}'" if isinstance(value, str) else repr(value)


def clean_facts(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Every fact of ``facts`` through :func:`clean_value`."""
    return {k: clean_value(v) for k, v in facts.items()}


def fill(template: str | Callable[[Mapping[str, Any]], str], facts: Mapping[str, Any]) -> str:
    """``template`` (a ``str.format`` string, or a function of the facts) filled in with
    ``facts``, each cleaned (:func:`clean_value`) first."""
    clean = clean_facts(facts)
    return template(clean) if callable(template) else template.format(**clean)

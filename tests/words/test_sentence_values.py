"""Issue 23 item 3: a value from outside put into a sentence (a path, an exception's text, a
name, a settings value, a key error) never starts a new line and never carries a control
character, whatever the caller did: the sentence lookups of ``words`` clean every text fact
(words/clean.py ``fill``).

Every template of every sentence table (the notices' domains, the seat's messages, review's
two tables, the calculators' help) is filled with hostile text in each of its text facts; each
result must be one visible line (unless its template itself has more than one line, which
the test then checks line by line: every line break must be the template's own).
"""

from __future__ import annotations

import importlib
import os
import string
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spoken_cribbage.words import catalogue, notices, review, seat
from spoken_cribbage.words.clean import one_line, visible

HOSTILE_CHARS = st.sampled_from(
    [
        "\n",
        "\r",
        "\x1b",
        "\x07",
        "\x00",
        "\x9b",
        "\u2028",
        "\u2029",
        "\u200b",
        "\u202e",
        "\x7f",
        "\t",
        "\ud800",
        "]0;",
        "[2J",
        "a",
        " ",
    ]
)
HOSTILE = st.lists(HOSTILE_CHARS, min_size=1, max_size=12).map("".join)


class _Recorder(Mapping[str, Any]):
    """The facts a template reads: every key read is recorded; numbers for the keys known to
    be numbers, text for the others."""

    def __init__(self, numeric: set[str], flags: set[str]):
        self.numeric, self.flags, self.read = numeric, flags, []

    def __getitem__(self, key: str) -> Any:
        self.read.append(key)
        if key in self.flags:
            return None
        return 3 if key in self.numeric else f"{key} x"  # texts that differ, as hostile ones do

    def __iter__(self):
        return iter(())

    def __len__(self) -> int:
        return 0


class _Object:
    """A fact that is an object of the game's own (a card: ``{card.name}``), not text."""

    def __getattr__(self, name: str) -> str:
        return "x"

    def __getitem__(self, key: object) -> str:
        return "x"


def _facts(template) -> tuple[list[str], set[str], set[str]] | None:
    """The facts ``template`` reads, and which must be numbers or None (or objects of the
    game's own) for it to work."""
    if not callable(template):
        fields = [f for _, f, _, _ in string.Formatter().parse(template) if f]
        keys = [f.split(".")[0].split("[")[0] for f in fields]
        objects = {f.split(".")[0].split("[")[0] for f in fields if "." in f or "[" in f}
        numeric: set[str] = set()
        for _ in range(len(keys) + 1):
            try:
                template.format(
                    **{k: 3 if k in numeric else "x" for k in keys if k not in objects},
                    **{k: _Object() for k in objects},
                )
                return sorted(set(keys)), numeric, objects
            except (ValueError, TypeError):
                numeric.add(next(k for k in keys if k not in numeric | objects))
        return None
    numeric, flags = set(), set()
    for _ in range(30):
        rec = _Recorder(numeric, flags)
        try:
            template(rec)
            return sorted(set(rec.read)), numeric, flags
        except Exception:  # a fact of the wrong kind: the last one read becomes a number, then None
            if not rec.read:
                return None
            last = rec.read[-1]
            (flags if last in numeric else numeric).add(last)
    return None


def _tables():
    for prefix, module in sorted(set(notices.DOMAINS.items())):
        for code, t in importlib.import_module(module).TEXTS.items():
            if isinstance(t, catalogue.Message):  # a moved table: its English, as said
                t = partial(catalogue.render, code, t)
            if code.startswith(prefix + "."):
                yield f"notice {code}", t, (lambda t, d, code=code: notices.phrase(code, **d))
    for name, t in seat.MESSAGES.items():
        if isinstance(t, catalogue.Message):  # on the catalogue: its English, as said
            t = partial(catalogue.render, f"seat.{name}", t)
        yield f"seat {name}", t, (lambda t, d, name=name: seat.phrase(name, **d))


CASES = []
for label, template, lookup in _tables():
    found = _facts(template)
    if found and [k for k in found[0] if k not in found[1] | found[2]]:
        CASES.append(pytest.param(template, lookup, found, id=label))


def test_every_table_has_templates_with_text_facts():
    # the tables are found and read: a change that hides them from this test fails here
    labels = {c.id.split()[0] for c in CASES}
    assert {"notice", "seat"} <= labels
    assert len(CASES) > 60
    assert any(c.id == "notice review.written" for c in CASES)  # review_text("written"), on the catalogue
    assert any(c.id == "seat key_error" for c in CASES)


def _flag(template) -> Any:
    return None if callable(template) else _Object()


def _lines_of_template(template, keys, numeric, flags) -> int:
    plain = {k: (3 if k in numeric else _flag(template) if k in flags else "x") for k in keys}
    text = template(plain) if callable(template) else template.format(**plain)
    return text.count("\n")


@pytest.mark.parametrize("template,lookup,found", CASES)
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_text_facts_stay_one_visible_line(template, lookup, found, data):
    keys, numeric, flags = found
    facts: dict[str, Any] = {}
    for k in keys:
        if k in numeric:
            facts[k] = 3
        elif k in flags:
            facts[k] = _flag(template)
        else:
            raw = data.draw(HOSTILE, label=k)
            kind = data.draw(st.sampled_from(["str", "path", "error"]), label=k + " kind")
            facts[k] = {"str": raw, "path": Path("/tmp") / raw.replace("\x00", "0"), "error": OSError(5, raw)}[kind]
    text = lookup(template, facts)
    assert text.count("\n") == _lines_of_template(template, keys, numeric, flags), text
    for line in text.split("\n"):
        assert line.isprintable(), repr(line)


def test_key_error_and_review_path_examples():
    # the examples, as a player would meet them
    assert seat.phrase("key_error", error="bad\nYou win.") == "Something went wrong with that key: bad\\nYou win.."
    written = review.review_text("written", number=2, path=Path("/tmp/a\nb\x1b[2J"), lines=9)
    assert written == "Game 2 written to /tmp/a\\nb\\x1b[2J: 9 lines."
    assert notices.phrase("storage.unreadable", error=OSError(5, "I/O\nerror")).count("\n") == 0


def test_output_names_are_the_same_functions():
    from spoken_cribbage.app import output

    assert output.visible is visible and output.one_line is one_line
    assert os.linesep not in one_line("a" + os.linesep + "b")

"""Words in one place: no module outside ``spoken_cribbage/words`` writes a sentence a player could
read or hear. Lower layers hand over notices and problems (``spoken_cribbage.notice``); ``words``
phrases them. This scans the source for sentence-like string literals (a capital, words, a full
stop, question or exclamation mark or colon at the end), docstrings and comments left aside."""

from __future__ import annotations

import ast
import re

from testkit import ROOT

PACKAGE = ROOT / "spoken_cribbage"
SENTENCE = re.compile(r"^[A-Z][a-z']*( \S+)+[.?!:]$")


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):  # an f-string: its fixed parts, {} for each field
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def sentences_outside_words() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "words":
            continue
        tree = ast.parse(path.read_text(), str(path))
        skip = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                skip.add(id(node.value))  # docstrings, attribute docstrings
            if isinstance(node, ast.JoinedStr):
                skip.update(id(v) for v in node.values)
        for node in ast.walk(tree):
            text = None if id(node) in skip else _literal(node)
            if text and SENTENCE.match(text.strip()):
                found.append(f"{rel}:{node.lineno}: {text!r}")
    return found


def test_no_module_outside_words_writes_a_sentence():
    assert sentences_outside_words() == []


def test_the_scan_would_see_one():
    # the guard itself can fail: a sentence like the ones words holds is caught
    tree = ast.parse('x = f"Your turn. Count {n}."\ny = "Speech is off: no sound device."')
    texts = [_literal(n.value) for n in ast.walk(tree) if isinstance(n, ast.Assign)]
    assert texts == ["Your turn. Count {}.", "Speech is off: no sound device."]
    assert all(SENTENCE.match(t) for t in texts)

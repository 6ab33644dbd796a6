"""A seeded piped two-player game in French and in simplified Chinese (issue 27, part a): the
announcer, the card names, the hand counts, the answers to the keys and the seat's sentences
read wholly in that language. None of the English of those tables (words.catalogue.CODE_TABLES)
appears in the output; the terms the glossary keeps in English (go, muggins, skunk) may."""

from __future__ import annotations

import importlib
import re
import string
import subprocess

import pytest

from spoken_cribbage.words import catalogue
from testkit import BIN, game_env

#: the keys asked once (c b f v p h t s s: count, crib, starter, table, held, hand, turn,
#: scores, pegs), then whole deals: lay away, play card after card, Enter for the next deal
INPUT = (
    "\n".join(
        ["1 2", "c", "b", "f", "v", "p", "h", "t", "s", "s"]
        + [line for _ in range(12) for line in ["1 2", *"123456" * 3, ""]]
        + ["q", "y"]
    )
    + "\n"
)
#: English words the French and Chinese sentences keep (the glossary's terms), and 'points',
#: a French word too ('New game to {target} points: ...')
KEPT = {"go", "Go", "Muggins", "muggins", "skunk", "double skunk", "points"}


def _english_fragments() -> set[str]:
    """The English words of every message of the tables, between their placeholders, that
    have a word of four letters or more."""
    found = set()
    for module in catalogue.CODE_TABLES:
        for message in importlib.import_module(module).CODES.values():
            for text in (message.english, message.plural or ""):
                for literal, *_ in string.Formatter().parse(text):
                    words = literal.strip(" .,:;!?'")
                    if re.search(r"[A-Za-z]{4,}", words) and words not in KEPT:
                        found.add(words)
    return found


def _play(home, language: str) -> str:
    run = subprocess.run(
        [str(BIN), "--seed", "101", "--speech", "off", "--cues", "off", "--language", language],
        input=INPUT,
        capture_output=True,
        text=True,
        timeout=120,
        env=game_env(home),
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.parametrize("language", ["fr", "zh-Hans"])
def test_a_whole_game_reads_in_the_language(tmp_path, language):
    out = _play(tmp_path, language)
    said = [line for line in out.splitlines() if not line.startswith("> ")]
    assert len(said) > 500  # the whole game, to its end
    fragments = _english_fragments()
    assert len(fragments) > 300
    english = sorted({f for f in fragments for line in said if re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", line)})
    assert english == []
    calls = {
        "fr": ["Quinze deux, quinze quatre et une paire font six.", "Une paire, deux et le valet font trois."],
        "zh-Hans": ["十五 2 分、十五 4 分、3 张顺子 7 分。", "对子 2 分、右杰克 3 分。"],
    }[language]
    for call in calls:
        assert call in said
    if language == "fr":
        assert "L'ordinateur joue l'as de pique. Total 9." in said
        assert "Cartes en main : vous 4, l'ordinateur 4." in said
    else:
        assert "电脑出黑桃 A。累计 9。" in said and "手中的牌：你 4 张，电脑 4 张。" in said

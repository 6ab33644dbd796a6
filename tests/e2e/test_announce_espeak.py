"""A spoken hand never runs a number into a rank, proved with espeak-ng's own phonemes.

``espeak-ng -q -x TEXT`` prints the phonemes it would speak, one clause per line: a new line is
a clause boundary, where espeak pauses (after a colon, a comma, a full stop). The old hand,
'1 two of clubs, 2 two of hearts', gives ``w'0n t'u: 0v kl'Vbz``: 'one two of clubs' in one
breath. The new hand, 'Card 1: two of clubs.', must put every number at the end of a clause.
"""

import os
import shutil
import subprocess

import pytest

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import RANK_NAMES, parse_cards
from spoken_cribbage.words.announce import Announcer, Answers, Names, numbered_hand

ESPEAK = shutil.which("espeak-ng")
if ESPEAK is None:
    if os.environ.get("CI"):
        pytest.fail("espeak-ng is not installed: CI must prove the spoken hand with it", pytrace=False)
    pytestmark = pytest.mark.skip(
        reason="espeak-ng is not installed (apt install espeak-ng); in CI this test fails instead"
    )


def clauses(text: str) -> list[list[str]]:
    """espeak-ng's phonemes for ``text``: one list of words per clause, stress marks removed."""
    out = subprocess.run(
        [ESPEAK, "-q", "-v", "en", "-x", text], capture_output=True, text=True, timeout=30, check=True
    ).stdout
    return [
        [w.strip("'_,") for w in line.replace("'", "").replace(",", "").split()]
        for line in out.splitlines()
        if line.strip()
    ]


def words_of(text: str) -> list[str]:
    [clause] = clauses(text)
    return clause


NUMBERS = {n: words_of(str(n)) for n in range(1, 10)}
RANKS = {name: words_of(name)[0] for name in RANK_NAMES[1:]}


def merges(text: str) -> list[str]:
    """Every place where a number's phonemes run on, in the same clause, into a rank word."""
    found = []
    for clause in clauses(text):
        for ph in NUMBERS.values():
            k = len(ph)
            for i in range(len(clause) - k):
                if clause[i : i + k] == ph and clause[i + k] in RANKS.values():
                    found.append(" ".join(clause))
    return found


HAND = parse_cards("2C 2H 5S 9D JC KH")


def test_the_old_numbered_hand_merges_numbers_into_ranks():
    old = "Your hand: " + ", ".join(f"{i} {c.name}" for i, c in enumerate(HAND, 1)) + "."
    assert len(merges(old)) == len(HAND)  # 'one two of clubs', 'two two of hearts', ...


def test_the_new_numbered_hand_ends_a_clause_after_every_number():
    text = numbered_hand(HAND)
    assert text.startswith("Card 1: two of clubs. Card 2: two of hearts.")
    assert merges(text) == []
    heard = clauses(text)
    for n in range(1, len(HAND) + 1):
        # 'card N' is a clause of its own: the number is the last thing before the pause
        assert ["kA@d", *NUMBERS[n]] in heard, heard


def test_kept_numbers_with_gaps_and_every_hand_the_game_speaks():
    text = numbered_hand(HAND[::2], [1, 3, 5])
    assert text == "Card 1: two of clubs. Card 3: five of spades. Card 5: jack of clubs."
    assert merges(text) == []
    gm = g.Game(seed=3)
    names = Names()
    spoken = [line.speech for line in Announcer(names).announce(gm.events) if line.kind == "hand"]
    assert spoken and all(merges(s) == [] for s in spoken)
    gm.apply(g.Discard(0, tuple(gm.hands[0][:2])))
    gm.apply(g.Discard(1, tuple(gm.hands[1][:2])))
    answers = Answers(gm, names)
    numbering = [None, *gm.hands[0][1:]]
    assert merges(answers.hand()) == [] and merges(answers.hand(numbering)) == []
    assert "Card 1:" not in answers.hand(numbering) and "Card 2:" in answers.hand(numbering)

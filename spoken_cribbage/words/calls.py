"""The counts as players call them aloud: a hand's show ('fifteen two, fifteen four, and a pair
is six') and the points of a card played ('fifteen and a pair for four')."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spoken_cribbage.engine.cards import RANK_NAMES, Card
from spoken_cribbage.engine.scoring import ScoreItem
from spoken_cribbage.words.lines import list_words
from spoken_cribbage.words.numbers import number_words

_PAIR_GROUP = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}
_RUN_COUNT = {1: "a run", 2: "two runs", 3: "three runs", 4: "four runs"}


def the_ranks(cards: Sequence[Card], full: Iterable[int] = ()) -> str:
    """'the five and the jack', 'the two, the three and the king'; ranks in ``full`` get their
    suit too ('the four of clubs'), when two cards of that rank are in the count."""
    full = set(full)
    return list_words([f"the {c.name if c.rank in full else RANK_NAMES[c.rank]}" for c in cards])


def show_call(items: Sequence[ScoreItem], *, name_fifteens: bool = False) -> str:
    """The count as players say it: 'fifteen two, fifteen four, and a pair is six'.

    With ``name_fifteens`` (the coach) each fifteen names its cards: 'fifteen two with the five
    and the jack'."""
    parts: list[str] = []
    total = 0
    fifteens = [i for i in items if i.kind == "fifteen"]
    seen = {c for i in fifteens for c in i.cards}
    twice = {c.rank for c in seen if sum(d.rank == c.rank for d in seen) > 1}
    for i in fifteens:
        total += i.points
        with_cards = f" with {the_ranks(i.cards, twice)}" if name_fifteens and i.cards else ""
        parts.append(f"fifteen {number_words(total)}{with_cards}")
    pair_groups: dict[int, int] = {}
    for i in items:
        if i.kind == "pair":
            pair_groups[i.cards[0].rank] = pair_groups.get(i.cards[0].rank, 0) + 1
    first_pair = True
    for n in pair_groups.values():
        total += 2 * n
        phrase = _PAIR_GROUP.get(n, f"{n} pairs")
        if n == 1 and not first_pair:
            phrase = "another pair"
        first_pair = False
        parts.append(f"and {phrase} is {number_words(total)}")
    runs = [i for i in items if i.kind == "run"]
    if runs:
        total += sum(i.points for i in runs)
        length = runs[0].points
        parts.append(
            f"and {_RUN_COUNT.get(len(runs), f'{len(runs)} runs')} of {number_words(length)} is {number_words(total)}"
        )
    for i in items:
        if i.kind == "flush":
            total += i.points
            parts.append(f"and a flush of {number_words(len(i.cards))} is {number_words(total)}")
        elif i.kind == "nobs":
            total += i.points
            parts.append(f"and his nobs is {number_words(total)}")
    if not parts:
        return "nineteen"
    if parts[0].startswith("and "):
        parts[0] = parts[0][4:]
    return ", ".join(parts)


_PLAY_NAMES = {
    "fifteen": "fifteen",
    "thirty-one": "thirty-one",
    "pair": "a pair",
    "pair royal": "a pair royal",
    "double pair royal": "a double pair royal",
}


def play_call(items: Sequence[ScoreItem]) -> str:
    """Points for a card played: 'fifteen two', 'thirty-one for two', 'a pair for two',
    'fifteen and a pair for four', 'a run of three for three'."""
    total = sum(i.points for i in items)
    names = [_PLAY_NAMES.get(i.kind, f"a run of {number_words(i.points)}") for i in items]
    if names == ["fifteen"]:
        return "fifteen two"
    return f"{' and '.join(names)} for {number_words(total)}"

"""The counts as players call them aloud: a hand's show ('fifteen two, fifteen four, and a pair
is six') and the points of a card played ('fifteen and a pair for four').

Each part of a call is a message of the catalogue (words.catalogue), with the running total
said as the language says it in a call (:func:`~spoken_cribbage.words.numbers.said_number`):
'fifteen two, fifteen four, and a pair is six', 'quinze deux, quinze quatre et une paire font
six', '十五 2 分、十五 4 分、对子 6 分'. The first part of a call and the parts after it are
separate messages (``call.first``, ``call.next``), each bringing its own joining words, since
languages join the parts differently.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spoken_cribbage.engine.cards import RANK_NAMES, RANK_SHORT, Card
from spoken_cribbage.engine.scoring import ScoreItem
from spoken_cribbage.words.catalogue import Message, say, text
from spoken_cribbage.words.lines import list_words, rank_name, the_card
from spoken_cribbage.words.numbers import said_number

_PAIR_GROUP = {1: "call.pair", 3: "call.pair_royal", 6: "call.double_pair_royal"}
_RUN_COUNT = {1: "call.runs.1", 2: "call.runs.2", 3: "call.runs.3", 4: "call.runs.4"}
_PLAY_NAMES = {
    "fifteen": "play.fifteen",
    "thirty-one": "play.thirty_one",
    "pair": "play.pair",
    "pair royal": "play.pair_royal",
    "double pair royal": "play.double_pair_royal",
}

_SHOW = "in a hand's count called aloud ('fifteen two, fifteen four, and a pair is six')"
CODES: dict[str, Message] = {
    **{
        f"card.the_rank.{r}": Message(
            "the {rank}",
            f"a card of rank {RANK_SHORT[r]} named by its rank with the article, as in 'fifteen two with "
            f"the five and the {RANK_NAMES[r]}' (the coach names a fifteen's cards)",
        )
        for r in range(1, 14)
    },
    "call.fifteen": Message("fifteen {total}", f"a fifteen and the running total, {_SHOW}; {{total}} in words"),
    "call.fifteen_with": Message(
        "fifteen {total} with {cards}",
        f"a fifteen, the running total and its cards (the coach), {_SHOW}, as in 'fifteen two with the "
        "five and the jack'",
    ),
    "call.first": Message(
        "{what} is {total}",
        f"the first part of a count that has no fifteen, {_SHOW}: 'a pair is two'; {{what}} is what scores "
        "(call.pair ...), {total} the running total in words",
    ),
    "call.next": Message(
        "and {what} is {total}",
        f"a part of a count after the first, {_SHOW}: '..., and a pair is six'; {{what}} is what scores, "
        "{total} the running total in words (the parts are joined by call.join)",
    ),
    "call.join": Message(
        "{call}, {part}",
        f"the call so far and a fifteen after it, {_SHOW}: 'fifteen two' and 'fifteen four'",
    ),
    "call.join_next": Message(
        "{call}, {part}",
        f"the call so far and a part after it that is not a fifteen (call.next), {_SHOW}: "
        "'fifteen two, fifteen four' and 'and a pair is six'",
    ),
    "call.pair": Message("a pair", f"a pair, {_SHOW}"),
    "call.another_pair": Message("another pair", f"a second pair of another rank, {_SHOW}: 'and another pair is four'"),
    "call.pair_royal": Message("a pair royal", f"three of a rank (6 points), {_SHOW}"),
    "call.double_pair_royal": Message("a double pair royal", f"four of a rank (12 points), {_SHOW}"),
    "call.runs.1": Message("a run of {length}", f"a run and its length in words, {_SHOW}: 'a run of three'"),
    "call.runs.2": Message("two runs of {length}", f"two runs of the same cards but one, {_SHOW}"),
    "call.runs.3": Message("three runs of {length}", f"three runs (a pair royal inside a run), {_SHOW}"),
    "call.runs.4": Message("four runs of {length}", f"four runs (two pairs inside a run), {_SHOW}"),
    "call.runs.n": Message(
        "{n} runs of {length}",
        f"more than four runs of the same cards (a hand of five cards), {_SHOW}: '8 runs of three'; {{n}} in digits",
    ),
    "call.flush": Message("a flush of {length}", f"a flush and its number of cards in words, {_SHOW}"),
    "call.nobs": Message("his nobs", f"the jack of the starter's suit in the hand (1 point), {_SHOW}"),
    "call.nineteen": Message(
        "nineteen", "a count of no points, called 'nineteen' (no hand counts 19), as in a muggins line"
    ),
    # the play
    "play.fifteen_two": Message("fifteen two", "a card played makes the count fifteen (2 points), said after it"),
    "play.call": Message(
        "{what} for {total}",
        "what a card played scores and its points, as in 'thirty-one for two', 'fifteen and a pair for "
        "four', 'a run of three for three'; {what} is what scores (play.*), {total} the points in words",
    ),
    "play.fifteen": Message("fifteen", "fifteen, as in 'fifteen and a pair for four' (a card played)"),
    "play.thirty_one": Message("thirty-one", "the count reaches 31, as in 'thirty-one for two' (a card played)"),
    "play.pair": Message("a pair", "a card played pairs the one before, as in 'a pair for two'"),
    "play.pair_royal": Message("a pair royal", "the third card of a rank in a row, as in 'a pair royal for six'"),
    "play.double_pair_royal": Message(
        "a double pair royal", "the fourth card of a rank in a row, as in 'a double pair royal for twelve'"
    ),
    "play.run": Message("a run of {length}", "a run made in the play, as in 'a run of three for three'"),
}


def _t(code: str, **facts: object) -> str:
    return say(CODES[code], facts, code)


def the_ranks(cards: Sequence[Card], full: Iterable[int] = ()) -> str:
    """'the five and the jack', 'the two, the three and the king'; ranks in ``full`` get their
    suit too ('the four of clubs'), when two cards of that rank are in the count."""
    full = set(full)
    return list_words(
        [the_card(c) if c.rank in full else _t(f"card.the_rank.{c.rank}", rank=rank_name(c.rank)) for c in cards]
    )


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
        if name_fifteens and i.cards:
            parts.append(_t("call.fifteen_with", total=said_number(total), cards=the_ranks(i.cards, twice)))
        else:
            parts.append(_t("call.fifteen", total=said_number(total)))

    def scored(what: str) -> None:
        parts.append(_t("call.next" if parts else "call.first", what=what, total=said_number(total)))

    pair_groups: dict[int, int] = {}
    for i in items:
        if i.kind == "pair":
            pair_groups[i.cards[0].rank] = pair_groups.get(i.cards[0].rank, 0) + 1
    first_pair = True
    for n in pair_groups.values():
        total += 2 * n
        code = "call.another_pair" if n == 1 and not first_pair else _PAIR_GROUP[n]
        first_pair = False
        scored(_t(code))
    runs = [i for i in items if i.kind == "run"]
    if runs:
        total += sum(i.points for i in runs)
        code = _RUN_COUNT.get(len(runs), "call.runs.n")
        scored(_t(code, n=len(runs), length=said_number(runs[0].points)))
    for i in items:
        if i.kind == "flush":
            total += i.points
            scored(_t("call.flush", length=said_number(len(i.cards))))
        elif i.kind == "nobs":
            total += i.points
            scored(_t("call.nobs"))
    if not parts:
        return text("call.nineteen", CODES["call.nineteen"])
    call = parts[0]
    for k, part in enumerate(parts[1:], 1):
        call = _t("call.join" if k < len(fifteens) else "call.join_next", call=call, part=part)
    return call


def play_call(items: Sequence[ScoreItem]) -> str:
    """Points for a card played: 'fifteen two', 'thirty-one for two', 'a pair for two',
    'fifteen and a pair for four', 'a run of three for three'."""
    total = sum(i.points for i in items)
    if [i.kind for i in items] == ["fifteen"]:
        return text("play.fifteen_two", CODES["play.fifteen_two"])
    names = [
        _t(_PLAY_NAMES[i.kind]) if i.kind in _PLAY_NAMES else _t("play.run", length=said_number(i.points))
        for i in items
    ]
    return _t("play.call", what=list_words(names), total=said_number(total))

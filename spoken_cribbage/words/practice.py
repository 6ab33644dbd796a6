"""The words of ``spoken-cribbage practice``: counting a hand and choosing a discard, one line
at a time, each question the last line before the program waits.

The count is explained in the traditional calls, one item a line, each with its cards:

>>> from spoken_cribbage.engine.cards import parse_cards, parse_card
>>> from spoken_cribbage.engine.scoring import score_hand
>>> hand, starter = parse_cards("5H 10C JC 4D"), parse_card("6S")
>>> for line in count_lines(score_hand(hand, starter).items, [*hand, starter]):
...     print(line)
Fifteen two with the five and the ten.
Fifteen four with the five and the jack.
Fifteen six with the four, the five and the six.
A run of three with the four, the five and the six is nine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spoken_cribbage.engine.cards import RANK_PLURALS, SUIT_NAMES, Card
from spoken_cribbage.engine.scoring import ScoreItem
from spoken_cribbage.words.announce import cap, card_list, hand_lines, the_ranks
from spoken_cribbage.words.calculator import kept_and_laid
from spoken_cribbage.words.numbers import number_words

if TYPE_CHECKING:
    from spoken_cribbage.ai.discard import DiscardOption

_PAIRS = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}


def count_lines(items: Sequence[ScoreItem], cards: Sequence[Card]) -> list[str]:
    """The count as players call it, one item a line, each naming its cards (a rank held twice
    names its suits): fifteens, pairs, runs, flush, nobs, with the running total."""
    ranks = [c.rank for c in cards]
    twice = {r for r in ranks if ranks.count(r) > 1}
    total = 0
    lines: list[str] = []
    for i in items:
        if i.kind == "fifteen":
            total += i.points
            lines.append(f"Fifteen {number_words(total)} with {the_ranks(i.cards, twice)}.")
    groups: dict[int, int] = {}
    for i in items:
        if i.kind == "pair":
            groups[i.cards[0].rank] = groups.get(i.cards[0].rank, 0) + 1
    for rank, n in groups.items():
        total += 2 * n
        what = _PAIRS.get(n, f"{n} pairs")
        lines.append(f"{cap(what)} of {RANK_PLURALS[rank]} is {number_words(total)}.")
    first_run = True
    for i in items:
        if i.kind != "run":
            continue
        total += i.points
        which = "a run" if first_run else "another run"
        first_run = False
        lines.append(
            f"{cap(which)} of {number_words(len(i.cards))} with {the_ranks(i.cards, twice)} is {number_words(total)}."
        )
    for i in items:
        if i.kind == "flush":
            total += i.points
            lines.append(
                f"A flush of {number_words(len(i.cards))} in {SUIT_NAMES[i.cards[0].suit]} is {number_words(total)}."
            )
        elif i.kind == "nobs":
            total += i.points
            lines.append(f"His nobs, the {i.cards[0].name}, is {number_words(total)}.")
    if not lines:
        return ["Nineteen: not a point in it."]
    return lines


MESSAGES: dict[str, str] = {
    # counting
    "count_intro": (
        "Counting practice: {rounds} {whats}, each with its starter. Type the count "
        "and press Enter; Escape, or q and Enter, stops."
    ),
    "count_deal": "{What} {n} of {rounds}: {cards}.",
    "count_starter": "The starter is the {card}.",
    "count_question": "Your count?",
    "count_bad": "Type the count as a number, like 8; Escape, or q and Enter, stops.",
    "count_too_big": "No hand counts {given}: the most is 29, and 0 or 19 means none.",
    "count_right": "Right: {total}.",
    "count_nineteen": "Right: nineteen, not a point.",
    "count_wrong": "Not quite: it is {total}, not {given}.",
    "count_total": "Total: {total}.",
    "count_session": ("This time: {right} of {rounds} right, {seconds:.1f} seconds a {what} on average."),
    # discards
    "discard_intro": (
        "Discard practice: {rounds} {deals} of six cards. Type the numbers or names "
        "of the 2 cards to lay away, like 1 4 or 5h kd, and press Enter; Escape, "
        "or q and Enter, stops."
    ),
    "discard_deal": "Deal {n} of {rounds}. {Whose} crib.",
    "discard_question": "Which 2 cards do you lay away?",
    "discard_bad": "Choose 2 different cards of the six, by number, 1 to 6, or by name, like 1 4 or 5h kd.",
    "discard_one": "You named one card, the {card}: name 2.",
    "discard_not_held": "You don't have the {card}: choose 2 of these six, by number or name.",
    "discard_best": "You lay away the {cards}: the expert's choice too, net {net:.1f}.",
    "discard_expert": "The expert keeps {keep} and lays away {away}: net {net:.1f}.",
    "discard_cost": ("Yours nets {net:.1f}, number {rank} of 15: it costs {cost:.1f} points on average."),
    "discard_session": (
        "This time: the expert's choice {right} of {rounds}, {cost:.1f} points "
        "given away and {seconds:.1f} seconds a deal on average."
    ),
    # both
    "stopped": "Practice stopped.",
    "not_recorded": "This practice is not kept in your statistics: {reason}.",
}


def say(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` of :data:`MESSAGES`."""
    one = facts.get("rounds") == 1
    what = str(facts.get("what", ""))
    return MESSAGES[message].format(whats=what if one else f"{what}s", deals="deal" if one else "deals", **facts)


def count_deal(n: int, rounds: int, cards: Sequence[Card], crib: bool) -> str:
    """'Hand 1 of 5: five of hearts, ... and king of spades.'"""
    what = "crib" if crib else "hand"
    return say("count_deal", What=cap(what), n=n, rounds=rounds, cards=card_list(cards))


def discard_deal(n: int, rounds: int, hand: Sequence[Card], dealer: bool) -> list[str]:
    """'Deal 1 of 5. Your crib.', then the hand numbered ('Card 1: ...'), lines under 80."""
    whose = "Your" if dealer else "Your opponent's"
    return [say("discard_deal", n=n, rounds=rounds, Whose=whose), *hand_lines(hand)]


def discard_verdict(chosen: Sequence[Card], mine: DiscardOption, best: DiscardOption, rank: int) -> list[str]:
    """What the expert kept and what the player's choice cost (``mine`` and ``best`` are the
    analyzer's options; ``rank`` the place of the player's among the 15)."""
    cost = round(best.net, 1) - round(mine.net, 1)  # as the two nets are said
    if rank == 1 or best.net - mine.net < 0.005:
        return [say("discard_best", cards=card_list(chosen), net=mine.net)]
    keep, away = kept_and_laid(best.keep, best.discard)
    return [
        say("discard_expert", keep=keep, away=away, net=best.net),
        say("discard_cost", net=mine.net, rank=rank, cost=cost),
    ]

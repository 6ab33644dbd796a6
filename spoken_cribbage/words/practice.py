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
from typing import TYPE_CHECKING, Any

from spoken_cribbage.engine.cards import Card
from spoken_cribbage.engine.scoring import ScoreItem
from spoken_cribbage.words.calculator import kept_and_laid, rank_plural, suit_plural
from spoken_cribbage.words.calls import the_ranks
from spoken_cribbage.words.catalogue import Message, number, render
from spoken_cribbage.words.catalogue import say as catalogue_say
from spoken_cribbage.words.lines import card_list, hand_lines, the_card, the_cards
from spoken_cribbage.words.notices import Template
from spoken_cribbage.words.numbers import said_number

if TYPE_CHECKING:
    from spoken_cribbage.ai.discard import DiscardOption

_COUNT = "'spoken-cribbage practice count'"
_LINE = f"{_COUNT}: a line of the count explained, the running total {{total}} in words"
_DISCARD = "'spoken-cribbage practice discard'"
_ENDS = "Escape, or q and Enter, stops"

#: The messages of practice (codes ``practice.*``), said in the player's language.
TEXTS: dict[str, Template] = {
    # the count explained, one item a line
    "practice.line.fifteen": Message("Fifteen {total} with {cards}.", f"{_LINE}: a fifteen and its cards"),
    "practice.line.pair": Message("A pair of {ranks} is {total}.", f"{_LINE}: a pair; {{ranks}} as in 'fives'"),
    "practice.line.pair_royal": Message("A pair royal of {ranks} is {total}.", f"{_LINE}: three of a rank"),
    "practice.line.double_pair_royal": Message(
        "A double pair royal of {ranks} is {total}.", f"{_LINE}: four of a rank"
    ),
    "practice.line.run": Message(
        "A run of {size} with {cards} is {total}.", f"{_LINE}: the first run; {{size}} its cards in words"
    ),
    "practice.line.another_run": Message(
        "Another run of {size} with {cards} is {total}.", f"{_LINE}: a run after the first (a double run)"
    ),
    "practice.line.flush": Message(
        "A flush of {size} in {suit} is {total}.", f"{_LINE}: a flush; {{suit}} as in 'hearts'"
    ),
    "practice.line.nobs": Message("His nobs, {card}, is {total}.", f"{_LINE}: the jack of the starter's suit"),
    "practice.line.nineteen": Message(
        "Nineteen: not a point in it.", f"{_COUNT}: a hand worth nothing ('nineteen', as players say)"
    ),
    # counting
    "practice.count_intro.hand": Message(
        "Counting practice: {rounds} hand, each with its starter. Type the count and press Enter; " + _ENDS + ".",
        f"{_COUNT}: the first line",
        plural="Counting practice: {rounds} hands, each with its starter. Type the count and press Enter; "
        + _ENDS
        + ".",
        count="rounds",
    ),
    "practice.count_intro.crib": Message(
        "Counting practice: {rounds} crib, each with its starter. Type the count and press Enter; " + _ENDS + ".",
        f"{_COUNT} --crib: the first line",
        plural="Counting practice: {rounds} cribs, each with its starter. Type the count and press Enter; "
        + _ENDS
        + ".",
        count="rounds",
    ),
    "practice.count_deal.hand": Message("Hand {n} of {rounds}: {cards}.", f"{_COUNT}: the hand to count"),
    "practice.count_deal.crib": Message("Crib {n} of {rounds}: {cards}.", f"{_COUNT} --crib: the crib to count"),
    "practice.count_starter": Message("The starter is {card}.", f"{_COUNT}: the starter, after the hand"),
    "practice.count_question": Message("Your count?", f"{_COUNT}: the question, the last line"),
    "practice.count_bad": Message("Type the count as a number, like 8; " + _ENDS + ".", f"{_COUNT}: not a number"),
    "practice.count_too_big": Message(
        "No hand counts {given}: the most is 29, and 0 or 19 means none.", f"{_COUNT}: a number no hand counts"
    ),
    "practice.count_right": Message("Right: {total}.", f"{_COUNT}: the right count"),
    "practice.count_nineteen": Message("Right: nineteen, not a point.", f"{_COUNT}: a hand of nothing counted right"),
    "practice.count_wrong": Message("Not quite: it is {total}, not {given}.", f"{_COUNT}: a wrong count"),
    "practice.count_total": Message("Total: {total}.", f"{_COUNT}: after the count explained"),
    "practice.count_session.hand": Message(
        "This time: {right} of {rounds} right, {seconds:.1f} seconds a hand on average.",
        f"{_COUNT}: the end (the forms by {{right}}, the counts right)",
        plural="This time: {right} of {rounds} right, {seconds:.1f} seconds a hand on average.",
        count="right",
    ),
    "practice.count_session.crib": Message(
        "This time: {right} of {rounds} right, {seconds:.1f} seconds a crib on average.",
        f"{_COUNT} --crib: the end (the forms by {{right}}, the counts right)",
        plural="This time: {right} of {rounds} right, {seconds:.1f} seconds a crib on average.",
        count="right",
    ),
    # discards
    "practice.discard_intro": Message(
        "Discard practice: {rounds} deal of six cards. Type the numbers or names of the 2 cards to lay away, "
        "like 1 4 or 5h kd, and press Enter; " + _ENDS + ".",
        f"{_DISCARD}: the first line (card names typed as in English: 5h kd)",
        plural="Discard practice: {rounds} deals of six cards. Type the numbers or names of the 2 cards to lay "
        "away, like 1 4 or 5h kd, and press Enter; " + _ENDS + ".",
        count="rounds",
    ),
    "practice.discard_deal.yours": Message("Deal {n} of {rounds}. Your crib.", f"{_DISCARD}: a deal, your crib"),
    "practice.discard_deal.opponent": Message(
        "Deal {n} of {rounds}. Your opponent's crib.", f"{_DISCARD}: a deal, the opponent's crib"
    ),
    "practice.discard_question": Message("Which 2 cards do you lay away?", f"{_DISCARD}: the question"),
    "practice.discard_bad": Message(
        "Choose 2 different cards of the six, by number, 1 to 6, or by name, like 1 4 or 5h kd.",
        f"{_DISCARD}: an answer that is not two cards",
    ),
    "practice.discard_one": Message("You named one card, {card}: name 2.", f"{_DISCARD}: one card named"),
    "practice.discard_not_held": Message(
        "You don't have {card}: choose 2 of these six, by number or name.", f"{_DISCARD}: a card not in the hand"
    ),
    "practice.discard_best": Message(
        "You lay away {cards}: the expert's choice too, net {net:.1f}.", f"{_DISCARD}: the best choice"
    ),
    "practice.discard_expert": Message(
        "The expert keeps {keep} and lays away {away}: net {net:.1f}.", f"{_DISCARD}: the expert's choice"
    ),
    "practice.discard_cost": Message(
        "Yours nets {net:.1f}, number {rank} of 15: it costs {cost:.1f} points on average.",
        f"{_DISCARD}: what the player's choice cost",
    ),
    "practice.discard_session": Message(
        "This time: the expert's choice {right} of {rounds}, {cost:.1f} points given away and "
        "{seconds:.1f} seconds a deal on average.",
        f"{_DISCARD}: the end",
    ),
    # both
    "practice.stopped": Message("Practice stopped.", "practice stopped by the player"),
    "practice.not_recorded": Message(
        "This practice is not kept in your statistics: {reason}.", "practice whose statistics cannot be saved"
    ),
}


def _t(code: str, **facts: Any) -> str:
    """A message said with facts already made (card names, numbers in words)."""
    message = TEXTS[code]
    assert isinstance(message, Message)
    return render(code, message, facts)


_PAIRS = {1: "pair", 3: "pair_royal", 6: "double_pair_royal"}


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
            lines.append(_t("practice.line.fifteen", total=said_number(total), cards=the_ranks(i.cards, twice)))
    groups: dict[int, int] = {}
    for i in items:
        if i.kind == "pair":
            groups[i.cards[0].rank] = groups.get(i.cards[0].rank, 0) + 1
    for rank, n in groups.items():
        total += 2 * n
        lines.append(_t(f"practice.line.{_PAIRS[n]}", ranks=rank_plural(rank), total=said_number(total)))
    first_run = True
    for i in items:
        if i.kind != "run":
            continue
        total += i.points
        code = "practice.line.run" if first_run else "practice.line.another_run"
        first_run = False
        size = number(len(i.cards))
        lines.append(_t(code, size=size, cards=the_ranks(i.cards, twice), total=said_number(total)))
    for i in items:
        if i.kind == "flush":
            total += i.points
            suit = suit_plural(i.cards[0].suit)
            lines.append(_t("practice.line.flush", size=number(len(i.cards)), suit=suit, total=said_number(total)))
        elif i.kind == "nobs":
            total += i.points
            lines.append(_t("practice.line.nobs", card=the_card(i.cards[0]), total=said_number(total)))
    if not lines:
        return [_t("practice.line.nineteen")]
    return lines


#: facts that are cards, said by their names with the article
_CARD_FACTS = ("card",)


def say(message: str, /, **facts: Any) -> str:
    """The sentence ``practice.<message>`` in the player's language; ``what`` ('hand' or 'crib')
    chooses the form of a count sentence, and a card is named in the language."""
    what = facts.pop("what", None)
    code = f"practice.{message}"
    if what and f"{code}.{what}" in TEXTS:
        code = f"{code}.{what}"
    for key in _CARD_FACTS:
        if isinstance(facts.get(key), Card):
            facts[key] = the_card(facts[key])
    template = TEXTS[code]
    assert isinstance(template, Message)
    return catalogue_say(template, facts, code)


def count_deal(n: int, rounds: int, cards: Sequence[Card], crib: bool) -> str:
    """'Hand 1 of 5: five of hearts, ... and king of spades.'"""
    return say("count_deal", what="crib" if crib else "hand", n=n, rounds=rounds, cards=card_list(cards))


def discard_deal(n: int, rounds: int, hand: Sequence[Card], dealer: bool) -> list[str]:
    """'Deal 1 of 5. Your crib.', then the hand numbered ('Card 1: ...'), lines under 80."""
    return [say("discard_deal", what="yours" if dealer else "opponent", n=n, rounds=rounds), *hand_lines(hand)]


def discard_verdict(chosen: Sequence[Card], mine: DiscardOption, best: DiscardOption, rank: int) -> list[str]:
    """What the expert kept and what the player's choice cost (``mine`` and ``best`` are the
    analyzer's options; ``rank`` the place of the player's among the 15)."""
    cost = round(best.net, 1) - round(mine.net, 1)  # as the two nets are said
    if rank == 1 or best.net - mine.net < 0.005:
        return [say("discard_best", cards=the_cards(chosen), net=mine.net)]
    keep, away = kept_and_laid(best.keep, best.discard)
    return [
        say("discard_expert", keep=keep, away=away, net=best.net),
        say("discard_cost", net=mine.net, rank=rank, cost=cost),
    ]

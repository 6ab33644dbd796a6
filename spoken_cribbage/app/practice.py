"""``spoken-cribbage practice count|discard``: a coach at the table, outside a game.

``practice count [--crib]`` deals a hand and a starter, asks for the count, and explains the
right count in the traditional calls, each item with its cards. ``practice discard`` deals six
cards, takes the player's two for the crib, and says what the expert kept and what the choice
cost on average (the discard analyzer, :mod:`spoken_cribbage.ai.analyze`).

One line at a time; the question is the last line before the program waits. Answers are typed
(:mod:`spoken_cribbage.app.lineinput`): a count as a number, cards by number (1 to 6) or by name.
Escape stops at once, and so does q and Enter. Each round is kept in the statistics (right or
not, seconds taken, points given away), so accuracy and time add up across sessions.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time

from spoken_cribbage.ai.analyze import analyze_discards
from spoken_cribbage.app.lineinput import read_line
from spoken_cribbage.engine.cards import DECK, Card, sort_hand
from spoken_cribbage.engine.scoring import score_hand
from spoken_cribbage.notice import Notice
from spoken_cribbage.storage.stats import StatsDB, StatsError
from spoken_cribbage.vocabulary import CommandError, VoiceContext
from spoken_cribbage.vocabulary.languages import parse_in
from spoken_cribbage.words import catalogue
from spoken_cribbage.words.cli_help import help_text
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.practice import count_deal, count_lines, discard_deal, discard_verdict, say
from spoken_cribbage.words.stats import practice_sentences

EXIT_USAGE = 2
STOP = ("q", "quit", "stop")
#: The most a hand (or crib) can count.
MOST = 29


def add_practice_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("practice", help=help_text("practice"), description=help_text("practice:description"))
    p.add_argument("kind", choices=("count", "discard"), help=help_text("practice.kind"))
    p.add_argument("--crib", action="store_true", help=help_text("practice.--crib"))
    p.add_argument("--rounds", type=int, default=5, help=help_text("practice.--rounds"))
    p.add_argument("--seed", type=int, default=None, help=help_text("practice.--seed"))
    return p


def _out(*lines: str) -> None:
    for line in lines:
        print(line, flush=True)


class _Keeper:
    """The practice rounds into the statistics; a problem is said once and practice goes on."""

    def __init__(self) -> None:
        self.db: StatsDB | None = StatsDB()
        notice = self.db.open()
        if notice is not None:
            _out(phrase(notice))
            if notice.code in ("storage.stats_not_recorded", "storage.stats_not_moved"):
                self.db = None

    def record(self, kind: str, correct: bool, seconds: float, cost: float | None = None) -> None:
        if self.db is None:
            return
        try:
            self.db.record_practice(kind, correct, seconds, cost)
        except StatsError as e:
            _out(say("not_recorded", reason=phrase(e.reason)))
            self.db = None

    def overall(self, kind: str) -> list[str]:
        if self.db is None:
            return []
        try:
            return practice_sentences({kind: self.db.practice_summary()[kind]})
        except StatsError:
            return []


def run_practice(args) -> int:
    if args.rounds < 1:
        print(
            phrase("calculator.error", command="practice", message=phrase(Notice("calculator.rounds_at_least_one"))),
            file=sys.stderr,
        )
        return EXIT_USAGE
    if args.crib and args.kind != "count":
        print(
            phrase("calculator.error", command="practice", message=phrase(Notice("calculator.crib_is_for_count"))),
            file=sys.stderr,
        )
        return EXIT_USAGE
    rng = random.Random(args.seed if args.seed is not None else random.SystemRandom().randrange(2**31))
    keeper = _Keeper()
    if args.kind == "count":
        return _count(rng, args.rounds, args.crib, keeper)
    return _discard(rng, args.rounds, keeper)


def _answer() -> str | None:
    """The next answer typed, or None when the player stops."""
    line = read_line()
    if line is None or line.strip().lower() in STOP:
        return None
    return line.strip()


def _count(rng: random.Random, rounds: int, crib: bool, keeper: _Keeper) -> int:
    what = "crib" if crib else "hand"
    _out(say("count_intro", rounds=rounds, what=what))
    right = 0
    seconds: list[float] = []
    for n in range(1, rounds + 1):
        cards = rng.sample(DECK, 5)
        hand, starter = sort_hand(cards[:4]), cards[4]
        result = score_hand(hand, starter, is_crib=crib)
        _out(count_deal(n, rounds, hand, crib), say("count_starter", card=starter))
        start = time.monotonic()
        while True:
            _out(say("count_question"))
            text = _answer()
            if text is None:
                return _stop("count", right, seconds, keeper, what=what)
            if text.isdecimal() and text.isascii() and int(text) > MOST:
                _out(say("count_too_big", given=int(text)))  # a number, but no hand's count
                continue
            if re.fullmatch(r"\d{1,2}", text) and text.isascii():
                break
            _out(say("count_bad"))
        took = time.monotonic() - start
        given = int(text)
        correct = given == result.total or (given == 19 and result.total == 0)
        if correct and given == 19:
            _out(say("count_nineteen"))
        elif correct:
            _out(say("count_right", total=result.total))
        else:
            _out(say("count_wrong", total=result.total, given=given))
        _out(*count_lines(result.items, [*hand, starter]))
        if result.total:
            _out(say("count_total", total=result.total))
        right += correct
        seconds.append(took)
        keeper.record("count", correct, took)
    return _stop("count", right, seconds, keeper, what=what, finished=True)


def _chosen(text: str, hand: list[Card]) -> list[Card] | str:
    """The two cards named in ``text`` (numbers as the hand was read, or names, apart or joined
    by 'and' or commas: the game's own parser), or the sentence saying what is wrong."""
    if re.fullmatch(r"[1-6]{2}", text):  # "14": cards 1 and 4
        text = f"{text[0]} {text[1]}"
    ctx = VoiceContext("discard", tuple(hand))
    try:
        cmd = parse_in(text, ctx, catalogue.current())
    except CommandError as e:
        return say("discard_bad") if e.code == "command.unknown" else phrase(e)
    if cmd.verb != "discard" or (not cmd.cards and not cmd.numbers):
        return say("discard_bad")
    if not all(1 <= k <= len(hand) for k in cmd.numbers):
        return say("discard_bad")
    cards = [hand[k - 1] for k in cmd.numbers]
    for card in cmd.cards:
        if card not in hand:
            return say("discard_not_held", card=card)
        cards.append(card)
    if len(cards) == 1:
        return say("discard_one", card=cards[0])
    if len(cards) != 2 or cards[0] == cards[1]:
        return say("discard_bad")
    return cards


def _discard(rng: random.Random, rounds: int, keeper: _Keeper) -> int:
    _out(say("discard_intro", rounds=rounds))
    right = 0
    seconds: list[float] = []
    costs: list[float] = []
    for n in range(1, rounds + 1):
        hand = sort_hand(rng.sample(DECK, 6))
        dealer = rng.random() < 0.5
        options = analyze_discards(hand, is_dealer=dealer)
        _out(*discard_deal(n, rounds, hand, dealer))
        start = time.monotonic()
        while True:
            _out(say("discard_question"))
            text = _answer()
            if text is None:
                return _stop("discard", right, seconds, keeper, costs=costs)
            chosen = _chosen(text, hand)
            if not isinstance(chosen, str):
                break
            _out(chosen)
        took = time.monotonic() - start
        rank, mine = next((k, o) for k, o in enumerate(options, 1) if set(o.discard) == set(chosen))
        best = options[0]
        cost = max(best.net - mine.net, 0.0)
        correct = rank == 1 or cost < 0.005
        _out(*discard_verdict(sort_hand(chosen), mine, best, rank))
        right += correct
        seconds.append(took)
        costs.append(cost)
        keeper.record("discard", correct, took, cost)
    return _stop("discard", right, seconds, keeper, costs=costs, finished=True)


def _stop(
    kind: str,
    right: int,
    seconds: list[float],
    keeper: _Keeper,
    *,
    what: str = "",
    costs: list[float] | None = None,
    finished: bool = False,
) -> int:
    """The end of a session: what this one gave, then all practice of this kind so far."""
    if not finished:
        _out(say("stopped"))
    if not seconds:
        return 0
    average = sum(seconds) / len(seconds)
    if kind == "count":
        _out(say("count_session", right=right, rounds=len(seconds), seconds=average, what=what))
    else:
        _out(
            say(
                "discard_session",
                right=right,
                rounds=len(seconds),
                cost=sum(costs or [0.0]) / len(seconds),
                seconds=average,
            )
        )
    _out(*keeper.overall(kind))
    return 0

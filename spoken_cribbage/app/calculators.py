"""The calculators of the command line: `spoken-cribbage score|peg|discard|simulate`.

The engine and ``ai`` compute and raise typed problems; every line printed here is phrased by
``spoken_cribbage.words`` (:mod:`spoken_cribbage.words.calculator`), the ``--help`` texts too.
A bad input is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import replace
from typing import Any

from spoken_cribbage.ai.analyze import AnalyzeInputError, analyze_discards, discard_advice, discard_table
from spoken_cribbage.ai.players import LEVELS
from spoken_cribbage.ai.simulate import SimulationError, simulate
from spoken_cribbage.engine.cards import InvalidCardError, parse_card, parse_cards
from spoken_cribbage.engine.errors import EngineProblem
from spoken_cribbage.engine.scoring import HAND_SIZES, CountOverflowError, InvalidHandError, score_hand, score_play
from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.storage import table
from spoken_cribbage.storage.settings import SettingError, Settings
from spoken_cribbage.words.catalogue import join
from spoken_cribbage.words.cli_help import help_text
from spoken_cribbage.words.notices import phrase

__all__ = [
    "add_score_parser",
    "run_score",
    "add_peg_parser",
    "run_peg",
    "add_discard_parser",
    "run_discard",
    "add_simulate_parser",
    "run_simulate",
    "EXIT_USAGE",
]

EXIT_USAGE = 2


def fail(what: Notice | Problem, command: str = "") -> int:
    """Say what is wrong in one line on stderr; the exit status for bad input."""
    print(phrase("calculator.error", command=command, message=phrase(what)), file=sys.stderr)
    return EXIT_USAGE


# ----------------------------------------------------------------------------- score / peg


def add_score_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("score", help=help_text("score"))
    p.add_argument("cards", nargs="+", help=help_text("score.cards"))
    p.add_argument("--starter", required=True, help=help_text("score.--starter"))
    p.add_argument("--crib", action="store_true", help=help_text("score.--crib"))
    p.add_argument("--json", action="store_true", help=help_text("--json"))
    return p


def run_score(args: argparse.Namespace) -> int:
    try:
        hand = parse_cards(args.cards)
        starter = parse_card(args.starter)
        if len(hand) not in HAND_SIZES:  # 4, or 5 at a table of six (hand and crib)
            return fail(Notice("calculator.score_hand_size", count=len(hand)), "score")
        result = score_hand(hand, starter, is_crib=args.crib)
    except (InvalidCardError, InvalidHandError) as e:
        return fail(e)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(phrase("calculator.score_call", items=result.items))
        print(phrase("calculator.score_total", total=result.total))
    return 0


def add_peg_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("peg", help=help_text("peg"))
    p.add_argument("cards", nargs="+", help=help_text("peg.cards"))
    p.add_argument("--json", action="store_true", help=help_text("--json"))
    return p


def run_peg(args: argparse.Namespace) -> int:
    try:
        cards = parse_cards(args.cards)
    except InvalidCardError as e:
        return fail(e)
    plays = []  # (card, its score, the count of the go before it or None)
    series: list = []
    for card in cards:
        go = None
        try:
            res = score_play(series, card)
        except CountOverflowError:
            # The card does not fit: its player says go, the last card pegs one for the go,
            # and the card starts the next series. (After 31 the count starts again at once.)
            go = sum(c.value for c in series)
            series = []
            try:
                res = score_play(series, card)
            except EngineProblem as e:  # a card given twice
                return fail(e)
        except EngineProblem as e:  # (score_play's ValueErrors are all EngineProblems)
            return fail(e)
        series = [] if res.count == 31 else series + [card]
        plays.append((card, res, go))
    if args.json:
        print(
            json.dumps(
                {
                    "plays": [
                        {
                            "card": c.short,
                            "count": r.count,
                            "points": r.points,
                            "items": [i.to_json() for i in r.items],
                            "go_before": 1 if go is not None else 0,
                        }
                        for c, r, go in plays
                    ]
                }
            )
        )
    else:
        for k, (c, r, go) in enumerate(plays):
            if go is not None:
                print(phrase("calculator.peg_go", turn=k, card=c, count=go + c.value))
            print(phrase("calculator.peg_play", turn=k, card=c, count=r.count, items=r.items))
    return 0


# ----------------------------------------------------------------------------- discard


def add_discard_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("discard", help=help_text("discard"), description=help_text("discard:description"))
    p.add_argument("cards", nargs="*", help=help_text("discard.cards"))
    p.add_argument("--dealer", action="store_true", help=help_text("discard.--dealer"))
    p.add_argument("--pone", action="store_true", help=help_text("discard.--pone"))
    p.add_argument("--partner", action="store_true", help=help_text("discard.--partner"))
    p.add_argument("--players", type=int, default=None, help=help_text("discard.--players"))
    p.add_argument("--teams", type=_teams_count, default=None, help=help_text("discard.--teams"))
    p.add_argument("--json", action="store_true", help=help_text("--json"))
    return p


def run_discard(args: argparse.Namespace) -> int:
    partner = bool(getattr(args, "partner", False))
    players = getattr(args, "players", None)
    teams = getattr(args, "teams", None)
    if partner and (args.dealer or args.pone):
        return fail(Notice("calculator.whose_crib_three"), "discard")
    if args.dealer and args.pone:
        return fail(Notice("calculator.dealer_and_pone"), "discard")
    if not args.dealer and not args.pone and not partner:
        return fail(Notice("calculator.dealer_or_pone"), "discard")
    more = players is not None and players != 2 or partner or teams is not None
    kw: dict[str, Any] = dict(players=players if more else None, teams=teams, partner=partner)
    try:
        table = discard_table(is_dealer=args.dealer, **kw) if more else None
        options = analyze_discards(" ".join(args.cards), is_dealer=args.dealer, **kw)
    except AnalyzeInputError as e:
        return fail(e, "discard")
    if args.json:
        out: dict = {"dealer": bool(args.dealer)}
        if table is not None:
            out.update(table.to_json())
        out["options"] = [o.to_json() for o in options]
        print(json.dumps(out))
    else:
        print(phrase("calculator.discard_table", options=options, dealer=args.dealer, table=table))
        print(phrase(discard_advice(options[0].keep + options[0].discard, args.dealer, **kw)))
    return 0


# ----------------------------------------------------------------------------- simulate


def add_simulate_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser(
        "simulate",
        help=help_text("simulate"),
        description=help_text("simulate:description", levels=join(list(LEVELS), "all")),
    )
    p.add_argument("--games", type=int, default=100, help=help_text("simulate.--games"))
    p.add_argument("--seed", type=int, default=1, help=help_text("simulate.--seed"))
    p.add_argument("--players", default="expert,standard", help=help_text("simulate.--players"))
    p.add_argument("--target", type=int, default=121, help=help_text("simulate.--target"))
    p.add_argument("--workers", type=int, default=None, help=help_text("simulate.--workers"))
    p.add_argument("--paired", action="store_true", help=help_text("simulate.--paired"))
    p.add_argument("--teams", type=_teams_count, default=None, help=help_text("simulate.--teams"))
    p.add_argument("--json", action="store_true", help=help_text("simulate.--json"))
    return p


def run_simulate(args: argparse.Namespace) -> int:
    levels = [x.strip() for x in str(args.players).split(",") if x.strip()]

    def progress(done: int, total: int, elapsed: float) -> None:
        print(
            phrase("calculator.simulate_progress", done=done, total=total, elapsed=elapsed), file=sys.stderr, flush=True
        )

    most = os.cpu_count() or 1  # more processes than processors only compete for them
    if args.workers is not None and not 1 <= args.workers <= most:
        return fail(Notice("calculator.workers_range", most=most), "simulate")
    try:  # the target within the game's own bounds (the target setting's)
        replace(Settings(), target=args.target).validate()
    except SettingError as e:
        return fail(e, "simulate")
    # never more processes than games to share
    workers = None if args.workers is None else min(args.workers, max(1, args.games))
    try:
        summary = simulate(
            levels,
            args.games,
            args.seed,
            target=args.target,
            workers=workers,
            progress=progress,
            paired=bool(getattr(args, "paired", False)),
            teams=getattr(args, "teams", None),
        )
    except SimulationError as e:
        return fail(e, "simulate")
    if args.json:
        print(json.dumps(summary))
    else:
        print(phrase(Notice("calculator.simulate_report", summary)))
    return 0


def _teams_count(text: str) -> int | None:
    """--teams for the calculators, spelled as in play (storage.table.teams_value): a number
    of teams, none (also 0, off, no), or usual. A TableError is a ValueError: argparse says
    the value is not valid."""
    return table.teams_number(table.teams_value(text))


_teams_count.__name__ = "teams"  # argparse: "invalid teams value: 'x'"

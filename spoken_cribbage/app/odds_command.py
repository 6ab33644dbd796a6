"""Win chances: ``spoken-cribbage odds ME OPPONENT --dealer me|opponent [--target 121] [--json]``
(the ``odds`` key and command in the game are answered by the seat: app/seat/asked.py).

The chance comes from :mod:`spoken_cribbage.ai.odds` (a table built offline); when the table
cannot be read, the player is told so in one sentence and no number is given (exit status 1).
"""

from __future__ import annotations

import argparse
import json
import sys

from spoken_cribbage.ai.odds import OddsError, win_chance
from spoken_cribbage.notice import Notice
from spoken_cribbage.words.cli_help import help_text
from spoken_cribbage.words.notices import phrase

__all__ = ["add_odds_parser", "run_odds"]

EXIT_NO_TABLE = 1
EXIT_USAGE = 2


def add_odds_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("odds", help=help_text("odds"), description=help_text("odds:description"))
    p.add_argument("me", type=int, help=help_text("odds.me"))
    p.add_argument("opponent", type=int, help=help_text("odds.opponent"))
    p.add_argument("--dealer", choices=("me", "opponent"), required=True, help=help_text("odds.--dealer"))
    p.add_argument("--target", type=int, default=121, help=help_text("odds.--target"))
    p.add_argument("--json", action="store_true", help=help_text("--json"))
    return p


def run_odds(args: argparse.Namespace) -> int:
    try:
        win = win_chance(args.me, args.opponent, me_dealing=args.dealer == "me", target=args.target)
    except OddsError as e:
        print(phrase("calculator.error", command="odds", message=phrase(e)), file=sys.stderr)
        return EXIT_NO_TABLE if e.code == "calculator.odds_unreadable" else EXIT_USAGE
    if args.json:
        print(
            json.dumps(
                {
                    "me": args.me,
                    "opponent": args.opponent,
                    "dealer": args.dealer,
                    "target": args.target,
                    "win": round(win, 4),
                }
            )
        )
    else:
        print(phrase(Notice("calculator.odds_chance", win=win)))
    return 0

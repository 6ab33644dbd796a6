"""``spoken-cribbage stats``: the player's statistics, read out or as JSON."""

from __future__ import annotations

import argparse
import json

from spoken_cribbage.storage.stats import StatsDB, StatsError
from spoken_cribbage.words.cli_help import help_text
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.stats import stats_sentences


def add_stats_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("stats", help=help_text("stats"))
    p.add_argument("--json", action="store_true", help=help_text("--json"))
    return p


def run_stats(args) -> int:
    import sys

    db = StatsDB()
    notice = db.open_for_reading()
    if notice:
        msg = phrase(notice)
        sys.stderr.write(msg + "\n") if args.json else print(msg)
    try:
        s = db.summary()
    except StatsError as e:
        print(phrase("storage.stats_unreadable", reason=e.reason))
        return 1
    if args.json:
        print(json.dumps(s))
    else:
        for line in stats_sentences(s):
            print(line)
    return 0

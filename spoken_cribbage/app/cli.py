"""Command-line entry point: `spoken-cribbage [play|score|peg|discard|simulate|listen|models|stats]`."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Sequence

from spoken_cribbage.words.announce import show_call, play_call, cap
from spoken_cribbage.engine.cards import InvalidCardError, parse_card, parse_cards
from spoken_cribbage.engine.scoring import CountOverflowError, InvalidHandError, score_hand, score_play

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one sentence and exits 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"spoken-cribbage: {message}. Try --help.\n")
        raise SystemExit(EXIT_USAGE)


def _fail(message: str) -> int:
    sys.stderr.write(f"spoken-cribbage: {message}\n")
    return EXIT_USAGE


# ----------------------------------------------------------------------------- score / peg

def _add_score(sub) -> None:
    p = sub.add_parser("score", help="count a hand the way players say it")
    p.add_argument("cards", nargs="+", help="four cards, like 5H 5C 5S JD")
    p.add_argument("--starter", required=True, help="the starter card, like 5D")
    p.add_argument("--crib", action="store_true", help="score as a crib (only a 5-card flush)")
    p.add_argument("--json", action="store_true", help="print JSON")


def run_score(args) -> int:
    try:
        hand = parse_cards(args.cards)
        starter = parse_card(args.starter)
        if len(hand) != 4:
            return _fail(f"a hand has 4 cards; {len(hand)} given.")
        result = score_hand(hand, starter, is_crib=args.crib)
    except (InvalidCardError, InvalidHandError) as e:
        return _fail(str(e))
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        call = show_call(result.items)
        print(cap(call) + ".")
        print(f"Total: {result.total}.")
    return 0


def _add_peg(sub) -> None:
    p = sub.add_parser("peg", help="score cards played in order as one series")
    p.add_argument("cards", nargs="+", help="cards in the order played, like 8S 6D 7H")
    p.add_argument("--json", action="store_true", help="print JSON")


def run_peg(args) -> int:
    try:
        cards = parse_cards(args.cards)
    except InvalidCardError as e:
        return _fail(str(e))
    plays = []
    series: list = []
    for card in cards:
        try:
            res = score_play(series, card)
        except CountOverflowError as e:
            return _fail(f"the {card.short} cannot be played: {str(e)[0].lower() + str(e)[1:]}")
        series.append(card)
        plays.append((card, res))
    if args.json:
        print(json.dumps({"plays": [
            {"card": c.short, "count": r.count, "points": r.points,
             "items": [i.to_json() for i in r.items]} for c, r in plays]}))
    else:
        player = ("First player", "Second player")
        for k, (c, r) in enumerate(plays):
            line = f"{player[k % 2]} plays the {c.name}. Count {r.count}."
            if r.points:
                line += f" {cap(play_call(r.items))}."
            print(line)
    return 0


# ----------------------------------------------------------------------------- play

def _add_play_options(p) -> None:
    # Options apply to this run only and are never written to the settings file; a setting
    # changed in the game (rate 200, say) is saved.
    p.add_argument("--target", type=int, default=None, help="points to win (default 121)")
    p.add_argument("--seed", type=int, default=None, help="play a new game with this seed, for this run only: it is not saved, "
                        "and a game in progress is kept for later (with --new it is the saved game)")
    p.add_argument("--speech", choices=("auto", "on", "off"), default=None,
                   help="speak announcements (auto: when a speech engine works)")
    p.add_argument("--rate", type=int, default=None, help="speech rate, words a minute")
    p.add_argument("--volume", type=float, default=None, help="speech volume, 0 to 1")
    p.add_argument("--verbosity", choices=("terse", "normal", "coach"), default=None)
    p.add_argument("--difficulty", choices=("easy", "standard", "expert"), default=None,
                   help="the computer's strength (default expert)")
    p.add_argument("--accessible", action="store_true",
                   help="plain output for screen readers (also ACCESSIBLE=1)")
    p.add_argument("--new", action="store_true", help="start a new game in place of the saved one (which is kept as "
                        "abandoned-game-N.json)")
    p.add_argument("--voice", choices=("auto", "vosk", "pocketsphinx", "off"), default=None,
                   help="voice commands engine (default off)")
    p.add_argument("--listen", choices=("push", "continuous"), default=None,
                   help="voice: push-to-talk key (l) or continuous listening")
    p.add_argument("--command-end", choices=("pause", "silence"), default=None,
                   help="voice: act on a whole command at a short pause (default), or wait for "
                        "half a second of silence (slower; for players who pause between words)")
    p.add_argument("--vosk-model", default=None, help="folder of a vosk model")


def run_play(args) -> int:
    from spoken_cribbage.app.play import play
    return play(args)


# ----------------------------------------------------------------------------- main

_OPTIONAL = [
    ("discard", "spoken_cribbage.ai.analyze", "add_discard_parser", "run_discard"),
    ("simulate", "spoken_cribbage.ai.simulate", "add_simulate_parser", "run_simulate"),
    ("listen", "spoken_cribbage.app.voice_command", "add_listen_parser", "run_listen"),
    ("models", "spoken_cribbage.app.voice_command", "add_models_parser", "run_models"),
    ("stats", "spoken_cribbage.app.stats_command", "add_stats_parser", "run_stats"),
]


def build_parser() -> argparse.ArgumentParser:
    import importlib

    parser = _Parser(prog="spoken-cribbage",
                     description="Cribbage that speaks, for the keyboard, the screen reader and the voice.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    play_p = sub.add_parser("play", help="play a game against the computer (the default)")
    _add_play_options(play_p)
    _add_score(sub)
    _add_peg(sub)
    runners = {"play": run_play, "score": run_score, "peg": run_peg}
    for name, module, add, run in _OPTIONAL:
        try:
            mod = importlib.import_module(module)
            getattr(mod, add)(sub)
            runners[name] = getattr(mod, run)
        except (ImportError, AttributeError):
            continue
    parser.set_defaults(_runners=runners)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play"] + argv
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        runner = args._runners.get(args.command)
        if runner is None:
            parser.print_help()
            return EXIT_USAGE
        return int(runner(args) or 0)
    except KeyboardInterrupt:
        sys.stderr.write("Stopped.\n")
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (head)
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 1
    except SystemExit:
        raise
    except Exception as e:  # the last guard: one sentence, never a traceback
        sys.stderr.write(f"spoken-cribbage: something went wrong: {e.__class__.__name__}: {e}\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())

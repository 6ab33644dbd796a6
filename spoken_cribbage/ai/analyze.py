"""The discard analyzer: all 15 ways to lay away two of six cards, ranked, in text, JSON and speech.

    spoken-cribbage discard 5H 5S JD 6C 7C KS --dealer [--json]
    python -m spoken_cribbage.analyze 5H 5S JD 6C 7C KS --pone

``expected_hand`` is the exact mean show value of the four kept cards over the 46 starters the
player cannot see; ``expected_crib`` is the expected crib holding the two laid-away cards (from
``data/crib_table.json``, built by exact enumeration, see ``tools/make_crib_table.py``);
``net`` adds the crib for the dealer and subtracts it for the pone.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from spoken_cribbage.ai.players import DiscardOption, _as_cards, _peg_points, choose_play, rank_discards
from spoken_cribbage.engine.cards import RANK_NAMES, Card, InvalidCardError, parse_cards

__all__ = ["analyze_discards", "format_options", "hint_sentence", "play_hint",
           "add_discard_parser", "run_discard", "AnalyzeInputError"]


class AnalyzeInputError(ValueError):
    """Input the analyzer cannot use; the message is one sentence for the player."""


def analyze_discards(hand: Sequence[Card | str] | str, *, is_dealer: bool) -> list[DiscardOption]:
    """All discards of a six-card hand, best net first. Raises AnalyzeInputError on bad cards."""
    try:
        cards = parse_cards(hand) if isinstance(hand, str) else _as_cards(hand)
    except InvalidCardError as e:
        raise AnalyzeInputError(str(e)) from None
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise AnalyzeInputError(f"The card {dup.short} is given twice.")
    if len(cards) != 6:
        raise AnalyzeInputError(f"Give exactly 6 cards, not {len(cards)}.")
    return rank_discards(cards, is_dealer=is_dealer)


def _ranks_spoken(cards: Sequence[Card]) -> str:
    return ", ".join(RANK_NAMES[c.rank] for c in sorted(cards, key=lambda c: (c.rank, c.suit)))


def hint_sentence(hand6: Sequence[Card | str] | str, is_dealer: bool) -> str:
    """The analyzer's top line for speech, e.g. 'Keep five, five, jack, king; lay away six,
    seven. About 18.0 points with your crib.'"""
    best = analyze_discards(hand6, is_dealer=is_dealer)[0]
    tail = "with your crib" if is_dealer else "after your opponent's crib"
    return (f"Keep {_ranks_spoken(best.keep)}; lay away {_ranks_spoken(best.discard)}. "
            f"About {best.net:.1f} points {tail}.")


def play_hint(hand: Sequence[Card | str], *, series: Sequence[Card | str],
              played: Sequence[Card | str], starter: Card | str | None, is_dealer: bool,
              my_score: int = 0, their_score: int = 0, target: int = 121,
              discards: Sequence[Card | str] = (), kept: Sequence[Card | str] | None = None) -> str:
    """The expert's suggestion for the play, for speech: 'Play the seven of clubs, for 2.'
    or 'Say go.'"""
    card = choose_play(hand, series=series, played=played, starter=starter, is_dealer=is_dealer,
                       my_score=my_score, their_score=their_score, target=target,
                       discards=discards, kept=kept)
    if card is None:
        return "Say go."
    s = _as_cards(series)
    pts = _peg_points([c.rank for c in s], sum(c.value for c in s), card.rank)
    return f"Play the {card.name}" + (f", for {pts}." if pts else ".")


def format_options(options: Sequence[DiscardOption], *, is_dealer: bool) -> str:
    """The ranked table as plain lines, one per discard, best first."""
    sign = "+" if is_dealer else "-"
    whose = "your crib" if is_dealer else "your opponent's crib"
    lines = [f"Discards ranked by net points ({whose}):"]
    for i, o in enumerate(options, 1):
        keep = " ".join(c.short for c in o.keep)
        out = " ".join(c.short for c in o.discard)
        lines.append(f"{i:2d}. keep {keep:<15} lay away {out:<7} hand {o.expected_hand:5.2f}  "
                     f"crib {sign}{o.expected_crib:4.2f}  net {o.net:5.2f}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- CLI

def add_discard_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``discard`` command to an argparse subparsers object."""
    p = subparsers.add_parser(
        "discard", help="rank the 15 ways to lay away two of six cards",
        description="Rank all 15 discards of a six-card hand by expected hand, expected crib "
                    "and net value.")
    _add_arguments(p)
    p.set_defaults(func=run_discard)
    return p


def _add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("cards", nargs="*", help="six cards, e.g. 5H 5S JD 6C 7C KS")
    p.add_argument("--dealer", action="store_true", help="the crib is yours")
    p.add_argument("--pone", action="store_true", help="the crib is your opponent's")
    p.add_argument("--json", action="store_true", help="print JSON")


def run_discard(args: argparse.Namespace) -> int:
    """Run the ``discard`` command; return the exit status (2 for bad input)."""
    try:
        if args.dealer and args.pone:
            raise AnalyzeInputError("Choose one of --dealer and --pone, not both.")
        if not args.dealer and not args.pone:
            raise AnalyzeInputError("Say whose crib it is: --dealer or --pone.")
        options = analyze_discards(" ".join(args.cards), is_dealer=args.dealer)
    except AnalyzeInputError as e:
        print(f"spoken-cribbage discard: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"dealer": bool(args.dealer),
                          "options": [o.to_json() for o in options]}))
    else:
        print(format_options(options, is_dealer=args.dealer))
        print(hint_sentence(options[0].keep + options[0].discard, args.dealer))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spoken_cribbage.analyze")
    _add_arguments(parser)
    return run_discard(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())

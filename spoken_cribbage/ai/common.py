"""What every part of the computer player shares: the levels, card values and card arguments.

Part of :mod:`spoken_cribbage.ai.players` (which re-exports the public names).
"""

from __future__ import annotations

from collections.abc import Iterable

from spoken_cribbage.engine.cards import Card, parse_card, parse_cards

LEVELS = ("easy", "standard", "expert", "greedy", "random", "expert-points")


def _check_level(level: str) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")


def _val(rank: int) -> int:
    return 10 if rank > 10 else rank


def _as_cards(cards: Iterable[Card | str] | str) -> list[Card]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return [c if isinstance(c, Card) else parse_card(c) for c in cards]

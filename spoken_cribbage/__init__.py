"""Spoken Cribbage: an accessible, speaking, voice-driven cribbage game.

The scorer is usable on its own:

>>> from spoken_cribbage import parse_cards, parse_card, score_hand
>>> score_hand(parse_cards("5H 5C 5S JD"), parse_card("5D")).total
29
"""

from spoken_cribbage.engine.cards import (
    AmbiguousCardError,
    Card,
    DuplicateCardError,
    InvalidCardError,
    card_name,
    card_short,
    match_card,
    parse_card,
    parse_cards,
)
from spoken_cribbage.engine.rules import Outcome, Rules
from spoken_cribbage.engine.scoring import (
    CountOverflowError,
    HandScore,
    InvalidHandError,
    PlayScore,
    ScoreItem,
    hand_points,
    score_hand,
    score_play,
)

__version__ = "0.1.0"

__all__ = [
    "Card",
    "InvalidCardError",
    "DuplicateCardError",
    "AmbiguousCardError",
    "parse_card",
    "parse_cards",
    "match_card",
    "card_name",
    "Rules",
    "Outcome",
    "card_short",
    "score_hand",
    "score_play",
    "hand_points",
    "ScoreItem",
    "HandScore",
    "PlayScore",
    "InvalidHandError",
    "CountOverflowError",
    "__version__",
]

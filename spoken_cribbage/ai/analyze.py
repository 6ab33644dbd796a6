"""The discard analyzer: all 15 ways to lay away two of six cards, ranked; the expert's hints.

    spoken-cribbage discard 5H 5S JD 6C 7C KS --dealer [--json]

``expected_hand`` is the exact mean show value of the four kept cards over the 46 starters the
player cannot see; ``expected_crib`` is the expected crib holding the two laid-away cards (from
``data/crib_table.json``, built by exact enumeration, see ``tools/make_crib_table.py``);
``net`` adds the crib for the dealer and subtracts it for the pone.

The hints are :class:`~spoken_cribbage.notice.Notice` facts; ``spoken_cribbage.words`` phrases
them ("Keep five, five, jack, king; lay away six, seven. About 18.0 points with your crib.").

>>> discard_advice("5H 5S JD 6C 7C KS", is_dealer=True).data["net"] > 18
True
"""

from __future__ import annotations

from typing import Sequence

from spoken_cribbage.ai.players import DiscardOption, _as_cards, _peg_points, choose_play, rank_discards
from spoken_cribbage.engine.cards import Card, InvalidCardError, parse_cards
from spoken_cribbage.notice import Notice, Problem

__all__ = ["analyze_discards", "discard_advice", "play_advice", "AnalyzeInputError"]


class AnalyzeInputError(Problem, ValueError):
    """Input the analyzer cannot use: a card error's code and data (``calculator.not_a_card``,
    ``calculator.card_twice``...) or ``calculator.six_cards`` with the ``count`` given."""


def analyze_discards(hand: Sequence[Card | str] | str, *, is_dealer: bool) -> list[DiscardOption]:
    """All discards of a six-card hand, best net first. Raises AnalyzeInputError on bad cards."""
    try:
        cards = parse_cards(hand) if isinstance(hand, str) else _as_cards(hand)
    except InvalidCardError as e:
        raise AnalyzeInputError(e.code, **e.data) from None
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise AnalyzeInputError("calculator.card_twice", token=dup.short)
    if len(cards) != 6:
        raise AnalyzeInputError("calculator.six_cards", count=len(cards))
    return rank_discards(cards, is_dealer=is_dealer)


def discard_advice(hand6: Sequence[Card | str] | str, is_dealer: bool) -> Notice:
    """The analyzer's best discard, ``calculator.discard_hint``: the cards to ``keep`` and to
    ``discard``, the ``net`` points expected and whether the crib is the player's (``dealer``)."""
    best = analyze_discards(hand6, is_dealer=is_dealer)[0]
    return Notice("calculator.discard_hint", keep=best.keep, discard=best.discard, net=best.net,
                  dealer=is_dealer)


def play_advice(hand: Sequence[Card | str], *, series: Sequence[Card | str],
                played: Sequence[Card | str], starter: Card | str | None, is_dealer: bool,
                my_score: int = 0, their_score: int = 0, target: int = 121,
                discards: Sequence[Card | str] = (), kept: Sequence[Card | str] | None = None
                ) -> Notice:
    """The expert's suggestion for the play: ``calculator.play_hint`` with the ``card`` and the
    ``points`` it makes now, or ``calculator.say_go``."""
    card = choose_play(hand, series=series, played=played, starter=starter, is_dealer=is_dealer,
                       my_score=my_score, their_score=their_score, target=target,
                       discards=discards, kept=kept)
    if card is None:
        return Notice("calculator.say_go")
    s = _as_cards(series)
    pts = _peg_points([c.rank for c in s], sum(c.value for c in s), card.rank)
    return Notice("calculator.play_hint", card=card, points=pts)

"""The discard analyzer: all 15 ways to lay away two of six cards, ranked; the expert's hints.

    spoken-cribbage discard 5H 5S JD 6C 7C KS --dealer [--json]
    spoken-cribbage discard 5H 5S JD 6C KS --pone --players 3
    spoken-cribbage discard 5H 5S JD 6C 7C KS --partner --players 6 --teams 3

With three to five players a seat that does not deal lays away one of five cards (the dealer of
three or four one of five too; the dealer of five is dealt four and lays none away); with six,
one of six (the dealer is dealt five and keeps them). The crib is then 4 cards (5 with six
players), and the laid-away card's ``expected_crib`` is the exact expected crib holding it
(``players.one_card_crib``). ``net`` counts the crib +1 when it is the seat's side's (``--dealer``
or ``--partner``) and -1/(sides - 1) when it is a rival's (``--pone``): -1 with two sides, -1/2
with three... (``players.RIVAL_WEIGHT_NOTE``).

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spoken_cribbage.ai.players import DiscardOption, _as_cards, _peg_points, choose_play, rank_discards, rival_weight
from spoken_cribbage.engine.cards import Card, InvalidCardError, parse_cards
from spoken_cribbage.engine.rules import PLAYERS, TEAM_LAYOUTS, Rules
from spoken_cribbage.notice import Notice, Problem

__all__ = ["analyze_discards", "discard_advice", "play_advice", "AnalyzeInputError", "DiscardTable", "discard_table"]


class AnalyzeInputError(Problem, ValueError):
    """Input the analyzer cannot use: a card error's code and data (``calculator.not_a_card``,
    ``calculator.card_twice``...), ``calculator.six_cards`` with the ``count`` given (two
    players), ``calculator.dealt_cards`` (``count`` given, ``needed``, ``players``, ``dealer``),
    ``calculator.dealer_lays_none`` (``players``), ``calculator.discard_players``,
    ``calculator.discard_teams`` (``players``, ``layouts``) or ``calculator.no_partner``."""


#: Whose crib it is, as the analyzer's table says it: the seat's own, its partner's, or a
#: rival side's.
CRIB_OWNERS = ("yours", "partner", "opponent")


@dataclass(frozen=True)
class DiscardTable:
    """The table a discard is analysed for: ``players``, ``sides``, whose the crib is
    (``owner``, one of :data:`CRIB_OWNERS`) and the ``weight`` it has in ``net``."""

    players: int
    sides: int
    owner: str
    weight: float

    @property
    def dealer(self) -> bool:
        return self.owner == "yours"

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "sides": self.sides, "crib": self.owner, "crib_weight": round(self.weight, 4)}


def discard_table(
    *, is_dealer: bool, players: int | None = None, teams: int | None = None, partner: bool = False
) -> DiscardTable:
    """The table for :func:`analyze_discards` (two players unless ``players`` says otherwise;
    ``teams`` as :class:`~spoken_cribbage.engine.rules.Rules` takes it; ``partner``: the crib
    is the seat's partner's)."""
    n = 2 if players is None else players
    if n not in PLAYERS:
        raise AnalyzeInputError("calculator.discard_players")
    try:
        rules = Rules(n, teams=teams)
    except ValueError:
        raise AnalyzeInputError("calculator.discard_teams", players=n, layouts=TEAM_LAYOUTS.get(n, ())) from None
    if partner and rules.team_size == 1:
        raise AnalyzeInputError("calculator.no_partner", players=n)
    if is_dealer and rules.discards_for(True) == 0:
        raise AnalyzeInputError("calculator.dealer_lays_none", players=n, dealt=rules.dealt_to(True))
    owner = "yours" if is_dealer else "partner" if partner else "opponent"
    weight = 1.0 if owner != "opponent" else rival_weight(rules.sides)
    return DiscardTable(n, rules.sides, owner, weight)


def analyze_discards(
    hand: Sequence[Card | str] | str,
    *,
    is_dealer: bool,
    players: int | None = None,
    teams: int | None = None,
    partner: bool = False,
) -> list[DiscardOption]:
    """All discards of a dealt hand, best net first: six cards with two players (the
    default), five with three to five, six with six (see :func:`discard_table` for
    ``players``, ``teams`` and ``partner``). Raises AnalyzeInputError on bad input."""
    table = discard_table(is_dealer=is_dealer, players=players, teams=teams, partner=partner)
    try:
        cards = parse_cards(hand) if isinstance(hand, str) else _as_cards(hand)
    except InvalidCardError as e:
        raise AnalyzeInputError(e.code, **e.data) from None
    if len(set(cards)) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        raise AnalyzeInputError("calculator.card_twice", token=dup.short)
    if players is None:
        if len(cards) != 6:
            raise AnalyzeInputError("calculator.six_cards", count=len(cards))
        return rank_discards(cards, is_dealer=is_dealer)
    needed = Rules(table.players).dealt_to(is_dealer)
    if len(cards) != needed:
        raise AnalyzeInputError(
            "calculator.dealt_cards", count=len(cards), needed=needed, players=table.players, dealer=is_dealer
        )
    return rank_discards(cards, is_dealer=is_dealer, players=table.players, crib_weight=table.weight)


def discard_advice(
    hand6: Sequence[Card | str] | str,
    is_dealer: bool,
    *,
    players: int | None = None,
    teams: int | None = None,
    partner: bool = False,
) -> Notice:
    """The analyzer's best discard, ``calculator.discard_hint``: the cards to ``keep`` and to
    ``discard``, the ``net`` points expected and whether the crib is the player's (``dealer``);
    at a larger table also whose it is (``owner``), its ``weight`` and the ``sides``."""
    best = analyze_discards(hand6, is_dealer=is_dealer, players=players, teams=teams, partner=partner)[0]
    if players is None or players == 2:
        return Notice("calculator.discard_hint", keep=best.keep, discard=best.discard, net=best.net, dealer=is_dealer)
    table = discard_table(is_dealer=is_dealer, players=players, teams=teams, partner=partner)
    return Notice(
        "calculator.discard_hint",
        keep=best.keep,
        discard=best.discard,
        net=best.net,
        dealer=is_dealer,
        owner=table.owner,
        weight=table.weight,
        sides=table.sides,
    )


def play_advice(
    hand: Sequence[Card | str],
    *,
    series: Sequence[Card | str],
    played: Sequence[Card | str],
    starter: Card | str | None,
    is_dealer: bool,
    my_score: int = 0,
    their_score: int = 0,
    target: int = 121,
    discards: Sequence[Card | str] = (),
    kept: Sequence[Card | str] | None = None,
) -> Notice:
    """The expert's suggestion for the play: ``calculator.play_hint`` with the ``card`` and the
    ``points`` it makes now, or ``calculator.say_go``."""
    card = choose_play(
        hand,
        series=series,
        played=played,
        starter=starter,
        is_dealer=is_dealer,
        my_score=my_score,
        their_score=their_score,
        target=target,
        discards=discards,
        kept=kept,
    )
    if card is None:
        return Notice("calculator.say_go")
    s = _as_cards(series)
    pts = _peg_points([c.rank for c in s], sum(c.value for c in s), card.rank)
    return Notice("calculator.play_hint", card=card, points=pts)

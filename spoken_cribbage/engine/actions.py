"""The actions: what a player (or chance) does, as small frozen values, and their text.

Like python-chess's ``Move`` with ``uci()`` and ``Move.from_uci()``, every action writes itself
as a short text code and reads back from one: ``Play(1, card).to_text() == "play 1 5H"`` and
``Play.from_text("play 1 5H")``. The codec itself is :func:`action_to_text` and
:func:`action_from_text` (saves and logs use it). An action says nothing of whether it is legal
now: that is the game's (:meth:`Game.apply`, :meth:`Game.parse_action`).

As ``Move`` does, the constructors check their fields, by type and range, and refuse with the
engine's errors (:class:`ArgumentTypeError`, :class:`InvalidArgumentError`): a seat is a whole
number 0..5, a card one of the 52, cards a list of them (kept as a tuple), a claim 0..46.
Whether the action is legal now (the seat at this table, the number of cards, the phase) is
still the game's: :meth:`Game.apply` checks every field again and refuses with
:class:`IllegalActionError`. The checks cost about a tenth of a microsecond an action on the
fast path (a plain int seat, one of the deck's card objects).

>>> from spoken_cribbage.engine.cards import parse_card
>>> Play(1, parse_card("5H")).to_text()
'play 1 5H'
>>> Discard.from_text("discard 0 5H KD") == Discard(0, (parse_card("5H"), parse_card("KD")))
True
>>> action_from_text("go 0")
Go(seat=0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, final

from spoken_cribbage.engine.cards import (
    DECK_IDS,
    Card,
    _check_card,
    _check_cards,
    _check_int,
    _check_str,
    parse_card,
)
from spoken_cribbage.engine.errors import ArgumentTypeError, InvalidArgumentError
from spoken_cribbage.engine.rules import PLAYERS

__all__ = [
    "Discard",
    "Play",
    "Go",
    "NextDeal",
    "Claim",
    "Muggins",
    "TimeUp",
    "CutForDealer",
    "Deal",
    "TurnStarter",
    "ChanceAction",
    "CHANCE_ACTIONS",
    "Action",
    "action_to_text",
    "action_from_text",
]

_A = TypeVar("_A", bound="_Coded")

_MOST_SEATS = max(PLAYERS)
_MOST_POINTS = 46  # the most a count can claim: a five-card hand's best show


def _seat_field(action: object, function: str) -> None:
    """The action's ``seat`` checked: a whole number 0..5 (an IntEnum kept as its plain int)."""
    seat = action.seat  # type: ignore[attr-defined]
    if type(seat) is not int or not 0 <= seat < _MOST_SEATS:
        object.__setattr__(action, "seat", _check_int(seat, function, "seat", 0, _MOST_SEATS - 1))


def _card_field(action: object, function: str, argument: str = "card") -> None:
    """A card field checked: one of the 52 (a forged equal card kept as the deck's own)."""
    card = getattr(action, argument)
    if id(card) not in DECK_IDS:
        object.__setattr__(action, argument, _check_card(card, function, argument))


def _cards_field(action: object, function: str, argument: str = "cards") -> None:
    """A field of cards checked: a list, tuple or other iterable of cards, kept as a tuple."""
    cards = getattr(action, argument)
    if type(cards) is not tuple or not all(id(c) in DECK_IDS for c in cards):
        object.__setattr__(action, argument, _check_cards(cards, function, argument))


class _Coded:
    """The text methods every action type has (the codec is :func:`action_to_text` and
    :func:`action_from_text`)."""

    __slots__ = ()

    def to_text(self) -> str:
        """This action's text code, as :func:`action_to_text` writes it ('play 1 5H')."""
        return action_to_text(self)  # type: ignore[arg-type]

    @classmethod
    def from_text(cls: type[_A], text: str) -> _A:
        """The action of this type that ``text`` codes; InvalidArgumentError (a ValueError) for
        the text of any other action or of none, as :func:`action_from_text` refuses it."""
        action = action_from_text(text)
        if type(action) is not cls:
            raise InvalidArgumentError(
                f"{cls.__name__}.from_text", "text", text, f"the text of a {cls.__name__} action"
            )
        return action


@dataclass(frozen=True)
class Discard(_Coded):
    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        # Cards given as a list (or any iterable) are kept as a tuple, so the caller changing
        # the list later cannot change a recorded action; how many is the game's to check.
        _seat_field(self, "Discard")
        _cards_field(self, "Discard")


@dataclass(frozen=True)
class Play(_Coded):
    seat: int
    card: Card

    def __post_init__(self) -> None:
        _seat_field(self, "Play")
        _card_field(self, "Play")


@dataclass(frozen=True)
class Go(_Coded):
    seat: int

    def __post_init__(self) -> None:
        _seat_field(self, "Go")


@dataclass(frozen=True)
class NextDeal(_Coded):
    """Start the next deal after the show."""


@dataclass(frozen=True)
class Claim(_Coded):
    """Manual counting: ``seat`` states the count of the hand (or crib) it is due to count.
    The game pegs what is right (never more than the claim); see :class:`Rules` for muggins
    and the overcount penalty."""

    seat: int
    points: int

    def __post_init__(self) -> None:
        _seat_field(self, "Claim")
        p = self.points
        if type(p) is not int or not 0 <= p <= _MOST_POINTS:
            object.__setattr__(self, "points", _check_int(p, "Claim", "points", 0, _MOST_POINTS))


@dataclass(frozen=True)
class Muggins(_Coded):
    """Manual counting with muggins: ``seat`` takes the points an opponent missed in a count,
    before the seat's own next action."""

    seat: int

    def __post_init__(self) -> None:
        _seat_field(self, "Muggins")


@dataclass(frozen=True)
class TimeUp(_Coded):
    """Manual counting: ``seat``'s time to count ran out (the clock is the front end's). The
    seat scores nothing for that count; half of it, rounded down, goes to the opponent."""

    seat: int

    def __post_init__(self) -> None:
        _seat_field(self, "TimeUp")


@final  # the chance actions are told apart by their exact type
@dataclass(frozen=True)
class CutForDealer(_Coded):
    """Chance: one round of cutting for the first deal, ``cards[seat]`` each seat's cut.
    The lowest card deals; a tie for lowest cuts again."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _cards_field(self, "CutForDealer")


@final
@dataclass(frozen=True)
class Deal(_Coded):
    """Chance: the hands dealt, by seat (any order within a hand), each of the size the rules
    give that seat (:meth:`Rules.dealt_to`); with three players ``crib_card`` is the card from
    the deck that goes to the crib."""

    hands: tuple[tuple[Card, ...], ...]
    crib_card: Card | None = None

    def __post_init__(self) -> None:
        hands = self.hands
        if isinstance(hands, (str, bytes, Card)) or not hasattr(type(hands), "__iter__"):
            raise ArgumentTypeError("Deal", "hands", hands, "a list of hands, each a list of cards")
        try:
            items = list(hands)
        except Exception:  # noqa: BLE001 - an iterable that fails is not a list of hands
            raise ArgumentTypeError("Deal", "hands", hands, "a list of hands, each a list of cards") from None
        object.__setattr__(self, "hands", tuple(_check_cards(h, "Deal", f"hands[{i}]") for i, h in enumerate(items)))
        if self.crib_card is not None:
            _card_field(self, "Deal", "crib_card")


@final
@dataclass(frozen=True)
class TurnStarter(_Coded):
    """Chance: the starter the cut turns up (one of the cards not dealt)."""

    card: Card

    def __post_init__(self) -> None:
        _card_field(self, "TurnStarter")


ChanceAction = CutForDealer | Deal | TurnStarter
CHANCE_ACTIONS = (CutForDealer, Deal, TurnStarter)
Action = Discard | Play | Go | NextDeal | Claim | Muggins | TimeUp | CutForDealer | Deal | TurnStarter


def _text_seat(seat: object) -> int:
    return _check_int(seat, "action_to_text", "seat", 0, _MOST_SEATS - 1)


def _text_cards(cards: object, argument: str = "cards") -> tuple[Card, ...]:
    if type(cards) is not tuple:
        raise ArgumentTypeError("action_to_text", argument, cards, "a tuple of cards")
    return _check_cards(cards, "action_to_text", argument)


def action_to_text(action: Action) -> str:
    """Compact text for saves and logs: 'discard 0 5H KD', 'play 1 5H', 'go 0', 'next';
    manual counting: 'claim 0 12', 'muggins 1', 'timeup 0';
    chance: 'cut 5H KD', 'deal 5H 6H 7H 8H 9H 10H / 2C 3C 4C 5C 6C 7C', 'starter 5H'.

    Anything that is not an action, or an action with a field :func:`action_from_text` could
    not read back (a seat that is not 0..5, a card that is not a card), is refused with the
    engine's argument errors."""
    t = type(action)
    if t is Discard and isinstance(action, Discard):  # (the type itself; isinstance narrows it)
        return f"discard {_text_seat(action.seat)} " + " ".join(c.short for c in _text_cards(action.cards))
    if t is Play and isinstance(action, Play):
        return f"play {_text_seat(action.seat)} {_check_card(action.card, 'action_to_text').short}"
    if t is Go and isinstance(action, Go):
        return f"go {_text_seat(action.seat)}"
    if t is Claim and isinstance(action, Claim):
        points = _check_int(action.points, "action_to_text", "points", 0, _MOST_POINTS)
        return f"claim {_text_seat(action.seat)} {points}"
    if t is Muggins and isinstance(action, Muggins):
        return f"muggins {_text_seat(action.seat)}"
    if t is TimeUp and isinstance(action, TimeUp):
        return f"timeup {_text_seat(action.seat)}"
    if t is CutForDealer and isinstance(action, CutForDealer):
        return "cut " + " ".join(c.short for c in _text_cards(action.cards))
    if t is Deal and isinstance(action, Deal):
        hands = action.hands
        if type(hands) is not tuple or not hands:
            raise ArgumentTypeError("action_to_text", "hands", hands, "a tuple of hands")
        text = "deal " + " / ".join(" ".join(c.short for c in _text_cards(h, "hands")) for h in hands)
        crib = action.crib_card
        if crib is None:
            return text
        return text + f" / crib {_check_card(crib, 'action_to_text', 'crib_card').short}"
    if t is TurnStarter and isinstance(action, TurnStarter):
        return f"starter {_check_card(action.card, 'action_to_text').short}"
    if t is NextDeal and isinstance(action, NextDeal):
        return "next"
    raise ArgumentTypeError("action_to_text", "action", action, "an action (Play, Discard...)")


def action_from_text(text: str) -> Action:
    """The action ``action_to_text`` wrote; InvalidArgumentError (a ValueError) for any other
    text, InvalidCardError for a card that is not one, ArgumentTypeError for a non-text."""
    parts = _check_str(text, "action_from_text").split()
    parse = _FROM_TEXT.get(parts[0]) if parts else None
    try:
        action = parse(parts[1:]) if parse is not None else None
    except _Malformed:
        action = None
    if action is None:
        raise InvalidArgumentError(
            "action_from_text", "text", text, "an action as action_to_text writes it ('play 1 5H')"
        )
    return action


class _Malformed(Exception):
    """A number in an action's text that is not one (action_from_text words the refusal)."""


def _number(p: str, top: int) -> int:
    if not (p.isascii() and p.isdigit() and len(p) <= 3 and int(p) <= top):
        raise _Malformed
    return int(p)


def _seat(p: str) -> int:
    return _number(p, _MOST_SEATS - 1)


# Each reads the words after an action's first word: the action, or None for the wrong number
# of words (action_from_text refuses the text then).


def _cut_from_text(args: list[str]) -> Action | None:
    return CutForDealer(tuple(parse_card(p) for p in args)) if args else None


def _starter_from_text(args: list[str]) -> Action | None:
    return TurnStarter(parse_card(args[0])) if len(args) == 1 else None


def _deal_from_text(args: list[str]) -> Action | None:
    if not args:
        return None
    groups = [g.split() for g in " ".join(args).split("/")]
    crib = None
    if groups and len(groups[-1]) == 2 and groups[-1][0] == "crib":
        crib = parse_card(groups.pop()[1])
    if not groups or not all(groups):
        return None
    return Deal(tuple(tuple(parse_card(p) for p in g) for g in groups), crib)


def _discard_from_text(args: list[str]) -> Action | None:
    return Discard(_seat(args[0]), tuple(parse_card(p) for p in args[1:])) if len(args) >= 2 else None


def _play_from_text(args: list[str]) -> Action | None:
    return Play(_seat(args[0]), parse_card(args[1])) if len(args) == 2 else None


def _claim_from_text(args: list[str]) -> Action | None:
    return Claim(_seat(args[0]), _number(args[1], _MOST_POINTS)) if len(args) == 2 else None


def _go_from_text(args: list[str]) -> Action | None:
    return Go(_seat(args[0])) if len(args) == 1 else None


def _muggins_from_text(args: list[str]) -> Action | None:
    return Muggins(_seat(args[0])) if len(args) == 1 else None


def _timeup_from_text(args: list[str]) -> Action | None:
    return TimeUp(_seat(args[0])) if len(args) == 1 else None


def _next_from_text(args: list[str]) -> Action | None:
    return NextDeal() if not args else None


#: The reader of each action's text, by its first word (as action_to_text writes it).
_FROM_TEXT: dict[str, Callable[[list[str]], Action | None]] = {
    "cut": _cut_from_text,
    "starter": _starter_from_text,
    "deal": _deal_from_text,
    "discard": _discard_from_text,
    "play": _play_from_text,
    "go": _go_from_text,
    "claim": _claim_from_text,
    "muggins": _muggins_from_text,
    "timeup": _timeup_from_text,
    "next": _next_from_text,
}


_ACTION_TYPES = (Discard, Play, Go, NextDeal, Claim, Muggins, TimeUp, CutForDealer, Deal, TurnStarter)

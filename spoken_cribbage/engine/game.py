"""The game state machine: cut for deal, deal, discards, starter, the play, the show.

Pure: no printing, no I/O, no clock. Every state change and every score is an :class:`Event`;
:meth:`Game.apply` returns the events one action caused, and ``Game.events`` keeps them all.
:meth:`Game.events_for` is the same stream as one seat sees it (no other seat's hidden cards).

Chance is made of actions too (OpenSpiel's chance nodes): :class:`CutForDealer`, :class:`Deal`
and :class:`TurnStarter`. By default (``chance="auto"``) the game draws them from its
``random.Random`` and applies them itself, through the same path, without recording them in
``Game.actions`` (a save is the seed and the players' actions). With ``chance="manual"`` the game
waits for them (:meth:`Game.chance_pending` says which); given a sequence of chance actions it
applies them as they fall due, then waits.

The table's fixed facts are a frozen :class:`~spoken_cribbage.engine.rules.Rules`: 2 to 6
players, each for themselves or in teams. Seats are numbered 0..players-1 in the order of play:
the seat after the dealer is dealt to first, leads the play and counts first, and deals next.
Scores belong to sides: side = seat % sides (with four players by default seats 0 and 2 and
seats 1 and 3 are partners; see :class:`Rules` for the team layouts). How many cards a seat is
dealt and lays away comes from the rules, and with five or six players depends on whether it
deals (:meth:`Game.discards_due`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import TYPE_CHECKING, Iterable, Sequence, TypedDict, Union, final

from spoken_cribbage.engine.cards import (DECK, DECK_IDS, Card, _check_card, _check_cards,
                                          _check_int, _check_str, is_card, parse_card, sort_hand)
from spoken_cribbage.engine.errors import ArgumentTypeError, EngineError, InvalidArgumentError
from spoken_cribbage.engine.rules import PLAYERS, Named, Outcome, Rules
from spoken_cribbage.engine.scoring import ItemKind, ScoreItem, _score_hand, _score_play

if TYPE_CHECKING:
    from typing_extensions import Unpack   # typing.Unpack from Python 3.11

# ----------------------------------------------------------------------------- closed sets


class Phase(Named):
    """Where the game stands. Members equal their text, so ``game.phase == "discard"`` holds."""

    DEAL = "deal"              # waiting for the cut for the deal or the deal (manual chance only)
    DISCARD = "discard"
    STARTER = "starter"        # the discard is done, the starter not turned (manual chance only)
    PLAY = "play"
    SHOW = "show"              # manual counting: the show waits for a seat's count (a Claim)
    DEAL_OVER = "deal over"
    GAME_OVER = "game over"


DEAL, DISCARD, STARTER = Phase.DEAL, Phase.DISCARD, Phase.STARTER
PLAY, SHOW, DEAL_OVER, GAME_OVER = Phase.PLAY, Phase.SHOW, Phase.DEAL_OVER, Phase.GAME_OVER


class ScoreReason(Named):
    """Why points were pegged (``Scored.reason``)."""

    HEELS = "heels"
    PLAY = "play"
    GO = "go"
    LAST = "last"
    HAND = "hand"
    CRIB = "crib"
    MUGGINS = "muggins"        # manual counting: points another seat missed in its count
    OVERCOUNT = "overcount"    # manual counting: points another seat claimed too many
    TIME = "time"              # manual counting: half the count of a seat whose time ran out


class DealerReason(Named):
    """How the dealer was chosen (``DealerChosen.reason``)."""

    LOWEST_CUT = "lowest cut"
    GIVEN = "given"
    ALTERNATE = "alternate"


class Refusal(Named):
    """Why an action was refused (``IllegalActionError.code``); the error's ``data`` holds the
    particulars named here, so the words layer can phrase the refusal its own way."""

    OTHER = "other"
    NOT_AN_ACTION = "not an action"
    NO_SUCH_PLAYER = "no such player"
    GAME_OVER = "game over"
    CHANCE_PENDING = "chance pending"          # data: pending (the chance action class)
    NO_CHANCE_NOW = "no chance now"            # a chance action when none is due
    IMPOSSIBLE_CHANCE = "impossible chance"    # data: detail (a clause)
    DISCARD_OVER = "discard over"
    ALREADY_DISCARDED = "already discarded"
    NOTHING_TO_LAY_AWAY = "nothing to lay away"   # five or six players: the dealer lays none
    NOT_A_LIST_OF_CARDS = "not a list of cards"
    WRONG_NUMBER_OF_CARDS = "wrong number of cards"   # data: needed, given
    NOT_A_CARD = "not a card"
    CARD_TWICE = "card twice"                  # data: card
    NOT_IN_HAND = "not in hand"                # data: card
    PLAY_NOT_STARTED = "play not started"
    PLAY_OVER = "play over"
    NOT_YOUR_TURN = "not your turn"            # data: seat, to_act
    COUNT_OVER_31 = "count over 31"            # data: card, count (the count it would make)
    CAN_STILL_PLAY = "can still play"
    DEAL_NOT_OVER = "deal not over"
    UNDO_BLOCKED = "undo blocked"              # data: blocked (an UndoBlocked)
    NOT_COUNTING = "not counting"              # a count (or time up) when no count is due
    NOT_A_COUNT = "not a count"                # data: points (what was claimed)
    MUGGINS_OFF = "muggins off"                # data: counting (the game's counting mode)
    NOTHING_MISSED = "nothing missed"          # data: last ((seat, claimed, total, called) or None)


# ``id(card) in _DECK_IDS``: a fast, exact test of a genuine card (cards.DECK_IDS).
_DECK_IDS = DECK_IDS


class IllegalActionError(EngineError, ValueError):
    """An action the rules do not allow now (python-chess's IllegalMoveError); the game is
    left as it was.

    ``reason`` reads as a clause: 'the count would be 33'. ``code`` is a :class:`Refusal` and
    ``data`` its particulars (also readable as attributes: ``e.count``, ``e.card``).
    """

    def __init__(self, reason: str, code: Refusal = Refusal.OTHER, **data: object):
        self.reason = reason
        self.code = code
        self.data = data
        super().__init__(reason)

    def __getattr__(self, name: str) -> object:
        data = self.__dict__.get("data") or {}
        if name in data:
            return data[name]
        raise AttributeError(name)


class UndoBlocked(str, Enum):
    """Why :meth:`Game.can_undo` says no. Each value reads as a clause, like any
    IllegalActionError reason; ``str()`` of a member is its value."""

    NOTHING_TO_UNDO = "there is nothing to undo"
    CARD_REVEALED = "a card has been seen since"
    STARTER_CUT = "the starter has been cut"
    DEAL_OVER = "the deal is over"
    NEW_DEAL = "you have made no move in this deal yet"   # the last was in an earlier deal
    SHOW = "the show has begun"
    GAME_OVER = "the game is over"
    NOT_REPLAYABLE = "this game's random source cannot be rewound"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


# ----------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Discard:
    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        # Cards given as a list (or any iterable) are kept as a tuple, so the caller changing
        # the list later cannot change a recorded action. Anything else is left for apply to refuse.
        cards = self.cards
        if not isinstance(cards, (tuple, str, bytes)):
            try:
                object.__setattr__(self, "cards", tuple(cards))
            except Exception:  # noqa: BLE001 - not an iterable, or one that fails
                pass


@dataclass(frozen=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True)
class Go:
    seat: int


@dataclass(frozen=True)
class NextDeal:
    """Start the next deal after the show."""


@dataclass(frozen=True)
class Claim:
    """Manual counting: ``seat`` states the count of the hand (or crib) it is due to count.
    The game pegs what is right (never more than the claim); see :class:`Rules` for muggins
    and the overcount penalty."""
    seat: int
    points: int


@dataclass(frozen=True)
class Muggins:
    """Manual counting with muggins: ``seat`` takes the points an opponent missed in a count,
    before the seat's own next action."""
    seat: int


@dataclass(frozen=True)
class TimeUp:
    """Manual counting: ``seat``'s time to count ran out (the clock is the front end's). The
    seat scores nothing for that count; half of it, rounded down, goes to the opponent."""
    seat: int


def _as_tuple(obj: object, attr: str, nested: bool = False) -> None:
    """Keep a list (or any iterable) field as a tuple, so a recorded action cannot change;
    anything else is left for apply to refuse."""
    v = getattr(obj, attr)
    if not isinstance(v, (tuple, str, bytes)) or (nested and isinstance(v, tuple)):
        try:
            v = tuple(tuple(h) if nested and not isinstance(h, (tuple, str, bytes)) else h
                      for h in v)
        except Exception:  # noqa: BLE001 - not an iterable, or one that fails
            return
        object.__setattr__(obj, attr, v)


@final   # the chance actions are told apart by their exact type
@dataclass(frozen=True)
class CutForDealer:
    """Chance: one round of cutting for the first deal, ``cards[seat]`` each seat's cut.
    The lowest card deals; a tie for lowest cuts again."""
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _as_tuple(self, "cards")


@final
@dataclass(frozen=True)
class Deal:
    """Chance: the hands dealt, by seat (any order within a hand), each of the size the rules
    give that seat (:meth:`Rules.dealt_to`); with three players ``crib_card`` is the card from
    the deck that goes to the crib."""
    hands: tuple[tuple[Card, ...], ...]
    crib_card: Card | None = None

    def __post_init__(self) -> None:
        _as_tuple(self, "hands", nested=True)


@final
@dataclass(frozen=True)
class TurnStarter:
    """Chance: the starter the cut turns up (one of the cards not dealt)."""
    card: Card


ChanceAction = Union[CutForDealer, Deal, TurnStarter]
CHANCE_ACTIONS = (CutForDealer, Deal, TurnStarter)
Action = Union[Discard, Play, Go, NextDeal, Claim, Muggins, TimeUp, CutForDealer, Deal, TurnStarter]


_MOST_SEATS = max(PLAYERS)
_MOST_POINTS = 46   # the most a count can claim: a five-card hand's best show


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
    if t is Discard:
        return f"discard {_text_seat(action.seat)} " + " ".join(  # type: ignore[union-attr]
            c.short for c in _text_cards(action.cards))  # type: ignore[union-attr]
    if t is Play:
        return (f"play {_text_seat(action.seat)} "  # type: ignore[union-attr]
                f"{_check_card(action.card, 'action_to_text').short}")  # type: ignore[union-attr]
    if t is Go:
        return f"go {_text_seat(action.seat)}"  # type: ignore[union-attr]
    if t is Claim:
        points = _check_int(action.points, "action_to_text", "points", 0,  # type: ignore[union-attr]
                           _MOST_POINTS)
        return f"claim {_text_seat(action.seat)} {points}"  # type: ignore[union-attr]
    if t is Muggins:
        return f"muggins {_text_seat(action.seat)}"  # type: ignore[union-attr]
    if t is TimeUp:
        return f"timeup {_text_seat(action.seat)}"  # type: ignore[union-attr]
    if t is CutForDealer:
        return "cut " + " ".join(c.short for c in _text_cards(action.cards))  # type: ignore[union-attr]
    if t is Deal:
        hands = action.hands  # type: ignore[union-attr]
        if type(hands) is not tuple or not hands:
            raise ArgumentTypeError("action_to_text", "hands", hands, "a tuple of hands")
        text = "deal " + " / ".join(" ".join(c.short for c in _text_cards(h, "hands"))
                                    for h in hands)
        crib = action.crib_card  # type: ignore[union-attr]
        if crib is None:
            return text
        return text + f" / crib {_check_card(crib, 'action_to_text', 'crib_card').short}"
    if t is TurnStarter:
        return f"starter {_check_card(action.card, 'action_to_text').short}"  # type: ignore[union-attr]
    if t is NextDeal:
        return "next"
    raise ArgumentTypeError("action_to_text", "action", action, "an action (Play, Discard...)")


def action_from_text(text: str) -> Action:
    """The action ``action_to_text`` wrote; InvalidArgumentError (a ValueError) for any other
    text, InvalidCardError for a card that is not one, ArgumentTypeError for a non-text."""
    parts = _check_str(text, "action_from_text").split()

    def bad() -> InvalidArgumentError:
        return InvalidArgumentError("action_from_text", "text", text,
                                    "an action as action_to_text writes it ('play 1 5H')")

    def number(p: str, top: int) -> int:
        if not (p.isascii() and p.isdigit() and len(p) <= 3 and int(p) <= top):
            raise bad()
        return int(p)

    def seat(p: str) -> int:
        return number(p, _MOST_SEATS - 1)

    if not parts:
        raise bad()
    if parts[0] == "cut" and len(parts) >= 2:
        return CutForDealer(tuple(parse_card(p) for p in parts[1:]))
    if parts[0] == "starter" and len(parts) == 2:
        return TurnStarter(parse_card(parts[1]))
    if parts[0] == "deal" and len(parts) >= 2:
        groups = [g.split() for g in " ".join(parts[1:]).split("/")]
        crib = None
        if groups and len(groups[-1]) == 2 and groups[-1][0] == "crib":
            crib = parse_card(groups.pop()[1])
        if not groups or not all(groups):
            raise bad()
        return Deal(tuple(tuple(parse_card(p) for p in g) for g in groups), crib)
    if parts[0] == "discard" and len(parts) >= 3:
        return Discard(seat(parts[1]), tuple(parse_card(p) for p in parts[2:]))
    if parts[0] == "play" and len(parts) == 3:
        return Play(seat(parts[1]), parse_card(parts[2]))
    if parts[0] == "go" and len(parts) == 2:
        return Go(seat(parts[1]))
    if parts[0] == "claim" and len(parts) == 3:
        return Claim(seat(parts[1]), number(parts[2], _MOST_POINTS))
    if parts[0] == "muggins" and len(parts) == 2:
        return Muggins(seat(parts[1]))
    if parts[0] == "timeup" and len(parts) == 2:
        return TimeUp(seat(parts[1]))
    if parts == ["next"]:
        return NextDeal()
    raise bad()


# ----------------------------------------------------------------------------- events

@dataclass(frozen=True)
class Event:
    """Base class of everything the game reports."""


@dataclass(frozen=True)
class GameStarted(Event):
    players: int
    target: int
    teams: int | None = None   # as the game's Rules were given (None: the usual for the size)

    @property
    def rules(self) -> Rules:
        return Rules(self.players, self.target, teams=self.teams)


@dataclass(frozen=True)
class CutForDeal(Event):
    """One round of cutting for the first deal; ``cards[seat]`` is each seat's cut."""
    cards: tuple[Card, ...]
    tie: bool


@dataclass(frozen=True)
class DealerChosen(Event):
    dealer: int
    reason: DealerReason  # lowest cut, given, alternate


@dataclass(frozen=True)
class Dealt(Event):
    """The cards are dealt. ``hands`` by seat, sorted. Each hand is private to its seat: in a
    seat's view (:meth:`Game.events_for`) the other seats' hands are empty tuples."""
    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]

    def seen_by(self, seat: int) -> "Dealt":
        """This event as ``seat`` sees it: the other seats' hands empty."""
        if type(seat) is not int or not 0 <= seat < _MOST_SEATS:
            _check_int(seat, "Dealt.seen_by", "seat", 0, _MOST_SEATS - 1)
        return Dealt(self.deal, self.dealer,
                     tuple(h if s == seat else () for s, h in enumerate(self.hands)))


@dataclass(frozen=True)
class Discarded(Event):
    """``seat`` laid ``number`` cards away. ``cards`` is private to the seat: empty in the
    other seats' views."""
    seat: int
    cards: tuple[Card, ...]
    crib_owner: int
    number: int = -1  # how many cards; len(cards) when not given

    def __post_init__(self) -> None:
        if self.number < 0:
            object.__setattr__(self, "number", len(self.cards))

    def seen_by(self, seat: int) -> "Discarded":
        """This event as ``seat`` sees it: the cards empty unless they are its own."""
        if type(seat) is not int or not 0 <= seat < _MOST_SEATS:
            _check_int(seat, "Discarded.seen_by", "seat", 0, _MOST_SEATS - 1)
        return self if seat == self.seat else Discarded(self.seat, (), self.crib_owner, self.number)


@dataclass(frozen=True)
class CribCardFromDeck(Event):
    """Three players: one card goes from the deck to the crib, face down: ``card`` is None in
    every seat's view (the crib is seen when it is shown)."""
    card: Card | None

    def seen_by(self, seat: int) -> "CribCardFromDeck":
        """This event as any seat sees it: the card face down (None)."""
        _check_int(seat, "CribCardFromDeck.seen_by", "seat", 0, _MOST_SEATS - 1)
        return CribCardFromDeck(None)


@dataclass(frozen=True)
class StarterTurned(Event):
    card: Card
    dealer: int
    cutter: int


@dataclass(frozen=True)
class Scored(Event):
    """Points pegged, for a :class:`ScoreReason`: heels, play, go, last, hand, crib."""
    seat: int
    side: int
    points: int
    reason: ScoreReason
    items: tuple[ScoreItem, ...]
    cards: tuple[Card, ...]
    back_peg: int
    front_peg: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class Played(Event):
    seat: int
    card: Card
    count: int
    series: tuple[Card, ...]
    hand_left: int


@dataclass(frozen=True)
class SaidGo(Event):
    seat: int
    count: int


@dataclass(frozen=True)
class CountReset(Event):
    count_was: int
    next_seat: int | None  # who leads the next series; None when the play is over


@dataclass(frozen=True)
class PlayEnded(Event):
    pass


@dataclass(frozen=True)
class HandShown(Event):
    """A hand or the crib counted in the show (``total`` may be 0: 'nineteen')."""
    seat: int
    side: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card
    total: int
    items: tuple[ScoreItem, ...]


@dataclass(frozen=True)
class CountDue(Event):
    """Manual counting: a hand (or the crib) is laid out for ``seat`` to count (a Claim)."""
    seat: int
    side: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card


@dataclass(frozen=True)
class Claimed(Event):
    """Manual counting: ``seat`` said its count is ``claimed``; ``total`` and ``items`` are the
    right count. A :class:`HandShown` of the same hand follows, then what is pegged."""
    seat: int
    side: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card
    claimed: int
    total: int
    items: tuple[ScoreItem, ...]


@dataclass(frozen=True)
class CountTimedOut(Event):
    """Manual counting: ``seat``'s time to count ran out. It scores nothing for the hand;
    ``points`` (half of ``total``, rounded down) go to ``to_seat``."""
    seat: int
    side: int
    is_crib: bool
    cards: tuple[Card, ...]
    starter: Card
    total: int
    items: tuple[ScoreItem, ...]
    to_seat: int
    points: int


@dataclass(frozen=True)
class MugginsCalled(Event):
    """Muggins: ``seat`` takes the ``points`` that ``from_seat`` missed in its count of a hand
    (or the crib) worth ``total`` (``items``, ``cards``). A :class:`Scored` follows."""
    seat: int
    side: int
    from_seat: int
    is_crib: bool
    points: int
    total: int
    items: tuple[ScoreItem, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DealEnded(Event):
    deal: int
    next_dealer: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Event):
    winner: int  # winning side
    scores: tuple[int, ...]
    skunks: tuple[int, ...]  # per side: 0 none, 1 skunk, 2 double skunk (for losers)


class _GameEnded(Exception):
    pass


# ----------------------------------------------------------------------------- observation

@dataclass(frozen=True)
class Observation:
    """What one seated player knows: nothing about the deck or the other hands."""
    seat: int
    players: int
    side: int
    phase: str
    deal: int
    dealer: int
    target: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]            # cards held now (as dealt, then the unplayed ones)
    kept: tuple[Card, ...]            # the hand kept for the show (after the discard; at once
                                      # for a dealer who lays nothing away)
    discards: tuple[Card, ...]        # own cards laid in the crib
    starter: Card | None
    played: tuple[tuple[int, Card], ...]   # every card played this deal, in order, with its seat
    series: tuple[Card, ...]          # cards since the last reset
    count: int
    gone: tuple[int, ...]             # seats that said go in this series
    cards_left: tuple[int, ...]       # how many cards each seat still holds in the play
    legal: tuple[Action, ...]
    history: tuple[Play | Go, ...] = ()
    """The public story of this deal's play, in order: every card played and every go said."""
    rules: Rules | None = None
    to_act: int | None = None         # whose turn it is in the play (None outside it)
    waiting: tuple[int, ...] = ()     # seats that still have to lay away for the crib
    showing: tuple[Card, ...] = ()    # manual counting: the hand (or crib) being counted now
    showing_crib: bool = False        # ... and whether it is the crib
    back_pegs: tuple[int, ...] = ()   # by side: the score before its last points (the pegboard)

    @property
    def playable(self) -> tuple[Card, ...]:
        """The cards this seat may play now (empty when it is not its turn to play)."""
        return tuple(a.card for a in self.legal if isinstance(a, Play))

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.seat

    @property
    def my_score(self) -> int:
        return self.scores[self.side]


# ----------------------------------------------------------------------------- the game

class GameOptions(TypedDict, total=False):
    """The keyword arguments of :class:`Game` (for :meth:`Game.replay`)."""
    rules: Rules | None
    players: int | None
    target: int | None
    seed: int | None
    rng: random.Random | None
    first_dealer: int | None
    chance: str | Iterable[ChanceAction]
    scores: Sequence[int] | None
    teams: int | None


class Game:
    """One game of cribbage.

    >>> g = Game(seed=1)
    >>> g.phase
    <Phase.DISCARD: 'discard'>
    >>> g.phase == "discard"
    True
    >>> g = Game(rules=Rules(players=2), chance="manual", first_dealer=0)
    >>> g.chance_pending().__name__
    'Deal'
    """

    def __init__(self, *, rules: Rules | None = None, players: int | None = None,
                 target: int | None = None, seed: int | None = None,
                 rng: random.Random | None = None, first_dealer: int | None = None,
                 chance: str | Iterable[ChanceAction] = "auto",
                 scores: Sequence[int] | None = None, teams: int | None = None):
        """``rules`` (or the older ``players``, ``target`` and ``teams``) fix the table. ``chance``:
        "auto" (draw the cuts and deals from ``rng``, or ``random.Random(seed)``), "manual"
        (wait for chance actions), or a sequence of chance actions applied as they fall due.
        ``scores`` starts the game from those scores (by side) instead of zero.

        Arguments of the wrong kind or out of range are refused with the engine's argument
        errors (:mod:`~spoken_cribbage.engine.errors`), before anything is drawn."""
        if rules is None:
            rules = Rules(2 if players is None else players, 121 if target is None else target,
                          teams=teams)
        elif type(rules) is not Rules:
            raise ArgumentTypeError("Game", "rules", rules, "a Rules or None")
        elif players is not None or target is not None or teams is not None:
            given = Rules(rules.players if players is None else players,  # checks them
                          rules.target if target is None else target,
                          teams=rules.teams if teams is None else teams)
            if (given.players, given.target, given.team_count) != (
                    rules.players, rules.target, rules.team_count):
                raise InvalidArgumentError("Game", "rules", rules, "the same table as "
                                           "players, target and teams when those are given too")
        if seed is not None and (type(seed) is not int):
            raise ArgumentTypeError("Game", "seed", seed, "a whole number or None")
        if rng is not None and not isinstance(rng, random.Random):
            raise ArgumentTypeError("Game", "rng", rng, "a random.Random or None")
        if first_dealer is not None:
            first_dealer = _check_int(first_dealer, "Game", "first_dealer", 0, rules.players - 1)
        if isinstance(chance, str):
            if chance not in ("auto", "manual"):
                raise InvalidArgumentError("Game", "chance", chance, '"auto", "manual" or a '
                                           "sequence of chance actions")
        else:
            if isinstance(chance, bytes) or not hasattr(type(chance), "__iter__"):
                raise ArgumentTypeError("Game", "chance", chance, '"auto", "manual" or a '
                                        "sequence of chance actions")
            try:
                chance = list(chance)
            except Exception:  # noqa: BLE001 - an iterable that fails
                raise ArgumentTypeError("Game", "chance", chance, "a sequence of chance actions"
                                        ) from None
            for a in chance:
                if type(a) not in CHANCE_ACTIONS:
                    raise ArgumentTypeError("Game", "chance", a, "chance actions only "
                                            "(CutForDealer, Deal, TurnStarter)")
        if scores is not None:
            if type(scores) not in (tuple, list):
                raise ArgumentTypeError("Game", "scores", scores, "a tuple of scores by side")
            if len(scores) != rules.sides or not all(
                    type(x) is int and 0 <= x < rules.target for x in scores):
                raise InvalidArgumentError("Game", "scores", scores, f"{rules.sides} whole "
                                           "numbers, each from 0 to below the target")
        self.rules = rules
        # Copies of the rules' facts, read in the engine's inner loops (the rules decide them).
        self.players = rules.players
        self.sides = rules.sides
        self.target = rules.target
        self.hand_size = rules.hand_size        # a seat that does not deal: see dealt_to_seat
        self.discard_count = rules.discards     # a seat that does not deal: see discards_due
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        if isinstance(chance, str):
            self.chance = chance
            self._script: list[ChanceAction] = []
        else:
            self.chance = "script"
            self._script = list(chance)
        # What undo needs to rebuild the game: the construction arguments and the rng's state
        # before anything was drawn from it (None if it has no state, e.g. SystemRandom).
        self._init_kwargs = dict(rules=rules, seed=seed, first_dealer=first_dealer,
                                 scores=None if scores is None else tuple(scores))
        self._rng_at_start = self.rng  # a game whose rng is swapped later cannot be rebuilt
        try:
            self._rng_state: object | None = self.rng.getstate()
        except (AttributeError, NotImplementedError, TypeError):
            self._rng_state = None
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self._marks: list[int] = []  # len(self.events) before each action: its first event
        self.scores = [0] * self.sides
        if scores is not None:
            self.scores = list(scores)
        self.back_pegs = list(self.scores)
        self.phase = DEAL
        self.deal_number = 0
        self.dealer = 0
        self.winner: int | None = None
        self._outcome: Outcome | None = None
        self.hands: list[list[Card]] = []        # cards held now
        self.kept: list[tuple[Card, ...]] = []   # the hands kept for the show
        self.discards: list[tuple[Card, ...]] = []
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.deck: list[Card] = []               # the cards not dealt (the starter comes from them)
        self.series: list[tuple[int, Card]] = []
        self.played: list[tuple[int, Card]] = []
        self.history: list[Play | Go] = []       # this deal's plays and goes, in order
        self.gone: set[int] = set()
        self.to_act: int | None = None
        self.last_player: int | None = None
        self._pending: type | None = None        # the chance action due, if any
        self._drawn_rest: list[Card] | None = None
        # Manual counting: the counts still due in this show, (seat, is_crib) in order; the one
        # due now; muggins chances open; this deal's claims (seat, claimed, total, called: True
        # once muggins was called on it).
        self._show_due: list[tuple[int, bool]] = []
        self.showing: tuple[int, bool] | None = None
        self._chances: list[_Chance] = []
        self.claims: list[tuple[int, int, int, bool]] = []
        self._new: list[Event] = []
        self._emit(GameStarted(self.players, self.target, rules.teams))
        try:
            if first_dealer is None:
                self._pending = CutForDealer
            else:
                self.dealer = first_dealer % self.players
                self._emit(DealerChosen(self.dealer, DealerReason.GIVEN))
                self._pending = Deal
            self._run_chance()
        except _GameEnded:  # pragma: no cover - nothing scores before the first deal
            pass
        self._new = []

    # ------------------------------------------------------------------ helpers

    def _seat(self, seat: object, function: str) -> int:
        """``seat`` if it is a seat of this game (0..players-1); the engine's argument errors
        otherwise. The public methods that take a seat call it first."""
        if type(seat) is int and 0 <= seat < self.players:
            return seat
        return _check_int(seat, function, "seat", 0, self.players - 1)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat, "Game.side_of")
        return seat % self.sides

    def seats_from(self, seat: int) -> list[int]:
        """Seats in turn order starting after ``seat``, ending with ``seat``."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat, "Game.seats_from")
        return [(seat + k) % self.players for k in range(1, self.players + 1)]

    def dealt_to_seat(self, seat: int) -> int:
        """How many cards ``seat`` is dealt in this deal (one fewer for a dealer of five or six)."""
        return self.rules.dealt_to(self._seat(seat, "Game.dealt_to_seat") == self.dealer)

    def discards_due(self, seat: int) -> int:
        """How many cards ``seat`` lays away in this deal (none for a dealer of five or six)."""
        return self.rules.discards_for(self._seat(seat, "Game.discards_due") == self.dealer)

    @property
    def pone(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def count(self) -> int:
        return sum(c.value for _, c in self.series)

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._new.append(event)

    def opponent_of(self, seat: int) -> int:
        """The seat that takes a penalty from ``seat``: the next seat in turn order that is not
        its partner (with two players, simply the other seat)."""
        side = self.side_of(self._seat(seat, "Game.opponent_of"))
        return next(s for s in self.seats_from(seat) if self.side_of(s) != side)

    def _score(self, seat: int, points: int, reason: ScoreReason, items: Sequence[ScoreItem] = (),
               cards: Sequence[Card] = ()) -> None:
        if points <= 0 or self.phase == GAME_OVER:
            return
        side = self.side_of(seat)
        self.back_pegs[side] = self.scores[side]
        self.scores[side] += points
        self._emit(Scored(seat, side, points, reason, tuple(items), tuple(cards),
                          self.back_pegs[side], self.scores[side], tuple(self.scores)))
        if self.scores[side] >= self.target:
            self.phase = GAME_OVER
            self.winner = side
            self.to_act = None
            self._pending = None
            self._outcome = Outcome(side, tuple(self.scores), self.rules.skunk(self.scores, side))
            self._emit(GameOver(side, self._outcome.scores, self._outcome.skunks))
            raise _GameEnded

    # ------------------------------------------------------------------ chance

    def chance_pending(self) -> type | None:
        """The chance action the game waits for (:class:`CutForDealer`, :class:`Deal` or
        :class:`TurnStarter`), or None. With ``chance="auto"`` it is always None."""
        return self._pending

    def _run_chance(self) -> None:
        """Apply the chance actions that fall due, from the rng or the script, until a player
        must act (or, with manual chance, until one is due)."""
        while self._pending is not None:
            if self.chance == "auto":
                self._do_chance(self._draw())
            elif self._script:
                action = self._script.pop(0)
                self._check(action)
                self._marks.append(len(self.events))
                self.actions.append(action)
                self._do_chance(action)
            else:
                return

    def _draw(self) -> ChanceAction:
        """The next chance action from the rng, drawn exactly as this engine always has, so a
        seed deals the same cards as before."""
        pending = self._pending
        if pending is CutForDealer:
            return CutForDealer(tuple(self.rng.sample(DECK, self.players)))
        if pending is Deal:
            deck = list(DECK)
            self.rng.shuffle(deck)
            hands: list[list[Card]] = [[] for _ in range(self.players)]
            order = self.seats_from(self.dealer)
            sizes = [self.dealt_to_seat(s) for s in range(self.players)]
            for round_ in range(max(sizes)):   # one at a time, from the dealer's left
                for seat in order:
                    if round_ < sizes[seat]:
                        hands[seat].append(deck.pop())
            crib_card = deck.pop() if self.rules.crib_cards_from_deck else None
            self._drawn_rest = deck
            return Deal(tuple(map(tuple, hands)), crib_card)
        return TurnStarter(self.deck[self.rng.randrange(len(self.deck))])

    def _do_chance(self, action: ChanceAction) -> None:
        if type(action) is Deal:
            self._do_deal(action)
        elif type(action) is TurnStarter:
            self._turn_starter(action.card)
        else:
            self._cut_for_deal(action)

    def _cut_for_deal(self, a: CutForDealer) -> None:
        low = min(c.rank for c in a.cards)
        lows = [s for s, c in enumerate(a.cards) if c.rank == low]
        self._emit(CutForDeal(tuple(a.cards), len(lows) > 1))
        if len(lows) == 1:
            self.dealer = lows[0]
            self._emit(DealerChosen(self.dealer, DealerReason.LOWEST_CUT))
            self._pending = Deal

    def _do_deal(self, a: Deal) -> None:
        self.deal_number += 1
        self.hands = [sort_hand(h) for h in a.hands]
        self.kept = [() for _ in range(self.players)]
        self.discards = [() for _ in range(self.players)]
        self.crib = []
        self.starter = None
        self.series, self.played, self.history, self.gone = [], [], [], set()
        self.last_player = None
        self.to_act = None
        self._show_due, self.showing, self._chances, self.claims = [], None, [], []
        self.phase = DISCARD
        self._pending = None
        if not self.discards_due(self.dealer):   # five or six players: the dealer keeps all
            self.kept[self.dealer] = tuple(self.hands[self.dealer])
        self._emit(Dealt(self.deal_number, self.dealer, tuple(tuple(h) for h in self.hands)))
        if a.crib_card is not None:
            self.crib.append(a.crib_card)
            self._emit(CribCardFromDeck(a.crib_card))
        if self._drawn_rest is not None:
            self.deck, self._drawn_rest = self._drawn_rest, None
        else:
            used: set[Card | None] = {c for h in a.hands for c in h}
            used.add(a.crib_card)
            self.deck = [c for c in DECK if c not in used]

    def _turn_starter(self, card: Card) -> None:
        cutter = (self.dealer - 1) % self.players  # the player on the dealer's right cuts
        self.deck.remove(card)
        self.starter = card
        self.phase = PLAY
        self._pending = None
        self._emit(StarterTurned(card, self.dealer, cutter))
        if card.rank == 11:
            self._score(self.dealer, 2, ScoreReason.HEELS,
                        (ScoreItem(ItemKind.HEELS, 2, (card,)),), (card,))
        self.to_act = self.pone

    # ------------------------------------------------------------------ queries

    def pending_discards(self) -> tuple[int, ...]:
        if self.phase != DISCARD:
            return ()
        return tuple(s for s in range(self.players)
                     if not self.discards[s] and self.discards_due(s))

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds that fit under 31 (whether or not it is its turn); none
        before the deal."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat, "Game.playable")
        if not self.hands:
            return []
        room = 31 - self.count
        return [c for c in self.hands[seat] if c.value <= room]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal player action (for ``seat`` only, if given); none while chance is due."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            seat = self._seat(seat, "Game.legal_actions")
        if self.phase == DISCARD:
            seats = self.pending_discards() if seat is None else (
                (seat,) if seat in self.pending_discards() else ())
            return [Discard(s, combo) for s in seats
                    for combo in combinations(self.hands[s], self.discards_due(s))]
        if self.phase == PLAY:
            s = self.to_act
            if s is None or (seat is not None and seat != s):
                return []
            cards = self.playable(s)
            return [Play(s, c) for c in cards] if cards else [Go(s)]
        if self.phase == SHOW:
            s = self.to_act
            claims: list[Action] = ([Claim(s, n) for n in range(self.rules.max_show + 1)]
                                    if s is not None and seat in (None, s) else [])
            return claims + self._muggins_legal(seat)
        if self.phase == DEAL_OVER:
            return [NextDeal(), *self._muggins_legal(seat)]
        return []

    def _muggins_legal(self, seat: int | None) -> list[Action]:
        seats = range(self.players) if seat is None else (seat,)
        return [Muggins(s) for s in seats if self.muggins_open(s)]

    def muggins_open(self, seat: int) -> int:
        """Manual counting with muggins: the points ``seat`` would take by calling muggins now
        (missed in other sides' counts that its side has not passed by acting since)."""
        side = self.side_of(self._seat(seat, "Game.muggins_open"))
        return sum(c.missed for c in self._chances if side in c.sides)

    def showing_cards(self) -> tuple[Card, ...]:
        """Manual counting: the hand (or crib) due to be counted now; () when none is."""
        if self.showing is None:
            return ()
        seat, crib = self.showing
        return tuple(sort_hand(self.crib)) if crib else tuple(self.kept[seat])

    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows now (see :class:`Observation`)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat, "Game.observation")
        return Observation(
            seat=seat, players=self.players, side=self.side_of(seat), phase=self.phase,
            deal=self.deal_number, dealer=self.dealer, target=self.target,
            scores=tuple(self.scores), hand=tuple(self.hands[seat]) if self.hands else (),
            kept=tuple(self.kept[seat]) if self.kept else (),
            discards=tuple(self.discards[seat]) if self.discards else (),
            starter=self.starter, played=tuple(self.played),
            series=tuple(c for _, c in self.series), count=self.count,
            gone=tuple(sorted(self.gone)),
            cards_left=tuple(len(h) for h in self.hands) if self.hands else (),
            legal=tuple(self.legal_actions(seat)), history=tuple(self.history),
            rules=self.rules, to_act=self.to_act if self.phase in (PLAY, SHOW) else None,
            waiting=tuple(self.pending_discards()) if self.phase == DISCARD else (),
            showing=self.showing_cards(),
            showing_crib=self.showing is not None and self.showing[1],
            back_pegs=tuple(self.back_pegs))

    def events_for(self, seat: int, start: int = 0) -> list[Event]:
        """The events from index ``start`` on, as ``seat`` sees them: the same stream, with every
        other seat's hidden cards taken out (their hands in :class:`Dealt`, their discards,
        the crib card from the deck)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = self._seat(seat, "Game.events_for")
        if type(start) is not int or not 0 <= start <= len(self.events):
            start = _check_int(start, "Game.events_for", "start", 0, len(self.events))
        return [e.seen_by(seat) if type(e) in _PRIVATE else e  # type: ignore[attr-defined]
                for e in self.events[start:]]

    def outcome(self) -> Outcome | None:
        """How the game ended (winner side, scores, skunks), or None while it goes on."""
        return self._outcome

    def is_game_over(self) -> bool:
        return self.phase == GAME_OVER

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` and return the events it caused (all seats' cards: see
        :meth:`events_for` for one seat's view).

        Raises IllegalActionError (and changes nothing) if the rules do not allow it.
        """
        self._check(action)
        self._new = []
        self._marks.append(len(self.events))
        self.actions.append(action)
        try:
            t = type(action)
            if t is Play:
                self._do_play(action)  # type: ignore[arg-type]
            elif t is Go:
                self._do_go(action)  # type: ignore[arg-type]
            elif t is Discard:
                self._do_discard(action)  # type: ignore[arg-type]
            elif t is Claim:
                self._do_claim(action)  # type: ignore[arg-type]
            elif t is Muggins:
                self._do_muggins(action)  # type: ignore[arg-type]
            elif t is TimeUp:
                self._do_time_up(action)  # type: ignore[arg-type]
            elif t is NextDeal:
                self.dealer = (self.dealer + 1) % self.players
                self._emit(DealerChosen(self.dealer, DealerReason.ALTERNATE))
                self._next_deal()
            else:
                self._do_chance(action)  # type: ignore[arg-type]
            self._run_chance()
        except _GameEnded:
            pass
        new, self._new = self._new, []
        return new

    def _next_deal(self) -> None:
        """Clear the table and wait for the deal."""
        self.hands = [[] for _ in range(self.players)]
        self.kept = [() for _ in range(self.players)]
        self.discards = [() for _ in range(self.players)]
        self.crib, self.starter = [], None
        self.series, self.played, self.history, self.gone = [], [], [], set()
        self.last_player = self.to_act = None
        self._show_due, self.showing, self._chances, self.claims = [], None, [], []
        self.phase = DEAL
        self._pending = Deal

    def _check_seat(self, seat: object) -> None:
        # A seat is a plain int: an int subclass could compare or hash as another seat.
        if not (type(seat) is int and 0 <= seat < self.players):
            raise IllegalActionError("there is no such player", Refusal.NO_SUCH_PLAYER, seat=seat)

    def _genuine(self, cards: object, n: int) -> bool:
        return (type(cards) is tuple and len(cards) == n
                and all(id(c) in _DECK_IDS or is_card(c) for c in cards))

    def _check_chance(self, action: ChanceAction) -> None:
        if self._pending is not type(action):
            raise IllegalActionError("that chance action is not due now", Refusal.NO_CHANCE_NOW)

        def impossible(detail: str) -> IllegalActionError:
            return IllegalActionError(detail, Refusal.IMPOSSIBLE_CHANCE, detail=detail)

        if isinstance(action, CutForDealer):
            if not self._genuine(action.cards, self.players) or \
                    len(set(action.cards)) != self.players:
                raise impossible(f"the cut is {self.players} different cards, one a seat")
        elif isinstance(action, Deal):
            hands, crib = action.hands, action.crib_card
            sizes = [self.dealt_to_seat(s) for s in range(self.players)]
            if not (type(hands) is tuple and len(hands) == self.players
                    and all(self._genuine(h, n) for h, n in zip(hands, sizes))):
                if len(set(sizes)) == 1:
                    raise impossible(f"a deal is {self.players} hands of {sizes[0]} cards")
                raise impossible(f"a deal is {self.players} hands of {max(sizes)} cards, "
                                 f"the dealer's of {min(sizes)}")
            if (crib is not None) != bool(self.rules.crib_cards_from_deck) or (
                    crib is not None and not (id(crib) in _DECK_IDS or is_card(crib))):
                raise impossible("the crib takes a card from the deck with three players only")
            cards = [c for h in hands for c in h] + ([crib] if crib is not None else [])
            if len(set(cards)) != len(cards):
                raise impossible("a card is dealt twice")
        elif not (id(action.card) in _DECK_IDS or is_card(action.card)) \
                or action.card not in self.deck:
            raise impossible("the starter is one of the cards not dealt")

    def _check(self, action: Action) -> None:
        t = type(action)
        if t not in _ACTION_TYPES:  # a subclass of an action could read as another action
            raise IllegalActionError("that is not an action", Refusal.NOT_AN_ACTION)
        if self.phase == GAME_OVER:
            raise IllegalActionError("the game is over", Refusal.GAME_OVER)
        if isinstance(action, CHANCE_ACTIONS):
            self._check_chance(action)
            return
        if self._pending is not None:
            what = ("the starter is not turned yet" if self._pending is TurnStarter
                    else "the cards are not dealt yet")
            raise IllegalActionError(what, Refusal.CHANCE_PENDING, pending=self._pending)
        if t is not NextDeal:
            seat = action.seat  # type: ignore[union-attr]
            if type(seat) is not int or not 0 <= seat < self.players:  # fast path: a plain int
                self._check_seat(seat)
        if isinstance(action, Discard):
            if self.phase != DISCARD:
                raise IllegalActionError("the discard is over", Refusal.DISCARD_OVER)
            n = self.discards_due(action.seat)
            if not n:
                raise IllegalActionError("the dealer lays nothing away in this game",
                                         Refusal.NOTHING_TO_LAY_AWAY)
            if self.discards[action.seat]:
                raise IllegalActionError("those cards are already in the crib",
                                         Refusal.ALREADY_DISCARDED)
            if type(action.cards) is not tuple:
                raise IllegalActionError("the cards to lay away are not a list of cards",
                                         Refusal.NOT_A_LIST_OF_CARDS)
            if len(action.cards) != n:
                raise IllegalActionError(
                    f"lay away exactly {n} card{'s' if n > 1 else ''}, not {len(action.cards)}",
                    Refusal.WRONG_NUMBER_OF_CARDS, needed=n, given=len(action.cards))
            if not all(id(c) in _DECK_IDS or is_card(c) for c in action.cards):
                raise IllegalActionError("that is not a card", Refusal.NOT_A_CARD)
            if len(set(action.cards)) != len(action.cards):
                twice = next(c for i, c in enumerate(action.cards) if c in action.cards[:i])
                raise IllegalActionError("the same card is named twice", Refusal.CARD_TWICE,
                                         card=twice)
            for c in action.cards:
                if c not in self.hands[action.seat]:
                    raise IllegalActionError(f"the {c.name} is not in the hand",
                                             Refusal.NOT_IN_HAND, card=c)
        elif isinstance(action, (Play, Go)):
            if self.phase != PLAY:
                if self.phase == DISCARD:
                    raise IllegalActionError("the play has not started: the discard comes first",
                                             Refusal.PLAY_NOT_STARTED)
                raise IllegalActionError("the play is over", Refusal.PLAY_OVER)
            if action.seat != self.to_act:
                raise IllegalActionError("it is not that player's turn", Refusal.NOT_YOUR_TURN,
                                         seat=action.seat, to_act=self.to_act)
            if isinstance(action, Play):
                c = action.card
                if not (id(c) in _DECK_IDS or is_card(c)):
                    raise IllegalActionError("that is not a card", Refusal.NOT_A_CARD)
                if c not in self.hands[action.seat]:
                    raise IllegalActionError(f"the {c.name} is not in the hand",
                                             Refusal.NOT_IN_HAND, card=c)
                count = self.count + c.value
                if count > 31:
                    raise IllegalActionError(f"the count would be {count}",
                                             Refusal.COUNT_OVER_31, card=c, count=count)
            elif self.playable(action.seat):
                raise IllegalActionError("a card can still be played, so no go",
                                         Refusal.CAN_STILL_PLAY)
        elif isinstance(action, (Claim, TimeUp)):
            if self.phase != SHOW:
                raise IllegalActionError("no count is due now", Refusal.NOT_COUNTING)
            if action.seat != self.to_act:
                raise IllegalActionError("it is not that player's count", Refusal.NOT_YOUR_TURN,
                                         seat=action.seat, to_act=self.to_act)
            if isinstance(action, Claim):
                p = action.points
                top = self.rules.max_show
                if type(p) is not int or not 0 <= p <= top:
                    raise IllegalActionError(f"a count is a whole number from 0 to {top}",
                                             Refusal.NOT_A_COUNT, points=p)
        elif isinstance(action, Muggins):
            if not (self.rules.manual and self.rules.muggins):
                raise IllegalActionError("muggins is not played in this game",
                                         Refusal.MUGGINS_OFF, counting=self.rules.counting)
            if not self.muggins_open(action.seat):
                side = self.side_of(action.seat)
                last = next((c for c in reversed(self.claims) if self.side_of(c[0]) != side), None)
                raise IllegalActionError("no points are missed in a count that can still be called",
                                         Refusal.NOTHING_MISSED, last=last)
        elif self.phase != DEAL_OVER:  # NextDeal
            raise IllegalActionError("the deal is not over yet", Refusal.DEAL_NOT_OVER)

    def _do_discard(self, a: Discard) -> None:
        seat = a.seat
        self.discards[seat] = tuple(a.cards)
        self.hands[seat] = [c for c in self.hands[seat] if c not in a.cards]
        self.kept[seat] = tuple(self.hands[seat])
        self.crib.extend(a.cards)
        self._emit(Discarded(seat, tuple(a.cards), self.dealer))
        if not self.pending_discards():
            self.phase = STARTER
            self._pending = TurnStarter

    def _do_play(self, a: Play) -> None:
        seat, card = a.seat, a.card
        seq = [c for _, c in self.series]
        seq.append(card)
        result = _score_play(seq, self.count + card.value)
        self.hands[seat].remove(card)
        self.series.append((seat, card))
        self.played.append((seat, card))
        self.last_player = seat
        self.history.append(a)
        self._emit(Played(seat, card, result.count, tuple(c for _, c in self.series),
                          len(self.hands[seat])))
        self._score(seat, result.points, ScoreReason.PLAY, result.items, tuple(c for _, c in self.series))
        if result.count == 31:
            self._end_series(go_point=False)
        else:
            self._next_turn(seat)

    def _do_go(self, a: Go) -> None:
        self.gone.add(a.seat)
        self.history.append(a)
        self._emit(SaidGo(a.seat, self.count))
        self._next_turn(a.seat)

    def _next_turn(self, current: int) -> None:
        active = [s for s in self.seats_from(current) if s not in self.gone and self.hands[s]]
        can = [s for s in active if self.playable(s)]
        if not can:
            # Nobody can play on: each other seat still holding cards says go (so that every go
            # is an event the players hear), then the last player pegs the go.
            for s in active:
                if s != current:
                    self.gone.add(s)
                    self.history.append(Go(s))
                    self._emit(SaidGo(s, self.count))
            self._end_series(go_point=True)
            return
        self.to_act = active[0]  # the next active seat plays, or must say go

    def _end_series(self, *, go_point: bool) -> None:
        count_was = self.count
        last = self.last_player
        play_over = not any(self.hands)
        if go_point and last is not None:
            reason, kind = ((ScoreReason.LAST, ItemKind.LAST) if play_over
                            else (ScoreReason.GO, ItemKind.GO))
            self._score(last, 1, reason, (ScoreItem(kind, 1, ()),), ())
        self.series, self.gone = [], set()
        if play_over:
            self.to_act = None
            self._emit(CountReset(count_was, None))
            self._emit(PlayEnded())
            self._show()
            return
        assert last is not None   # a series ends after a card was played in it
        nxt = next(s for s in self.seats_from(last) if self.hands[s])
        self.to_act = nxt
        self._emit(CountReset(count_was, nxt))

    def _show(self) -> None:
        starter = self.starter
        assert starter is not None
        if self.rules.manual:
            self._show_due = [(s, False) for s in self.seats_from(self.dealer)]
            self._show_due.append((self.dealer, True))
            self.phase = SHOW
            self._next_count()
            return
        for seat in self.seats_from(self.dealer):
            res = _score_hand(tuple(self.kept[seat]), starter, False)
            self._emit(HandShown(seat, self.side_of(seat), False, self.kept[seat], starter,
                                 res.total, res.items))
            self._score(seat, res.total, ScoreReason.HAND, res.items, self.kept[seat])
        crib = tuple(sort_hand(self.crib))
        res = _score_hand(crib, starter, True)
        self._emit(HandShown(self.dealer, self.side_of(self.dealer), True, crib, starter,
                             res.total, res.items))
        self._score(self.dealer, res.total, ScoreReason.CRIB, res.items, crib)
        self.phase = DEAL_OVER
        self.to_act = None
        self._emit(DealEnded(self.deal_number, (self.dealer + 1) % self.players, tuple(self.scores)))

    # ------------------------------------------------------------------ manual counting

    def _next_count(self) -> None:
        """Lay out the next hand to count, or end the deal when every count is in."""
        if not self._show_due:
            self.showing = None
            self.phase = DEAL_OVER
            self.to_act = None
            self._emit(DealEnded(self.deal_number, (self.dealer + 1) % self.players,
                                 tuple(self.scores)))
            return
        seat, crib = self.showing = self._show_due.pop(0)
        self.to_act = seat
        assert self.starter is not None
        self._emit(CountDue(seat, self.side_of(seat), crib, self.showing_cards(), self.starter))

    def _pass_chances(self, side: int) -> None:
        """``side`` acted: the muggins chances it could have called are gone."""
        for c in self._chances:
            c.sides.discard(side)
        self._chances = [c for c in self._chances if c.sides]

    def _do_claim(self, a: Claim) -> None:
        assert self.showing is not None and self.starter is not None
        seat, crib = self.showing
        cards = self.showing_cards()
        res = _score_hand(cards, self.starter, crib)
        side = self.side_of(seat)
        self._pass_chances(side)
        self.claims.append((seat, a.points, res.total, False))
        self._emit(Claimed(seat, side, crib, cards, self.starter, a.points, res.total, res.items))
        self._emit(HandShown(seat, side, crib, cards, self.starter, res.total, res.items))
        got = min(a.points, res.total)
        self._score(seat, got, ScoreReason.CRIB if crib else ScoreReason.HAND,
                    res.items if got == res.total else (), cards)
        if a.points > res.total and self.rules.overcount_penalty:
            self._score(self.opponent_of(seat), a.points - res.total, ScoreReason.OVERCOUNT,
                        (), cards)
        elif a.points < res.total and self.rules.muggins:
            others = {self.side_of(s) for s in range(self.players)} - {side}
            self._chances.append(_Chance(seat, crib, res.total - a.points, res.total, res.items,
                                         cards, others, len(self.claims) - 1))
        self._next_count()

    def _do_muggins(self, a: Muggins) -> None:
        side = self.side_of(a.seat)
        taken = [c for c in self._chances if side in c.sides]
        self._chances = [c for c in self._chances if side not in c.sides]
        for c in taken:
            self.claims[c.claim] = self.claims[c.claim][:3] + (True,)
            self._emit(MugginsCalled(a.seat, side, c.seat, c.is_crib, c.missed, c.total, c.items,
                                     c.cards))
            self._score(a.seat, c.missed, ScoreReason.MUGGINS, c.items, c.cards)

    def _do_time_up(self, a: TimeUp) -> None:
        assert self.showing is not None and self.starter is not None
        seat, crib = self.showing
        cards = self.showing_cards()
        res = _score_hand(cards, self.starter, crib)
        side = self.side_of(seat)
        self._pass_chances(side)
        to, half = self.opponent_of(seat), res.total // 2
        self._emit(CountTimedOut(seat, side, crib, cards, self.starter, res.total, res.items,
                                 to, half))
        self._emit(HandShown(seat, side, crib, cards, self.starter, res.total, res.items))
        self._score(to, half, ScoreReason.TIME, (), cards)
        self._next_count()

    # ------------------------------------------------------------------ undo

    def _undo_point(self, seat: object) -> tuple[int, UndoBlocked | None]:
        """The index of ``seat``'s last action if it may be undone now, else why not."""
        if self.phase == GAME_OVER:
            return -1, UndoBlocked.GAME_OVER
        if self.phase == DEAL_OVER:
            return -1, UndoBlocked.DEAL_OVER
        if self.phase == SHOW:
            return -1, UndoBlocked.SHOW
        if not (isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < self.players):
            return -1, UndoBlocked.NOTHING_TO_UNDO
        i = len(self.actions) - 1
        while i >= 0:
            a = self.actions[i]
            if isinstance(a, (NextDeal, Deal, CutForDealer)):
                return -1, UndoBlocked.NEW_DEAL  # the seat's last action was in an earlier deal
            if getattr(a, "seat", None) == seat:
                break
            i -= 1
        else:
            return -1, UndoBlocked.NOTHING_TO_UNDO
        # Everything from that action on must have shown the seat nothing new.
        for e in self.events[self._marks[i]:]:
            if isinstance(e, StarterTurned):
                return -1, UndoBlocked.STARTER_CUT
            if isinstance(e, GameOver):
                return -1, UndoBlocked.GAME_OVER
            if isinstance(e, (Dealt, CribCardFromDeck, PlayEnded, HandShown, DealEnded)):
                return -1, UndoBlocked.DEAL_OVER
            if isinstance(e, Played) and e.seat != seat:
                return -1, UndoBlocked.CARD_REVEALED
        if self.chance == "auto" and (self._rng_state is None
                                      or self.rng is not self._rng_at_start):
            return -1, UndoBlocked.NOT_REPLAYABLE
        return i, None

    def can_undo(self, seat: int) -> UndoBlocked | None:
        """None if :meth:`undo` would take back ``seat``'s last action now, else the reason not.

        Undo is allowed while nothing new has been revealed to ``seat`` since its last action:
        not once the starter is cut, another seat has played a card, a hand has been shown, the
        game is over, or across the next deal. A seat that is not a seat of the game is
        refused with the engine's argument errors.
        """
        return self._undo_point(self._seat(seat, "Game.can_undo"))[1]

    def undo(self, seat: int) -> list[Action]:
        """Take back ``seat``'s last action and every later action (the other seats' replies).

        Returns the undone actions, ``seat``'s own first. Afterwards the game, its ``actions``
        and its ``events`` are exactly those of a game that never made the undone actions.
        Raises IllegalActionError(reason), ``reason`` an :class:`UndoBlocked`, if not allowed.
        """
        i, reason = self._undo_point(self._seat(seat, "Game.undo"))
        if reason is not None:
            raise IllegalActionError(reason, Refusal.UNDO_BLOCKED, blocked=reason)
        undone = self.actions[i:]
        rng = random.Random()
        if self.chance == "auto":
            rng.setstate(self._rng_state)  # type: ignore[arg-type]
            rebuilt = type(self)(rng=rng, **self._init_kwargs)  # type: ignore[arg-type]
        else:  # every chance action is in self.actions: replay them all, by hand
            rebuilt = type(self)(chance="manual", **self._init_kwargs)  # type: ignore[arg-type]
        kept = self.actions[:i]
        for a in kept:
            rebuilt.apply(a)
        # Take the rebuilt state; keep our rng object (and the list objects callers may hold).
        state = dict(rebuilt.__dict__)
        del state["rng"], state["_rng_at_start"], state["chance"], state["_script"]
        for name in ("events", "actions", "_marks"):
            getattr(self, name)[:] = state.pop(name)
        self.__dict__.update(state)
        if self.chance == "auto":
            self.rng.setstate(rng.getstate())
        else:  # the script's chance actions that were undone fall due again
            self._script[:0] = [a for a in undone if isinstance(a, CHANCE_ACTIONS)]
        return undone

    # ------------------------------------------------------------------ replay

    @classmethod
    def replay(cls, actions: Iterable[Action], **kwargs: Unpack[GameOptions]) -> "Game":
        """A new game with the same parameters, with ``actions`` applied in order."""
        if isinstance(actions, (str, bytes)) or not hasattr(type(actions), "__iter__"):
            raise ArgumentTypeError("Game.replay", "actions", actions, "a list of actions")
        try:
            actions = list(actions)
        except Exception:  # noqa: BLE001 - an iterable that fails
            raise ArgumentTypeError("Game.replay", "actions", actions, "a list of actions") from None
        g = cls(**kwargs)
        for a in actions:
            g.apply(a)
        return g


_PRIVATE = (Dealt, Discarded, CribCardFromDeck)
"""Events that carry a seat's hidden cards; each has ``seen_by(seat)``."""
_ACTION_TYPES = (Discard, Play, Go, NextDeal, Claim, Muggins, TimeUp, CutForDealer, Deal,
                 TurnStarter)


@dataclass
class _Chance:
    """A muggins chance: ``seat`` missed ``missed`` points counting a hand (or the crib) worth
    ``total``; ``sides`` may still call it (each loses it by acting otherwise)."""
    seat: int
    is_crib: bool
    missed: int
    total: int
    items: tuple[ScoreItem, ...]
    cards: tuple[Card, ...]
    sides: set[int]
    claim: int      # its index in Game.claims

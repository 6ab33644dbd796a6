"""Legality: which actions the rules allow now, and why one is refused.

:class:`IllegalActionError` (python-chess's IllegalMoveError) carries a :class:`Refusal` code
and its particulars, so the words layer phrases the refusal; :class:`UndoBlocked` says why an
undo is not allowed. :class:`_Legality` is the part of :class:`~spoken_cribbage.engine.game.Game`
that answers the legal actions and checks one before it is applied.
"""

from __future__ import annotations

from enum import Enum
from itertools import combinations
from typing import TYPE_CHECKING

from spoken_cribbage.engine.actions import (
    _ACTION_TYPES,
    CHANCE_ACTIONS,
    Action,
    ChanceAction,
    Claim,
    CutForDealer,
    Deal,
    Discard,
    Go,
    Muggins,
    NextDeal,
    Play,
    TimeUp,
    TurnStarter,
    action_from_text,
)
from spoken_cribbage.engine.cards import DECK_IDS, Card, InvalidCardError, _check_str, is_card
from spoken_cribbage.engine.errors import EngineError, InvalidArgumentError
from spoken_cribbage.engine.phase import DEAL_OVER, DISCARD, GAME_OVER, PLAY, SHOW, Phase
from spoken_cribbage.engine.rules import Named, Rules

if TYPE_CHECKING:
    from spoken_cribbage.engine.show import _Chance

__all__ = ["Refusal", "IllegalActionError", "UndoBlocked"]


class Refusal(Named):
    """Why an action was refused (``IllegalActionError.code``); the error's ``data`` holds the
    particulars named here, so the words layer can phrase the refusal its own way."""

    OTHER = "other"
    NOT_AN_ACTION = "not an action"
    NO_SUCH_PLAYER = "no such player"
    GAME_OVER = "game over"
    CHANCE_PENDING = "chance pending"  # data: pending (the chance action class)
    NO_CHANCE_NOW = "no chance now"  # a chance action when none is due
    IMPOSSIBLE_CHANCE = "impossible chance"  # data: detail (a clause)
    DISCARD_OVER = "discard over"
    ALREADY_DISCARDED = "already discarded"
    NOTHING_TO_LAY_AWAY = "nothing to lay away"  # five or six players: the dealer lays none
    NOT_A_LIST_OF_CARDS = "not a list of cards"
    WRONG_NUMBER_OF_CARDS = "wrong number of cards"  # data: needed, given
    NOT_A_CARD = "not a card"
    CARD_TWICE = "card twice"  # data: card
    NOT_IN_HAND = "not in hand"  # data: card
    PLAY_NOT_STARTED = "play not started"
    PLAY_OVER = "play over"
    NOT_YOUR_TURN = "not your turn"  # data: seat, to_act
    COUNT_OVER_31 = "count over 31"  # data: card, count (the count it would make)
    CAN_STILL_PLAY = "can still play"
    DEAL_NOT_OVER = "deal not over"
    UNDO_BLOCKED = "undo blocked"  # data: blocked (an UndoBlocked)
    NOT_COUNTING = "not counting"  # a count (or time up) when no count is due
    NOT_A_COUNT = "not a count"  # data: points (what was claimed)
    MUGGINS_OFF = "muggins off"  # data: counting (the game's counting mode)
    NOTHING_MISSED = "nothing missed"  # data: last ((seat, claimed, total, called) or None)


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
    NEW_DEAL = "you have made no move in this deal yet"  # the last was in an earlier deal
    SHOW = "the show has begun"
    GAME_OVER = "the game is over"
    NOT_REPLAYABLE = "this game's random source cannot be rewound"
    SHARED = "undo is off at a shared table"  # (a network table's: issue 26)

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class _Legality:
    """The legal actions and the check of one action (a part of Game: it reads the game's
    state and changes nothing)."""

    if TYPE_CHECKING:  # the game's state and helpers this part reads (see Game)
        rules: Rules
        players: int
        phase: Phase
        hands: list[list[Card]]
        discards: list[tuple[Card, ...]]
        deck: list[Card]
        to_act: int | None
        claims: list[tuple[int, int, int, bool]]
        _chances: list[_Chance]
        _pending: type | None

        @property
        def count(self) -> int: ...
        def _seat(self, seat: object, function: str) -> int: ...
        def side_of(self, seat: int) -> int: ...
        def dealt_to_seat(self, seat: int) -> int: ...
        def discards_due(self, seat: int) -> int: ...

    # ------------------------------------------------------------------ queries

    def pending_discards(self) -> tuple[int, ...]:
        if self.phase != DISCARD:
            return ()
        return tuple(s for s in range(self.players) if not self.discards[s] and self.discards_due(s))

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
            seats = self.pending_discards() if seat is None else ((seat,) if seat in self.pending_discards() else ())
            return [Discard(s, combo) for s in seats for combo in combinations(self.hands[s], self.discards_due(s))]
        if self.phase == PLAY:
            s = self.to_act
            if s is None or (seat is not None and seat != s):
                return []
            cards = self.playable(s)
            return [Play(s, c) for c in cards] if cards else [Go(s)]
        if self.phase == SHOW:
            s = self.to_act
            claims: list[Action] = (
                [Claim(s, n) for n in range(self.rules.max_show + 1)] if s is not None and seat in (None, s) else []
            )
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

    # ------------------------------------------------------------------ checks

    def _check_seat(self, seat: object) -> None:
        # A seat is a plain int: an int subclass could compare or hash as another seat.
        if not (type(seat) is int and 0 <= seat < self.players):
            raise IllegalActionError("there is no such player", Refusal.NO_SUCH_PLAYER, seat=seat)

    def _genuine(self, cards: object, n: int) -> bool:
        return type(cards) is tuple and len(cards) == n and all(id(c) in _DECK_IDS or is_card(c) for c in cards)

    def _check_chance(self, action: ChanceAction) -> None:
        if self._pending is not type(action):
            raise IllegalActionError("that chance action is not due now", Refusal.NO_CHANCE_NOW)

        def impossible(detail: str) -> IllegalActionError:
            return IllegalActionError(detail, Refusal.IMPOSSIBLE_CHANCE, detail=detail)

        if isinstance(action, CutForDealer):
            if not self._genuine(action.cards, self.players) or len(set(action.cards)) != self.players:
                raise impossible(f"the cut is {self.players} different cards, one a seat")
        elif isinstance(action, Deal):
            hands, crib = action.hands, action.crib_card
            sizes = [self.dealt_to_seat(s) for s in range(self.players)]
            if not (
                type(hands) is tuple
                and len(hands) == self.players
                and all(self._genuine(h, n) for h, n in zip(hands, sizes, strict=True))
            ):
                if len(set(sizes)) == 1:
                    raise impossible(f"a deal is {self.players} hands of {sizes[0]} cards")
                raise impossible(f"a deal is {self.players} hands of {max(sizes)} cards, the dealer's of {min(sizes)}")
            if (crib is not None) != bool(self.rules.crib_cards_from_deck) or (
                crib is not None and not (id(crib) in _DECK_IDS or is_card(crib))
            ):
                raise impossible("the crib takes a card from the deck with three players only")
            cards = [c for h in hands for c in h] + ([crib] if crib is not None else [])
            if len(set(cards)) != len(cards):
                raise impossible("a card is dealt twice")
        elif not (id(action.card) in _DECK_IDS or is_card(action.card)) or action.card not in self.deck:
            raise impossible("the starter is one of the cards not dealt")

    def parse_action(self, text: str) -> Action:
        """The action ``text`` codes, as :func:`~spoken_cribbage.engine.actions.action_to_text`
        writes it ('play 1 5H'), checked as :meth:`apply` would check it; the game does not
        change (python-chess's ``Board.parse_uci``).

        Raises ArgumentTypeError for a non-text, InvalidArgumentError (a ValueError) for a text
        that codes no action, InvalidCardError for a card that is not one, and
        IllegalActionError (its ``code`` a :class:`Refusal`) for an action the rules do not
        allow now.

        >>> from spoken_cribbage.engine.game import Game
        >>> g = Game(seed=1)
        >>> g.parse_action("discard 0 " + " ".join(c.short for c in g.hands[0][:2]))
        Discard(seat=0, cards=(...))
        >>> g.parse_action("play 0 5H")
        Traceback (most recent call last):
        ...
        spoken_cribbage.engine.legality.IllegalActionError: the play has not started: the discard comes first
        """
        _check_str(text, "Game.parse_action")
        try:
            action = action_from_text(text)
        except InvalidCardError:
            raise
        except InvalidArgumentError as e:  # the codec's refusal, named for this method
            raise InvalidArgumentError("Game.parse_action", "text", text, str(e.data["expected"])) from None
        self._check(action)
        return action

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
            what = "the starter is not turned yet" if self._pending is TurnStarter else "the cards are not dealt yet"
            raise IllegalActionError(what, Refusal.CHANCE_PENDING, pending=self._pending)
        if t is not NextDeal:
            seat = action.seat  # type: ignore[union-attr]
            if type(seat) is not int or not 0 <= seat < self.players:  # fast path: a plain int
                self._check_seat(seat)
        if isinstance(action, Discard):
            self._check_discard(action)
        elif isinstance(action, (Play, Go)):
            self._check_play_or_go(action)
        elif isinstance(action, (Claim, TimeUp)):
            self._check_count(action)
        elif isinstance(action, Muggins):
            self._check_muggins(action)
        elif self.phase != DEAL_OVER:  # NextDeal
            raise IllegalActionError("the deal is not over yet", Refusal.DEAL_NOT_OVER)

    def _check_discard(self, action: Discard) -> None:
        if self.phase != DISCARD:
            raise IllegalActionError("the discard is over", Refusal.DISCARD_OVER)
        n = self.discards_due(action.seat)
        if not n:
            raise IllegalActionError("the dealer lays nothing away in this game", Refusal.NOTHING_TO_LAY_AWAY)
        if self.discards[action.seat]:
            raise IllegalActionError("those cards are already in the crib", Refusal.ALREADY_DISCARDED)
        if type(action.cards) is not tuple:
            raise IllegalActionError("the cards to lay away are not a list of cards", Refusal.NOT_A_LIST_OF_CARDS)
        if len(action.cards) != n:
            raise IllegalActionError(
                f"lay away exactly {n} card{'s' if n > 1 else ''}, not {len(action.cards)}",
                Refusal.WRONG_NUMBER_OF_CARDS,
                needed=n,
                given=len(action.cards),
            )
        if not all(id(c) in _DECK_IDS or is_card(c) for c in action.cards):
            raise IllegalActionError("that is not a card", Refusal.NOT_A_CARD)
        if len(set(action.cards)) != len(action.cards):
            twice = next(c for i, c in enumerate(action.cards) if c in action.cards[:i])
            raise IllegalActionError("the same card is named twice", Refusal.CARD_TWICE, card=twice)
        for c in action.cards:
            if c not in self.hands[action.seat]:
                raise IllegalActionError(f"the {c.name} is not in the hand", Refusal.NOT_IN_HAND, card=c)

    def _check_play_or_go(self, action: Play | Go) -> None:
        if self.phase != PLAY:
            if self.phase == DISCARD:
                raise IllegalActionError("the play has not started: the discard comes first", Refusal.PLAY_NOT_STARTED)
            raise IllegalActionError("the play is over", Refusal.PLAY_OVER)
        if action.seat != self.to_act:
            raise IllegalActionError(
                "it is not that player's turn", Refusal.NOT_YOUR_TURN, seat=action.seat, to_act=self.to_act
            )
        if isinstance(action, Play):
            c = action.card
            if not (id(c) in _DECK_IDS or is_card(c)):
                raise IllegalActionError("that is not a card", Refusal.NOT_A_CARD)
            if c not in self.hands[action.seat]:
                raise IllegalActionError(f"the {c.name} is not in the hand", Refusal.NOT_IN_HAND, card=c)
            count = self.count + c.value
            if count > 31:
                raise IllegalActionError(f"the count would be {count}", Refusal.COUNT_OVER_31, card=c, count=count)
        elif self.playable(action.seat):
            raise IllegalActionError("a card can still be played, so no go", Refusal.CAN_STILL_PLAY)

    def _check_count(self, action: Claim | TimeUp) -> None:
        if self.phase != SHOW:
            raise IllegalActionError("no count is due now", Refusal.NOT_COUNTING)
        if action.seat != self.to_act:
            raise IllegalActionError(
                "it is not that player's count", Refusal.NOT_YOUR_TURN, seat=action.seat, to_act=self.to_act
            )
        if isinstance(action, Claim):
            p = action.points
            top = self.rules.max_show
            if type(p) is not int or not 0 <= p <= top:
                raise IllegalActionError(f"a count is a whole number from 0 to {top}", Refusal.NOT_A_COUNT, points=p)

    def _check_muggins(self, action: Muggins) -> None:
        if not (self.rules.manual and self.rules.muggins):
            raise IllegalActionError(
                "muggins is not played in this game", Refusal.MUGGINS_OFF, counting=self.rules.counting
            )
        if not self.muggins_open(action.seat):
            side = self.side_of(action.seat)
            last = next((c for c in reversed(self.claims) if self.side_of(c[0]) != side), None)
            raise IllegalActionError(
                "no points are missed in a count that can still be called", Refusal.NOTHING_MISSED, last=last
            )

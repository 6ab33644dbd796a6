"""Undo, the part of :class:`~spoken_cribbage.engine.game.Game` that takes actions back: a
stack of snapshots, one pushed before each action and popped by :meth:`_Undo.undo`
(python-chess's ``push``/``pop`` over ``_BoardState``), and the rule of what may be undone."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from spoken_cribbage.engine.actions import (
    CHANCE_ACTIONS,
    Action,
    ChanceAction,
    CutForDealer,
    Deal,
    Go,
    NextDeal,
    Play,
)
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.engine.events import (
    CribCardFromDeck,
    DealEnded,
    Dealt,
    Event,
    GameOver,
    HandShown,
    Played,
    PlayEnded,
    StarterTurned,
)
from spoken_cribbage.engine.legality import IllegalActionError, Refusal, UndoBlocked
from spoken_cribbage.engine.phase import DEAL_OVER, GAME_OVER, SHOW, Phase
from spoken_cribbage.engine.rules import Outcome
from spoken_cribbage.engine.show import _Chance

__all__: list[str] = []


class _Snapshot(NamedTuple):
    """The state of a game before one of its actions: everything an action may change (the
    rng by its state), so that undo restores it (python-chess's ``_BoardState``)."""

    scores: list[int]
    back_pegs: list[int]
    phase: Phase
    deal_number: int
    dealer: int
    winner: int | None
    outcome: Outcome | None
    hands: list[list[Card]]
    kept: list[tuple[Card, ...]]
    discards: list[tuple[Card, ...]]
    crib: list[Card]
    starter: Card | None
    deck: list[Card]  # never changed in place: a new list for each change
    series: list[tuple[int, Card]]
    played: list[tuple[int, Card]]
    history: list[Play | Go]
    gone: set[int]
    to_act: int | None
    last_player: int | None
    pending: type | None
    drawn_rest: list[Card] | None
    show_due: list[tuple[int, bool]]
    showing: tuple[int, bool] | None
    chances: list[_Chance]
    claims: list[tuple[int, int, int, bool]]
    rng_now: object | None


class _Undo:
    """Undo (a part of Game)."""

    if TYPE_CHECKING:  # the game's state and helpers this part uses (see Game)
        players: int
        chance: str
        rng: random.Random
        actions: list[Action]
        events: list[Event]
        scores: list[int]
        back_pegs: list[int]
        phase: Phase
        deal_number: int
        dealer: int
        winner: int | None
        _outcome: Outcome | None
        hands: list[list[Card]]
        kept: list[tuple[Card, ...]]
        discards: list[tuple[Card, ...]]
        crib: list[Card]
        starter: Card | None
        deck: list[Card]
        series: list[tuple[int, Card]]
        played: list[tuple[int, Card]]
        history: list[Play | Go]
        gone: set[int]
        to_act: int | None
        last_player: int | None
        _pending: type | None
        _drawn_rest: list[Card] | None
        _show_due: list[tuple[int, bool]]
        showing: tuple[int, bool] | None
        _chances: list[_Chance]
        claims: list[tuple[int, int, int, bool]]
        _rng_now: object | None
        _rng_state: object | None
        _rng_at_start: random.Random
        _script: list[ChanceAction]
        _marks: list[int]
        _stack: list[_Snapshot]
        _undo_base: int

        def _seat(self, seat: object, function: str) -> int: ...

    def _record(self, action: Action) -> None:
        """Record ``action``, about to be carried out: the state before it (for undo), where its
        events begin, and the action."""
        self._stack.append(
            _Snapshot(
                list(self.scores),
                list(self.back_pegs),
                self.phase,
                self.deal_number,
                self.dealer,
                self.winner,
                self._outcome,
                [list(h) for h in self.hands],
                list(self.kept),
                list(self.discards),
                list(self.crib),
                self.starter,
                self.deck,
                list(self.series),
                list(self.played),
                list(self.history),
                set(self.gone),
                self.to_act,
                self.last_player,
                self._pending,
                self._drawn_rest,
                list(self._show_due),
                self.showing,
                [replace(c, sides=set(c.sides)) for c in self._chances],
                list(self.claims),
                self._rng_now,
            )
        )
        self._marks.append(len(self.events))
        self.actions.append(action)

    def _forget_undo(self) -> None:
        """A deal or the starter: no undo reaches back past it, so its snapshots go."""
        self._stack, self._undo_base = [], len(self.actions)

    def _restore(self, s: _Snapshot) -> None:
        """Take back the state of snapshot ``s`` (popped from the stack: its objects are the
        game's now)."""
        (
            self.scores,
            self.back_pegs,
            self.phase,
            self.deal_number,
            self.dealer,
            self.winner,
            self._outcome,
            self.hands,
            self.kept,
            self.discards,
            self.crib,
            self.starter,
            self.deck,
            self.series,
            self.played,
            self.history,
            self.gone,
            self.to_act,
            self.last_player,
            self._pending,
            self._drawn_rest,
            self._show_due,
            self.showing,
            self._chances,
            self.claims,
            self._rng_now,
        ) = s

    def _undo_point(self, seat: object) -> tuple[int, UndoBlocked | None]:
        """The index of ``seat``'s last action if it may be undone now, else why not."""
        if self.phase == GAME_OVER:
            return -1, UndoBlocked.GAME_OVER
        if self.phase == DEAL_OVER:
            return -1, UndoBlocked.DEAL_OVER
        if self.phase == SHOW:
            return -1, UndoBlocked.SHOW
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players):
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
        for e in self.events[self._marks[i] :]:
            if isinstance(e, StarterTurned):
                return -1, UndoBlocked.STARTER_CUT
            if isinstance(e, GameOver):
                return -1, UndoBlocked.GAME_OVER
            if isinstance(e, (Dealt, CribCardFromDeck, PlayEnded, HandShown, DealEnded)):
                return -1, UndoBlocked.DEAL_OVER
            if isinstance(e, Played) and e.seat != seat:
                return -1, UndoBlocked.CARD_REVEALED
        if self.chance == "auto" and (self._rng_state is None or self.rng is not self._rng_at_start):
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
        # Pop the states back to the one before action i (the list objects callers may hold
        # are kept, and shortened).
        k = i - self._undo_base
        assert k >= 0  # a deal or a starter since action i would have blocked the undo
        self._restore(self._stack[k])
        del self._stack[k:], self.events[self._marks[i] :], self.actions[i:], self._marks[i:]
        if self.chance == "auto":
            self.rng.setstate(self._rng_now)  # type: ignore[arg-type]
        else:  # the script's chance actions that were undone fall due again
            self._script[:0] = [a for a in undone if isinstance(a, CHANCE_ACTIONS)]
        return undone

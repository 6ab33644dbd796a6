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

The game is split by concern: :mod:`~spoken_cribbage.engine.actions` (the actions and their
text), :mod:`~spoken_cribbage.engine.events`, :mod:`~spoken_cribbage.engine.legality` (the legal
actions, the check and its refusals), :mod:`~spoken_cribbage.engine.show` (counting),
:mod:`~spoken_cribbage.engine.observer` (one seat's view), :mod:`~spoken_cribbage.engine.chance`
(the cuts and the deal) and this module, the state and its
changes. Every one of their public names is importable from here too.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypedDict

from spoken_cribbage.engine.actions import (
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
    action_to_text,
)
from spoken_cribbage.engine.cards import (  # noqa: F401
    DECK,
    DECK_IDS,
    Card,
    _check_card,
    _check_cards,
    _check_int,
    _check_str,
    is_card,
    parse_card,
    sort_hand,
)
from spoken_cribbage.engine.chance import _ChanceNodes, _checked_chance
from spoken_cribbage.engine.errors import ArgumentTypeError, EngineError, InvalidArgumentError  # noqa: F401
from spoken_cribbage.engine.events import (
    Claimed,
    CountDue,
    CountReset,
    CountTimedOut,
    CribCardFromDeck,
    CutForDeal,
    DealEnded,
    DealerChosen,
    DealerReason,
    Dealt,
    Discarded,
    Event,
    GameOver,
    GameStarted,
    HandShown,
    MugginsCalled,
    Played,
    PlayEnded,
    SaidGo,
    Scored,
    ScoreReason,
    StarterTurned,
)
from spoken_cribbage.engine.legality import IllegalActionError, Refusal, UndoBlocked, _Legality
from spoken_cribbage.engine.observer import Observation, _Observer
from spoken_cribbage.engine.phase import DEAL, DEAL_OVER, DISCARD, GAME_OVER, PLAY, SHOW, STARTER, Phase
from spoken_cribbage.engine.rules import PLAYERS, Named, Outcome, Rules, _check_scores, _table_rules  # noqa: F401
from spoken_cribbage.engine.scoring import ItemKind, ScoreItem, _score_hand, _score_play  # noqa: F401
from spoken_cribbage.engine.show import _Chance, _Show  # noqa: F401
from spoken_cribbage.engine.undo import _Snapshot, _Undo  # noqa: F401

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

__all__ = [
    "Game",
    "GameOptions",
    "Observation",
    # the closed sets
    "Phase",
    "DEAL",
    "DISCARD",
    "STARTER",
    "PLAY",
    "SHOW",
    "DEAL_OVER",
    "GAME_OVER",
    "ScoreReason",
    "DealerReason",
    "Refusal",
    "UndoBlocked",
    "IllegalActionError",
    # the actions
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
    # the events
    "Event",
    "GameStarted",
    "CutForDeal",
    "DealerChosen",
    "Dealt",
    "Discarded",
    "CribCardFromDeck",
    "StarterTurned",
    "Scored",
    "Played",
    "SaidGo",
    "CountReset",
    "PlayEnded",
    "HandShown",
    "CountDue",
    "Claimed",
    "CountTimedOut",
    "MugginsCalled",
    "DealEnded",
    "GameOver",
]


class _GameEnded(Exception):
    pass


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


class Game(_ChanceNodes, _Legality, _Show, _Observer, _Undo):
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

    def __init__(
        self,
        *,
        rules: Rules | None = None,
        players: int | None = None,
        target: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
        chance: str | Iterable[ChanceAction] = "auto",
        scores: Sequence[int] | None = None,
        teams: int | None = None,
    ):
        """``rules`` (or the older ``players``, ``target`` and ``teams``) fix the table. ``chance``:
        "auto" (draw the cuts and deals from ``rng``, or ``random.Random(seed)``), "manual"
        (wait for chance actions), or a sequence of chance actions applied as they fall due.
        ``scores`` starts the game from those scores (by side) instead of zero.

        Arguments of the wrong kind or out of range are refused with the engine's argument
        errors (:mod:`~spoken_cribbage.engine.errors`), before anything is drawn."""
        rules = _table_rules(rules, players, target, teams)
        if seed is not None and (type(seed) is not int):
            raise ArgumentTypeError("Game", "seed", seed, "a whole number or None")
        if rng is not None and not isinstance(rng, random.Random):
            raise ArgumentTypeError("Game", "rng", rng, "a random.Random or None")
        if first_dealer is not None:
            first_dealer = _check_int(first_dealer, "Game", "first_dealer", 0, rules.players - 1)
        chance = _checked_chance(chance)
        if scores is not None:
            _check_scores(scores, rules)
        self.rules = rules
        # Copies of the rules' facts, read in the engine's inner loops (the rules decide them).
        self.players = rules.players
        self.sides = rules.sides
        self.target = rules.target
        self.hand_size = rules.hand_size  # a seat that does not deal: see dealt_to_seat
        self.discard_count = rules.discards  # a seat that does not deal: see discards_due
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        if isinstance(chance, str):
            self.chance = chance
            self._script: list[ChanceAction] = []
        else:
            self.chance = "script"
            self._script = list(chance)
        # What undo needs to rewind the rng: its state before anything was drawn from it (None
        # if it has no state, e.g. SystemRandom), and after the last draw (see _run_chance).
        self._rng_at_start = self.rng  # a game whose rng is swapped later cannot be rewound
        try:
            self._rng_state: object | None = self.rng.getstate()
        except (AttributeError, NotImplementedError, TypeError):
            self._rng_state = None
        self._rng_now = self._rng_state
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self._marks: list[int] = []  # len(self.events) before each action: its first event
        # The state before each action since the last deal or starter (python-chess's stack):
        # _stack[k] is the state before actions[_undo_base + k]. Undo never reaches further back.
        self._stack: list[_Snapshot] = []
        self._undo_base = 0
        self.scores = [0] * self.sides
        if scores is not None:
            self.scores = list(scores)
        self.back_pegs = list(self.scores)
        self.phase = DEAL
        self.deal_number = 0
        self.dealer = 0
        self.winner: int | None = None
        self._outcome: Outcome | None = None
        self.hands: list[list[Card]] = []  # cards held now
        self.kept: list[tuple[Card, ...]] = []  # the hands kept for the show
        self.discards: list[tuple[Card, ...]] = []
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.deck: list[Card] = []  # the cards not dealt (the starter comes from them)
        self.series: list[tuple[int, Card]] = []
        self.played: list[tuple[int, Card]] = []
        self.history: list[Play | Go] = []  # this deal's plays and goes, in order
        self.gone: set[int] = set()
        self.to_act: int | None = None
        self.last_player: int | None = None
        self._pending: type | None = None  # the chance action due, if any
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

    def _score(
        self, seat: int, points: int, reason: ScoreReason, items: Sequence[ScoreItem] = (), cards: Sequence[Card] = ()
    ) -> None:
        if points <= 0 or self.phase == GAME_OVER:
            return
        side = self.side_of(seat)
        self.back_pegs[side] = self.scores[side]
        self.scores[side] += points
        self._emit(
            Scored(
                seat,
                side,
                points,
                reason,
                tuple(items),
                tuple(cards),
                self.back_pegs[side],
                self.scores[side],
                tuple(self.scores),
            )
        )
        if self.scores[side] >= self.target:
            self.phase = GAME_OVER
            self.winner = side
            self.to_act = None
            self._pending = None
            self._outcome = Outcome(side, tuple(self.scores), self.rules.skunk(self.scores, side))
            self._emit(GameOver(side, self._outcome.scores, self._outcome.skunks))
            raise _GameEnded

    # ------------------------------------------------------------------ queries

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
        self._record(action)
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
        self._emit(Played(seat, card, result.count, tuple(c for _, c in self.series), len(self.hands[seat])))
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
            reason, kind = (ScoreReason.LAST, ItemKind.LAST) if play_over else (ScoreReason.GO, ItemKind.GO)
            self._score(last, 1, reason, (ScoreItem(kind, 1, ()),), ())
        self.series, self.gone = [], set()
        if play_over:
            self.to_act = None
            self._emit(CountReset(count_was, None))
            self._emit(PlayEnded())
            self._show()
            return
        assert last is not None  # a series ends after a card was played in it
        nxt = next(s for s in self.seats_from(last) if self.hands[s])
        self.to_act = nxt
        self._emit(CountReset(count_was, nxt))

    # ------------------------------------------------------------------ replay

    @classmethod
    def replay(cls, actions: Iterable[Action], **kwargs: Unpack[GameOptions]) -> Game:
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

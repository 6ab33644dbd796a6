"""The game state machine: cut for deal, deal, discards, starter, the play, the show.

Pure: no printing, no I/O, no clock. Randomness comes only from the injected
``random.Random``. Every state change and every score is an :class:`Event`;
:meth:`Game.apply` returns the events one action caused, and ``Game.events`` keeps them all.

Seats are numbered 0..players-1. Scores belong to sides: with two or three players each seat is
its own side; with four, seats 0 and 2 and seats 1 and 3 are partners (side = seat % 2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from typing import Iterable, Sequence, Union

from spoken_cribbage.engine.cards import DECK, Card, is_card, sort_hand
from spoken_cribbage.engine.scoring import ScoreItem, score_hand, score_play

# ----------------------------------------------------------------------------- phases

DISCARD = "discard"
PLAY = "play"
DEAL_OVER = "deal over"
GAME_OVER = "game over"


# The ids of the 52 DECK objects, which live as long as the module. Every card the engine deals is
# one of them, so ``id(card) in _DECK_IDS`` is a fast, exact test of a genuine card; anything else
# (a card parsed from text, a forged look-alike) goes through cards.is_card.
_DECK_IDS = frozenset(map(id, DECK))


class IllegalActionError(ValueError):
    """An action the rules do not allow now. ``reason`` reads as a clause: 'the count would be 33'."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class UndoBlocked(str, Enum):
    """Why :meth:`Game.can_undo` says no. Each value reads as a clause, like any
    IllegalActionError reason; ``str()`` of a member is its value."""

    NOTHING_TO_UNDO = "there is nothing to undo"
    CARD_REVEALED = "a card has been seen since"
    STARTER_CUT = "the starter has been cut"
    DEAL_OVER = "the deal is over"
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
            except TypeError:
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


Action = Union[Discard, Play, Go, NextDeal]


def action_to_text(action: Action) -> str:
    """Compact text for saves and logs: 'discard 0 5H KD', 'play 1 5H', 'go 0', 'next'."""
    if isinstance(action, Discard):
        return f"discard {action.seat} " + " ".join(c.short for c in action.cards)
    if isinstance(action, Play):
        return f"play {action.seat} {action.card.short}"
    if isinstance(action, Go):
        return f"go {action.seat}"
    return "next"


def action_from_text(text: str) -> Action:
    from spoken_cribbage.engine.cards import parse_card

    parts = text.split()
    if not parts:
        raise ValueError("empty action")
    if parts[0] == "discard" and len(parts) >= 3:
        return Discard(int(parts[1]), tuple(parse_card(p) for p in parts[2:]))
    if parts[0] == "play" and len(parts) == 3:
        return Play(int(parts[1]), parse_card(parts[2]))
    if parts[0] == "go" and len(parts) == 2:
        return Go(int(parts[1]))
    if parts == ["next"]:
        return NextDeal()
    raise ValueError(f"not an action: {text!r}")


# ----------------------------------------------------------------------------- events

@dataclass(frozen=True)
class Event:
    """Base class of everything the game reports."""


@dataclass(frozen=True)
class GameStarted(Event):
    players: int
    target: int


@dataclass(frozen=True)
class CutForDeal(Event):
    """One round of cutting for the first deal; ``cards[seat]`` is each seat's cut."""
    cards: tuple[Card, ...]
    tie: bool


@dataclass(frozen=True)
class DealerChosen(Event):
    dealer: int
    reason: str  # "lowest cut", "given", "alternate"


@dataclass(frozen=True)
class Dealt(Event):
    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # per seat, sorted; private to each seat


@dataclass(frozen=True)
class Discarded(Event):
    seat: int
    cards: tuple[Card, ...]  # private to the seat
    crib_owner: int


@dataclass(frozen=True)
class CribCardFromDeck(Event):
    """Three players: one card goes from the deck to the crib (face down)."""
    card: Card


@dataclass(frozen=True)
class StarterTurned(Event):
    card: Card
    dealer: int
    cutter: int


@dataclass(frozen=True)
class Scored(Event):
    """Points pegged. ``reason``: heels, play, go, last, hand, crib."""
    seat: int
    side: int
    points: int
    reason: str
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
    hand: tuple[Card, ...]            # cards held now (6 before the discard, then the unplayed ones)
    kept: tuple[Card, ...]            # the hand kept for the show (after the discard)
    discards: tuple[Card, ...]        # own cards laid in the crib
    starter: Card | None
    played: tuple[tuple[int, Card], ...]   # every card played this deal, in order, with its seat
    series: tuple[Card, ...]          # cards since the last reset
    count: int
    gone: tuple[int, ...]             # seats that said go in this series
    cards_left: tuple[int, ...]       # how many cards each seat still holds in the play
    legal: tuple[Action, ...]

    @property
    def is_dealer(self) -> bool:
        return self.dealer == self.seat

    @property
    def my_score(self) -> int:
        return self.scores[self.side]


# ----------------------------------------------------------------------------- the game

class Game:
    """One game of cribbage.

    >>> g = Game(seed=1)
    >>> g.phase
    'discard'
    """

    def __init__(self, *, players: int = 2, target: int = 121, seed: int | None = None,
                 rng: random.Random | None = None, first_dealer: int | None = None):
        if players not in (2, 3, 4):
            raise ValueError("cribbage here is for 2, 3 or 4 players")
        if target < 1:
            raise ValueError("the target must be at least 1")
        self.players = players
        self.sides = 2 if players == 4 else players
        self.target = target
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        # What undo needs to rebuild the game: the construction arguments and the rng's state
        # before anything was drawn from it (None if it has no state, e.g. SystemRandom).
        self._init_kwargs = dict(players=players, target=target, seed=seed,
                                 first_dealer=first_dealer)
        self._rng_at_start = self.rng  # a game whose rng is swapped later cannot be rebuilt
        try:
            self._rng_state: object | None = self.rng.getstate()
        except (AttributeError, NotImplementedError, TypeError):
            self._rng_state = None
        self.hand_size = 6 if players == 2 else 5
        self.discard_count = 2 if players == 2 else 1
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self._marks: list[int] = []  # len(self.events) before each action: its first event
        self.scores = [0] * self.sides
        self.back_pegs = [0] * self.sides
        self.phase = DISCARD
        self.deal_number = 0
        self.dealer = 0
        self.winner: int | None = None
        self.hands: list[list[Card]] = []        # cards held now
        self.kept: list[tuple[Card, ...]] = []   # the four kept for the show
        self.discards: list[tuple[Card, ...]] = []
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.deck: list[Card] = []
        self.series: list[tuple[int, Card]] = []
        self.played: list[tuple[int, Card]] = []
        self.gone: set[int] = set()
        self.to_act: int | None = None
        self.last_player: int | None = None
        self._new: list[Event] = []
        self._emit(GameStarted(players, target))
        try:
            if first_dealer is None:
                self.dealer = self._cut_for_deal()
                self._emit(DealerChosen(self.dealer, "lowest cut"))
            else:
                self.dealer = first_dealer % players
                self._emit(DealerChosen(self.dealer, "given"))
            self._deal()
        except _GameEnded:  # pragma: no cover - nothing scores before the first deal
            pass
        self._new = []

    # ------------------------------------------------------------------ helpers

    def side_of(self, seat: int) -> int:
        return seat % self.sides

    def seats_from(self, seat: int) -> list[int]:
        """Seats in turn order starting after ``seat``, ending with ``seat``."""
        return [(seat + k) % self.players for k in range(1, self.players + 1)]

    @property
    def pone(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def count(self) -> int:
        return sum(c.value for _, c in self.series)

    def _emit(self, event: Event) -> None:
        self.events.append(event)
        self._new.append(event)

    def _score(self, seat: int, points: int, reason: str, items: Sequence[ScoreItem] = (),
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
            skunks = tuple(
                0 if s == side else (2 if self.target >= 121 and self.scores[s] < self.target - 60 else
                                     1 if self.scores[s] < self.target - 30 else 0)
                for s in range(self.sides))
            self._emit(GameOver(side, tuple(self.scores), skunks))
            raise _GameEnded

    def _cut_for_deal(self) -> int:
        while True:
            cards = self.rng.sample(DECK, self.players)
            low = min(c.rank for c in cards)
            lows = [s for s, c in enumerate(cards) if c.rank == low]
            self._emit(CutForDeal(tuple(cards), len(lows) > 1))
            if len(lows) == 1:
                return lows[0]

    def _deal(self) -> None:
        self.deal_number += 1
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.hands = [[] for _ in range(self.players)]
        for _ in range(self.hand_size):
            for seat in self.seats_from(self.dealer):
                self.hands[seat].append(deck.pop())
        self.hands = [sort_hand(h) for h in self.hands]
        self.kept = [() for _ in range(self.players)]
        self.discards = [() for _ in range(self.players)]
        self.crib = []
        self.starter = None
        self.series, self.played, self.gone = [], [], set()
        self.last_player = None
        self.to_act = None
        self.phase = DISCARD
        self._emit(Dealt(self.deal_number, self.dealer, tuple(tuple(h) for h in self.hands)))
        if self.players == 3:
            card = deck.pop()
            self.crib.append(card)
            self._emit(CribCardFromDeck(card))
        self.deck = deck

    # ------------------------------------------------------------------ queries

    def pending_discards(self) -> tuple[int, ...]:
        if self.phase != DISCARD:
            return ()
        return tuple(s for s in range(self.players) if not self.discards[s])

    def playable(self, seat: int) -> list[Card]:
        room = 31 - self.count
        return [c for c in self.hands[seat] if c.value <= room]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action (for ``seat`` only, if given)."""
        if self.phase == DISCARD:
            seats = self.pending_discards() if seat is None else (
                (seat,) if seat in self.pending_discards() else ())
            return [Discard(s, combo) for s in seats
                    for combo in combinations(self.hands[s], self.discard_count)]
        if self.phase == PLAY:
            s = self.to_act
            if s is None or (seat is not None and seat != s):
                return []
            cards = self.playable(s)
            return [Play(s, c) for c in cards] if cards else [Go(s)]
        if self.phase == DEAL_OVER:
            return [NextDeal()]
        return []

    def observation(self, seat: int) -> Observation:
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
            legal=tuple(self.legal_actions(seat)))

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` and return the events it caused.

        Raises IllegalActionError (and changes nothing) if the rules do not allow it.
        """
        self._check(action)
        self._new = []
        self._marks.append(len(self.events))
        self.actions.append(action)
        try:
            if isinstance(action, Discard):
                self._do_discard(action)
            elif isinstance(action, Play):
                self._do_play(action)
            elif isinstance(action, Go):
                self._do_go(action)
            else:
                self.dealer = (self.dealer + 1) % self.players
                self._emit(DealerChosen(self.dealer, "alternate"))
                self._deal()
        except _GameEnded:
            pass
        new, self._new = self._new, []
        return new

    def _check_seat(self, seat: object) -> None:
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players):
            raise IllegalActionError("there is no such player")

    def _check(self, action: Action) -> None:
        if not isinstance(action, (Discard, Play, Go, NextDeal)):
            raise IllegalActionError("that is not an action")
        if self.phase == GAME_OVER:
            raise IllegalActionError("the game is over")
        if not isinstance(action, NextDeal):
            seat = action.seat
            if type(seat) is not int or not 0 <= seat < self.players:  # fast path: a plain int
                self._check_seat(seat)
        if isinstance(action, Discard):
            if self.phase != DISCARD:
                raise IllegalActionError("the discard is over")
            if self.discards[action.seat]:
                raise IllegalActionError("those cards are already in the crib")
            if not isinstance(action.cards, tuple) or is_card(action.cards):
                raise IllegalActionError("the cards to lay away are not a list of cards")
            n = self.discard_count
            if len(action.cards) != n:
                raise IllegalActionError(
                    f"lay away exactly {n} card{'s' if n > 1 else ''}, not {len(action.cards)}")
            if not all(id(c) in _DECK_IDS or is_card(c) for c in action.cards):
                raise IllegalActionError("that is not a card")
            if len(set(action.cards)) != len(action.cards):
                raise IllegalActionError("the same card is named twice")
            for c in action.cards:
                if c not in self.hands[action.seat]:
                    raise IllegalActionError(f"the {c.name} is not in the hand")
        elif isinstance(action, (Play, Go)):
            if self.phase != PLAY:
                raise IllegalActionError(
                    "the play has not started: the discard comes first" if self.phase == DISCARD
                    else "the play is over")
            if action.seat != self.to_act:
                raise IllegalActionError("it is not that player's turn")
            if isinstance(action, Play):
                c = action.card
                if not (id(c) in _DECK_IDS or is_card(c)):
                    raise IllegalActionError("that is not a card")
                if c not in self.hands[action.seat]:
                    raise IllegalActionError(f"the {c.name} is not in the hand")
                if self.count + c.value > 31:
                    raise IllegalActionError(f"the count would be {self.count + c.value}")
            elif self.playable(action.seat):
                raise IllegalActionError("a card can still be played, so no go")
        elif self.phase != DEAL_OVER:  # NextDeal
            raise IllegalActionError("the deal is not over yet")

    def _do_discard(self, a: Discard) -> None:
        seat = a.seat
        self.discards[seat] = tuple(a.cards)
        self.hands[seat] = [c for c in self.hands[seat] if c not in a.cards]
        self.kept[seat] = tuple(self.hands[seat])
        self.crib.extend(a.cards)
        self._emit(Discarded(seat, tuple(a.cards), self.dealer))
        if not self.pending_discards():
            self._turn_starter()

    def _turn_starter(self) -> None:
        cutter = (self.dealer - 1) % self.players  # the player on the dealer's right cuts
        self.starter = self.deck.pop(self.rng.randrange(len(self.deck)))
        self.phase = PLAY
        self._emit(StarterTurned(self.starter, self.dealer, cutter))
        if self.starter.rank == 11:
            self._score(self.dealer, 2, "heels", (ScoreItem("heels", 2, (self.starter,)),),
                        (self.starter,))
        self.to_act = self.pone

    def _do_play(self, a: Play) -> None:
        seat, card = a.seat, a.card
        result = score_play([c for _, c in self.series], card)
        self.hands[seat].remove(card)
        self.series.append((seat, card))
        self.played.append((seat, card))
        self.last_player = seat
        self._emit(Played(seat, card, result.count, tuple(c for _, c in self.series),
                          len(self.hands[seat])))
        self._score(seat, result.points, "play", result.items, tuple(c for _, c in self.series))
        if result.count == 31:
            self._end_series(go_point=False)
        else:
            self._next_turn(seat)

    def _do_go(self, a: Go) -> None:
        self.gone.add(a.seat)
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
                    self._emit(SaidGo(s, self.count))
            self._end_series(go_point=True)
            return
        self.to_act = active[0]  # the next active seat plays, or must say go

    def _end_series(self, *, go_point: bool) -> None:
        count_was = self.count
        last = self.last_player
        play_over = not any(self.hands)
        if go_point and last is not None:
            reason = "last" if play_over else "go"
            self._score(last, 1, reason, (ScoreItem(reason, 1, ()),), ())
        self.series, self.gone = [], set()
        if play_over:
            self.to_act = None
            self._emit(CountReset(count_was, None))
            self._emit(PlayEnded())
            self._show()
            return
        nxt = next(s for s in self.seats_from(last) if self.hands[s])
        self.to_act = nxt
        self._emit(CountReset(count_was, nxt))

    def _show(self) -> None:
        starter = self.starter
        assert starter is not None
        for seat in self.seats_from(self.dealer):
            res = score_hand(self.kept[seat], starter)
            self._emit(HandShown(seat, self.side_of(seat), False, self.kept[seat], starter,
                                 res.total, res.items))
            self._score(seat, res.total, "hand", res.items, self.kept[seat])
        crib = tuple(sort_hand(self.crib))
        res = score_hand(crib, starter, is_crib=True)
        self._emit(HandShown(self.dealer, self.side_of(self.dealer), True, crib, starter,
                             res.total, res.items))
        self._score(self.dealer, res.total, "crib", res.items, crib)
        self.phase = DEAL_OVER
        self.to_act = None
        self._emit(DealEnded(self.deal_number, (self.dealer + 1) % self.players, tuple(self.scores)))

    # ------------------------------------------------------------------ undo

    def _undo_point(self, seat: object) -> tuple[int, UndoBlocked | None]:
        """The index of ``seat``'s last action if it may be undone now, else why not."""
        if self.phase == GAME_OVER:
            return -1, UndoBlocked.GAME_OVER
        if self.phase == DEAL_OVER:
            return -1, UndoBlocked.DEAL_OVER
        if not (isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < self.players):
            return -1, UndoBlocked.NOTHING_TO_UNDO
        i = len(self.actions) - 1
        while i >= 0:
            a = self.actions[i]
            if isinstance(a, NextDeal):
                return -1, UndoBlocked.DEAL_OVER  # the seat's last action was in an earlier deal
            if a.seat == seat:
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
        if self._rng_state is None or self.rng is not self._rng_at_start:
            return -1, UndoBlocked.NOT_REPLAYABLE
        return i, None

    def can_undo(self, seat: int) -> UndoBlocked | None:
        """None if :meth:`undo` would take back ``seat``'s last action now, else the reason not.

        Undo is allowed while nothing new has been revealed to ``seat`` since its last action:
        not once the starter is cut, another seat has played a card, a hand has been shown, the
        game is over, or across the next deal. A seat that is not a seat has nothing to undo.
        """
        return self._undo_point(seat)[1]

    def undo(self, seat: int) -> list[Action]:
        """Take back ``seat``'s last action and every later action (the other seats' replies).

        Returns the undone actions, ``seat``'s own first. Afterwards the game, its ``actions``
        and its ``events`` are exactly those of a game that never made the undone actions.
        Raises IllegalActionError(reason), ``reason`` an :class:`UndoBlocked`, if not allowed.
        """
        i, reason = self._undo_point(seat)
        if reason is not None:
            raise IllegalActionError(reason)
        undone = self.actions[i:]
        rng = random.Random()
        rng.setstate(self._rng_state)  # type: ignore[arg-type]
        rebuilt = type(self)(rng=rng, **self._init_kwargs)  # type: ignore[arg-type]
        for a in self.actions[:i]:
            rebuilt.apply(a)
        # Take the rebuilt state; keep our rng object (and the list objects callers may hold).
        state = dict(rebuilt.__dict__)
        del state["rng"], state["_rng_at_start"]
        for name in ("events", "actions", "_marks"):
            getattr(self, name)[:] = state.pop(name)
        self.__dict__.update(state)
        self.rng.setstate(rng.getstate())
        return undone

    # ------------------------------------------------------------------ replay

    @classmethod
    def replay(cls, actions: Iterable[Action], **kwargs) -> "Game":
        """A new game with the same parameters, with ``actions`` applied in order."""
        g = cls(**kwargs)
        for a in actions:
            g.apply(a)
        return g

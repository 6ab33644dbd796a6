"""Chance as actions (OpenSpiel's chance nodes): the cut for the deal, the deal and the starter.

:class:`_ChanceNodes` is the part of :class:`~spoken_cribbage.engine.game.Game` that says which
chance action is due, draws it from the game's ``random.Random`` (with ``chance="auto"``) or
takes it from the script, and applies it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from spoken_cribbage.engine.actions import (
    CHANCE_ACTIONS,
    Action,
    ChanceAction,
    CutForDealer,
    Deal,
    Go,
    Play,
    TurnStarter,
)
from spoken_cribbage.engine.cards import DECK, Card, sort_hand
from spoken_cribbage.engine.errors import ArgumentTypeError, InvalidArgumentError
from spoken_cribbage.engine.events import (
    CribCardFromDeck,
    CutForDeal,
    DealerChosen,
    DealerReason,
    Dealt,
    Event,
    ScoreReason,
    StarterTurned,
)
from spoken_cribbage.engine.phase import DISCARD, PLAY, Phase
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.engine.scoring import ItemKind, ScoreItem

if TYPE_CHECKING:
    from spoken_cribbage.engine.show import _Chance

__all__: list[str] = []


class _ChanceNodes:
    """The chance actions (a part of Game)."""

    if TYPE_CHECKING:  # the game's state and helpers this part uses (see Game)
        rules: Rules
        players: int
        rng: random.Random
        chance: str
        phase: Phase
        deal_number: int
        dealer: int
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
        showing: tuple[int, bool] | None
        claims: list[tuple[int, int, int, bool]]
        events: list[Event]
        actions: list[Action]
        _rng_at_start: random.Random
        _rng_state: object | None
        _rng_now: object | None
        _script: list[ChanceAction]
        _pending: type | None
        _drawn_rest: list[Card] | None
        _show_due: list[tuple[int, bool]]
        _chances: list[_Chance]

        @property
        def pone(self) -> int: ...
        def _emit(self, event: Event) -> None: ...
        def _score(
            self,
            seat: int,
            points: int,
            reason: ScoreReason,
            items: Sequence[ScoreItem] = (),
            cards: Sequence[Card] = (),
        ) -> None: ...
        def _check(self, action: Action) -> None: ...
        def _record(self, action: Action) -> None: ...
        def _forget_undo(self) -> None: ...
        def seats_from(self, seat: int) -> list[int]: ...
        def dealt_to_seat(self, seat: int) -> int: ...
        def discards_due(self, seat: int) -> int: ...

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
                if self.rng is self._rng_at_start and self._rng_state is not None:
                    self._rng_now = self.rng.getstate()  # where undo rewinds the rng to
            elif self._script:
                action = self._script.pop(0)
                self._check(action)
                self._record(action)
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
            for round_ in range(max(sizes)):  # one at a time, from the dealer's left
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
        self._forget_undo()
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
        if not self.discards_due(self.dealer):  # five or six players: the dealer keeps all
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
        self._forget_undo()
        cutter = (self.dealer - 1) % self.players  # the player on the dealer's right cuts
        self.deck = [c for c in self.deck if c != card]  # a new list: undo's snapshots hold the old
        self.starter = card
        self.phase = PLAY
        self._pending = None
        self._emit(StarterTurned(card, self.dealer, cutter))
        if card.rank == 11:
            self._score(self.dealer, 2, ScoreReason.HEELS, (ScoreItem(ItemKind.HEELS, 2, (card,)),), (card,))
        self.to_act = self.pone


def _checked_chance(chance: str | Iterable[ChanceAction]) -> str | list[ChanceAction]:
    """A new game's ``chance``: "auto", "manual", or its chance actions as a list."""
    if isinstance(chance, str):
        if chance not in ("auto", "manual"):
            raise InvalidArgumentError("Game", "chance", chance, '"auto", "manual" or a sequence of chance actions')
        return chance
    if isinstance(chance, bytes) or not hasattr(type(chance), "__iter__"):
        raise ArgumentTypeError("Game", "chance", chance, '"auto", "manual" or a sequence of chance actions')
    try:
        script = list(chance)
    except Exception:  # noqa: BLE001 - an iterable that fails
        raise ArgumentTypeError("Game", "chance", chance, "a sequence of chance actions") from None
    for a in script:
        if type(a) not in CHANCE_ACTIONS:
            raise ArgumentTypeError("Game", "chance", a, "chance actions only (CutForDealer, Deal, TurnStarter)")
    return script

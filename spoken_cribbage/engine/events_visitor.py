"""One visitor for the game's events (the idea of python-chess's ``pgn.BaseVisitor``).

Every consumer of events (the announcer, the review, the sound cues, the session, the
statistics) subclasses :class:`EventVisitor` and overrides the ``visit_*`` methods of the
events it cares about; :meth:`EventVisitor.visit` calls the one method for an event's type.
Each ``visit_*`` method of the base calls :meth:`EventVisitor.visit_event`, which does nothing:
a subclass may override it as the answer for every event it does not name.

Dispatch is a dict lookup: the table from event type to function is built once per visitor
class (a subclass of an event type is found through its base and then remembered).

>>> from spoken_cribbage.engine.cards import parse_card
>>> class Cards(EventVisitor[str]):
...     def visit_played(self, event: g.Played) -> str:
...         return event.card.name
...     def visit_event(self, event: g.Event) -> str:
...         return "-"
>>> Cards().visit(g.Played(0, parse_card("5H"), 5, (), 3)), Cards().visit(g.PlayEnded())
('five of hearts', '-')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.errors import ArgumentTypeError

R = TypeVar("R")

#: Each event type and the name of its method, in the order a deal reports them.
VISIT_METHODS: dict[type[g.Event], str] = {
    g.GameStarted: "visit_game_started",
    g.CutForDeal: "visit_cut_for_deal",
    g.DealerChosen: "visit_dealer_chosen",
    g.Dealt: "visit_dealt",
    g.Discarded: "visit_discarded",
    g.CribCardFromDeck: "visit_crib_card_from_deck",
    g.StarterTurned: "visit_starter_turned",
    g.Scored: "visit_scored",
    g.Played: "visit_played",
    g.SaidGo: "visit_said_go",
    g.CountReset: "visit_count_reset",
    g.PlayEnded: "visit_play_ended",
    g.HandShown: "visit_hand_shown",
    g.CountDue: "visit_count_due",
    g.Claimed: "visit_claimed",
    g.CountTimedOut: "visit_count_timed_out",
    g.MugginsCalled: "visit_muggins_called",
    g.DealEnded: "visit_deal_ended",
    g.GameOver: "visit_game_over",
}


class EventVisitor(Generic[R]):
    """Calls ``visit_<event>`` for each event given to :meth:`visit`; the base's methods all
    fall back on :meth:`visit_event` (which returns None)."""

    _dispatch: ClassVar[dict[type, Callable[[Any, Any], Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._build_dispatch()

    @classmethod
    def _build_dispatch(cls) -> None:
        cls._dispatch = {ev: getattr(cls, name) for ev, name in VISIT_METHODS.items()}

    def visit(self, event: g.Event) -> R:
        """The answer of this visitor's method for ``event``'s type; ArgumentTypeError for
        anything that is not an :class:`Event` (events are the engine's outputs, never made
        up by a caller: only event types enter the dispatch table, so the check costs nothing
        for the events the engine gives)."""
        fn = self._dispatch.get(type(event))
        if fn is None:
            if not isinstance(event, g.Event):
                raise ArgumentTypeError(f"{type(self).__name__}.visit", "event", event, "an event (Played, Scored...)")
            fn = self._resolve(type(event))
        return fn(self, event)  # type: ignore[no-any-return]

    @classmethod
    def _resolve(cls, kind: type) -> Callable[[Any, Any], Any]:
        """The method for a type not in the table: that of its nearest event base (a subclass
        of Played is visited as a Played), or :meth:`visit_event`; remembered."""
        for base in kind.__mro__[1:]:
            fn = cls._dispatch.get(base)
            if fn is not None:
                break
        else:
            fn = cls.visit_event
        cls._dispatch[kind] = fn
        return fn

    def visit_event(self, event: g.Event) -> R:
        """The answer for an event whose method is not overridden: None here."""
        return None  # type: ignore[return-value]

    def visit_game_started(self, event: g.GameStarted) -> R:
        return self.visit_event(event)

    def visit_cut_for_deal(self, event: g.CutForDeal) -> R:
        return self.visit_event(event)

    def visit_dealer_chosen(self, event: g.DealerChosen) -> R:
        return self.visit_event(event)

    def visit_dealt(self, event: g.Dealt) -> R:
        return self.visit_event(event)

    def visit_discarded(self, event: g.Discarded) -> R:
        return self.visit_event(event)

    def visit_crib_card_from_deck(self, event: g.CribCardFromDeck) -> R:
        return self.visit_event(event)

    def visit_starter_turned(self, event: g.StarterTurned) -> R:
        return self.visit_event(event)

    def visit_scored(self, event: g.Scored) -> R:
        return self.visit_event(event)

    def visit_played(self, event: g.Played) -> R:
        return self.visit_event(event)

    def visit_said_go(self, event: g.SaidGo) -> R:
        return self.visit_event(event)

    def visit_count_reset(self, event: g.CountReset) -> R:
        return self.visit_event(event)

    def visit_play_ended(self, event: g.PlayEnded) -> R:
        return self.visit_event(event)

    def visit_hand_shown(self, event: g.HandShown) -> R:
        return self.visit_event(event)

    def visit_count_due(self, event: g.CountDue) -> R:
        return self.visit_event(event)

    def visit_claimed(self, event: g.Claimed) -> R:
        return self.visit_event(event)

    def visit_count_timed_out(self, event: g.CountTimedOut) -> R:
        return self.visit_event(event)

    def visit_muggins_called(self, event: g.MugginsCalled) -> R:
        return self.visit_event(event)

    def visit_deal_ended(self, event: g.DealEnded) -> R:
        return self.visit_event(event)

    def visit_game_over(self, event: g.GameOver) -> R:
        return self.visit_event(event)


EventVisitor._build_dispatch()

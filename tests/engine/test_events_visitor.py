"""The one event visitor: every event type has its method, and dispatch finds it."""

import dataclasses
import inspect

from spoken_cribbage.engine import events
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import parse_card
from spoken_cribbage.engine.events_visitor import VISIT_METHODS, EventVisitor


def _event_classes() -> list[type]:
    return [
        c
        for _, c in inspect.getmembers(g, inspect.isclass)
        if issubclass(c, g.Event) and c is not g.Event and c.__module__ == events.__name__
    ]


def test_every_event_class_has_a_visit_method_in_the_base():
    classes = _event_classes()
    assert len(classes) >= 19
    assert set(VISIT_METHODS) == set(classes)  # a new event must be given its method
    for cls in classes:
        name = VISIT_METHODS[cls]
        assert name.startswith("visit_")
        assert callable(getattr(EventVisitor, name)), name
    assert len(set(VISIT_METHODS.values())) == len(VISIT_METHODS)


class _Names(EventVisitor[str]):
    """Answers each event with the name of the method that was called."""


for _cls, _name in VISIT_METHODS.items():
    setattr(_Names, _name, lambda self, event, _name=_name: _name)
_Names._build_dispatch()  # methods set after the class was made: build its table again


def _sample(cls: type) -> g.Event:
    """An instance of ``cls`` with placeholder fields (dispatch looks only at the type)."""
    args = {
        f.name: None
        for f in dataclasses.fields(cls)
        if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    obj = object.__new__(cls)
    for k, v in args.items():
        object.__setattr__(obj, k, v)
    return obj


def test_each_event_reaches_its_own_method():
    checked = 0
    for cls, name in VISIT_METHODS.items():
        assert _Names().visit(_sample(cls)) == name
        checked += 1
    assert checked == len(VISIT_METHODS)


def test_the_base_does_nothing_and_an_unnamed_event_falls_back_on_visit_event():
    played = g.Played(0, parse_card("5H"), 5, (), 3)
    assert EventVisitor().visit(played) is None
    assert EventVisitor().visit(g.PlayEnded()) is None

    class OnlyPlays(EventVisitor[str]):
        def visit_played(self, event):
            return f"played {event.card.name}"

        def visit_event(self, event):
            return "other"

    v = OnlyPlays()
    assert v.visit(played) == "played five of hearts"
    assert v.visit(g.SaidGo(1, 5)) == "other"
    assert v.visit(g.PlayEnded()) == "other"


def test_a_subclass_of_an_event_is_visited_as_its_base_and_a_subclass_visitor_overrides():
    @dataclasses.dataclass(frozen=True)
    class LoudPlayed(g.Played):
        pass

    @dataclasses.dataclass(frozen=True)
    class Unknown(g.Event):
        pass

    class Base(EventVisitor[str]):
        def visit_played(self, event):
            return "played"

        def visit_event(self, event):
            return "other"

    class Child(Base):
        def visit_said_go(self, event):
            return "go"

    loud = LoudPlayed(0, parse_card("5H"), 5, (), 3)
    for visitor in (Base(), Child(), Base()):  # the second Base() uses the remembered entry
        assert visitor.visit(loud) == "played"
        assert visitor.visit(Unknown()) == "other"
    assert Child().visit(g.SaidGo(1, 5)) == "go"
    assert Base().visit(g.SaidGo(1, 5)) == "other"
    # each class keeps its own table: a child's override never leaks into its parent
    assert Base._dispatch is not Child._dispatch
    assert EventVisitor().visit(loud) is None


def test_dispatch_is_a_table_built_once_per_class():
    class V(EventVisitor[int]):
        def visit_said_go(self, event):
            return event.count

    table = V._dispatch
    assert table[g.SaidGo] is V.visit_said_go
    assert V().visit(g.SaidGo(0, 12)) == 12
    assert V._dispatch is table


def test_the_consumers_of_events_are_visitors():
    from spoken_cribbage.app import cues
    from spoken_cribbage.app.seat import history, narration, turns
    from spoken_cribbage.storage import records
    from spoken_cribbage.words import announce, review

    consumers = [
        announce.Announcer,
        announce._Batch,
        review._StepReader,
        cues._Cues,
        narration.Batch,
        history._Ended,
        turns._TurnTaken,
        records._DealRecords,
    ]
    for cls in consumers:
        assert issubclass(cls, EventVisitor), cls
        overridden = [name for name in VISIT_METHODS.values() if getattr(cls, name) is not getattr(EventVisitor, name)]
        assert overridden, cls  # it reads some event through the visitor

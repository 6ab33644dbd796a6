"""A game's event log as plain JSON, for the statistics database (reviews and transcripts).

Each event is one JSON object: its class name under ``"event"`` and its fields, cards as their
short codes ("5H"), scoring items as ``{"kind", "points", "cards"}``. Reading checks every field
against the event's own type annotations, so a log that does not fit the engine's events is
refused (:class:`LogError`) rather than half read.

>>> from spoken_cribbage.engine import game as g
>>> game = g.Game(seed=3)
>>> events_from_json(events_to_json(game.events)) == game.events
True
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Iterable
from enum import Enum
from typing import Any

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card, InvalidCardError, is_card, parse_card
from spoken_cribbage.engine.scoring import ItemKind, ScoreItem

__all__ = ["events_to_json", "events_from_json", "event_to_plain", "event_from_plain", "LogError"]

_EVENTS: dict[str, type] = {
    name: cls
    for name, cls in vars(g).items()
    if isinstance(cls, type) and issubclass(cls, g.Event) and cls is not g.Event
}
_HINTS: dict[type, dict[str, Any]] = {}
_NAMES: dict[type, tuple[str, ...]] = {}  # each event class's field names, in order


class LogError(ValueError):
    """A stored event log that cannot be read back into events."""


def _plain(value: Any) -> Any:
    if is_card(value):
        return value.short
    if isinstance(value, ScoreItem):
        return {"kind": str(value.kind), "points": value.points, "cards": [c.short for c in value.cards]}
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def event_to_plain(ev: g.Event) -> dict[str, Any]:
    """One event as a plain JSON object (what :func:`events_to_json` writes for it; network
    play sends events so)."""
    cls = type(ev)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(ev))
    item: dict[str, Any] = {"event": cls.__name__}
    for name in names:
        item[name] = _plain(getattr(ev, name))
    return item


def events_to_json(events: Iterable[g.Event]) -> str:
    """The events as one JSON text (a list of objects)."""
    return json.dumps([event_to_plain(ev) for ev in events], separators=(",", ":"))


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls, vars(g))
    return _HINTS[cls]


def _read(hint: Any, value: Any) -> Any:
    """``value`` read from JSON as the field type ``hint``; LogError if it is not one."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, getattr(types, "UnionType", None)):
        return _read_union(typing.get_args(hint), value)
    if origin is tuple:
        return _read_tuple(typing.get_args(hint), value)
    if hint is Card:
        if not isinstance(value, str):
            raise LogError(f"not a card: {value!r}")
        return parse_card(value)
    if hint is ScoreItem:
        if not isinstance(value, dict) or set(value) != {"kind", "points", "cards"}:
            raise LogError(f"not a scoring item: {value!r}")
        return ScoreItem(ItemKind(value["kind"]), _read(int, value["points"]), _read(tuple[Card, ...], value["cards"]))
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    return _read_plain(hint, value)


def _read_union(options: tuple[Any, ...], value: Any) -> Any:
    """``value`` as the first of ``options`` it reads as (None for an optional field)."""
    if value is None and type(None) in options:
        return None
    for option in options:
        if option is type(None):
            continue
        try:
            return _read(option, value)
        except (LogError, InvalidCardError, ValueError, TypeError):
            continue
    raise LogError(f"no type fits {value!r}")


def _read_tuple(args: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
    """``value`` (a JSON list) as a tuple of ``args`` (``X, ...``: any number of X)."""
    if not isinstance(value, list):
        raise LogError(f"not a list: {value!r}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_read(args[0], v) for v in value)
    if len(args) != len(value):
        raise LogError(f"wrong length: {value!r}")
    return tuple(_read(a, v) for a, v in zip(args, value, strict=True))


def _read_plain(hint: Any, value: Any) -> Any:
    """``value`` as a bool, an int or a str, exactly (JSON's true is no number here)."""
    if hint is bool:
        if type(value) is not bool:
            raise LogError(f"not true or false: {value!r}")
        return value
    if hint is int:
        if type(value) is not int:
            raise LogError(f"not a whole number: {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise LogError(f"not text: {value!r}")
        return value
    raise LogError(f"unknown field type {hint!r}")


def events_from_json(text: str) -> list[g.Event]:
    """The events ``events_to_json`` wrote; LogError for anything else."""
    try:
        raw = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise LogError("not JSON") from None
    if not isinstance(raw, list):
        raise LogError("not a list of events")
    return [event_from_plain(item) for item in raw]


def event_from_plain(item: object) -> g.Event:
    """The event :func:`event_to_plain` wrote, every field checked against the event's type;
    LogError for anything else."""
    if not isinstance(item, dict) or item.get("event") not in _EVENTS:
        raise LogError(f"not an event: {item!r}"[:80])
    cls = _EVENTS[item["event"]]
    hints = _hints(cls)
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields]
    # A field the engine added later, with a default, may be missing from an older log.
    optional = {f.name for f in fields if f.default is not dataclasses.MISSING}
    given = set(item) - {"event"}
    if not set(names) - optional <= given <= set(names):
        raise LogError(f"the fields of {cls.__name__} do not fit")
    try:
        event: g.Event = cls(**{n: _read(hints[n], item[n]) for n in names if n in given})
    except (InvalidCardError, ValueError, TypeError, RecursionError) as e:
        raise LogError(f"{cls.__name__}: {e}"[:80]) from None
    return event

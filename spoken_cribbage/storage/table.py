"""The table a new game is set at: how many players, who plays with whom, and the names of the
other seats, checked against what the engine plays.

Nothing here lists the table sizes or team layouts itself: :func:`sizes` and :func:`layouts` ask
the engine's :class:`~spoken_cribbage.engine.rules.Rules` (a size it refuses is not offered), so
five and six players, or three teams, open up here the day the engine plays them.

``teams`` is text, as the settings keep it: ``"usual"`` (the usual table for the size: partners
with four players, each for themselves otherwise), ``"none"`` (each for themselves) or a number
of teams (``"2"``, ``"3"``).

>>> rules_for(4, "2").sides
2
>>> rules_for(3).sides
3
>>> rules_for(4, "none").sides
4
>>> try:
...     rules_for(3, "2")
... except TableError as e:
...     e.code
'storage.teams'
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, TypedDict

from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.notice import Problem

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

#: The most seats a table could have (the engine decides how many it plays).
MOST_PLAYERS = 8
USUAL, NONE = "usual", "none"
#: How long a name may be, in characters.
NAME_LENGTH = 20


class TableError(Problem, ValueError):
    """A table the game cannot set: ``storage.players`` (data: players, sizes) or
    ``storage.teams`` (data: players, teams, layouts); ``words`` phrases it."""


def teams_value(text: object) -> str:
    """``teams`` as the settings keep it, from what a player typed: 'usual'; 'none' (also 0,
    'off', 'no'); a number of teams ('2'). ValueError for anything else."""
    t = str(text).strip().lower()
    if t in (USUAL, "auto", "default"):
        return USUAL
    if t in (NONE, "0", "off", "no", "individual"):
        return NONE
    if t.isdecimal() and t.isascii() and 1 <= int(t) <= MOST_PLAYERS:
        return str(int(t))
    raise TableError("storage.teams_value", value=str(text)[:20])


def teams_number(teams: str) -> int | None:
    """The engine's ``teams`` for a settings value: None for the usual table, 0 for none."""
    return None if teams == USUAL else 0 if teams == NONE else int(teams)


class OtherRules(TypedDict, total=False):
    """The engine's rules other than the table (players, teams)."""

    target: int
    counting: str
    muggins: bool
    overcount_penalty: bool


def _make(players: int, teams: str, **rules: Unpack[OtherRules]) -> Rules:
    """The engine's rules for the table; ValueError (or TypeError) when it does not play it."""
    number = teams_number(teams)
    if number is None:
        return Rules(players=players, **rules)
    try:
        return Rules(players=players, teams=number, **rules)
    except TypeError:
        pass
    # An engine with one layout for each size (no ``teams``): the layout asked for must be it.
    made = Rules(players=players, **rules)
    if made.sides != (players if number == 0 else number):
        raise ValueError("the engine does not play that layout")
    return made


def _plays(players: int, teams: str = USUAL) -> bool:
    try:
        _make(players, teams)
    except (ValueError, TypeError):
        return False
    return True


@cache
def sizes() -> tuple[int, ...]:
    """The table sizes the engine plays (2, 3 and 4 today)."""
    return tuple(n for n in range(2, MOST_PLAYERS + 1) if _plays(n))


@cache
def layouts(players: int) -> tuple[str, ...]:
    """The ways ``players`` can sit, as ``teams`` values other than 'usual': 'none' (each for
    themselves) and each number of teams the engine plays at that size."""
    kinds = [NONE] + [str(t) for t in range(2, players // 2 + 1)]
    return tuple(k for k in kinds if _plays(players, k))


def check(players: object, teams: str = USUAL) -> None:
    """Raise :class:`TableError` when the engine does not play this table."""
    if type(players) is not int or players not in sizes():
        raise TableError("storage.players", players=players, sizes=sizes())
    if teams != USUAL and teams not in layouts(players):
        raise TableError("storage.teams", players=players, teams=teams, layouts=layouts(players))


def rules_for(players: int = 2, teams: str = USUAL, **rules: Unpack[OtherRules]) -> Rules:
    """The engine's :class:`Rules` for the table, with the other rules given (target,
    counting ...). :class:`TableError` when the engine does not play the table."""
    check(players, teams)
    return _make(players, teams, **rules)


def team_count(rules: Rules) -> int:
    """How many teams play: 0 when each player is on their own."""
    return 0 if rules.sides == rules.players else rules.sides


def split_names(text: str) -> list[str]:
    """The names a player gave, comma-separated ('Ann, Ben' -> ['Ann', 'Ben']); empty parts
    are left out. TableError (``storage.names``, data: name, why) for a name that cannot be
    used: too long, unprintable, 'you' or 'me', or given twice."""
    names = [" ".join(part.split()) for part in str(text).split(",")]
    names = [n for n in names if n]
    seen: set[str] = set()
    for name in names:
        if len(name) > NAME_LENGTH:
            raise TableError("storage.names", name=name[:NAME_LENGTH] + "...", why="long")
        if not all(ch.isprintable() for ch in name):
            raise TableError("storage.names", name=name, why="unprintable")
        if name.lower() in ("you", "your", "yours"):
            raise TableError("storage.names", name=name, why="you")
        if name.lower() in ("me", "my", "mine", "myself", "i"):  # what a player says of themselves
            raise TableError("storage.names", name=name, why="me")
        if name.lower() in seen:
            raise TableError("storage.names", name=name, why="twice")
        seen.add(name.lower())
    return names


def check_names(text: str, players: int) -> list[str]:
    """The names given for a table of ``players`` (:func:`split_names`), none empty and no
    more than its other seats: TableError ``storage.names_empty``, or ``storage.names_extra``
    (data: given, others, players) for more."""
    if str(text).strip() and any(not part.strip() for part in str(text).split(",")):
        raise TableError("storage.names_empty")
    names = split_names(text)
    if len(names) > players - 1:
        raise TableError("storage.names_extra", given=len(names), others=players - 1, players=players)
    return names

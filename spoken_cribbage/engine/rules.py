"""The rules of one game, fixed when it begins: players, sides, target, skunk lines, the deal.

A :class:`Rules` is a small frozen value shared by the engine, the words and the saves, so
nothing re-derives the sides or the hand sizes on its own. :class:`Outcome` is how a game ended.

>>> r = Rules(players=4)
>>> r.sides, r.hand_size, r.discards, r.side_of(2)
(2, 5, 1, 0)
>>> Rules().skunk(scores=(121, 80), winner=0)
(0, 1)
>>> six = Rules(players=6, teams=3)
>>> six.sides, six.seats_of(0), six.dealt_to(True), six.discards_for(True), six.crib_size
(3, (0, 3), 5, 0, 5)
>>> Rules(players=4, teams=0).sides
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NoReturn

from spoken_cribbage.engine.cards import _check_bool, _check_int
from spoken_cribbage.engine.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["Named", "Rules", "Outcome", "COUNTING_MODES", "PLAYERS", "TEAM_LAYOUTS"]

#: How the show is counted: by the game, or by each seat (a claim the game checks).
COUNTING_MODES = ("auto", "manual")

#: The table sizes the game is for.
PLAYERS = (2, 3, 4, 5, 6)

#: By table size, the numbers of teams it may be split into (partners never side by side):
#: four players two teams of two; six players three teams of two or two teams of three.
TEAM_LAYOUTS: dict[int, tuple[int, ...]] = {4: (2,), 6: (2, 3)}

# By table size: cards dealt to a seat that is not the dealer, and how many it lays away.
# With five and six players the dealer is dealt one card fewer and lays nothing away.
_DEALT = {2: 6, 3: 5, 4: 5, 5: 5, 6: 6}
_LAID_AWAY = {2: 2, 3: 1, 4: 1, 5: 1, 6: 1}


class Named(str, Enum):
    """Base of the engine's closed sets of names (phases, score reasons, item kinds...).

    Each member *is* its text: it equals the string, hashes like it, prints and formats as it,
    and is saved to JSON as it, so code and files that use the plain strings keep working.
    """

    def __str__(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        return format(str.__str__(self), spec)

    __hash__ = str.__hash__


@dataclass(frozen=True)
class Rules:
    """The table: how many players, who plays with whom, and the score that wins.

    Everything else follows from those, the same way everywhere: the sides, the cards each seat
    is dealt and lays away, the crib, the skunk lines.

    ``teams`` says who plays with whom:

    * ``None`` (the default): the usual table for the size: two partnerships with four
      players, each for themselves with two, three, five or six. ``Rules(players=4)`` is the
      partnership game it has always been.
    * ``0``: each for themselves, at any size (with four players: four sides).
    * ``2`` or ``3``: that many teams. Four players play as two teams of two; six players as
      three teams of two or two teams of three. Partners never sit side by side: seat ``s``
      plays for side ``s % teams``.

    Anything else (``teams=1``, ``teams=4`` with four players...) is refused: "each for
    themselves" is always spelled ``teams=0``.
    """

    players: int = 2
    """2 to 6 seats, numbered 0..players-1 in the order of play (each deal passes left, to
    the next seat)."""
    target: int = 121
    """The score that wins (121 for a full game, 61 for a short one)."""
    counting: str = "auto"
    """How the show is counted: "auto" (the game counts every hand) or "manual" (each seat
    states its own count with a :class:`~spoken_cribbage.engine.game.Claim`)."""
    muggins: bool = False
    """Manual counting: points a seat misses in its own count may be taken by an opponent
    (:class:`~spoken_cribbage.engine.game.Muggins`) before that opponent's next action."""
    overcount_penalty: bool = False
    """Manual counting: the points a seat claims too many go to the opponent."""
    teams: int | None = None
    """None (the usual table for the size), 0 (each for themselves) or the number of teams;
    see the class docstring."""

    def __post_init__(self) -> None:
        """Refuse a table the game does not play: ArgumentTypeError for a value of the wrong
        kind, InvalidArgumentError for one out of range (both ValueErrors, with codes)."""

        def refuse(argument: str, expected: str, right_kind: bool) -> NoReturn:
            value = getattr(self, argument)
            raise (InvalidArgumentError if right_kind else ArgumentTypeError)("Rules", argument, value, expected)

        if type(self.players) is not int or self.players not in PLAYERS:
            refuse("players", "2 to 6 (cribbage here is for 2 to 6 players)", type(self.players) is int)
        if type(self.target) is not int or self.target < 1:
            refuse("target", "a whole number, at least 1", type(self.target) is int)
        if not isinstance(self.counting, str) or self.counting not in COUNTING_MODES:
            refuse("counting", '"auto" or "manual"', isinstance(self.counting, str))
        for flag in ("muggins", "overcount_penalty"):
            if type(getattr(self, flag)) is not bool:
                refuse(flag, "True or False", False)
        t = self.teams
        if t is not None and (type(t) is not int or (t != 0 and t not in TEAM_LAYOUTS.get(self.players, ()))):
            layouts = TEAM_LAYOUTS.get(self.players)
            if not layouts:
                refuse("teams", f"None or 0 ({self.players} players play each for themselves)", type(t) is int)
            refuse(
                "teams",
                f"None, 0 or {' or '.join(map(str, layouts))} ({self.players} players "
                f"play in {' or '.join(map(str, layouts))} teams, or each for themselves)",
                type(t) is int,
            )

    def _key(self) -> tuple[int, int, str, bool, bool, int]:
        return (self.players, self.target, self.counting, self.muggins, self.overcount_penalty, self.team_count)

    def __eq__(self, other: object) -> bool:
        """The same table however ``teams`` was spelled: ``Rules(4) == Rules(4, teams=2)``."""
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def manual(self) -> bool:
        """Each seat counts its own hand (and crib) in the show."""
        return self.counting == "manual"

    @property
    def team_count(self) -> int:
        """How many teams: 0 when each player is on their own (``teams`` resolved: None means
        2 with four players, else 0)."""
        if self.teams is None:
            return 2 if self.players == 4 else 0
        return self.teams

    @property
    def sides(self) -> int:
        """How many sides score: one per team, or one per seat when each is on their own."""
        return self.team_count or self.players

    @property
    def team_size(self) -> int:
        """Seats on each side: 1 when each is on their own."""
        return self.players // self.sides

    def dealt_to(self, is_dealer: bool) -> int:
        """Cards dealt to a seat: six with two players; five with three or four; with five and
        six players five and six to each seat but the dealer, who gets one fewer."""
        if is_dealer is not True and is_dealer is not False:
            _check_bool(is_dealer, "Rules.dealt_to", "is_dealer")
        n = _DEALT[self.players]
        return n - 1 if is_dealer and self.players >= 5 else n

    def discards_for(self, is_dealer: bool) -> int:
        """Cards a seat lays away for the crib: two with two players, else one; with five and
        six players the dealer lays nothing away."""
        if is_dealer is not True and is_dealer is not False:
            _check_bool(is_dealer, "Rules.discards_for", "is_dealer")
        return 0 if is_dealer and self.players >= 5 else _LAID_AWAY[self.players]

    @property
    def hand_size(self) -> int:
        """Cards dealt to a seat that is not the dealer (:meth:`dealt_to` for either)."""
        return self.dealt_to(False)

    @property
    def discards(self) -> int:
        """Cards a seat that is not the dealer lays away (:meth:`discards_for` for either)."""
        return self.discards_for(False)

    @property
    def kept_size(self) -> int:
        """Cards each hand keeps for the play and the show: 5 with six players, else 4."""
        return self.dealt_to(False) - self.discards_for(False)

    @property
    def crib_size(self) -> int:
        """Cards in the crib: as many as a kept hand (5 with six players, else 4)."""
        return self.kept_size

    @property
    def crib_cards_from_deck(self) -> int:
        """Cards the crib takes from the deck to make up its size: 1 with three players."""
        return self.crib_size - (self.players - 1) * self.discards_for(False) - self.discards_for(True)

    @property
    def max_show(self) -> int:
        """The most a hand (or crib) can count in the show: 29 with four cards and the
        starter; 46 with five (4 4 5 5 6 and a 6 starter)."""
        return 29 if self.kept_size == 4 else 46

    @property
    def skunk_line(self) -> int:
        """A loser below this score is skunked (91 in a game to 121)."""
        return self.target - 30

    @property
    def double_skunk_line(self) -> int | None:
        """A loser below this is double skunked (61 in a game to 121); None in shorter games."""
        return self.target - 60 if self.target >= 121 else None

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for: ``seat % sides`` (so partners never sit together)."""
        return _check_int(seat, "Rules.side_of", "seat", 0, self.players - 1) % self.sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for ``side``."""
        _check_int(side, "Rules.seats_of", "side", 0, self.sides - 1)
        return tuple(s for s in range(self.players) if s % self.sides == side)

    def skunk(self, scores: tuple[int, ...] | list[int], winner: int) -> tuple[int, ...]:
        """Per side: 0 no skunk, 1 skunk, 2 double skunk (the winner is never skunked).
        ``scores`` has one whole number per side."""
        if not isinstance(scores, (tuple, list)):
            raise ArgumentTypeError("Rules.skunk", "scores", scores, "a tuple of scores by side")
        if len(scores) != self.sides:
            raise InvalidArgumentError("Rules.skunk", "scores", scores, f"{self.sides} scores, one a side")
        for score in scores:
            _check_int(score, "Rules.skunk", "scores", 0, 10**9)
        _check_int(winner, "Rules.skunk", "winner", 0, self.sides - 1)
        double = self.double_skunk_line
        return tuple(
            0 if s == winner else 2 if double is not None and score < double else 1 if score < self.skunk_line else 0
            for s, score in enumerate(scores)
        )


@dataclass(frozen=True)
class Outcome:
    """How a game ended (python-chess style): the winning side, the final scores by side, and
    per side 0 (no skunk), 1 (skunk) or 2 (double skunk)."""

    winner: int
    scores: tuple[int, ...]
    skunks: tuple[int, ...]


def _table_rules(rules: Rules | None, players: int | None, target: int | None, teams: int | None) -> Rules:
    """The table of a new game: ``rules``, or the rules the older ``players``, ``target`` and
    ``teams`` make (which must then agree with ``rules`` when both are given)."""
    if rules is None:
        return Rules(2 if players is None else players, 121 if target is None else target, teams=teams)
    if type(rules) is not Rules:
        raise ArgumentTypeError("Game", "rules", rules, "a Rules or None")
    if players is not None or target is not None or teams is not None:
        given = Rules(
            rules.players if players is None else players,  # checks them
            rules.target if target is None else target,
            teams=rules.teams if teams is None else teams,
        )
        if (given.players, given.target, given.team_count) != (rules.players, rules.target, rules.team_count):
            raise InvalidArgumentError(
                "Game", "rules", rules, "the same table as players, target and teams when those are given too"
            )
    return rules


def _check_scores(scores: Sequence[int], rules: Rules) -> None:
    """A new game's starting ``scores``: one by side, each below the target."""
    if type(scores) not in (tuple, list):
        raise ArgumentTypeError("Game", "scores", scores, "a tuple of scores by side")
    if len(scores) != rules.sides or not all(type(x) is int and 0 <= x < rules.target for x in scores):
        raise InvalidArgumentError(
            "Game", "scores", scores, f"{rules.sides} whole numbers, each from 0 to below the target"
        )

"""The rules of one game, fixed when it begins: players, sides, target, skunk lines, hand size.

A :class:`Rules` is a small frozen value shared by the engine, the words and the saves, so
nothing re-derives the sides or the hand size on its own. :class:`Outcome` is how a game ended.

>>> r = Rules(players=4)
>>> r.sides, r.hand_size, r.discards, r.side_of(2)
(2, 5, 1, 0)
>>> Rules().skunk(scores=(121, 80), winner=0)
(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Named", "Rules", "Outcome", "COUNTING_MODES"]

#: How the show is counted: by the game, or by each seat (a claim the game checks).
COUNTING_MODES = ("auto", "manual")


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
    """The table: how many players, and the score that wins.

    Everything else follows from those two, the same way everywhere: with four players seats
    0 and 2 play seats 1 and 3 (two sides); with two or three each seat is its own side.
    """

    players: int = 2
    """2, 3 or 4 seats, numbered 0..players-1."""
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

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in (2, 3, 4):
            raise ValueError("cribbage here is for 2, 3 or 4 players")
        if type(self.target) is not int or self.target < 1:
            raise ValueError("the target must be a whole number, at least 1")
        if self.counting not in COUNTING_MODES:
            raise ValueError('counting is "auto" or "manual"')
        if type(self.muggins) is not bool or type(self.overcount_penalty) is not bool:
            raise ValueError("muggins and overcount_penalty are True or False")

    @property
    def manual(self) -> bool:
        """Each seat counts its own hand (and crib) in the show."""
        return self.counting == "manual"

    @property
    def sides(self) -> int:
        """How many sides score: 2 with four players (partners), else one per seat."""
        return 2 if self.players == 4 else self.players

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat: 6 with two players, else 5."""
        return 6 if self.players == 2 else 5

    @property
    def discards(self) -> int:
        """Cards each seat lays away for the crib: 2 with two players, else 1."""
        return 2 if self.players == 2 else 1

    @property
    def crib_cards_from_deck(self) -> int:
        """Cards the crib takes from the deck, so that it holds four: 1 with three players."""
        return 4 - self.players * self.discards

    @property
    def skunk_line(self) -> int:
        """A loser below this score is skunked (91 in a game to 121)."""
        return self.target - 30

    @property
    def double_skunk_line(self) -> int | None:
        """A loser below this is double skunked (61 in a game to 121); None in shorter games."""
        return self.target - 60 if self.target >= 121 else None

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for."""
        return seat % self.sides

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that score for ``side``."""
        return tuple(s for s in range(self.players) if s % self.sides == side)

    def skunk(self, scores: tuple[int, ...] | list[int], winner: int) -> tuple[int, ...]:
        """Per side: 0 no skunk, 1 skunk, 2 double skunk (the winner is never skunked)."""
        double = self.double_skunk_line
        return tuple(0 if s == winner else
                     2 if double is not None and score < double else
                     1 if score < self.skunk_line else 0
                     for s, score in enumerate(scores))


@dataclass(frozen=True)
class Outcome:
    """How a game ended (python-chess style): the winning side, the final scores by side, and
    per side 0 (no skunk), 1 (skunk) or 2 (double skunk)."""

    winner: int
    scores: tuple[int, ...]
    skunks: tuple[int, ...]

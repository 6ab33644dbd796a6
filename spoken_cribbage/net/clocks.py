"""The rules of a shared table that need a clock (issue 26, item 6), kept by the referee
(:class:`~spoken_cribbage.net.server.Referee` is a :class:`Clocks`): the host's turn limit (a
turn run out is played by a computer for that one turn, and everyone is told), the counting
time limit of manual counting (the count given up, the engine's ``TimeUp``), one warning to the
person alone, and whom the table waits for with the time each has (the answer to ``t``). The
time is the referee's injectable ``now``; :meth:`Clocks._time_runs_out` is looked at by its
``tick``. A seat nobody has sat at yet is not hurried."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import msgspec

from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p

__all__ = ["WARN_AT", "Clocks", "Conn", "Outbox", "Player"]

#: The one warning of a turn or a count with a limit comes this many seconds before its end
#: (as the local game's counting clock), to that person alone.
WARN_AT = 10.0


class Player(Protocol):
    """A computer player (``ai.players.ComputerPlayer``): an action from its seat's observation."""

    def act(self, obs: g.Observation, rng: random.Random | None = None) -> g.Action: ...


@dataclass
class Outbox:
    """Frames to send: (connection id, frame), in order."""

    frames: list[tuple[int, str]] = field(default_factory=list)

    def add(self, ident: int, message: msgspec.Struct) -> None:
        self.frames.append((ident, p.encode(message)))


@dataclass
class Conn:
    """One connection's state at the referee."""

    ident: int
    tokens: float
    last: float
    seat: int | None = None
    sent: int = 0  # how many of the game's events this connection has been sent
    watching: bool = False  # a watcher: public events only, cannot act
    name: str = ""  # a watcher's name (cleaned), said with its chat lines


class Clocks:
    """The referee's clocks (a mixin: the attributes below are the referee's)."""

    game: g.Game
    computers: dict[int, Player]
    held: dict[int, Player]
    names: list[str]
    conns: dict[int, Conn]
    ready: set[int]
    dropped: dict[int, float]
    away: dict[int, p.Away]
    keep: float
    now: Callable[[], float]
    turn_limit: float | None
    count_limit: float | None
    fill_in: Callable[[int], Player] | None
    started: bool
    _due: dict[int, tuple[tuple[object, ...], float, bool]]

    if TYPE_CHECKING:  # (the referee's own)

        def apply(self, action: g.Action) -> list[g.Event]: ...

        def computer_action(self, seat: int, player: Player | None = None) -> g.Action: ...

        def _moved(self, out: Outbox, acked: tuple[int, int] | None = None) -> None: ...

        def seat_of(self, seat: int) -> Conn | None: ...

    def waited_for(self) -> list[tuple[int, p.WaitWhy, tuple[object, ...]]]:
        """The people the table waits for now: (seat, what for, which turn: a key that changes
        when the same seat's next turn comes, or when somebody first sits there)."""
        game, machines = self.game, {**self.computers, **self.held}
        people = [s for s in range(game.players) if s not in machines]
        if not self.started:
            return []  # (the table waits for its people to sit: no clock runs)
        if game.phase == g.DISCARD:
            return [
                (s, p.WaitWhy.TURN, ("discard", game.deal_number, bool(self.names[s])))
                for s in game.pending_discards()
                if s in people
            ]
        if game.phase in (g.PLAY, g.SHOW) and game.to_act in people:
            why = p.WaitWhy.TURN if game.phase == g.PLAY else p.WaitWhy.COUNT
            return [
                (
                    game.to_act,
                    why,
                    (str(game.phase), game.deal_number, len(game.actions), bool(self.names[game.to_act])),
                )
            ]
        if game.phase == g.DEAL_OVER and people:
            connected = {c.seat for c in self.conns.values() if c.seat is not None}
            return [
                (s, p.WaitWhy.NEXT_DEAL, ("next", game.deal_number))
                for s in people
                if s in connected and s not in self.ready
            ]
        return []

    def _limit(self, why: p.WaitWhy, seat: int) -> float | None:
        """The limit of what the table waits for (none for a seat nobody has sat at yet: a
        friend still on their way is not hurried)."""
        if not self.names[seat]:
            return None
        if why == p.WaitWhy.TURN:
            return self.turn_limit
        return self.count_limit if why == p.WaitWhy.COUNT else None

    def _clock(self) -> None:
        """After a change: a turn that has just fallen due starts its time now."""
        now, due = self.now(), {}
        for seat, _, key in self.waited_for():
            was = self._due.get(seat)
            due[seat] = was if was is not None and was[0] == key else (key, now, False)
        self._due = due

    def clock(self) -> p.Clock:
        """Whom the table waits for, and how long each has (the answer to ``t``)."""
        now, waits = self.now(), []
        for seat, why, key in self.waited_for():
            limit, since = self._limit(why, seat), self._due.get(seat, (key, now, False))[1]
            dropped = self.dropped.get(seat)
            waits.append(
                p.Wait(
                    seat,
                    why,
                    None if limit is None else max(0.0, since + limit - now),
                    None if dropped is None or seat in self.held else max(0.0, dropped + self.keep - now),
                    self.away.get(seat) if dropped is not None else None,
                )
            )
        return p.Clock(waits)

    def _time_runs_out(self, out: Outbox) -> None:
        """The limits looked at: a person's one warning; a turn run out played by a computer
        for them (everyone told), a count run out given up (the engine's TimeUp)."""
        now = self.now()
        for seat, why, _ in self.waited_for():
            limit = self._limit(why, seat)
            entry = self._due.get(seat)
            if limit is None or entry is None:
                continue
            key, since, warned = entry
            left = since + limit - now
            if left <= 0:
                if why == p.WaitWhy.COUNT:
                    self.apply(g.TimeUp(seat))
                else:
                    player = self.fill_in(seat) if self.fill_in is not None else None
                    if player is None:
                        continue
                    for c in self.conns.values():
                        if c.seat is not None or c.watching:  # (everyone hears so, watchers too)
                            out.add(c.ident, p.Note(p.NoteCode.TURN_PLAYED, seat))
                    self.apply(self.computer_action(seat, player))
                self._moved(out)
                return  # (one at a time: the next is looked at on the next tick)
            if left <= WARN_AT < limit and not warned:
                self._due[seat] = (key, since, True)
                conn = self.seat_of(seat)
                if conn is not None:
                    out.add(conn.ident, p.Note(p.NoteCode.TIME_WARNING, seat, max(1, round(left))))

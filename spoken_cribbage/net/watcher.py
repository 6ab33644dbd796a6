"""Watching a room's table over the network (issue 26): :class:`Watcher` is the connection of
someone watching (the public events, the seats, the talk; never a hand), and a seat's ``Table``
with no seat of its own, for the watcher's full seat (``app/watch_seat.py``)."""

from __future__ import annotations

from websockets.exceptions import ConnectionClosed

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import Closed, Refused, TableLine, open_connection
from spoken_cribbage.net.tls import Pins, split_code

__all__ = ["Watcher"]


class Watcher(TableLine):
    """Watching a room's table: its public events (never a hand), the seats and the talk.
    ``story``: the events so far; ``names``: the seats' names, cleaned.

    It is also a seat's ``Table`` (``app/seat/turns.py``) with no seat of its own (``seat``
    is -1): its observation is the table as everyone sees it (no hand, no legal action), so a
    watcher's full seat (``app/net_seat.WatchSession``) answers the keys that ask about public
    things from it; an action is refused here, never sent."""

    #: No seat: a watcher is nobody at the table.
    seat = -1
    #: The server keeps the table's clocks; a watcher gets no hints or win chances.
    keeps_time = False
    advice = False

    def __init__(
        self, uri: str, code: str, table: str, *, timeout: float = 10.0, pins: Pins | None = None, name: str = ""
    ) -> None:
        """Watch ``table`` of the room at ``uri`` (``name``: said with this watcher's chat)."""
        self._stack, self.ws, self.first_visit = open_connection(uri, code, timeout=timeout, pins=pins)
        self.timeout = timeout
        self.story: list[g.Event] = []
        self.heard = 0
        self._no_seats([], 0)  # (the seats come with the table's first Seats frame)
        self.turn_limit: int | None = None
        self.count_limit: int | None = None
        self._rules: Rules | None = None
        self.missed: tuple[int, int] | None = None  # (a watcher never rejoins a seat)
        self._obs: g.Observation | None = None
        try:
            self.ws.send(p.encode(p.Watch(table, split_code(code)[0], name)))
            while self._rules is None:
                if not self.pump(timeout):
                    raise Closed()
        except BaseException:
            self._stack.close()
            raise

    def close(self) -> None:
        self._stack.close()

    def pump(self, timeout: float | None) -> bool:
        """Take one frame (waiting at most ``timeout`` seconds); False when none came."""
        message = self._frame(timeout)
        if message is None:
            return False
        if isinstance(message, p.View):
            if message.start > len(self.story):
                raise p.ProtocolError(p.Reason.MALFORMED, "events missing")
            del self.story[message.start :]
            self.story.extend(p.events_from_facts(message.events))
            self.heard = min(self.heard, message.start)
            if message.rules is not None:
                self._rules = p.rules_from_facts(message.rules)
                self.turn_limit, self.count_limit = message.turn_limit, message.count_limit
            if message.observation is not None and self._rules is not None:
                self._obs = p.observation_from_facts(message.observation, self._rules)
        elif isinstance(message, p.Refused):
            raise Refused(message)
        else:
            self._take_table(message)
        return True

    _pump = pump

    def news(self, timeout: float = 0) -> list[g.Event]:
        """Wait up to ``timeout`` for something; the events not given yet (given now)."""
        if self.pump(timeout):
            self.drain()
        events, self.heard = self.story[self.heard :], len(self.story)
        return events

    def say(self, text: str) -> None:
        """A chat line to everyone at the table (said with this watcher's name)."""
        try:
            self.ws.send(p.encode(p.Say(text)))
        except ConnectionClosed:
            raise Closed() from None

    # ------------------------------------------------------------------ the Table protocol

    @property
    def rules(self) -> Rules:
        """The table's rules (sent with the first view, before the watcher is made)."""
        assert self._rules is not None
        return self._rules

    @property
    def players(self) -> int:
        return self.rules.players

    def observation(self, seat: int) -> g.Observation:
        """The table as everyone sees it now (whatever ``seat``: a watcher has none)."""
        self.drain()
        if self._obs is None:
            raise Closed()  # (a server that sends no table to a watcher: nothing to watch)
        return self._obs

    def apply(self, action: g.Action, seat: int) -> list[g.Event]:
        """A watcher cannot act: refused here, never sent."""
        raise g.IllegalActionError("watching", g.Refusal.OTHER)

    @property
    def version(self) -> int:
        return len(self.story)

    def next_action(self, seat: int, obs: g.Observation) -> g.Action | None:
        return None  # (the server plays every seat's turns: their events come in the views)

    def can_undo(self, seat: int) -> g.UndoBlocked | None:
        return g.UndoBlocked.SHARED

    def undo(self, seat: int) -> list[g.Action]:
        raise g.IllegalActionError(str(g.UndoBlocked.SHARED), g.Refusal.UNDO_BLOCKED, blocked=g.UndoBlocked.SHARED)

    def events_for(self, seat: int, start: int = 0) -> list[g.Event]:
        return self.story[start:]

    def new_game(self) -> None:
        return None

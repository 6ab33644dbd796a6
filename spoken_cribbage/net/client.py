"""A seat's table over the network (issue 26): :class:`RemoteTable` is the seat's
``Table`` (``app/seat/turns.py``) with the game on a server.

It keeps what the server sent this seat: its story of events (as its seat sees them) and its
latest observation, and answers the seat from them; :meth:`RemoteTable.apply` sends the action
and waits for the server's answer: the events since the seat last heard any, or the refusal as
the engine's own :class:`~spoken_cribbage.engine.game.IllegalActionError` (its code and data,
so the seat's words phrase it as at a local table). Every frame from the server is checked
against the protocol's schema, and names and chat are cleaned again before they are kept.
A shared table has no undo and makes no new game by itself.

The connection is websockets' synchronous client (its own thread reads the socket), so a seat
that asks synchronously, as the seat pipeline does, can use it as it is.
"""

from __future__ import annotations

import contextlib
import ssl
import time
from collections.abc import Callable
from typing import cast
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidMessage
from websockets.sync.client import ClientConnection, connect

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import parse_card
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.tls import (
    CertificateMismatch,
    Pins,
    check_peer,
    client_context,
    split_code,
)
from spoken_cribbage.notice import Notice

__all__ = ["RemoteTable", "Refused", "Closed", "room_ask", "open_connection"]


class Refused(Exception):
    """The server refused a message for a protocol reason (not a rule of the game)."""

    def __init__(self, message: p.Refused) -> None:
        self.message = message
        super().__init__(message.reason.value)


class Closed(Exception):
    """The connection is closed (the server said why in ``reason``, when it did)."""

    def __init__(self, reason: p.Reason | None = None) -> None:
        self.reason = reason
        super().__init__(reason.value if reason is not None else "closed")


def join_timeout(uri: str) -> float:
    """How long a join waits for each step: 10 seconds across a network; 30 on this machine
    (the host's own seat, or a table on the loopback), where a slow answer means a busy
    machine, not a lost line (a host under load once gave up on its own table after 10)."""
    return 30.0 if _loopback(uri) else 10.0


def _loopback(uri: str) -> bool:
    host = urlsplit(uri).hostname or ""
    return host == "localhost" or host.startswith("127.") or host == "::1"


def pump_until(done: Callable[[], bool], pump: Callable[[float], object], timeout: float) -> None:
    """Read frames with ``pump`` (its argument: the seconds left) until ``done``; Closed when
    ``timeout`` seconds pass first (no answer came)."""
    deadline = time.monotonic() + timeout
    while not done():
        left = deadline - time.monotonic()
        if left <= 0:
            raise Closed()
        pump(left)


class TableLine:
    """What a seat's RemoteTable and a Watcher alike hear from a table over their line: its
    seats (Seats frames) and whether it still waits for its people, its chat, its notes and its
    clock. Each reads its own frames (:meth:`_pump`) and hands these to :meth:`_take_table`."""

    ws: ClientConnection
    timeout: float
    story: list[g.Event]

    def _no_seats(self, names: list[str], players: int) -> None:
        """Nothing heard yet: the seats (``names`` as known so far), the chat, notes and clock."""
        self.names = names
        self.connected: list[bool] = [False] * players
        self.computers: frozenset[int] = frozenset()  # the computer seats, from the server
        self.ready: frozenset[int] = frozenset()  # who asked for the next deal
        self.held: frozenset[int] = frozenset()  # dropped seats a computer plays
        self.keep = 0  # the seconds a dropped seat is kept
        self._waiting = 0  # (Seats.waiting: see the waiting property)
        self._waited = 0  # (the last count the table waited for, before it came to 0)
        self.chat: list[p.Chat] = []  # the chat lines as they came, cleaned
        self.on_chat: Callable[[p.Chat], None] | None = None
        #: The table's notes (a turn played for someone, a warning), each with the index in
        #: the story of the events it comes before; taken by :meth:`take_notes`.
        self.notes: list[tuple[int, p.Note]] = []
        self._clock: p.Clock | None = None

    def _pump(self, timeout: float | None) -> bool:
        """Read one frame (waiting at most ``timeout`` seconds; 0: only one already there);
        False when none came."""
        raise NotImplementedError

    def _frame(self, timeout: float | None) -> p.ServerMessage | None:
        """The next frame, decoded (None when none came in ``timeout`` seconds; Closed when the
        line dropped)."""
        try:
            frame = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed:
            raise Closed() from None
        return p.decode_server(frame)

    def _take_table(self, message: p.ServerMessage) -> None:
        """A frame both a seat and a watcher take alike (the others are left as they are)."""
        if isinstance(message, p.Seats):
            self._take_seats(message)
        elif isinstance(message, p.Chat):
            line = cleaned_chat(message)
            self.chat.append(line)
            if self.on_chat is not None:
                self.on_chat(line)
        elif isinstance(message, p.Note):
            self.notes.append((len(self.story), message))
        elif isinstance(message, p.Clock):
            self._clock = message
        elif isinstance(message, p.Bye):
            raise Closed(message.reason)

    def drain(self) -> None:
        """Take every frame already come, without waiting."""
        while self._pump(0):
            pass

    def take_notes(self) -> list[tuple[int, p.Note]]:
        """The table's notes come since last taken, each with its index in the story."""
        notes, self.notes = self.notes, []
        return notes

    def ask_time(self) -> list[p.Wait]:
        """Whom the table waits for now and how long they have, as the server's clock says
        (Closed when no answer comes in time)."""
        self._clock = None
        self.ws.send(p.encode(p.AskTime()))
        pump_until(lambda: self._clock is not None, self._pump, self.timeout)
        return list(cast("p.Clock", self._clock).waits)  # (set by the pump)

    def _take_seats(self, message: p.Seats) -> None:
        self.names = [p.clean_text(n, p.NAME_LENGTH) for n in message.names]
        self.connected = list(message.connected)
        self.computers = frozenset(message.computers)
        self.ready = frozenset(message.ready)
        self.held = frozenset(message.held)
        self.keep = message.keep
        self._waiting = message.waiting
        self._waited = message.waiting or self._waited

    @property
    def waiting(self) -> int:
        """Before the game's start: the people's seats still to be taken; 0 once it has started.
        The server says the last seat is taken (``Seats``) just before it sends the game's start
        (the first update with events), and a client reads one frame at a time: under load the
        first can be read well before the second. Until the game's first events are here, the
        table still waits for the seat taken last (read as started, the view of the game before
        its start had the play with nobody to act; issue 26)."""
        return self._waiting or (0 if self.story else self._waited)


class RemoteTable(TableLine):
    """A ``Table`` whose game is on a server; ``seat``: the seat the server gave this client."""

    def __init__(self, ws: ClientConnection, welcome: p.Welcome, *, timeout: float = 10.0) -> None:
        self.ws = ws
        self.seat = welcome.seat
        self._rules = p.rules_from_facts(welcome.rules)
        self._no_seats([p.clean_text(n, p.NAME_LENGTH) for n in welcome.names], self._rules.players)
        self.turn_limit = welcome.turn_limit  # the table's limits (seconds), if any
        self.count_limit = welcome.count_limit
        self.advice = welcome.advice  # whether the table gives hints and win chances
        self._advice: p.Advice | None = None
        #: After a rejoin: the events of the story from ``missed[0]`` to ``missed[1]`` are the
        #: ones the seat missed while its line was down (said as earlier).
        self.missed: tuple[int, int] | None = None
        self.timeout = timeout
        self.story: list[g.Event] = []  # this seat's events, from the game's start
        self.heard = 0  # how many of them the seat has been given
        self._obs: g.Observation | None = None
        self._seq = 0
        self._acked: int | None = None
        self._refused: dict[int, p.Refused] = {}
        self._stack = contextlib.ExitStack()
        self._stack.callback(ws.close)
        self.first_visit = False  # the table's certificate was pinned at this join

    @classmethod
    def join(
        cls,
        uri: str,
        code: str,
        name: str = "",
        *,
        timeout: float | None = None,
        pins: Pins | None = None,
        table: str = "",
    ) -> RemoteTable:
        """Connect to the table at ``uri`` ("wss://host:port", or "ws://" for a plain one),
        sit down with the invite ``code`` (over TLS its tag must name the table's certificate:
        CertificateMismatch if not; and with ``pins``, the certificate must be the one pinned
        for the address, CertificateChanged if not, pinned on first use): the table, with the
        seat's first observation (``first_visit``: its certificate was pinned just now).
        ``table``: in a room (``serve``), the table's name. Refused or Closed if not.
        ``timeout``: seconds for each step (default :func:`join_timeout`)."""
        timeout = join_timeout(uri) if timeout is None else timeout
        stack, ws, first_visit = open_connection(uri, code, timeout=timeout, pins=pins)
        try:
            try:
                ws.send(p.encode(p.Hello(p.VERSION, split_code(code)[0], name, table)))
                first = p.decode_server(ws.recv(timeout=timeout))
            except ConnectionClosed:  # (a line dropped before the welcome: said as closed)
                raise Closed() from None
            if isinstance(first, p.Refused):
                raise Refused(first)
            if not isinstance(first, p.Welcome):
                raise p.ProtocolError(p.Reason.MALFORMED, "no welcome")
            remote = cls(ws, first, timeout=timeout)
            remote._stack = stack
            remote.first_visit = first_visit
            while remote._obs is None:
                remote._pump(timeout)
        except BaseException:
            stack.close()
            raise
        return remote

    def close(self) -> None:
        self._stack.close()

    # ------------------------------------------------------------------ receiving

    def _pump(self, timeout: float | None) -> bool:
        """Read one frame (waiting at most ``timeout`` seconds; 0: only one already there);
        False when none came."""
        message = self._frame(timeout)
        if message is None:
            return False
        if isinstance(message, p.Update):
            self._take_update(message)
        elif isinstance(message, p.Refused):
            if message.seq is None:
                raise Refused(message)
            self._refused[message.seq] = message
        elif isinstance(message, p.Advice):
            self._advice = message
        else:
            self._take_table(message)
        return True

    def _take_update(self, update: p.Update) -> None:
        if update.start > len(self.story):
            raise p.ProtocolError(p.Reason.MALFORMED, "events missing")
        events = p.events_from_facts(update.events)
        del self.story[update.start :]
        self.story.extend(events)
        self.heard = min(self.heard, update.start)
        if update.missed is not None and update.start == 0:
            # Back after a drop: what had been sent before it is not said again.
            first = min(update.missed, len(self.story))
            self.heard = max(self.heard, first)
            self.missed = (first, len(self.story))
        self._obs = p.observation_from_facts(update.observation, self._rules)
        if update.ack is not None:
            self._acked = update.ack

    def wait(self, timeout: float) -> list[g.Event]:
        """Wait up to ``timeout`` seconds for something from the server; the events the seat
        has not heard yet (empty when nothing came)."""
        if self._pump(timeout):
            self.drain()
        return self.news()

    def news(self) -> list[g.Event]:
        """The events the seat has not been given yet (given now)."""
        events, self.heard = self.story[self.heard :], len(self.story)
        return events

    def say(self, text: str) -> None:
        """A chat line to everyone at the table."""
        self.ws.send(p.encode(p.Say(text)))

    def leave(self) -> None:
        """Leave the seat on purpose (``q``): the others hear so (not that the line dropped),
        and the seat is kept for this name as for a drop. The connection is closed."""
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(p.encode(p.Leave()))
        self.close()

    def rematch(self) -> None:
        """Ask for another game with the same seats (it comes as an update from the game's
        start once every person has asked)."""
        self.ws.send(p.encode(p.Rematch()))
        pump_until(lambda: self.seat in self.ready or not self._over(), self._pump, self.timeout)

    def _over(self) -> bool:
        return self._obs is not None and self._obs.phase == g.GAME_OVER

    def advise(self, kind: p.AdviceKind) -> Notice | None:
        """The table's coach's answer for this seat (a hint, or the win chance: a notice to
        phrase, None when there is no hint now). Refused (ADVICE_OFF), without asking, when
        the host set the table to give none (the server refuses it too); Closed when no
        answer comes in time."""
        if not self.advice:
            raise Refused(p.Refused(p.Reason.ADVICE_OFF))
        self._advice = None
        self.ws.send(p.encode(p.Advise(kind)))
        pump_until(lambda: self._advice is not None and self._advice.kind == kind, self._pump, self.timeout)
        advice = cast("p.Advice", self._advice)  # (set by the pump: mypy keeps the None above)
        if not advice.code:
            return None
        return Notice(p.clean_text(advice.code, 60), p.data_from_plain(advice.data))

    # ------------------------------------------------------------------ the Table protocol

    @property
    def players(self) -> int:
        return self._rules.players

    @property
    def rules(self) -> Rules:
        return self._rules

    def observation(self, seat: int) -> g.Observation:
        """This seat's observation now (a client knows no other seat's)."""
        self._mine(seat)
        self.drain()
        assert self._obs is not None
        return self._obs

    def apply(self, action: g.Action, seat: int) -> list[g.Event]:
        """Send ``action`` and wait for the server's answer: the events the seat has not heard
        yet, or IllegalActionError (the server's refusal; nothing changed)."""
        self._mine(seat)
        self._seq += 1
        seq = self._seq
        self.ws.send(p.encode(p.Act(seq, action.to_text())))
        pump_until(lambda: self._acked == seq or seq in self._refused, self._pump, self.timeout)
        refused = self._refused.pop(seq, None)
        if refused is not None:
            raise _illegal(refused)
        return self.news()

    @property
    def version(self) -> int:
        """The place in the game the coach keeps its verdicts by: the events of this seat's
        story so far (each action the server took adds some; a rematch starts again)."""
        return len(self.story)

    #: The server keeps the table's rules of time (its turn and counting limits): the seat
    #: runs no clock of its own.
    keeps_time = False

    def next_action(self, seat: int, obs: g.Observation) -> g.Action | None:
        """None: the server steps the computers' turns and plays a person's go when no card of
        theirs fits; their events come with the next update."""
        self._mine(seat)
        return None

    def can_undo(self, seat: int) -> g.UndoBlocked | None:
        return g.UndoBlocked.SHARED  # (undo is off at a shared table: the seat says so)

    def undo(self, seat: int) -> list[g.Action]:
        raise g.IllegalActionError(str(g.UndoBlocked.SHARED), g.Refusal.UNDO_BLOCKED, blocked=g.UndoBlocked.SHARED)

    def events_for(self, seat: int, start: int = 0) -> list[g.Event]:
        self._mine(seat)
        return self.story[start:]

    def new_game(self) -> None:
        """(A shared table's next game is the host's to set: a seat cannot.)"""
        return None

    def _mine(self, seat: int) -> None:
        if seat != self.seat:
            raise ValueError(f"this client sits at seat {self.seat}, not {seat}")


def _connect(uri: str, timeout: float, secure: bool) -> ClientConnection:
    """The websocket connection to ``uri``, its opening handshake given ``timeout`` seconds in
    all. On this machine the time is split into 3 tries (10 seconds each in 30): a handshake
    left unanswered there is a stuck connection, not a slow network, and a new connection is
    answered at once. (The suite saw one in a few hundred joins wait the whole 30 s: TLS 1.3
    session tickets read in websockets' reader thread while the request was written in this
    one lost the request; the tables send none now, net.tls.server_context. The tries stay for
    a table of an older version.)"""
    tries = 3 if _loopback(uri) else 1
    for left in range(tries - 1, -1, -1):
        try:
            return connect(
                uri,
                open_timeout=timeout / tries,
                max_size=8 * 1024 * 1024,
                compression=None,
                ssl=client_context() if secure else None,
            )
        except (TimeoutError, InvalidMessage):
            if not left:
                raise
    raise AssertionError("unreachable")  # (the loop returns or raises)


def open_connection(
    uri: str, code: str, *, timeout: float = 10.0, pins: Pins | None = None
) -> tuple[contextlib.ExitStack, ClientConnection, bool]:
    """A connection to the table or room at ``uri``, its certificate checked against the
    code's tag (and ``pins``) before anything is sent: (what closes it, the connection,
    whether the certificate was pinned just now)."""
    tag = split_code(code)[1]
    secure = uri.startswith("wss://")
    if secure and tag is None:
        raise CertificateMismatch("")
    stack = contextlib.ExitStack()  # (the connection used as websockets asks, 17.1 on)
    ws = stack.enter_context(_connect(uri, timeout, secure))
    try:
        first_visit = False
        if secure and tag is not None:  # the table is the host's, before anything is sent
            peer = ws.socket
            der = peer.getpeercert(binary_form=True) if isinstance(peer, ssl.SSLSocket) else None
            check_peer(der, tag)
            if pins is not None and der is not None:
                first_visit = pins.check(urlsplit(uri).netloc.lower(), der)
    except BaseException:
        stack.close()
        raise
    return stack, ws, first_visit


def room_ask(
    uri: str, code: str, message: p.ListTables | p.Create, *, timeout: float = 10.0, pins: Pins | None = None
) -> p.Tables | p.Created:
    """One question to a room (the list of its tables, or a new table): its answer (Refused,
    Closed, or the connection's own errors if not). The list, which changes nothing, is asked
    once more on a new connection when the line drops before its answer (a room of an older
    version dropped one now and then: see :func:`_connect`); a new table is not, since the
    room may have made it."""
    tries = 2 if isinstance(message, p.ListTables) else 1
    for left in range(tries - 1, -1, -1):
        stack, ws, _ = open_connection(uri, code, timeout=timeout, pins=pins)
        try:
            try:
                ws.send(p.encode(message))
                answer = p.decode_server(ws.recv(timeout=timeout))
                break
            except ConnectionClosed:  # (a line dropped before the answer: said as closed, never a fault)
                if not left:
                    raise Closed() from None
        finally:
            with contextlib.suppress(ConnectionClosed):  # (the answer is in: a close that fails loses nothing)
                stack.close()
    if isinstance(answer, p.Refused):
        raise Refused(answer)
    if isinstance(answer, p.Bye):
        raise Closed(answer.reason)
    if not isinstance(answer, (p.Tables, p.Created)):
        raise p.ProtocolError(p.Reason.MALFORMED, "not an answer")
    return answer


def cleaned_chat(message: p.Chat) -> p.Chat:
    """A chat line as a client keeps it: its text and name cleaned again (control characters,
    escape sequences, length), whatever the server sent."""
    return p.Chat(
        message.seat, p.clean_text(message.text, p.CHAT_LENGTH), p.clean_text(message.name, p.NAME_LENGTH), message.own
    )


def _illegal(refused: p.Refused) -> g.IllegalActionError:
    """The engine's refusal a server's Refused stands for (its code and data kept)."""
    try:
        code = g.Refusal(refused.refusal) if refused.refusal else g.Refusal.OTHER
    except ValueError:
        code = g.Refusal.OTHER
    data: dict[str, object] = {}
    for key, value in refused.data.items():
        if key == "card" and isinstance(value, str):
            try:
                data[key] = parse_card(value)
            except ValueError:
                continue
        elif isinstance(value, (int, str, bool)) or value is None:
            data[key] = value
    reason = refused.reason.value if refused.reason != p.Reason.ILLEGAL else str(code)
    return g.IllegalActionError(reason, code, **data)

"""A table on the network (issue 26): the server is the only referee.

:class:`Referee` holds one table: the :class:`~spoken_cribbage.engine.game.Game`, its computer
players (stepped as the seat's ``TurnRunner`` steps them at a local table, with the same
reproducible random stream per decision), and the people seated by their connections. It is
plain synchronous code (no sockets, no clock of its own): :meth:`Referee.receive` takes one
frame from one connection and returns the frames to send, to whom. It checks every frame (size,
rate, schema, the seat's turn) and refuses what it must with a
:class:`~spoken_cribbage.net.protocol.Reason`, changing nothing; the computers' turns, and a
person's go when no card of theirs fits, are played at once by the referee. Each connection is
sent only its own seat's observation and the events as its seat sees them
(:meth:`Game.events_for`): never another hand, never the crib before the show.

``net/sockets.py`` puts a referee (or a room of them) behind a websockets server (asyncio).
The server never makes a sentence (it does not import ``words``): it sends facts, and each
client says them its own way.
"""

from __future__ import annotations

import hmac
import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from spoken_cribbage.ai.coach import hint_for
from spoken_cribbage.ai.odds import OddsError, chance_for
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.clocks import WARN_AT, Clocks, Outbox, Player
from spoken_cribbage.net.clocks import Conn as _Conn
from spoken_cribbage.net.tls import split_code

__all__ = ["Limits", "Referee", "new_code", "Player", "Outbox", "WARN_AT"]

log = logging.getLogger(__name__)

#: Invite codes: letters and digits that are not told apart by ear or eye with difficulty.
_CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: The most actions the referee plays by itself after one change (a whole deal is far fewer):
#: a bound so that a fault can never loop.
_MOST_STEPS = 10_000


def new_code(length: int = 6) -> str:
    """A fresh invite code (``secrets``: not guessable)."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(length))


@dataclass(frozen=True)
class Limits:
    """A connection's limits: ``rate`` frames a second on average, ``burst`` at once."""

    rate: float = 20.0
    burst: float = 40.0


class Referee(Clocks):
    """One table: the game, its computer seats, the people's seats, every frame checked.

    ``computers``: the computer players by seat; the other seats are for people, taken in
    order by each hello with the right ``code``. ``now``: the clock of the rate limit."""

    def __init__(
        self,
        game: g.Game,
        computers: dict[int, Player],
        *,
        code: str,
        now: Callable[[], float],
        limits: Limits = Limits(),
        on_action: Callable[[g.Game, g.Action, list[g.Event]], None] | None = None,
        keep: float = 120.0,
        stand_in: Callable[[int], Player] | None = None,
        turn_limit: float | None = None,
        count_limit: float | None = None,
        fill_in: Callable[[int], Player] | None = None,
        advice: bool = True,
    ) -> None:
        """``keep``: the seconds a dropped person's seat is kept for their name (the table
        waits); ``stand_in``: when the host chose it, the computer that plays a dropped
        person's seat until they are back. ``turn_limit``: the seconds a person has for a turn
        (a discard, a play), after which ``fill_in``'s computer plays that one turn for them;
        ``count_limit``: the seconds to count a hand at manual counting, after which the count
        is given up (the engine's ``TimeUp``). Both run on ``now`` and are looked at by
        :meth:`tick`. ``advice``: whether a seat may ask the table's coach for a hint or its
        win chance (the host's choice; when not, the ask is refused with ADVICE_OFF)."""
        self.game = game
        self.computers = computers
        self.on_action = on_action
        self.code = code
        self.now = now
        self.limits = limits
        self.names = ["" for _ in range(game.players)]
        self.conns: dict[int, _Conn] = {}
        self.ready: set[int] = set()  # the people who asked for the next deal
        self.keep = keep
        self.stand_in = stand_in
        self.dropped: dict[int, float] = {}  # a dropped person's seat: when it dropped
        self.held: dict[int, Player] = {}  # ... played by a computer until they are back
        self.heard: dict[int, int] = {}  # ... how many events it had been sent then
        self.away: dict[int, p.Away] = {}  # ... why: its person left it, or the line dropped
        self.turn_limit = turn_limit
        self.count_limit = count_limit
        self.fill_in = fill_in
        self.advice = advice
        # The last answer to each seat's ask (seat, kind) -> (actions then, answer): asking
        # again before the game moves costs nothing.
        self._advised: dict[tuple[int, p.AdviceKind], tuple[int, p.Advice]] = {}
        self.on_new_game: Callable[[g.Game], None] | None = None  # (a rematch: the save)
        # The person seats the table waits for: (what for, which turn) -> since when, warned.
        self._due: dict[int, tuple[tuple[object, ...], float, bool]] = {}
        self.errors = 0  # internal failures (a bug): the fuzz tests want none
        self.refused = 0
        self._next_ident = 0
        #: The game has started: every person's seat has been taken once (until then nothing
        #: of it is sent, nobody acts, no clock runs; :meth:`start`). A game already under way
        #: (resumed) has.
        self.started = bool(game.actions) or not self.people_seats
        self._step()
        self._clock()

    @property
    def people_seats(self) -> list[int]:
        return [s for s in range(self.game.players) if s not in self.computers]

    @property
    def waiting(self) -> int:
        """Before the game's start: the people's seats nobody has taken yet (a seat kept for
        its person while they are away is taken); 0 once the game has started."""
        return 0 if self.started else sum(1 for s in self.people_seats if not self.names[s])

    def start(self) -> bool:
        """The game starts when every person's seat has been taken (a table starts when its
        people are there, as Playroom's do): the computers take their first turns and the
        clocks run. True when it started just now."""
        if self.started or self.waiting:
            return False
        self.started = True
        self._step()
        self._clock()
        return True

    def apply(self, action: g.Action) -> list[g.Event]:
        """Carry out ``action`` (IllegalActionError: refused, nothing changed); ``on_action``
        (the save) hears it before anything is sent."""
        events = self.game.apply(action)
        if self.on_action is not None:
            self.on_action(self.game, action, events)
        self._clock()
        return events

    def computer_action(self, seat: int, player: Player | None = None) -> g.Action:
        """The computer's action at ``seat`` (``player``, else the seat's computer) from its
        observation only, with a fresh random stream per decision (as
        ``LocalTable.computer_action``): a table played again from its saved actions plays on
        identically."""
        rng = random.Random(f"{self.game.seed}:{seat}:{len(self.game.actions)}")
        if player is None:
            player = self.computers[seat] if seat in self.computers else self.held[seat]
        return player.act(self.game.observation(seat), rng=rng)

    # ------------------------------------------------------------------ connections

    def connect(self) -> int:
        """A new connection: its id (it joins with a hello)."""
        self._next_ident += 1
        self.conns[self._next_ident] = _Conn(self._next_ident, self.limits.burst, self.now())
        return self._next_ident

    def disconnect(self, ident: int) -> Outbox:
        """The connection is gone; its seat is kept for its name (a hello with it sits there
        again) and the others are told the line dropped."""
        out = Outbox()
        conn = self.conns.pop(ident, None)
        if conn is not None and conn.seat is not None:
            self._unseat(conn, p.NoteCode.DROPPED, out)
        return out

    def _unseat(self, conn: _Conn, why: p.NoteCode, out: Outbox) -> None:
        """``conn``'s person is away from their seat (``why``: they left it, or their line
        dropped): the seat is kept for their name as the table says, and the others are told
        who is connected, then why the person is away."""
        seat = conn.seat
        assert seat is not None
        conn.seat = None
        self.ready.discard(seat)
        kept = None
        if self.game.phase != g.GAME_OVER:
            self.dropped[seat] = self.now()
            self.heard[seat] = conn.sent
            self.away[seat] = p.Away.LEFT if why == p.NoteCode.LEFT else p.Away.DROPPED
            if self.stand_in is not None:
                self.held[seat] = self.stand_in(seat)
                self._clock()
            else:
                kept = round(self.keep)
        self._seats(out)
        _to_all(out, [c.ident for c in self.conns.values() if c.seat is not None], p.Note(why, seat, kept))
        if self.game.phase == g.DEAL_OVER and self.ready and not self._not_ready():
            self.apply(g.NextDeal())  # (the one the others waited for has gone)
            self._moved(out)
        elif self.game.phase == g.GAME_OVER and self.ready and not self._not_ready():
            self.new_game()  # (a rematch the one who left had not asked for)
            self._moved(out)
        elif seat in self.held and self.next_action() is not None:
            self._moved(out)  # (the computer holding the seat takes its turn)

    def tick(self) -> Outbox:
        """The clock (every second or so): a dropped seat kept past its time is free again
        for anyone (unless a computer holds it); a turn or a count whose limit ran out is
        played or given up, and a person with ten seconds left is told once."""
        out = Outbox()
        if not self.dropped and self.turn_limit is None and self.count_limit is None:
            # Nothing runs on a clock (most tables: no limit set, nobody away): the tick costs
            # nothing. A room ticks every table every second: looking at each one's waits
            # held the event loop some 50 ms a second at 3,400 tables (issue 26, item 8).
            return out
        now = self.now()
        gone = [s for s, t in self.dropped.items() if s not in self.held and now - t >= self.keep]
        for seat in gone:
            del self.dropped[seat]
            self.heard.pop(seat, None)
            self.away.pop(seat, None)
            self.names[seat] = ""
        if gone:
            self._seats(out)
        try:
            self._time_runs_out(out)
        except Exception:  # noqa: BLE001 - a bug must not take the table down
            log.exception("the referee failed on the clock")
            self.errors += 1
        return out

    def watch(self, ident: int, name: str = "") -> Outbox:
        """Connection ``ident`` watches the table: it is sent the seats and the public events
        (no hand, no discard, no crib card before the show), may ask whom the table waits for
        and talk (its lines said with ``name``, cleaned), and can do nothing else."""
        out = Outbox()
        conn = self.conns.get(ident)
        if conn is None or conn.seat is not None:
            return out
        conn.watching = True
        conn.name = p.clean_text(name, p.NAME_LENGTH)
        self._seats(out)
        self._view(conn, out, first=True)
        return out

    @property
    def watchers(self) -> int:
        return sum(c.watching for c in self.conns.values())

    def seat_of(self, seat: int) -> _Conn | None:
        return next((c for c in self.conns.values() if c.seat == seat), None)

    # ------------------------------------------------------------------ receiving

    def receive(self, ident: int, frame: str | bytes) -> Outbox:
        """One frame from connection ``ident``: what to send, to whom. Never raises: an
        internal failure is counted (:attr:`errors`) and answered with INTERNAL."""
        out = Outbox()
        conn = self.conns.get(ident)
        if conn is None:
            return out
        try:
            self._receive(conn, frame, out)
        except Exception:  # noqa: BLE001 - a bug must not take the table down
            log.exception("the referee failed on a frame")
            self.errors += 1
            out.add(ident, p.Refused(p.Reason.INTERNAL))
        return out

    def _refuse(
        self,
        conn: _Conn,
        out: Outbox,
        reason: p.Reason,
        seq: int | None = None,
        refusal: str | None = None,
        data: dict[str, object] | None = None,
    ) -> None:
        self.refused += 1
        out.add(conn.ident, p.Refused(reason, seq, refusal, data or {}))

    def _rate_ok(self, conn: _Conn) -> bool:
        now = self.now()
        conn.tokens = min(self.limits.burst, conn.tokens + (now - conn.last) * self.limits.rate)
        conn.last = now
        if conn.tokens < 1:
            return False
        conn.tokens -= 1
        return True

    def _receive(self, conn: _Conn, frame: str | bytes, out: Outbox) -> None:
        if not self._rate_ok(conn):
            self._refuse(conn, out, p.Reason.TOO_FAST)
            return
        try:
            message = p.decode_client(frame)
        except p.ProtocolError as e:
            self._refuse(conn, out, e.reason)
            return
        if isinstance(message, p.Hello) and not conn.watching:
            self._hello(conn, message, out)
        elif isinstance(message, p.AskTime) and conn.watching:
            out.add(conn.ident, self.clock())  # (whom the table waits for is public)
        elif isinstance(message, p.Say) and conn.watching:
            self._say(None, message, out, conn)  # (a watcher talks as a seat does)
        elif conn.seat is None:
            self._refuse(conn, out, p.Reason.NOT_JOINED)
        elif not self.started and isinstance(message, (p.Act, p.Rematch, p.Advise)):
            # (the table waits for its people: nothing of the game is done or told)
            self._refuse(conn, out, p.Reason.NOT_STARTED, message.seq if isinstance(message, p.Act) else None)
        elif isinstance(message, p.Act):
            self._act(conn, conn.seat, message, out)
        elif isinstance(message, p.AskTime):
            out.add(conn.ident, self.clock())
        elif isinstance(message, p.Rematch):
            self._rematch(conn, conn.seat, out)
        elif isinstance(message, p.Leave):
            self._unseat(conn, p.NoteCode.LEFT, out)
        elif isinstance(message, p.Advise):
            self._advise(conn, conn.seat, message.kind, out)
        elif isinstance(message, p.Say):
            self._say(conn.seat, message, out)
        else:  # (a room's message: list, create, watch)
            self._refuse(conn, out, p.Reason.NOT_HERE)

    def _hello(self, conn: _Conn, hello: p.Hello, out: Outbox) -> None:
        if conn.seat is not None:
            self._refuse(conn, out, p.Reason.ALREADY_JOINED)
            return
        if hello.version != p.VERSION:
            self._refuse(conn, out, p.Reason.VERSION)
            return
        secret = split_code(hello.code)[0]  # (the tag of the certificate is the client's)
        if not hmac.compare_digest(secret.encode(), self.code.encode()):
            self._refuse(conn, out, p.Reason.BAD_CODE)
            return
        name = p.clean_text(hello.name, p.NAME_LENGTH)
        taken = {c.seat for c in self.conns.values() if c.seat is not None}
        free = [s for s in self.people_seats if s not in taken]
        # The seat kept for this name (a line that dropped; no name: a seat named by its
        # number), else the first never taken.
        seat = next((s for s in free if self.names[s] and self.names[s] == (name or f"{s + 1}")), None)
        if seat is None:
            seat = next((s for s in free if not self.names[s]), None)
        if seat is None:
            self._refuse(conn, out, p.Reason.TABLE_FULL)
            return
        conn.seat, conn.sent = seat, 0
        self.dropped.pop(seat, None)
        self.away.pop(seat, None)
        missed = self.heard.pop(seat, None)  # (back after a drop: what they had been sent)
        self.held.pop(seat, None)  # (the person plays their own seat again)
        self.names[seat] = name or f"{seat + 1}"
        starting = self.start()  # (the last seat taken: the game starts, for everyone)
        self._clock()  # (a first seat taken: its time starts now)
        out.add(
            conn.ident,
            p.Welcome(
                p.VERSION,
                seat,
                p.rules_facts(self.game.rules),
                list(self.names),
                _whole(self.turn_limit),
                _whole(self.count_limit),
                self.advice,
            ),
        )
        self._seats(out)  # (before the events: the client names the seats in them)
        if starting:
            self._broadcast(out, None)  # (the game from its start, to every seat and watcher)
        else:
            self._update(conn, out, missed=missed)

    def _act(self, conn: _Conn, seat: int, act: p.Act, out: Outbox) -> None:
        try:
            action = g.action_from_text(act.action)
        except ValueError:
            self._refuse(conn, out, p.Reason.NOT_AN_ACTION, act.seq)
            return
        if isinstance(action, g.CHANCE_ACTIONS) or getattr(action, "seat", seat) != seat:
            self._refuse(conn, out, p.Reason.NOT_YOURS, act.seq)
            return
        if isinstance(action, g.NextDeal) and self.game.phase == g.DEAL_OVER:
            # The next deal comes when every person connected has asked for it: nobody is
            # hurried out of the show while still listening to it.
            self.ready.add(seat)
            if self._not_ready():
                self._update(conn, out, act.seq)
                self._seats(out)
                return
        try:
            self.apply(action)
        except g.IllegalActionError as e:
            self._refuse(conn, out, p.Reason.ILLEGAL, act.seq, str(e.code), p.refusal_data(e))
            return
        self._moved(out, acked=(conn.ident, act.seq))

    def _advise(self, conn: _Conn, seat: int, kind: p.AdviceKind, out: Outbox) -> None:
        """A hint or the seat's win chance, from the table's coach and the seat's own view
        only; refused (ADVICE_OFF) when the host set the table to give none."""
        if not self.advice:
            self._refuse(conn, out, p.Reason.ADVICE_OFF)
            return
        moves = len(self.game.actions)
        cached = self._advised.get((seat, kind))
        if cached is not None and cached[0] == moves:
            out.add(conn.ident, cached[1])
            return
        if kind == p.AdviceKind.HINT:
            notice = hint_for(self.game, seat)
            answer = p.Advice(kind) if notice is None else p.Advice(kind, notice.code, p.plain_data(notice.data))
        else:
            try:
                answer = p.Advice(kind, "calculator.odds_chance", {"win": chance_for(self.game.observation(seat))})
            except OddsError as e:
                answer = p.Advice(kind, e.code, p.plain_data(e.data))
        self._advised[(seat, kind)] = (moves, answer)
        out.add(conn.ident, answer)

    def _rematch(self, conn: _Conn, seat: int, out: Outbox) -> None:
        """A person asks for another game with the same seats: it starts when every person
        connected has asked (the others hear who has, in the seats)."""
        if self.game.phase != g.GAME_OVER:
            self._refuse(conn, out, p.Reason.NOT_ALLOWED)
            return
        self.ready.add(seat)
        if self._not_ready():
            self._seats(out)
            return
        self.new_game()
        self._moved(out)

    def new_game(self) -> None:
        """The next game at the table: the same rules and seats, a new deal (its seed drawn
        from the last game's, so a seeded table plays its rematches the same way again)."""
        old = self.game
        seed = random.Random(f"rematch:{old.seed}").randrange(2**31)
        self.game = g.Game(rules=old.rules, seed=seed)
        for c in self.conns.values():
            c.sent = 0
        self.heard.clear()
        if self.on_new_game is not None:
            self.on_new_game(self.game)
        self._clock()

    def _moved(self, out: Outbox, acked: tuple[int, int] | None = None) -> None:
        """The game moved: the referee's own turns, then everyone's update (and the seats, when
        the asks for the next deal are answered)."""
        was_ready, self.ready = self.ready, set()
        self._step()
        self._broadcast(out, acked)
        if was_ready:
            self._seats(out)

    def _not_ready(self) -> list[int]:
        """The people connected who have not asked for the next deal yet."""
        return sorted({c.seat for c in self.conns.values() if c.seat is not None} - self.ready)

    def _say(self, seat: int | None, say: p.Say, out: Outbox, watcher: _Conn | None = None) -> None:
        """A chat line to every seat and watcher, cleaned: from ``seat``, or from ``watcher``
        (by its name; its own line sent back to it marked as its own)."""
        text = p.clean_text(say.text, p.CHAT_LENGTH)
        if not text:
            return
        name = watcher.name if watcher is not None else ""
        others = [c.ident for c in self.conns.values() if (c.seat is not None or c.watching) and c is not watcher]
        _to_all(out, others, p.Chat(seat, text, name))
        if watcher is not None:
            out.add(watcher.ident, p.Chat(None, text, name, own=True))

    # ------------------------------------------------------------------ the referee's turns

    def next_action(self) -> g.Action | None:
        """An action the referee plays itself: a computer's turn, or a person's go when no
        card of theirs fits (said, never asked, as at a local table)."""
        game, computers = self.game, {**self.computers, **self.held}
        if not self.started:
            return None  # (the table waits for its people: the computers too)
        if game.phase == g.DISCARD:
            for s in game.pending_discards():
                if s in computers:
                    return self.computer_action(s)
        elif game.phase == g.PLAY and game.to_act is not None:
            if game.to_act in computers:
                return self.computer_action(game.to_act)
            if not game.playable(game.to_act):
                return g.Go(game.to_act)
        elif game.phase in (g.SHOW, g.DEAL_OVER):
            for s in computers:
                if g.Muggins(s) in game.legal_actions(s):
                    action = self.computer_action(s)
                    if isinstance(action, g.Muggins):
                        return action
            if game.phase == g.SHOW and game.to_act in computers:
                return self.computer_action(game.to_act)
            if game.phase == g.DEAL_OVER and not self.people_seats:
                return g.NextDeal()
        return None

    def _step(self) -> None:
        for _ in range(_MOST_STEPS):
            action = self.next_action()
            if action is None:
                return
            self.apply(action)

    # ------------------------------------------------------------------ sending

    def _update(
        self,
        conn: _Conn,
        out: Outbox,
        ack: int | None = None,
        missed: int | None = None,
        memo: p.FactsMemo | None = None,
    ) -> None:
        """``memo``: the events' facts made for the other connections of the same change
        (:meth:`_broadcast`): each event every seat sees alike is made plain once."""
        assert conn.seat is not None
        if not self.started:  # (nothing of the game before its start: conn.sent stays 0)
            out.add(conn.ident, p.Update(0, [], p.waiting_observation(self.game, conn.seat), ack))
            return
        events = self.game.events_for(conn.seat, conn.sent)
        out.add(
            conn.ident,
            p.Update(
                conn.sent,
                p.events_facts(events, memo),
                p.observation_facts(self.game.observation(conn.seat)),
                ack,
                missed,
            ),
        )
        conn.sent = len(self.game.events)

    def _view(self, conn: _Conn, out: Outbox, first: bool = False, memo: p.FactsMemo | None = None) -> None:
        rules = p.rules_facts(self.game.rules) if first else None
        limits = (_whole(self.turn_limit), _whole(self.count_limit)) if first else (None, None)
        if not self.started:  # (nothing of the game before its start: conn.sent stays 0)
            out.add(conn.ident, p.View(0, [], rules, p.waiting_observation(self.game, 0), *limits))
            return
        events = p.public_events(self.game.events[conn.sent :])
        table = p.public_observation(self.game)
        out.add(conn.ident, p.View(conn.sent, p.events_facts(events, memo), rules, table, *limits))
        conn.sent = len(self.game.events)

    def _broadcast(self, out: Outbox, acked: tuple[int, int] | None) -> None:
        memo: p.FactsMemo = {}  # (the change's events made plain once, for every connection)
        for c in self.conns.values():
            if c.seat is not None:
                self._update(c, out, acked[1] if acked and c.ident == acked[0] else None, memo=memo)
            elif c.watching:
                self._view(c, out, first=c.sent == 0, memo=memo)

    def _seats(self, out: Outbox) -> None:
        connected = {c.seat for c in self.conns.values() if c.seat is not None}
        message = p.Seats(
            list(self.names),
            [s in connected for s in range(self.game.players)],
            sorted(self.computers),
            sorted(self.ready),
            sorted(self.held),
            0 if self.stand_in is not None else round(self.keep),  # (0: a computer holds it)
            self.waiting,
        )
        _to_all(out, [c.ident for c in self.conns.values() if c.seat is not None or c.watching], message)


def _to_all(out: Outbox, idents: list[int], message: p.ServerMessage) -> None:
    """The same ``message`` to every connection of ``idents``, encoded once (not once a
    connection: a table's seats, notes and chat are the same frame for everyone)."""
    if idents:
        frame = p.encode(message)
        out.frames.extend((ident, frame) for ident in idents)


def _whole(seconds: float | None) -> int | None:
    return None if seconds is None else round(seconds)

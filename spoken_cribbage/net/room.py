"""A room of tables in one process (issue 26, ``spoken-cribbage serve``).

:class:`Room` is a :class:`~spoken_cribbage.net.sockets.Hall`, as a single table's referee is:
it takes connections and frames and answers with the frames to send. A connection starts in
the lobby, where it may ask for the list of public tables (``list``), open a table
(``create``: public, or private by its invite code), sit at one (``hello`` with the table's
name; a private one needs its code) or watch one (``watch``: the public events only, never a
hand; a watcher cannot act). Seated or watching, its frames go to that table's
:class:`~spoken_cribbage.net.server.Referee`, every one checked there as at a host's table.

Each table is saved after every action as a host's table is (``net/tables.py``), in the room's
folder under a name the room makes (never one from the network); a room started again offers
its unfinished tables again, their people's seats kept for their names. A finished table
nobody sits at any more is closed and its save removed.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.clocks import Outbox, Player
from spoken_cribbage.net.server import Limits, Referee, new_code
from spoken_cribbage.net.tables import SaveWriter, TableSaveError, read_save, resume, save_of
from spoken_cribbage.net.tls import split_code

__all__ = ["Room", "RoomTable"]

log = logging.getLogger(__name__)

#: The computer players' level at a room's tables.
LEVEL = "expert"
#: A table's turn and count limits (seconds), as host's --turn-limit and --count-limit.
LIMITS = (10, 600)


@dataclass
class RoomTable:
    """One table of a room: its referee, name, whether it is listed, its computer seats'
    levels, the file it is saved in, and the room's connections at it (room id <-> the
    referee's id)."""

    name: str
    referee: Referee
    public: bool
    levels: dict[int, str]
    path: Path | None
    writer: SaveWriter | None = None
    ids: dict[int, int] = field(default_factory=dict)  # room connection -> referee's
    back: dict[int, int] = field(default_factory=dict)  # referee's -> room connection
    # The game's actions as text so far (a save adds the new ones only), and of which game.
    _texts: list[str] = field(default_factory=list)
    _game: object = None

    def info(self) -> p.TableInfo:
        referee = self.referee
        connected = {c.seat for c in referee.conns.values() if c.seat is not None}
        return p.TableInfo(
            self.name,
            list(referee.names),
            sorted(referee.computers),
            [s in connected for s in range(referee.game.players)],
            self.public,
            referee.watchers,
            bool(referee.game.actions),
            referee.game.target,
            _whole(referee.turn_limit),
            _whole(referee.count_limit),
        )

    def save(self) -> None:
        if self.path is None or self.writer is None:
            return
        game = self.referee.game
        if game is not self._game or len(self._texts) > len(game.actions):  # (a new game: a rematch)
            self._game, self._texts = game, []
        self._texts.extend(a.to_text() for a in game.actions[len(self._texts) :])
        with contextlib.suppress(TableSaveError):
            self.writer.put(self.path, save_of(self.referee, self.levels, self.name, self.public, self._texts))


@dataclass
class _Lobby:
    """A room connection: its rate bucket (in the lobby), and its table once it has one."""

    tokens: float
    last: float
    table: str | None = None  # the key of its table (the name folded)


class Room:
    """Many tables in one process. ``folder``: where the tables are saved (None: not saved);
    ``make_player(level, rng)``: a computer player; ``now``: the clock; ``keep``: the seconds
    a dropped person's seat is kept; ``computer_holds``: a computer plays it meanwhile;
    ``most_tables``: the room's size; ``seeds``: the deals' seeds (random by default)."""

    def __init__(
        self,
        folder: Path | None,
        make_player: Callable[[str, random.Random], Player],
        *,
        now: Callable[[], float] = time.monotonic,
        limits: Limits | None = None,
        keep: float = 120.0,
        computer_holds: bool = False,
        most_tables: int = 5000,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.folder = folder
        self.make_player = make_player
        self.now = now
        self.limits = limits or Limits()
        self.keep = keep
        self.computer_holds = computer_holds
        self.most_tables = most_tables
        self.seeds = seeds or (lambda: secrets.randbelow(2**31))
        self.tables: dict[str, RoomTable] = {}
        self.conns: dict[int, _Lobby] = {}
        self._next = 0
        self.errors = 0
        self.resumed: list[str] = []  # the names of the tables offered again at the start
        #: The tables' saves, written in batches off the event loop (``SaveWriter``).
        self.writer = SaveWriter() if folder is not None else None
        if folder is not None:
            self._resume(folder)

    def close(self) -> None:
        """Every save written (a room that stops)."""
        if self.writer is not None:
            self.writer.close()

    # ------------------------------------------------------------------ tables

    def _resume(self, folder: Path) -> None:
        for path in sorted(folder.glob("*.json")):
            try:
                save = read_save(path)
                if save.over or not save.name:
                    continue
                referee = resume(save, self.make_player, now=self.now)
            except (OSError, TableSaveError):
                log.warning("a table's save could not be resumed: %s", path.name)
                continue
            name = p.clean_text(save.name, p.TABLE_NAME_LENGTH)
            if not name or name.casefold() in self.tables:
                continue
            table = RoomTable(name, referee, save.public, dict(save.computers), path, self.writer)
            self._fit(table, referee.game.seed or 0)
            self.tables[name.casefold()] = table
            self.resumed.append(name)

    def _fit(self, table: RoomTable, seed: int) -> None:
        """The room's settings on a table's referee, and its save after every action."""
        referee = table.referee
        referee.keep = self.keep
        referee.limits = self.limits
        if self.computer_holds:
            referee.stand_in = lambda seat: self.make_player(LEVEL, random.Random(seed * 7 + seat))
        referee.on_action = lambda *_: table.save()
        referee.on_new_game = lambda *_: table.save()
        # (a turn run out is played by the computer for that one turn, as at a host's table)
        referee.fill_in = lambda seat: self.make_player(LEVEL, random.Random(seed * 7 + seat))

    def create(self, message: p.Create) -> p.Created | p.Reason:
        """A new table (its code, the secret part), or why not."""
        name = p.clean_text(message.name, p.TABLE_NAME_LENGTH)
        if not name:
            return p.Reason.BAD_NAME
        if name.casefold() in self.tables:
            return p.Reason.NAME_TAKEN
        if len(self.tables) >= self.most_tables:
            return p.Reason.ROOM_FULL
        computers = sorted(set(message.computers))
        if any(not 1 <= s < message.players for s in computers) or message.counting not in ("auto", "manual"):
            return p.Reason.BAD_TABLE
        if any(t is not None and not LIMITS[0] <= t <= LIMITS[1] for t in (message.turn_limit, message.count_limit)):
            return p.Reason.BAD_LIMIT
        try:
            rules = Rules(
                players=message.players, target=message.target, teams=message.teams, counting=message.counting
            )
        except (ValueError, TypeError):
            return p.Reason.BAD_TABLE
        seed = self.seeds()
        game = g.Game(rules=rules, seed=seed)
        players = {s: self.make_player(LEVEL, random.Random(seed * 7 + s)) for s in computers}
        referee = Referee(
            game,
            players,
            code=new_code(),
            now=self.now,
            limits=self.limits,
            advice=message.advice,
            turn_limit=message.turn_limit,
            count_limit=message.count_limit,
        )
        path = None if self.folder is None else self.folder / f"{new_code(12).lower()}.json"
        table = RoomTable(name, referee, message.public, {s: LEVEL for s in computers}, path, self.writer)
        self._fit(table, seed)
        self.tables[name.casefold()] = table
        table.save()
        return p.Created(name, referee.code)

    def listing(self) -> p.Tables:
        return p.Tables([t.info() for t in self.tables.values() if t.public])

    def _close_table(self, key: str) -> None:
        table = self.tables.pop(key)
        if table.path is not None and self.writer is not None:
            self.writer.flush()  # (its last save not written after the file is removed)
            with contextlib.suppress(OSError):
                table.path.unlink()

    # ------------------------------------------------------------------ connections

    def connect(self) -> int:
        self._next += 1
        self.conns[self._next] = _Lobby(self.limits.burst, self.now())
        return self._next

    def _outside(self, table: RoomTable, out: Outbox) -> Outbox:
        """A referee's frames, addressed to the room's connections."""
        mine = Outbox()
        for rid, frame in out.frames:
            ident = table.back.get(rid)
            if ident is not None:
                mine.frames.append((ident, frame))
        return mine

    def _leave_table(self, ident: int, conn: _Lobby) -> Outbox:
        key, conn.table = conn.table, None
        table = self.tables.get(key) if key is not None else None
        if table is None:
            return Outbox()
        rid = table.ids.pop(ident, None)
        if rid is None:
            return Outbox()
        out = self._outside(table, table.referee.disconnect(rid))
        table.back.pop(rid, None)
        return out

    def disconnect(self, ident: int) -> Outbox:
        conn = self.conns.pop(ident, None)
        if conn is None:
            return Outbox()
        return self._leave_table(ident, conn)

    def tick(self) -> Outbox:
        out = Outbox()
        for key, table in list(self.tables.items()):
            out.frames.extend(self._outside(table, table.referee.tick()).frames)
            if table.referee.game.phase == g.GAME_OVER and not table.ids:
                self._close_table(key)  # (finished, and nobody is there any more)
        return out

    def receive(self, ident: int, frame: str | bytes) -> Outbox:
        """One frame from connection ``ident``: at its table, the table's referee takes it;
        in the lobby, the room does. Never raises (a failure is counted in :attr:`errors`)."""
        conn = self.conns.get(ident)
        if conn is None:
            return Outbox()
        try:
            return self._receive(ident, conn, frame)
        except Exception:  # noqa: BLE001 - a bug must not take the room down
            log.exception("the room failed on a frame")
            self.errors += 1
            out = Outbox()
            out.add(ident, p.Refused(p.Reason.INTERNAL))
            return out

    def _rate_ok(self, conn: _Lobby) -> bool:
        now = self.now()
        conn.tokens = min(self.limits.burst, conn.tokens + (now - conn.last) * self.limits.rate)
        conn.last = now
        if conn.tokens < 1:
            return False
        conn.tokens -= 1
        return True

    def _receive(self, ident: int, conn: _Lobby, frame: str | bytes) -> Outbox:
        table = self.tables.get(conn.table) if conn.table is not None else None
        if table is not None:
            rid = table.ids[ident]
            out = self._outside(table, table.referee.receive(rid, frame))
            referee_conn = table.referee.conns.get(rid)
            if referee_conn is not None and referee_conn.seat is None and not referee_conn.watching:
                out.frames.extend(self._leave_table(ident, conn).frames)  # (left the seat: back in the lobby)
            return out
        out = Outbox()
        if not self._rate_ok(conn):
            out.add(ident, p.Refused(p.Reason.TOO_FAST))
            return out
        try:
            message = p.decode_client(frame)
        except p.ProtocolError as e:
            out.add(ident, p.Refused(e.reason))
            return out
        if isinstance(message, p.ListTables):
            out.add(ident, self.listing())
        elif isinstance(message, p.Create):
            made = self.create(message)
            out.add(ident, made if isinstance(made, p.Created) else p.Refused(made))
        elif isinstance(message, p.Hello):
            return self._sit(ident, conn, message)
        elif isinstance(message, p.Watch):
            return self._watch(ident, conn, message)
        else:
            out.add(ident, p.Refused(p.Reason.NOT_JOINED))
        return out

    def _find(self, name: str, code: str) -> RoomTable | p.Reason:
        table = self.tables.get(p.clean_text(name, p.TABLE_NAME_LENGTH).casefold())
        if table is None or (not table.public and not _same(code, table.referee.code)):
            return p.Reason.NO_TABLE  # (a private table's name is not told apart from none)
        return table

    def _join(self, ident: int, conn: _Lobby, table: RoomTable) -> int:
        rid = table.referee.connect()
        table.ids[ident], table.back[rid] = rid, ident
        conn.table = table.name.casefold()
        return rid

    def _sit(self, ident: int, conn: _Lobby, hello: p.Hello) -> Outbox:
        found = self._find(hello.table, hello.code)
        if isinstance(found, p.Reason):
            out = Outbox()
            out.add(ident, p.Refused(found))
            return out
        rid = self._join(ident, conn, found)
        # (at a public table the room vouches for the code: anyone may sit)
        frame = p.encode(p.Hello(hello.version, found.referee.code, hello.name))
        out = self._outside(found, found.referee.receive(rid, frame))
        if found.referee.conns[rid].seat is None:  # refused (full, another version): back in the lobby
            out.frames.extend(self._leave_table(ident, conn).frames)
        return out

    def _watch(self, ident: int, conn: _Lobby, watch: p.Watch) -> Outbox:
        found = self._find(watch.table, watch.code)
        if isinstance(found, p.Reason):
            out = Outbox()
            out.add(ident, p.Refused(found))
            return out
        rid = self._join(ident, conn, found)
        return self._outside(found, found.referee.watch(rid, watch.name))


def _whole(seconds: float | None) -> int | None:
    return None if seconds is None else round(seconds)


def _same(code: str, secret: str) -> bool:
    return hmac.compare_digest(split_code(code)[0].encode(), secret.encode())

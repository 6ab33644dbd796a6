"""Statistics in SQLite (standard library only): games, results, skunks, hand, crib and pegging
points per deal, best hand. `spoken-cribbage stats` reads them out in plain sentences.

The database is checked whenever it is opened: a file that is not a database, a damaged or
truncated one, one from a newer version of the game (``PRAGMA user_version``) or one that
cannot be opened is moved aside (never deleted), reported (a :class:`Notice` that ``words``
phrases in one sentence), and replaced by a fresh one. Recording is idempotent (a game by its
id, a deal by game id and number), so a game resumed after a crash never counts twice.

Schema 2 keeps, with each game, what it takes to review it and to deal it again: its ``seed``,
the seat the player sat in (``me``), its actions (JSON, as in the save) and its event log
(:mod:`spoken_cribbage.storage.gamelog`, zlib-compressed JSON). A schema-1 file is migrated in
place when it is opened (the columns are added; its games have no log and cannot be reviewed).
Games are numbered 1, 2, ... in the order they ended (:meth:`StatsDB.games`). Each game keeps
its table: ``players`` and ``teams`` (0 each for themselves, else the number of teams; a column
added to schema 2 in place, so an older copy of the game reads the file as before; its own rows
have no ``teams``, which is then the usual table for the size) and its other seats' ``names``
(JSON, in seat order, the player left out; added the same way, NULL in older rows), and
:meth:`StatsDB.summary`
counts the results by table as well as in all. The ``practice``
table keeps each practice round (``spoken-cribbage practice``): counted right or not, or the
expert's discard chosen or not and the points the choice cost on average, and the seconds taken.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import time
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.storage import paths, testhooks
from spoken_cribbage.storage.records import (  # (the records, importable from here too)
    DealRecord,
    GameRecord,
    PracticeSummary,
    StatsSummary,
    StoredGame,
    TableSummary,
    _actions,
    _events,
    _names,
    deal_records,
    game_record,
)

__all__ = [
    "StatsDB",
    "StatsError",
    "SCHEMA_VERSION",
    "APP_ID",
    # the records (storage.records), importable from here too
    "DealRecord",
    "GameRecord",
    "PracticeSummary",
    "StatsSummary",
    "StoredGame",
    "TableSummary",
    "deal_records",
    "game_record",
]

SCHEMA_VERSION = 2
APP_ID = 0x43524942  # "CRIB": set as PRAGMA application_id

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ended_at TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'abandoned')),
    my_score INTEGER NOT NULL,
    their_score INTEGER NOT NULL,
    target INTEGER NOT NULL,
    players INTEGER NOT NULL,
    difficulty TEXT NOT NULL,
    skunk_given INTEGER NOT NULL DEFAULT 0,
    skunk_taken INTEGER NOT NULL DEFAULT 0,
    deals INTEGER NOT NULL DEFAULT 0,
    seed INTEGER,
    me INTEGER,
    actions TEXT,
    events BLOB,
    teams INTEGER,
    names TEXT
);
CREATE TABLE IF NOT EXISTS deals (
    game_id TEXT NOT NULL,
    deal INTEGER NOT NULL,
    hand INTEGER,
    crib INTEGER,
    pegging INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, deal)
);
CREATE TABLE IF NOT EXISTS practice (
    at TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('count', 'discard')),
    correct INTEGER NOT NULL,
    seconds REAL NOT NULL,
    cost REAL
);
"""
#: Columns added after the first schema (a file gets those it lacks when opened).
_ADDED = {
    "games": (
        ("seed", "INTEGER"),
        ("me", "INTEGER"),
        ("actions", "TEXT"),
        ("events", "BLOB"),
        ("teams", "INTEGER"),
        ("names", "TEXT"),
    )
}


def _teams_sql(row: str = "", column: bool = True) -> str:
    """The teams of a game row (``row``: its alias and a dot) in SQL: an old row's NULL, or a
    file without the column, is the usual table for its size (partners with four players)."""
    usual = f"CASE WHEN {row}players = 4 THEN 2 ELSE 0 END"
    return f"coalesce({row}teams, {usual})" if column else usual


#: The columns every statistics file has (schema 1).
_COLUMNS = {
    "games": {
        "id",
        "ended_at",
        "result",
        "my_score",
        "their_score",
        "target",
        "players",
        "difficulty",
        "skunk_given",
        "skunk_taken",
        "deals",
    },
    "deals": {"game_id", "deal", "hand", "crib", "pegging"},
}


class StatsError(Problem, Exception):
    """The statistics database cannot be used; ``reason`` is the notice ``words`` phrases as
    a short clause ('it is damaged')."""

    def __init__(self, code: str, *, damaged: bool = True, **data: Any):
        super().__init__(code, **data)
        self.damaged = damaged  # False: busy or unwritable, not bad; the file is left alone

    @classmethod
    def of(cls, reason: Notice, *, damaged: bool = True) -> StatsError:
        return cls(reason.code, damaged=damaged, **reason.data)

    @property
    def reason(self) -> Notice:
        return self.notice


# ----------------------------------------------------------------------------- the database


class StatsDB:
    """The statistics file. Every method opens, uses and closes a connection, so nothing is
    held open during play and a killed process leaves SQLite's journal to roll back."""

    def __init__(self, path: Path | None = None):
        self.path = path or paths.stats_path()

    # ------------------------------------------------------------------ opening and checking

    def _connect(self) -> sqlite3.Connection:
        if self.path.is_dir():
            raise StatsError("storage.folder_in_its_place")
        con = sqlite3.connect(str(self.path), timeout=5, isolation_level=None)
        con.execute("PRAGMA foreign_keys = ON")
        return con

    def check(self) -> None:
        """Raise StatsError if the file exists and is not a good statistics database."""
        if not self.path.exists() and not self.path.is_symlink():
            return
        try:
            if self.path.is_dir():
                raise StatsError("storage.folder_in_its_place")
            head = paths.read_regular(self.path, 100)  # a named pipe is refused, not waited on
            if not head:
                return  # an empty file is a new database
            if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
                raise StatsError("storage.stats_not_a_database")
            # Read-write, so that SQLite can roll back a journal left by a killed process.
            con = sqlite3.connect(str(self.path), timeout=5)
            try:
                version = con.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise StatsError("storage.stats_newer", schema=version)
                ok = con.execute("PRAGMA quick_check").fetchall()
                if ok != [("ok",)]:
                    raise StatsError("storage.stats_damaged")
                tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if version == 0 and not tables:
                    return
                for table, cols in _COLUMNS.items():
                    have = {r[1] for r in con.execute(f"PRAGMA table_info({table})")}
                    if not cols <= have:
                        raise StatsError("storage.stats_not_the_games")
                # Reading every row proves the pages are all there.
                con.execute("SELECT count(*), sum(length(id)) FROM games").fetchone()
                con.execute("SELECT count(*), sum(pegging) FROM deals").fetchone()
            finally:
                con.close()
        except StatsError:
            raise
        except paths.FileRefused as e:
            raise StatsError(e.code, **e.data) from None
        except sqlite3.DatabaseError as e:
            reason = _sql_reason(e)
            busy = isinstance(e, sqlite3.OperationalError) and (
                "locked" in str(e)
                or "busy" in str(e)
                or "readonly" in str(e)
                or "read-only" in str(e)
                or "disk is full" in str(e)
                or "disk I/O" in str(e)
            )
            raise StatsError.of(reason, damaged=not busy) from None
        except OSError as e:
            from spoken_cribbage.storage.savegame import why

            raise StatsError("storage.unreadable", error=why(e)) from None

    def open(self) -> Notice | None:
        """Check the file; if bad, move it aside and start a fresh one. Returns a notice for
        the player if something had to be done, else None. Never raises: problems are notices
        (``storage.stats_not_recorded`` and ``storage.stats_not_moved`` mean nothing will be
        recorded)."""
        try:
            self.check()
        except StatsError as e:
            if not e.damaged:
                return Notice("storage.stats_not_recorded", reason=e.reason)
            moved = paths.move_aside(self.path)
            if moved is None:
                return Notice("storage.stats_not_moved", reason=e.reason)
            return Notice("storage.stats_set_aside", reason=e.reason, moved=moved.name, error=self._create())
        err = self._create()
        return None if err is None else Notice("storage.stats_not_recorded", reason=err)

    def open_for_reading(self) -> Notice | None:
        """For the commands that only read (``stats``, ``review``, ``export``): a bad file is set
        aside and a fresh one begun (as :meth:`open`), and a file without the game's tables (an
        empty file, or one a full disk left before its tables were made) is given them. Nothing
        is created where there is no file. A notice for the player, or None."""
        if not self.path.exists() and not self.path.is_symlink():
            return None
        try:
            self.check()
        except StatsError:
            return self.open()
        if not self._query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"):
            err = self._create()  # if that fails too, the reading methods find no games
            return None if err is None else Notice("storage.stats_not_recorded", reason=err)
        return None

    def _create(self) -> Notice | None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            con = self._connect()
            try:
                con.execute("BEGIN IMMEDIATE")
                for stmt in _SCHEMA.split(";"):
                    if stmt.strip():
                        con.execute(stmt)
                version = con.execute("PRAGMA user_version").fetchone()[0]
                for table, added in _ADDED.items():  # columns added since the file was made
                    have = {r[1] for r in con.execute(f"PRAGMA table_info({table})")}
                    for name, kind in added:
                        if name not in have:
                            con.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
                if version < SCHEMA_VERSION:
                    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                if version == 0:
                    con.execute(f"PRAGMA application_id = {APP_ID}")
                con.execute("COMMIT")
            finally:
                con.close()
        except (sqlite3.Error, OSError, StatsError) as e:
            return _reason(e)
        return None

    # ------------------------------------------------------------------ writing

    def record_deals(self, game_id: str, deals: Iterable[DealRecord]) -> None:
        rows = [(game_id, d.deal, d.hand, d.crib, d.pegging) for d in deals]
        if not rows:
            return
        self._write("INSERT OR REPLACE INTO deals (game_id, deal, hand, crib, pegging) VALUES (?, ?, ?, ?, ?)", rows)

    def record_game(self, rec: GameRecord) -> None:
        row = (
            rec.id,
            testhooks.utc_stamp(),
            rec.result,
            rec.my_score,
            rec.their_score,
            rec.target,
            rec.players,
            rec.difficulty,
            rec.skunk_given,
            rec.skunk_taken,
            rec.deals,
            rec.seed,
            rec.me,
            None if rec.actions is None else json.dumps(list(rec.actions)),
            None if rec.events is None else zlib.compress(rec.events.encode("utf-8")),
            rec.teams,
            None if rec.names is None else json.dumps(list(rec.names)),
        )
        self._write(
            "INSERT OR IGNORE INTO games (id, ended_at, result, my_score, their_score, "
            "target, players, difficulty, skunk_given, skunk_taken, deals, seed, me, "
            "actions, events, teams, names) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [row],
        )

    def _write(self, sql: str, rows: Sequence[tuple[object, ...]]) -> None:
        """Raises StatsError with a reason when the write fails (nothing half-written).

        Copies of the game writing at the same moment take turns: each write waits up to 5 s
        for the others (SQLite's busy timeout), and a write still refused as busy is tried
        twice more after a short random pause, so that no copy's record is lost to a burst of
        the others' (bench/concurrent_copies.py: 6 processes, 900 records as fast as they go)."""
        for attempt in range(3):
            try:
                return self._write_once(sql, rows)
            except StatsError as e:
                if e.code != "storage.stats_busy" or attempt == 2:
                    raise
                time.sleep(random.uniform(0.05, 0.3))

    def _write_once(self, sql: str, rows: Sequence[tuple[object, ...]]) -> None:
        try:
            con = self._connect()
            try:
                con.execute("BEGIN IMMEDIATE")
                try:
                    con.executemany(sql, rows)
                    con.execute("COMMIT")
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        con.execute("ROLLBACK")
                    raise
            finally:
                con.close()
        except (sqlite3.Error, OSError) as e:
            raise StatsError.of(_reason(e)) from None

    # ------------------------------------------------------------------ reading

    def has_game(self, game_id: str) -> bool:
        return bool(self._query("SELECT 1 FROM games WHERE id = ?", (game_id,)))

    def best_hand(self) -> int | None:
        """The best hand or crib so far (None before any show)."""
        row = self._query("SELECT max(max(coalesce(hand, -1), coalesce(crib, -1))) FROM deals")
        best = row[0][0] if row else None
        return None if best is None or best < 0 else best

    def results(self) -> list[str]:
        """Finished games' results, oldest first (abandoned games left out)."""
        return [
            r[0] for r in self._query("SELECT result FROM games WHERE result != 'abandoned' ORDER BY ended_at, rowid")
        ]

    def games(self) -> list[StoredGame]:
        """Every game recorded, numbered from 1 in the order they ended. A schema-1 file's
        games (or one whose log is damaged) have no seed, actions or events."""
        have = {r[1] for r in self._query("PRAGMA table_info(games)")}
        if not have:
            return []  # no games table: no games
        extra = [name if name in have else "NULL" for name, _ in _ADDED["games"]]
        rows = self._query(
            "SELECT id, ended_at, result, my_score, their_score, target, players, difficulty, "
            f"deals, {', '.join(extra)} FROM games ORDER BY ended_at, rowid"
        )
        out: list[StoredGame] = []
        for n, row in enumerate(rows, 1):
            (
                id_,
                ended_at,
                result,
                my_score,
                their_score,
                target,
                players,
                difficulty,
                deals,
                seed,
                me,
                actions,
                events,
                teams,
                names,
            ) = row
            if type(teams) is not int:
                teams = 2 if players == 4 else 0  # the usual table
            out.append(
                StoredGame(
                    n,
                    id_,
                    ended_at,
                    result,
                    my_score,
                    their_score,
                    target,
                    players,
                    difficulty,
                    deals,
                    seed=seed if type(seed) is int else None,
                    me=me if type(me) is int else None,
                    actions=_actions(actions),
                    events=_events(events),
                    teams=teams,
                    names=_names(names, players - 1),
                )
            )
        return out

    def tables(self) -> list[TableSummary]:
        """The games by table (players, teams: 0 each for themselves), smallest first: how
        many, won, lost and abandoned, and the average points of the deals of its games."""
        column = "teams" in {r[1] for r in self._query("PRAGMA table_info(games)")}
        rows = self._query(
            f"SELECT players, {_teams_sql('', column)} AS t, count(*), sum(result = 'win'), "
            "sum(result = 'loss'), sum(result = 'abandoned') FROM games "
            "GROUP BY players, t ORDER BY players, t"
        )
        deals = {
            (p, t): (n, h, c, pg)
            for p, t, n, h, c, pg in self._query(
                f"SELECT g.players, {_teams_sql('g.', column)} AS t, count(*), avg(d.hand), "
                "avg(d.crib), avg(d.pegging) FROM deals d JOIN games g ON g.id = d.game_id "
                "GROUP BY g.players, t"
            )
        }
        out: list[TableSummary] = []
        for players, t, n, wins, losses, abandoned in rows:
            nd, ah, ac, ap = deals.get((players, t), (0, None, None, None))
            out.append(
                {
                    "players": players,
                    "teams": t,
                    "games": n,
                    "wins": wins or 0,
                    "losses": losses or 0,
                    "abandoned": abandoned or 0,
                    "deals": nd,
                    "average_hand": _round(ah),
                    "average_crib": _round(ac),
                    "average_pegging": _round(ap),
                }
            )
        return out

    def record_practice(self, kind: str, correct: bool, seconds: float, cost: float | None = None) -> None:
        """One practice round: ``kind`` count or discard; ``cost`` (discard) the points a
        round's choice gave away on average against the expert's."""
        self._write(
            "INSERT INTO practice (at, kind, correct, seconds, cost) VALUES (?, ?, ?, ?, ?)",
            [(testhooks.utc_stamp(), kind, int(correct), float(seconds), None if cost is None else float(cost))],
        )

    def practice_summary(self) -> dict[str, PracticeSummary]:
        """By kind (count, discard): rounds, how many right, the average seconds and (discard)
        the average points a choice cost; zeros before any practice."""
        out: dict[str, PracticeSummary] = {
            kind: {"rounds": 0, "right": 0, "average_seconds": None, "average_cost": None}
            for kind in ("count", "discard")
        }
        if not self._query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'practice'"):
            return out
        for kind, n, right, secs, cost in self._query(
            "SELECT kind, count(*), sum(correct), avg(seconds), avg(cost) FROM practice GROUP BY kind"
        ):
            if kind in out:
                out[kind] = {
                    "rounds": n,
                    "right": right or 0,
                    "average_seconds": _round(secs),
                    "average_cost": _round(cost),
                }
        return out

    def _query(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        if not self.path.exists():
            return []
        try:
            con = sqlite3.connect(str(self.path), timeout=5)
            try:
                return con.execute(sql, params).fetchall()
            finally:
                con.close()
        except sqlite3.OperationalError as e:
            if str(e).startswith("no such table"):
                return []  # a file whose tables were never made holds no games yet
            raise StatsError.of(_reason(e)) from None
        except sqlite3.Error as e:
            raise StatsError.of(_reason(e)) from None

    def summary(self) -> StatsSummary:
        games = self._query(
            "SELECT count(*), sum(result = 'win'), sum(result = 'loss'), "
            "sum(result = 'abandoned'), sum(skunk_given >= 1), sum(skunk_given = 2), "
            "sum(skunk_taken >= 1), sum(skunk_taken = 2) FROM games"
        )
        n, wins, losses, abandoned, sg, dsg, st, dst = games[0] if games else (0,) * 8
        deals = self._query("SELECT count(*), avg(hand), avg(crib), avg(pegging), max(hand), max(crib) FROM deals")
        nd, ah, ac, ap, mh, mc = deals[0] if deals else (0, None, None, None, None, None)
        results = self.results()
        streak = longest = run = 0
        for r in results:
            run = run + 1 if r == "win" else 0
            longest = max(longest, run)
        streak = run
        best = max([x for x in (mh, mc) if x is not None], default=None)
        return {
            "games": n or 0,
            "wins": wins or 0,
            "losses": losses or 0,
            "abandoned": abandoned or 0,
            "skunks_given": sg or 0,
            "double_skunks_given": dsg or 0,
            "skunks_taken": st or 0,
            "double_skunks_taken": dst or 0,
            "deals": nd or 0,
            "average_hand": _round(ah),
            "average_crib": _round(ac),
            "average_pegging": _round(ap),
            "best_hand": best,
            "best_crib": mc,
            "win_streak": streak,
            "longest_win_streak": longest,
            "tables": self.tables(),
            "practice": self.practice_summary(),
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(float(x), 2)


def _sql_reason(e: sqlite3.Error) -> Notice:
    s = str(e).lower()
    if "not a database" in s:
        return Notice("storage.stats_not_a_database")
    if "malformed" in s or "corrupt" in s:
        return Notice("storage.stats_damaged")
    if "unable to open" in s:
        return Notice("storage.stats_not_opened")
    if "readonly" in s or "read-only" in s:
        return Notice("storage.read_only")
    if "full" in s:
        return Notice("storage.disk_full")
    if "locked" in s or "busy" in s:
        return Notice("storage.stats_busy")
    first = s.split("\n")[0][:60]
    return Notice("storage.detail", text=first) if first else Notice("storage.stats_unusable")


def _reason(e: BaseException) -> Notice:
    if isinstance(e, StatsError):
        return e.reason
    if isinstance(e, OSError):
        from spoken_cribbage.storage.savegame import why

        return why(e)
    if isinstance(e, sqlite3.Error):
        return _sql_reason(e)
    return Notice("storage.detail", text=str(e)[:60])

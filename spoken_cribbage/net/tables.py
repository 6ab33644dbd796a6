"""A shared table saved as it plays (issue 26, item 4): nothing lost when the host's program
is killed; started again, it offers the same table, and its people sit back down by name with
the same invite code.

A save is the table's rules, the game's seed and its players' actions (as the local game's
saves: the deals come again from the seed), the computer seats with their levels, the names
and the invite secret: one JSON object, checked against its schema when read (msgspec), and
written atomically after every action (``storage.paths.atomic_write``: a temporary file, fsync,
rename). A save that cannot be read, or whose actions the game refuses, is not resumed
(:class:`TableSaveError`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import msgspec

from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.server import Player, Referee
from spoken_cribbage.storage.paths import atomic_write

__all__ = ["TableSave", "TableSaveError", "save_of", "write_save", "read_save", "resume", "SaveWriter"]

SAVE_VERSION = 1


class TableSave(msgspec.Struct, forbid_unknown_fields=True):
    version: int
    rules: p.RulesFacts
    seed: int
    actions: Annotated[list[Annotated[str, msgspec.Meta(max_length=120)]], msgspec.Meta(max_length=100_000)]
    computers: dict[int, Annotated[str, msgspec.Meta(max_length=20)]]
    names: Annotated[list[Annotated[str, msgspec.Meta(max_length=120)]], msgspec.Meta(max_length=6)]
    code: Annotated[str, msgspec.Meta(max_length=32)]
    over: bool = False
    advice: bool = True  # whether the table gives hints and win chances
    name: Annotated[str, msgspec.Meta(max_length=120)] = ""  # in a room: the table's name
    public: bool = False  # in a room: listed, and anyone may sit or watch
    # The table's clocks (seconds; None: off): a room's table keeps them when resumed.
    turn_limit: Annotated[float, msgspec.Meta(ge=0, le=3600)] | None = None
    count_limit: Annotated[float, msgspec.Meta(ge=0, le=3600)] | None = None


class TableSaveError(ValueError):
    """A table's save that cannot be resumed."""


def save_of(
    referee: Referee, levels: dict[int, str], name: str = "", public: bool = False, texts: list[str] | None = None
) -> TableSave:
    """The table's save now (``texts``: its game's actions as text already, when the caller
    keeps them as they come: a save is then not the whole game's texts made again)."""
    game = referee.game
    if game.seed is None:
        raise TableSaveError("a table without a seed cannot be saved")
    return TableSave(
        SAVE_VERSION,
        p.rules_facts(game.rules),
        game.seed,
        texts if texts is not None else [a.to_text() for a in game.actions],
        dict(levels),
        list(referee.names),
        referee.code,
        game.phase == g.GAME_OVER,
        referee.advice,
        name,
        public,
        referee.turn_limit,
        referee.count_limit,
    )


def write_save(path: Path, save: TableSave) -> None:
    atomic_write(path, msgspec.json.encode(save))


class SaveWriter:
    """The saves of a room's many tables, written off the event loop in batches (a save is
    10 ms or so of fsync on an ordinary disk: one per action on the loop would cap a room near
    a hundred actions a second). :meth:`put` takes a table's latest save (encoded at once, on
    the caller's thread: the save is of that moment); a thread writes every save waiting, as
    temporary files, syncs once, renames them all into place and syncs again: two syncs a
    batch however many tables are in it. A table saved again before its turn is written once,
    its latest. A kill loses at most the batch in flight (milliseconds under load): never a
    half-written save, as each file is replaced by a rename."""

    def __init__(self) -> None:
        self._waiting: dict[Path, bytes] = {}
        self._lock = threading.Condition()
        self._busy = False
        self._closed = False
        self.batches = 0
        self.failures = 0
        self._thread = threading.Thread(target=self._run, name="table-saves", daemon=True)
        self._thread.start()

    def put(self, path: Path, save: TableSave) -> None:
        data = msgspec.json.encode(save)
        with self._lock:
            self._waiting[path] = data
            self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every save put so far is on disk (False if not within ``timeout``)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._waiting or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        self._thread.join(10)

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._waiting and not self._closed:
                    self._lock.wait()
                if self._closed and not self._waiting:
                    return
                batch, self._waiting, self._busy = self._waiting, {}, True
            try:
                _write_batch(batch)
                self.batches += 1
            except OSError:
                self.failures += 1
                logging.getLogger(__name__).exception("a batch of table saves failed")
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


def _write_batch(batch: dict[Path, bytes]) -> None:
    written: list[tuple[str, Path]] = []
    try:
        for path, data in batch.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.tmp-", dir=path.parent)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            written.append((tmp, path))
        os.sync()  # (every file's data on disk before any is put in place)
        for tmp, path in written:
            os.replace(tmp, path)
        written = []
        os.sync()  # (the renames too)
    finally:
        for tmp, _ in written:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def read_save(path: Path) -> TableSave:
    """The save at ``path``; TableSaveError if it is not one (FileNotFoundError if none)."""
    data = path.read_bytes()
    try:
        save = msgspec.json.decode(data, type=TableSave)
    except msgspec.DecodeError as e:
        raise TableSaveError(str(e)[:120]) from None
    if save.version != SAVE_VERSION:
        raise TableSaveError(f"version {save.version}")
    return save


def resume(
    save: TableSave, make_player: Callable[[str, random.Random], Player], *, now: Callable[[], float] = time.monotonic
) -> Referee:
    """The table the save describes, its game played again to where it stopped (its people's
    seats kept for their names); TableSaveError if the game refuses it."""
    try:
        rules = p.rules_from_facts(save.rules)
        actions = [g.action_from_text(a) for a in save.actions]
        game = g.Game.replay(actions, rules=rules, seed=save.seed)
        computers = {
            s: make_player(level, random.Random(save.seed * 7 + s))
            for s, level in save.computers.items()
            if 0 <= s < rules.players
        }
    except (ValueError, p.ProtocolError) as e:
        raise TableSaveError(str(e)[:120]) from None
    if len(save.names) != rules.players:
        raise TableSaveError("the names do not fit the table")
    referee = Referee(
        game,
        computers,
        code=save.code,
        now=now,
        advice=save.advice,
        turn_limit=save.turn_limit,
        count_limit=save.count_limit,
    )
    referee.names = [p.clean_text(n, p.NAME_LENGTH) for n in save.names]
    referee.start()  # (a table whose people had all sat before it stopped: its game goes on)
    return referee

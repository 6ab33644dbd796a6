"""Where files live. ``SPOKEN_CRIBBAGE_HOME`` puts everything in one folder (tests, portable use);
otherwise platformdirs picks the user's config and data folders."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _home() -> Path | None:
    h = os.environ.get("SPOKEN_CRIBBAGE_HOME")
    return Path(h) if h else None


def config_dir() -> Path:
    h = _home()
    if h:
        return h
    import platformdirs

    return Path(platformdirs.user_config_dir("spoken-cribbage", appauthor=False))


def data_dir() -> Path:
    h = _home()
    if h:
        return h
    import platformdirs

    return Path(platformdirs.user_data_dir("spoken-cribbage", appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def save_path() -> Path:
    return data_dir() / "game.json"


def stats_path() -> Path:
    return data_dir() / "stats.sqlite3"


class FileRefused(OSError):
    """A file the game will not read or replace: ``code`` is the ``storage.*`` notice that says
    why (a named pipe where the save should be, a save the player made read-only), ``data`` its
    facts."""

    def __init__(self, code: str, path: Path, **data: Any):
        super().__init__(errno.EPERM, code, str(path))
        self.code = code
        self.data = {"name": Path(path).name, **data}


_KINDS = (
    (stat.S_ISFIFO, "pipe"),
    (stat.S_ISCHR, "device"),
    (stat.S_ISBLK, "device"),
    (stat.S_ISSOCK, "socket"),
    (stat.S_ISDIR, "folder"),
)


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "other")


def read_regular(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of the regular file at ``path`` (a link to one is followed).

    The file is opened without waiting (``O_NONBLOCK``: a named pipe would otherwise hang the
    game until something writes to it, and Ctrl-C could not stop it) and checked with ``fstat``
    before anything is read: a pipe, device, socket or folder raises :class:`FileRefused`
    (``storage.not_a_regular_file``). FileNotFoundError and other OSErrors pass through."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused("storage.not_a_regular_file", path, kind=_kind(mode))
        chunks, left = [], limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def rename_to_free(path: Path, name_for: Callable[[int], str]) -> Path | None:
    """Rename ``path`` to the first ``name_for(n)`` (n = 1, 2, ...) not taken, in the same folder.
    Never deletes; returns the new path, or None if the rename failed.

    The name is first taken by creating it exclusively (an empty file, or a folder when a folder
    is moved), then ``path`` is renamed onto it: two copies of the game setting files aside at
    the same moment each get a name of their own, and neither replaces the other's."""
    folder = path.is_dir() and not path.is_symlink()
    for n in range(1, 10000):
        dest = path.with_name(name_for(n))
        try:
            if folder:
                os.mkdir(dest)
            else:
                os.close(os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600))
        except FileExistsError:
            continue
        except OSError:
            return None
        try:
            os.replace(path, dest)
            return dest
        except OSError:
            with contextlib.suppress(OSError):
                (os.rmdir if folder else os.unlink)(dest)
            return None
    return None


def write_new(folder: Path, name_for: Callable[[int], str], data: bytes) -> Path:
    """Write ``data`` to a new file in ``folder``, the first ``name_for(n)`` (n = 1, 2, ...) not
    taken, and return its path; never replaces a file that was there. The name is taken by
    creating it exclusively (private to the user, no link followed), then filled through
    :func:`atomic_write`. Raises OSError when that fails (an empty file left is removed)."""
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(1, 100000):
        dest = folder / name_for(n)
        try:
            os.close(os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600))
        except FileExistsError:
            continue
        try:
            atomic_write(dest, data)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(dest)
            raise
        return dest
    raise FileExistsError(errno.EEXIST, "no free name", str(folder))


def history_name(n: int) -> str:
    """The name of the n-th saved history file of the game's folder."""
    return f"history-{n}.txt"


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to ``name.bad-N`` (never delete it); return the new path or None."""
    return rename_to_free(path, lambda n: f"{path.name}.bad-{n}")


def temporary_name_pid(name: str) -> int | None:
    """The process id in a temporary file's name (``.game.json.tmp-<pid>-<random>``, or the
    older ``.game.json.tmp-<pid>``), or None if ``name`` is not one."""
    m = _TMP_RE.match(name)
    return int(m.group(1)) if m else None


_TMP_RE = re.compile(r"^\..+\.tmp-(\d+)(?:-[A-Za-z0-9_]+)?$")


def atomic_write(path: Path, data: bytes) -> None:
    """Write via a temporary file, fsync, rename; raises OSError on failure (nothing half-written).

    The temporary file is created exclusively under an unpredictable name in the same folder
    (``tempfile.mkstemp``: ``O_EXCL``, and ``O_NOFOLLOW`` where there is one), so a link
    planted at a temporary name is never followed. A file the player made read-only is not
    replaced: :class:`FileRefused` (``storage.file_read_only``). The new file keeps the old
    one's permissions (a new file is private to the user)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        old = os.stat(path)
    except FileNotFoundError:
        old = None
    if old is not None and stat.S_ISREG(old.st_mode) and not old.st_mode & stat.S_IWUSR:
        raise FileRefused("storage.file_read_only", path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.tmp-{os.getpid()}-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            if old is not None and stat.S_ISREG(old.st_mode) and hasattr(os, "fchmod"):
                with contextlib.suppress(OSError):
                    os.fchmod(f.fileno(), stat.S_IMODE(old.st_mode))
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        try:
            dfd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise

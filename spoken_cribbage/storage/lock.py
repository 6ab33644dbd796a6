"""One game, one process: an operating-system lock held on a save for as long as its game is open.

The lock is taken on a file next to the save (``game.json.lock``), never on the save itself
(each write replaces the save by a rename, so a lock on it would be on a file that is gone).
It is the kernel's lock (``flock`` on Unix, ``msvcrt.locking`` on Windows), so it is let go
when the process ends in any way, SIGKILL and a crash included; the lock file staying behind
means nothing, and is never deleted (deleting it would let two copies lock two different
files of the same name). The game never breaks a lock, by age or otherwise.

A network folder: NFS and SMB pass the lock to the server, which keeps it for a machine until
it knows that machine is gone (with NFSv4, when its lease runs out, 90 seconds by default; with
SMB, when its session drops). Until then another copy is told the game is open in another
window, and by which computer (the holder writes its process id and host name in the lock
file), and can play a new game kept apart. A folder that cannot lock at all (``ENOLCK``,
``EOPNOTSUPP``: some network and FUSE folders) gives ``unsupported``: the game is played
without the lock, and says once that two windows must not open it.

Written here rather than taken from the ``filelock`` package: the game needs one non-blocking
exclusive lock held for the life of the process, with the holder's name readable by the other
copy and a link planted at the lock's name refused (``O_NOFOLLOW``); that is these few lines
of standard library, where ``filelock`` would add a dependency whose polling timeouts,
thread-local re-entry and lock-file deletion the game does not want.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import socket
import stat
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from spoken_cribbage.notice import Notice

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)
#: Windows locks a byte range: one byte well past what is written, so the holder's line
#: stays readable by the other copy.
_WINDOWS_BYTE = 1 << 20
_UNSUPPORTED = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL, getattr(errno, "ENOTSUP", errno.EOPNOTSUPP)}
_HOST_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$")


@dataclass
class LockResult:
    """What trying the lock found: ``held`` (ours now), ``busy`` (another process holds it:
    ``pid`` and ``host`` if its line could be read), or neither (``problem`` says why no lock
    could be taken; ``unsupported`` when the folder cannot lock at all)."""

    held: bool = False
    busy: bool = False
    pid: int | None = None
    host: str | None = None
    unsupported: bool = False
    problem: OSError | None = None

    @property
    def elsewhere(self) -> Notice:
        """``storage.open_elsewhere``: the sentence for a copy that found the game open."""
        other = self.host if self.host and self.host != this_host() else None
        return Notice("storage.open_elsewhere", host=other)


def this_host() -> str:
    try:
        return socket.gethostname()[:63]
    except OSError:
        return ""


class GameLock:
    """The lock of one save. ``acquire()`` never waits; ``release()`` (or the process ending)
    lets go."""

    def __init__(self, save_path: Path):
        self.path = save_path.with_name(save_path.name + ".lock")
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> LockResult:
        if self._fd is not None:
            return LockResult(held=True)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)  # the first run makes the folder
            fd = self._open()
        except OSError as e:
            return LockResult(problem=e)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                return LockResult(problem=OSError(errno.EPERM, "not a regular file"))
            _lock(fd)
        except OSError as e:
            busy = isinstance(e, BlockingIOError) or e.errno in (
                errno.EAGAIN,
                errno.EACCES,
                errno.EWOULDBLOCK,
                getattr(errno, "EDEADLOCK", -1),
            )
            result = (
                LockResult(busy=True, **_holder(fd))
                if busy
                else LockResult(unsupported=e.errno in _UNSUPPORTED, problem=e)
            )
            os.close(fd)
            return result
        self._fd = fd
        line = f"{os.getpid()} {this_host()}\n".encode("ascii", "replace")
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, line.ljust(80))
        except OSError:
            pass  # a read-only lock file still locks; the line is only for the other copy
        return LockResult(held=True)

    def _open(self) -> int:
        flags = _NOFOLLOW | _BINARY | getattr(os, "O_NONBLOCK", 0)
        try:
            return os.open(self.path, os.O_RDWR | os.O_CREAT | flags, 0o600)
        except OSError as e:
            # A read-only folder that already has the lock file: a read-only descriptor locks too.
            if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM) and self.path.is_file():
                return os.open(self.path, os.O_RDONLY | flags)
            raise

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock(fd)
        with contextlib.suppress(OSError):
            os.close(fd)

    def __del__(self) -> None:
        self.release()


class _Holder(TypedDict, total=False):
    pid: int
    host: str


def _holder(fd: int) -> _Holder:
    """The pid and host written by the copy that holds the lock (empty if unreadable)."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        raw = os.read(fd, 80).decode("ascii", "replace").split()
    except OSError:
        return {}
    out: _Holder = {}
    if raw and raw[0].isascii() and raw[0].isdigit() and len(raw[0]) < 10:
        out["pid"] = int(raw[0])
    if len(raw) > 1 and _HOST_RE.match(raw[1]):
        out["host"] = raw[1]
    return out


if sys.platform == "win32":  # pragma: no cover - not run on the development machine
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, _WINDOWS_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        os.lseek(fd, _WINDOWS_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

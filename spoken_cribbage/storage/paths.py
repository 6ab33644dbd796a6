"""Where files live. ``SPOKEN_CRIBBAGE_HOME`` puts everything in one folder (tests, portable use);
otherwise platformdirs picks the user's config and data folders."""

from __future__ import annotations

import os
from pathlib import Path


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


def rename_to_free(path: Path, name_for) -> Path | None:
    """Rename ``path`` to the first ``name_for(n)`` (n = 1, 2, ...) not taken, in the same folder.
    Never deletes; returns the new path, or None if the rename failed."""
    for n in range(1, 10000):
        dest = path.with_name(name_for(n))
        if not dest.exists():
            try:
                path.rename(dest)
                return dest
            except OSError:
                return None
    return None


def move_aside(path: Path) -> Path | None:
    """Rename a bad file to ``name.bad-N`` (never delete it); return the new path or None."""
    return rename_to_free(path, lambda n: f"{path.name}.bad-{n}")


def atomic_write(path: Path, data: bytes) -> None:
    """Write via a temporary file, fsync, rename; raises OSError on failure (nothing half-written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "wb") as f:
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
        try:
            tmp.unlink()
        except OSError:
            pass
        raise

"""Player settings in a TOML file: validated on read, a bad file moved aside and replaced."""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

import tomli_w

from . import paths

SETTINGS_VERSION = 1
SPEECH_MODES = ("auto", "on", "off")
VERBOSITIES = ("terse", "normal", "coach")
DIFFICULTIES = ("easy", "standard", "expert")
VOICE_ENGINES = ("auto", "vosk", "pocketsphinx", "off")
LISTEN_MODES = ("push", "continuous")
COMMAND_ENDS = ("pause", "silence")


@dataclass(frozen=True)
class Settings:
    speech: str = "auto"
    rate: int = 180
    volume: float = 1.0
    voice: str = ""
    verbosity: str = "normal"
    difficulty: str = "expert"
    target: int = 121
    voice_engine: str = "off"
    listen: str = "push"
    command_end: str = "pause"  # voice: act at a short pause, or wait for a longer silence
    vosk_model: str = ""

    def validate(self) -> "Settings":
        """Raise ValueError naming the first bad value."""
        _one_of("speech", self.speech, SPEECH_MODES)
        _one_of("verbosity", self.verbosity, VERBOSITIES)
        _one_of("difficulty", self.difficulty, DIFFICULTIES)
        _one_of("voice_engine", self.voice_engine, VOICE_ENGINES)
        _one_of("listen", self.listen, LISTEN_MODES)
        _one_of("command_end", self.command_end, COMMAND_ENDS)
        if not (80 <= self.rate <= 500):
            raise ValueError("rate must be between 80 and 500 words a minute")
        if not (0.0 <= self.volume <= 1.0):
            raise ValueError("volume must be between 0 and 1")
        if not (5 <= self.target <= 1000):
            raise ValueError("target must be between 5 and 1000")
        return self

    def changed(self, name: str, value: str) -> "Settings":
        """A copy with one setting changed from text; ValueError with a readable reason."""
        names = {f.name: f for f in fields(self)}
        if name not in names:
            raise ValueError(f"there is no setting called {name}")
        ftype = type(getattr(self, name))
        try:
            v = ftype(value) if ftype is not bool else value.lower() in ("1", "true", "yes", "on")
        except ValueError:
            raise ValueError(f"{name} needs a {'whole number' if ftype is int else 'number'}, "
                             f"not '{value}'") from None
        return replace(self, **{name: v}).validate()


def _one_of(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, not '{value}'")


def from_dict(data: dict) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("the settings file is not a table")
    version = data.get("version", SETTINGS_VERSION)
    if not isinstance(version, int) or version > SETTINGS_VERSION:
        raise ValueError(f"the settings file is from a newer version ({version})")
    kwargs = {}
    defaults = Settings()
    for f in fields(Settings):
        if f.name in data:
            v = data[f.name]
            want = type(getattr(defaults, f.name))
            if want is float and isinstance(v, int) and not isinstance(v, bool):
                v = float(v)
            if type(v) is not want:
                kind = {int: "whole number", float: "number", str: "text", bool: "true or false"}
                raise ValueError(f"{f.name} should be {_a(kind.get(want, want.__name__))}, "
                                 f"not {str(v)[:30]!r}")
            kwargs[f.name] = v
    return Settings(**kwargs).validate()


MAX_SETTINGS_BYTES = 256 * 1024


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none) and a sentence if the file had to be replaced.

    A file that is damaged, from a newer version or unreadable (a folder in its place, say) is
    moved aside (never deleted) and replaced with the defaults; nothing else is touched."""
    path = path or paths.settings_path()
    try:
        if path.is_dir():
            raise IsADirectoryError(21, "a folder is in its place")
        with open(path, "rb") as f:
            raw = f.read(MAX_SETTINGS_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        return Settings(), None
    except OSError as e:
        return Settings(), _replace_bad(path, f"it could not be read: {_oserror(e)}")
    try:
        if len(raw) > MAX_SETTINGS_BYTES:
            raise ValueError("it is far too large")
        return from_dict(tomllib.loads(raw.decode("utf-8"))), None
    except (ValueError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError,
            TypeError) as e:
        return Settings(), _replace_bad(path, _short(e))


def _replace_bad(path: Path, reason: str) -> str:
    """Move the bad file aside, write the defaults; one sentence saying so."""
    reason = reason[:1].lower() + reason[1:]
    moved = paths.move_aside(path)
    if moved is None:
        return (f"The settings file could not be used ({reason}) nor moved aside, "
                f"so the defaults are used.")
    err = save(Settings(), path)
    tail = (f" but they could not be written: {err[0].lower()}{err[1:]}" if err else "")
    return (f"The settings file could not be used ({reason}), so it was kept as {moved.name} "
            f"and the defaults are used{tail or '.'}")


def _oserror(e: OSError) -> str:
    return (e.strerror or e.__class__.__name__).lower()


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word if word != "text" else word


def _short(e: Exception) -> str:
    s = str(e).split("\n")[0]
    return s[:80]


def save(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; return a sentence if that failed (the game goes on)."""
    path = path or paths.settings_path()
    data = {"version": SETTINGS_VERSION, **asdict(settings)}
    try:
        paths.atomic_write(path, tomli_w.dumps(data).encode("utf-8"))
    except OSError as e:
        return f"Settings could not be saved ({_oserror(e)})."
    return None

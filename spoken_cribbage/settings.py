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
    vosk_model: str = ""

    def validate(self) -> "Settings":
        """Raise ValueError naming the first bad value."""
        _one_of("speech", self.speech, SPEECH_MODES)
        _one_of("verbosity", self.verbosity, VERBOSITIES)
        _one_of("difficulty", self.difficulty, DIFFICULTIES)
        _one_of("voice_engine", self.voice_engine, VOICE_ENGINES)
        _one_of("listen", self.listen, LISTEN_MODES)
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
                raise ValueError(f"{f.name} should be a {want.__name__}, not {v!r}")
            kwargs[f.name] = v
    return Settings(**kwargs).validate()


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (defaults if none) and a sentence if the file had to be replaced."""
    path = path or paths.settings_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as e:
        return Settings(), f"The settings file could not be read ({e.strerror}); using the defaults."
    try:
        return from_dict(tomllib.loads(raw.decode("utf-8"))), None
    except (ValueError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        moved = paths.move_aside(path)
        where = f" It was moved to {moved.name}." if moved else ""
        msg = f"The settings file was damaged ({_short(e)}), so the defaults are used.{where}"
        save(Settings(), path)
        return Settings(), msg


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
        return f"Settings could not be saved ({e.strerror or e})."
    return None

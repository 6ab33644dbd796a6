"""Player settings in a TOML file: validated on read, a bad file moved aside and replaced."""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

import tomli_w

from spoken_cribbage.storage import paths

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


# ----------------------------------------------------------------------------- this run only
# The convention: command-line options apply to one run; settings changed in the game persist.

OPTIONS = {  # setting name -> the command-line option that sets it for one run
    "speech": "--speech", "rate": "--rate", "volume": "--volume", "verbosity": "--verbosity",
    "difficulty": "--difficulty", "target": "--target", "voice_engine": "--voice",
    "listen": "--listen", "command_end": "--command-end", "vosk_model": "--vosk-model",
}


def options_given(args) -> dict:
    """The settings given as command-line options (setting name -> value), for this run only."""
    out = {}
    for name, option in OPTIONS.items():
        value = getattr(args, option[2:].replace("-", "_"), None)
        if value is not None:
            out[name] = value
    return out


def save_changed(name: str, value, path: Path | None = None) -> str | None:
    """Persist one setting changed in the game: read the file as it is now, change only
    ``name`` and write it back, so options given for this run never reach the file.
    Returns a sentence if that failed (the game goes on), else None."""
    path = path or paths.settings_path()
    current, msg = load(path)
    try:
        if isinstance(value, str) and not isinstance(getattr(current, name, ""), str):
            new = current.changed(name, value)
        else:
            new = replace(current, **{name: value}).validate()
    except (ValueError, TypeError) as e:
        return f"That setting could not be saved: {_short(e)}."
    err = save(new, path)
    return err or msg


@dataclass
class RunSettings:
    """One run's settings: the file's, with the command-line options on top.

    ``current`` is what the game uses now; ``overrides`` maps each setting given as an option
    (and not changed in the game since) to its value. Pass ``on_settings`` to the Session: it
    saves only what the player changed. ``describe()`` lists every setting for the player."""
    current: Settings
    overrides: dict = field(default_factory=dict)
    path: Path | None = None

    def on_settings(self, new: Settings, name: str | None = None) -> str | None:
        names = [name] if name else [f.name for f in fields(Settings)
                                     if getattr(new, f.name) != getattr(self.current, f.name)]
        self.current = new
        msg = None
        for n in names:
            self.overrides.pop(n, None)   # changed in the game: no longer for this run only
            msg = save_changed(n, getattr(new, n), self.path) or msg
        return msg

    def describe(self, settings: Settings | None = None) -> list[str]:
        return describe(settings or self.current, self.path, self.overrides)


_UNITS = {"rate": " words a minute", "target": " points"}
_EMPTY = {"voice": "the default voice", "vosk_model": "the default model"}


def _show(name: str, value) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if value == "" and name in _EMPTY:
        return _EMPTY[name]
    return f"{value}{_UNITS.get(name, '')}"


def describe(settings: Settings, path: Path | None = None,
             overrides: dict | None = None) -> list[str]:
    """Every setting and its value, one short sentence a line, then where the file is.

    A setting in ``overrides`` (setting name -> anything; only the names count) comes from a
    command-line option: it is marked 'for this run only' and names the option."""
    overrides = overrides or {}
    lines = []
    for f in fields(Settings):
        label = f.name.replace("_", " ").capitalize()
        text = f"{label}: {_show(f.name, getattr(settings, f.name))}"
        if f.name in overrides:
            text += f", for this run only (from {OPTIONS.get(f.name, 'the command line')})"
        lines.append(text + ".")
    lines.append(f"Settings file: {path or paths.settings_path()}.")
    return lines

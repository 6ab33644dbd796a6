"""Player settings in a TOML file: validated on read, a bad file moved aside and replaced.

What the player is told (a file replaced, a setting refused or not saved, the list of settings)
comes back as a :class:`Notice` or a :class:`SettingError`; ``words.storage`` phrases it."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

import tomli_w

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.storage import paths, table

if TYPE_CHECKING:
    import argparse

    from spoken_cribbage.engine.rules import Rules

#: A setting's value: each field of :class:`Settings` is one of these.
SettingValue = str | int | float | bool

SETTINGS_VERSION = 1
#: auto: a running screen reader is the voice, else our own; screenreader: always the screen
#: reader; tts: always our own voice ("on" is another name for it); off: no speech.
SPEECH_MODES = ("auto", "screenreader", "tts", "on", "off")
VERBOSITIES = ("terse", "normal", "coach")
DIFFICULTIES = ("easy", "standard", "expert")
VOICE_ENGINES = ("auto", "vosk", "pocketsphinx", "off")
LISTEN_MODES = ("push", "continuous")
COMMAND_ENDS = ("pause", "silence")
ON_OFF = ("on", "off")
COUNTING_MODES = ("auto", "manual")
#: The counting time limit: 0 (off) or this many seconds (as in QuentinC's Playroom).
TIME_LIMITS = (15, 90)
#: The pause between two computer turns in a row, in seconds (0: none).
PACE_LIMITS = (0.0, 5.0)
#: The parts of the ``brief`` setting (fewer words where they repeat, issue 25 item 4):
#: ``discard`` the cards laid away not named again after the confirmation names them;
#: ``suits`` a hand of one suit said with the suit once; ``starter`` the starter named once at
#: the start of the show; ``scores`` the running score said at the end of the play instead of
#: after every peg. ``on`` is every part, ``off`` none (the default).
BRIEF_PARTS = ("discard", "suits", "starter", "scores")
#: The channels of what the game says (issue 25, item 1), each a setting ``channel_<name>``:
#: ``game`` the events of the game (cards, deals, the show); ``scores`` points scored and the
#: scores; ``prompts`` what the game waits for, your turn and your hand; ``coach`` hints and the
#: coach; ``answers`` answers to keys and refusals; ``system`` notices (saving, voice, milestones);
#: ``chat`` what the others say at a shared table (issue 26).
#: Which kinds of line each holds: ``app.seat.channels``.
CHANNELS = ("game", "scores", "prompts", "coach", "answers", "system", "chat")
#: A channel's mode: ``spoken`` printed (and spoken by the game's voice when it speaks);
#: ``history`` kept in the history only (``[`` and ``]``, review), neither printed nor spoken;
#: ``cue`` a short sound, the line in the history; ``off`` nothing at all.
CHANNEL_MODES = ("spoken", "history", "cue", "off")
#: The languages the game speaks ("" : the system's, from LANG); their words are in
#: words/catalogue.py (LANGUAGES), whose keys a test holds equal to these.
LANGUAGES = ("en", "fr", "zh-Hans", "zh-Hant")
#: Profiles (issue 25, item 2): a mode for every channel, and the verbosity they need (None:
#: kept, but coach verbosity goes back to normal). ``quiet``: scores, prompts (your turn, your
#: hand) and answers spoken; the game's events (the other players' cards) as cues, in history.
PROFILES: dict[str, tuple[dict[str, str], str | None]] = {
    "everything": ({c: "spoken" for c in CHANNELS}, None),
    "quiet": (
        {
            "game": "cue",
            "scores": "spoken",
            "prompts": "spoken",
            "coach": "history",
            "answers": "spoken",
            "system": "spoken",
            "chat": "spoken",
        },
        None,
    ),
    "teaching": ({c: "spoken" for c in CHANNELS}, "coach"),
}


def profile_of(settings: Settings) -> str | None:
    """The profile the settings are, or None when the channels are set otherwise."""
    modes = channel_modes(settings)
    for name, (want, verbosity) in PROFILES.items():
        if modes == want and (settings.verbosity == "coach") == (verbosity == "coach"):
            return name
    return None


def with_profile(settings: Settings, name: str) -> Settings:
    """The settings with profile ``name``'s channel modes and verbosity; SettingError if there
    is no such profile."""
    if name not in PROFILES:
        raise SettingError("storage.setting_one_of", name="profile", value=name[:40], allowed=tuple(PROFILES))
    modes, verbosity = PROFILES[name]
    if verbosity is None:
        verbosity = "normal" if settings.verbosity == "coach" else settings.verbosity
    changes: dict[str, Any] = {f"channel_{c}": m for c, m in modes.items()}
    return replace(settings, verbosity=verbosity, **changes).validate()


def channel_modes(settings: Settings) -> dict[str, str]:
    """Channel name -> its mode, in the order of :data:`CHANNELS`."""
    return {c: str(getattr(settings, f"channel_{c}")) for c in CHANNELS}


def brief_value(text: str) -> str:
    """The ``brief`` setting from text: ``off``, ``on`` (or ``all``), or parts of
    :data:`BRIEF_PARTS` separated by commas or spaces, kept in that order (all four: ``on``).
    SettingError naming what is allowed otherwise."""
    words = text.replace(",", " ").lower().split()
    if words in (["off"], ["none"]):
        return "off"
    if words in (["on"], ["all"]):
        return "on"
    if not words or any(w not in BRIEF_PARTS for w in words):
        raise SettingError("storage.setting_one_of", name="brief", value=text[:40], allowed=("off", "on", *BRIEF_PARTS))
    parts = [p for p in BRIEF_PARTS if p in words]
    return "on" if len(parts) == len(BRIEF_PARTS) else ",".join(parts)


def brief_parts(value: str) -> frozenset[str]:
    """The parts a ``brief`` setting's value turns on."""
    if value == "on":
        return frozenset(BRIEF_PARTS)
    return frozenset(p for p in value.split(",") if p in BRIEF_PARTS)


class SettingError(Problem, ValueError):
    """A setting's value that cannot be used: a ``storage.setting_*`` code and its data."""


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
    cues: str = "on"  # short sounds for game events
    cue_volume: float = 1.0
    count_tone: str = "off"  # a tone after each card, its pitch rising with the count
    counting: str = "auto"  # the show: the game counts, or the player counts (manual)
    muggins: str = "off"  # manual counting: points missed go to the opponent
    overcount_penalty: str = "off"  # manual counting: points claimed too many go to the opponent
    time_limit: int = 0  # manual counting: seconds to count a hand (15 to 90), 0 off
    players: int = 2  # the table of a new game: how many players (storage.table)
    teams: str = "usual"  # usual, none (each for themselves) or a number of teams
    names: str = ""  # the other players' names, comma-separated ("" the default names)
    pace: float = 0.8  # seconds between two computer turns in a row (0: at once)
    brief: str = "off"  # fewer words where they repeat: off, on or parts (BRIEF_PARTS)
    language: str = ""  # a LANGUAGES code, or "" for the system's language (LANG)
    # the mode of each channel (CHANNELS, CHANNEL_MODES): spoken, history, cue or off
    channel_game: str = "spoken"
    channel_scores: str = "spoken"
    channel_prompts: str = "spoken"
    channel_coach: str = "spoken"
    channel_answers: str = "spoken"
    channel_system: str = "spoken"
    channel_chat: str = "spoken"

    def validate(self) -> Settings:
        """Raise SettingError (a ValueError) naming the first bad value."""
        _one_of("speech", self.speech, SPEECH_MODES)
        _one_of("verbosity", self.verbosity, VERBOSITIES)
        _one_of("difficulty", self.difficulty, DIFFICULTIES)
        _one_of("voice_engine", self.voice_engine, VOICE_ENGINES)
        _one_of("listen", self.listen, LISTEN_MODES)
        _one_of("command_end", self.command_end, COMMAND_ENDS)
        _one_of("cues", self.cues, ON_OFF)
        _one_of("count_tone", self.count_tone, ON_OFF)
        _one_of("counting", self.counting, COUNTING_MODES)
        _one_of("muggins", self.muggins, ON_OFF)
        _one_of("overcount_penalty", self.overcount_penalty, ON_OFF)
        if self.language:
            _one_of("language", self.language, LANGUAGES)
        for channel in CHANNELS:
            _one_of(f"channel_{channel}", getattr(self, f"channel_{channel}"), CHANNEL_MODES)
        if brief_value(self.brief) != self.brief:
            raise SettingError(
                "storage.setting_one_of", name="brief", value=self.brief[:40], allowed=("off", "on", *BRIEF_PARTS)
            )
        for name in TEXT_SETTINGS:  # free text: shown and spoken, so printable and short
            _text(name, getattr(self, name))
        low, high = TIME_LIMITS
        if self.time_limit != 0 and not low <= self.time_limit <= high:
            raise SettingError("storage.time_limit", low=low, high=high)
        for name, least, most in (
            ("rate", 80, 500),
            ("volume", 0, 1),
            ("target", 5, 1000),
            ("cue_volume", 0, 1),
            ("pace", *PACE_LIMITS),
        ):
            if not (least <= getattr(self, name) <= most):
                raise SettingError("storage.setting_between", name=name, low=least, high=most)
        try:
            if table.teams_value(self.teams) != self.teams:
                raise table.TableError("storage.teams_value", value=self.teams[:20])
            table.check(self.players, self.teams)
            table.split_names(self.names)
        except table.TableError as e:
            raise SettingError(e.code, **e.data) from None
        return self

    def changed(self, name: str, value: str) -> Settings:
        """A copy with one setting changed from text; SettingError (a ValueError) saying why not."""
        names = {f.name: f for f in fields(self)}
        base = self
        if name not in names:
            raise SettingError("storage.no_such_setting", name=name)
        ftype = type(getattr(self, name))
        if name == "time_limit" and value.strip().lower() == "off":
            value = "0"
        if name == "teams":
            try:
                value = table.teams_value(value)
            except table.TableError as e:
                raise SettingError(e.code, **e.data) from None
        if name == "voice" and value.strip().lower() in ON_OFF:
            # the speaking voice's name: "voice on" means voice commands, an option of the start
            raise SettingError("storage.voice_is_a_name", value=value.strip())
        if name == "names" and value.strip().lower() in ("default", "none", "off"):
            value = ""
        if name == "brief":
            value = brief_value(value)
        if name.startswith("channel_"):
            value = value.strip().lower()
        if name == "language":  # typed lines come lower case: zh-hans is zh-Hans; system is ""
            value = value.strip()
            value = {code.lower(): code for code in LANGUAGES}.get(
                value.lower(), "" if value.lower() in ("system", "default") else value
            )
        if name == "players" and self.teams != table.USUAL:
            # another table size: its usual layout, unless the layout kept still fits it
            try:
                table.check(int(value), self.teams)
            except (ValueError, TypeError):
                base = replace(self, teams=table.USUAL)
        v: Any  # the type of the field named at run time (checked by validate)
        try:
            v = ftype(value) if ftype is not bool else value.lower() in ("1", "true", "yes", "on")
        except ValueError:
            raise SettingError("storage.setting_needs_number", name=name, value=value, whole=ftype is int) from None
        return replace(base, **{name: v}).validate()


#: The settings that are free text (a voice's name, a model's folder), and how long they may be.
TEXT_SETTINGS = {"voice": 200, "vosk_model": 4096}


def _text(name: str, value: str) -> None:
    if not value.isprintable():
        raise SettingError("storage.setting_unprintable", name=name, value=value[:40])
    most = TEXT_SETTINGS[name]
    if len(value) > most:
        raise SettingError("storage.setting_too_long", name=name, most=most)


def _one_of(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise SettingError("storage.setting_one_of", name=name, value=value, allowed=allowed)


def from_dict(data: Mapping[str, object]) -> Settings:
    if not isinstance(data, dict):
        raise SettingError("storage.settings_not_a_table")
    version = data.get("version", SETTINGS_VERSION)
    if not isinstance(version, int) or version > SETTINGS_VERSION:
        raise SettingError("storage.settings_newer", version=version)
    kwargs: dict[str, Any] = {}  # each value of its field's type, checked below
    defaults = Settings()
    for f in fields(Settings):
        if f.name in data:
            v = data[f.name]
            want = type(getattr(defaults, f.name))
            if want is float and isinstance(v, int) and not isinstance(v, bool):
                v = float(v)
            if type(v) is not want:
                raise SettingError("storage.setting_wrong_kind", name=f.name, kind=want.__name__, value=str(v)[:30])
            kwargs[f.name] = v
    return Settings(**kwargs).validate()


MAX_SETTINGS_BYTES = 256 * 1024


def load(path: Path | None = None) -> tuple[Settings, Notice | None]:
    """The saved settings (defaults if none) and a notice if the file had to be replaced.

    A file that is damaged, from a newer version or unreadable (a folder in its place, say) is
    moved aside (never deleted) and replaced with the defaults; nothing else is touched."""
    path = path or paths.settings_path()
    try:
        if path.is_dir():
            return Settings(), _replace_bad(
                path, Notice("storage.settings_unreadable", error=Notice("storage.folder_in_its_place"))
            )
        raw = paths.read_regular(path, MAX_SETTINGS_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        return Settings(), None
    except paths.FileRefused as e:
        return Settings(), _replace_bad(path, Notice("storage.settings_unreadable", error=Notice(e.code, **e.data)))
    except OSError as e:
        return Settings(), _replace_bad(path, Notice("storage.settings_unreadable", error=_oserror(e)))
    if len(raw) > MAX_SETTINGS_BYTES:
        return Settings(), _replace_bad(path, Notice("storage.settings_too_large"))
    try:
        return from_dict(tomllib.loads(raw.decode("utf-8"))), None
    except (ValueError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, TypeError) as e:
        return Settings(), _replace_bad(path, _reason(e))


def saved_language(path: Path | None = None) -> str:
    """The ``language`` setting of the settings file, read without touching the file: "" when
    there is none, or the file cannot be used (:func:`load` says why, and sets it aside, when
    the game starts)."""
    path = path or paths.settings_path()
    try:
        raw = paths.read_regular(path, MAX_SETTINGS_BYTES + 1)
        value = tomllib.loads(raw.decode("utf-8")).get("language", "")
    except (OSError, paths.FileRefused, ValueError, UnicodeDecodeError, RecursionError):
        return ""
    return value if value in LANGUAGES else ""


def _replace_bad(path: Path, reason: Notice) -> Notice:
    """Move the bad file aside, write the defaults; a notice saying so."""
    moved = paths.move_aside(path)
    if moved is None:
        return Notice("storage.settings_not_moved", reason=reason)
    return Notice("storage.settings_replaced", reason=reason, moved=moved.name, error=save(Settings(), path))


def _oserror(e: OSError) -> Notice:
    if isinstance(e, paths.FileRefused):
        return Notice(e.code, **e.data)
    return Notice("storage.system_error", detail=e.strerror or e.__class__.__name__)


def _reason(e: Exception) -> Notice:
    """A SettingError's own notice; another error's first line, as it is."""
    if isinstance(e, Problem):
        return e.notice
    return Notice("storage.detail", text=str(e).split("\n")[0][:80])


def save(settings: Settings, path: Path | None = None) -> Notice | None:
    """Write the settings; return a notice if that failed (the game goes on)."""
    path = path or paths.settings_path()
    data = {"version": SETTINGS_VERSION, **asdict(settings)}
    try:
        paths.atomic_write(path, tomli_w.dumps(data).encode("utf-8"))
    except OSError as e:
        return Notice("storage.settings_not_saved", error=_oserror(e))
    return None


# ----------------------------------------------------------------------------- this run only
# The convention: command-line options apply to one run; settings changed in the game persist.

OPTIONS = {  # setting name -> the command-line option that sets it for one run
    "speech": "--speech",
    "rate": "--rate",
    "volume": "--volume",
    "verbosity": "--verbosity",
    "difficulty": "--difficulty",
    "target": "--target",
    "voice_engine": "--voice",
    "listen": "--listen",
    "command_end": "--command-end",
    "vosk_model": "--vosk-model",
    "cues": "--cues",
    "cue_volume": "--cue-volume",
    "count_tone": "--count-tone",
    "counting": "--counting",
    "muggins": "--muggins",
    "overcount_penalty": "--overcount-penalty",
    "time_limit": "--time-limit",
    "players": "--players",
    "teams": "--teams",
    "names": "--names",
    "pace": "--pace",
    "brief": "--brief",
    "language": "--language",
}


def options_given(args: argparse.Namespace) -> dict[str, SettingValue]:
    """The settings given as command-line options (setting name -> value), for this run only."""
    out: dict[str, SettingValue] = {}
    for name, option in OPTIONS.items():
        value = getattr(args, option[2:].replace("-", "_"), None)
        if value is not None:
            out[name] = value
    return out


def save_changed(name: str, value: SettingValue, path: Path | None = None) -> Notice | None:
    """Persist one setting changed in the game: read the file as it is now, change only
    ``name`` and write it back, so options given for this run never reach the file.
    Returns a notice if that failed or the file had to be replaced (the game goes on)."""
    return save_changes({name: value}, path)


def save_changes(changes: Mapping[str, SettingValue], path: Path | None = None) -> Notice | None:
    """Persist the settings changed in the game together (setting name -> value): read the
    file as it is now, change only those and write it back once. Together, because one change
    can bring another (``players`` resets ``teams`` that no longer fit): written one by one, the
    first would be checked against the file's old value of the other and refused."""
    path = path or paths.settings_path()
    current, msg = load(path)
    try:
        new = current
        typed: dict[str, Any] = {}  # each value of its field's type, checked by validate
        for name, value in changes.items():
            if isinstance(value, str) and not isinstance(getattr(current, name, ""), str):
                new = new.changed(name, value)
                typed[name] = getattr(new, name)
            else:
                typed[name] = value
        new = replace(new, **typed).validate()
    except (ValueError, TypeError) as e:
        return Notice("storage.setting_not_saved", reason=_reason(e))
    err = save(new, path)
    return err or msg


@dataclass
class RunSettings:
    """One run's settings: the file's, with the command-line options on top.

    ``current`` is what the game uses now; ``overrides`` maps each setting given as an option
    (and not changed in the game since) to its value. Pass ``on_settings`` to the Session: it
    saves only what the player changed. ``describe()`` lists every setting for the player."""

    current: Settings
    overrides: dict[str, SettingValue] = field(default_factory=dict)
    path: Path | None = None

    def on_settings(self, new: Settings, name: str | None = None) -> Notice | None:
        # every field that changed, saved together (``players`` can reset ``teams`` with it)
        names = [f.name for f in fields(Settings) if getattr(new, f.name) != getattr(self.current, f.name)]
        if name and name not in names:
            names.append(name)
        self.current = new
        for n in names:
            self.overrides.pop(n, None)  # changed in the game: no longer for this run only
        return save_changes({n: getattr(new, n) for n in names}, self.path)

    def describe(self, settings: Settings | None = None, game: dict[str, SettingValue] | None = None) -> list[Notice]:
        return describe(settings or self.current, self.path, self.overrides, game)


#: The settings that are rules of a game: a game keeps the values it began with.
GAME_RULES = ("counting", "muggins", "overcount_penalty", "target", "players", "difficulty")


def game_values(rules: Rules, difficulty: str | None = None) -> dict[str, SettingValue]:
    """The values a game in progress plays by, as settings (``rules``: the engine's Rules;
    ``difficulty``: the computer's level it began with)."""
    on = {True: "on", False: "off"}
    values: dict[str, SettingValue] = {
        "counting": rules.counting,
        "muggins": on[bool(rules.muggins)],
        "overcount_penalty": on[bool(rules.overcount_penalty)],
        "target": rules.target,
        "players": rules.players,
    }
    if difficulty is not None:
        values["difficulty"] = difficulty
    return values


def not_in_this_game(settings: Settings, game: Mapping[str, SettingValue]) -> dict[str, SettingValue]:
    """The rules the settings give that the game in progress does not play by (name -> the
    game's value): they apply from a new game."""
    return {n: v for n, v in game.items() if n in GAME_RULES and getattr(settings, n) != v}


def describe(
    settings: Settings,
    path: Path | None = None,
    overrides: Mapping[str, object] | None = None,
    game: Mapping[str, SettingValue] | None = None,
) -> list[Notice]:
    """Every setting and its value (``storage.setting_value``, one line each in words), then
    where the file is (``storage.settings_file``).

    A setting in ``overrides`` (setting name -> anything; only the names count) comes from a
    command-line option: ``for_run`` is True and ``option`` names it (None if unknown).
    ``game``: the rules of the game in progress (:func:`game_values`); a setting it does not
    play by says so (``this_game``: the game's value; the setting applies from a new game).
    After the channels, the ``profile`` they make (:func:`profile_of`; "" for none)."""
    overrides = overrides or {}
    differ = not_in_this_game(settings, game or {})
    lines = [
        Notice(
            "storage.setting_value",
            name=f.name,
            value=getattr(settings, f.name),
            for_run=f.name in overrides,
            option=OPTIONS.get(f.name),
            **({"this_game": differ[f.name]} if f.name in differ else {}),
        )
        for f in fields(Settings)
    ]
    # the profile the channels make (not a field: ``profile quiet`` sets the channels and the
    # verbosity), after the channels; "" when they make none
    last_channel = 1 + max(i for i, n in enumerate(lines) if n.data["name"].startswith("channel_"))
    lines.insert(last_channel, Notice("storage.setting_value", name="profile", value=profile_of(settings) or ""))
    lines.append(Notice("storage.settings_file", path=path or paths.settings_path()))
    return lines

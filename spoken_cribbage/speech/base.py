"""What every speaker shares: the Speaker protocol, the test doubles, errors, limits, voices.

Nothing here is in words: a speaker tells the player what it is (``status``) and what went wrong
(``on_error``) with a :class:`Notice` (``speech.*`` codes), and a reason is a notice or a
foreign error's own text; ``words.speech`` phrases them. ``description`` is for developers.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from spoken_cribbage.notice import Notice, Problem

from .priority import Priority

#: Most utterances waiting behind the current one (said at NEXT or NORMAL priority).
MAX_QUEUED = 3
#: Speaking rate range in words per minute (espeak-ng's usable range).
MIN_RATE, MAX_RATE = 80, 450

#: Told once when speech cannot start or stops working: ``speech.could_not_start`` or
#: ``speech.stopped_working``, with the ``reason``.
OnError = Callable[[Notice], None]
#: Why speech failed: a notice, or the text of a foreign error (one line, no final full stop).
Reason = Notice | str


class AudioError(Problem, RuntimeError):
    """The audio output failed (no device, device lost, player crashed)."""


class SpeechUnavailable(Problem, RuntimeError):
    """Speech cannot start; the notice is the reason."""


class EngineError(Problem, RuntimeError):
    """The speech engine failed while speaking."""


class BadSpeechValue(Problem, ValueError):
    """A speech mode or voice that does not exist."""


@runtime_checkable
class Speaker(Protocol):
    """What the console needs from a speech output.

    ``say`` takes a :class:`~.priority.Priority`: NOW cuts off what is being said and what
    waits (the default: a key's answer), NORMAL queues, NEXT goes before what waits at NORMAL
    where the backend can (each backend's ``say`` says what it does with it)."""

    available: bool
    description: str  # for developers
    status: Notice  # what the player is told about speech: speech.espeak, speech.none, ...

    def say(self, text: str, *, priority: Priority = Priority.NOW) -> None: ...
    def stop(self) -> None: ...
    def set_rate(self, wpm: int) -> None: ...
    def set_volume(self, volume: float) -> None: ...
    def set_voice(self, voice: str | None) -> None: ...
    def list_voices(self) -> list[str]: ...
    def close(self) -> None: ...


class NullSpeaker:
    """A speaker that says nothing (speech off, or no working engine)."""

    available = False

    def __init__(self, reason: Reason | None = None) -> None:
        self.reason = reason
        self.status = Notice("speech.none", reason=reason)
        self.description = f"no speech: {reason}" if reason else "no speech"

    def say(self, text: str, *, priority: Priority = Priority.NOW) -> None:
        """Do nothing (at any priority)."""

    def stop(self) -> None:
        """Do nothing."""

    def set_rate(self, wpm: int) -> None:
        """Do nothing."""

    def set_volume(self, volume: float) -> None:
        """Do nothing."""

    def set_voice(self, voice: str | None) -> None:
        """Do nothing."""

    def list_voices(self) -> list[str]:
        """No voices."""
        return []

    def close(self) -> None:
        """Do nothing."""


@dataclass
class RecordingSpeaker:
    """Test double: records every call with a ``time.monotonic()`` timestamp."""

    available: bool = True
    description: str = "recording speaker"
    status: Notice = field(default_factory=lambda: Notice("speech.recording"))
    voices: list[str] = field(default_factory=lambda: ["Test Voice"])
    said: list[tuple[float, str, Priority]] = field(default_factory=list)  # (time, text, priority)
    stopped: list[float] = field(default_factory=list)
    rate: int | None = None
    volume: float | None = None
    voice: str | None = None
    closed: bool = False

    def say(self, text: str, *, priority: Priority = Priority.NOW) -> None:
        """Record an announcement with its priority."""
        self.said.append((time.monotonic(), text, priority))

    def stop(self) -> None:
        """Record a silence request."""
        self.stopped.append(time.monotonic())

    def set_rate(self, wpm: int) -> None:
        """Record the rate."""
        self.rate = wpm

    def set_volume(self, volume: float) -> None:
        """Record the volume."""
        self.volume = volume

    def set_voice(self, voice: str | None) -> None:
        """Record the voice."""
        self.voice = voice

    def list_voices(self) -> list[str]:
        """The fake voice list."""
        return list(self.voices)

    def close(self) -> None:
        """Record closing."""
        self.closed = True

    @property
    def texts(self) -> list[str]:
        """Just the texts said, in order."""
        return [text for _, text, _ in self.said]

    @property
    def last(self) -> str | None:
        """The last text said, if any."""
        return self.said[-1][1] if self.said else None


#: (id, name, languages) of one installed voice.
VoiceEntry = tuple[str, str, list[str]]

#: The voices that read each of the game's languages, best first: language tags as the voice
#: tables give them (lower case, ``_`` read as ``-``; a final ``*`` matches any region):
#: espeak-ng's ``cmn-latn-pinyin`` and ``fr-fr``, Windows' ``zh-tw`` (pyttsx3's sapi5 driver),
#: macOS' ``zh_TW`` (nsss), speech-dispatcher's. espeak-ng's plain ``cmn`` is left out on purpose:
#: it spells the pinyin of many characters as English letters ('bu four' for 不), where
#: ``cmn-latn-pinyin`` reads them in Mandarin (tests/speech/test_speech_language.py proves it
#: with espeak-ng's phoneme output). Traditional characters: a Taiwan voice first, then Hong
#: Kong's, then a Mandarin voice (espeak-ng's and Windows' read traditional characters too).
LANGUAGE_VOICES: dict[str, tuple[str, ...]] = {
    # English only when the language changes back in the game (at the start: the default voice)
    "en": ("en-us", "en", "en-gb", "en-*"),
    "fr": ("fr-fr", "fr", "fr-*"),
    "zh-Hans": ("cmn-latn-pinyin", "zh-cn", "zh-hans", "zh-hans-*", "zh-sg", "zh", "zh-cmn"),
    "zh-Hant": ("zh-tw", "zh-hant", "zh-hant-*", "zh-hk", "zh-mo", "cmn-latn-pinyin", "zh-cn", "zh", "zh-cmn"),
}


def language_voice(language: str, table: list[VoiceEntry]) -> str | None:
    """The id of the installed voice that reads ``language`` (a code of the game's languages)
    best, or None when none does (or the language is not listed).
    espeak-ng's MBROLA voices (``mb/``) come last: they need MBROLA's own data to speak."""
    ordered = sorted(table, key=lambda v: v[0].lower().startswith("mb/"))
    for want in LANGUAGE_VOICES.get(language, ()):
        for vid, _name, langs in ordered:
            for lang in langs:
                tag = lang.lower().replace("_", "-")
                if tag == want or (want.endswith("*") and tag.startswith(want[:-1])):
                    return vid
    return None


def resolve_voice(voice: str, table: list[VoiceEntry]) -> str:
    """Voice id for an id, a name, a short id ("en-us"), a language code, the start of a name
    ("english": the most general English voice) or a whole word of the name ("zira", for
    "Microsoft Zira Desktop - English (United States)"); else BadSpeechValue (a ValueError)."""
    want = voice.strip().lower()
    for pick in (
        lambda vid, name, langs: vid.lower() == want,
        lambda vid, name, langs: name.lower() == want,
        lambda vid, name, langs: vid.lower().rsplit("/", 1)[-1] == want,
        lambda vid, name, langs: want in langs,
    ):
        for vid, name, langs in table:
            if pick(vid, name, langs):
                return vid
    starts = sorted((len(vid), vid) for vid, name, _ in table if want and name.lower().startswith(want))
    if starts:
        return starts[0][1]
    words_wanted = want.split()
    for vid, name, _ in table:
        words = re.findall(r"[\w'-]+", name.lower())
        n = len(words_wanted)
        if n and any(words[i : i + n] == words_wanted for i in range(len(words))):
            return vid
    raise BadSpeechValue("speech.no_voice", voice=voice)


def clamp_rate(wpm: int) -> int:
    """A rate within espeak-ng's usable range."""
    return max(MIN_RATE, min(MAX_RATE, int(wpm)))


def clamp_volume(volume: float) -> float:
    """A volume from 0.0 to 1.0."""
    return max(0.0, min(1.0, float(volume)))


def short(exc: BaseException | str) -> Reason:
    """Why an error happened: its notice if it carries one, else one short line of its text,
    without a final full stop."""
    if isinstance(exc, Problem):
        return exc.notice
    text = str(exc).strip().splitlines()[0].strip() if str(exc).strip() else ""
    if not text and isinstance(exc, BaseException):
        text = type(exc).__name__
    text = text.replace(". ", "; ").rstrip(" .")  # keep the report to one sentence
    return text[:150]


def safe_call(fn: Callable[..., Any] | None, *args: Any) -> None:
    """Call a user callback; its own errors must not break speech."""
    if fn is None:
        return
    with contextlib.suppress(Exception):
        fn(*args)

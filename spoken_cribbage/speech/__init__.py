"""Speech output on one worker thread that never blocks the keyboard.

Modules, one job each:

* :mod:`.priority` - :class:`Priority`, NVDA's speech priorities (NOW, NEXT, NORMAL) that
  ``say`` takes;
* :mod:`.base` - the :class:`Speaker` protocol, :class:`NullSpeaker`, :class:`RecordingSpeaker`,
  errors (each carries a ``speech.*`` notice), limits and voice-name matching;
* :mod:`.worker` - :class:`SpeechWorker`, the one worker thread and bounded queue every driver
  uses (priorities: NOW interrupts on a new key, stop at once, no pile-up, one notice on failure);
* :mod:`.espeak` - espeak-ng through our own small ctypes binding, streaming PCM
  (:class:`EspeakSpeaker`, :func:`render_to_wav`);
* :mod:`.audio` - audio out through sounddevice (PortAudio), and the silent timed sink;
* :mod:`.player` - an explicit player command as the output (only when asked for);
* :mod:`.native` - pyttsx3's own driver on Windows (SAPI5) and macOS (NSSpeechSynthesizer), the
  only user of pyttsx3;
* :mod:`.ssip` - speech-dispatcher (the player's own system voice on Linux) through our small
  SSIP client;
* :mod:`.screenreader` - is Orca, NVDA, JAWS or VoiceOver running? and
  :class:`ScreenReaderVoice`, which lets it be the only voice.

:func:`make_speaker` picks the route for the ``speech`` setting and never raises for a missing
engine.

No sentence is written here: what the player is told comes as a notice (a speaker's ``status``,
the ``on_error`` argument) for ``spoken_cribbage.words.speech`` to phrase.
"""

from __future__ import annotations

import os
import sys

from spoken_cribbage.notice import Notice

from .audio import AUDIO_ENV, AudioSink, NullSink, SoundDeviceSink, choose_sink
from .base import (
    MAX_QUEUED,
    MAX_RATE,
    MIN_RATE,
    AudioError,
    BadSpeechValue,
    EngineError,
    NullSpeaker,
    OnError,
    RecordingSpeaker,
    Speaker,
    SpeechUnavailable,
    language_voice,
    safe_call,
    short,
)
from .espeak import CHUNK_MS, EspeakSpeaker, render_to_wav
from .native import NativePyttsx3Speaker
from .player import PlayerSink
from .priority import Priority
from .screenreader import ScreenReader, ScreenReaderVoice, detect
from .ssip import SSIPSpeaker
from .worker import SpeechWorker

__all__ = [
    "AUDIO_ENV",
    "CHUNK_MS",
    "DRIVER_ENV",
    "MAX_QUEUED",
    "MAX_RATE",
    "MIN_RATE",
    "AudioError",
    "AudioSink",
    "BadSpeechValue",
    "EngineError",
    "EspeakSpeaker",
    "NativePyttsx3Speaker",
    "NullSink",
    "NullSpeaker",
    "PlayerSink",
    "Priority",
    "Pyttsx3Speaker",
    "RecordingSpeaker",
    "SSIPSpeaker",
    "ScreenReader",
    "ScreenReaderVoice",
    "SoundDeviceSink",
    "Speaker",
    "SpeechUnavailable",
    "SpeechWorker",
    "choose_sink",
    "detect",
    "follow_language",
    "make_speaker",
    "render_to_wav",
]

#: The streaming espeak-ng speaker's former name (it no longer goes through pyttsx3).
Pyttsx3Speaker = EspeakSpeaker

#: Environment variable choosing the speech implementation: "auto" (default: speech-dispatcher,
#: else the streaming espeak-ng speaker on Linux; pyttsx3's own driver on Windows and macOS),
#: "ssip", "native" or "stream" (espeak-ng without trying speech-dispatcher).
DRIVER_ENV = "SPOKEN_CRIBBAGE_SPEECH_DRIVER"
#: The speech settings: "on" is another name for "tts".
MODES = ("auto", "screenreader", "tts", "on", "off")


def _speaker_classes(platform: str) -> list[type]:
    """Our own voices for this platform, best first (``$SPOKEN_CRIBBAGE_SPEECH_DRIVER`` wins)."""
    forced = os.environ.get(DRIVER_ENV, "").strip().lower()
    if forced == "native":
        return [NativePyttsx3Speaker]
    if forced in ("stream", "streaming"):
        return [EspeakSpeaker]
    if forced == "ssip":
        return [SSIPSpeaker]
    if platform in ("win32", "darwin"):
        return [NativePyttsx3Speaker]
    return [SSIPSpeaker, EspeakSpeaker]


def make_speaker(
    mode: str = "auto",
    *,
    rate: int | None = None,
    volume: float | None = None,
    voice: str | None = None,
    on_error: OnError | None = None,
    platform: str | None = None,
    screen_reader: ScreenReader | None | bool = True,
    language: str = "en",
) -> Speaker:
    """Build the speaker for a speech setting: auto, screenreader, tts (or on), off.

    * "auto": a running screen reader (:func:`detect`; pass ``screen_reader`` to skip that: a
      :class:`ScreenReader`, or None for "none runs") is the voice
      (:class:`ScreenReaderVoice`: the game adds none); otherwise as "tts", falling back silently.
    * "screenreader": the screen reader is the voice, found or not.
    * "tts" / "on": our own voice: on Linux speech-dispatcher (:class:`SSIPSpeaker`, the player's
      system voice) when it is reachable, else espeak-ng (:class:`EspeakSpeaker`); on Windows and
      macOS pyttsx3's own driver (:class:`NativePyttsx3Speaker`). A failure to start is told
      through ``on_error`` (a ``speech.could_not_start`` notice).

    The fallback is a :class:`NullSpeaker` whose ``reason`` (and ``status``) holds the reason.
    An unknown ``voice`` is ignored (the default voice is used); an unknown ``mode`` raises
    BadSpeechValue (a ValueError).

    ``language`` (the game's, ``fr``, ``zh-Hans``, ``zh-Hant``) chooses our own voice when no
    ``voice`` is named: the installed voice that reads it (:func:`base.language_voice`: espeak-ng's
    ``cmn-latn-pinyin`` for Chinese, the system voice of that language through pyttsx3). When no
    route has one, nothing speaks (an English voice would spell the words): the reason is
    ``speech.no_language_voice``, said in one line, and the game plays in text. The screen
    reader reads in the player's own voice, as before.
    """
    mode = (mode or "auto").strip().lower()
    if mode == "off":
        return NullSpeaker(Notice("speech.turned_off"))
    if mode not in MODES:
        raise BadSpeechValue("speech.unknown_mode", mode=mode)
    platform = platform or sys.platform
    if mode in ("auto", "screenreader"):
        reader = detect(platform) if screen_reader is True else screen_reader or None
        if reader is not None or mode == "screenreader":
            return ScreenReaderVoice(reader)
    reason: Notice | str | None = None
    for cls in _speaker_classes(platform):
        try:
            speaker = _start(cls, rate=rate, volume=volume, voice=voice, on_error=on_error)
        except Exception as exc:  # noqa: BLE001 - any failure means "try the next", never a crash
            if reason is None or cls is not SSIPSpeaker:
                reason = short(exc)
            continue
        if _speaks_language(speaker, language, voice):
            return speaker
        reason = Notice("speech.no_language_voice", language=language)
    if mode in ("tts", "on"):
        safe_call(on_error, Notice("speech.could_not_start", reason=reason))
    return NullSpeaker(reason)


def follow_language(speaker: Speaker, language: str) -> bool:
    """The language changed in the game: our own voice takes the installed voice that reads it
    (English: an English voice). False when none does (the voice is left as it was: the caller
    says so); True too for a speaker that lists no voices (a screen reader, none)."""
    entries = getattr(speaker, "voice_entries", None)
    if entries is None or not getattr(speaker, "available", False):
        return True
    chosen = language_voice(language, entries())
    if chosen is None:
        return language == "en"
    speaker.set_voice(chosen)
    return True


def _speaks_language(speaker: Speaker, language: str, voice: str | None) -> bool:
    """Set ``speaker``'s voice to one that reads ``language``; False (the speaker closed) when
    it has none. A voice the player named, English, or a speaker that lists no voices (a test
    double) is left as it is."""
    entries = getattr(speaker, "voice_entries", None)
    if language == "en" or (voice is not None and voice.strip()) or entries is None:
        return True
    chosen = language_voice(language, entries())
    if chosen is None:
        speaker.close()
        return False
    speaker.set_voice(chosen)
    return True


def _start(cls: type, *, voice: str | None, **kwargs) -> Speaker:
    """One speaker; an unknown voice falls back to the default voice."""
    try:
        return cls(voice=voice, **kwargs)
    except ValueError:
        if voice is None or not voice.strip():
            raise
        return cls(**kwargs)

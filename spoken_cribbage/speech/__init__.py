"""Speech output on one worker thread that never blocks the keyboard.

Modules, one job each:

* :mod:`.base` - the :class:`Speaker` protocol, :class:`NullSpeaker`, :class:`RecordingSpeaker`,
  errors (each carries a ``speech.*`` notice), limits and voice-name matching;
* :mod:`.worker` - :class:`SpeechWorker`, the one worker thread and bounded queue every driver
  uses (interrupt on a new key, stop at once, no pile-up, one notice on failure);
* :mod:`.espeak` - espeak-ng through our own small ctypes binding, streaming PCM
  (:class:`EspeakSpeaker`, :func:`render_to_wav`);
* :mod:`.audio` - audio out through sounddevice (PortAudio), and the silent timed sink;
* :mod:`.player` - an explicit player command as the output (only when asked for);
* :mod:`.native` - pyttsx3's own driver on Windows (SAPI5) and macOS (NSSpeechSynthesizer), the
  only user of pyttsx3.

:func:`make_speaker` picks the speaker for the platform and never raises for a missing engine.

No sentence is written here: what the player is told comes as a notice (a speaker's ``status``,
the ``on_error`` argument) for ``spoken_cribbage.words.speech`` to phrase.
"""

from __future__ import annotations

import os
import sys

from .audio import AUDIO_ENV, AudioSink, NullSink, SoundDeviceSink, choose_sink
from spoken_cribbage.notice import Notice

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
    safe_call,
    short,
)
from .espeak import CHUNK_MS, EspeakSpeaker, render_to_wav
from .native import NativePyttsx3Speaker
from .player import PlayerSink
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
    "Pyttsx3Speaker",
    "RecordingSpeaker",
    "SoundDeviceSink",
    "Speaker",
    "SpeechUnavailable",
    "SpeechWorker",
    "choose_sink",
    "make_speaker",
    "render_to_wav",
]

#: The streaming espeak-ng speaker's former name (it no longer goes through pyttsx3).
Pyttsx3Speaker = EspeakSpeaker

#: Environment variable choosing the speech implementation: "auto" (default: the streaming
#: espeak-ng speaker on Linux, pyttsx3's own driver on Windows and macOS), "native" or "stream".
DRIVER_ENV = "SPOKEN_CRIBBAGE_SPEECH_DRIVER"


def _speaker_class() -> type[SpeechWorker]:
    """The speaker implementation for this platform (``$SPOKEN_CRIBBAGE_SPEECH_DRIVER`` wins)."""
    forced = os.environ.get(DRIVER_ENV, "").strip().lower()
    if forced == "native":
        return NativePyttsx3Speaker
    if forced in ("stream", "streaming"):
        return EspeakSpeaker
    if sys.platform in ("win32", "darwin"):
        return NativePyttsx3Speaker
    return EspeakSpeaker


def make_speaker(
    mode: str = "auto",
    *,
    rate: int | None = None,
    volume: float | None = None,
    voice: str | None = None,
    on_error: OnError | None = None,
) -> Speaker:
    """Build the speaker for a speech mode: "off", "on" or "auto".

    Linux gets the streaming :class:`EspeakSpeaker` (espeak-ng to the sound device); Windows and
    macOS get :class:`NativePyttsx3Speaker` (pyttsx3's sapi5 / nsss driver).
    ``$SPOKEN_CRIBBAGE_SPEECH_DRIVER`` set to "native" or "stream" forces one of them.

    "on" reports a failure to start through ``on_error`` (a ``speech.could_not_start`` notice);
    "auto" falls back silently.  Either way the fallback is a :class:`NullSpeaker` whose
    ``reason`` (and ``status``) holds the reason.  An unknown ``voice`` is ignored (the default
    voice is used); an unknown ``mode`` raises BadSpeechValue (a ValueError).
    """
    mode = (mode or "auto").strip().lower()
    if mode == "off":
        return NullSpeaker(Notice("speech.turned_off"))
    if mode not in ("on", "auto"):
        raise BadSpeechValue("speech.unknown_mode", mode=mode)
    cls = _speaker_class()
    try:
        try:
            return cls(rate=rate, volume=volume, voice=voice, on_error=on_error)
        except ValueError:
            if voice is None or not voice.strip():
                raise
            return cls(rate=rate, volume=volume, on_error=on_error)
    except Exception as exc:  # noqa: BLE001 - any failure means "no speech", never a crash
        reason = short(exc)
        if mode == "on":
            safe_call(on_error, Notice("speech.could_not_start", reason=reason))
        return NullSpeaker(reason)

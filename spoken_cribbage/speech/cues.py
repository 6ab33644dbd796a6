"""Sound cues: short sounds for game events, made here with numpy, and the players that play them.

Every cue is synthesised from a few notes (no sound files): under 150 ms, a smooth attack and
release on every note (no clicks), 16-bit mono at :data:`SAMPLE_RATE`, and normalised to the same
loudness (the loudest 50 ms window of every cue has the same RMS level). Cues differ in pitch,
contour (rising, falling, flat) and rhythm (one to six notes); ``tests/app/test_cues.py`` measures that.

Players:

* :class:`MixerCuePlayer` - one sounddevice output stream with a callback that mixes every cue
  in flight, so overlapping cues mix and :meth:`~MixerCuePlayer.play` returns at once; the stream
  is started by a small owner thread when a cue comes and stops itself when the cues are over
  (a device without a clock, like ALSA's null device, is not kept spinning);
* :class:`NullCuePlayer` - silent; :class:`RecordingCuePlayer` - records the names (tests).

:func:`make_cue_player` honours ``$SPOKEN_CRIBBAGE_AUDIO`` like the speech sink ("null" is
silent, "device:NAME" picks a device). What goes wrong is told once through ``on_error`` as a
``cues.could_not_start`` or ``cues.stopped_working`` notice; the game goes on without cues.
"""

from __future__ import annotations

import collections
import contextlib
import os
import threading
import time
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from spoken_cribbage.notice import Notice

from .audio import AUDIO_ENV, close_stream, import_sounddevice
from .base import short

SAMPLE_RATE = 44100
#: The longest a cue may last (s); every cue is shorter.
MAX_SECONDS = 0.150
#: RMS level of the loudest 50 ms window of every cue (full scale = 1): about -16 dBFS.
TARGET_RMS = 0.16
LOUDNESS_WINDOW = 0.050
#: Silence between the cues of one batch (s).
GAP = 0.030
#: Frames per callback of the mixer's stream (5.8 ms at 44.1 kHz).
BLOCK = 256
#: The mixer's stream stops itself after this much silence (s of audio).
IDLE_STOP = 0.25

#: The game's cues, in the order the ``cues`` command plays them.
CUE_NAMES: tuple[str, ...] = (
    "your_turn",
    "my_card",
    "their_card",
    "points",
    "fifteen",
    "thirty_one",
    "go",
    "count_reset",
    "starter",
    "heels",
    "new_deal",
    "show",
    "win",
    "lose",
    "listen_on",
    "listen_off",
    "refused",
)
#: The count tones: "count_0" (lowest) to "count_31" (highest), two octaves apart.
COUNT_TONES: tuple[str, ...] = tuple(f"count_{n}" for n in range(32))

OnError = Callable[[Notice], None]


# ----------------------------------------------------------------------------- synthesis


@dataclass(frozen=True)
class Note:
    """One note of a cue: ``start`` and ``length`` in seconds, pitch gliding from ``f0`` to
    ``f1`` Hz (a chord: several pitches at once), a timbre and an envelope."""

    start: float
    length: float
    f0: float | tuple[float, ...]
    f1: float | tuple[float, ...] | None = None
    timbre: str = "sine"
    decay: float | None = None  # time constant of an exponential decay (s); None: sustained
    attack: float = 0.004
    release: float = 0.012


#: Relative amplitudes of the harmonics 1, 2, 3 ... of each timbre.
TIMBRES: dict[str, tuple[float, ...]] = {
    "sine": (1.0,),
    "soft": (1.0, 0.15),
    "bell": (1.0, 0.4, 0.15, 0.08),
    "bright": (1.0, 0.5, 0.33, 0.25, 0.2),
    "hollow": (1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14),  # odd harmonics: a clarinet-like tone
    "buzz": (1.0, 0.0, 0.5, 0.0, 0.35, 0.0, 0.25, 0.0, 0.2),
}

C5, E5, G5 = 523.25, 659.26, 783.99
C6, E6, G6 = 1046.5, 1318.5, 1568.0


def _notes(
    pitches: Sequence[float],
    length: float,
    *,
    step: float | None = None,
    timbre: str = "bell",
    decay: float | None = 0.05,
    last: float | None = None,
    start: float = 0.0,
) -> list[Note]:
    """A run of notes, one after another (``last``: a longer final note)."""
    step = step or length
    out = []
    for i, f in enumerate(pitches):
        n_len = last if last is not None and i == len(pitches) - 1 else length
        out.append(Note(start + i * step, n_len, f, timbre=timbre, decay=decay))
    return out


CUES: dict[str, list[Note]] = {
    # two rising bell notes, a fifth apart: "your move"
    "your_turn": _notes((659.26, 987.77), 0.055, step=0.07, last=0.075, decay=0.06),
    # one short tick, high (your card) or low (another player's)
    "my_card": [Note(0.0, 0.05, 1318.5, timbre="soft", decay=0.018, attack=0.002)],
    "their_card": [Note(0.0, 0.06, 415.3, timbre="hollow", decay=0.022, attack=0.002)],
    # a coin: short then long, up a fourth
    "points": [
        Note(0.0, 0.035, 987.77, timbre="bright", attack=0.002, release=0.006),
        Note(0.035, 0.09, 1318.5, timbre="bright", decay=0.05, attack=0.002),
    ],
    # three and four quick rising notes
    "fifteen": _notes((C6, E6, G6), 0.04, decay=0.05, last=0.06),
    "thirty_one": _notes((C6, E6, G6, 2093.0), 0.028, decay=0.05, last=0.055),
    # two equal low notes
    "go": _notes((392.0, 392.0), 0.045, step=0.065, timbre="hollow", decay=None),
    # three falling notes: the count tumbles back to zero
    "count_reset": _notes((C6, G5, C5), 0.04, decay=0.05, last=0.055),
    # one ringing bell
    "starter": [Note(0.0, 0.14, 783.99, timbre="bell", decay=0.07, attack=0.003, release=0.02)],
    # a quick trill: his heels
    "heels": _notes((1318.5, 1568.0) * 3, 0.022, decay=None, timbre="soft"),
    # three flat ticks: the cards dealt
    "new_deal": _notes((587.33, 587.33, 587.33), 0.025, step=0.045, timbre="bell", decay=0.012),
    # two soft notes, falling: the hands are counted
    "show": _notes((880.0, 659.26), 0.06, step=0.065, last=0.075, timbre="soft", decay=None),
    # major chords rising, minor chords falling
    "win": [
        Note(0.0, 0.04, (C5, E5, G5), timbre="soft"),
        Note(0.04, 0.04, (E5, G5, C6), timbre="soft"),
        Note(0.08, 0.065, (C6, E6, G6), timbre="soft", decay=0.08),
    ],
    "lose": [
        Note(0.0, 0.06, (440.0, 523.25, 659.26), timbre="soft"),
        Note(0.06, 0.085, (329.63, 392.0, 493.88), timbre="soft", decay=0.08),
    ],
    # a glide up when the microphone opens, down when it closes
    "listen_on": [Note(0.0, 0.09, 440.0, 880.0, timbre="sine", attack=0.008, release=0.02)],
    "listen_off": [Note(0.0, 0.09, 880.0, 440.0, timbre="sine", attack=0.008, release=0.02)],
    # a low buzz: not understood, or refused
    "refused": [Note(0.0, 0.12, 196.0, 174.6, timbre="buzz", attack=0.006, release=0.025)],
}


def count_pitch(count: int) -> float:
    """The pitch of the count tone: 262 Hz at 0, rising two octaves to 1047 Hz at 31."""
    return 261.63 * 2.0 ** (2.0 * max(0, min(31, count)) / 31.0)


def _note_samples(note: Note, rate: int) -> np.ndarray:
    n = max(1, int(round(note.length * rate)))
    t = np.arange(n) / rate
    f0s = note.f0 if isinstance(note.f0, tuple) else (note.f0,)
    f1s = note.f1 if isinstance(note.f1, tuple) else ((note.f1,) * len(f0s) if note.f1 is not None else f0s)
    out = np.zeros(n)
    weights = TIMBRES[note.timbre]
    for f0, f1 in zip(f0s, f1s, strict=True):
        # an exponential glide from f0 to f1; phase is the running sum of the frequency
        freq = f0 * (f1 / f0) ** (t / note.length)
        phase = 2 * np.pi * np.cumsum(freq) / rate
        for k, w in enumerate(weights, 1):
            if w and k * max(f0, f1) < rate / 2 * 0.9:  # no harmonic near or past Nyquist
                out += w * np.sin(k * phase)
    env = np.ones(n)
    if note.decay:
        env *= np.exp(-t / note.decay)
    a = min(n, max(1, int(note.attack * rate)))
    r = min(n - a, max(1, int(note.release * rate)))
    env[:a] *= 0.5 - 0.5 * np.cos(np.pi * np.arange(a) / a)  # raised-cosine attack
    env[n - r :] *= 0.5 + 0.5 * np.cos(np.pi * np.arange(1, r + 1) / r)  # and release to zero
    return out * env


def _window_rms_max(x: np.ndarray, rate: int) -> float:
    w = max(1, int(LOUDNESS_WINDOW * rate))
    if len(x) <= w:
        return float(np.sqrt(np.mean(x**2)))
    c = np.concatenate(([0.0], np.cumsum(x**2)))
    return float(np.sqrt(np.max(c[w:] - c[:-w]) / w))


def synthesize(notes: Sequence[Note], rate: int = SAMPLE_RATE) -> np.ndarray:
    """The notes mixed and normalised: float64 samples in -1..1."""
    end = max(n.start + n.length for n in notes)
    out = np.zeros(int(round(end * rate)) + 1)
    for note in notes:
        s = _note_samples(note, rate)
        i = int(round(note.start * rate))
        out[i : i + len(s)] += s[: len(out) - i]
    level = _window_rms_max(out, rate)
    if level > 0:
        out *= TARGET_RMS / level
    peak = float(np.max(np.abs(out)))
    if peak > 0.89:  # never past -1 dBFS
        out *= 0.89 / peak
    return out


def notes_of(name: str) -> list[Note]:
    """The notes of a cue (``count_N``: one short tone at :func:`count_pitch`)."""
    if name.startswith("count_") and name[6:].isdigit() and int(name[6:]) <= 31:
        return [Note(0.0, 0.06, count_pitch(int(name[6:])), timbre="soft", decay=None, release=0.02)]
    if name not in CUES:
        raise KeyError(name)
    return CUES[name]


_RENDERED: dict[tuple[str, int], np.ndarray] = {}


def render(name: str, rate: int = SAMPLE_RATE) -> np.ndarray:
    """A cue as 16-bit PCM samples (cached; KeyError for an unknown name)."""
    key = (name, rate)
    pcm = _RENDERED.get(key)
    if pcm is None:
        pcm = np.round(synthesize(notes_of(name), rate) * 32767).astype(np.int16)
        pcm.flags.writeable = False
        _RENDERED[key] = pcm
    return pcm


def render_all(rate: int = SAMPLE_RATE) -> dict[str, np.ndarray]:
    """Every cue and count tone, rendered (about 20 ms on the first call)."""
    return {name: render(name, rate) for name in CUE_NAMES + COUNT_TONES}


def write_wav(name: str, path: str | Path, rate: int = SAMPLE_RATE) -> Path:
    """Write one cue as a 16-bit mono WAV file."""
    path = Path(path)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(render(name, rate).tobytes())
    return path


# ----------------------------------------------------------------------------- players


class NullCuePlayer:
    """Plays nothing (cues off, SPOKEN_CRIBBAGE_AUDIO=null, or no sound device)."""

    available = False

    def __init__(self, reason: Any = None) -> None:
        self.reason = reason  # why it is silent: a notice, or None

    def open(self) -> bool:
        return False

    def play(self, *names: str) -> None:
        """Do nothing."""

    def stop(self) -> None:
        """Do nothing."""

    def set_volume(self, volume: float) -> None:
        """Do nothing."""

    def close(self) -> None:
        """Do nothing."""


class RecordingCuePlayer(NullCuePlayer):
    """Test double: records each ``play`` call (a tuple of names) and checks the names exist."""

    available = True

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, ...]] = []
        self.volume = 1.0
        self.stops = 0

    def open(self) -> bool:
        return True

    def play(self, *names: str) -> None:
        for name in names:
            notes_of(name)  # KeyError for a cue that does not exist
        self.calls.append(tuple(names))

    def stop(self) -> None:
        self.stops += 1

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    @property
    def played(self) -> list[str]:
        """Every cue name played, in order."""
        return [n for call in self.calls for n in call]


class _Voice:
    """A cue in the mixer: its samples (float32, volume applied) and where it has got to.
    ``pos`` < 0 means it starts after -pos frames."""

    __slots__ = ("name", "samples", "pos", "queued")

    def __init__(self, name: str, samples: np.ndarray, delay: int, queued: float) -> None:
        self.name, self.samples, self.pos, self.queued = name, samples, -delay, queued


class MixerCuePlayer:
    """Cues through one sounddevice output stream whose callback mixes them.

    ``play`` hands the cues to the callback through a deque and wakes the owner thread, which
    starts the stream if it is stopped: the caller never waits for the device. The callback
    mixes every cue in flight and stops the stream after :data:`IDLE_STOP` of silence.
    ``trace`` (for the benchmark) receives (name, queued time, time its first sample was mixed),
    ``time.perf_counter`` seconds, from the callback thread.
    """

    available = True

    def __init__(
        self,
        device: Any = None,
        *,
        volume: float = 1.0,
        on_error: OnError | None = None,
        rate: int = SAMPLE_RATE,
        trace: Callable[[str, float, float], None] | None = None,
        sd: Any = None,
    ) -> None:
        self._sd = sd  # the sounddevice module (tests pass a double)
        self._device = device
        self._volume = max(0.0, min(1.0, float(volume)))
        self._on_error = on_error
        self.rate = rate
        self.trace = trace
        self._incoming: collections.deque[_Voice] = collections.deque()
        self._voices: list[_Voice] = []
        self._idle = 0
        self._flush = False
        self._running = False  # the stream is started and its callback has not stopped it
        self._stream: Any = None
        self._failed = False
        self._closed = False
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._samples: dict[str, np.ndarray] = {}
        self.device_name = ""
        self.reason: Any = None  # why cues cannot play (a notice or a clause), once they cannot

    # -- opening, once ----------------------------------------------------------------------
    def open(self) -> bool:
        """Open the output stream (not yet started) and the owner thread; False (after one
        ``cues.could_not_start`` notice) if there is no working output."""
        with self._lock:
            if self._stream is not None or self._failed or self._closed:
                return self._stream is not None
            try:
                sd = self._sd or import_sounddevice()
                try:
                    info = sd.query_devices(self._device, kind="output")
                except Exception as exc:  # noqa: BLE001 - PortAudioError, ValueError
                    raise _NoDevice() from exc
                if not info or int(info.get("max_output_channels", 0)) < 1:
                    raise _NoDevice()
                self.device_name = str(info.get("name", "default"))
                self._stream = sd.OutputStream(
                    samplerate=self.rate,
                    channels=1,
                    dtype="float32",
                    device=self._device,
                    blocksize=BLOCK,
                    latency="low",
                    callback=self._callback,
                    finished_callback=self._wake.set,
                )
                self._CallbackStop = sd.CallbackStop
            except _NoDevice:
                self._fail("cues.could_not_start", Notice("speech.no_sound_device"))
                return False
            except Exception as exc:  # noqa: BLE001 - no PortAudio, no stream at this rate
                self._fail("cues.could_not_start", short(exc))
                return False
            self._thread = threading.Thread(target=self._run, name="cues", daemon=True)
            self._thread.start()
            return True

    def _fail(self, code: str, reason: Any) -> None:
        """Tell the player once, then play nothing more."""
        if self._failed:
            return
        self._failed = True
        self.available = False
        self.reason = reason
        if self._on_error is not None:
            with contextlib.suppress(Exception):
                self._on_error(Notice(code, reason=reason))

    # -- playing ----------------------------------------------------------------------------
    def play(self, *names: str) -> None:
        """Play ``names`` one after another (each after the previous one and a short gap),
        mixed with anything already playing. Returns at once."""
        if self._failed or self._closed or not names:
            return
        if self._stream is None and not self.open():
            return
        now = time.perf_counter()
        delay = 0
        gap = int(GAP * self.rate)
        for name in names:
            samples = self._samples_of(name)
            if self._volume != 1.0:
                samples = samples * np.float32(self._volume)
            self._incoming.append(_Voice(name, samples, delay, now))
            delay += len(samples) + gap
        self._wake.set()

    def stop(self) -> None:
        """Drop every cue in flight (the next callback plays silence)."""
        self._incoming.clear()
        self._flush = True

    def set_volume(self, volume: float) -> None:
        """Volume of the cues played from now on, 0 to 1."""
        self._volume = max(0.0, min(1.0, float(volume)))

    def close(self) -> None:
        self._closed = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(1.0)
        stream, self._stream = self._stream, None
        close_stream(stream)

    # -- the owner thread: starts the stream when cues are waiting ----------------------------
    def _samples_of(self, name: str) -> np.ndarray:
        samples = self._samples.get(name)
        if samples is None:
            samples = render(name, self.rate).astype(np.float32) / 32768.0
            self._samples[name] = samples
        return samples

    def _run(self) -> None:
        for name in CUE_NAMES:  # rendered here, so that play() finds them ready
            self._samples_of(name)
        while True:
            self._wake.wait()
            self._wake.clear()
            if self._closed:
                return
            stream = self._stream
            if stream is None or not self._incoming or self._running:
                continue
            try:
                if not stream.stopped:
                    stream.stop()  # it stopped itself: make it startable again
                self._running = True
                stream.start()
            except Exception as exc:  # noqa: BLE001 - PortAudioError: the device went away
                self._incoming.clear()
                self._fail("cues.stopped_working", short(exc))
                return

    # -- the callback: mixes -----------------------------------------------------------------
    def _callback(self, outdata, frames, time_info, status) -> None:  # noqa: ANN001
        out = outdata[:, 0]
        out.fill(0.0)
        if self._flush:
            self._flush = False
            self._voices.clear()
        voices = self._voices
        while self._incoming:
            try:
                voices.append(self._incoming.popleft())
            except IndexError:
                break
        if not voices:
            self._idle += frames
            if self._idle >= IDLE_STOP * self.rate:
                self._idle = 0
                self._running = False  # a cue queued from now on restarts the stream
                raise self._CallbackStop
            return
        self._idle = 0
        keep = []
        for v in voices:
            start = max(0, -v.pos)  # where in this block the voice begins
            if start < frames:
                src = v.samples[max(0, v.pos) : max(0, v.pos) + frames - start]
                out[start : start + len(src)] += src
                if v.pos <= 0 and self.trace is not None:  # its first sample
                    self.trace(v.name, v.queued, time.perf_counter())
            v.pos += frames
            if v.pos < len(v.samples):
                keep.append(v)
        self._voices = keep
        np.clip(out, -1.0, 1.0, out=out)


class _NoDevice(Exception):
    pass


def make_cue_player(*, volume: float = 1.0, on_error: OnError | None = None, spec: str | None = None):
    """The cue player for ``spec`` (default ``$SPOKEN_CRIBBAGE_AUDIO``): "null" is silent,
    "device:NAME" a PortAudio device by name or number, anything else (a player command line
    included, which can only take speech) the default sound device. The stream opens on
    :meth:`open` or at the first cue."""
    spec = (spec if spec is not None else os.environ.get(AUDIO_ENV, "")).strip()
    if spec.lower() == "null":
        return NullCuePlayer(Notice("cues.silent_output"))
    device: Any = None
    if spec.lower().startswith("device:"):
        name = spec.split(":", 1)[1].strip()
        device = int(name) if name.isdigit() else name
    return MixerCuePlayer(device, volume=volume, on_error=on_error)

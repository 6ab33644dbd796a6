"""Speech output: pyttsx3 (espeak-ng) on a worker thread that never blocks the keyboard.

Design, in short:

* pyttsx3's stock espeak driver (2.99) buffers a whole utterance, then runs ``aplay`` through
  ``os.system`` (blocking, cannot be stopped, prints ALSA errors to the terminal) and prints
  "Audio saved to ..." from ``save_to_file``.  We therefore plug our own driver class into
  pyttsx3 (a subclass of its ``EspeakDriver``): pyttsx3's Engine, events and espeak bindings are
  used as they are, but synthesized PCM is streamed chunk by chunk to an :class:`AudioSink`.
* espeak-ng is initialised by us in *synchronous* mode with ``espeak_ng_Initialize`` (which,
  unlike ``espeak_Initialize``, neither prints nor calls ``exit(1)`` when its data is missing).
  All espeak calls happen under one process-wide lock, because espeak is a global singleton.
* The player (``aplay``/``paplay``/``pw-play``/``play``) is a long-lived child process fed raw
  PCM through a pipe, with its stderr captured, never the terminal's.  Interrupting kills it: the
  silence is immediate.  An audio clock (bytes written / sample rate) tells when an utterance has
  been played, so "speaking" means the same thing with a real device and with the silent
  :class:`NullSink` used on machines without a sound card.
* Any failure is reported once through ``on_error`` as one sentence; the speaker then goes silent.
"""

from __future__ import annotations

import atexit
import collections
import ctypes
import importlib
import inspect
import itertools
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import types
import wave
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol, runtime_checkable

__all__ = [
    "AudioError",
    "AudioSink",
    "NullSink",
    "NativePyttsx3Speaker",
    "NullSpeaker",
    "PlayerSink",
    "Pyttsx3Speaker",
    "RecordingSpeaker",
    "Speaker",
    "choose_sink",
    "make_speaker",
    "render_to_wav",
]

#: Most utterances waiting behind the current one when ``say(..., interrupt=False)`` is used.
MAX_QUEUED = 3
#: Length in ms of the PCM chunks espeak-ng hands to us (small chunks: early first audio).
CHUNK_MS = 50
#: espeak-ng's usable rate range in words per minute.
MIN_RATE, MAX_RATE = 80, 450
#: Environment variable choosing the audio output: "auto", "null" or a player command line.
AUDIO_ENV = "SPOKEN_CRIBBAGE_AUDIO"
DEFAULT_SAMPLE_RATE = 22050

OnError = Callable[[str], None]


class AudioError(RuntimeError):
    """The audio player failed (no device, device lost, player crashed)."""


class SpeechUnavailable(RuntimeError):
    """Speech cannot start; the message is a short reason without a final full stop."""


# --------------------------------------------------------------------------------------------
# Public interface
# --------------------------------------------------------------------------------------------


@runtime_checkable
class Speaker(Protocol):
    """What the console needs from a speech output."""

    available: bool
    description: str

    def say(self, text: str, *, interrupt: bool = True) -> None: ...
    def stop(self) -> None: ...
    def set_rate(self, wpm: int) -> None: ...
    def set_volume(self, volume: float) -> None: ...
    def set_voice(self, voice: str | None) -> None: ...
    def list_voices(self) -> list[str]: ...
    def close(self) -> None: ...


class NullSpeaker:
    """A speaker that says nothing (speech off, or no working engine)."""

    available = False

    def __init__(self, reason: str | None = None) -> None:
        self.reason = reason
        self.description = f"no speech: {reason}" if reason else "no speech"

    def say(self, text: str, *, interrupt: bool = True) -> None:
        """Do nothing."""

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
    voices: list[str] = field(default_factory=lambda: ["Test Voice"])
    said: list[tuple[float, str, bool]] = field(default_factory=list)  # (time, text, interrupt)
    stopped: list[float] = field(default_factory=list)
    rate: int | None = None
    volume: float | None = None
    voice: str | None = None
    closed: bool = False

    def say(self, text: str, *, interrupt: bool = True) -> None:
        """Record an announcement."""
        self.said.append((time.monotonic(), text, interrupt))

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


# --------------------------------------------------------------------------------------------
# Audio sinks
# --------------------------------------------------------------------------------------------


class AudioSink:
    """Destination for 16-bit mono PCM, with an audio clock.

    ``open``, ``begin``, ``write``, ``end`` and ``prepare`` are called from the speech worker
    only; ``abort`` may be called from any thread and silences at once.
    """

    description = "audio sink"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._rate = DEFAULT_SAMPLE_RATE
        self._play_end = 0.0  # monotonic time at which all written audio has been played

    def open(self, sample_rate: int) -> None:
        """Get ready to play audio at ``sample_rate``; raise :class:`AudioError` if impossible."""
        self._rate = sample_rate

    def begin(self, cancel: threading.Event) -> bool:
        """Start an utterance; False if ``cancel`` is already set."""
        with self._lock:
            if cancel.is_set():
                return False
            self._cancel = cancel
            self._play_end = 0.0  # the previous utterance was played out or aborted
            return True

    def write(self, pcm: bytes) -> bool:
        """Queue PCM for playback; False if the utterance was cancelled."""
        if self._cancel.is_set():
            return False
        now = time.monotonic()
        self._play_end = max(self._play_end, now) + len(pcm) / (2 * self._rate)
        return True

    def end(self) -> bool:
        """Wait until the utterance has been played; False if cancelled meanwhile."""
        remaining = self._play_end - time.monotonic()
        if remaining > 0:
            return not self._cancel.wait(remaining)
        return not self._cancel.is_set()

    def abort(self) -> None:
        """Silence now (the current utterance's cancel event is already set by the caller)."""

    def prepare(self) -> None:
        """Called by the worker when idle, to get ready for the next utterance."""

    def close(self) -> None:
        """Release the device."""


class NullSink(AudioSink):
    """Plays nothing but keeps real time: used when there is no audio device, and in tests."""

    description = "silent timed output (no audio device)"

    def __init__(self) -> None:
        super().__init__()
        self.bytes_written = 0

    def write(self, pcm: bytes) -> bool:
        """Count the PCM and advance the audio clock."""
        ok = super().write(pcm)
        if ok:
            self.bytes_written += len(pcm)
        return ok


def _player_argv(name: str, rate: int, device: str | None = None) -> list[str] | None:
    """Command line for a raw S16LE mono player reading stdin, or None if not installed."""
    path = shutil.which(name)
    if path is None:
        return None
    if name == "aplay":
        argv = [path, "-q", "-t", "raw", "-f", "S16_LE", "-r", str(rate), "-c", "1"]
        return argv + (["-D", device] if device else [])
    if name == "paplay":
        return [path, "--raw", "--format=s16le", f"--rate={rate}", "--channels=1"]
    if name == "pw-play":
        return [path, "--format", "s16", "--rate", str(rate), "--channels", "1", "-"]
    if name == "play":
        return [
            path,
            "-q",
            "-t",
            "raw",
            "-e",
            "signed",
            "-b",
            "16",
            "-c",
            "1",
            "-r",
            str(rate),
            "-",
        ]
    return None


def _spawn(argv: Sequence[str]) -> tuple[subprocess.Popen[bytes], IO[bytes]]:
    """Start a player with its stderr in a temporary file (never the terminal)."""
    err = tempfile.TemporaryFile()
    proc = subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=err,
        bufsize=0,
        start_new_session=True,  # Ctrl+C in the terminal must not kill the player
    )
    return proc, err


_SOURCE_PREFIX = re.compile(r"^(?:[\w.-]+:\s*)?(?:[\w.]+:\d+:(?:\([^)]*\))?\s*)+")


def _last_line(data: bytes) -> str:
    """Last non-empty line of a player's stderr, without "aplay: main:831:" style prefixes."""
    lines = [ln.strip() for ln in data[-2000:].decode("utf-8", "replace").splitlines()]
    lines = [ln for ln in lines if ln]
    return _SOURCE_PREFIX.sub("", lines[-1]) if lines else ""


def _tail(err: IO[bytes]) -> str:
    """Last meaningful line a player wrote to its stderr file."""
    try:
        err.seek(0)
        return _last_line(err.read())
    except (OSError, ValueError):
        return ""


@dataclass
class _Player:
    """One player process and the file catching its stderr."""

    proc: subprocess.Popen[bytes]
    err: IO[bytes]
    killed: bool = False

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        self.killed = True
        try:
            self.proc.kill()
        except OSError:
            pass

    def reap(self, timeout: float) -> bool:
        """Wait for exit and release the pipes; False if still running."""
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        for f in (self.proc.stdin, self.err):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        return True


class PlayerSink(AudioSink):
    """Streams PCM to a long-lived player process (``aplay`` by default).

    A spare player is kept started while idle, so that after an interruption (which kills the
    current player) the next utterance starts without waiting for a process to launch.
    ``argv`` may contain ``{rate}``, replaced by the sample rate when the sink opens.
    """

    def __init__(self, argv: Sequence[str], name: str | None = None, *, spare: bool = True) -> None:
        super().__init__()
        self._argv_template = list(argv)
        self._argv: list[str] = []
        self.name = name or Path(argv[0]).name
        self.description = f"audio via {self.name}"
        self._use_spare = spare
        self._current: _Player | None = None  # gets the next utterance
        self._spare: _Player | None = None
        self._session: _Player | None = None  # plays the utterance in progress
        self._dead: list[_Player] = []  # killed, waiting to be reaped

    @property
    def pid(self) -> int | None:
        """Process id of the current player (for tests)."""
        player = self._current
        return player.proc.pid if player is not None else None

    def open(self, sample_rate: int) -> None:
        """Build the command line and start the player."""
        super().open(sample_rate)
        self._argv = [a.replace("{rate}", str(sample_rate)) for a in self._argv_template]
        with self._lock:
            self._ensure_locked()

    def _start(self) -> _Player:
        try:
            proc, err = _spawn(self._argv)
        except OSError as exc:
            raise AudioError(
                f"the audio player {self.name} could not start ({exc.strerror or exc})"
            ) from exc
        return _Player(proc, err)

    def _ensure_locked(self) -> _Player:
        """A live current player; AudioError if the current one died by itself."""
        cur = self._current
        if cur is not None and cur.alive():
            return cur
        if cur is not None and not cur.killed:
            raise AudioError(self._died_reason(cur))
        if cur is not None:
            self._dead.append(cur)
        spare, self._spare = self._spare, None
        if spare is not None and not spare.alive():
            self._dead.append(spare)  # e.g. the device allows one user only
            spare = None
        self._current = spare if spare is not None else self._start()
        return self._current

    def _died_reason(self, player: _Player) -> str:
        detail = _tail(player.err)
        code = player.proc.poll()
        why = detail or (f"exit code {code}" if code is not None else "broken pipe")
        return f"the audio player {self.name} stopped ({why})"

    def begin(self, cancel: threading.Event) -> bool:
        """Make sure a live player is ready, then start the utterance."""
        with self._lock:
            if cancel.is_set():
                return False
            self._session = self._ensure_locked()
            self._cancel = cancel
            self._play_end = 0.0
            return True

    def write(self, pcm: bytes) -> bool:
        """Pipe PCM to the player (blocks while the device is behind)."""
        if not super().write(pcm):
            return False
        player = self._session
        try:
            if player is None or player.proc.stdin is None:
                raise BrokenPipeError
            player.proc.stdin.write(pcm)
        except (OSError, ValueError) as exc:
            if self._cancel.is_set() or player is None or player.killed:
                return False
            raise AudioError(self._died_reason(player)) from exc
        return True

    def end(self) -> bool:
        """Wait for the audio clock; notice a player that died meanwhile."""
        self._top_up_spare()  # the audio is in the pipe: a good moment to launch the spare
        played = super().end()
        player = self._session
        if played and player is not None and not player.alive() and not player.killed:
            raise AudioError(self._died_reason(player))
        return played

    def abort(self) -> None:
        """Kill the playing player (silence is immediate) and promote the spare."""
        super().abort()
        with self._lock:
            cur = self._current
            if cur is None or not cur.alive():
                return
            cur.kill()
            self._dead.append(cur)
            spare, self._spare = self._spare, None
            self._current = spare if spare is not None and spare.alive() else None
            if spare is not None and self._current is None:
                self._dead.append(spare)

    def _top_up_spare(self) -> None:
        """Start a spare player if there is none (the launch happens outside the lock)."""
        with self._lock:
            if not self._use_spare or (self._spare is not None and self._spare.alive()):
                return
        try:
            player = self._start()
        except AudioError:
            return
        with self._lock:
            if self._spare is not None:
                self._dead.append(self._spare)
            self._spare = player

    def prepare(self) -> None:
        """While idle: reap killed players, start the current and the spare ones."""
        with self._lock:
            dead, self._dead = self._dead, []
        dead = [p for p in dead if not p.reap(0.2)]
        with self._lock:
            self._dead.extend(dead)
            try:
                self._ensure_locked()
            except AudioError:
                return  # reported by the next begin()
        self._top_up_spare()

    def close(self) -> None:
        """Stop and reap every player."""
        with self._lock:
            players = [p for p in (self._current, self._spare) if p is not None] + self._dead
            self._current = self._spare = self._session = None
            self._dead = []
        for player in players:
            player.kill()
            player.reap(1.0)


def _probe(argv: Sequence[str]) -> str | None:
    """Play 20 ms of silence; None if the player works, else the reason."""
    try:
        done = subprocess.run(
            list(argv),
            input=b"\0" * (DEFAULT_SAMPLE_RATE * 2 // 50),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=5,
            start_new_session=True,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return str(exc)
    if done.returncode == 0:
        return None
    return _last_line(done.stderr) or f"exit code {done.returncode}"


def choose_sink(spec: str | None = None) -> AudioSink:
    """Pick the audio output.

    ``spec`` (default: ``$SPOKEN_CRIBBAGE_AUDIO`` or "auto") is "auto" (first working player among
    aplay, paplay, pw-play, play), "null" (silent, timed) or a player command line reading raw
    16-bit mono PCM on stdin (``{rate}`` is replaced by the sample rate).
    Raises :class:`SpeechUnavailable` when no player works.
    """
    spec = (spec if spec is not None else os.environ.get(AUDIO_ENV, "")).strip() or "auto"
    if spec.lower() == "null":
        return NullSink()
    if spec.lower() != "auto":
        argv = shlex.split(spec)
        why = _probe([a.replace("{rate}", str(DEFAULT_SAMPLE_RATE)) for a in argv])
        if why is not None:
            raise SpeechUnavailable(f"the audio player {Path(argv[0]).name} does not work ({why})")
        return PlayerSink(argv)
    problems: list[str] = []
    for name in ("aplay", "paplay", "pw-play", "play"):
        found = _player_argv(name, DEFAULT_SAMPLE_RATE)
        if found is None:
            continue
        why = _probe(found)
        if why is None:
            return PlayerSink(
                [a if a != str(DEFAULT_SAMPLE_RATE) else "{rate}" for a in found], name
            )
        problems.append(f"{name}: {why}")
    if not problems:
        raise SpeechUnavailable("no audio player was found (aplay, paplay, pw-play or sox play)")
    raise SpeechUnavailable(f"no audio output device works ({problems[0]})")


# --------------------------------------------------------------------------------------------
# espeak-ng through pyttsx3
# --------------------------------------------------------------------------------------------

_ESPEAK_LOCK = threading.RLock()  # espeak-ng is one global engine per process
_ESPEAK_STATE: dict[str, Any] = {"ready": False, "rate": DEFAULT_SAMPLE_RATE, "owner": None}
_DRIVER_TOKENS = itertools.count(1)
_ENOUTPUT_MODE_SYNCHRONOUS = 0x0001
_ESPEAK_INITIALIZE_DONT_EXIT = 0x8000


def _import_pyttsx3() -> tuple[types.ModuleType, types.ModuleType, types.ModuleType]:
    """Import pyttsx3, its espeak bindings and driver; SpeechUnavailable if impossible."""
    try:
        pyttsx3 = importlib.import_module("pyttsx3")
    except Exception as exc:  # ImportError, or anything a broken install raises
        raise SpeechUnavailable(f"the pyttsx3 package is missing ({_short(exc)})") from exc
    try:
        _espeak = importlib.import_module("pyttsx3.drivers._espeak")
        espeak_driver = importlib.import_module("pyttsx3.drivers.espeak")
    except Exception as exc:  # the bindings raise RuntimeError when libespeak-ng is missing
        raise SpeechUnavailable("espeak-ng is not installed") from exc
    return pyttsx3, _espeak, espeak_driver


def _init_espeak(_espeak: types.ModuleType, espeak_driver: types.ModuleType) -> int:
    """Initialise espeak-ng once, synchronous, silently; return the sample rate."""
    with _ESPEAK_LOCK:
        if _ESPEAK_STATE["ready"]:
            return int(_ESPEAK_STATE["rate"])
        dll = _espeak.dll
        if hasattr(dll, "espeak_ng_Initialize"):
            if not espeak_driver.EspeakDriver._moduleInitialized:
                dll.espeak_ng_InitializePath(None)
                status = dll.espeak_ng_Initialize(None)
                if status != 0:
                    buf = ctypes.create_string_buffer(256)
                    dll.espeak_ng_GetStatusCodeMessage(status, buf, len(buf))
                    msg = buf.value.decode("utf-8", "replace") or f"error {status:#x}"
                    raise SpeechUnavailable(f"espeak-ng could not start ({msg})")
            status = dll.espeak_ng_InitializeOutput(_ENOUTPUT_MODE_SYNCHRONOUS, CHUNK_MS, None)
            if status != 0:
                raise SpeechUnavailable(f"espeak-ng could not start (output error {status:#x})")
            rate = int(dll.espeak_ng_GetSampleRate())
        else:  # old libespeak: the classic call, told not to exit the process on error
            rate = _espeak.Initialize(
                _espeak.AUDIO_OUTPUT_SYNCHRONOUS, CHUNK_MS, None, _ESPEAK_INITIALIZE_DONT_EXIT
            )
            if rate <= 0:
                raise SpeechUnavailable("espeak could not start")
        names = {v.identifier.decode("utf-8", "replace").lower() for v in _espeak.ListVoices(None)}
        default = next((v for v in ("gmw/en-us", "gmw/en", "en-us", "en") if v in names), None)
        if default is None and names:
            default = sorted(names)[0]
        if default is None:
            raise SpeechUnavailable("espeak-ng has no voices installed")
        espeak_driver.EspeakDriver._defaultVoice = default
        espeak_driver.EspeakDriver._moduleInitialized = True
        _ESPEAK_STATE.update(ready=True, rate=rate)
        return rate


@dataclass
class _Utterance:
    """One announcement waiting for or being spoken."""

    text: str
    cancel: threading.Event = field(default_factory=threading.Event)
    queued_at: float = field(default_factory=time.perf_counter)


def _build_driver_class(espeak_driver: types.ModuleType, _espeak: types.ModuleType) -> type:
    """Subclass pyttsx3's EspeakDriver so it streams to a sink and never prints or blocks."""
    base = espeak_driver.EspeakDriver

    class StreamingEspeakDriver(base):  # type: ignore[misc, valid-type]
        """pyttsx3 espeak driver that streams PCM to an AudioSink (or a WAV file)."""

        def __init__(self, proxy: Any, sink: AudioSink | None, hooks: _Hooks) -> None:
            self._token = next(_DRIVER_TOKENS)
            self._props: dict[str, Any] = {}
            self._sink = sink
            self._hooks = hooks
            self.utterance: _Utterance | None = None
            self._chunks: list[bytes] = []
            self._error: BaseException | None = None
            self._audio_started = False
            self._capture = False
            self._text_to_say: str | None = None
            self._save_file: Any = None
            with _ESPEAK_LOCK:
                super().__init__(proxy)  # sets the global callback and default properties
                _ESPEAK_STATE["owner"] = None  # whoever synthesizes next re-installs its own

        # --- pyttsx3 driver interface -----------------------------------------------------
        def destroy(self) -> None:
            """Leave espeak's global callback alone (another engine may be using it)."""

        def setProperty(self, name: str, value: Any) -> None:  # noqa: N802 (pyttsx3 API)
            """Remember a property; it is applied to espeak just before synthesis."""
            if name not in ("voice", "rate", "volume", "pitch"):
                raise KeyError(f"unknown property {name}")
            if name == "voice" and value is None:
                return
            self._props[name] = value
            if _ESPEAK_STATE["owner"] == self._token:
                _ESPEAK_STATE["owner"] = None

        def getProperty(self, name: str) -> Any:  # noqa: N802 (pyttsx3 API)
            """Read a property (voices are listed under the espeak lock)."""
            if name in self._props:
                return self._props[name]
            with _ESPEAK_LOCK:
                return base.getProperty(name)

        def say(self, text: str) -> None:
            """Remember the text; synthesis happens in startLoop."""
            self._text_to_say = text
            self._save_file = None

        def save_to_file(self, text: str, filename: Any) -> None:
            """Remember the text and the WAV file to write (silently)."""
            self._text_to_say = text
            self._save_file = filename

        def stop(self) -> None:
            """Cancel the utterance being synthesized (pyttsx3 also calls this from endLoop)."""
            if self._speaking and self.utterance is not None:
                self.utterance.cancel.set()

        def startLoop(self) -> None:  # noqa: N802 (pyttsx3 API)
            """Run queued commands, then synthesize the pending text synchronously."""
            self._looping = True
            try:
                self._proxy.setBusy(False)  # pumps say/setProperty/endLoop commands
                text, target = self._text_to_say, self._save_file
                self._text_to_say, self._save_file = None, None
                if text:
                    self._synthesize(str(text), target)
            finally:
                self._looping = False

        def endLoop(self) -> None:  # noqa: N802 (pyttsx3 API)
            """End the loop."""
            self._looping = False

        def iterate(self) -> Any:
            """External loops are not supported by this driver."""
            return iter(())

        # --- synthesis ----------------------------------------------------------------------
        def _activate(self) -> None:
            """Install our callback and properties if another driver used espeak since."""
            if _ESPEAK_STATE["owner"] == self._token:
                return
            _espeak.SetSynthCallback(self._onSynth)
            for name in ("voice", "rate", "volume", "pitch"):
                if name in self._props:
                    base.setProperty(name, self._props[name])
            _ESPEAK_STATE["owner"] = self._token

        def _synthesize(self, text: str, target: Any) -> None:
            created = self.utterance is None
            utt = self.utterance if self.utterance is not None else _Utterance(text)
            self.utterance = utt
            self._error, self._chunks, self._audio_started = None, [], False
            self._capture = target is not None
            self._proxy.notify("started-utterance")
            completed = False
            try:
                if target is None:
                    if self._sink is None or not self._sink.begin(utt.cancel):
                        return
                with _ESPEAK_LOCK:
                    self._activate()
                    self._speaking = True
                    try:
                        status = _espeak.Synth(
                            text.encode("utf-8"), flags=_espeak.ENDPAUSE | _espeak.CHARS_UTF8
                        )
                    finally:
                        self._speaking = False
                if self._error is not None:
                    raise self._error
                if status not in (0, None) and not utt.cancel.is_set():
                    raise RuntimeError(f"espeak-ng could not synthesize (code {status})")
                if target is not None:
                    self._write_wav(target)
                    completed = True
                elif not utt.cancel.is_set():
                    completed = self._sink.end() if self._sink is not None else True
            finally:
                self._chunks = []
                if created:
                    self.utterance = None
                self._proxy.notify("finished-utterance", completed=completed)

        def _write_wav(self, target: Any) -> None:
            with wave.open(os.fspath(target), "wb") as f:
                f.setnchannels(1)
                f.setsampwidth(2)
                f.setframerate(int(_ESPEAK_STATE["rate"]))
                f.writeframes(b"".join(self._chunks))

        def _onSynth(self, wav: Any, numsamples: int, events: Any) -> int:  # noqa: N802
            """espeak callback: never raises (an exception here would print a traceback)."""
            try:
                utt = self.utterance
                if utt is None or utt.cancel.is_set():
                    return 1  # abort synthesis
                if numsamples > 0 and wav:
                    pcm = ctypes.string_at(wav, numsamples * 2)
                    if self._capture:
                        self._chunks.append(pcm)
                        return 0
                    if not self._audio_started:
                        self._audio_started = True
                        self._hooks.first_audio(utt)
                    if self._sink is None or not self._sink.write(pcm):
                        return 1
                return 0
            except BaseException as exc:  # noqa: BLE001 - re-raised after Synth returns
                self._error = exc
                return 1

    return StreamingEspeakDriver


@dataclass
class _Hooks:
    """Callbacks from the driver to the speaker."""

    first_audio: Callable[[_Utterance], None] = lambda utt: None


_MODULE_COUNTER = itertools.count(1)


def _make_engine(sink: AudioSink | None, hooks: _Hooks) -> tuple[Any, Any]:
    """A pyttsx3 Engine whose driver is our streaming espeak driver; returns (engine, driver)."""
    pyttsx3, _espeak, espeak_driver = _import_pyttsx3()
    _init_espeak(_espeak, espeak_driver)
    driver_cls = _build_driver_class(espeak_driver, _espeak)
    built: list[Any] = []

    def build_driver(proxy: Any) -> Any:
        drv = driver_cls(proxy, sink, hooks)
        built.append(drv)
        return drv

    # pyttsx3 imports drivers by name from pyttsx3.drivers; register a one-off module there.
    name = f"_spoken_cribbage_stream_{next(_MODULE_COUNTER)}"
    module = types.ModuleType(f"pyttsx3.drivers.{name}")
    module.buildDriver = build_driver  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    try:
        engine = pyttsx3.Engine(name)
    finally:
        sys.modules.pop(module.__name__, None)
    return engine, built[0]


def _voice_table(engine: Any) -> list[tuple[str, str, list[str]]]:
    """(id, name, languages) for every installed voice."""
    table = []
    for v in engine.getProperty("voices") or []:
        langs = [str(lang).lower() for lang in (getattr(v, "languages", None) or [])]
        table.append((str(v.id), str(v.name), langs))
    return table


def _resolve_voice(voice: str, table: list[tuple[str, str, list[str]]]) -> str:
    """Voice id for an id, a name, a short id ("en-us"), a language code or the start of a name
    ("english": the most general English voice); else ValueError."""
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
    starts = sorted(
        (len(vid), vid) for vid, name, _ in table if want and name.lower().startswith(want)
    )
    if starts:
        return starts[0][1]
    raise ValueError(f"There is no voice called {voice}.")


def _short(exc: BaseException | str) -> str:
    """One short line describing an error, without a final full stop."""
    text = str(exc).strip().splitlines()[0].strip() if str(exc).strip() else ""
    if not text and isinstance(exc, BaseException):
        text = type(exc).__name__
    text = text.replace(". ", "; ").rstrip(" .")  # keep the report to one sentence
    return text[:150]


def _safe_call(fn: Callable[..., Any] | None, *args: Any) -> None:
    """Call a user callback; its own errors must not break speech."""
    if fn is None:
        return
    try:
        fn(*args)
    except Exception:  # noqa: BLE001
        pass


_LIVE_SPEAKERS: weakref.WeakSet[Pyttsx3Speaker] = weakref.WeakSet()


@atexit.register
def _close_live_speakers() -> None:
    """Silence every speaker when the game exits (no player keeps talking after it)."""
    for speaker in list(_LIVE_SPEAKERS):
        try:
            speaker.close()
        except Exception:  # noqa: BLE001
            pass


class _SpeakerSettings:
    """Rate, volume, voice and the voice list, shared by both speakers. A speaker provides
    ``_voices`` (id, name, languages), ``_post_setting(name, value)`` (hand a setting to its
    worker) and ``_resolve(voice)`` (a voice name to an installed voice id)."""

    _voices: list

    def set_rate(self, wpm: int) -> None:
        """Speaking rate in words per minute (clamped to 80-450); applies from the next utterance."""
        self._post_setting("rate", self._clamp_rate(wpm))

    def set_volume(self, volume: float) -> None:
        """Volume from 0.0 to 1.0; applies from the next utterance."""
        self._post_setting("volume", self._clamp_volume(volume))

    def set_voice(self, voice: str | None) -> None:
        """Voice by id, name, language code or start of a name; None or "" keeps the current one.

        Raises ValueError ("There is no voice called X.") if no installed voice matches.
        """
        if voice is None or not voice.strip():
            return
        self._post_setting("voice", self._resolve(voice))

    def list_voices(self) -> list[str]:
        """Names of the installed voices (each also accepted by set_voice)."""
        return [name for _, name, _ in self._voices]

    @staticmethod
    def _clamp_rate(wpm: int) -> int:
        return max(MIN_RATE, min(MAX_RATE, int(wpm)))

    @staticmethod
    def _clamp_volume(volume: float) -> float:
        return max(0.0, min(1.0, float(volume)))

    def _post_setting(self, name: str, value: Any) -> None:
        raise NotImplementedError

    def _resolve(self, voice: str) -> Any:
        raise NotImplementedError


class Pyttsx3Speaker(_SpeakerSettings):
    """Speaks through pyttsx3 + espeak-ng on a worker thread; never blocks, never raises.

    Optional hooks (called on the worker thread): ``on_start(text)`` when the first synthesized
    audio of an utterance reaches the audio sink, ``on_end(text, completed)`` when it has been
    played (``completed`` is False if it was interrupted or stopped).
    The constructor raises :class:`SpeechUnavailable` if speech cannot start.
    """

    available: bool
    description: str

    def __init__(
        self,
        *,
        rate: int | None = None,
        volume: float | None = None,
        voice: str | None = None,
        sink: AudioSink | None = None,
        on_error: OnError | None = None,
        on_start: Callable[[str], None] | None = None,
        on_end: Callable[[str, bool], None] | None = None,
        init_timeout: float = 15.0,
    ) -> None:
        self._sink = sink if sink is not None else choose_sink()
        self._on_error = on_error
        self._on_start = on_start
        self._on_end = on_end
        self._cond = threading.Condition()
        self._queue: collections.deque[_Utterance] = collections.deque()
        self._current: _Utterance | None = None
        self._settings: dict[str, Any] = {}
        self._closing = False
        self._failed = False
        self._voices: list[tuple[str, str, list[str]]] = []
        self._ready = threading.Event()
        self._init_error: BaseException | None = None
        self.available = False
        self.description = "pyttsx3 with espeak-ng (starting)"
        self.dropped = 0  # utterances dropped because the queue was full
        if rate is not None:
            self._settings["rate"] = self._clamp_rate(rate)
        if volume is not None:
            self._settings["volume"] = self._clamp_volume(volume)
        self._wanted_voice = voice
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()
        _LIVE_SPEAKERS.add(self)
        if not self._ready.wait(init_timeout):
            self.close()
            raise SpeechUnavailable("the speech engine did not start in time")
        if self._init_error is not None:
            err = self._init_error
            if isinstance(err, SpeechUnavailable):
                raise err
            raise SpeechUnavailable(f"the speech engine could not start ({_short(err)})") from err
        if voice is not None and voice.strip():
            try:
                self.set_voice(voice)
            except ValueError:
                self.close()
                raise
        self.available = True
        self.description = f"pyttsx3 with espeak-ng, {self._sink.description}"

    # --- public API -------------------------------------------------------------------------
    def say(self, text: str, *, interrupt: bool = True) -> None:
        """Speak ``text``; by default interrupt whatever is being said or waiting."""
        if not self.available or not text or not text.strip():
            if interrupt and self.available:
                self.stop()
            return
        utt = _Utterance(text)
        with self._cond:
            if self._closing or self._failed:
                return
            abort = self._cancel_all_locked() if interrupt else False
            self._queue.append(utt)
            while len(self._queue) > MAX_QUEUED:
                self._queue.popleft().cancel.set()
                self.dropped += 1
            self._cond.notify_all()
        if abort:
            self._sink.abort()

    def stop(self) -> None:
        """Silence at once and forget everything queued."""
        with self._cond:
            abort = self._cancel_all_locked()
        if abort:
            self._sink.abort()

    def _resolve(self, voice: str) -> Any:
        return _resolve_voice(voice, self._voices)

    def close(self) -> None:
        """Silence, stop the worker and release the audio device."""
        with self._cond:
            if self._closing:
                return
            self._closing = True
            self._cancel_all_locked()
            self._cond.notify_all()
        self.available = False
        self._sink.abort()
        self._thread.join(timeout=3.0)
        self._sink.close()

    @property
    def speaking(self) -> bool:
        """True while an utterance is being spoken or waits in the queue."""
        with self._cond:
            return self._current is not None or bool(self._queue)

    # --- internals --------------------------------------------------------------------------
    def _post_setting(self, name: str, value: Any) -> None:
        with self._cond:
            self._settings[name] = value
            self._cond.notify_all()

    def _cancel_all_locked(self) -> bool:
        """Cancel queued and current utterances; True if something was being spoken."""
        for utt in self._queue:
            utt.cancel.set()
        self._queue.clear()
        if self._current is not None:
            self._current.cancel.set()
            return True
        return False

    def _first_audio(self, utt: _Utterance) -> None:
        _safe_call(self._on_start, utt.text)

    def _run(self) -> None:
        """Worker: own the pyttsx3 engine, speak utterances one by one."""
        try:
            engine, driver = _make_engine(self._sink, _Hooks(first_audio=self._first_audio))
            self._voices = _voice_table(engine)
            self._sink.open(int(_ESPEAK_STATE["rate"]))
        except BaseException as exc:  # noqa: BLE001 - reported by the constructor
            self._init_error = exc
            self._ready.set()
            self._sink.close()
            return
        self._ready.set()
        try:
            self._loop(engine, driver)
        except BaseException as exc:  # noqa: BLE001 - speech must never crash the game
            self._fail(exc)

    def _loop(self, engine: Any, driver: Any) -> None:
        while True:
            with self._cond:
                idle = not (self._queue or self._settings or self._closing)
            if idle:  # never on the path of a waiting utterance
                self._sink.prepare()
            with self._cond:
                while not (self._queue or self._settings or self._closing):
                    self._cond.wait()
                if self._closing:
                    return
                settings, self._settings = self._settings, {}
                utt = self._queue.popleft() if self._queue else None
                self._current = utt
            try:
                for name, value in settings.items():
                    engine.setProperty(name, value)
                if utt is not None and not utt.cancel.is_set():
                    completed = self._speak(engine, driver, utt)
                    _safe_call(self._on_end, utt.text, completed)
            finally:
                with self._cond:
                    self._current = None

    def _speak(self, engine: Any, driver: Any, utt: _Utterance) -> bool:
        result: dict[str, bool] = {}

        def finished(name: Any = None, completed: bool = False, **_: Any) -> None:
            result["completed"] = bool(completed)

        token = engine.connect("finished-utterance", finished)
        try:
            driver.utterance = utt
            engine.say(utt.text)
            engine.runAndWait()
        finally:
            driver.utterance = None
            engine.disconnect(token)
        return result.get("completed", False) and not utt.cancel.is_set()

    def _fail(self, exc: BaseException) -> None:
        """Go silent for good and tell the player once, in one sentence."""
        with self._cond:
            if self._failed or self._closing:
                return
            self._failed = True
            self._cancel_all_locked()
        self.available = False
        reason = _short(exc)
        self.description = f"no speech: speech stopped working ({reason})"
        try:
            self._sink.close()
        except Exception:  # noqa: BLE001
            pass
        _safe_call(self._on_error, f"Speech stopped working: {reason}. The game goes on in text.")


# --------------------------------------------------------------------------------------------
# pyttsx3's own platform driver (Windows SAPI5, macOS NSSpeechSynthesizer)
# --------------------------------------------------------------------------------------------

#: Environment variable choosing the speech implementation: "auto" (default: the streaming
#: espeak-ng speaker on Linux, pyttsx3's own driver on Windows and macOS), "native" or "stream".
DRIVER_ENV = "SPOKEN_CRIBBAGE_SPEECH_DRIVER"
#: How often (s) the native worker pumps the driver's events while an utterance is in progress.
NATIVE_PUMP_S = 0.02
#: How often (s) it pumps them while idle (SAPI5 wants its COM messages pumped regularly).
NATIVE_IDLE_PUMP_S = 0.1
#: After engine.stop(), how long (s) to wait for the driver's "finished-utterance" before the
#: worker declares the driver idle itself (some SAPI5/NSSS versions never report a purge).
NATIVE_STOP_GRACE_S = 1.0
#: A driver that reports nothing for this long (s, plus a quarter second per character) is
#: considered hung: speech is reported as stopped working.
NATIVE_STALL_S = 20.0
#: How long (s) the driver's own "is it speaking?" probe must say "idle" before a missing
#: "finished-utterance" event is assumed lost (NSSpeechSynthesizer delegate on another run loop).
NATIVE_PROBE_IDLE_S = 0.75

_NATIVE_NAMES = itertools.count(1)


@dataclass
class _NativeUtterance:
    """An announcement waiting for, or handed to, a native pyttsx3 engine."""

    text: str
    name: str = field(default_factory=lambda: f"sc-{next(_NATIVE_NAMES)}")
    cancel: threading.Event = field(default_factory=threading.Event)
    sent_at: float | None = None  # when engine.say() was called
    stop_sent_at: float | None = None  # when engine.stop() was called for it
    idle_since: float | None = None  # first time the driver probe said "not speaking"
    started: bool = False


class _EngineFailure(RuntimeError):
    """Raised on the worker when the engine reported an error or hung."""


def _native_driver_name() -> str:
    """pyttsx3's default driver for this platform ("sapi5", "nsss", or "espeak")."""
    try:
        engine_mod = importlib.import_module("pyttsx3.engine")
        return str(engine_mod.default_engine_by_sys_platform())
    except Exception:  # noqa: BLE001 - older pyttsx3: same table
        return {"win32": "sapi5", "darwin": "nsss"}.get(sys.platform, "espeak")


def _com_initialize() -> None:
    """SAPI5 is COM: the engine's thread must be in a (single-threaded) apartment."""
    if sys.platform != "win32":
        return
    try:
        pythoncom = importlib.import_module("pythoncom")
    except Exception:  # noqa: BLE001 - the sapi5 driver import will give the reason
        return
    pythoncom.CoInitialize()


def _driver_of(engine: Any) -> Any:
    """The driver object behind a pyttsx3 Engine, or None (pyttsx3 internals, guarded)."""
    return getattr(getattr(engine, "proxy", None), "_driver", None)


def _make_nsss_pump() -> Callable[[], None] | None:
    """A function that runs this thread's NSRunLoop without blocking (NSSpeechSynthesizer
    delivers its delegate calls there; pyttsx3's nsss ``iterate`` does not run it)."""
    try:
        foundation = importlib.import_module("Foundation")
    except Exception:  # noqa: BLE001
        return None
    loop = foundation.NSRunLoop.currentRunLoop()
    mode = foundation.NSDefaultRunLoopMode
    date = foundation.NSDate

    def pump() -> None:
        for _ in range(8):  # each call handles at most one input source
            if not loop.runMode_beforeDate_(mode, date.dateWithTimeIntervalSinceNow_(0.0)):
                break

    return pump


def _driver_idle_probe(driver_name: str, driver: Any) -> Callable[[], bool | None]:
    """A function telling whether the platform synthesizer has gone quiet (None: unknown)."""
    tts = getattr(driver, "_tts", None)
    if driver_name == "nsss" and tts is not None:
        return lambda: not bool(tts.isSpeaking())
    if driver_name == "sapi5" and tts is not None:
        return lambda: int(tts.Status.RunningState) == 1  # SRSEDone (SRSEIsSpeaking is 2)
    return lambda: None


def _resolve_native_voice(voice: str, table: list[tuple[str, str, list[str]]]) -> str:
    """Like :func:`_resolve_voice`, and also a whole word of the name: system voice names read
    "Microsoft Zira Desktop - English (United States)" or "Samantha", so "zira" must work."""
    try:
        return _resolve_voice(voice, table)
    except ValueError:
        want = voice.strip().lower().split()
        for vid, name, _ in table:
            words = re.findall(r"[\w'-]+", name.lower())
            if want and any(words[i : i + len(want)] == want for i in range(len(words))):
                return vid
        raise


class NativePyttsx3Speaker(_SpeakerSettings):
    """Speaks through pyttsx3's own platform driver (``pyttsx3.Engine()``'s default: SAPI5 on
    Windows, NSSpeechSynthesizer on macOS) on a worker thread; never blocks, never raises.

    The engine is created and used on the worker thread only (COM apartments and run loops are
    per thread).  Drivers with an external-loop ``iterate`` generator (sapi5, nsss) are driven
    with ``engine.startLoop(False)`` + ``engine.iterate()``: the worker hands the engine one
    utterance at a time, pumps events every 20 ms and calls ``engine.stop()`` as soon as an
    utterance is interrupted.  Other drivers (pyttsx3's stock espeak driver, used on Linux when
    ``SPOKEN_CRIBBAGE_SPEECH_DRIVER=native``) get ``engine.say`` + ``engine.runAndWait()`` per
    utterance; with them an interruption takes effect when the current utterance ends.

    ``on_start(text)`` is called when the driver reports the start of an utterance and
    ``on_end(text, completed)`` when it has finished or was stopped (both on the worker thread).
    The constructor raises :class:`SpeechUnavailable` if speech cannot start.
    """

    available: bool
    description: str

    def __init__(
        self,
        *,
        rate: int | None = None,
        volume: float | None = None,
        voice: str | None = None,
        driver_name: str | None = None,
        on_error: OnError | None = None,
        on_start: Callable[[str], None] | None = None,
        on_end: Callable[[str, bool], None] | None = None,
        init_timeout: float = 15.0,
    ) -> None:
        self.driver_name = driver_name or _native_driver_name()
        self._on_error = on_error
        self._on_start = on_start
        self._on_end = on_end
        self._cond = threading.Condition()
        self._queue: collections.deque[_NativeUtterance] = collections.deque()
        self._current: _NativeUtterance | None = None
        self._settings: dict[str, Any] = {}
        self._applied: dict[str, Any] = {}
        self._wake = False
        self._closing = False
        self._failed = False
        self._voices: list[tuple[str, str, list[str]]] = []
        self._ready = threading.Event()
        self._init_error: BaseException | None = None
        self._engine_error: BaseException | None = None
        self._finished: dict[str, bool] = {}
        self._run_done: tuple[str, threading.Event] | None = None
        self._token = next(_NATIVE_NAMES)
        self.loop_mode = "?"  # "iterate" or "run", decided on the worker
        self.available = False
        self.description = f"pyttsx3 with {self.driver_name} (starting)"
        self.dropped = 0
        if rate is not None:
            self._settings["rate"] = Pyttsx3Speaker._clamp_rate(rate)
        if volume is not None:
            self._settings["volume"] = Pyttsx3Speaker._clamp_volume(volume)
        self._thread = threading.Thread(target=self._run, name="speech-native", daemon=True)
        self._thread.start()
        _LIVE_SPEAKERS.add(self)  # type: ignore[arg-type]
        if not self._ready.wait(init_timeout):
            self.close()
            raise SpeechUnavailable("the speech engine did not start in time")
        if self._init_error is not None:
            err = self._init_error
            if isinstance(err, SpeechUnavailable):
                raise err
            raise SpeechUnavailable(f"the speech engine could not start ({_short(err)})") from err
        if voice is not None and voice.strip():
            try:
                self.set_voice(voice)
            except ValueError:
                self.close()
                raise
        self.available = True
        self.description = f"pyttsx3 with {self.driver_name} (system voice)"

    # --- public API -------------------------------------------------------------------------
    def say(self, text: str, *, interrupt: bool = True) -> None:
        """Speak ``text``; by default interrupt whatever is being said or waiting."""
        if not self.available or not text or not text.strip():
            if interrupt and self.available:
                self.stop()
            return
        utt = _NativeUtterance(text)
        with self._cond:
            if self._closing or self._failed:
                return
            if interrupt:
                self._cancel_all_locked()
            self._queue.append(utt)
            while len(self._queue) > MAX_QUEUED:
                self._queue.popleft().cancel.set()
                self.dropped += 1
            self._wake = True
            self._cond.notify_all()

    def stop(self) -> None:
        """Silence now (the worker calls engine.stop() at once) and forget everything queued."""
        with self._cond:
            self._cancel_all_locked()
            self._wake = True
            self._cond.notify_all()

    def _resolve(self, voice: str) -> Any:
        return _resolve_native_voice(voice, self._voices)

    def close(self) -> None:
        """Silence, stop the worker and release the engine."""
        with self._cond:
            if self._closing:
                return
            self._closing = True
            self._cancel_all_locked()
            self._wake = True
            self._cond.notify_all()
        self.available = False
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=3.0)

    @property
    def speaking(self) -> bool:
        """True while an utterance is being spoken or waits in the queue."""
        with self._cond:
            return self._current is not None or bool(self._queue)

    # --- internals --------------------------------------------------------------------------
    def _post_setting(self, name: str, value: Any) -> None:
        with self._cond:
            self._settings[name] = value
            self._wake = True
            self._cond.notify_all()

    def _cancel_all_locked(self) -> None:
        for utt in self._queue:
            utt.cancel.set()
        self._queue.clear()
        if self._current is not None:
            self._current.cancel.set()

    # callbacks from pyttsx3 (worker thread, during say/iterate/runAndWait)
    def _event_name(self, name: Any) -> Any:
        """In run mode pyttsx3 reports the stock espeak driver's events with the name of its
        internal endLoop command (None): there is one utterance per loop, so it is the current."""
        cur = self._current
        if name is None and self.loop_mode == "run" and cur is not None:
            return cur.name
        return name

    def _cb_started(self, name: Any = None, **_: Any) -> None:
        cur = self._current
        name = self._event_name(name)
        if cur is not None and name == cur.name and not cur.started:
            cur.started = True
            _safe_call(self._on_start, cur.text)

    def _cb_finished(self, name: Any = None, completed: Any = False, **_: Any) -> None:
        name = self._event_name(name)
        if name is not None:
            self._finished.setdefault(str(name), bool(completed))  # the first report counts
        waiting = self._run_done
        if waiting is not None and waiting[0] == name:
            waiting[1].set()

    def _cb_error(self, name: Any = None, exception: Any = None, **_: Any) -> None:
        if self._engine_error is None:
            self._engine_error = (
                exception if isinstance(exception, BaseException) else _EngineFailure(str(exception))
            )

    def _cb_word(self, **_: Any) -> None:
        """Run-loop drivers: stop the utterance at the next word once it was interrupted."""
        if threading.current_thread() is not self._thread:
            return  # espeak's own thread: stopping from there would deadlock espeak_Cancel
        cur = self._current
        if cur is not None and cur.cancel.is_set() and cur.stop_sent_at is None:
            cur.stop_sent_at = time.monotonic()
            self._engine.stop()

    def _run(self) -> None:
        """Worker: own the pyttsx3 engine, speak utterances one by one."""
        self._engine: Any = None
        try:
            _com_initialize()
            engine = self._create_engine()
            self._engine = engine
            driver = _driver_of(engine)
            self._voices = _voice_table(engine)
            for topic, cb in (
                ("started-utterance", self._cb_started),
                ("finished-utterance", self._cb_finished),
                ("error", self._cb_error),
                ("started-word", self._cb_word),
            ):
                engine.connect(topic, cb)
            iterate = getattr(type(driver), "iterate", None) if driver is not None else None
            if iterate is not None and inspect.isgeneratorfunction(iterate):
                self.loop_mode = "iterate"
                engine.startLoop(False)
                engine.iterate()  # the driver's first step marks the proxy idle
            else:
                self.loop_mode = "run"
            pump_runloop = _make_nsss_pump() if self.driver_name == "nsss" else None
            probe = _driver_idle_probe(self.driver_name, driver)
            self._check_error()
        except BaseException as exc:  # noqa: BLE001 - reported by the constructor
            self._init_error = exc
            self._ready.set()
            self._shutdown_engine()
            return
        self._ready.set()
        try:
            if self.loop_mode == "iterate":
                self._loop_iterate(engine, pump_runloop, probe)
            else:
                self._loop_run(engine, driver)
        except BaseException as exc:  # noqa: BLE001 - speech must never crash the game
            self._fail(exc)
        finally:
            self._shutdown_engine()

    def _create_engine(self) -> Any:
        try:
            pyttsx3 = importlib.import_module("pyttsx3")
        except Exception as exc:  # noqa: BLE001
            raise SpeechUnavailable(f"the pyttsx3 package is missing ({_short(exc)})") from exc
        if self.driver_name == "espeak":
            # pyttsx3's own espeak init prints and calls exit(1) without data: initialise first.
            _pyttsx3, _espeak, espeak_driver = _import_pyttsx3()
            _init_espeak(_espeak, espeak_driver)
            with _ESPEAK_LOCK:
                engine = pyttsx3.Engine(self.driver_name)
                _ESPEAK_STATE["owner"] = None
            driver = _driver_of(engine)
            if driver is not None:
                # Its stop() cannot cut the aplay it runs, but pyttsx3's endLoop calls it and,
                # racing with espeak's thread, it can cancel the *next* utterance: disable it.
                driver.stop = lambda: None
            return engine
        try:
            return pyttsx3.Engine(self.driver_name)
        except ImportError as exc:
            raise SpeechUnavailable(
                f"the {self.driver_name} speech driver cannot load ({_short(exc)})"
            ) from exc

    def _check_error(self) -> None:
        if self._engine_error is not None:
            raise self._engine_error

    def _take_work(self, timeout: float | None) -> tuple[bool, dict[str, Any]]:
        """Wait for a request, a queued utterance (run mode) or the timeout;
        return (closing, new settings)."""
        with self._cond:
            queued = self.loop_mode == "run" and bool(self._queue)
            if not (self._wake or self._closing or queued):
                self._cond.wait(timeout)
            self._wake = False
            settings, self._settings = self._settings, {}
            return self._closing, settings

    def _next_utterance(self) -> tuple[_NativeUtterance | None, dict[str, Any]]:
        """The next utterance to speak, with the settings posted before it (taken together, so
        that ``set_rate(...); say(...)`` always speaks at the new rate)."""
        with self._cond:
            settings, self._settings = self._settings, {}
            while self._queue:
                utt = self._queue.popleft()
                if not utt.cancel.is_set():
                    self._current = utt
                    return utt, settings
            self._current = None
            return None, settings

    def _finish(self, utt: _NativeUtterance, completed: bool) -> None:
        self._finished.clear()  # one utterance in flight: anything else is a late, stale event
        with self._cond:
            if self._current is utt:
                self._current = None
        _safe_call(self._on_end, utt.text, completed and not utt.cancel.is_set())

    def _apply(self, engine: Any, settings: dict[str, Any]) -> None:
        for name, value in settings.items():
            engine.setProperty(name, value)  # queued by pyttsx3 while the driver is busy
            self._applied[name] = value

    def _loop_iterate(
        self, engine: Any, pump_runloop: Callable[[], None] | None, probe: Callable[[], Any]
    ) -> None:
        cur: _NativeUtterance | None = None
        while True:
            closing, settings = self._take_work(
                NATIVE_PUMP_S if cur is not None else NATIVE_IDLE_PUMP_S
            )
            if closing:
                if cur is not None and cur.sent_at is not None:
                    engine.stop()
                return
            if cur is not None and cur.cancel.is_set() and cur.stop_sent_at is None:
                cur.stop_sent_at = time.monotonic()
                engine.stop()
            if settings:
                self._apply(engine, settings)
            engine.iterate()
            if pump_runloop is not None:
                pump_runloop()
            self._check_error()
            if cur is not None:
                if cur.name in self._finished:
                    self._finish(cur, self._finished[cur.name])
                    cur = None
                elif self._driver_gone_quiet(engine, cur, probe):
                    self._finish(cur, cur.stop_sent_at is None)
                    cur = None
            if cur is None:
                cur, settings = self._next_utterance()
                if settings:
                    self._apply(engine, settings)
                if cur is not None:
                    cur.sent_at = time.monotonic()
                    engine.say(cur.text, cur.name)
                    self._check_error()

    def _driver_gone_quiet(self, engine: Any, cur: _NativeUtterance, probe: Callable[[], Any]) -> bool:
        """True when the utterance is over although the driver never said so."""
        now = time.monotonic()
        sent = cur.sent_at if cur.sent_at is not None else now
        if cur.stop_sent_at is not None and now - cur.stop_sent_at > NATIVE_STOP_GRACE_S:
            self._force_idle(engine)  # the purge was never reported
            return True
        if now - sent > NATIVE_STALL_S + 0.25 * len(cur.text):
            raise _EngineFailure("the system speech engine stopped responding")
        try:
            idle = probe()
        except Exception:  # noqa: BLE001 - the probe is only a fallback
            idle = None
        if idle is not True or now - sent < NATIVE_PROBE_IDLE_S:
            cur.idle_since = None
            return False
        if cur.idle_since is None:
            cur.idle_since = now
            return False
        if now - cur.idle_since < NATIVE_PROBE_IDLE_S:
            return False
        self._force_idle(engine)  # the synthesizer is quiet but its event was lost
        return True

    @staticmethod
    def _force_idle(engine: Any) -> None:
        """Tell pyttsx3 the driver is idle again so that the next utterance is not stuck."""
        driver = _driver_of(engine)
        if driver is not None and hasattr(driver, "_speaking"):
            driver._speaking = False
        proxy = getattr(engine, "proxy", None)
        if proxy is not None:
            proxy.setBusy(False)

    def _loop_run(self, engine: Any, driver: Any) -> None:
        while True:
            closing, settings = self._take_work(None)
            if closing:
                return
            if settings:
                self._apply(engine, settings)
            cur, settings = self._next_utterance()
            if settings:
                self._apply(engine, settings)
            if cur is None:
                continue
            cur.sent_at = time.monotonic()
            engine.say(cur.text, cur.name)
            if self.driver_name == "espeak" and driver is not None:
                self._run_espeak_utterance(engine, driver, cur)
            else:
                engine.runAndWait()
            self._check_error()
            self._finish(cur, self._finished.get(cur.name, False))

    def _run_espeak_utterance(self, engine: Any, driver: Any, cur: _NativeUtterance) -> None:
        """One utterance through pyttsx3's stock espeak driver (Linux, forced native path).

        That driver only finishes an utterance on espeak's end-of-message event, which espeak-ng
        sends in its asynchronous "retrieval" mode, not in the synchronous mode the streaming
        speaker uses; and its playback (``aplay`` through ``os.system``) happens on espeak's own
        thread.  So, under the espeak lock: re-install its callback and properties if another
        driver used espeak, switch to retrieval mode, run, wait for the end, switch back.
        """
        _pyttsx3, _espeak, espeak_driver = _import_pyttsx3()
        dll = _espeak.dll
        done = threading.Event()
        self._run_done = (cur.name, done)
        with _ESPEAK_LOCK:
            mine = ("native", self._token)
            if _ESPEAK_STATE["owner"] != mine:
                _espeak.SetSynthCallback(driver._onSynth)
                props = {"voice": espeak_driver.EspeakDriver._defaultVoice, "rate": 200}
                props["volume"] = 1.0
                props.update(self._applied)
                for name, value in props.items():
                    driver.setProperty(name, value)
                _ESPEAK_STATE["owner"] = mine
            switch = hasattr(dll, "espeak_ng_InitializeOutput")
            if switch:
                dll.espeak_ng_InitializeOutput(0, 1000, None)  # retrieval (asynchronous) mode
            # The stock driver's stop() (also run by pyttsx3's endLoop) cancels whenever espeak
            # "is playing"; a stale flag from the previous utterance would cancel this one.
            driver._stopping = False
            try:
                engine.runAndWait()  # returns once synthesis has been started
                self._check_error()
                if not done.wait(NATIVE_STALL_S + 0.25 * len(cur.text)):
                    raise _EngineFailure("the speech engine stopped responding")
            finally:
                self._run_done = None
                # espeak's thread is still leaving its callback: let it finish (Synchronize does
                # not wait in retrieval mode) before the next utterance or another driver.
                deadline = time.monotonic() + 2.0
                while _espeak.IsPlaying() and time.monotonic() < deadline:
                    time.sleep(0.005)
                _espeak.Synchronize()
                if switch:
                    dll.espeak_ng_InitializeOutput(_ENOUTPUT_MODE_SYNCHRONOUS, CHUNK_MS, None)

    def _shutdown_engine(self) -> None:
        engine, self._engine = getattr(self, "_engine", None), None
        if engine is None:
            return
        if self.loop_mode != "iterate":
            return
        for step in (engine.stop, engine.endLoop):  # silence, then leave the external loop
            try:
                step()
            except Exception:  # noqa: BLE001 - e.g. "run loop not started"
                pass

    def _fail(self, exc: BaseException) -> None:
        """Go silent for good and tell the player once, in one sentence."""
        with self._cond:
            if self._failed or self._closing:
                return
            self._failed = True
            self._cancel_all_locked()
            self._current = None
        self.available = False
        reason = _short(exc)
        self.description = f"no speech: speech stopped working ({reason})"
        _safe_call(self._on_error, f"Speech stopped working: {reason}. The game goes on in text.")


def _speaker_class() -> type:
    """The speaker implementation for this platform (``$SPOKEN_CRIBBAGE_SPEECH_DRIVER`` wins)."""
    forced = os.environ.get(DRIVER_ENV, "").strip().lower()
    if forced == "native":
        return NativePyttsx3Speaker
    if forced in ("stream", "streaming"):
        return Pyttsx3Speaker
    if sys.platform in ("win32", "darwin"):
        return NativePyttsx3Speaker
    return Pyttsx3Speaker


# --------------------------------------------------------------------------------------------
# Factory and file rendering
# --------------------------------------------------------------------------------------------


def make_speaker(
    mode: str = "auto",
    *,
    rate: int | None = None,
    volume: float | None = None,
    voice: str | None = None,
    on_error: OnError | None = None,
) -> Speaker:
    """Build the speaker for a speech mode: "off", "on" or "auto".

    Linux gets the streaming espeak-ng :class:`Pyttsx3Speaker`; Windows and macOS get
    :class:`NativePyttsx3Speaker` (pyttsx3's sapi5 / nsss driver).  ``$SPOKEN_CRIBBAGE_SPEECH_DRIVER``
    set to "native" or "stream" forces one of them.

    "on" reports a failure to start through ``on_error`` (one sentence); "auto" falls back
    silently.  Either way the fallback is a :class:`NullSpeaker` whose description holds the
    reason.  An unknown ``voice`` is ignored (the default voice is used).
    """
    mode = (mode or "auto").strip().lower()
    if mode == "off":
        return NullSpeaker("speech is off")
    if mode not in ("on", "auto"):
        raise ValueError(f"Unknown speech mode {mode!r}: use on, off or auto.")
    cls = _speaker_class()
    try:
        try:
            return cls(rate=rate, volume=volume, voice=voice, on_error=on_error)
        except ValueError:
            if voice is None or not voice.strip():
                raise
            return cls(rate=rate, volume=volume, on_error=on_error)
    except Exception as exc:  # noqa: BLE001 - any failure means "no speech", never a crash
        reason = _short(exc)
        if mode == "on":
            _safe_call(on_error, f"Speech could not start: {reason}. The game goes on in text.")
        return NullSpeaker(reason)


def render_to_wav(
    text: str,
    path: str | os.PathLike[str],
    *,
    rate: int | None = None,
    volume: float | None = None,
    voice: str | None = None,
) -> None:
    """Synthesize ``text`` to a 16-bit mono WAV file through pyttsx3, printing nothing.

    Raises :class:`SpeechUnavailable` if espeak-ng cannot run and ValueError for an unknown voice.
    """
    engine, _driver = _make_engine(None, _Hooks())
    if voice is not None and voice.strip():
        engine.setProperty("voice", _resolve_voice(voice, _voice_table(engine)))
    if rate is not None:
        engine.setProperty("rate", Pyttsx3Speaker._clamp_rate(rate))
    if volume is not None:
        engine.setProperty("volume", Pyttsx3Speaker._clamp_volume(volume))
    engine.save_to_file(text, os.fspath(path))
    engine.runAndWait()

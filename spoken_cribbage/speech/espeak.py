"""espeak-ng through our own small ctypes binding, synthesizing PCM chunk by chunk.

libespeak-ng is initialised once per process, in *synchronous* mode, with ``espeak_ng_Initialize``
(which, unlike ``espeak_Initialize``, neither prints nor calls ``exit(1)`` when its data is
missing).  espeak-ng is one global engine per process: every call happens under :data:`LOCK`,
and whoever synthesizes re-installs its callback and properties if someone else (another
speaker, :func:`render_to_wav`, pyttsx3's stock driver in :mod:`.native`) used espeak since.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import itertools
import os
import threading
import time
import wave
from collections.abc import Callable
from typing import Any

from spoken_cribbage.notice import Notice

from .audio import AudioSink, choose_sink
from .base import (
    EngineError,
    SpeechUnavailable,
    VoiceEntry,
    clamp_rate,
    clamp_volume,
    resolve_voice,
    short,
)
from .worker import SpeechWorker, Utterance

#: Length in ms of the PCM chunks espeak-ng hands to us (small chunks: early first audio).
CHUNK_MS = 50
DEFAULT_RATE_WPM = 200  # what pyttsx3 used to set
LIBRARY_NAMES = (
    "libespeak-ng.so.1",
    "/usr/local/lib/libespeak-ng.so.1",
    "/opt/homebrew/lib/libespeak-ng.1.dylib",
    "/usr/local/lib/libespeak-ng.1.dylib",
    r"C:\Program Files\eSpeak NG\libespeak-ng.dll",
)

LOCK = threading.RLock()  # espeak-ng is one global engine per process
#: Process-wide espeak state: "owner" is whoever last installed a callback and properties.
STATE: dict[str, Any] = {"ready": False, "rate": 22050, "owner": None, "default_voice": None}

_OUTPUT_SYNCHRONOUS, _OUTPUT_RETRIEVAL = 0x0001, 0x0000
_POS_CHARACTER, _CHARS_UTF8, _ENDPAUSE = 1, 1, 0x1000
_PARAM_RATE, _PARAM_VOLUME = 1, 2
_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.c_void_p)


class _Voice(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("languages", ctypes.c_char_p),
        ("identifier", ctypes.c_char_p),
        ("gender", ctypes.c_ubyte),
        ("age", ctypes.c_ubyte),
        ("variant", ctypes.c_ubyte),
        ("xx1", ctypes.c_ubyte),
        ("score", ctypes.c_int),
        ("spare", ctypes.c_void_p),
    ]


_lib: ctypes.CDLL | None = None
_tokens = itertools.count(1)
# The one C callback; it hands PCM to whichever Python function is synthesizing now.
_target: dict[str, Callable[[bytes], bool] | None] = {"on_pcm": None}


def _on_synth(wav: Any, numsamples: int, events: Any) -> int:
    """espeak callback: never raises (an exception here would print a traceback)."""
    on_pcm = _target["on_pcm"]
    if on_pcm is None:
        return 1
    if numsamples > 0 and wav:
        try:
            return 0 if on_pcm(ctypes.string_at(wav, numsamples * 2)) else 1
        except BaseException:  # noqa: BLE001 - the caller stored it and re-raises
            return 1
    return 0


_C_ON_SYNTH = _CALLBACK(_on_synth)


def library() -> ctypes.CDLL:
    """libespeak-ng, loaded once, with the prototypes we use; SpeechUnavailable if missing."""
    global _lib  # noqa: PLW0603
    if _lib is not None:
        return _lib
    names = list(LIBRARY_NAMES)
    found = ctypes.util.find_library("espeak-ng")
    if found:
        names.insert(0, found)
    for name in names:
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError:
            continue
    else:
        raise SpeechUnavailable("speech.no_espeak")
    c_int, c_char_p, c_void_p = ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p
    for fname, res, args in (
        ("espeak_ng_InitializePath", None, [c_char_p]),
        ("espeak_ng_Initialize", c_int, [c_void_p]),
        ("espeak_ng_InitializeOutput", c_int, [c_int, c_int, c_char_p]),
        ("espeak_ng_GetSampleRate", c_int, []),
        ("espeak_ng_GetStatusCodeMessage", None, [c_int, c_char_p, ctypes.c_size_t]),
        ("espeak_SetSynthCallback", None, [_CALLBACK]),
        ("espeak_SetParameter", c_int, [c_int, c_int, c_int]),
        ("espeak_SetVoiceByName", c_int, [c_char_p]),
        ("espeak_ListVoices", ctypes.POINTER(ctypes.POINTER(_Voice)), [c_void_p]),
        (
            "espeak_Synth",
            c_int,
            [c_char_p, ctypes.c_size_t, ctypes.c_uint, c_int, ctypes.c_uint, ctypes.c_uint, c_void_p, c_void_p],
        ),
        ("espeak_IsPlaying", c_int, []),
        ("espeak_Synchronize", c_int, []),
    ):
        try:
            fn = getattr(lib, fname)
        except AttributeError as exc:
            raise SpeechUnavailable("speech.espeak_too_old") from exc
        fn.restype, fn.argtypes = res, args
    _lib = lib
    return lib


def initialize() -> int:
    """Initialise espeak-ng once, synchronous, silently; return its sample rate."""
    with LOCK:
        if STATE["ready"]:
            return int(STATE["rate"])
        lib = library()
        lib.espeak_ng_InitializePath(None)
        status = lib.espeak_ng_Initialize(None)
        if status == errno.ENOENT:  # the library is there, its voice data is not
            raise SpeechUnavailable("speech.no_espeak_data")
        if status != 0:
            buf = ctypes.create_string_buffer(256)
            lib.espeak_ng_GetStatusCodeMessage(status, buf, len(buf))
            msg = short(buf.value.decode("utf-8", "replace"))
            raise SpeechUnavailable("speech.espeak_could_not_start", detail=msg, status=status)
        set_output(synchronous=True)
        rate = int(lib.espeak_ng_GetSampleRate())
        ids = {vid for vid, _, _ in voices()}
        default: str | None = next((v for v in ("gmw/en-us", "gmw/en", "en-us", "en") if v in ids), None)
        if default is None and ids:
            default = sorted(ids)[0]
        if default is None:
            raise SpeechUnavailable("speech.espeak_no_voices")
        STATE.update(ready=True, rate=rate, default_voice=default)
        return rate


def set_output(*, synchronous: bool) -> None:
    """Synchronous mode (our callback runs in espeak_Synth) or retrieval mode (pyttsx3's)."""
    mode = _OUTPUT_SYNCHRONOUS if synchronous else _OUTPUT_RETRIEVAL
    status = library().espeak_ng_InitializeOutput(mode, CHUNK_MS if synchronous else 1000, None)
    if status != 0:
        raise SpeechUnavailable("speech.espeak_no_output", status=status)


def wait_idle(timeout: float = 2.0) -> None:
    """Let espeak's own thread (retrieval mode) finish its callback."""
    lib = library()
    deadline = time.monotonic() + timeout
    while lib.espeak_IsPlaying() and time.monotonic() < deadline:
        time.sleep(0.005)
    lib.espeak_Synchronize()


def voices() -> list[VoiceEntry]:
    """(id, name, languages) of every installed voice, as pyttsx3 reported them."""
    with LOCK:
        listed = library().espeak_ListVoices(None)
        table: list[VoiceEntry] = []
        i = 0
        while listed[i]:
            v = listed[i].contents
            langs = [v.languages[1:].decode("utf-8", "ignore").lower()] if v.languages else []
            vid = (v.identifier or b"").decode("utf-8", "replace").lower()
            table.append((vid, (v.name or b"").decode("utf-8", "replace"), langs))
            i += 1
        return table


class Synthesizer:
    """One user's espeak-ng voice, rate and volume, and synthesis of one text to PCM."""

    def __init__(self) -> None:
        self.token = ("ours", next(_tokens))
        self.props: dict[str, Any] = {}
        self.sample_rate = initialize()

    def set(self, name: str, value: Any) -> None:
        """Remember a property ("voice", "rate" or "volume"); applied before the next synthesis."""
        if name not in ("voice", "rate", "volume"):
            raise KeyError(f"unknown property {name}")
        self.props[name] = value
        with LOCK:
            if STATE["owner"] == self.token:
                STATE["owner"] = None

    def _activate(self, lib: ctypes.CDLL) -> None:
        if STATE["owner"] == self.token:
            return
        lib.espeak_SetSynthCallback(_C_ON_SYNTH)
        voice = str(self.props.get("voice") or STATE["default_voice"])
        if lib.espeak_SetVoiceByName(voice.encode("utf-8")) != 0:
            raise EngineError("speech.espeak_voice_failed", voice=voice)
        lib.espeak_SetParameter(_PARAM_RATE, int(self.props.get("rate", DEFAULT_RATE_WPM)), 0)
        volume = int(round(float(self.props.get("volume", 1.0)) * 100))
        lib.espeak_SetParameter(_PARAM_VOLUME, volume, 0)
        STATE["owner"] = self.token

    def synthesize(self, text: str, on_pcm: Callable[[bytes], bool]) -> bool:
        """Hand ``text``'s PCM (16-bit mono) to ``on_pcm`` chunk by chunk; ``on_pcm`` returns
        False to stop.  Returns False if it was stopped; re-raises what ``on_pcm`` raised."""
        error: list[BaseException] = []
        stopped = [False]

        def guarded(pcm: bytes) -> bool:
            try:
                go_on = bool(on_pcm(pcm))
            except BaseException as exc:  # noqa: BLE001 - re-raised below
                error.append(exc)
                go_on = False
            stopped[0] = stopped[0] or not go_on
            return go_on

        data = text.encode("utf-8")
        with LOCK:
            lib = library()
            self._activate(lib)
            _target["on_pcm"] = guarded
            try:
                status = _synth(lib, data)
            finally:
                _target["on_pcm"] = None
        if error:
            raise error[0]
        if status != 0 and not stopped[0]:
            raise EngineError("speech.espeak_synth_failed", status=status)
        return not stopped[0]


def _synth(lib: ctypes.CDLL, data: bytes) -> int:
    """espeak_Synth in synchronous mode: returns when all PCM went through the callback."""
    return int(lib.espeak_Synth(data, len(data) + 1, 0, _POS_CHARACTER, 0, _CHARS_UTF8 | _ENDPAUSE, None, None))


def _system_sink() -> AudioSink:
    """The audio output, once the system parts speech needs are known to be there.

    A missing library (espeak-ng, PortAudio) is named before any question about the sound
    device, and both at once when both are missing: one line tells what to install.
    """
    try:
        library()
    except SpeechUnavailable as no_espeak:
        try:
            choose_sink().close()
        except SpeechUnavailable as exc:
            if exc.code == "speech.no_portaudio":
                raise SpeechUnavailable("speech.no_portaudio_no_espeak") from no_espeak
        raise no_espeak
    return choose_sink()


class EspeakSpeaker(SpeechWorker):
    """Speaks with espeak-ng, streaming its PCM to an :class:`AudioSink` (by default the sound
    device through sounddevice), on the shared speech worker.

    ``on_start(text)`` is called when the first synthesized audio of an utterance reaches the
    sink, ``on_end(text, completed)`` when it has been played (False if interrupted).
    The constructor raises :class:`SpeechUnavailable` if speech cannot start.
    """

    def __init__(self, *, sink: AudioSink | None = None, **kw: Any) -> None:
        self._sink = sink if sink is not None else _system_sink()
        self._synth: Synthesizer | None = None
        self.description = "espeak-ng (starting)"
        super().__init__(**kw)
        self.description = f"espeak-ng, {self._sink.description}"
        self.status = Notice("speech.espeak", output=self._sink.status)

    def _open(self) -> None:
        self._synth = Synthesizer()
        self._voices = voices()
        self._sink.open(self._synth.sample_rate)

    def _apply(self, name: str, value: Any) -> None:
        assert self._synth is not None
        self._synth.set(name, value)

    def _speak(self, utt: Utterance) -> bool:
        assert self._synth is not None
        sink = self._sink
        if not sink.begin(utt.cancel):
            return False
        first = [True]

        def on_pcm(pcm: bytes) -> bool:
            if utt.cancel.is_set():
                return False
            if first[0]:
                first[0] = False
                self._started(utt)
            return sink.write(pcm)

        if not self._synth.synthesize(utt.text, on_pcm) or utt.cancel.is_set():
            sink.end()  # lets the sink drop what it still holds
            return False
        return sink.end()

    def _idle(self) -> None:
        self._sink.prepare()

    def _interrupt(self) -> None:
        self._sink.abort()

    def _shutdown(self) -> None:
        self._sink.abort()
        self._sink.close()


def render_to_wav(
    text: str,
    path: str | os.PathLike[str],
    *,
    rate: int | None = None,
    volume: float | None = None,
    voice: str | None = None,
) -> None:
    """Synthesize ``text`` to a 16-bit mono WAV file, printing nothing.

    Raises :class:`SpeechUnavailable` if espeak-ng cannot run and ValueError for an unknown voice.
    """
    synth = Synthesizer()
    if voice is not None and voice.strip():
        synth.set("voice", resolve_voice(voice, voices()))
    if rate is not None:
        synth.set("rate", clamp_rate(rate))
    if volume is not None:
        synth.set("volume", clamp_volume(volume))
    chunks: list[bytes] = []

    def keep(pcm: bytes) -> bool:
        chunks.append(pcm)
        return True  # go on

    synth.synthesize(text, keep)
    with wave.open(os.fspath(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(synth.sample_rate)
        f.writeframes(b"".join(chunks))


__all__ = ["EspeakSpeaker", "Synthesizer", "render_to_wav", "initialize", "voices", "LOCK", "STATE"]

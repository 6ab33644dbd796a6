"""Microphone input: sounddevice (PortAudio) capture, endpointing, push-to-talk or continuous.

:class:`VoiceInput` is what the console uses. It loads the recognizer in a background thread (so
the game starts at once), opens the microphone, cuts the audio into utterances and calls
``on_heard(Recognition)`` for each one, recognised against the context of that moment. Cues and
problems go to ``on_message(Notice)``, one notice each (``voice.listening``,
``voice.stopped_listening``, ``voice.no_microphone``), which the app puts into words
(:mod:`spoken_cribbage.words.voice`). It never raises into the game.

Modes:

* ``push``: a key calls :meth:`VoiceInput.toggle`; listening starts with the cue
  :data:`LISTENING`, and the next utterance (ended by a pause, or by pressing the key again) is
  recognised; then listening stops with the cue :data:`STOPPED`.
* ``continuous``: after :meth:`start` every utterance is recognised; :meth:`toggle` pauses and
  resumes listening, with the same cues.
"""

from __future__ import annotations

import contextlib
import itertools
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.vocabulary import VoiceContext
from spoken_cribbage.voice.listener import Listener, _Utterance  # noqa: F401 - re-exported
from spoken_cribbage.voice.recognizers import RATE, Recognition, Recognizer
from spoken_cribbage.voice.segmenter import (  # noqa: F401
    DRAIN_MAX,
    FRAME_SECONDS,
    MAX_UTTERANCE,
    PAUSE_DROP_DB,
    PAUSE_FLOOR_DB,
    PAUSE_HANG,
    PAUSE_HANG_NOISY,
    PAUSE_MIN_SNR,
    PAUSE_MIN_SNR_NOISY,
    PAUSE_PAD,
    PRE_ROLL,
    Segmenter,
    split_utterances,
)

NO_MIC = Notice("voice.no_microphone")
MIC_FAILED = "voice.microphone_failed"  # with reason=...
BEHIND = Notice("voice.fell_behind")
QUEUE_SECONDS = 10.0  # microphone audio waiting to be processed; beyond it the oldest is dropped
LISTENING = Notice("voice.listening")
STOPPED = Notice("voice.stopped_listening")
NOTHING_HEARD = Notice("voice.nothing_heard")


def _reason(exc: Exception) -> str:
    """An exception as a short clause on one line (PortAudio messages can be long)."""
    text = " ".join(str(exc).split()) or exc.__class__.__name__
    text = text.rstrip(".")
    return text if len(text) <= 80 else text[:77].rstrip() + "..."


def microphone_problem(sd_module=None) -> Notice | None:
    """None when an input device is available, else a notice saying what is wrong."""
    try:
        sd = sd_module or __import__("sounddevice")
    except (ImportError, OSError):
        return Notice("voice.no_sound_library")
    try:
        dev = sd.query_devices(kind="input")
        if not dev or int(dev.get("max_input_channels", 0)) < 1:
            return NO_MIC
    except Exception:  # noqa: BLE001 - PortAudioError and friends: no device
        return NO_MIC
    return None


class VoiceInput:
    """Voice commands from the microphone. See the module docstring."""

    def __init__(
        self,
        recognizer,
        context: Callable[[], VoiceContext],
        mode: str = "push",
        on_heard: Callable[[Recognition], None] = lambda r: None,
        on_message: Callable[[Notice], None] = lambda n: None,
        device=None,
        sd_module=None,
        audio_source: Callable[[], Iterator[bytes]] | None = None,
        early: bool = True,
    ):
        if mode not in ("push", "continuous"):
            raise ValueError("mode must be 'push' or 'continuous'")
        self._source = recognizer
        self.recognizer: Recognizer | None = recognizer if hasattr(recognizer, "recognize") else None
        self.context = context
        self.mode = mode
        self.on_heard = on_heard
        self.on_message = on_message
        self.device = device
        self._sd = sd_module
        self._audio_source = audio_source  # tests: yields PCM chunks instead of a microphone
        self._q: queue.Queue[bytes | None] = queue.Queue(maxsize=int(QUEUE_SECONDS / FRAME_SECONDS))
        self._dropped = 0
        self._stream: Any = None  # a sounddevice.RawInputStream (sounddevice has no types)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._ready = threading.Event()
        self.available = True  # becomes False once voice is found to be impossible
        self.off_reason: Notice | None = None  # the notice that said why
        self.latencies: list[float] = []  # seconds from end of speech to on_heard
        self.early = early  # take a whole command at a short pause (see Segmenter)

    # -- public ---------------------------------------------------------------------------------
    @property
    def listening(self) -> bool:
        return self._listening.is_set()

    @property
    def running(self) -> bool:
        """Started, not stopped, and still at work (loading, or listening to the microphone)."""
        t = self._thread
        return t is not None and t.is_alive()

    def start(self) -> None:
        """Start in the background: load the model, open the microphone. Returns at once.
        After :meth:`stop` it starts again (the model stays loaded)."""
        if self._thread is not None or not self.available:
            return
        self._stop.clear()
        while True:  # what a stop left behind (its wake-up None) must not end the new run
            try:
                self._q.get_nowait()
            except queue.Empty:
                break
        self._thread = threading.Thread(target=self._run, name="voice-input", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._listening.clear()
        self._put(None)
        t, self._thread = self._thread, None
        if t is not None and t is not threading.current_thread():
            t.join(timeout=2)
        self._close_stream()

    def toggle(self) -> None:
        """Push-to-talk key: start or stop listening (in continuous mode: pause or resume)."""
        if not self.available:
            self._say(self.off_reason or NO_MIC)
            return
        if self._thread is None:
            self.start()
        if self._listening.is_set():
            self._listening.clear()
            self._put(b"")  # wake the worker so it recognises what it has
            self._say(STOPPED)
        else:
            self._listening.set()
            self._say(LISTENING)

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until the model is loaded and the microphone opened (or found missing)."""
        return self._ready.wait(timeout)

    # -- internals ------------------------------------------------------------------------------
    def _off(self, notice: Notice) -> None:
        self.off_reason = notice
        self._say(notice)

    def _say(self, notice: Notice) -> None:
        with contextlib.suppress(Exception):  # a callback error must not kill voice input
            self.on_message(notice)

    def _load(self) -> bool:
        if self.recognizer is not None:
            return True
        try:
            rec, notice = self._source()
        except Exception as exc:  # noqa: BLE001
            rec, notice = None, Notice("voice.recognizer_failed", error=exc.__class__.__name__)
        if rec is None:
            self._off(notice)
        else:
            self._say(notice)
        self.recognizer = rec
        return rec is not None

    def _open(self) -> bool:
        source = self._audio_source
        if source is not None:

            def pump():  # tests: as fast as the worker takes it, nothing dropped
                for chunk in itertools.chain(source(), [None]):
                    while not self._stop.is_set():
                        try:
                            self._q.put(chunk, timeout=0.1)
                            break
                        except queue.Full:
                            continue
                    if self._stop.is_set():
                        break

            threading.Thread(target=pump, daemon=True).start()
            return True
        try:
            sd = self._sd or __import__("sounddevice")

            def callback(indata, frames, t, status):  # PortAudio thread: just queue the bytes
                try:
                    self._q.put_nowait(bytes(indata))
                except queue.Full:  # the worker is far behind: drop rather than lag for ever
                    self._dropped += 1

            self._stream = sd.RawInputStream(
                samplerate=RATE,
                channels=1,
                dtype="int16",
                blocksize=int(RATE * FRAME_SECONDS),
                device=self.device,
                callback=callback,
            )
            self._stream.start()
        except Exception as exc:  # noqa: BLE001
            self._stream = None
            self._off(Notice(MIC_FAILED, reason=_reason(exc)))
            return False
        return True

    def _put(self, item: bytes | None) -> None:
        """Queue a control item without blocking (making room if the queue is full)."""
        while True:
            try:
                self._q.put_nowait(item)
                return
            except queue.Full:
                with contextlib.suppress(queue.Empty):
                    self._q.get_nowait()

    def _close_stream(self) -> None:
        s, self._stream = self._stream, None
        if s is not None:
            try:
                s.stop()
                s.close()
            except Exception:  # noqa: BLE001
                pass

    def _run(self) -> None:
        try:
            # no microphone: one notice, and the model is not even loaded
            problem = None if self._audio_source is not None else microphone_problem(self._sd)
            if problem:
                self._off(problem)
                ok = False
            else:
                ok = self._load() and self._open()
        except Exception:  # noqa: BLE001
            ok = False
        if not ok:
            self.available = False
            self._ready.set()
            return
        if self.mode == "continuous":
            self._listening.set()
            self._say(LISTENING)
        self._ready.set()

        def fresh() -> Listener:
            assert self.recognizer is not None  # loaded: ok above
            return Listener(self.recognizer, self.context, early=self.early)

        listener = fresh()
        try:
            while not self._stop.is_set():
                chunk = self._q.get()
                if self._dropped:
                    self._dropped = 0
                    listener.abort()
                    listener = fresh()
                    self._say(BEHIND)
                # the key pressed again mid-utterance (or no more audio): use what we have
                heard = listener.feed(chunk) if chunk is not None and self._listening.is_set() else listener.flush()
                for rec, t_end in heard[:1] if self.mode == "push" else heard:
                    self._heard(rec, t_end)
                    if self.mode == "push":
                        listener.abort()
                        listener = fresh()
                        self._listening.clear()
                        self._say(STOPPED)
                if chunk is None:
                    break
        except Exception as exc:  # noqa: BLE001 - never a traceback to a player
            self._say(Notice("voice.stopped_after_error", error=exc.__class__.__name__))
            self.available = False
        finally:
            listener.abort()
            self._listening.clear()
            self._close_stream()

    def _heard(self, rec: Recognition, t_end: float) -> None:
        self.latencies.append(time.monotonic() - t_end)
        with contextlib.suppress(Exception):
            self.on_heard(rec)


class MicrophoneError(Problem):
    """The microphone could not be opened or stopped sending sound (a ``voice.*`` code)."""


#: Seconds without a block from an open microphone before it counts as gone.
MIC_STALL = 3.0


def microphone_blocks(stop: threading.Event | None = None, sd_module=None, device=None) -> Iterator[bytes]:
    """The microphone as a stream of blocks (16 kHz mono s16le, :data:`FRAME_SECONDS` each),
    until ``stop`` is set or the generator is closed (which closes the microphone).

    Raises :class:`MicrophoneError` when there is no microphone, it cannot be opened, or it
    stops sending sound for :data:`MIC_STALL` seconds."""
    problem = microphone_problem(sd_module)
    if problem is not None:
        raise MicrophoneError(problem.code, **problem.data)
    q: queue.Queue[bytes] = queue.Queue(maxsize=int(QUEUE_SECONDS / FRAME_SECONDS))

    def callback(indata, frames, t, status):  # PortAudio thread: just queue the bytes
        with contextlib.suppress(queue.Full):
            q.put_nowait(bytes(indata))

    try:
        sd = sd_module or __import__("sounddevice")
        stream = sd.RawInputStream(
            samplerate=RATE,
            channels=1,
            dtype="int16",
            blocksize=int(RATE * FRAME_SECONDS),
            device=device,
            callback=callback,
        )
        stream.start()
    except Exception as exc:  # noqa: BLE001 - PortAudio's errors: one sentence
        raise MicrophoneError(MIC_FAILED, reason=_reason(exc)) from None
    try:
        last = time.monotonic()
        while stop is None or not stop.is_set():
            try:
                block = q.get(timeout=0.1)
            except queue.Empty:
                if time.monotonic() - last > MIC_STALL:
                    raise MicrophoneError("voice.microphone_silent") from None
                continue
            last = time.monotonic()
            yield block
    finally:
        try:
            stream.stop()
            stream.close()
        except Exception:  # noqa: BLE001
            pass


def listen_once(
    recognizer: Recognizer,
    ctx: VoiceContext,
    timeout: float = 10.0,
    on_message: Callable[[Notice], None] = lambda n: None,
    sd_module=None,
    audio_source=None,
) -> Recognition | None:
    """Listen on the microphone for one utterance and recognise it (``listen --mic``).

    Returns None (after one notice to ``on_message``) when there is no microphone or nothing
    was said before ``timeout``.
    """
    done = threading.Event()
    result: list[Recognition] = []

    def heard(r: Recognition) -> None:
        result.append(r)
        done.set()

    vi = VoiceInput(
        recognizer,
        lambda: ctx,
        mode="continuous",
        on_heard=heard,
        on_message=on_message,
        sd_module=sd_module,
        audio_source=audio_source,
    )
    vi.start()
    vi.wait_ready(timeout)
    if not vi.available:
        vi.stop()
        return None
    done.wait(timeout)
    vi.stop()
    if not result:
        on_message(NOTHING_HEARD)
        return None
    return result[0]

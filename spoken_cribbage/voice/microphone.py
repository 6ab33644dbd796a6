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

import collections
import itertools
import math
import queue
import threading
import time
from typing import Callable, Iterator

import numpy as np

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.vocabulary import VoiceContext
from spoken_cribbage.voice.recognizers import RATE, Recognition, Recognizer

FRAME_SECONDS = 0.03
PRE_ROLL = 0.25       # audio kept from before the endpointer noticed speech
MAX_UTTERANCE = 6.0   # seconds; longer speech is cut and recognised
DRAIN_MAX = 1.5       # after a cut, new speech is listened to after at most this long

# Taking a whole command at a short pause (see Segmenter and Listener; chosen with
# bench/bench_voice.py, which measures accuracy and latency with and without it).
PAUSE_HANG = 0.18           # seconds of quiet that end a command early ...
PAUSE_MIN_SNR = 30.0        # ... when the loudest frame is this many dB above the room,
PAUSE_HANG_NOISY = 0.21     # ... else this many seconds ...
PAUSE_MIN_SNR_NOISY = 18.0  # ... down to this; in louder rooms only the endpointer ends speech
PAUSE_DROP_DB = 30.0        # a frame is quiet below the loudest frame minus this,
PAUSE_FLOOR_DB = 6.0        # or below the room's level plus this (whichever is higher)
PAUSE_PAD = 0.15            # seconds of that quiet decoded after the audio, as if it went on

NO_MIC = Notice("voice.no_microphone")
MIC_FAILED = "voice.microphone_failed"  # with reason=...
BEHIND = Notice("voice.fell_behind")
QUEUE_SECONDS = 10.0  # microphone audio waiting to be processed; beyond it the oldest is dropped
LISTENING = Notice("voice.listening")
STOPPED = Notice("voice.stopped_listening")
NOTHING_HEARD = Notice("voice.nothing_heard")


class Segmenter:
    """Cuts a stream of 16 kHz mono s16le audio into utterances.

    pocketsphinx's voice-activity endpointer finds where speech starts. It decides about
    0.3 s late, so the audio from :data:`PRE_ROLL` seconds before the start it reports is sent
    on, and from then on every frame as it arrives. The end is found twice:

    * ``("pause", t)`` as soon as the audio has stayed quiet for :data:`PAUSE_HANG` seconds
      (:data:`PAUSE_HANG_NOISY` in a noisier room, never when the speech is less than
      :data:`PAUSE_MIN_SNR_NOISY` dB above the room's level, measured before the speech). The
      player may only be pausing between words: the consumer tries to recognise what it has and,
      if that is a whole command, calls :meth:`cut`; otherwise it keeps listening.
    * ``("end", t)`` when the endpointer declares the end (about half a second after the
      speech), or when the utterance reaches :data:`MAX_UTTERANCE`.

    ``feed`` takes any number of bytes and returns events: ``("start", audio)`` (pre-roll and
    the speech so far), ``("audio", audio)`` (each new frame while in an utterance),
    ``("pause", t)`` and ``("end", t)`` with ``t`` the ``time.monotonic()`` of the detection.
    """

    def __init__(self, vad_mode: int | None = None, window: float = 0.3, ratio: float = 0.9,
                 hang: float | None = None):
        from pocketsphinx import Endpointer, Vad
        self.ep = Endpointer(window=window, ratio=ratio,
                             vad_mode=Vad.LOOSE if vad_mode is None else vad_mode,
                             sample_rate=RATE, frame_length=FRAME_SECONDS)
        self.frame_bytes = self.ep.frame_bytes
        self.frame_length = self.ep.frame_length
        self._buf = b""
        self._hang = max(1, round((PAUSE_HANG if hang is None else hang) / self.frame_length))
        self._hang_noisy = max(self._hang, round(PAUSE_HANG_NOISY / self.frame_length))
        keep = int((PRE_ROLL + window + 1.0) / self.frame_length)
        self._recent: collections.deque[tuple[bytes, float]] = collections.deque(maxlen=keep)
        self._t = 0.0            # stream time at the end of the last frame, seconds
        self._in = False         # in an utterance
        self._draining = False   # an utterance was cut: wait for the endpointer to end it
        self._drained = 0
        self._frames = 0
        self._max_frames = int(MAX_UTTERANCE / self.frame_length)
        self._floor = -90.0
        self._peak = -90.0
        self._quiet = 0

    @staticmethod
    def level(frame: bytes) -> float:
        """dBFS of one frame."""
        a = np.frombuffer(frame, dtype="<i2").astype(np.float64)
        ms = float(np.mean(a * a)) if a.size else 0.0
        return 10 * math.log10(ms / (32768.0 * 32768.0) + 1e-12)

    def quiet_tail(self, seconds: float) -> bytes:
        """``seconds`` of the quiet that ended the utterance so far (its last frames, repeated)."""
        frames = [f for f, _ in list(self._recent)[-self._quiet:]] if self._quiet else []
        if not frames or seconds <= 0:
            return b""
        n = int(round(seconds / self.frame_length))
        return b"".join(frames[i % len(frames)] for i in range(n))

    def cut(self) -> None:
        """The consumer took the utterance as complete at a pause: end it now and ignore what
        is left of it (until the endpointer sees the speech has ended)."""
        if self._in:
            self._in = False
            self._draining = True
            self._drained = 0

    def feed(self, data: bytes) -> list[tuple[str, object]]:
        out: list[tuple[str, object]] = []
        self._buf += data
        fb = self.frame_bytes
        while len(self._buf) >= fb:
            frame, self._buf = self._buf[:fb], self._buf[fb:]
            db = self.level(frame)
            was = self.ep.in_speech
            self.ep.process(frame)
            self._t += self.frame_length
            if self._draining:
                self._drained += 1
                if not self.ep.in_speech or self._drained * self.frame_length > DRAIN_MAX:
                    self._draining = False
                    self._recent.clear()
                self._recent.append((frame, db))
                continue
            if not self._in:
                started = self.ep.in_speech and not was
                if started:
                    n_back = int(round((self._t - self.ep.speech_start) / self.frame_length)) - 1
                    n_pre = n_back + int(PRE_ROLL / self.frame_length)
                    recent = list(self._recent)
                    quiet_part = recent[: max(0, len(recent) - n_back)]
                    self._floor = self._median_low([d for _, d in quiet_part])
                    pre = recent[max(0, len(recent) - n_pre):]
                    self._in = True
                    self._frames = len(pre) + 1
                    self._peak = max([d for _, d in pre[-n_back:]] + [db]) if n_back > 0 else db
                    self._quiet = 0
                    out.append(("start", b"".join(f for f, _ in pre) + frame))
                self._recent.append((frame, db))
                continue
            # in an utterance
            self._recent.append((frame, db))
            out.append(("audio", frame))
            self._frames += 1
            self._peak = max(self._peak, db)
            threshold = max(self._peak - PAUSE_DROP_DB, self._floor + PAUSE_FLOOR_DB)
            if db < threshold:
                self._quiet += 1
            else:
                self._quiet = 0
            if self._frames >= self._max_frames:
                self._in = False
                self._draining = True
                self._drained = 0
                out.append(("end", time.monotonic()))
            elif not self.ep.in_speech:
                self._in = False
                out.append(("end", time.monotonic()))
            elif self._quiet == self._hang_now():
                out.append(("pause", time.monotonic()))
        return out

    def _hang_now(self) -> int:
        """Frames of quiet that end speech early, for the room heard before it (a huge number
        when the room is too loud for pauses to be told from soft speech)."""
        snr = self._peak - self._floor
        if snr >= PAUSE_MIN_SNR:
            return self._hang
        if snr >= PAUSE_MIN_SNR_NOISY:
            return self._hang_noisy
        return 1 << 30

    @staticmethod
    def _median_low(levels: list[float]) -> float:
        """The room's level: the median of the quieter half of the frames before speech (0 dBFS,
        so no early end, when too little was heard before the speech to tell)."""
        if len(levels) < 3:
            return 0.0
        levels = sorted(levels)[: len(levels) // 2]
        return levels[len(levels) // 2]

    def flush(self) -> list[tuple[str, object]]:
        """End of stream (or of listening): close the utterance in progress, if any."""
        out: list[tuple[str, object]] = []
        if self._in:
            if self._buf:
                out.append(("audio", self._buf[: len(self._buf) // 2 * 2]))
            self._in = False
            out.append(("end", time.monotonic()))
        self._buf = b""
        return out


def _reason(exc: Exception) -> str:
    """An exception as a short clause on one line (PortAudio messages can be long)."""
    text = " ".join(str(exc).split()) or exc.__class__.__name__
    text = text.rstrip(".")
    return text if len(text) <= 80 else text[:77].rstrip() + "..."


def split_utterances(audio: bytes, chunk: int = 3200) -> list[bytes]:
    """Utterances in a recording, as the microphone path would cut them (for tests)."""
    seg = Segmenter()
    out: list[bytes] = []
    cur: list[bytes] = []
    events = []
    for i in range(0, len(audio), chunk):
        events += seg.feed(audio[i:i + chunk])
    events += seg.flush()
    for kind, value in events:
        if kind == "start":
            cur = [value]
        elif kind == "audio":
            cur.append(value)
        elif kind == "end":
            out.append(b"".join(cur))
            cur = []
    return out


class _Utterance:
    """Audio of one utterance on its way to the recognizer (streamed when it can be)."""

    def __init__(self, recognizer: Recognizer, ctx: VoiceContext):
        self.recognizer = recognizer
        self.ctx = ctx
        self.chunks: list[bytes] = []
        self.stream = self._open()

    def _open(self):
        start = getattr(self.recognizer, "stream", None)
        if start is None:
            return None
        try:
            return start(self.ctx)
        except Exception:  # noqa: BLE001 - fall back to decoding at the end
            return None

    def feed(self, audio: bytes) -> None:
        self.chunks.append(audio)
        if self.stream is not None:
            try:
                self.stream.feed(audio)
            except Exception:  # noqa: BLE001
                self.stream.abort()
                self.stream = None

    def finish(self) -> Recognition:
        if self.stream is not None:
            stream, self.stream = self.stream, None
            return stream.finish()
        return self.recognizer.recognize(b"".join(self.chunks), self.ctx)

    def attempt(self, pad: bytes = b"") -> Recognition | None:
        """At a pause: the recognition if what was said so far is a whole command that passes
        every check, else None, and decoding goes on as if nothing had happened. ``pad`` (the
        quiet just heard, repeated) is decoded after the audio as if the pause were longer."""
        if pad and self.stream is not None:
            try:
                self.stream.feed(pad)
            except Exception:  # noqa: BLE001
                pass
        rec = self.finish()
        if rec.accepted:
            return rec
        self.resume()
        return None

    def resume(self) -> None:
        """Decode again from the start of the utterance (after :meth:`finish` at a pause)."""
        chunks, self.chunks = self.chunks, []
        self.stream = self._open()
        for chunk in chunks:
            self.feed(chunk)

    def abort(self) -> None:
        if self.stream is not None:
            self.stream.abort()
            self.stream = None


class Listener:
    """Audio in, recognitions out: a :class:`Segmenter` and the recognizer, for one stream.

    ``feed`` returns ``(Recognition, t)`` for each utterance recognised, ``t`` being the
    ``time.monotonic()`` at which its end was detected. At a pause a whole command is taken at
    once (``early``); anything less waits for the end of the utterance.
    """

    def __init__(self, recognizer: Recognizer, context: Callable[[], VoiceContext],
                 early: bool = True, segmenter: Segmenter | None = None):
        self.recognizer = recognizer
        self.context = context
        self.early = early
        self.seg = segmenter or Segmenter()
        self.utt: _Utterance | None = None

    def feed(self, chunk: bytes) -> list[tuple[Recognition, float]]:
        return self.handle(self.seg.feed(chunk))

    def flush(self) -> list[tuple[Recognition, float]]:
        return self.handle(self.seg.flush())

    def abort(self) -> None:
        if self.utt is not None:
            self.utt.abort()
            self.utt = None

    def handle(self, events) -> list[tuple[Recognition, float]]:
        """Act on the segmenter's events (for a caller that feeds the segmenter itself and
        leaves some of its events out: the set-up check, while the game speaks)."""
        out: list[tuple[Recognition, float]] = []
        for kind, value in events:
            if kind == "start":
                self.abort()
                try:
                    self.utt = _Utterance(self.recognizer, self.context())
                except Exception:  # noqa: BLE001
                    self.utt = None
                if self.utt is not None:
                    self.utt.feed(value)
            elif self.utt is None:
                continue
            elif kind == "audio":
                self.utt.feed(value)
            elif kind == "pause" and self.early:
                rec = self._safely(lambda: self.utt.attempt(self.seg.quiet_tail(PAUSE_PAD)))
                if rec is not None:
                    self.seg.cut()
                    self.utt = None
                    out.append((rec, value))
            elif kind == "end":
                utt, self.utt = self.utt, None
                out.append((self._safely(utt.finish), value))
        return out

    def _safely(self, step):
        try:
            return step()
        except Exception as exc:  # noqa: BLE001 - never a traceback to a player
            self.abort()
            return Recognition(False, "", None, None, f"error: {exc}")


def cue_tone(start: bool, seconds: float = 0.08) -> np.ndarray:
    """A short tone: rising pair for 'listening', falling pair for 'stopped'."""
    rate = 22050
    t = np.arange(int(rate * seconds)) / rate
    f1, f2 = (660.0, 880.0) if start else (880.0, 660.0)
    half = len(t) // 2
    tone = np.concatenate([np.sin(2 * np.pi * f1 * t[:half]), np.sin(2 * np.pi * f2 * t[half:])])
    ramp = np.minimum(1.0, np.minimum(np.arange(len(t)), np.arange(len(t))[::-1]) / (0.005 * rate))
    return (0.2 * tone * ramp).astype("float32")


def play_cue(start: bool, sd_module=None) -> bool:
    """Play the listening cue without blocking; False (silently) when there is no output device."""
    try:
        sd = sd_module or __import__("sounddevice")
        sd.play(cue_tone(start), 22050, blocking=False)
        return True
    except Exception:  # noqa: BLE001 - a missing sound device only loses the tone
        return False


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

    def __init__(self, recognizer, context: Callable[[], VoiceContext], mode: str = "push",
                 on_heard: Callable[[Recognition], None] = lambda r: None,
                 on_message: Callable[[Notice], None] = lambda n: None,
                 device=None, sd_module=None, audio_source: Callable[[], Iterator[bytes]] | None = None,
                 beep: bool = False, early: bool = True):
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
        self._stream = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._ready = threading.Event()
        self.available = True  # becomes False once voice is found to be impossible
        self.off_reason: Notice | None = None  # the notice that said why
        self.latencies: list[float] = []  # seconds from end of speech to on_heard
        self.beep = beep  # also play a short tone with the Listening / Stopped cues
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
        while True:   # what a stop left behind (its wake-up None) must not end the new run
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
        if self.beep and notice in (LISTENING, STOPPED):
            play_cue(notice == LISTENING, self._sd)
        try:
            self.on_message(notice)
        except Exception:  # noqa: BLE001 - a callback error must not kill voice input
            pass

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
        if self._audio_source is not None:
            def pump():  # tests: as fast as the worker takes it, nothing dropped
                for chunk in itertools.chain(self._audio_source(), [None]):
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
            self._stream = sd.RawInputStream(samplerate=RATE, channels=1, dtype="int16",
                                             blocksize=int(RATE * FRAME_SECONDS), device=self.device,
                                             callback=callback)
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
                try:
                    self._q.get_nowait()
                except queue.Empty:
                    pass

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
                if chunk is None or not self._listening.is_set():
                    heard = listener.flush()  # key pressed again mid-utterance: use what we have
                else:
                    heard = listener.feed(chunk)
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
        try:
            self.on_heard(rec)
        except Exception:  # noqa: BLE001
            pass


class MicrophoneError(Problem):
    """The microphone could not be opened or stopped sending sound (a ``voice.*`` code)."""


#: Seconds without a block from an open microphone before it counts as gone.
MIC_STALL = 3.0


def microphone_blocks(stop: threading.Event | None = None, sd_module=None, device=None
                      ) -> Iterator[bytes]:
    """The microphone as a stream of blocks (16 kHz mono s16le, :data:`FRAME_SECONDS` each),
    until ``stop`` is set or the generator is closed (which closes the microphone).

    Raises :class:`MicrophoneError` when there is no microphone, it cannot be opened, or it
    stops sending sound for :data:`MIC_STALL` seconds."""
    problem = microphone_problem(sd_module)
    if problem is not None:
        raise MicrophoneError(problem.code, **problem.data)
    q: queue.Queue[bytes] = queue.Queue(maxsize=int(QUEUE_SECONDS / FRAME_SECONDS))

    def callback(indata, frames, t, status):  # PortAudio thread: just queue the bytes
        try:
            q.put_nowait(bytes(indata))
        except queue.Full:
            pass

    try:
        sd = sd_module or __import__("sounddevice")
        stream = sd.RawInputStream(samplerate=RATE, channels=1, dtype="int16",
                                   blocksize=int(RATE * FRAME_SECONDS), device=device,
                                   callback=callback)
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


def listen_once(recognizer: Recognizer, ctx: VoiceContext, timeout: float = 10.0,
                on_message: Callable[[Notice], None] = lambda n: None, sd_module=None,
                audio_source=None) -> Recognition | None:
    """Listen on the microphone for one utterance and recognise it (``listen --mic``).

    Returns None (after one notice to ``on_message``) when there is no microphone or nothing
    was said before ``timeout``.
    """
    done = threading.Event()
    result: list[Recognition] = []

    def heard(r: Recognition) -> None:
        result.append(r)
        done.set()

    vi = VoiceInput(recognizer, lambda: ctx, mode="continuous", on_heard=heard,
                    on_message=on_message, sd_module=sd_module, audio_source=audio_source)
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

"""Microphone input: sounddevice (PortAudio) capture, endpointing, push-to-talk or continuous.

:class:`VoiceInput` is what the console uses. It loads the recognizer in a background thread (so
the game starts at once), opens the microphone, cuts the audio into utterances and calls
``on_heard(Recognition)`` for each one, recognised against the context of that moment. Cues and
problems go to ``on_message(str)`` as one plain sentence each ("Listening.", "Stopped
listening.", "No microphone found: voice is off. Keyboard play goes on."). It never raises into
the game.

Modes:

* ``push``: a key calls :meth:`VoiceInput.toggle`; listening starts with the cue "Listening.",
  and the next utterance (ended by a pause, or by pressing the key again) is recognised; then
  listening stops with the cue "Stopped listening.".
* ``continuous``: after :meth:`start` every utterance is recognised; :meth:`toggle` pauses and
  resumes listening, with the same cues.
"""

from __future__ import annotations

import collections
import queue
import threading
import time
from typing import Callable, Iterator

from .grammar import VoiceContext
from .voice import RATE, Recognition, Recognizer

FRAME_SECONDS = 0.03
PRE_ROLL = 0.25       # audio kept from before the endpointer noticed speech
MAX_UTTERANCE = 6.0   # seconds; longer speech is cut and recognised
NO_MIC = "No microphone found: voice is off. Keyboard play goes on."
LISTENING = "Listening."
STOPPED = "Stopped listening."



class Segmenter:
    """Cuts a stream of 16 kHz mono s16le audio into utterances.

    Uses pocketsphinx's voice-activity endpointer, keeps :data:`PRE_ROLL` seconds before the
    detected start (the endpointer starts late in noise) and caps utterances at
    :data:`MAX_UTTERANCE`. ``feed`` takes any number of bytes and returns events:
    ``("start", audio)`` (pre-roll and first speech), ``("audio", audio)`` and
    ``("end", t)`` with ``t`` the ``time.monotonic()`` at which the end was detected. The events
    let a recognizer decode while the player is still speaking.
    """

    def __init__(self, vad_mode: int | None = None, window: float = 0.3, ratio: float = 0.9):
        from pocketsphinx import Endpointer, Vad
        self.ep = Endpointer(window=window, ratio=ratio,
                             vad_mode=Vad.LOOSE if vad_mode is None else vad_mode,
                             sample_rate=RATE, frame_length=FRAME_SECONDS)
        self.frame_bytes = self.ep.frame_bytes
        self._buf = b""
        n_pre = max(1, int(PRE_ROLL / self.ep.frame_length))
        self._pre: collections.deque[bytes] = collections.deque(maxlen=n_pre)
        self._in = False
        self._frames = 0
        self._max_frames = int(MAX_UTTERANCE / self.ep.frame_length)

    @property
    def in_speech(self) -> bool:
        return self._in

    def feed(self, data: bytes) -> list[tuple[str, object]]:
        out: list[tuple[str, object]] = []
        self._buf += data
        fb = self.frame_bytes
        while len(self._buf) >= fb:
            frame, self._buf = self._buf[:fb], self._buf[fb:]
            speech = self.ep.process(frame)
            if speech is not None:
                if not self._in:
                    self._in = True
                    self._frames = 0
                    out.append(("start", b"".join(self._pre) + speech))
                else:
                    out.append(("audio", speech))
                self._frames += 1
                if self._frames >= self._max_frames:
                    self._in = False
                    out.append(("end", time.monotonic()))
            elif self._in and not self.ep.in_speech:
                self._in = False
                out.append(("audio", frame))  # a little trailing context
                out.append(("end", time.monotonic()))
            self._pre.append(frame)
        return out

    def flush(self) -> list[tuple[str, object]]:
        """End of stream (or of listening): close the utterance in progress, if any."""
        out: list[tuple[str, object]] = []
        if self._in:
            tail = self.ep.end_stream(self._buf) if self._buf else None
            if tail:
                out.append(("audio", tail))
            self._in = False
            out.append(("end", time.monotonic()))
        self._buf = b""
        return out


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
        else:
            out.append(b"".join(cur))
            cur = []
    return out


class _Utterance:
    """Audio of one utterance on its way to the recognizer (streamed when it can be)."""

    def __init__(self, recognizer: Recognizer, ctx: VoiceContext):
        self.recognizer = recognizer
        self.ctx = ctx
        self.chunks: list[bytes] = []
        self.stream = None
        start = getattr(recognizer, "stream", None)
        if start is not None:
            try:
                self.stream = start(ctx)
            except Exception:  # noqa: BLE001 - fall back to decoding at the end
                self.stream = None

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
            return self.stream.finish()
        return self.recognizer.recognize(b"".join(self.chunks), self.ctx)

    def abort(self) -> None:
        if self.stream is not None:
            self.stream.abort()
            self.stream = None


def cue_tone(start: bool, seconds: float = 0.08) -> "np.ndarray":
    """A short tone: rising pair for 'listening', falling pair for 'stopped'."""
    import numpy as np
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


def microphone_problem(sd_module=None) -> str | None:
    """None when an input device is available, else one sentence saying what is wrong."""
    try:
        sd = sd_module or __import__("sounddevice")
    except (ImportError, OSError):
        return "Voice is off: the sound library (PortAudio) is not available. Keyboard play goes on."
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
                 on_message: Callable[[str], None] = lambda s: None,
                 device=None, sd_module=None, audio_source: Callable[[], Iterator[bytes]] | None = None,
                 beep: bool = False):
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
        self._q: queue.Queue[bytes | None] = queue.Queue()
        self._stream = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._ready = threading.Event()
        self.available = True  # becomes False once voice is found to be impossible
        self.off_reason = ""   # the sentence that said why
        self.latencies: list[float] = []  # seconds from end of speech to on_heard
        self.beep = beep  # also play a short tone with the Listening / Stopped cues

    # -- public ---------------------------------------------------------------------------------
    @property
    def listening(self) -> bool:
        return self._listening.is_set()

    def start(self) -> None:
        """Start in the background: load the model, open the microphone. Returns at once."""
        if self._thread is not None or not self.available:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="voice-input", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._listening.clear()
        self._q.put(None)
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
            self._q.put(b"")  # wake the worker so it recognises what it has
            self._say(STOPPED)
        else:
            self._listening.set()
            self._say(LISTENING)

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until the model is loaded and the microphone opened (or found missing)."""
        return self._ready.wait(timeout)

    # -- internals ------------------------------------------------------------------------------
    def _off(self, sentence: str) -> None:
        self.off_reason = sentence
        self._say(sentence)

    def _say(self, text: str) -> None:
        if self.beep and text in (LISTENING, STOPPED):
            play_cue(text == LISTENING, self._sd)
        try:
            self.on_message(text)
        except Exception:  # noqa: BLE001 - a callback error must not kill voice input
            pass

    def _load(self) -> bool:
        if self.recognizer is not None:
            return True
        try:
            rec, sentence = self._source()
        except Exception as exc:  # noqa: BLE001
            rec, sentence = None, f"Voice is off: the recognizer could not start ({exc.__class__.__name__})."
        if rec is None:
            self._off(sentence)
        else:
            self._say(sentence)
        self.recognizer = rec
        return rec is not None

    def _open(self) -> bool:
        if self._audio_source is not None:
            def pump():
                for chunk in self._audio_source():
                    if self._stop.is_set():
                        break
                    self._q.put(chunk)
                self._q.put(None)
            threading.Thread(target=pump, daemon=True).start()
            return True
        try:
            sd = self._sd or __import__("sounddevice")

            def callback(indata, frames, t, status):  # PortAudio thread: just queue the bytes
                self._q.put(bytes(indata))
            self._stream = sd.RawInputStream(samplerate=RATE, channels=1, dtype="int16",
                                             blocksize=int(RATE * FRAME_SECONDS), device=self.device,
                                             callback=callback)
            self._stream.start()
        except Exception:  # noqa: BLE001
            self._stream = None
            self._off(NO_MIC)
            return False
        return True

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
            # no microphone: one sentence, and the model is not even loaded
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
        seg = Segmenter()
        utt: _Utterance | None = None
        try:
            while not self._stop.is_set():
                chunk = self._q.get()
                if chunk is None or not self._listening.is_set():
                    events = seg.flush()  # key pressed again mid-utterance: use what we have
                else:
                    events = seg.feed(chunk)
                for kind, value in events:
                    if kind == "start":
                        if utt is not None:
                            utt.abort()
                        utt = self._begin()
                        if utt is not None:
                            utt.feed(value)
                    elif kind == "audio" and utt is not None:
                        utt.feed(value)
                    elif kind == "end" and utt is not None:
                        self._end(utt, value)
                        utt = None
                        if self.mode == "push":
                            self._listening.clear()
                            self._say(STOPPED)
                            seg = Segmenter()
                            break
                if chunk is None:
                    break
        except Exception as exc:  # noqa: BLE001 - never a traceback to a player
            self._say(f"Voice stopped after an error ({exc.__class__.__name__}). Keyboard play goes on.")
            self.available = False
        finally:
            if utt is not None:
                utt.abort()
            self._listening.clear()
            self._close_stream()

    def _begin(self) -> _Utterance | None:
        if self.recognizer is None:
            return None
        try:
            return _Utterance(self.recognizer, self.context())
        except Exception:  # noqa: BLE001
            return None

    def _end(self, utt: _Utterance, t_end: float) -> None:
        try:
            rec = utt.finish()
        except Exception as exc:  # noqa: BLE001
            rec = Recognition(False, "", None, None, f"error: {exc}")
        self.latencies.append(time.monotonic() - t_end)
        try:
            self.on_heard(rec)
        except Exception:  # noqa: BLE001
            pass


def listen_once(recognizer: Recognizer, ctx: VoiceContext, timeout: float = 10.0,
                on_message: Callable[[str], None] = print, sd_module=None,
                audio_source=None) -> Recognition | None:
    """Listen on the microphone for one utterance and recognise it (``listen --mic``).

    Returns None (after one sentence to ``on_message``) when there is no microphone or nothing
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
        on_message("Nothing was heard.")
        return None
    return result[0]

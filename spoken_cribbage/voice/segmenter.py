"""Cutting microphone audio into utterances: pocketsphinx's endpointer finds where speech
starts and ends, and a level rule finds a short pause after a whole command (see
:class:`Segmenter`; :mod:`spoken_cribbage.voice.listener` acts on its events)."""

from __future__ import annotations

import collections
import math
import time
from typing import Literal

import numpy as np

from spoken_cribbage.voice.recognizers import RATE

#: What the segmenter reports: an utterance's first audio (with what came just before it) and
#: the rest of it, as bytes; its end and a pause in it, with the time (time.monotonic()).
SegmentEvent = tuple[Literal["start", "audio"], bytes] | tuple[Literal["end", "pause"], float]

FRAME_SECONDS = 0.03
PRE_ROLL = 0.25  # audio kept from before the endpointer noticed speech
MAX_UTTERANCE = 6.0  # seconds; longer speech is cut and recognised
DRAIN_MAX = 1.5  # after a cut, new speech is listened to after at most this long

# Taking a whole command at a short pause (see Segmenter and Listener; chosen with
# bench/bench_voice.py, which measures accuracy and latency with and without it).
PAUSE_HANG = 0.18  # seconds of quiet that end a command early ...
PAUSE_MIN_SNR = 30.0  # ... when the loudest frame is this many dB above the room,
PAUSE_HANG_NOISY = 0.21  # ... else this many seconds ...
PAUSE_MIN_SNR_NOISY = 18.0  # ... down to this; in louder rooms only the endpointer ends speech
PAUSE_DROP_DB = 30.0  # a frame is quiet below the loudest frame minus this,
PAUSE_FLOOR_DB = 6.0  # or below the room's level plus this (whichever is higher)
PAUSE_PAD = 0.15  # seconds of that quiet decoded after the audio, as if it went on


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

    def __init__(self, vad_mode: int | None = None, window: float = 0.3, ratio: float = 0.9, hang: float | None = None):
        from pocketsphinx import Endpointer, Vad

        self.ep = Endpointer(
            window=window,
            ratio=ratio,
            vad_mode=Vad.LOOSE if vad_mode is None else vad_mode,
            sample_rate=RATE,
            frame_length=FRAME_SECONDS,
        )
        self.frame_bytes = self.ep.frame_bytes
        self.frame_length = self.ep.frame_length
        self._buf = b""
        self._hang = max(1, round((PAUSE_HANG if hang is None else hang) / self.frame_length))
        self._hang_noisy = max(self._hang, round(PAUSE_HANG_NOISY / self.frame_length))
        keep = int((PRE_ROLL + window + 1.0) / self.frame_length)
        self._recent: collections.deque[tuple[bytes, float]] = collections.deque(maxlen=keep)
        self._t = 0.0  # stream time at the end of the last frame, seconds
        self._in = False  # in an utterance
        self._draining = False  # an utterance was cut: wait for the endpointer to end it
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
        frames = [f for f, _ in list(self._recent)[-self._quiet :]] if self._quiet else []
        if not frames or seconds <= 0:
            return b""
        n = int(round(seconds / self.frame_length))
        return b"".join(frames[i % len(frames)] for i in range(n))

    def quiet_so_far(self) -> float:
        """Seconds of quiet at the end of the utterance so far, counted as for a pause (0 when
        not in an utterance, or when the room is too loud for pauses to be told)."""
        if not self._in or self._hang_now() >= 1 << 30:
            return 0.0
        return self._quiet * self.frame_length

    def cut(self) -> None:
        """The consumer took the utterance as complete at a pause: end it now and ignore what
        is left of it (until the endpointer sees the speech has ended)."""
        if self._in:
            self._in = False
            self._draining = True
            self._drained = 0

    def feed(self, data: bytes) -> list[SegmentEvent]:
        out: list[SegmentEvent] = []
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
                    pre = recent[max(0, len(recent) - n_pre) :]
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

    def flush(self) -> list[SegmentEvent]:
        """End of stream (or of listening): close the utterance in progress, if any."""
        out: list[SegmentEvent] = []
        if self._in:
            if self._buf:
                out.append(("audio", self._buf[: len(self._buf) // 2 * 2]))
            self._in = False
            out.append(("end", time.monotonic()))
        self._buf = b""
        return out


def split_utterances(audio: bytes, chunk: int = 3200) -> list[bytes]:
    """Utterances in a recording, as the microphone path would cut them (for tests)."""
    seg = Segmenter()
    out: list[bytes] = []
    cur: list[bytes] = []
    events: list[SegmentEvent] = []
    for i in range(0, len(audio), chunk):
        events += seg.feed(audio[i : i + chunk])
    events += seg.flush()
    for ev in events:
        if ev[0] == "start":
            cur = [ev[1]]
        elif ev[0] == "audio":
            cur.append(ev[1])
        elif ev[0] == "end":
            out.append(b"".join(cur))
            cur = []
    return out

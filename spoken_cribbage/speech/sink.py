"""Where speech audio goes: the :class:`AudioSink` interface with its audio clock, and the
silent timed :class:`NullSink`.

The other sinks build on it: a player command in :mod:`.player`, and the sound device in
:mod:`.audio`, which also chooses the output (:func:`~.audio.choose_sink`) and so imports
:mod:`.player`, never the other way round.
"""

from __future__ import annotations

import threading
import time

from spoken_cribbage.notice import Notice

DEFAULT_SAMPLE_RATE = 22050


class AudioSink:
    """Destination for 16-bit mono PCM, with an audio clock.

    ``open``, ``begin``, ``write``, ``end`` and ``prepare`` are called from the speech worker
    only; ``abort`` may be called from any thread and silences at once.  ``status`` names the
    output for the player (a notice), ``description`` for developers.
    """

    description = "audio sink"
    status = Notice("speech.output_sink")

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
    """Plays nothing but keeps real time: for machines without sound, and for tests."""

    description = "silent timed output (no audio device)"
    status = Notice("speech.output_silent")

    def __init__(self) -> None:
        super().__init__()
        self.bytes_written = 0

    def write(self, pcm: bytes) -> bool:
        """Count the PCM and advance the audio clock."""
        ok = super().write(pcm)
        if ok:
            self.bytes_written += len(pcm)
        return ok

"""The one speech worker: a thread, a bounded queue, priorities, stop, and one notice on failure.

Every driver (the streaming espeak-ng speaker, pyttsx3's platform drivers) is a subclass of
:class:`SpeechWorker` and only says how to open its engine, apply a setting and speak one
utterance; queueing, interruption, settings, failure and shutdown live here, once.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spoken_cribbage.notice import Notice

from .base import (
    MAX_QUEUED,
    OnError,
    SpeechUnavailable,
    VoiceEntry,
    clamp_rate,
    clamp_volume,
    resolve_voice,
    safe_call,
    short,
)
from .priority import Priority


@dataclass
class Utterance:
    """One announcement waiting for, or being, spoken."""

    text: str
    priority: Priority = Priority.NORMAL
    cancel: threading.Event = field(default_factory=threading.Event)
    queued_at: float = field(default_factory=time.perf_counter)


_LIVE: weakref.WeakSet[SpeechWorker] = weakref.WeakSet()


@atexit.register
def _close_live_speakers() -> None:
    """Silence every speaker when the game exits (nothing keeps talking after it)."""
    for speaker in list(_LIVE):
        with contextlib.suppress(Exception):
            speaker.close()


class SpeechWorker:
    """A speaker whose engine lives on one daemon thread; ``say`` never blocks, nothing raises.

    ``say`` puts the text in a deque of at most :data:`MAX_QUEUED` waiting utterances by its
    :class:`Priority`: NOW (the default) cancels whatever is queued or being spoken first;
    NEXT waits only for the utterance being spoken and for NEXT ones said before it, ahead of
    every NORMAL one; NORMAL goes last. When too many wait, the oldest NORMAL one is dropped
    (the oldest of all when none is NORMAL).  ``stop`` cancels
    everything.  Settings are handed to the worker and applied before the next utterance.
    A failure on the worker is reported once through ``on_error`` (a ``speech.stopped_working``
    notice); the speaker then stays silent.  ``on_start(text)`` / ``on_end(text, completed)``
    are called on the worker.

    Subclasses implement, all on the worker thread: :meth:`_open` (create the engine, fill
    ``_voices``; raise :class:`SpeechUnavailable` if impossible), :meth:`_apply` (one setting),
    :meth:`_speak` (one utterance, until it ends or its ``cancel`` is set; call
    :meth:`_started` when it becomes audible; return True if it was spoken in full),
    and optionally :meth:`_idle` and :meth:`_shutdown`.  :meth:`_interrupt` runs on the
    caller's thread when the utterance being spoken is cancelled.
    """

    available: bool
    description: str
    status: Notice
    #: Seconds between two :meth:`_idle` calls while nothing is said (None: only once).
    idle_poll: float | None = None
    thread_name = "speech"

    def __init__(
        self,
        *,
        rate: int | None = None,
        volume: float | None = None,
        voice: str | None = None,
        on_error: OnError | None = None,
        on_start: Callable[[str], None] | None = None,
        on_end: Callable[[str, bool], None] | None = None,
        init_timeout: float = 15.0,
    ) -> None:
        self._on_error = on_error
        self._on_start = on_start
        self._on_end = on_end
        self._cond = threading.Condition()
        self._queue: collections.deque[Utterance] = collections.deque()
        self._current: Utterance | None = None
        self._settings: dict[str, Any] = {}
        self._closing = False
        self._failed = False
        self._voices: list[VoiceEntry] = []
        self._ready = threading.Event()
        self._init_error: BaseException | None = None
        self.available = False
        self.dropped = 0  # utterances dropped because the queue was full
        if rate is not None:
            self._settings["rate"] = clamp_rate(rate)
        if volume is not None:
            self._settings["volume"] = clamp_volume(volume)
        self._thread = threading.Thread(target=self._run, name=self.thread_name, daemon=True)
        self._thread.start()
        _LIVE.add(self)
        if not self._ready.wait(init_timeout):
            self.close()
            raise SpeechUnavailable("speech.start_timeout")
        if self._init_error is not None:
            err = self._init_error
            if isinstance(err, SpeechUnavailable):
                raise err
            raise SpeechUnavailable("speech.engine_could_not_start", reason=short(err)) from err
        if voice is not None and voice.strip():
            try:
                self.set_voice(voice)
            except ValueError:
                self.close()
                raise
        self.available = True

    # --- public API -------------------------------------------------------------------------
    def say(self, text: str, *, priority: Priority = Priority.NOW) -> None:
        """Speak ``text``; at NOW (the default) interrupt whatever is being said or waiting,
        at NEXT go before what waits at NORMAL, at NORMAL wait behind everything."""
        interrupt = priority.interrupts
        if not self.available or not text or not text.strip():
            if interrupt and self.available:
                self.stop()
            return
        with self._cond:
            if self._closing or self._failed:
                return
            cut = self._cancel_all_locked() if interrupt else False
            utt = Utterance(text, priority)
            if priority is Priority.NORMAL:
                self._queue.append(utt)
            else:  # after the NOW and NEXT ones waiting, before every NORMAL one
                at = 0
                while at < len(self._queue) and self._queue[at].priority is not Priority.NORMAL:
                    at += 1
                self._queue.insert(at, utt)
            while len(self._queue) > MAX_QUEUED:
                i = next((i for i, u in enumerate(self._queue) if u.priority is Priority.NORMAL), 0)
                drop = self._queue[i]
                del self._queue[i]
                drop.cancel.set()
                self.dropped += 1
            self._cond.notify_all()
        if cut:
            self._interrupt()

    def stop(self) -> None:
        """Silence at once and forget everything queued."""
        with self._cond:
            cut = self._cancel_all_locked()
            self._cond.notify_all()
        if cut:
            self._interrupt()

    def set_rate(self, wpm: int) -> None:
        """Speaking rate in words per minute (clamped to 80-450); applies from the next utterance."""
        self._post_setting("rate", clamp_rate(wpm))

    def set_volume(self, volume: float) -> None:
        """Volume from 0.0 to 1.0; applies from the next utterance."""
        self._post_setting("volume", clamp_volume(volume))

    def set_voice(self, voice: str | None) -> None:
        """Voice by id, name, language code, start or word of a name; None or "" keeps it.

        Raises BadSpeechValue (a ValueError, ``speech.no_voice``) if no installed voice matches.
        """
        if voice is None or not voice.strip():
            return
        self._post_setting("voice", resolve_voice(voice, self._voices))

    def voice_entries(self) -> list[VoiceEntry]:
        """(id, name, languages) of every installed voice (see base.language_voice)."""
        return list(self._voices)

    def list_voices(self) -> list[str]:
        """Names of the installed voices (each also accepted by set_voice)."""
        return [name for _, name, _ in self._voices]

    def close(self) -> None:
        """Silence, stop the worker and release the engine and the audio device."""
        with self._cond:
            if self._closing:
                return
            self._closing = True
            cut = self._cancel_all_locked()
            self._cond.notify_all()
        self.available = False
        if cut:
            self._interrupt()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=3.0)

    @property
    def speaking(self) -> bool:
        """True while an utterance is being spoken or waits in the queue."""
        with self._cond:
            return self._current is not None or bool(self._queue)

    # --- for subclasses -----------------------------------------------------------------------
    def _open(self) -> None:
        raise NotImplementedError

    def _apply(self, name: str, value: Any) -> None:
        raise NotImplementedError

    def _speak(self, utt: Utterance) -> bool:
        raise NotImplementedError

    def _idle(self) -> None:
        """Called on the worker when nothing is to be said (every ``idle_poll`` seconds)."""

    def _interrupt(self) -> None:
        """Called on the caller's thread when the utterance being spoken was cancelled."""

    def _shutdown(self) -> None:
        """Release the engine and the device (worker thread, last thing it does)."""

    def _started(self, utt: Utterance) -> None:
        """The utterance became audible."""
        safe_call(self._on_start, utt.text)

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

    def _run(self) -> None:
        try:
            self._open()
        except BaseException as exc:  # noqa: BLE001 - reported by the constructor
            self._init_error = exc
            self._ready.set()
            self._safe_shutdown()
            return
        self._ready.set()
        try:
            self._loop()
        except BaseException as exc:  # noqa: BLE001 - speech must never crash the game
            self._fail(exc)
        finally:
            self._safe_shutdown()

    def _next(self) -> tuple[bool, dict[str, Any], Utterance | None]:
        """Wait for work; return (closing, settings, utterance), the settings posted before the
        utterance taken with it (so ``set_rate(...); say(...)`` speaks at the new rate)."""
        with self._cond:
            idle = not (self._queue or self._settings or self._closing)
        if idle:  # never on the path of a waiting utterance
            self._idle()
        with self._cond:
            if not (self._queue or self._settings or self._closing):
                self._cond.wait(self.idle_poll)
            if self._closing:
                return True, {}, None
            settings, self._settings = self._settings, {}
            utt = None
            while self._queue and utt is None:
                utt = self._queue.popleft()
                if utt.cancel.is_set():
                    utt = None
            self._current = utt
            return False, settings, utt

    def _loop(self) -> None:
        while True:
            closing, settings, utt = self._next()
            if closing:
                return
            try:
                for name, value in settings.items():
                    self._apply(name, value)
                if utt is not None:
                    completed = self._speak(utt)
                    safe_call(self._on_end, utt.text, completed and not utt.cancel.is_set())
            finally:
                with self._cond:
                    self._current = None

    def _fail(self, exc: BaseException) -> None:
        """Go silent for good and tell the player once."""
        with self._cond:
            if self._failed or self._closing:
                return
            self._failed = True
            self._cancel_all_locked()
            self._current = None
        self.available = False
        reason = short(exc)
        self.status = Notice("speech.none", reason=Notice("speech.failed", reason=reason))
        self.description = f"no speech: speech stopped working ({reason})"
        safe_call(self._on_error, Notice("speech.stopped_working", reason=reason))

    def _safe_shutdown(self) -> None:
        with contextlib.suppress(Exception):
            self._shutdown()

"""The game's ``mic check`` command: the voice set-up check (:mod:`spoken_cribbage.voice.check`)
run inside a game, on the game's microphone.

The check runs in a thread of its own (it reads the microphone); each thing it says is handed to
the game's thread (``dispatch``, as hands-free voice does) and appended as a line through the
session. Hands-free listening is paused while it runs (its microphone stream closed) and resumed
after. Any key stops the check (:meth:`VoiceCheck.stop`): one line says so, and nothing the check
had still to say comes after it. Without a microphone, or without the voice engines, one sentence
says why, and the game goes on.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from spoken_cribbage.app.seat import moment
from spoken_cribbage.notice import Notice
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.words.announce import Line
from spoken_cribbage.words.notices import phrase

if TYPE_CHECKING:
    from spoken_cribbage.voice.check import CheckResult


class VoiceCheck:
    """``mic check`` for a session. ``handsfree`` is the game's hands-free voice, if on (its
    recognizer is used, and its listening paused); otherwise a recognizer is loaded for the
    check (``engine``, ``vosk_model``). ``audio_source`` (tests) yields audio blocks instead of
    the microphone."""

    def __init__(
        self,
        session,
        *,
        handsfree=None,
        engine: str = "auto",
        vosk_model: str | None = None,
        audio_source=None,
        recognizer=None,
        sd_module=None,
    ):
        self.session = session
        self.handsfree = handsfree
        self.engine = engine
        self.vosk_model = vosk_model
        self.audio_source = audio_source
        self.recognizer = recognizer
        self._sd = sd_module
        self._dispatch: Callable[[Callable[[], None]], None] | None = None
        self._lock = threading.RLock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._run_id = 0  # lines of a stopped run are not said
        self._live = False  # a run is going on (as the game's thread sees it)
        self.result: CheckResult | None = None  # the last run's
        self.done = threading.Event()  # set when a run has ended and listening is back

    def set_dispatch(self, dispatch: Callable[[Callable[[], None]], None]) -> None:
        self._dispatch = dispatch

    @property
    def running(self) -> bool:
        return self._live

    # -- on the game's thread ---------------------------------------------------------------------
    def start(self) -> None:
        if self._live:
            return
        if self._thread is not None:
            self._thread.join(timeout=3)  # a stopped run lets go of the microphone first
        if self.audio_source is None:
            from spoken_cribbage.voice.microphone import microphone_problem

            problem = microphone_problem(self._sd)
            if problem is not None:
                self._tell(phrase(problem))
                return
        self._run_id += 1
        self._live = True
        self._stop = threading.Event()
        self.done.clear()
        self._thread = threading.Thread(
            target=self._run, args=(self._run_id, self._stop), name="voice-check", daemon=True
        )
        self._thread.start()

    def stop(self) -> bool:
        """Stop a running check (a key was pressed): True when one was running."""
        with self._lock:  # (without a dispatch, the check's lines are told under it too)
            if not self._live:
                return False
            self._live = False
            self._stop.set()
            self._tell(phrase("voice.check_stopped"))
            self._remind()
            return True

    def stop_quietly(self) -> None:
        """The game is ending: stop a running check and let go of the microphone."""
        self._live = False
        self._stop.set()
        t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(timeout=2)

    def _tell(self, text: str) -> None:
        self.session.output.say([Line.same(text, "voice")], priority=Priority.NORMAL)

    def _remind(self) -> None:
        with contextlib.suppress(Exception):
            moment.remind(self.session)  # the game's prompt is the last line again

    # -- on the check's thread ------------------------------------------------------------------
    def _post(self, fn: Callable[[], None]) -> None:
        try:
            if self._dispatch is not None:
                self._dispatch(fn)
                return
            with self._lock:
                fn()
        except Exception:  # the game's loop has closed (the game ended): nothing to say
            pass

    def _say(self, run_id: int, notice: Notice) -> None:
        text = phrase(notice)

        def tell() -> None:
            if self._live and run_id == self._run_id:
                self._tell(text)

        self._post(tell)

    def _busy(self) -> bool:
        """The game's own voice is speaking (what the microphone hears then is not the player)."""
        try:
            return bool(getattr(self.session.speaker, "speaking", False))
        except Exception:
            return False

    def _run(self, run_id: int, stop: threading.Event) -> None:
        from spoken_cribbage.voice import check
        from spoken_cribbage.voice.microphone import MicrophoneError, microphone_blocks

        voice_input = getattr(self.handsfree, "input", None)
        paused = began = False
        blocks = None
        try:
            rec = self.recognizer
            if voice_input is not None and voice_input.running and voice_input.available:
                voice_input.wait_ready(30)  # its model loads in the background
                rec = rec or voice_input.recognizer
                voice_input.stop()
                paused = True
            if rec is None:
                from spoken_cribbage.voice.recognizers import choose_recognizer

                rec, notice = choose_recognizer(
                    self.vosk_model or None, None if self.engine in ("auto", "off") else self.engine
                )
                if rec is None:
                    self._say(run_id, notice)
                    return
                self.recognizer = rec
            self._say(
                run_id,
                Notice("voice.check_begins", quiet=int(check.QUIET_SECONDS), commands=len(check.PROMPTS), stop="key"),
            )
            began = True
            blocks = self.audio_source() if self.audio_source is not None else microphone_blocks(stop, self._sd)
            self.result = check.run_check(blocks, rec, lambda n: self._say(run_id, n), stop=stop, busy=self._busy)
        except MicrophoneError as exc:
            self._say(run_id, exc.notice)
        except Exception as exc:  # noqa: BLE001 - never a traceback to a player
            self._say(run_id, Notice("voice.check_failed", error=exc.__class__.__name__))
        finally:
            close = getattr(blocks, "close", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    close()
            self._post(lambda: self._finish(run_id, paused, began))

    def _finish(self, run_id: int, paused: bool, began: bool) -> None:
        if run_id == self._run_id and self._live:  # (a stopped run has said its last line)
            self._live = False
            if began:  # (a check that could not begin is one sentence)
                self._remind()
        if paused and self.handsfree is not None:
            with contextlib.suppress(Exception):
                self.handsfree.input.start()  # listening as before (continuous says so)
        self.done.set()

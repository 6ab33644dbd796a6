"""pyttsx3's own platform driver (Windows SAPI5, macOS NSSpeechSynthesizer) on the speech worker.

This is the only file that uses pyttsx3, and the only one that touches its private parts (each
use guarded and marked "pyttsx3 private"); pyproject.toml pins pyttsx3 to the range tested.

The engine is created and used on the worker thread only (COM apartments and run loops are per
thread).  Drivers with an external-loop ``iterate`` generator (sapi5, nsss) are driven with
``engine.startLoop(False)`` + ``engine.iterate()``: the engine gets one utterance at a time, the
worker pumps its events every 20 ms and calls ``engine.stop()`` as soon as the utterance is
cancelled.  Other drivers (pyttsx3's stock espeak driver, used on Linux only when
``SPOKEN_CRIBBAGE_SPEECH_DRIVER=native``, for tests) get ``engine.say`` + ``engine.runAndWait()``
per utterance; with them an interruption takes effect at the next word.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import itertools
import sys
import threading
import time
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spoken_cribbage.notice import Notice

from . import espeak
from .base import EngineError, SpeechUnavailable, VoiceEntry, short
from .worker import SpeechWorker, Utterance

#: How often (s) the worker pumps the driver's events while an utterance is in progress.
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

_NAMES = itertools.count(1)


@dataclass
class _Sent:
    """What the worker knows about the utterance handed to the engine."""

    name: str = field(default_factory=lambda: f"sc-{next(_NAMES)}")
    sent_at: float = field(default_factory=time.monotonic)
    stop_sent_at: float | None = None  # when engine.stop() was called for it
    idle_since: float | None = None  # first time the driver probe said "not speaking"
    started: bool = False


class _EngineFailure(EngineError):
    """Raised on the worker when the engine reported an error or hung."""


def _import_pyttsx3() -> types.ModuleType:
    try:
        return importlib.import_module("pyttsx3")
    except Exception as exc:  # noqa: BLE001 - ImportError, or what a broken install raises
        raise SpeechUnavailable("speech.no_pyttsx3", reason=short(exc)) from exc


def native_driver_name() -> str:
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
    """The driver object behind a pyttsx3 Engine, or None (pyttsx3 private, guarded)."""
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
    tts = getattr(driver, "_tts", None)  # pyttsx3 private
    if driver_name == "nsss" and tts is not None:
        return lambda: not bool(tts.isSpeaking())
    if driver_name == "sapi5" and tts is not None:
        return lambda: int(tts.Status.RunningState) == 1  # SRSEDone (SRSEIsSpeaking is 2)
    return lambda: None


def _voice_table(engine: Any) -> list[VoiceEntry]:
    """(id, name, languages) for every voice the engine lists."""
    table = []
    for v in engine.getProperty("voices") or []:
        langs = [str(lang).lower() for lang in (getattr(v, "languages", None) or [])]
        table.append((str(v.id), str(v.name), langs))
    return table


class NativePyttsx3Speaker(SpeechWorker):
    """Speaks through pyttsx3's own platform driver (``pyttsx3.Engine()``'s default: SAPI5 on
    Windows, NSSpeechSynthesizer on macOS) on the shared speech worker.

    ``on_start(text)`` is called when the driver reports the start of an utterance and
    ``on_end(text, completed)`` when it has finished or was stopped (both on the worker thread).
    The constructor raises :class:`SpeechUnavailable` if speech cannot start.
    """

    thread_name = "speech-native"

    def __init__(self, *, driver_name: str | None = None, **kw: Any) -> None:
        self.driver_name = driver_name or native_driver_name()
        self._engine: Any = None
        self._driver: Any = None
        self._sent: _Sent | None = None
        self._finished: dict[str, bool] = {}
        self._engine_error: BaseException | None = None
        self._run_done: tuple[str, threading.Event] | None = None
        self._applied: dict[str, Any] = {}
        self._token = ("native", next(_NAMES))
        self._pump_runloop: Callable[[], None] | None = None
        self._probe: Callable[[], bool | None] = lambda: None
        self.loop_mode = "?"  # "iterate" or "run", decided on the worker
        self.description = f"pyttsx3 with {self.driver_name} (starting)"
        super().__init__(**kw)
        self.description = f"pyttsx3 with {self.driver_name} (system voice)"
        self.status = Notice("speech.native", driver=self.driver_name)

    # --- engine -----------------------------------------------------------------------------
    def _open(self) -> None:
        _com_initialize()
        engine = self._create_engine()
        self._engine = engine
        self._driver = _driver_of(engine)
        self._voices = _voice_table(engine)
        for topic, cb in (
            ("started-utterance", self._cb_started),
            ("finished-utterance", self._cb_finished),
            ("error", self._cb_error),
            ("started-word", self._cb_word),
        ):
            engine.connect(topic, cb)
        driver = self._driver
        iterate = getattr(type(driver), "iterate", None) if driver is not None else None
        if iterate is not None and inspect.isgeneratorfunction(iterate):
            self.loop_mode = "iterate"
            self.idle_poll = NATIVE_IDLE_PUMP_S
            engine.startLoop(False)
            engine.iterate()  # the driver's first step marks the proxy idle
        else:
            self.loop_mode = "run"
        self._pump_runloop = _make_nsss_pump() if self.driver_name == "nsss" else None
        self._probe = _driver_idle_probe(self.driver_name, driver)
        self._check_error()

    def _create_engine(self) -> Any:
        pyttsx3 = _import_pyttsx3()
        if self.driver_name == "espeak":
            return self._create_stock_espeak_engine(pyttsx3)
        try:
            return pyttsx3.Engine(self.driver_name)
        except ImportError as exc:
            raise SpeechUnavailable("speech.driver_cannot_load", driver=self.driver_name, reason=short(exc)) from exc

    def _create_stock_espeak_engine(self, pyttsx3: types.ModuleType) -> Any:
        """pyttsx3's stock espeak driver on our espeak-ng (Linux, forced native path): its own
        initialisation prints and calls exit(1) without data, so we initialise first."""
        espeak.initialize()
        try:
            stock = importlib.import_module("pyttsx3.drivers.espeak")
        except Exception as exc:  # noqa: BLE001
            raise SpeechUnavailable("speech.no_espeak_driver") from exc
        stock.EspeakDriver._defaultVoice = espeak.STATE["default_voice"]  # pyttsx3 private
        stock.EspeakDriver._moduleInitialized = True  # pyttsx3 private
        with espeak.LOCK:
            engine = pyttsx3.Engine(self.driver_name)
            espeak.STATE["owner"] = None
        driver = _driver_of(engine)
        if driver is not None:
            # Its stop() cannot cut the aplay it runs, but pyttsx3's endLoop calls it and,
            # racing with espeak's thread, it can cancel the *next* utterance: disable it.
            driver.stop = lambda: None
        return engine

    def _check_error(self) -> None:
        if self._engine_error is not None:
            raise self._engine_error

    def _apply(self, name: str, value: Any) -> None:
        self._engine.setProperty(name, value)  # queued by pyttsx3 while the driver is busy
        self._applied[name] = value

    def _idle(self) -> None:
        if self.loop_mode != "iterate":
            return
        self._engine.iterate()
        if self._pump_runloop is not None:
            self._pump_runloop()
        self._check_error()

    def _shutdown(self) -> None:
        engine, self._engine = self._engine, None
        if engine is None or self.loop_mode != "iterate":
            return
        for step in (engine.stop, engine.endLoop):  # silence, then leave the external loop
            with contextlib.suppress(Exception):  # e.g. "run loop not started"
                step()

    # --- callbacks from pyttsx3 (worker thread, during say/iterate/runAndWait) ---------------
    def _event_name(self, name: Any) -> Any:
        """In run mode pyttsx3 reports the stock espeak driver's events with the name of its
        internal endLoop command (None): there is one utterance per loop, so it is the current."""
        sent = self._sent
        if name is None and self.loop_mode == "run" and sent is not None:
            return sent.name
        return name

    def _cb_started(self, name: Any = None, **_: Any) -> None:
        sent, cur = self._sent, self._current
        if sent is not None and cur is not None and self._event_name(name) == sent.name and not sent.started:
            sent.started = True
            self._started(cur)

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
                exception
                if isinstance(exception, BaseException)
                else _EngineFailure("speech.engine_error", detail=short(str(exception)))
            )

    def _cb_word(self, **_: Any) -> None:
        """Run-loop drivers: stop the utterance at the next word once it was interrupted."""
        if threading.current_thread() is not self._thread:
            return  # espeak's own thread: stopping from there would deadlock espeak_Cancel
        sent, cur = self._sent, self._current
        if sent is not None and cur is not None and cur.cancel.is_set() and sent.stop_sent_at is None:
            sent.stop_sent_at = time.monotonic()
            self._engine.stop()

    # --- one utterance ------------------------------------------------------------------------
    def _speak(self, utt: Utterance) -> bool:
        sent = self._sent = _Sent()
        self._finished.clear()  # one utterance in flight: anything else is a late, stale event
        try:
            self._engine.say(utt.text, sent.name)
            self._check_error()
            if self.loop_mode == "iterate":
                return self._speak_iterate(utt, sent)
            if self.driver_name == "espeak" and self._driver is not None:
                self._speak_stock_espeak(utt, sent)
            else:
                self._engine.runAndWait()
            self._check_error()
            return self._finished.get(sent.name, False)
        finally:
            self._sent = None

    def _speak_iterate(self, utt: Utterance, sent: _Sent) -> bool:
        engine = self._engine
        while True:
            utt.cancel.wait(NATIVE_PUMP_S)
            if utt.cancel.is_set() and sent.stop_sent_at is None:
                sent.stop_sent_at = time.monotonic()
                engine.stop()
            engine.iterate()
            if self._pump_runloop is not None:
                self._pump_runloop()
            self._check_error()
            if sent.name in self._finished:
                return self._finished[sent.name]
            if self._driver_gone_quiet(utt, sent):
                return sent.stop_sent_at is None

    def _driver_gone_quiet(self, utt: Utterance, sent: _Sent) -> bool:
        """True when the utterance is over although the driver never said so."""
        now = time.monotonic()
        if sent.stop_sent_at is not None and now - sent.stop_sent_at > NATIVE_STOP_GRACE_S:
            self._force_idle()  # the purge was never reported
            return True
        if now - sent.sent_at > NATIVE_STALL_S + 0.25 * len(utt.text):
            raise _EngineFailure("speech.system_engine_hung")
        try:
            idle = self._probe()
        except Exception:  # noqa: BLE001 - the probe is only a fallback
            idle = None
        if idle is not True or now - sent.sent_at < NATIVE_PROBE_IDLE_S:
            sent.idle_since = None
            return False
        if sent.idle_since is None:
            sent.idle_since = now
            return False
        if now - sent.idle_since < NATIVE_PROBE_IDLE_S:
            return False
        self._force_idle()  # the synthesizer is quiet but its event was lost
        return True

    def _force_idle(self) -> None:
        """Tell pyttsx3 the driver is idle again so that the next utterance is not stuck."""
        driver = _driver_of(self._engine)
        if driver is not None and hasattr(driver, "_speaking"):
            driver._speaking = False  # pyttsx3 private
        proxy = getattr(self._engine, "proxy", None)
        if proxy is not None:
            proxy.setBusy(False)  # pyttsx3 private

    def _speak_stock_espeak(self, utt: Utterance, sent: _Sent) -> None:
        """One utterance through pyttsx3's stock espeak driver (Linux, forced native path).

        That driver only finishes an utterance on espeak's end-of-message event, which espeak-ng
        sends in its asynchronous "retrieval" mode, not in the synchronous mode our streaming
        speaker uses; and its playback (``aplay`` through ``os.system``) happens on espeak's own
        thread.  So, under the espeak lock: re-install its callback and properties if another
        user of espeak came in between, switch to retrieval mode, run, wait for the end, switch
        back.
        """
        _espeak = importlib.import_module("pyttsx3.drivers._espeak")  # pyttsx3 private
        stock = importlib.import_module("pyttsx3.drivers.espeak")
        driver = self._driver
        done = threading.Event()
        self._run_done = (sent.name, done)
        with espeak.LOCK:
            if espeak.STATE["owner"] != self._token:
                _espeak.SetSynthCallback(driver._onSynth)  # pyttsx3 private
                props = {"voice": stock.EspeakDriver._defaultVoice, "rate": 200, "volume": 1.0}
                props.update(self._applied)
                for name, value in props.items():
                    driver.setProperty(name, value)
                espeak.STATE["owner"] = self._token
            espeak.set_output(synchronous=False)
            # The stock driver's stop() (also run by pyttsx3's endLoop) cancels whenever espeak
            # "is playing"; a stale flag from the previous utterance would cancel this one.
            driver._stopping = False  # pyttsx3 private
            try:
                self._engine.runAndWait()  # returns once synthesis has been started
                self._check_error()
                if not done.wait(NATIVE_STALL_S + 0.25 * len(utt.text)):
                    raise _EngineFailure("speech.engine_hung")
            finally:
                self._run_done = None
                # espeak's thread is still leaving its callback: let it finish before the next
                # utterance or another user of espeak.
                espeak.wait_idle()
                espeak.set_output(synchronous=True)

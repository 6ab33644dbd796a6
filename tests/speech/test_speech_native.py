"""Tests for NativePyttsx3Speaker: pyttsx3's own platform driver on a worker thread.

Two halves, both real and runnable on Linux without a sound card:

* pyttsx3's *stock* espeak driver (what ``SPOKEN_CRIBBAGE_SPEECH_DRIVER=native`` gives on Linux),
  with a fake ``aplay`` first on PATH: that driver writes each utterance to a WAV file and runs
  ``aplay FILE`` through ``os.system``; the fake logs the file's size and "plays" for a while.
  This exercises the ``engine.say`` + ``engine.runAndWait()`` path.
* A fake driver module with SAPI5's event semantics (asynchronous speak, events only delivered
  while the owner thread pumps, ``stop`` = purge reported as finished(completed=False)).  This
  exercises the ``engine.startLoop(False)`` + ``engine.iterate()`` path used for sapi5 and nsss.
"""

from __future__ import annotations

import os
import shutil
import stat
import sys
import threading
import time
import types
from pathlib import Path

import pytest

from spoken_cribbage import speech as sp
from spoken_cribbage.notice import Notice
from spoken_cribbage.speech import native
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.words.notices import phrase

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("espeak-ng") is None,
    reason="needs Linux with espeak-ng (pyttsx3's stock espeak driver)",
)

SHORT = "Seven. Thirty-one for two."
OTHER = "Computer plays a nine. Twenty-four."
LONG = (
    "Your hand: five of hearts, five of clubs, jack of spades, queen of diamonds. "
    "Fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten."
)


class Events:
    """Collects on_start/on_end/on_error callbacks with timestamps."""

    def __init__(self) -> None:
        self.items: list[tuple[float, str, str, bool | None]] = []
        self.errors: list[str] = []
        self.cond = threading.Condition()

    def start(self, text: str) -> None:
        with self.cond:
            self.items.append((time.monotonic(), "start", text, None))
            self.cond.notify_all()

    def end(self, text: str, completed: bool) -> None:
        with self.cond:
            self.items.append((time.monotonic(), "end", text, completed))
            self.cond.notify_all()

    def error(self, notice: Notice) -> None:
        with self.cond:
            self.errors.append(phrase(notice))  # on_error hands over a notice; words phrase it
            self.cond.notify_all()

    def wait_for(self, pred, timeout: float = 10.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: pred(self), timeout)

    def find(self, kind: str, text: str):
        return [i for i in self.items if i[1] == kind and i[2] == text]

    def texts(self, kind: str) -> list[str]:
        return [i[2] for i in self.items if i[1] == kind]


def said(out: list[str]):
    """An on_error callback that puts the notice, in words, in ``out``."""
    return lambda notice: out.append(phrase(notice))


def assert_one_sentence(message: str) -> None:
    assert message.endswith("."), message
    assert "\n" not in message and "Traceback" not in message
    assert message.count(". ") <= 1  # the reason, then "The game goes on in text."


def make(ev: Events, **kw) -> sp.NativePyttsx3Speaker:
    return sp.NativePyttsx3Speaker(on_start=ev.start, on_end=ev.end, on_error=ev.error, **kw)


# --- pyttsx3's stock espeak driver + fake aplay ---------------------------------------------------


class FakeAplay:
    """A fake ``aplay`` on PATH: logs the WAV size of every call, then sleeps."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
        self.log = root / "aplay.log"
        bindir = root / "bin"
        bindir.mkdir()
        script = bindir / "aplay"
        script.write_text(
            "#!/bin/sh\n"
            'f=""\n'
            'for a in "$@"; do case "$a" in -*) ;; *) f="$a";; esac; done\n'
            f'stat -c %s "$f" >> "{self.log}" 2>/dev/null || echo 0 >> "{self.log}"\n'
            f"sleep {seconds}\n"
        )
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
        monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}")
        monkeypatch.setenv(sp.DRIVER_ENV, "native")

    def sizes(self) -> list[int]:
        if not self.log.exists():
            return []
        return [int(x) for x in self.log.read_text().split()]


@pytest.fixture
def aplay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeAplay:
    return FakeAplay(tmp_path, monkeypatch, 0.3)


@pytest.fixture
def slow_aplay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeAplay:
    return FakeAplay(tmp_path, monkeypatch, 1.0)


def test_platform_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(sp.DRIVER_ENV, raising=False)
    for platform, classes in (
        ("linux", [sp.SSIPSpeaker, sp.EspeakSpeaker]),  # speech-dispatcher, else espeak-ng
        ("win32", [sp.NativePyttsx3Speaker]),
        ("darwin", [sp.NativePyttsx3Speaker]),
    ):
        assert sp._speaker_classes(platform) == classes
    monkeypatch.setenv(sp.DRIVER_ENV, "stream")
    assert sp._speaker_classes("win32") == [sp.EspeakSpeaker]
    monkeypatch.setenv(sp.DRIVER_ENV, "native")
    assert sp._speaker_classes("linux") == [sp.NativePyttsx3Speaker]
    monkeypatch.setenv(sp.DRIVER_ENV, "ssip")
    assert sp._speaker_classes("linux") == [sp.SSIPSpeaker]


def test_forced_native_speaks_through_stock_driver(aplay: FakeAplay, capfd: pytest.CaptureFixture[str]) -> None:
    errors: list[str] = []
    speaker = sp.make_speaker("on", voice="english", on_error=said(errors))
    try:
        assert isinstance(speaker, sp.NativePyttsx3Speaker) and speaker.available
        assert speaker.driver_name == "espeak" and speaker.loop_mode == "run"
        assert "pyttsx3 with espeak" in speaker.description
        assert any("English" in v for v in speaker.list_voices())
        ev = Events()
        speaker._on_end = ev.end
        t0 = time.monotonic()
        speaker.say(SHORT)
        assert time.monotonic() - t0 < 0.2  # say() returns at once
        assert ev.wait_for(lambda e: e.find("end", SHORT), 15)
    finally:
        speaker.close()
    assert ev.find("end", SHORT)[0][3] is True
    (size,) = aplay.sizes()
    assert size > 22050  # a real synthesized WAV (more than half a second of audio)
    assert errors == []
    assert capfd.readouterr() == ("", "")


def test_queue_is_bounded_and_say_never_blocks(aplay: FakeAplay, capfd: pytest.CaptureFixture[str]) -> None:
    ev = Events()
    speaker = make(ev)
    try:
        t0 = time.monotonic()
        for i in range(1, 41):
            speaker.say(f"Card {i}.", priority=Priority.NORMAL)
        assert time.monotonic() - t0 < 1.0
        assert ev.wait_for(lambda e: e.find("end", "Card 40."), 20)
    finally:
        speaker.close()
    spoken = ev.texts("start")
    assert spoken[-1] == "Card 40."
    assert len(spoken) <= 1 + sp.MAX_QUEUED  # the one being spoken + the queue
    assert speaker.dropped >= 40 - 1 - sp.MAX_QUEUED
    assert len(aplay.sizes()) == len(spoken)
    assert ev.errors == [] and capfd.readouterr() == ("", "")


def test_interrupt_drops_the_queue_and_speaks_the_new_text(
    slow_aplay: FakeAplay, capfd: pytest.CaptureFixture[str]
) -> None:
    ev = Events()
    speaker = make(ev)
    try:
        speaker.say(LONG)
        assert ev.wait_for(lambda e: e.find("start", LONG), 10)
        speaker.say("Waiting one.", priority=Priority.NORMAL)
        speaker.say("Waiting two.", priority=Priority.NORMAL)
        speaker.say(SHORT)  # Priority.NOW (interrupt) is the default
        assert ev.wait_for(lambda e: e.find("end", SHORT), 15)
    finally:
        speaker.close()
    assert ev.texts("start") == [LONG, SHORT]  # the waiting ones were dropped
    (end_long,) = ev.find("end", LONG)
    assert end_long[3] is False  # reported as not completed
    assert ev.find("start", SHORT)[0][0] >= end_long[0]  # never two voices at once
    assert ev.find("end", SHORT)[0][3] is True
    assert len(slow_aplay.sizes()) == 2
    assert ev.errors == [] and capfd.readouterr() == ("", "")


def test_stop_forgets_everything_queued(slow_aplay: FakeAplay, capfd: pytest.CaptureFixture[str]) -> None:
    ev = Events()
    speaker = make(ev)
    try:
        speaker.say(SHORT)
        speaker.say("Queued one.", priority=Priority.NORMAL)
        speaker.say("Queued two.", priority=Priority.NORMAL)
        assert ev.wait_for(lambda e: e.find("start", SHORT), 10)
        speaker.stop()
        assert ev.wait_for(lambda e: e.find("end", SHORT), 10)
        time.sleep(0.5)
        assert not speaker.speaking
    finally:
        speaker.close()
    assert ev.texts("start") == [SHORT]
    assert ev.find("end", SHORT)[0][3] is False
    assert len(slow_aplay.sizes()) == 1
    assert ev.errors == [] and capfd.readouterr() == ("", "")


def test_rate_and_voice_settings_reach_the_driver(aplay: FakeAplay) -> None:
    ev = Events()
    speaker = make(ev)
    try:
        speaker.set_rate(400)
        speaker.say(OTHER)
        assert ev.wait_for(lambda e: len(e.find("end", OTHER)) == 1, 15)
        speaker.set_rate(100)
        speaker.say(OTHER)
        assert ev.wait_for(lambda e: len(e.find("end", OTHER)) == 2, 15)
        with pytest.raises(ValueError) as e:
            speaker.set_voice("No such voice")
        assert phrase(e.value) == "There is no voice called No such voice."
        speaker.set_voice("English (America)")  # accepted by name
    finally:
        speaker.close()
    fast, slow = aplay.sizes()
    assert slow > 1.5 * fast  # 100 wpm gives a much longer WAV than 400 wpm


def test_native_and_streaming_speakers_share_espeak(aplay: FakeAplay, capfd: pytest.CaptureFixture[str]) -> None:
    """Both use the one espeak-ng of the process; each keeps working after the other spoke."""
    ev_native, ev_stream = Events(), Events()
    native = make(ev_native)
    stream = sp.EspeakSpeaker(sink=sp.NullSink(), on_end=ev_stream.end, on_error=ev_stream.error)
    try:
        for text in ("One.", "Two."):
            native.say(text)
            assert ev_native.wait_for(lambda e, text=text: e.find("end", text), 15)
            stream.say(text)
            assert ev_stream.wait_for(lambda e, text=text: e.find("end", text), 15)
    finally:
        native.close()
        stream.close()
    assert [i[3] for i in ev_native.items if i[1] == "end"] == [True, True]
    assert [i[3] for i in ev_stream.items if i[1] == "end"] == [True, True]
    assert len(aplay.sizes()) == 2
    assert ev_native.errors == ev_stream.errors == []
    assert capfd.readouterr() == ("", "")


def test_engine_init_raises(
    aplay: FakeAplay, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    import pyttsx3

    def broken(*a, **k):
        raise OSError("the speech service is not running")

    monkeypatch.setattr(pyttsx3, "Engine", broken)
    with pytest.raises(sp.SpeechUnavailable, match="the speech service is not running"):
        sp.NativePyttsx3Speaker()
    errors: list[str] = []
    speaker = sp.make_speaker("on", on_error=said(errors))
    assert isinstance(speaker, sp.NullSpeaker) and not speaker.available
    assert len(errors) == 1
    assert errors[0].startswith("Speech could not start: ")
    assert "the speech service is not running" in errors[0]
    assert_one_sentence(errors[0])
    auto = sp.make_speaker("auto", on_error=said(errors))
    assert len(errors) == 1 and "not running" in auto.description  # auto falls back silently
    assert capfd.readouterr() == ("", "")


def test_engine_raises_mid_say(
    aplay: FakeAplay, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    from pyttsx3.drivers import _espeak

    ev = Events()
    speaker = make(ev)
    speaker.say(SHORT)
    assert ev.wait_for(lambda e: e.find("end", SHORT), 15)

    def crash(*a, **k):
        raise OSError("synthesizer crashed")

    monkeypatch.setattr(_espeak, "Synth", crash)
    speaker.say(OTHER)
    assert ev.wait_for(lambda e: e.errors, 10)
    speaker.say(LONG)  # later calls are silent no-ops
    speaker.say(LONG, priority=Priority.NORMAL)
    speaker.set_rate(200)
    speaker.stop()
    time.sleep(0.3)
    speaker.close()
    assert ev.errors == ["Speech stopped working: synthesizer crashed. The game goes on in text."]
    assert not speaker.available and "synthesizer crashed" in speaker.description
    assert not ev.find("start", LONG)
    assert capfd.readouterr() == ("", "")


def test_driver_error_event_is_reported_once(
    aplay: FakeAplay, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """pyttsx3 turns an exception inside a driver command into an "error" event, not a raise."""
    from pyttsx3.drivers import espeak as stock

    def broken_say(self, text):
        raise ValueError("voice data is damaged")

    def bad_callback(message: str) -> None:
        ev.error(message)
        raise RuntimeError("console is gone")  # must be contained too

    ev = Events()
    speaker = sp.NativePyttsx3Speaker(on_end=ev.end, on_error=bad_callback)
    speaker.say(SHORT)
    assert ev.wait_for(lambda e: e.find("end", SHORT), 15)
    monkeypatch.setattr(stock.EspeakDriver, "say", broken_say)
    speaker.say(OTHER)
    speaker.say(OTHER, priority=Priority.NORMAL)
    assert ev.wait_for(lambda e: e.errors, 15)
    time.sleep(0.5)
    speaker.close()
    assert ev.errors == ["Speech stopped working: voice data is damaged. The game goes on in text."]
    assert not speaker.available
    assert capfd.readouterr() == ("", "")


# --- the startLoop(False) + iterate() path, with a SAPI5-like fake driver -------------------------


class FakeSapiDriver:
    """Behaves like pyttsx3's sapi5 driver: Speak is asynchronous; EndStream (finished-utterance,
    setBusy(False)) is only delivered while the owning thread pumps through ``iterate``; ``stop``
    purges and the purge is reported as finished(completed=False) at the next pump."""

    instances: list[FakeSapiDriver] = []
    seconds_per_char = 0.02
    lose_stop_event = False  # some SAPI5 setups never report the purge
    lose_all_events = False  # e.g. events delivered to a run loop nobody pumps
    fail_in_init = False
    fail_in_say = False

    def __init__(self, proxy) -> None:
        if FakeSapiDriver.fail_in_init:
            raise OSError("CoInitialize has not been called")
        from pyttsx3.voice import Voice

        self._proxy = proxy
        self.calls: list[tuple[int, str, object]] = []
        self._speaking = False
        self._stopping = False
        self._end_at = 0.0
        self.audible: list[tuple[float, float, str]] = []  # (start, end, text) actually heard
        self._voices = [
            Voice("TTS_MS_EN-US_ZIRA", "Microsoft Zira Desktop - English (United States)", ["en-US"]),
            Voice("TTS_MS_EN-GB_HAZEL", "Microsoft Hazel Desktop - English (Great Britain)", ["en-GB"]),
        ]
        self.props: dict[str, object] = {"voice": self._voices[0].id, "rate": 200, "volume": 1.0}
        FakeSapiDriver.instances.append(self)

    def _call(self, name: str, arg: object = None) -> None:
        self.calls.append((threading.get_ident(), name, arg))

    def destroy(self) -> None:
        pass

    def say(self, text: str) -> None:
        self._call("say", text)
        if FakeSapiDriver.fail_in_say:
            raise OSError("the audio device was removed")
        self._proxy.setBusy(True)
        self._proxy.notify("started-utterance")
        self._speaking = True
        now = time.monotonic()
        self._end_at = now + self.seconds_per_char * len(text)
        self.audible.append((now, self._end_at, text))

    def stop(self) -> None:
        self._call("stop")
        if not self._speaking:
            return
        self._proxy.setBusy(True)
        self._stopping = True
        now = time.monotonic()
        start, _end, text = self.audible[-1]
        self.audible[-1] = (start, now, text)  # the purge silences at once
        self._end_at = now

    def still_speaking(self) -> bool:
        return bool(self.audible) and time.monotonic() < self.audible[-1][1]

    def _pump(self) -> None:
        if not self._speaking or time.monotonic() < self._end_at:
            return
        stopped = self._stopping
        self._speaking = self._stopping = False
        if FakeSapiDriver.lose_all_events or (stopped and FakeSapiDriver.lose_stop_event):
            return
        self._proxy.notify("finished-utterance", completed=not stopped)
        self._proxy.setBusy(False)

    def getProperty(self, name: str):  # noqa: N802
        self._call("getProperty", name)
        if name == "voices":
            return list(self._voices)
        return self.props[name]

    def setProperty(self, name: str, value) -> None:  # noqa: N802
        self._call("setProperty", (name, value))
        self.props[name] = value

    def startLoop(self) -> None:  # noqa: N802
        raise AssertionError("the native speaker must not use the driver's blocking loop")

    def endLoop(self) -> None:  # noqa: N802
        self._call("endLoop")

    def iterate(self):
        self._proxy.setBusy(False)
        while True:
            self._call("iterate")
            self._pump()
            yield


@pytest.fixture
def fake_sapi(monkeypatch: pytest.MonkeyPatch):
    module = types.ModuleType("pyttsx3.drivers.fake_sapi")
    module.buildDriver = FakeSapiDriver  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    FakeSapiDriver.instances = []
    for flag in ("lose_stop_event", "lose_all_events", "fail_in_init", "fail_in_say"):
        monkeypatch.setattr(FakeSapiDriver, flag, False)
    return FakeSapiDriver


def only_worker_thread(driver: FakeSapiDriver) -> None:
    """Every driver call came from one thread, not the caller's (COM/run-loop rule)."""
    threads = {t for t, _, _ in driver.calls}
    assert len(threads) == 1 and threading.get_ident() not in threads


def test_iterate_path_speaks_and_applies_settings(fake_sapi, capfd: pytest.CaptureFixture[str]) -> None:
    ev = Events()
    # "hazel": a word of the name (SAPI5 names all start with "Microsoft")
    speaker = make(ev, driver_name="fake_sapi", rate=500, volume=0.4, voice="hazel")
    try:
        assert speaker.loop_mode == "iterate" and speaker.available
        assert speaker.list_voices()[1].startswith("Microsoft Hazel")
        speaker.say(SHORT)
        assert ev.wait_for(lambda e: e.find("end", SHORT), 5)
        speaker.set_volume(0.9)
        speaker.set_voice("en-us")  # a language code
        speaker.say(OTHER)
        assert ev.wait_for(lambda e: e.find("end", OTHER), 5)
    finally:
        speaker.close()
    (drv,) = fake_sapi.instances
    sets = [arg for _, name, arg in drv.calls if name == "setProperty"]
    assert ("voice", "TTS_MS_EN-GB_HAZEL") in sets and ("volume", 0.4) in sets
    assert sets.index(("voice", "TTS_MS_EN-GB_HAZEL")) < sets.index(("voice", "TTS_MS_EN-US_ZIRA"))
    assert drv.props == {"voice": "TTS_MS_EN-US_ZIRA", "rate": sp.MAX_RATE, "volume": 0.9}
    assert ev.find("end", SHORT)[0][3] is True and ev.find("end", OTHER)[0][3] is True
    only_worker_thread(drv)
    assert ev.errors == [] and capfd.readouterr() == ("", "")


def test_iterate_path_interrupt_calls_engine_stop(fake_sapi) -> None:
    ev = Events()
    speaker = make(ev, driver_name="fake_sapi")
    try:
        speaker.say(LONG)  # about 3 s
        assert ev.wait_for(lambda e: e.find("start", LONG), 5)
        time.sleep(0.2)
        speaker.say("Waiting.", priority=Priority.NORMAL)
        t_new = time.monotonic()
        speaker.say(SHORT)
        assert ev.wait_for(lambda e: e.find("end", SHORT), 5)
    finally:
        speaker.close()
    (drv,) = fake_sapi.instances
    said = [(name, arg) for _, name, arg in drv.calls if name in ("say", "stop")]
    assert said[:3] == [("say", LONG), ("stop", None), ("say", SHORT)]
    (long_heard,) = [a for a in drv.audible if a[2] == LONG]
    assert long_heard[1] - t_new < 1.0  # silenced promptly (generous bound; ~20 ms expected)
    (short_heard,) = [a for a in drv.audible if a[2] == SHORT]
    assert short_heard[0] >= long_heard[1]  # never two voices at once
    assert ev.find("end", LONG)[0][3] is False and ev.find("end", SHORT)[0][3] is True
    assert not ev.find("start", "Waiting.")
    only_worker_thread(drv)


def test_iterate_path_stop_and_queue_bound(fake_sapi) -> None:
    ev = Events()
    speaker = make(ev, driver_name="fake_sapi")
    try:
        t0 = time.monotonic()
        for i in range(1, 31):
            speaker.say(f"Card {i}.", priority=Priority.NORMAL)
        assert time.monotonic() - t0 < 0.5
        assert ev.wait_for(lambda e: e.find("end", "Card 30."), 10)
        assert len(ev.texts("start")) <= 1 + sp.MAX_QUEUED
        speaker.say(LONG)
        speaker.say("Queued.", priority=Priority.NORMAL)
        assert ev.wait_for(lambda e: e.find("start", LONG), 5)
        t_stop = time.monotonic()
        speaker.stop()
        assert ev.wait_for(lambda e: e.find("end", LONG), 5)
        time.sleep(0.3)
        assert not speaker.speaking
    finally:
        speaker.close()
    (drv,) = fake_sapi.instances
    assert [a for a in drv.audible if a[2] == LONG][0][1] - t_stop < 1.0
    assert not ev.find("start", "Queued.")
    only_worker_thread(drv)


def test_iterate_path_survives_a_lost_purge_event(fake_sapi) -> None:
    fake_sapi.lose_stop_event = True
    ev = Events()
    speaker = make(ev, driver_name="fake_sapi")
    try:
        speaker.say(LONG)
        assert ev.wait_for(lambda e: e.find("start", LONG), 5)
        speaker.say(SHORT)
        assert ev.wait_for(lambda e: e.find("end", SHORT), 5)  # after the 1 s grace period
    finally:
        speaker.close()
    assert ev.find("end", LONG)[0][3] is False and ev.find("end", SHORT)[0][3] is True
    assert ev.errors == []


def test_iterate_path_lost_events_with_idle_probe(fake_sapi, monkeypatch: pytest.MonkeyPatch) -> None:
    """NSSpeechSynthesizer case: no delegate call arrives, but isSpeaking() says it is over."""
    fake_sapi.lose_all_events = True
    monkeypatch.setattr(native, "_driver_idle_probe", lambda name, drv: lambda: not drv.still_speaking())
    ev = Events()
    speaker = make(ev, driver_name="fake_sapi")
    try:
        speaker.say(SHORT)
        speaker.say(OTHER, priority=Priority.NORMAL)
        assert ev.wait_for(lambda e: e.find("end", OTHER), 8)
    finally:
        speaker.close()
    assert ev.texts("end") == [SHORT, OTHER]
    assert ev.errors == []


def test_iterate_path_hung_driver_is_reported(fake_sapi, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_sapi.lose_all_events = True
    monkeypatch.setattr(native, "NATIVE_STALL_S", 0.3)
    ev = Events()
    speaker = make(ev, driver_name="fake_sapi")
    speaker.say("Hi.")
    assert ev.wait_for(lambda e: e.errors, 5)
    speaker.close()
    assert ev.errors == [
        "Speech stopped working: the system speech engine stopped responding. The game goes on in text."
    ]


def test_iterate_path_failures(fake_sapi, capfd: pytest.CaptureFixture[str]) -> None:
    fake_sapi.fail_in_init = True
    with pytest.raises(sp.SpeechUnavailable, match="CoInitialize has not been called"):
        sp.NativePyttsx3Speaker(driver_name="fake_sapi")
    fake_sapi.fail_in_init = False
    ev = Events()
    speaker = make(ev, driver_name="fake_sapi")
    speaker.say(SHORT)
    assert ev.wait_for(lambda e: e.find("end", SHORT), 5)
    fake_sapi.fail_in_say = True
    speaker.say(OTHER)
    speaker.say(LONG, priority=Priority.NORMAL)
    assert ev.wait_for(lambda e: e.errors, 5)
    time.sleep(0.3)
    speaker.say(SHORT)
    speaker.close()
    assert ev.errors == ["Speech stopped working: the audio device was removed. The game goes on in text."]
    assert not speaker.available and ev.texts("start") == [SHORT]
    assert capfd.readouterr() == ("", "")

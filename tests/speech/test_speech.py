"""Tests for the speech output backend (real espeak-ng; no sound card needed).

Audio goes to the silent timed sink, to a pipe, to aplay's ALSA null device (the explicit player
option) or, in subprocesses, through sounddevice to an ALSA ``file`` device (``.asoundrc`` in a
temporary HOME; alsa-lib reads it once, when PortAudio starts).  A test whose tool is missing
skips saying why, or fails when $CI is set.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from spoken_cribbage import speech as sp
from spoken_cribbage.notice import Notice
from spoken_cribbage.speech import espeak as espeak_mod
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.words.notices import phrase
from testkit import ROOT


def need(*tools: str) -> None:
    """Skip (or, in CI, fail) when a tool the test uses is not installed."""
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        why = f"needs {' and '.join(missing)} on PATH"
        if os.environ.get("CI"):
            pytest.fail(f"{why} (CI must provide it)")
        pytest.skip(why)


SAMPLES = [
    "Computer plays a nine. Twenty-four.",
    "fifteen two, fifteen four, and a pair is six",
    "Seven. Thirty-one for two.",
]
LONG = (
    "Your hand: five of hearts, five of clubs, jack of spades, queen of diamonds. "
    "Fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten. "
    "Crib goes to the computer."
)
# The ALSA "null" device accepts audio without a sound card: the real player pipe is exercised.
APLAY_NULL = ["aplay", "-q", "-D", "null", "-t", "raw", "-f", "S16_LE", "-r", "{rate}", "-c", "1"]


def sox_stat(path: Path) -> dict[str, float]:
    """Parse `sox FILE -n stat` (it reports on stderr)."""
    out = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True)
    stats = {}
    for line in out.stderr.splitlines():
        m = re.match(r"^(.+?):\s+(-?[\d.]+)\s*$", line)
        if m:
            stats[m.group(1).strip()] = float(m.group(2))
    return stats


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


def said(out: list[str]):
    """An on_error callback that puts the notice, in words, in ``out``."""
    return lambda notice: out.append(phrase(notice))


def ended(count: int):
    """Predicate: at least ``count`` utterances have ended."""
    return lambda e: len([i for i in e.items if i[1] == "end"]) >= count


def make(events: Events, sink: sp.AudioSink | None = None, **kw) -> sp.EspeakSpeaker:
    return sp.EspeakSpeaker(
        sink=sink if sink is not None else sp.NullSink(),
        on_start=events.start,
        on_end=events.end,
        on_error=events.error,
        **kw,
    )


def assert_one_sentence(message: str) -> None:
    assert message.endswith("."), message
    assert "\n" not in message
    assert "Traceback" not in message
    assert message.count(". ") <= 1  # the reason, then "The game goes on in text."


# --- rendering to WAV ---------------------------------------------------------------------------


def test_rendered_announcements_are_speech_of_plausible_length(tmp_path: Path) -> None:
    """Real synthesis: non-silent audio, 0.5-8 s, longer text gives longer audio."""
    need("sox")
    lengths = []
    for i, text in enumerate(SAMPLES + [LONG]):
        wav = tmp_path / f"s{i}.wav"
        sp.render_to_wav(text, wav)
        stats = sox_stat(wav)
        assert stats["RMS     amplitude"] > 0.02, (text, stats)
        lengths.append(stats["Length (seconds)"])
    assert all(0.5 <= n <= 8.0 for n in lengths[:3]), lengths
    assert lengths[3] > max(lengths[:3]) and lengths[3] < 20
    # "fifteen two, ... is six" is longer than "Seven. Thirty-one for two."
    assert lengths[1] > lengths[2]


def test_render_applies_rate_volume_and_voice(tmp_path: Path) -> None:
    need("sox")
    text = SAMPLES[0]
    paths = {k: tmp_path / f"{k}.wav" for k in ("slow", "fast", "quiet", "loud", "us", "scot")}
    sp.render_to_wav(text, paths["slow"], rate=120)
    sp.render_to_wav(text, paths["fast"], rate=350)
    sp.render_to_wav(text, paths["quiet"], volume=0.2)
    sp.render_to_wav(text, paths["loud"], volume=1.0)
    sp.render_to_wav(text, paths["us"], voice="English (America)")
    sp.render_to_wav(text, paths["scot"], voice="gmw/en-GB-scotland")
    st = {k: sox_stat(p) for k, p in paths.items()}
    assert st["slow"]["Length (seconds)"] > 1.5 * st["fast"]["Length (seconds)"]
    assert st["quiet"]["RMS     amplitude"] < 0.5 * st["loud"]["RMS     amplitude"]
    assert paths["us"].read_bytes() != paths["scot"].read_bytes()
    with pytest.raises(ValueError):
        sp.render_to_wav(text, tmp_path / "x.wav", voice="no such voice")


def test_render_prints_nothing(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Nothing reaches stdout or stderr (checked at fd level)."""
    sp.render_to_wav(SAMPLES[1], tmp_path / "quiet.wav")
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


# --- speaking -----------------------------------------------------------------------------------


def test_real_player_pipe_receives_the_speech(tmp_path: Path) -> None:
    """The explicit player option: espeak-ng -> pipe -> player process."""
    raw = tmp_path / "stream.raw"
    sink = sp.PlayerSink(["sh", "-c", f"exec cat >> '{raw}'"], name="cat")
    ev = Events()
    speaker = make(ev, sink)
    try:
        speaker.say(SAMPLES[2])
        assert ev.wait_for(lambda e: e.find("end", SAMPLES[2]), 15)
    finally:
        speaker.close()
    pcm = np.frombuffer(raw.read_bytes(), dtype="<i2").astype(np.float64) / 32768
    assert 0.5 < len(pcm) / 22050 < 8
    assert np.sqrt(np.mean(pcm**2)) > 0.02
    assert ev.find("end", SAMPLES[2])[0][3] is True
    assert ev.errors == []


def test_interrupt_cuts_stale_speech(capfd: pytest.CaptureFixture[str]) -> None:
    """A new announcement stops the one being spoken, then is itself spoken in full."""
    need("aplay")
    ev = Events()
    speaker = make(ev, sp.PlayerSink(APLAY_NULL))
    try:
        speaker.say(LONG)
        assert ev.wait_for(lambda e: e.find("start", LONG), 10)
        time.sleep(0.3)
        t_new = time.monotonic()
        speaker.say(SAMPLES[0])  # Priority.NOW (interrupt) is the default
        assert ev.wait_for(lambda e: e.find("end", SAMPLES[0]), 15)
    finally:
        speaker.close()
    (end_long,) = ev.find("end", LONG)
    assert end_long[3] is False  # cut, not completed
    assert end_long[0] - t_new < 2.0  # generous: the LONG text lasts ~10 s
    (start_new,) = ev.find("start", SAMPLES[0])
    assert start_new[0] >= end_long[0]  # never two voices at once
    assert ev.find("end", SAMPLES[0])[0][3] is True
    assert ev.errors == []
    assert capfd.readouterr() == ("", "")


def test_queue_cannot_pile_up() -> None:
    """100 rapid non-interrupting announcements: only a few are spoken, the last one is."""
    ev = Events()
    speaker = make(ev, rate=300)
    try:
        t0 = time.monotonic()
        for i in range(1, 101):
            speaker.say(f"Card {i}.", priority=Priority.NORMAL)
        t_last = time.monotonic()
        assert t_last - t0 < 1.0  # say() never blocks
        assert ev.wait_for(lambda e: e.find("end", "Card 100."), 20)
        t_done = ev.find("end", "Card 100.")[0][0]
        assert not speaker.speaking
    finally:
        speaker.close()
    started = [i for i in ev.items if i[1] == "start"]
    assert len(started) <= sp.MAX_QUEUED + 2
    assert started[-1][2] == "Card 100."
    assert t_done - t_last < 10.0  # bounded: at most MAX_QUEUED + 1 short utterances
    assert speaker.dropped >= 100 - sp.MAX_QUEUED - 2


def test_stop_silences_at_once_and_clears_queue() -> None:
    need("aplay")
    ev = Events()
    sink = sp.PlayerSink(APLAY_NULL)
    speaker = make(ev, sink)
    try:
        speaker.say(LONG)
        speaker.say(SAMPLES[1], priority=Priority.NORMAL)
        assert ev.wait_for(lambda e: e.find("start", LONG), 10)
        pid = sink.pid
        t_stop = time.monotonic()
        speaker.stop()
        assert ev.wait_for(lambda e: e.find("end", LONG), 2.0)
        assert ev.find("end", LONG)[0][0] - t_stop < 1.0
        assert ev.find("end", LONG)[0][3] is False
        time.sleep(0.5)
        assert not speaker.speaking
        assert not ev.find("start", SAMPLES[1])  # the queued one was dropped
        with pytest.raises(ProcessLookupError):  # the player was killed and reaped
            os.kill(pid, 0)
        speaker.say(SAMPLES[2])  # and speech still works afterwards
        assert ev.wait_for(lambda e: e.find("end", SAMPLES[2]), 10)
        assert ev.errors == []
    finally:
        speaker.close()


def test_settings_change_the_audio() -> None:
    ev = Events()
    sink = sp.NullSink()
    speaker = make(ev, sink)
    try:
        voices = speaker.list_voices()
        assert "English (America)" in voices and len(voices) > 10
        with pytest.raises(ValueError) as e:
            speaker.set_voice("Klingon opera")
        assert phrase(e.value) == "There is no voice called Klingon opera."
        speaker.set_voice("en-us")
        speaker.set_voice("english")  # the start of a name, as typed after "voice"
        speaker.set_voice("")  # the settings' "default voice"
        speaker.set_voice(None)
        speaker.set_volume(3.0)  # clamped, not an error
        sizes = []
        for wpm in (400, 120):
            speaker.set_rate(wpm)
            before = sink.bytes_written
            speaker.say(SAMPLES[0])
            assert ev.wait_for(ended(len(sizes) + 1), 15)
            sizes.append(sink.bytes_written - before)
        assert sizes[1] > 1.5 * sizes[0]
        assert ev.errors == []
    finally:
        speaker.close()


# --- failures -------------------------------------------------------------------------------------


def test_espeak_missing(monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(sp.AUDIO_ENV, "null")
    monkeypatch.setattr(espeak_mod, "_lib", None)
    monkeypatch.setattr(espeak_mod, "LIBRARY_NAMES", ("libno-such-espeak.so.1",))
    monkeypatch.setattr(espeak_mod.ctypes.util, "find_library", lambda name: None)
    monkeypatch.setitem(espeak_mod.STATE, "ready", False)
    errors: list[str] = []
    speaker = sp.make_speaker("on", on_error=said(errors))
    assert isinstance(speaker, sp.NullSpeaker) and not speaker.available
    assert errors == [
        "Speech could not start: espeak-ng is not installed (the package libespeak-ng1). The game goes on in text."
    ]
    speaker.say("hello")  # a no-op
    auto = sp.make_speaker("auto", on_error=said(errors))
    assert len(errors) == 1  # auto falls back silently ...
    assert "espeak-ng is not installed" in phrase(auto.status)  # ... but keeps the reason
    assert capfd.readouterr() == ("", "")


def test_linux_speech_does_not_need_pyttsx3(monkeypatch: pytest.MonkeyPatch) -> None:
    """pyttsx3 is only for Windows and macOS (and the forced native path)."""
    monkeypatch.setenv(sp.AUDIO_ENV, "null")
    monkeypatch.delenv(sp.DRIVER_ENV, raising=False)
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # makes `import pyttsx3` fail
    errors: list[str] = []
    speaker = sp.make_speaker("on", on_error=said(errors))
    try:
        assert speaker.available and errors == []
    finally:
        speaker.close()
    monkeypatch.setenv(sp.DRIVER_ENV, "native")
    native = sp.make_speaker("on", on_error=said(errors))
    assert isinstance(native, sp.NullSpeaker)
    assert len(errors) == 1 and "pyttsx3 package is missing" in errors[0]
    assert_one_sentence(errors[0])


def test_engine_init_raises(monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    def broken():
        raise RuntimeError("could not initialize espeak")

    monkeypatch.setenv(sp.AUDIO_ENV, "null")
    monkeypatch.setattr(espeak_mod, "initialize", broken)
    errors: list[str] = []
    speaker = sp.make_speaker("on", on_error=said(errors))
    assert isinstance(speaker, sp.NullSpeaker)
    assert len(errors) == 1 and "could not initialize espeak" in errors[0]
    assert_one_sentence(errors[0])
    assert capfd.readouterr() == ("", "")


def test_explicit_player_without_device(monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    need("aplay")
    monkeypatch.setenv(sp.AUDIO_ENV, "aplay -q -D no_such_pcm -t raw -f S16_LE -r {rate} -c 1")
    errors: list[str] = []
    speaker = sp.make_speaker("on", on_error=said(errors))
    assert isinstance(speaker, sp.NullSpeaker)
    assert len(errors) == 1 and "aplay" in errors[0]
    assert_one_sentence(errors[0])
    assert capfd.readouterr() == ("", "")


def test_engine_raises_mid_game(monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    ev = Events()
    speaker = make(ev)
    speaker.say(SAMPLES[2])
    assert ev.wait_for(lambda e: e.find("end", SAMPLES[2]), 10)

    def crash(*a, **k):
        raise OSError("synthesizer crashed")

    monkeypatch.setattr(espeak_mod, "_synth", crash)
    speaker.say(SAMPLES[0])
    assert ev.wait_for(lambda e: e.errors, 10)
    speaker.say(SAMPLES[1])  # later calls are silent no-ops
    speaker.say(SAMPLES[1], priority=Priority.NORMAL)
    speaker.set_rate(200)
    speaker.stop()
    time.sleep(0.3)
    speaker.close()
    assert ev.errors == ["Speech stopped working: synthesizer crashed. The game goes on in text."]
    assert not speaker.available and "synthesizer crashed" in speaker.description
    assert not ev.find("start", SAMPLES[1])
    assert capfd.readouterr() == ("", "")


def test_player_dies_mid_game(capfd: pytest.CaptureFixture[str]) -> None:
    need("aplay")
    ev = Events()
    sink = sp.PlayerSink(APLAY_NULL)
    speaker = make(ev, sink)
    try:
        speaker.say(SAMPLES[2])
        assert ev.wait_for(lambda e: e.find("end", SAMPLES[2]), 10)
        time.sleep(0.2)
        os.kill(sink.pid, signal.SIGKILL)  # e.g. the audio device vanished
        time.sleep(0.2)
        speaker.say(SAMPLES[0])
        assert ev.wait_for(lambda e: e.errors, 10)
        speaker.say(SAMPLES[1])
        time.sleep(0.3)
    finally:
        speaker.close()
    assert len(ev.errors) == 1 and ev.errors[0].startswith("Speech stopped working: ")
    assert_one_sentence(ev.errors[0])
    assert capfd.readouterr() == ("", "")


def test_error_inside_audio_callback_prints_no_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    """An exception in the espeak callback (C -> Python) must not reach stderr."""

    class Broken(sp.NullSink):
        def write(self, pcm: bytes) -> bool:
            raise ValueError("sink exploded")

    ev = Events()
    speaker = make(ev, Broken())
    speaker.say(SAMPLES[0])
    assert ev.wait_for(lambda e: e.errors, 10)
    speaker.close()
    assert ev.errors == ["Speech stopped working: sink exploded. The game goes on in text."]
    assert capfd.readouterr() == ("", "")


def test_error_callback_that_raises_is_contained(capfd: pytest.CaptureFixture[str]) -> None:
    def bad_callback(message: str) -> None:
        raise RuntimeError("console is gone")

    class Broken(sp.NullSink):
        def write(self, pcm: bytes) -> bool:
            raise ValueError("sink exploded")

    speaker = sp.EspeakSpeaker(sink=Broken(), on_error=bad_callback)
    speaker.say(SAMPLES[0])
    deadline = time.monotonic() + 10
    while speaker.available and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not speaker.available
    speaker.close()
    assert capfd.readouterr() == ("", "")


# --- factory and doubles ------------------------------------------------------------------------


def test_make_speaker_modes(monkeypatch: pytest.MonkeyPatch) -> None:
    off = sp.make_speaker("off")
    assert isinstance(off, sp.NullSpeaker) and off.description.startswith("no speech")
    monkeypatch.setenv(sp.AUDIO_ENV, "null")
    errors: list[str] = []
    on = sp.make_speaker("on", rate=250, volume=0.5, voice="no such voice", on_error=said(errors))
    try:
        assert isinstance(on, sp.EspeakSpeaker) and on.available
        assert "espeak-ng" in on.description
        assert errors == []
    finally:
        on.close()
    with pytest.raises(ValueError):
        sp.make_speaker("loud")


def test_doubles_follow_the_protocol() -> None:
    rec = sp.RecordingSpeaker()
    for speaker in (sp.NullSpeaker(), rec):
        assert isinstance(speaker, sp.Speaker)
        speaker.say("Go.", priority=Priority.NORMAL)
        speaker.stop()
        speaker.set_rate(200)
        speaker.set_volume(0.5)
        speaker.set_voice(None)
        speaker.list_voices()
        speaker.close()
    assert rec.texts == ["Go."] and rec.said[0][2] is Priority.NORMAL
    assert len(rec.stopped) == 1 and rec.rate == 200 and rec.closed


# --- the sound device: sounddevice -> PortAudio -> ALSA, no audio player -------------------------

ASOUNDRC_FILE = 'pcm.!default {{ type file; slave.pcm "null"; file "{out}"; format "raw" }}\n'

SOUNDDEVICE_CHILD = r"""
import json, sys, threading, time
from spoken_cribbage import speech as sp
from spoken_cribbage.words.notices import phrase
LONG, SHORT = sys.argv[1], sys.argv[2]
events, errors, cond = [], [], threading.Condition()
def note(*item):
    with cond:
        events.append((time.monotonic(),) + item)
        cond.notify_all()
def wait(pred, timeout=15):
    with cond:
        return cond.wait_for(lambda: pred(events), timeout)
speaker = sp.make_speaker("on", on_error=lambda notice: errors.append(phrase(notice)))
out = {"description": speaker.description, "status": phrase(speaker.status), "errors": errors}
if speaker.available:
    speaker._on_start = lambda t: note("start", t)
    speaker._on_end = lambda t, c: note("end", t, c)
    speaker.say(LONG)
    wait(lambda ev: any(e[1] == "start" for e in ev))
    time.sleep(0.5)
    t_new = time.monotonic()
    speaker.say(SHORT)  # interrupts
    wait(lambda ev: any(e[1] == "end" and e[2] == SHORT for e in ev))
    for i in range(1, 41):
        speaker.say(f"Card {i}.", priority=sp.Priority.NORMAL)
    wait(lambda ev: any(e[1] == "end" and e[2] == "Card 40." for e in ev), 20)
    speaker.say(LONG)
    wait(lambda ev: sum(e[1] == "start" and e[2] == LONG for e in ev) == 2)
    t_stop = time.monotonic()
    speaker.stop()
    wait(lambda ev: sum(e[1] == "end" and e[2] == LONG for e in ev) == 2)
    out.update(t_new=t_new, t_stop=t_stop, dropped=speaker.dropped, frames=speaker._sink.frames_written)
    speaker.close()
out["events"] = events
print("RESULT " + json.dumps(out))
"""


def run_child(tmp_path: Path, asoundrc: str | None, env_extra: dict[str, str] | None = None):
    """Run SOUNDDEVICE_CHILD with HOME at a fresh folder and no aplay (or any player) on PATH."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    if asoundrc is not None:
        (home / ".asoundrc").write_text(asoundrc)
    empty_bin = tmp_path / "bin"
    empty_bin.mkdir(exist_ok=True)
    env = {
        "HOME": str(home),
        "PATH": str(empty_bin),  # no aplay, paplay, pw-play or sox here
        "SPOKEN_CRIBBAGE_HOME": str(tmp_path / "sc"),
        "LANG": "C.UTF-8",
        **(env_extra or {}),
    }
    done = subprocess.run(
        [sys.executable, "-c", SOUNDDEVICE_CHILD, LONG, SAMPLES[2]],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=ROOT,
    )
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("RESULT ")]
    assert done.returncode == 0 and lines, done.stdout + done.stderr
    import json

    noise = done.stdout.replace(lines[0], "").strip() + done.stderr
    return json.loads(lines[0][7:]), noise


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux only")
def test_speech_plays_through_the_sound_device_without_aplay(tmp_path: Path) -> None:
    """espeak-ng -> sounddevice -> PortAudio -> ALSA file device, with no player on PATH;
    interrupt, the bounded queue and stop behave as with every other output."""
    raw = tmp_path / "device.raw"
    out, noise = run_child(tmp_path, ASOUNDRC_FILE.format(out=raw))
    assert out["errors"] == [] and out["description"] == "espeak-ng, sound device default"
    assert noise == ""  # no ALSA or PortAudio chatter on the terminal
    ev = out["events"]
    ends = {(e[2], e[3]) for e in ev if e[1] == "end"}
    (end_long, end_long2) = [e for e in ev if e[1] == "end" and e[2] == LONG]
    assert end_long[3] is False and end_long[0] - out["t_new"] < 0.5  # cut by the new text
    assert (SAMPLES[2], True) in ends and ("Card 40.", True) in ends
    starts = [e[2] for e in ev if e[1] == "start"]
    assert sum(t.startswith("Card ") for t in starts) <= 1 + sp.MAX_QUEUED
    assert out["dropped"] >= 40 - 1 - sp.MAX_QUEUED
    assert end_long2[3] is False and end_long2[0] - out["t_stop"] < 0.5  # stop is at once
    # The device got real speech, not silence: ALSA's file plugin kept every byte.
    pcm = np.frombuffer(raw.read_bytes(), dtype="<i2").astype(np.float64) / 32768
    assert out["frames"] > 22050 and len(pcm) >= out["frames"]
    assert np.sqrt(np.mean(pcm**2)) > 0.01


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux only")
def test_no_sound_device_is_one_sentence(tmp_path: Path) -> None:
    out, noise = run_child(tmp_path, None)  # no .asoundrc on a machine with no sound card
    assert out["errors"] == ["Speech could not start: no sound device was found. The game goes on in text."]
    assert out["status"] == "Speech is off: no sound device was found."
    assert noise == ""


def test_missing_portaudio_names_the_package(tmp_path: Path) -> None:
    """sounddevice raises OSError when libportaudio2 is missing; simulated by hiding it."""
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "sitecustomize.py").write_text(
        "import ctypes.util\n"
        "_real = ctypes.util.find_library\n"
        "ctypes.util.find_library = lambda n: None if 'portaudio' in n else _real(n)\n"
    )
    out, noise = run_child(tmp_path, None, {"PYTHONPATH": str(shim)})
    assert out["errors"] == [
        "Speech could not start: the sound library PortAudio is missing "
        "(install the package libportaudio2). The game goes on in text."
    ]
    assert noise == ""

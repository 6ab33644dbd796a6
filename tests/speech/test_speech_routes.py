"""Speech routes: speech-dispatcher through our SSIP client, the screen reader as the only voice,
and the Windows and macOS routes against doubles of their libraries and tools.

The speech-dispatcher tests talk to a small in-test SSIP server (testkit/ssip_server.py), to the
real program through it, and once to a real ``speech-dispatcher`` (installed with the screen
readers; its sound goes to ALSA's null device). Detection is tested on a fake ``/proc``, a fake
``gdbus``, fake ``accessible_output2`` modules and a fake ``pgrep``: the Windows and macOS
routes are verified only against these doubles.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

from spoken_cribbage import speech as sp
from spoken_cribbage.app.seat import asked
from spoken_cribbage.notice import Notice
from spoken_cribbage.speech import screenreader as sr
from spoken_cribbage.speech import ssip
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.notices import phrase
from testkit import BIN, ROOT, game_env
from testkit.ssip_server import FakeSSIPServer


@pytest.fixture
def server(tmp_path, monkeypatch):
    srv = FakeSSIPServer(tmp_path / "speechd.sock")
    monkeypatch.setenv("SPEECHD_ADDRESS", srv.address)
    yield srv
    srv.close()


def wait_until(pred, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def ssip_speaker(**kw) -> ssip.SSIPSpeaker:
    speaker = sp.make_speaker("auto", screen_reader=None, **kw)
    assert isinstance(speaker, sp.SSIPSpeaker), speaker.description
    return speaker


# --- the protocol's small parts -----------------------------------------------------------------


def test_server_address(tmp_path):
    assert ssip.server_address({"SPEECHD_ADDRESS": "unix_socket:/run/x.sock"}) == ("unix", "/run/x.sock")
    assert ssip.server_address({"SPEECHD_ADDRESS": "inet_socket:127.0.0.1:6561"}) == ("inet", ("127.0.0.1", 6561))
    assert ssip.server_address({"XDG_RUNTIME_DIR": "/run/user/7"}) == (
        "unix",
        "/run/user/7/speech-dispatcher/speechd.sock",
    )
    assert ssip.server_address({"SPEECHD_ADDRESS": "unix_socket", "XDG_RUNTIME_DIR": "/r"}) == (
        "unix",
        "/r/speech-dispatcher/speechd.sock",
    )
    assert ssip.server_address({})[1].endswith(".cache/speech-dispatcher/speechd.sock")
    with pytest.raises(sp.SpeechUnavailable) as e:
        ssip.server_address({"SPEECHD_ADDRESS": "carrier_pigeon:home"})
    assert phrase(e.value.notice) == ("the speech-dispatcher address carrier_pigeon:home cannot be used")


def test_speak_data_and_settings_scales():
    assert ssip.speak_data("Go.\n.5 points\n..") == b"Go.\r\n..5 points\r\n...\r\n.\r\n"
    assert [ssip.ssip_rate(w) for w in (80, 130, 180, 315, 450, 999)] == [-100, -50, 0, 50, 100, 100]
    assert [ssip.ssip_volume(v) for v in (0.0, 0.5, 1.0)] == [-100, 0, 100]


# --- speech-dispatcher: each announcement once, silence cancels ---------------------------------


def test_speaker_speaks_cancels_and_sets(server):
    speaker = ssip_speaker(rate=315, volume=0.5, voice="de")
    try:
        assert phrase(speaker.status) == "Speech: speech-dispatcher, your system voice."
        assert speaker.list_voices() == ["Alan", "Ceres"]
        speaker.say("Your turn.")
        assert server.wait_for(lambda ev: any(e.kind == "SPEAK" for e in ev))
        speaker.say("Count 15.", priority=Priority.NORMAL)
        assert server.wait_for(lambda ev: len([e for e in ev if e.kind == "SPEAK"]) == 2)
        before = len(server.of("CANCEL"))
        speaker.stop()
        assert server.wait_for(lambda ev: len([e for e in ev if e.kind == "CANCEL"]) > before)
    finally:
        speaker.close()
    kinds = [(e.kind, e.text) for e in server.events if e.kind != "LIST"]
    assert kinds[:4] == [
        ("SET", "SELF CLIENT_NAME user:spoken-cribbage:main"),
        ("SET", "SELF PRIORITY message"),
        ("SET", "SELF RATE 50"),
        ("SET", "SELF VOLUME 0"),
    ]
    assert ("SET", "SELF SYNTHESIS_VOICE Ceres") in kinds
    # A new announcement cancels the old one first; one added without interrupting does not.
    speech = [k for k in kinds if k[0] in ("SPEAK", "CANCEL")]
    assert speech == [
        ("CANCEL", "SELF"),
        ("SPEAK", "Your turn."),
        ("SPEAK", "Count 15."),
        ("CANCEL", "SELF"),
        ("CANCEL", "SELF"),
    ]  # stop, then close
    assert kinds[-1] == ("QUIT", "")
    assert {e.client for e in server.events} == {"spoken-cribbage"}


def test_say_never_waits_for_the_server(server):
    """A burst of key presses: say() returns at once and stale announcements are dropped."""
    speaker = ssip_speaker()
    try:
        t0 = time.perf_counter()
        for i in range(200):
            speaker.say(f"Card {i}.")
        assert time.perf_counter() - t0 < 0.2
        assert server.wait_for(lambda ev: any(e.text == "Card 199." for e in ev))
        assert len(server.spoken()) < 200 and server.spoken()[-1] == "Card 199."
    finally:
        speaker.close()


class Counting:
    """Forwards to a speaker and counts the announcements handed to it."""

    def __init__(self, inner):
        self.inner, self.texts = inner, []

    def say(self, text, *, priority=Priority.NOW):
        if text and text.strip():
            self.texts.append(text)
        self.inner.say(text, priority=priority)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def play_deal(speaker, after_step):
    """The first deal of seed 3 with digit keys, a question, silence (Escape and x) and quit."""
    from spoken_cribbage.ai.players import make_player
    from spoken_cribbage.app.local_seat import local_session
    from spoken_cribbage.app.play import _hint
    from spoken_cribbage.app.seat.hooks import SeatHooks
    from spoken_cribbage.engine import game as g

    s = local_session(
        g.Game(seed=3),
        hooks=SeatHooks(hint=_hint),
        settings=Settings(),
        write=lambda line: None,
        speaker=speaker,
        opponents={1: make_player("expert", random.Random(3 * 7 + 1))},
    )
    s.kept = False
    steps = [s.start, lambda: s.key("s"), lambda: s.key("1"), lambda: s.key("2"), s.enter]
    for step in steps:
        step()
        after_step("key")
    while s.table.game.phase == g.PLAY and s.table.game.to_act == 0:
        s.key(str(s.hand_view.numbering.index(s.table.game.observation(s.me).playable[-1]) + 1))
        after_step("key")
    assert s.table.game.phase == g.DEAL_OVER
    s.escape()
    after_step("silence")
    s.key("c")
    after_step("key")
    s.key("x")
    after_step("silence")
    s.key("q")
    after_step("key")
    s.key("y")
    after_step("key")


def test_a_deal_through_speech_dispatcher_each_announcement_once(server):
    reference = sp.RecordingSpeaker()
    play_deal(reference, lambda step: None)
    expected = [t for t in reference.texts if t.strip()]
    assert len(expected) >= 10

    speaker = Counting(ssip_speaker())
    silences = []

    def after_step(step):  # keys at a player's pace: each answer reaches the server first
        if step == "silence":
            t = time.perf_counter()
            assert server.wait_for(lambda ev: any(e.kind == "CANCEL" and e.at >= t for e in ev))
            silences.append(t)
        else:
            assert server.wait_for(lambda ev: len([e for e in ev if e.kind == "SPEAK"]) == len(speaker.texts))

    try:
        play_deal(speaker, after_step)
    finally:
        speaker.close()
    assert speaker.texts == expected
    assert server.spoken() == expected  # each announcement arrived once, in order
    for t in silences:  # Escape and x: a CANCEL, and nothing said with it
        first_after = [e for e in server.events if e.at >= t and e.kind in ("SPEAK", "CANCEL")]
        assert first_after[0].kind == "CANCEL"


def test_the_program_speaks_through_speech_dispatcher(server, tmp_path):
    """The real program, default settings, no screen reader: speech-dispatcher is the voice."""
    env = game_env(tmp_path / "home", SPEECHD_ADDRESS=server.address)
    proc = subprocess.Popen(
        [str(BIN), "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.wait_for(lambda ev: any(e.kind == "SPEAK" for e in ev), 20)
        for line, wanted in (("s", "You 0, 121 to go"), ("x", None), ("q", "Quit the game?")):
            t = time.perf_counter()
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            if wanted is None:
                assert server.wait_for(lambda ev, t=t: any(e.kind == "CANCEL" and e.at >= t for e in ev))
            else:
                assert server.wait_for(
                    lambda ev, wanted=wanted: any(e.kind == "SPEAK" and wanted in e.text for e in ev)
                )
        out, err = proc.communicate("y\n", timeout=20)
    finally:
        proc.kill()
    assert out.splitlines()[0] == "Speech: speech-dispatcher, your system voice."
    assert err == "" and proc.returncode == 0
    spoken = server.spoken()
    assert len(spoken) == len(set(spoken))  # nothing said twice
    # Leaving silences it (nothing keeps talking after the game) and says goodbye to the server.
    assert [e.kind for e in server.events[-2:]] == ["CANCEL", "QUIT"]


def test_a_lost_connection_is_told_once(tmp_path, monkeypatch):
    srv = FakeSSIPServer(tmp_path / "s.sock", drop_after=1)
    monkeypatch.setenv("SPEECHD_ADDRESS", srv.address)
    told: list[str] = []
    try:
        speaker = ssip_speaker(on_error=lambda n: told.append(phrase(n)))
        speaker.say("One.")
        deadline = time.monotonic() + 5
        while speaker.available and time.monotonic() < deadline:
            time.sleep(0.01)
        for _ in range(3):
            speaker.say("Two.")  # no raise, no second notice
            speaker.stop()
        time.sleep(0.1)
        speaker.close()
    finally:
        srv.close()
    assert told == [
        "Speech stopped working: the connection to speech-dispatcher was lost "
        "(speech-dispatcher closed the connection). The game goes on in text."
    ]
    assert phrase(speaker.status).startswith("Speech is off: speech stopped working")


def test_a_refused_request_is_told_once(tmp_path, monkeypatch):
    srv = FakeSSIPServer(tmp_path / "s.sock", refuse=True)
    monkeypatch.setenv("SPEECHD_ADDRESS", srv.address)
    told: list[str] = []
    try:
        speaker = ssip_speaker(on_error=lambda n: told.append(phrase(n)))
        speaker.say("One.")
        deadline = time.monotonic() + 5
        while speaker.available and time.monotonic() < deadline:
            time.sleep(0.01)
        speaker.close()
    finally:
        srv.close()
    assert told == [
        "Speech stopped working: speech-dispatcher refused a request "
        "(401 ERR NOT A VALID SPEAK). The game goes on in text."
    ]


def test_without_speech_dispatcher_espeak_speaks(monkeypatch, tmp_path):
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/nothing.sock")
    monkeypatch.setenv(sp.AUDIO_ENV, "null")
    for mode in ("auto", "tts", "on"):
        speaker = sp.make_speaker(mode, screen_reader=None)
        try:
            assert isinstance(speaker, sp.EspeakSpeaker), mode
        finally:
            speaker.close()
    with pytest.raises(sp.SpeechUnavailable) as e:
        sp.SSIPSpeaker()
    assert phrase(Notice("speech.could_not_start", reason=e.value.notice)).startswith(
        f"Speech could not start: speech-dispatcher is not running at {tmp_path}/nothing.sock ("
    )


FAKE_SPAWN = """#!{python}
import os, sys, time
path = sys.argv[sys.argv.index("--socket-path") + 1]
assert "--spawn" in sys.argv
if os.fork() == 0:
    os.setsid()
    fd = os.open(os.devnull, os.O_RDWR)
    for n in (0, 1, 2):
        os.dup2(fd, n)
    sys.path.insert(0, {root!r})   # (a script run by path: the checkout for testkit)
    from testkit.ssip_server import FakeSSIPServer
    time.sleep(0.2)   # the client has to wait for it
    FakeSSIPServer(path)
    open({pidfile!r}, "w").write(str(os.getpid()))
    time.sleep(60)
"""


def test_autospawn_starts_speech_dispatcher(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    pidfile = tmp_path / "server.pid"
    fake = bin_dir / "speech-dispatcher"
    fake.write_text(FAKE_SPAWN.format(python=sys.executable, root=str(ROOT), pidfile=str(pidfile)))
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/spawned.sock")
    with pytest.raises(sp.SpeechUnavailable):
        sp.SSIPSpeaker()  # off by default
    monkeypatch.setenv(ssip.SPAWN_ENV, "1")
    try:
        speaker = sp.SSIPSpeaker()
        speaker.say("Hello.")
        assert wait_until(lambda: speaker.sent == 1)
        speaker.close()
    finally:
        for _ in range(50):
            if pidfile.exists() and pidfile.read_text():
                os.kill(int(pidfile.read_text()), signal.SIGKILL)
                break
            time.sleep(0.05)


SPEECHD_CONF = 'AudioOutputMethod "alsa"\nAudioALSADevice "null"\nDefaultModule dummy\n'


def test_real_speech_dispatcher_accepts_our_client(tmp_path, monkeypatch):
    """Our client against speech-dispatcher itself (sound to ALSA's null device)."""
    exe = shutil.which("speech-dispatcher")
    if exe is None or not Path("/etc/speech-dispatcher/speechd.conf").exists():
        pytest.skip("needs speech-dispatcher (installed with the screen readers)")
    conf = tmp_path / "conf"
    shutil.copytree("/etc/speech-dispatcher", conf)
    text = (conf / "speechd.conf").read_text()
    (conf / "speechd.conf").write_text(text + "\n" + SPEECHD_CONF)
    sock = tmp_path / "speechd.sock"
    env = dict(
        os.environ,
        HOME=str(tmp_path),
        XDG_CACHE_HOME=str(tmp_path / "cache"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_RUNTIME_DIR=str(tmp_path),
    )
    daemon = subprocess.Popen(
        [exe, "-s", "-t", "5", "-C", str(conf), "-c", "unix_socket", "-S", str(sock)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            if sock.exists():
                break
            time.sleep(0.05)
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
        told: list[str] = []
        speaker = ssip_speaker(rate=250, volume=0.7, on_error=lambda n: told.append(phrase(n)))
        speaker.say("Computer plays the eight of hearts. Count 8.")
        assert wait_until(lambda: speaker.sent == 1)
        speaker.say(".A line with a dot.\nAnd another line.", priority=Priority.NORMAL)
        assert wait_until(lambda: speaker.sent == 2)
        speaker.stop()
        speaker.say("Your turn.")
        assert wait_until(lambda: speaker.sent == 3)
        speaker.close()
        assert told == []
    finally:
        daemon.kill()
        daemon.wait()


# --- screen readers: detection --------------------------------------------------------------------


def fake_proc(root: Path, procs: dict[int, tuple[str, dict[str, str]]]) -> Path:
    for pid, (comm, environ) in procs.items():
        d = root / str(pid)
        d.mkdir(parents=True)
        (d / "comm").write_text(comm + "\n")
        (d / "environ").write_bytes(b"\0".join(f"{k}={v}".encode() for k, v in environ.items()))
    root.mkdir(parents=True, exist_ok=True)
    (root / "self").mkdir()
    return root


def test_orca_in_this_session_is_found(tmp_path):
    ours = {"DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/dbus-A", "DISPLAY": ":0"}
    proc = fake_proc(
        tmp_path / "proc",
        {
            10: ("bash", ours),
            20: ("orca", {"DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/dbus-B", "DISPLAY": ":0"}),
        },
    )
    assert sr._orca_process(ours, proc) is None  # another session's Orca
    (proc / "30").mkdir()
    (proc / "30" / "comm").write_text("orca\n")
    (proc / "30" / "environ").write_bytes(b"DBUS_SESSION_BUS_ADDRESS=unix:path=/tmp/dbus-A\0")
    assert sr._orca_process(ours, proc) == sr.ScreenReader("Orca", "process")
    assert sr._orca_process({}, proc) is None  # outside any desktop session
    # Without a session bus, the display decides.
    assert sr._orca_process({"DISPLAY": ":0"}, proc) is not None
    assert sr._orca_process({"DISPLAY": ":1"}, proc) is None


def test_yasr_among_the_parents_is_found(tmp_path):
    proc = tmp_path / "proc"
    for pid, comm, ppid in ((40, "spoken-cribbag", 30), (30, "bash", 20), (20, "yasr", 10), (10, "script (x)", 1)):
        (proc / str(pid)).mkdir(parents=True)
        (proc / str(pid) / "comm").write_text(comm + "\n")
        (proc / str(pid) / "stat").write_text(f"{pid} ({comm}) S {ppid} {pid} 0 0\n")
    assert sr._console_reader(proc, 40) == sr.ScreenReader("yasr", "parent process")
    assert sr._console_reader(proc, 10) is None
    assert sr._console_reader(proc, 99) is None  # a parent that is gone


def fake_tool(tmp_path: Path, monkeypatch, name: str, output: str) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    tool = bin_dir / name
    tool.write_text(f"#!/bin/sh\necho \"$*\" >> {tmp_path}/{name}.calls\nprintf '{output}'\n")
    tool.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return tmp_path / f"{name}.calls"


def test_atspi_flag_is_asked_only_with_a_session_bus(tmp_path, monkeypatch):
    calls = fake_tool(tmp_path, monkeypatch, "gdbus", "(<true>,)\\n")
    monkeypatch.setattr(sr, "PROC", fake_proc(tmp_path / "proc", {}))
    env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS="unix:path=/tmp/dbus-A")
    assert sr.detect("linux", env) == sr.ScreenReader("Orca", "at-spi")
    assert "org.a11y.Status ScreenReaderEnabled" in calls.read_text()
    assert sr.detect("linux", dict(os.environ)) is None  # no bus: not even asked
    assert len(calls.read_text().splitlines()) == 1
    fake_tool(tmp_path, monkeypatch, "gdbus", "(<false>,)\\n")
    assert sr.detect("linux", env) is None


class FakeOutput:
    """A double of an accessible_output2 output: is it active, and what was it told."""

    active = False
    told: list[str] = []

    def is_active(self):
        return self.active

    def speak(self, text, priority=Priority.NORMAL):
        FakeOutput.told.append(text)

    def silence(self):
        FakeOutput.told.append("<silence>")


@pytest.fixture
def ao2(monkeypatch):
    """Fake accessible_output2 modules: ``ao2.NVDA.active = True`` starts NVDA."""
    pkg = types.ModuleType("accessible_output2")
    outputs = types.ModuleType("accessible_output2.outputs")
    ns = types.SimpleNamespace()
    for module, cls in (("nvda", "NVDA"), ("jaws", "Jaws")):
        mod = types.ModuleType(f"accessible_output2.outputs.{module}")
        fake = type(cls, (FakeOutput,), {"active": False})
        setattr(mod, cls, fake)
        setattr(outputs, module, mod)
        setattr(ns, cls, fake)
        monkeypatch.setitem(sys.modules, f"accessible_output2.outputs.{module}", mod)
    pkg.outputs = outputs
    monkeypatch.setitem(sys.modules, "accessible_output2", pkg)
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs", outputs)
    monkeypatch.setattr(sr, "_windows_flag", lambda: False)
    FakeOutput.told = []
    return ns


def test_windows_nvda_and_jaws_through_accessible_output2(ao2, monkeypatch):
    assert sr.detect("win32") is None
    ao2.Jaws.active = True
    assert sr.detect("win32") == sr.ScreenReader("JAWS", "accessible-output2")
    ao2.NVDA.active = True
    assert sr.detect("win32") == sr.ScreenReader("NVDA", "accessible-output2")
    speaker = sp.make_speaker("auto", platform="win32")
    assert isinstance(speaker, sp.ScreenReaderVoice) and speaker.reader == "NVDA"
    assert phrase(speaker.status) == "Speech through NVDA."
    speaker.say("Your turn.")
    speaker.stop()
    assert FakeOutput.told == []  # NVDA reads the console itself: no second voice


def test_windows_without_the_library_uses_the_system_flag(monkeypatch):
    monkeypatch.setitem(sys.modules, "accessible_output2", None)  # not installed
    monkeypatch.setattr(sr, "_windows_flag", lambda: True)
    assert sr.detect("win32") == sr.ScreenReader("", "system flag")
    assert phrase(sp.make_speaker("auto", platform="win32").status) == ("Speech through your screen reader.")
    monkeypatch.setattr(sr, "_windows_flag", lambda: False)
    assert sr.detect("win32") is None


def test_windows_and_macos_without_a_screen_reader_use_pyttsx3(ao2, tmp_path, monkeypatch):
    made = []

    class FakeNative(sp.RecordingSpeaker):
        def __init__(self, **kw):
            super().__init__()
            made.append(kw)

    monkeypatch.setattr(sp, "NativePyttsx3Speaker", FakeNative)
    fake_tool(tmp_path, monkeypatch, "pgrep", "")
    for platform in ("win32", "darwin"):
        assert isinstance(sp.make_speaker("auto", platform=platform, rate=200), FakeNative)
    assert [kw["rate"] for kw in made] == [200, 200]


def test_macos_voiceover_process(tmp_path, monkeypatch):
    calls = fake_tool(tmp_path, monkeypatch, "pgrep", "412\\n")
    assert sr.detect("darwin") == sr.ScreenReader("VoiceOver", "process")
    assert calls.read_text().split() == ["-x", "VoiceOver"]
    speaker = sp.make_speaker("auto", platform="darwin")
    assert phrase(speaker.status) == "Speech through VoiceOver."
    # tts: our own voice even with VoiceOver running (the player's choice)
    monkeypatch.setattr(sp, "NativePyttsx3Speaker", lambda **kw: sp.RecordingSpeaker())
    assert isinstance(sp.make_speaker("tts", platform="darwin"), sp.RecordingSpeaker)
    fake_tool(tmp_path, monkeypatch, "pgrep", "")
    assert sr.detect("darwin") is None


def test_routes_by_setting(server, monkeypatch):
    orca = sr.ScreenReader("Orca", "process")
    voice = sp.make_speaker("auto", screen_reader=orca)
    assert isinstance(voice, sp.ScreenReaderVoice) and phrase(voice.status) == ("Speech through Orca.")
    forced = sp.make_speaker("screenreader", screen_reader=None)
    assert isinstance(forced, sp.ScreenReaderVoice) and forced.reader == ""
    for mode in ("tts", "on"):  # our own voice, Orca or not
        own = sp.make_speaker(mode, screen_reader=orca)
        assert isinstance(own, sp.SSIPSpeaker)
        own.close()
    assert isinstance(sp.make_speaker("off", screen_reader=orca), sp.NullSpeaker)
    with pytest.raises(ValueError):
        sp.make_speaker("loud")
    # The ScreenReaderVoice sends nothing anywhere.
    voice.say("Your turn.")
    voice.stop()
    assert server.spoken() == []


def test_settings_and_option_accept_the_routes():
    for mode in ("auto", "screenreader", "tts", "on", "off"):
        assert Settings(speech=mode).validate().speech == mode
    with pytest.raises(ValueError):
        Settings(speech="loud").validate()
    from spoken_cribbage.app.cli import main

    with pytest.raises(SystemExit) as e:
        main(["play", "--speech", "loud"])
    assert e.value.code == 2


def test_help_says_the_screen_reader_is_the_voice():
    from spoken_cribbage.app.local_seat import local_session
    from spoken_cribbage.engine import game as g

    def help_for(speaker):
        s = local_session(g.Game(seed=3), settings=Settings(), write=lambda line: None, speaker=speaker)
        s.start()
        return asked.help_lines(s)

    own = help_for(sp.RecordingSpeaker())
    assert own[-1] == "Escape also cancels a choice or silences speech."
    orca = help_for(sp.ScreenReaderVoice(sr.ScreenReader("Orca", "process")))
    assert orca[-4:] == [
        "Escape also cancels a choice.",
        "Orca is the voice: its own key, often Control, silences it.",
        "Orca's own rate and volume apply, not the game's settings.",
        "Orca reads every line: /channel NAME history or cue quiets one.",
    ]
    unnamed = help_for(sp.ScreenReaderVoice(None))
    assert unnamed[-2:] == [
        "Your screen reader's own rate and volume apply, not the game's settings.",
        "Your screen reader reads every line: /channel NAME history or cue quiets one.",
    ]
    assert all(len(line) < 80 for line in orca[-4:] + unnamed[-4:])  # for braille displays

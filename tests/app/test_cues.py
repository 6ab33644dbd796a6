"""Sound cues: rendered to WAV and measured with sox; the cues a seeded game plays; the mixer;
settings, options and the cues command; the real program with cues on and no sound."""

import dataclasses
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
import textwrap
import threading
import time
import types
import wave
from pathlib import Path

import numpy as np
import pytest

from spoken_cribbage.ai.players import RandomPlayer
from spoken_cribbage.app.cli import build_parser
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.speech import cues as sc
from spoken_cribbage.storage import settings as sm
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.notices import phrase
from testkit import BIN, ROOT, game_env

needs_sox = pytest.mark.skipif(shutil.which("sox") is None, reason="sox is not installed")


# ----------------------------------------------------------------------------- measured with sox


def sox_stat(path: Path) -> dict[str, float]:
    """`sox FILE -n stat`: its figures by name ('Length (seconds)', 'RMS     amplitude' ...)."""
    done = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, timeout=30)
    out = {}
    for line in done.stderr.splitlines():
        m = re.match(r"^([A-Za-z][A-Za-z ()]*?):\s+(-?[\d.]+)$", line.strip())
        if m:
            out[" ".join(m.group(1).split())] = float(m.group(2))
    return out


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2)  # 16-bit mono
        return np.frombuffer(w.readframes(w.getnframes()), np.int16) / 32768.0, w.getframerate()


@pytest.fixture(scope="module")
def wavs(tmp_path_factory):
    d = tmp_path_factory.mktemp("cues")
    return {name: sc.write_wav(name, d / f"{name}.wav") for name in sc.CUE_NAMES + ("count_0", "count_15", "count_31")}


@needs_sox
def test_every_cue_is_short_16_bit_mono_and_at_a_set_level(wavs):
    rms_db = {}
    for name, path in wavs.items():
        st = sox_stat(path)
        assert 0.03 < st["Length (seconds)"] < 0.150, name
        assert 0.2 <= st["Maximum amplitude"] <= 0.9, name  # -14 to -1 dBFS peaks
        assert 0.2 <= -st["Minimum amplitude"] <= 0.9, name
        assert 0.09 <= st["RMS amplitude"] <= 0.2, name  # -21 to -14 dBFS
        assert st["Maximum delta"] < 0.25, name  # no step (a bright 2 kHz note reaches 0.2)
        rms_db[name] = 20 * np.log10(st["RMS amplitude"])
        x, rate = read_wav(path)
        assert rate == sc.SAMPLE_RATE
        q = rate // 4000  # a quarter of a millisecond
        assert abs(x[0]) < 0.001 and abs(x[-1]) < 0.001, name  # from silence, to silence
        assert np.max(np.abs(x[:q])) < 0.05 and np.max(np.abs(x[-q:])) < 0.05, name  # fades
    # similar loudness: the whole-cue RMS within 4 dB, the loudest 50 ms within 1 dB
    assert max(rms_db.values()) - min(rms_db.values()) < 4.0, rms_db
    loud = [20 * np.log10(sc._window_rms_max(read_wav(p)[0], sc.SAMPLE_RATE)) for p in wavs.values()]
    assert max(loud) - min(loud) < 1.0


def features(x: np.ndarray, rate: int) -> tuple[int, float, float]:
    """(notes, first pitch, last pitch): notes are the runs of the 6 ms envelope above 15% of
    its peak; a pitch is the strongest frequency of the first (last) 15 ms of sound."""
    hop = rate // 1000
    k = int(0.006 * rate)
    smooth = np.convolve(x**2, np.ones(k) / k, mode="same")
    n = len(x) // hop
    env = np.sqrt(smooth[: n * hop].reshape(n, hop).mean(axis=1))
    on = env > 0.15 * env.max()
    runs, i = [], 0
    while i < n:
        if on[i]:
            j = i
            while j < n and on[j]:
                j += 1
            if j - i >= 3:
                runs.append((i, j))
            i = j
        else:
            i += 1

    def pitch(a: int, b: int) -> float:
        seg = x[a * hop : b * hop] * np.hanning((b - a) * hop)
        spectrum = np.abs(np.fft.rfft(seg, 1 << 16))
        return float(np.fft.rfftfreq(1 << 16, 1 / rate)[np.argmax(spectrum)])

    (a0, b0), (a1, b1) = runs[0], runs[-1]
    return len(runs), pitch(a0, min(a0 + 15, b0)), pitch(max(b1 - 15, a1), b1)


def test_distinct_cues_are_distinguishable_by_pitch_contour_or_rhythm(wavs):
    """Every pair differs by at least 3 semitones at its start or its end, or in its number of
    notes (a measured rhythm)."""
    f = {name: features(*read_wav(wavs[name])) for name in sc.CUE_NAMES}

    def semitones(a: float, b: float) -> float:
        return abs(12 * np.log2(a / b))

    alike = [
        (a, b)
        for a, b in itertools.combinations(sc.CUE_NAMES, 2)
        if f[a][0] == f[b][0] and semitones(f[a][1], f[b][1]) < 3 and semitones(f[a][2], f[b][2]) < 3
    ]
    assert alike == [], f
    # the contours the cues are built on, as measured
    assert f["listen_on"][2] > 1.5 * f["listen_on"][1] and f["listen_off"][2] < f["listen_off"][1] / 1.5
    assert f["my_card"][1] > 2.5 * f["their_card"][1]  # yours high, theirs low
    assert f["fifteen"][0] == 3 and f["thirty_one"][0] == 4 and f["go"][0] == 2
    assert f["win"][2] > f["win"][1] and f["lose"][2] < f["lose"][1]


def test_the_count_tone_rises_with_the_count():
    pitches = [features(sc.render(f"count_{n}").astype(float) / 32768, sc.SAMPLE_RATE)[1] for n in range(32)]
    assert all(b > a for a, b in itertools.pairwise(pitches))
    assert 250 < pitches[0] < 275 and 1000 < pitches[31] < 1090  # two octaves
    with pytest.raises(KeyError):
        sc.render("count_32")


# ----------------------------------------------------------------------------- the mixer


class FakeStream:
    """A sounddevice OutputStream double: the test pumps the callback."""

    def __init__(self, sd, **kw):
        self.sd, self.kw = sd, kw
        self.callback, self.finished = kw["callback"], kw["finished_callback"]
        self.active, self.stopped, self.starts = False, True, 0
        sd.streams.append(self)

    def start(self):
        if self.sd.start_blocks is not None:
            self.sd.start_blocks.wait()
        if self.sd.start_error:
            raise RuntimeError(self.sd.start_error)
        self.starts += 1
        self.active, self.stopped = True, False

    def stop(self):
        self.active, self.stopped = False, True

    abort = stop

    def close(self):
        pass

    def pump(self, blocks=1):
        """Run the callback ``blocks`` times; the samples it wrote."""
        got = []
        for _ in range(blocks):
            if not self.active:
                break
            out = np.full((sc.BLOCK, 1), 9.0, np.float32)  # garbage the callback must clear
            try:
                self.callback(out, sc.BLOCK, None, None)
            except self.sd.CallbackStop:
                self.active = False
                self.finished()
            got.append(out[:, 0].copy())
        return np.concatenate(got) if got else np.zeros(0, np.float32)


def fake_sd(devices=True, start_error=None):
    sd = types.SimpleNamespace(streams=[], start_error=start_error, start_blocks=None)
    sd.CallbackStop = type("CallbackStop", (Exception,), {})

    def query_devices(device=None, kind=None):
        if not devices:
            raise RuntimeError("Error querying device -1")
        return {"name": "fake", "max_output_channels": 2}

    sd.query_devices = query_devices
    sd.OutputStream = lambda **kw: FakeStream(sd, **kw)
    return sd


def wait_for(cond, timeout=5.0):
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.002)


def pcm(name):
    return sc.render(name).astype(np.float32) / 32768


def test_the_mixer_plays_a_sequence_mixes_overlaps_and_stops_itself_when_idle():
    sd = fake_sd()
    errors = []
    p = sc.MixerCuePlayer(sd=sd, on_error=errors.append)
    assert p.open() and p.open()  # once
    (stream,) = sd.streams
    assert stream.kw["samplerate"] == sc.SAMPLE_RATE and stream.kw["channels"] == 1
    p.play("my_card", "go")  # one after the other, with a gap
    wait_for(lambda: stream.active)
    p.play("fifteen")  # mixed over the first
    out = stream.pump(100)
    a, b, c = pcm("my_card"), pcm("go"), pcm("fifteen")
    want = np.zeros(len(a) + int(sc.GAP * sc.SAMPLE_RATE) + len(b))
    want[: len(a)] += a
    want[len(a) + int(sc.GAP * sc.SAMPLE_RATE) :] += b
    want[: len(c)] += c
    assert np.allclose(out[: len(want)], want, atol=1e-6)
    assert not stream.active and errors == []  # stopped itself after the silence
    idle = len(out) - len(want)
    assert sc.IDLE_STOP * sc.SAMPLE_RATE <= idle <= sc.IDLE_STOP * sc.SAMPLE_RATE + 2 * sc.BLOCK
    p.set_volume(0.5)
    p.play("go")  # restarted by the owner thread
    wait_for(lambda: stream.starts == 2)
    assert np.allclose(stream.pump(1)[: sc.BLOCK], 0.5 * b[: sc.BLOCK], atol=1e-6)
    p.stop()
    assert np.all(stream.pump(1) == 0)  # silenced at the next block
    p.close()


def test_play_returns_at_once_even_while_the_device_hangs():
    sd = fake_sd()
    sd.start_blocks = threading.Event()  # stream.start() hangs until set
    p = sc.MixerCuePlayer(sd=sd)
    p.open()
    returned = threading.Event()
    threading.Thread(target=lambda: (p.play("your_turn"), p.play("go"), returned.set()), daemon=True).start()
    assert returned.wait(5)  # while start() is still blocked
    assert sd.streams[0].starts == 0
    sd.start_blocks.set()
    wait_for(lambda: sd.streams[0].starts == 1)
    p.close()


def test_no_device_is_said_once_and_then_nothing_plays():
    errors = []
    p = sc.MixerCuePlayer(sd=fake_sd(devices=False), on_error=errors.append)
    assert not p.open() and not p.open()
    p.play("go")
    p.play("go")
    assert errors == [Notice("cues.could_not_start", reason=Notice("speech.no_sound_device"))]
    assert phrase(errors[0]) == "Sound cues are off: no sound device was found. The game goes on."
    assert not p.available


def test_a_device_that_fails_mid_game_is_said_once():
    sd = fake_sd(start_error="device unplugged")
    errors = []
    p = sc.MixerCuePlayer(sd=sd, on_error=errors.append)
    assert p.open()
    p.play("go")
    wait_for(lambda: errors)
    p.play("go")
    time.sleep(0.05)
    assert errors == [Notice("cues.stopped_working", reason="device unplugged")]
    assert phrase(errors[0]) == ("Sound cues stopped working: device unplugged. The game goes on.")


def test_the_audio_variable_chooses_the_player(monkeypatch):
    monkeypatch.setenv("SPOKEN_CRIBBAGE_AUDIO", "null")
    p = sc.make_cue_player()
    assert isinstance(p, sc.NullCuePlayer) and not p.open()
    p.play("go")
    monkeypatch.setenv("SPOKEN_CRIBBAGE_AUDIO", "device:3")
    assert sc.make_cue_player()._device == 3
    monkeypatch.delenv("SPOKEN_CRIBBAGE_AUDIO")
    assert isinstance(sc.make_cue_player(), sc.MixerCuePlayer)


def test_cues_reach_a_real_stream_on_alsas_null_device(tmp_path):
    """sounddevice -> PortAudio -> ALSA's null device (this machine has no sound card): every
    cue reaches the stream callback, in order, and the stream stops itself afterwards."""
    pytest.importorskip("sounddevice")
    home = tmp_path / "home"
    home.mkdir()
    (home / ".asoundrc").write_text("pcm.!default { type null }\n")
    code = textwrap.dedent("""
        import time
        from spoken_cribbage.speech import cues as sc
        seen = []
        p = sc.MixerCuePlayer(trace=lambda name, queued, first: seen.append(name))
        assert p.open(), p.reason
        for name in sc.CUE_NAMES:
            p.play(name)
            time.sleep(0.01)
        end = time.monotonic() + 10
        while len(seen) < len(sc.CUE_NAMES) and time.monotonic() < end:
            time.sleep(0.01)
        print("SEEN", " ".join(seen))
        time.sleep(0.3)
        print("RUNNING", p._running)
        p.close()
    """)
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, HOME=str(home), PYTHONPATH=str(ROOT)),
    )
    assert done.returncode == 0, done.stderr
    assert f"SEEN {' '.join(sc.CUE_NAMES)}" in done.stdout
    assert "RUNNING False" in done.stdout


# ----------------------------------------------------------------------------- the game plays them


def make(seed, settings=None, **kw):
    out = []
    rec = sc.RecordingCuePlayer()
    s = local_session(
        g.Game(seed=seed, **kw),
        settings=settings or Settings(speech="off"),
        write=out.append,
        cues=rec,
        opponents={1: RandomPlayer(random.Random(1))},
    )
    return s, out, rec


def play_first_playable(s):
    card = s.table.game.observation(s.me).playable[0]
    s.command(str(s.hand_view.numbering.index(card) + 1))


def test_a_seeded_deal_plays_the_cues_of_its_events():
    """Seed 50, deal 1 (the lines are in the comments): the expected cues are read off the
    events, one batch per player action."""
    s, out, rec = make(50)
    s.start()
    # Deal 1. Computer's crib. ... Your turn: lay away 2 cards.
    assert rec.calls == [("new_deal", "your_turn")]
    rec.calls.clear()
    s.command("1 2")
    # The starter is the jack of diamonds. Two for his heels to Computer. Your turn. Count 0.
    s.command("3")
    # You play the six of clubs. Computer plays the nine of hearts. Count 15. Fifteen two.
    s.command("4")
    # You play the six of spades. Computer plays the queen of clubs. Count 31. Thirty-one for
    # two. Count back to 0. Your turn.
    s.command("5")
    # You play the eight of hearts. Computer plays the queen of diamonds. Count 18.
    s.command("6")
    # You play the nine of spades. Count 27. Computer says go. One for the go to you. Count back
    # to 0. Computer plays the jack of clubs. One for last to Computer. Your hand ... six.
    # Computer's hand ... four. Computer's crib ... two. Press Enter for your deal.
    assert rec.calls == [
        ("starter", "heels", "your_turn"),
        ("my_card", "their_card", "fifteen", "your_turn"),
        ("my_card", "their_card", "thirty_one", "count_reset", "your_turn"),
        ("my_card", "their_card", "your_turn"),
        ("my_card", "go", "points", "count_reset", "their_card", "points", "show", "points", "points", "points"),
    ]
    assert "Thirty-one for two." in " ".join(out) and out[-1] == "Press Enter for your deal."
    rec.calls.clear()
    s.enter()
    assert rec.calls == [("new_deal", "your_turn")]


def test_the_count_tone_follows_each_card_when_on():
    s, _, rec = make(50, Settings(speech="off", count_tone="on"))
    s.start()
    s.command("1 2")
    rec.calls.clear()
    s.command("3")  # six (count 6), then the computer's nine (count 15, fifteen two)
    assert rec.calls == [("my_card", "count_6", "their_card", "count_15", "fifteen", "your_turn")]


def test_winning_and_losing():
    for seed in range(1, 40):
        s, _, rec = make(seed, target=5)
        s.start()
        s.command("1 2")
        while s.table.game.phase == g.PLAY:
            play_first_playable(s)
        if s.table.game.phase == g.GAME_OVER:
            won = s.table.game.scores[0] >= 5
            assert rec.calls[-1][-1] == ("win" if won else "lose")
            assert "your_turn" not in rec.calls[-1]
            return
    pytest.fail("no game to 5 ended in its first deal")


def test_refusals_and_unknown_commands_play_the_refused_cue_with_their_sentence():
    s, out, rec = make(3)
    s.start()
    rec.calls.clear()
    s.key("z")
    assert out[-1] == "The key z does nothing here. Press question mark for help."
    s.command("fly away")
    s.command("1 2")
    rec.calls.clear()
    s.command("go")  # refused by the engine: a card fits
    assert out[-1].startswith("You can't say go")
    s.command("count")  # a question: no cue
    assert rec.calls == [("refused",)]


def test_cues_off_plays_nothing_and_the_lines_stay_the_same():
    on, out_on, rec_on = make(50)
    off, out_off, rec_off = make(50, Settings(speech="off", cues="off"))
    for s in (on, off):
        s.start()
        s.command("1 2")
        s.command("3")
    assert out_on == out_off and rec_off.calls == [] and rec_on.calls


def test_listening_cues_come_with_their_lines():
    from spoken_cribbage.app.handsfree import HandsFree

    s, out, rec = make(3)
    hf = HandsFree.__new__(HandsFree)  # without a microphone or a recognizer
    hf.session, hf._dispatch, hf._lock = s, None, threading.RLock()
    hf._message(Notice("voice.listening"))
    hf._message(Notice("voice.stopped_listening"))
    hf._heard(types.SimpleNamespace(accepted=False, command=None))
    assert rec.calls == [("listen_on",), ("listen_off",), ("refused",)]
    assert out == [
        "Listening.",
        "Stopped listening.",
        "Sorry, I didn't catch that.",
        "Your turn: lay away 2 cards for your crib.",
    ]  # a voice result: the prompt again


# ----------------------------------------------------------------------------- settings and options


def test_cue_settings_round_trip_and_are_checked(tmp_path):
    p = tmp_path / "settings.toml"
    s = Settings(cues="off", cue_volume=0.4, count_tone="on")
    assert sm.save(s, p) is None and sm.load(p) == (s, None)
    assert Settings().cues == "on" and Settings().cue_volume == 1.0
    assert Settings().changed("cue_volume", "0.25").cue_volume == 0.25
    for name, value, says in (
        ("cues", "loud", "cues must be one of on, off, not 'loud'"),
        ("cue_volume", "2", "cue volume must be between 0 and 1"),
        ("count_tone", "yes", "count tone must be one of on, off"),
    ):
        with pytest.raises(ValueError) as e:
            Settings().changed(name, value)
        assert phrase(e.value).startswith(says)


def test_cue_options_are_for_one_run():
    args = build_parser().parse_args(["play", "--cues", "off", "--cue-volume", "0.3", "--count-tone", "on"])
    assert sm.options_given(args) == {"cues": "off", "cue_volume": 0.3, "count_tone": "on"}
    lines = [
        phrase(n)
        for n in sm.describe(Settings(cues="off", cue_volume=0.3), Path("s.toml"), {"cues": "off", "cue_volume": 0.3})
    ]
    assert "Cues: off, for this run only (from --cues)." in lines
    assert "Cue volume: 0.3, for this run only (from --cue-volume)." in lines


def test_typed_settings_change_the_cues_and_are_saved(home):
    saved = []
    s, out, rec = make(3)
    s.hooks = dataclasses.replace(s.hooks, on_settings=lambda new, name: saved.append((name, getattr(new, name))))
    s.start()
    s.command("cue volume 0.5")
    assert rec.volume == 0.5 and out[-1] == "Cue volume is now 0.5."
    s.command("cues off")
    assert out[-1] == "Sound cues are now off." and s.settings.cues == "off"
    rec.calls.clear()
    s.command("1 2")
    assert rec.calls == []
    s.command("count tone on")
    s.command("cues on")
    assert saved == [("cue_volume", 0.5), ("cues", "off"), ("count_tone", "on"), ("cues", "on")]
    s.command("cues maybe")
    assert out[-1] == "That setting was not changed: cues must be one of on, off, not 'maybe'."


# ----------------------------------------------------------------------------- the cues command

EXPECTED_CUE_LINES = [
    "Cue 1 of 17: your turn.",
    "Cue 2 of 17: you play a card.",
    "Cue 3 of 17: the computer plays a card.",
    "Cue 4 of 17: points pegged.",
    "Cue 5 of 17: fifteen.",
    "Cue 6 of 17: thirty-one.",
    "Cue 7 of 17: go.",
    "Cue 8 of 17: the count goes back to zero.",
    "Cue 9 of 17: the starter is cut.",
    "Cue 10 of 17: his heels.",
    "Cue 11 of 17: a new deal.",
    "Cue 12 of 17: the show, hands are counted.",
    "Cue 13 of 17: you win.",
    "Cue 14 of 17: you lose.",
    "Cue 15 of 17: listening started.",
    "Cue 16 of 17: listening stopped.",
    "Cue 17 of 17: not understood, or not allowed.",
]


def test_the_cues_command_names_and_plays_every_cue():
    s, out, rec = make(3)
    s.start()
    rec.calls.clear()
    n = len(out)
    s.command("/cues")
    assert out[n:] == [
        "Sound cues, one after another; any key stops them.",
        *EXPECTED_CUE_LINES,
        "With /count tone on, a short tone after each card rises with the count, from 0 to 31.",
    ]
    assert rec.calls == [sc.CUE_NAMES]  # in sequence, in that order


def test_the_cues_command_is_paced_by_the_timer_and_a_key_stops_it():
    s, out, rec = make(3)
    pending = []

    def timer(delay, fn):
        entry = [delay, fn, False]
        pending.append(entry)
        return lambda: entry.__setitem__(2, True)

    def run_next():
        entry = pending.pop(0)
        if not entry[2]:
            entry[1]()

    s.runner.timer = timer
    s.start()
    rec.calls.clear()
    n = len(out)
    s.command("cues")
    assert out[n:] == ["Sound cues, one after another; any key stops them.", EXPECTED_CUE_LINES[0]]
    assert rec.calls == [] and [e[0] for e in pending] == [0.9, 1.6]
    run_next()  # the cue, after its name
    assert rec.calls == [("your_turn",)]
    run_next()  # the next name
    assert out[-1] == EXPECTED_CUE_LINES[1]
    s.key("c")  # any key stops it, and does what it does
    assert out[-1] == "No count yet: the play has not started."
    while pending:
        run_next()
    assert rec.calls == [("your_turn",)] and rec.stops == 1
    assert EXPECTED_CUE_LINES[2] not in out


def test_the_cues_command_says_when_the_cues_cannot_play_and_when_they_are_off():
    out = []
    s = local_session(
        g.Game(seed=3),
        settings=Settings(speech="off", cues="off"),
        write=out.append,
        cues=sc.NullCuePlayer(Notice("cues.silent_output")),
    )
    s.command("cues")
    assert out[:2] == [
        "Sound cues, one after another; any key stops them. They are off in the game: type /cues on to hear them.",
        "Sound cues cannot play: the audio output is silent (SPOKEN_CRIBBAGE_AUDIO is null).",
    ]


def test_cues_is_one_phrase_of_the_vocabulary():
    from spoken_cribbage.vocabulary import BY_VERB, SETTINGS, parse_command

    assert "cues" in BY_VERB and {"cues", "cue_volume", "count_tone"} <= set(SETTINGS)
    assert str(parse_command("cues")) == "cues" and str(parse_command("sound cues")) == "cues"
    assert str(parse_command("cues off")) == "cues off"
    assert str(parse_command("cue volume 0.2")) == "cue_volume 0.2"


# ----------------------------------------------------------------------------- the real program


def _game(home, env_extra, *args, inp=b"1 2\n3\n4\ncues\nq\ny\n"):
    t0 = time.monotonic()
    done = subprocess.run(
        [str(BIN), "--speech", "off", "--seed", "50", *args],
        input=inp,
        capture_output=True,
        env=game_env(home, **env_extra),
        timeout=60,
    )
    text = done.stdout.decode() + done.stderr.decode()
    assert done.returncode == 0 and "Traceback" not in text, text
    return text, time.monotonic() - t0


def test_the_game_with_cues_on_and_silent_audio_plays_on(home):
    text, _ = _game(home, {"SPOKEN_CRIBBAGE_AUDIO": "null"})
    assert "Sound cues are off" not in text and "Two for his heels to Computer." in text
    assert "Sound cues cannot play: the audio output is silent" in text and "Goodbye." in text


def test_the_game_with_cues_on_alsas_null_device_plays_on(home):
    pytest.importorskip("sounddevice")
    (home / ".asoundrc").write_text("pcm.!default { type null }\n")
    text, seconds = _game(home, {"HOME": str(home)})
    assert "Sound cues" in text and "Sound cues are off" not in text
    assert "Sound cues cannot play" not in text and "Goodbye." in text
    assert seconds < 30  # a generous bound: the game never waits for its cues


def test_the_game_without_a_sound_device_says_so_once_and_plays_on(home, tmp_path):
    empty = tmp_path / "nosound"
    empty.mkdir()
    (empty / ".asoundrc").write_text("pcm.!default { type hw; card 99 }\n")
    text, _ = _game(home, {"HOME": str(empty)})
    assert text.count("Sound cues are off:") == 1 and "Goodbye." in text


def test_on_a_terminal_the_cues_command_is_paced_and_a_key_stops_it(home):
    """A real pty: the names come one by one (the console's timer), and a key stops them."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        str(BIN),
        ["--speech", "off", "--seed", "3"],
        env=game_env(home, SPOKEN_CRIBBAGE_AUDIO="null"),
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
    )
    child.expect(r"Your turn: lay away 2 cards")
    child.send("/cues\r")
    child.expect(r"Cue 1 of 17: your turn\.\r\n")
    t1 = time.monotonic()
    child.expect(r"Cue 2 of 17: you play a card\.\r\n")
    assert time.monotonic() - t1 > 1.0  # paced, not all at once
    child.send("c")  # a key: it stops the cues and is answered
    child.expect(r"No count yet: the play has not started\.\r\n")
    with pytest.raises(pexpect.TIMEOUT):
        child.expect(r"Cue 3 of 17", timeout=2.5)
    child.send("q")
    child.expect(r"Press y or n\.")
    child.send("y")
    child.expect(pexpect.EOF)


def test_the_real_program_plays_the_cues_of_a_seeded_deal_through_alsa(tmp_path):
    """sounddevice -> PortAudio -> an ALSA file device (no sound card needed): the recording,
    cut at silences of 25 ms or more, is the cues themselves, sample for sample, in the order of
    the events (the lines are in the comments)."""
    pytest.importorskip("sounddevice")
    raw = tmp_path / "audio.raw"
    (tmp_path / ".asoundrc").write_text(
        'pcm.!default { type plug; slave { pcm "sink"; rate 44100; channels 1; '
        "format S16_LE } }\n"
        f'pcm.sink {{ type file; slave.pcm "null"; file "{raw}"; format "raw" }}\n'
    )
    p = subprocess.Popen(
        [str(BIN), "--seed", "3", "--speech", "off"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=game_env(tmp_path / "home", HOME=str(tmp_path)),
    )
    seen: list[str] = []

    def answered(until):  # read the game's lines up to the one that starts with ``until``
        while True:
            line = p.stdout.readline().decode()
            assert line, seen
            seen.append(line.rstrip("\n"))
            if line.startswith(until):
                time.sleep(0.3)  # its cues are played out (the file device takes them at once)
                return

    answered("Your turn")
    for line, until in (
        (b"1 2\n", "Your turn"),
        (b"3\n", "Your turn"),
        (b"4\n", "Your turn"),
        (b"z\n", "The key z"),
        (b"q\n", "Quit the game?"),
    ):
        p.stdin.write(line)
        p.stdin.flush()
        answered(until)
    out = "\n".join(seen) + p.communicate(b"y\n", timeout=30)[0].decode()
    assert p.returncode == 0 and "Traceback" not in out and "Sound cues" not in out, out
    assert "Computer plays the nine of hearts. Count 31. Thirty-one for two." in out
    x = np.fromfile(raw, dtype=np.int16).astype(int)
    sounding = np.flatnonzero(x)
    cuts = np.flatnonzero(np.diff(sounding) > 0.025 * sc.SAMPLE_RATE)
    starts = np.concatenate(([sounding[0]], sounding[cuts + 1]))
    ends = np.concatenate((sounding[cuts], [sounding[-1]]))
    pcms = {name: np.trim_zeros(sc.render(name).astype(int)) for name in sc.CUE_NAMES}

    def which(seg):
        return next((n for n, c in pcms.items() if len(c) == len(seg) and np.max(np.abs(c - seg)) <= 2), f"?{len(seg)}")

    heard = [which(x[a : b + 1]) for a, b in zip(starts, ends, strict=True)]
    assert heard == [
        "new_deal",
        "your_turn",  # Deal 1. Your crib. ... Your turn: lay away
        "starter",
        "their_card",
        "your_turn",  # 1 2: the starter; Computer plays the eight
        "my_card",
        "their_card",
        "your_turn",  # 3: you play the three; Computer the six
        "my_card",
        "their_card",
        "thirty_one",
        "count_reset",
        "your_turn",  # 4: ... 31, back to 0
        "refused",  # z: the key does nothing here
    ]

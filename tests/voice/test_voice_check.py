"""The voice set-up check (``listen --check`` and the game's ``mic check``) on real human speech.

Each check recording is made at test time: sox pink noise for the room (3.8 s, of which the check
measures 3 s), then three human clips from ../shared/data/voice-human (FLAC, converted by sox
through testkit/voice_human.py) with pauses, the room's noise going on under all of it. The clips
are the check's own prompts: "five of hearts" (one speaker of the pocketsphinx test data), "go"
and "yes" (Speech Commands speakers); each of the three is understood at its own level, 20 dB
and 30 dB quieter (bench/bench_voice_check.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import wave

import numpy as np
import pytest

from spoken_cribbage.app.voice_check import VoiceCheck
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.voice import check
from spoken_cribbage.words.notices import phrase
from testkit import BIN, ROOT
from testkit import voice_human as vh
from testkit.seated import make

pytestmark = pytest.mark.skipif(not vh.available(), reason="needs sox and ../shared/data/voice-human")

RATE = 16000
CLIPS = ("ps-composite__five_of_hearts.flac", "sc__go__2f813234_nohash_1.flac", "sc__yes__b87bdb22_nohash_1.flac")
HEARD = ["Heard: five of hearts, as asked.", "Heard: go, as asked.", "Heard: yes, as asked."]


def pink(seconds: float, dbfs: float) -> np.ndarray:
    """sox pink noise at ``dbfs`` RMS (made without dither, so the same every run)."""
    raw = subprocess.run(
        [
            "sox",
            "-R",
            "-n",
            "-t",
            "raw",
            "-r",
            str(RATE),
            "-c",
            "1",
            "-b",
            "16",
            "-e",
            "signed-integer",
            "-L",
            "-",
            "synth",
            f"{seconds:.3f}",
            "pinknoise",
        ],
        capture_output=True,
        check=True,
    ).stdout
    a = np.frombuffer(raw, "<i2").astype(np.float64)
    return a * (32768 * 10 ** (dbfs / 20) / float(np.sqrt(np.mean(a * a))))


def recording(gain: float = 0.0, room: float = -65.0, clips=CLIPS, lead: float = 3.8, pause: float = 1.3) -> bytes:
    """The check's recording: the room, then each clip and a pause, noise under everything."""
    parts = [np.zeros(int(lead * RATE))]
    for clip in clips:
        parts += [np.frombuffer(vh.pcm(clip, gain), "<i2").astype(np.float64), np.zeros(int(pause * RATE))]
    a = np.concatenate(parts)
    a = a + pink(a.size / RATE + 0.01, room)[: a.size]
    return np.clip(np.round(a), -32768, 32767).astype("<i2").tobytes()


def write_wav(path, pcm: bytes):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)
    return path


def blocks(pcm: bytes, size: int = 960):
    return (pcm[i : i + size] for i in range(0, len(pcm), size))


def run(pcm: bytes, recognizer):
    recognizer.reset()  # each check as from a newly loaded recognizer: order does not matter
    lines: list[str] = []
    result = check.run_check(blocks(pcm), recognizer, lambda n: lines.append(phrase(n)))
    return result, lines


# -- the measurement --------------------------------------------------------------------------


def test_a_quiet_room_and_a_good_level_suggest_continuous_listening(recognizer):
    result, lines = run(recording(0, -65), recognizer)
    assert lines[:2] == ["Stay quiet for 3 seconds.", "Room noise -67 dB."]
    assert lines[2:8] == [
        "Say: five of hearts (1 of 3).",
        HEARD[0],
        "Say: go (2 of 3).",
        HEARD[1],
        "Say: yes (3 of 3).",
        HEARD[2],
    ]
    assert lines[8].startswith("Room noise -67 dB, your voice -1") and lines[8].endswith(" dB above the noise.")
    assert lines[9:] == [
        "Good level.",
        "Heard 3 of 3 commands.",
        "Continuous listening should work well.",
        "Play with --voice auto --listen continuous.",
    ]
    assert result.complete and result.heard == 3 and result.level == "good"
    assert result.suggestion == "continuous"
    assert -70 < result.noise_dbfs < -64 and -20 < result.voice_dbfs < -10
    assert result.snr_db == pytest.approx(result.voice_dbfs - result.noise_dbfs)
    assert [o.command for o in result.outcomes] == ["play 5H", "go", "yes"]
    assert all(len(line) <= 80 for line in lines)  # a braille line each


def test_thirty_db_too_quiet_says_so_and_suggests_push_to_talk(recognizer):
    result, lines = run(recording(-30, -65), recognizer)
    assert result.level == "quiet" and result.voice_dbfs < check.QUIET_VOICE_DBFS
    assert "Too quiet: move closer to the microphone or raise its input level." in lines
    assert result.suggestion == "push"
    assert lines[-2:] == [
        "Use push-to-talk: the level is not right yet.",
        "Play with --voice auto, and press l before each command.",
    ]


def test_twenty_db_quieter_is_still_a_good_level(recognizer):
    result, lines = run(recording(-20, -65), recognizer)
    assert result.level == "good", lines
    assert result.voice_dbfs > check.QUIET_VOICE_DBFS


def test_a_noisy_room_suggests_push_to_talk(recognizer):
    result, lines = run(recording(0, -25), recognizer)
    assert -28 < result.noise_dbfs < -22
    assert result.level == "noisy" and result.suggestion == "push"
    assert "Use push-to-talk: the room is noisy." in lines
    assert lines[-1] == "Play with --voice auto, and press l before each command."


def test_a_clipping_voice_is_too_loud(recognizer):
    result, lines = run(recording(12, -65), recognizer)
    assert result.clipped and result.level == "loud"
    assert "Too loud: the sound clips; move back or lower the input level." in lines
    assert result.suggestion == "push"


def test_a_recording_that_ends_early_still_gets_a_verdict(recognizer):
    result, lines = run(recording(0, -65, clips=CLIPS[:1], pause=0.8), recognizer)
    assert not result.complete
    assert lines[3] == HEARD[0]
    assert "The recording ended before the check did." in lines
    assert "Heard 1 of 3 commands." in lines
    assert "Use push-to-talk: 2 of 3 commands were missed." in lines


def test_the_game_s_own_voice_is_not_taken_for_the_player(recognizer):
    # the game "speaks" while the first clip plays: that utterance is not the answer, so the
    # first prompt hears nothing more, and the check goes on with the others
    pcm = recording(0, -65)
    fed = [0]

    def source():
        for b in blocks(pcm):
            fed[0] += len(b)
            yield b

    def busy():
        t = fed[0] / 2 / RATE
        return 3.8 < t < 5.2  # the five of hearts is said from 3.8 s

    recognizer.reset()
    lines: list[str] = []
    result = check.run_check(source(), recognizer, lambda n: lines.append(phrase(n)), busy=busy)
    assert HEARD[0] not in lines
    assert result.outcomes[0].result != "matched"


def test_a_command_asked_first_and_another_command_are_said_so():
    from spoken_cribbage.voice.recognizers import FakeRecognizer, Recognition

    fake = FakeRecognizer([Recognition(True, "five of hearts", "play 5H", confirm=True), "go", "no"])
    lines: list[str] = []
    result = check.run_check(blocks(recording(0, -65)), fake, lambda n: lines.append(phrase(n)), early=False)
    assert [line for line in lines if line.startswith("Heard: ")] == [
        "Heard: five of hearts, as asked, but not surely: the game would ask first.",
        "Heard: go, as asked.",
        "Heard: no, not yes.",
    ]
    assert [o.result for o in result.outcomes] == ["matched", "matched", "other"]
    assert result.outcomes[0].confirm and result.heard == 2
    assert "Use push-to-talk: 1 of 3 commands was missed." in lines
    # each utterance was recognised in its prompt's context
    assert [ctx.phase for _, ctx in fake.calls] == ["play", "play", "question"]


def test_stop_ends_the_check_without_a_verdict(recognizer):
    stop = threading.Event()
    lines: list[str] = []

    def source():
        for i, b in enumerate(blocks(recording(0, -65))):
            if i == 100:
                stop.set()
            yield b

    result = check.run_check(source(), recognizer, lambda n: lines.append(phrase(n)), stop=stop)
    assert not result.complete and result.outcomes == []
    assert not any(line.startswith("Use ") or line == "Good level." for line in lines)


# -- spoken-cribbage listen --check --------------------------------------------------------------


def listen(*args):
    return subprocess.run([str(BIN), "listen", *args], capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_listen_check_json_holds_the_figures_and_the_outcomes(tmp_path):
    wav = write_wav(tmp_path / "check.wav", recording(0, -65))
    p = listen("--check", "--file", str(wav), "--json", "--engine", "pocketsphinx")
    assert p.returncode == 0, p.stderr
    [line] = p.stdout.splitlines()
    data = json.loads(line)
    assert set(data) == {
        "noise_dbfs",
        "voice_dbfs",
        "peak_dbfs",
        "snr_db",
        "clipped",
        "level",
        "heard",
        "asked",
        "suggestion",
        "why",
        "complete",
        "commands",
    }
    assert data["level"] == "good" and data["suggestion"] == "continuous" and data["why"] is None
    assert data["heard"] == data["asked"] == 3 and data["complete"] is True
    assert data["clipped"] is False
    assert data["snr_db"] == pytest.approx(data["voice_dbfs"] - data["noise_dbfs"], abs=0.11)
    assert [c["asked"] for c in data["commands"]] == ["five of hearts", "go", "yes"]
    assert [c["outcome"] for c in data["commands"]] == ["matched"] * 3
    assert data["commands"][0] == {
        "asked": "five of hearts",
        "expected": "play 5H",
        "outcome": "matched",
        "heard": "five of hearts",
        "command": "play 5H",
        "confirm": False,
        "level_dbfs": data["commands"][0]["level_dbfs"],
        "peak_dbfs": data["commands"][0]["peak_dbfs"],
    }
    # the lines went to standard error, so the JSON is alone on standard output
    assert "Heard: go, as asked." in p.stderr and "Traceback" not in p.stderr


def test_listen_check_prints_one_line_per_step(tmp_path):
    wav = write_wav(tmp_path / "check.wav", recording(-30, -65))
    p = listen("--check", "--file", str(wav), "--engine", "pocketsphinx")
    assert p.returncode == 0  # the check ran, whatever it found
    lines = p.stdout.splitlines()
    assert lines[0] == "Voice check: 3 seconds of quiet, then 3 commands to say."
    assert "Too quiet: move closer to the microphone or raise its input level." in lines
    assert p.stderr.strip() == "Voice: pocketsphinx (built-in English model)."


def test_listen_check_bad_input_is_one_sentence_and_status_2(tmp_path):
    p = listen("--check", "--file", str(tmp_path / "missing.wav"))
    assert (p.returncode, p.stdout) == (2, "")
    assert p.stderr == f"There is no file {tmp_path / 'missing.wav'}.\n"
    short = write_wav(tmp_path / "short.wav", b"\0\0" * RATE)
    p = listen("--check", "--file", str(short))
    assert p.returncode == 2
    assert p.stderr == (f"{short} is too short for the check: it needs 3 seconds of quiet, then the commands.\n")
    p = listen("--phase", "play")
    assert p.returncode == 2
    assert p.stderr == "Give --file WAV or --mic, or --check to check your voice set-up.\n"


def test_listen_check_without_a_microphone_says_so_at_once(tmp_path, monkeypatch):
    from spoken_cribbage.app import voice_command
    from spoken_cribbage.voice import microphone

    monkeypatch.setattr(microphone, "microphone_problem", lambda sd_module=None: microphone.NO_MIC)
    loaded = []
    monkeypatch.setattr("spoken_cribbage.voice.recognizers.choose_recognizer", lambda *a: loaded.append(1))
    errors: list[str] = []
    monkeypatch.setattr(voice_command, "_err", lambda what: errors.append(phrase(what)))
    assert voice_command.main(["listen", "--check"]) == 2
    assert errors == ["No microphone found: voice is off. Keyboard play goes on."]
    assert loaded == []  # no model loaded for nothing


# -- mic check in the game -------------------------------------------------------------------------


def test_mic_check_in_the_game_says_each_step_and_the_game_goes_on(recognizer):
    s, out = make(3)
    pcm = recording(0, -65)
    recognizer.reset()
    s.voice_check = VoiceCheck(s, audio_source=lambda: blocks(pcm), recognizer=recognizer)
    n = len(out)
    hand_before = s.table.game.observation(s.me).hand
    s.command("mic check")
    assert s.voice_check.done.wait(30)
    said = out[n:]
    assert said[0] == "Voice check: 3 seconds of quiet, then 3 commands to say. Any key stops it."
    assert said[1] == "Stay quiet for 3 seconds."
    assert [line for line in said if line.startswith("Heard: ")] == HEARD
    assert said[-3:] == [
        "Continuous listening should work well.",
        "Play with --voice auto --listen continuous.",
        "Your turn: lay away 2 cards for your crib.",
    ]  # the prompt is last
    assert not s.voice_check.running
    # nothing in the game moved, and it goes on
    assert s.table.game.observation(s.me).hand == hand_before and s.table.game.phase == g.DISCARD
    n = len(out)
    s.command("1 2")
    assert s.table.game.phase == g.PLAY and len(out) > n


def test_any_key_stops_the_mic_check_and_nothing_follows_it(recognizer):
    s, out = make(3)
    pcm = recording(0, -65)
    started = threading.Event()

    def slow():  # about real time, so the key comes while the check listens
        for i, b in enumerate(blocks(pcm)):
            if i == 20:
                started.set()
            time.sleep(0.03)
            yield b

    s.voice_check = VoiceCheck(s, audio_source=slow, recognizer=recognizer)
    s.command("check")
    assert started.wait(10)
    n = len(out)
    s.key("s")  # stops the check; the key does nothing else
    stopped = ["Voice check stopped.", "Your turn: lay away 2 cards for your crib."]
    assert out[n:] == stopped
    assert s.voice_check.done.wait(10)
    time.sleep(0.2)
    assert out[n:] == stopped  # nothing of the check after it
    s.key("s")  # and now the key is the scores again
    assert out[n + 2 :] == ["You 0, 121 to go; Computer 0, 121 to go."]


def test_mic_check_without_a_microphone_or_engines_is_one_sentence(monkeypatch):
    class NoDevice:
        def query_devices(self, kind=None):
            raise OSError("Error querying device -1")

    s, out = make(3)
    s.voice_check = VoiceCheck(s, sd_module=NoDevice())
    n = len(out)
    s.command("mic check")
    assert out[n:] == ["No microphone found: voice is off. Keyboard play goes on."]
    assert not s.voice_check.running

    from spoken_cribbage.voice import recognizers

    monkeypatch.setattr(
        recognizers,
        "choose_recognizer",
        lambda *a: (None, Notice("voice.off", reason=Notice(recognizers.INSTALL_VOICE))),
    )
    s.voice_check = VoiceCheck(s, audio_source=lambda: blocks(b"\0\0" * RATE))
    n = len(out)
    s.command("mic check")
    assert s.voice_check.done.wait(10)
    assert out[n:] == [phrase(Notice("voice.off", reason=Notice(recognizers.INSTALL_VOICE)))]
    assert out[n].startswith("Voice is off: the voice engines are not installed")
    n = len(out)
    s.command("count")
    assert len(out) == n + 1


def test_mic_check_pauses_hands_free_listening_and_resumes_it(recognizer):
    from spoken_cribbage.app.handsfree import HandsFree
    from spoken_cribbage.voice.recognizers import FakeRecognizer

    s, out = make(3)
    room = (pink(1.0, -65)).astype("<i2").tobytes()
    stop = threading.Event()

    def endless_room():
        while not stop.is_set():
            for b in blocks(room):
                time.sleep(0.01)
                yield b

    hf = HandsFree(s, mode="continuous", recognizer=FakeRecognizer(), audio_source=endless_room)
    hf.start()
    assert hf.input.wait_ready(10)
    pcm = recording(0, -65)
    during = []

    def check_audio():
        during.append(hf.input.running)
        return blocks(pcm)

    s.voice_check = VoiceCheck(s, handsfree=hf, audio_source=check_audio, recognizer=recognizer)
    n = len(out)
    s.command("mic check")
    assert s.voice_check.done.wait(30)
    assert during == [False]  # paused while the check listened
    deadline = time.time() + 5
    while not (hf.input.running and hf.input.listening) and time.time() < deadline:
        time.sleep(0.05)
    assert hf.input.running and hf.input.listening  # and listening again after it
    said = out[n:]
    assert said.index("Play with --voice auto --listen continuous.") < said.index("Listening.")
    stop.set()
    hf.stop()


def test_help_lists_mic_check_and_typed_forms_reach_it():
    from spoken_cribbage.vocabulary import parse_command

    s, out = make(3)
    n = len(out)
    s.key("?")
    assert "/mic check tests your microphone and says how best to listen." in out[n:]
    for text in ("mic check", "check", "voice check", "Mic check."):
        assert parse_command(text).verb == "check"


# -- the real microphone path: the game in a terminal, PortAudio, a virtual microphone ------------


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux only")
def test_mic_check_in_a_game_with_continuous_listening_through_portaudio(tmp_path):
    """The game with voice on (continuous) in a pty, its microphone the virtual one of
    testkit/virtual_mic.py: /mic check pauses listening, hears the three commands through its own
    PortAudio stream, says its verdict, and listening comes back; keys work after it."""
    import pexpect

    from testkit import game_env
    from testkit.virtual_mic import VirtualMic

    home, data, models = (tmp_path / d for d in ("home", "data", "models"))
    for d in (home, data, models):
        d.mkdir()
    env = game_env(data, HOME=str(home), SPOKEN_CRIBBAGE_MODELS_DIR=str(models))
    for name in ("SPOKEN_CRIBBAGE_VOSK_MODEL", "ALSA_CONFIG_PATH", "AUDIODEV"):
        env.pop(name, None)
    with VirtualMic(home) as mic:
        child = pexpect.spawn(
            str(BIN),
            ["--speech", "off", "--seed", "11", "--accessible", "--voice", "auto", "--listen", "continuous"],
            env=env,
            encoding="utf-8",
            timeout=60,
            dimensions=(50, 200),
        )
        try:
            child.expect(r"Listening\.\r\n")
            child.send("/mic check\r")
            child.expect(
                r"Voice check: 3 seconds of quiet, then 3 commands to say\. "
                r"Any key stops it\.\r\n"
            )
            mic.say(recording(0, -65))  # into the check's own stream, opened just now
            child.expect(r"Stay quiet for 3 seconds\.\r\n")
            for heard in HEARD:
                child.expect_exact(heard + "\r\n")
            child.expect(r"Good level\.\r\n")
            child.expect(r"Heard 3 of 3 commands\.\r\n")
            child.expect(r"Play with --voice auto --listen continuous\.\r\n")
            child.expect(r"Listening\.\r\n")  # hands-free listening is back
            child.send("s")
            child.expect(r"You 0, 121 to go; Computer 0, 121 to go\.\r\n")
            child.sendcontrol("c")
            child.expect(r"Quit the game\?")
            child.send("y")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)

"""Voice through the real microphone path: sounddevice -> PortAudio -> ALSA, on a machine with no
sound card.

A virtual microphone (testkit/virtual_mic.py: ALSA's file plugin reading a FIFO that a thread fills
in real time) stands in for the sound card, so nothing here uses the ``audio_source`` hook: the
program opens its stream with PortAudio exactly as it would on a player's machine. Each test runs
the program in a subprocess (alsa-lib reads its configuration once, when PortAudio initialises)
with HOME at a folder holding the test's ``.asoundrc`` and SPOKEN_CRIBBAGE_HOME at another, so no
real settings, saved game or sound configuration are touched.

Speech is synthesized by espeak-ng (testkit/voice_corpus.py) with room noise before and after it,
so the endpointer closes the utterance as it would in a room.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pexpect
import pytest

from spoken_cribbage.voice import microphone
from spoken_cribbage.words.notices import phrase
from testkit import BIN, game_env
from testkit.virtual_mic import ASOUNDRC_MISSING_CAPTURE, RATE, VirtualMic, period_bytes, room_noise
from testkit.voice_corpus import session_corpus, tools_available

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux only"),
    pytest.mark.skipif(not tools_available(), reason="needs espeak-ng, flite and sox"),
]

NO_MIC = phrase(microphone.NO_MIC)
VOICE_LINE = "Voice: pocketsphinx (built-in English model)."
LISTEN_TIMEOUT = 180  # seconds for one listen subprocess (2 shared cores, often loaded)
GAME_TIMEOUT = 120  # seconds for one expected line of the game


def said(text: str, voice: str = "espeak-us") -> bytes:
    return session_corpus().speech(text, voice, "pink40").pcm()


def sandbox(tmp_path: Path) -> tuple[Path, dict]:
    """A HOME for the sound set-up and the environment for the program: its own data folder,
    an empty models folder and no vosk model (so ``auto`` means the built-in pocketsphinx)."""
    home = tmp_path / "home"
    data = tmp_path / "data"
    models = tmp_path / "models"
    for d in (home, data, models):
        d.mkdir()
    env = game_env(data, HOME=str(home), SPOKEN_CRIBBAGE_MODELS_DIR=str(models))
    for name in ("SPOKEN_CRIBBAGE_VOSK_MODEL", "ALSA_CONFIG_PATH", "AUDIODEV"):
        env.pop(name, None)
    return home, env


def listen_mic(env: dict, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(BIN), "listen", "--mic", "--phase", "play", "--hand", "5H 10C JD KS", "--json", "--timeout", "60", *extra],
        capture_output=True,
        text=True,
        env=env,
        timeout=LISTEN_TIMEOUT,
    )


def spawn_game(env: dict, mode: str) -> tuple[pexpect.spawn, io.StringIO]:
    """The game in a pty, and everything it writes. Seed 11: you deal, holding 4C 8D 9C JC QD KC."""
    child = pexpect.spawn(
        str(BIN),
        ["--speech", "off", "--seed", "11", "--accessible", "--voice", "auto", "--listen", mode],
        env=env,
        encoding="utf-8",
        timeout=GAME_TIMEOUT,
        dimensions=(50, 200),
    )
    log = io.StringIO()
    child.logfile_read = log
    return child, log


@contextlib.contextmanager
def hands_free_game(tmp_path: Path, mode: str):
    """The game with voice on, listening to a virtual microphone, once the model is loaded and the
    stream open: yields (mic, child, log); the game is closed afterwards."""
    home, env = sandbox(tmp_path)
    with VirtualMic(home) as mic:
        child, log = spawn_game(env, mode)
        try:
            child.expect(r"Your turn: lay away 2 cards")
            child.expect_exact(VOICE_LINE)
            yield mic, child, log
        finally:
            child.close(force=True)


def quit_game(child: pexpect.spawn) -> None:
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()


def no_noise_from_libraries(text: str) -> None:
    """No traceback, and nothing from alsa-lib, JACK or PortAudio on the player's screen."""
    for noise in ("Traceback", "Error", "ALSA lib", "Cannot connect to server", "JackShm", "PortAudio"):
        assert noise not in text, text


# -- the virtual microphone itself ---------------------------------------------------------------

CAPTURE = r"""
import sys, threading, time
from spoken_cribbage.voice.microphone import FRAME_SECONDS, microphone_problem
import sounddevice as sd  # PortAudio initialises here, reading $HOME/.asoundrc
need = int(sys.argv[1])
buf = bytearray()
full = threading.Event()
def callback(indata, frames, t, status):
    buf.extend(bytes(indata))
    if len(buf) >= need:
        full.set()
print(microphone_problem(), flush=True)
s = sd.RawInputStream(samplerate=16000, channels=1, dtype="int16",
                      blocksize=int(16000 * FRAME_SECONDS), callback=callback)
t0 = time.monotonic()
s.start()
full.wait(120)
elapsed = time.monotonic() - t0
s.stop()
s.close()
print(elapsed, flush=True)
sys.stdout.buffer.write(bytes(buf[:need]))
"""


def test_the_virtual_microphone_is_a_real_time_portaudio_input(tmp_path):
    """The test rig: PortAudio sees a default input device, and a stream opened as the game opens
    it gets the written samples unchanged, in order, at the pace of a real microphone."""
    home, env = sandbox(tmp_path)
    ramp = ((np.arange(int(1.5 * RATE)) * 7) % 20000 - 10000).astype("<i2").tobytes()
    seconds = 3.0
    with VirtualMic(home, script=ramp, lead=0.5) as mic:
        p = subprocess.run(
            [sys.executable, "-c", CAPTURE, str(int(seconds * RATE) * 2)],
            capture_output=True,
            env=env,
            timeout=LISTEN_TIMEOUT,
        )
        assert p.returncode == 0, p.stderr.decode(errors="replace")
        problem, elapsed, audio = p.stdout.split(b"\n", 2)
        assert problem == b"None"  # microphone_problem(): an input device is there
        assert mic.opens >= 1
    assert len(audio) == int(seconds * RATE) * 2
    assert ramp in audio  # whole periods, no short read, no stale ring-buffer audio
    # Real time, not CPU speed (a plain file as infile is read thousands of times faster). The
    # pipe may hold a little audio written before the stream started.
    assert float(elapsed) > seconds - 1.0, elapsed
    assert period_bytes() <= 4096  # one write per period stays atomic (PIPE_BUF)


# -- spoken-cribbage listen --mic ------------------------------------------------------------------


def test_listen_mic_hears_play_the_five_through_portaudio(tmp_path):
    home, env = sandbox(tmp_path)
    with VirtualMic(home, script=said("play the five") + room_noise(2.0, seed=3), lead=0.5) as mic:
        t0 = time.monotonic()
        p = listen_mic(env)
        took = time.monotonic() - t0
        assert mic.opens >= 1
    assert p.returncode == 0, p.stderr
    # "the five" names a card by its rank alone: the game asks first ("confirm": true)
    assert json.loads(p.stdout) == {"accepted": True, "heard": "play the five", "command": "play 5H", "confirm": True}
    assert p.stdout.count("\n") == 1
    lines = p.stderr.splitlines()
    assert lines[0] == VOICE_LINE and "Listening." in lines, p.stderr
    no_noise_from_libraries(p.stderr)
    assert took < 60, took


def test_listen_mic_rejects_a_card_not_in_hand_through_portaudio(tmp_path):
    home, env = sandbox(tmp_path)
    with VirtualMic(home, script=said("play the six") + room_noise(2.0, seed=3), lead=0.5):
        p = listen_mic(env)
    assert p.returncode == 1, p.stderr
    out = json.loads(p.stdout)
    # rejected, with no command; what the decoder heard may be "play the six" or a near miss
    assert out["accepted"] is False and "command" not in out and out["heard"].startswith("play the six"), out
    no_noise_from_libraries(p.stderr)


def test_listen_mic_with_only_room_noise_hears_nothing(tmp_path):
    home, env = sandbox(tmp_path)
    with VirtualMic(home):
        p = subprocess.run(
            [str(BIN), "listen", "--mic", "--phase", "other", "--json", "--timeout", "4"],
            capture_output=True,
            text=True,
            env=env,
            timeout=LISTEN_TIMEOUT,
        )
    assert p.returncode == 2, p.stdout + p.stderr
    assert p.stdout == ""
    lines = p.stderr.splitlines()
    assert lines[0] == VOICE_LINE and "Listening." in lines and lines[-1] == "Nothing was heard.", p.stderr
    no_noise_from_libraries(p.stderr)


# -- the game, hands-free, in a terminal -------------------------------------------------------------


def test_game_in_continuous_mode_takes_a_spoken_discard_and_answers_a_question(tmp_path):
    with hands_free_game(tmp_path, "continuous") as (mic, child, log):
        child.expect(r"Listening\.\r\n")

        mic.say(said("discard four of clubs") + room_noise(1.0, seed=2))
        # heard surely, or asked first (a card action heard without enough confidence): yes
        if (
            child.expect([r"Heard: discard four of clubs\.\r\n", r"Discard the four of clubs\? Say yes or no\.\r\n"])
            == 1
        ):
            mic.say(said("yes") + room_noise(1.0, seed=6))
        child.expect(r"Four of clubs chosen; choose one more\.\r\n")

        mic.say(said("discard king of clubs") + room_noise(1.0, seed=3))
        if (
            child.expect([r"Heard: discard king of clubs\.\r\n", r"Discard the king of clubs\? Say yes or no\.\r\n"])
            == 1
        ):
            mic.say(said("yes") + room_noise(1.0, seed=7))
        child.expect(r"Lay away the four of clubs and king of clubs\? Enter or say yes to confirm\.\r\n")

        mic.say(said("yes") + room_noise(1.0, seed=5))
        child.expect(r"Heard: yes\.\r\n")
        child.expect(r"You lay away the four of clubs and king of clubs\.\r\n")
        child.expect(r"Computer plays the eight of clubs\. Count 8\.\r\nYour turn\.")

        mic.say(said("what's the score") + room_noise(1.0, seed=4))
        child.expect(r"Heard: what's the score\.\r\n")
        child.expect(r"You 0, 121 to go; Computer 0, 121 to go\.\r\n")
        quit_game(child)
    transcript = log.getvalue()
    assert "Sorry" not in transcript
    no_noise_from_libraries(transcript)


def test_game_in_push_to_talk_mode_listens_for_one_command_per_key_press(tmp_path):
    with hands_free_game(tmp_path, "push") as (mic, child, log):
        # Said before the key: not listened to.
        mic.say(said("discard four of clubs") + room_noise(1.0, seed=2))
        time.sleep(4)
        child.send("l")
        child.expect(r"Listening\.\r\n")
        assert "Heard" not in child.before
        mic.say(said("scores") + room_noise(1.0, seed=3))
        child.expect(r"Heard: scores\.\r\n")
        child.expect(r"You 0, 121 to go; Computer 0, 121 to go\.\r\n")
        child.expect(r"Stopped listening\.\r\n")
        # Listening stopped: the next phrase is not acted on; the keyboard still is.
        mic.say(said("discard king of clubs") + room_noise(1.0, seed=4))
        time.sleep(4)
        child.send("1"), child.send("6"), child.send("\r")  # mark two cards, confirm
        child.expect(r"You lay away the four of clubs and king of clubs\.\r\n")
        assert "Heard" not in child.before
        quit_game(child)
    transcript = log.getvalue()
    assert transcript.count("Heard:") == 1 and "Sorry" not in transcript
    no_noise_from_libraries(transcript)


# -- no microphone ---------------------------------------------------------------------------------

NO_DEVICE = {
    "no sound device at all": None,  # no .asoundrc on a machine with no sound card
    "default capture device missing": ASOUNDRC_MISSING_CAPTURE,
}


@pytest.mark.parametrize("setup", list(NO_DEVICE))
def test_without_a_microphone_listen_says_one_sentence(tmp_path, setup):
    home, env = sandbox(tmp_path)
    if NO_DEVICE[setup]:
        (home / ".asoundrc").write_text(NO_DEVICE[setup])
    p = listen_mic(env)
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr == NO_MIC + "\n"  # no model loaded, no "Say a command.", no library noise


@pytest.mark.parametrize("setup", list(NO_DEVICE))
def test_without_a_microphone_the_game_says_one_sentence_and_plays_on(tmp_path, setup):
    home, env = sandbox(tmp_path)
    if NO_DEVICE[setup]:
        (home / ".asoundrc").write_text(NO_DEVICE[setup])
    child, log = spawn_game(env, "continuous")
    try:
        child.expect_exact(NO_MIC + "\r\n")  # after the first prompt, from the voice thread
        child.send("1"), child.send("6"), child.send("\r")  # mark two cards, confirm
        child.expect(r"You lay away the four of clubs and king of clubs\.\r\n")
        child.send("l")  # the voice key says the same sentence again, nothing more
        child.expect_exact(NO_MIC + "\r\n")
        child.send("s")
        child.expect(r"You 0, 121 to go; Computer 0, 121 to go\.\r\n")
        quit_game(child)
    finally:
        child.close(force=True)
    transcript = log.getvalue()
    assert transcript.count(NO_MIC) == 2
    assert "Listening" not in transcript and VOICE_LINE not in transcript
    no_noise_from_libraries(transcript)


# -- hands-free at a shared table -----------------------------------------------------------------


def _by_voice(mic: VirtualMic, child: pexpect.spawn, text: str, heard: str, asked: str, seed: int) -> None:
    """Say ``text``: heard surely (``Heard: ...``), or asked first (a card action heard without
    enough confidence, the same question as against the computer) and then yes."""
    mic.say(said(text) + room_noise(1.0, seed=seed))
    if child.expect([heard, asked]) == 1:
        mic.say(said("yes") + room_noise(1.0, seed=seed + 10))


def test_join_plays_hands_free_at_a_shared_table(tmp_path):
    """``join --voice auto --listen continuous`` (issue 26: every player keeps their own voice):
    the friend lays away two cards and leads one by voice at the host's table, through the real
    microphone path, with the same questions as against the computer; the host hears the card."""
    from testkit import game_env as env_for

    home, env = sandbox(tmp_path)
    host_data = tmp_path / "host"
    host_data.mkdir()
    (host_data / "settings.toml").write_text('version = 1\nspeech = "off"\ncues = "off"\n')
    host = pexpect.spawn(
        str(BIN),
        ["host", "--plain", "--port", "0", "--seed", "3", "--name", "Lena"],
        env=env_for(host_data),
        encoding="utf-8",
        timeout=GAME_TIMEOUT,
        dimensions=(50, 200),
    )
    host_log = io.StringIO()
    host.logfile_read = host_log
    try:
        host.expect(r"join (\S+) --code (\S+) --plain")
        address, code = host.match.group(1), host.match.group(2)
        with VirtualMic(home) as mic:
            args = ["join", address, "--code", code, "--plain", "--name", "Max", "--speech", "off", "--cues", "off"]
            child = pexpect.spawn(
                str(BIN),
                [*args, "--accessible", "--voice", "auto", "--listen", "continuous"],
                env=env,
                encoding="utf-8",
                timeout=GAME_TIMEOUT,
                dimensions=(50, 200),
            )
            log = io.StringIO()
            child.logfile_read = log
            try:
                # Max (seed 3, seat 2) holds 6S 8H 9H 10D QS KC; Lena deals, so Max leads
                child.expect(r"Your turn: lay away 2 cards")
                child.expect_exact(VOICE_LINE)
                child.expect(r"Listening\.\r\n")
                host.expect(r"Your turn: lay away 2 cards")
                for k in "12\r":
                    host.send(k)
                    time.sleep(0.15)
                _by_voice(
                    mic,
                    child,
                    "discard king of clubs",
                    r"Heard: discard king of clubs\.\r\n",
                    r"Discard the king of clubs\? Say yes or no\.\r\n",
                    2,
                )
                child.expect(r"King of clubs chosen; choose one more\.\r\n")
                _by_voice(
                    mic,
                    child,
                    "discard queen of spades",
                    r"Heard: discard queen of spades\.\r\n",
                    r"Discard the queen of spades\? Say yes or no\.\r\n",
                    3,
                )
                child.expect(r"Lay away the king of clubs and queen of spades\? Enter or say yes to confirm\.\r\n")
                mic.say(said("yes") + room_noise(1.0, seed=5))
                child.expect(r"Heard: yes\.\r\n")
                child.expect(r"You lay away the king of clubs and queen of spades\.\r\n")
                child.expect(r"Your turn\. Count 0\.")
                _by_voice(
                    mic,
                    child,
                    "play ten of diamonds",
                    r"Heard: play ten of diamonds\.\r\n",
                    r"Play the ten of diamonds\? Say yes or no\.\r\n",
                    4,
                )
                child.expect(r"You play the ten of diamonds\. Count 10\.\r\n")
                host.expect(r"Max plays the ten of diamonds\. Count 10\.")
            finally:
                child.close(force=True)
        transcript = log.getvalue()
        assert "Sorry" not in transcript
        no_noise_from_libraries(transcript)
    finally:
        host.close(force=True)

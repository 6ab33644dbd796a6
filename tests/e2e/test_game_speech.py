"""Speech in the real game: spoken audio is produced, and failures cost one line, never the game."""

import contextlib
import os
import shutil
import subprocess
import sys
import threading
import time

import pytest

from testkit import BIN
from testkit.screen_reader import slowness

INPUT = "1 2\nc\ns\nh\n"


def run(home, audio, *args):
    env = dict(os.environ, SPOKEN_CRIBBAGE_HOME=str(home), SPOKEN_CRIBBAGE_AUDIO=audio)
    return subprocess.run(
        [str(BIN), "--seed", "3", "--new", *args], input=INPUT, capture_output=True, text=True, env=env, timeout=120
    )


def sox_stat(path):
    res = subprocess.run(
        ["sox", "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "22050", str(path), "-n", "stat"],
        capture_output=True,
        text=True,
    )
    stats = {}
    for line in res.stderr.splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            with contextlib.suppress(ValueError):
                stats[k.strip()] = float(v.split()[0])
    return stats


def test_the_game_speaks_its_announcements_to_the_audio_player(tmp_path):
    raw = tmp_path / "audio.raw"
    env = dict(os.environ, SPOKEN_CRIBBAGE_HOME=str(tmp_path), SPOKEN_CRIBBAGE_AUDIO=f"sh -c 'cat >> {raw}'")
    proc = subprocess.Popen(
        [str(BIN), "--seed", "3", "--new", "--speech", "on"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Let the opening announcement play (audio is paced in real time) before the keys interrupt
    # it: wait until more than a second of it has reached the player (22,050 16-bit samples a
    # second), however slowly a loaded machine starts the game.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not raw.exists() or raw.stat().st_size < 1.2 * 44100):
        time.sleep(0.1)
    out, err = proc.communicate(INPUT, timeout=120)
    assert proc.returncode == 0, err
    assert "Speech: " in out
    assert "Traceback" not in out + err
    st = sox_stat(raw)
    # Speech was produced and is not silence (how much depends on interruptions by later lines).
    assert st["Length (seconds)"] > 1.0
    assert st["RMS     amplitude"] > 0.01


def test_no_working_audio_player_is_one_line_and_the_game_goes_on(tmp_path):
    res = run(tmp_path, "false", "--speech", "on")
    lines = res.stdout.splitlines()
    assert lines[0].startswith("Speech could not start: ")
    assert lines[0].endswith("The game goes on in text.")
    assert sum("Speech" in line for line in lines) == 1
    assert "The count is 8: eight of hearts." in lines
    assert res.returncode == 0 and "Traceback" not in res.stderr


def test_speech_auto_without_audio_says_once_that_speech_is_off(tmp_path):
    res = run(tmp_path, "false", "--speech", "auto")
    lines = res.stdout.splitlines()
    assert lines[0].startswith("Speech is off: ")
    assert "The count is 8: eight of hearts." in lines


def test_audio_player_dying_mid_game_is_reported_once(tmp_path):
    # A player that takes a little audio (more than the start-up probe's 20 ms of silence) and
    # then dies, every time it is started.
    script = tmp_path / "dies.sh"
    script.write_text('#!/bin/sh\nn=$(head -c 4000 | wc -c)\n[ "$n" -lt 4000 ] && exit 0\nexit 3\n')
    script.chmod(0o755)
    env = dict(os.environ, SPOKEN_CRIBBAGE_HOME=str(tmp_path), SPOKEN_CRIBBAGE_AUDIO=str(script))
    proc = subprocess.Popen(
        [str(BIN), "--seed", "3", "--new", "--speech", "on"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # The keys are typed at once but the input stays open until the failure is said (or a
    # minute, scaled by the load), so that the player has died while the game still runs: on a
    # loaded machine the voice may not yet have fed it 4,000 bytes when the keys are done.
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(INPUT)
    proc.stdin.flush()
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(proc.stdout), daemon=True)
    reader.start()
    deadline = time.monotonic() + 60 * slowness()
    while not any(line.startswith("Speech stopped working") for line in seen) and time.monotonic() < deadline:
        time.sleep(0.1)
    proc.stdin.close()
    reader.join(60)
    err = proc.stderr.read() if proc.stderr else ""
    proc.wait(30)
    out = "".join(seen)
    lines = out.splitlines()
    failures = [line for line in lines if line.startswith("Speech stopped working")]
    assert len(failures) == 1, out
    assert failures[0].endswith("The game goes on in text.")
    assert "The count is 8: eight of hearts." in lines
    assert proc.returncode == 0 and "Traceback" not in err


def test_speech_off_never_touches_the_speech_engine(tmp_path):
    res = run(tmp_path, "false", "--speech", "off")
    assert "Speech" not in res.stdout
    assert "The count is 8: eight of hearts." in res.stdout.splitlines()


def sound_device_env(tmp_path, asoundrc):
    """HOME with an .asoundrc (or none), PATH holding only the game's launcher: no aplay."""
    home = tmp_path / "home"
    home.mkdir()
    if asoundrc:
        (home / ".asoundrc").write_text(asoundrc)
    env = {k: v for k, v in os.environ.items() if k not in ("ALSA_CONFIG_PATH", "AUDIODEV")}
    env.update(
        HOME=str(home), SPOKEN_CRIBBAGE_HOME=str(tmp_path / "sc"), SPOKEN_CRIBBAGE_AUDIO="auto", PATH=str(BIN.parent)
    )
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux only")
def test_the_game_speaks_through_the_sound_device_without_an_audio_player(tmp_path):
    raw = tmp_path / "device.raw"
    env = sound_device_env(tmp_path, f'pcm.!default {{ type file; slave.pcm "null"; file "{raw}"; format "raw" }}\n')
    proc = subprocess.Popen(
        [str(BIN), "--seed", "3", "--new", "--speech", "on"],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # the opening sentences are spoken before any key: wait for a second of them on the device
    # (a fixed 2.5 s was too short on a loaded machine: 0.55 s of audio had arrived)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if raw.exists() and raw.stat().st_size > 22050 * 2:
            break
        time.sleep(0.1)
    out, err = proc.communicate(INPUT, timeout=120)
    assert proc.returncode == 0, err
    assert "Speech: " in out and "Speech could not" not in out and "Speech is off" not in out
    assert "Traceback" not in out + err and "ALSA" not in err
    st = sox_stat(raw) if shutil.which("sox") else None
    assert raw.stat().st_size > 22050 * 2
    if st is not None:
        assert st["RMS     amplitude"] > 0.01


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ALSA is Linux only")
def test_no_sound_device_says_once_that_speech_is_off(tmp_path):
    env = sound_device_env(tmp_path, None)  # no sound card, no .asoundrc
    res = subprocess.run(
        [str(BIN), "--seed", "3", "--new", "--speech", "auto"],
        input=INPUT,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = res.stdout.splitlines()
    assert lines[0] == (
        "Speech and sound cues are off: no sound device was found. The game goes on in text."
    )  # one cause, one line
    assert sum("Speech" in line or "cues" in line for line in lines) == 1
    assert "The count is 8: eight of hearts." in lines
    assert res.returncode == 0 and res.stderr == ""

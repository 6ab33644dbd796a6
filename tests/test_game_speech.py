"""Speech in the real game: spoken audio is produced, and failures cost one line, never the game."""

import os
import subprocess
import sys

import pytest

from conftest import BIN

INPUT = "1 2\nc\ns\nh\n"


def run(home, audio, *args):
    env = dict(os.environ, SPOKEN_CRIBBAGE_HOME=str(home), SPOKEN_CRIBBAGE_AUDIO=audio)
    return subprocess.run([str(BIN), "--seed", "3", "--new", *args], input=INPUT,
                          capture_output=True, text=True, env=env, timeout=120)


def sox_stat(path):
    res = subprocess.run(["sox", "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "22050",
                          str(path), "-n", "stat"], capture_output=True, text=True)
    stats = {}
    for line in res.stderr.splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            try:
                stats[k.strip()] = float(v.split()[0])
            except ValueError:
                pass
    return stats


def test_the_game_speaks_its_announcements_to_the_audio_player(tmp_path):
    raw = tmp_path / "audio.raw"
    res = run(tmp_path, f"sh -c 'cat >> {raw}'", "--speech", "on")
    assert res.returncode == 0, res.stderr
    assert "Speech: " in res.stdout
    assert "Traceback" not in res.stdout + res.stderr
    st = sox_stat(raw)
    # Speech was produced and is not silence (how much depends on interruptions by later lines).
    assert st["Length (seconds)"] > 0.5
    assert st["RMS     amplitude"] > 0.01


def test_no_working_audio_player_is_one_line_and_the_game_goes_on(tmp_path):
    res = run(tmp_path, "false", "--speech", "on")
    lines = res.stdout.splitlines()
    assert lines[0].startswith("Speech could not start: ")
    assert lines[0].endswith("The game goes on in text.")
    assert sum("Speech" in l for l in lines) == 1
    assert "The count is 8: eight of hearts." in lines
    assert res.returncode == 0 and "Traceback" not in res.stderr


def test_speech_auto_without_audio_says_once_that_speech_is_off(tmp_path):
    res = run(tmp_path, "false", "--speech", "auto")
    lines = res.stdout.splitlines()
    assert lines[0].startswith("Speech is off: ")
    assert "The count is 8: eight of hearts." in lines


def test_audio_player_dying_mid_game_is_reported_once(tmp_path):
    # A player that takes a little audio and then dies, every time it is started.
    script = tmp_path / "dies.sh"
    # (the start-up probe sends less than the limit and sees a clean exit)
    script.write_text('#!/bin/sh\nn=$(head -c 100000 | wc -c)\n[ "$n" -lt 100000 ] && exit 0\nexit 3\n')
    script.chmod(0o755)
    res = run(tmp_path, str(script), "--speech", "on")
    lines = res.stdout.splitlines()
    failures = [l for l in lines if l.startswith("Speech stopped working")]
    assert len(failures) == 1
    assert failures[0].endswith("The game goes on in text.")
    assert "The count is 8: eight of hearts." in lines
    assert res.returncode == 0 and "Traceback" not in res.stderr


def test_speech_off_never_touches_the_speech_engine(tmp_path):
    res = run(tmp_path, "false", "--speech", "off")
    assert "Speech" not in res.stdout
    assert "The count is 8: eight of hearts." in res.stdout.splitlines()

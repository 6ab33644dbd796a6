"""A sound system that never answers does not hang the game.

A process killed while PortAudio starts can leave JACK's lock folder (/dev/shm/jack_db-<uid>)
held; every later PortAudio start then waits for ever (seen in CI: a game started after the
robustness tests' SIGKILLs printed nothing and ignored Ctrl-C). The game starts PortAudio (the
import of sounddevice) in a thread and goes on without sound when it has not answered in time.
Here a stand-in sounddevice module sleeps on import."""

import subprocess
import time

from testkit import BIN, game_env


def test_a_sound_system_that_never_answers_leaves_the_game_playable_in_text(tmp_path):
    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "sounddevice.py").write_text("import time\ntime.sleep(120)\n")
    env = game_env(tmp_path / "home", PYTHONPATH=str(fake), SPOKEN_CRIBBAGE_PORTAUDIO_TIMEOUT="1")
    start = time.monotonic()
    res = subprocess.run(
        [str(BIN), "--speech", "auto", "--seed", "2"],
        input="s\nq\ny\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    took = time.monotonic() - start
    assert res.returncode == 0 and "Traceback" not in res.stdout + res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == (
        "Speech and sound cues are off: the sound system did not answer within 1 "
        "second (a JACK lock folder, /dev/shm/jack_db-..., left behind by a "
        "program that was killed causes this: removing it cures it). The game "
        "goes on in text."
    )
    assert "You 0, 121 to go; Computer 0, 121 to go." in lines
    assert lines[-1].startswith("Goodbye")
    assert took < 30  # not the 120 s the stand-in sleeps

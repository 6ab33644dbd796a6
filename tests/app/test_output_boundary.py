"""Nothing raw reaches the terminal (issue 23, item 3): every string that came from outside (a
settings file, names and levels in the statistics, command-line values, piped commands) is shown
with its control characters as visible escapes, never executed; what goes to speech is clean
too; and every setting is checked when it is read and when it is changed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from spoken_cribbage.app.output import CleanStream, cleaned_output, visible
from spoken_cribbage.engine import game as g
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage import settings as settings_mod
from spoken_cribbage.storage.settings import SettingError, Settings
from testkit import game_env
from testkit.games import record_finished_game

#: What an attacker would write: clear the screen, retitle the window, a fake line, a bidi flip.
HOSTILE = "\x1b[2J\x1b]0;pwned\x07\rYou win.\u202e\x9b\nYou win."
RAW = (b"\x1b", b"\x07", b"\r", b"\xe2\x80\xae", b"\xc2\x9b")


def run(home, *args, stdin: bytes = b""):
    res = subprocess.run(
        [sys.executable, "-m", "spoken_cribbage", *args],
        input=stdin,
        capture_output=True,
        env=game_env(home),
        timeout=120,
    )
    return res, res.stdout + res.stderr


def assert_clean(out: bytes) -> None:
    """Plain output (not a terminal): no escape code at all, no raw control character."""
    for raw in RAW:
        assert raw not in out, (raw, out[-600:])
    assert b"Traceback" not in out


def test_visible_escapes_every_unprintable_character_but_newline():
    assert visible(HOSTILE) == r"\x1b[2J\x1b]0;pwned\x07\rYou win.\u202e\x9b" + "\nYou win."
    assert visible("Ann\u200bBen\udcff") == r"Ann\u200bBen\udcff"  # zero width, undecodable
    assert visible("Five of hearts.\nCount 20.") == "Five of hearts.\nCount 20."
    assert visible("Élodie, Zoë") == "Élodie, Zoë"


def test_the_clean_stream_cleans_print_and_puts_the_streams_back(capsys):
    out, err = sys.stdout, sys.stderr
    with cleaned_output():
        assert isinstance(sys.stdout, CleanStream)
        print("name:", "A\x1b[2J")
        print("bad\x07", file=sys.stderr)
    assert sys.stdout is out and sys.stderr is err
    got = capsys.readouterr()
    assert got.out == "name: A\\x1b[2J\n" and got.err == "bad\\x07\n"


def test_piped_names_teams_rate_and_voice_are_refused_and_shown_escaped(tmp_path):
    word = "\x1b[2J\x1b]0;pwned\x07\u202e\x9b"  # one word: a setting takes one value
    lines = [
        f"voice {word}",
        f"names Ann{word}",
        f"rate 9{word}",
        f"teams {word}",
        "voice \u202e",
        "settings",
        "quit",
        "y",
    ]
    res, out = run(tmp_path, "--seed", "3", "--speech", "off", "--cues", "off", stdin="\n".join(lines).encode() + b"\n")
    assert_clean(out)
    text = out.decode()
    assert ("voice has characters that cannot be shown: '\\x1b[2j\\x1b]0;pwned\\x07\\u202e\\x9b'") in text
    assert "the name 'ann\\x1b[2j\\x1b]0;pwned\\x07\\u202e\\x9b' has characters" in text.lower()
    assert "rate needs a whole number, not '9\\x1b[2j" in text
    assert "teams must be usual, none or a number of teams, not '\\x1b[2j" in text
    assert "voice has characters that cannot be shown: '\\u202e'" in text
    assert "Voice: the default voice." in text
    settings = settings_mod.load(tmp_path / "settings.toml")[0]
    assert settings.voice == "" and settings.names == ""  # nothing escaped was saved


@pytest.mark.parametrize("name", ["voice", "vosk_model"])
def test_a_settings_file_with_control_characters_is_refused_with_a_sentence(tmp_path, name):
    (tmp_path / "settings.toml").write_text(f'{name} = "Zira\\u001b[2J\\u001b]0;x\\u0007"\n')
    res, out = run(tmp_path, "--seed", "3", "--speech", "off", "--cues", "off", stdin=b"quit\ny\n")
    assert_clean(out)
    words = name.replace("_", " ")
    assert (
        f"The settings file could not be used ({words} has characters that cannot be shown: "
        "'Zira\\x1b[2J\\x1b]0;x\\x07'), so it was kept as settings.toml.bad-1"
    ) in out.decode()


def test_every_text_setting_is_checked_on_change_and_on_load():
    with pytest.raises(SettingError) as e:
        Settings().changed("voice", "Zira\x1b[2J")
    assert e.value.code == "storage.setting_unprintable"
    with pytest.raises(SettingError):
        Settings(vosk_model="/models/\u202eevil").validate()
    with pytest.raises(SettingError) as e:
        settings_mod.from_dict({"voice": "x" * 201})
    assert e.value.code == "storage.setting_too_long"
    assert Settings().changed("voice", "Zoë (en-GB)").voice == "Zoë (en-GB)"


@pytest.mark.parametrize(
    "args",
    [
        ["--names", f"Ann,{HOSTILE}", "--speech", "off"],
        ["--teams", HOSTILE, "--speech", "off"],
        ["--vosk-model", HOSTILE, "--speech", "off"],
        ["--speech", HOSTILE],
        ["export", "1", "--out", f"/nonexistent/{HOSTILE}"],
        ["models", "download", HOSTILE],
        ["score", HOSTILE],
        ["play", f"--x{HOSTILE}"],
    ],
)
def test_command_line_values_in_errors_are_shown_escaped(tmp_path, finished_game_in_stats, args):
    res, out = run(tmp_path, *args, stdin=b"")
    assert_clean(out)
    assert res.returncode != 0 and out.strip()  # refused, in words
    assert not any(line.startswith(b"You win.") for line in out.splitlines()), out


def test_names_and_levels_from_the_statistics_are_shown_escaped_by_review(tmp_path):
    record_finished_game(tmp_path, 9, level=f"expert{HOSTILE}", names=[f"Bob{HOSTILE}"])
    for args in (["review", "1"], ["review", "--list"], ["stats"]):
        res, out = run(tmp_path, *args)
        assert res.returncode == 0, out
        assert_clean(out)
    res, out = run(tmp_path, "review", "1")
    assert b"Bob\\x1b[2J" in out
    lines = out.decode().splitlines()
    assert not any(line.startswith("You win.") for line in lines)  # no line of its own
    export = tmp_path / "game.txt"
    res, out = run(tmp_path, "export", "1", "--out", str(export))
    assert res.returncode == 0
    assert_clean(export.read_bytes())  # a file the player may cat later


def test_speech_is_sent_clean():
    from spoken_cribbage.app.local_seat import local_session

    said = []

    class Speaker:
        available = True

        def say(self, text, *, priority=Priority.NOW):
            said.append(text)

        def __getattr__(self, name):
            return lambda *a, **k: None

    written = []
    s = local_session(
        g.Game(seed=3), settings=Settings(speech="off", cues="off"), write=written.append, speaker=Speaker()
    )
    s.output.tell(f"Hello {HOSTILE}")
    assert said[-1] == "Hello " + visible(HOSTILE)
    assert "\x1b" not in said[-1]

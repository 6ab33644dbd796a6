"""Options apply to one run; settings changed in the game persist. --seed games are for one run."""

import json
import subprocess
from types import SimpleNamespace

import pytest

from spoken_cribbage.engine import game as g
from spoken_cribbage.storage import settings as sm
from spoken_cribbage.app.session import Session
from spoken_cribbage.storage.settings import RunSettings, Settings
from spoken_cribbage.words.notices import phrase

from conftest import BIN, game_env
from robust_support import one_sentence


# ----------------------------------------------------------------------------- save_changed

def test_save_changed_changes_only_that_setting_in_the_file(tmp_path):
    p = tmp_path / "settings.toml"
    sm.save(Settings(verbosity="terse", target=61), p)
    assert sm.save_changed("rate", 200, p) is None
    assert sm.load(p) == (Settings(verbosity="terse", target=61, rate=200), None)


def test_save_changed_without_a_file_starts_from_the_defaults(tmp_path):
    p = tmp_path / "settings.toml"
    assert sm.save_changed("speech", "off", p) is None
    assert sm.load(p) == (Settings(speech="off"), None)


def test_save_changed_keeps_a_hand_edit_made_during_the_game(tmp_path):
    p = tmp_path / "settings.toml"
    sm.save(Settings(), p)
    p.write_text(p.read_text().replace("volume = 1.0", "volume = 0.5"))
    assert sm.save_changed("verbosity", "coach", p) is None
    s, _ = sm.load(p)
    assert (s.volume, s.verbosity) == (0.5, "coach")


def test_save_changed_accepts_text_and_refuses_nonsense_in_one_sentence(tmp_path):
    p = tmp_path / "settings.toml"
    assert sm.save_changed("rate", "250", p) is None and sm.load(p)[0].rate == 250
    for name, value in (("rate", 5), ("rate", "fast"), ("colour", "red")):
        msg = phrase(sm.save_changed(name, value, p))
        assert one_sentence(msg), msg
    assert sm.load(p)[0] == Settings(rate=250)


def test_save_changed_says_when_the_file_cannot_be_written(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    msg = phrase(sm.save_changed("rate", 200, blocker / "settings.toml"))
    assert one_sentence(msg) and msg.startswith("Settings could not be saved")


# ----------------------------------------------------------------------------- RunSettings

def test_only_the_setting_changed_in_the_game_is_saved_never_the_options(home):
    file_settings = Settings(rate=150)
    sm.save(file_settings, home / "settings.toml")
    overrides = {"speech": "off", "target": 61}
    run = RunSettings(current=Settings(rate=150, speech="off", target=61), overrides=overrides)
    sess = Session(g.Game(seed=1), settings=run.current, write=lambda t: None,
                   on_settings=run.on_settings)
    sess.command("rate 200")
    sess.command("verbosity terse")
    assert sm.load()[0] == Settings(rate=200, verbosity="terse")
    assert run.current == Settings(rate=200, verbosity="terse", speech="off", target=61)
    assert run.overrides == {"speech": "off", "target": 61}


def test_an_option_changed_in_the_game_is_saved_and_no_longer_for_this_run_only(home):
    run = RunSettings(current=Settings(target=61), overrides={"target": 61})
    run.on_settings(Settings(target=81))
    assert sm.load()[0] == Settings(target=81) and run.overrides == {}


def test_a_named_change_is_saved_even_when_the_value_equals_the_option(home):
    # `speech off` typed in a run started with --speech off changes nothing in this run, but
    # the player said it in the game: with the name (if the session passes it) it is saved.
    run = RunSettings(current=Settings(speech="off"), overrides={"speech": "off"})
    assert run.on_settings(Settings(speech="off"), name="speech") is None
    assert sm.load()[0] == Settings(speech="off") and run.overrides == {}


def test_options_given_maps_every_option_to_its_setting():
    args = SimpleNamespace(speech="off", rate=None, volume=0.5, verbosity=None, difficulty=None,
                           target=61, voice="vosk", listen=None, command_end="silence",
                           vosk_model="/m", seed=3, new=False)
    assert sm.options_given(args) == {"speech": "off", "volume": 0.5, "target": 61,
                                      "voice_engine": "vosk", "command_end": "silence",
                                      "vosk_model": "/m"}


# ----------------------------------------------------------------------------- describe

def test_describe_lists_every_setting_then_the_file_one_sentence_a_line(tmp_path):
    p = tmp_path / "settings.toml"
    lines = [phrase(n) for n in sm.describe(Settings(), p)]
    assert lines == [
        "Speech: auto.", "Rate: 180 words a minute.", "Volume: 1.", "Voice: the default voice.",
        "Verbosity: normal.", "Difficulty: expert.", "Target: 121 points.",
        "Voice engine: off.", "Listen: push.", "Command end: pause.",
        "Vosk model: the default model.", "Cues: on.", "Cue volume: 1.", "Count tone: off.",
        "Counting: auto.", "Muggins: off.", "Overcount penalty: off.", "Time limit: off.",
        "Players: 2.", "Teams: the usual for the table.", "Names: the default names.",
        "Pace: 0.8 seconds.", f"Settings file: {p}."]
    assert all(one_sentence(line) for line in lines[:-1])


def test_describe_marks_the_options_for_this_run_only(tmp_path):
    s = Settings(target=61, volume=0.8, voice_engine="vosk", voice="english")
    lines = [phrase(n) for n in sm.describe(s, tmp_path / "s.toml",
                                            {"target": 61, "voice_engine": "vosk"})]
    assert "Target: 61 points, for this run only (from --target)." in lines
    assert "Voice engine: vosk, for this run only (from --voice)." in lines
    assert "Volume: 0.8." in lines and "Voice: english." in lines
    assert sum("for this run only" in line for line in lines) == 2


def test_describe_defaults_to_the_real_settings_path(home):
    assert phrase(sm.describe(Settings())[-1]) == f"Settings file: {home / 'settings.toml'}."
    run = RunSettings(current=Settings(rate=300), overrides={"rate": 300})
    assert "Rate: 300 words a minute, for this run only (from --rate)." in [
        phrase(n) for n in run.describe()]


# ----------------------------------------------------------------------------- the real program

def _run(home, *args, inp=b"q\ny\n"):
    out = subprocess.run([str(BIN), *args], input=inp, capture_output=True,
                         env=game_env(home), timeout=120)
    text = out.stdout.decode()
    assert out.returncode == 0 and "Traceback" not in text + out.stderr.decode(), text
    return text


def test_options_apply_to_one_run_and_a_change_in_the_game_persists(home):
    text = _run(home, "--speech", "off", "--target", "61", "--seed", "3",
                inp=b"rate 200\nquit\ny\n")
    assert "New game to 61 points" in text and "Rate is now 200." in text
    s, msg = sm.load(home / "settings.toml")
    assert msg is None and (s.rate, s.speech, s.target) == (200, "auto", 121)
    assert s == Settings(rate=200)
    # A second run without options: the saved rate, speech auto, target 121.
    text = _run(home)
    assert "Resume?" not in text and "New game to 121 points" in text
    s, _ = sm.load(home / "settings.toml")
    assert s == Settings(rate=200)


def test_a_second_run_uses_the_saved_settings(home, monkeypatch):
    # What the second run uses (not only what the file says): its settings as play() builds them.
    sm.save(Settings(rate=200), home / "settings.toml")
    from spoken_cribbage.app import play as play_mod
    seen = {}

    class Stop(Exception):
        pass

    def fake_speaker(settings, writer):
        seen["settings"] = settings
        raise Stop

    monkeypatch.setattr(play_mod, "_make_speaker", fake_speaker)
    from spoken_cribbage.app.cli import build_parser
    with pytest.raises(Stop):
        play_mod.play(build_parser().parse_args(["play"]))
    assert seen["settings"] == Settings(rate=200)


def test_seeded_runs_are_identical_and_the_game_in_progress_is_kept(home):
    # A game in progress (no --seed): one discard, then quit.
    _run(home, "--speech", "off", inp=b"1 2\nq\ny\n")
    before = (home / "game.json").read_bytes()
    stats_before = (home / "stats.sqlite3").read_bytes()
    inp = b"1 2\nc\ns\nh\nq\ny\n"
    one = _run(home, "--speech", "off", "--seed", "5", inp=inp)
    two = _run(home, "--speech", "off", "--seed", "5", inp=inp)
    assert one == two
    first = one.splitlines()[0]
    assert first == ("This game with seed 5 is for this run only; your game in progress is "
                     "kept, and starting without --seed offers to resume it.")
    assert one_sentence(first) and "Resume?" not in one
    assert "New game to 121 points" in one
    # The game in progress was not touched, nor counted, and is offered again.
    assert (home / "game.json").read_bytes() == before
    assert (home / "stats.sqlite3").read_bytes() == stats_before
    assert sorted(p.name for p in home.iterdir()) == ["game.json", "stats.sqlite3"]
    text = _run(home, "--speech", "off", inp=b"y\nq\ny\n")
    assert text.splitlines()[0].startswith("You have a game in progress: ")
    assert "Game resumed." in text
    assert json.loads((home / "game.json").read_bytes())["actions"] == \
        json.loads(before)["actions"]


def test_seeded_runs_without_a_game_in_progress_save_nothing_and_say_nothing_extra(home):
    inp = b"1 2\nq\ny\n"
    # (--cues off: on a machine without sound "Sound cues are off: ..." would come first)
    one = _run(home, "--speech", "off", "--cues", "off", "--seed", "5", inp=inp)
    assert one.splitlines()[0].startswith("New game to 121 points")
    assert not (home / "game.json").exists()
    assert _run(home, "--speech", "off", "--cues", "off", "--seed", "5", inp=inp) == one


def test_new_with_a_seed_starts_the_current_game_which_can_be_resumed(home):
    _run(home, "--speech", "off", "--new", "--seed", "5", inp=b"1 2\nq\ny\n")
    assert json.loads((home / "game.json").read_bytes())["seed"] == 5
    text = _run(home, "--speech", "off", inp=b"y\nq\ny\n")
    assert "Resume? y/n" in text.splitlines()[0] and "Game resumed." in text

"""Options apply to one run; settings changed in the game persist. --seed games are for one run."""

import json
import subprocess
from types import SimpleNamespace

import pytest

from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage import settings as sm
from spoken_cribbage.storage.settings import RunSettings, Settings
from spoken_cribbage.words.notices import phrase
from testkit import BIN, game_env
from testkit.robust_support import one_sentence

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
    sess = local_session(
        g.Game(seed=1), hooks=SeatHooks(on_settings=run.on_settings), settings=run.current, write=lambda t: None
    )
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
    args = SimpleNamespace(
        speech="off",
        rate=None,
        volume=0.5,
        verbosity=None,
        difficulty=None,
        target=61,
        voice="vosk",
        listen=None,
        command_end="silence",
        vosk_model="/m",
        seed=3,
        new=False,
    )
    assert sm.options_given(args) == {
        "speech": "off",
        "volume": 0.5,
        "target": 61,
        "voice_engine": "vosk",
        "command_end": "silence",
        "vosk_model": "/m",
    }


# ----------------------------------------------------------------------------- describe


def test_describe_lists_every_setting_then_the_file_one_sentence_a_line(tmp_path):
    p = tmp_path / "settings.toml"
    lines = [phrase(n) for n in sm.describe(Settings(), p)]
    assert lines == [
        "Speech: auto.",
        "Rate: 180 words a minute.",
        "Volume: 1.",
        "Voice: the default voice.",
        "Verbosity: normal.",
        "Difficulty: expert.",
        "Target: 121 points.",
        "Voice engine: off.",
        "Listen: push.",
        "Command end: pause.",
        "Vosk model: the default model.",
        "Cues: on.",
        "Cue volume: 1.",
        "Count tone: off.",
        "Counting: auto.",
        "Muggins: off.",
        "Overcount penalty: off.",
        "Time limit: off.",
        "Players: 2.",
        "Teams: the usual for the table.",
        "Names: the default names.",
        "Pace: 0.8 seconds.",
        "Brief: off.",
        "Language: the system's language.",
        "Channel game: spoken.",
        "Channel scores: spoken.",
        "Channel prompts: spoken.",
        "Channel coach: spoken.",
        "Channel answers: spoken.",
        "Channel system: spoken.",
        "Channel chat: spoken.",
        "Profile: everything.",
        f"Settings file: {p}.",
    ]
    assert all(one_sentence(line) for line in lines[:-1])


def test_describe_names_the_profile_the_channels_make_after_them(tmp_path):
    # issue 25: the profile (j, /profile quiet) was missing from the settings list
    def profile_line(settings):
        lines = [phrase(n) for n in sm.describe(settings, tmp_path / "s.toml")]
        after = max(i for i, line in enumerate(lines) if line.startswith("Channel ")) + 1
        assert after == len(lines) - 2  # right after the channels, before the file
        return lines[after]

    assert profile_line(sm.with_profile(Settings(), "quiet")) == "Profile: quiet."
    assert profile_line(sm.with_profile(Settings(), "teaching")) == "Profile: teaching."
    assert profile_line(Settings(channel_scores="history")) == "Profile: your own, the channels set one by one."


def test_describe_marks_the_options_for_this_run_only(tmp_path):
    s = Settings(target=61, volume=0.8, voice_engine="vosk", voice="english")
    lines = [phrase(n) for n in sm.describe(s, tmp_path / "s.toml", {"target": 61, "voice_engine": "vosk"})]
    assert "Target: 61 points, for this run only (from --target)." in lines
    assert "Voice engine: vosk, for this run only (from --voice)." in lines
    assert "Volume: 0.8." in lines and "Voice: english." in lines
    assert sum("for this run only" in line for line in lines) == 2


def test_describe_defaults_to_the_real_settings_path(home):
    assert phrase(sm.describe(Settings())[-1]) == f"Settings file: {home / 'settings.toml'}."
    run = RunSettings(current=Settings(rate=300), overrides={"rate": 300})
    assert "Rate: 300 words a minute, for this run only (from --rate)." in [phrase(n) for n in run.describe()]


# ----------------------------------------------------------------------------- the real program


def _run(home, *args, inp=b"q\ny\n"):
    out = subprocess.run([str(BIN), *args], input=inp, capture_output=True, env=game_env(home), timeout=120)
    text = out.stdout.decode()
    assert out.returncode == 0 and "Traceback" not in text + out.stderr.decode(), text
    return text


def test_options_apply_to_one_run_and_a_change_in_the_game_persists(home):
    text = _run(home, "--speech", "off", "--target", "61", "--seed", "3", inp=b"rate 200\nquit\ny\n")
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
    assert first == (
        "This game with seed 5 is for this run only; your game in progress is "
        "kept, and starting without --seed offers to resume it."
    )
    assert one_sentence(first) and "Resume?" not in one
    assert "New game to 121 points" in one
    # The game in progress was not touched, nor counted, and is offered again.
    assert (home / "game.json").read_bytes() == before
    assert (home / "stats.sqlite3").read_bytes() == stats_before
    # (game.json.lock is the open game's lock file, left by the first run: it means nothing
    # by itself, storage/lock.py)
    assert sorted(p.name for p in home.iterdir()) == ["game.json", "game.json.lock", "stats.sqlite3"]
    text = _run(home, "--speech", "off", inp=b"y\nq\ny\n")
    assert text.splitlines()[0].startswith("You have a game in progress: ")
    assert "Game resumed." in text
    assert json.loads((home / "game.json").read_bytes())["actions"] == json.loads(before)["actions"]


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


# ----------------------------------------------------------------------------- refused at once


def _refused(home, *args):
    """A command line refused before anything starts: exit 2, one line on stderr, nothing on
    stdout, nothing written."""
    out = subprocess.run([str(BIN), *args], input=b"q\ny\n", capture_output=True, env=game_env(home), timeout=60)
    err = out.stderr.decode()
    assert (out.returncode, out.stdout, err.count("\n")) == (2, b"", 1), (out, err)
    assert "Traceback" not in err and list(home.iterdir()) == []
    return err.rstrip("\n")


@pytest.mark.parametrize("seed", [str(2**63), "-1", "99999999999999999999"])
def test_a_seed_outside_what_a_save_keeps_is_refused_when_given(home, seed):
    # before: saved with --new, then "its seed is missing or wrong" on the next start, and
    # statistics failed with "Python int too large"
    err = _refused(home, "--seed", seed, "--new", "--speech", "off")
    assert err == (
        "spoken-cribbage: argument --seed: the seed must be a whole number from 0 to 9223372036854775807. Try --help."
    )


def test_the_largest_seed_a_save_keeps_is_taken():
    from spoken_cribbage.app.cli import build_parser

    assert build_parser().parse_args(["play", "--seed", str(2**63 - 1)]).seed == 2**63 - 1
    assert build_parser().parse_args(["play", "--seed", "0"]).seed == 0


@pytest.mark.parametrize(
    "names, reason",
    [
        ("me,Ann", "'me' cannot name another player: it would stand for you"),
        ("Ann,Myself", "'Myself' cannot name another player: it would stand for you"),
        ("You", "'You' cannot name another player: the game calls you that"),
        ("Ann,,Ben", "a name is empty: give the names between commas, like Ann,Ben"),
        ("Ann, ", "a name is empty: give the names between commas, like Ann,Ben"),
        ("Ann,ANN", "the name 'ANN' is given twice"),
    ],
)
def test_a_name_that_would_stand_for_you_or_is_empty_is_refused_with_its_reason(home, names, reason):
    err = _refused(home, "--players", "3", "--names", names, "--speech", "off")
    assert err == f"spoken-cribbage: {reason}."


@pytest.mark.parametrize(
    "args, reason",
    [
        (("--names", "Ann,Ben"), "2 names are given for 1 other player at a table of 2: give at most 1"),
        (
            ("--players", "4", "--names", "A,B,C,D"),
            "4 names are given for 3 other players at a table of 4: give at most 3",
        ),
    ],
)
def test_more_names_than_other_players_are_refused(home, args, reason):
    err = _refused(home, *args, "--speech", "off")
    assert err == f"spoken-cribbage: {reason}, or seat more players with --players."


def test_names_for_every_other_seat_are_taken(home):
    text = _run(home, "--players", "3", "--names", "Ann,Ben", "--speech", "off", "--cues", "off", "--seed", "2")
    assert text.splitlines()[0] == "New game to 121 points against Ann and Ben."


def test_more_names_given_in_the_settings_than_seats_stay_for_a_larger_table(home):
    # only names given on this command line are counted against the table
    sm.save(Settings(names="Ann,Ben,Cleo"), home / "settings.toml")
    text = _run(home, "--speech", "off", "--cues", "off", "--seed", "2")
    assert text.splitlines()[0] == "New game to 121 points against Ann."


# ----------------------------------------------------------------------------- settings outside


def _settings_cli(capsys, *argv):
    from spoken_cribbage.app import cli

    rc = cli.main(["settings", *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_the_settings_command_lists_what_settings_lists_in_the_game(home, capsys):
    # before: "invalid choice: 'settings'"
    sm.save(Settings(rate=150), home / "settings.toml")
    rc, out, err = _settings_cli(capsys)
    assert (rc, err) == (0, "")
    assert out.splitlines() == [phrase(n) for n in sm.describe(Settings(rate=150))]
    assert "Rate: 150 words a minute." in out.splitlines()
    assert out.splitlines()[-1] == f"Settings file: {home / 'settings.toml'}."


def test_the_settings_command_changes_one_setting_as_the_game_does(home, capsys):
    assert _settings_cli(capsys, "rate", "200") == (0, "Rate is now 200, from the next start of the game.\n", "")
    # a name of two words as in the game, or as its option; a value of several words
    assert _settings_cli(capsys, "cue", "volume", "0.5")[0] == 0
    assert _settings_cli(capsys, "time-limit", "off")[0] == 0
    assert _settings_cli(capsys, "names", "Ann,", "Ben")[1] == (
        "Names is now Ann, Ben, from the next start of the game.\n"
    )
    assert sm.load(home / "settings.toml") == (Settings(rate=200, cue_volume=0.5, names="Ann, Ben"), None)
    assert _settings_cli(capsys, "cue_volume") == (0, "Cue volume: 0.5.\n", "")


def test_the_settings_command_reads_and_sets_the_profile(home, capsys):
    # issue 25: before, "settings profile" was "there is no setting called profile"
    assert _settings_cli(capsys, "profile") == (0, "Profile: everything.\n", "")
    assert _settings_cli(capsys, "profile", "Quiet") == (
        0,
        "Profile is now quiet, from the next start of the game.\n",
        "",
    )
    assert sm.load(home / "settings.toml")[0] == sm.with_profile(Settings(), "quiet")
    rc, out, _ = _settings_cli(capsys)
    assert (rc, "Channel game: cue only." in out.splitlines(), "Profile: quiet." in out.splitlines()) == (0, True, True)
    assert _settings_cli(capsys, "profile", "loud") == (
        2,
        "",
        "spoken-cribbage settings: That setting was not changed: profile must be one of everything, quiet, "
        "teaching, not 'loud'.\n",
    )


def test_the_settings_command_says_when_players_resets_the_teams(home, capsys):
    # before: the reset of teams 3 by players 4 was silent
    sm.save(Settings(players=6, teams="3"), home / "settings.toml")
    assert _settings_cli(capsys, "players", "4") == (
        0,
        "Players is now 4, from the next start of the game. Teams is now the usual for the "
        "table, as the teams set before do not fit.\n",
        "",
    )
    assert sm.load(home / "settings.toml") == (Settings(players=4), None)


@pytest.mark.parametrize(
    "argv, reason",
    [
        (("rate", "5"), "rate must be between 80 and 500 words a minute"),
        (("rate", "fast"), "rate needs a whole number, not 'fast'"),
        (("colour", "red"), "there is no setting called colour"),
        (("players", "7"), "the game is for 2, 3, 4, 5 or 6 players, not 7"),
        (("names", "me"), "'me' cannot name another player: it would stand for you"),
        (("speech", "\x1b[2J"), "the value has characters that cannot be shown"),
    ],
)
def test_the_settings_command_refuses_what_the_game_refuses_in_one_line(home, capsys, argv, reason):
    sm.save(Settings(rate=150), home / "settings.toml")
    before = (home / "settings.toml").read_bytes()
    assert _settings_cli(capsys, *argv) == (
        2,
        "",
        f"spoken-cribbage settings: That setting was not changed: {reason}.\n",
    )
    assert (home / "settings.toml").read_bytes() == before


@pytest.mark.parametrize("reader_left", [False, True])
def test_a_broken_pipe_is_silent_only_when_it_is_the_output_that_nobody_reads(monkeypatch, capsys, reader_left):
    # tests/net/test_net_cli.py once saw a host end with status 1 and not a word: any
    # BrokenPipeError (a socket's too) was taken for the output piped into a program that
    # stopped reading (| head), and ended the run in silence
    import argparse
    import os
    import sys

    from spoken_cribbage.app import cli

    def runner(args):
        raise BrokenPipeError(32, "Broken pipe")

    parser = SimpleNamespace(parse_args=lambda argv: argparse.Namespace(command="x", _runners={"x": runner}))
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    read, write = os.pipe()
    with os.fdopen(read, "rb") as reader, os.fdopen(write, "wb") as output:
        monkeypatch.setattr(sys, "__stdout__", output)
        monkeypatch.setattr(sys, "stdout", sys.stdout)  # (put back below: the game replaces it)
        if reader_left:
            reader.close()
        assert cli._main(["x"]) == 1
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert err == (
        "" if reader_left else "spoken-cribbage: something went wrong: BrokenPipeError: [Errno 32] Broken pipe\n"
    )


def test_counting_options_on_a_resumed_automatic_game_say_what_applies(home):
    """--counting manual --muggins on given when resuming a game that counts automatically:
    said plainly, and the settings tell the truth (not 'manual, for this run only')."""
    _run(home, "--speech", "off", "--cues", "off", inp=b"1 2\nq\ny\n")
    text = _run(
        home, "--speech", "off", "--cues", "off", "--counting", "manual", "--muggins", "on", inp=b"y\nsettings\nq\ny\n"
    )
    lines = text.splitlines()
    said = "This game counts automatically; manual counting starts with a new game."
    assert said in lines and lines.index(said) < lines.index("> settings")
    assert not any(line.startswith("This game keeps muggins") for line in lines)
    assert (
        "Counting: manual, for this run only (from --counting); this game counts "
        "automatically; manual counting starts with a new game."
    ) in lines
    assert (
        "Muggins: on, for this run only (from --muggins); this game keeps muggins off; "
        "muggins on starts with a new game."
    ) in lines
    # a rule the game plays by is said as before
    assert "Overcount penalty: off." in lines

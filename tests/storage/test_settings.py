"""Settings in TOML: defaults, changes in the game, edits by hand, and bad files."""

import subprocess

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage import settings as sm
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.notices import phrase
from testkit.robust_support import BIN, env_for, one_sentence


def test_no_file_means_defaults_and_no_message(tmp_path):
    assert sm.load(tmp_path / "settings.toml") == (Settings(), None)


def test_all_the_issue_settings_exist_and_round_trip(tmp_path):
    p = tmp_path / "settings.toml"
    s = Settings(
        rate=250,
        volume=0.5,
        voice="english",
        verbosity="terse",
        difficulty="easy",
        target=61,
        voice_engine="vosk",
        speech="off",
    )
    assert sm.save(s, p) is None
    assert sm.load(p) == (s, None)
    text = p.read_text()
    for name in ("rate", "volume", "voice", "verbosity", "difficulty", "target", "voice_engine"):
        assert f"{name} = " in text


def test_a_hand_edited_file_is_read(tmp_path):
    p = tmp_path / "settings.toml"
    p.write_text('# my settings\nrate = 300\nvolume = 1\nverbosity = "coach"\nfuture_option = "ignored"\n')
    s, msg = sm.load(p)
    assert msg is None and s.rate == 300 and s.volume == 1.0 and s.verbosity == "coach"


def test_changed_in_the_game_and_kept(home):
    saved = []
    gm = g.Game(seed=1)
    sess = local_session(
        gm,
        hooks=SeatHooks(on_settings=lambda new, name: sm.save(new)),
        settings=Settings(speech="off"),
        write=saved.append,
    )
    sess.command("rate 220")
    sess.command("verbosity terse")
    sess.command("difficulty easy")
    sess.command("volume 7")  # refused: out of range
    s, msg = sm.load()
    assert msg is None and (s.rate, s.verbosity, s.difficulty, s.volume) == (220, "terse", "easy", 1.0)
    assert any("volume must be between 0 and 1" in line for line in saved)


@pytest.mark.parametrize(
    "content, reason",
    [
        (b'rate = "fast"\n', "rate should be a whole number"),
        (b"rate = 5000\n", "rate must be between"),
        (b"volume = nan\n", "volume must be between"),
        (b'verbosity = "chatty"\n', "verbosity must be one of"),
        (b"version = 99\n", "newer version"),
        (b"rate = 180\nrate = 190\n", ""),
        (b"[[[\n", ""),
        (b"\xff\xfe\x00\x01", ""),
        (b"rate = 1", ""),  # truncated: 1 is out of range
        (b'speech = "o', ""),  # truncated in a string
        (b"a = " + b"[" * 5000 + b"]" * 5000, ""),
        (b"x" * 300_000, "far too large"),
    ],
)
def test_a_bad_file_is_moved_aside_and_replaced_in_one_sentence(tmp_path, content, reason):
    p = tmp_path / "settings.toml"
    other = tmp_path / "game.json"
    other.write_bytes(b"keep me")
    p.write_bytes(content)
    s, notice = sm.load(p)
    msg = phrase(notice)
    assert s == Settings()
    assert one_sentence(msg) and reason in msg, msg
    assert (tmp_path / "settings.toml.bad-1").read_bytes() == content
    assert sm.load(p) == (Settings(), None)  # replaced by a good file
    assert other.read_bytes() == b"keep me"


def test_an_unreadable_settings_file_a_folder_is_moved_aside(tmp_path):
    p = tmp_path / "settings.toml"
    p.mkdir()
    s, notice = sm.load(p)
    msg = phrase(notice)
    assert s == Settings() and one_sentence(msg) and "could not be read" in msg
    assert (tmp_path / "settings.toml.bad-1").is_dir() and p.is_file()


def test_the_game_starts_with_a_damaged_settings_file_and_says_so(home):
    (home / "settings.toml").write_bytes(b"rate = \x00\x01 garbage")
    out = subprocess.run(
        [str(BIN), "--speech", "off", "--seed", "2"],
        input=b"q\ny\n",
        capture_output=True,
        env=env_for(home),
        timeout=60,
    )
    text = out.stdout.decode()
    assert out.returncode == 0 and "Traceback" not in text + out.stderr.decode()
    assert text.splitlines()[0].startswith("The settings file could not be used")
    assert (home / "settings.toml.bad-1").exists()


toml_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=8), kids, max_size=3),
    max_leaves=8,
)


@hsettings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "rate",
                "volume",
                "voice",
                "verbosity",
                "difficulty",
                "target",
                "voice_engine",
                "speech",
                "listen",
                "version",
                "other",
            ]
        ),
        toml_values,
        max_size=6,
    )
)
def test_from_dict_only_ever_raises_value_error(data):
    try:
        sm.from_dict(data).validate()
    except ValueError as e:
        assert str(e)


@hsettings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300).map(lambda t: t.encode("utf-8", "replace")))
def test_loading_any_bytes_gives_settings_and_at_most_one_sentence(tmp_path_factory, raw):
    d = tmp_path_factory.mktemp("s")
    p = d / "settings.toml"
    p.write_bytes(raw)
    s, notice = sm.load(p)
    assert isinstance(s, Settings)
    assert notice is None or one_sentence(phrase(notice))


def test_command_end_is_pause_or_silence():
    assert sm.Settings().command_end == "pause"
    assert sm.Settings().changed("command_end", "silence").command_end == "silence"
    with pytest.raises(ValueError) as e:
        sm.Settings().changed("command_end", "soon")
    assert phrase(e.value) == "command end must be one of pause, silence, not 'soon'"


def test_players_changed_in_the_game_saves_the_teams_it_reset_with_it(home):
    """teams 3 saved (6 players), then 'players 4' in the game: the game resets teams to the
    usual layout, and the file gets players and teams together (players 4 alone does not fit
    the file's teams 3, which made it say "That setting could not be saved")."""
    assert sm.save(Settings(players=6, teams="3")) is None
    current, msg = sm.load()
    assert msg is None
    run = sm.RunSettings(current)
    saved = []
    sess = local_session(
        g.Game(seed=1),
        hooks=SeatHooks(on_settings=run.on_settings),
        settings=Settings(speech="off", players=6, teams="3"),
        write=saved.append,
    )
    sess.command("players 4")
    assert not any("could not be saved" in line for line in saved), saved
    assert saved[-1] == (
        "Players is now 4. It takes effect in the next game. Teams is now the "
        "usual for the table, as the teams set before do not fit."
    )
    s, msg = sm.load()
    assert msg is None and (s.players, s.teams) == (4, "usual")
    assert (run.current.players, run.current.teams) == (4, "usual")


@pytest.mark.parametrize("said", ["voice on", "voice off", "voice On"])
def test_voice_on_or_off_is_refused_with_the_way_to_voice_commands(home, said):
    """'voice' is the speaking voice's name: 'voice on' said "Voice is now on." and saved a voice
    called 'on' (a player meant voice commands)."""
    saved = []
    sess = local_session(
        g.Game(seed=1),
        hooks=SeatHooks(on_settings=sm.RunSettings(Settings()).on_settings),
        settings=Settings(speech="off"),
        write=saved.append,
    )
    sess.command(said)
    assert saved[-1] == (
        "That setting was not changed: voice names the speaking voice, like "
        "'voice english'; for voice commands, start the game with --voice auto."
    )
    assert sess.settings.voice == "" and sm.load()[0].voice == ""
    sess.command("voice english")
    assert sess.settings.voice == "english"

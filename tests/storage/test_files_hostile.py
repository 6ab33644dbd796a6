"""Files: no surprise in what is opened or written (issue 23, item 4).

A named pipe where a file should be, a link planted at a temporary name, a file the player made
read-only, a statistics file without tables, and set-aside names taken by many processes at
once. Every command that could hang runs as a real process with a time limit, so a hang is a
failure, never a stuck suite. bench/hostile_files.py runs the whole matrix.
"""

import json
import multiprocessing
import os
import sqlite3
import stat
import subprocess

import pytest

from spoken_cribbage.app.persist import Keeper
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage import paths, savegame
from spoken_cribbage.storage import settings as settings_mod
from spoken_cribbage.storage.savegame import SavedGame
from spoken_cribbage.storage.stats import StatsDB
from testkit.robust_support import BIN, env_for

LIMIT = 40  # seconds: a command that waits on a pipe would wait for ever


def run(home, *args, inp=b""):
    out = subprocess.run([str(BIN), *args], input=inp, capture_output=True, env=env_for(home), timeout=LIMIT)
    text = out.stdout.decode() + out.stderr.decode()
    assert "Traceback" not in text, text
    return out.returncode, text


def a_finished_game(home):
    """One finished game in the statistics (so review, export and --replay have one)."""
    import random

    gm = g.Game(seed=11)
    rng = random.Random(1)
    while gm.phase != g.GAME_OVER:
        gm.apply(rng.choice(gm.legal_actions()))
    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "stats.sqlite3")
    k.load()
    savegame.write(SavedGame.from_game(gm, difficulty="easy"), gm, home / "game.json")
    k.close()
    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "stats.sqlite3")
    k.load()  # records the finished game
    k.close()
    assert StatsDB(home / "stats.sqlite3").summary()["games"] == 1


def test_named_pipes_in_place_of_the_save_settings_and_statistics_are_set_aside(tmp_path):
    for name in ("game.json", "settings.toml", "stats.sqlite3"):
        os.mkfifo(tmp_path / name)
    rc, text = run(tmp_path, "--speech", "off", "--cues", "off", "--difficulty", "easy", inp=b"q\ny\n")
    assert rc == 0
    assert (
        "The settings file could not be used (it could not be read: it is not a regular file "
        "but a named pipe), so it was kept as settings.toml.bad-1 and the defaults are used."
    ) in text
    assert (
        "Your statistics could not be used because it is not a regular file but a named "
        "pipe; the file was kept as stats.sqlite3.bad-1 and new statistics begin."
    ) in text
    assert (
        "Your saved game could not be used because it is not a regular file but a named "
        "pipe; it was kept as game.json.bad-1 and a new game begins."
    ) in text
    for name in ("game.json", "settings.toml", "stats.sqlite3"):
        assert stat.S_ISFIFO(os.lstat(tmp_path / f"{name}.bad-1").st_mode)  # kept, not deleted
        assert stat.S_ISREG(os.lstat(tmp_path / name).st_mode)


@pytest.mark.parametrize(
    "command",
    [
        ("stats",),
        ("review",),
        ("export", "1", "--out", "x.txt"),
        ("play", "--replay", "1", "--speech", "off", "--cues", "off"),
    ],
)
def test_a_named_pipe_for_statistics_never_hangs_the_commands_that_read_them(tmp_path, command):
    os.mkfifo(tmp_path / "stats.sqlite3")
    rc, text = run(tmp_path, *command, inp=b"q\ny\n")
    assert (
        "Your statistics could not be used because it is not a regular file but a named "
        "pipe; the file was kept as stats.sqlite3.bad-1 and new statistics begin."
    ) in text
    assert stat.S_ISFIFO(os.lstat(tmp_path / "stats.sqlite3.bad-1").st_mode)


def test_read_regular_refuses_a_pipe_a_device_and_a_folder_at_once(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    for path, kind in ((tmp_path / "pipe", "pipe"), ("/dev/null", "device"), (tmp_path / "folder", "folder")):
        with pytest.raises(paths.FileRefused) as refused:
            paths.read_regular(path, 100)
        assert refused.value.code == "storage.not_a_regular_file"
        assert refused.value.data["kind"] == kind


# ----------------------------------------------------------------------------- temporary files


def test_a_link_planted_at_the_temporary_name_is_never_followed(tmp_path):
    """Before: the temporary name was `.game.json.tmp-<pid>`, opened with "wb": a link planted
    there was followed and the file it pointed at (outside the folder) was overwritten."""
    home = tmp_path / "home"
    home.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"precious")
    for name in ("game.json", "settings.toml"):
        os.symlink(outside, home / f".{name}.tmp-{os.getpid()}")
    gm = g.Game(seed=4)
    savegame.write(SavedGame.from_game(gm, difficulty="easy"), gm, home / "game.json")
    assert settings_mod.save(settings_mod.Settings(rate=200), home / "settings.toml") is None
    assert outside.read_bytes() == b"precious"
    assert savegame.load(home / "game.json").saved is not None
    assert settings_mod.load(home / "settings.toml")[0].rate == 200
    # The planted links are left as they were (never followed, never written through).
    assert all(os.path.islink(home / f".{n}.tmp-{os.getpid()}") for n in ("game.json", "settings.toml"))


def test_temporary_names_are_unpredictable_and_created_exclusively(tmp_path, monkeypatch):
    made = []
    real = paths.tempfile.mkstemp

    def spy(*a, **kw):
        fd, name = real(*a, **kw)
        made.append(os.path.basename(name))
        return fd, name

    monkeypatch.setattr(paths.tempfile, "mkstemp", spy)
    for _ in range(3):
        paths.atomic_write(tmp_path / "game.json", b"{}")
    assert len(set(made)) == 3 and all(n.startswith(f".game.json.tmp-{os.getpid()}-") for n in made)
    assert all(paths.temporary_name_pid(n) == os.getpid() for n in made)
    assert os.listdir(tmp_path) == ["game.json"]


# ----------------------------------------------------------------------------- read-only files


def test_a_read_only_save_is_left_as_it_is_and_the_game_says_so(tmp_path):
    gm = g.Game(seed=8)
    savegame.write(SavedGame.from_game(gm, difficulty="easy"), gm, tmp_path / "game.json")
    os.chmod(tmp_path / "game.json", 0o444)
    before = (tmp_path / "game.json").read_bytes()
    said = []
    k = Keeper(say=lambda t, s: said.append(t), save_path=tmp_path / "game.json", stats_path=tmp_path / "stats.sqlite3")
    loaded = k.load()
    k.begin(loaded.game, difficulty="easy", saved=loaded.saved)
    k.on_action(loaded.game, *_one_action(loaded.game))
    k.flush()
    assert said == ["Your game can't be saved: game.json is read-only, and the game leaves it as it is."]
    assert (tmp_path / "game.json").read_bytes() == before
    assert stat.S_IMODE(os.stat(tmp_path / "game.json").st_mode) == 0o444
    # Quitting now would keep the game only as it was: the words say so (item 2).
    assert k.not_kept().data == {"behind": 1}


def _one_action(gm):
    action = gm.legal_actions()[0]
    events = gm.apply(action)
    return action, events


def test_a_read_only_settings_file_is_left_as_it_is_and_said(tmp_path):
    path = tmp_path / "settings.toml"
    assert settings_mod.save(settings_mod.Settings(rate=150), path) is None
    os.chmod(path, 0o444)
    before = path.read_bytes()
    from spoken_cribbage.words.notices import phrase

    notice = settings_mod.save_changed("rate", 220, path)
    assert phrase(notice) == (
        "Settings could not be saved (settings.toml is read-only, and the game leaves it as it is)."
    )
    assert path.read_bytes() == before


def test_a_new_file_keeps_the_permissions_of_the_one_it_replaces(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_bytes(b"x")
    os.chmod(path, 0o640)
    paths.atomic_write(path, b"y")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640 and path.read_bytes() == b"y"


# ----------------------------------------------------------------------------- statistics


def _no_tables(path):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (x)")
    con.execute("DROP TABLE t")
    con.commit()
    con.close()


@pytest.mark.parametrize(
    "make", [lambda p: p.write_bytes(b""), _no_tables], ids=["empty file", "database without tables"]
)
def test_a_statistics_file_without_tables_is_given_them_for_stats_and_review(tmp_path, monkeypatch, capsys, make):
    """What a full disk can leave: before, `stats` and `review` failed with 'no such table'."""
    from spoken_cribbage.app import cli

    monkeypatch.setenv("SPOKEN_CRIBBAGE_HOME", str(tmp_path))
    make(tmp_path / "stats.sqlite3")
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr()
    assert out.out == "No games recorded yet.\n" and out.err == ""
    assert cli.main(["stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 0
    cli.main(["review"])
    out = capsys.readouterr()
    assert "No finished games yet" in out.out + out.err and "no such table" not in out.out + out.err
    con = sqlite3.connect(tmp_path / "stats.sqlite3")
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    con.close()
    assert {"games", "deals", "practice"} <= tables  # repaired, not set aside
    assert not list(tmp_path.glob("*.bad-*"))


def test_reading_a_statistics_file_whose_tables_cannot_be_made_finds_no_games(tmp_path):
    path = tmp_path / "stats.sqlite3"
    _no_tables(path)
    db = StatsDB(path)
    assert db.games() == [] and db.summary()["games"] == 0 and db.best_hand() is None


# ----------------------------------------------------------------------------- set aside at once


def _set_aside_many(folder: str, worker: int, count: int, start) -> None:
    start.wait()
    for i in range(count):
        p = paths.Path(folder) / f"w{worker}-{i}"
        p.write_bytes(f"{worker}:{i}".encode())
        assert paths.rename_to_free(p, lambda n: f"stats.sqlite3.bad-{n}") is not None


def test_set_aside_names_never_collide_between_processes(tmp_path):
    """Before: 'the first name not taken' was checked, then renamed onto: two processes chose
    the same name and the second rename replaced the first file (48 of 480 lost)."""
    ctx = multiprocessing.get_context("fork")
    start = ctx.Event()
    workers = [ctx.Process(target=_set_aside_many, args=(str(tmp_path), w, 40, start)) for w in range(8)]
    for w in workers:
        w.start()
    start.set()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    kept = sorted(p.read_bytes() for p in tmp_path.glob("stats.sqlite3.bad-*"))
    assert len(kept) == 320
    assert kept == sorted(f"{w}:{i}".encode() for w in range(8) for i in range(40))

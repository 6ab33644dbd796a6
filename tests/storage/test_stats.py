"""Statistics in SQLite: recording, reading out, milestones, and every kind of bad database."""

import json
import os
import random
import sqlite3

import pytest

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.cli import main
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.persist import Keeper
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.storage.stats import DealRecord, GameRecord, StatsDB, deal_records, game_record
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.stats import game_milestones, hand_milestone, stats_sentences
from testkit.games import finished_game
from testkit.robust_support import feed, make_script, one_sentence


def rec(i, result="win", given=0, taken=0, me=121, them=90):
    return GameRecord(f"g{i}", result, me, them, 121, 2, "easy", given, taken, 9)


# ----------------------------------------------------------------------------- from the events


def test_deal_records_add_up_to_the_players_points():
    for seed in range(5):
        gm = finished_game(seed)
        deals = deal_records(gm)
        assert [d.deal for d in deals] == list(range(1, gm.deal_number + 1))
        mine = sum((d.hand or 0) + (d.crib or 0) + d.pegging for d in deals)
        heels = sum(e.points for e in gm.events if isinstance(e, g.Scored) and e.side == 0 and e.reason == "heels")
        # The last deal may stop in the middle of the show: the winner's total is capped there.
        shown = sum(e.points for e in gm.events if isinstance(e, g.Scored) and e.side == 0)
        assert mine + heels >= shown - 0 and mine + heels - shown <= 29
        for d in deals[:-1]:
            assert d.hand is not None
        crib_deals = [d for d in deals[:-1] if d.crib is not None]
        assert all(gm.events for _ in crib_deals)


def test_game_record_knows_result_and_skunks():
    for seed in range(20):
        gm = finished_game(seed)
        over = gm.events[-1]
        r = game_record(gm, "x", "easy")
        assert r.result == ("win" if over.winner == 0 else "loss")
        assert (r.my_score, r.their_score) == (gm.scores[0], gm.scores[1])
        assert r.skunk_given == (over.skunks[1] if r.result == "win" else 0)
        assert r.skunk_taken == (over.skunks[0] if r.result == "loss" else 0)
    gm = g.Game(seed=1)
    assert game_record(gm, "y", "easy").result == "abandoned"


# ----------------------------------------------------------------------------- the database


def test_record_and_summarise(tmp_path):
    db = StatsDB(tmp_path / "s.db")
    assert db.open() is None
    db.record_game(rec(1, "win", given=1))
    db.record_game(rec(2, "loss", taken=2, me=50))
    db.record_game(rec(3, "win"))
    db.record_game(rec(4, "abandoned"))
    db.record_deals("g1", [DealRecord(1, 12, 4, 3), DealRecord(2, 8, None, 1)])
    db.record_deals("g2", [DealRecord(1, 24, None, 2)])
    s = db.summary()
    assert (s["games"], s["wins"], s["losses"], s["abandoned"]) == (4, 2, 1, 1)
    assert (s["skunks_given"], s["skunks_taken"], s["double_skunks_taken"]) == (1, 1, 1)
    assert s["average_hand"] == pytest.approx(44 / 3, abs=0.01)
    assert s["average_crib"] == 4 and s["average_pegging"] == 2
    assert s["best_hand"] == 24 and db.best_hand() == 24
    assert s["win_streak"] == 1 and s["longest_win_streak"] == 1
    lines = stats_sentences(s)
    assert lines[0] == "You have played 3 games: 2 won, 1 lost. 1 more was left unfinished."
    assert "Best hand: 24." in lines
    assert all(one_sentence(line) or line.count(".") == 2 for line in lines)


def test_recording_twice_counts_once(tmp_path):
    db = StatsDB(tmp_path / "s.db")
    db.open()
    for _ in range(3):
        db.record_game(rec(1))
        db.record_deals("g1", [DealRecord(1, 12, 4, 3)])
    s = db.summary()
    assert s["games"] == 1 and s["deals"] == 1


def test_one_deal_is_said_in_the_singular(tmp_path):
    # a game to 5 at three players can end in its first deal: "over 1 deals" before
    db = StatsDB(tmp_path / "s.db")
    db.open()
    db.record_game(rec(1, "loss"))
    db.record_deals("g1", [DealRecord(1, None, None, 0)])
    assert "Average points over 1 deal: pegging 0.0." in stats_sentences(db.summary())


def test_deals_of_a_game_still_in_progress_and_no_game_left(tmp_path):
    # a game under way has its deals recorded, and none was left: before, "0 were left unfinished"
    db = StatsDB(tmp_path / "s.db")
    db.open()
    db.record_deals("g1", [DealRecord(1, 8, None, 1)])
    lines = stats_sentences(db.summary())
    assert lines[0] == "You have not played a game to the end yet."


def test_no_games_yet(tmp_path):
    db = StatsDB(tmp_path / "s.db")
    assert stats_sentences(db.summary()) == ["No games recorded yet."]


def test_the_stats_command_reads_out_sentences_and_json(home, capsys):
    db = StatsDB(home / "stats.sqlite3")
    db.open()
    db.record_game(rec(1, "win", given=1))
    db.record_deals("g1", [DealRecord(1, 20, 6, 5)])
    assert main(["stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "You have played 1 game: 1 won, 0 lost."
    assert "Best hand: 20." in out
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["wins"] == 1 and data["best_hand"] == 20 and data["skunks_given"] == 1


# ----------------------------------------------------------------------------- milestones


def test_hand_milestone_words():
    assert hand_milestone(12, 24, False) == ("Your best hand yet: 24.", "Your best hand yet: twenty-four.")
    assert hand_milestone(None, 24, False) is None  # the very first show is not a record
    assert hand_milestone(24, 24, False) is None
    assert hand_milestone(4, 6, False) is None  # too small to talk about
    assert hand_milestone(10, 16, True)[0] == "Your best crib yet: 16."


def test_game_milestones():
    assert ("Your first win!", "Your first win!") in game_milestones(["loss"], rec(1), 1)
    assert game_milestones(["win"], rec(1), 1) == []
    texts = [t for t, _ in game_milestones(["loss", "win", "win"], rec(1), 3)]
    assert texts == ["3 wins in a row!"]
    assert [t for t, _ in game_milestones(["win"] * 0 + ["loss"] * 9, rec(1, "loss"), 9)] == [
        "That was your 10th game."
    ]


def test_the_game_announces_a_best_hand_through_the_session(home):
    db = StatsDB(home / "stats.sqlite3")
    db.open()
    db.record_deals("old", [DealRecord(1, 2, None, 0)])
    said = []
    k = Keeper(say=lambda t, s: said.append((t, s)))
    k.load()
    script = make_script(4, "easy", noise=0)
    gm = g.Game(seed=4)
    k.begin(gm, difficulty="easy")
    s = local_session(
        gm,
        hooks=SeatHooks(on_change=k.on_change, on_action=k.on_action),
        settings=Settings(speech="off"),
        write=lambda t: None,
        opponents={1: make_player("easy", random.Random(0))},
    )
    s.start()
    for grp in script.groups:
        for line in grp:
            feed(s, line)
    best = [t for t in said if t[0].startswith("Your best")]
    assert best, said
    assert best[0][1].startswith("Your best") and not any(ch.isdigit() for ch in best[0][1])
    summary = StatsDB(home / "stats.sqlite3").summary()
    assert summary["games"] == 1 and summary["deals"] == gm.deal_number + 1
    if gm.winner == 0:
        assert ("Your first win!", "Your first win!") in said


# ----------------------------------------------------------------------------- bad databases


def good_db(path):
    db = StatsDB(path)
    db.open()
    db.record_game(rec(1))
    db.record_deals("g1", [DealRecord(d, 10 + d, None, 2) for d in range(1, 300)])
    return db


def reopen(path, other_files=()):
    """Open like the game does; the other files must be untouched."""
    before = {p: p.read_bytes() for p in other_files}
    notice = StatsDB(path).open()
    for p, b in before.items():
        assert p.read_bytes() == b
    return phrase(notice) if notice else None


@pytest.mark.parametrize("damage", ["garbage", "zeros", "truncated", "half", "text", "header"])
def test_a_damaged_database_is_moved_aside_and_replaced(tmp_path, damage):
    path = tmp_path / "stats.sqlite3"
    good_db(path)
    raw = path.read_bytes()
    other = tmp_path / "game.json"
    other.write_text("{}")
    bad = {
        "garbage": os.urandom(5000),
        "zeros": b"\0" * 4096,
        "truncated": raw[:100],
        "half": raw[: len(raw) // 2],
        "text": b"[settings]\nrate = 3\n",
        "header": raw[:16] + os.urandom(len(raw) - 16),
    }[damage]
    path.write_bytes(bad)
    msg = reopen(path, [other])
    assert msg and one_sentence(msg), msg
    assert msg.startswith("Your statistics could not be used because")
    assert (tmp_path / "stats.sqlite3.bad-1").read_bytes() == bad
    db = StatsDB(path)
    assert db.summary()["games"] == 0
    db.record_game(rec(2))
    assert db.summary()["games"] == 1


def test_a_database_from_a_newer_version_is_kept_aside(tmp_path):
    path = tmp_path / "stats.sqlite3"
    good_db(path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 7")
    con.commit()
    con.close()
    msg = reopen(path)
    assert "newer version" in msg and one_sentence(msg)
    con = sqlite3.connect(tmp_path / "stats.sqlite3.bad-1")
    assert con.execute("PRAGMA user_version").fetchone()[0] == 7
    assert con.execute("select count(*) from games").fetchone()[0] == 1
    con.close()


def test_a_foreign_database_is_kept_aside(tmp_path):
    path = tmp_path / "stats.sqlite3"
    con = sqlite3.connect(path)
    con.execute("create table games (x)")
    con.commit()
    con.close()
    assert "tables" in reopen(path)


def test_a_folder_in_place_of_the_database(tmp_path):
    path = tmp_path / "stats.sqlite3"
    path.mkdir()
    msg = reopen(path)
    assert "folder" in msg and one_sentence(msg)
    assert (tmp_path / "stats.sqlite3.bad-1").is_dir()
    assert StatsDB(path).summary()["games"] == 0


def test_an_empty_file_is_a_new_database(tmp_path):
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"")
    assert reopen(path) is None


def test_a_write_interrupted_by_a_kill_is_rolled_back_not_called_damage(tmp_path):
    """A child process is SIGKILLed in the middle of a transaction: the journal is left
    behind, and the next open rolls it back without moving anything aside."""
    path = tmp_path / "stats.sqlite3"
    good_db(path)
    pid = os.fork()
    if pid == 0:
        try:
            con = sqlite3.connect(path, isolation_level=None)
            con.execute("BEGIN IMMEDIATE")
            con.execute("DELETE FROM deals")
            con.execute(
                "INSERT INTO games (id, ended_at, result, my_score, their_score, target,"
                " players, difficulty) VALUES ('z', 'now', 'win', 1, 1, 1, 2, 'easy')"
            )
            # Force the change to the file before the commit, then die.
            con.execute("PRAGMA cache_size = 1")
            for i in range(2000):
                con.execute("INSERT INTO deals VALUES (?, ?, 1, 1, 1)", (f"x{i}", i))
        finally:
            os.kill(os.getpid(), 9)
    os.waitpid(pid, 0)
    assert (tmp_path / "stats.sqlite3-journal").exists()
    assert reopen(path) is None
    s = StatsDB(path).summary()
    assert s["games"] == 1 and s["deals"] == 299
    assert not (tmp_path / "stats.sqlite3.bad-1").exists()


def test_the_stats_command_with_a_damaged_database(home, capsys):
    (home / "stats.sqlite3").write_bytes(b"this is not sqlite at all" * 10)
    assert main(["stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Your statistics could not be used because it is not a database")
    assert one_sentence(out[0])
    assert out[1:] == ["No games recorded yet."]
    assert (home / "stats.sqlite3.bad-1").exists()


# ----------------------------------------------------------------------------- schema 2: logs

SCHEMA_1 = """
CREATE TABLE games (id TEXT PRIMARY KEY, ended_at TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'abandoned')),
    my_score INTEGER NOT NULL, their_score INTEGER NOT NULL, target INTEGER NOT NULL,
    players INTEGER NOT NULL, difficulty TEXT NOT NULL, skunk_given INTEGER NOT NULL DEFAULT 0,
    skunk_taken INTEGER NOT NULL DEFAULT 0, deals INTEGER NOT NULL DEFAULT 0);
CREATE TABLE deals (game_id TEXT NOT NULL, deal INTEGER NOT NULL, hand INTEGER, crib INTEGER,
    pegging INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (game_id, deal));
INSERT INTO games VALUES ('old', '2024-01-01T00:00:00Z', 'win', 121, 80, 121, 2, 'expert',
    1, 0, 9);
INSERT INTO deals VALUES ('old', 1, 12, NULL, 3);
PRAGMA user_version = 1;
PRAGMA application_id = 1129466178;
"""


def test_a_schema_1_database_opens_migrated_and_keeps_its_games(tmp_path):
    path = tmp_path / "stats.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(SCHEMA_1)
    con.close()
    db = StatsDB(path)
    assert db.open() is None  # nothing to say: migrated in place, not set aside
    assert not (tmp_path / "stats.sqlite3.bad-1").exists()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2
    con.close()
    (old,) = db.games()
    assert (old.number, old.id, old.result, old.seed, old.actions, old.events) == (1, "old", "win", None, None, None)
    assert not old.reviewable
    assert db.summary()["games"] == 1 and db.summary()["best_hand"] == 12
    gm = finished_game(4)
    db.record_game(game_record(gm, "new", "easy"))
    old, new = db.games()
    assert new.number == 2 and new.seed == 4 and new.me == 0 and new.reviewable
    assert [g.action_from_text(a) for a in new.actions] == gm.actions
    from spoken_cribbage.storage.gamelog import events_from_json

    assert events_from_json(new.events) == gm.events
    assert StatsDB(path).open() is None  # opening again changes nothing
    assert len(StatsDB(path).games()) == 2


def test_a_schema_1_file_is_read_without_migration(tmp_path):
    """Reading (stats) does not write: games() reads a schema-1 file as it is."""
    path = tmp_path / "stats.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(SCHEMA_1)
    con.close()
    StatsDB(path).check()
    (old,) = StatsDB(path).games()
    assert old.seed is None and old.difficulty == "expert"

"""Saved games: the JSON format, validation by replay, resume, the keeper's save after every action."""

import json
import os
import random
from pathlib import Path

import pytest

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.persist import Keeper, describe
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage import savegame
from spoken_cribbage.storage.savegame import SavedGame, SaveError
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.notices import phrase
from testkit.robust_support import feed, make_script, one_sentence


def play_some(seed=11, n=40, level="easy"):
    """A game with ``n`` actions made by random legal moves (both seats)."""
    gm = g.Game(seed=seed)
    rng = random.Random(seed)
    while len(gm.actions) < n and gm.phase != g.GAME_OVER:
        gm.apply(rng.choice(gm.legal_actions()))
    return gm


def finished_game(seed=3):
    gm = g.Game(seed=seed)
    rng = random.Random(seed)
    while gm.phase != g.GAME_OVER:
        gm.apply(rng.choice(gm.legal_actions()))
    return gm


def good_bytes(gm=None, **kw):
    gm = gm or play_some()
    return SavedGame.from_game(gm, difficulty="expert", **kw).to_bytes(gm)


def rewrite(raw: bytes, **changes) -> bytes:
    """Change fields and recompute the checksum (a well-formed but wrong save)."""
    body = json.loads(raw)
    body.update(changes)
    body["check"] = savegame._digest(body)
    return json.dumps(body).encode()


# ----------------------------------------------------------------------------- format


def test_round_trip_rebuilds_the_same_game():
    gm = play_some(n=60)
    saved, back = savegame.from_bytes(good_bytes(gm))
    assert [g.action_to_text(a) for a in back.actions] == saved.actions
    assert back.scores == gm.scores and back.hands == gm.hands and back.phase == gm.phase
    assert back.deck == gm.deck and back.dealer == gm.dealer and back.starter == gm.starter


def test_the_file_is_plain_json_data():
    raw = good_bytes()
    body = json.loads(raw)
    assert body["format"] == "spoken-cribbage-save" and body["version"] == 1
    assert all(isinstance(a, str) for a in body["actions"])
    assert isinstance(body["seed"], int) and body["players"] == 2
    assert raw.isascii()


def some_table(players, teams, n=120, seed=4):
    gm = g.Game(seed=seed, players=players, teams=teams)
    rng = random.Random(seed)
    while len(gm.actions) < n and gm.phase != g.GAME_OVER:
        gm.apply(rng.choice(gm.legal_actions()))
    return gm


@pytest.mark.parametrize("players, teams", [(4, 0), (4, 2), (5, None), (6, None), (6, 2), (6, 3)])
def test_saves_of_five_and_six_players_and_of_teams_keep_the_table(players, teams):
    gm = some_table(players, teams)
    raw = good_bytes(gm)
    body = json.loads(raw)
    assert body["players"] == players and body.get("teams") == teams
    assert body["version"] == 2  # an older version refuses it as newer, not misreads it
    saved, back = savegame.from_bytes(raw)
    assert back.rules == gm.rules and back.events == gm.events and back.scores == gm.scores


def test_a_save_of_the_usual_tables_is_written_as_before_and_old_saves_read_as_before():
    for players in (2, 3, 4):
        body = json.loads(good_bytes(some_table(players, None, n=30)))
        assert body["version"] == 1 and "teams" not in body
    # a version-1 four-player save (no teams) is the partnership game
    saved, back = savegame.from_bytes(good_bytes(some_table(4, None, n=30)))
    assert saved.teams is None and back.rules.sides == 2
    # version 1 never held five or six players, nor teams
    raw = good_bytes(some_table(6, None, n=10))
    with pytest.raises(SaveError):
        savegame.from_bytes(rewrite(raw, version=1))


@pytest.mark.parametrize("teams", [1, 4, "2", True, 3])
def test_a_save_with_a_team_layout_the_table_cannot_have_is_refused(teams):
    raw = good_bytes(some_table(4, 2, n=10))
    with pytest.raises(SaveError) as e:
        savegame.from_bytes(rewrite(raw, teams=teams))
    assert "teams" in phrase(e.value.reason)


def test_a_game_log_keeps_the_teams_and_an_older_log_without_them_still_reads():
    from spoken_cribbage.storage.gamelog import events_from_json, events_to_json

    gm = some_table(6, 3, n=40)
    assert events_from_json(events_to_json(gm.events)) == gm.events
    old = json.loads(events_to_json(some_table(4, None, n=20).events))
    del old[0]["teams"]
    events = events_from_json(json.dumps(old))
    assert events[0] == g.GameStarted(4, 121) and events[0].rules == g.Rules(4)


def test_a_replayed_game_deals_the_same_cards_afterwards():
    gm = play_some(n=30)
    _, back = savegame.from_bytes(good_bytes(gm))
    rng1, rng2 = random.Random(5), random.Random(5)
    while gm.phase != g.GAME_OVER:
        a = rng1.choice(gm.legal_actions())
        b = rng2.choice(back.legal_actions())
        assert a == b
        assert gm.apply(a) == back.apply(b)


@pytest.mark.parametrize(
    "raw, reason",
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b"\xff\xfe\x00garbage", "not text"),
        (b'{"format": "spoken-cribbage-save", "vers', "not complete JSON"),
        (b"[1, 2, 3]", "not a saved game"),
        (b'{"format": "something else"}', "not a saved game"),
        (b"NaN", "not complete JSON"),
        (b"[" * 100000, "not complete JSON"),
    ],
)
def test_bad_bytes_are_refused_with_a_reason(raw, reason):
    with pytest.raises(SaveError) as e:
        savegame.from_bytes(raw)
    assert reason in phrase(e.value.reason)


def test_truncated_saves_are_refused_at_every_length():
    raw = good_bytes()
    for n in range(0, len(raw) - 2, 7):  # the last bytes are only "}\n"
        with pytest.raises(SaveError):
            savegame.from_bytes(raw[:n])


def test_a_newer_version_is_refused_and_said_so():
    with pytest.raises(SaveError) as e:
        savegame.from_bytes(rewrite(good_bytes(), version=savegame.SAVE_VERSION + 1))
    assert e.value.newer and "newer version" in phrase(e.value.reason)


def test_a_changed_field_breaks_the_checksum():
    body = json.loads(good_bytes())
    body["seed"] += 1
    with pytest.raises(SaveError) as e:
        savegame.from_bytes(json.dumps(body).encode())
    assert "checksum" in phrase(e.value.reason)


@pytest.mark.parametrize(
    "changes, reason",
    [
        ({"seed": "3"}, "seed"),
        ({"seed": 2**70}, "seed"),
        ({"target": 0}, "target"),
        ({"target": True}, "target"),
        ({"players": 7}, "players"),
        ({"me": 5}, "me"),
        ({"difficulty": "godlike"}, "difficulty"),
        ({"finished": "no"}, "over"),
        ({"id": "../../etc/passwd"}, "id"),
        ({"actions": "discard"}, "moves"),
        ({"actions": [1, 2]}, "moves"),
        ({"actions": ["fly away"]}, "action 1"),
        ({"actions": ["play 0 5H"]}, "rules"),
        ({"version": 0}, "version"),
        ({"finished": True}, "over but it is not"),
    ],
)
def test_each_field_is_checked(changes, reason):
    with pytest.raises(SaveError) as e:
        savegame.from_bytes(rewrite(good_bytes(), **changes))
    assert reason in phrase(e.value.reason)


def test_an_action_that_does_not_replay_is_a_damaged_save():
    gm = play_some(n=20)
    body = json.loads(good_bytes(gm))
    body["actions"][5], body["actions"][6] = body["actions"][6], body["actions"][5]
    body["check"] = savegame._digest(body)
    with pytest.raises(SaveError):
        savegame.from_bytes(json.dumps(body).encode())


def test_a_finished_game_is_marked_finished():
    gm = finished_game()
    saved, back = savegame.from_bytes(good_bytes(gm))
    assert saved.finished and back.phase == g.GAME_OVER


# ----------------------------------------------------------------------------- files


def test_load_moves_a_damaged_save_aside_and_says_so_in_one_sentence(tmp_path):
    p = tmp_path / "game.json"
    p.write_bytes(b"{ this is not json")
    res = savegame.load(p)
    assert res.saved is None and res.moved_to == tmp_path / "game.json.bad-1"
    assert res.moved_to.read_bytes() == b"{ this is not json"
    assert not p.exists()
    assert one_sentence(phrase(res.notice))
    assert "game.json.bad-1" in phrase(res.notice)


def test_a_folder_where_the_save_should_be_is_moved_aside(tmp_path):
    p = tmp_path / "game.json"
    p.mkdir()
    (p / "inside").write_text("kept")
    res = savegame.load(p)
    assert res.notice and "folder" in phrase(res.notice)
    assert (tmp_path / "game.json.bad-1" / "inside").read_text() == "kept"


def test_no_save_is_no_message(tmp_path):
    assert savegame.load(tmp_path / "game.json") == savegame.Loaded()
    f = tmp_path / "file"
    f.write_text("x")
    assert savegame.load(f / "game.json") == savegame.Loaded()  # a file where the folder is


def test_bad_saves_pile_up_numbered_and_are_never_deleted(tmp_path):
    p = tmp_path / "game.json"
    for k in range(3):
        p.write_bytes(b"bad %d" % k)
        savegame.load(p)
    assert sorted(x.name for x in tmp_path.iterdir()) == ["game.json.bad-1", "game.json.bad-2", "game.json.bad-3"]
    assert (tmp_path / "game.json.bad-3").read_bytes() == b"bad 2"


# ----------------------------------------------------------------------------- the keeper


def keeper_session(home: Path, seed=7, level="easy", saved=None, game=None, said=None):
    said = said if said is not None else []
    k = Keeper(say=lambda t, s: said.append(t), save_path=home / "game.json", stats_path=home / "stats.sqlite3")
    loaded = k.load()
    gm = game or g.Game(seed=seed)
    k.begin(gm, difficulty=level, saved=saved)
    s = local_session(
        gm,
        hooks=SeatHooks(on_change=k.on_change, on_action=k.on_action),
        settings=Settings(speech="off", difficulty=level),
        write=lambda t: None,
        opponents={1: make_player(level, random.Random(0))},
    )
    return k, s, gm, loaded, said


def test_every_action_is_on_disk_before_the_next(home):
    k, s, gm, _, _ = keeper_session(home)
    seen = []
    orig = gm.apply

    def spy(action):
        # Before each action is applied, the save holds every earlier one.
        on_disk = json.loads((home / "game.json").read_bytes())["actions"]
        seen.append(on_disk == [g.action_to_text(a) for a in gm.actions])
        return orig(action)

    gm.apply = spy
    s.start()
    script = make_script(7, "easy", noise=0)
    for grp in script.groups[:25]:
        for line in grp:
            feed(s, line)
    on_disk = json.loads((home / "game.json").read_bytes())["actions"]
    assert on_disk == [g.action_to_text(a) for a in gm.actions]
    assert all(seen) and len(seen) == len(gm.actions)
    assert k.saves == len(gm.actions) + 1


def test_resume_continues_exactly_like_an_uninterrupted_game(home):
    script = make_script(21, "easy", noise=0.2)
    k, s, gm, _, _ = keeper_session(home, seed=21)
    s.start()
    for grp in script.groups[:30]:
        for line in grp:
            feed(s, line)
    # A new process (the first one has ended, letting go of the save): load, resume, go on
    # with the rest of the script.
    k.close()
    k2 = Keeper(say=lambda t, sp: None, save_path=home / "game.json", stats_path=home / "stats.sqlite3")
    loaded = k2.load()
    assert k2.in_progress(loaded)
    assert k2.resume_question(loaded).startswith("You have a game in progress: you ")
    assert k2.resume_question(loaded).endswith(". Resume? y/n")
    gm2 = loaded.game
    k2.begin(gm2, difficulty=loaded.saved.difficulty, saved=loaded.saved)
    s2 = local_session(
        gm2,
        hooks=SeatHooks(on_change=k2.on_change, on_action=k2.on_action),
        settings=Settings(speech="off"),
        write=lambda t: None,
        opponents={1: make_player("easy", random.Random(99))},
    )
    s2.start(resumed=True)
    for grp in script.groups[30:]:
        for line in grp:
            feed(s2, line)
    assert [g.action_to_text(a) for a in gm2.actions] == script.actions
    assert tuple(gm2.scores) == script.scores
    assert json.loads((home / "game.json").read_bytes())["finished"] is True
    assert loaded.saved.id == k2.saved.id


def test_the_resume_question_in_the_issue_wording():
    gm = g.Game(seed=1)
    gm.scores = [100, 96]
    gm.dealer = 0
    assert describe(gm) == "you 100, computer 96, your crib"
    gm.dealer = 1
    assert describe(gm) == "you 100, computer 96, the computer's crib"


def test_a_game_saved_between_deals_names_the_crib_of_the_next_deal(home):
    gm = g.Game(seed=4)
    rng = random.Random(4)
    players = {s: make_player("easy", random.Random(s)) for s in (0, 1)}
    while gm.phase != g.DEAL_OVER:
        seat = next(iter(gm.pending_discards()), None) if gm.phase == g.DISCARD else gm.to_act
        gm.apply(players[seat].act(gm.observation(seat), rng=rng))
    savegame.write(SavedGame.from_game(gm, difficulty="easy"), gm, home / "game.json")
    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "s.db")
    loaded = k.load()
    assert loaded.game.phase == g.DEAL_OVER
    nxt = "your crib" if gm.dealer == 1 else "the computer's crib"
    assert k.resume_question(loaded).endswith(f", {nxt} next. Resume? y/n")


def test_a_finished_game_is_not_offered_again(home):
    gm = finished_game(5)
    savegame.write(SavedGame.from_game(gm, difficulty="easy"), gm, home / "game.json")
    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "s.db")
    loaded = k.load()
    assert loaded.saved.finished and not k.in_progress(loaded)
    # ... and a crash before the statistics were written is made good now.
    assert k.stats_db.summary()["games"] == 1


def test_a_game_abandoned_before_any_move_of_the_player_is_not_counted(home):
    gm = g.Game(seed=3, first_dealer=0)  # dealt; the player has not laid away yet
    savegame.write(SavedGame.from_game(gm, difficulty="easy"), gm, home / "game.json")
    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "s.db")
    msg = k.abandon(k.load())
    assert msg == "A new game begins; the old one will be replaced."
    assert k.stats_db.summary()["games"] == 0
    assert not (home / "abandoned-game-1.json").exists()


def test_a_declined_game_is_not_counted_as_played(home):
    from spoken_cribbage.words.stats import stats_sentences

    gm = play_some(n=50)
    savegame.write(SavedGame.from_game(gm, difficulty="easy"), gm, home / "game.json")
    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "s.db")
    k.abandon(k.load())
    lines = stats_sentences(k.stats_db.summary())
    assert lines[0] == "You have not played a game to the end yet; 1 was left unfinished."
    assert not any("percent" in line for line in lines)


def test_answering_no_keeps_the_old_game_and_counts_it_abandoned(home):
    gm = play_some(n=50)
    savegame.write(SavedGame.from_game(gm, difficulty="easy"), gm, home / "game.json")
    before = (home / "game.json").read_bytes()
    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "s.db")
    loaded = k.load()
    msg = k.abandon(loaded)
    assert msg == "A new game begins. The old one is kept as abandoned-game-1.json."
    assert (home / "abandoned-game-1.json").read_bytes() == before
    assert not (home / "game.json").exists()
    assert k.stats_db.summary()["abandoned"] == 1


def test_stale_temporary_files_from_a_killed_write_are_tidied(home):
    stale = home / ".game.json.tmp-999999999"
    stale.write_bytes(b"half")
    mine = home / f".game.json.tmp-{os.getpid()}"
    mine.write_bytes(b"in progress")
    Keeper(say=lambda t, s: None).load()
    assert not stale.exists() and mine.exists()


def test_a_damaged_save_at_start_is_said_once_and_a_new_game_begins(home):
    (home / "game.json").write_bytes(b'{"format": "spoken-cribbage-save", "version": 1, "act')
    said = []
    k, s, gm, loaded, said = keeper_session(home, said=said)
    assert loaded.saved is None
    assert len(said) == 1 and said[0].startswith("Your saved game could not be used because")
    assert one_sentence(said[0])
    assert (home / "game.json.bad-1").exists()
    assert json.loads((home / "game.json").read_bytes())["actions"] == []


def test_the_new_option_puts_the_old_game_away_without_asking(home):
    import subprocess

    from testkit.robust_support import BIN, env_for

    def run(*a, inp=b"1 2\n"):
        return subprocess.run(
            [str(BIN), "--speech", "off", "--difficulty", "easy", *a],
            input=inp,
            capture_output=True,
            env=env_for(home),
            timeout=60,
        )

    run()  # a game in progress (a game with --seed alone would be for that run only)
    old = (home / "game.json").read_bytes()
    out = run("--new", "--seed", "4", inp=b"").stdout.decode()
    assert "Resume?" not in out
    assert out.splitlines()[0] == "A new game begins. The old one is kept as abandoned-game-1.json."
    assert (home / "abandoned-game-1.json").read_bytes() == old
    assert json.loads((home / "game.json").read_bytes())["seed"] == 4


def test_end_of_input_at_the_question_keeps_the_game(home):
    import subprocess

    from testkit.robust_support import BIN, env_for

    def run(inp, *a):
        return subprocess.run(
            [str(BIN), "--speech", "off", *a], input=inp, capture_output=True, env=env_for(home), timeout=60
        )

    run(b"1 2\n", "--new", "--seed", "3")
    before = (home / "game.json").read_bytes()
    out = run(b"maybe\n").stdout.decode().splitlines()
    assert out[1] == "Please answer y for yes or n for no."
    assert out[2] == "Your game is kept for next time. Goodbye."
    assert (home / "game.json").read_bytes() == before

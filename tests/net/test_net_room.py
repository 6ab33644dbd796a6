"""A room of tables in one process (issue 26, ``serve``): tables listed, opened (public, or
private by code), sat at by name, watched; a watcher is sent the public events only (never a
hand, a discard or the crib before the show) and cannot act; a room started again offers its
unfinished tables, their people sitting back down by name."""

from __future__ import annotations

import json
import random

import pytest

from spoken_cribbage.ai.players import ComputerPlayer, make_player
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import Refused, RemoteTable, room_ask
from spoken_cribbage.net.room import Room
from spoken_cribbage.net.tables import read_save
from spoken_cribbage.net.watcher import Watcher
from testkit.net_support import UNLIMITED, cards_in, my_turn, running


def _send(room: Room, ident: int, message) -> list:
    return [(i, p.decode_server(f)) for i, f in room.receive(ident, p.encode(message)).frames]


def _seeds():
    counter = iter(range(100, 10_000))
    return lambda: next(counter)


def _hidden_from_watchers(game: g.Game) -> set[str]:
    hidden = {c for h in game.hands for c in h} | {c for c in game.deck if c != game.starter}
    start = max((i for i, e in enumerate(game.events) if isinstance(e, g.Dealt)), default=0)
    if not any(isinstance(e, g.HandShown) and e.is_crib for e in game.events[start:]):
        hidden |= set(game.crib)
    return {c.short for c in hidden}


def test_a_watcher_sees_a_whole_game_without_a_hidden_card_and_cannot_act():
    room = Room(None, make_player, limits=UNLIMITED, seeds=_seeds())
    lobby = room.connect()
    ((_, created),) = _send(room, lobby, p.Create("Kitchen", players=3, computers=[1, 2], target=61))
    assert created == p.Created("Kitchen", created.code)
    ((_, listing),) = _send(room, lobby, p.ListTables())
    assert [t.name for t in listing.tables] == ["Kitchen"] and listing.tables[0].computers == [1, 2]
    watcher = room.connect()
    answers = _send(room, watcher, p.Watch("kitchen"))  # (names are found whatever their case)
    assert [type(m) for _, m in answers] == [p.Seats, p.View]
    lena = room.connect()
    welcome = _send(room, lena, p.Hello(p.VERSION, "", "Lena", "KITCHEN"))[0][1]
    assert isinstance(welcome, p.Welcome) and welcome.seat == 0
    table = room.tables["kitchen"]
    game = table.referee.game
    me = ComputerPlayer("easy", random.Random(5))
    views = 0
    for seq in range(2000):
        if game.phase == g.GAME_OVER:
            break
        obs = game.observation(0)
        assert my_turn(obs), obs.phase
        out = room.receive(lena, json.dumps({"type": "act", "seq": seq, "action": me.act(obs).to_text()}))
        hidden = _hidden_from_watchers(game)
        for ident, frame in out.frames:
            if ident == watcher:
                views += 1
                assert not cards_in(json.loads(frame)) & hidden, frame
    assert game.phase == g.GAME_OVER and views > 10
    # The watcher's story is the game's public one; it can do nothing but watch.
    (_, refused), *_ = _send(room, watcher, p.Act(1, "go 0"))
    assert refused.reason == p.Reason.NOT_JOINED
    (_, refused), *_ = _send(room, watcher, p.Hello(p.VERSION, "", "Sneaky", "Kitchen"))
    assert refused.reason == p.Reason.NOT_JOINED
    assert room.errors == 0 and table.referee.errors == 0


def test_a_private_table_is_not_listed_and_needs_its_code():
    room = Room(None, make_player, limits=UNLIMITED, seeds=_seeds())
    lobby = room.connect()
    ((_, created),) = _send(room, lobby, p.Create("Den", public=False))
    ((_, listing),) = _send(room, lobby, p.ListTables())
    assert listing.tables == []
    for code in ("", "WRONG"):
        ((_, refused),) = _send(room, lobby, p.Hello(p.VERSION, code, "Eve", "Den"))
        assert refused.reason == p.Reason.NO_TABLE
        ((_, refused),) = _send(room, lobby, p.Watch("Den", code))
        assert refused.reason == p.Reason.NO_TABLE
    welcome = _send(room, lobby, p.Hello(p.VERSION, created.code + "-TAG", "Max", "Den"))[0][1]
    assert isinstance(welcome, p.Welcome)
    for bad, reason in [
        (p.Create("den"), p.Reason.NAME_TAKEN),
        (p.Create("\x1b[2J"), p.Reason.BAD_NAME),
        (p.Create("Six", players=6, computers=[6]), p.Reason.BAD_TABLE),
    ]:
        other = room.connect()
        ((_, refused),) = _send(room, other, bad)
        assert refused.reason == reason


def test_a_room_started_again_offers_its_unfinished_tables(tmp_path):
    room = Room(tmp_path, make_player, limits=UNLIMITED, seeds=_seeds())
    lobby = room.connect()
    _send(room, lobby, p.Create("Kitchen", computers=[1]))
    _send(room, lobby, p.Create("Finished"))
    lena = room.connect()
    _send(room, lena, p.Hello(p.VERSION, "", "Lena", "Kitchen"))
    game = room.tables["kitchen"].referee.game
    me = ComputerPlayer("easy", random.Random(2))
    for seq in range(6):
        room.receive(lena, json.dumps({"type": "act", "seq": seq, "action": me.act(game.observation(0)).to_text()}))
    actions = list(game.actions)
    assert room.writer is not None and room.writer.flush()  # (a kill loses at most the batch in flight)
    # (the process is killed here: nothing more is written)
    again = Room(tmp_path, make_player, limits=UNLIMITED, seeds=_seeds())
    assert sorted(again.resumed) == ["Finished", "Kitchen"]
    table = again.tables["kitchen"]
    assert table.referee.game.actions == actions and table.referee.names == ["Lena", ""]
    back = again.connect()
    welcome = _send(again, back, p.Hello(p.VERSION, "", "Lena", "Kitchen"))[0][1]
    assert welcome.seat == 0 and table.referee.game.events == game.events


def test_list_create_sit_and_watch_over_the_loopback():
    room = Room(None, make_player, limits=UNLIMITED, seeds=_seeds())
    with running(room) as address:
        assert room_ask(address, "ROOM", p.ListTables()) == p.Tables([])
        created = room_ask(address, "ROOM", p.Create("Porch", computers=[1]))
        assert isinstance(created, p.Created)
        with pytest.raises(Refused):
            room_ask(address, "ROOM", p.Create("Porch"))
        watcher = Watcher(address, "ROOM", "Porch")
        lena = RemoteTable.join(address, "ROOM", "Lena", table="Porch")
        assert lena.seat == 0
        lena.apply(g.Discard(0, lena.observation(0).hand[:2]), 0)
        for _ in range(50):
            watcher.news(0.1)
            if any(isinstance(e, g.Discarded) and e.seat == 0 for e in watcher.story):
                break
        seen = [e for e in watcher.story if isinstance(e, (g.Dealt, g.Discarded))]
        assert seen and all(not any(e.hands) for e in seen if isinstance(e, g.Dealt))
        assert all(e.cards == () for e in seen if isinstance(e, g.Discarded))
        assert watcher.names[0] == "Lena"
        lena.close()
        watcher.close()


def test_the_saves_are_written_off_the_loop_in_batches_the_latest_of_each_table(tmp_path):
    from spoken_cribbage.net.tables import SaveWriter, read_save, save_of

    writer = SaveWriter()
    try:
        referee = Room(None, make_player, seeds=_seeds())
        made = referee.create(p.Create("One", computers=[1]))
        assert isinstance(made, p.Created)
        table = referee.tables["one"]
        me = ComputerPlayer("easy", random.Random(4))
        game = table.referee.game
        paths = [tmp_path / "a.json", tmp_path / "b.json"]
        for _ in range(5):  # several saves of the same table before the writer's turn: the last is kept
            seat = next(s for s in range(2) if game.observation(s).legal)
            table.referee.apply(me.act(game.observation(seat)))
            for path in paths:
                writer.put(path, save_of(table.referee, {1: "easy"}, "One", True))
        assert writer.flush()
        for path in paths:
            save = read_save(path)
            assert save.actions == [a.to_text() for a in game.actions] and save.name == "One" and save.public
        assert writer.failures == 0 and 1 <= writer.batches <= 5
        assert sorted(f.name for f in tmp_path.iterdir()) == ["a.json", "b.json"]  # (no temporary file left)
    finally:
        writer.close()


def test_two_thousand_fuzzed_frames_to_the_lobby_a_seat_and_a_watcher_change_nothing():
    from testkit.net_support import fuzz_frames, lobby_fuzz_frames

    room = Room(None, make_player, limits=UNLIMITED, seeds=_seeds())
    lobby, lena, watcher = room.connect(), room.connect(), room.connect()
    _send(room, lobby, p.Create("Kitchen", players=2, computers=[]))
    _send(room, lena, p.Hello(p.VERSION, "", "Lena", "Kitchen"))
    _send(room, watcher, p.Watch("Kitchen"))
    referee = room.tables["kitchen"].referee
    before = (sorted(room.tables), list(referee.game.actions), list(referee.names), referee.watchers)
    rng = random.Random(26)
    sources = [
        (lobby, lobby_fuzz_frames(rng)),
        (lena, fuzz_frames(rng, referee.game.observation(0))),
        (watcher, fuzz_frames(rng, None)),
    ]
    reasons = set()
    for k in range(2000):
        ident, frames = sources[k % 3]
        answers = [p.decode_server(f) for i, f in room.receive(ident, next(frames)).frames if i == ident]
        assert answers and all(isinstance(a, p.Refused) for a in answers), answers
        reasons |= {a.reason for a in answers}
    assert (sorted(room.tables), list(referee.game.actions), list(referee.names), referee.watchers) == before
    assert room.errors == 0 and referee.errors == 0
    assert {p.Reason.NO_TABLE, p.Reason.BAD_TABLE, p.Reason.MALFORMED, p.Reason.NAME_TAKEN} <= reasons


def test_a_rooms_save_keeps_up_with_each_game_a_rematch_included(tmp_path):
    room = Room(tmp_path, make_player, limits=UNLIMITED, seeds=_seeds())
    try:
        room.create(p.Create("Porch", computers=[1]))
        table = room.tables["porch"]
        me = ComputerPlayer("easy", random.Random(8))
        for new_game in (False, True):
            if new_game:
                table.referee.new_game()  # (a rematch: another game, its actions from none)
            for _ in range(4):
                game = table.referee.game
                seat = next(s for s in range(2) if game.observation(s).legal)
                table.referee.apply(me.act(game.observation(seat)))
            assert room.writer is not None and room.writer.flush()
            (path,) = tmp_path.glob("*.json")
            save = read_save(path)
            assert save.actions == [a.to_text() for a in table.referee.game.actions] and save.seed == game.seed
    finally:
        room.close()

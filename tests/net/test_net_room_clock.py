"""A room's tables with the clocks of a host's (issue 26, item 6, for ``serve``): ``create``
takes the turn limit and the counting time limit with host's option names and bounds (refused
with a reason outside them), the server keeps them (a turn run out is played by a computer
for that one turn and everyone, watchers too, hears so; ``t`` says whom the table waits for),
the room's list says them, and a table saved and resumed keeps them. The room runs on a fake
clock; on the loopback the server's own tick looks at it."""

from __future__ import annotations

import argparse
import time

import pytest

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app import room_command
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import Refused, RemoteTable, room_ask
from spoken_cribbage.net.room import Room
from spoken_cribbage.net.tables import read_save
from spoken_cribbage.net.watcher import Watcher
from spoken_cribbage.words import net as words
from testkit.net_support import UNLIMITED, running


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _seeds():
    counter = iter(range(100, 10_000))
    return lambda: next(counter)


def _send(room: Room, ident: int, message) -> list:
    return [(i, p.decode_server(f)) for i, f in room.receive(ident, p.encode(message)).frames]


def _to(frames: list, ident: int) -> list:
    return [m for i, m in frames if i == ident]


def _decoded(out, ident: int) -> list:
    return [p.decode_server(f) for i, f in out.frames if i == ident]


def test_a_room_table_with_a_turn_limit_plays_a_run_out_turn_and_everyone_hears_so():
    clock = Clock()
    room = Room(None, make_player, now=clock, limits=UNLIMITED, seeds=_seeds())
    lobby = room.connect()
    made = _send(room, lobby, p.Create("Porch", counting="manual", turn_limit=30, count_limit=45))
    assert isinstance(made[0][1], p.Created)
    ((_, listing),) = _send(room, lobby, p.ListTables())
    (info,) = listing.tables
    assert (info.turn_limit, info.count_limit) == (30, 45)
    lena, max_, watcher = room.connect(), room.connect(), room.connect()
    welcome = _to(_send(room, lena, p.Hello(p.VERSION, "", "Lena", "Porch")), lena)[0]
    assert isinstance(welcome, p.Welcome) and (welcome.turn_limit, welcome.count_limit) == (30, 45)
    _send(room, max_, p.Hello(p.VERSION, "", "Max", "Porch"))
    _send(room, watcher, p.Watch("porch"))
    referee = room.tables["porch"].referee
    assert referee.game.rules.counting == "manual"
    clock.t += 12
    for ident in (lena, watcher):  # (a watcher may ask whom the table waits for: it is public)
        (answer,) = _to(_send(room, ident, p.AskTime()), ident)
        assert [(w.seat, w.why, w.left) for w in answer.waits] == [(0, p.WaitWhy.TURN, 18.0), (1, p.WaitWhy.TURN, 18.0)]
    clock.t += 19  # the time has run out: one turn played for Lena, everyone told, watchers too
    out = room.tick()
    for ident in (lena, max_, watcher):
        assert _decoded(out, ident)[0] == p.Note(p.NoteCode.TURN_PLAYED, 0)
    assert [a.seat for a in referee.game.actions if isinstance(a, g.Discard)] == [0]
    room.tick()
    assert [a.seat for a in referee.game.actions if isinstance(a, g.Discard)] == [0, 1]
    assert room.errors == 0 and referee.errors == 0


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"turn_limit": 5}, p.Reason.BAD_LIMIT),
        ({"turn_limit": 601}, p.Reason.BAD_LIMIT),
        ({"count_limit": 9, "counting": "manual"}, p.Reason.BAD_LIMIT),
        ({"counting": "sometimes"}, p.Reason.BAD_TABLE),
    ],
)
def test_a_table_with_a_limit_out_of_bounds_is_refused_with_a_reason_and_not_opened(fields, reason):
    room = Room(None, make_player, now=Clock(), limits=UNLIMITED, seeds=_seeds())
    lobby = room.connect()
    ((_, refused),) = _send(room, lobby, p.Create("Porch", **fields))
    assert refused == p.Refused(reason)
    assert room.tables == {}
    assert words.refused("bad limit") == "A time limit is 10 to 600 seconds, or off."


def test_a_saved_room_table_keeps_its_limits_when_the_room_starts_again(tmp_path):
    room = Room(tmp_path, make_player, now=Clock(), limits=UNLIMITED, seeds=_seeds())
    _send(room, room.connect(), p.Create("Porch", counting="manual", turn_limit=30, count_limit=45))
    room.close()
    (path,) = tmp_path.glob("*.json")
    save = read_save(path)
    assert (save.turn_limit, save.count_limit) == (30, 45)
    again = Room(tmp_path, make_player, now=Clock(), limits=UNLIMITED)
    referee = again.tables["porch"].referee
    assert (referee.turn_limit, referee.count_limit, referee.fill_in is not None) == (30, 45, True)
    assert again.listing().tables[0].turn_limit == 30
    again.close()


def _join_args(*args: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="spoken-cribbage")
    room_command.add_join_parser(parser.add_subparsers())
    return parser.parse_args(["join", *args])


def test_join_create_takes_hosts_limit_options_and_refuses_a_wrong_one_in_words(capsys):
    args = _join_args("h", "--code", "C", "--create", "T", "--counting", "manual", "--turn-limit", "30")
    assert (args.counting, args.turn_limit, args.count_limit) == ("manual", 30, None)
    with pytest.raises(SystemExit):
        _join_args("h", "--code", "C", "--create", "T", "--turn-limit", "5")
    assert "--turn-limit: A time limit is 10 to 600 seconds, or off, not 5" in capsys.readouterr().err


def test_the_list_says_the_limits_and_the_server_plays_a_run_out_turn_on_the_loopback(capsys):
    clock = Clock()
    room = Room(None, make_player, now=clock, limits=UNLIMITED, seeds=_seeds())
    with running(room) as address:
        created = room_ask(address, "ROOM", p.Create("Porch", counting="manual", turn_limit=90, count_limit=60))
        assert isinstance(created, p.Created)
        with pytest.raises(Refused) as refused:
            room_ask(address, "ROOM", p.Create("Den", turn_limit=3))
        assert refused.value.message.reason == p.Reason.BAD_LIMIT
        port = address.rsplit(":", 1)[1]
        assert room_command.run_join(_join_args(f"127.0.0.1:{port}", "--code", "ROOM", "--plain", "--list")) == 0
        assert capsys.readouterr().out.splitlines() == [
            "One table open:",
            "Porch: nobody yet; two free seats; 1 minute 30 seconds a turn; 1 minute to count.",
        ]
        lena = RemoteTable.join(address, "ROOM", "Lena", table="Porch")
        max_ = RemoteTable.join(address, "ROOM", "Max", table="Porch")
        watcher = Watcher(address, "ROOM", "Porch")
        assert (lena.turn_limit, lena.count_limit) == (90, 60)
        clock.t += 91  # (the server's tick, every second, finds the turns run out)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not (watcher.notes and max_.notes):
            watcher.news(0.1)
            max_.wait(0.1)
        assert [n.code for _, n in watcher.notes][:1] == [p.NoteCode.TURN_PLAYED]
        assert [(n.code, n.seat) for _, n in max_.notes][:1] == [(p.NoteCode.TURN_PLAYED, 0)]
        for one in (lena, max_, watcher):
            one.close()
    assert room.errors == 0

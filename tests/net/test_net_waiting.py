"""A shared table waits for its people (issue 26 follow-up): the referee holds back the game's
start until every person's seat has been taken once (a computer's seat is never waited for; a
seat kept for a dropped person is taken). Until then nothing of the game is sent (no event, the
engine's before-the-cut observation), an act, a hint or a rematch is refused as 'not started'
with nothing changed, the computers do not act, and no clock runs. The last person to sit
starts it for everyone: each seat and watcher is sent the game from its first event. The
referee runs on a fake clock; the line seat on the loopback. Loops are bounded."""

from __future__ import annotations

import json
import queue
import random
import threading
import time

from spoken_cribbage.ai.players import ComputerPlayer, make_player
from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.net.room import Room
from spoken_cribbage.net.server import Referee
from testkit.net_support import CODE, UNLIMITED, running, table


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _referee(players: int = 2, computers: tuple[int, ...] = (), clock: Clock | None = None, **kwargs) -> Referee:
    game = g.Game(rules=g.Rules(players=players), seed=4)
    bots = {s: ComputerPlayer("easy", random.Random(s)) for s in computers}
    return Referee(game, bots, code=CODE, now=clock or Clock(), limits=UNLIMITED, **kwargs)


def _send(referee: Referee, ident: int, message: dict) -> list[tuple[int, object]]:
    out = referee.receive(ident, json.dumps(message))
    return [(i, p.decode_server(f)) for i, f in out.frames]


def _sit(referee: Referee, name: str) -> tuple[int, list[tuple[int, object]]]:
    ident = referee.connect()
    return ident, _send(referee, ident, {"type": "hello", "version": p.VERSION, "code": CODE, "name": name})


def _to(frames: list[tuple[int, object]], ident: int) -> list[object]:
    return [m for i, m in frames if i == ident]


def test_a_table_of_two_people_sends_nothing_of_the_game_until_the_second_sits():
    referee = _referee()
    lena, frames = _sit(referee, "Lena")
    welcome, seats, update = _to(frames, lena)
    assert isinstance(welcome, p.Welcome) and isinstance(seats, p.Seats) and isinstance(update, p.Update)
    assert seats.waiting == 1 and referee.waiting == 1 and not referee.started
    # nothing of the game: no event, no hand, no cut, no score, nothing to do
    assert update.events == [] and update.start == 0
    obs = update.observation
    assert obs.phase == "deal" and obs.hand == [] and obs.legal == [] and obs.waiting == [] and obs.deal == 0
    assert obs.to_act is None and obs.scores == [0, 0]
    # an act (even the legal one), a hint, a rematch: refused as not started, nothing changed
    legal = referee.game.observation(0).legal[0].to_text()
    for message in (
        {"type": "act", "seq": 1, "action": legal},
        {"type": "advise", "kind": "hint"},
        {"type": "rematch"},
    ):
        ((_, refused),) = _send(referee, lena, message)
        assert isinstance(refused, p.Refused) and refused.reason == p.Reason.NOT_STARTED, message
    assert referee.game.actions == [] and referee.errors == 0
    # whom the table waits for: nobody's turn yet (the seat says how many more people)
    ((_, clock),) = _send(referee, lena, {"type": "time"})
    assert clock == p.Clock([])
    # a chat line is heard while the table waits
    ((_, chat),) = _send(referee, lena, {"type": "say", "text": "on my way"})
    assert chat == p.Chat(0, "on my way")
    # the second person sits: the game starts, for both, from its first event
    max_, frames = _sit(referee, "Max")
    assert referee.started and referee.waiting == 0
    for ident, seat in ((lena, 0), (max_, 1)):
        seats, update = [m for m in _to(frames, ident) if isinstance(m, (p.Seats, p.Update))]
        assert update.observation.seat == seat
        assert seats.names == ["Lena", "Max"] and seats.waiting == 0
        assert update.start == 0 and update.events[0]["event"] == "GameStarted"
        assert update.observation.phase == "discard" and len(update.observation.hand) == 6
        assert update.observation.waiting == [0, 1]
    # and now an act is taken
    legal = referee.game.observation(0).legal[0].to_text()
    answers = _send(referee, lena, {"type": "act", "seq": 2, "action": legal})
    assert any(isinstance(m, p.Update) and m.ack == 2 for _, m in answers)


def test_a_table_of_three_with_a_computer_seat_waits_only_for_its_people():
    referee = _referee(players=3, computers=(1,))
    lena, frames = _sit(referee, "Lena")
    (seats,) = [m for m in _to(frames, lena) if isinstance(m, p.Seats)]
    assert seats.waiting == 1 and seats.computers == [1]
    assert referee.game.actions == []  # (the computer does not lay away before the start)
    max_, frames = _sit(referee, "Max")
    assert referee.started and referee.waiting == 0
    assert [type(a) for a in referee.game.actions] == [g.Discard] and referee.game.actions[0].seat == 1
    for ident in (lena, max_):
        (update,) = [m for m in _to(frames, ident) if isinstance(m, p.Update)]
        assert update.events[0]["event"] == "GameStarted"
        assert any(e["event"] == "Discarded" and e["seat"] == 1 for e in update.events)
    # a fourth connection finds no seat
    _, frames = _sit(referee, "Ann")
    assert [m.reason for _, m in frames] == [p.Reason.TABLE_FULL]


def test_a_seat_kept_for_a_dropped_person_is_taken_and_a_freed_one_is_waited_for_again():
    clock = Clock()
    referee = _referee(clock=clock, keep=60)
    lena, _ = _sit(referee, "Lena")
    out = referee.disconnect(lena)  # (nobody else is there to tell)
    assert out.frames == [] and referee.waiting == 1
    clock.t += 61  # her seat is free again: still two people to wait for
    referee.tick()
    assert referee.waiting == 2 and not referee.started
    lena, _ = _sit(referee, "Lena")
    referee.disconnect(lena)
    clock.t += 10  # her seat is kept for her: Max is the last one waited for
    max_, frames = _sit(referee, "Max")
    assert referee.started
    (update,) = [m for m in _to(frames, max_) if isinstance(m, p.Update)]
    assert update.events[0]["event"] == "GameStarted"
    # Lena comes back: the game from its start, said as missed
    lena, frames = _sit(referee, "Lena")
    (update,) = [m for m in _to(frames, lena) if isinstance(m, p.Update)]
    assert update.start == 0 and update.missed == 0 and update.events[0]["event"] == "GameStarted"


def test_the_line_seat_says_the_table_waits_and_hears_the_start_with_the_names():
    referee = table(2)
    with running(referee) as address:
        lena_remote = RemoteTable.join(address, CODE, "Lena")
        lines: queue.Queue[str | None] = queue.Queue()
        said: list[str] = []
        seat = LineSeat(lena_remote, said.append)
        thread = threading.Thread(target=seat.run, args=(lines,), daemon=True)
        thread.start()
        for typed in ("1 2", "t", "i"):
            lines.put(typed)
        deadline = time.monotonic() + 10
        while len(said) < 5:
            assert time.monotonic() < deadline, said
            time.sleep(0.02)
        assert said[:2] == [
            "You sit at seat 1; the other seats are still empty.",
            "The game starts when every seat is taken.",
        ]
        assert said[2:5] == ["The table waits for one more player."] * 3
        assert referee.game.actions == [] and referee.refused == 0  # (nothing was sent)
        max_remote = RemoteTable.join(address, CODE, "Max")
        while "New game to 121 points against Max." not in said:
            assert time.monotonic() < deadline, said
            time.sleep(0.02)
        start = said.index("New game to 121 points against Max.")
        assert said[start - 1] == "Max sits down."
        assert any(line.startswith("Lay away two cards") for line in said[start:])
        assert max_remote.story[0] == g.GameStarted(2, 121, None) and max_remote.waiting == 0
        lines.put(None)
        thread.join(10)
        for remote in (lena_remote, max_remote):
            remote.close()


def test_a_rooms_table_waits_for_its_people_as_a_hosts_does():
    room = Room(None, make_player, limits=UNLIMITED, seeds=lambda: 7)
    lobby = room.connect()
    room.receive(lobby, p.encode(p.Create("Porch")))
    referee = room.tables["porch"].referee
    lena, max_ = room.connect(), room.connect()
    frames = [
        (i, p.decode_server(f)) for i, f in room.receive(lena, p.encode(p.Hello(p.VERSION, "", "Lena", "Porch"))).frames
    ]
    (update,) = [m for _, m in frames if isinstance(m, p.Update)]
    assert update.events == [] and referee.waiting == 1
    (refused,) = [p.decode_server(f) for _, f in room.receive(lena, p.encode(p.Act(1, "go 0"))).frames]
    assert refused.reason == p.Reason.NOT_STARTED
    (listed,) = [p.decode_server(f) for _, f in room.receive(lobby, p.encode(p.ListTables())).frames]
    assert not listed.tables[0].started
    frames = [
        (i, p.decode_server(f)) for i, f in room.receive(max_, p.encode(p.Hello(p.VERSION, "", "Max", "Porch"))).frames
    ]
    for ident in (lena, max_):
        (update,) = [m for i, m in frames if i == ident and isinstance(m, p.Update)]
        assert update.events[0]["event"] == "GameStarted"
    assert referee.started and room.errors == 0

"""The server's hot path under load (issue 26, item 8): what a change costs is made once per
table event, not once per connection, and the clock costs nothing at a table with nothing on
a clock; and a small sample of the socket load test (bench/bench_net.py --load)."""

from __future__ import annotations

import argparse
import gc
import json
from pathlib import Path

import msgspec
import pytest

from spoken_cribbage.app import room_command
from spoken_cribbage.engine import actions as engine_actions
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net import sockets
from spoken_cribbage.net.server import Referee
from testkit.net_support import CODE, table


def _seated(referee: Referee, names: tuple[str, ...] = ("A", "B")) -> list[int]:
    idents = []
    for name in names:
        ident = referee.connect()
        referee.receive(ident, json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": name}))
        idents.append(ident)
    return idents


def _act(referee: Referee, ident: int, action: g.Action, seq: int = 1) -> list[tuple[int, str]]:
    return referee.receive(ident, p.encode(p.Act(seq, action.to_text()))).frames


def _counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    calls = [0]
    real = getattr(module, name)

    def counted(*args: object) -> object:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_change_seen_alike_is_made_plain_once_for_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    referee = table(2, seed=5, target=121)
    a, b = _seated(referee)
    game = referee.game
    for seat, ident in ((0, a), (1, b)):  # (the discards: each seat sees its own cards only)
        start = len(game.events)
        frames = _act(referee, ident, game.legal_actions(seat)[0])
        updates = {i: msgspec.json.decode(f) for i, f in frames if '"type":"update"' in f}
        for other, other_ident in ((0, a), (1, b)):  # (each seat's view is its own, as without the memo)
            assert updates[other_ident]["events"] == p.events_facts(game.events_for(other, start))
    assert game.phase == g.PLAY
    calls = _counting(monkeypatch, p, "event_to_plain")
    seat = game.to_act
    start = len(game.events)
    _act(referee, (a, b)[seat], game.legal_actions(seat)[0], seq=2)
    made = len(game.events) - start
    assert made >= 1
    assert calls[0] == made  # (twice as many before: once for each seat)


def test_a_frame_the_same_for_everyone_is_encoded_once() -> None:
    referee = table(2, seed=5, target=121)
    a, _ = _seated(referee)
    out = referee.receive(a, p.encode(p.Say("hello")))
    frames = [f for _, f in out.frames]
    assert len(frames) == 2 and '"type":"chat"' in frames[0]
    assert frames[0] is frames[1]


def test_the_actions_text_is_made_once_per_action(monkeypatch: pytest.MonkeyPatch) -> None:
    referee = table(2, seed=5, target=121)
    obs = referee.game.observation(0)
    first = p.observation_facts(obs)
    assert first.legal == [a.to_text() for a in obs.legal] and len(first.legal) == 15
    calls = _counting(monkeypatch, engine_actions, "action_to_text")
    again = p.observation_facts(referee.game.observation(0))
    assert again.legal == first.legal
    assert calls[0] == 0  # (15 made again before)


def test_the_clock_costs_nothing_at_a_table_with_nothing_on_a_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    referee = table(2, seed=5, target=121)
    _seated(referee)
    calls = _counting(monkeypatch, referee, "waited_for")
    assert referee.tick().frames == []
    assert calls[0] == 0  # (every table's waits were looked at every second)
    referee.turn_limit = 30.0  # (a limit: looked at)
    referee.tick()
    assert calls[0] == 1


def test_a_room_keeps_the_collector_from_walking_its_whole_heap_often() -> None:
    saved = gc.get_threshold()
    try:
        sockets.quiet_gc()
        assert gc.get_threshold() == (saved[0], saved[1], max(saved[2], 1000))
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*saved)


def test_serve_quiets_the_collector_before_it_opens_the_room(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class Opened(Exception):
        pass

    calls: list[str] = []
    monkeypatch.setenv("SPOKEN_CRIBBAGE_HOME", str(tmp_path))
    monkeypatch.setattr(room_command, "quiet_gc", lambda: calls.append("quiet"))

    def room(*args: object, **kwargs: object) -> None:
        calls.append("room")
        raise Opened

    monkeypatch.setattr(room_command, "Room", room)
    args = argparse.Namespace(plain=True, address="127.0.0.1", port=0, keep=120.0, computer_holds=False, tables=10)
    with pytest.raises(Opened):
        room_command.run_serve(args)
    assert calls == ["quiet", "room"]


def test_a_small_sample_of_the_socket_load_test() -> None:
    """40 people at 20 tables of a real ``serve`` process, beside a bare echo: everyone
    seated, actions measured, nothing refused but illegal moves, no client failing (the long
    run: ``bench/bench_net.py --load 1000,2000,4000,6750``; no time is gated here, the
    machine being shared)."""
    from bench import bench_net

    (row,) = bench_net.socket_load([40], think=0.3, warm=1.0, seconds=2.0, opening=30.0)
    assert row["seated"] == 40
    assert row["samples"] > 10 and row["actions/s"] > 5  # type: ignore[operator]
    assert row["echo p95"] == row["echo p95"]  # (the echo was measured beside it: not nan)
    assert row["failures"] == {}

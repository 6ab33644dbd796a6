"""Rules that need a clock, on the server (issue 26, item 6): the host's turn limit (off by
default; when it runs out a computer plays that one turn and everyone is told), the counting
time limit of manual counting (the count given up), one warning to the person alone, and the
answer to t: whom the table waits for and how long they have, in words, never ticking. The
referee runs on a fake clock; the line seat on the loopback."""

from __future__ import annotations

import json
import queue
import random
import threading
import time
from collections.abc import Callable

from spoken_cribbage.ai.players import ComputerPlayer
from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.net.server import Referee
from spoken_cribbage.words import net as words
from testkit.net_support import CODE, UNLIMITED, running, started


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _referee(clock: Callable[[], float], players: int = 2, computers: tuple[int, ...] = (), **kwargs) -> Referee:
    rules = {k: kwargs.pop(k) for k in ("counting", "target") if k in kwargs}
    game = g.Game(rules=g.Rules(players=players, **rules), seed=8)
    bots = {s: ComputerPlayer("easy", random.Random(s)) for s in computers}
    return Referee(
        game,
        bots,
        code=CODE,
        now=clock,
        limits=UNLIMITED,
        fill_in=lambda seat: ComputerPlayer("easy", random.Random(seat)),
        **kwargs,
    )


def _sit(referee: Referee, name: str) -> int:
    ident = referee.connect()
    referee.receive(ident, json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": name}))
    return ident


def _messages(out, ident: int) -> list[object]:
    return [p.decode_server(f) for i, f in out.frames if i == ident]


def _ask(referee: Referee, ident: int) -> p.Clock:
    (answer,) = _messages(referee.receive(ident, '{"type": "time"}'), ident)
    assert isinstance(answer, p.Clock)
    return answer


def test_a_turn_whose_limit_runs_out_is_played_by_a_computer_and_everyone_is_told():
    clock = Clock()
    referee = _referee(clock, turn_limit=30)
    lena, max_ = _sit(referee, "Lena"), _sit(referee, "Max")
    waits = _ask(referee, lena).waits
    assert [(w.seat, w.why, w.left) for w in waits] == [(0, p.WaitWhy.TURN, 30.0), (1, p.WaitWhy.TURN, 30.0)]
    clock.t += 12
    assert [w.left for w in _ask(referee, max_).waits] == [18.0, 18.0]
    clock.t += 8  # 10 seconds left: one warning, to each person alone, once
    out = referee.tick()
    assert _messages(out, lena) == [p.Note(p.NoteCode.TIME_WARNING, 0, 10)]
    assert _messages(out, max_) == [p.Note(p.NoteCode.TIME_WARNING, 1, 10)]
    clock.t += 9.5
    assert referee.tick().frames == []
    assert not any(isinstance(a, g.Discard) for a in referee.game.actions)
    clock.t += 1  # the time has run out: one turn played for Lena, then Max's on the next tick
    out = referee.tick()
    for ident in (lena, max_):
        got = _messages(out, ident)
        assert got[0] == p.Note(p.NoteCode.TURN_PLAYED, 0)
        assert isinstance(got[1], p.Update)
    assert [a.seat for a in referee.game.actions if isinstance(a, g.Discard)] == [0]
    referee.tick()
    assert [a.seat for a in referee.game.actions if isinstance(a, g.Discard)] == [0, 1]
    # The play's first turn has the whole limit again.
    (wait,) = _ask(referee, lena).waits
    assert wait.why == p.WaitWhy.TURN and wait.left == 30.0
    assert referee.errors == 0


def test_no_clock_runs_before_every_person_has_sat_and_the_time_starts_at_the_start():
    clock = Clock()
    referee = _referee(clock, turn_limit=30)
    lena = _sit(referee, "Lena")
    clock.t += 100
    assert referee.tick().frames == []  # Max is still on his way: nothing runs, nothing played
    assert referee.game.actions == [] and _ask(referee, lena).waits == []
    max_ = _sit(referee, "Max")
    assert [(w.seat, w.left) for w in _ask(referee, max_).waits] == [(0, 30.0), (1, 30.0)]


def test_without_a_limit_the_table_waits_and_says_so():
    clock = Clock()
    referee = _referee(clock, computers=(1,))
    lena = _sit(referee, "Lena")
    before = list(referee.game.actions)
    clock.t += 100_000
    assert referee.tick().frames == []
    assert referee.game.actions == before
    assert [(w.seat, w.left) for w in _ask(referee, lena).waits] == [(0, None)]


def test_a_count_whose_limit_runs_out_is_given_up():
    clock = Clock()
    referee = _referee(clock, computers=(1,), counting="manual", count_limit=20, turn_limit=30)
    lena = _sit(referee, "Lena")
    me = ComputerPlayer("easy", random.Random(3))
    for _ in range(40):  # Lena plays until her count is due
        game = referee.game
        if game.phase == g.SHOW and game.to_act == 0:
            break
        obs = game.observation(0)
        action = me.act(obs) if obs.legal else None
        assert action is not None
        referee.receive(lena, json.dumps({"type": "act", "seq": 1, "action": action.to_text()}))
    assert referee.game.phase == g.SHOW and referee.game.to_act == 0
    (wait,) = _ask(referee, lena).waits
    assert wait.why == p.WaitWhy.COUNT and wait.left == 20.0
    clock.t += 20
    referee.tick()
    assert referee.game.actions[-1] == g.TimeUp(0)
    assert any(isinstance(e, g.CountTimedOut) for e in referee.game.events)


def test_the_waits_in_words():
    assert words.waits([("Max", "turn", 20.0, None, None)], "play") == "Max has 20 seconds to play."
    assert words.waits([("you", "count", 99.2, None, None)], "show") == ("You have 1 minute 40 seconds to count.")
    assert words.waits([("Lena", "turn", None, 61.0, "dropped")], "discard") == (
        "The table waits for Lena to lay away. Lena's line dropped: the seat is kept 1 minute 1 second more."
    )
    assert words.waits([("Lena", "turn", None, 61.0, "left")], "discard") == (
        "The table waits for Lena to lay away. Lena left: the seat is kept 1 minute 1 second more."
    )
    assert words.waits([], "play") == "The table waits for nobody now: the computers are playing."
    # everyone it waits for alike, in one sentence (tried in tmux: two sentences, one a person)
    both = [("Max", "turn", None, None, None), ("you", "turn", None, None, None)]
    assert words.waits(both, "discard") == "The table waits for Max and you to lay away."
    from spoken_cribbage.words import catalogue

    try:
        catalogue.use("fr")
        assert words.waits(both, "discard") == "La table attend Max et vous pour écarter."
    finally:
        catalogue.use("en")
    assert words.turn_played("Max") == "Max's time ran out: a computer plays this turn for Max."
    assert words.time_warning(9) == "9 seconds left for your turn."
    assert words.back(False) == "You are back at the table; nothing happened while you were away."


def test_the_line_seat_says_whom_the_table_waits_for_and_a_turn_played_for_another():
    referee = _referee(time.monotonic, turn_limit=30)
    with running(referee) as address:
        lena = RemoteTable.join(address, CODE, "Lena")
        max_ = RemoteTable.join(address, CODE, "Max\x1b[2J")
        started(lena)
        said: list[str] = []
        lines: queue.Queue[str | None] = queue.Queue()
        seat = LineSeat(lena, said.append)
        done = threading.Thread(target=seat.run, args=(lines, 0.05))
        done.start()

        def wait_for(text: str) -> str:
            for _ in range(100):
                found = [line for line in said if text in line]
                if found:
                    return found[0]
                threading.Event().wait(0.05)
            raise AssertionError((text, said))

        wait_for("Each turn has 30 seconds; when it runs out a computer plays that turn.")
        lines.put("t")
        answer = wait_for("to lay away.")
        assert answer.startswith("You have 30 seconds to lay away. Max has ")
        lines.put("kd qs")  # (Lena lays away two cards, possibly refused: no matter)
        referee.turn_limit = 1  # Max's time runs out within a tick or two of the server
        wait_for("Max's time ran out: a computer plays this turn for Max.")
        lines.put("q")
        lines.put("y")  # (q asks first, as in the local game)
        done.join(10)
        lena.close()
        max_.close()
    assert not any("\x1b" in line for line in said)

"""A rematch with the same seats is one key for everyone (issue 26, item 4): after the game,
Enter asks for it, the others hear who has, and the next game starts when every person at the
table has asked: the same rules, seats and names, a new deal."""

from __future__ import annotations

import queue
import threading
import time

from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from testkit.net_support import CODE, play_out, running, started, table


def _play_to_the_end(lena: RemoteTable, max_: RemoteTable) -> None:
    deadline = time.monotonic() + 20
    thread = threading.Thread(target=play_out, args=(max_, 2, deadline))
    thread.start()
    play_out(lena, 1, deadline)
    thread.join(20)


def test_enter_after_the_game_asks_for_a_rematch_and_it_starts_when_everyone_has():
    referee = table(3, computers=(2,), seed=6, target=5)  # (a game of a few plays)
    with running(referee) as address:
        lena = RemoteTable.join(address, CODE, "Lena")
        max_ = RemoteTable.join(address, CODE, "Max")
        started(lena, max_)
        _play_to_the_end(lena, max_)
        first = referee.game
        assert first.phase == g.GAME_OVER
        said: list[str] = []
        lines: queue.Queue[str | None] = queue.Queue()
        done = threading.Thread(target=LineSeat(lena, said.append).run, args=(lines, 0.05))
        done.start()

        def wait_for(text: str) -> None:
            for _ in range(100):
                if any(line.startswith(text) for line in said):
                    return
                time.sleep(0.05)
            raise AssertionError((text, said))

        wait_for("The game is over: press Enter for a rematch with the same seats")
        max_.rematch()
        assert max_.ready == {1} and referee.game is first  # (Lena has not asked yet)
        wait_for("Max asks for a rematch: press Enter to play again.")
        lines.put("")
        wait_for("Lay away one card")  # the new game's first prompt
        lines.put("q")
        lines.put("y")  # (q asks first, as in the local game)
        done.join(10)
        assert referee.game is not first and referee.game.rules == first.rules
        assert referee.game.phase == g.DISCARD and referee.names == ["Lena", "Max", ""]
        assert referee.game.seed != first.seed
        max_.wait(1.0)
        assert max_.story == referee.game.events_for(1)  # (the new game's story alone)
        lena.close()
        max_.close()
    assert referee.errors == 0


def test_a_rematch_before_the_game_is_over_is_refused_and_changes_nothing():
    referee = table(2, computers=(1,))
    ident = referee.connect()
    referee.receive(ident, p.encode(p.Hello(p.VERSION, CODE, "Lena")))
    game = referee.game
    (answer,) = [p.decode_server(f) for _, f in referee.receive(ident, '{"type": "rematch"}').frames]
    assert answer == p.Refused(p.Reason.NOT_ALLOWED)
    assert referee.game is game and not referee.ready

"""The line seat of `host` and `join` (app/line_seat.LineSeat) at a table on the loopback:
chat said as it comes and silenced with mute, a refusal said in the seat's words, and why the
table closed when the host leaves."""

from __future__ import annotations

import queue
import threading

from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.net.sockets import ServerThread
from testkit.net_support import CODE, running, started, table


def test_chat_is_said_until_the_player_silences_it_and_a_refusal_is_a_sentence():
    referee = table(2)
    with running(referee) as address:
        lena = RemoteTable.join(address, CODE, "Lena")
        max_ = RemoteTable.join(address, CODE, "Max")
        started(lena)
        said: list[str] = []
        lines: queue.Queue[str | None] = queue.Queue()
        seat = LineSeat(lena, said.append)
        done = threading.Thread(target=seat.run, args=(lines, 0.05))
        done.start()

        def wait_for(text: str) -> None:
            for _ in range(100):
                if any(text in line for line in said):
                    return
                threading.Event().wait(0.05)
            raise AssertionError((text, said))

        max_.say("hello\x07 there")
        wait_for("Max says: hello there")
        lines.put("mute")
        wait_for("Chat silenced")
        max_.say("second")
        lines.put("qs kh jd")  # three cards where two are laid away
        wait_for("Lay away exactly 2 cards, not 3.")
        lines.put("q")
        lines.put("y")  # (q asks first, as in the local game)
        done.join(10)
        assert not any("second" in line for line in said)
        assert said[-1] == "You leave the table; your seat is kept for 2 minutes."
        lena.close()
        max_.close()


def test_when_the_host_leaves_the_others_hear_why_and_that_the_table_is_saved():
    referee = table(2, computers=(1,))
    server = ServerThread(referee)
    port = server.start()
    lena = RemoteTable.join(f"ws://127.0.0.1:{port}", CODE, "Lena")
    said: list[str] = []
    lines: queue.Queue[str | None] = queue.Queue()
    status: list[int] = []
    done = threading.Thread(target=lambda: status.append(LineSeat(lena, said.append).run(lines, 0.05)))
    done.start()
    server.stop(reason=p.Reason.HOST_LEFT)
    done.join(10)
    lena.close()
    assert said[-1] == (
        "The host left the table. It is saved: join again with the same code "
        "when the host opens it again, and the game goes on where it stopped."
    )
    assert status == [1]

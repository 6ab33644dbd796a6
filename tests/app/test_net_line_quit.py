"""q at a shared table with typed lines that are not a terminal (piped: the line seat,
app/line_seat.LineSeat): as in the local game with piped input ("Quit the game? ... Press y or
n.", answered by the next line), q asks first, in the words the keys' seat uses (the seat kept
so long; as host: the table closes and is saved); n goes back to the game, a line between is
answered as ever, y leaves. Before, a piped q left at once. Loops are bounded."""

from __future__ import annotations

import queue
import threading
import time

from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from testkit.net_support import CODE, running, started, table

ASKED = "Leave the table? Your seat is kept for 2 minutes: join again to take it back. Press y or n."


def test_a_piped_q_asks_then_n_goes_back_and_y_leaves_the_seat_kept():
    referee = table(3, computers=(2,))
    with running(referee) as address:
        lena = RemoteTable.join(address, CODE, "Lena")
        max_ = RemoteTable.join(address, CODE, "Max")
        started(lena, max_)
        said: list[str] = []
        lines: queue.Queue[str | None] = queue.Queue()
        status: list[int] = []
        done = threading.Thread(target=lambda: status.append(LineSeat(lena, said.append).run(lines, 0.05)))
        done.start()

        def answered(typed: str) -> list[str]:
            before = len(said)
            lines.put(typed)
            deadline = time.monotonic() + 10
            while len(said) == before and done.is_alive():
                assert time.monotonic() < deadline, (typed, said[-5:])
                time.sleep(0.02)
            return said[before:]

        try:
            deadline = time.monotonic() + 10
            while not any(line.startswith("Lay away") for line in said):
                assert time.monotonic() < deadline, said
                time.sleep(0.02)
            assert answered("q") == [ASKED]
            assert done.is_alive() and 0 not in referee.away  # (asked: Lena still sits)
            assert answered("n") == ["Back to the game."]
            assert answered("quit") == [ASKED]
            assert answered("t")[0].startswith("The table waits for ")  # (answered; the question stays)
            assert done.is_alive()
            answered("y")
            done.join(10)
            assert not done.is_alive() and status == [0]
            assert said[-1] == "You leave the table; your seat is kept for 2 minutes."
            deadline = time.monotonic() + 10
            while referee.away.get(0) is not p.Away.LEFT:  # (the seat left, kept for Lena)
                assert time.monotonic() < deadline, referee.away
                time.sleep(0.02)
            assert referee.names[0] == "Lena"
        finally:
            lines.put(None)
            done.join(10)
            lena.close()
            max_.close()

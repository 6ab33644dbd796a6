"""Leaving a seat is not a dropped line (issue 26, item 4): a person who types q is said to the
others as having left, one whose connection drops as having dropped; both seats are kept for
their names as the table says, both are codes of the protocol (the note ``left`` or
``dropped``, the clock's ``away``), and only words/net.py makes them sentences."""

from __future__ import annotations

import json
import queue
import threading

from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.words import net as words
from testkit.net_support import CODE, running, table

HELLO = json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": "{name}"})


def _answers(out) -> list:
    return [(ident, p.decode_server(frame)) for ident, frame in out.frames]


def _pair():
    clock = [0.0]
    referee = table(2)
    referee.keep = 120
    referee.now = lambda: clock[0]
    lena, max_ = referee.connect(), referee.connect()
    referee.receive(lena, HELLO.replace("{name}", "Lena"))
    referee.receive(max_, HELLO.replace("{name}", "Max"))
    return referee, clock, lena, max_


def test_a_person_who_leaves_is_told_as_left_and_one_whose_line_drops_as_dropped():
    referee, clock, lena, max_ = _pair()
    out = referee.receive(max_, json.dumps({"type": "leave"}))
    (to1, seats), (to2, note) = _answers(out)
    assert to1 == to2 == lena  # (Max, gone, is sent nothing)
    assert seats.connected == [True, False] and seats.names == ["Lena", "Max"]
    assert note == p.Note(p.NoteCode.LEFT, 1, 120)
    assert 1 in referee.dropped  # kept as for a drop
    clock[0] = 30
    (wait, *_) = [w for w in referee.clock().waits if w.seat == 1]
    assert wait.away == p.Away.LEFT and wait.dropped == 90.0
    # A second hello on the same connection, or a new one, with his name: his seat again.
    again = referee.connect()
    answers = _answers(referee.receive(again, HELLO.replace("{name}", "Max")))
    assert isinstance(answers[0][1], p.Welcome) and answers[0][1].seat == 1
    assert referee.dropped == {} and referee.away == {}
    # His line drops now: the others hear it dropped, not that he left.
    (_, seats), (_, note) = _answers(referee.disconnect(again))
    assert note == p.Note(p.NoteCode.DROPPED, 1, 120)
    assert [w.away for w in referee.clock().waits if w.seat == 1] == [p.Away.DROPPED]
    assert referee.errors == 0 and referee.game.actions == []


def test_a_leave_before_sitting_down_is_refused_and_changes_nothing():
    referee = table(2)
    stranger = referee.connect()
    ((_, refused),) = _answers(referee.receive(stranger, json.dumps({"type": "leave"})))
    assert refused.reason == p.Reason.NOT_JOINED
    ((_, refused),) = _answers(referee.receive(stranger, json.dumps({"type": "leave", "x": 1})))
    assert refused.reason == p.Reason.MALFORMED


def test_the_sentences_of_one_away():
    assert words.away("Lena", "left", 120, False) == "Lena left the table; the seat is kept for 2 minutes."
    assert words.away("Lena", "dropped", 90, False) == "Lena's connection dropped; the seat is kept for 90 seconds."
    assert (
        words.away("Lena", "left", None, True) == "Lena left the table; a computer plays the seat until Lena is back."
    )
    assert words.away("Lena", "dropped", None, False) == "Lena's connection dropped."


def test_the_line_seat_says_who_left_and_whose_line_dropped():
    referee = table(2)
    referee.keep = 120
    with running(referee) as address:
        lena = RemoteTable.join(address, CODE, "Lena")
        said: list[str] = []
        lines: queue.Queue[str | None] = queue.Queue()
        done = threading.Thread(target=LineSeat(lena, said.append).run, args=(lines, 0.05))
        done.start()

        def wait_for(text: str) -> None:
            for _ in range(200):
                if any(text == line or line.startswith(text) for line in said):
                    return
                threading.Event().wait(0.05)
            raise AssertionError((text, said))

        max_ = RemoteTable.join(address, CODE, "Max")
        wait_for("Max sits down.")
        max_.leave()  # Max types q
        wait_for("Max left the table; the seat is kept for 2 minutes.")
        lines.put("t")
        wait_for(
            "The table waits for you to lay away. The table waits for Max to lay away. Max left: the seat is kept "
        )
        max_ = RemoteTable.join(address, CODE, "Max")
        wait_for("Max sits down.")
        max_.close()  # Max's line drops
        wait_for("Max's connection dropped; the seat is kept for 2 minutes.")
        lines.put("q")
        lines.put("y")  # (q asks first, as in the local game)
        done.join(10)
        lena.close()
    assert said.count("Max left the table; the seat is kept for 2 minutes.") == 1
    assert not any(line.endswith(" ") for line in said)

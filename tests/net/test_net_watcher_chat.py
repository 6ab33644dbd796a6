"""Someone watching a room's table may talk (issue 26 follow-up; Playroom's spectators do): a
watcher's ``say`` is cleaned and rate-limited as a seat's, and sent to every seat and watcher
as a chat line by the watcher's name (their own sent back to them marked as theirs); a
watcher still cannot act. The room runs on a fake clock, without sockets."""

from __future__ import annotations

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.room import Room
from spoken_cribbage.net.server import Limits
from testkit.net_support import UNLIMITED


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _send(room: Room, ident: int, message) -> list:
    return [(i, p.decode_server(f)) for i, f in room.receive(ident, p.encode(message)).frames]


def _table(limits: Limits = UNLIMITED) -> tuple[Room, int, int, int, int]:
    """A room's table with Lena and Max seated and two watchers, Ann (named) and one unnamed."""
    room = Room(None, make_player, limits=limits, seeds=lambda: 7, now=Clock())
    lobby = room.connect()
    _send(room, lobby, p.Create("Porch"))
    lena, max_, ann, other = (room.connect() for _ in range(4))
    _send(room, lena, p.Hello(p.VERSION, "", "Lena", "Porch"))
    _send(room, max_, p.Hello(p.VERSION, "", "Max", "Porch"))
    _send(room, ann, p.Watch("Porch", "", "Ann\x1b[31m\x07"))  # (a name is cleaned too)
    _send(room, other, p.Watch("Porch"))
    return room, lena, max_, ann, other


def test_a_watchers_chat_line_is_cleaned_and_heard_by_every_seat_and_watcher_by_name():
    room, lena, max_, ann, other = _table()
    referee = room.tables["porch"].referee
    actions = list(referee.game.actions)
    sent = dict(_send(room, ann, p.Say("good \x1b]0;title\x07luck\r\n  both")))
    heard = p.Chat(None, "good luck both", "Ann")
    assert sent == {lena: heard, max_: heard, other: heard, ann: p.Chat(None, "good luck both", "Ann", own=True)}
    # one who gave no name is heard too, by no name
    sent = dict(_send(room, other, p.Say("hello")))
    assert sent[lena] == p.Chat(None, "hello", "") and sent[other].own
    # a seat's line reaches the watchers, as before
    assert dict(_send(room, lena, p.Say("thanks")))[ann] == p.Chat(0, "thanks")
    # nothing once cleaned: nothing sent; a watcher still cannot act
    assert _send(room, ann, p.Say("\x1b[2J\x07  ")) == []
    ((_, refused),) = _send(room, ann, p.Act(1, "go 0"))
    assert refused.reason == p.Reason.NOT_JOINED
    assert referee.game.actions == actions and referee.errors == 0 and room.errors == 0


def test_a_watchers_chat_is_rate_limited_as_a_seats():
    room, lena, _, ann, _ = _table(Limits(rate=1.0, burst=3.0))
    room.now.t += 100  # (the buckets full again after the joins)  # type: ignore[attr-defined]
    answers = [_send(room, ann, p.Say(f"line {n}")) for n in range(5)]
    assert [len(a) for a in answers[:3]] == [4, 4, 4]  # (to the two seats, the other watcher, Ann)
    assert [[m.reason for _, m in a] for a in answers[3:]] == [[p.Reason.TOO_FAST]] * 2
    seat_answers = [_send(room, lena, p.Say(f"line {n}")) for n in range(5)]  # (a seat: the same)
    assert [[m.reason for _, m in a] for a in seat_answers[3:]] == [[p.Reason.TOO_FAST]] * 2

"""A computer seat's name at a shared table (issue 26 follow-up): never a person's name at the
table, never another computer's, and the same on every client (the full seat, the line seat)
and for a watcher. Before, each client named computer seats from its own default names list
counted from its own seat: at a three-seat table with a computer at seat 2, Ann heard it called
"Max" while a real Max sat at seat 3, and Max heard it called "Lena". Loops are bounded."""

from __future__ import annotations

import time

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.app.net_seat import table_names
from spoken_cribbage.app.room_command import _watched_names
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable, room_ask
from spoken_cribbage.net.room import Room
from spoken_cribbage.net.watcher import Watcher
from spoken_cribbage.words import net as words
from testkit.net_support import UNLIMITED, running, started


def _computer_seen_by_everyone(people: tuple[str, str], computer: int) -> set[str]:
    """A room's three-seat table with a computer at seat ``computer`` and ``people`` in the
    other two seats: the computer's name as each person's full seat and line seat and a
    watcher name it (all of them: one name expected)."""
    room = Room(None, make_player, limits=UNLIMITED, seeds=lambda: 7)
    with running(room) as address:
        room_ask(address, "ROOM", p.Create("Porch", players=3, computers=[computer], target=61))
        remotes = [RemoteTable.join(address, "ROOM", name, table="Porch") for name in people]
        watcher = Watcher(address, "ROOM", "Porch")
        try:
            started(*remotes)
            deadline = time.monotonic() + 10
            while len(watcher.names) < 3 or "" in [n for s, n in enumerate(watcher.names) if s != computer]:
                assert time.monotonic() < deadline, watcher.names
                watcher.pump(0.05)
            heard = set()
            for remote in remotes:
                full = table_names(remote)
                line = LineSeat(remote, lambda _: None)._names().names
                assert full == line, (full, line)
                heard.add(full[computer])
            heard.add(_watched_names(watcher).names[computer])
            return heard
        finally:
            for one in (*remotes, watcher):
                one.close()


def test_a_computer_is_never_called_like_a_person_at_the_table_and_every_client_names_it_alike():
    heard = _computer_seen_by_everyone(("Ann", "Computer"), computer=1)  # (a person called Computer)
    assert len(heard) == 1, heard  # (Ann's, Max's and the watcher's name for it: one)
    assert heard.isdisjoint({"Ann", "Computer"}), heard
    heard = _computer_seen_by_everyone(("Lena", "Ann"), computer=2)  # (the case a player met)
    assert len(heard) == 1 and heard.isdisjoint({"Lena", "Ann"}), heard


def test_computer_names_never_change_as_people_sit_down_and_never_repeat_a_person_or_each_other():
    # (Before: a default name given before the people had all sat down changed when a person of
    # that name sat. The host heard "You sit at seat 1, with Lena.", then "Lena sits down.", then
    # the computer as Oliver.)
    before = words.computer_names(3, ["Max", "", ""], {2})
    assert before == words.computer_names(3, ["Max", "Lena", ""], {2}) == {2: "Computer"}
    assert words.computer_names(2, ["Ann", ""], {1}) == {1: "Computer"}  # (a table of two, as offline)
    several = words.computer_names(4, ["Ann", "", "", ""], {1, 2, 3})
    assert several == words.computer_names(4, ["Ann", "", "Lena", ""], {1, 3}) | {2: "Computer 3"}
    assert several == {1: "Computer 2", 2: "Computer 3", 3: "Computer 4"}  # (by their seats)
    # only a person who sits down with exactly that name moves it on (any case)
    assert words.computer_names(3, ["computer", "Ann", ""], {2}) == {2: "Computer 3"}
    assert words.computer_names(3, ["Ann", "COMPUTER 2", ""], {2}) == {2: "Computer"}
    names = words.computer_names(6, ["Computer 3", "", "", "", "", ""], {1, 2, 3, 4, 5})
    assert len(set(names.values())) == 5 and "Computer 3" not in names.values(), names
    assert words.table_names(3, ["Lena", "Ann", ""], {2}, me=1) == ["Lena", "you", "Computer"]
    assert words.table_names(3, ["Lena", "", ""], {2}, me=-1) == ["Lena", words.empty_seat(1), "Computer"]

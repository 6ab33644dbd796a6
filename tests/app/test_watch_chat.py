"""Someone watching talks to the table (issue 26 follow-up): ``say TEXT`` (what the apostrophe
key opens) from a watcher's full seat is sent, and heard by a seat, on its chat channel, as
"Ann, watching, says: ..." and by the watcher as its own line; the line watcher (piped input)
talks with ``'text`` too. On the loopback; loops are bounded."""

from __future__ import annotations

import queue
import threading
import time

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.net_seat import NetSeat, NetSession
from spoken_cribbage.app.room_command import watch_lines
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.watch_seat import WatchNews, WatchSession
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable, room_ask
from spoken_cribbage.net.room import Room
from spoken_cribbage.net.watcher import Watcher
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.lines import LineKind
from testkit.net_support import UNLIMITED, running


def _hooks(lines: list[tuple[str, LineKind]]) -> SeatHooks:
    return SeatHooks(write_kind=lambda text, kind: lines.append((text, LineKind(kind))))


def _until(done, pumps, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline
        for pump in pumps:
            pump()
        time.sleep(0.02)


def test_a_watchers_say_is_heard_by_a_seat_on_its_chat_channel_by_the_watchers_name():
    room = Room(None, make_player, limits=UNLIMITED, seeds=lambda: 7)
    with running(room) as address:
        room_ask(address, "ROOM", p.Create("Porch", players=3, computers=[2], target=61))
        lena_lines: list[tuple[str, LineKind]] = []
        lena = NetSession(
            RemoteTable.join(address, "ROOM", "Lena", table="Porch"),
            settings=Settings(),
            write=lambda t: None,
            hooks=_hooks(lena_lines),
        )
        lena_news = NetSeat(lena)
        lena_news.opening()
        ann_lines: list[tuple[str, LineKind]] = []
        watcher = Watcher(address, "ROOM", "Porch", name="Ann")
        ann = WatchSession(watcher, settings=Settings(), write=lambda t: None, hooks=_hooks(ann_lines))
        ann_news = WatchNews(ann, "Porch")
        ann_news.opening()
        # (the table still waits for its second person: a watcher talks all the same)
        assert ("The game starts when every seat is taken.", LineKind.INFO) in ann_lines
        before = len(ann_lines)
        ann.command("say good luck, both")
        assert ann_lines[before:] == []  # (nothing refused: heard when the table sends it back)
        heard = ("Ann, watching, says: good luck, both", LineKind.CHAT)
        _until(lambda: heard in lena_lines, [lena_news.pump, ann_news.pump])
        print(lena_lines, lena.remote.chat)
        _until(lambda: ("You say: good luck, both", LineKind.CHAT) in ann_lines, [ann_news.pump])
        # a seat's line reaches the watcher by the seat's name
        lena.command("say thanks")
        _until(lambda: ("Lena says: thanks", LineKind.CHAT) in ann_lines, [ann_news.pump, lena_news.pump])
        # and the line watcher talks with 'text
        lines: queue.Queue[str | None] = queue.Queue()
        said: list[str] = []
        other = Watcher(address, "ROOM", "Porch", name="Bo")
        thread = threading.Thread(target=watch_lines, args=(other, "Porch", lines, said.append), daemon=True)
        thread.start()
        lines.put("'hello from the rail")
        _until(lambda: ("Bo, watching, says: hello from the rail", LineKind.CHAT) in lena_lines, [lena_news.pump])
        _until(lambda: "You say: hello from the rail" in said, [])
        lines.put(None)
        thread.join(10)
        assert room.errors == 0
        for one in (lena.remote, watcher, other):
            one.close()

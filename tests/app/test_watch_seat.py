"""Watching a room's table from the full seat (issue 26, items 1 and 5): the watcher hears the
table through the seat's narration (the others' plays in the seat's words, a new game as
watched, never "Your hand" nor a prompt that is not theirs), the keys that ask about public
things are answered (s, c, f, t), and every key or command that would act is refused with one
sentence, sends nothing and changes nothing. Every frame sent to the watcher through a whole
game (the public observation with it) holds no card hidden at that moment. Loops are bounded."""

from __future__ import annotations

import json
import random
import re
import threading
import time

from spoken_cribbage.ai.players import ComputerPlayer, make_player
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.watch_seat import WatchNews, WatchSession, as_watched_table
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable, room_ask
from spoken_cribbage.net.room import Room
from spoken_cribbage.net.watcher import Watcher
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.lines import LineKind
from testkit.net_support import UNLIMITED, cards_in, my_turn, play_out, running

CANNOT = "You are watching: you cannot play."


class Watching:
    """A watcher's full seat, every line written with its kind."""

    def __init__(self, watcher: Watcher) -> None:
        self.lines: list[tuple[str, LineKind]] = []
        hooks = SeatHooks(write_kind=lambda text, kind: self.lines.append((text, LineKind(kind))))
        self.session = WatchSession(watcher, settings=Settings(), write=lambda t: None, hooks=hooks)
        self.news = WatchNews(self.session, "Porch")
        self.news.opening()

    @property
    def said(self) -> list[str]:
        return [text for text, _ in self.lines]

    def answer(self, key: str) -> str:
        before = len(self.lines)
        self.session.key(key)
        (line,) = self.said[before:]
        return line


def _play_deal(remotes: list[RemoteTable], watching: Watching, seconds: float = 20) -> None:
    """Two scripted people play the first deal (and ask for the next) while the watcher's
    news is pumped; neither acts in the second deal, even when one of them sees it before the
    other does; bounded."""
    players = [ComputerPlayer("easy", random.Random(s)) for s in range(2)]
    deadline = time.monotonic() + seconds
    while not all(r.observation(r.seat).deal >= 2 for r in remotes):
        assert time.monotonic() < deadline, watching.said[-6:]
        for remote, player in zip(remotes, players, strict=True):
            obs = remote.observation(remote.seat)
            if obs.deal >= 2:  # (the second deal is left alone: the watcher asks about its start)
                continue
            if my_turn(obs) and not (obs.phase == g.DEAL_OVER and remote.seat in remote.ready):
                try:
                    remote.apply(player.act(obs), remote.seat)
                except g.IllegalActionError as e:
                    assert e.code == g.Refusal.DEAL_NOT_OVER, e
            remote.wait(0.01)
        watching.news.pump()
    for _ in range(20):  # (the deal's last views)
        watching.news.pump()
        if "Deal 2. Lena's crib." in watching.said:
            break
        time.sleep(0.05)


def test_a_watcher_hears_a_deal_in_the_seats_words_asks_and_cannot_act():
    room = Room(None, make_player, limits=UNLIMITED, seeds=lambda: 7)
    with running(room) as address:
        room_ask(address, "ROOM", p.Create("Porch", target=61))
        remotes = [RemoteTable.join(address, "ROOM", name, table="Porch") for name in ("Lena", "Max")]
        watcher = Watcher(address, "ROOM", "Porch")
        assert as_watched_table(watcher) is watcher and watcher.keeps_time is False
        watching = Watching(watcher)
        _play_deal(remotes, watching)
        said = watching.said
        assert said[0].startswith("You watch Porch: Lena and Max. You hear what everyone hears, never a hand.")
        assert "New game to 61 points: Lena and Max." in said
        assert any(line.startswith("Lena plays the ") for line in said), said
        assert any(line.startswith("Max plays the ") for line in said), said
        assert any(line.startswith("Max's crib: ") for line in said), said
        assert "Deal 2. Lena's crib." in said
        assert not any(kind in (LineKind.HAND, LineKind.PROMPT) for _, kind in watching.lines), watching.lines
        assert not any("you" in line.lower().split() or "Your" in line for line in said[1:]), said
        # the keys that ask about public things
        assert re.fullmatch(r"Lena \d+, \d+ to go; Max \d+, \d+ to go\.", watching.answer("s"))
        assert watching.answer("c") == "No count yet: the play has not started."
        assert watching.answer("f") == "The starter is not cut yet."
        assert watching.answer("t") == "The table waits for Lena and Max to lay away."
        before = len(watching.lines)
        for key in ("w", "w", "[", "r", "a", "b", "p", "v"):  # (the history keys, and what is public)
            watching.session.key(key)
        asked = watching.said[before:]
        assert asked[:2] == ["Deal 1, from the start; press w for each event.", "Deal 1. Max's crib."], asked
        assert not any("hand:" in line.lower() and "'s hand" not in line.lower() for line in asked), asked
        assert not any(kind is LineKind.ERROR for _, kind in watching.lines[before:]), asked
        before = len(watching.lines)
        watching.session.key("?")  # (the game's help, then what a watcher cannot do)
        assert watching.lines[-1] == (CANNOT, LineKind.HELP) and len(watching.lines) > before + 3
        # every key or command that would act: one sentence, nothing sent, nothing changed
        referee = room.tables["porch"].referee
        actions, refused = list(referee.game.actions), referee.refused
        for key in ("1", "2", "enter", " ", "right", "u", "i", "o", "e", "m", "h"):
            assert watching.answer(key) == CANNOT, key
        for line in ("play 1", "discard 1 2", "undo", "go"):  # (say talks: tests/app/test_watch_chat.py)
            before = len(watching.lines)
            watching.session.command(line)
            assert watching.said[before:] == [CANNOT], line
        time.sleep(0.2)
        watching.news.pump()
        assert referee.game.actions == actions and referee.refused == refused
        assert room.errors == 0 and referee.errors == 0
        for one in (*remotes, watcher):
            one.close()


class Capturing(Room):
    """A room that keeps every frame it sends to a watcher, with the cards hidden from
    watchers at that moment."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.seen: list[tuple[str, set[str]]] = []
        self._lock = threading.Lock()

    def _keep(self, out):
        for table in self.tables.values():
            for ident, frame in out.frames:
                rid = table.ids.get(ident)
                conn = table.referee.conns.get(rid) if rid is not None else None
                if conn is not None and conn.watching:
                    self.seen.append((frame, _hidden_from_watchers(table.referee.game)))
        return out

    def receive(self, ident, frame):
        return self._keep(super().receive(ident, frame))

    def tick(self):
        return self._keep(super().tick())


def _hidden_from_watchers(game: g.Game) -> set[str]:
    hidden = {c for h in game.hands for c in h} | {c for c in game.deck if c != game.starter}
    start = max((i for i, e in enumerate(game.events) if isinstance(e, g.Dealt)), default=0)
    if not any(isinstance(e, g.HandShown) and e.is_crib for e in game.events[start:]):
        hidden |= set(game.crib)
    return {c.short for c in hidden}


def test_a_watcher_is_sent_no_hidden_card_through_a_whole_game_its_table_included():
    room = Capturing(None, make_player, limits=UNLIMITED, seeds=lambda: 11)
    with running(room) as address:
        room_ask(address, "ROOM", p.Create("Porch", target=61))
        watcher = Watcher(address, "ROOM", "Porch")
        remotes = [RemoteTable.join(address, "ROOM", name, table="Porch") for name in ("Lena", "Max")]
        deadline = time.monotonic() + 60
        threads = [threading.Thread(target=play_out, args=(r, s, deadline)) for s, r in enumerate(remotes)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            watcher.news(0.05)
        for t in threads:
            t.join()
        watcher.news(0.2)
        assert watcher.observation(-1).phase == g.GAME_OVER
        for one in (*remotes, watcher):
            one.close()
    views = [(json.loads(frame), hidden) for frame, hidden in room.seen if '"type":"view"' in frame]
    assert len(views) > 20 and all(v["observation"] for v, _ in views)
    assert any(v["observation"]["played"] for v, _ in views)  # (the play is public: it is sent)
    leaks = [(v, cards_in(v) & hidden) for v, hidden in views if cards_in(v) & hidden]
    assert leaks == []
    assert all(not v["observation"]["hand"] and not v["observation"]["legal"] for v, _ in views)


class _Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_a_watcher_hears_a_turn_played_for_a_person_whose_time_ran_out():
    clock = _Clock()
    room = Room(None, make_player, now=clock, limits=UNLIMITED, seeds=lambda: 7)
    with running(room) as address:
        room_ask(address, "ROOM", p.Create("Porch", turn_limit=30))
        remotes = [RemoteTable.join(address, "ROOM", name, table="Porch") for name in ("Lena", "Max")]
        watching = Watching(Watcher(address, "ROOM", "Porch"))
        assert "Each turn has 30 seconds; when it runs out a computer plays that turn." in watching.said
        assert watching.answer("t") == "Lena has 30 seconds to lay away. Max has 30 seconds to lay away."
        clock.t += 31  # (the server's tick, every second, plays Lena's turn, then Max's)
        deadline = time.monotonic() + 10
        while "Max's time ran out: a computer plays this turn for Max." not in watching.said:
            assert time.monotonic() < deadline, watching.said[-6:]
            watching.news.pump()
            time.sleep(0.05)
        assert "Lena's time ran out: a computer plays this turn for Lena." in watching.said
        for one in (*remotes, watching.session.watcher):
            one.close()

"""Network play on the loopback, shared by tests/test_net_*.py and bench/net_fuzz.py: a table
server in a thread of its own, scripted people (a computer player deciding for a client), the
frames a client is sent, and the fuzzing client's frames.

Every loop here is bounded (a deadline, a number of frames) and stops by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import threading
import time
from collections.abc import Iterator

from spoken_cribbage.ai.players import ComputerPlayer
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import DECK
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.net.server import Limits, Outbox, Referee
from spoken_cribbage.net.sockets import TableServer

CODE = "K7M2QX"
UNLIMITED = Limits(rate=1e9, burst=1e9)


class Recorder(Referee):
    """A referee that keeps every frame it sends, with the seat it went to and the hidden
    cards of that moment (what that seat must not be sent)."""

    def __init__(self, *args, **kwargs) -> None:
        self.sent: list[tuple[int, str, frozenset[str]]] = []
        super().__init__(*args, **kwargs)

    def hidden_from(self, seat: int) -> frozenset[str]:
        """The cards ``seat`` may not know now: the other seats' hands, the cards not dealt
        (the starter once turned excepted), and the crib but its own discards until the crib
        is shown."""
        game = self.game
        hidden = {c for s, h in enumerate(game.hands) if s != seat for c in h}
        hidden |= {c for c in game.deck if c != game.starter}
        crib_shown = any(isinstance(e, g.HandShown) and e.is_crib for e in game.events[self._deal_start() :])
        if not crib_shown:
            own = set(game.discards[seat]) if game.discards else set()
            hidden |= {c for c in game.crib if c not in own}
        return frozenset(c.short for c in hidden)

    def _deal_start(self) -> int:
        events = self.game.events
        return max((i for i, e in enumerate(events) if isinstance(e, g.Dealt)), default=0)

    def _keep(self, out: Outbox) -> Outbox:
        for ident, frame in out.frames:
            conn = self.conns.get(ident)
            seat = conn.seat if conn is not None else None
            if seat is not None:
                self.sent.append((seat, frame, self.hidden_from(seat)))
        return out

    def receive(self, ident, frame):
        return self._keep(super().receive(ident, frame))

    def disconnect(self, ident):
        return self._keep(super().disconnect(ident))


_CARD = re.compile(r"^(?:10|[A2-9TJQK])[CDHS]$")


def cards_in(value: object) -> set[str]:
    """Every card code in a decoded JSON value, at any depth (a CutForDeal's cards excepted:
    they are cut face up from the whole pack, before the deal is shuffled)."""
    if isinstance(value, str):
        return {value} if _CARD.match(value) else set()
    if isinstance(value, dict):
        if value.get("event") == "CutForDeal":
            return set()
        return set().union(*(cards_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value))
    return set()


def leaks(referee: Recorder) -> list[tuple[int, set[str]]]:
    """The frames that named a card hidden from the seat they were sent to."""
    found = []
    for seat, frame, hidden in referee.sent:
        seen = cards_in(json.loads(frame)) & hidden
        if seen:
            found.append((seat, seen))
    return found


@contextlib.contextmanager
def running(referee: Referee, ssl_context=None, port: int = 0) -> Iterator[str]:
    """The table served on a loopback port (0: a free one) for the block: its ws:// address
    (wss:// with ``ssl_context``)."""
    started = threading.Event()
    box: dict[str, object] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        box["loop"] = loop

        async def main() -> None:
            server = TableServer(referee, port=port, ssl_context=ssl_context)
            box["port"] = await server.start()
            box["stop"] = stop = asyncio.Event()
            started.set()
            await stop.wait()
            await server.close()

        try:
            loop.run_until_complete(main())
        finally:
            loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert started.wait(10), "the server did not start"
    try:
        yield f"{'wss' if ssl_context else 'ws'}://127.0.0.1:{box['port']}"
    finally:
        loop = box["loop"]
        loop.call_soon_threadsafe(box["stop"].set)  # type: ignore[attr-defined]
        thread.join(10)


def table(
    players: int = 2, computers: tuple[int, ...] = (), seed: int = 1, cls=Referee, limits: Limits | None = None, **rules
) -> Referee:
    game = g.Game(rules=g.Rules(players=players, **rules), seed=seed)
    bots = {s: ComputerPlayer("easy", random.Random(seed * 7 + s)) for s in computers}
    # (Scripted people act far faster than people: no rate limit unless a test sets one.)
    return cls(game, bots, code=CODE, now=time.monotonic, limits=limits or UNLIMITED)


def started(*remotes: RemoteTable, seconds: float = 10.0) -> None:
    """Wait until each of ``remotes`` has been sent the game's start (a table starts when its
    last person sits: the others hear it a moment later); nothing of the news is taken."""
    deadline = time.monotonic() + seconds
    for remote in remotes:
        while remote.waiting or not remote.story:
            assert time.monotonic() < deadline, "the game did not start"
            remote.drain()
            time.sleep(0.01)


def my_turn(obs: g.Observation) -> bool:
    if not obs.legal:
        return False
    if obs.phase == g.DISCARD:
        return obs.seat in obs.waiting
    if obs.phase in (g.PLAY, g.SHOW):
        return obs.to_act == obs.seat
    return obs.phase == g.DEAL_OVER


def steady_rng(seed: int, obs: g.Observation) -> random.Random:
    """A random stream for one decision, from the seed and where the game stands only: a
    scripted person started again (a client killed and joining again) decides as before."""
    return random.Random(
        str((seed, obs.seat, obs.deal, str(obs.phase), len(obs.played), obs.count, obs.showing_crib, obs.scores))
    )


def play_out(
    remote: RemoteTable, seed: int, deadline: float, *, acts: int | None = None, steady: bool = False
) -> list[g.Event]:
    """A scripted person at ``remote``: a computer player decides each of its turns, until the
    game is over (or the deadline passes: AssertionError), or after ``acts`` of its own
    actions. ``steady``: each decision from :func:`steady_rng`. Every event heard, in order."""
    player = ComputerPlayer("easy", random.Random(seed))
    heard: list[g.Event] = []
    seat = remote.seat
    done = 0
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        obs = remote.observation(seat)
        heard.extend(remote.news())
        if obs.phase == g.GAME_OVER or (acts is not None and done >= acts):
            return heard
        if my_turn(obs) and not (obs.phase == g.DEAL_OVER and seat in remote.ready):
            try:
                done += 1
                rng = steady_rng(seed, obs) if steady else None
                heard.extend(remote.apply(player.act(obs, rng=rng), seat))
            except g.IllegalActionError as e:
                # Asked for the next deal twice (the seats saying so had not come yet), and
                # the deal came in between.
                assert e.code == g.Refusal.DEAL_NOT_OVER, e
        else:
            heard.extend(remote.wait(1.0))


# ---------------------------------------------------------------------- the fuzzing client


def fuzz_frames(rng: random.Random, obs: g.Observation | None) -> Iterator[str | bytes]:
    """Frames a server must refuse, changing nothing: malformed JSON, unknown kinds, wrong
    fields, oversized, binary, and actions out of turn or for another seat (``obs``: the seat's
    observation, to make actions that are not legal now)."""
    legal = {a.to_text() for a in obs.legal} if obs is not None else set()
    seat = obs.seat if obs is not None else 0
    cards = [c.short for c in DECK]
    while True:
        kind = rng.randrange(12)
        if kind == 0:
            text = json.dumps({"type": "act", "seq": 1, "action": "play 0 5H"})
            yield text[: rng.randrange(len(text))]
        elif kind == 1:
            yield json.dumps({"type": rng.choice(["hack", "", "ACT", "hello2", "undo"]), "x": 1})
        elif kind == 2:
            yield json.dumps({"type": "act", "seq": rng.choice([-1, "1", None, 2**40, 1.5]), "action": "go 0"})
        elif kind == 3:
            yield json.dumps({"type": "act", "seq": 1, "action": "go 0", "extra": True})
        elif kind == 4:
            yield json.dumps({"type": "say", "text": "x" * (p.MAX_FRAME + rng.randrange(100))})
        elif kind == 5:
            yield bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
        elif kind == 6:
            yield rng.choice(["[]", "null", "1", '"act"', "{}", "[" * 5000, '{"type":'])
        elif kind == 7:
            other = (seat + 1 + rng.randrange(5)) % 6
            action = rng.choice(
                [
                    f"go {other}",
                    f"play {other} {rng.choice(cards)}",
                    f"discard {other} {rng.choice(cards)} {rng.choice(cards)}",
                ]
            )
            yield json.dumps({"type": "act", "seq": rng.randrange(100), "action": action})
        elif kind == 8:
            action = rng.choice(
                [
                    "deal",
                    "starter 5H",
                    "cut 5H 6D",
                    "next",
                    f"claim {seat} 99",
                    f"muggins {seat}",
                    "teleport",
                    "play",
                    f"play {seat} ZZ",
                    f"play {seat} {rng.choice(cards)}",
                    f"go {seat}",
                    f"discard {seat} {rng.choice(cards)}",
                ]
            )
            if action in legal:
                continue  # (only what must be refused)
            yield json.dumps({"type": "act", "seq": rng.randrange(100), "action": action})
        elif kind == 9:
            yield json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": "again"})
        elif kind == 10:
            yield json.dumps({"type": "act", "seq": 1, "action": "\x1b[2J" + "a" * 100})
        else:
            yield json.dumps({"type": "act", "action": "go 0"})


def lobby_fuzz_frames(rng: random.Random) -> Iterator[str]:
    """Frames a room's lobby must refuse, changing nothing (its table "Kitchen" taken): room
    messages of bad sizes, targets, teams, computer seats and names, unknown tables, another
    version, a table's message before any table."""
    while True:
        yield rng.choice(
            [
                json.dumps({"type": "create", "name": "X", "players": 7}),
                json.dumps({"type": "create", "name": "X", "target": 500}),
                json.dumps({"type": "create", "name": "X", "teams": 9}),
                json.dumps({"type": "create", "name": "X", "computers": [0]}),
                json.dumps({"type": "create", "name": "X", "computers": [1, 2, 3, 4, 5, 6, 7]}),
                json.dumps({"type": "create", "name": "x" * 121}),
                json.dumps({"type": "create", "name": "\x1b[31m\u202e"}),
                json.dumps({"type": "create", "name": "kitchen"}),
                json.dumps({"type": "create"}),
                json.dumps({"type": "list", "all": True}),
                json.dumps({"type": "watch", "table": "Nowhere"}),
                json.dumps({"type": "watch", "table": 5}),
                json.dumps({"type": "hello", "version": p.VERSION, "code": "", "name": "A", "table": "Nowhere"}),
                json.dumps({"type": "hello", "version": 99, "code": "", "name": "A", "table": "Kitchen"}),
                json.dumps({"type": "act", "seq": 1, "action": "go 0"}),
                json.dumps({"type": "leave"}),
                "{" * 3000,
            ]
        )

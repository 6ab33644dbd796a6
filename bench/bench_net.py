"""Network play, measured (issue 26, item 8): the time from an action sent by one client to the
event arriving at another, against a bare websockets echo in the same run; the referee's time
per frame, and the memory of a table.

    python bench/bench_net.py [--games 4] [--echo 1000] [--tables 300]

1. Echo: a websockets echo server (asyncio, in a thread) and its sync client on the loopback,
   one round trip at a time: p50 and p95.
2. Action to the other client: two scripted people at a two-seat table served on the loopback,
   each in a thread of its own; every action is stamped when sent, and the other client's
   thread stamps the update it caused as it takes it from the socket: p50, p95.
3. The referee alone: the time of ``Referee.receive`` for every action of whole games (what
   one server process spends per action, the loop's share), p50 and p95, and frames per second.
4. Memory: ``tracemalloc`` over ``--tables`` tables, each with two people seated and its game
   under way: KiB per table.

From 3 and 4 it estimates how many tables one process holds (see the printed assumptions);
that is an estimate from the referee's cost, not a load test of thousands of sockets. Never
gates CI; run it with ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import threading
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from websockets.asyncio.server import ServerConnection, serve  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from spoken_cribbage.ai.players import ComputerPlayer  # noqa: E402
from spoken_cribbage.engine import game as g  # noqa: E402
from spoken_cribbage.net import protocol as p  # noqa: E402
from spoken_cribbage.net.client import RemoteTable  # noqa: E402
from testkit.net_support import CODE, my_turn, running, table  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(values: list[float]) -> str:
    return f"p50 {pct(values, 0.5) * 1000:.2f} ms, p95 {pct(values, 0.95) * 1000:.2f} ms ({len(values)} samples)"


def echo(rounds: int) -> list[float]:
    started, box = threading.Event(), {}

    async def handler(ws: ServerConnection) -> None:
        async for message in ws:
            await ws.send(message)

    def run() -> None:
        async def main() -> None:
            async with serve(handler, "127.0.0.1", 0, compression=None) as server:
                box["port"] = next(iter(server.sockets)).getsockname()[1]
                box["loop"], box["stop"] = asyncio.get_running_loop(), asyncio.Event()
                started.set()
                await box["stop"].wait()

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    started.wait(10)
    frame = json.dumps({"type": "act", "seq": 1, "action": "play 0 5H"})
    times = []
    with connect(f"ws://127.0.0.1:{box['port']}", compression=None) as ws:
        for _ in range(rounds):
            start = time.perf_counter()
            ws.send(frame)
            ws.recv(timeout=5)
            times.append(time.perf_counter() - start)
    box["loop"].call_soon_threadsafe(box["stop"].set)
    thread.join(10)
    return times


def action_to_other(games: int) -> list[float]:
    """Two people each in a thread; the delay from one's send to the other's taking the
    update it caused."""
    delays: list[float] = []
    for k in range(games):
        referee = table(2, seed=40 + k, target=121)
        sent: dict[int, float] = {}  # the game's event count before an action -> its send time
        lock = threading.Lock()
        with running(referee) as address:
            remotes = [RemoteTable.join(address, CODE, f"P{i}") for i in range(2)]

            def play(
                remote: RemoteTable, seed: int, sent: dict[int, float] = sent, lock: threading.Lock = lock
            ) -> None:
                player, seat = ComputerPlayer("easy", random.Random(seed)), remote.seat
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline:
                    obs = remote.observation(seat)
                    if obs.phase == g.GAME_OVER:
                        return
                    if my_turn(obs):
                        with lock:
                            sent[len(remote.story)] = time.perf_counter()
                        with contextlib.suppress(g.IllegalActionError):
                            remote.apply(player.act(obs), seat)
                    else:
                        before = len(remote.story)
                        remote.wait(1.0)
                        now = time.perf_counter()
                        with lock:
                            start = sent.pop(before, None)
                        if start is not None and len(remote.story) > before:
                            delays.append(now - start)

            threads = [threading.Thread(target=play, args=(r, i)) for i, r in enumerate(remotes)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(70)
            for r in remotes:
                r.close()
    return delays


def referee_cost(games: int) -> tuple[list[float], int]:
    """Referee.receive's time for each action of whole games between two seated people."""
    times: list[float] = []
    frames = 0
    for k in range(games):
        referee = table(2, seed=60 + k, target=121)
        a, b = referee.connect(), referee.connect()
        for ident, name in ((a, "A"), (b, "B")):
            referee.receive(ident, json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": name}))
        players = {0: ComputerPlayer("easy", random.Random(k)), 1: ComputerPlayer("easy", random.Random(k + 99))}
        seq = 0
        game = referee.game
        while game.phase != g.GAME_OVER:
            for seat, ident in ((0, a), (1, b)):
                obs = game.observation(seat)
                if not my_turn(obs) or seat in referee.ready:  # (the next deal waits for both)
                    continue
                seq += 1
                frame = json.dumps({"type": "act", "seq": seq, "action": players[seat].act(obs).to_text()})
                start = time.perf_counter()
                out = referee.receive(ident, frame)
                times.append(time.perf_counter() - start)
                frames += len(out.frames)
                break
    return times, frames


def memory(tables: int) -> float:
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = []
    for k in range(tables):
        referee = table(2, seed=k)
        for name in ("A", "B"):
            referee.receive(
                referee.connect(), json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": name})
            )
        kept.append(referee)
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / tables / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--echo", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=300)
    args = parser.parse_args()
    print(f"bare websockets echo, round trip: {ms(echo(args.echo))}")
    print(f"an action to the update at the other client: {ms(action_to_other(args.games))}")
    cost, frames = referee_cost(args.games)
    per_second = len(cost) / sum(cost)
    print(
        f"the referee per action (both updates encoded): {ms(cost)}; "
        f"{per_second:,.0f} actions/s on one core, {frames} frames"
    )
    kib = memory(args.tables)
    print(f"memory per table (two people seated, game under way): {kib:.0f} KiB")
    # A person acts every 2 s at the busiest (a discard, then plays): 0.5 actions/s a seat,
    # 1 a second for a two-seat table; the loop stays under 50 ms at p95 while it is busy at most
    # about half the time (an M/D/1-like queue's wait grows sharply past that).
    tables = int(per_second * 0.5 / 1.0)
    print(
        f"estimate: one process holds about {tables:,} two-seat tables ({2 * tables:,} "
        f"players) at one action a second each with the loop half busy; their memory "
        f"{tables * kib / 1024:.0f} MiB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

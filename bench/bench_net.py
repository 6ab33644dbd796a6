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

From 3 and 4 it estimates how many tables one process holds (see the printed assumptions).

5. The socket load test (``--load 200,500,1000``): for each number of players, a fresh
   ``spoken-cribbage serve --plain`` process (the real room: every table saved after every
   action), and in this process that many people as asyncio websockets clients, two to a
   public table they open, each acting ``--think`` seconds after their turn comes (a random
   legal action from the observation the server sent: no engine on the client side). Measured
   for ``--seconds`` after a warm-up: the time from one person's action sent to the update
   taken by the other person of the table (p50, p95), actions a second, the server's CPU share
   and its memory (RSS) per table. The clients share the machine with the server, so on a
   machine of few cores the figure is a floor of what the server alone holds.

6. TLS connections (``--handshakes 1500``): that many wss connections to an echo server with
   the host's own TLS context (net.tls.server_context), each sending 20 frames at once and
   reading the 60 echoed while its library's reader thread runs, as a seat's first moments do;
   beside the same with TLS 1.3 session tickets sent (Python's default, which the context had
   before): connections whose opening handshake went unanswered or whose line dropped, and the
   time per connection.

Never gates CI; run it with ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parents[1]

import msgspec  # noqa: E402
from websockets.asyncio.server import ServerConnection, serve  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
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


# ---------------------------------------------------------------------- the socket load test

#: A step is held when the action's p95 to the other person is under this (issue 26, item 8).
HELD_P95 = 0.050


def _start_room(home: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "HOME": str(home), "SPOKEN_CRIBBAGE_HOME": str(home / "s"), "XDG_DATA_HOME": str(home / "d")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "spoken_cribbage", "serve", "--plain", "--port", "0", "--tables", "100000"],
        cwd=ROOT,
        env=env,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"join 127\.0\.0\.1:(\d+)", line)
    if not found:
        proc.kill()
        raise RuntimeError(f"the room did not start: {line!r}")
    return proc, int(found.group(1))


def _start_echo() -> tuple[subprocess.Popen[str], int]:
    """A bare websockets echo server in a process of its own (``--echo-server``): its port."""
    proc = subprocess.Popen([sys.executable, __file__, "--echo-server"], cwd=ROOT, text=True, stdout=subprocess.PIPE)
    assert proc.stdout is not None
    return proc, int(proc.stdout.readline())


def _echo_server() -> int:
    async def handler(ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for message in ws:
                await ws.send(message)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0, compression=None) as server:
            print(next(iter(server.sockets)).getsockname()[1], flush=True)
            await asyncio.Future()

    asyncio.run(main())
    return 0


def _proc_stat(pid: int) -> tuple[float, int, int]:
    """(CPU seconds used, RSS in KiB, peak RSS in KiB) of process ``pid`` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    cpu = (int(fields[11]) + int(fields[12])) / ticks
    status = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(("VmRSS:", "VmHWM:")):
            status[line.split(":")[0]] = line.split()[1]
    return cpu, int(status["VmRSS"]), int(status["VmHWM"])


class _Load:
    def __init__(self, think: float, measuring: list[bool]) -> None:
        self.think = think
        self.measuring = measuring
        self.delays: list[float] = []
        self.actions = 0
        self.pending: dict[str, tuple[int, float]] = {}  # table -> (seat that acted, when)
        self.reasons: dict[str, int] = {}
        self.server_cpu = 0.0  # the server's CPU seconds while measuring
        self.seated = 0  # the people welcomed at their table
        self.echo: list[float] = []  # the bare echo's round trips while measuring
        self.rss_seated = 0  # the server's RSS (KiB) once everyone is seated


def _my_turn(obs: dict, seat: int, asked: set) -> bool:
    if not obs["legal"]:
        return False
    phase = obs["phase"]
    if phase == "discard":
        return seat in obs["waiting"]
    if phase in ("play", "show"):
        return obs["to_act"] == seat
    if phase == "deal over":
        return obs["deal"] not in asked
    return False


class _Person:
    """One person at a load test's table: a websockets client that acts ``think`` seconds
    (give or take half) after each of its turns, with a random legal action."""

    def __init__(self, ws, table: str, load: _Load, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
        self.ws, self.table, self.load, self.rng = ws, table, load, rng
        self.seat, self.seq, self.busy, self.rematched = -1, 0, False, -1
        self.asked: set[int] = set()

    async def act(self, action: str) -> None:
        await asyncio.sleep(self.load.think * self.rng.uniform(0.5, 1.5))
        self.seq += 1
        self.load.pending[self.table] = (self.seat, time.perf_counter())
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(p.encode(p.Act(self.seq, action)))

    async def take(self, message: dict) -> None:
        load, kind = self.load, message["type"]
        if kind == "welcome":
            self.seat = message["seat"]
            load.seated += 1
        elif kind == "refused":
            self.busy = False
            if message.get("reason") != "illegal":
                load.reasons[message.get("reason")] = load.reasons.get(message.get("reason"), 0) + 1
        elif kind == "update":
            now = time.perf_counter()
            pending = load.pending.get(self.table)
            if message["events"] and pending is not None and pending[0] != self.seat:
                del load.pending[self.table]
                if load.measuring[0]:
                    load.delays.append(now - pending[1])
            if message.get("ack") is not None:
                self.busy = False
                load.actions += load.measuring[0]
            obs = message["observation"]
            if obs["phase"] == "game over" and self.rematched != obs["deal"]:
                self.rematched = obs["deal"]
                await self.ws.send(p.encode(p.Rematch()))
            elif not self.busy and _my_turn(obs, self.seat, self.asked):
                self.busy = True
                if obs["phase"] == "deal over":
                    self.asked.add(obs["deal"])
                asyncio.get_running_loop().create_task(self.act(self.rng.choice(obs["legal"])))


async def _person(
    uri: str, table: str, first: bool, load: _Load, stop_at: float, rng: random.Random, opened: asyncio.Event
) -> None:
    from websockets.asyncio.client import connect as aconnect

    async with aconnect(uri, compression=None, max_size=8 * 1024 * 1024, open_timeout=120, close_timeout=1) as ws:
        if first:  # (the first person opens the table, on their own connection)
            await ws.send(p.encode(p.Create(table, 2, 121)))
            await ws.recv()
            opened.set()
        await opened.wait()
        await ws.send(p.encode(p.Hello(p.VERSION, "", "P1" if first else "P2", table)))
        person = _Person(ws, table, load, rng)
        while time.monotonic() < stop_at:
            try:
                frame = await asyncio.wait_for(ws.recv(), timeout=max(0.01, stop_at - time.monotonic()))
            except (asyncio.TimeoutError, TimeoutError):
                return
            await person.take(msgspec.json.decode(frame))


async def _pinger(port: int, load: _Load, stop: asyncio.Event) -> None:
    """The bare echo, beside the load: a frame the size of an update every 20 ms, its round
    trip kept while measuring."""
    from websockets.asyncio.client import connect as aconnect

    frame = json.dumps({"type": "update", "pad": "x" * 900})
    async with aconnect(f"ws://127.0.0.1:{port}", compression=None) as ws:
        while not stop.is_set():
            start = time.perf_counter()
            await ws.send(frame)
            await ws.recv()
            if load.measuring[0]:
                load.echo.append(time.perf_counter() - start)
            await asyncio.sleep(0.02)


async def _load_level(
    port: int, echo_port: int, pid: int, players: int, think: float, warm: float, seconds: float, opening: float
) -> _Load:
    uri = f"ws://127.0.0.1:{port}"
    measuring = [False]
    load = _Load(think, measuring)
    stop_at = time.monotonic() + opening + warm + seconds + 30
    rng = random.Random(players)
    people = []
    for k in range(players // 2):
        opened = asyncio.Event()
        for first in (True, False):
            person = _person(uri, f"t{k}", first, load, stop_at, random.Random(rng.random()), opened)
            people.append(asyncio.create_task(person))
        if k % 20 == 19:
            await asyncio.sleep(0.05)  # (people arrive, 800 a second: not a connection storm)
    deadline = time.monotonic() + opening
    while load.seated < players and time.monotonic() < deadline and not all(t.done() for t in people):
        await asyncio.sleep(0.2)
    load.rss_seated = _proc_stat(pid)[1]
    stop = asyncio.Event()
    pinger = asyncio.create_task(_pinger(echo_port, load, stop))
    await asyncio.sleep(warm)
    cpu = _proc_stat(pid)[0]
    measuring[0] = True
    await asyncio.sleep(seconds)
    measuring[0] = False
    load.server_cpu = _proc_stat(pid)[0] - cpu
    stop.set()
    for task in people:
        task.cancel()
    failed = await asyncio.gather(*people, return_exceptions=True)
    await asyncio.gather(pinger, return_exceptions=True)
    load.reasons["client failures"] = sum(isinstance(f, Exception) for f in failed)
    return load


def socket_load(
    levels: list[int], think: float, warm: float, seconds: float, opening: float = 120.0, every: bool = False
) -> list[dict[str, object]]:
    """Each step of the load test (printed as it ends): its figures, as a dict; the steps stop
    at the first not held (p95 of the action over 50 ms) unless ``every``."""
    rows: list[dict[str, object]] = []
    for players in levels:
        tables = players // 2
        with tempfile.TemporaryDirectory() as home:
            proc, port = _start_room(Path(home))
            echo_proc, echo_port = _start_echo()
            try:
                rss0 = _proc_stat(proc.pid)[1]
                start, mine = time.monotonic(), time.process_time()
                load = asyncio.run(_load_level(port, echo_port, proc.pid, players, think, warm, seconds, opening))
                rss1, peak = _proc_stat(proc.pid)[1:]
                wall, mine = time.monotonic() - start, time.process_time() - mine
            finally:
                for pr in (proc, echo_proc):
                    pr.kill()
                    pr.wait(10)
        delays, echo = load.delays or [float("nan")], load.echo or [float("nan")]
        p95, echo95, rate = pct(delays, 0.95), pct(echo, 0.95), load.actions / seconds
        held = load.seated == players and bool(load.delays) and p95 < HELD_P95
        row: dict[str, object] = {
            "players": players,
            "seated": load.seated,
            "think": think,
            "p50": pct(delays, 0.5),
            "p95": p95,
            "samples": len(load.delays),
            "echo p50": pct(echo, 0.5),
            "echo p95": echo95,
            "actions/s": rate,
            "server cpu": load.server_cpu / seconds,
            "ms an action": 1000 * load.server_cpu / max(1, load.actions),
            "clients cpu": mine / wall,
            "load": os.getloadavg()[0],
            "rss MiB": rss1 / 1024,
            "peak MiB": peak / 1024,
            "KiB a table": (load.rss_seated - rss0) / max(1, tables),
            "failures": {k: v for k, v in load.reasons.items() if v},
            "held": held,
        }
        rows.append(row)
        print(
            f"{players:>5} players ({tables} tables, {load.seated} seated), think {think:g} s: action to the other "
            f"person {ms(delays)}; bare echo beside it {ms(echo)}, p95 ratio {p95 / echo95:.1f}; "
            f"{rate:,.0f} actions/s ({rate / players:.2f} a player); server CPU {100 * load.server_cpu / seconds:.0f}% "
            f"of a core, {row['ms an action']:.2f} ms an action (the clients {100 * mine / wall:.0f}%; load average "
            f"{row['load']:.1f}); RSS {rss1 / 1024:.0f} MiB, peak {peak / 1024:.0f} MiB, {row['KiB a table']:.0f} KiB "
            f"a table seated; failures {row['failures']}; {'held' if held else 'NOT held'} (p95 < 50 ms)",
            flush=True,
        )
        if not row["held"] and not every:
            break
    return rows


def handshakes(n: int, tickets: int) -> tuple[dict[str, int], float]:
    """``n`` wss connections to an echo server whose context sends ``tickets`` TLS 1.3 session
    tickets (otherwise the host's own): the failures by kind, and the seconds per connection."""
    from spoken_cribbage.net.tls import client_context, host_certificate, server_context

    cert, key = host_certificate(Path(tempfile.mkdtemp()))
    context = server_context(cert, key)
    context.num_tickets = tickets
    box: dict[str, object] = {}
    ready = threading.Event()

    async def echo3(ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in ws:
                for _ in range(3):
                    await ws.send(frame)

    async def main() -> None:
        async with serve(echo3, "127.0.0.1", 0, ssl=context, compression=None) as server:
            box["port"] = next(iter(server.sockets)).getsockname()[1]
            box["stop"] = stop = asyncio.Event()
            box["loop"] = asyncio.get_running_loop()
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    ready.wait(10)
    failures: dict[str, int] = {}
    start = time.perf_counter()
    for _ in range(n):
        try:
            with connect(
                f"wss://127.0.0.1:{box['port']}", ssl=client_context(), open_timeout=5, compression=None
            ) as ws:
                for k in range(20):
                    ws.send("x" * (k * 50))
                for _ in range(60):
                    ws.recv(timeout=5)
        except TimeoutError:
            failures["handshake unanswered"] = failures.get("handshake unanswered", 0) + 1
        except ConnectionClosed:
            failures["line dropped"] = failures.get("line dropped", 0) + 1
    seconds = (time.perf_counter() - start) / n
    loop = cast("asyncio.AbstractEventLoop", box["loop"])
    loop.call_soon_threadsafe(cast("asyncio.Event", box["stop"]).set)
    thread.join(10)
    return failures, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--echo", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--load", default="", help="players per step of the socket load test, e.g. 1000,4000,6750")
    parser.add_argument("--think", type=float, default=3.0, help="seconds a person takes to act (load test)")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds measured per step (load test)")
    parser.add_argument("--warm", type=float, default=5.0, help="seconds of warm-up per step (load test)")
    parser.add_argument("--open", type=float, default=120.0, help="seconds to wait for everyone seated (load test)")
    parser.add_argument("--all", action="store_true", help="every step, even past the first not held (load test)")
    parser.add_argument("--handshakes", type=int, default=0, help="TLS connections, ours beside tickets sent")
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        return _echo_server()
    if args.handshakes:
        for label, tickets in (("ours, no session tickets", 0), ("session tickets sent (before)", 2)):
            failures, seconds = handshakes(args.handshakes, tickets)
            print(
                f"{label}: {args.handshakes} wss connections, {sum(failures.values())} failed "
                f"{failures or ''}, {seconds * 1000:.0f} ms each"
            )
        return 0
    if args.load:
        levels = [int(n) for n in args.load.split(",")]
        socket_load(levels, args.think, args.warm, args.seconds, args.open, args.all)
        return 0
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

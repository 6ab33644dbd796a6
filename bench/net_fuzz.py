"""The fuzzing client of network play (issue 26, item 7), the long run: malformed, unknown,
oversized, binary and out-of-turn frames, each of which the server must refuse with a reason,
with 0 server errors and the table unchanged.

    python bench/net_fuzz.py [--frames 100000] [--socket 2000] [--room 100000] [--seed 26]

``--frames`` go straight to the table's referee (the code that reads every frame); ``--socket``
more go over a real websocket on the loopback, through the asyncio server. Prints the count of
each refusal, the errors and the frames per second; exits 1 if any frame was not refused, any
error was counted or the table changed. ``--room`` more go to a room (``serve``): a third to its
lobby (room messages that must be refused), a third to a person seated at one of its tables, a
third to a watcher; its tables, the game, the names and the watchers must not change.
(tests/net/test_net_refuse.py and tests/net/test_net_room.py run samples.)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from websockets.sync.client import connect  # noqa: E402

from spoken_cribbage.ai.players import make_player  # noqa: E402
from spoken_cribbage.net import protocol as p  # noqa: E402
from spoken_cribbage.net.room import Room  # noqa: E402
from spoken_cribbage.net.server import Limits, Referee  # noqa: E402
from testkit.net_support import CODE, fuzz_frames, lobby_fuzz_frames, running, table  # noqa: E402

HELLO = json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": "Fuzz"})


def state(referee: Referee) -> tuple[object, ...]:
    game = referee.game
    return (list(game.actions), len(game.events), game.observation(0), game.observation(1))


def direct(frames: int, seed: int) -> tuple[Counter[str], int, bool]:
    referee = table(2, limits=Limits(rate=1e9, burst=1e9))
    fuzzer, other = referee.connect(), referee.connect()
    referee.receive(fuzzer, HELLO)
    referee.receive(other, HELLO.replace("Fuzz", "Other"))
    before = state(referee)
    reasons: Counter[str] = Counter()
    source = fuzz_frames(random.Random(seed), referee.game.observation(0))
    for _ in range(frames):
        out = referee.receive(fuzzer, next(source))
        answers = [p.decode_server(f) for _, f in out.frames]
        if len(answers) == 1 and isinstance(answers[0], p.Refused):
            reasons[answers[0].reason.value] += 1
        else:
            reasons["NOT REFUSED"] += 1
    return reasons, referee.errors, state(referee) == before


def socket(frames: int, seed: int) -> tuple[Counter[str], int, bool]:
    referee = table(2, computers=(1,), limits=Limits(rate=1e9, burst=1e9))
    reasons: Counter[str] = Counter()
    with running(referee) as address, connect(address) as ws:
        ws.send(HELLO)
        while not isinstance(p.decode_server(ws.recv(timeout=5)), p.Update):
            pass
        before = state(referee)
        source = fuzz_frames(random.Random(seed), referee.game.observation(0))
        for _ in range(frames):
            ws.send(next(source))
            answer = p.decode_server(ws.recv(timeout=5))
            key = answer.reason.value if isinstance(answer, p.Refused) else "NOT REFUSED"
            reasons[key] += 1
        same = state(referee) == before
    return reasons, referee.errors, same


def room(frames: int, seed: int) -> tuple[Counter[str], int, bool]:
    hall = Room(None, make_player, limits=Limits(rate=1e9, burst=1e9))
    lobby, seated, watcher = hall.connect(), hall.connect(), hall.connect()
    hall.receive(lobby, p.encode(p.Create("Kitchen", players=2)))
    hall.receive(seated, p.encode(p.Hello(p.VERSION, "", "Fuzz", "Kitchen")))
    hall.receive(watcher, p.encode(p.Watch("Kitchen")))
    referee = hall.tables["kitchen"].referee

    def now() -> tuple[object, ...]:
        return (sorted(hall.tables), list(referee.game.actions), list(referee.names), referee.watchers)

    before = now()
    rng = random.Random(seed)
    sources = [
        (lobby, lobby_fuzz_frames(rng)),
        (seated, fuzz_frames(rng, referee.game.observation(0))),
        (watcher, fuzz_frames(rng, None)),
    ]
    reasons: Counter[str] = Counter()
    for k in range(frames):
        ident, source = sources[k % 3]
        answers = [p.decode_server(f) for i, f in hall.receive(ident, next(source)).frames if i == ident]
        if answers and all(isinstance(a, p.Refused) for a in answers):
            reasons.update(a.reason.value for a in answers if isinstance(a, p.Refused))
        else:
            reasons["NOT REFUSED"] += 1
    return reasons, hall.errors + referee.errors, now() == before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--socket", type=int, default=2000)
    parser.add_argument("--room", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    ok = True
    for name, run, n in (
        ("referee", direct, args.frames),
        ("socket", socket, args.socket),
        ("room", room, args.room),
    ):
        if n <= 0:
            continue
        start = time.perf_counter()
        reasons, errors, same = run(n, args.seed)
        took = time.perf_counter() - start
        print(f"{name}: {n} frames in {took:.1f} s ({n / took:,.0f}/s); errors {errors}; table unchanged: {same}")
        for reason, count in reasons.most_common():
            print(f"  {reason}: {count}")
        ok = ok and errors == 0 and same and "NOT REFUSED" not in reasons
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

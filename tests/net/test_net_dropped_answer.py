"""A line that drops between the websocket handshake and the answer (a room's list or a new
table, a table's welcome) is a connection failure said in words (Closed), never a fault of the
program: the CI once saw `join --create` print "something went wrong: ConnectionClosedError".
Loopback only; the server ends by itself."""

from __future__ import annotations

import asyncio
import threading

import pytest
from websockets.asyncio.server import serve

from spoken_cribbage.app.line_seat import CONNECTION_ERRORS, failure
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import Closed, RemoteTable, room_ask


def _dropping_server(answer: p.ServerMessage | None = None, drops: int = 1000) -> tuple[str, threading.Event]:
    """A websocket server that drops its first ``drops`` connections, without a close frame, as
    soon as their first frame arrives, and sends ``answer`` (if given) on the others before it
    drops them too; its address, and the event that stops it."""
    ready, stop, box = threading.Event(), threading.Event(), {"seen": 0}

    async def handle(ws) -> None:
        await ws.recv()
        box["seen"] += 1
        if answer is not None and box["seen"] > drops:
            await ws.send(p.encode(answer))
        ws.transport.abort()

    async def main() -> None:
        async with serve(handle, "127.0.0.1", 0) as server:
            box["port"] = next(iter(server.sockets)).getsockname()[1]
            ready.set()
            for _ in range(300):  # (at most 30 s)
                if stop.is_set():
                    return
                await asyncio.sleep(0.1)

    threading.Thread(target=lambda: asyncio.run(main()), daemon=True).start()
    assert ready.wait(10)
    return f"ws://127.0.0.1:{box['port']}", stop


@pytest.mark.parametrize("ask", ["list", "create", "join"])
def test_a_line_dropped_before_the_answer_is_said_as_closed(ask):
    uri, stop = _dropping_server()
    try:
        with pytest.raises(Closed) as e:
            if ask == "list":
                room_ask(uri, "ROOM", p.ListTables(), timeout=5)
            elif ask == "create":
                room_ask(uri, "ROOM", p.Create("Porch"), timeout=5)
            else:
                RemoteTable.join(uri, "ROOM", "Lena", timeout=5)
        assert isinstance(e.value, CONNECTION_ERRORS)
        assert "something went wrong" not in failure(e.value, uri)
    finally:
        stop.set()


@pytest.mark.parametrize(
    "drops",
    [0, 1],
    ids=["an answer that came before the line dropped is kept", "the list is asked again once on a dropped line"],
)
def test_the_rooms_list_comes_through_a_line_dropped_after_or_before_it(drops):
    uri, stop = _dropping_server(p.Tables([]), drops=drops)
    try:
        assert room_ask(uri, "ROOM", p.ListTables(), timeout=5) == p.Tables([])
    finally:
        stop.set()

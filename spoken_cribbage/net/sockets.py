"""A table, or a room of tables, behind a websockets server (asyncio, issue 26).

:class:`TableServer` serves a :class:`Hall`: anything that takes connections and frames and
answers with frames to send (a :class:`~spoken_cribbage.net.server.Referee`, one table; or a
:class:`~spoken_cribbage.net.room.Room`, many). Every frame of every connection goes through
the one event loop, so a hall needs no lock. :class:`ServerThread` runs one in a thread of its
own, so that a program that plays at the table in its main thread can serve it too.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import ssl
import threading
from collections.abc import Callable
from typing import Protocol

from websockets.asyncio.server import Server, ServerConnection
from websockets.asyncio.server import serve as ws_serve
from websockets.exceptions import ConnectionClosed

from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.clocks import Outbox

__all__ = ["Hall", "TableServer", "ServerThread", "serve", "quiet_gc"]


#: A room's process holds a large heap of long-lived objects (its tables' games). CPython's full
#: collection, started whenever a quarter as many objects again have survived into its oldest
#: generation, walked the whole heap every 2 to 7 s in the load test at 4,000 players, for 0.1 to
#: 1.8 s each on this loaded machine, and collected nothing (a room's garbage is freed by
#: reference counting or in the young generations): the event loop stood still meanwhile, and
#: every action of the room waited (bench/bench_net.py --load; issue 26, item 8).
OLDEST_EVERY = 1000


def quiet_gc() -> None:
    """For a process that serves many tables (``spoken-cribbage serve``): what was loaded at the
    start is moved out of the cyclic collector's sight (``gc.freeze``), and its oldest generation
    is looked at after 1,000 collections of the middle one rather than 10. Cycles are still
    collected (the young generations as before, the oldest far less often)."""
    gc.freeze()
    young, middle, oldest = gc.get_threshold()
    gc.set_threshold(young, middle, max(oldest, OLDEST_EVERY))


class Hall(Protocol):
    """What a server serves: a table (``Referee``) or a room of tables (``Room``)."""

    def connect(self) -> int: ...

    def receive(self, ident: int, frame: str | bytes) -> Outbox: ...

    def disconnect(self, ident: int) -> Outbox: ...

    def tick(self) -> Outbox: ...


class TableServer:
    """A :class:`Referee` behind a websockets server on ``host``:``port`` (0: any free port)."""

    #: The websocket library's own limit: a frame past it closes the connection (1009); the
    #: referee refuses frames past :data:`~spoken_cribbage.net.protocol.MAX_FRAME` below it.
    WS_MAX_SIZE = 64 * 1024
    #: Seconds a connection may take to open (the websocket handshake after TLS): as long as a
    #: join on this machine waits (net.client.join_timeout). websockets' default of 10 s hung
    #: up on joins that a loaded machine (the CI's) answered late: the joining seat heard "did
    #: not receive a valid HTTP response".
    OPEN_TIMEOUT = 30.0

    def __init__(
        self, referee: Hall, host: str = "127.0.0.1", port: int = 0, ssl_context: ssl.SSLContext | None = None
    ) -> None:
        self.referee = referee
        self.host, self.port = host, port
        self.ssl_context = ssl_context
        self._server: Server | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._sockets: dict[int, ServerConnection] = {}

    async def start(self) -> int:
        """Listen; the port listened on."""
        self._server = await ws_serve(
            self._handle,
            self.host,
            self.port,
            ssl=self.ssl_context,
            max_size=self.WS_MAX_SIZE,
            compression=None,
            open_timeout=self.OPEN_TIMEOUT,
        )
        self._ticker = asyncio.create_task(self._tick())
        sock = next(iter(self._server.sockets))
        self.port = int(sock.getsockname()[1])
        return self.port

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            await self._send(self.referee.tick())

    async def close(self, reason: p.Reason = p.Reason.SERVER_CLOSING) -> None:
        """Tell every connection the table is closing (``reason``: why), then close."""
        if self._ticker is not None:
            self._ticker.cancel()
        bye = p.encode(p.Bye(reason))
        for ws in list(self._sockets.values()):
            with contextlib.suppress(ConnectionClosed):
                await ws.send(bye)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _send(self, out: Outbox) -> None:
        for ident, frame in out.frames:
            ws = self._sockets.get(ident)
            if ws is not None:
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(frame)

    async def _handle(self, ws: ServerConnection) -> None:
        ident = self.referee.connect()
        self._sockets[ident] = ws
        try:
            async for frame in ws:
                await self._send(self.referee.receive(ident, frame))
        except ConnectionClosed:
            pass
        finally:
            self._sockets.pop(ident, None)
            await self._send(self.referee.disconnect(ident))


async def serve(
    referee: Hall,
    host: str = "127.0.0.1",
    port: int = 0,
    ready: Callable[[int], None] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Run a table until ``stop`` is set (forever without one); ``ready`` hears the port."""
    server = TableServer(referee, host, port)
    bound = await server.start()
    if ready is not None:
        ready(bound)
    try:
        await (stop.wait() if stop is not None else asyncio.Future())
    finally:
        await server.close()


class ServerThread:
    """A table served from a thread of its own (its own asyncio loop), so that a program that
    plays at the table in its main thread (``spoken-cribbage host``) can serve it too."""

    def __init__(
        self, referee: Hall, host: str = "127.0.0.1", port: int = 0, ssl_context: ssl.SSLContext | None = None
    ) -> None:
        self.referee = referee
        self.host, self.port = host, port
        self.ssl_context = ssl_context
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self.reason = p.Reason.SERVER_CLOSING  # what the connections are told at the stop
        self._thread = threading.Thread(target=self._run, name="table-server", daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        """Serve; the port listened on (OSError when it cannot listen)."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the table's server did not start")
        if self._failed is not None:
            raise self._failed
        return self.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop

        async def main() -> None:
            server = TableServer(self.referee, self.host, self.port, self.ssl_context)
            try:
                self.port = await server.start()
            except OSError as e:
                self._failed = e
                self._ready.set()
                return
            self._stop = asyncio.Event()
            self._ready.set()
            await self._stop.wait()
            await server.close(self.reason)

        try:
            loop.run_until_complete(main())
        finally:
            loop.close()

    def stop(self, timeout: float = 10.0, reason: p.Reason = p.Reason.SERVER_CLOSING) -> None:
        """Close the table, the connections told why (``reason``)."""
        self.reason = reason
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout)

"""A small speech-dispatcher (SSIP) server for tests and the route benchmark: it logs instead of
speaking.

Every command a client sends is kept as an :class:`Event` (arrival time on ``time.perf_counter``,
client name, command word, the rest of the line or the SPEAK text). ``drop_after`` closes each
connection after that many SPEAKs (a speech-dispatcher that dies); ``refuse`` answers every
SPEAK with an error. Run it as a program to serve a socket path until killed (the fake
``speech-dispatcher --spawn`` of the tests does)::

    python testkit/ssip_server.py PATH
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Event:
    at: float
    client: str
    kind: str  # SPEAK, CANCEL, SET, QUIT, ...
    text: str


class FakeSSIPServer:
    def __init__(self, path: str | Path, *, drop_after: int | None = None, refuse: bool = False) -> None:
        self.path = str(path)
        self.drop_after = drop_after
        self.refuse = refuse
        self.events: list[Event] = []
        self.cond = threading.Condition()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        if os.path.exists(self.path):
            os.unlink(self.path)
        self._sock.bind(self.path)
        self._sock.listen(8)
        self._stop = False
        self._conns: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @property
    def address(self) -> str:
        return f"unix_socket:{self.path}"

    # --- what arrived -----------------------------------------------------------------------
    def of(self, kind: str) -> list[Event]:
        with self.cond:
            return [e for e in self.events if e.kind == kind]

    def spoken(self) -> list[str]:
        return [e.text for e in self.of("SPEAK")]

    def wait_for(self, pred, timeout: float = 5.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: pred(self.events), timeout)

    def close(self) -> None:
        self._stop = True
        for s in [self._sock, *self._conns]:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()
        with contextlib.suppress(OSError):
            os.unlink(self.path)

    # --- the protocol -------------------------------------------------------------------------
    def _log(self, client: str, kind: str, text: str) -> None:
        with self.cond:
            self.events.append(Event(time.perf_counter(), client, kind, text))
            self.cond.notify_all()

    def _accept(self) -> None:
        while not self._stop:
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            self._conns.append(conn)
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        f = conn.makefile("rb")
        client = "unnamed"
        speaks = 0

        def send(s: str) -> None:
            conn.sendall(s.encode())

        try:
            while True:
                raw = f.readline()
                if not raw:
                    return
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                word, _, rest = line.partition(" ")
                word = word.upper()
                if word == "SPEAK":
                    if self.refuse:
                        send("401 ERR NOT A VALID SPEAK\r\n")
                        continue
                    send("230 OK RECEIVING DATA\r\n")
                    text = _speak_text(f)
                    if text is None:
                        return
                    self._log(client, "SPEAK", text)
                    speaks += 1
                    if self.drop_after is not None and speaks >= self.drop_after:
                        return  # the server dies
                    send(f"225-{speaks}\r\n225 OK MESSAGE QUEUED\r\n")
                elif word in ("CANCEL", "STOP"):
                    self._log(client, word, rest)
                    send("210 OK CANCELED\r\n")
                elif word == "QUIT":
                    self._log(client, word, rest)
                    send("231 HAPPY HACKING\r\n")
                    return
                elif word == "LIST" and rest.upper().startswith("SYNTHESIS_VOICES"):
                    send("249-Alan\ten\tnone\r\n249-Ceres\tde\tnone\r\n249 OK VOICE LIST SENT\r\n")
                elif word == "SET" and rest.upper().startswith("SELF CLIENT_NAME "):
                    name = rest.split(None, 2)[2]
                    client = name.split(":")[1] if name.count(":") >= 2 else name
                    self._log(client, "SET", rest)
                    send("208 OK CLIENT NAME SET\r\n")
                elif word == "SET":
                    self._log(client, "SET", rest)
                    send("203 OK SET\r\n")
                else:
                    self._log(client, word, rest)
                    send("200 OK\r\n")
        except OSError:
            pass
        finally:
            conn.close()


def _speak_text(f) -> str | None:
    """The text of a SPEAK block, read up to its "." line (".." unescaped); None if the client
    hung up first."""
    parts = []
    while True:
        d = f.readline()
        if not d:
            return None
        d = d.decode("utf-8", "replace").rstrip("\r\n")
        if d == ".":
            return "\n".join(parts)
        parts.append(d[1:] if d.startswith("..") else d)


if __name__ == "__main__":
    server = FakeSSIPServer(sys.argv[1])
    while True:
        time.sleep(3600)

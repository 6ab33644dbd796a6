"""speech-dispatcher through its own protocol, SSIP, spoken directly: the player's own system voice.

SSIP is a small line protocol (``SET SELF CLIENT_NAME``, ``SPEAK`` + text ending in a lone
``.``, ``CANCEL SELF``, ``SET SELF RATE``/``VOLUME``/``SYNTHESIS_VOICE``; replies are
``NNN-data`` lines ending with one ``NNN text`` line). Debian's python3-speechd is not on PyPI,
so this small client stands in for it: one socket, one sender thread.

* :func:`server_address` reads ``$SPEECHD_ADDRESS`` (``unix_socket:PATH`` or
  ``inet_socket:HOST:PORT``), else the default socket
  ``$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`` (``~/.cache`` without XDG_RUNTIME_DIR),
  as libspeechd does.
* :class:`SSIPSpeaker` connects at once (failing fast when nothing listens: the caller falls
  back to espeak-ng), then never blocks the caller: ``say``/``stop``/settings go to a small
  queue that one thread sends. A new announcement at NOW priority cancels the old one (``CANCEL SELF``,
  then ``SPEAK``); ``stop`` sends ``CANCEL SELF`` at once; messages go with priority ``message``, so
  announcements said at NEXT or NORMAL :class:`~.priority.Priority` are said in order. A lost connection or a refused
  request is told once (``speech.stopped_working``); the speaker then stays silent.
* With ``$SPOKEN_CRIBBAGE_SPEECHD_SPAWN=1`` (or ``spawn=True``) a missing server is started
  with ``speech-dispatcher --spawn`` first, as libspeechd's autospawn does. Off by default:
  desktops start it themselves (socket activation, or Orca).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import socket
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from spoken_cribbage.notice import Notice

from .base import (
    MAX_QUEUED,
    MAX_RATE,
    MIN_RATE,
    EngineError,
    OnError,
    SpeechUnavailable,
    VoiceEntry,
    clamp_rate,
    clamp_volume,
    resolve_voice,
    safe_call,
    short,
)
from .priority import Priority

ADDRESS_ENV = "SPEECHD_ADDRESS"
SPAWN_ENV = "SPOKEN_CRIBBAGE_SPEECHD_SPAWN"
DEFAULT_SOCKET = Path("speech-dispatcher") / "speechd.sock"
CLIENT_NAME = "user:spoken-cribbage:main"
#: The rate setting (words a minute) that leaves speech-dispatcher's own rate (SSIP rate 0).
NEUTRAL_RATE = 180
#: Seconds to wait for the server while connecting and for each reply.
TIMEOUT_S = 2.0

Address = tuple[str, Any]  # ("unix", path) or ("inet", (host, port))


def server_address(env: Mapping[str, str] | None = None) -> Address:
    """Where speech-dispatcher listens: ``$SPEECHD_ADDRESS`` or the default socket.

    Raises SpeechUnavailable (``speech.ssip_bad_address``) for an address it cannot read."""
    env = os.environ if env is None else env
    value = (env.get(ADDRESS_ENV) or "").strip()
    if not value:
        runtime = env.get("XDG_RUNTIME_DIR") or env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        return ("unix", str(Path(runtime) / DEFAULT_SOCKET))
    method, _, rest = value.partition(":")
    if method == "unix_socket":
        if rest:
            return ("unix", rest)
        return server_address({k: v for k, v in env.items() if k != ADDRESS_ENV})
    if method == "inet_socket":
        host, _, port = rest.rpartition(":")
        try:
            return ("inet", (host or "127.0.0.1", int(port or 6560)))
        except ValueError:
            pass
    raise SpeechUnavailable("speech.ssip_bad_address", address=value)


def shown_address(address: Address) -> str:
    kind, where = address
    return where if kind == "unix" else f"{where[0]}:{where[1]}"


def ssip_rate(wpm: int) -> int:
    """Words a minute to SSIP's -100..100: 180 is 0 (the player's own rate), 80 is -100 and 450
    is 100, in straight lines between."""
    wpm = clamp_rate(wpm)
    if wpm <= NEUTRAL_RATE:
        return round((wpm - NEUTRAL_RATE) * 100 / (NEUTRAL_RATE - MIN_RATE))
    return round((wpm - NEUTRAL_RATE) * 100 / (MAX_RATE - NEUTRAL_RATE))


def ssip_volume(volume: float) -> int:
    """0.0..1.0 to SSIP's -100..100 (1.0 is 100, speech-dispatcher's default)."""
    return round(clamp_volume(volume) * 200 - 100)


def speak_data(text: str) -> bytes:
    """The data block of SPEAK: CRLF lines, a leading dot doubled, ending with a lone dot."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out = "".join(("." + line if line.startswith(".") else line) + "\r\n" for line in lines)
    return (out + ".\r\n").encode("utf-8")


class Connection:
    """One SSIP connection: send a command, read its reply (blocking, with a timeout)."""

    def __init__(self, address: Address, timeout: float = TIMEOUT_S) -> None:
        kind, where = address
        if kind == "unix":
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        else:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(where)
        except BaseException:
            sock.close()
            raise
        if kind == "inet":
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock
        self._in = sock.makefile("rb")

    def reply(self) -> tuple[int, list[str], str]:
        """(code, data lines, final text) of the next reply."""
        data: list[str] = []
        while True:
            raw = self._in.readline()
            if not raw:
                raise ConnectionError("speech-dispatcher closed the connection")
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if len(line) < 4 or not line[:3].isdigit():
                raise EngineError("speech.ssip_refused", reply=line[:80])
            if line[3] == "-":
                data.append(line[4:])
                continue
            return int(line[:3]), data, line[4:]

    def command(self, line: str, *, expect: str = "2") -> list[str]:
        """Send one command; its data lines. A reply not starting with ``expect`` is an error."""
        self.sock.sendall(line.encode("utf-8") + b"\r\n")
        return self._check(expect)

    def speak(self, text: str) -> None:
        self.command("SPEAK", expect="230")
        self.sock.sendall(speak_data(text))
        self._check("225")

    def _check(self, expect: str) -> list[str]:
        code, data, text = self.reply()
        if not str(code).startswith(expect):
            raise EngineError("speech.ssip_refused", reply=f"{code} {text}"[:80])
        return data

    def close(self) -> None:
        for closing in (self._in.close, self.sock.close):
            with contextlib.suppress(OSError):
                closing()


def spawn_server(address: Address, timeout: float = 5.0) -> None:
    """Ask ``speech-dispatcher --spawn`` to start on ``address`` (a local unix socket only)."""
    kind, where = address
    exe = shutil.which("speech-dispatcher")
    if kind != "unix" or exe is None:
        raise SpeechUnavailable("speech.ssip_cannot_spawn")
    try:
        done = subprocess.run(
            [exe, "--spawn", "--communication-method", "unix_socket", "--socket-path", where],
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SpeechUnavailable("speech.ssip_cannot_spawn") from exc
    if done.returncode != 0:
        raise SpeechUnavailable("speech.ssip_cannot_spawn")


def connect(address: Address, *, spawn: bool = False, timeout: float = TIMEOUT_S) -> Connection:
    """A connection to speech-dispatcher, started first if ``spawn`` and nothing listens.

    Raises SpeechUnavailable (``speech.no_ssip``) when it cannot be reached."""
    try:
        return Connection(address, timeout)
    except OSError as first:
        if not spawn:
            raise SpeechUnavailable("speech.no_ssip", address=shown_address(address), detail=short(first)) from first
    spawn_server(address)
    deadline = time.monotonic() + timeout
    while True:
        try:
            return Connection(address, timeout)
        except OSError as exc:
            if time.monotonic() > deadline:
                raise SpeechUnavailable("speech.no_ssip", address=shown_address(address), detail=short(exc)) from exc
            time.sleep(0.05)


_LIVE: weakref.WeakSet[SSIPSpeaker] = weakref.WeakSet()


@atexit.register
def _close_live() -> None:
    """Cancel what we asked for when the game exits: speech-dispatcher keeps speaking the
    messages of a client that just disconnects."""
    for speaker in list(_LIVE):
        with contextlib.suppress(Exception):
            speaker.close()


class SSIPSpeaker:
    """Speech through speech-dispatcher (the player's voice, rate and language).

    Connects in the constructor (SpeechUnavailable if it cannot); after that nothing blocks and
    nothing raises: one thread sends what ``say``, ``stop`` and the settings queue."""

    def __init__(
        self,
        *,
        rate: int | None = None,
        volume: float | None = None,
        voice: str | None = None,
        on_error: OnError | None = None,
        address: Address | None = None,
        spawn: bool | None = None,
        timeout: float = TIMEOUT_S,
    ) -> None:
        self._on_error = on_error
        self.address = address or server_address()
        if spawn is None:
            spawn = os.environ.get(SPAWN_ENV, "").strip().lower() in ("1", "yes", "true", "on")
        self._conn = connect(self.address, spawn=spawn, timeout=timeout)
        try:
            self._conn.command(f"SET SELF CLIENT_NAME {CLIENT_NAME}")
            self._conn.command("SET SELF PRIORITY message")
            self._voices = self._list_voices()
        except (OSError, EngineError) as exc:
            self._conn.close()
            raise SpeechUnavailable("speech.no_ssip", address=shown_address(self.address), detail=short(exc)) from exc
        self._cond = threading.Condition()
        self._todo: deque[tuple[str, Any]] = deque()
        self._closing = False
        self._failed = False
        self.sent = 0  # SPEAK commands the server accepted
        self.available = True
        self.status = Notice("speech.ssip")
        self.description = f"speech-dispatcher at {shown_address(self.address)}"
        if rate is not None:
            self.set_rate(rate)
        if volume is not None:
            self.set_volume(volume)
        if voice is not None and voice.strip():
            try:
                self.set_voice(voice)
            except ValueError:
                self._conn.close()
                raise
        self._thread = threading.Thread(target=self._run, name="speech-ssip", daemon=True)
        self._thread.start()
        _LIVE.add(self)

    # --- the Speaker protocol ----------------------------------------------------------------
    def say(self, text: str, *, priority: Priority = Priority.NOW) -> None:
        """Speak ``text``; at NOW (the default) cancel what is being said or waits first.

        NEXT is queued as NORMAL is: what we sent waits in speech-dispatcher's queue, where
        messages of one SSIP priority are said in order and cannot be reordered, and its
        ``important`` priority (the only one that goes first) would cut into other
        programs' speech too."""
        with self._cond:
            if self._closing or self._failed:
                return
            if priority.interrupts:
                self._drop_speech_locked()
                self._todo.append(("cancel", None))
            if text and text.strip():
                self._todo.append(("speak", text))
                speaks = [item for item in self._todo if item[0] == "speak"]
                for extra in speaks[: max(0, len(speaks) - MAX_QUEUED - 1)]:
                    self._todo.remove(extra)  # never a pile-up behind fast key presses
            self._cond.notify_all()

    def stop(self) -> None:
        """Silence at once: forget what waits and cancel what is being said."""
        with self._cond:
            if self._closing or self._failed:
                return
            self._drop_speech_locked()
            self._todo.append(("cancel", None))
            self._cond.notify_all()

    def set_rate(self, wpm: int) -> None:
        self._post(("set", f"RATE {ssip_rate(wpm)}"))

    def set_volume(self, volume: float) -> None:
        self._post(("set", f"VOLUME {ssip_volume(volume)}"))

    def set_voice(self, voice: str | None) -> None:
        """A voice by name or language (BadSpeechValue, a ValueError, if none matches)."""
        if voice is None or not voice.strip():
            return
        self._post(("set", f"SYNTHESIS_VOICE {resolve_voice(voice, self._voices)}"))

    def voice_entries(self) -> list[VoiceEntry]:
        """(name, name, languages) of every voice the server lists (see base.language_voice)."""
        return list(self._voices)

    def list_voices(self) -> list[str]:
        return [name for _, name, _ in self._voices]

    def close(self) -> None:
        """Cancel our speech, say goodbye to the server and stop the thread."""
        with self._cond:
            if self._closing:
                return
            self._closing = True
            self._todo.clear()
            if not self._failed:
                self._todo.append(("cancel", None))
                self._todo.append(("quit", None))
            self._cond.notify_all()
        self.available = False
        thread = getattr(self, "_thread", None)
        if thread is not None and threading.current_thread() is not thread:
            thread.join(timeout=1.0)
        self._conn.close()

    # --- internals ---------------------------------------------------------------------------
    def _list_voices(self) -> list[VoiceEntry]:
        try:
            lines = self._conn.command("LIST SYNTHESIS_VOICES")
        except EngineError:
            return []  # an older server: voices cannot be chosen, speech still works
        voices = []
        for line in lines:
            parts = line.split("\t")
            if parts and parts[0]:
                langs = [parts[1].lower()] if len(parts) > 1 and parts[1] else []
                voices.append((parts[0], parts[0], langs))
        return voices

    def _drop_speech_locked(self) -> None:
        kept = [item for item in self._todo if item[0] == "set"]
        self._todo.clear()
        self._todo.extend(kept)

    def _post(self, item: tuple[str, Any]) -> None:
        with self._cond:
            if not (self._closing or self._failed):
                self._todo.append(item)
                self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._todo:
                    if self._closing:
                        return
                    self._cond.wait()
                kind, value = self._todo.popleft()
                while kind == "cancel" and self._todo and self._todo[0][0] == "cancel":
                    self._todo.popleft()  # one CANCEL is enough
            try:
                if kind == "cancel":
                    self._conn.command("CANCEL SELF")
                elif kind == "speak":
                    self._conn.speak(value)
                    self.sent += 1
                elif kind == "set":
                    self._conn.command(f"SET SELF {value}")
                elif kind == "quit":
                    self._conn.command("QUIT")
                    return
            except (OSError, EngineError) as exc:
                self._fail(exc)
                return

    def _fail(self, exc: BaseException) -> None:
        """Go silent for good and tell the player once (not when closing: that is expected)."""
        with self._cond:
            if self._failed or self._closing:
                return
            self._failed = True
            self._todo.clear()
        self.available = False
        reason = short(exc) if isinstance(exc, EngineError) else Notice("speech.ssip_lost", detail=short(exc))
        self.status = Notice("speech.none", reason=Notice("speech.failed", reason=reason))
        self.description = f"no speech: speech-dispatcher stopped working ({reason})"
        self._conn.close()
        safe_call(self._on_error, Notice("speech.stopped_working", reason=reason))

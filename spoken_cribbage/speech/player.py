"""An explicit player command as the audio output (``$SPOKEN_CRIBBAGE_AUDIO="cmd ..."``).

Not used unless asked for: the default output is the sound device through sounddevice
(:mod:`.audio`).  A player is a long-lived child process fed raw PCM through a pipe, its stderr
in a temporary file (never the terminal).  Interrupting kills it: the silence is immediate.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from spoken_cribbage.notice import Notice

from .base import AudioError, Reason, short
from .sink import DEFAULT_SAMPLE_RATE, AudioSink


def _spawn(argv: Sequence[str]) -> tuple[subprocess.Popen[bytes], IO[bytes]]:
    """Start a player with its stderr in a temporary file (never the terminal)."""
    err = tempfile.TemporaryFile()  # noqa: SIM115 - kept by the _Player, which closes it in reap()
    proc = subprocess.Popen(
        list(argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=err,
        bufsize=0,
        start_new_session=True,  # Ctrl+C in the terminal must not kill the player
    )
    return proc, err


_SOURCE_PREFIX = re.compile(r"^(?:[\w.-]+:\s*)?(?:[\w.]+:\d+:(?:\([^)]*\))?\s*)+")


def _last_line(data: bytes) -> str:
    """Last non-empty line of a player's stderr, without "aplay: main:831:" style prefixes."""
    lines = [ln.strip() for ln in data[-2000:].decode("utf-8", "replace").splitlines()]
    lines = [ln for ln in lines if ln]
    return _SOURCE_PREFIX.sub("", lines[-1]) if lines else ""


def _tail(err: IO[bytes]) -> str:
    """Last meaningful line a player wrote to its stderr file."""
    try:
        err.seek(0)
        return _last_line(err.read())
    except (OSError, ValueError):
        return ""


@dataclass
class _Player:
    """One player process and the file catching its stderr."""

    proc: subprocess.Popen[bytes]
    err: IO[bytes]
    killed: bool = False

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        self.killed = True
        with contextlib.suppress(OSError):
            self.proc.kill()

    def reap(self, timeout: float) -> bool:
        """Wait for exit and release the pipes; False if still running."""
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        for f in (self.proc.stdin, self.err):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        return True


class PlayerSink(AudioSink):
    """Streams PCM to a long-lived player process (``aplay`` by default).

    A spare player is kept started while idle, so that after an interruption (which kills the
    current player) the next utterance starts without waiting for a process to launch.
    ``argv`` may contain ``{rate}``, replaced by the sample rate when the sink opens.
    """

    def __init__(self, argv: Sequence[str], name: str | None = None, *, spare: bool = True) -> None:
        super().__init__()
        self._argv_template = list(argv)
        self._argv: list[str] = []
        self.name = name or Path(argv[0]).name
        self.description = f"audio via {self.name}"
        self.status = Notice("speech.output_player", player=self.name)
        self._use_spare = spare
        self._current: _Player | None = None  # gets the next utterance
        self._spare: _Player | None = None
        self._session: _Player | None = None  # plays the utterance in progress
        self._dead: list[_Player] = []  # killed, waiting to be reaped

    @property
    def pid(self) -> int | None:
        """Process id of the current player (for tests)."""
        player = self._current
        return player.proc.pid if player is not None else None

    def open(self, sample_rate: int) -> None:
        """Build the command line and start the player."""
        super().open(sample_rate)
        self._argv = [a.replace("{rate}", str(sample_rate)) for a in self._argv_template]
        with self._lock:
            self._ensure_locked()

    def _start(self) -> _Player:
        try:
            proc, err = _spawn(self._argv)
        except OSError as exc:
            raise AudioError(
                "speech.player_could_not_start", player=self.name, detail=short(exc.strerror or exc)
            ) from exc
        return _Player(proc, err)

    def _ensure_locked(self) -> _Player:
        """A live current player; AudioError if the current one died by itself."""
        cur = self._current
        if cur is not None and cur.alive():
            return cur
        if cur is not None and not cur.killed:
            raise self._died(cur)
        if cur is not None:
            self._dead.append(cur)
        spare, self._spare = self._spare, None
        if spare is not None and not spare.alive():
            self._dead.append(spare)  # e.g. the device allows one user only
            spare = None
        self._current = spare if spare is not None else self._start()
        return self._current

    def _died(self, player: _Player) -> AudioError:
        detail = _tail(player.err)
        code = player.proc.poll()
        why: Reason
        if detail:
            why = short(detail)
        elif code is not None:
            why = Notice("speech.exit_code", status=code)
        else:
            why = Notice("speech.broken_pipe")
        return AudioError("speech.player_stopped", player=self.name, reason=why)

    def begin(self, cancel: threading.Event) -> bool:
        """Make sure a live player is ready, then start the utterance."""
        with self._lock:
            if cancel.is_set():
                return False
            self._session = self._ensure_locked()
            self._cancel = cancel
            self._play_end = 0.0
            return True

    def write(self, pcm: bytes) -> bool:
        """Pipe PCM to the player (blocks while the device is behind)."""
        if not super().write(pcm):
            return False
        player = self._session
        try:
            if player is None or player.proc.stdin is None:
                raise BrokenPipeError
            player.proc.stdin.write(pcm)
        except (OSError, ValueError) as exc:
            if self._cancel.is_set() or player is None or player.killed:
                return False
            raise self._died(player) from exc
        return True

    def end(self) -> bool:
        """Wait for the audio clock; notice a player that died meanwhile."""
        self._top_up_spare()  # the audio is in the pipe: a good moment to launch the spare
        played = super().end()
        player = self._session
        if played and player is not None and not player.alive() and not player.killed:
            raise self._died(player)
        return played

    def abort(self) -> None:
        """Kill the playing player (silence is immediate) and promote the spare."""
        super().abort()
        with self._lock:
            cur = self._current
            if cur is None or not cur.alive():
                return
            cur.kill()
            self._dead.append(cur)
            spare, self._spare = self._spare, None
            self._current = spare if spare is not None and spare.alive() else None
            if spare is not None and self._current is None:
                self._dead.append(spare)

    def _top_up_spare(self) -> None:
        """Start a spare player if there is none (the launch happens outside the lock)."""
        with self._lock:
            if not self._use_spare or (self._spare is not None and self._spare.alive()):
                return
        try:
            player = self._start()
        except AudioError:
            return
        with self._lock:
            if self._spare is not None:
                self._dead.append(self._spare)
            self._spare = player

    def prepare(self) -> None:
        """While idle: reap killed players, start the current and the spare ones."""
        with self._lock:
            dead, self._dead = self._dead, []
        dead = [p for p in dead if not p.reap(0.2)]
        with self._lock:
            self._dead.extend(dead)
            try:
                self._ensure_locked()
            except AudioError:
                return  # reported by the next begin()
        self._top_up_spare()

    def close(self) -> None:
        """Stop and reap every player."""
        with self._lock:
            players = [p for p in (self._current, self._spare) if p is not None] + self._dead
            self._current = self._spare = self._session = None
            self._dead = []
        for player in players:
            player.kill()
            player.reap(1.0)


def probe(argv: Sequence[str]) -> Reason | None:
    """Play 20 ms of silence; None if the player works, else the reason."""
    try:
        done = subprocess.run(
            list(argv),
            input=b"\0" * (DEFAULT_SAMPLE_RATE * 2 // 50),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=5,
            start_new_session=True,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return short(exc)
    if done.returncode == 0:
        return None
    last = _last_line(done.stderr)
    return short(last) if last else Notice("speech.exit_code", status=done.returncode)

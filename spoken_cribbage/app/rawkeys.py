"""Single keys read from the terminal in raw mode, for a question asked outside the game's own
key loop (the resume question, the command line typed before the game starts).

``read_keys(on_key)`` calls ``on_key(key, data)`` for each key (prompt_toolkit's key and the text
it typed) until ``on_key`` returns something other than :data:`GO_ON`, and returns that. A lone
Escape is passed on after 0.25 s without another byte (it may start an arrow key's sequence).
Returns None when the input ends.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import Any

__all__ = ["GO_ON", "read_keys"]

#: What ``on_key`` returns to keep reading.
GO_ON = object()


def read_keys(
    on_key: Callable[[Any, str], Any],
    say: Callable[[str], None] | None = None,
    on_back: Callable[[], None] | None = None,
) -> Any:
    """Ctrl-Z is answered here, as in the game: it suspends with a line, and fg brings the keys
    back with a line; with no shell to bring the program back, it is refused with a line. After
    either line ``on_back`` is called (to show again what was typed). ``say`` writes a line (standard
    output by default)."""
    import asyncio

    from prompt_toolkit.input import create_input

    reader = _KeyReader(create_input(always_prefer_tty=True), on_key, say, on_back)
    olds = _stop_signals_end_the_run()
    try:
        asyncio.run(reader.main())
    finally:
        _restore(reader.old_handlers)  # the loop's close sets them to the default
        _restore(olds)
    return reader.result[0] if reader.result else None


class _KeyReader:
    """The keys of :func:`read_keys` until ``on_key`` answers, with Ctrl-Z and SIGTSTP/SIGCONT
    answered as in the game."""

    def __init__(
        self,
        inp: Any,
        on_key: Callable[[Any, str], Any],
        say: Callable[[str], None] | None,
        on_back: Callable[[], None] | None,
    ) -> None:
        self.inp = inp
        self.on_key = on_key
        self.say_to = say
        self.on_back = on_back
        self.result: list[Any] = []
        self.old_handlers: dict = {}
        self.pending: Any = None  # the timer that flushes a lone Escape
        self.fd = inp.fileno()
        self.modes: dict[str, Any] = {"cooked": _shell_modes.get(self.fd) or _term_attrs(self.fd), "raw": None}
        self.loop: Any = None
        self.done: Any = None

    def say(self, text: str) -> None:
        if self.say_to is not None:
            self.say_to(text)
            return
        import sys

        try:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            pass

    def on_keys(self, flush: bool = False) -> None:
        from prompt_toolkit.keys import Keys

        keys = self.inp.flush_keys() if flush else self.inp.read_keys()
        if not flush:
            if self.pending is not None:
                self.pending.cancel()
            self.pending = self.loop.call_later(0.25, self.on_keys, True)
        for kp in keys:
            if self.result:
                return
            if kp.key == Keys.ControlZ:
                self.suspend(asked=True)
                continue
            answer = self.on_key(kp.key, kp.data)
            if answer is not GO_ON:
                self.result.append(answer)
                self.done.set()
                return

    # A suspend from outside (SIGTSTP) gives the terminal back as the shell gave it; on
    # SIGCONT (fg) single keys act at once again (as in the game: keyloop.run_tty).

    def key_mode(self) -> None:
        _set_term_attrs(self.fd, self.modes["raw"])

    def suspend(self, asked: bool = False) -> None:
        """Ctrl-Z (asked) or SIGTSTP from outside: stop, when a shell can bring it back."""
        import signal

        from spoken_cribbage.words.seat import phrase

        if not job_control():  # nothing could bring the program back
            if asked:  # an outside SIGTSTP is ignored then, as the system itself would
                self.say(phrase("suspend_refused_here"))
                if self.on_back is not None:
                    self.on_back()
            return
        self.say(phrase("suspended_here"))
        _set_term_attrs(self.fd, self.modes["cooked"])
        os.kill(os.getpid(), signal.SIGSTOP)
        self.key_mode()
        self.say(phrase("back_here"))
        if self.on_back is not None:
            self.on_back()

    async def main(self) -> None:
        import asyncio
        import signal

        self.loop = asyncio.get_running_loop()
        self.done = asyncio.Event()
        handled = {signal.SIGTSTP: self.suspend, signal.SIGCONT: self.key_mode}
        for signum, fn in handled.items():
            self.old_handlers[signum] = signal.getsignal(signum)
            self.loop.add_signal_handler(signum, fn)
        try:
            with self.inp.raw_mode(), self.inp.attach(self.on_keys):
                self.modes["raw"] = _term_attrs(self.fd)
                await self.done.wait()
        finally:
            for signum in handled:
                self.loop.remove_signal_handler(signum)
            _restore(self.old_handlers)
        if self.pending is not None:
            self.pending.cancel()


def suspend_with_a_line(fd: int | None, out_fd: int) -> dict:
    """Until the key loop (or a question's own keys) takes SIGTSTP over: start-up, the resume
    question read as a line, a piped game. A SIGTSTP from outside says a line, gives the terminal
    ``fd`` (None: no terminal) back as the shell left it, stops, and on fg puts back the modes it
    had and says a line: it never suspends silently. Without a shell to bring the game back it is
    ignored, as the system itself would. Returns the old handlers for :func:`_restore`."""
    import signal

    from spoken_cribbage.words.seat import phrase

    def line(text: str) -> None:
        with contextlib.suppress(OSError):
            os.write(out_fd, (text + "\n").encode("utf-8", "replace"))

    def handler(signum, frame) -> None:
        if not job_control():
            return
        now = _term_attrs(fd) if fd is not None else None
        line(phrase("suspended_here"))
        if fd is not None:
            _set_term_attrs(fd, _shell_modes.get(fd) or now)
        os.kill(os.getpid(), signal.SIGSTOP)
        if fd is not None:
            _set_term_attrs(fd, now)
        line(phrase("back_here"))

    olds = {}
    signum = getattr(signal, "SIGTSTP", None)
    try:
        if signum is not None:
            olds[signum] = signal.signal(signum, handler)
    except (ValueError, OSError):  # not the main thread
        pass
    return olds


def _stop_signals_end_the_run() -> dict:
    """SIGTERM and SIGHUP, if nothing handles them yet, end the run with exit status 128 + n
    (SystemExit), so that the raw mode's ``with`` gives the terminal back on the way out."""
    import signal

    def handler(signum, frame) -> None:
        raise SystemExit(128 + signum)

    olds = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        try:
            if signum is not None and signal.getsignal(signum) == signal.SIG_DFL:
                olds[signum] = signal.signal(signum, handler)
        except (ValueError, OSError):  # not the main thread
            pass
    return olds


def _restore(olds: dict) -> None:
    import signal

    for signum, old in olds.items():
        with contextlib.suppress(ValueError, OSError, TypeError):
            signal.signal(signum, old if old is not None else signal.SIG_DFL)


# ----------------------------------------------------------------------------- the terminal's modes
# (here, the lowest of the modules that read keys: console and lineinput use them too)

#: The terminal's modes as the shell gave them (fd -> termios attributes), while
#: console.unechoed_typeahead holds its own: a suspend gives these back.
_shell_modes: dict = {}


def _term_attrs(fd: int):
    import termios

    try:
        return termios.tcgetattr(fd)
    except (termios.error, OSError):
        return None


def _set_term_attrs(fd: int, attrs) -> None:
    import termios

    if attrs is None:
        return
    with contextlib.suppress(termios.error, OSError):
        termios.tcsetattr(fd, termios.TCSANOW, attrs)


def job_control() -> bool:
    """A shell with job control can bring this process back after it stops: its parent is in
    the same session but another process group (the group is not orphaned). Started as a session
    leader, or by a shell without job control, a stopped game could never be resumed."""
    try:
        ppid = os.getppid()
        return os.getsid(0) != os.getpid() and os.getsid(ppid) == os.getsid(0) and os.getpgid(ppid) != os.getpgrp()
    except (OSError, AttributeError):
        return False

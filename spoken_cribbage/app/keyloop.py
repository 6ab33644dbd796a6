"""The key loop on a real terminal (:func:`run_tty`): prompt_toolkit reads keys in raw mode and
every single key is a shortcut answered at once (digits and arrows choose cards, Enter acts);
slash opens a command line, echoed as typed and run with Enter; a paste is taken as command
lines. The console's LineWriter writes what the loop says (app.console)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from spoken_cribbage.app.lineinput import LINE_LIMIT
from spoken_cribbage.app.rawkeys import _restore as _restore_handlers
from spoken_cribbage.app.rawkeys import _set_term_attrs, _shell_modes, _term_attrs, job_control
from spoken_cribbage.app.seat import moment, narration
from spoken_cribbage.app.seat.intent import Ignored, OpenCommandLine
from spoken_cribbage.app.seat.question import NOT_ANSWERED_AHEAD
from spoken_cribbage.app.session import Session
from spoken_cribbage.vocabulary import shown
from spoken_cribbage.words.seat import phrase

if TYPE_CHECKING:
    import asyncio


class KeyWriter(Protocol):
    """What the loop needs of the console's LineWriter."""

    typed: str  # what the player has typed on the current line
    raw: bool  # raw terminal mode: the loop echoes typed characters itself

    def hold(self) -> AbstractContextManager[None]: ...

    def echo(self, s: str) -> None: ...


#: A read of the keyboard that comes this long (s) after the loop began to wait took keys that
#: arrived together: typed keys arrive one by one, a paste at once. (Keys typed while the game
#: was busy also come together, but in a read that follows the busy moment at once.)
BUSY_S = 0.01
#: A paste has at least this many characters (two keys may be pressed at once).
PASTE_MIN = 3
#: Text read this soon (s) after a paste of PASTE_SPLIT characters or more is the rest of it
#: (prompt_toolkit reads up to 1024 at a time: a long paste comes in several reads).
PASTE_ON_S, PASTE_SPLIT = 0.1, 1000
#: The yes/no questions a key typed ahead must never answer.
YES_NO_QUESTIONS = NOT_ANSWERED_AHEAD
#: prompt_toolkit's names of keys that other keys share: Tab is Control I, Backspace Control H,
#: Enter Control M (and Control J, a line feed, acts as Enter).
_KEY_NAMES = {"c-i": "tab", "c-h": "backspace", "c-m": "enter", "c-j": "enter"}


def named_key(k) -> str | None:
    """The key map's name of a key that types no character ('enter', 'f1', 'up', 'tab', 'c-a'),
    or None for the terminal's own replies, which are not keys."""
    name = str(getattr(k, "value", k))
    if name.startswith("<"):
        return None
    return _KEY_NAMES.get(name, name)


def is_paste(keys, least: int = PASTE_MIN) -> bool:
    """Keys read at once that are text, not keys: printable characters (and line ends), at
    least ``least`` of them, not starting with the command line's slash."""
    chars = [kp.data for kp in keys]
    text = [c for c in chars if len(c) == 1 and c.isprintable()]
    return (
        len(text) >= least and chars[0] != "/" and all(len(c) == 1 and (c.isprintable() or c in "\r\n") for c in chars)
    )


#: What run_tty's ``post`` is given: a way to run a function on the key loop's thread.
Schedule = Callable[[Callable[[], None]], object]


def run_tty(session: Session, writer: KeyWriter, post: Callable[[Schedule], None] | None = None) -> int | None:
    """The interactive loop on a real terminal, with prompt_toolkit reading keys.

    Single keys are shortcuts, answered at once. Slash opens a command line on which every key is
    text until Enter runs it or Escape cancels it.

    The terminal is given back as it was on every way out, and while the game is suspended:
    SIGTERM and SIGHUP end the loop as quitting does (returns the signal's number; None when the
    player quits); Ctrl-Z, or SIGTSTP from outside, says a line, gives the terminal back and
    stops the game, when a shell with job control can bring it back (else Ctrl-Z is refused
    with a line); on SIGCONT the keys act at once again."""
    import asyncio

    from prompt_toolkit.input import create_input

    keys = _KeyLoop(session, writer, create_input(always_prefer_tty=True), post)
    try:
        asyncio.run(keys.main())
    finally:
        _restore_handlers(keys.old_handlers)  # the loop's close sets them to the default
    return keys.ended_by_signal


class _KeyLoop:
    """run_tty's loop: the keys read, the command line being typed, pastes, and the terminal on
    suspend, resume and the signals that end the game."""

    def __init__(self, session: Session, writer: KeyWriter, inp: Any, post: Callable[[Schedule], None] | None) -> None:
        self.session = session
        self.writer = writer
        #: prompt_toolkit's input (its Vt100Input: drop_to_line_end reaches into its buffer)
        self.inp = inp
        self.post = post
        self.line: str | None = None  # the open command line's text, or None
        self.full = False  # the command line is past its limit: the rest is dropped up to Enter
        self.flush: asyncio.TimerHandle | None = None  # flushes a lone Escape
        self.pasted = 0.0  # when the last paste was taken
        self.idle = time.monotonic()  # when the loop last finished something and began to wait
        self.old_handlers: dict = {}
        self.ended_by_signal: int | None = None
        self.fd = -1
        self.modes: dict[str, Any] = {}

    async def main(self) -> None:
        import asyncio

        self.loop = asyncio.get_running_loop()
        self.done = asyncio.Event()
        self.idle = time.monotonic()
        self.session.runner.timer = self.later
        # ---- the terminal on suspend, resume and the signals that end the game
        self.fd = self.inp.fileno()
        self.modes = {"cooked": _shell_modes.get(self.fd) or _term_attrs(self.fd), "raw": None}
        handled = self.handle_signals()
        try:
            with self.inp.raw_mode(), self.inp.attach(self.on_keys):
                self.modes["raw"] = _term_attrs(self.fd)
                self.writer.raw = True
                try:
                    await self.play()
                finally:
                    self.writer.raw = False
        finally:
            for signum in handled:
                self.loop.remove_signal_handler(signum)
            _restore_handlers(self.old_handlers)

    async def play(self) -> None:
        # Keys pressed while the game started are answered now, before anything the
        # loop asks (the quit question of a Ctrl-C pressed meanwhile).
        self.idle = time.monotonic()
        self.on_keys()
        with self.writer.hold():
            narration.resume_clock(self.session)  # a resumed game: a count's ticks, the computers' turns
        if self.post is not None:
            self.post(lambda fn: self.loop.call_soon_threadsafe(self.held(fn)))
        if not self.session.quit:
            await self.done.wait()

    def held(self, fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                with self.writer.hold():
                    fn()
            finally:
                self.idle = time.monotonic()

        return run

    def close_line(self) -> None:
        self.line = None
        self.writer.typed = ""

    def on_keys(self, flush: bool = False) -> None:
        waited = time.monotonic() - self.idle
        try:
            with self.writer.hold():
                self.take_keys(flush, waited)
        finally:
            self.idle = time.monotonic()

    def take_keys(self, flush: bool, waited: float) -> None:
        if self.full and not flush:
            keys = self.drop_to_line_end()
        else:
            keys = self.inp.flush_keys() if flush else self.inp.read_keys()
        if not flush:
            # A lone Escape waits in the parser for the rest of a possible sequence (an
            # arrow key): flush it once no byte has come for 0.25 s, as prompt_toolkit's own
            # applications do.
            if self.flush is not None:
                self.flush.cancel()
            self.flush = self.loop.call_later(0.25, self.on_keys, True)
            if self.took_paste(keys, waited):
                return
        self.take_each(keys)

    def took_paste(self, keys: list, waited: float) -> bool:
        """Keys that are a paste are taken as lines (take_paste): True when they were."""
        pasting = time.monotonic() - self.pasted < PASTE_ON_S  # a long paste's rest
        if not ((waited > BUSY_S or pasting) and self.line is None and is_paste(keys, PASTE_MIN if not pasting else 1)):
            return False
        try:
            self.take_paste(keys)
        except Exception as e:  # never a traceback on the player's screen
            self.close_line()
            self.session.output.tell(phrase("key_error", error=shown(str(e))), "error")
        long = sum(len(kp.data) for kp in keys) >= PASTE_SPLIT  # more may follow
        self.pasted = time.monotonic() if long else 0.0
        if self.session.quit:
            self.done.set()
        return True

    def take_each(self, keys: list) -> None:
        from prompt_toolkit.keys import Keys

        ahead = False  # a question was asked: the keys read with its key came before it
        for kp in keys:
            if ahead and kp.key not in (Keys.ControlC, Keys.ControlD):
                continue  # never an answer (twice Ctrl-C still quits at once)
            asked = self.session.asking.kind
            try:
                self.handle(kp)
            except Exception as e:  # never a traceback on the player's screen
                self.close_line()
                self.session.output.tell(phrase("key_error", error=shown(str(e))), "error")
            if self.session.quit:
                self.done.set()
                return
            if self.session.asking.kind in YES_NO_QUESTIONS and self.session.asking.kind != asked:
                ahead = True

    def drop_to_line_end(self) -> list:
        """A command line past its limit: what comes is dropped unparsed up to the first
        Enter, Escape, Ctrl-C or Ctrl-D (parsing a 1 MB paste key by key took 14 s)."""
        inp = self.inp
        reader = getattr(inp, "stdin_reader", None)
        parser = getattr(inp, "vt100_parser", None)
        if reader is None or parser is None or not isinstance(getattr(inp, "_buffer", None), list):
            return inp.read_keys()
        data = reader.read()
        ends = [i for i in (data.find(c) for c in "\r\n\x1b\x03\x04") if i >= 0]
        if not ends:
            return []
        parser.feed(data[min(ends) :])
        keys, inp._buffer = inp._buffer, []
        return keys

    def take_paste(self, keys: list) -> None:
        """Text that arrived at once, not typed key by key (a paste): each line of it is a
        command line, as if typed after slash; a last line without Enter stays open."""
        session = self.session
        text = "".join(kp.data for kp in keys).replace("\r\n", "\n").replace("\r", "\n")
        for part in text.split("\n")[:-1]:
            if part.strip():
                asked = session.asking.kind
                self.run_line(part)
                if session.quit or (session.asking.kind in YES_NO_QUESTIONS and session.asking.kind != asked):
                    return  # the rest came before the question: never its answer
        rest = text.split("\n")[-1]
        if rest.strip():
            self.open_line(rest.lstrip("/"))

    def open_line(self, text: str = "") -> None:
        self.line = ""
        self.session.output.tell(phrase("command_line"), "cue")
        for ch in text:
            self.edit_line(ch, ch)

    def run_line(self, text: str) -> None:
        from prompt_toolkit.keys import Keys

        self.open_line(text.strip().lstrip("/"))
        self.edit_line(Keys.Enter, "\r")

    def handle(self, kp: Any) -> None:
        from prompt_toolkit.keys import Keys

        k, data = kp.key, kp.data
        if k == Keys.ControlZ:
            self.suspend(asked=True)
            return
        if k in (Keys.ControlC, Keys.ControlD):
            if self.line is not None:
                self.writer.echo("\n")
                self.close_line()
            self.session.interrupt()
            return
        if self.line is not None:
            self.edit_line(k, data)
            return
        # a key that types no character (Enter, Up, F1, Tab ...) by its name, else the
        # character typed; then what it means now (seat.keymap)
        name = named_key(k) if isinstance(k, Keys) else (data if len(data) == 1 and data.isprintable() else None)
        if name is None:
            return
        intent = self.session.keys.intent_for(name, moment.moment(self.session))
        if isinstance(intent, OpenCommandLine):
            self.open_line(intent.text)
        elif not isinstance(intent, Ignored):
            self.session.handle(intent)

    def edit_line(self, k: Any, data: str) -> None:
        from prompt_toolkit.keys import Keys

        if k in (Keys.ControlM, Keys.ControlJ, Keys.Enter):
            self.enter_line()
        elif k == Keys.Escape:
            self.writer.echo("\n")
            self.close_line()
            self.full = False
            self.session.output.tell(phrase("command_cancelled"))
        elif k in (Keys.Backspace, Keys.ControlH):
            if self.line:
                self.line = self.line[:-1]
                self.writer.typed = self.line
                self.writer.echo("\b \b")
        elif self.full:
            return  # the line is past its limit: the rest of it is dropped, up to Enter
        elif data and len(data) == 1 and data.isprintable():
            self.type_char(data)

    def enter_line(self) -> None:
        text = self.line or ""
        self.writer.echo("\n")
        self.close_line()
        full, self.full = self.full, False
        if full:  # a paste past the limit: nothing of it is run
            self.session.output.tell(phrase("line_too_long", most=LINE_LIMIT), "error")
        elif text.strip():
            self.session.command(text)
        else:
            self.session.output.tell(phrase("command_empty"))

    def type_char(self, data: str) -> None:
        line = self.line or ""
        if len(line) >= LINE_LIMIT:
            self.full = True
            self.session.output.tell(phrase("line_full", most=LINE_LIMIT), "error")
            return
        self.line = line + data
        self.writer.typed = self.line
        self.writer.echo(data)

    def later(self, delay: float, fn: Callable[[], None]) -> Callable[[], None]:
        """Run ``fn`` on this loop after ``delay`` s (the cues command); never a traceback."""

        def run() -> None:
            try:
                with self.writer.hold():
                    fn()
            except Exception as e:
                self.session.output.tell(phrase("key_error", error=shown(str(e))), "error")
            finally:
                self.idle = time.monotonic()
            if self.session.quit:
                self.done.set()

        return self.loop.call_later(delay, run).cancel

    # ---- the terminal on suspend, resume and the signals that end the game

    def handle_signals(self) -> dict:
        import signal

        handled: dict = {
            signal.SIGTSTP: self.suspend,
            signal.SIGCONT: self.key_mode,
            signal.SIGTERM: lambda: self.ended_by(signal.SIGTERM),
        }
        if hasattr(signal, "SIGHUP"):
            handled[signal.SIGHUP] = lambda: self.ended_by(signal.SIGHUP)
        for signum, fn in handled.items():
            self.old_handlers[signum] = signal.getsignal(signum)
            self.loop.add_signal_handler(signum, fn)
        return handled

    def key_mode(self) -> None:
        if self.modes["raw"] is not None:
            _set_term_attrs(self.fd, self.modes["raw"])
            self.writer.raw = True

    def suspend(self, asked: bool = False) -> None:
        """Ctrl-Z (asked) or SIGTSTP from outside: stop, when a shell can resume the game."""
        if not job_control():
            if asked:  # an outside SIGTSTP is ignored then, as the system itself would
                with self.writer.hold():
                    self.session.output.tell(phrase("suspend_refused"), "error")
            return
        with self.writer.hold():
            self.session.output.tell(phrase("suspended"))
        self.loop.call_soon(self.stop_here)  # once the line is out (a key's lines are held)

    def stop_here(self) -> None:
        import signal

        self.writer.raw = False
        _set_term_attrs(self.fd, self.modes["cooked"])  # the terminal as the shell gave it
        os.kill(os.getpid(), signal.SIGSTOP)
        self.key_mode()  # continued (fg): keys act at once again
        with self.writer.hold():
            self.session.output.tell(phrase("back_from_suspend"))

    def ended_by(self, signum: int) -> None:
        self.ended_by_signal = signum
        self.done.set()

"""The terminal front end: keys and lines in, plain appended lines out.

Output is always whole lines appended to the terminal: no prompt, no redraw, no cursor
movement. In plain mode (accessible, NO_COLOR, TERM=dumb, or output not a terminal) the byte
stream has no escape sequence at all; otherwise scores are shown in bold, nothing more.

With a terminal on standard input, prompt_toolkit reads keys in raw mode (app.keyloop): every
single key is a shortcut answered at once (digits and arrows choose cards, Enter acts); slash
opens a command line, echoed as typed and run with Enter. Without a terminal, one command is
read per line (run_lines, here).
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from typing import TextIO

from spoken_cribbage.app.lineinput import LINE_LIMIT, read_bounded
from spoken_cribbage.app.output import underlying, visible
from spoken_cribbage.app.rawkeys import _shell_modes
from spoken_cribbage.app.seat.question import LEAVE_WORDS, answer_text, key_answer, key_leaves, yes_or_no
from spoken_cribbage.app.session import Session
from spoken_cribbage.storage import testhooks
from spoken_cribbage.vocabulary import shown
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.seat import phrase


@contextmanager
def unechoed_typeahead(stream: TextIO, out: TextIO) -> Iterator[None]:
    """On a terminal, from start-up to the end: keys typed before the key loop reads them wait
    unechoed, each readable at once, to be answered when the game is ready. Ctrl-C, Ctrl-Z and
    Ctrl-backslash are keys too (ISIG off), read in their turn: two Ctrl-C sent at once were two
    SIGINTs, and a busy process took them as one (the signal is not queued), so the quit
    question was asked and waited instead of quitting. Keys the terminal echoed before this
    (while Python started) get a line of their own, so the game's first line is whole.
    Elsewhere nothing changes."""
    try:
        import select
        import termios

        fd = stream.fileno()
        before = termios.tcgetattr(fd)
        _shell_modes[fd] = before  # what a suspend gives back to the shell (run_tty)
        quiet = termios.tcgetattr(fd)
        quiet[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG)
        quiet[6][termios.VMIN], quiet[6][termios.VTIME] = 1, 0
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except (ImportError, AttributeError, OSError, ValueError):  # termios.error is an OSError
        yield
        return
    try:
        if before[3] & termios.ECHO and select.select([fd], [], [], 0)[0]:
            out.write("\n")  # after the letters echoed so far
            out.flush()
    except (OSError, ValueError):
        pass
    try:
        yield
    finally:
        _shell_modes.pop(fd, None)
        with suppress(OSError, ValueError):
            termios.tcsetattr(fd, termios.TCSANOW, before)


def drop_typeahead(stream: TextIO) -> None:
    """Forget the keys typed on the terminal and not yet read (before a question is asked)."""
    try:
        import termios

        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (ImportError, AttributeError, OSError, ValueError):
        pass


def plain_output(accessible: bool, stream: TextIO) -> bool:
    if accessible or os.environ.get("NO_COLOR") or os.environ.get("TERM", "") in ("dumb", ""):
        return True
    try:
        return not stream.isatty()
    except (AttributeError, ValueError):
        return True


def env_accessible() -> bool:
    v = os.environ.get("ACCESSIBLE", "")
    return bool(v) and v.lower() not in ("0", "false", "no", "off")


#: How long (s) the cursor waits at the end of a line written while keys are read, before the
#: line's newline is written on its own (:class:`LineWriter`): time for the terminal to report
#: the line, ending at the cursor, before the newline.
NEWLINE_AFTER_S = 0.15


class LineWriter:
    """Writes whole lines; knows about a half-typed command so output never mangles it.

    The lines of one answer (a key, a command, a timer) go out in one write: Orca reads a
    terminal's new text up to the cursor, so an answer written in two pieces, the second landing
    while Orca reads the first, was spoken twice (the second piece once more).

    Every line is cleaned (app.output.visible: the output boundary) before the writer adds its
    own markup, and goes to the stream under any cleaning stream, so the markup stays.

    Orca reads a terminal's new text as the answer to a key other than a letter or Enter (an
    arrow, Home) only when the text ends at the cursor. A terminal (VTE) that scrolls reports a
    line with its newline, ending at the cursor on the empty row below; one with empty rows
    left reports the line without its newline, the cursor already on the row below, and an
    arrow's answer was not read (measured under Orca 43: 2 of a deal's 8 arrow answers). So
    while keys are read (raw) and the screen may still have empty rows (fewer rows written
    than it has), the last line's newline goes out on its own a moment later
    (:data:`NEWLINE_AFTER_S`), or in front of the next output if that comes first; once as
    many rows were written as the screen has, the cursor is on its last row, and lines end
    with their newline again: there, a newline in front of a line made Orca take the
    insertion for one that begins on the line above, and read that line again. When keys are
    no longer read, the newline is written at once."""

    def __init__(self, stream: TextIO, plain: bool, screen: Callable[[], tuple[int, int] | None] | None = None):
        self.stream = underlying(stream)
        self.plain = plain
        #: the terminal's (columns, rows), None when not a terminal (:meth:`_terminal_size`)
        self.screen = screen or self._terminal_size
        self._rows = 0  # rows written (newlines and wrapped lines), up to the screen's height
        self._full = False  # as many rows written as the screen has: the cursor is on its last row
        self.lock = threading.RLock()
        self.typed = ""  # what the player has typed on the current line
        self._raw = False
        self._open = False  # the last line's newline is not written yet (raw mode)
        self._timer: threading.Timer | None = None  # writes that newline on its own
        self._held: list[str] | None = None  # text written while held, sent at the end
        self._depth = 0

    @property
    def raw(self) -> bool:
        """Raw terminal mode: the loop echoes typed characters itself, the cursor waits at the
        end of the last line."""
        return self._raw

    @raw.setter
    def raw(self, on: bool) -> None:
        with self.lock:
            self._raw = on
            if not on and self._open:
                self._open = False
                self._write("\n")

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Collect everything written inside and send it as one write at the end."""
        with self.lock:
            self._depth += 1
            if self._held is None:
                self._held = []
        try:
            yield
        finally:
            with self.lock:
                self._depth -= 1
                if self._depth == 0:
                    text, self._held = "".join(self._held or []), None
                    if text:
                        self._send(text)

    def line(self, text: str, kind: LineKind = LineKind.INFO) -> None:
        """Write one line; its kind picks the markup (the scores in bold, unless plain)."""
        with self.lock:
            out = visible(text)
            if not self.plain and kind == LineKind.SCORES:
                out = f"\x1b[1m{out}\x1b[0m"
            if self._raw and self.typed:
                # Finish the half-typed line, print, then show what was typed again below.
                self._write("\n" + out + "\n" + self.typed)
            elif self._raw and not self._full:
                self._write(self._newline() + out)
                self._open = True
                self._close_soon()
            else:
                self._write(self._newline() + out + "\n")

    def echo(self, s: str) -> None:
        with self.lock:
            self._write(self._newline() + s)

    def _close_soon(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = threading.Timer(NEWLINE_AFTER_S, self._close)
        self._timer.daemon = True
        self._timer.start()

    def _close(self) -> None:
        """The last line's newline, on its own (the timer's end)."""
        with self.lock:
            if self._open:
                self._open = False
                self._write("\n")

    def _newline(self) -> str:
        """The last line's newline, when it is still to be written."""
        if self._open:
            self._open = False
            return "\n"
        return ""

    def _write(self, s: str) -> None:
        if self._held is not None:
            self._held.append(s)
            return
        self._send(s)

    def _send(self, s: str) -> None:
        try:
            self.stream.write(s)
            self.stream.flush()
        except (OSError, ValueError):
            pass
        if not self._full:
            self._count_rows(s)

    def _count_rows(self, s: str) -> None:
        size = self.screen()
        if size is None:
            self._full = True  # not a terminal: lines end with their newline
            return
        columns, rows = size
        pieces = s.split("\n")
        self._rows += len(pieces) - 1
        for piece in pieces:  # long lines wrap (the last piece is part of a line: counted high)
            width = wcswidth(piece)
            self._rows += max(0, width - 1) // max(1, columns)
        self._full = self._rows >= rows

    def _terminal_size(self) -> tuple[int, int] | None:
        try:
            size = os.get_terminal_size(self.stream.fileno())
        except (AttributeError, OSError, ValueError):
            return None
        return size.columns, size.lines


def wcswidth(text: str) -> int:
    """Columns ``text`` takes on a terminal (a CJK character two), escape sequences left out."""
    from wcwidth import wcswidth as width

    plain = _ESCAPE.sub("", text)
    w = width(plain)
    return w if w >= 0 else len(plain)


_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run_lines(session: Session, stream: TextIO, echo: Callable[[str], None] | None = None) -> None:
    """Read one command per line until the player quits or input ends. Each line is echoed
    ("> play 5h") before its result, so a transcript reads like a session."""
    while not session.quit:
        try:
            line, too_long = read_bounded(stream)
        except (OSError, ValueError, UnicodeDecodeError):
            line, too_long = "", False
        testhooks.input_line_read()  # (a test's fake clock moves on: storage.testhooks)
        if not line:
            session.output.tell(
                session.unsaved_words("input_ended")
                or phrase("input_ended_kept" if session.kept and not session.finished else "input_ended")
            )
            return
        text = line.rstrip("\r\n")
        if echo is not None:
            echo("> " + shown(text, 60))
        if too_long:  # cut early, its rest dropped: nothing of it is run
            session.output.tell(phrase("line_too_long", most=LINE_LIMIT), "error")
            continue
        feed_line(session, text)


def feed_line(session: Session, text: str) -> None:
    """One line of input without a terminal: a single key's character acts as that key; an
    empty line is Enter; anything else is a command."""
    t = text.strip()
    if t.startswith("/"):  # the command line's slash, typed out of habit
        text = t = t[1:].strip()
        if not t:
            return
        session.command(text)
        return
    if len(t) == 1 and not t.isdecimal() and t.isprintable():
        session.key(t)
    elif not t:
        session.enter()
    else:
        session.command(text)


def ask_yes_no(
    question: str,
    say: Callable[[str], None],
    stream: TextIO | None = None,
    tty: bool | None = None,
    *,
    yes: Iterable[str] = (),
    no: Iterable[str] = (),
) -> bool | None:
    """Ask a yes/no question: True, False, or None when the player leaves (q, Ctrl-C, Ctrl-D,
    Escape, or the end of the input). On a terminal a single key answers (raw mode, as in the
    game); otherwise one line is read per answer: the yes/no words of the vocabulary
    (seat.question), or the choices the question names (``yes``, ``no``: "resume", "new game")."""
    yes, no = frozenset(yes), frozenset(no)
    stream = stream if stream is not None else sys.stdin
    if tty is None:
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
    if tty:
        drop_typeahead(stream)  # a key typed before the question never answers it
    say(question)
    if tty:
        try:
            return _ask_tty(say)
        except (OSError, RuntimeError, ImportError, EOFError):
            pass  # no usable terminal after all: fall back to lines
    while True:
        try:
            line, _ = read_bounded(stream)
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        testhooks.input_line_read()
        if not line:
            return None
        answer = yes_or_no(line, cancel=False, yes=yes, no=no)
        if answer is not None:
            return answer
        if answer_text(line) in LEAVE_WORDS:
            return None
        say(phrase("answer_y_or_n"))


def _ask_tty(say: Callable[[str], None]) -> bool | None:
    from prompt_toolkit.keys import Keys

    from spoken_cribbage.app.rawkeys import GO_ON, read_keys

    def on_key(k, data: str):
        if k in (Keys.ControlC, Keys.ControlD, Keys.Escape) or key_leaves(data):
            return None
        answer = key_answer(data) if len(data) == 1 else None
        if answer is not None:
            return answer
        if data and len(data) == 1 and (data.isprintable() or data in "\r\n"):
            say(phrase("press_y_or_n"))
        return GO_ON

    return read_keys(on_key)

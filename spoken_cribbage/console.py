"""The terminal front end: keys and lines in, plain appended lines out.

Output is always whole lines appended to the terminal: no prompt, no redraw, no cursor
movement. In plain mode (accessible, NO_COLOR, TERM=dumb, or output not a terminal) the byte
stream has no escape sequence at all; otherwise scores are shown in bold, nothing more.

With a terminal on standard input, prompt_toolkit reads keys in raw mode: a shortcut key with
nothing typed is answered at once; anything else builds a command line, echoed as typed and
run with Enter. Without a terminal, one command is read per line.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Callable, TextIO

from .session import Session


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


class LineWriter:
    """Writes whole lines; knows about a half-typed command so output never mangles it."""

    def __init__(self, stream: TextIO, plain: bool):
        self.stream = stream
        self.plain = plain
        self.lock = threading.RLock()
        self.typed = ""        # what the player has typed on the current line
        self.raw = False       # raw terminal mode: we echo typed characters ourselves

    def line(self, text: str) -> None:
        with self.lock:
            out = text
            if not self.plain and text[:1].isupper() and _is_scores(text):
                out = f"\x1b[1m{text}\x1b[0m"
            if self.raw and self.typed:
                # Finish the half-typed line, print, then show what was typed again below.
                self._write("\n" + out + "\n" + self.typed)
            else:
                self._write(out + "\n")

    def echo(self, s: str) -> None:
        with self.lock:
            self._write(s)

    def _write(self, s: str) -> None:
        try:
            self.stream.write(s)
            self.stream.flush()
        except (OSError, ValueError):
            pass


def _is_scores(text: str) -> bool:
    return text.startswith("You ") and "," in text and text.endswith(".") and len(text) < 60 \
        and all(part.strip().split()[-1].rstrip(".").isdigit() for part in text.split(","))


def run_lines(session: Session, stream: TextIO) -> None:
    """Read one command per line until the game ends, the player quits, or input ends."""
    while not session.quit:
        line = stream.readline()
        if not line:
            session.tell("Input ended. " + ("The game is kept." if not session.finished else ""))
            return
        text = line.rstrip("\r\n")
        if len(text.strip()) == 1 and text.strip() in "cbfvsthr?iqx[]" and not session.confirming:
            session.key(text.strip())
        else:
            session.command(text)


def _with_prefix(prefix: str | None, text: str, session: Session) -> str:
    """``prefix + text`` when that is a command word and ``text`` alone is not."""
    if not prefix:
        return text
    from .commands import CommandError, parse_command
    try:
        parse_command(text)
        return text
    except CommandError:
        pass
    try:
        parse_command(prefix + text)
        return prefix + text
    except CommandError:
        return text


def run_tty(session: Session, writer: LineWriter, extra_keys: dict[str, Callable[[], None]] | None = None,
            post: Callable[[Callable[[], None]], None] | None = None) -> None:
    """The interactive loop on a real terminal, with prompt_toolkit reading keys."""
    import asyncio

    from prompt_toolkit.input import create_input
    from prompt_toolkit.keys import Keys

    inp = create_input(always_prefer_tty=True)
    extra_keys = extra_keys or {}

    async def main() -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()

        state = {"after_key": None, "prefix": None}

        def submit(text: str) -> None:
            writer.typed = ""
            writer.echo("\n")
            prefix, state["prefix"], state["after_key"] = state["prefix"], None, None
            session.command(_with_prefix(prefix, text, session))

        def on_keys() -> None:
            for kp in inp.read_keys():
                try:
                    handle(kp)
                except Exception as e:  # never a traceback on the player's screen
                    writer.typed = ""
                    session.tell(f"Something went wrong with that key: {e}.", "error")
                if session.quit:
                    done.set()
                    return

        def handle(kp) -> None:
            k, data = kp.key, kp.data
            if k in (Keys.ControlC, Keys.ControlD):
                writer.typed = ""
                session.command("quit")
                return
            if k in (Keys.ControlM, Keys.ControlJ, Keys.Enter):
                submit(writer.typed)
                return
            if k in (Keys.Backspace, Keys.ControlH):
                if writer.typed:
                    writer.typed = writer.typed[:-1]
                    writer.echo("\b \b")
                return
            if k == Keys.Escape:
                session.command("silence")
                return
            if k == Keys.PageUp:
                session.command("previous")
                return
            if k == Keys.PageDown:
                session.command("later")
                return
            if k in extra_keys:
                extra_keys[k]()
                return
            if not data or len(data) != 1 or not data.isprintable():
                return
            if not writer.typed:
                if session.confirming and data.lower() in "yn":
                    session.command(data)
                    return
                if data in extra_keys:
                    extra_keys[data]()
                    return
                if data.lower() in "cbfvsthr?iqx[]" and not session.confirming:
                    session.key(data)
                    state["after_key"] = data
                    return
                if data == " ":
                    return
                # A word typed right after a shortcut letter ("h" then "int") may be a command
                # word ("hint"): remember the letter for when the line is submitted.
                state["prefix"], state["after_key"] = state["after_key"], None
            writer.typed += data
            writer.echo(data)

        if post is not None:
            post(lambda fn: loop.call_soon_threadsafe(fn))
        with inp.raw_mode(), inp.attach(on_keys):
            writer.raw = True
            try:
                await done.wait()
            finally:
                writer.raw = False

    asyncio.run(main())


# ----------------------------------------------------------------------------- yes/no question
# (persistence: the resume question before the game starts)

YES = ("y", "yes", "yeah", "resume", "yes please")
NO = ("n", "no", "new", "new game", "no thanks")
LEAVE = ("q", "quit", "exit")


def ask_yes_no(question: str, say: Callable[[str], None], stream: TextIO | None = None,
               tty: bool | None = None) -> bool | None:
    """Ask a yes/no question: True, False, or None when the player leaves (q, Ctrl-C, Ctrl-D,
    Escape, or the end of the input). On a terminal a single key answers (raw mode, as in the
    game); otherwise one line is read per answer."""
    stream = stream if stream is not None else sys.stdin
    if tty is None:
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
    say(question)
    if tty:
        try:
            return _ask_tty(say)
        except (OSError, RuntimeError, ImportError, EOFError):
            pass  # no usable terminal after all: fall back to lines
    while True:
        try:
            line = stream.readline()
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        if not line:
            return None
        answer = " ".join(line.strip().lower().split()).strip(" .!")
        if answer in YES:
            return True
        if answer in NO:
            return False
        if answer in LEAVE:
            return None
        say("Please answer y for yes or n for no.")


def _ask_tty(say: Callable[[str], None]) -> bool | None:
    import asyncio

    from prompt_toolkit.input import create_input
    from prompt_toolkit.keys import Keys

    inp = create_input(always_prefer_tty=True)
    result: list[bool | None] = []

    async def main() -> None:
        done = asyncio.Event()

        def on_keys() -> None:
            for kp in inp.read_keys():
                if result:
                    return
                k, data = kp.key, kp.data
                if k in (Keys.ControlC, Keys.ControlD, Keys.Escape) or data in ("q", "Q"):
                    result.append(None)
                elif data in ("y", "Y"):
                    result.append(True)
                elif data in ("n", "N"):
                    result.append(False)
                elif data and len(data) == 1 and (data.isprintable() or data in "\r\n"):
                    say("Please press y for yes or n for no.")
                    continue
                else:
                    continue
                done.set()
                return

        with inp.raw_mode(), inp.attach(on_keys):
            await done.wait()

    asyncio.run(main())
    return result[0] if result else None

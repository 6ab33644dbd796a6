"""One typed answer at a time, for the practice and review commands (outside the game).

On a terminal the keys are read in raw mode, as in the game: typed characters are echoed,
Backspace takes one back, Enter ends the line, and Escape, Ctrl-C or Ctrl-D stop at once (no
Enter needed). Without a terminal a line of the input is one answer, and its end stops.
"""

from __future__ import annotations

import sys
from typing import TextIO

#: The longest line read, in characters (a command is at most 200, spaces aside). The rest of a
#: longer line is read in chunks and dropped, so a line of any length takes little memory and
#: little time: the player is told the line was too long.
LINE_LIMIT = 1000


def read_bounded(stream: TextIO, limit: int = LINE_LIMIT) -> tuple[str, bool]:
    """The next line of ``stream`` (its end kept; "" at the end of the input), cut at ``limit``
    characters, and whether it was longer (its rest then read and dropped)."""
    line = stream.readline(limit + 1)
    if len(line) <= limit or line.endswith("\n"):
        return line, False
    while True:
        rest = stream.readline(64 * 1024)
        if not rest or rest.endswith("\n"):
            return line[:limit], True


def read_line(stream: TextIO | None = None, out: TextIO | None = None, tty: bool | None = None) -> str | None:
    """The next line typed, or None when the player stops (Escape, Ctrl-C, Ctrl-D, the end of
    the input)."""
    stream = stream if stream is not None else sys.stdin
    out = out if out is not None else sys.stdout
    if tty is None:
        try:
            tty = stream.isatty()
        except (AttributeError, ValueError):
            tty = False
    if tty:
        try:
            return _read_tty(out)
        except (OSError, RuntimeError, ImportError, EOFError):
            pass  # no usable terminal after all: read lines
    try:
        line, _ = read_bounded(stream)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not line:
        return None
    return line.rstrip("\r\n")


def _read_tty(out: TextIO) -> str | None:
    from prompt_toolkit.keys import Keys

    from spoken_cribbage.app.rawkeys import GO_ON, read_keys

    typed: list[str] = []

    def echo(s: str) -> None:
        try:
            out.write(s)
            out.flush()
        except (OSError, ValueError):
            pass

    def on_key(k, data: str):
        if k in (Keys.ControlC, Keys.ControlD, Keys.Escape):
            echo("\n")
            return None
        if k in (Keys.ControlM, Keys.ControlJ, Keys.Enter):
            echo("\n")
            return "".join(typed)
        if k in (Keys.Backspace, Keys.ControlH):
            if typed:
                typed.pop()
                echo("\b \b")
        elif data and len(data) == 1 and data.isprintable():
            typed.append(data)
            echo(data)
        return GO_ON

    def say(text: str) -> None:  # a line of its own, after the text typed so far
        echo(("\n" if typed and not said[0] else "") + text + "\n")
        said[0] = True

    def on_back() -> None:  # back from a suspend: what was typed is shown again
        said[0] = False
        echo("".join(typed))

    said = [False]
    return read_keys(on_key, say, on_back)

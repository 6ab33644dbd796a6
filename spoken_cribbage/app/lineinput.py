"""One typed answer at a time, for the practice and review commands (outside the game).

On a terminal the keys are read in raw mode, as in the game: typed characters are echoed,
Backspace takes one back, Enter ends the line, and Escape, Ctrl-C or Ctrl-D stop at once (no
Enter needed). Without a terminal a line of the input is one answer, and its end stops.
"""

from __future__ import annotations

import sys
from typing import TextIO


def read_line(stream: TextIO | None = None, out: TextIO | None = None,
              tty: bool | None = None) -> str | None:
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
            pass   # no usable terminal after all: read lines
    try:
        line = stream.readline()
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    if not line:
        return None
    return line.rstrip("\r\n")


def _read_tty(out: TextIO) -> str | None:
    import asyncio

    from prompt_toolkit.input import create_input
    from prompt_toolkit.keys import Keys

    inp = create_input(always_prefer_tty=True)
    typed: list[str] = []
    result: list[str | None] = []

    def echo(s: str) -> None:
        try:
            out.write(s)
            out.flush()
        except (OSError, ValueError):
            pass

    async def main() -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        pending: list = [None]

        def on_keys(flush: bool = False) -> None:
            keys = inp.flush_keys() if flush else inp.read_keys()
            if not flush:
                # a lone Escape waits for the rest of a possible sequence: flush it after 0.25 s
                if pending[0] is not None:
                    pending[0].cancel()
                pending[0] = loop.call_later(0.25, on_keys, True)
            for kp in keys:
                if result:
                    return
                k, data = kp.key, kp.data
                if k in (Keys.ControlC, Keys.ControlD, Keys.Escape):
                    echo("\n")
                    result.append(None)
                elif k in (Keys.ControlM, Keys.ControlJ, Keys.Enter):
                    echo("\n")
                    result.append("".join(typed))
                elif k in (Keys.Backspace, Keys.ControlH):
                    if typed:
                        typed.pop()
                        echo("\b \b")
                    continue
                elif data and len(data) == 1 and data.isprintable():
                    typed.append(data)
                    echo(data)
                    continue
                else:
                    continue
                done.set()
                return

        with inp.raw_mode(), inp.attach(on_keys):
            await done.wait()
        if pending[0] is not None:
            pending[0].cancel()

    asyncio.run(main())
    return result[0] if result else None

"""The one output boundary: every line the game writes to the terminal (and every text it sends
to speech) goes through :func:`visible`, so that nothing from outside (a settings file, a name
in the statistics, a command-line value, a piped line) reaches the terminal with its control
characters. A character that cannot be printed is shown as its escape, written out as text
(``\\x1b``, ``\\u200b``), never executed: an escape sequence cannot clear the screen, retitle
the window or fake a line for a screen reader.

:func:`cleaned_output` puts a cleaning stream in front of ``sys.stdout`` and ``sys.stderr`` for
the whole run (``cli.main``), so that ``print``, argparse and error paths are covered too. The
game's own markup (bold scores, the echo of a typed line) is written by ``console.LineWriter``
to the stream underneath (:func:`underlying`), after it has cleaned the text itself.

>>> visible("Ann\\x1b[2J")
'Ann\\\\x1b[2J'
>>> visible("two\\nlines")
'two\\nlines'
>>> visible("zero\\u200bwidth")
'zero\\\\u200bwidth'
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

# the cleaning itself lives in words (below app), where values are put into sentences
from spoken_cribbage.words.clean import one_line, visible

__all__ = ["visible", "one_line", "CleanStream", "cleaned_output", "underlying"]


class CleanStream:
    """A text stream that cleans what is written to it (:func:`visible`) and passes everything
    else to the stream it wraps."""

    def __init__(self, stream: TextIO):
        self.stream = stream

    def write(self, s: str) -> int:
        self.stream.write(visible(s))
        return len(s)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def underlying(stream: TextIO) -> TextIO:
    """The stream a :class:`CleanStream` wraps (the stream itself otherwise), for the writer
    that cleans its lines itself and adds its own markup."""
    while isinstance(stream, CleanStream):
        stream = stream.stream
    return stream


@contextmanager
def cleaned_output() -> Iterator[None]:
    """Clean everything written to ``sys.stdout`` and ``sys.stderr`` inside."""
    out, err = sys.stdout, sys.stderr
    if out is not None and not isinstance(out, CleanStream):
        sys.stdout = CleanStream(out)  # type: ignore[assignment]
    if err is not None and not isinstance(err, CleanStream):
        sys.stderr = CleanStream(err)  # type: ignore[assignment]
    try:
        yield
    finally:
        # put back what was there, unless something replaced it since (BrokenPipeError's devnull)
        if isinstance(sys.stdout, CleanStream) and sys.stdout.stream is out:
            sys.stdout = out
        if isinstance(sys.stderr, CleanStream) and sys.stderr.stream is err:
            sys.stderr = err

"""Watching a room's table from the full seat (issue 26, items 1 and 5): a watcher at a
terminal hears the table through the same narration as a player (the table's events in their
own words, verbosity, speech, cues, the channels, the history keys) and may ask what is public
(``s`` the scores, ``c`` the count, ``f`` the starter, ``t`` whom the table waits for, the
history keys), while any key or command that would act (a digit, Space, an arrow, Enter, undo,
a hint, a chat line) is refused with one sentence and changes nothing.

:class:`WatchSession` is the shared table's :class:`~spoken_cribbage.app.net_seat.NetSession`
at a :class:`~spoken_cribbage.net.watcher.Watcher`: the table as everyone sees it (the server's
public observation: no hand, no legal action), seated nowhere (``me`` is -1: nobody is "you").
What arrives is said by the shared table's :class:`~spoken_cribbage.app.net_seat.NetSeat`.
``join --watch`` on a terminal watches here; piped input keeps the line watcher
(``room_command.watch_lines``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from spoken_cribbage.app.console import LineWriter
from spoken_cribbage.app.net_seat import (
    ACTING_INTENTS,
    SHARED_KEYS,
    NetSeat,
    NetSession,
    chat_text,
    keys_at_table,
    table_names,
)
from spoken_cribbage.app.seat.commands import ACTION_VERBS
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.seat.intent import Intent, OpenCommandLine
from spoken_cribbage.app.seat.turns import Table
from spoken_cribbage.app.seat_options import SeatSettings
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine import game as g
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.net.watcher import Watcher
from spoken_cribbage.vocabulary import Command
from spoken_cribbage.words import net as words
from spoken_cribbage.words.lines import Line, LineKind

__all__ = ["WatchSession", "WatchNews", "watch_keys", "as_watched_table"]

#: The verbs that act, or ask the table as a seat (a hint, a win chance, the coach).
ACTING_VERBS = (*ACTION_VERBS, "hint", "odds", "coach")


def as_watched_table(watcher: Watcher) -> Table:
    """A watcher is a seat's Table (mypy checks the protocol here)."""
    return watcher


class WatchSession(NetSession):
    """The full seat of a watcher: the same narration and answers as a player's, no action."""

    keys = SHARED_KEYS  # (the shared table's keys: ' talks to the table, as at a seat)

    def __init__(self, watcher: Watcher, **seat: Any) -> None:
        self.watcher = watcher
        # (the news, the seats and the clock are asked of a watcher as of a seat's table)
        self.remote = cast(RemoteTable, watcher)
        self.closed = None
        self.hosting = False
        Session.__init__(self, watcher, me=-1, names=table_names(self.remote), **seat)
        handlers = self.commands.handlers
        for verb in ("turn", "time"):
            handlers[verb] = self._waits
        for verb in (*ACTING_VERBS, "hand"):  # (a watcher holds no hand)
            handlers[verb] = self._cannot
        handlers["quit"] = self._stop  # (q: nothing of the table is the watcher's: no question)
        help_ = handlers["help"]

        def help_watching(c: Command) -> None:  # the game's help, then what a watcher cannot do
            help_(c)
            self.output.tell(words.cannot_act(), LineKind.HELP)

        handlers["help"] = help_watching
        self.kept = True  # (q stops watching: nothing of the table is the watcher's to keep)
        self.output.prompt = lambda: None  # (the table waits for nothing from a watcher: no prompt)
        said, announce = self.output.say, self.announcer.announce

        def say_no_hand(lines: Sequence[Line], **how: Any) -> None:  # ("Your hand.": a watcher holds none)
            said([line for line in lines if line.kind is not LineKind.HAND], **how)

        def announce_watched(events: Sequence[g.Event]) -> list[Line]:
            lines: list[Line] = []
            for event in events:  # (a new game is said as watched: "against" nobody)
                if isinstance(event, g.GameStarted):
                    lines.append(Line.same(words.watched_game(event.target, self.names.names), LineKind.GAME))
                else:  # ("Press Enter for the next deal": not the watcher's to press)
                    lines.extend(x for x in announce([event]) if x.kind not in (LineKind.PROMPT, LineKind.HAND))
            return lines

        self.output.say = say_no_hand  # type: ignore[method-assign]
        self.announcer.announce = announce_watched  # type: ignore[method-assign]

    def _stop(self, c: Command | None = None) -> None:
        self.output.tell(words.leaving())
        self.quit = True

    def _cannot(self, c: Command | None = None) -> None:
        self.output.tell(words.cannot_act(), LineKind.ERROR)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, ACTING_INTENTS) or (
            isinstance(intent, OpenCommandLine) and intent.text and chat_text(intent.text) is None
        ):  # (a command line opened on a move; ' opens it on say: a watcher talks to the table)
            with self.output.answer():
                self._cannot()
            return
        super().handle(intent)


class WatchNews(NetSeat):
    """What arrives at a watched table, said as it comes (as at a seat); the opening says what
    the watcher watches."""

    def __init__(self, session: WatchSession, table: str) -> None:
        super().__init__(session)
        self.table = table

    def opening(self) -> None:
        s, remote = self.session, self.remote
        with s.output.answer():
            self._note(words.watching_keys(self.table, s.names.names))
            if remote.waiting:  # (the game starts, and is heard, when every person's seat is taken)
                self._note(words.starts_when_full())
            self._note(words.limits(remote.turn_limit, remote.count_limit))
            self._news(remote.news())


def watch_keys(watcher: Watcher, table: str, seat: SeatSettings | None = None) -> int:
    """Watch ``watcher``'s table with the full seat on this terminal until q or the table
    closes: the exit status. ``seat``: the watcher's own settings (the file's when None)."""

    def make(settings: Any, writer: LineWriter, hooks: SeatHooks, speaker: Any, cues: Any) -> WatchNews:
        session = WatchSession(watcher, settings=settings, write=writer.line, hooks=hooks, speaker=speaker, cues=cues)
        return WatchNews(session, table)

    def finish(session: Any, writer: LineWriter, ended: int | None) -> int:
        if session.closed is not None:
            writer.line(session.closed)
            return 0
        if not session.quit:  # (stopped by a signal: q said it already)
            writer.line(words.leaving())
        return 128 + ended if ended is not None else 0

    return keys_at_table(seat, make, finish, language_at_once=False)

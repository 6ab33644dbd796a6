"""The full seat at a shared table (issue 26): the same :class:`~spoken_cribbage.app.session.Session`
as against the computer (its single keys through the same key loop, speech, cues, channels,
history, the coach's words) at a :class:`~spoken_cribbage.net.client.RemoteTable`.

What only a shared table has is here: what arrives unasked (the others' turns, chat, people
sitting down, leaving or dropping, the table's notes) is taken from the connection on the key
loop's timer (:meth:`NetSeat.pump`, every :data:`PUMP_S` seconds) and said through the seat's
Output as one unprompted answer, so the prompt stays the last line; chat lines are of the
``chat`` channel (``channel chat history`` quiets them, ``channel chat off`` drops them), the
table's notes of the ``system`` channel, said after the game's announcements, never cutting
them off. ``'`` opens the command line on ``say`` (a line to the table); ``t`` and ``k`` say
whom the table waits for and how long they have (the server's clock); ``i``, ``o`` and ``e``
ask the table's coach, or say that the host allows none; Enter or ``n`` after the game asks
for a rematch; undo is refused with a sentence; ``q`` leaves the seat (kept, as for a drop).

``host``, ``join`` and a room's tables seat a player here when standard input is a terminal;
piped input keeps the line seat (``app/line_seat.py``), whose typed lines the tests script.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any

from spoken_cribbage.app import line_seat, seat_options
from spoken_cribbage.app.console import LineWriter, env_accessible, plain_output
from spoken_cribbage.app.keyloop import run_tty
from spoken_cribbage.app.seat import moment, narration
from spoken_cribbage.app.seat.asked import ASKED
from spoken_cribbage.app.seat.commands import ACTION_VERBS
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.seat.intent import (
    Act,
    ChooseAtCursor,
    ChooseCard,
    EraseDigit,
    MoveCursor,
    OpenCommandLine,
    TypeDigit,
)
from spoken_cribbage.app.seat.keymap import KeyMap, vocabulary_keymap
from spoken_cribbage.app.seat.turns import Table
from spoken_cribbage.app.seat_options import SeatSettings
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import Closed, Refused, RemoteTable
from spoken_cribbage.net.tls import Pins
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage.settings import brief_parts
from spoken_cribbage.vocabulary import Command
from spoken_cribbage.words import net as words
from spoken_cribbage.words import net_seat as seat_words
from spoken_cribbage.words.lines import Line, LineKind
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.seat import phrase as seat_phrase

__all__ = ["NetSeat", "NetSession", "SHARED_KEYS", "as_table", "sit", "sit_keys"]

#: Seconds between two looks at the connection for what arrived unasked.
PUMP_S = 0.1
#: What a key means that would act at the table (choose, play, count): before the game's start
#: answered with whom the table waits for (and refused to a watcher).
ACTING_INTENTS = (ChooseCard, ChooseAtCursor, MoveCursor, Act, TypeDigit, EraseDigit)
#: The verbs about the game (its actions, and what the seat asks of it but help): before the
#: game's start each is answered with whom the table waits for, and nothing is sent.
GAME_VERBS = frozenset(ASKED.handlers) - {"help"} | frozenset(ACTION_VERBS)


def as_table(remote: RemoteTable) -> Table:
    """A remote table is a seat's :class:`~spoken_cribbage.app.seat.turns.Table` (mypy checks
    the protocol here: tests/repo/test_typing.py)."""
    return remote


def shared_keymap() -> KeyMap:
    """The game's keys, and ``'``: the command line opened on ``say`` (a line to the table)."""
    keys = vocabulary_keymap()
    keys.add("'", OpenCommandLine("say "))
    return keys


#: The keys of the seat at a shared table.
SHARED_KEYS = shared_keymap()


class NetSession(Session):
    """A :class:`Session` at a shared table: the same seat, with the shared table's verbs (chat,
    the table's clock and coach, the rematch) answered from the connection."""

    keys = SHARED_KEYS

    def __init__(self, remote: RemoteTable, **seat: Any) -> None:
        self.remote = remote
        self.closed: str | None = None  # why the connection closed, said once
        self.hosting = False  # the host's own seat: leaving closes the table (it is saved)
        super().__init__(remote, me=remote.seat, names=table_names(remote), **seat)
        handlers = self.commands.handlers
        for verb in ("turn", "time"):
            handlers[verb] = self._waits
        handlers["hint"] = self._advice(p.AdviceKind.HINT)
        handlers["odds"] = self._advice(p.AdviceKind.ODDS)
        if not remote.advice:
            handlers["coach"] = lambda c: self.output.tell(seat_words.coach_off())
        handlers["new"] = self._rematch
        help_ = handlers["help"]

        def with_shared_keys(c: Command) -> None:  # help, then the shared table's keys
            help_(c)
            self.output.tell(seat_words.shared_keys(advice=remote.advice), LineKind.HELP)

        handlers["help"] = with_shared_keys
        next_deal = handlers["next"]

        def next_or_rematch(c: Command) -> None:
            if self._over():
                self._rematch(c)
                return
            next_deal(c)
            if self.table.observation(self.me).phase == g.DEAL_OVER:  # (Enter pressed: never silent)
                self.output.tell(words.waiting_for(self._not_ready()))

        handlers["next"] = next_or_rematch
        for verb in GAME_VERBS & handlers.keys():
            handlers[verb] = self._once_started(handlers[verb])
        self.output.prompt = self._prompt  # (none before the game's start)

    # ------------------------------------------------------------------ the inputs

    def handle(self, intent: Any) -> None:
        with self._connection():
            if isinstance(intent, ACTING_INTENTS) and self._waiting():
                with self.output.answer():
                    self._table_waits()
                return
            super().handle(intent)

    # ------------------------------------------------------------------ before the game's start

    def _waiting(self) -> int:
        """The people's seats still to be taken before the game starts (0 once it has)."""
        self.remote.drain()  # (the start may just have come)
        return self.remote.waiting

    def _table_waits(self) -> None:
        self.output.tell(words.table_waits(self.remote.waiting), LineKind.ERROR)

    def _once_started(self, handler: Callable[[Command], None]) -> Callable[[Command], None]:
        """``handler`` once the game has started; before, whom the table waits for (nothing
        of the game is said or sent)."""

        def run(c: Command) -> None:
            if self._waiting():
                self._table_waits()
                return
            handler(c)

        return run

    def _prompt(self) -> Line | None:
        """The seat's prompt (what the game waits for from the player); none while the table
        waits for its people (the opening said so)."""
        return None if self.remote.waiting else moment.prompt_line(self)

    def command(self, text: str) -> None:
        """A typed line: ``say`` and words, or ``'`` and words, talk to the table."""
        said = chat_text(text)
        if said is None:
            with self._connection():
                super().command(text)
            return
        with self.output.answer(), self._connection():
            if not said:
                self.output.tell(seat_words.nothing_said(), LineKind.ERROR)
            else:
                self.remote.say(said)  # (heard when the table sends it back to everyone)

    def _connection(self) -> Any:
        return _Connection(self)

    def unsaved_words(self, when: str) -> str | None:
        """Quitting says what leaving a shared table does (the question of ``q``, and the last
        line): the seat is kept for the name so long, or a computer plays it meanwhile, or, at
        the host's own seat, the table closes for everyone and is saved; never the local
        game's words about a game kept or for this run only."""
        if when not in ("quit", "goodbye"):
            return super().unsaved_words(when)
        keep, held = None, False
        if not self._over():  # (a seat left after the game is kept for nobody)
            keep = self.remote.keep or None  # (0: a computer holds a seat left: net.server)
            held = not keep
        if when == "quit":
            return words.quit_question(self.hosting, keep, held)
        return words.leaving(self.hosting, keep, held)

    # ------------------------------------------------------------------ the table's verbs

    def _over(self) -> bool:
        return self.table.observation(self.me).phase == g.GAME_OVER

    def _waits(self, c: Command) -> None:
        """Whom the table waits for and how long they have, in words (the server's clock);
        before the game's start, how many more people."""
        if self._waiting():
            self.output.tell(words.table_waits(self.remote.waiting))
            return
        self.output.tell(waits_line(self.remote, self.names.names))

    def _advice(self, kind: p.AdviceKind) -> Callable[[Command], None]:
        def ask(c: Command) -> None:
            try:
                notice = self.remote.advise(kind)
            except Refused as e:
                self.output.tell(words.refused(e.message.reason.value), LineKind.ERROR)
                return
            try:
                self.output.tell(phrase(notice) if notice is not None else seat_phrase("no_hint"), LineKind.HINT)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # (a server's data
                self.output.tell(words.refused("malformed"), LineKind.ERROR)  # that fits no notice)

        return ask

    def _rematch(self, c: Command) -> None:
        """After the game, a rematch with the same seats (it starts when everyone asked)."""
        if not self._over():
            self.output.tell(seat_phrase("new_game_not_yet"))
            return
        remote = self.remote
        remote.rematch()
        if self._over():
            self.output.tell(words.waiting_for(self._not_ready()) or words.prompt_rematch())

    def _not_ready(self) -> list[str]:
        """The people at the table who have not asked for the next deal (or the rematch)."""
        remote = self.remote
        remote.drain()
        return [
            self.names.names[s]
            for s in range(remote.players)
            if remote.connected[s] and s not in remote.ready and s != self.me
        ]


class _Connection:
    """A closed connection met while answering: said once, and the seat ends."""

    def __init__(self, session: NetSession) -> None:
        self.session = session

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: object, tb: object) -> bool:
        if isinstance(error, Closed):
            self.session.closed = words.closed(error.reason.value if error.reason else None)
            self.session.quit = True
            return True
        return False


def chat_text(text: str) -> str | None:
    """The words of a chat line (``say hello`` or ``'hello``), None for another command.

    >>> chat_text("say well played"), chat_text("'hi"), chat_text("scores"), chat_text("say")
    ('well played', 'hi', None, '')
    """
    stripped = text.strip()
    if stripped.startswith("'"):
        return stripped[1:].strip()
    first, _, rest = stripped.partition(" ")
    if first.lower() == "say":
        return rest.strip()
    return None


def table_names(remote: RemoteTable) -> list[str]:
    """Every seat's name as this seat says it: "you", the names the table sent, a computer's
    name (the same on every client: never a person's at the table), or an empty seat."""
    return words.table_names(remote.players, remote.names, remote.computers, remote.seat)


def waits_line(remote: RemoteTable, names: Sequence[str]) -> str:
    waits = remote.ask_time()
    phase = str(remote.observation(remote.seat).phase)
    return words.waits([(names[w.seat], w.why.value, w.left, w.dropped, w.away and w.away.value) for w in waits], phase)


class NetSeat:
    """The seat's news from the table: what arrived unasked, said as it comes."""

    def __init__(self, session: NetSession) -> None:
        self.session = session
        self.remote = session.remote
        self.chat: list[p.Chat] = []
        self.remote.on_chat = lambda line: self.chat.append(line)  # (self.chat is renewed as it is said)
        self._connected = list(self.remote.connected)
        self._names_were = list(self.remote.names)
        self._ready_were: set[int] = set(self.remote.ready)

    def opening(self) -> None:
        """Where the player sits and with whom, the table's limits, its keys, then the game so
        far (after a drop: what was missed, marked as earlier)."""
        s, remote = self.session, self.remote
        with s.output.answer():
            others = [
                s.names.names[i]
                for i in range(remote.players)
                if i != s.me and (i in remote.computers or remote.connected[i])
            ]
            self._note(words.seated(s.me, others))
            if remote.waiting:  # (nothing of the game is said before every person's seat is taken)
                self._note(words.starts_when_full())
            self._note(words.limits(remote.turn_limit, remote.count_limit))
            if not remote.advice:
                self._note(words.no_advice())
            self._note(seat_words.shared_keys(advice=remote.advice))
            self._news(remote.news())

    def pump(self) -> None:
        """Take what arrived and say it (the timer calls this every :data:`PUMP_S` seconds)."""
        s = self.session
        if s.quit:
            return
        with s.output.answer(unprompted=True), s._connection():
            self.remote.drain()
            self._news(self.remote.news())

    def _news(self, events: list[g.Event]) -> None:
        s, remote = self.session, self.remote
        self._seats_changed()
        missed, remote.missed = remote.missed, None
        start = remote.heard - len(events)
        if missed is not None:
            self._note(words.back(missed[1] > missed[0]))
            cut = max(0, min(len(events), missed[1] - start))
            earlier = s.announcer.announce(events[:cut])
            s.output.say([Line.same(words.earlier(line.text), line.kind) for line in earlier], priority=Priority.NORMAL)
            events, start = events[cut:], start + cut
        at = start
        for index, note in sorted(remote.take_notes(), key=lambda item: item[0]):
            if index > at:  # (the events before the note first)
                part = events[at - start : index - start]
                narration._announce(s, part, remote.observation(s.me), priority=Priority.NORMAL, own=0)
                at = index
            self._table_note(note)
        for line in self.chat:
            said = line_seat.chat_words(line, s.names.names.__getitem__)
            s.output.say([Line.same(said, LineKind.CHAT)], priority=Priority.NORMAL)
        self.chat = []
        rest = events[at - start :]
        if missed is not None:  # back at the table: where the game stands, the hand numbered
            self._where(rest)
        if missed is None and rest and all(isinstance(e, g.Discarded) and e.seat != s.me for e in rest):
            # (another's discard while the seat chooses its own: said if it has words, the
            # prompt not said again over the seat's question; the Output adds it if due)
            narration._announce(s, rest, remote.observation(s.me), priority=Priority.NORMAL, own=0)
        elif rest or missed is not None:
            s.after(rest)
        if missed is not None:
            s.output.tell(waits_line(remote, s.names.names))

    def _where(self, coming: list[g.Event]) -> None:
        """After a rejoin, before the events still to say: the scores, whose crib, and in the
        discard or the play the starter, the count and the hand, numbered afresh (the keys
        choose by these numbers), as a resumed game says them."""
        s = self.session
        obs = s.table.observation(s.me)
        if obs.phase in (g.DEAL_OVER, g.GAME_OVER) or any(isinstance(e, g.Dealt) for e in coming):
            return
        lines = [Line.same(s.answers.scores(), LineKind.SCORES), Line.same(s.answers.crib(), LineKind.GAME)]
        s.output.say([*lines, *narration._state_lines(s, obs)], priority=Priority.NORMAL)

    def _note(self, text: str, priority: Priority = Priority.NORMAL) -> None:
        if text:
            self.session.output.say([Line.same(text, LineKind.INFO)], priority=priority)

    def _table_note(self, note: p.Note) -> None:
        names = self.session.names.names
        if note.code == p.NoteCode.TURN_PLAYED:
            self._note(words.turn_played(names[note.seat]))
        elif note.code == p.NoteCode.TIME_WARNING and note.seconds is not None:
            self._note(words.time_warning(note.seconds), Priority.NOW)
        elif note.code in (p.NoteCode.LEFT, p.NoteCode.DROPPED) and note.seat != self.session.me:
            held = note.seat in self.remote.held
            self._note(words.away(names[note.seat], note.code.value, note.seconds, held))

    def _seats_changed(self) -> None:
        s, remote = self.session, self.remote
        s.names.names[:] = table_names(remote)  # (the announcer and answers share the list)
        now, names = list(remote.connected), list(remote.names)
        for i, (was, is_) in enumerate(zip(self._connected, now, strict=False)):
            if i != s.me and is_ and not was:
                self._note(words.joined(s.names.names[i]))
        for i, (before, after) in enumerate(zip(self._names_were, names, strict=False)):
            if i != s.me and before and not after:
                self._note(words.seat_free(before))
        self._connected, self._names_were = now, names
        if s.table.observation(s.me).phase == g.GAME_OVER:
            for i in sorted(remote.ready - self._ready_were - {s.me}):
                self._note(words.asks_rematch(s.names.names[i]))
        self._ready_were = set(remote.ready)


def sit(
    uri: str,
    code: str,
    name: str,
    out: Callable[[str], None],
    pins: Pins | None = None,
    table: str = "",
    seat: SeatSettings | None = None,
    hosting: bool = False,
) -> int:
    """Join the table at ``uri`` and play at it: with the full seat when standard input is a
    terminal, else with the line seat (``app/line_seat.py``: typed lines, as the tests script
    them); the arguments are :func:`~spoken_cribbage.app.line_seat.sit`'s, and ``seat`` the
    player's own settings (:func:`~spoken_cribbage.app.seat_options.seat_settings`: the file's
    with their options on top); ``hosting``: the host's own seat at the table it serves."""
    if not _isatty(sys.stdin):  # (typed lines: the player's verbosity, no speech)
        said = (seat or seat_options.seat_settings(None)).current
        brief = brief_parts(said.brief)
        return line_seat.sit(uri, code, name, out, pins, table, verbosity=said.verbosity, brief=brief, hosting=hosting)
    try:
        remote = RemoteTable.join(uri, code, name, pins=pins, table=table)
    except line_seat.CONNECTION_ERRORS as e:
        out(line_seat.failure(e, uri))
        return 1
    if remote.first_visit:
        out(words.certificate_pinned())
    try:
        return sit_keys(remote, seat, hosting=hosting)
    finally:
        remote.close()


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def sit_keys(remote: RemoteTable, seat: SeatSettings | None = None, *, hosting: bool = False) -> int:
    """Play at ``remote`` with the full seat on this terminal, until the player leaves or the
    table closes: the exit status. ``seat``: the player's settings (the file's when None)."""

    def make(settings: Any, writer: LineWriter, hooks: SeatHooks, speaker: Any, cues: Any) -> NetSeat:
        session = NetSession(remote, settings=settings, write=writer.line, hooks=hooks, speaker=speaker, cues=cues)
        session.kept = True  # (q: the seat is kept for this name, as for a drop)
        session.hosting = hosting
        return NetSeat(session)

    def finish(session: Any, writer: LineWriter, ended: int | None) -> int:
        if session.closed is not None:
            writer.line(session.closed)
            return 0 if session.finished else 1
        if ended is not None:  # (q says its own goodbye: NetSession.unsaved_words)
            writer.line(session.unsaved_words("goodbye") or words.leaving())
        with suppress(Exception):
            remote.leave()
        return 128 + ended if ended is not None else 0

    return keys_at_table(seat, make, finish)


def keys_at_table(
    seat: SeatSettings | None,
    make: Callable[[Any, LineWriter, SeatHooks, Any, Any], NetSeat],
    finish: Callable[[Any, LineWriter, int | None], int],
    *,
    language_at_once: bool = True,
) -> int:
    """A full seat at a shared table on this terminal (a player's or a watcher's): the player's
    writer, speech, cues and voice; ``make`` the seat's news (its session inside) from them; the
    key loop with the table's news pumped; ``finish`` says the last lines and gives the exit
    status; the devices closed whatever happens. ``language_at_once``: a language chosen in the
    game is spoken from then on (seat_options.settings_kept), else only saved."""
    if seat is None:
        seat = seat_options.seat_settings(None)
    settings, run = seat.current, seat.run
    writer = LineWriter(sys.stdout, plain_output(seat.accessible or env_accessible(), sys.stdout))
    speaker = seat_options.make_speaker(settings, writer)
    cue_errors = seat_options.HeldLines(lambda notice: writer.line(phrase(notice)))
    cues = seat_options.make_cues(settings, cue_errors)
    on_settings = seat_options.settings_kept(run, speaker, writer) if language_at_once else run.on_settings
    hooks = SeatHooks(write_kind=writer.line, on_settings=on_settings, describe_settings=run.describe)
    news = make(settings, writer, hooks, speaker, cues)
    session = news.session
    voice, checker = None, None
    try:
        with writer.hold():
            for line in seat.early:  # (the settings file's problem)
                writer.line(line)
            seat_options.say_what_speaks(writer, speaker, settings, cues, cue_errors)
            voice, checker = seat_options.hands_free(session, settings)
            news.opening()
        if voice is not None:
            voice.start()  # the model loads in the background: the table is already playable

        def post(schedule: Callable[[Callable[[], None]], object]) -> None:
            def every() -> None:
                news.pump()
                if not session.quit and session.runner.timer is not None:
                    session.runner.timer(PUMP_S, every)

            assert session.runner.timer is not None
            session.runner.timer(PUMP_S, every)
            if voice is not None:
                voice.set_dispatch(schedule)  # what is heard runs on the key loop's thread
            if checker is not None:
                checker.set_dispatch(schedule)

        return finish(session, writer, run_tty(session, writer, post=post))
    finally:
        if checker is not None:
            checker.stop_quietly()
        if voice is not None:
            voice.stop()
        for device in (speaker, cues):
            with suppress(Exception):
                device.close()

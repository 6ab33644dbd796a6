"""One player's seat at a game (issue 24's facade): it composes the seat's stages
(``spoken_cribbage/app/seat``, docs/dev/seat.md) and is the context their Protocols describe;
the front ends feed it keys, lines and voice commands, and read it through the stages."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Sequence

from spoken_cribbage.app.coach import CoachWatch
from spoken_cribbage.app.seat import actions, answering, commands, devices, moment, narration
from spoken_cribbage.app.seat.choices import ON_INTENT
from spoken_cribbage.app.seat.commands import Commands
from spoken_cribbage.app.seat.devices import CuesDemo
from spoken_cribbage.app.seat.hand_view import HandView, Where
from spoken_cribbage.app.seat.history import History
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.seat.intent import Intent
from spoken_cribbage.app.seat.keymap import KEYS
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.question import Asking, Question
from spoken_cribbage.app.seat.turns import Table, TurnRunner
from spoken_cribbage.app.show_reader import ShowReader
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.speech.base import NullSpeaker
from spoken_cribbage.speech.cues import NullCuePlayer
from spoken_cribbage.storage import testhooks
from spoken_cribbage.storage.settings import Settings, brief_parts, channel_modes
from spoken_cribbage.vocabulary import Command, VoiceContext
from spoken_cribbage.words.announce import Announcer, Answers, Line, Names, seat_names
from spoken_cribbage.words.notices import phrase as phrase_notice


def _input(method):
    """An input of the player's (a key, a line, a voice command): a count whose time ran out
    is settled first (and the input dropped: the time-up lines are the answer); then help no
    longer counts as open, and afterwards the count clock runs or waits as the moment says."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        if self._in_input:
            return method(self, *args, **kwargs)
        self._in_input = True
        try:
            with self.output.answer():
                if self.runner.count_clock is not None and narration.input_begins(self):
                    return None  # (without a count clock there is nothing to settle or hold)
                self.help_open = False
                return method(self, *args, **kwargs)
        finally:
            self._in_input = False
            if self.runner.count_clock is not None:
                narration.clock_sync(self)

    return wrapper


class Session:
    """One seat: keys, lines and voice commands in; lines, speech and cues out (the Output)."""

    keys = KEYS  # what each key means (seat.keymap); a shared table's seat adds its own

    def __init__(
        self,
        table: Table,
        *,
        settings: Settings,
        write: Callable[[str], None],
        hooks: SeatHooks = SeatHooks(),
        speaker=None,
        cues=None,
        me: int = 0,
        names: Sequence[str] | None = None,
    ):
        self.me = me
        #: the front end's callbacks (seat.hooks): statistics, settings kept, hints
        self.hooks = hooks
        self.settings = settings
        #: the table the seat sits at (seat.turns.Table: a game here or elsewhere; the front
        #: end builds it, app.local_seat for a game in this process); the seat reads it only
        self.table = table
        #: the computers' turns (paced on its timer: the console sets ``runner.timer``), the
        #: count clock (time.monotonic, or a test's: storage.testhooks)
        self.runner = TurnRunner(
            self.table,
            me,
            pace=lambda: self.settings.pace,
            now=hooks.clock or testhooks.monotonic,
            on_paced=functools.partial(narration.pace_step, self),
            on_tick=functools.partial(narration.on_tick, self),
        )
        self.help_open = self._in_input = False  # help asked last (the clock waits); an input runs
        #: the listener's side: lines, speech, cues, the transcript (``write_kind``: a kind too)
        self.output = Output(
            hooks.write_kind or (lambda text, kind: write(text)),
            speaker or NullSpeaker(),
            cues or NullCuePlayer(),
            prompt=functools.partial(moment.prompt_line, self),
            cues_on=lambda: self.settings.cues == "on",
            modes=lambda: channel_modes(self.settings),
            deal=lambda: self.table.observation(self.me).deal,
        )
        #: the cues command, while it runs (any key stops it)
        self.cues_demo = CuesDemo(self.output, lambda: self.cues, lambda: self.runner.timer)
        self.names = Names(names or seat_names(table.players, me=me), me)
        self.listen_toggle: Callable[[], None] | None = None  # set when voice commands are on
        #: the ``mic check`` command (app.voice_check.VoiceCheck); the front end sets it
        self.voice_check = None
        self.kept = True  # the game is saved, so quitting keeps it
        #: storage.not_kept while the game cannot be saved (the keeper sets it): quitting says so
        self.unsaved: Notice | None = None
        self.scores_mark: tuple[int, int] | None = None  # the scores just said (S twice: pegs)
        self.quit = False  # the player chose to leave
        self.coach = CoachWatch()  # the coach's answer to the player's moves (app.coach)
        self.show_reader = ShowReader()  # the a key: the last show, a hand a press
        #: repeat, [ and ], review and the w key's walk (a walk belongs to one game)
        self.history = History(self.output, self.table, self.me, self.names)
        #: every verb's handler (seat.commands), the session the context of most
        self.commands = Commands(asked=self, history=self.history, devices=self, actions=self)
        self._bind()

    # ------------------------------------------------------------------ the table (seat.turns)

    @property
    def count_clock(self):  # the player's own count's clock while one runs (seat.count_clock)
        return self.runner.count_clock

    def _bind(self, names: Sequence[str] | None = None) -> None:
        """Seat the player at the table's game (its first, or a new one)."""
        self.runner.cancel_pace()
        players = self.table.players
        if names is not None:
            self.names = Names(names, self.me)
        elif len(self.names.names) != players:  # a new game at another table
            self.names = Names(seat_names(players, me=self.me), self.me)
        parts = brief_parts(self.settings.brief)
        self.announcer = Announcer(self.names, self.settings.verbosity, parts).bind(self.table)
        self.answers = Answers(lambda: self.table.observation(self.me), self.names)
        #: the hand as the player last heard it: numbers, cursor, marks, a count typed
        self.hand_view = HandView()
        #: the yes/no question open (quit, discard, or a voice command heard but not surely)
        self.asking = Asking()
        self.finished = self.table.observation(self.me).phase == g.GAME_OVER
        self.history.restart(self.names)
        self.runner.stop_clock()

    @property
    def speaker(self):  # the voice (speech.base.Speaker), held by the Output
        return self.output.speaker

    @property
    def cues(self):  # the cue player (speech.cues), held by the Output
        return self.output.cues

    def count_due(self) -> bool:
        """Manual counting: the player's own count is due now."""
        return self.runner.count_due()

    def voice_context(self) -> VoiceContext:
        """The grammar for this moment (seat.moment): a yes/no question while one is open."""
        return moment.voice_context(self)

    def moment_context(self) -> VoiceContext:
        """The grammar of the game's moment, whether or not a question is open."""
        return moment.context(self)

    # ------------------------------------------------------------------ flow

    def start(self, *, resumed: bool = False, timer_coming: bool = False) -> None:
        """Announce the game so far (or a summary when resumed) and let the computer act.

        ``timer_coming``: the front end sets a timer once its loop runs (the console): a resumed
        game whose next turns are the computers' waits for it (:meth:`resume_clock`), so that
        they come paced, one at a time, as in play."""
        with self.output.answer():
            narration.start(self, resumed, timer_coming)

    def hand_lines(self) -> list[Line]:
        """The hand, numbered afresh (and remembered as the numbering)."""
        return narration.hand_lines(self)

    def after(self, events: list[g.Event], *, paced: bool = False, own: int = 0) -> None:
        """Say ``events``, play on until the player must act, then the prompt (seat.narration)."""
        narration.after(self, events, paced=paced, own=own)

    def hint_text(self) -> str | None:  # (a hint that fails is no hint)
        with contextlib.suppress(Exception):
            return self.hooks.hint(self.table.observation(self.me)) if self.hooks.hint else None
        return None

    # ------------------------------------------------------------------ keys

    @_input
    def key(self, key: str) -> None:
        """A single key pressed (not on the command line), by the front end's name for it: the
        character it types, or "enter", "escape", "left", "f1", "tab" ... (seat.keymap)."""
        self.handle(self.keys.intent_for(key, moment.moment(self)))

    def enter(self) -> None:  # Enter with nothing typed: do what the prompt says
        self.key("enter")

    def escape(self) -> None:  # cancel a question or a discard choice; otherwise silence
        self.key("escape")

    def space(self) -> None:  # act on the card under the cursor
        self.key(" ")

    def move(self, where: Where) -> None:  # arrows: left, right, home, end through the hand
        self.key(where)

    @_input
    def handle(self, intent: Intent) -> None:
        """What a key means (seat.intent), acted on: a key first stops the cues command and the
        voice check (a key that stops the check does only that)."""
        if devices.stop_running(self):
            return
        ON_INTENT[type(intent)](self, intent)

    @_input
    def interrupt(self) -> None:
        """Ctrl-C: asks to quit; a second Ctrl-C in a row quits at once (the game is kept)."""
        devices.stop_running(self)
        answering.interrupt(self)

    # ------------------------------------------------------------------ commands

    @_input
    def command(self, text: str) -> None:
        """A typed line, or an accepted voice command."""
        devices.stop_running(self)  # then the command runs
        commands.line(self, text)

    def run(self, cmd: Command) -> None:
        commands.run(self, cmd)

    def unsaved_words(self, when: str) -> str | None:
        """The sentence for quitting (``when``: quit, goodbye, input_ended, stopped) while the
        game cannot be saved; None when it is kept (or is for this run only, or is over)."""
        if self.unsaved is None or not self.kept or self.finished:
            return None
        return phrase_notice(self.unsaved, when=when)

    def ask(self, kind: Question, question: str, held: str | None = None) -> None:
        """Open a yes/no question (it replaces any open one) and ask it."""
        self.asking.ask(kind, question, held)
        self.output.tell(question, "prompt")

    @_input
    def doubtful(self, command: str, question: Notice) -> None:
        """A voice command heard, but not surely: ask ``question`` first (seat.answering)."""
        self.cues_demo.stop()
        answering.doubtful(self, command, question)

    def drop_voice_question(self) -> None:
        self.asking.drop_voice()

    def leave(self) -> None:
        answering.leave(self)

    def confirm(self, yes: bool) -> None:
        """The open question answered (seat.answering)."""
        answering.confirm(self, yes)

    def tick(self) -> None:
        """Look at the count clock: the one warning, or the end of the time (the front end's
        timer calls this; so does every input, and a test on a fake clock)."""
        narration.time_ran_out(self)

    def do(self, action: g.Action) -> None:
        """Try an action of the player's (seat.actions)."""
        actions.do(self, action)

    # ------------------------------------------------------------------ what the commands use
    # (the contexts of seat.asked.Asked, seat.devices.Devices and seat.actions.Actions)

    def take_settings(self, new: Settings, name: str) -> None:
        self.settings = new
        self.announcer.verbosity = new.verbosity
        self.announcer.brief = brief_parts(new.brief)
        if name == "time_limit" and not new.time_limit:
            self.runner.stop_clock()  # no limit now: a count under way is no longer timed

    def settings_saved(self, new: Settings, name: str) -> Notice | None:
        return self.hooks.on_settings(new, name) if self.hooks.on_settings else None

    def settings_described(self, settings: Settings) -> list[Notice] | None:
        describe = self.hooks.describe_settings
        return describe(settings) if describe is not None else None

    def take_back(self) -> list[g.Action]:
        undone = self.table.undo(self.me)  # (the table tells the keeper)
        self.coach.undone(self.table.version)  # moves taken back: not the coach's to count
        return undone

    def begin(self, names: Sequence[str] | None) -> None:
        self._bind(names)
        self.start()

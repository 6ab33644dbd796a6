"""The turns at the table: the game behind a :class:`Table`, the computer players stepped until
a human must act, and the table's rules of time (issue 24, the TurnRunner stage).

A seat asks its table only what :class:`Table` offers: its own observation, to apply its
action (the events come back as its seat sees them), undo, the events so far, a new game, the
turns the table takes here and whether the seat keeps its time. It never reaches behind the
table for a game: :class:`LocalTable` is a game in this process with its computer players (the
front end builds it, and keeps the game for saving and statistics); network play puts the
game, its computers and its rules of time on a server and the rest of the seat on each
player's machine (a table without local turns or clock).

The :class:`TurnRunner` steps the computers' turns (OpenSpiel's bots stepped until a human
acts), one at a time on the injected timer when turns are paced, so each can be heard; and it
keeps the counting clock of manual counting (its warning and its end). It returns events and
what the time says; it never writes or speaks: the seat narrates. The timer and the clock are
injected, so tests run it on fakes.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from spoken_cribbage.app.seat.count_clock import WARN_AT, CountClock
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.engine.rules import Rules

#: Runs a function later on the game's thread: (seconds, function) -> a cancel function.
Timer = Callable[[float, Callable[[], None]], Callable[[], None]]


class Player(Protocol):
    """A computer player: an action from its own seat's observation."""

    def act(self, obs: g.Observation, rng: random.Random | None = None) -> g.Action: ...


#: What makes a new game: (game, computer players by seat[, seat names]).
NewGameFactory = Callable[[], tuple]  # type: ignore[type-arg]


@dataclass(frozen=True)
class NewGame:
    """A new game was set at the table; ``names``: its seat names, when the factory gave them."""

    names: Sequence[str] | None = None


class Table(Protocol):
    """What a seat may ask of the game it sits at (in this process or, later, on a server)."""

    @property
    def players(self) -> int: ...

    @property
    def rules(self) -> Rules: ...

    def observation(self, seat: int) -> g.Observation:
        """What ``seat`` knows now."""
        ...

    def apply(self, action: g.Action, seat: int) -> list[g.Event]:
        """Carry out ``action`` (IllegalActionError when the game refuses it, nothing changed);
        the events as ``seat`` sees them."""
        ...

    def can_undo(self, seat: int) -> g.UndoBlocked | None: ...

    def undo(self, seat: int) -> list[g.Action]:
        """Take back ``seat``'s last action and the replies to it; the actions undone."""
        ...

    def events_for(self, seat: int, start: int = 0) -> list[g.Event]:
        """The game's events so far (from ``start``) as ``seat`` sees them (review, a resume)."""
        ...

    def new_game(self) -> NewGame | None:
        """Set a new game at the table (None: this table cannot make one)."""
        ...

    @property
    def version(self) -> int:
        """The actions the game has taken so far (fewer after an undo): the place in the game
        the coach keeps its verdicts by."""
        ...

    @property
    def keeps_time(self) -> bool:
        """The seat keeps this table's rules of time (the counting clock and its end): True at
        a table in this process; False where a server keeps them."""
        ...

    def next_action(self, seat: int, obs: g.Observation) -> g.Action | None:
        """The next action that needs no choice of ``seat``'s player and that this table's
        turns take here (``obs``: the seat's observation now): a computer's, or the player's
        own go when no card fits; None when the game waits for the player (or, at a table
        whose server steps its computers, for the server)."""
        ...


class LocalTable:
    """A :class:`Table` over a game in this process, with its computer players by seat.

    ``on_action`` (the autosave) hears every applied action before anything is said;
    ``on_undo`` hears an undo; ``new_game_factory`` makes the next game."""

    def __init__(
        self,
        game: g.Game,
        opponents: dict[int, Player],
        *,
        on_action: Callable[[g.Game, g.Action, list[g.Event]], None] | None = None,
        on_undo: Callable[[g.Game], None] | None = None,
        new_game: NewGameFactory | None = None,
    ) -> None:
        self.game = game
        self.opponents = opponents
        self.on_action = on_action
        self.on_undo = on_undo
        self.new_game_factory = new_game
        #: the observations built at the game's state now, by seat (:meth:`observation`)
        self._seen: dict[int, g.Observation] = {}
        self._seen_at: tuple[object, ...] = ()

    def bind(self, game: g.Game, opponents: dict[int, Player]) -> None:
        self.game, self.opponents = game, opponents
        self.forget()

    def forget(self) -> None:
        """Build the observations afresh: the game was changed other than through
        :meth:`apply` and :meth:`undo` (a test setting its state directly)."""
        self._seen, self._seen_at = {}, ()

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def version(self) -> int:
        return len(self.game.actions)

    #: the seat keeps a local table's rules of time (the counting clock of manual counting)
    keeps_time = True

    def observation(self, seat: int) -> g.Observation:
        """What ``seat`` knows now: built once per state of the game (the game, its actions so
        far and the last of them name the state; an observation is a frozen value)."""
        game, actions = self.game, self.game.actions
        last = actions[-1] if actions else None
        seen = self._seen_at
        if not seen or seen[0] is not game or seen[1] != len(actions) or seen[2] is not last:
            self._seen, self._seen_at = {}, (game, len(actions), last)
        obs = self._seen.get(seat)
        if obs is None:
            obs = self._seen[seat] = self.game.observation(seat)
        return obs

    def apply(self, action: g.Action, seat: int) -> list[g.Event]:
        start = len(self.game.events)
        events = self.game.apply(action)
        if self.on_action:
            self.on_action(self.game, action, events)
        return self.game.events_for(seat, start)

    def can_undo(self, seat: int) -> g.UndoBlocked | None:
        return self.game.can_undo(seat)

    def undo(self, seat: int) -> list[g.Action]:
        undone = self.game.undo(seat)
        self.forget()  # (a state reached again by other actions is another state)
        if self.on_undo:
            self.on_undo(self.game)
        return undone

    def events_for(self, seat: int, start: int = 0) -> list[g.Event]:
        return self.game.events_for(seat, start)

    def new_game(self) -> NewGame | None:
        if self.new_game_factory is None:
            return None
        game, opponents, *names = self.new_game_factory()
        self.bind(game, opponents)
        return NewGame(names[0] if names else None)

    def computer_action(self, seat: int) -> g.Action:
        """The computer's action at ``seat``, from its observation only. A fresh, reproducible
        random stream per decision, passed explicitly: a resumed game plays on identically."""
        rng = random.Random(f"{self.game.seed}:{seat}:{len(self.game.actions)}")
        return self.opponents[seat].act(self.game.observation(seat), rng=rng)

    def next_action(self, seat: int, obs: g.Observation) -> g.Action | None:
        me = seat
        if obs.phase == g.DISCARD:
            for s in obs.waiting:
                if s != me:
                    return self.computer_action(s)
        elif obs.phase == g.PLAY and obs.to_act is not None:
            if obs.to_act != me:
                return self.computer_action(obs.to_act)
            if not obs.playable:
                return g.Go(me)
        elif obs.phase in (g.SHOW, g.DEAL_OVER):
            for s in self.opponents:  # manual counting: a computer calls muggins at once
                if s != me and g.Muggins(s) in self.game.observation(s).legal:
                    action = self.computer_action(s)
                    if isinstance(action, g.Muggins):
                        return action
            if obs.phase == g.SHOW and obs.to_act is not None and obs.to_act != me:
                return self.computer_action(obs.to_act)  # its count, said aloud
        return None


class _TurnTaken(EventVisitor[bool]):
    """Whether an event is a turn at the table taken by a seat other than ``me`` (a card, a go,
    a count, a muggins: the turns a listener follows one at a time)."""

    def __init__(self, me: int) -> None:
        self.me = me

    def visit_event(self, event: g.Event) -> bool:
        return False

    def _other(self, event: g.Played | g.SaidGo | g.Claimed | g.CountTimedOut | g.MugginsCalled) -> bool:
        return event.seat != self.me

    def visit_played(self, event: g.Played) -> bool:
        return self._other(event)

    def visit_said_go(self, event: g.SaidGo) -> bool:
        return self._other(event)

    def visit_claimed(self, event: g.Claimed) -> bool:
        return self._other(event)

    def visit_count_timed_out(self, event: g.CountTimedOut) -> bool:
        return self._other(event)

    def visit_muggins_called(self, event: g.MugginsCalled) -> bool:
        return self._other(event)


def turn_taken(me: int, events: Sequence[g.Event]) -> bool:
    """Another seat than ``me`` took a turn at the table in ``events``."""
    visitor = _TurnTaken(me)
    return any(visitor.visit(e) for e in events)


@dataclass(frozen=True)
class Run:
    """What a run of the turns that need no choice of the player's gave: the ``events`` (as the
    seat sees them), the seat's ``observation`` where the run stopped, and whether the next
    turn ``waits`` on the timer (pacing; the seat says the events, then calls
    :meth:`TurnRunner.wait`)."""

    events: list[g.Event]
    observation: g.Observation
    waits: bool = False


@dataclass(frozen=True)
class TimeSays:
    """What the count clock says when looked at: nothing, its one ``warning`` (the seconds
    left), or that the time ran out (``timed_out``: the events of the count given up)."""

    warning: int | None = None
    timed_out: list[g.Event] | None = None


def _nothing() -> None:
    return None


class TurnRunner:
    """Steps the turns of the table for seat ``me`` until it must act, and keeps the table's
    rules of time (the counting clock of manual counting).

    ``pace``: the seconds between the computers' turns (0: no pacing; read at each step, as
    the setting may change); ``now``: the clock of the counting limit; ``timer`` (may be set
    later, when the front end's loop runs): without one nothing is paced or ticked.
    ``on_paced``: the seat's step when a paced turn is due (it calls :meth:`advance` and says
    the events); ``on_tick``: the seat's look at the clock (:meth:`check_clock`) on the timer."""

    def __init__(
        self,
        table: Table,
        me: int,
        *,
        pace: Callable[[], float],
        now: Callable[[], float],
        timer: Timer | None = None,
        on_paced: Callable[[], None] = _nothing,
        on_tick: Callable[[], None] = _nothing,
    ) -> None:
        self.table = table
        self.me = me
        self.pace = pace
        self.now = now
        self.timer = timer
        self.on_paced = on_paced
        self.on_tick = on_tick
        self.count_clock: CountClock | None = None
        self._clock_for: tuple[int | None, bool] | None = None  # the count (seat, crib) timed
        self._tick_cancel: Callable[[], None] | None = None
        self._pace_cancel: Callable[[], None] | None = None  # a paced run's next step
        self.run_waits = False  # a resumed game's computer turns wait for the timer

    # ------------------------------------------------------------------ the turns

    def next_action(self, obs: g.Observation | None = None) -> g.Action | None:
        """The next action that needs no choice of the player's (the table's: a computer's, or
        the player's own go when no card fits, said, never asked). ``obs``: the seat's
        observation now."""
        obs = self.table.observation(self.me) if obs is None else obs
        return self.table.next_action(self.me, obs)

    def advance(self, events: Sequence[g.Event] = ()) -> Run:
        """Play every action that needs no choice of the player's after ``events``; stop early
        (``waits``) before a turn at the table when pacing is on and another seat's turn has
        been taken since the last pause."""
        self.cancel_pace()
        got = list(events)
        while True:
            obs = self.table.observation(self.me)
            action = self.next_action(obs)
            if action is None:
                return Run(got, obs)
            if self._pause_before(action, got):
                return Run(got, obs, waits=True)
            got.extend(self.table.apply(action, self.me))

    def _pause_before(self, action: g.Action, events: list[g.Event]) -> bool:
        if self.timer is None or self.pace() <= 0:
            return False
        if not isinstance(action, (g.Play, g.Go, g.Claim, g.Muggins)):
            return False
        return turn_taken(self.me, events)

    def wait(self, delay: float) -> None:
        """The run stopped (:attr:`Run.waits`): its next step comes in ``delay`` seconds."""
        assert self.timer is not None
        self._pace_cancel = self.timer(delay, self._pace_step)

    def _pace_step(self) -> None:
        self._pace_cancel = None
        self.on_paced()

    @property
    def pacing(self) -> bool:
        """A paced run of computer turns is under way (its next turn waits on the timer)."""
        return self._pace_cancel is not None

    @property
    def waiting(self) -> bool:
        """The computers' turns are under way or wait for the timer: the game does not wait for
        the player."""
        return self.pacing or self.run_waits

    def cancel_pace(self) -> None:
        cancel, self._pace_cancel = self._pace_cancel, None
        _call(cancel)

    def hold_for_timer(self) -> bool:
        """A resumed game whose next turns are the computers', with pacing on and the front
        end's timer still to come: the turns wait for it (:meth:`release`). True when they do."""
        if (
            self.timer is None
            and self.pace() > 0
            and self.table.observation(self.me).phase != g.GAME_OVER
            and self.next_action() is not None
        ):
            self.run_waits = True
        return self.run_waits

    def release(self) -> bool:
        """The timer has come: True when turns were held for it (the seat runs them now)."""
        held, self.run_waits = self.run_waits, False
        return held

    def reset(self) -> None:
        """A new game at the table: no paced step, no clock."""
        self.cancel_pace()
        self.stop_clock()

    # ------------------------------------------------------------------ the count clock

    # (``obs``, where a method takes one: the seat's observation now, when the caller has it)

    def count_due(self, obs: g.Observation | None = None) -> bool:
        """Manual counting: the player's own count is due now."""
        obs = self.table.observation(self.me) if obs is None else obs
        return obs.phase == g.SHOW and obs.to_act == self.me

    def clock_of_this_count(self, obs: g.Observation | None = None) -> None:
        """Each count (the hand, then the crib) has its own clock: the whole limit and its own
        warning. A clock left from a count that is over is stopped."""
        if self.count_clock is None:
            return
        obs = self.table.observation(self.me) if obs is None else obs
        if self._clock_for != (obs.to_act, obs.showing_crib):
            self.stop_clock()

    def time_left(self, limit: float, obs: g.Observation | None = None) -> float:
        """The seconds left for the count due now (the whole ``limit`` before its clock runs)."""
        self.clock_of_this_count(obs)
        return self.count_clock.remaining() if self.count_clock is not None else limit

    def clock_update(
        self, *, limit: float, grace: float, hold: bool, over: bool = False, obs: g.Observation | None = None
    ) -> None:
        """After the game moved: start the clock (``limit`` seconds, from ``grace`` seconds on)
        when the player's own count has just fallen due; stop it when the count is no longer
        due (or the game is ``over``). ``hold``: the clock waits (:meth:`clock_sync`). A table
        whose time is kept elsewhere (:attr:`Table.keeps_time` false) runs no clock here."""
        obs = self.table.observation(self.me) if obs is None else obs
        if over or not self.table.keeps_time or not self.count_due(obs):
            self.stop_clock()
            return
        self.clock_of_this_count(obs)
        if self.count_clock is None and limit:
            self.count_clock = CountClock(self.now, limit, grace)
            self._clock_for = (obs.to_act, obs.showing_crib)
        self.clock_sync(hold)

    def clock_sync(self, hold: bool) -> None:
        """The clock waits while ``hold`` (help or a question open), and runs otherwise."""
        clock = self.count_clock
        if clock is None:
            return
        if hold:
            clock.pause()
            self._cancel_tick()
        else:
            clock.resume()
            if self._tick_cancel is None:
                self._schedule_tick()

    def start_ticks(self, hold: bool) -> None:
        """The timer is ready: a clock already running starts its ticks."""
        if self._tick_cancel is None:
            self.clock_sync(hold)

    def stop_clock(self) -> None:
        self._cancel_tick()
        self.count_clock = None

    def _cancel_tick(self) -> None:
        cancel, self._tick_cancel = self._tick_cancel, None
        _call(cancel)

    def _schedule_tick(self) -> None:
        """With a timer, look at the clock again within a second (sooner for the warning)."""
        clock = self.count_clock
        if self.timer is None or clock is None or clock.paused:
            return
        left = clock.remaining()
        step = left - WARN_AT if not clock.warned and left > WARN_AT else left
        self._tick_cancel = self.timer(min(1.0, max(0.05, step)), self._on_tick)

    def _on_tick(self) -> None:
        self._tick_cancel = None
        self.on_tick()
        if self._tick_cancel is None:  # (a new count may have scheduled its own already)
            self._schedule_tick()

    def check_clock(self) -> TimeSays:
        """Look at the count clock: its one warning, or the end of the time, when the count is
        given up for the player (``TimeUp``: the table's rule) and its events returned."""
        clock = self.count_clock
        if clock is None or clock.paused:
            return TimeSays()
        if not self.count_due():
            self.stop_clock()
            return TimeSays()
        left = clock.remaining()
        if left <= 0:
            self.stop_clock()
            return TimeSays(timed_out=self.table.apply(g.TimeUp(self.me), self.me))
        if left <= WARN_AT and not clock.warned:
            clock.warned = True
            return TimeSays(warning=max(1, round(left)))
        return TimeSays()


def _call(cancel: Callable[[], None] | None) -> None:
    """Cancel a timer's call; a cancel that fails changes nothing for the game."""
    if cancel is not None:
        with contextlib.suppress(Exception):
            cancel()

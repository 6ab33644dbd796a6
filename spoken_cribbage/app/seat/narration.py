"""The seat's narration of the game (issue 24, the Narration stage on the seat's side): the
events of a move said with their cues, the computers' turns played on until the player must
act (paced on the timer), then the coach's lines, the milestones and the prompt; the start of
a game, or where a resumed one stands; and the counting clock's grace from the words said.

The words come from ``words/`` (the seat's :class:`~spoken_cribbage.words.announce.Announcer`
and :class:`~spoken_cribbage.words.announce.Answers`); this module orders them and says them
through the :class:`~spoken_cribbage.app.seat.output.Output`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

from spoken_cribbage.app.coach import CoachWatch
from spoken_cribbage.app.cues import event_cues
from spoken_cribbage.app.seat.hand_view import HandView
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.question import Asking
from spoken_cribbage.app.seat.turns import Table, TurnRunner
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.announce import Announcer, Answers, Line, Names
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.seat import phrase

__all__ = [
    "Batch",
    "Narrated",
    "after",
    "clock_held",
    "clock_sync",
    "clock_update",
    "hand_lines",
    "my_turn",
    "input_begins",
    "on_tick",
    "pace_step",
    "resume_clock",
    "start",
    "time_ran_out",
]


class Batch(EventVisitor[None]):
    """What a batch of events tells seat ``me``: a deal was dealt, the cards it played."""

    def __init__(self, me: int, events: Sequence[g.Event]) -> None:
        self.me = me
        self.dealt = False
        self.my_cards: list[Card] = []
        for e in events:
            self.visit(e)

    def visit_dealt(self, e: g.Dealt) -> None:
        self.dealt = True

    def visit_played(self, e: g.Played) -> None:
        if e.seat == self.me:
            self.my_cards.append(e.card)


class Narrated(Protocol):
    """What the narration needs of the seat."""

    me: int
    names: Names
    settings: Settings

    @property
    def table(self) -> Table:
        """The table the seat sits at (read only here: the facade may hold a wider kind)."""
        ...

    answers: Answers
    announcer: Announcer
    coach: CoachWatch
    hand_view: HandView
    output: Output
    runner: TurnRunner
    hooks: SeatHooks
    #: the game is over
    finished: bool

    @property
    def speaker(self) -> object: ...

    def hint_text(self) -> str | None: ...

    asking: Asking
    #: help was the last thing asked for (the count clock waits)
    help_open: bool
    #: the player chose to leave
    quit: bool


def my_turn(me: int, obs: g.Observation) -> bool:
    """The game waits for seat ``me``: its discard, its card, its count."""
    return (obs.phase == g.DISCARD and me in obs.waiting) or (obs.phase in (g.PLAY, g.SHOW) and obs.to_act == me)


def _words_time(seat: Narrated, said: Sequence[Line]) -> float:
    """The seconds the game's own voice takes to say ``said`` at the rate set."""
    words = sum(len(line.speech.split()) for line in said)
    return words * 60.0 / max(80, seat.settings.rate)


def start(seat: Narrated, resumed: bool, timer_coming: bool) -> None:
    """The game so far (or, resumed, a summary of where it stands), then on to the player."""
    out = seat.output
    if not resumed:
        after(seat, seat.table.events_for(seat.me))
        return
    out.say([Line.same(phrase("resumed", scores=seat.answers.scores()), LineKind.GAME)])
    obs = seat.table.observation(seat.me)
    if obs.phase == g.DEAL_OVER:
        nd = (obs.dealer + 1) % obs.players
        said = (
            phrase("resumed_next_deal")
            if nd == seat.me
            else phrase("resumed_next_deal_other", who=seat.names.subject(nd))
        )
        out.say([Line.same(said, LineKind.PROMPT)], priority=Priority.NORMAL)
        return
    if obs.phase != g.GAME_OVER:
        out.say([Line.same(seat.answers.crib(), LineKind.GAME), *_state_lines(seat, obs)], priority=Priority.NORMAL)
    if timer_coming and seat.runner.hold_for_timer():
        return  # the computers' turns: paced once the timer is set
    after(seat, [])


def _state_lines(seat: Narrated, obs: g.Observation) -> list[Line]:
    """Where a resumed game stands (``obs``: the seat's observation): the starter, the count
    and the hand in the play; the player's own count when it is due."""
    lines: list[Line] = []
    if obs.phase == g.PLAY:
        lines.append(Line.same(seat.answers.starter()))
        lines.append(Line.same(seat.answers.count()))
    if obs.phase in (g.DISCARD, g.PLAY):
        lines += hand_lines(seat)
    if seat.runner.count_due(obs) and obs.starter is not None and obs.showing:
        lines += seat.announcer.count_due(g.CountDue(seat.me, obs.side, obs.showing_crib, obs.showing, obs.starter))
    return lines


def hand_lines(seat: Narrated) -> list[Line]:
    """The hand, numbered afresh (and remembered as the numbering)."""
    hand = list(seat.table.observation(seat.me).hand)
    text = seat.answers.hand()
    if hand:
        seat.hand_view.number(hand)  # digits and voice now use the order announced
    return [Line.same(t, LineKind.HAND) for t in text.split("\n")]


def after(seat: Narrated, events: list[g.Event], *, paced: bool = False, own: int = 0) -> None:
    """Announce ``events`` and play every action that needs no choice of the player's (the
    turn runner's), then the milestones, then the prompt: the last line before the game
    waits is the prompt.

    A run of computer turns is paced (with the console's timer and a ``pace`` setting): after
    a computer's card, go or count, what happened so far is said and the next action waits
    (:func:`pace_delay`), so a listener can follow the table; keys are answered in between.
    ``paced``: this is such a later step (its speech does not cut off the step before).
    ``own``: the first events are the player's move (the coach's line on it follows them)."""
    run = seat.runner.advance(events)
    events, obs = run.events, run.observation  # (the game waits now: obs stays true)
    said = _announce(seat, events, obs, priority=Priority.NORMAL if paced else Priority.NOW, own=own)
    if run.waits:
        seat.runner.wait(pace_delay(seat, said))
        return
    settings = seat.settings
    lines = seat.coach.deal_lines(events, speak=settings.verbosity == "coach")
    if obs.phase == g.GAME_OVER:
        seat.finished = True
        lines.append(Line.same(phrase("game_over_prompt"), LineKind.PROMPT))
    elif my_turn(seat.me, obs):
        dealt = Batch(seat.me, events).dealt  # "Deal 2. Your crib." was just said
        # the count was said only if its line was printed (not kept in the history only)
        heard = seat.announcer.count_just_said(said, seat.output.printed(said))
        turn = seat.answers.turn(heard, crib_said=dealt)
        if seat.runner.count_due(obs) and settings.time_limit:
            left = seat.runner.time_left(settings.time_limit, obs)
            turn = phrase("count_timed", turn=turn, seconds=max(0, round(left)))
        lines.append(Line.same(turn, LineKind.TURN))
        if settings.verbosity == "coach" and seat.hooks.hint:
            h = seat.hint_text()
            if h:
                lines.append(Line.same(h, LineKind.HINT))
    seat.output.say(lines, priority=Priority.NORMAL)
    clock_update(seat, [*said, *lines], obs)


def _announce(seat: Narrated, events: list[g.Event], obs: g.Observation, *, priority: Priority, own: int) -> list[Line]:
    """Say ``events`` (with their cues), then tell ``on_change``; the lines said. The coach's
    line on the player's move follows the move's ``own`` first events. ``obs``: the seat's
    observation after them."""
    announcer = seat.announcer
    coach = seat.coach.move_lines(speak=seat.settings.verbosity == "coach")
    # a card played or laid away: its lines are the player's own (their channel: seat.channels)
    mine = any(isinstance(e, (g.Discarded, g.Played)) and e.seat == seat.me for e in events[:own])
    if coach or mine:
        first = announcer.announce(events[:own])
        if mine:
            first = [dataclasses.replace(line, own=True) for line in first]
        said = first + coach + announcer.announce(events[own:])
    else:
        said = announcer.announce(events)
    batch = Batch(seat.me, events)
    if batch.dealt:
        seat.hand_view.number(list(obs.hand))
    for card in batch.my_cards:
        seat.hand_view.played(card, obs.hand)  # the cursor rests on the next card
    cues = event_cues(events, me=seat.me, side=obs.side, count_tone=seat.settings.count_tone == "on")
    if obs.phase != g.GAME_OVER and my_turn(seat.me, obs):
        cues.append("your_turn")
    seat.output.cue(*cues)
    seat.output.say(said, priority=priority)
    if seat.hooks.on_change and events:
        seat.hooks.on_change(seat, events)  # statistics and milestones ("Your best hand yet.")
    return said


def pace_delay(seat: Narrated, said: Sequence[Line]) -> float:
    """The pause before the next computer turn: the ``pace`` setting; with the game's own
    voice, at least the time it takes to speak what was just said (a screen reader keeps its
    own pace)."""
    delay = float(seat.settings.pace)
    if getattr(seat.speaker, "available", False) and getattr(seat.speaker, "reader", None) is None:
        delay = max(delay, _words_time(seat, said))
    return delay


def clock_update(seat: Narrated, said: Sequence[Line] = (), obs: g.Observation | None = None) -> None:
    """After the game moved: the runner starts the clock when the player's own count has just
    fallen due (with a time limit), from when the lines just said have been read out (the
    grace); and stops it when the count is no longer due."""
    grace = _words_time(seat, said) if getattr(seat.speaker, "available", False) else 0.0
    seat.runner.clock_update(
        limit=seat.settings.time_limit, grace=grace, hold=clock_held(seat), over=seat.finished, obs=obs
    )


# ------------------------------------------------------------------ the count clock's glue
# (the TurnRunner keeps the clock; the seat says its warning and its end)


def clock_held(seat: Narrated) -> bool:
    """The counting clock waits while help or a question is open."""
    return seat.asking.kind is not None or seat.help_open


def time_ran_out(seat: Narrated) -> bool:
    """Look at the count clock: the one warning, or the end of the time (the count the table
    gave up, said): True when the time ran out."""
    says = seat.runner.check_clock()
    if says.timed_out is not None:  # the table gave the count up: say what it did
        seat.hand_view.clear_count()
        after(seat, says.timed_out)
        return True
    if says.warning is not None:
        seat.output.tell(phrase("time_warning", seconds=says.warning), "prompt")
    return False


def input_begins(seat: Narrated) -> bool:
    """An input of the player's begins: a count whose time ran out is settled first (True:
    the input is dropped, the time-up lines are the answer); help no longer counts as open,
    and the count clock runs or waits as the moment says."""
    if time_ran_out(seat):
        return True
    seat.help_open = False
    clock_sync(seat)
    return False


def clock_sync(seat: Narrated) -> None:
    """The count clock runs, or waits while help or a question is open."""
    seat.runner.clock_sync(clock_held(seat))


def on_tick(seat: Narrated) -> None:
    """The runner's timer: look at the clock, as one answer."""
    with seat.output.answer(unprompted=True):
        time_ran_out(seat)


def pace_step(seat: Narrated) -> None:
    """The runner's timer: the next computer turn of a paced run."""
    if not seat.quit:
        with seat.output.answer(unprompted=True):
            after(seat, [], paced=True)


def resume_clock(seat: Narrated) -> None:
    """The front end's timer is ready: a count clock already running starts its ticks, and
    the computer turns a resumed game left waiting begin, paced."""
    if seat.runner.release():
        with seat.output.answer(unprompted=True):
            after(seat, [])
    seat.runner.start_ticks(clock_held(seat))

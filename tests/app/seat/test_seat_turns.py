"""The TurnRunner stage alone (app/seat/turns.py): a game at a LocalTable, the computer players
stepped until the human must act, pacing one turn per timer call, the count clock's warning and
end, undo and a new game through the table; on a fake timer and a fake clock, with no session."""

import random

import pytest

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.seat.turns import LocalTable, NewGame, Table, TurnRunner, turn_taken
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules

ME = 0


class FakeTimer:
    """The front end's timer: calls are kept, run by the test, and may be cancelled."""

    def __init__(self):
        self.calls = []  # [delay, function, live]

    def __call__(self, delay, fn):
        call = [delay, fn, True]
        self.calls.append(call)

        def cancel():
            call[2] = False

        return cancel

    def live(self):
        return [c for c in self.calls if c[2]]

    def fire(self):
        """Run the one live call (as the console's loop would)."""
        (call,) = self.live()
        call[2] = False
        call[1]()


class FakeClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def table_of(players=2, *, seed=1, manual=False, first_dealer=None, **hooks):
    rules = Rules(players=players, counting="manual" if manual else "auto", muggins=manual)
    game = g.Game(rules=rules, seed=seed, first_dealer=first_dealer)
    computers = {s: make_player("easy", random.Random(s)) for s in range(players) if s != ME}
    return LocalTable(game, computers, **hooks)


def my_action(obs):
    """The human of these tests: lays away its first cards, plays its first card that fits."""
    if obs.phase == g.DISCARD:
        return next(a for a in obs.legal if isinstance(a, g.Discard))
    if obs.phase == g.PLAY:
        return obs.legal[0]
    if obs.phase == g.DEAL_OVER:
        return g.NextDeal()
    return g.Claim(ME, 0)


def must_act(table):
    """The human has to choose now (or the game is over)."""
    obs = table.observation(ME)
    return (
        obs.phase == g.GAME_OVER
        or ME in obs.waiting
        or obs.phase == g.DEAL_OVER
        or (obs.phase in (g.PLAY, g.SHOW) and obs.to_act == ME and bool(obs.legal))
    )


def test_a_local_table_is_a_table():
    table: Table = table_of()
    assert table.players == 2 and table.rules.players == 2
    assert table.observation(ME).seat == ME and table.events_for(ME)


def test_the_computers_are_stepped_until_the_human_must_act():
    table = table_of(3)
    runner = TurnRunner(table, ME, pace=lambda: 0, now=FakeClock())
    checked = 0
    events = runner.advance().events
    for _ in range(200):
        assert runner.next_action() is None and must_act(table)
        obs = table.observation(ME)
        if obs.phase == g.GAME_OVER:
            break
        events = table.apply(my_action(obs), ME)
        run = runner.advance(events)
        assert not run.waits and run.events[: len(events)] == events
        assert run.observation == table.observation(ME)  # where the run stopped
        checked += 1
    assert checked > 20
    # the computers discarded and played: their turns are in the events the human's seat saw
    seen = table.events_for(ME)
    assert {e.seat for e in seen if isinstance(e, g.Played)} == {0, 1, 2}
    # the human's own go, when no card fits, is said for them, never asked
    assert any(isinstance(a, g.Go) and a.seat == ME for a in table.game.actions)


def test_the_runner_reads_the_observation_not_the_hidden_cards():
    """The events the runner returns are the seat's view: no other seat's dealt cards."""
    table = table_of(2)
    runner = TurnRunner(table, ME, pace=lambda: 0, now=FakeClock())
    dealt = [e for e in runner.advance(table.events_for(ME)).events if isinstance(e, g.Dealt)]
    assert dealt and all(e == e.seen_by(ME) for e in dealt)


TURNS = (g.Play, g.Go, g.Claim, g.Muggins)


def play_paced(players, pace, timer):
    """A deal's play with pacing: for each run (the first, then each timer step or the human's
    action), the computers' turns it took and whether it waited on the timer."""
    runs = []
    table = table_of(
        players,
        seed=4,
        on_action=lambda game, action, events: (
            runs[-1][0].append(action) if isinstance(action, TURNS) and action.seat != ME else None
        ),
    )
    runner = TurnRunner(table, ME, pace=lambda: pace, now=FakeClock(), timer=timer)

    def step(events=()):
        runs.append(([], False))
        run = runner.advance(list(events))
        runs[-1] = (runs[-1][0], run.waits)
        if run.waits:
            assert not runner.pacing
            runner.wait(pace)
            assert runner.pacing and runner.waiting

    runner.on_paced = step
    step()
    while table.observation(ME).phase not in (g.DEAL_OVER, g.GAME_OVER):
        if timer is not None and timer.live():
            assert timer.live()[0][0] == pace
            timer.fire()
            continue
        assert must_act(table)
        step(table.apply(my_action(table.observation(ME)), ME))
    return runs


def test_pacing_gives_one_computer_turn_per_timer_step():
    timer = FakeTimer()
    runs = play_paced(3, 0.8, timer)
    assert sum(waits for _, waits in runs) > 3  # the run waited on the timer
    assert max(len(turns) for turns, _ in runs) == 1  # never two computer turns in one step
    assert len(timer.calls) == sum(waits for _, waits in runs)


def test_without_pace_or_timer_the_computers_turns_come_in_one_run():
    for pace, timer in ((0, FakeTimer()), (0.8, None)):
        runs = play_paced(3, pace, timer)
        assert not any(waits for _, waits in runs)
        assert max(len(turns) for turns, _ in runs) >= 2
        assert timer is None or timer.calls == []


def test_cancel_pace_drops_the_next_step():
    timer = FakeTimer()
    table = table_of(3, seed=4)
    stepped = []
    runner = TurnRunner(table, ME, pace=lambda: 1.0, now=FakeClock(), timer=timer, on_paced=lambda: stepped.append(1))
    runner.wait(1.0)
    assert runner.pacing
    runner.cancel_pace()
    assert not runner.pacing and timer.live() == [] and stepped == []
    runner.wait(1.0)
    timer.fire()
    assert stepped == [1] and not runner.pacing


def test_a_resumed_game_holds_the_computers_turns_for_the_timer():
    table = table_of(3, seed=4)
    table.apply(my_action(table.observation(ME)), ME)  # the computers' discards are due
    runner = TurnRunner(table, ME, pace=lambda: 0.8, now=FakeClock())
    assert runner.hold_for_timer() and runner.waiting
    assert runner.release() and not runner.waiting and not runner.release()
    assert not TurnRunner(table, ME, pace=lambda: 0, now=FakeClock()).hold_for_timer()


def to_my_count(table, runner):
    """Play (as the human of these tests) until the human's own count is due."""
    events = runner.advance(table.events_for(ME)).events
    for _ in range(100):
        if runner.count_due():
            return events
        events = runner.advance(table.apply(my_action(table.observation(ME)), ME)).events
    pytest.fail("no count of the human's came")


def test_the_count_clock_warns_once_then_the_time_runs_out():
    clock, timer = FakeClock(), FakeTimer()
    table = table_of(2, seed=3, manual=True)
    runner = TurnRunner(table, ME, pace=lambda: 0, now=clock, timer=timer)
    to_my_count(table, runner)
    runner.clock_update(limit=30, grace=2.0, hold=False)
    assert runner.count_clock is not None and runner.time_left(30) == 30
    assert len(timer.live()) == 1  # the first look, within a second
    clock.t += 2 + 19
    assert runner.check_clock().warning is None
    clock.t += 1
    assert runner.check_clock().warning == 10  # the one warning
    assert runner.check_clock().warning is None
    clock.t += 10
    says = runner.check_clock()
    assert [e.seat for e in says.timed_out if isinstance(e, g.CountTimedOut)] == [ME]
    assert table.game.actions[-1] == g.TimeUp(ME) and runner.count_clock is None
    assert timer.live() == []


def test_the_timer_ticks_the_clock_and_the_seat_hears_each_tick():
    clock, timer = FakeClock(), FakeTimer()
    table = table_of(2, seed=3, manual=True)
    said = []
    runner = TurnRunner(
        table, ME, pace=lambda: 0, now=clock, timer=timer, on_tick=lambda: said.append(runner.check_clock())
    )
    to_my_count(table, runner)
    runner.clock_update(limit=15, grace=0, hold=False)
    assert 0 < timer.live()[0][0] <= 5  # wakes up for the warning
    clock.t += 5
    timer.fire()
    assert said[-1].warning == 10 and len(timer.live()) == 1  # and looks again
    clock.t += 10
    timer.fire()
    assert said[-1].timed_out and runner.count_clock is None and timer.live() == []


def test_the_clock_waits_while_held_and_each_count_has_its_own():
    clock, timer = FakeClock(), FakeTimer()
    table = table_of(2, seed=3, manual=True)
    runner = TurnRunner(table, ME, pace=lambda: 0, now=clock, timer=timer)
    to_my_count(table, runner)
    runner.clock_update(limit=30, grace=0, hold=True)  # help or a question is open
    assert runner.count_clock.paused and timer.live() == []
    clock.t += 500
    assert runner.check_clock() == type(runner.check_clock())() and runner.time_left(30) == 30
    runner.clock_sync(hold=False)
    clock.t += 5
    assert runner.time_left(30) == 25 and len(timer.live()) == 1
    runner.stop_clock()
    assert runner.count_clock is None and timer.live() == []


def test_the_crib_count_gets_a_clock_of_its_own():
    clock, timer = FakeClock(), FakeTimer()
    table = table_of(2, seed=3, manual=True, first_dealer=ME)  # the dealer counts hand and crib
    runner = TurnRunner(table, ME, pace=lambda: 0, now=clock, timer=timer)
    to_my_count(table, runner)
    assert runner.count_due(table.observation(ME)) and not table.observation(ME).showing_crib
    runner.clock_update(limit=30, grace=0, hold=False)
    clock.t += 25
    assert runner.time_left(30) == 5
    runner.advance(table.apply(g.Claim(ME, 0), ME))
    assert runner.count_due() and table.observation(ME).showing_crib
    assert runner.time_left(30) == 30 and runner.count_clock is None  # the hand's is stopped
    runner.clock_update(limit=30, grace=0, hold=False)
    clock.t += 20
    assert runner.check_clock().warning == 10


def test_no_clock_without_a_limit_or_once_the_count_is_not_due():
    clock = FakeClock()
    table = table_of(2, seed=3, manual=True)
    runner = TurnRunner(table, ME, pace=lambda: 0, now=clock)
    assert not runner.count_due()
    runner.clock_update(limit=30, grace=0, hold=False)
    assert runner.count_clock is None
    to_my_count(table, runner)
    runner.clock_update(limit=0, grace=0, hold=False)
    assert runner.count_clock is None
    runner.clock_update(limit=30, grace=0, hold=False, over=True)
    assert runner.count_clock is None


def test_undo_goes_through_the_table_and_tells_its_keeper():
    undone = []
    table = table_of(2, on_undo=undone.append)
    runner = TurnRunner(table, ME, pace=lambda: 0, now=FakeClock())
    runner.advance()
    assert table.can_undo(ME) is not None  # nothing of the player's to undo
    runner.advance(table.apply(my_action(table.observation(ME)), ME))  # the discard
    before = table.observation(ME)  # the play: the player's turn
    assert before.phase == g.PLAY and before.to_act == ME
    table.apply(my_action(before), ME)  # (no card seen since)
    assert table.can_undo(ME) is None
    actions = table.undo(ME)
    assert isinstance(actions[0], g.Play) and actions[0].seat == ME
    assert undone == [table.game] and table.observation(ME).hand == before.hand


def test_every_action_applied_reaches_on_action_before_the_seat_sees_it():
    heard = []
    table = table_of(3, on_action=lambda game, action, events: heard.append(action))
    runner = TurnRunner(table, ME, pace=lambda: 0, now=FakeClock())
    runner.advance()
    runner.advance(table.apply(my_action(table.observation(ME)), ME))
    assert heard == table.game.actions[-len(heard) :] and len(heard) >= 3


def test_a_new_game_through_the_table():
    table = table_of(2)
    assert table.new_game() is None  # no factory: none to make
    fresh = g.Game(seed=9)
    computers = {1: make_player("easy", random.Random(1))}
    table.new_game_factory = lambda: (fresh, computers, ["You", "Ann"])
    timer = FakeTimer()
    runner = TurnRunner(table, ME, pace=lambda: 1, now=FakeClock(), timer=timer)
    runner.wait(1.0)
    assert table.new_game() == NewGame(["You", "Ann"])
    runner.reset()
    assert table.game is fresh and table.opponents is computers
    assert not runner.pacing and timer.live() == [] and runner.count_clock is None
    table.new_game_factory = lambda: (g.Game(seed=10), computers)
    assert table.new_game() == NewGame(None)


def test_a_turn_taken_is_another_seats_card_go_count_or_muggins():
    table = table_of(3, seed=4)
    runner = TurnRunner(table, ME, pace=lambda: 0, now=FakeClock())
    runner.advance()
    while table.observation(ME).phase != g.DEAL_OVER:
        runner.advance(table.apply(my_action(table.observation(ME)), ME))
    events = table.events_for(ME)
    played = [e for e in events if isinstance(e, g.Played)]
    assert played and not turn_taken(ME, [e for e in events if not isinstance(e, (g.Played, g.SaidGo))])
    assert turn_taken(ME, [next(e for e in played if e.seat != ME)])
    assert not turn_taken(ME, [e for e in played if e.seat == ME])

"""Seats that survive (issue 26, item 4): a client killed mid-play joins again and the game goes
on identically (the same events to the end as a run without the drop, seeded); the player back
hears what they missed, each line marked as earlier, then whom the table waits for."""

from __future__ import annotations

import queue
import select
import signal
import subprocess
import sys
import threading
import time

from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.engine import game as g
from spoken_cribbage.net.client import RemoteTable
from testkit import ROOT
from testkit.net_support import CODE, play_out, running, started, table

SEED = 21
LENA, MAX = 40, 41  # the scripted people's seeds
#: The killed client: Lena joins, takes some turns, says so and waits to be killed.
_KILLED = """
import sys, time
from spoken_cribbage.net.client import RemoteTable
from testkit.net_support import CODE, play_out
remote = RemoteTable.join(sys.argv[1], CODE, "Lena")
print("seated", flush=True)
play_out(remote, int(sys.argv[2]), time.monotonic() + 30, acts=int(sys.argv[3]), steady=True)
print("played", len(remote.story), flush=True)
time.sleep(60)
"""


def _line(proc: subprocess.Popen, deadline: float) -> str:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
    assert ready, "the client said nothing in time"
    return proc.stdout.readline()


def _game(kill_after: int | None) -> list[g.Event]:
    """A three-seat table (Lena, Max, a computer) played to the end; with ``kill_after``,
    Lena's client is killed after that many of her actions and she joins again. The game's
    events (Lena's last client has her whole story)."""
    referee = table(3, computers=(2,), seed=SEED, target=61)
    deadline = time.monotonic() + 40
    with running(referee) as address:
        proc = None
        if kill_after is None:
            lena = RemoteTable.join(address, CODE, "Lena")
        else:
            proc = subprocess.Popen(
                [sys.executable, "-c", _KILLED, address, str(LENA), str(kill_after)],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert _line(proc, deadline).strip() == "seated"
        max_ = RemoteTable.join(address, CODE, "Max")
        failures: list[BaseException] = []

        def run_max() -> None:
            try:
                play_out(max_, MAX, deadline, steady=True)
            except BaseException as e:  # noqa: BLE001 - reported below
                failures.append(e)

        thread = threading.Thread(target=run_max)
        thread.start()
        if proc is not None:
            try:
                assert _line(proc, deadline).startswith("played")
                proc.send_signal(signal.SIGKILL)
                proc.wait(10)
            finally:
                proc.kill()
            while 0 not in referee.dropped:  # the server hears the line drop
                assert time.monotonic() < deadline
                time.sleep(0.02)
            lena = RemoteTable.join(address, CODE, "Lena")
            assert lena.seat == 0 and lena.missed is not None
        play_out(lena, LENA, deadline, steady=True)
        thread.join(45)
        story = list(lena.story)
        lena.close()
        max_.close()
    assert not failures, failures
    assert referee.game.phase == g.GAME_OVER and referee.errors == 0
    assert story == referee.game.events_for(0)
    return list(referee.game.events)


def _in_turn(events: list[g.Event]) -> tuple[list[g.Event], set[g.Event]]:
    """The events in their order, but the discards (made at once by all, in whatever order
    the lines bring them), which are a set."""
    return ([e for e in events if not isinstance(e, g.Discarded)], {e for e in events if isinstance(e, g.Discarded)})


def test_a_client_killed_mid_play_joins_again_and_the_game_goes_on_identically():
    whole = _game(None)
    events = _game(kill_after=7)  # (in the second deal's play)
    assert _in_turn(events) == _in_turn(whole)
    assert len(events) == len(whole) and isinstance(events[-1], g.GameOver)


def test_the_player_back_hears_what_they_missed_as_earlier_then_whom_the_table_waits_for():
    referee = table(2, seed=4)
    with running(referee) as address:
        lena = RemoteTable.join(address, CODE, "Lena")
        max_ = RemoteTable.join(address, CODE, "Max")
        started(lena)
        obs = lena.observation(0)
        lena.apply(next(a for a in obs.legal if isinstance(a, g.Discard)), 0)
        lena.close()
        while 0 not in referee.dropped:
            time.sleep(0.02)
        mobs = max_.observation(1)
        max_.apply(next(a for a in mobs.legal if isinstance(a, g.Discard)), 1)  # missed
        again = RemoteTable.join(address, CODE, "Lena")
        said: list[str] = []
        lines: queue.Queue[str | None] = queue.Queue()
        done = threading.Thread(target=LineSeat(again, said.append).run, args=(lines, 0.05))
        done.start()
        for _ in range(100):
            if any("table waits" in line or " to play." in line for line in said):
                break
            time.sleep(0.05)
        lines.put("q")
        lines.put("y")  # (q asks first, as in the local game)
        done.join(10)
        again.close()
        max_.close()
    back = said.index("You are back at the table. What you missed, then where the game stands:")
    earlier = [line for line in said[back + 1 :] if line.startswith("Earlier: ")]
    # Max's discard and the starter turned while Lena was away (a discard of another seat
    # is not said at this verbosity: the starter is).
    assert earlier and earlier[0].startswith("Earlier: The starter is the "), said
    after = said[back + 1 + len(earlier)]
    assert after in ("The table waits for you to play.", "The table waits for Max to play."), said

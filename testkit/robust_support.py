"""Shared by the robustness tests and bench/soak.py: scripted games, and killing the real game.

A *script* is a list of groups of input lines; each group ends with the line that makes one of
the player's actions (discard, play, go, or Enter for the next deal) and may start with "noise"
(questions, refused commands) that must change nothing. The script is made by driving a real
Session in this process, so it is exactly what the game will accept.

After a kill the number of the player's actions in the save says how many groups were used; the
game is restarted with "y" (resume) and the groups not yet used.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.console import feed_line
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage import savegame
from spoken_cribbage.storage.settings import Settings

BIN = Path(sys.executable).parent / "spoken-cribbage"
NOISE = [
    "c",
    "s",
    "t",
    "h",
    "b",
    "f",
    "v",
    "?",
    "count",
    "whose turn",
    "zzz",
    "play 5x",
    "discard 9 9",
    "9",
    "the queen of swords",
    "go go",
    "\u00e9\u00e8 \x07 \u2665",
    "card 99",
    "undo it now",
    "cancel",
    "yes",
    "no",
    "volume loud",
]


def human_line(action: g.Action) -> str:
    if isinstance(action, g.Discard):
        return "discard " + " ".join(c.short.lower() for c in action.cards)
    if isinstance(action, g.Play):
        return "play " + action.card.short
    if isinstance(action, g.Go):
        return "go"
    return ""  # Enter: the next deal


def feed(session: Session, line: str) -> None:
    """What console.run_lines does with one line (the same function)."""
    feed_line(session, line)


@dataclass
class Script:
    seed: int
    difficulty: str
    groups: list[list[str]]
    actions: list[str]  # the uninterrupted game's actions
    scores: tuple[int, ...]

    def lines_from(self, k: int) -> list[str]:
        return [line for grp in self.groups[k:] for line in grp]


def make_script(seed: int, difficulty: str = "easy", noise: float = 0.3, target: int = 121) -> Script:
    game = g.Game(seed=seed, target=target)
    session = local_session(
        game,
        settings=Settings(speech="off", difficulty=difficulty, target=target),
        write=lambda t: None,
        opponents={1: make_player(difficulty, random.Random(seed * 7 + 1))},
    )
    session.start()
    rng = random.Random(f"script:{seed}")
    groups: list[list[str]] = []
    while game.phase != g.GAME_OVER:
        legal = game.legal_actions(0) if game.phase != g.DEAL_OVER else [g.NextDeal()]
        action = random.Random(f"human:{seed}:{len(game.actions)}").choice(legal)
        grp = [rng.choice(NOISE) for _ in range(rng.random() < noise and rng.randint(1, 3) or 0)]
        before = len(game.actions)
        for line in grp:
            feed(session, line)
            assert len(game.actions) == before, f"noise {line!r} changed the game"
        line = human_line(action)
        grp.append(line)
        feed(session, line)
        assert game.actions[before] == action, (line, action)
        groups.append(grp)
    return Script(seed, difficulty, groups, [g.action_to_text(a) for a in game.actions], tuple(game.scores))


def human_actions(actions: list[str], me: int = 0) -> int:
    """How many of the player's chosen actions a save holds (NextDeal is always the player's;
    the player's go is played by the game itself when no card fits, so it is not a line)."""
    n = 0
    for a in actions:
        parts = a.split()
        if parts[0] == "next" or (parts[0] != "go" and len(parts) > 1 and parts[1] == str(me)):
            n += 1
    return n


def save_state(home: Path) -> savegame.Loaded:
    """Read the save the way the game does, but without moving anything."""
    p = home / "game.json"
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        return savegame.Loaded()
    saved, game = savegame.from_bytes(raw)  # raises on a damaged save: that is a failure
    return savegame.Loaded(saved, game)


def next_input(script: Script, home: Path) -> tuple[bytes, bool]:
    """The input for the next run and whether the game is already finished."""
    st = save_state(home)
    if st.saved is None:
        return ("\n".join(script.lines_from(0)) + "\n").encode(), False
    if st.saved.finished:
        return b"", True
    k = human_actions(st.saved.actions)
    return ("\n".join(["y"] + script.lines_from(k)) + "\n").encode(), False


def game_args(script: Script, home: Path | None = None) -> list[str]:
    """The first run starts the current game with the script's seed (--new --seed: a game with
    --seed alone is for one run only); later runs resume it, so they give no --seed."""
    # No sound cues: a game SIGKILLed while PortAudio starts can leave JACK's lock
    # (/dev/shm/jack_db-<uid>) held, and every later PortAudio start on the machine would wait
    # for ever (in CI the tests after these hung).
    args = ["--speech", "off", "--cues", "off", "--difficulty", script.difficulty]
    if home is not None and save_state(home).saved is not None:
        return args
    return ["--new", "--seed", str(script.seed)] + args


def env_for(home: Path) -> dict:
    env = dict(os.environ)
    env.update({"SPOKEN_CRIBBAGE_HOME": str(home), "LANG": "C.UTF-8", "TERM": "dumb"})
    return env


# ----------------------------------------------------------------------------- real processes


def run_real(script: Script, home: Path, kill_after: float | None, timeout: float = 60) -> tuple[bool, bytes]:
    """Run the installed game as a process with the next input; SIGKILL it after
    ``kill_after`` seconds (None: let it finish). Returns (killed, output)."""
    data, done = next_input(script, home)
    if done:
        return False, b""
    p = subprocess.Popen(
        [str(BIN), *game_args(script, home)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env_for(home),
    )
    if kill_after is None:
        out, _ = p.communicate(data, timeout=timeout)
        return False, out
    try:
        out, _ = p.communicate(data, timeout=kill_after)
        return False, out
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGKILL)
        out, _ = p.communicate()
        return True, out


# ----------------------------------------------------------------------------- forked children


def warm_up() -> None:
    """Import and warm everything the game loads, so forked children start at once."""
    from spoken_cribbage.app import cli, persist, play  # noqa: F401
    from spoken_cribbage.storage import stats  # noqa: F401

    s = make_script(1, "expert", noise=0)
    del s


def run_forked(script: Script, home: Path, kill_after: float | None, timeout: float = 60) -> tuple[bool, int]:
    """Like run_real, but the child is forked from this (warmed-up) process and runs
    ``cli.main`` with its standard input from a pipe: no interpreter start-up per run.
    Returns (killed, exit status)."""
    data, done = next_input(script, home)
    if done:
        return False, 0
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: become the game
        try:
            os.close(w)
            os.dup2(r, 0)
            os.close(r)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(null, 2)
            os.environ["SPOKEN_CRIBBAGE_HOME"] = str(home)
            os.environ["TERM"] = "dumb"
            # The process's own standard streams, open until it exits (no with block).
            sys.stdin = open(0, encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
            sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            random.seed()
            from spoken_cribbage.app.cli import main

            rc = main(game_args(script, home))
        except BaseException:
            rc = 99
        os._exit(rc)
    os.close(r)
    # The whole input fits in the pipe buffer (a game is a few kilobytes).
    try:
        os.write(w, data)
    finally:
        os.close(w)
    deadline = time.monotonic() + (kill_after if kill_after is not None else timeout)
    while True:
        wpid, status = os.waitpid(pid, os.WNOHANG)
        if wpid:
            return False, os.waitstatus_to_exitcode(status)
        if time.monotonic() >= deadline:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            if kill_after is None:
                raise TimeoutError("the game did not finish")
            return True, os.waitstatus_to_exitcode(status)
        time.sleep(0.001)


def final_actions(home: Path) -> list[str] | None:
    st = save_state(home)
    return st.saved.actions if st.saved is not None and st.saved.finished else None


@dataclass
class KillReport:
    kills: int = 0  # SIGKILLs that landed on a running game
    mid_write: int = 0  # ... of which left a temporary save file (killed mid-write)
    runs: int = 0  # processes started


def progress(home: Path) -> int:
    st = save_state(home)
    return -1 if st.saved is None else len(st.saved.actions)


def play_with_kills(
    script: Script,
    home: Path,
    rng: random.Random,
    span: float,
    *,
    runner=run_forked,
    max_kills: int = 100,
    report: KillReport | None = None,
) -> KillReport:
    """Run the script to the end, SIGKILLing the game at random moments, then letting a last
    run finish. Each delay is a random part of a tenth of ``span`` (the time a whole game
    takes), pushed later while kills land before any progress (during start-up, say), so the
    kills fall everywhere: start-up, the resume question, replay, play, the middle of writes.
    Every restart must find a whole, valid save (or none before the first)."""
    report = report or KillReport()
    stall = 0
    kills = 0
    for _ in range(max_kills * 20 + 10):
        if final_actions(home) is not None:
            return report
        before = progress(home)
        d = None if kills >= max_kills else stall * span / 40 + rng.uniform(0, span / 10)
        killed, _ = runner(script, home, d)
        report.runs += 1
        if killed:
            kills += 1
            report.kills += 1
            if home.is_dir() and any(n.startswith(".game.json.tmp-") for n in os.listdir(home)):
                report.mid_write += 1
        stall = stall + 1 if progress(home) == before else max(0, stall - 2)
    raise AssertionError("the game never finished")


# ----------------------------------------------------------------------------- soak


def rss_kb() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def soak(
    games: int, home: Path, *, levels=("easy", "standard"), sample_every: int = 100, seed: int = 1, on_sample=None
) -> dict:
    """Computer-vs-computer games through the whole stack: the player's seat is a computer
    player whose choices are typed as commands into a Session, with the Keeper saving after
    every action and recording statistics. Returns samples of memory as games go by."""
    import gc

    from spoken_cribbage.ai.players import make_player
    from spoken_cribbage.app.persist import Keeper

    samples = []
    actions = 0
    said: list[str] = []
    for i in range(games):
        k = Keeper(say=lambda t, sp: said.append(t), save_path=home / "game.json", stats_path=home / "stats.sqlite3")
        k.load()
        level = levels[i % len(levels)]
        gm = g.Game(seed=seed * 1_000_003 + i)
        k.begin(gm, difficulty=level)
        sess = local_session(
            gm,
            hooks=SeatHooks(on_change=k.on_change, on_action=k.on_action),
            settings=Settings(speech="off", difficulty=level),
            write=lambda t: None,
            opponents={1: make_player(level, random.Random(i))},
        )
        me = make_player(levels[(i + 1) % len(levels)], random.Random(i))
        sess.start()
        while gm.phase != g.GAME_OVER:
            before = len(gm.actions)
            rng = random.Random(f"me:{i}:{before}")
            action = me.act(gm.observation(0), rng=rng) if gm.phase != g.DEAL_OVER else g.NextDeal()
            sess.command(human_line(action))
            if len(gm.actions) == before:
                raise AssertionError(f"game {i}: the command for {action} was refused")
        actions += len(gm.actions)
        k.close()  # the next game is the next process's: it lets go of the save
        del said[:]
        if (i + 1) % sample_every == 0 or i == 0:
            gc.collect()
            sample = {"games": i + 1, "rss_kb": rss_kb(), "objects": len(gc.get_objects()), "actions": actions}
            try:
                import tracemalloc

                if tracemalloc.is_tracing():
                    sample["traced_kb"] = tracemalloc.get_traced_memory()[0] // 1024
            except ImportError:  # pragma: no cover
                pass
            samples.append(sample)
            if on_sample:
                on_sample(sample)
    return {"games": games, "actions": actions, "samples": samples}


def one_sentence(msg: str | None) -> bool:
    """One sentence: a capital first, a full stop (or ! or ?) last, none in between, no newline."""
    import re

    return (
        bool(msg)
        and msg[0].isupper()
        and msg[-1] in ".!?"
        and "\n" not in msg
        and not re.search(r"[.!?]\s+[A-Z]", msg[:-1])
    )

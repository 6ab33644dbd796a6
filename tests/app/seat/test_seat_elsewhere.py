"""The seat does not know where its game runs (issue 24 item 3): a Session sits at a table that
is not a ``LocalTable``, a small fake of a table whose game runs elsewhere (as a server's
would: it steps its own computers, keeps its own time, gives no undo and no new game, and has
no ``game`` to reach behind it for), and a few deals are played through keys. The lines the
player hears are the very lines of the same keys at a ``LocalTable`` over the same seeded game.

And no module of the seat (``app/seat/``, ``app/coach.py``, ``app/session.py``) reads a
table's ``.game``: the seat asks the ``Table`` protocol only."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from spoken_cribbage.ai.players import RandomPlayer
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat.turns import NewGame, Table
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.storage.settings import Settings
from testkit import ROOT

ME = 0
SEED = 11


class ElsewhereTable:
    """A :class:`Table` whose game is out of the seat's reach: the seat's actions go in, its
    events and observation come out. Like a server, it plays its computers' turns (and the
    player's go when no card fits) itself, at once, before it answers."""

    def __init__(self, game: g.Game, computers: dict[int, RandomPlayer]) -> None:
        self._game = game
        self._computers = computers
        self.built = 0  # the seat's observations built
        self._step()

    @property
    def game(self) -> g.Game:
        raise AttributeError("the game runs elsewhere: a seat asks its table")

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def version(self) -> int:
        return len(self._game.actions)

    keeps_time = False  # (the server's clock)

    def observation(self, seat: int) -> g.Observation:
        self.built += 1
        return self._game.observation(seat)

    def apply(self, action: g.Action, seat: int) -> list[g.Event]:
        start = len(self._game.events)
        self._game.apply(action)
        self._step()
        return self._game.events_for(seat, start)

    def can_undo(self, seat: int) -> g.UndoBlocked | None:
        return g.UndoBlocked.NOT_REPLAYABLE

    def undo(self, seat: int) -> list[g.Action]:
        raise g.IllegalActionError("no undo here", g.Refusal.UNDO_BLOCKED, blocked=g.UndoBlocked.NOT_REPLAYABLE)

    def events_for(self, seat: int, start: int = 0) -> list[g.Event]:
        return self._game.events_for(seat, start)

    def new_game(self) -> NewGame | None:
        return None

    def next_action(self, seat: int, obs: g.Observation) -> g.Action | None:
        return None  # (its turns are taken where the game runs, before it answers)

    def _step(self) -> None:
        """The turns that need no choice of the player's, as a ``LocalTable`` takes them (the
        same seeded decisions, so the game goes the same way)."""
        gm = self._game
        while True:
            obs = gm.observation(ME)
            action: g.Action | None = None
            if obs.phase == g.DISCARD:
                action = next((self._computer(s) for s in obs.waiting if s != ME), None)
            elif obs.phase == g.PLAY and obs.to_act is not None:
                action = self._computer(obs.to_act) if obs.to_act != ME else None if obs.playable else g.Go(ME)
            if action is None:
                return
            gm.apply(action)

    def _computer(self, seat: int) -> g.Action:
        gm = self._game
        rng = random.Random(f"{gm.seed}:{seat}:{len(gm.actions)}")
        return self._computers[seat].act(gm.observation(seat), rng=rng)


def _keys_for(obs: g.Observation, numbering: list) -> str:
    """The key the player presses now (two cards laid away, the first card that fits, Enter for
    the next deal)."""
    if obs.phase == g.DISCARD and ME in obs.waiting:
        return "1"
    if obs.phase == g.PLAY and obs.to_act == ME:
        return str(numbering.index(obs.playable[0]) + 1)
    return "enter"


def _play(session: Session, table: Table, deals: int) -> list[str]:
    """Press keys until ``deals`` deals are over; the keys pressed."""
    pressed: list[str] = []
    for _ in range(400):
        obs = table.observation(ME)
        if obs.deal > deals or obs.phase == g.GAME_OVER:
            return pressed
        key = _keys_for(obs, session.hand_view.numbering)
        keys = [key, "2", "enter"] if key == "1" else [key]
        for k in keys:
            session.key(k)
        pressed += keys
    raise AssertionError("the deals never ended")


def test_a_session_plays_deals_at_a_table_whose_game_runs_elsewhere():
    out: list[str] = []
    table = ElsewhereTable(g.Game(seed=SEED), {1: RandomPlayer(random.Random(1))})
    session = Session(table, settings=Settings(), write=out.append)
    session.start()
    pressed = _play(session, table, deals=3)
    obs = table.observation(ME)
    assert obs.deal > 3 or obs.phase == g.GAME_OVER
    assert not any("Traceback" in line for line in out)
    assert table.built > 0  # (the seat read the table, never a game)
    # undo is the table's to refuse; a new game is not the seat's to make there
    n = len(out)
    session.command("undo")
    assert out[n:] and "undo" in out[n].lower()

    # the same keys at a LocalTable over the same seeded game: the same lines heard
    here: list[str] = []
    local = local_session(
        g.Game(seed=SEED), settings=Settings(), write=here.append, opponents={1: RandomPlayer(random.Random(1))}
    )
    local.start()
    for k in pressed:
        local.key(k)
    assert here == out[:n]


#: The seat's modules: none of them reads a table's game.
SEAT_MODULES = sorted((ROOT / "spoken_cribbage/app/seat").glob("*.py")) + [
    ROOT / "spoken_cribbage/app/coach.py",
    ROOT / "spoken_cribbage/app/session.py",
]


def _game_reads(path: Path) -> list[str]:
    """Every ``<something>.game`` in the module, with its line (``LocalTable`` itself keeps its
    game as ``self.game``: that is the table's own, not a seat's reach behind it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    local_table = next((n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == "LocalTable"), None)
    own = {id(n) for n in ast.walk(local_table)} if local_table is not None else set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "game" and id(node) not in own:
            found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_of_the_seat_reaches_behind_its_table_for_the_game():
    checked = 0
    reads = []
    for path in SEAT_MODULES:
        reads += _game_reads(path)
        checked += 1
    assert checked > 2
    assert reads == []

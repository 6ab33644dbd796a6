"""The records the statistics keep: a deal's and a game's record, a stored game as read
back, and the summaries :class:`spoken_cribbage.storage.stats.StatsDB` returns; a game's
records are made from its events here (:func:`deal_records`, :func:`game_record`)."""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypedDict

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.storage.gamelog import events_to_json
from spoken_cribbage.storage.table import team_count


@dataclass(frozen=True)
class DealRecord:
    deal: int
    hand: int | None  # the player's hand in the show (None if the game ended first)
    crib: int | None  # the player's crib (None when it was not the player's crib)
    pegging: int  # points pegged in the play: play, go and last card (not heels)


class _DealSoFar(TypedDict):
    """A :class:`DealRecord` being gathered from a deal's events."""

    deal: int
    hand: int | None
    crib: int | None
    pegging: int


class TableSummary(TypedDict):
    """One table of :meth:`Stats.tables` (players, teams: 0 each for themselves)."""

    players: int
    teams: int
    games: int
    wins: int
    losses: int
    abandoned: int
    deals: int
    average_hand: float | None
    average_crib: float | None
    average_pegging: float | None


class PracticeSummary(TypedDict):
    """One kind of practice (count, discard) of :meth:`Stats.practice_summary`."""

    rounds: int
    right: int
    average_seconds: float | None
    average_cost: float | None


class StatsSummary(TypedDict):
    """What :meth:`Stats.summary` returns (``words.stats`` says it)."""

    games: int
    wins: int
    losses: int
    abandoned: int
    skunks_given: int
    double_skunks_given: int
    skunks_taken: int
    double_skunks_taken: int
    deals: int
    average_hand: float | None
    average_crib: float | None
    average_pegging: float | None
    best_hand: int | None
    best_crib: int | None
    win_streak: int
    longest_win_streak: int
    tables: list[TableSummary]
    practice: dict[str, PracticeSummary]


@dataclass(frozen=True)
class GameRecord:
    id: str
    result: str  # win, loss, abandoned
    my_score: int
    their_score: int
    target: int
    players: int
    difficulty: str
    skunk_given: int  # 0 none, 1 skunk, 2 double skunk
    skunk_taken: int
    deals: int
    seed: int | None = None  # the game's seed: its deals again (play --replay)
    me: int | None = None  # the player's seat
    actions: tuple[str, ...] | None = None  # every action, as in the save
    events: str | None = None  # the event log (storage.gamelog JSON)
    teams: int | None = None  # 0 each for themselves, else how many teams
    names: tuple[str, ...] | None = None  # the other seats' names in seat order


@dataclass(frozen=True)
class StoredGame:
    """A game of the statistics, numbered in the order the games ended (1 is the first)."""

    number: int
    id: str
    ended_at: str
    result: str
    my_score: int
    their_score: int
    target: int
    players: int
    difficulty: str
    deals: int
    seed: int | None
    me: int | None
    actions: tuple[str, ...] | None
    events: str | None
    teams: int = 0
    names: tuple[str, ...] | None = None  # the other seats' names (None: not recorded)

    @property
    def reviewable(self) -> bool:
        return self.seed is not None and self.actions is not None

    def final_scores(self) -> tuple[int, ...] | None:
        """Every side's score at the end (from the event log: the last event that carries the
        scores), or None when the log does not say."""
        if self.events is None:
            return None
        try:
            raw = json.loads(self.events)
        except (ValueError, TypeError, RecursionError):
            return None
        for item in reversed(raw if isinstance(raw, list) else []):
            scores = item.get("scores") if isinstance(item, dict) else None
            if isinstance(scores, list) and scores and all(type(x) is int for x in scores):
                return tuple(scores)
        return None


def deal_records(game: g.Game, me: int = 0, events: Iterable[g.Event] | None = None) -> list[DealRecord]:
    """Per deal, the player's hand, crib and pegging points, from the game's events.
    A deal is included once it has ended (the show is over) or the game ended in it."""
    records = _DealRecords(me, game.side_of(me))
    for ev in game.events if events is None else events:
        records.visit(ev)
    return records.out


class _DealRecords(EventVisitor[None]):
    """Gathers :func:`deal_records` from the events it visits (nothing before the first deal)."""

    def __init__(self, me: int, side: int) -> None:
        self.me, self.side = me, side
        self.out: list[DealRecord] = []
        self.cur: _DealSoFar | None = None

    def visit_dealt(self, ev: g.Dealt) -> None:
        self.cur = {"deal": ev.deal, "hand": None, "crib": None, "pegging": 0}

    def visit_scored(self, ev: g.Scored) -> None:
        if self.cur is not None and ev.side == self.side and ev.reason in ("play", "go", "last"):
            self.cur["pegging"] += ev.points

    def visit_hand_shown(self, ev: g.HandShown) -> None:
        if self.cur is not None and ev.seat == self.me:
            self.cur["crib" if ev.is_crib else "hand"] = ev.total

    def visit_deal_ended(self, ev: g.DealEnded | g.GameOver) -> None:
        if self.cur is not None:
            self.out.append(DealRecord(**self.cur))
            self.cur = None

    visit_game_over = visit_deal_ended  # type: ignore[assignment]


def game_record(
    game: g.Game, game_id: str, difficulty: str, me: int = 0, names: Iterable[str] | None = None
) -> GameRecord:
    """The record of a finished game, or of an unfinished one as abandoned. ``names``: the other
    seats' names in seat order, as the game said them."""
    side = game.side_of(me)
    mine = game.scores[side]
    theirs = max(s for i, s in enumerate(game.scores) if i != side)
    given = taken = 0
    if game.phase == g.GAME_OVER:
        over = next(e for e in reversed(game.events) if isinstance(e, g.GameOver))
        result = "win" if over.winner == side else "loss"
        if result == "win":
            given = max(k for i, k in enumerate(over.skunks) if i != side)
        else:
            taken = over.skunks[side]
    else:
        result = "abandoned"
    return GameRecord(
        game_id,
        result,
        mine,
        theirs,
        game.target,
        game.players,
        difficulty,
        given,
        taken,
        game.deal_number,
        seed=game.seed,
        me=me,
        actions=tuple(g.action_to_text(a) for a in game.actions),
        events=events_to_json(game.events),
        teams=team_count(game.rules),
        names=None if names is None else tuple(names),
    )


# ----------------------------------------------------------------------------- stored rows


def _actions(raw: object) -> tuple[str, ...] | None:
    try:
        actions = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if isinstance(actions, list) and all(isinstance(a, str) for a in actions):
        return tuple(actions)
    return None


def _names(raw: object, count: int) -> tuple[str, ...] | None:
    """The other seats' names of a row: ``count`` short strings, else None (not recorded, or
    damaged: the review then uses the default names)."""
    try:
        names = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if isinstance(names, list) and len(names) == count and all(isinstance(n, str) and 1 <= len(n) <= 40 for n in names):
        return tuple(names)
    return None


def _events(raw: object) -> str | None:
    if not isinstance(raw, bytes):
        return None
    try:
        return zlib.decompress(raw).decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        return None

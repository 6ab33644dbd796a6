"""Play many games between computer players and sum up wins, skunks and points per deal.

    spoken-cribbage simulate --games 2000 --seed 1 --players expert,standard --json
    spoken-cribbage simulate --games 600 --players expert,standard,expert,standard --teams 2

``simulate`` returns the summary (the ``--json`` output); ``spoken_cribbage.words`` writes the
plain report of it.

Game ``i`` uses game seed ``seed * 1_000_003 + i`` and player seeds derived from it, and the
first deal goes round the table (seat ``i % players`` deals first), so results do not depend on
the number of worker processes.

Two to six players (one level a seat), each for themselves or in the teams the rules allow
(``teams``: None the usual table for the size, 0 each for themselves, 2 or 3 teams; seat ``s``
plays for side ``s % sides``). With more than two players the summary keeps the two-player keys
(``wins``, ``win_rate``, ``ci95``, ``skunks``... by seat: a seat wins when its side wins) and adds
``table`` (players, teams, sides, the even share ``1 / sides``) and ``by_side`` (the seats and
levels of each side, its wins and win rate with the 95% Wilson interval). Points per deal count
only deals that reached the show (the deal a game ends in is cut short); "pegging" is play, go
and last points; "heels" (two for his heels) is separate.

Paired (``--paired``, duplicate games): each game is played twice on the same cards, the second
time with the players' seats swapped (game ``i`` of each half has the same seed and the same
first dealer's seat), so the luck of the deal falls on both players alike. The wins are reported
by player, and the win rate's 95% interval is then taken over the pairs (each pair scores 1, 1/2
or 0 for the first player): the two games of a pair are not independent, and this interval is
the right one for the design (narrower than a Wilson interval that treats them as independent,
which is reported too).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from spoken_cribbage.ai.players import LEVELS, make_player, warm_up
from spoken_cribbage.engine.game import DealEnded, Game, GameOver, Scored
from spoken_cribbage.engine.rules import PLAYERS, TEAM_LAYOUTS, Rules
from spoken_cribbage.notice import Problem

__all__ = [
    "GameResult",
    "play_game",
    "simulate",
    "summarize",
    "wilson_interval",
    "SimulationError",
    "wins_from",
    "paired_interval",
]

_CATS = ("hand", "crib", "pegging", "heels")
_REASON = {"hand": "hand", "crib": "crib", "play": "pegging", "go": "pegging", "last": "pegging", "heels": "heels"}


class SimulationError(Problem, ValueError):
    """Bad simulation parameters: ``calculator.two_levels`` (two to six levels are needed),
    ``calculator.unknown_level`` (the ``level`` and the ``levels`` to choose from),
    ``calculator.games_at_least_one``, ``calculator.simulate_teams`` (the ``players`` and the
    team ``layouts`` they allow), ``calculator.paired_two_players``."""


@dataclass
class GameResult:
    """The outcome of one game, with the points of the completed deals by seat and role."""

    index: int
    first_dealer: int
    winner: int
    scores: tuple[int, ...]
    skunk: int  # 0 none, 1 skunk, 2 double skunk (inflicted by the winner)
    deals: int = 0  # completed deals
    # points[seat][role][cat], role 0 dealer, 1 pone
    points: list[list[list[int]]] = field(default_factory=list)
    role_deals: list[list[int]] = field(default_factory=list)  # [seat][role] completed deals


def play_game(levels: Sequence[str], index: int, seed: int, target: int = 121, teams: int | None = None) -> GameResult:
    """Play one game between computer players at ``levels`` (one per seat); ``teams`` as in
    :class:`~spoken_cribbage.engine.rules.Rules`. ``winner`` is the winning side."""
    game_seed = seed * 1_000_003 + index
    first = index % len(levels)
    game = Game(rules=Rules(len(levels), target, teams=teams), seed=game_seed, first_dealer=first)
    players = [make_player(lv, random.Random(game_seed * 7 + s + 1)) for s, lv in enumerate(levels)]
    n = len(levels)
    pts = [[[0] * len(_CATS) for _ in range(2)] for _ in range(n)]
    deal_pts = [[[0] * len(_CATS) for _ in range(2)] for _ in range(n)]
    role_deals = [[0, 0] for _ in range(n)]
    deals = 0
    while game.winner is None:
        if game.phase == "discard":
            seats = list(game.pending_discards())
        else:
            seats = [game.to_act] if game.to_act is not None else [0]
        for seat in seats:
            action = players[seat].act(game.observation(seat))
            for ev in game.apply(action):
                if isinstance(ev, Scored):
                    role = 0 if ev.seat == game.dealer else 1
                    deal_pts[ev.seat][role][_CATS.index(_REASON[ev.reason])] += ev.points
                elif isinstance(ev, DealEnded):
                    deals += 1
                    for s in range(n):
                        role_deals[s][0 if s == game.dealer else 1] += 1
                        for r in range(2):
                            for k in range(len(_CATS)):
                                pts[s][r][k] += deal_pts[s][r][k]
                    deal_pts = [[[0] * len(_CATS) for _ in range(2)] for _ in range(n)]
            if game.winner is not None:
                break
    over = game.events[-1]
    assert isinstance(over, GameOver)
    skunk = max(over.skunks)
    return GameResult(index, first, over.winner, over.scores, skunk, deals, pts, role_deals)


def wins_from(
    scores: Sequence[int],
    dealer: int,
    games: int,
    seed: int = 1,
    *,
    target: int = 121,
    levels: Sequence[str] = ("expert", "expert"),
) -> int:
    """Play ``games`` whole games from ``scores`` (by seat), ``dealer`` dealing the first deal;
    return how many seat 0 wins. Game ``i`` is dealt from seed ``seed * 1_000_003 + i``."""
    won = 0
    for i in range(games):
        game_seed = seed * 1_000_003 + i
        game = Game(target=target, seed=game_seed, first_dealer=dealer, scores=tuple(scores))
        players = [make_player(lv, random.Random(game_seed * 7 + s + 1)) for s, lv in enumerate(levels)]
        while game.winner is None:
            if game.phase == "discard":
                seats = list(game.pending_discards())
            else:
                seats = [game.to_act] if game.to_act is not None else [0]
            for seat in seats:
                game.apply(players[seat].act(game.observation(seat)))
                if game.winner is not None:
                    break
        won += game.winner == 0
    return won


def wilson_interval(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def _swapped(r: GameResult, index: int) -> GameResult:
    """A two-player game played with the seats swapped, told from the first player's seat."""
    return GameResult(
        index,
        1 - r.first_dealer,
        1 - r.winner,
        tuple(reversed(r.scores)),
        r.skunk,
        r.deals,
        list(reversed(r.points)),
        list(reversed(r.role_deals)),
    )


#: One worker's share: (levels, game indices, seed, target, paired, teams).
_Task = tuple[tuple[str, ...], list[int], int, int, bool, int | None]


def _run_chunk(args: _Task) -> list[GameResult]:
    levels, indices, seed, target, paired, teams = args
    if not paired:
        return [play_game(levels, i, seed, target, teams) for i in indices]
    out = []
    for i in indices:
        a = play_game(levels, i, seed, target)
        a.index = 2 * i
        out += [a, _swapped(play_game(levels[::-1], i, seed, target), 2 * i + 1)]
    return out


def paired_interval(results: Sequence[GameResult], z: float = 1.959964) -> dict[str, Any]:
    """Pairs of games on the same cards (results ``2i`` and ``2i + 1``, told from the first
    player's seat): how often each player won both, how many were split, and the first player's
    win rate with its 95% interval over the pairs (normal approximation; a pair scores 1, 1/2
    or 0)."""
    by_index = sorted(results, key=lambda r: r.index)
    pairs = zip(by_index[::2], by_index[1::2], strict=False)  # an odd last game is left out
    scores = [((a.winner == 0) + (b.winner == 0)) / 2 for a, b in pairs]
    n = len(scores)
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / (n - 1) if n > 1 else 0.25
    half = z * math.sqrt(var / n)
    return {
        "pairs": n,
        "won_both": [scores.count(1.0), scores.count(0.0)],
        "split": scores.count(0.5),
        "win_rate": round(mean, 4),
        "ci95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
    }


def table_rules(levels: Sequence[str], teams: int | None = None, target: int = 121) -> Rules:
    """The table ``simulate`` plays: one seat a level, ``teams`` as Rules takes it. Raises
    SimulationError for a wrong number of levels, an unknown level or a team layout the
    rules do not allow."""
    n = len(levels)
    if n not in PLAYERS:
        raise SimulationError("calculator.two_levels")
    for lv in levels:
        if lv not in LEVELS:
            raise SimulationError("calculator.unknown_level", level=lv, levels=LEVELS)
    try:
        return Rules(n, target, teams=teams)
    except ValueError:
        raise SimulationError("calculator.simulate_teams", players=n, layouts=TEAM_LAYOUTS.get(n, ())) from None


def simulate(
    levels: Sequence[str],
    games: int,
    seed: int = 1,
    *,
    target: int = 121,
    workers: int | None = None,
    progress: Callable[[int, int, float], object] | None = None,
    progress_every: float = 5.0,
    paired: bool = False,
    teams: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the summary dictionary (the ``--json`` output).

    ``levels`` has one level a seat, two to six; ``teams`` as in Rules (None the usual table
    for the size, 0 each for themselves, 2 or 3 teams where the size allows).

    ``progress(done, total, elapsed)`` is called at most every ``progress_every`` seconds.
    ``workers`` processes share the games (default: every core, for 40 games or more).
    ``paired``: ``games`` (rounded up to an even number) in pairs on the same cards, seats
    swapped; the summary gains ``paired`` (see :func:`paired_interval`).
    """
    levels = tuple(levels)
    rules = table_rules(levels, teams, target)
    if games < 1:
        raise SimulationError("calculator.games_at_least_one")
    if paired and len(levels) != 2:
        raise SimulationError("calculator.paired_two_players")
    if workers is None:
        workers = min(os.cpu_count() or 1, max(1, games // 20))
    runs = (games + 1) // 2 if paired else games  # a paired run plays each index twice
    chunk = max(1, min(50, runs // (workers * 8) or 1))
    tasks: list[_Task] = [
        (levels, list(range(i, min(i + chunk, runs))), seed, target, paired, teams) for i in range(0, runs, chunk)
    ]
    games = 2 * runs if paired else games
    results: list[GameResult] = []
    warm_up(len(levels))  # build the tables once, before the workers fork
    start = time.monotonic()
    last = start
    iterator: Iterator[list[GameResult]]
    if workers <= 1:
        iterator = map(_run_chunk, tasks)
        pool = None
    else:
        import multiprocessing as mp

        pool = mp.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(workers)
        iterator = pool.imap_unordered(_run_chunk, tasks)
    try:
        for res in iterator:
            results.extend(res)
            now = time.monotonic()
            if progress is not None and (now - last >= progress_every) and len(results) < games:
                progress(len(results), games, now - start)
                last = now
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    results.sort(key=lambda r: r.index)
    summary = summarize(levels, results, seed, time.monotonic() - start, rules=rules if len(levels) > 2 else None)
    if paired:
        summary["paired"] = paired_interval(results)
    return summary


def summarize(
    levels: Sequence[str], results: Sequence[GameResult], seed: int, elapsed: float, rules: Rules | None = None
) -> dict[str, Any]:
    """The summary of ``results``. ``rules`` (more than two players) maps seats to sides: a
    seat's wins are its side's, and the summary gains ``table`` and ``by_side``."""
    n = len(levels)
    games = len(results)
    side = rules.side_of if rules is not None else (lambda seat: seat)
    sides = rules.sides if rules is not None else n
    side_wins = [sum(1 for r in results if r.winner == k) for k in range(sides)]
    side_skunks = [sum(1 for r in results if r.winner == k and r.skunk >= 1) for k in range(sides)]
    side_doubles = [sum(1 for r in results if r.winner == k and r.skunk >= 2) for k in range(sides)]
    wins = [side_wins[side(s)] for s in range(n)]
    skunks = [side_skunks[side(s)] for s in range(n)]
    doubles = [side_doubles[side(s)] for s in range(n)]
    first_wins = sum(1 for r in results if r.winner == side(r.first_dealer))
    tot = [[[0] * len(_CATS) for _ in range(2)] for _ in range(n)]
    rdeals = [[0, 0] for _ in range(n)]
    for r in results:
        for s in range(n):
            for role in range(2):
                rdeals[s][role] += r.role_deals[s][role]
                for k in range(len(_CATS)):
                    tot[s][role][k] += r.points[s][role][k]

    def block(pts: list[int], d: int) -> dict[str, float]:
        out = {c: round(pts[k] / d, 3) if d else 0.0 for k, c in enumerate(_CATS)}
        out["total"] = round(sum(pts) / d, 3) if d else 0.0
        return out

    by_seat = []
    for s in range(n):
        d = rdeals[s][0] + rdeals[s][1]
        both = [tot[s][0][k] + tot[s][1][k] for k in range(len(_CATS))]
        by_seat.append(
            {
                "player": levels[s],
                "deals": d,
                **block(both, d),
                "as_dealer": block(tot[s][0], rdeals[s][0]),
                "as_pone": block(tot[s][1], rdeals[s][1]),
            }
        )
    all_dealer = [sum(tot[s][0][k] for s in range(n)) for k in range(len(_CATS))]
    all_pone = [sum(tot[s][1][k] for s in range(n)) for k in range(len(_CATS))]
    dd = sum(rdeals[s][0] for s in range(n))
    pd = sum(rdeals[s][1] for s in range(n))
    summary = {
        "games": games,
        "seed": seed,
        "players": list(levels),
        "wins": wins,
        "win_rate": [round(w / games, 4) for w in wins],
        "ci95": [[round(lo, 4), round(hi, 4)] for lo, hi in (wilson_interval(w, games) for w in wins)],
        "skunks": skunks,
        "double_skunks": doubles,
        "first_dealer_wins": first_wins,
        "first_dealer_win_rate": round(first_wins / games, 4),
        "first_dealer_ci95": [round(x, 4) for x in wilson_interval(first_wins, games)],
        "per_deal": {
            "completed_deals": sum(r.deals for r in results),
            "by_seat": by_seat,
            "by_role": {"dealer": block(all_dealer, dd), "pone": block(all_pone, pd)},
            "note": "completed deals only; pegging = play + go + last; heels separate",
        },
        "seconds": round(elapsed, 2),
    }
    if rules is not None:
        summary["table"] = {"players": n, "teams": rules.team_count, "sides": sides, "even_share": round(1 / sides, 4)}
        summary["by_side"] = [
            {
                "side": k,
                "seats": list(rules.seats_of(k)),
                "players": [levels[s] for s in rules.seats_of(k)],
                "wins": side_wins[k],
                "win_rate": round(side_wins[k] / games, 4),
                "ci95": [round(x, 4) for x in wilson_interval(side_wins[k], games)],
                "skunks": side_skunks[k],
                "double_skunks": side_doubles[k],
            }
            for k in range(sides)
        ]
    return summary

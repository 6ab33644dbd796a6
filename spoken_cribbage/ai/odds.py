"""Win chances: the chance that a side wins a two-player game between expert players, from the
scores and who deals next, read from ``data/win_chances.json``.

The table was built offline by ``tools/make_odds.py`` from expert self-play and dynamic
programming over the scores (the file says how many deals it used and how long it took). It
holds, for games to 121 and to 61, the chance that the dealer of the coming deal wins with the
dealer at ``x`` points and the pone at ``y``; the other side's chance is one minus it.

Nothing here makes a number up: a table that is missing, damaged or has no entry for the
target raises :class:`OddsError` (``spoken_cribbage.words`` says so in a sentence).

>>> round(win_chance(0, 0, me_dealing=True), 2) > 0.5      # the first dealer is favoured
True
>>> win_chance(110, 100, me_dealing=False) == 1 - win_chance(100, 110, me_dealing=True) == \\
...     1 - load_table(121).dealer_wins(100, 110)
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from spoken_cribbage.engine.game import DEAL_OVER, GAME_OVER, Observation
from spoken_cribbage.notice import Problem

__all__ = ["TARGETS", "OddsError", "OddsTable", "load_table", "win_chance", "chance_for", "DATA_PATH"]

DATA_PATH = Path(__file__).with_name("data") / "win_chances.json"
#: The targets the table covers.
TARGETS = (121, 61)


class OddsError(Problem, ValueError):
    """No chance can be given: ``calculator.odds_unreadable`` (the table cannot be read; ``reason``
    says why, for developers), ``calculator.odds_target`` (no table for ``target``; ``targets``
    are the ones there are), ``calculator.odds_score`` (a score outside 0 to ``target`` - 1),
    ``calculator.odds_players`` (only two-player games), ``calculator.odds_game_over``."""


@dataclass(frozen=True)
class OddsTable:
    """One target's table: ``dealer[x][y]`` is the chance that the dealer wins, dealer at ``x``,
    pone at ``y``. ``deals`` and ``seconds`` say how it was made."""

    target: int
    dealer: tuple[tuple[float, ...], ...]
    deals: int
    seconds: int
    made: str

    def dealer_wins(self, dealer_score: int, pone_score: int) -> float:
        return self.dealer[dealer_score][pone_score]

    def win(self, me: int, opponent: int, *, me_dealing: bool) -> float:
        """My chance to win with ``me`` points against ``opponent``, as dealer or pone."""
        for score in (me, opponent):
            if type(score) is not int or not 0 <= score < self.target:
                raise OddsError("calculator.odds_score", target=self.target, score=score)
        if me_dealing:
            return self.dealer[me][opponent]
        return 1.0 - self.dealer[opponent][me]


_CACHE: dict[tuple[str, int], tuple[float, OddsTable]] = {}


def load_table(target: int = 121, path: Path | str | None = None) -> OddsTable:
    """The table for ``target``, read (once) from ``path`` (the packaged file by default).
    Raises :class:`OddsError` when it cannot be read or has no table for ``target``."""
    path = Path(path) if path is not None else DATA_PATH
    if target not in TARGETS:
        raise OddsError("calculator.odds_target", target=target, targets=TARGETS)
    try:
        stamp = path.stat().st_mtime
    except OSError:
        raise OddsError("calculator.odds_unreadable", reason="no file", path=str(path)) from None
    key = (str(path), target)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    table = _read(path, target)
    _CACHE[key] = (stamp, table)
    return table


def _read(path: Path, target: int) -> OddsTable:
    def bad(reason: str) -> OddsError:
        return OddsError("calculator.odds_unreadable", reason=reason, path=str(path))

    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise bad(f"cannot read: {e}") from None
    except ValueError:
        raise bad("not JSON") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("tables"), dict):
        raise bad("no tables")
    rows = raw["tables"].get(str(target))
    if (
        not isinstance(rows, list)
        or len(rows) != target
        or not all(isinstance(r, list) and len(r) == target for r in rows)
    ):
        raise bad(f"no {target} by {target} table")
    if not all(type(v) in (int, float) and math.isfinite(v) and 0.0 <= v <= 1.0 for r in rows for v in r):
        raise bad("a value that is not a chance")
    deals, seconds = raw.get("deals"), raw.get("seconds_playing")
    if type(deals) is not int or deals < 1 or type(seconds) is not int:
        raise bad("no count of deals or seconds")
    return OddsTable(target, tuple(tuple(float(v) for v in r) for r in rows), deals, seconds, str(raw.get("made", "")))


def win_chance(me: int, opponent: int, *, me_dealing: bool, target: int = 121, path: Path | str | None = None) -> float:
    """My chance to win a game to ``target`` with ``me`` points against ``opponent``, when I
    deal the coming deal (``me_dealing``) or the opponent does."""
    return load_table(target, path).win(me, opponent, me_dealing=me_dealing)


def chance_for(obs: Observation, path: Path | str | None = None) -> float:
    """The observing seat's chance to win, from its scores and the dealer, as if a deal with
    that dealer were about to start (after the show: the next deal's dealer)."""
    if obs.players != 2:
        raise OddsError("calculator.odds_players", players=obs.players)
    if obs.phase == GAME_OVER:
        raise OddsError("calculator.odds_game_over")
    dealer = obs.dealer if obs.phase != DEAL_OVER else (obs.dealer + 1) % obs.players
    me, opponent = obs.scores[obs.side], obs.scores[1 - obs.side]
    return win_chance(me, opponent, me_dealing=dealer == obs.seat, target=obs.target, path=path)

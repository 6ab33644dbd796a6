"""``spoken-cribbage review [N]`` and ``export [N] --out FILE``: a finished game read back deal by
deal, or written out as a plain-text transcript with its seed; and what ``play --replay N`` needs
to deal the same cards again.

Games are numbered as the statistics keep them (1 is the first to end; ``review --list`` names
them). Each game is stored with its seed, its actions and its event log; the log is read back,
and if it cannot be, the game is rebuilt from the seed and the actions.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from spoken_cribbage.app.lineinput import read_line
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.storage.gamelog import LogError, events_from_json
from spoken_cribbage.storage.stats import StatsDB, StatsError, StoredGame
from spoken_cribbage.storage.table import team_count
from spoken_cribbage.words.announce import Names, seat_names
from spoken_cribbage.words.cli_help import help_text
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.review import deal_steps, deals_of, game_heading, names_for, replay_line, review_text

EXIT_USAGE = 2


class NoGame(Exception):
    """The game asked for cannot be had: ``message`` says why, in one sentence."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# ----------------------------------------------------------------------------- finding a game


def _db() -> StatsDB:
    db = StatsDB()
    notice = db.open_for_reading()  # a bad file is set aside (and said), a fresh one started
    if notice:
        print(phrase(notice), file=sys.stderr)
    return db


def stored_game(number: int | None, db: StatsDB | None = None) -> StoredGame:
    """Game ``number`` of the statistics (the last one when None); NoGame when there is none or
    it was stored without what a review needs."""
    try:
        games = (db or _db()).games()
    except StatsError as e:
        raise NoGame(phrase("storage.stats_unreadable", reason=e.reason)) from None
    if not games:
        raise NoGame(review_text("no_games"))
    if number is None:
        kept = [x for x in games if x.reviewable]
        if not kept:
            raise NoGame(review_text("no_log", number=games[-1].number))
        return kept[-1]
    if not 1 <= number <= len(games):
        raise NoGame(review_text("no_such_game", number=number, count=len(games)))
    chosen = games[number - 1]
    if not chosen.reviewable:
        raise NoGame(review_text("no_log", number=number))
    return chosen


def game_events(stored: StoredGame) -> list[g.Event]:
    """The stored game's events: its log, or (a log that cannot be read) its seed and actions
    played again. NoGame when neither works."""
    if stored.events is not None:
        try:
            return events_from_json(stored.events)
        except LogError:
            pass
    try:
        game = g.Game(rules=_rules(stored), seed=stored.seed)
        for text in stored.actions or ():
            game.apply(g.action_from_text(text))
    except (ValueError, g.IllegalActionError):
        raise NoGame(review_text("bad_log", number=stored.number)) from None
    return game.events


def _rules(stored: StoredGame) -> Rules:
    """The stored game's table (its teams too: they decide the sides)."""
    usual = Rules(stored.players, stored.target)
    if team_count(usual) == stored.teams:
        return usual
    try:
        return Rules(stored.players, stored.target, teams=stored.teams)
    except ValueError:
        return usual


def _from_outside(stored: StoredGame) -> StoredGame:
    """The game's texts read from the statistics file (names, level, time) as they may be put
    in a sentence: control characters and line breaks shown as escapes (app.output)."""
    from dataclasses import replace

    from spoken_cribbage.app.output import one_line

    return replace(
        stored,
        ended_at=one_line(stored.ended_at),
        difficulty=one_line(stored.difficulty),
        names=None if stored.names is None else tuple(one_line(n) for n in stored.names),
    )


def transcript(stored: StoredGame) -> list[tuple[int, list[str]]]:
    """The game as blocks of lines, each with its deal number: the heading (with the seed) and
    what came before the first deal (0), then each deal (1, 2, ...). Every card is named: the
    game is over."""
    stored = _from_outside(stored)
    events = game_events(stored)
    names = _names(stored)
    rules = _rules(stored)
    blocks = [
        (
            0,
            [
                _heading(stored, events),
                replay_line(stored.number, stored.seed, stored.target, stored.difficulty, stored.players, stored.teams),
            ],
        )
    ]
    for deal, evs in deals_of(events):
        lines = [t for step in deal_steps(evs, names, rules=rules, reveal=True) for t in step]
        if lines:
            blocks.append((deal, lines))
    return blocks


# ----------------------------------------------------------------------------- review


def add_review_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("review", help=help_text("review"), description=help_text("review:description"))
    p.add_argument("number", nargs="?", type=int, default=None, help=help_text("review.number"))
    p.add_argument("--list", action="store_true", help=help_text("review.--list"))
    return p


def run_review(args) -> int:
    if args.list:
        return _list()
    try:
        stored = stored_game(args.number)
        blocks = transcript(stored)
    except NoGame as e:
        print(e.message)
        return 1
    interactive = _isatty(sys.stdin) and _isatty(sys.stdout)
    for deal, block in blocks:
        if interactive and deal > 1:  # deal by deal: Enter for the next, q to stop
            print(review_text("next_deal", deal=deal), flush=True)
            answer = read_line()
            if answer is None or answer.strip().lower() in ("q", "quit", "stop"):
                print(review_text("stopped"))
                return 0
        for line in block:
            print(line, flush=True)
    print(review_text("end", number=stored.number))
    return 0


def _names(stored: StoredGame) -> Names:
    me = stored.me or 0
    if stored.names is None:  # recorded before names were kept
        return names_for(stored.players, me)
    return Names(seat_names(stored.players, stored.names, me), me)


def _heading(stored: StoredGame, events: list[g.Event] | None = None) -> str:
    """The game's heading line: with more than two sides, every side's score (from its log,
    or from the game played again when the log is damaged)."""
    scores = None
    if (stored.teams or stored.players) > 2:
        scores = stored.final_scores() if events is None else _final_scores(events)
        if scores is None and events is None and stored.reviewable:
            with contextlib.suppress(NoGame):
                scores = _final_scores(game_events(stored))
    return game_heading(
        stored.number,
        stored.ended_at,
        stored.result,
        stored.my_score,
        stored.their_score,
        stored.difficulty,
        stored.deals,
        stored.players,
        stored.teams,
        names=_names(stored),
        scores=scores,
    )


def _final_scores(events: list[g.Event]) -> tuple[int, ...] | None:
    for ev in reversed(events):
        scores = getattr(ev, "scores", None)
        if scores:
            return tuple(scores)
    return None


def _list() -> int:
    try:
        games = _db().games()
    except StatsError as e:
        print(phrase("storage.stats_unreadable", reason=e.reason))
        return 1
    if not games:
        print(review_text("no_games"))
        return 0
    print(review_text("list_head"))
    for x in map(_from_outside, games):
        print(_heading(x))
    return 0


# ----------------------------------------------------------------------------- export


def add_export_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("export", help=help_text("export"), description=help_text("export:description"))
    p.add_argument("number", nargs="?", type=int, default=None, help=help_text("review.number"))
    p.add_argument("--out", required=True, help=help_text("export.--out"))
    return p


def run_export(args) -> int:
    try:
        stored = stored_game(args.number)
        blocks = transcript(stored)
    except NoGame as e:
        print(e.message, file=sys.stderr)
        return 1
    text = "\n\n".join("\n".join(block) for _, block in blocks) + "\n"
    path = Path(args.out)
    from spoken_cribbage.app.output import one_line

    shown_path = one_line(path)  # a line break in it cannot start a line of its own
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        from spoken_cribbage.storage.savegame import why

        print(review_text("not_written", number=stored.number, path=shown_path, reason=phrase(why(e))), file=sys.stderr)
        return 1
    print(review_text("written", number=stored.number, path=shown_path, lines=sum(len(b) for _, b in blocks)))
    return 0


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False

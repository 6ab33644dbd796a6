"""Sentences about the player's statistics: milestones said during a game, and the summary
read out by ``spoken-cribbage stats``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spoken_cribbage.storage.stats import GameRecord, PracticeSummary, StatsSummary, TableSummary
from spoken_cribbage.words.catalogue import Message, join, number, render
from spoken_cribbage.words.lines import cap
from spoken_cribbage.words.notices import Template
from spoken_cribbage.words.numbers import number_words, said_number

_STATS = "'spoken-cribbage stats', your statistics read out"
_MILESTONE = "a milestone said once in the game (shown, then spoken with the numbers in words)"

#: The messages of the statistics (codes ``stats.*``), said in the player's language.
TEXTS: dict[str, Template] = {
    # milestones in the game
    "stats.best_hand": Message("Your best hand yet: {total}.", f"{_MILESTONE}: a hand better than any before"),
    "stats.best_crib": Message("Your best crib yet: {total}.", f"{_MILESTONE}: a crib better than any before"),
    "stats.first_win": Message("Your first win!", f"{_MILESTONE}: the first game won"),
    "stats.streak": Message(
        "{count} wins in a row!", f"{_MILESTONE}: games won in a row ({{count}} in digits or words, first word)"
    ),
    "stats.nth_game": Message("That was your {n}th game.", f"{_MILESTONE}: the 10th, 25th ... game, {{n}} in digits"),
    "stats.nth_game.said": Message(
        "That was your {n}th game.",
        f"{_MILESTONE}: the same, spoken; {{n}} is the number in words ('ten'): in a language whose ordinals "
        "differ, say it with the cardinal ('partie numéro dix')",
    ),
    # practice
    "stats.practice.count": Message(
        "Counting practice: {right} of {count} hand right, {percent} percent, {seconds:.1f} seconds a hand on average.",
        f"{_STATS}, and the end of practice count: all counting practice so far",
        plural="Counting practice: {right} of {count} hands right, {percent} percent, {seconds:.1f} seconds a "
        "hand on average.",
    ),
    "stats.practice.discard": Message(
        "Discard practice: the expert's choice {times} in {deals}, {cost:.1f} points given away a deal and "
        "{seconds:.1f} seconds a deal on average.",
        f"{_STATS}, and the end of practice discard; {{times}} is stats.times, {{deals}} stats.deals",
    ),
    "stats.times": Message(
        "{count} time", "how many times, as in 'the expert's choice 3 times'", plural="{count} times"
    ),
    "stats.deals": Message("{count} deal", "a number of deals, as in 'in 5 deals'", plural="{count} deals"),
    # the games
    "stats.nothing": Message("No games recorded yet.", f"{_STATS}: nothing played yet"),
    "stats.none_finished": Message(
        "You have not played a game to the end yet.", f"{_STATS}: no game finished, none left unfinished"
    ),
    "stats.none_finished_left": Message(
        "You have not played a game to the end yet; {count} was left unfinished.",
        f"{_STATS}: no game finished, some left unfinished",
        plural="You have not played a game to the end yet; {count} were left unfinished.",
    ),
    "stats.played": Message(
        "You have played {count} game: {wins} won, {losses} lost.",
        f"{_STATS}: the games played to the end",
        plural="You have played {count} games: {wins} won, {losses} lost.",
    ),
    "stats.more_left": Message(
        "{count} more was left unfinished.",
        f"{_STATS}: after stats.played, the games left unfinished",
        plural="{count} more were left unfinished.",
    ),
    "stats.and_then": Message(
        "{first} {then}", f"{_STATS}: two sentences on one line (stats.played and stats.more_left ...)"
    ),
    "stats.win_rate": Message("You win {percent} percent of your games.", f"{_STATS}: the share of games won"),
    "stats.skunks": Message("Skunks: you gave {given} and took {taken}.", f"{_STATS}: skunks given and taken"),
    "stats.double_skunks": Message(
        "Double skunks: gave {given}, took {taken}.", f"{_STATS}: after stats.skunks, when there were some"
    ),
    "stats.averages": Message(
        "Average points over {deals}: {parts}.",
        f"{_STATS}: points a deal; {{deals}} is stats.deals, {{parts}} stats.average.* joined",
    ),
    "stats.average.hand": Message("hand {points:.1f}", f"{_STATS}: the average hand, in a list"),
    "stats.average.crib": Message("crib {points:.1f}", f"{_STATS}: the average crib, in a list"),
    "stats.average.pegging": Message("pegging {points:.1f}", f"{_STATS}: the average points pegged, in a list"),
    "stats.best": Message("Best hand: {total}.", f"{_STATS}: the best hand ever counted"),
    "stats.streaks": Message(
        "Winning streak now: {now}. Longest: {longest}.", f"{_STATS}: games won in a row, now and the most"
    ),
    # the tables of three or more
    "stats.table.plain": Message("{players} players", f"{_STATS}: a table, as in 'Three players'"),
    "stats.table.each": Message(
        "{players} players, each for themselves", f"{_STATS}: a table of four or six without teams"
    ),
    "stats.table.teams": Message(
        "{players} players in {teams} teams of {size}", f"{_STATS}: a table with teams, all numbers in words"
    ),
    "stats.table.head": Message(
        "{table}: {games}, {wins}, {losses}",
        f"{_STATS}: a table's games (stats.table.*; {{games}} is stats.games, {{wins}} stats.won, {{losses}} "
        "stats.lost), no full stop",
    ),
    "stats.table.head_unfinished": Message(
        "{table}: {games}, {wins}, {losses}, {abandoned}",
        f"{_STATS}: a table's games, some left unfinished ({{abandoned}} is stats.unfinished), no full stop",
    ),
    "stats.won": Message("{count} won", "games won, as in 'Two players: 5 games, 3 won, 2 lost'", plural="{count} won"),
    "stats.lost": Message("{count} lost", "games lost, as in '5 games, 3 won, 2 lost'", plural="{count} lost"),
    "stats.unfinished": Message(
        "{count} left unfinished",
        "games left unfinished, as in '5 games, 3 won, 1 lost, 1 left unfinished'",
        plural="{count} left unfinished",
    ),
    "stats.table.line": Message("{head}.", f"{_STATS}: a table's line (stats.table.head ...) ended"),
    "stats.table.line_averages": Message(
        "{head}; average {parts}.", f"{_STATS}: a table's line and its averages (stats.average.* joined)"
    ),
    "stats.games": Message("{count} game", "a number of games, as in 'Three players: 3 games'", plural="{count} games"),
}


def _t(code: str, /, **facts: Any) -> str:
    """A message said with facts already made (numbers in words, parts of sentences)."""
    message = TEXTS[code]
    assert isinstance(message, Message)
    return render(code, message, facts)


def _said(n: int) -> str:
    """A number as speech says it: 'twenty-four' (English words, or the language's)."""
    return said_number(n)


def hand_milestone(best_before: int | None, total: int, is_crib: bool) -> tuple[str, str] | None:
    """'Your best hand yet: 24.' when a hand or crib beats every earlier one (from the second
    show on, and only for hands worth talking about)."""
    if best_before is None or total <= best_before or total < 8:
        return None
    code = "stats.best_crib" if is_crib else "stats.best_hand"
    return (_t(code, total=total), _t(code, total=_said(total)))


def game_milestones(results_before: list[str], rec: GameRecord, games_before: int) -> list[tuple[str, str]]:
    """Modest milestones at the end of a game: first win, streaks, first skunk, round numbers."""
    out: list[tuple[str, str]] = []
    if rec.result == "win":
        if "win" not in results_before:
            out.append((_t("stats.first_win"), _t("stats.first_win")))
        run = 1
        for r in reversed(results_before):
            if r != "win":
                break
            run += 1
        if run in (3, 5, 10, 20, 50, 100):
            out.append((_t("stats.streak", count=run), _t("stats.streak", count=cap(_said(run)))))
    n = games_before + 1
    if n in (10, 25, 50, 100, 250, 500, 1000):
        out.append((_t("stats.nth_game", n=n), _t("stats.nth_game.said", n=_said(n))))
    return out


def practice_sentences(practice: Mapping[str, PracticeSummary]) -> list[str]:
    """'Counting practice: 18 of 25 hands right, 72 percent, 7.1 seconds a hand on average.'"""
    lines = []
    count = practice.get("count")
    if count is not None and count.get("rounds"):
        n, right = count["rounds"], count["right"]
        percent = round(100 * right / n)
        lines.append(
            _t("stats.practice.count", right=right, count=n, percent=percent, seconds=count["average_seconds"])
        )
    discard = practice.get("discard")
    if discard is not None and discard.get("rounds"):
        n, right = discard["rounds"], discard["right"]
        lines.append(
            _t(
                "stats.practice.discard",
                times=_t("stats.times", count=right),
                deals=_t("stats.deals", count=n),
                cost=discard["average_cost"],
                seconds=discard["average_seconds"],
            )
        )
    return lines


def stats_sentences(s: StatsSummary) -> list[str]:
    practice = practice_sentences(s.get("practice", {}))
    if not s["games"] and not s["deals"]:
        return [_t("stats.nothing")] + practice
    return _game_sentences(s) + table_sentences(s.get("tables", [])) + practice


def _players(n: int) -> str:
    """'Two', 'Quatre', '四': a number of players at the start of a line."""
    return cap(number(n)) if n <= 6 else cap(number_words(n)) if n <= 8 else str(n)


def table_name(players: int, teams: int) -> str:
    """'Two players', 'Three players', 'Four players in two teams of two',
    'Four players, each for themselves' (at a size that is usually played in teams)."""
    if teams:
        return _t("stats.table.teams", players=_players(players), teams=number(teams), size=number(players // teams))
    return _t("stats.table.each" if players in (4, 6) else "stats.table.plain", players=_players(players))


def _averages(parts: tuple[tuple[str, float | None], ...]) -> str:
    """'hand 6.1, crib 4.2, pegging 3.0' (those known)."""
    return join([_t(f"stats.average.{what}", points=p) for what, p in parts if p is not None], "all")


def table_sentences(tables: list[TableSummary]) -> list[str]:
    """A line for each table played at, when there has been more than the two-player one:
    'Four players in two teams of two: 3 games, 2 won, 1 lost; average hand 6.1.'"""
    if not tables or all(t["players"] == 2 and not t["teams"] for t in tables):
        return []
    lines = []
    for t in tables:
        n = t["wins"] + t["losses"]  # played to the end; the unfinished said apart
        head = _t(
            "stats.table.head_unfinished" if t["abandoned"] else "stats.table.head",
            table=table_name(t["players"], t["teams"]),
            games=_t("stats.games", count=n),
            wins=_t("stats.won", count=t["wins"]),
            losses=_t("stats.lost", count=t["losses"]),
            abandoned=_t("stats.unfinished", count=t["abandoned"]),
        )
        parts = _averages(
            (("hand", t.get("average_hand")), ("crib", t.get("average_crib")), ("pegging", t.get("average_pegging")))
        )
        lines.append(
            _t("stats.table.line_averages", head=head, parts=parts) if parts else _t("stats.table.line", head=head)
        )
    return lines


def _game_sentences(s: StatsSummary) -> list[str]:
    # A game left unfinished is not one played: said apart, never in the percentage.
    finished = s["wins"] + s["losses"]
    left = s["abandoned"]
    if not finished:
        lines = [_t("stats.none_finished_left", count=left) if left else _t("stats.none_finished")]
    else:
        played = _t("stats.played", count=finished, wins=s["wins"], losses=s["losses"])
        more = _t("stats.more_left", count=left) if left else ""
        lines = [_t("stats.and_then", first=played, then=more) if more else played]
    if finished:
        lines.append(_t("stats.win_rate", percent=round(100 * s["wins"] / finished)))
    skunks = _t("stats.skunks", given=s["skunks_given"], taken=s["skunks_taken"])
    if s["double_skunks_given"] or s["double_skunks_taken"]:
        double = _t("stats.double_skunks", given=s["double_skunks_given"], taken=s["double_skunks_taken"])
        skunks = _t("stats.and_then", first=skunks, then=double)
    lines.append(skunks)
    if s["deals"]:
        parts = _averages((("hand", s["average_hand"]), ("crib", s["average_crib"]), ("pegging", s["average_pegging"])))
        lines.append(_t("stats.averages", deals=_t("stats.deals", count=s["deals"]), parts=parts))
    if s["best_hand"] is not None:
        lines.append(_t("stats.best", total=s["best_hand"]))
    if s["longest_win_streak"]:
        lines.append(_t("stats.streaks", now=s["win_streak"], longest=s["longest_win_streak"]))
    return lines

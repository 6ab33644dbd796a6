"""Sentences about the player's statistics: milestones said during a game, and the summary
read out by ``spoken-cribbage stats``."""

from __future__ import annotations

from collections.abc import Mapping

from spoken_cribbage.storage.stats import GameRecord, PracticeSummary, StatsSummary, TableSummary
from spoken_cribbage.words.numbers import number_words


def hand_milestone(best_before: int | None, total: int, is_crib: bool) -> tuple[str, str] | None:
    """'Your best hand yet: 24.' when a hand or crib beats every earlier one (from the second
    show on, and only for hands worth talking about)."""
    if best_before is None or total <= best_before or total < 8:
        return None
    what = "crib" if is_crib else "hand"
    return (f"Your best {what} yet: {total}.", f"Your best {what} yet: {number_words(total)}.")


def game_milestones(results_before: list[str], rec: GameRecord, games_before: int) -> list[tuple[str, str]]:
    """Modest milestones at the end of a game: first win, streaks, first skunk, round numbers."""
    out: list[tuple[str, str]] = []
    if rec.result == "win":
        if "win" not in results_before:
            out.append(("Your first win!", "Your first win!"))
        run = 1
        for r in reversed(results_before):
            if r != "win":
                break
            run += 1
        if run in (3, 5, 10, 20, 50, 100):
            out.append((f"{run} wins in a row!", f"{number_words(run).capitalize()} wins in a row!"))
    n = games_before + 1
    if n in (10, 25, 50, 100, 250, 500, 1000):
        out.append((f"That was your {n}th game.", f"That was your {number_words(n)}th game."))
    return out


def practice_sentences(practice: Mapping[str, PracticeSummary]) -> list[str]:
    """'Counting practice: 18 of 25 hands right, 72 percent, 7.1 seconds a hand on average.'"""
    lines = []
    count = practice.get("count")
    if count is not None and count.get("rounds"):
        n, right = count["rounds"], count["right"]
        lines.append(
            f"Counting practice: {right} of {n} hand{'s' if n != 1 else ''} right, "
            f"{round(100 * right / n)} percent, {count['average_seconds']:.1f} seconds "
            f"a hand on average."
        )
    discard = practice.get("discard")
    if discard is not None and discard.get("rounds"):
        n, right = discard["rounds"], discard["right"]
        lines.append(
            f"Discard practice: the expert's choice {right} time{'s' if right != 1 else ''}"
            f" in {n} deal{'s' if n != 1 else ''}, {discard['average_cost']:.1f} points "
            f"given away a deal and {discard['average_seconds']:.1f} seconds a deal "
            f"on average."
        )
    return lines


def stats_sentences(s: StatsSummary) -> list[str]:
    practice = practice_sentences(s.get("practice", {}))
    if not s["games"] and not s["deals"]:
        return ["No games recorded yet."] + practice
    return _game_sentences(s) + table_sentences(s.get("tables", [])) + practice


_PLAYERS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight"}


def table_name(players: int, teams: int) -> str:
    """'Two players', 'Three players', 'Four players in two teams of two',
    'Four players, each for themselves' (at a size that is usually played in teams)."""
    head = f"{_PLAYERS.get(players, str(players))} players"
    if teams:
        return f"{head} in {number_words(teams)} teams of {number_words(players // teams)}"
    return head + (", each for themselves" if players in (4, 6) else "")


def table_sentences(tables: list[TableSummary]) -> list[str]:
    """A line for each table played at, when there has been more than the two-player one:
    'Four players in two teams of two: 3 games, 2 won, 1 lost; average hand 6.1.'"""
    if not tables or all(t["players"] == 2 and not t["teams"] for t in tables):
        return []
    lines = []
    for t in tables:
        n = t["wins"] + t["losses"]  # played to the end; the unfinished said apart
        text = (
            f"{table_name(t['players'], t['teams'])}: {n} game{'s' if n != 1 else ''}, "
            f"{t['wins']} won, {t['losses']} lost" + (f", {t['abandoned']} left unfinished" if t["abandoned"] else "")
        )
        averages = (
            ("hand", t.get("average_hand")),
            ("crib", t.get("average_crib")),
            ("pegging", t.get("average_pegging")),
        )
        parts = [f"{what} {average:.1f}" for what, average in averages if average is not None]
        if parts:
            text += "; average " + ", ".join(parts)
        lines.append(text + ".")
    return lines


def _game_sentences(s: StatsSummary) -> list[str]:
    # A game left unfinished is not one played: said apart, never in the percentage.
    finished = s["wins"] + s["losses"]
    left = s["abandoned"]
    were = "was" if left == 1 else "were"
    if not finished:
        lines = ["You have not played a game to the end yet" + (f"; {left} {were} left unfinished." if left else ".")]
    else:
        lines = [
            f"You have played {finished} game{'s' if finished != 1 else ''}: "
            f"{s['wins']} won, {s['losses']} lost." + (f" {left} more {were} left unfinished." if left else "")
        ]
    if finished:
        lines.append(f"You win {round(100 * s['wins'] / finished)} percent of your games.")
    lines.append(
        f"Skunks: you gave {s['skunks_given']} and took {s['skunks_taken']}."
        + (
            f" Double skunks: gave {s['double_skunks_given']}, took {s['double_skunks_taken']}."
            if s["double_skunks_given"] or s["double_skunks_taken"]
            else ""
        )
    )
    if s["deals"]:
        parts = []
        if s["average_hand"] is not None:
            parts.append(f"hand {s['average_hand']:.1f}")
        if s["average_crib"] is not None:
            parts.append(f"crib {s['average_crib']:.1f}")
        parts.append(f"pegging {s['average_pegging']:.1f}")
        deals = f"{s['deals']} deal{'s' if s['deals'] != 1 else ''}"
        lines.append(f"Average points over {deals}: " + ", ".join(parts) + ".")
    if s["best_hand"] is not None:
        lines.append(f"Best hand: {s['best_hand']}.")
    if s["longest_win_streak"]:
        lines.append(f"Winning streak now: {s['win_streak']}. Longest: {s['longest_win_streak']}.")
    return lines

"""The sentences for ``calculator.*`` notices and problems (see :mod:`spoken_cribbage.words.notices`):
the engine's card and hand errors, the analyzer's hints and the coach's, and the command-line
calculators (``score``, ``peg``, ``discard``, ``simulate``, ``odds``). The ``--help`` texts are in
:mod:`spoken_cribbage.words.cli_help`.

>>> from spoken_cribbage.words.notices import phrase
>>> from spoken_cribbage.engine.cards import parse_cards
>>> phrase("calculator.ambiguous_card", token="five", cards=parse_cards("5H 5C"))
'You have two fives: the five of hearts or the five of clubs?'
>>> phrase("calculator.error", command="discard", message="Give exactly 6 cards, not 5.")
'spoken-cribbage discard: Give exactly 6 cards, not 5.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spoken_cribbage.engine.cards import RANK_NAMES, RANK_PLURALS, SUIT_NAMES, Card, sort_hand
from spoken_cribbage.words.announce import cap, play_call, show_call
from spoken_cribbage.words.clean import quoted
from spoken_cribbage.words.notices import Template

_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def _ambiguous(d: Mapping[str, Any]) -> str:
    cards: Sequence[Card] = d["cards"]
    n = len(cards)
    what = RANK_PLURALS[cards[0].rank] if len({c.rank for c in cards}) == 1 else SUIT_NAMES[cards[0].suit]
    many = _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)
    names = [f"the {c.name}" for c in cards]
    return f"You have {many} {what}: {', '.join(names[:-1])} or {names[-1]}?"


def _ranks(cards: Sequence[Card]) -> str:
    return ", ".join(RANK_NAMES[c.rank] for c in sort_hand(cards))


_PLAYER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_SHARE_WORDS = {2: "a half", 3: "a third", 4: "a quarter", 5: "a fifth"}


def _rivals(sides: int) -> str:
    """'one of two opponents' (the other sides: with teams, opposing teams)."""
    return f"one of {_PLAYER_WORDS.get(sides - 1, str(sides - 1))} opponents"


def _discard_hint(d: Mapping[str, Any]) -> str:
    owner = d.get("owner", "yours" if d["dealer"] else "opponent")
    sides = d.get("sides", 2)
    if owner == "yours":
        tail = "with your crib"
    elif owner == "partner":
        tail = "with your partner's crib"
    elif sides > 2:
        tail = f"after an opponent's crib, counted at {_SHARE_WORDS[sides - 1]} ({_rivals(sides)})"
    else:
        tail = "after your opponent's crib"
    return f"Keep {_ranks(d['keep'])}; lay away {_ranks(d['discard'])}. About {d['net']:.1f} points {tail}."


def _coach_discard(d: Mapping[str, Any]) -> str:
    return f"{_discard_hint(d)} Press {' and '.join(str(n) for n in d['press'])}, then Enter."


def _play_hint(d: Mapping[str, Any]) -> str:
    return f"Play the {d['card'].name}" + (f", for {d['points']}." if d["points"] else ".")


def _the(cards: Sequence[Card], full: bool) -> str:
    """'the five', 'the five and the king', 'both twos' ('the five of hearts' when ``full``)."""
    if full:
        return " and ".join(f"the {c.name}" for c in sort_hand(cards))
    ranks = sorted({c.rank for c in cards})
    return " and ".join(
        f"both {RANK_PLURALS[r]}" if sum(c.rank == r for c in cards) == 2 else f"the {RANK_NAMES[r]}" for r in ranks
    )


def _coach_discard_better(d: Mapping[str, Any]) -> str:
    """The expert's discard, said by how it differs from the player's: the cards it keeps
    that the player laid away, the cards it lays away that the player kept."""
    kept = [c for c in d["mine"] if c not in d["discard"]]
    away = [c for c in d["discard"] if c not in d["mine"]]
    full = bool({c.rank for c in kept} & {c.rank for c in away})
    return (
        f"The expert keeps {_the(kept, full)} and lays away {_the(away, full)} here: "
        f"about {d['better']:.1f} points better."
    )


def _coach_play_better(d: Mapping[str, Any]) -> str:
    return f"The expert plays the {d['card'].name} here: about {d['better']:.1f} points better."


def _error(d: Mapping[str, Any]) -> str:
    command = f" {d['command']}" if d.get("command") else ""
    return f"spoken-cribbage{command}: {d['message']}"


def _peg_go(d: Mapping[str, Any]) -> str:
    """The card of turn ``turn`` would take the count to ``count``: a go, and the last card
    before it pegs one (the next line's count starts again)."""
    last = ("First player", "Second player")[(d["turn"] + 1) % 2]
    return f"Go: the {d['card'].name} would make {d['count']}. {last} pegs one for the go."


def _peg_play(d: Mapping[str, Any]) -> str:
    player = ("First player", "Second player")[d["turn"] % 2]
    line = f"{player} plays the {d['card'].name}. Count {d['count']}."
    return line + (f" {cap(play_call(d['items']))}." if d["items"] else "")


def kept_and_laid(keep: Sequence[Card], discard: Sequence[Card]) -> tuple[str, str]:
    """The kept and the laid-away cards by rank ('five, five, jack, king'); a rank split
    between the two names its suits, so the listener knows which five goes."""
    split = {c.rank for c in keep} & {c.rank for c in discard}

    def said(cards: Sequence[Card]) -> str:
        return ", ".join(c.name if c.rank in split else RANK_NAMES[c.rank] for c in sort_hand(cards))

    return said(keep), said(discard)


def _discard_table(d: Mapping[str, Any]) -> str:
    """``spoken-cribbage discard`` read by ear: one sentence a line, best first, cards as words.
    A rank split between the kept and the laid-away cards names its suits (which five goes).
    At a larger table (``table``: players, sides, owner) the first line names the table and how
    the crib counts."""
    table = d.get("table")
    options = d["options"]
    if table is None:
        whose = "the crib is yours" if d["dealer"] else "the crib is your opponent's"
        lines = [f"The {len(options)} discards, best first; {whose}."]
    else:
        if table.owner == "yours":
            whose = "the crib is yours"
        elif table.owner == "partner":
            whose = "the crib is your partner's"
        elif table.sides > 2:
            whose = (
                f"the crib is an opponent's, counted at {_SHARE_WORDS[table.sides - 1]} "
                f"against you ({_rivals(table.sides)})"
            )
        else:
            whose = "the crib is your opponent's"
        many = "discard" if len(options) == 1 else "discards"
        lines = [f"The {len(options)} {many} with {_PLAYER_WORDS[table.players]} players, best first; {whose}."]
    for o in options:
        keep, away = kept_and_laid(o.keep, o.discard)
        owner = table.owner if table is not None else ("yours" if d["dealer"] else "opponent")
        crib = {"yours": "crib", "partner": "partner's crib", "opponent": "their crib"}[owner]
        lines.append(
            f"Keep {keep}; lay away {away}: hand {o.expected_hand:.1f}, {crib} {o.expected_crib:.1f}, net {o.net:.1f}."
        )
    return "\n".join(lines)


def _seats_words(seats: Sequence[int]) -> str:
    names = [str(x) for x in seats]
    return "seat " + names[0] if len(names) == 1 else "seats " + ", ".join(names[:-1]) + " and " + names[-1]


def _table_report(s: Mapping[str, Any]) -> list[str]:
    """The lines of a table of three or more: the table, each side's wins, the first dealer."""
    t = s["table"]
    n = t["players"]
    layout = "each for themselves" if not t["teams"] else f"{_PLAYER_WORDS[t['teams']]} teams"
    lines = [f"{s['games']} games, seed {s['seed']}: {_PLAYER_WORDS[n]} players, {layout}: " + ", ".join(s["players"])]
    for b in s["by_side"]:
        lo, hi = b["ci95"]
        who = (
            f"seat {b['seats'][0]} {b['players'][0]}"
            if len(b["seats"]) == 1
            else f"team {b['side'] + 1} ({_seats_words(b['seats'])}: {', '.join(b['players'])})"
        )
        lines.append(
            f"{who}: {b['wins']} wins, {100 * b['win_rate']:.1f}% (95% CI "
            f"{100 * lo:.1f} to {100 * hi:.1f}), {b['skunks']} skunks "
            f"({b['double_skunks']} double)"
        )
    lo, hi = s["first_dealer_ci95"]
    lines.append(
        f"first dealer's side won {100 * s['first_dealer_win_rate']:.1f}% "
        f"(95% CI {100 * lo:.1f} to {100 * hi:.1f}); an even share is "
        f"{100 * t['even_share']:.1f}%"
    )
    return lines


def _simulation_report(s: Mapping[str, Any]) -> str:
    """The plain-text report of ``spoken-cribbage simulate`` from its summary (the JSON output)."""
    lines = _table_report(s) if "table" in s else _two_player_lines(s)
    return "\n".join(lines + _per_deal_lines(s))


def _two_player_lines(s: Mapping[str, Any]) -> list[str]:
    lines = [f"{s['games']} games, seed {s['seed']}: " + " versus ".join(s["players"])]
    for seat, name in enumerate(s["players"]):
        lo, hi = s["ci95"][seat]
        who = name if "paired" in s else f"seat {seat} {name}"  # paired: both seats in turn
        lines.append(
            f"{who}: {s['wins'][seat]} wins, "
            f"{100 * s['win_rate'][seat]:.1f}% (95% CI {100 * lo:.1f} to {100 * hi:.1f}), "
            f"{s['skunks'][seat]} skunks ({s['double_skunks'][seat]} double)"
        )
    if "paired" in s:
        pr = s["paired"]
        a, b = s["players"]
        lo, hi = pr["ci95"]
        lines.append(
            f"{pr['pairs']} pairs of games on the same cards, seats swapped: {a} won "
            f"both {pr['won_both'][0]}, {b} won both {pr['won_both'][1]}, one each "
            f"{pr['split']}; {a} {100 * pr['win_rate']:.2f}% (95% CI over the pairs "
            f"{100 * lo:.2f} to {100 * hi:.2f})"
        )
    lo, hi = s["first_dealer_ci95"]
    lines.append(f"first dealer won {100 * s['first_dealer_win_rate']:.1f}% (95% CI {100 * lo:.1f} to {100 * hi:.1f})")
    return lines


def _per_deal_lines(s: Mapping[str, Any]) -> list[str]:
    lines = []
    pd = s["per_deal"]
    more = "table" in s
    lines.append(
        f"points per completed deal ({pd['completed_deals']} deals; pegging = play, go and last; heels apart):"
    )
    for seat, b in enumerate(pd["by_seat"]):
        for role in ("as_dealer", "as_pone"):
            r = b[role]
            crib = f", crib {r['crib']:.2f}, heels {r['heels']:.2f}" if role == "as_dealer" else ""
            who = b["player"] if "paired" in s else f"seat {seat} {b['player']}"
            said = "not dealing" if more and role == "as_pone" else role.replace("_", " ")
            lines.append(
                f"  {who} {said}: total {r['total']:.2f} = pegging {r['pegging']:.2f}, hand {r['hand']:.2f}{crib}"
            )
    for role, r in pd["by_role"].items():
        crib = f", crib {r['crib']:.2f}, heels {r['heels']:.2f}" if role == "dealer" else ""
        said = "seat not dealing" if more and role == "pone" else role
        lines.append(f"  any {said}: total {r['total']:.2f} = pegging {r['pegging']:.2f}, hand {r['hand']:.2f}{crib}")
    lines.append(f"{s['seconds']:.1f} seconds, {s['games'] / max(s['seconds'], 1e-9):.1f} games per second")
    return lines


def _teams_refusal(d: Mapping[str, Any]) -> str:
    """'six players play in 2 or 3 teams, or each for themselves (--teams 0)'."""
    n = _PLAYER_WORDS.get(d["players"], str(d["players"]))
    if not d["layouts"]:
        return f"{n} players play each for themselves (--teams 0)"
    return f"{n} players play in {' or '.join(str(x) for x in d['layouts'])} teams, or each for themselves (--teams 0)"


def _odds_chance(d: Mapping[str, Any]) -> str:
    """'Your chance to win is 29 percent.': never 0 or 100 unless the game is decided."""
    p = d["win"]
    if p >= 0.995:
        return "Your chance to win is more than 99 percent."
    if p < 0.005:
        return "Your chance to win is less than 1 percent."
    return f"Your chance to win is {int(100 * p + 0.5)} percent."


TEXTS: dict[str, Template] = {
    # the engine's card and hand errors (spoken_cribbage.engine.cards, .scoring)
    "calculator.not_a_card": "'{shown}' is not a card. Try 5H, 10C, QS or 'five of hearts'.",
    "calculator.bad_rank": "{token} is not a card: the rank must be a whole number from 1 (ace) to 13 (king).",
    "calculator.bad_suit": "{token} is not a card: the suit must be a whole number "
    "from 0 to 3 (clubs, diamonds, hearts, spades).",
    "calculator.card_twice": "The card {token} is given twice.",
    "calculator.card_not_held": "You do not have the {card.name}.",
    "calculator.no_rank_held": lambda d: f"You have no {RANK_PLURALS[d['rank']]}.",
    "calculator.no_suit_held": lambda d: f"You have no {SUIT_NAMES[d['suit']]}.",
    "calculator.ambiguous_card": _ambiguous,
    "calculator.hand_size": "A hand has 4 cards, or 5 with six players, not {count}.",
    "calculator.count_over": "The count would be {count}.",
    # the engine refusing a call it was given wrongly (spoken_cribbage.engine.errors): a fault of
    # the program, not of the player; nothing was changed
    "engine.bad_type": "That could not be done: {function} was given {shown} for its {argument}, "
    "which is not the right kind of value. Nothing was changed.",
    "engine.bad_value": "That could not be done: {function} was given {shown} for its {argument}, "
    "which is out of range. Nothing was changed.",
    # the analyzer and the coach (spoken_cribbage.ai.analyze, .coach)
    "calculator.six_cards": "Give exactly 6 cards, not {count}.",
    "calculator.discard_hint": _discard_hint,
    "calculator.coach_discard": _coach_discard,
    "calculator.play_hint": _play_hint,
    "calculator.say_go": "Say go.",
    # the coach's answer to the move made (spoken_cribbage.ai.coach.judge; app.coach)
    "calculator.coach_discard_better": _coach_discard_better,
    "calculator.coach_play_better": _coach_play_better,
    "calculator.coach_same": "The expert would have done the same.",
    "calculator.coach_close": lambda d: (
        "The expert would have done otherwise, but the difference is within the analysis' "
        f"noise (about {d['better']:.1f} points)."
    ),
    "calculator.coach_no_move": "No move of yours to judge yet this deal.",
    "calculator.coach_deal_lost": lambda d: f"The coach estimates you lost about {d['points']:.1f} points this deal.",
    # simulations (spoken_cribbage.ai.simulate)
    "calculator.two_levels": "simulate needs two levels or more, up to six, one a seat, e.g. expert,standard",
    "calculator.simulate_teams": lambda d: _teams_refusal(d),
    "calculator.paired_two_players": "--paired is for two players only",
    "calculator.unknown_level": lambda d: f"unknown player {quoted(d['level'])}; choose from {', '.join(d['levels'])}",
    "calculator.games_at_least_one": "the number of games must be at least 1",
    # the command line (spoken_cribbage.app.cli, .calculators)
    "calculator.error": _error,
    "calculator.usage_error": "spoken-cribbage: {message}. Try --help.",
    "calculator.stopped": "Stopped.",
    "calculator.crashed": "spoken-cribbage: something went wrong: {kind}: {error}",
    "calculator.score_hand_size": lambda d: (
        "Give the 4 cards of a hand, or 5 at a table of six, and the starter after --starter; "
        f"{d['count']} {'card was' if d['count'] == 1 else 'cards were'} given."
    ),
    "calculator.setting_refused": "That setting was not changed: {reason}.",
    "calculator.setting_saved": "{Name} is now {value}, from the next start of the game.",
    "calculator.setting_unprintable": "the value has characters that cannot be shown",
    "calculator.seed_range": "the seed must be a whole number from {low} to {high}",
    "calculator.score_call": lambda d: cap(show_call(d["items"])) + ".",
    "calculator.score_total": "Total: {total}.",
    "calculator.peg_play": _peg_play,
    "calculator.peg_go": _peg_go,
    "calculator.dealer_and_pone": "Choose one of --dealer and --pone, not both.",
    "calculator.dealer_or_pone": "Say whose crib it is: --dealer or --pone (or --partner at a team table).",
    "calculator.discard_table": _discard_table,
    "calculator.dealt_cards": lambda d: (
        f"With {_PLAYER_WORDS[d['players']]} players the "
        f"{'dealer' if d['dealer'] else 'seat that does not deal'} is dealt {d['needed']} cards; "
        f"give {d['needed']}, not {d['count']}."
    ),
    "calculator.dealer_lays_none": lambda d: (
        f"With {_PLAYER_WORDS[d['players']]} players the dealer is dealt {d['dealt']} cards "
        "and lays none away: there is no discard to choose."
    ),
    "calculator.discard_players": "--players is a number from 2 to 6.",
    "calculator.discard_teams": lambda d: cap(_teams_refusal(d)) + ".",
    "calculator.no_partner": lambda d: (
        f"At this table of {_PLAYER_WORDS[d['players']]} each plays for themselves: there is "
        "no partner. Give --teams for a team table."
    ),
    "calculator.whose_crib_three": "Choose one of --dealer, --pone and --partner.",
    "calculator.workers_range": lambda d: (
        f"--workers must be between 1 and {d['most']}, the processors of this machine"
    ),
    "calculator.rounds_at_least_one": "--rounds must be at least 1.",
    "calculator.crib_is_for_count": "--crib is for practice count.",
    "calculator.simulate_progress": "simulate: {done} of {total} games, {elapsed:.0f} s",
    "calculator.simulate_report": _simulation_report,
    # win chances (spoken_cribbage.ai.odds; the odds command, in the game and on the command line)
    "calculator.odds_chance": _odds_chance,
    "calculator.odds_unreadable": "The win-chance table cannot be read, so no chance is given.",
    "calculator.odds_target": lambda d: (
        "Win chances are known for games to "
        f"{' and to '.join(str(t) for t in d['targets'])} only, "
        f"not to {d['target']}."
    ),
    "calculator.odds_score": lambda d: (
        f"Scores go from 0 to {d['target'] - 1} in a game to {d['target']}; {d['score']} is not one."
    ),
    "calculator.odds_players": "Win chances are known for two-player games only.",
    "calculator.odds_game_over": "The game is over: no chance to give.",
}

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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from spoken_cribbage.engine.cards import Card, sort_hand
from spoken_cribbage.words.calculator_messages import MESSAGES
from spoken_cribbage.words.calls import CODES as CALLS
from spoken_cribbage.words.calls import play_call, show_call
from spoken_cribbage.words.catalogue import Message, join, number, render, text
from spoken_cribbage.words.clean import quoted
from spoken_cribbage.words.lines import cap, card_name, rank_name, the_card, the_cards
from spoken_cribbage.words.notices import Template


def _part(code: str, /, **facts: Any) -> str:
    """A message of :data:`MESSAGES` said with facts already cleaned: a form of a sentence or a
    part of one."""
    return render(code, MESSAGES[code], facts)


def rank_plural(rank: int) -> str:
    """'fives', 'cinq', '5'."""
    return _part(f"calculator.ranks.{rank}")


def suit_plural(suit: int) -> str:
    """'hearts', 'cœurs', '红桃'."""
    return _part(f"calculator.suits.{suit}")


def _ambiguous(d: Mapping[str, Any]) -> dict[str, Any]:
    cards: Sequence[Card] = d["cards"]
    n = len(cards)
    one_rank = len({c.rank for c in cards}) == 1
    return {
        "count": n,
        "many": number(n),
        "what": rank_plural(cards[0].rank) if one_rank else suit_plural(cards[0].suit),
        "choices": join([the_card(c) for c in cards]),
    }


def _ranks(cards: Sequence[Card]) -> str:
    return join([rank_name(c.rank) for c in sort_hand(cards)], "all")


def _rivals(sides: int) -> str:
    """'one of two opponents' (the other sides: with teams, opposing teams)."""
    return _part("calculator.rivals", count=number(sides - 1))


def _share(sides: int) -> dict[str, str]:
    """How an opponent's crib counts at a table of ``sides`` sides: 'a half', 'one of two opponents'."""
    return {"share": _part(f"calculator.share.{sides - 1}"), "rivals": _rivals(sides)}


def _discard_hint(d: Mapping[str, Any]) -> dict[str, Any]:
    owner = d.get("owner", "yours" if d["dealer"] else "opponent")
    sides = d.get("sides", 2)
    if owner in ("yours", "partner"):
        tail = _part(f"calculator.tail.{owner}")
    elif sides > 2:
        tail = _part("calculator.tail.opponents", **_share(sides))
    else:
        tail = _part("calculator.tail.opponent")
    return {"keep": _ranks(d["keep"]), "away": _ranks(d["discard"]), "tail": tail}


def _coach_discard(d: Mapping[str, Any]) -> dict[str, Any]:
    hint = _part("calculator.discard_hint", **{**d, **_discard_hint(d)})
    return {"hint": hint, "keys": join([str(n) for n in d["press"]], "and")}


def _play_hint(d: Mapping[str, Any]) -> str:
    form = "points" if d["points"] else "none"
    return _part(f"calculator.play_hint.{form}", card=the_card(d["card"]), points=d["points"])


def _the(cards: Sequence[Card], full: bool) -> str:
    """'the five', 'the five and the king', 'both twos' ('the five of hearts' when ``full``)."""
    if full:
        return the_cards(sort_hand(cards))
    ranks = sorted({c.rank for c in cards})
    return join(
        [
            _part("calculator.both", ranks=rank_plural(r))
            if sum(c.rank == r for c in cards) == 2
            else text(f"card.the_rank.{r}", CALLS[f"card.the_rank.{r}"]).format(rank=rank_name(r))
            for r in ranks
        ],
        "and",
    )


def _coach_discard_better(d: Mapping[str, Any]) -> dict[str, Any]:
    """The expert's discard, said by how it differs from the player's: the cards it keeps
    that the player laid away, the cards it lays away that the player kept."""
    kept = [c for c in d["mine"] if c not in d["discard"]]
    away = [c for c in d["discard"] if c not in d["mine"]]
    full = bool({c.rank for c in kept} & {c.rank for c in away})
    return {"kept": _the(kept, full), "away": _the(away, full)}


def _error(d: Mapping[str, Any]) -> str:
    if d.get("command"):
        return _part("calculator.error.command", command=d["command"], message=d["message"])
    return _part("calculator.error.plain", message=d["message"])


def _player(turn: int) -> str:
    return _part(("calculator.peg.first", "calculator.peg.second")[turn % 2])


def _peg_go(d: Mapping[str, Any]) -> dict[str, Any]:
    """The card of turn ``turn`` would take the count to ``count``: a go, and the last card
    before it pegs one (the next line's count starts again)."""
    return {"card": the_card(d["card"]), "last": _player(d["turn"] + 1)}


def _peg_play(d: Mapping[str, Any]) -> str:
    facts = {"player": _player(d["turn"]), "card": the_card(d["card"]), "count": d["count"]}
    if d["items"]:
        return _part("calculator.peg_play.call", **facts, call=cap(play_call(d["items"])))
    return _part("calculator.peg_play.plain", **facts)


def kept_and_laid(keep: Sequence[Card], discard: Sequence[Card]) -> tuple[str, str]:
    """The kept and the laid-away cards by rank ('five, five, jack, king'); a rank split
    between the two names its suits, so the listener knows which five goes."""
    split = {c.rank for c in keep} & {c.rank for c in discard}

    def said(cards: Sequence[Card]) -> str:
        return join([card_name(c) if c.rank in split else rank_name(c.rank) for c in sort_hand(cards)], "all")

    return said(keep), said(discard)


def _discard_table(d: Mapping[str, Any]) -> str:
    """``spoken-cribbage discard`` read by ear: one sentence a line, best first, cards as words.
    A rank split between the kept and the laid-away cards names its suits (which five goes).
    At a larger table (``table``: players, sides, owner) the first line names the table and how
    the crib counts."""
    table = d.get("table")
    options = d["options"]
    owner = table.owner if table is not None else ("yours" if d["dealer"] else "opponent")
    if owner in ("yours", "partner") or table is None or table.sides <= 2:
        whose = _part(f"calculator.whose.{owner}")
    else:
        whose = _part("calculator.whose.opponents", **_share(table.sides))
    if table is None:
        lines = [_part("calculator.table.two", count=len(options), whose=whose)]
    else:
        lines = [_part("calculator.table.many", count=len(options), players=number(table.players), whose=whose)]
    crib = _part(f"calculator.crib.{owner}")
    for o in options:
        keep, away = kept_and_laid(o.keep, o.discard)
        lines.append(
            _part(
                "calculator.table.line",
                keep=keep,
                away=away,
                hand=o.expected_hand,
                crib=crib,
                crib_points=o.expected_crib,
                net=o.net,
            )
        )
    return "\n".join(lines)


def _ci(rate: float, ci95: Sequence[float], scale: float = 100) -> dict[str, float]:
    """A rate and its 95% confidence interval, in percent."""
    return {"rate": scale * rate, "low": scale * ci95[0], "high": scale * ci95[1]}


def _side(who: str, wins: int, rate: float, ci95: Sequence[float], skunks: int, doubles: int) -> str:
    return _part(
        "calculator.report.side",
        who=who,
        wins=_part("calculator.report.wins", count=wins),
        skunks=_part(
            "calculator.report.skunks", count=skunks, doubles=_part("calculator.report.doubles", count=doubles)
        ),
        **_ci(rate, ci95),
    )


def _table_report(s: Mapping[str, Any]) -> list[str]:
    """The lines of a table of three or more: the table, each side's wins, the first dealer."""
    t = s["table"]
    if t["teams"]:
        layout = _part("calculator.report.layout.teams", many=number(t["teams"]))
    else:
        layout = _part("calculator.report.layout.each")
    names = ", ".join(s["players"])
    lines = [
        _part(
            "calculator.report.head.many",
            games=s["games"],
            seed=s["seed"],
            many=number(t["players"]),
            layout=layout,
            names=names,
        )
    ]
    for b in s["by_side"]:
        if len(b["seats"]) == 1:
            who = _part("calculator.report.seat", seat=b["seats"][0], name=b["players"][0])
        else:
            seats = _part("calculator.report.seats.many", seats=join([str(x) for x in b["seats"]], "and"))
            who = _part("calculator.report.team", team=b["side"] + 1, seats=seats, names=", ".join(b["players"]))
        lines.append(_side(who, b["wins"], b["win_rate"], b["ci95"], b["skunks"], b["double_skunks"]))
    first = _ci(s["first_dealer_win_rate"], s["first_dealer_ci95"])
    lines.append(_part("calculator.report.first_dealer.many", even=100 * t["even_share"], **first))
    return lines


def _simulation_report(s: Mapping[str, Any]) -> str:
    """The plain-text report of ``spoken-cribbage simulate`` from its summary (the JSON output)."""
    lines = _table_report(s) if "table" in s else _two_player_lines(s)
    return "\n".join(lines + _per_deal_lines(s))


def _two_player_lines(s: Mapping[str, Any]) -> list[str]:
    a, b = s["players"]
    lines = [_part("calculator.report.head.two", games=s["games"], seed=s["seed"], first=a, second=b)]
    for seat, name in enumerate(s["players"]):
        # paired: both seats in turn
        who = name if "paired" in s else _part("calculator.report.seat", seat=seat, name=name)
        lines.append(
            _side(
                who, s["wins"][seat], s["win_rate"][seat], s["ci95"][seat], s["skunks"][seat], s["double_skunks"][seat]
            )
        )
    if "paired" in s:
        pr = s["paired"]
        lines.append(
            _part(
                "calculator.report.paired",
                pairs=pr["pairs"],
                first=a,
                second=b,
                first_both=pr["won_both"][0],
                second_both=pr["won_both"][1],
                split=pr["split"],
                **_ci(pr["win_rate"], pr["ci95"]),
            )
        )
    lines.append(_part("calculator.report.first_dealer.two", **_ci(s["first_dealer_win_rate"], s["first_dealer_ci95"])))
    return lines


def _deal_line(who: str, r: Mapping[str, float], dealer: bool) -> str:
    """'  seat 0 expert as dealer: total 9.50 = pegging 3.00, hand 4.00, crib 2.00, heels 0.50'."""
    points = {"who": who, "total": r["total"], "pegging": r["pegging"], "hand": r["hand"]}
    if dealer:
        return "  " + _part("calculator.report.deal.dealer", **points, crib_points=r["crib"], heels=r["heels"])
    return "  " + _part("calculator.report.deal.other", **points)


def _per_deal_lines(s: Mapping[str, Any]) -> list[str]:
    pd = s["per_deal"]
    more = "table" in s
    lines = [_part("calculator.report.per_deal", deals=pd["completed_deals"])]
    for seat, b in enumerate(pd["by_seat"]):
        who = b["player"] if "paired" in s else _part("calculator.report.seat", seat=seat, name=b["player"])
        for role in ("as_dealer", "as_pone"):
            said = _part("calculator.report.role." + ("not_dealing" if more and role == "as_pone" else role))
            lines.append(_deal_line(_part("calculator.report.role", who=who, role=said), b[role], role == "as_dealer"))
    for role, r in pd["by_role"].items():
        said = _part("calculator.report.any." + ("not_dealing" if more and role == "pone" else role))
        lines.append(_deal_line(said, r, role == "dealer"))
    speed = s["games"] / max(s["seconds"], 1e-9)
    lines.append(_part("calculator.report.speed", seconds=s["seconds"], speed=speed))
    return lines


def _teams_refusal(d: Mapping[str, Any]) -> str:
    """'six players play in 2 or 3 teams, or each for themselves (--teams 0)'."""
    players = number(d["players"])
    if not d["layouts"]:
        return _part("calculator.teams.none", players=players)
    return _part("calculator.teams.some", players=players, layouts=join([str(x) for x in d["layouts"]]))


def _odds_chance(d: Mapping[str, Any]) -> str:
    """'Your chance to win is 29 percent.': never 0 or 100 unless the game is decided."""
    p = d["win"]
    if p >= 0.995:
        return _part("calculator.odds_chance.more")
    if p < 0.005:
        return _part("calculator.odds_chance.less")
    return _part("calculator.odds_chance.percent", percent=int(100 * p + 0.5))


def _dealt_cards(d: Mapping[str, Any]) -> str:
    form = "dealer" if d["dealer"] else "pone"
    return _part(f"calculator.dealt_cards.{form}", **{**d, "players": number(d["players"])})


def _with(message: str, prepare: Callable[[Mapping[str, Any]], Mapping[str, Any]]) -> Message:
    """The message ``message`` of :data:`MESSAGES`, with its facts prepared."""
    return replace(MESSAGES[message], prepare=prepare)


def _said(codes: str) -> dict[str, Template]:
    return {code: MESSAGES[code] for code in codes.split()}


TEXTS: dict[str, Template] = {
    # said as they are: the message itself
    **_said(
        "calculator.not_a_card calculator.bad_rank calculator.bad_suit calculator.card_twice "
        "calculator.hand_size calculator.count_over engine.bad_type engine.bad_value calculator.six_cards "
        "calculator.say_go calculator.coach_same calculator.coach_close calculator.coach_no_move "
        "calculator.coach_deal_lost calculator.two_levels calculator.paired_two_players "
        "calculator.games_at_least_one calculator.usage_error calculator.stopped calculator.crashed "
        "calculator.score_hand_size calculator.setting_refused calculator.setting_saved "
        "calculator.setting_unprintable calculator.seed_range calculator.score_total "
        "calculator.dealer_and_pone calculator.dealer_or_pone calculator.discard_players "
        "calculator.whose_crib_three calculator.workers_range calculator.rounds_at_least_one "
        "calculator.crib_is_for_count calculator.simulate_progress calculator.odds_unreadable "
        "calculator.odds_players calculator.odds_game_over"
    ),
    # a message with facts made of the facts given
    "calculator.card_not_held": _with("calculator.card_not_held", lambda d: {"card": the_card(d["card"])}),
    "calculator.no_rank_held": _with("calculator.no_rank_held", lambda d: {"ranks": rank_plural(d["rank"])}),
    "calculator.no_suit_held": _with("calculator.no_suit_held", lambda d: {"suit": suit_plural(d["suit"])}),
    "calculator.ambiguous_card": _with("calculator.ambiguous_card", _ambiguous),
    "calculator.discard_hint": _with("calculator.discard_hint", _discard_hint),
    "calculator.coach_discard": _with("calculator.coach_discard", _coach_discard),
    "calculator.coach_discard_better": _with("calculator.coach_discard_better", _coach_discard_better),
    "calculator.coach_play_better": _with("calculator.coach_play_better", lambda d: {"card": the_card(d["card"])}),
    "calculator.unknown_level": _with(
        "calculator.unknown_level", lambda d: {"level": quoted(d["level"]), "levels": join(list(d["levels"]), "all")}
    ),
    "calculator.score_call": _with("calculator.score_call", lambda d: {"call": cap(show_call(d["items"]))}),
    "calculator.peg_go": _with("calculator.peg_go", _peg_go),
    "calculator.dealer_lays_none": _with("calculator.dealer_lays_none", lambda d: {"players": number(d["players"])}),
    "calculator.discard_teams": _with("calculator.discard_teams", lambda d: {"refusal": cap(_teams_refusal(d))}),
    "calculator.no_partner": _with("calculator.no_partner", lambda d: {"players": number(d["players"])}),
    "calculator.odds_target": _with(
        "calculator.odds_target",
        lambda d: {"targets": join([_part("calculator.odds_to", target=t) for t in d["targets"]], "and")},
    ),
    "calculator.odds_score": _with("calculator.odds_score", lambda d: {"top": d["target"] - 1}),
    # a sentence with several forms: its function picks one
    "calculator.simulate_teams": _teams_refusal,
    "calculator.play_hint": _play_hint,
    "calculator.error": _error,
    "calculator.peg_play": _peg_play,
    "calculator.discard_table": _discard_table,
    "calculator.dealt_cards": _dealt_cards,
    "calculator.odds_chance": _odds_chance,
    # the report of simulate (for developers)
    "calculator.simulate_report": _simulation_report,
}

#: the forms and parts of sentences (two dots): the messages the functions above put together
PARTS: dict[str, Message] = {code: m for code, m in MESSAGES.items() if code not in TEXTS}

"""The words of a review: a deal, or a whole game, read back event by event.

A *step* is one event as a player hears it again (a card played with what it scored, a hand
counted with its call); most steps are one line, a hand or a crib in the show is two (the cards,
then the count). The game's review command reads a deal's steps, its walk key one step a press,
``spoken-cribbage review`` and ``export`` a finished game's, deal by deal.

Seen from the player's seat by default (another seat's hand and discards stay hidden, as in the
game); ``reveal`` names every card, for a game that is over.

>>> from spoken_cribbage.engine import game as g
>>> game = g.Game(seed=3)
>>> steps = [step for _, events in deals_of(game.events_for(0)) for step in deal_steps(events)]
>>> for line in steps[3]:
...     print(line)
Deal 1. Your crib.
Your hand: ace of clubs, two of clubs, three of clubs, five of clubs, ten of hearts and jack of clubs.
"""

from __future__ import annotations

from collections.abc import Sequence

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.words.announce import Announcer, Names, _muggins_first, cap, card_list, play_call, show_call
from spoken_cribbage.words.clean import fill
from spoken_cribbage.words.numbers import number_words

_REASONS = {"go": "one for the go", "last": "one for last", "heels": "two for his heels"}


def names_for(players: int, me: int = 0) -> Names:
    """'you' and 'Computer' (or 'Computer 1', 'Computer 2' ... with more players): the names
    of a game recorded before the statistics kept each game's names."""
    if players == 2:
        return Names(("you", "Computer") if me == 0 else ("Computer", "you"), me)
    others = iter(range(1, players))
    return Names(tuple("you" if s == me else f"Computer {next(others)}" for s in range(players)), me)


def deals_of(events: Sequence[g.Event]) -> list[tuple[int, list[g.Event]]]:
    """The events cut at each deal: (0, what came before the first deal), then (n, deal n's
    events from its :class:`Dealt` to the next one)."""
    out: list[tuple[int, list[g.Event]]] = [(0, [])]
    for ev in events:
        if isinstance(ev, g.Dealt):
            out.append((ev.deal, []))
        out[-1][1].append(ev)
    return out if out[0][1] else out[1:]


def deal_steps(
    events: Sequence[g.Event], names: Names | None = None, *, rules: Rules | None = None, reveal: bool = False
) -> list[list[str]]:
    """The steps of ``events`` (one deal, or what came before the first): each a list of lines."""
    n = names or Names()
    announcer = Announcer(n)
    if rules is not None:
        announcer.rules = rules
    reader = _StepReader(n, announcer, reveal)
    steps: list[list[str]] = []
    events = _muggins_first(list(events))  # a muggins call answers the count just said
    i = 0
    while i < len(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        reader.scored = nxt if isinstance(nxt, g.Scored) else None
        reader.took_scored = False
        step = reader.visit(events[i])
        if step:
            steps.append(step)
        i += 2 if reader.took_scored else 1
    return steps


class _StepReader(EventVisitor[list[str]]):
    """One event's step for :func:`deal_steps`. ``scored`` is the :class:`Scored` that follows
    the event, if one does; a step that says it sets ``took_scored``."""

    def __init__(self, names: Names, announcer: Announcer, reveal: bool) -> None:
        self.n, self.me, self.announcer, self.reveal = names, names.me, announcer, reveal
        self.scored: g.Scored | None = None
        self.took_scored = False
        self.hidden = False  # the hand shown next is another seat's undercount, seen from a seat

    def _said(self, ev: g.Event) -> list[str]:
        return [line.text for line in self.announcer.event_lines(ev)]

    def visit_event(self, ev: g.Event) -> list[str]:
        return []

    def visit_game_started(self, ev: g.GameStarted) -> list[str]:
        self.announcer.rules = ev.rules
        return self._said(ev)

    def visit_cut_for_deal(self, ev: g.CutForDeal) -> list[str]:
        return self._said(ev)

    def visit_dealer_chosen(self, ev: g.DealerChosen) -> list[str]:
        return self._said(ev) if ev.reason == "lowest cut" else []

    def visit_dealt(self, ev: g.Dealt) -> list[str]:
        n, me = self.n, self.me
        crib = cap(n.possessive(ev.dealer))
        step = [f"Deal {ev.deal}. {crib} crib.", f"Your hand: {card_list(ev.hands[me])}."]
        for seat, hand in enumerate(ev.hands):
            if seat != me and hand and self.reveal:
                step.append(f"{n.Verb(seat, 'hold')}: {card_list(hand)}.")
        return step

    def visit_crib_card_from_deck(self, ev: g.CribCardFromDeck) -> list[str]:
        card = f": the {ev.card.name}" if ev.card is not None and self.reveal else ""
        return [f"One card from the deck goes to the crib{card}."]

    def visit_discarded(self, ev: g.Discarded) -> list[str]:
        n = self.n
        if ev.cards and (ev.seat == self.me or self.reveal):
            return [f"{n.Verb(ev.seat, 'lay', 'lays')} away the {card_list(ev.cards)}."]
        k = ev.number
        return [f"{n.Verb(ev.seat, 'lay', 'lays')} away {'a card' if k == 1 else f'{k} cards'}."]

    def visit_starter_turned(self, ev: g.StarterTurned) -> list[str]:
        scored = self.scored
        line = f"The starter is the {ev.card.name}."
        if scored is not None and scored.reason == "heels":
            line += f" {cap(_REASONS['heels'])} to {self.n.subject(scored.seat)}."
            self.took_scored = True
        return [line]

    def visit_played(self, ev: g.Played) -> list[str]:
        scored = self.scored
        line = f"{self.n.Verb(ev.seat, 'play')} the {ev.card.name}. Count {ev.count}."
        if scored is not None and scored.reason == "play":
            line += f" {cap(play_call(scored.items))}."
            self.took_scored = True
        return [line]

    def visit_said_go(self, ev: g.SaidGo) -> list[str]:
        return [f"{self.n.Verb(ev.seat, 'say')} go."]

    def visit_scored(self, ev: g.Scored) -> list[str]:
        n = self.n
        if ev.reason in _REASONS:
            return [f"{cap(_REASONS[ev.reason])} to {n.subject(ev.seat)}."]
        if ev.reason in ("muggins", "time"):
            return []  # said with the muggins call or the time up
        if ev.reason == "overcount":
            return [f"Overcount: {n.verb(ev.seat, 'take')} {ev.points}."]
        return [f"{n.Verb(ev.seat, 'score')} {ev.points}."]

    def visit_count_reset(self, ev: g.CountReset) -> list[str]:
        return ["Count back to 0."] if ev.next_seat is not None else []

    def visit_hand_shown(self, ev: g.HandShown) -> list[str]:
        n, scored, hidden = self.n, self.scored, self.hidden
        whose = "Your" if ev.seat == self.me else f"{n.Subject(ev.seat)}'s"
        what = "crib" if ev.is_crib else "hand"
        step = [f"{whose} {what}: {card_list(ev.cards)}, with the {ev.starter.name}."]
        if hidden:
            pass  # another seat counted too few: finding it is the player's (muggins)
        elif ev.total:
            step.append(f"{cap(show_call(ev.items))}.")
        else:
            step.append(f"Nineteen: no points in the {what}.")
        if scored is not None and scored.reason in ("hand", "crib"):
            if scored.points != ev.total and not hidden:  # manual: never more than claimed
                step.append(f"{n.Verb(scored.seat, 'peg')} {scored.points}.")
            self.took_scored = True
        self.hidden = False
        return step

    def visit_claimed(self, ev: g.Claimed) -> list[str]:
        # manual counting: the count said, then the hand
        # as in the game: another seat's undercount is not told (the player may call muggins)
        self.hidden = not self.reveal and ev.seat != self.me and ev.claimed <= ev.total
        return [f"{self.n.Verb(ev.seat, 'count')} {ev.claimed}."]

    def visit_count_timed_out(self, ev: g.CountTimedOut) -> list[str]:
        n = self.n
        what = "crib" if ev.is_crib else "hand"
        step = [
            f"Time is up for {n.possessive(ev.seat)} {what}: {card_list(ev.cards)}, with the {ev.starter.name}.",
            f"{cap(show_call(ev.items))}." if ev.total else "Nineteen: not a point.",
        ]
        if ev.points:
            step.append(f"{n.Verb(ev.to_seat, 'take')} {ev.points}, half the count.")
        return step

    def visit_muggins_called(self, ev: g.MugginsCalled) -> list[str]:
        return self._said(ev)

    def visit_deal_ended(self, ev: g.DealEnded) -> list[str]:
        return [f"End of deal {ev.deal}: {self.n.scores(ev.scores, len(ev.scores))}."]

    def visit_game_over(self, ev: g.GameOver) -> list[str]:
        return self._said(ev)


# ----------------------------------------------------------------------------- in the game

MESSAGES: dict[str, str] = {
    "no_deal": "No deal to review yet.",
    "review_head": "Deal {deal}, as it was played:",
    "review_end": "End of the review of deal {deal}.",
    "review_so_far": "That is deal {deal} so far.",
    "walk_start": "Deal {deal}, from the start; press w for each event.",
    "walk_end": "That was the last event of deal {deal}. Press w to hear it again from the start.",
    "walk_latest": "That is the latest event of deal {deal}. Press w again when more has happened.",
}


def say(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` of :data:`MESSAGES`."""
    return fill(MESSAGES[message], facts)


# ----------------------------------------------------------------------------- a finished game


def game_heading(
    number: int,
    ended_at: str,
    result: str,
    my_score: int,
    their_score: int,
    difficulty: str,
    deals: int,
    players: int = 2,
    teams: int = 0,
    scores: Sequence[int] | None = None,
    names: Names | None = None,
) -> str:
    """'Game 3, 2025-01-02: you won, 121 to 98, in 9 deals, against the expert computer.'
    (With more players: '..., with 3 expert computers in two teams of two.') With more than
    two sides and ``scores`` (every side's, in side order), every score is said, each with its
    side: 'you won with 121; Computer 1 98, Computer 2 77'."""
    day = ended_at[:10] or "an unknown day"
    sides = teams or players
    if scores is not None and sides > 2 and len(scores) == sides:
        n = names or names_for(players)
        mine = n.me % sides
        others = ", ".join(f"{n.side_name(s, sides)} {scores[s]}" for s in range(sides) if s != mine)
        how = {
            "win": f"you won with {scores[mine]}; {others}",
            "loss": f"you lost with {scores[mine]}; {others}",
        }.get(result, f"left unfinished: you {scores[mine]}; {others}")
    else:
        how = {
            "win": f"you won, {my_score} to {their_score}",
            "loss": f"you lost, {my_score} to {their_score}",
        }.get(result, f"left unfinished at {my_score} to {their_score}")
    if players > 2:
        teams_of = f" in {number_words(teams)} teams of {number_words(players // teams)}" if teams else ""
        against = f"with {players - 1} {difficulty} computers{teams_of}"
    else:
        against = f"against the {difficulty} computer"
    return f"Game {number}, {day}: {how}, in {deals} deal{'s' if deals != 1 else ''}, {against}."


def replay_line(number: int, seed: int | None, target: int, difficulty: str, players: int = 2, teams: int = 0) -> str:
    table = ""
    if players != 2:
        table = f" --players {players}" + (f" --teams {teams}" if teams else "")
    return (
        f"Seed {seed}. To play the same deals again: spoken-cribbage play --replay {number} "
        f"(or --seed {seed} --target {target} --difficulty {difficulty}{table})."
    )


REVIEW_TEXTS: dict[str, str] = {
    "no_games": "No finished games yet: play one, and it can be reviewed here.",
    "no_such_game": "There is no game {number}: your games are numbered 1 to {count}.",
    "no_log": ("Game {number} was recorded before games were kept for review, so it cannot be read back."),
    "bad_log": "Game {number} cannot be read back: its record is damaged.",
    "next_deal": "Press Enter for deal {deal}; Escape, or q and Enter, stops.",
    "stopped": "Review stopped.",
    "end": "End of game {number}.",
    "written": "Game {number} written to {path}: {lines} lines.",
    "not_written": "Game {number} could not be written to {path}: {reason}.",
    "replaying": "Game {number} dealt again: the same cards, seed {seed}. Your choices are your own.",
    "list_head": "Your games, oldest first:",
    "replay_and_seed": "spoken-cribbage: give --replay or --seed, not both.",
}


def review_text(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` of :data:`REVIEW_TEXTS`, each text fact (a path, a reason)
    as one visible line (:func:`~spoken_cribbage.words.clean.fill`)."""
    return fill(REVIEW_TEXTS[message], facts)

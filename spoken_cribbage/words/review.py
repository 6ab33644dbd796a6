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
from spoken_cribbage.words.announcements import CODES as ANNOUNCED
from spoken_cribbage.words.catalogue import Message, join
from spoken_cribbage.words.catalogue import number as number_words_said
from spoken_cribbage.words.catalogue import say as catalogue_say
from spoken_cribbage.words.lines import the_card, the_cards
from spoken_cribbage.words.review_messages import TEXTS

#: the points of a go, the last card and his heels: the announcer's messages (.you/.other)
_REASONS = {"go": "score.go", "last": "score.last", "heels": "score.heels"}


def _t(code: str, /, **facts: object) -> str:
    """A review message, or the announcer's (words.announcements), with facts already made."""
    message: Message = TEXTS[code] if code in TEXTS else ANNOUNCED[code]
    return catalogue_say(message, facts, code)


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

    def _who(self, seat: int, code: str, **facts: object) -> str:
        """``code``.you for the player's seat, else ``code``.other with the seat's name: a
        review message, or the announcer's (words.announcements)."""
        mine = seat == self.me
        code += ".you" if mine else ".other"
        named = {} if mine else {"who": self.n.subject(seat), "Who": self.n.Subject(seat)}
        return _t(code, **named, **facts)

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
        step = [self._who(ev.dealer, "deal", deal=ev.deal, side="")]
        if 0 <= me < len(ev.hands):  # (a watcher, seat -1, holds no hand)
            step.append(_t("review.your_hand", cards=card_list(ev.hands[me])))
        for seat, hand in enumerate(ev.hands):
            if seat != me and hand and self.reveal:
                step.append(_t("review.holds", Who=n.Subject(seat), cards=card_list(hand)))
        return step

    def visit_crib_card_from_deck(self, ev: g.CribCardFromDeck) -> list[str]:
        if ev.card is not None and self.reveal:
            return [_t("review.from_deck_card", card=the_card(ev.card))]
        return [_t("discard.from_deck")]

    def visit_discarded(self, ev: g.Discarded) -> list[str]:
        if ev.seat == self.me:  # the player's own cards are always named
            return [_t("discard.you", cards=the_cards(ev.cards))]
        if ev.cards and self.reveal:
            return [_t("review.discard.other", Who=self.n.Subject(ev.seat), cards=the_cards(ev.cards))]
        return [_t("discard.other", Who=self.n.Subject(ev.seat), count=ev.number)]

    def visit_starter_turned(self, ev: g.StarterTurned) -> list[str]:
        scored = self.scored
        line = _t("starter", card=the_card(ev.card))
        if scored is not None and scored.reason == "heels":
            line = _t("review.and_then", line=line, then=self._who(scored.seat, "score.heels"))
            self.took_scored = True
        return [line]

    def visit_played(self, ev: g.Played) -> list[str]:
        scored = self.scored
        line = self._who(ev.seat, "play", card=the_card(ev.card), count=ev.count)
        if scored is not None and scored.reason == "play":
            line = _t("play.with_call", line=line, Call=cap(play_call(scored.items)))
            self.took_scored = True
        return [line]

    def visit_said_go(self, ev: g.SaidGo) -> list[str]:
        return [self._who(ev.seat, "review.go")]

    def visit_scored(self, ev: g.Scored) -> list[str]:
        if ev.reason in _REASONS:
            return [self._who(ev.seat, _REASONS[ev.reason])]
        if ev.reason in ("muggins", "time"):
            return []  # said with the muggins call or the time up
        if ev.reason == "overcount":
            return [self._who(ev.seat, "review.overcount", points=ev.points)]
        return [self._who(ev.seat, "score", points=ev.points)]

    def visit_count_reset(self, ev: g.CountReset) -> list[str]:
        return [_t("reset")] if ev.next_seat is not None else []

    def visit_hand_shown(self, ev: g.HandShown) -> list[str]:
        scored, hidden = self.scored, self.hidden
        what = "crib" if ev.is_crib else "hand"
        starter = _t("show.with_starter", card=the_card(ev.starter))
        step = [self._who(ev.seat, f"show.{what}", cards=card_list(ev.cards), starter=starter)]
        if hidden:
            pass  # another seat counted too few: finding it is the player's (muggins)
        elif ev.total:
            step.append(_t("show.call", Call=cap(show_call(ev.items))))
        else:
            step.append(_t(f"show.nineteen.{what}"))
        if scored is not None and scored.reason in ("hand", "crib"):
            if scored.points != ev.total and not hidden:  # manual: never more than claimed
                step.append(self._who(scored.seat, "review.peg", points=scored.points))
            self.took_scored = True
        self.hidden = False
        return step

    def visit_claimed(self, ev: g.Claimed) -> list[str]:
        # manual counting: the count said, then the hand
        # as in the game: another seat's undercount is not told (the player may call muggins)
        self.hidden = not self.reveal and ev.seat != self.me and ev.claimed <= ev.total
        return [self._who(ev.seat, "review.count", claimed=ev.claimed)]

    def visit_count_timed_out(self, ev: g.CountTimedOut) -> list[str]:
        what = "crib" if ev.is_crib else "hand"
        cards, starter = card_list(ev.cards), the_card(ev.starter)
        step = [
            self._who(ev.seat, f"review.time_up.{what}", cards=cards, starter=starter),
            _t("show.call", Call=cap(show_call(ev.items))) if ev.total else _t("review.nineteen"),
        ]
        if ev.points:
            step.append(self._who(ev.to_seat, "review.take_half", points=ev.points))
        return step

    def visit_muggins_called(self, ev: g.MugginsCalled) -> list[str]:
        return self._said(ev)

    def visit_deal_ended(self, ev: g.DealEnded) -> list[str]:
        return [_t("review.deal_end", deal=ev.deal, scores=self.n.scores(ev.scores, len(ev.scores)))]

    def visit_game_over(self, ev: g.GameOver) -> list[str]:
        return self._said(ev)


# ----------------------------------------------------------------------------- in the game

#: the in-game review's messages, by their old names (review.<name> on the catalogue)
MESSAGES: dict[str, str] = {
    "no_deal": "review.no_deal",
    "review_head": "review.head",
    "review_end": "review.end",
    "review_so_far": "review.so_far",
    "walk_start": "review.walk_start",
    "walk_end": "review.walk_end",
    "walk_latest": "review.walk_latest",
}


def say(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` of :data:`MESSAGES`, in the player's language."""
    code = MESSAGES[message]
    return catalogue_say(TEXTS[code], facts, code)


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
    day = ended_at[:10] or _t("review.unknown_day")
    sides = teams or players
    outcome = result if result in ("win", "loss") else "left"
    if scores is not None and sides > 2 and len(scores) == sides:
        n = names or names_for(players)
        mine = n.me % sides
        others = join(
            [_t("review.side_score", name=n.side_name(s, sides), score=scores[s]) for s in range(sides) if s != mine],
            "all",
        )
        how = _t(f"review.how_sides.{outcome}", mine=scores[mine], others=others)
    else:
        how = _t(f"review.how.{outcome}", mine=my_score, theirs=their_score)
    if players > 2:
        teams_of = (
            _t("review.teams_of", teams=number_words_said(teams), size=number_words_said(players // teams))
            if teams
            else ""
        )
        against = _t("review.against.many", count=players - 1, difficulty=difficulty, teams=teams_of)
    else:
        against = _t("review.against.one", difficulty=difficulty)
    return _t("review.heading", number=number, day=day, how=how, deals=_t("review.deals", count=deals), against=against)


def replay_line(number: int, seed: int | None, target: int, difficulty: str, players: int = 2, teams: int = 0) -> str:
    table = ""
    if players != 2:
        table = f" --players {players}" + (f" --teams {teams}" if teams else "")  # options, as typed
    return _t("review.replay_line", seed=seed, number=number, target=target, difficulty=difficulty, table=table)


#: the messages of review and export, by their old names (review.<name> on the catalogue)
REVIEW_TEXTS: dict[str, str] = {
    "no_games": "review.no_games",
    "no_such_game": "review.no_such_game",
    "no_log": "review.no_log",
    "bad_log": "review.bad_log",
    "next_deal": "review.next_deal",
    "stopped": "review.stopped",
    "end": "review.game_end",
    "written": "review.written",
    "not_written": "review.not_written",
    "replaying": "review.replaying",
    "list_head": "review.list_head",
    "replay_and_seed": "review.replay_and_seed",
}


def review_text(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` of :data:`REVIEW_TEXTS` in the player's language, each text
    fact (a path, a reason) as one visible line (:func:`~spoken_cribbage.words.clean.fill`)."""
    code = REVIEW_TEXTS[message]
    return catalogue_say(TEXTS[code], facts, code)

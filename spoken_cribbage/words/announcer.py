"""The lines said for game events, from one player's point of view (the :class:`Announcer`,
an event visitor), per verbosity: ``terse`` says the least, ``normal`` is the default,
``coach`` adds explanations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.words.announcements import CODES
from spoken_cribbage.words.calls import play_call, show_call
from spoken_cribbage.words.catalogue import join, say
from spoken_cribbage.words.lines import (
    Line,
    LineKind,
    article_rank,
    cap,
    card_list,
    card_name,
    hand_lines,
    list_words,
    rank_name,
    suit_name,
    the_card,
    the_cards,
)
from spoken_cribbage.words.names import Names
from spoken_cribbage.words.numbers import said_number


class Ruled(Protocol):
    """A game or a table: what :meth:`Announcer.bind` reads of it."""

    @property
    def rules(self) -> Rules: ...


#: The points of a go, the last card and his heels: the message of each (score.<reason>.you/.other).
_REASON_TEXT = {"go": "score.go", "last": "score.last", "heels": "score.heels"}


def _t(code: str, **facts: object) -> str:
    """The announcer's message ``code`` (words.announcements) in the current language."""
    return say(CODES[code], facts, code)


class Announcer(EventVisitor[list[Line]]):
    """Turns game events into lines, from one player's point of view."""

    def __init__(self, names: Names | None = None, verbosity: str = "normal", brief: frozenset[str] = frozenset()):
        self.names = names or Names()
        self.verbosity = verbosity
        #: The parts of the ``brief`` setting (storage.settings.BRIEF_PARTS): fewer words
        #: where they repeat, at normal and coach verbosity (:meth:`_brief`).
        self.brief = brief
        #: The player's discard was just confirmed by a question that named its cards (the
        #: session sets it; the discard line then does not name them again with ``discard``).
        self.confirmed = False
        self.rules = Rules()
        self._claim: g.Claimed | None = None  # the last count claimed (for an overcount line)
        self._starter_said = False  # brief starter: named at the start of this show
        self._pegged: tuple[int, ...] | None = None  # brief scores: the scores the play left

    def _brief(self, part: str) -> bool:
        """A part of the ``brief`` setting applies now (not at terse verbosity)."""
        return part in self.brief and self.verbosity != "terse"

    def _cards(self, cards: Sequence[Card]) -> str:
        """A hand's cards as a list; with brief ``suits`` a hand of one suit names it once
        ('ace, two, three and five of clubs')."""
        if self._brief("suits") and len(cards) > 1 and len({c.suit for c in cards}) == 1:
            return _t(
                "show.one_suit", ranks=list_words([rank_name(c.rank) for c in cards]), suit=suit_name(cards[0].suit)
            )
        return card_list(cards)

    def _who(self, seat: int, you: str, other: str, **facts: object) -> str:
        """Message ``you`` when ``seat`` is the player's, else ``other`` with the seat's name
        ({who}, and {Who} to start a sentence)."""
        if seat == self.me:
            return _t(you, **facts)
        return _t(other, who=self.names.subject(seat), Who=self.names.Subject(seat), **facts)

    @property
    def me(self) -> int:
        return self.names.me

    @property
    def sides(self) -> int:
        return self.rules.sides

    def announce(self, events: Sequence[g.Event]) -> list[Line]:
        batch = _Batch(self, _muggins_first(list(events)))
        while batch.i < len(batch.events):
            batch.i += batch.visit(batch.events[batch.i])
        return batch.lines

    def _table(self) -> bool:
        """More than two players at the table."""
        return self.rules.players > 2

    def _others_discard(self, events: Sequence[g.Discarded]) -> list[Line]:
        """'Max lays away a card.', 'Max, Lena and Oliver lay away a card each.'"""
        if self.verbosity == "terse" or not events:
            return []
        n = self.names
        k = events[0].number
        if len(events) == 1:
            return [Line.same(_t("discard.other", Who=n.Subject(events[0].seat), count=k), "discard")]
        who = list_words([n.subject(e.seat) for e in events])
        return [Line.same(_t("discard.others", Who=cap(who), count=k), "discard")]

    def table_lines(self, rules: Rules) -> list[Line]:
        """Who sits where, at a table of more than two: the sides, the partner, the order of
        play ('Your partner is Lena, sitting opposite; Max and Oliver play against you.')."""
        n, me, sides, players = self.names, self.me, rules.sides, rules.players
        lines = []
        if sides < players:
            mine = me % sides
            partners = n.partners(sides)
            against = [n.side_name(s, sides) for s in range(sides) if s != mine]
            opposite = len(partners) == 1 and partners[0] == (me + players // 2) % players
            who = list_words([n.subject(s) for s in partners])
            if len(partners) != 1:
                head = _t("table.partners", who=who)
            else:
                head = _t("table.partner_opposite" if opposite else "table.partner", who=who)
            if len(against) == 1:
                lines.append(Line.same(_t("table.against", head=head, team=against[0]), "game"))
            else:
                teams = against[0]
                for team in against[1:]:
                    teams = _t("table.teams_join", teams=teams, team=team)
                lines.append(Line.same(_t("table.teams", head=head, teams=teams), "game"))
        order = [n.subject((me + k) % players) for k in range(players)]
        lines.append(Line.same(_t("table.order", order=join(order, "all")), "game"))
        return lines

    def event_lines(self, ev: g.Event) -> list[Line]:
        """The lines of one event, alone (:meth:`announce` joins some events into one line)."""
        return self.visit(ev)

    def visit_event(self, ev: g.Event) -> list[Line]:
        return []

    def visit_game_started(self, ev: g.GameStarted) -> list[Line]:
        n = self.names
        if self.rules.players != ev.players or self.rules.target != ev.target:
            self.rules = ev.rules  # (a bound game's rules know its teams too)
        rules = self.rules
        if rules.sides < rules.players:  # partners
            mine = self.me % rules.sides
            # three teams: "you and Oliver against Max and Ruby and against Lena and
            # Valentina" (a side of three: "you, Lena and Ruby")
            teams = [n.side_name(s, rules.sides) for s in range(rules.sides) if s != mine]
            others = teams[0]
            for team in teams[1:]:
                others = _t("game.and_against", teams=others, team=team)
            head = _t("game.new_teams", target=ev.target, mine=n.side_name(mine, rules.sides), others=others)
        else:
            others = list_words([n.subject(s) for s in range(ev.players) if s != self.me])
            head = _t("game.new", target=ev.target, others=others)
        lines = [Line.same(head, "game")]
        if ev.players > 2:
            lines += self.table_lines(rules)
        return lines

    def visit_cut_for_deal(self, ev: g.CutForDeal) -> list[Line]:
        n = self.names
        if len(ev.cards) > 2:  # a line a braille display holds: the ranks decide
            cuts = join([_t("cut.seat", who=n.subject(s), card=article_rank(c)) for s, c in enumerate(ev.cards)], "all")
            return [Line.same(_t("cut.table_tie" if ev.tie else "cut.table", cuts=cuts), "cut")]
        first, second = (self._who(s, "cut.you", "cut.other", card=the_card(c)) for s, c in enumerate(ev.cards))
        return [Line.same(cap(_t("cut.both_tie" if ev.tie else "cut.both", first=first, second=second)), "cut")]

    def visit_dealer_chosen(self, ev: g.DealerChosen) -> list[Line]:
        if ev.reason == "lowest cut":
            return [Line.same(self._who(ev.dealer, "dealer.you", "dealer.other"), "deal")]
        return []

    def visit_dealt(self, ev: g.Dealt) -> list[Line]:
        hand = ev.hands[self.me]
        said = self._who(ev.dealer, "deal.you", "deal.other", deal=ev.deal, side=self._crib_side(ev.dealer))
        lines = [Line.same(said, "deal")]
        lines.extend(Line.same(t, "hand") for t in hand_lines(hand))
        return lines

    def visit_discarded(self, ev: g.Discarded) -> list[Line]:
        if ev.seat == self.me:
            confirmed, self.confirmed = self.confirmed, False
            if confirmed and self._brief("discard"):  # the question just named them
                return [Line.same(_t("discard.laid"), "discard")]
            return [Line.same(_t("discard.you", cards=the_cards(ev.cards)), "discard")]
        if self.verbosity != "coach":
            return []  # the turn prompt (or the waiting line) follows at once
        return [Line.same(_t("discard.other", Who=self.names.Subject(ev.seat), count=ev.number), "discard")]

    def visit_crib_card_from_deck(self, ev: g.CribCardFromDeck) -> list[Line]:
        return [Line.same(_t("discard.from_deck"), "discard")]

    def visit_starter_turned(self, ev: g.StarterTurned) -> list[Line]:
        said = _t("starter", card=the_card(ev.card))
        return [Line(said, said, LineKind.STARTER)]

    def visit_scored(self, ev: g.Scored) -> list[Line]:
        return self._scored(ev)

    def visit_played(self, ev: g.Played) -> list[Line]:
        return [self._played(ev, None)]

    def visit_said_go(self, ev: g.SaidGo) -> list[Line]:
        if ev.seat == self.me:  # the player's own move (said whatever the table's channel)
            return [Line.same(_t("go.you"), "go", own=True)]
        return [Line.same(_t("go.other", Who=self.names.Subject(ev.seat)), "go")]

    def visit_count_reset(self, ev: g.CountReset) -> list[Line]:
        if ev.next_seat is None:
            return []
        # 'Your turn.' follows when the player leads; another player's lead is named.
        if ev.next_seat == self.me:
            return [Line(_t("reset"), _t("reset.speech"), LineKind.RESET)]
        who = self.names.Subject(ev.next_seat)
        return [Line(_t("reset.lead", Who=who), _t("reset.lead_speech", Who=who), LineKind.RESET)]

    def visit_play_ended(self, ev: g.PlayEnded) -> list[Line]:
        # 'One for last' ends the play and the first show line says whose hand it is.
        lines = []
        pegged, self._pegged = self._pegged, None
        if self._brief("scores") and pegged is not None:  # the score the play left, once
            lines.append(Line.same(_t("scores.line", scores=self.names.scores(pegged, self.sides)), "scores"))
        if self.verbosity == "coach":
            lines.append(Line.same(_t("play.over"), "show"))
        self._starter_said = False
        return lines

    def visit_hand_shown(self, ev: g.HandShown) -> list[Line]:
        return self._shown(ev)

    def visit_count_due(self, ev: g.CountDue) -> list[Line]:
        return self.count_due(ev)

    def visit_muggins_called(self, ev: g.MugginsCalled) -> list[Line]:
        return self._muggins(ev)

    def visit_deal_ended(self, ev: g.DealEnded) -> list[Line]:
        # The scores were said after the last show: not again here.
        # ("End of deal N." is implied by the crib's count just before: the prompt is enough.)
        return [Line.same(self._who(ev.next_dealer, "deal_end.you", "deal_end.other"), "prompt")]  # what it waits for

    def visit_game_over(self, ev: g.GameOver) -> list[Line]:
        return self._game_over(ev)

    @staticmethod
    def count_just_said(lines: Sequence[Line], printed: Sequence[Line] | None = None) -> bool:
        """See :func:`count_just_said` (here so a session needs no extra import)."""
        return count_just_said(lines, printed)

    def _out_of_cards(self, ev: g.Played, later: Sequence[g.Event]) -> bool:
        """Another seat played its last card, and the play goes on (worth saying once)."""
        if ev.seat == self.me or ev.hand_left:
            return False
        for e in later:
            if isinstance(e, g.Played):
                break
            if isinstance(e, (g.PlayEnded, g.HandShown)) or (isinstance(e, g.CountReset) and e.next_seat is None):
                return False
        return True

    def _played(self, ev: g.Played, scored: g.Scored | None, out: bool = False) -> Line:
        n = self.names
        call = cap(play_call(scored.items)) if scored else ""
        text = self._who(ev.seat, "play.you", "play.other", card=the_card(ev.card), count=ev.count)
        if call:
            text = _t("play.with_call", line=text, Call=call)
        rank = rank_name(ev.card.rank)
        speech = self._who(ev.seat, "play.speech.you", "play.speech.other", Rank=cap(rank), card=article_rank(ev.card))
        if call:
            speech = _t("play.with_call", line=speech, Call=call)
        else:
            speech = _t("play.speech.count", line=speech, Count=cap(said_number(ev.count)))
        if self.verbosity == "terse":
            text = _t("play.terse", Who=n.Subject(ev.seat), rank=rank, count=ev.count)
            if call:
                text = _t("play.with_call", line=text, Call=call)
            if out:
                text = _t("play.no_cards_left", line=text)
                speech = _t("play.no_cards_left", line=speech)
        return Line(text, speech, LineKind.PLAY)

    def _scored(self, ev: g.Scored) -> list[Line]:
        n = self.names
        who = n.subject(ev.seat)
        if ev.reason in _REASON_TEXT:
            code = _REASON_TEXT[ev.reason]
            return [Line.same(self._who(ev.seat, f"{code}.you", f"{code}.other"), "score"), *self._peg_scores(ev)]
        if ev.reason == "play":
            return [Line.same(_t("score.play", Call=cap(play_call(ev.items)), who=who), "score"), *self._peg_scores(ev)]
        if ev.reason in ("muggins", "time"):  # said with the muggins call or the time up
            return [self._scores_line(ev)]
        if ev.reason == "overcount":
            claim, points = self._claim, said_number(ev.points)
            if claim is not None and ev.seat == self.me:
                said = _t("overcount.you", n=points, who=n.subject(claim.seat))
            elif claim is not None and claim.seat == self.me:
                said = _t("overcount.from_you", n=points, who=who)
            elif claim is not None:
                said = _t("overcount.other", n=points, who=who, claimer=n.subject(claim.seat))
            else:
                said = self._who(ev.seat, "overcount.you_plain", "overcount.other_plain", n=points)
            return [Line.same(said, "score"), self._scores_line(ev)]
        return [
            Line.same(self._who(ev.seat, "score.you", "score.other", points=ev.points), "score"),
            self._scores_line(ev),
        ]

    def _scores_line(self, ev: g.Scored) -> Line:
        return Line.same(_t("scores.line", scores=self.names.scores(ev.scores, self.sides)), "scores")

    def _peg_scores(self, ev: g.Scored) -> list[Line]:
        """The scores after points pegged; with brief ``scores`` none in the play (they are
        said once at its end, and stay on the s key)."""
        if self._brief("scores") and ev.reason in ("play", "go", "last"):
            self._pegged = ev.scores
            return []
        return [self._scores_line(ev)]

    def _shown(self, ev: g.HandShown) -> list[Line]:
        what = "crib" if ev.is_crib else "hand"
        # The starter was said when it was turned; the coach says it again with every show,
        # and brief ``starter`` once at the start of the show.
        first = []
        if self._brief("starter"):
            if not self._starter_said:
                first = [Line.same(_t("starter.named", card=card_name(ev.starter)), "starter")]
            self._starter_said = True
            starter = ""
        else:
            starter = _t("show.with_starter", card=the_card(ev.starter)) if self.verbosity == "coach" else ""
        said = self._who(
            ev.seat, f"show.{what}.you", f"show.{what}.other", cards=self._cards(ev.cards), starter=starter
        )
        intro = Line.same(said, "show")
        if first:
            return [*first, *self._shown_lines(ev, intro)]
        return self._shown_lines(ev, intro)

    def _shown_lines(self, ev: g.HandShown, intro: Line) -> list[Line]:
        what = "crib" if ev.is_crib else "hand"
        if not ev.total:
            return [intro, Line.same(_t(f"show.nineteen.{what}"), "show")]
        coach = self.verbosity == "coach"
        call = cap(show_call(ev.items, name_fifteens=coach))
        # The call ends with the total ('... and a pair is six'); the coach also says it in digits.
        said = _t("show.call", Call=call)
        text = _t(f"show.total.{what}", Call=call, total=ev.total) if coach else said
        return [intro, Line(text, said, LineKind.SHOW)]

    # ------------------------------------------------------------------ manual counting

    def count_due(self, ev: g.CountDue) -> list[Line]:
        """A hand laid out to be counted: its cards; for the player's own count, the starter."""
        what = "crib" if ev.is_crib else "hand"
        said = self._who(ev.seat, f"show.{what}.you", f"show.{what}.other", cards=self._cards(ev.cards), starter="")
        lines = [Line.same(said, "show")]
        if ev.seat == self.me:
            lines.append(Line.same(_t("show.with_the_starter", card=the_card(ev.starter)), "show"))
        return lines

    def _claimed(self, ev: g.Claimed) -> list[Line]:
        n = self.names
        what = "crib" if ev.is_crib else "hand"
        said = show_call(()) if ev.claimed == 0 else said_number(ev.claimed)
        Who = n.Subject(ev.seat)
        if ev.seat != self.me:
            if ev.claimed <= ev.total:  # an undercount is the player's to find: muggins
                code = "claim.says_nineteen" if ev.claimed == 0 else "claim.counts"
                return [Line.same(_t(code, Who=Who, said=said), "show")]
            head = "claim.over"
        elif ev.claimed == ev.total:
            return [Line.same(_t("claim.right", said=said), "show")]
        else:
            head = "claim.wrong"
        if not ev.total:
            return [Line.same(_t(f"{head}_nothing.{what}", Who=Who, said=said), "show")]
        call = show_call(ev.items, name_fifteens=self.verbosity == "coach")
        return [
            Line.same(_t(f"{head}.{what}", Who=Who, said=said, total=said_number(ev.total)), "show"),
            Line.same(_t("show.call", Call=cap(call)), "show"),
        ]

    def _timed_out(self, ev: g.CountTimedOut) -> list[Line]:
        what = "crib" if ev.is_crib else "hand"
        lines = [Line.same(self._who(ev.seat, f"time_up.{what}.you", f"time_up.{what}.other"), "show")]
        if ev.total:
            call = show_call(ev.items, name_fifteens=self.verbosity == "coach")
            lines.append(Line.same(_t("show.call", Call=cap(call)), "show"))
        if ev.points:
            said = self._who(ev.to_seat, "time_up.takes.you", "time_up.takes.other", n=said_number(ev.points))
            lines.append(Line.same(said, "score"))
        return lines

    def _muggins(self, ev: g.MugginsCalled) -> list[Line]:
        n = self.names
        missed, by = said_number(ev.points), n.subject(ev.from_seat)
        if ev.seat == self.me:
            said = _t("muggins.you", n=missed, who=by)
        elif ev.from_seat == self.me:
            said = _t("muggins.from_you", n=missed, who=n.subject(ev.seat))
        else:
            said = _t("muggins.other", n=missed, who=n.subject(ev.seat), missed_by=by)
        lines = [Line.same(said, "score")]
        if ev.seat == self.me:  # the count the other player should have said
            what = "crib" if ev.is_crib else "hand"
            call = show_call(ev.items, name_fifteens=self.verbosity == "coach")
            Who = by.capitalize()
            lines.append(
                Line.same(_t(f"muggins.counts.{what}", who=by, Who=Who, total=said_number(ev.total), call=call), "show")
            )
        return lines

    def _crib_side(self, dealer: int) -> str:
        """With partners, whose side a crib counts for: ', for your side'; '' otherwise."""
        sides = self.sides
        if sides >= self.rules.players or dealer == self.me:
            return ""
        if dealer % sides == self.me % sides:
            return _t("deal.side.mine")
        if sides == 2:
            return _t("deal.side.other")
        return _t("deal.side.team", team=self.names.side_name(dealer % sides, sides))

    def _game_over(self, ev: g.GameOver) -> list[Line]:
        n = self.names
        winner = ev.winner
        mine = self.me % self.sides
        seats = n.seats(winner, self.sides)
        if len(seats) == 1:
            wins = self._who(seats[0], "win.you", "win.other")
        else:  # 'You and Lena win', 'Max and Oliver win'
            wins = _t("win.team_you" if winner == mine else "win.team", Who=cap(n.side_name(winner, self.sides)))
        score = ev.scores[winner]
        if self.sides > 2:  # the scores were just said: the winner's line names the winner
            text = _t("over.table_mine" if winner == mine else "over.table", Wins=wins, score=score)
        elif winner == mine:
            other = max(s for i, s in enumerate(ev.scores) if i != winner)
            text = _t("over.mine", Wins=wins, score=score, other=other)
        else:
            text = _t("over.theirs", Wins=wins, score=score, mine=ev.scores[mine])
        lines = [Line.same(text, "game")]
        for side, sk in enumerate(ev.skunks):
            if sk:
                loser = n.side_name(side, self.sides)
                code = "skunk.double" if sk == 2 else "skunk"
                code += ".you" if side == mine else ".team" if len(n.seats(side, self.sides)) > 1 else ""
                lines.append(Line.same(_t(code, who=loser, line=self._skunk_line(sk)), "game"))
        return lines

    def _skunk_line(self, level: int) -> int:
        line = self.rules.double_skunk_line if level == 2 else None
        return line if line is not None else self.rules.skunk_line

    def bind(self, table: Ruled) -> Announcer:
        """Take the table's rules (sides, target, skunk lines) from ``table`` (or a game)."""
        self.rules = table.rules
        return self


class _Batch(EventVisitor[int]):
    """The lines of one batch of events, said by an :class:`Announcer`: an event may be said
    with the ones after it (a card with what it scored, a hand with its points, the other
    seats' discards together). Each method adds the lines of the event at ``i`` and answers
    how many events they said."""

    def __init__(self, announcer: Announcer, events: list[g.Event]) -> None:
        self.a = announcer
        self.events = events
        self.lines: list[Line] = []
        self.i = 0

    def _ahead(self, k: int) -> g.Event | None:
        """The event ``k`` after the one at ``i``, if there is one."""
        j = self.i + k
        return self.events[j] if j < len(self.events) else None

    def visit_event(self, ev: g.Event) -> int:
        self.lines.extend(self.a.event_lines(ev))
        return 1

    def visit_played(self, ev: g.Played) -> int:
        a, nxt = self.a, self._ahead(1)
        scored = nxt if isinstance(nxt, g.Scored) and nxt.reason == "play" else None
        out = a._out_of_cards(ev, self.events[self.i + 1 :])
        self.lines.append(a._played(ev, scored, out))
        if scored:
            self.lines.extend(a._peg_scores(scored))
        if out and a.verbosity != "terse":
            self.lines.append(Line.same(_t("play.out", Who=a.names.Subject(ev.seat)), "out"))
        return 2 if scored else 1

    # manual counting: the claim (or the time up) says it all; the hand shown with it is not
    # said again, and what is pegged for it follows

    def _with_shown(self) -> int:
        return 2 if isinstance(self._ahead(1), g.HandShown) else 1

    def visit_count_timed_out(self, ev: g.CountTimedOut) -> int:
        self.lines.extend(self.a._timed_out(ev))
        return self._with_shown()

    def visit_claimed(self, ev: g.Claimed) -> int:
        a = self.a
        self.lines.extend(a._claimed(ev))
        k = self._with_shown()
        a._claim = ev
        pegged = self._ahead(k)
        if isinstance(pegged, g.Scored) and pegged.reason in ("hand", "crib"):
            if ev.claimed != ev.total and (ev.seat == a.me or ev.claimed > ev.total):
                said = a._who(ev.seat, "claim.pegs.you", "claim.pegs.other", n=said_number(pegged.points))
                self.lines.append(Line.same(said, "score"))
            self.lines.append(a._scores_line(pegged))
            k += 1
        return k

    def visit_hand_shown(self, ev: g.HandShown) -> int:
        nxt = self._ahead(1)
        if isinstance(nxt, g.Scored) and nxt.reason in ("hand", "crib"):
            self.lines.extend(self.a._shown(ev))
            self.lines.append(self.a._scores_line(nxt))
            return 2
        return self.visit_event(ev)

    def visit_discarded(self, ev: g.Discarded) -> int:
        a, events = self.a, self.events
        if not a._table() or ev.seat == a.me:
            return self.visit_event(ev)
        # the other seats lay away at once: one line names them all
        others: list[g.Discarded] = []
        for e in events[self.i :]:
            if not isinstance(e, g.Discarded) or e.seat == a.me:
                break
            others.append(e)
        self.lines.extend(a._others_discard(others))
        return len(others)

    def visit_game_over(self, ev: g.GameOver) -> int:
        if self.lines and self.lines[-1].kind == "scores" and self.a.sides == 2:
            self.lines.pop()  # the winner's line says the final score: once, not twice
        return self.visit_event(ev)


def _muggins_first(events: list[g.Event]) -> list[g.Event]:
    """A muggins call answers the count just said: it is said before the next hand laid out
    (or the end of the deal) that the engine reported first."""
    i = 1
    while i < len(events):
        if isinstance(events[i], g.MugginsCalled) and isinstance(events[i - 1], (g.CountDue, g.DealEnded)):
            j = i + 1
            while j < len(events) and isinstance(events[j], (g.Scored, g.MugginsCalled, g.GameOver)):
                j += 1
            block = events[i:j]
            before = [] if any(isinstance(e, g.GameOver) for e in block) else [events[i - 1]]
            events[i - 1 : j] = block + before
            i = max(1, i - 1)
            continue
        i += 1
    return events


def count_just_said(lines: Sequence[Line], printed: Sequence[Line] | None = None) -> bool:
    """Did the last line that is not a score (or a go) say the count? Then a turn prompt
    need not repeat it. ``printed``: the lines of ``lines`` that were printed (None: all); a
    count in a line not printed (another player's card kept in the history) was not said."""
    for line in reversed(lines):
        if line.kind in ("scores", "score", "go", "out"):
            continue
        return line.kind in ("play", "reset") and (printed is None or line in printed)
    return False

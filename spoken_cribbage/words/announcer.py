"""The lines said for game events, from one player's point of view (the :class:`Announcer`,
an event visitor), per verbosity: ``terse`` says the least, ``normal`` is the default,
``coach`` adds explanations."""

from __future__ import annotations

from collections.abc import Sequence

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import RANK_NAMES, SUIT_NAMES, Card
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.words.calls import play_call, show_call
from spoken_cribbage.words.lines import Line, LineKind, article_rank, cap, card_list, hand_lines, list_words
from spoken_cribbage.words.names import Names
from spoken_cribbage.words.numbers import number_words

_REASON_TEXT = {"go": "one for the go", "last": "one for last", "heels": "two for his heels"}


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
            return f"{list_words([RANK_NAMES[c.rank] for c in cards])} of {SUIT_NAMES[cards[0].suit]}"
        return card_list(cards)

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
        what = "a card" if k == 1 else f"{k} cards"
        if len(events) == 1:
            return [Line.same(f"{n.Verb(events[0].seat, 'lay', 'lays')} away {what}.", "discard")]
        who = list_words([n.subject(e.seat) for e in events])
        return [Line.same(f"{cap(who)} lay away {what} each.", "discard")]

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
            head = (
                f"Your partner is {who}" + (", sitting opposite" if opposite else "")
                if len(partners) == 1
                else f"Your partners are {who}"
            )
            if len(against) == 1:
                lines.append(Line.same(f"{head}; {against[0]} play against you.", "game"))
            else:
                lines.append(Line.same(f"{head}. The other teams: {'; '.join(against)}.", "game"))
        order = [n.subject((me + k) % players) for k in range(players)]
        lines.append(Line.same(f"Play goes round the table: {', '.join(order)}.", "game"))
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
            others = " and against ".join(n.side_name(s, rules.sides) for s in range(rules.sides) if s != mine)
            head = f"New game to {ev.target} points: {n.side_name(mine, rules.sides)} against {others}."
        else:
            others = list_words([n.subject(s) for s in range(ev.players) if s != self.me])
            head = f"New game to {ev.target} points against {others}."
        lines = [Line.same(head, "game")]
        if ev.players > 2:
            lines += self.table_lines(rules)
        return lines

    def visit_cut_for_deal(self, ev: g.CutForDeal) -> list[Line]:
        n = self.names
        if len(ev.cards) > 2:  # a line a braille display holds: the ranks decide
            cuts = ", ".join(f"{n.subject(s)} {article_rank(c)}" for s, c in enumerate(ev.cards))
            text = f"Cut for the deal: {cuts}."
            if ev.tie:
                text += " A tie for lowest: cut again."
            return [Line.same(text, "cut")]
        cuts = "; ".join(f"{n.verb(s, 'cut')} the {c.name}" for s, c in enumerate(ev.cards))
        text = cap(cuts) + "."
        if ev.tie:
            text += " A tie: cut again."
        return [Line.same(text, "cut")]

    def visit_dealer_chosen(self, ev: g.DealerChosen) -> list[Line]:
        if ev.reason == "lowest cut":
            return [Line.same(f"{self.names.Verb(ev.dealer, 'deal')} first: the lower card deals.", "deal")]
        return []

    def visit_dealt(self, ev: g.Dealt) -> list[Line]:
        crib = self.names.possessive(ev.dealer)
        hand = ev.hands[self.me]
        lines = [Line.same(f"Deal {ev.deal}. {cap(crib)} crib{self._crib_side(ev.dealer)}.", "deal")]
        lines.extend(Line.same(t, "hand") for t in hand_lines(hand))
        return lines

    def visit_discarded(self, ev: g.Discarded) -> list[Line]:
        if ev.seat == self.me:
            confirmed, self.confirmed = self.confirmed, False
            if confirmed and self._brief("discard"):  # the question just named them
                return [Line.same("Laid away.", "discard")]
            return [Line.same(f"You lay away the {list_words([c.name for c in ev.cards])}.", "discard")]
        if self.verbosity != "coach":
            return []  # the turn prompt (or the waiting line) follows at once
        k = ev.number
        return [
            Line.same(
                f"{self.names.Verb(ev.seat, 'lay', 'lays')} away {'a card' if k == 1 else f'{k} cards'}.", "discard"
            )
        ]

    def visit_crib_card_from_deck(self, ev: g.CribCardFromDeck) -> list[Line]:
        return [Line.same("One card from the deck goes to the crib.", "discard")]

    def visit_starter_turned(self, ev: g.StarterTurned) -> list[Line]:
        return [Line(f"The starter is the {ev.card.name}.", f"The starter is the {ev.card.name}.", LineKind.STARTER)]

    def visit_scored(self, ev: g.Scored) -> list[Line]:
        return self._scored(ev)

    def visit_played(self, ev: g.Played) -> list[Line]:
        return [self._played(ev, None)]

    def visit_said_go(self, ev: g.SaidGo) -> list[Line]:
        if ev.seat == self.me:  # the player's own move (said whatever the table's channel)
            return [Line.same("You cannot play: go.", "go", own=True)]
        return [Line.same(f"{self.names.Subject(ev.seat)} says go.", "go")]

    def visit_count_reset(self, ev: g.CountReset) -> list[Line]:
        if ev.next_seat is None:
            return []
        # 'Your turn.' follows when the player leads; another player's lead is named.
        lead = "" if ev.next_seat == self.me else f" {self.names.Subject(ev.next_seat)} leads."
        return [Line(f"Count back to 0.{lead}", f"Count back to zero.{lead}", LineKind.RESET)]

    def visit_play_ended(self, ev: g.PlayEnded) -> list[Line]:
        # 'One for last' ends the play and the first show line says whose hand it is.
        lines = []
        pegged, self._pegged = self._pegged, None
        if self._brief("scores") and pegged is not None:  # the score the play left, once
            lines.append(Line.same(self.names.scores(pegged, self.sides) + ".", "scores"))
        if self.verbosity == "coach":
            lines.append(Line.same("The play is over. Now the show.", "show"))
        self._starter_said = False
        return lines

    def visit_hand_shown(self, ev: g.HandShown) -> list[Line]:
        return self._shown(ev)

    def visit_count_due(self, ev: g.CountDue) -> list[Line]:
        return self.count_due(ev)

    def visit_muggins_called(self, ev: g.MugginsCalled) -> list[Line]:
        return self._muggins(ev)

    def visit_deal_ended(self, ev: g.DealEnded) -> list[Line]:
        nd = ev.next_dealer
        nxt = "your deal" if nd == self.me else f"{self.names.possessive(nd)} deal"
        # The scores were said after the last show: not again here.
        # ("End of deal N." is implied by the crib's count just before: the prompt is enough.)
        return [Line.same(f"Press Enter for {nxt}.", "prompt")]  # what the game waits for

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
        call = play_call(scored.items) if scored else ""
        text = f"{n.Verb(ev.seat, 'play')} the {ev.card.name}. Count {ev.count}."
        if call:
            text += f" {cap(call)}."
        rank = RANK_NAMES[ev.card.rank]
        speech = f"{cap(rank)}." if ev.seat == self.me else f"{n.Verb(ev.seat, 'play')} {article_rank(ev.card)}."
        speech += f" {cap(call)}." if call else f" {cap(number_words(ev.count))}."
        if self.verbosity == "terse":
            text = f"{n.Subject(ev.seat)}: {rank}. {ev.count}." + (f" {cap(call)}." if call else "")
            if out:
                text += " No cards left."
                speech += " No cards left."
        return Line(text, speech, LineKind.PLAY)

    def _scored(self, ev: g.Scored) -> list[Line]:
        n = self.names
        who = n.subject(ev.seat)
        if ev.reason in _REASON_TEXT:
            call = _REASON_TEXT[ev.reason]
            return [
                Line.same(f"{cap(call)} to {'you' if ev.seat == self.me else who}.", "score"),
                *self._peg_scores(ev),
            ]
        if ev.reason == "play":
            return [Line.same(f"{cap(play_call(ev.items))} to {who}.", "score"), *self._peg_scores(ev)]
        if ev.reason in ("muggins", "time"):  # said with the muggins call or the time up
            return [self._scores_line(ev)]
        if ev.reason == "overcount":
            claim = self._claim
            over = (
                f"the {number_words(ev.points)} {n.subject(claim.seat)} claimed too many"
                if claim is not None
                else f"{number_words(ev.points)}"
            )
            return [Line.same(f"Overcount: {n.verb(ev.seat, 'take')} {over}.", "score"), self._scores_line(ev)]
        return [Line.same(f"{n.Verb(ev.seat, 'score')} {ev.points}.", "score"), self._scores_line(ev)]

    def _scores_line(self, ev: g.Scored) -> Line:
        return Line.same(self.names.scores(ev.scores, self.sides) + ".", "scores")

    def _peg_scores(self, ev: g.Scored) -> list[Line]:
        """The scores after points pegged; with brief ``scores`` none in the play (they are
        said once at its end, and stay on the s key)."""
        if self._brief("scores") and ev.reason in ("play", "go", "last"):
            self._pegged = ev.scores
            return []
        return [self._scores_line(ev)]

    def _shown(self, ev: g.HandShown) -> list[Line]:
        n = self.names
        whose = "Your" if ev.seat == self.me else f"{n.Subject(ev.seat)}'s"
        what = "crib" if ev.is_crib else "hand"
        # The starter was said when it was turned; the coach says it again with every show,
        # and brief ``starter`` once at the start of the show.
        first = []
        if self._brief("starter"):
            if not self._starter_said:
                first = [Line.same(f"The starter: {ev.starter.name}.", "starter")]
            self._starter_said = True
            starter = ""
        else:
            starter = f", with the {ev.starter.name}" if self.verbosity == "coach" else ""
        intro = Line.same(f"{whose} {what}: {self._cards(ev.cards)}{starter}.", "show")
        if first:
            return [*first, *self._shown_lines(ev, intro)]
        return self._shown_lines(ev, intro)

    def _shown_lines(self, ev: g.HandShown, intro: Line) -> list[Line]:
        what = "crib" if ev.is_crib else "hand"
        if not ev.total:
            return [intro, Line.same(f"Nineteen: no points in the {what}.", "show")]
        coach = self.verbosity == "coach"
        call = show_call(ev.items, name_fifteens=coach)
        # The call ends with the total ('... and a pair is six'); the coach also says it in digits.
        total = f" {cap(what)} total {ev.total}." if coach else ""
        return [intro, Line(f"{cap(call)}.{total}", f"{cap(call)}.", LineKind.SHOW)]

    # ------------------------------------------------------------------ manual counting

    def count_due(self, ev: g.CountDue) -> list[Line]:
        """A hand laid out to be counted: its cards; for the player's own count, the starter."""
        n = self.names
        whose = "Your" if ev.seat == self.me else f"{n.Subject(ev.seat)}'s"
        what = "crib" if ev.is_crib else "hand"
        lines = [Line.same(f"{whose} {what}: {self._cards(ev.cards)}.", "show")]
        if ev.seat == self.me:
            lines.append(Line.same(f"With the starter: the {ev.starter.name}.", "show"))
        return lines

    def _claimed(self, ev: g.Claimed) -> list[Line]:
        n = self.names
        what = "crib" if ev.is_crib else "hand"
        said = "nineteen" if ev.claimed == 0 else number_words(ev.claimed)
        if ev.seat != self.me:
            if ev.claimed <= ev.total:  # an undercount is the player's to find: muggins
                verb = "says" if ev.claimed == 0 else "counts"
                return [Line.same(f"{n.Subject(ev.seat)} {verb} {said}.", "show")]
            head = f"{n.Subject(ev.seat)} counts {said}, but the {what} counts "
        elif ev.claimed == ev.total:
            return [Line.same(f"Right, {said}.", "show")]
        else:
            head = f"You said {said}; the {what} counts "
        if not ev.total:
            return [Line.same(f"{head}nothing: nineteen.", "show")]
        call = show_call(ev.items, name_fifteens=self.verbosity == "coach")
        return [Line.same(f"{head}{number_words(ev.total)}.", "show"), Line.same(f"{cap(call)}.", "show")]

    def _timed_out(self, ev: g.CountTimedOut) -> list[Line]:
        n = self.names
        what = "crib" if ev.is_crib else "hand"
        lines = [Line.same(f"Time is up: no points for {n.possessive(ev.seat)} {what}.", "show")]
        if ev.total:
            call = show_call(ev.items, name_fifteens=self.verbosity == "coach")
            lines.append(Line.same(f"{cap(call)}.", "show"))
        if ev.points:
            lines.append(Line.same(f"{n.Verb(ev.to_seat, 'take')} {number_words(ev.points)}, half the count.", "score"))
        return lines

    def _muggins(self, ev: g.MugginsCalled) -> list[Line]:
        n = self.names
        missed = number_words(ev.points)
        lines = [
            Line.same(f"Muggins: {n.verb(ev.seat, 'take')} the {missed} {n.subject(ev.from_seat)} missed.", "score")
        ]
        if ev.seat == self.me:  # the count the other player should have said
            what = "crib" if ev.is_crib else "hand"
            call = show_call(ev.items, name_fifteens=self.verbosity == "coach")
            lines.append(
                Line.same(
                    f"{n.possessive(ev.from_seat).capitalize()} {what} counts {number_words(ev.total)}: {call}.", "show"
                )
            )
        return lines

    def _crib_side(self, dealer: int) -> str:
        """With partners, whose side a crib counts for: ', for your side'; '' otherwise."""
        sides = self.sides
        if sides >= self.rules.players or dealer == self.me:
            return ""
        if dealer % sides == self.me % sides:
            return ", for your side"
        if sides == 2:
            return ", for the other side"
        return f", for {self.names.side_name(dealer % sides, sides)}"

    def _game_over(self, ev: g.GameOver) -> list[Line]:
        n = self.names
        winner = ev.winner
        mine = self.me % self.sides
        wins = cap(n.side_verb(winner, self.sides, "win"))
        if self.sides > 2:  # the scores were just said: the winner's line names the winner
            text = f"{wins} with {ev.scores[winner]}" + ("!" if winner == mine else ".")
        elif winner == mine:
            text = f"{wins}, {ev.scores[winner]} to {max(s for i, s in enumerate(ev.scores) if i != winner)}!"
        else:
            text = f"{wins}, {ev.scores[winner]} to {ev.scores[mine]}."
        lines = [Line.same(text, "game")]
        for side, sk in enumerate(ev.skunks):
            if sk:
                kind = "a double skunk" if sk == 2 else "a skunk"
                loser = n.side_name(side, self.sides)
                lines.append(Line.same(f"That is {kind}: {loser} did not reach {self._skunk_line(sk)}.", "game"))
        return lines

    def _skunk_line(self, level: int) -> int:
        line = self.rules.double_skunk_line if level == 2 else None
        return line if line is not None else self.rules.skunk_line

    def bind(self, game: g.Game) -> Announcer:
        """Take the table's rules (sides, target, skunk lines) from ``game``."""
        self.rules = game.rules
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
            self.lines.append(Line.same(f"{a.names.Subject(ev.seat)} has no cards.", "out"))
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
                self.lines.append(Line.same(f"{a.names.Verb(ev.seat, 'peg')} {number_words(pegged.points)}.", "score"))
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

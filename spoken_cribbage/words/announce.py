"""All the words the player reads and hears, made from events and from the game state.

Each announcement is a :class:`Line`: ``text`` for the screen (digits, full card names) and
``speech`` for text-to-speech (shorter, numbers in words where a synthesiser might stumble).
Verbosity: ``terse`` says the least, ``normal`` is the default, ``coach`` adds explanations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.engine.cards import Card, RANK_NAMES
from spoken_cribbage.engine.rules import Named, Rules
from spoken_cribbage.words.numbers import number_words
from spoken_cribbage.engine.scoring import ScoreItem

VERBOSITIES = ("terse", "normal", "coach")


class LineKind(Named):
    """What a line is about: the console formats by it (never by matching English), and the
    sound cues of a later step key on it. Members equal their plain strings."""

    INFO = "info"           # anything else
    ERROR = "error"         # a refusal or a problem: nothing happened
    PROMPT = "prompt"       # what the game waits for (the last line before it waits)
    TURN = "turn"           # whose turn, said as a line of the game
    HELP = "help"
    ANSWER = "answer"       # the answer to a question key
    HAND = "hand"
    CURSOR = "cursor"       # the card under the arrow keys
    HINT = "hint"
    VOICE = "voice"         # listening started or stopped, a phrase heard
    CUE = "cue"
    GAME = "game"           # a game begins or ends
    DEAL = "deal"           # a new deal, who deals
    CUT = "cut"             # the cut for the first deal
    DISCARD = "discard"     # cards laid away
    STARTER = "starter"     # the starter turned
    PLAY = "play"           # a card played
    GO = "go"
    OUT = "out"             # a player has no cards left in the play
    RESET = "reset"         # the count goes back to zero
    SCORE = "score"         # points scored
    SCORES = "scores"       # the scores, as they stand
    SHOW = "show"           # a hand or the crib counted
    UNDO = "undo"


@dataclass(frozen=True)
class Line:
    text: str
    speech: str
    kind: LineKind = LineKind.INFO

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", LineKind(self.kind))   # a misspelt kind fails here

    @classmethod
    def same(cls, text: str, kind: LineKind | str = LineKind.INFO) -> "Line":
        return cls(text, text, LineKind(kind))


def article_rank(card: Card) -> str:
    """'a nine', 'an eight', 'an ace'."""
    name = RANK_NAMES[card.rank]
    return ("an " if name[0] in "aeiou" else "a ") + name


def list_words(words: Sequence[str], conj: str = "and") -> str:
    words = list(words)
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {conj} " + words[-1]


def card_list(cards: Iterable[Card]) -> str:
    return list_words([c.name for c in cards])


def numbered_hand(cards: Sequence[Card], numbers: Sequence[int] | None = None) -> str:
    """'Card 1: ace of spades. Card 2: five of hearts.' in the order given.

    ``numbers`` gives each card's position as the player last heard it (with gaps once cards
    are played: 'Card 1: ... Card 3: ...'); by default 1..n. A number never runs into a rank:
    the colon makes a clause break, so speech pauses between 'card one' and 'two of clubs'.
    """
    return " ".join(numbered_cards(cards, numbers))


def numbered_cards(cards: Sequence[Card], numbers: Sequence[int] | None = None) -> list[str]:
    """One 'Card N: name.' sentence per card."""
    nums = list(numbers) if numbers is not None else list(range(1, len(cards) + 1))
    if len(nums) != len(cards):
        raise ValueError("one number per card")
    return [f"Card {n}: {c.name}." for n, c in zip(nums, cards)]


def hand_lines(cards: Sequence[Card], numbers: Sequence[int] | None = None,
               head: str = "Your hand.", width: int = 80) -> list[str]:
    """The numbered hand split into lines of at most ``width`` characters where possible."""
    lines: list[str] = []
    cur = head
    for sentence in numbered_cards(cards, numbers):
        if cur and len(cur) + 1 + len(sentence) > width:
            lines.append(cur)
            cur = sentence
        else:
            cur = f"{cur} {sentence}" if cur else sentence
    if cur:
        lines.append(cur)
    return lines


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# ----------------------------------------------------------------------------- calls

_PAIR_GROUP = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}
_RUN_COUNT = {1: "a run", 2: "two runs", 3: "three runs", 4: "four runs"}


def the_ranks(cards: Sequence[Card], full: Iterable[int] = ()) -> str:
    """'the five and the jack', 'the two, the three and the king'; ranks in ``full`` get their
    suit too ('the four of clubs'), when two cards of that rank are in the count."""
    full = set(full)
    return list_words([f"the {c.name if c.rank in full else RANK_NAMES[c.rank]}" for c in cards])


def show_call(items: Sequence[ScoreItem], *, name_fifteens: bool = False) -> str:
    """The count as players say it: 'fifteen two, fifteen four, and a pair is six'.

    With ``name_fifteens`` (the coach) each fifteen names its cards: 'fifteen two with the five
    and the jack'."""
    parts: list[str] = []
    total = 0
    fifteens = [i for i in items if i.kind == "fifteen"]
    seen = {c for i in fifteens for c in i.cards}
    twice = {c.rank for c in seen if sum(d.rank == c.rank for d in seen) > 1}
    for i in fifteens:
        total += i.points
        with_cards = f" with {the_ranks(i.cards, twice)}" if name_fifteens and i.cards else ""
        parts.append(f"fifteen {number_words(total)}{with_cards}")
    pair_groups: dict[int, int] = {}
    for i in items:
        if i.kind == "pair":
            pair_groups[i.cards[0].rank] = pair_groups.get(i.cards[0].rank, 0) + 1
    first_pair = True
    for rank, n in pair_groups.items():
        total += 2 * n
        phrase = _PAIR_GROUP.get(n, f"{n} pairs")
        if n == 1 and not first_pair:
            phrase = "another pair"
        first_pair = False
        parts.append(f"and {phrase} is {number_words(total)}")
    runs = [i for i in items if i.kind == "run"]
    if runs:
        total += sum(i.points for i in runs)
        length = runs[0].points
        parts.append(f"and {_RUN_COUNT.get(len(runs), f'{len(runs)} runs')} of "
                     f"{number_words(length)} is {number_words(total)}")
    for i in items:
        if i.kind == "flush":
            total += i.points
            parts.append(f"and a flush of {number_words(len(i.cards))} is {number_words(total)}")
        elif i.kind == "nobs":
            total += i.points
            parts.append(f"and his nobs is {number_words(total)}")
    if not parts:
        return "nineteen"
    if parts[0].startswith("and "):
        parts[0] = parts[0][4:]
    return ", ".join(parts)


_PLAY_NAMES = {"fifteen": "fifteen", "thirty-one": "thirty-one", "pair": "a pair",
               "pair royal": "a pair royal", "double pair royal": "a double pair royal"}


def play_call(items: Sequence[ScoreItem]) -> str:
    """Points for a card played: 'fifteen two', 'thirty-one for two', 'a pair for two',
    'fifteen and a pair for four', 'a run of three for three'."""
    total = sum(i.points for i in items)
    names = [_PLAY_NAMES.get(i.kind, f"a run of {number_words(i.points)}") for i in items]
    if names == ["fifteen"]:
        return "fifteen two"
    return f"{' and '.join(names)} for {number_words(total)}"


# ----------------------------------------------------------------------------- names

#: The one computer player of a two-player game.
COMPUTER = "Computer"
#: The computer players at a larger table, in seat order: each starts with another sound and
#: most have another number of syllables, so they are told apart by ear.
COMPUTER_NAMES = ("Max", "Lena", "Oliver", "Ruby", "Valentina")


def seat_names(players: int, given: Sequence[str] = (), me: int = 0) -> tuple[str, ...]:
    """A name for every seat: 'you' for seat ``me``; the others, in seat order, take the names
    ``given`` first, then the default names not given (with two players: 'Computer').

    >>> seat_names(4)
    ('you', 'Max', 'Lena', 'Oliver')
    >>> seat_names(3, ["Ann"])
    ('you', 'Ann', 'Max')
    """
    defaults = (COMPUTER,) if players == 2 and not given else COMPUTER_NAMES
    taken = {n.lower() for n in given}
    pool = list(given) + [d for d in defaults if d.lower() not in taken]
    out, k = [], 0
    for seat in range(players):
        if seat == me:
            out.append("you")
            continue
        out.append(pool[k] if k < len(pool) else f"Player {seat + 1}")
        k += 1
    return tuple(out)


class Names:
    """How players are named: seat 0 'you' by default, seat 1 'Computer'."""

    def __init__(self, names: Sequence[str] = ("you", COMPUTER), me: int = 0):
        self.names = list(names)
        self.me = me

    def subject(self, seat: int) -> str:
        return self.names[seat]

    def Subject(self, seat: int) -> str:
        return cap(self.names[seat])

    def verb(self, seat: int, base: str, third: str | None = None) -> str:
        """'you play' / 'Computer plays'."""
        if seat == self.me:
            return f"{self.names[seat]} {base}"
        return f"{self.names[seat]} {third or base + 's'}"

    def Verb(self, seat: int, base: str, third: str | None = None) -> str:
        return cap(self.verb(seat, base, third))

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.me else f"{self.names[seat]}'s"

    def scores(self, scores: Sequence[int], sides: int) -> str:
        """'You 24, Computer 31.' with the player's side first."""
        order = [self.me % sides] + [s for s in range(sides) if s != self.me % sides]
        # sides of three name their players with commas: "You, Lena and Ruby 4; Max, ..."
        join = "; " if len(self.names) >= 3 * sides else ", "
        return cap(join.join(f"{self.side_name(s, sides)} {scores[s]}" for s in order))

    def side_name(self, side: int, sides: int) -> str:
        if sides == len(self.names):
            return self.names[side]
        return list_words([self.names[s] for s in self.seats(side, sides)])

    def seats(self, side: int, sides: int) -> list[int]:
        """The seats of ``side``, the player's own first."""
        seats = [s for s in range(len(self.names)) if s % sides == side]
        return sorted(seats, key=lambda s: s != self.me)

    def side_verb(self, side: int, sides: int, base: str) -> str:
        """'Max wins', 'Max and Oliver win', 'you win'."""
        seats = self.seats(side, sides)
        if len(seats) == 1:
            return self.verb(seats[0], base)
        return f"{self.side_name(side, sides)} {base}"

    def partners(self, sides: int) -> list[int]:
        """The player's partners (none when each plays for themselves)."""
        return [s for s in self.seats(self.me % sides, sides) if s != self.me]


# ----------------------------------------------------------------------------- events

_REASON_TEXT = {"go": "one for the go", "last": "one for last", "heels": "two for his heels"}


class Announcer(EventVisitor[list[Line]]):
    """Turns game events into lines, from one player's point of view."""

    def __init__(self, names: Names | None = None, verbosity: str = "normal"):
        self.names = names or Names()
        self.verbosity = verbosity
        self.rules = Rules()
        self._claim: g.Claimed | None = None   # the last count claimed (for an overcount line)

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
            head = (f"Your partner is {who}" + (", sitting opposite" if opposite else "")
                    if len(partners) == 1 else f"Your partners are {who}")
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
            self.rules = ev.rules   # (a bound game's rules know its teams too)
        rules = self.rules
        if rules.sides < rules.players:   # partners
            mine = self.me % rules.sides
            # three teams: "you and Oliver against Max and Ruby and against Lena and
            # Valentina" (a side of three: "you, Lena and Ruby")
            others = " and against ".join(n.side_name(s, rules.sides)
                                          for s in range(rules.sides) if s != mine)
            head = (f"New game to {ev.target} points: {n.side_name(mine, rules.sides)} "
                    f"against {others}.")
        else:
            others = list_words([n.subject(s) for s in range(ev.players) if s != self.me])
            head = f"New game to {ev.target} points against {others}."
        lines = [Line.same(head, "game")]
        if ev.players > 2:
            lines += self.table_lines(rules)
        return lines

    def visit_cut_for_deal(self, ev: g.CutForDeal) -> list[Line]:
        n = self.names
        if len(ev.cards) > 2:   # a line a braille display holds: the ranks decide
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
            return [Line.same(f"{self.names.Verb(ev.dealer, 'deal')} first: the lower card deals.",
                              "deal")]
        return []

    def visit_dealt(self, ev: g.Dealt) -> list[Line]:
        crib = self.names.possessive(ev.dealer)
        hand = ev.hands[self.me]
        lines = [Line.same(f"Deal {ev.deal}. {cap(crib)} crib{self._crib_side(ev.dealer)}.",
                           "deal")]
        lines.extend(Line.same(t, "hand") for t in hand_lines(hand))
        return lines

    def visit_discarded(self, ev: g.Discarded) -> list[Line]:
        if ev.seat == self.me:
            return [Line.same(f"You lay away the {list_words([c.name for c in ev.cards])}.",
                              "discard")]
        if self.verbosity != "coach":
            return []  # the turn prompt (or the waiting line) follows at once
        k = ev.number
        return [Line.same(f"{self.names.Verb(ev.seat, 'lay', 'lays')} away "
                          f"{'a card' if k == 1 else f'{k} cards'}.", "discard")]

    def visit_crib_card_from_deck(self, ev: g.CribCardFromDeck) -> list[Line]:
        return [Line.same("One card from the deck goes to the crib.", "discard")]

    def visit_starter_turned(self, ev: g.StarterTurned) -> list[Line]:
        return [Line(f"The starter is the {ev.card.name}.",
                     f"The starter is the {ev.card.name}.", LineKind.STARTER)]

    def visit_scored(self, ev: g.Scored) -> list[Line]:
        return self._scored(ev)

    def visit_played(self, ev: g.Played) -> list[Line]:
        return [self._played(ev, None)]

    def visit_said_go(self, ev: g.SaidGo) -> list[Line]:
        if ev.seat == self.me:
            return [Line.same("You cannot play: go.", "go")]
        return [Line.same(f"{self.names.Subject(ev.seat)} says go.", "go")]

    def visit_count_reset(self, ev: g.CountReset) -> list[Line]:
        if ev.next_seat is None:
            return []
        # 'Your turn.' follows when the player leads; another player's lead is named.
        lead = "" if ev.next_seat == self.me else f" {self.names.Subject(ev.next_seat)} leads."
        return [Line(f"Count back to 0.{lead}", f"Count back to zero.{lead}", LineKind.RESET)]

    def visit_play_ended(self, ev: g.PlayEnded) -> list[Line]:
        # 'One for last' ends the play and the first show line says whose hand it is.
        if self.verbosity == "coach":
            return [Line.same("The play is over. Now the show.", "show")]
        return []

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
        return [Line.same(f"Press Enter for {nxt}.", "prompt")]   # what the game waits for

    def visit_game_over(self, ev: g.GameOver) -> list[Line]:
        return self._game_over(ev)

    @staticmethod
    def count_just_said(lines: Sequence[Line]) -> bool:
        """See :func:`count_just_said` (here so a session needs no extra import)."""
        return count_just_said(lines)

    def _out_of_cards(self, ev: g.Played, later: Sequence[g.Event]) -> bool:
        """Another seat played its last card, and the play goes on (worth saying once)."""
        if ev.seat == self.me or ev.hand_left:
            return False
        for e in later:
            if isinstance(e, g.Played):
                break
            if isinstance(e, (g.PlayEnded, g.HandShown)) or (
                    isinstance(e, g.CountReset) and e.next_seat is None):
                return False
        return True

    def _played(self, ev: g.Played, scored: g.Scored | None, out: bool = False) -> Line:
        n = self.names
        call = play_call(scored.items) if scored else ""
        text = f"{n.Verb(ev.seat, 'play')} the {ev.card.name}. Count {ev.count}."
        if call:
            text += f" {cap(call)}."
        rank = RANK_NAMES[ev.card.rank]
        if ev.seat == self.me:
            speech = f"{cap(rank)}."
        else:
            speech = f"{n.Verb(ev.seat, 'play')} {article_rank(ev.card)}."
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
            return [Line.same(f"{cap(call)} to {'you' if ev.seat == self.me else who}.", "score"),
                    self._scores_line(ev)]
        if ev.reason == "play":
            return [Line.same(f"{cap(play_call(ev.items))} to {who}.", "score"), self._scores_line(ev)]
        if ev.reason in ("muggins", "time"):   # said with the muggins call or the time up
            return [self._scores_line(ev)]
        if ev.reason == "overcount":
            claim = self._claim
            over = (f"the {number_words(ev.points)} {n.subject(claim.seat)} claimed too many"
                    if claim is not None else f"{number_words(ev.points)}")
            return [Line.same(f"Overcount: {n.verb(ev.seat, 'take')} {over}.", "score"),
                    self._scores_line(ev)]
        return [Line.same(f"{n.Verb(ev.seat, 'score')} {ev.points}.", "score"), self._scores_line(ev)]

    def _scores_line(self, ev: g.Scored) -> Line:
        return Line.same(self.names.scores(ev.scores, self.sides) + ".", "scores")

    def _shown(self, ev: g.HandShown) -> list[Line]:
        n = self.names
        whose = "Your" if ev.seat == self.me else f"{n.Subject(ev.seat)}'s"
        what = "crib" if ev.is_crib else "hand"
        # The starter was said when it was turned; the coach says it again with every show.
        starter = f", with the {ev.starter.name}" if self.verbosity == "coach" else ""
        intro = Line.same(f"{whose} {what}: {card_list(ev.cards)}{starter}.", "show")
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
        lines = [Line.same(f"{whose} {what}: {card_list(ev.cards)}.", "show")]
        if ev.seat == self.me:
            lines.append(Line.same(f"With the starter: the {ev.starter.name}.", "show"))
        return lines

    def _claimed(self, ev: g.Claimed) -> list[Line]:
        n = self.names
        what = "crib" if ev.is_crib else "hand"
        said = "nineteen" if ev.claimed == 0 else number_words(ev.claimed)
        if ev.seat != self.me:
            if ev.claimed <= ev.total:   # an undercount is the player's to find: muggins
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
        return [Line.same(f"{head}{number_words(ev.total)}.", "show"),
                Line.same(f"{cap(call)}.", "show")]

    def _timed_out(self, ev: g.CountTimedOut) -> list[Line]:
        n = self.names
        what = "crib" if ev.is_crib else "hand"
        lines = [Line.same(f"Time is up: no points for {n.possessive(ev.seat)} {what}.", "show")]
        if ev.total:
            call = show_call(ev.items, name_fifteens=self.verbosity == "coach")
            lines.append(Line.same(f"{cap(call)}.", "show"))
        if ev.points:
            lines.append(Line.same(f"{n.Verb(ev.to_seat, 'take')} {number_words(ev.points)}, "
                                   f"half the count.", "score"))
        return lines

    def _muggins(self, ev: g.MugginsCalled) -> list[Line]:
        n = self.names
        missed = number_words(ev.points)
        lines = [Line.same(f"Muggins: {n.verb(ev.seat, 'take')} the {missed} "
                           f"{n.subject(ev.from_seat)} missed.", "score")]
        if ev.seat == self.me:   # the count the other player should have said
            what = "crib" if ev.is_crib else "hand"
            call = show_call(ev.items, name_fifteens=self.verbosity == "coach")
            lines.append(Line.same(f"{n.possessive(ev.from_seat).capitalize()} {what} counts "
                                   f"{number_words(ev.total)}: {call}.", "show"))
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
        if self.sides > 2:   # the scores were just said: the winner's line names the winner
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
                lines.append(Line.same(f"That is {kind}: {loser} did not reach "
                                       f"{self._skunk_line(sk)}.", "game"))
        return lines

    def _skunk_line(self, level: int) -> int:
        line = self.rules.double_skunk_line if level == 2 else None
        return line if line is not None else self.rules.skunk_line

    def bind(self, game: g.Game) -> "Announcer":
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
        out = a._out_of_cards(ev, self.events[self.i + 1:])
        self.lines.append(a._played(ev, scored, out))
        if scored:
            self.lines.append(a._scores_line(scored))
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
                self.lines.append(Line.same(
                    f"{a.names.Verb(ev.seat, 'peg')} {number_words(pegged.points)}.", "score"))
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
        for e in events[self.i:]:
            if not isinstance(e, g.Discarded) or e.seat == a.me:
                break
            others.append(e)
        self.lines.extend(a._others_discard(others))
        return len(others)

    def visit_game_over(self, ev: g.GameOver) -> int:
        if self.lines and self.lines[-1].kind == "scores" and self.a.sides == 2:
            self.lines.pop()   # the winner's line says the final score: once, not twice
        return self.visit_event(ev)


def _muggins_first(events: list[g.Event]) -> list[g.Event]:
    """A muggins call answers the count just said: it is said before the next hand laid out
    (or the end of the deal) that the engine reported first."""
    i = 1
    while i < len(events):
        if isinstance(events[i], g.MugginsCalled) and isinstance(events[i - 1],
                                                                  (g.CountDue, g.DealEnded)):
            j = i + 1
            while j < len(events) and isinstance(events[j], (g.Scored, g.MugginsCalled, g.GameOver)):
                j += 1
            block = events[i:j]
            before = [] if any(isinstance(e, g.GameOver) for e in block) else [events[i - 1]]
            events[i - 1:j] = block + before
            i = max(1, i - 1)
            continue
        i += 1
    return events


def count_just_said(lines: Sequence[Line]) -> bool:
    """Did the last line that is not a score (or a go) say the count? Then a turn prompt
    need not repeat it."""
    for line in reversed(lines):
        if line.kind in ("scores", "score", "go", "out"):
            continue
        return line.kind in ("play", "reset")
    return False


# ----------------------------------------------------------------------------- answers to questions

class Answers:
    """Answers to the shortcut questions, from what seat ``names.me`` observes (its own
    :class:`~spoken_cribbage.engine.game.Observation`, as a computer player sees the table):
    ``source`` is the game, or a function that returns that seat's observation."""

    def __init__(self, source: "g.Game | Callable[[], g.Observation]", names: Names):
        self._observe = source if callable(source) else (lambda: source.observation(names.me))
        self.names = names

    @property
    def me(self) -> int:
        return self.names.me

    @property
    def obs(self) -> g.Observation:
        return self._observe()

    def count(self) -> str:
        o = self.obs
        if o.phase == g.DISCARD:
            return "No count yet: the play has not started."
        if o.phase != g.PLAY:
            return "The play is over."
        if not o.series:
            return "The count is 0. No cards in this series yet."
        return f"The count is {o.count}: {card_list(o.series)}."

    def _sides(self, o: g.Observation) -> int:
        return o.rules.sides if o.rules is not None else len(o.scores)

    def crib(self) -> str:
        o = self.obs
        d = o.dealer
        whose = "It is your crib" if d == self.me else f"It is {self.names.possessive(d)} crib"
        sides = self._sides(o)
        if sides < o.players:   # partners: the crib counts for the dealer's side
            whose += f", for {self.names.side_name(d % sides, sides)}"
        return whose + "."

    def starter(self) -> str:
        st = self.obs.starter
        if st is None:
            return "The starter is not cut yet."
        return f"The starter is the {st.name}."

    def table(self) -> str:
        """The cards on the table: this series, then everything played this hand, by player
        (with more than two players, each card of the series with who played it, on a line
        of its own)."""
        o = self.obs
        if o.phase == g.DISCARD or not o.played:
            return "No cards on the table yet."
        if o.players > 2:
            return self._table_by_player(o)
        series = ("This series: " + card_list(o.series) + f", count {o.count}."
                  if o.series else "No cards in this series.")
        by_seat = []
        for seat in range(o.players):
            cards = [c for s, c in o.played if s == seat]
            who = "you" if seat == self.me else self.names.subject(seat)
            by_seat.append(f"{who}: {card_list(cards) if cards else 'none'}")
        return series + " Played this hand, " + "; ".join(by_seat) + "."

    def _table_by_player(self, o: g.Observation) -> str:
        n = self.names
        series = o.played[len(o.played) - len(o.series):] if o.series else ()
        if series:
            plays = [f"{n.subject(s)} {c.name}" for s, c in series]
            head = f"This series, count {o.count}: {', '.join(plays)}."
        else:
            head = "No cards in this series."
        by_seat = []
        for k in range(o.players):
            seat = (self.me + k) % o.players
            cards = [c for s, c in o.played if s == seat]
            by_seat.append(f"{n.subject(seat)}: {card_list(cards) if cards else 'none'}")
        return head + "\nPlayed this hand, " + "; ".join(by_seat) + "."

    def held(self) -> str:
        """How many cards each player holds: 'Cards held: you 3, Max 2, Lena 3, Oliver 2.'"""
        o = self.obs
        if o.phase in (g.DEAL_OVER, g.GAME_OVER, g.SHOW) or not o.cards_left:
            return "No one holds a card: the play is over." if o.phase in (
                g.DEAL_OVER, g.SHOW) else "No one holds a card now."
        n = self.names
        parts = []
        for k in range(o.players):
            seat = (self.me + k) % o.players
            left = o.cards_left[seat]
            parts.append(f"{n.subject(seat)} {left if left else 'none'}")
        return f"Cards held: {', '.join(parts)}."

    def scores(self) -> str:
        o = self.obs
        mine = o.side
        order = [mine] + [s for s in range(len(o.scores)) if s != mine]
        parts = []
        for s in order:
            name = self.names.side_name(s, len(o.scores))
            left = max(o.target - o.scores[s], 0)
            parts.append(f"{cap(name)} {o.scores[s]}, {left} to go")
        return "; ".join(parts) + "."

    def pegs(self) -> list[str]:
        """The pegboard, a line a side (the player's first): each front peg and back peg, and
        the points between them, the side's last score ('Your front peg is on 86, your back
        peg on 80: you last pegged 6.')."""
        o = self.obs
        mine = o.side
        backs = o.back_pegs or o.scores
        lines = []
        for s in [mine] + [s for s in range(len(o.scores)) if s != mine]:
            front, back = o.scores[s], backs[s]
            name = self.names.side_name(s, len(o.scores))
            if s == mine:
                whose, who, their = "Your", "you", "your"
            else:
                their = "its" if o.players == 2 else "their"
                whose, who = f"{cap(name)}'s", cap(name)
            if front == back:
                lines.append(f"{whose} pegs are both on {front}: nothing pegged yet.")
            else:
                lines.append(f"{whose} front peg is on {front}, {their} back peg on {back}: "
                             f"{who} last pegged {front - back}.")
        return lines

    def turn(self, count_said: bool = False, crib_said: bool = False, after: bool = False
             ) -> str:
        """Whose turn, and what to do. ``count_said``: the line just before said the count,
        so the prompt does not say it again; ``crib_said``: so did the crib's owner (a new deal).
        ``after`` (the turn key, with more than two players): also who plays next."""
        text = self._turn(count_said, crib_said)
        if after:
            text += self._after_turn(self.obs)
        return text

    def _after_turn(self, o: g.Observation) -> str:
        """' Max plays after you.', ' You play after Max.', ' No one else plays in this series.'"""
        if o.players <= 2 or o.phase != g.PLAY or o.to_act is None:
            return ""
        n = self.names
        now = o.to_act
        nxt = next((s for s in ((now + k) % o.players for k in range(1, o.players))
                    if o.cards_left[s] and s not in o.gone), None)
        if nxt is None:
            return " No one else plays in this series."
        if now == self.me:
            return f" {n.Verb(nxt, 'play')} after you."
        return f" {n.Verb(nxt, 'play')} after {n.subject(now)}."

    def _turn(self, count_said: bool = False, crib_said: bool = False) -> str:
        o = self.obs
        me = self.me
        if o.phase == g.GAME_OVER:
            return "The game is over."
        if o.phase == g.DEAL_OVER:
            return "The deal is over. Press Enter for the next deal."
        if o.phase == g.SHOW:
            what = "crib" if o.showing_crib else "hand"
            if o.to_act == me:
                return f"Count your {what}: type the points, then press Enter."
            assert o.to_act is not None   # the show has a seat counting
            return f"{self.names.possessive(o.to_act).capitalize()} count."
        if o.phase == g.DISCARD:
            if me in o.waiting:
                k = o.rules.discards if o.rules else 2
                whose = self.names.possessive(o.dealer)
                crib = "" if crib_said else f" for {whose} crib"
                return f"Your turn: lay away {k} card{'s' if k > 1 else ''}{crib}."
            if o.players > 2 and o.waiting:
                waiting = list_words([self.names.subject(s) for s in o.waiting])
                return f"Waiting for {waiting} to lay away."
            return "Waiting for the others to lay away."
        if o.to_act == me:
            if o.playable:
                return "Your turn." if count_said else f"Your turn. Count {o.count}."
            return f"Your turn. Count {o.count}. No card fits: say go."
        assert o.to_act is not None   # the play has a seat to act
        return f"{self.names.possessive(o.to_act).capitalize()} turn."

    def numbered(self, numbering: Sequence[Card | None] | None = None) -> tuple[list[Card], list[int]]:
        """The cards held with their numbers: position i+1 of ``numbering`` holds card i+1
        (None for a card no longer held); without it, the hand numbered 1..n."""
        held = list(self.obs.hand)
        if numbering is None:
            return held, list(range(1, len(held) + 1))
        cards, nums = [], []
        for i, c in enumerate(numbering, 1):
            if c is not None and c in held and c not in cards:
                cards.append(c)
                nums.append(i)
        n = len(numbering)
        for c in held:  # a held card the numbering does not know gets the next number
            if c not in cards:
                n += 1
                cards.append(c)
                nums.append(n)
        return cards, nums

    def hand(self, numbering: Sequence[Card | None] | None = None) -> str:
        """'Your hand. Card 1: ... Card 3: ...', lines split by newlines, then what can be played."""
        o = self.obs
        cards, nums = self.numbered(numbering)
        if o.phase == g.SHOW and o.to_act == self.me and o.starter is not None:
            what = "crib" if o.showing_crib else "hand"
            return (f"You are counting your {what}: {card_list(o.showing)}.\n"
                    f"With the starter: the {o.starter.name}.")
        if not cards:
            if o.phase in (g.PLAY,):
                return "You have no cards left to play."
            return f"Your hand for the show: {card_list(o.kept)}."
        text = "\n".join(hand_lines(cards, nums))
        if o.phase == g.PLAY:
            fits = list(o.playable)
            if o.to_act == self.me:
                if len(fits) == len(cards):
                    text += "\nAll of them can be played."
                elif fits:
                    text += "\nPlayable: " + list_words([c.name for c in fits], "and") + "."
                else:
                    text += "\nNone fits: say go."
        return text

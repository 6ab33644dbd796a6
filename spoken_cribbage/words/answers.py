"""The answers to the shortcut questions (the count, the crib, the starter, the table, the
scores, the pegs, whose turn, the hand), from what one seat observes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.words.catalogue import Message, join, say
from spoken_cribbage.words.lines import cap, card_list, card_name, hand_lines, list_words, the_card
from spoken_cribbage.words.names import Names

M = Message
_K = "the answer to a key"
#: The answers to the keys, on the catalogue (words.catalogue); a sentence whose verb or
#: possessive follows its subject has a message per subject (.you, .other: {Who} a name).
CODES: dict[str, Message] = {
    "answer.count.not_yet": M("No count yet: the play has not started.", f"{_K} c (the count) before the play"),
    "answer.count.over": M("The play is over.", f"{_K} c (the count) after the play"),
    "answer.count.none": M("The count is 0. No cards in this series yet.", f"{_K} c at the start of a series"),
    "answer.count": M("The count is {count}: {cards}.", f"{_K} c: the count and the cards of this series"),
    "answer.crib.you": M(
        "It is your crib{side}.", f"{_K} b (whose crib): the player's; {{side}} empty or answer.crib.side"
    ),
    "answer.crib.other": M("It is {who}'s crib{side}.", f"{_K} b (whose crib): another player's"),
    "answer.crib.side": M(", for {team}", f"{_K} b with teams: the side the crib counts for"),
    "answer.starter.none": M("The starter is not cut yet.", f"{_K} f (the starter) before the cut"),
    "answer.starter": M("The starter is {card}.", f"{_K} f (the starter)"),
    "answer.table.none": M("No cards on the table yet.", f"{_K} v (cards on the table) before the play"),
    "answer.table.series": M("This series: {cards}, count {count}.", f"{_K} v: the cards of this series"),
    "answer.table.no_series": M("No cards in this series.", f"{_K} v: a series not started"),
    "answer.table": M(
        "{series} Played this hand, {seats}.",
        f"{_K} v: {{series}} the series, then each player's cards played this hand (answer.table.seat)",
    ),
    "answer.table.played": M(
        "Played this hand, {seats}.",
        f"{_K} v at a table of three or more, its second line: each player's cards played this hand",
    ),
    "answer.table.seat": M("{who}: {cards}", f"{_K} v: one player's cards played this hand"),
    "answer.table.seat_none": M("{who}: none", f"{_K} v: a player who played no card this hand"),
    "answer.table.join": M("{seats}; {seat}", f"{_K} v: joining the players' cards played"),
    "answer.table.play": M("{who} {card}", f"{_K} v at a table: a card of the series and who played it"),
    "answer.table.by_player": M(
        "This series, count {count}: {plays}.", f"{_K} v at a table: the series, each card with its player"
    ),
    "answer.held.over": M("No one holds a card: the play is over.", f"{_K} p (cards held) after the play"),
    "answer.held.none": M("No one holds a card now.", f"{_K} p (cards held) when no one holds a card"),
    "answer.held": M("Cards held: {held}.", f"{_K} p: how many cards each player holds ('you 3, Max 2')"),
    "answer.held.seat": M("{who} {left}", f"{_K} p: a player and the cards held"),
    "answer.held.seat_none": M("{who} none", f"{_K} p: a player who holds no card"),
    "answer.scores.side": M("{Name} {score}, {left} to go", f"{_K} s (scores): a side, its score, the points to go"),
    "answer.scores.join": M("{sides}; {side}", f"{_K} s: joining the sides"),
    "answer.scores": M("{sides}.", f"{_K} s: the whole answer"),
    "answer.pegs.you_both": M("Your pegs are both on {front}: nothing pegged yet.", f"{_K} s twice (the pegs)"),
    "answer.pegs.other_both": M("{Who}'s pegs are both on {front}: nothing pegged yet.", f"{_K} s twice: another side"),
    "answer.pegs.you": M(
        "Your front peg is on {front}, your back peg on {back}: you last pegged {points}.", f"{_K} s twice (the pegs)"
    ),
    "answer.pegs.other": M(
        "{Who}'s front peg is on {front}, its back peg on {back}: {Who} last pegged {points}.",
        f"{_K} s twice: the computer's pegs (two players)",
    ),
    "answer.pegs.others": M(
        "{Who}'s front peg is on {front}, their back peg on {back}: {Who} last pegged {points}.",
        f"{_K} s twice: another player's pegs (a table)",
    ),
    "answer.pegs.team": M(
        "{Who}'s front peg is on {front}, their back peg on {back}: {Who} last pegged {points}.",
        f"{_K} s twice: another team's pegs ({{who}} two or three players, as in 'Max and Oliver')",
    ),
    "answer.after.you": M("{turn} {Who} plays after you.", f"{_K} t at a table: who plays after the player"),
    "answer.after.me": M("{turn} You play after {who}.", f"{_K} t at a table: the player plays after {{who}}"),
    "answer.after.other": M("{turn} {Who} plays after {now}.", f"{_K} t at a table: who plays after another"),
    "answer.after.none": M("{turn} No one else plays in this series.", f"{_K} t at a table: the series' last player"),
    "turn.game_over": M("The game is over.", "whose turn (t, or the prompt): the game is over"),
    "turn.deal_over": M("The deal is over. Press Enter for the next deal.", "whose turn: the deal is over"),
    "turn.count.hand": M("Count your hand: type the points, then press Enter.", "manual counting: the player's turn"),
    "turn.count.crib": M("Count your crib: type the points, then press Enter.", "manual counting: the player's crib"),
    "turn.count.other": M("{Who}'s count.", "manual counting: another player counts"),
    "turn.discard": M(
        "Your turn: lay away {count} card.",
        "the prompt of the discard, the crib just named ('Your turn: lay away 2 cards.')",
        plural="Your turn: lay away {count} cards.",
    ),
    "turn.discard.your_crib": M(
        "Your turn: lay away {count} card for your crib.",
        "the prompt of the discard (the player's crib)",
        plural="Your turn: lay away {count} cards for your crib.",
    ),
    "turn.discard.crib": M(
        "Your turn: lay away {count} card for {who}'s crib.",
        "the prompt of the discard (another's crib)",
        plural="Your turn: lay away {count} cards for {who}'s crib.",
    ),
    "turn.waiting_for": M("Waiting for {who} to lay away.", "the discard: the one player still to lay away, named"),
    "turn.waiting_for.many": M(
        "Waiting for {who} to lay away.", "the discard: the players still to lay away, named ('Max and Oliver')"
    ),
    "turn.waiting": M("Waiting for the others to lay away.", "the discard: waiting for the others"),
    "turn.yours": M("Your turn.", "the prompt of the play, the count just said"),
    "turn.yours_count": M("Your turn. Count {count}.", "the prompt of the play, with the count"),
    "turn.yours_go": M("Your turn. Count {count}. No card fits: say go.", "the prompt of the play: no card fits"),
    "turn.other": M("{Who}'s turn.", "whose turn: another player's"),
    "hand.counting.hand": M("You are counting your hand: {cards}.", f"{_K} h while the player counts the hand"),
    "hand.counting.crib": M("You are counting your crib: {cards}.", f"{_K} h while the player counts the crib"),
    "hand.with_starter": M("With the starter: {card}.", f"{_K} h while counting: the starter"),
    "hand.none_to_play": M("You have no cards left to play.", f"{_K} h in the play, no cards left"),
    "hand.for_show": M("Your hand for the show: {cards}.", f"{_K} h after the play: the four cards kept"),
    "hand.all_playable": M("All of them can be played.", f"{_K} h on the player's turn: every card fits"),
    "hand.playable": M("Playable: {cards}.", f"{_K} h on the player's turn: the cards that fit"),
    "hand.none_fits": M("None fits: say go.", f"{_K} h on the player's turn: no card fits"),
}


def _t(code: str, **facts: object) -> str:
    return say(CODES[code], facts, code)


class Answers:
    """Answers to the shortcut questions, from what seat ``names.me`` observes (its own
    :class:`~spoken_cribbage.engine.game.Observation`, as a computer player sees the table):
    ``source`` is the game, or a function that returns that seat's observation."""

    def __init__(self, source: g.Game | Callable[[], g.Observation], names: Names):
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
            return _t("answer.count.not_yet")
        if o.phase != g.PLAY:
            return _t("answer.count.over")
        if not o.series:
            return _t("answer.count.none")
        return _t("answer.count", count=o.count, cards=card_list(o.series))

    def _sides(self, o: g.Observation) -> int:
        return o.rules.sides if o.rules is not None else len(o.scores)

    def crib(self) -> str:
        o = self.obs
        d = o.dealer
        sides = self._sides(o)
        side = ""
        if sides < o.players:  # partners: the crib counts for the dealer's side
            side = _t("answer.crib.side", team=self.names.side_name(d % sides, sides))
        if d == self.me:
            return _t("answer.crib.you", side=side)
        return _t("answer.crib.other", who=self.names.subject(d), Who=self.names.Subject(d), side=side)

    def starter(self) -> str:
        st = self.obs.starter
        if st is None:
            return _t("answer.starter.none")
        return _t("answer.starter", card=the_card(st))

    def table(self) -> str:
        """The cards on the table: this series, then everything played this hand, by player
        (with more than two players, each card of the series with who played it, on a line
        of its own)."""
        o = self.obs
        if o.phase == g.DISCARD or not o.played:
            return _t("answer.table.none")
        if o.players > 2:
            return self._table_by_player(o)
        if o.series:
            series = _t("answer.table.series", cards=card_list(o.series), count=o.count)
        else:
            series = _t("answer.table.no_series")
        return _t("answer.table", series=series, seats=self._by_seat(o, range(o.players)))

    def _by_seat(self, o: g.Observation, seats: Sequence[int]) -> str:
        """'you: five of hearts; Computer: none': each seat's cards played this hand."""
        said = ""
        for seat in seats:
            cards = [c for s, c in o.played if s == seat]
            who = self.names.subject(seat)
            one = (
                _t("answer.table.seat", who=who, cards=card_list(cards))
                if cards
                else _t("answer.table.seat_none", who=who)
            )
            said = _t("answer.table.join", seats=said, seat=one) if said else one
        return said

    def _table_by_player(self, o: g.Observation) -> str:
        n = self.names
        series = o.played[len(o.played) - len(o.series) :] if o.series else ()
        if series:
            plays = [_t("answer.table.play", who=n.subject(s), card=card_name(c)) for s, c in series]
            head = _t("answer.table.by_player", count=o.count, plays=join(plays, "all"))
        else:
            head = _t("answer.table.no_series")
        seats = [(self.me + k) % o.players for k in range(o.players)]
        return head + "\n" + _t("answer.table.played", seats=self._by_seat(o, seats))

    def held(self) -> str:
        """How many cards each player holds: 'Cards held: you 3, Max 2, Lena 3, Oliver 2.'"""
        o = self.obs
        if o.phase in (g.DEAL_OVER, g.GAME_OVER, g.SHOW) or not o.cards_left:
            return _t("answer.held.over") if o.phase in (g.DEAL_OVER, g.SHOW) else _t("answer.held.none")
        n = self.names
        parts = []
        for k in range(o.players):
            seat = (self.me + k) % o.players
            left = o.cards_left[seat]
            who = n.subject(seat)
            parts.append(_t("answer.held.seat", who=who, left=left) if left else _t("answer.held.seat_none", who=who))
        return _t("answer.held", held=join(parts, "all"))

    def scores(self) -> str:
        o = self.obs
        mine = o.side
        order = [mine] + [s for s in range(len(o.scores)) if s != mine]
        sides = ""
        for s in order:
            name = self.names.side_name(s, len(o.scores))
            left = max(o.target - o.scores[s], 0)
            side = _t("answer.scores.side", name=name, Name=cap(name), score=o.scores[s], left=left)
            sides = _t("answer.scores.join", sides=sides, side=side) if sides else side
        return cap(_t("answer.scores", sides=sides))

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
            who = self.names.side_name(s, len(o.scores))
            if front == back:
                code = "answer.pegs.you_both" if s == mine else "answer.pegs.other_both"
            else:
                code = (
                    "answer.pegs.you"
                    if s == mine
                    else "answer.pegs.other"
                    if o.players == 2
                    else "answer.pegs.team"
                    if len(o.scores) < o.players
                    else "answer.pegs.others"
                )
            lines.append(_t(code, who=who, Who=cap(who), front=front, back=back, points=front - back))
        return lines

    def turn(self, count_said: bool = False, crib_said: bool = False, after: bool = False) -> str:
        """Whose turn, and what to do. ``count_said``: the line just before said the count,
        so the prompt does not say it again; ``crib_said``: so did the crib's owner (a new deal).
        ``after`` (the turn key, with more than two players): also who plays next."""
        text = self._turn(count_said, crib_said)
        if after:
            later = self._after_turn(self.obs)
            if later is not None:
                text = _t(later[0], turn=text, **later[1])
        return text

    def _after_turn(self, o: g.Observation) -> tuple[str, dict[str, str]] | None:
        """' Max plays after you.', ' You play after Max.', ' No one else plays in this series.'"""
        if o.players <= 2 or o.phase != g.PLAY or o.to_act is None:
            return None
        n = self.names
        now = o.to_act
        nxt = next(
            (s for s in ((now + k) % o.players for k in range(1, o.players)) if o.cards_left[s] and s not in o.gone),
            None,
        )
        if nxt is None:
            return "answer.after.none", {}
        if now == self.me:
            return "answer.after.you", {"who": n.subject(nxt), "Who": n.Subject(nxt)}
        if nxt == self.me:
            return "answer.after.me", {"who": n.subject(now)}
        return "answer.after.other", {"who": n.subject(nxt), "Who": n.Subject(nxt), "now": n.subject(now)}

    def _turn(self, count_said: bool = False, crib_said: bool = False) -> str:
        o = self.obs
        me = self.me
        if o.phase == g.GAME_OVER:
            return _t("turn.game_over")
        if o.phase == g.DEAL_OVER:
            return _t("turn.deal_over")
        if o.phase == g.SHOW:
            if o.to_act == me:
                return _t("turn.count.crib" if o.showing_crib else "turn.count.hand")
            assert o.to_act is not None  # the show has a seat counting
            who = self.names.subject(o.to_act)
            return _t("turn.count.other", who=who, Who=who.capitalize())
        if o.phase == g.DISCARD:
            if me in o.waiting:
                k = o.rules.discards if o.rules else 2
                if crib_said:
                    return _t("turn.discard", count=k)
                if o.dealer == me:
                    return _t("turn.discard.your_crib", count=k)
                return _t("turn.discard.crib", count=k, who=self.names.subject(o.dealer))
            if o.players > 2 and o.waiting:
                code = "turn.waiting_for.many" if len(o.waiting) > 1 else "turn.waiting_for"
                return _t(code, who=list_words([self.names.subject(s) for s in o.waiting]))
            return _t("turn.waiting")
        if o.to_act == me:
            if o.playable:
                return _t("turn.yours") if count_said else _t("turn.yours_count", count=o.count)
            return _t("turn.yours_go", count=o.count)
        if o.to_act is None:  # (a shared table's view between two updates: nobody to name yet)
            return _t("turn.waiting")
        who = self.names.subject(o.to_act)
        return _t("turn.other", who=who, Who=who.capitalize())

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
            counting = _t(f"hand.counting.{what}", cards=card_list(o.showing))
            return counting + "\n" + _t("hand.with_starter", card=the_card(o.starter))
        if not cards:
            if o.phase in (g.PLAY,):
                return _t("hand.none_to_play")
            return _t("hand.for_show", cards=card_list(o.kept))
        text = "\n".join(hand_lines(cards, nums))
        if o.phase == g.PLAY:
            fits = list(o.playable)
            if o.to_act == self.me:
                if len(fits) == len(cards):
                    text += "\n" + _t("hand.all_playable")
                elif fits:
                    text += "\n" + _t("hand.playable", cards=list_words([card_name(c) for c in fits], "and"))
                else:
                    text += "\n" + _t("hand.none_fits")
        return text

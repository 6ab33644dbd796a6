"""The answers to the shortcut questions (the count, the crib, the starter, the table, the
scores, the pegs, whose turn, the hand), from what one seat observes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.words.lines import cap, card_list, hand_lines, list_words
from spoken_cribbage.words.names import Names


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
        if sides < o.players:  # partners: the crib counts for the dealer's side
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
        series = (
            "This series: " + card_list(o.series) + f", count {o.count}." if o.series else "No cards in this series."
        )
        by_seat = []
        for seat in range(o.players):
            cards = [c for s, c in o.played if s == seat]
            who = "you" if seat == self.me else self.names.subject(seat)
            by_seat.append(f"{who}: {card_list(cards) if cards else 'none'}")
        return series + " Played this hand, " + "; ".join(by_seat) + "."

    def _table_by_player(self, o: g.Observation) -> str:
        n = self.names
        series = o.played[len(o.played) - len(o.series) :] if o.series else ()
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
            return (
                "No one holds a card: the play is over."
                if o.phase in (g.DEAL_OVER, g.SHOW)
                else "No one holds a card now."
            )
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
                lines.append(
                    f"{whose} front peg is on {front}, {their} back peg on {back}: {who} last pegged {front - back}."
                )
        return lines

    def turn(self, count_said: bool = False, crib_said: bool = False, after: bool = False) -> str:
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
        nxt = next(
            (s for s in ((now + k) % o.players for k in range(1, o.players)) if o.cards_left[s] and s not in o.gone),
            None,
        )
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
            assert o.to_act is not None  # the show has a seat counting
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
        assert o.to_act is not None  # the play has a seat to act
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
            return f"You are counting your {what}: {card_list(o.showing)}.\nWith the starter: the {o.starter.name}."
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

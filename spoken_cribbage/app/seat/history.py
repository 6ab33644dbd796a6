"""The seat's look back (issue 24, the History stage): what was said, and what happened.

Two sources: the :class:`~spoken_cribbage.app.seat.output.Output`'s transcript (``repeat``
says the last answer again; ``[`` and ``]`` walk its lines one at a time, "Earlier: ...")
and the table's events as the player's seat saw them (``review`` reads the last deal at once,
the ``w`` key walks the current deal one event a press). Nothing said again joins the
transcript.

>>> from spoken_cribbage.app.seat.turns import LocalTable
>>> from spoken_cribbage.engine import game as g
>>> out = Output(lambda text, kind: print(text))
>>> past = History(out, LocalTable(g.Game(seed=3), {}), 0, Names(("you", "Computer"), 0))
>>> out.tell("It is your crib.")
It is your crib.
>>> out.tell("The starter is not cut yet.")
The starter is not cut yet.
>>> past.previous()
Earlier: It is your crib.
>>> past.later()
Earlier: The starter is not cut yet.
>>> past.walk()
Deal 1, from the start; press w for each event.
Deal 1. Your crib.
Your hand: ace of clubs, two of clubs, three of clubs, five of clubs, ten of hearts and jack of clubs.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.registry import Registry
from spoken_cribbage.app.seat.turns import Table
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.events_visitor import EventVisitor
from spoken_cribbage.vocabulary import Command
from spoken_cribbage.words import channels as channel_words
from spoken_cribbage.words import review as review_words
from spoken_cribbage.words.announce import Names
from spoken_cribbage.words.lines import Line, LineKind
from spoken_cribbage.words.seat import phrase

__all__ = ["HISTORY", "History", "deal_ended"]


class _Ended(EventVisitor[bool]):
    """A deal (or the game) ended in these events."""

    def visit_deal_ended(self, e: g.DealEnded) -> bool:
        return True

    def visit_game_over(self, e: g.GameOver) -> bool:
        return True

    def visit_event(self, e: g.Event) -> bool:
        return False


def deal_ended(events: Sequence[g.Event]) -> bool:
    """Whether ``events`` hold the end of a deal or of the game."""
    ended = _Ended()
    return any(ended.visit(e) for e in events)


class History:
    """``repeat``, ``previous`` (``[``), ``later`` (``]``), ``review`` and ``walk`` (``w``) for
    seat ``seat`` at ``table``, said through ``output``; ``names``: the game's seat names."""

    def __init__(self, output: Output, table: Table, seat: int, names: Names) -> None:
        self.output = output
        self.table = table
        self.seat = seat
        self.names = names
        #: The walk under way: (deal walked, next step, the game's moment when last pressed).
        self._walk: tuple[int, int, tuple[int, bool]] | None = None

    def restart(self, names: Names) -> None:
        """A game begins at the table (its seat names): no walk is under way."""
        self.names = names
        self._walk = None

    # ------------------------------------------------------------------ the transcript

    def _again(self, lines: Sequence[Line]) -> None:
        """Say lines again, not joining the transcript."""
        self.output.say(lines, record=False)

    def repeat(self) -> None:
        """The last answer again."""
        out = self.output
        if not out.last_batch:
            out.tell(phrase("nothing_to_repeat"))
            return
        self._again(out.last_batch)

    def _earlier(self, pos: int) -> None:
        out = self.output
        line = out.history[pos]
        self._again([Line(phrase("earlier", text=line.text), phrase("earlier", text=line.speech), line.kind)])
        out.hist_pos = pos

    def previous(self) -> None:
        """One line further back in the transcript (``[``), or in the channel walked
        (``Output.walked``, set by ``history scores``): from the newest, the line before the
        last when every line is walked (the last was just heard), the channel's last when one
        channel is. The first line stays the first."""
        out = self.output
        places = out.walkable()
        if not places:
            out.tell(
                phrase("no_earlier_lines")
                if out.walked is None
                else channel_words.say("no_lines_walked", name=out.walked)
            )
            return
        if out.hist_pos is None:
            k = len(places) - (2 if out.walked is None else 1)
        else:
            k = bisect.bisect_left(places, out.hist_pos) - 1
        if k < 0:
            k = 0
            self._again([Line.same(phrase("first_line"))])
        self._earlier(places[k])

    def later(self) -> None:
        """One line forward in the transcript, or the channel walked (``]``), until the latest."""
        out = self.output
        places = out.walkable()
        if out.hist_pos is None or not places or out.hist_pos >= places[-1]:
            out.hist_pos = None
            self._again([Line.same(phrase("latest_line"))])
            return
        self._earlier(places[bisect.bisect_right(places, out.hist_pos)])

    # ------------------------------------------------------------------ the deal again

    def _deals(self) -> list[tuple[int, list[g.Event]]]:
        """This seat's view of the game, deal by deal (what came before the first left out)."""
        return [(n, evs) for n, evs in review_words.deals_of(self.table.events_for(self.seat)) if n]

    def _steps(self, events: list[g.Event]) -> list[list[str]]:
        return review_words.deal_steps(events, self.names, rules=self.table.rules)

    def _answer(self, lines: Sequence[str]) -> None:
        self.output.say([Line.same(t, LineKind.ANSWER) for t in lines])

    def review(self) -> None:
        """The last deal again, every event in order (the current one so far, before any deal
        has ended)."""
        deals = self._deals()
        if not deals:
            self.output.tell(review_words.say("no_deal"))
            return
        ended = [d for d in deals if deal_ended(d[1])]
        deal, events = ended[-1] if ended else deals[-1]
        end = "review_end" if ended else "review_so_far"
        lines = [review_words.say("review_head", deal=deal)]
        lines += [t for step in self._steps(events) for t in step]
        lines.append(review_words.say(end, deal=deal))
        self._answer(lines)

    def walk(self) -> None:
        """The current deal (or, before anything happened in it, the last one), one event a
        press; a sentence at the start, and at the end (or at the latest event, while the deal
        goes on). A walk belongs to the game's deal it was started in: once a new deal is dealt
        or the game is over, the next press starts again, saying which deal."""
        deals = self._deals()
        if not deals:
            self.output.tell(review_words.say("no_deal"))
            return
        by_number = dict(deals)
        obs = self.table.observation(self.seat)
        moment = (obs.deal, obs.phase == g.GAME_OVER)
        walk = self._walk
        if walk is not None and walk[0] in by_number and walk[1] > 0 and walk[2] == moment:
            deal, step = walk[0], walk[1]
        else:
            deal, events = deals[-1]
            if len(events) <= 1 and len(deals) > 1:  # only dealt so far: the last deal
                deal, events = deals[-2]
            step = 0
        events = by_number[deal]
        steps = self._steps(events)
        if step < len(steps):
            lines = ([review_words.say("walk_start", deal=deal)] if step == 0 else []) + steps[step]
            self._walk = (deal, step + 1, moment)
            self._answer(lines)
        elif deal_ended(events):
            self._walk = None
            self.output.tell(review_words.say("walk_end", deal=deal))
        else:
            self.output.tell(review_words.say("walk_latest", deal=deal))


#: The look back's commands: the context is the :class:`History`.
HISTORY: Registry[History] = Registry("history")


@HISTORY.verb("repeat")
def _repeat(past: History, c: Command) -> None:
    past.repeat()


@HISTORY.verb("previous")
def _previous(past: History, c: Command) -> None:
    past.previous()


@HISTORY.verb("later")
def _later(past: History, c: Command) -> None:
    past.later()


@HISTORY.verb("review")
def _review(past: History, c: Command) -> None:
    past.review()


@HISTORY.verb("walk")
def _walk(past: History, c: Command) -> None:
    past.walk()

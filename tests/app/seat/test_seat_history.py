"""The seat's look back alone (app/seat/history.py): an Output writing to a list and a table
over a seeded game played by its first legal actions, no session. repeat and [ ] say the
transcript's lines again without recording them; review and the walk read the table's events
as the seat saw them, the walk one step a press and afresh in each deal."""

from __future__ import annotations

from spoken_cribbage.app.seat.history import History, deal_ended
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.turns import LocalTable
from spoken_cribbage.engine import game as g
from spoken_cribbage.words.announce import Names
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.review import deal_steps, deals_of

NAMES = Names(("you", "Computer"), 0)


def make(seed: int = 11) -> tuple[History, LocalTable, Output, list[str]]:
    written: list[str] = []
    out = Output(lambda text, kind: written.append(text))
    table = LocalTable(g.Game(seed=seed), {})
    return History(out, table, 0, NAMES), table, out, written


def heard(written: list[str], f) -> list[str]:
    n = len(written)
    f()
    return written[n:]


def step(table: LocalTable) -> None:
    """One action: the first legal one of the first seat that may act."""
    for seat in range(table.players):
        legal = table.observation(seat).legal
        if legal:
            table.apply(legal[0], seat)
            return
    raise AssertionError("nobody may act")


def play_until(table: LocalTable, *phases: str) -> None:
    for _ in range(200):
        if table.game.phase in phases:
            return
        step(table)
    raise AssertionError(f"never reached {phases}")


def test_repeat_says_the_last_answer_again_without_recording_it():
    past, _, out, written = make()
    assert heard(written, past.repeat) == ["Nothing to repeat yet."]  # (an answer: recorded)
    with out.answer():
        out.tell("It is your crib.")
        out.tell("The starter is not cut yet.")
    assert heard(written, past.repeat) == ["It is your crib.", "The starter is not cut yet."]
    assert [line.text for line in out.history] == [
        "Nothing to repeat yet.",
        "It is your crib.",
        "The starter is not cut yet.",
    ]


def test_the_brackets_walk_the_transcript_and_stop_at_each_end():
    past, _, out, written = make()
    assert heard(written, past.previous) == ["No earlier lines."]
    past, _, out, written = make()
    for text in ("One.", "Two.", "Three."):
        out.tell(text)
    assert heard(written, past.previous) == ["Earlier: Two."]
    assert heard(written, past.previous) == ["Earlier: One."]
    assert heard(written, past.previous) == ["That is the first line.", "Earlier: One."]
    assert heard(written, past.later) == ["Earlier: Two."]
    assert heard(written, past.later) == ["Earlier: Three."]
    assert heard(written, past.later) == ["That is the latest line."]
    assert out.hist_pos is None and len(out.history) == 3  # nothing said again was recorded
    out.tell("Four.")
    assert heard(written, past.previous) == ["Earlier: Three."]


def test_an_earlier_line_keeps_its_kind_and_speaks_its_own_speech():
    kinds: list[LineKind] = []
    out = Output(lambda text, kind: kinds.append(kind))
    past = History(out, LocalTable(g.Game(seed=3), {}), 0, NAMES)
    out.tell("You 5, Computer 3.", LineKind.SCORE)
    out.tell("Your turn.", LineKind.TURN)
    past.previous()
    assert kinds[-1] is LineKind.SCORE


class NoDealYet(LocalTable):
    """A table whose game has not dealt (before the cut ends)."""

    def events_for(self, seat: int, start: int = 0) -> list[g.Event]:
        return [e for e in super().events_for(seat, start) if not isinstance(e, g.Dealt)][:1]


def test_review_and_walk_before_any_deal_say_there_is_none():
    written: list[str] = []
    out = Output(lambda text, kind: written.append(text))
    past = History(out, NoDealYet(g.Game(seed=3), {}), 0, NAMES)
    assert heard(written, past.review) == ["No deal to review yet."]
    assert heard(written, past.walk) == ["No deal to review yet."]


def test_review_reads_the_deal_so_far_then_the_last_deal_ended():
    past, table, _, written = make()
    steps = deal_steps(deals_of(table.events_for(0))[-1][1], NAMES)
    assert heard(written, past.review) == [
        "Deal 1, as it was played:",
        *[t for s in steps for t in s],
        "That is deal 1 so far.",
    ]
    play_until(table, g.DEAL_OVER)
    table.apply(g.NextDeal(), 0)  # deal 2 begins: review still reads deal 1, now ended
    deal1 = deals_of(table.events_for(0))[1][1]
    assert deal_ended(deal1) and not deal_ended(deals_of(table.events_for(0))[2][1])
    lines = heard(written, past.review)
    assert lines[0] == "Deal 1, as it was played:" and lines[-1] == "End of the review of deal 1."
    assert lines[1:-1] == [t for s in deal_steps(deal1, NAMES) for t in s]


def test_the_walk_gives_a_step_a_press_to_the_end_then_starts_again():
    past, table, _, written = make()
    play_until(table, g.DEAL_OVER)
    steps = deal_steps(deals_of(table.events_for(0))[1][1], NAMES)
    assert len(steps) > 5
    said = heard(written, past.walk)
    assert said == ["Deal 1, from the start; press w for each event.", *steps[0]]
    for expected in steps[1:]:
        assert heard(written, past.walk) == expected
    assert heard(written, past.walk) == ["That was the last event of deal 1. Press w to hear it again from the start."]
    assert heard(written, past.walk)[0] == "Deal 1, from the start; press w for each event."


def test_the_walk_stops_at_the_latest_event_and_goes_on_when_more_happened():
    past, table, _, written = make()
    steps = deal_steps(deals_of(table.events_for(0))[1][1], NAMES)
    for _ in steps:
        past.walk()
    assert heard(written, past.walk) == ["That is the latest event of deal 1. Press w again when more has happened."]
    play_until(table, g.PLAY)  # the discards: more to walk
    now = deal_steps(deals_of(table.events_for(0))[1][1], NAMES)
    assert heard(written, past.walk) == now[len(steps)]


def test_a_walk_begun_in_one_deal_starts_again_in_the_next():
    past, table, _, written = make()
    play_until(table, g.DEAL_OVER)
    past.walk()
    past.walk()
    table.apply(g.NextDeal(), 0)
    play_until(table, g.PLAY)  # deal 2 under way: its own walk, from the start
    steps = deal_steps(deals_of(table.events_for(0))[2][1], NAMES)
    assert heard(written, past.walk) == ["Deal 2, from the start; press w for each event.", *steps[0]]

"""What a key means, acted on (issue 24, the Seat stage): each :mod:`.intent` value's handler,
in one table (:data:`ON_INTENT`). A digit chooses a card as last heard (marked for the crib
in the discard, played in the play), arrows move through the hand, Enter does what the prompt
waits for, Escape takes back the count typed or the cards chosen, a digit of manual counting
types the count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from spoken_cribbage.app.seat.actions import Actions, claim, mark, numbered
from spoken_cribbage.app.seat.answering import Answering, confirm
from spoken_cribbage.app.seat.intent import (
    Act,
    Answer,
    AnswerFirst,
    Cancel,
    ChooseAtCursor,
    ChooseCard,
    EraseDigit,
    Ignored,
    MoveCursor,
    OpenCommandLine,
    RunVerb,
    TypeDigit,
    Unassigned,
)
from spoken_cribbage.engine import game as g
from spoken_cribbage.vocabulary import Command
from spoken_cribbage.words.commands import is_named_key, key_name
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.seat import cursor_line, more, phrase

__all__ = ["ON_INTENT", "Chooser", "choose"]


class Chooser(Actions, Answering, Protocol):
    """What the keys need of the seat, besides what the game actions and the answers need."""

    def count_due(self) -> bool:
        """Manual counting: the player's own count is due now."""
        ...

    def drop_voice_question(self) -> None:
        """The player acted another way: a voice command waiting for its yes is dropped."""
        ...

    def run(self, command: Command) -> None:
        """A command of the vocabulary, as if typed."""
        ...


def _obs(seat: Chooser) -> g.Observation:
    return seat.table.observation(seat.me)


def choose(seat: Chooser, n: int) -> None:
    """Card ``n`` chosen by digit, Space or Enter: mark it in the discard, play it in the play."""
    seat.drop_voice_question()  # the player chose a card another way
    phase = _obs(seat).phase
    if phase not in (g.DISCARD, g.PLAY):
        seat.output.tell(phrase("no_cards_to_choose", turn=seat.answers.turn()))
        return
    card = numbered(seat, n)
    if card is None:
        return
    seat.hand_view.choose(n)
    if phase == g.DISCARD:
        mark(seat, card)
    else:
        seat.do(g.Play(seat.me, card))


def type_digit(seat: Chooser, intent: TypeDigit) -> None:
    """A digit of the player's own count (manual counting)."""
    seat.drop_voice_question()
    view = seat.hand_view
    typed = view.type_digit(intent.digit)
    if typed is None:
        seat.output.tell(
            phrase("count_too_big", n=str(int(view.count_typed + str(intent.digit))), typed=view.count_typed),
            LineKind.ERROR,
        )
        return
    seat.output.tell(phrase("count_typed", n=typed))


def erase_digit(seat: Chooser, intent: EraseDigit) -> None:
    """Backspace in the player's own count: the last digit typed is taken back."""
    view = seat.hand_view
    if not view.erase_digit():
        seat.output.tell(phrase("count_no_digit"))
        return
    seat.output.tell(phrase("count_typed", n=view.count_typed) if view.count_typed else phrase("count_cleared"))


def unassigned(seat: Chooser, intent: Unassigned | OpenCommandLine) -> None:
    """A key that does nothing here (slash too: the seat alone has no command line)."""
    key = intent.key if isinstance(intent, Unassigned) else "/"
    said = "named_key_unassigned" if is_named_key(key) else "key_unassigned"
    seat.output.tell(phrase(said, key=key_name(key)), LineKind.ERROR)


def act(seat: Chooser, intent: Act) -> None:
    """Enter with no question open, the deal or the game not over: claim the count typed,
    play the card an arrow moved to, or say what the prompt waits for."""
    obs, view = _obs(seat), seat.hand_view
    if seat.count_due():
        if view.count_typed:
            claim(seat, int(view.count_typed))
        else:
            seat.output.tell(phrase("count_first"))
    elif obs.phase == g.PLAY and obs.to_act == seat.me and view.moved_to() is not None:
        choose(seat, view.moved_to() or 0)
    elif obs.phase == g.DISCARD and view.marked:
        need = seat.table.rules.discards - len(view.marked)
        seat.output.tell(phrase("choose_first", more=more(need)))
    else:
        seat.output.tell(seat.answers.turn())


def cancel(seat: Chooser, intent: Cancel) -> None:
    """Escape with no question to refuse: the count typed, the cards chosen, or the speech."""
    if seat.hand_view.clear_count():
        seat.output.tell(phrase("count_cleared"))
    else:
        seat.run(Command("cancel" if seat.hand_view.marked else "silence"))


def choose_at_cursor(seat: Chooser, intent: ChooseAtCursor) -> None:
    chosen = seat.hand_view.chosen()
    if chosen is None or not seat.hand_view.held_positions(_obs(seat).hand):
        seat.output.tell(phrase("no_card_to_choose"))
        return
    choose(seat, chosen)


def move_cursor(seat: Chooser, intent: MoveCursor) -> None:
    """Arrows, Home and End through the cards held: the card under the cursor is said."""
    obs = _obs(seat)
    pos = seat.hand_view.move(intent.where, obs.hand)
    if pos is None:
        seat.output.tell(phrase("no_cards_in_hand"))
        return
    playable = obs.playable if obs.phase == g.PLAY and obs.to_act == seat.me else None
    seat.output.tell(cursor_line(*seat.hand_view.spot(pos, obs.hand, playable)), LineKind.CURSOR)


#: Each intent's handler (tests/test_seat_keymap.py holds that every intent type has one).
ON_INTENT: dict[type, Callable[[Chooser, Any], None]] = {
    ChooseCard: lambda seat, i: choose(seat, i.number),
    ChooseAtCursor: choose_at_cursor,
    MoveCursor: move_cursor,
    Act: act,
    Cancel: cancel,
    TypeDigit: type_digit,
    EraseDigit: erase_digit,
    Answer: lambda seat, i: confirm(seat, i.yes),
    AnswerFirst: lambda seat, i: seat.output.tell(phrase("press_y_or_n")),
    RunVerb: lambda seat, i: seat.run(Command(i.verb)),
    Unassigned: unassigned,
    OpenCommandLine: unassigned,
    Ignored: lambda seat, i: None,
}  # a key left alone (the screen reader's Insert)

"""What a key means, acted on, alone (app/seat/choices.py): a fake seat over a seeded game and
an Output writing to a list, no session. A digit marks a card in the discard and plays one in
the play, arrows say the card under the cursor, Enter claims the count typed, Escape takes the
count back first, and a slash alone is a key that does nothing here."""

from __future__ import annotations

from spoken_cribbage.app.seat.choices import ON_INTENT
from spoken_cribbage.app.seat.intent import Act, Cancel, ChooseCard, MoveCursor, OpenCommandLine, TypeDigit
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.engine import game as g
from spoken_cribbage.vocabulary import Command
from spoken_cribbage.words.commands import key_name
from spoken_cribbage.words.seat import phrase
from testkit.fake_seat import ActionsSeat


class Seat(ActionsSeat):
    def __init__(self, written: list[str]) -> None:
        super().__init__(Output(lambda text, kind: written.append(text)))
        self.hand_view.number(self.table.observation(0).hand)
        self.due = False
        self.ran: list[str] = []
        self.dropped = 0

    def count_due(self) -> bool:
        return self.due

    def drop_voice_question(self) -> None:
        self.dropped += 1

    def confirm(self, yes: bool) -> None:
        self.ran.append(f"confirm {yes}")

    def run(self, command: Command) -> None:
        self.ran.append(command.verb)


def press(seat: Seat, intent, written: list[str]) -> list[str]:
    n = len(written)
    ON_INTENT[type(intent)](seat, intent)
    return written[n:]


def test_a_digit_marks_in_the_discard_and_plays_in_the_play():
    written: list[str] = []
    seat = Seat(written)
    hand = seat.table.observation(0).hand
    said = press(seat, ChooseCard(2), written)
    assert said == [f"{hand[1].name.capitalize()} chosen; choose one more."] and seat.dropped == 1
    assert seat.hand_view.marked == [hand[1]] and seat.done == []
    seat.table.game.phase = g.PLAY  # (the fake seat's game, in the play: a digit plays)
    seat.table.forget()  # (changed behind the table: its observations are built afresh)
    press(seat, ChooseCard(3), written)
    assert seat.done == [g.Play(0, hand[2])]


def test_arrows_say_the_card_under_the_cursor():
    written: list[str] = []
    seat = Seat(written)
    hand = seat.table.observation(0).hand
    said = press(seat, MoveCursor("right"), written)
    assert said == [f"{hand[1].name.capitalize()}, card 2 of 6."]
    said = press(seat, MoveCursor("end"), written)
    assert said == [f"{hand[5].name.capitalize()}, card 6 of 6."]


def test_enter_claims_the_count_typed_and_escape_takes_it_back_first():
    written: list[str] = []
    seat = Seat(written)
    seat.due = True
    press(seat, TypeDigit(1), written)
    assert press(seat, TypeDigit(2), written) == [phrase("count_typed", n="12")]
    press(seat, Act(), written)
    assert seat.done == [g.Claim(0, 12)] and seat.hand_view.count_typed == ""
    press(seat, TypeDigit(5), written)
    press(seat, Cancel(), written)
    assert seat.hand_view.count_typed == "" and seat.ran == []
    press(seat, Cancel(), written)  # nothing typed, nothing marked: the speech is silenced
    assert seat.ran == ["silence"]


def test_a_slash_alone_does_nothing_here_and_says_so():
    written: list[str] = []
    seat = Seat(written)
    said = press(seat, OpenCommandLine(), written)
    assert said == [phrase("key_unassigned", key=key_name("/"))]

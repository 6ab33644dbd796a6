"""The open question answered, alone (app/seat/answering.py): a fake seat over a seeded game,
no session. Quit asked and answered either way, the cards chosen laid away on yes, a voice
command heard in doubt asked about, refused when it is an answer itself, acted on when yes
comes while it is still legal and dropped when it is no longer."""

from __future__ import annotations

from spoken_cribbage.app.seat import answering
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.question import Question
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.vocabulary import Command, VoiceContext, phrases_for
from spoken_cribbage.words.announce import Announcer
from spoken_cribbage.words.notices import phrase as phrase_notice
from spoken_cribbage.words.seat import not_done, phrase
from testkit.fake_seat import NAMES, ActionsSeat


class Commands:
    def __init__(self) -> None:
        self.ran: list[str] = []

    def run(self, command: Command) -> None:
        self.ran.append(command.verb)


class Seat(ActionsSeat):
    def __init__(self, written: list[str]) -> None:
        super().__init__(Output(lambda text, kind: written.append(text)))
        self.announcer = Announcer(NAMES)
        self.commands = Commands()
        self.quit = False
        self.typed: list[str] = []
        self.hand_view.number(self.table.observation(0).hand)

    def command(self, text: str) -> None:
        self.typed.append(text)

    def moment_context(self) -> VoiceContext:
        return VoiceContext.numbered("discard", self.hand_view.numbered(self.table.observation(0).hand))

    def ask_again(self) -> None:
        line = self.asking.again()
        if line:
            self.output.tell(line)


def heard(written: list[str], f) -> list[str]:
    n = len(written)
    f()
    return written[n:]


def test_quit_answered_no_goes_back_and_yes_leaves():
    written: list[str] = []
    seat = Seat(written)
    seat.ask(Question.QUIT, "Quit?")
    assert heard(written, lambda: answering.confirm(seat, False)) == [phrase("back_to_game")]
    assert seat.asking.kind is None and not seat.quit
    seat.ask(Question.QUIT, "Quit?")
    assert heard(written, lambda: answering.confirm(seat, True)) == [phrase("goodbye_kept")]
    assert seat.quit


def test_the_cards_chosen_are_laid_away_on_yes_and_cleared_on_no():
    written: list[str] = []
    seat = Seat(written)
    hand = seat.table.observation(0).hand
    seat.hand_view.mark(hand[0], 2)
    seat.hand_view.mark(hand[1], 2)
    seat.ask(Question.DISCARD, "Lay away?")
    answering.confirm(seat, True)
    assert seat.done == [g.Discard(0, (hand[0], hand[1]))] and seat.announcer.confirmed
    seat.ask(Question.DISCARD, "Lay away?")
    answering.confirm(seat, False)
    assert seat.commands.ran == ["cancel"]


def test_a_voice_command_in_doubt_is_asked_about_then_done_on_yes_only_while_legal():
    written: list[str] = []
    seat = Seat(written)
    question = Notice("voice.confirm", heard="first card", command="discard")
    answering.doubtful(seat, "yes", question)  # an answer is never itself confirmed
    assert written == [phrase_notice(Notice("voice.not_understood"))] and seat.asking.kind is None
    command = next(iter(phrases_for(seat.moment_context()).values()))
    answering.doubtful(seat, command, question)
    assert seat.asking.kind is Question.VOICE
    answering.confirm(seat, True)
    assert seat.typed == [command]
    answering.doubtful(seat, command, question)
    assert heard(written, lambda: answering.confirm(seat, False)) == [not_done(command)]
    answering.doubtful(seat, command, question)
    seat.moment_context = lambda: VoiceContext("other")  # the moment passed: stale
    said = heard(written, lambda: answering.confirm(seat, True))
    assert said == [not_done(command, stale=True, turn=seat.answers.turn())] and seat.typed == [command]

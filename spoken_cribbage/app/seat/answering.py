"""The open yes/no question answered (issue 24, the Question stage's acts): quit or back to
the game, the cards chosen laid away or cleared, a voice command heard in doubt acted on or
not; and a voice command heard in doubt asked about in the first place (:func:`doubtful`).
The question's state and its words are :mod:`.question`'s."""

from __future__ import annotations

from typing import Protocol

from spoken_cribbage.app.seat.commands import Commands
from spoken_cribbage.app.seat.hand_view import HandView
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.question import ANSWER_VERBS, Asking, Question
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.vocabulary import Command, VoiceContext, phrases_for
from spoken_cribbage.words.announce import Announcer, Answers
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.notices import phrase as phrase_notice
from spoken_cribbage.words.seat import not_done, phrase

__all__ = ["Answering", "ask_again", "confirm", "doubtful", "interrupt", "leave"]


class Answering(Protocol):
    """What answering a question needs of the seat."""

    me: int
    output: Output
    answers: Answers
    announcer: Announcer
    asking: Asking
    hand_view: HandView
    commands: Commands
    #: the game is saved, so quitting keeps it
    kept: bool
    #: the game is over
    finished: bool
    #: the player chose to leave
    quit: bool

    def do(self, action: g.Action) -> None: ...

    def command(self, text: str) -> None:
        """A typed line (a held voice command, once confirmed, takes the same path)."""
        ...

    def moment_context(self) -> VoiceContext:
        """The grammar of the game's moment, whether or not a question is open."""
        ...

    def unsaved_words(self, when: str) -> str | None: ...

    def ask(self, kind: Question, question: str, held: str | None = None) -> None: ...


def _legal_now(seat: Answering, command: str) -> bool:
    """Whether the voice grammar of the game's moment (as if no question were open) holds
    ``command``: a doubtful command is acted on only while it could still be said."""
    return command in phrases_for(seat.moment_context()).values()


def doubtful(seat: Answering, command: str, question: Notice) -> None:
    """A voice command heard, but not surely enough to act on it: ask ``question`` ("Play
    the nine of spades? Say yes or no.") and act only on yes (:func:`confirm`).

    A doubtful answer (yes, no, cancel) is never itself confirmed: it is not understood, and
    the open question is asked again. So is a command that is not legal now (heard in a moment
    that has passed) or one heard while another question (quit, the discard) is open. A new
    doubtful command replaces an open voice question."""
    verb = command.split(" ", 1)[0]
    if verb in ANSWER_VERBS or seat.asking.besides_voice() or not _legal_now(seat, command):
        seat.output.cue("refused")
        seat.output.tell(phrase_notice(Notice("voice.not_understood")), LineKind.VOICE)
        ask_again(seat)
        return
    seat.ask(Question.VOICE, phrase_notice(question), command)


def _answer_voice(seat: Answering, yes: bool) -> None:
    held = seat.asking.take_voice()
    if not yes:
        seat.output.tell(not_done(held))
    elif not _legal_now(seat, held):  # never act on a stale command
        seat.output.tell(not_done(held, stale=True, turn=seat.answers.turn()), LineKind.ERROR)
    else:
        seat.command(held)  # the same path as a typed command; its announcement confirms


def ask_again(seat: Answering) -> None:
    """Say the open question again (nothing when none is open)."""
    line = seat.asking.again()
    if line:
        seat.output.tell(line, "prompt")


def interrupt(seat: Answering) -> None:
    """Ctrl-C: asks to quit; a second Ctrl-C in a row quits at once (the game is kept)."""
    if seat.asking.kind is Question.QUIT:
        leave(seat)
    else:
        seat.commands.run(Command("quit"))


def leave(seat: Answering) -> None:
    """The player leaves (goodbye: whether the game is kept)."""
    seat.asking.close()
    seat.output.tell(
        seat.unsaved_words("goodbye") or phrase("goodbye_kept" if seat.kept and not seat.finished else "goodbye")
    )
    seat.quit = True


def confirm(seat: Answering, yes: bool) -> None:
    """The open question answered (:func:`.question.yes_or_no`: cancel is no)."""
    kind = seat.asking.kind
    if kind is Question.QUIT:
        if yes:
            leave(seat)
        else:
            seat.asking.close()
            seat.output.tell(phrase("back_to_game"))
    elif kind is Question.DISCARD:
        seat.asking.close()
        if yes:
            seat.announcer.confirmed = True  # the question named them (brief discard)
            seat.do(g.Discard(seat.me, seat.hand_view.take_marked()))
        else:
            seat.commands.run(Command("cancel"))
    elif kind is Question.VOICE:
        _answer_voice(seat, yes)

"""The seat's moment (issue 24): what a key or a voice command means now, and what the game
waits for from the player (the prompt). The KeyMap reads the :class:`~.keymap.Moment`, the
voice grammar the :class:`~spoken_cribbage.vocabulary.VoiceContext`, the Output the prompt."""

from __future__ import annotations

from typing import Protocol

from spoken_cribbage.app.seat.hand_view import HandView
from spoken_cribbage.app.seat.keymap import Moment
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.question import Asking
from spoken_cribbage.app.seat.turns import Table, TurnRunner
from spoken_cribbage.engine import game as g
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.vocabulary import VoiceContext
from spoken_cribbage.words.announce import Answers, Line
from spoken_cribbage.words.seat import phrase

__all__ = ["Seated", "context", "moment", "phase", "prompt_line", "remind", "voice_context"]


class Seated(Protocol):
    """What the moment needs of the seat."""

    me: int
    hand_view: HandView
    asking: Asking
    runner: TurnRunner
    answers: Answers
    #: the game is over
    finished: bool
    #: the player chose to leave
    quit: bool
    output: Output

    @property
    def table(self) -> Table:
        """The table the seat sits at: the moment reads the seat's observation from it."""
        ...


def phase(seat: Seated) -> str:
    """The game's moment for this seat in the vocabulary's words (its grammar, its keys)."""
    obs = seat.table.observation(seat.me)
    if obs.phase == g.DISCARD and seat.me in obs.waiting:
        return "discard"
    if obs.phase == g.PLAY and obs.to_act == seat.me:
        return "play"
    if seat.runner.count_due(obs):
        return "counting"
    if obs.phase == g.DEAL_OVER:
        return "show"
    if obs.phase == g.GAME_OVER:
        return "over"
    return "other"


def moment(seat: Seated) -> Moment:
    """What a key means depends on (seat.keymap): the game's moment, the question open."""
    return Moment(phase(seat), seat.asking.kind)


def context(seat: Seated) -> VoiceContext:
    """The grammar of the game's moment, whether or not a question is open."""
    now = phase(seat)
    if now not in ("discard", "play", "other"):
        return VoiceContext(now)
    obs = seat.table.observation(seat.me)
    numbering = seat.hand_view.numbered(obs.hand)
    if now == "play":
        can_go = not any(isinstance(a, g.Play) for a in obs.legal)
        return VoiceContext.numbered("play", numbering, can_go=can_go)
    return VoiceContext.numbered(now, numbering)


def voice_context(seat: Seated) -> VoiceContext:
    """The grammar for this moment: the phase, the hand as numbered, whether go is legal
    (a yes/no question while one is open)."""
    if seat.asking.kind is not None:
        return VoiceContext("question")
    return context(seat)


def prompt_line(seat: Seated) -> Line | None:
    """What the game waits for from the player now (None while it does not wait: the
    computers are playing, or the player has left)."""
    if seat.quit:
        return None
    line = seat.asking.again()
    if line:
        return Line.same(line, "prompt")
    if seat.runner.waiting:
        return None
    if seat.finished:
        return Line.same(phrase("game_over_prompt"), "prompt")
    return Line.same(seat.answers.turn(), "turn")


def remind(seat: Seated) -> None:
    """The prompt again (whose turn, what to do), after something of its own that ran in the
    middle of the game (the voice check), so the last line says what the game waits for."""
    prompt = prompt_line(seat)
    if prompt is not None:
        seat.output.say([prompt], priority=Priority.NORMAL)

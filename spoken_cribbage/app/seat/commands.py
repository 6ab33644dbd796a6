"""The seat's commands (issue 24, the Commands stage): every verb of the vocabulary and its
handler, from the groups that declare them, each handler taking its group's small context:

=========================  ================================  =============================
group                      verbs                             context
=========================  ================================  =============================
:mod:`.asked`              count, crib, hand, scores, help   :class:`.asked.Asked`
:mod:`.history`            repeat, previous, review, walk    :class:`.history.History`
:mod:`.devices`            settings, silence, cues, listen   :class:`.devices.Devices`
:mod:`.listening`          channels, profile, history        :class:`.devices.Devices`
:mod:`.actions`            play, discard, go, undo, quit     :class:`.actions.Actions`
=========================  ================================  =============================

A command with a value (``rate 200``, ``cues off``) changes a setting
(:func:`.devices.change_setting`), whatever its verb, but for the verbs that take a value
(``profile quiet``, ``history scores``: ``vocabulary.VALUE_VERBS``).
"""

from __future__ import annotations

from typing import Protocol

from spoken_cribbage.app.seat.actions import ACTIONS, Actions, keep_the_sure_cards
from spoken_cribbage.app.seat.asked import ASKED, Asked
from spoken_cribbage.app.seat.devices import DEVICES, Devices, change_setting
from spoken_cribbage.app.seat.history import HISTORY, History
from spoken_cribbage.app.seat.listening import LISTENING
from spoken_cribbage.app.seat.question import yes_or_no
from spoken_cribbage.app.seat.registry import Bound, Registry
from spoken_cribbage.vocabulary import VALUE_VERBS, Command, CommandError, VoiceContext
from spoken_cribbage.vocabulary.languages import parse_in
from spoken_cribbage.words import catalogue
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.notices import phrase as phrase_notice
from spoken_cribbage.words.seat import phrase

__all__ = ["ACTION_VERBS", "GROUPS", "VERBS", "Commands", "Typed", "line", "run"]

#: Every group of commands.
GROUPS: tuple[Registry[Asked] | Registry[History] | Registry[Devices] | Registry[Actions], ...] = (
    ASKED,
    HISTORY,
    DEVICES,
    LISTENING,
    ACTIONS,
)
#: Every verb with a handler.
VERBS = frozenset(verb for group in GROUPS for verb in group.handlers)
#: Commands that act on the game: giving one another way drops a voice question.
ACTION_VERBS = ("play", "discard", "go", "next", "new", "undo", "claim", "muggins")


class Commands:
    """Every verb's handler, bound to its group's context."""

    def __init__(self, *, asked: Asked, history: History, devices: Devices, actions: Actions) -> None:
        self.devices = devices
        self.handlers: dict[str, Bound] = {
            **ASKED.bind(asked),
            **HISTORY.bind(history),
            **DEVICES.bind(devices),
            **LISTENING.bind(devices),
            **ACTIONS.bind(actions),
        }

    def run(self, command: Command) -> None:
        """Carry out ``command``: its verb's handler, or a setting changed when it has a value."""
        handler = self.handlers.get(command.verb)
        if handler is None or (command.value and command.verb not in VALUE_VERBS):
            # "cues" is a command, "cues off" a setting; "profile quiet" is the profile command
            change_setting(self.devices, command)
            return
        handler(command)


class Typed(Actions, Protocol):
    """What a typed line (or an accepted voice command) needs of the seat."""

    commands: Commands

    def confirm(self, yes: bool) -> None:
        """The open question answered (seat.answering)."""
        ...

    def enter(self) -> None:
        """Enter with nothing typed: do what the prompt says."""
        ...

    def voice_context(self) -> VoiceContext: ...


def line(seat: Typed, text: str) -> None:
    """A typed line, or an accepted voice command: a yes or no to the open question, Enter
    when empty, else parsed in this moment's grammar and run."""
    answer = yes_or_no(text)
    if seat.asking.kind is not None and answer is not None:
        seat.confirm(answer)
        return
    if not text.strip():
        seat.enter()
        return
    try:
        cmd = parse_in(text, seat.voice_context(), catalogue.current())  # English, or the game's language
    except CommandError as e:
        if seat.asking.kind is None and e.code == "command.ambiguous" and e.data.get("known"):
            keep_the_sure_cards(seat, e.data["verb"], e.data["known"])
        seat.output.tell(phrase("answer_y_or_n") if seat.asking.kind is not None else phrase_notice(e), LineKind.ERROR)
        return
    run(seat, cmd)


def run(seat: Typed, cmd: Command) -> None:
    """Run ``cmd``, if the open question lets it (another action drops a voice question)."""
    if not seat.asking.lets(cmd.verb):
        seat.output.tell(phrase("answer_y_or_n"))
        return
    if cmd.verb in ACTION_VERBS:
        seat.asking.drop_voice()  # another action given: the question is moot
    seat.commands.run(cmd)

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

from spoken_cribbage.app.seat.actions import ACTIONS, Actions
from spoken_cribbage.app.seat.asked import ASKED, Asked
from spoken_cribbage.app.seat.devices import DEVICES, Devices, change_setting
from spoken_cribbage.app.seat.history import HISTORY, History
from spoken_cribbage.app.seat.listening import LISTENING
from spoken_cribbage.app.seat.registry import Bound, Registry
from spoken_cribbage.vocabulary import VALUE_VERBS, Command

__all__ = ["ACTION_VERBS", "GROUPS", "VERBS", "Commands"]

#: Every group of commands.
GROUPS: tuple[Registry[Asked] | Registry[History] | Registry[Devices] | Registry[Actions], ...] = (
    ASKED, HISTORY, DEVICES, LISTENING, ACTIONS)
#: Every verb with a handler.
VERBS = frozenset(verb for group in GROUPS for verb in group.handlers)
#: Commands that act on the game: giving one another way drops a voice question.
ACTION_VERBS = ("play", "discard", "go", "next", "new", "undo", "claim", "muggins")


class Commands:
    """Every verb's handler, bound to its group's context."""

    def __init__(self, *, asked: Asked, history: History, devices: Devices,
                 actions: Actions) -> None:
        self.devices = devices
        self.handlers: dict[str, Bound] = {
            **ASKED.bind(asked), **HISTORY.bind(history), **DEVICES.bind(devices),
            **LISTENING.bind(devices), **ACTIONS.bind(actions)}

    def run(self, command: Command) -> None:
        """Carry out ``command``: its verb's handler, or a setting changed when it has a value."""
        handler = self.handlers.get(command.verb)
        if handler is None or (command.value and command.verb not in VALUE_VERBS):
            # "cues" is a command, "cues off" a setting; "profile quiet" is the profile command
            change_setting(self.devices, command)
            return
        handler(command)

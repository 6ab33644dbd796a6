"""The channels of what the game says (issue 25, items 1 and 3): every line's kind belongs to
one channel, and each channel's mode (a setting, ``storage.settings.CHANNELS``) decides what
the output stage does with its lines:

- ``spoken``: printed, spoken by the game's voice when it speaks, kept in the history;
- ``history``: kept in the history only (``[`` and ``]`` walk it), neither printed nor spoken;
- ``cue``: the channel's short sound, the line in the history;
- ``off``: nothing.

With a screen reader as the voice every printed line is read, so ``history`` and ``cue`` are
the ways to quiet a channel there. Lines that help the player find their way back are never
held back (:data:`ALWAYS`: help, and the answers about channels and profiles).

>>> channel_of(LineKind.SCORES), channel_of(LineKind.PLAY), channel_of(LineKind.TURN)
('scores', 'game', 'prompts')
>>> Mode.of("history").printed, Mode.of("history").recorded, Mode.CUE.cued
(False, True, True)
"""

from __future__ import annotations

from enum import Enum

from spoken_cribbage.storage.settings import CHANNELS
from spoken_cribbage.words.lines import Line, LineKind

__all__ = ["ALWAYS", "CHANNEL_CUES", "CHANNEL_OF", "Mode", "channel_of", "line_channel"]

#: The channel of each kind of line.
CHANNEL_OF: dict[LineKind, str] = {
    **{
        k: "game"
        for k in (
            LineKind.GAME,
            LineKind.DEAL,
            LineKind.CUT,
            LineKind.DISCARD,
            LineKind.STARTER,
            LineKind.PLAY,
            LineKind.GO,
            LineKind.OUT,
            LineKind.RESET,
            LineKind.SHOW,
            LineKind.UNDO,
        )
    },
    LineKind.SCORE: "scores",
    LineKind.SCORES: "scores",
    LineKind.PROMPT: "prompts",
    LineKind.TURN: "prompts",
    LineKind.HAND: "prompts",
    LineKind.HINT: "coach",
    LineKind.ANSWER: "answers",
    LineKind.CURSOR: "answers",
    LineKind.ERROR: "answers",
    LineKind.CUE: "answers",
    LineKind.INFO: "system",
    LineKind.VOICE: "system",
    LineKind.CHAT: "chat",
}

#: Kinds said whatever the modes: help is the way back to everything else.
ALWAYS = frozenset({LineKind.HELP})

#: The sound a channel in ``cue`` mode plays for its lines (once per utterance). The game's
#: events have their own cues (a card, go, fifteen...), played for them in ``cue`` mode even
#: with the ``cues`` setting off: None.
CHANNEL_CUES: dict[str, str | None] = {
    "game": None,
    "scores": "points",
    "prompts": "your_turn",
    "coach": "starter",
    "answers": "my_card",
    "system": "show",
    "chat": "heels",
}

assert set(CHANNEL_OF.values()) <= set(CHANNELS) and set(CHANNEL_CUES) == set(CHANNELS)


def channel_of(kind: LineKind) -> str:
    """The channel of a kind of line (``system`` for a kind not listed)."""
    return CHANNEL_OF.get(kind, "system")


def line_channel(line: Line) -> str:
    """The channel of a line: its kind's, but a line of the player's own move (``Line.own``)
    is of their turn (``prompts``), not of the table's events (``game``).

    >>> line_channel(Line.same("You play the five.", LineKind.PLAY, own=True))
    'prompts'
    """
    channel = channel_of(line.kind)
    return "prompts" if line.own and channel == "game" else channel


class Mode(Enum):
    """A channel's mode."""

    SPOKEN = "spoken"
    HISTORY = "history"
    CUE = "cue"
    OFF = "off"

    @classmethod
    def of(cls, value: str) -> Mode:
        """The mode of a setting's value (``spoken`` for one not known)."""
        try:
            return cls(value)
        except ValueError:
            return cls.SPOKEN

    @property
    def printed(self) -> bool:
        """Its lines are printed (and spoken by the game's voice)."""
        return self is Mode.SPOKEN

    @property
    def recorded(self) -> bool:
        """Its lines join the history."""
        return self is not Mode.OFF

    @property
    def cued(self) -> bool:
        """Its lines play the channel's cue."""
        return self is Mode.CUE

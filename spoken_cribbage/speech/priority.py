"""How urgently a text is to be spoken: NVDA's three speech priorities.

A speaker's ``say(text, priority=...)`` takes one of them (the ``Speaker`` protocol,
``speech.base``); the game's output stage (``app.seat.output``) gives every answer one.

- :attr:`Priority.NOW`: cut off what is being said and everything waiting, and say this at once
  (a key's answer: the player asked, stale speech goes). NVDA resumes the interrupted speech
  afterwards; ours drops it, since it is stale once the player pressed a key.
- :attr:`Priority.NEXT`: said as soon as the current utterance ends, before anything waiting at
  NORMAL priority, without cutting anything off (a warning that must not wait behind a long
  announcement). A backend that cannot reorder says it queued, as NORMAL (each says which).
- :attr:`Priority.NORMAL`: queued after everything waiting (a line that follows another, such
  as the prompt after the events it follows).

>>> Priority.NOW.interrupts, Priority.NEXT.interrupts, Priority.NORMAL.interrupts
(True, False, False)
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Priority"]


class Priority(Enum):
    """A speech priority, as NVDA's ``SpeechPriority`` (NOW, NEXT, NORMAL)."""

    NOW = "now"
    NEXT = "next"
    NORMAL = "normal"

    @property
    def interrupts(self) -> bool:
        """Saying at this priority cuts off what is being said and what waits."""
        return self is Priority.NOW

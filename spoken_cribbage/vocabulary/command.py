"""A command as the vocabulary reads it (:class:`Command`), its refusal (:class:`CommandError`),
and the folding of what a player typed or said: :func:`normalize` to match it, :func:`shown` to
echo it; :func:`fragments` of phrases (decoys); the commands that take a value."""

from __future__ import annotations

from dataclasses import dataclass

from spoken_cribbage.engine.cards import Card
from spoken_cribbage.notice import Problem

#: The channel settings (issue 25): "channel scores history" (``storage.settings.CHANNELS``).
CHANNEL_SETTINGS = {
    f"channel_{c}": f"channel {c} history" for c in ("game", "scores", "prompts", "coach", "answers", "system", "chat")
}
#: Commands that take one word after them: "profile quiet", "history scores", "history save".
VALUE_VERBS = {"profile": "profile quiet", "history": "history scores"}


def shown(text: str, limit: int = 40) -> str:
    """Text a player typed, made safe to echo in one printed line."""
    clean = "".join(ch if ch.isprintable() else " " for ch in str(text))
    clean = " ".join(clean.split())
    return clean if len(clean) <= limit else clean[: limit - 3] + "..."


class CommandError(Problem, ValueError):
    """Text that is not a command now: a ``command.*`` code and its particulars, which
    ``words.notices.phrase`` turns into a sentence that says what is possible."""


@dataclass(frozen=True)
class Command:
    verb: str
    cards: tuple[Card, ...] = ()
    numbers: tuple[int, ...] = ()
    value: str = ""

    def __str__(self) -> str:
        parts = [self.verb] + [c.short for c in self.cards] + [str(n) for n in self.numbers]
        if self.value:
            parts.append(self.value)
        return " ".join(parts)


def normalize(text: str) -> str:
    """Lower case, single spaces, no punctuation except the apostrophe."""
    kept = "".join(ch if ch.isalnum() or ch in " '" else " " for ch in text.lower())
    return " ".join(kept.split())


def fragments(phrases: list[str]) -> list[str]:
    """The beginnings and ends of ``phrases`` (whole words, not the whole phrase).

    A player who pauses in the middle of a command ("discard ... the king") must not have the
    first half taken for a whole command ("discard the two"): as decoys, fragments are
    recognised as what they are and rejected (or, at a pause, waited on).
    """
    out: list[str] = []
    for p in phrases:
        words = p.split()
        for i in range(1, len(words)):
            out.append(" ".join(words[:i]))
            out.append(" ".join(words[i:]))
    return out

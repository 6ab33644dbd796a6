"""What every recognizer shares: the :class:`Recognition` of one utterance, the set-up error,
the audio checks, streaming and the rule for card actions (a card is played or laid away
unasked only when the second check of its words agrees, :mod:`spoken_cribbage.voice.verify`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.vocabulary import ORDINALS, VoiceContext

RATE = 16000
SORRY = Notice("voice.not_understood")
ENV_VOSK_MODEL = "SPOKEN_CRIBBAGE_VOSK_MODEL"


#: Why voice is off when the [voice] extra (pocketsphinx, vosk) is not installed (words says the fix).
INSTALL_VOICE = "voice.engines_not_installed"


class VoiceError(Problem):
    """A voice set-up problem: a code and its facts, put into words by ``words.notices.phrase``."""


@dataclass
class Recognition:
    """The outcome of one utterance.

    ``heard`` is what the engine decoded (a phrase, possibly empty); ``command`` the typed command
    when ``accepted``; ``confidence`` an engine score (higher is surer) or None.
    ``reason`` says why a rejection happened (for logs and the ``listen`` tool).
    ``confirm``: the command was heard, but not surely enough to act on it: the game asks
    first ("Play the nine of spades? Say yes or no.") and acts only on yes.
    """

    accepted: bool
    heard: str
    command: str | None = None
    confidence: float | None = None
    reason: str = ""
    details: dict = field(default_factory=dict, repr=False, compare=False)
    confirm: bool = False

    def notice(self) -> Notice:
        """What to tell the player: what was heard, the question asked first, or that it was
        not understood."""
        if self.accepted and self.confirm:
            return Notice("voice.confirm", heard=self.heard, command=self.command)
        if self.accepted:
            return Notice("voice.heard", heard=self.heard)
        return SORRY

    def as_json(self) -> dict:
        if self.accepted:
            out = {"accepted": True, "heard": self.heard, "command": self.command}
            if self.confirm:
                out["confirm"] = True
            return out
        return {"accepted": False, "heard": self.heard}


class Recognizer(Protocol):
    name: str

    def recognize(self, audio: bytes, ctx: VoiceContext) -> Recognition: ...


def _reject(heard: str, reason: str, confidence: float | None = None, details: dict | None = None) -> Recognition:
    return Recognition(False, heard, None, confidence, reason, dict(details or {}))


# ---------------------------------------------------------------------------------------------
# Audio checks shared by the engines
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AudioStats:
    seconds: float
    rms_dbfs: float
    peak_dbfs: float
    active_seconds: float  # time in 10 ms frames within 25 dB of the loudest frame


def audio_stats(audio: bytes) -> AudioStats:
    a = np.frombuffer(audio[: len(audio) // 2 * 2], dtype=np.int16).astype(np.float64)
    if a.size == 0:
        return AudioStats(0.0, -120.0, -120.0, 0.0)
    rms = math.sqrt(float(np.mean(a * a))) or 1e-9
    peak = float(np.max(np.abs(a))) or 1e-9
    hop = RATE // 100
    n = a.size // hop
    if n:
        fr = a[: n * hop].reshape(n, hop)
        e = 10 * np.log10(np.mean(fr * fr, axis=1) + 1e-9)
        active = float(np.sum(e > e.max() - 25)) / 100.0
    else:
        active = 0.0
    db = lambda x: 20 * math.log10(x / 32768.0)  # noqa: E731
    return AudioStats(a.size / RATE, db(rms), db(peak), active)


_ACTIONS = ("play ", "discard ")


def _bare_rank(heard: str) -> bool:
    """A card named by its rank alone, with no "card" or suit: "the nine", "play the nine"."""
    words = heard.split()
    return not {"card", "of"} & set(words)


_ORDINAL_WORDS = frozenset(w for w in ORDINALS if w)


def _by_ordinal(heard: str) -> bool:
    """A card named by an ordinal ("the fifth card", "fifth card"): always asked about first.
    The ordinals differ by one short sound (fifth and sixth, first and third), and in the
    game's mode every wrong card the three stages of the check let through was heard as one
    ("sixth card", not offered, as "fifth card"; the start of "discard the third card" as
    "fifth card"); "card five" names the same place and is done unasked."""
    return bool(_ORDINAL_WORDS & set(heard.split()))


def card_check(rec: Any, ev: dict, audio: bytes, ready: bool) -> dict:
    """Add the second check of the card words (voice/verify.py) to the evidence of a card
    action that would otherwise be done unasked (``ready``). Without the checker, or when it
    fails, nothing is added, and the card action is asked about first."""
    checker = getattr(rec, "card_check", None)
    ready = ready or (getattr(rec, "check_all", False) and ev.get("kind") == "legal")  # benchmarks
    if not ready or checker is None or not (ev.get("command") or "").startswith(_ACTIONS):
        return ev
    try:
        ev.update(checker.check(audio, ev["heard"], margin=getattr(rec, "check_margin", False)))
    except Exception as exc:  # noqa: BLE001 - no check: the action is asked about
        ev["check_error"] = str(exc)
    return ev


class _Stream:
    """One utterance being decoded: ``feed`` audio, then ``finish``. Subclasses provide
    ``rec``, ``evidence()`` and ``abort()``."""

    rec: Any

    def evidence(self) -> dict[str, Any]:
        """What the decoder found in the utterance, for ``rec.decide``."""
        raise NotImplementedError

    def abort(self) -> None:
        """Drop the utterance."""
        raise NotImplementedError

    def finish(self) -> Recognition:
        """End the utterance and decide."""
        try:
            return self.rec.decide(self.evidence())
        except Exception as exc:  # noqa: BLE001 - never a traceback to a player
            self.abort()
            return _reject("", f"recognizer error: {exc}")


class _Engine:
    """A recognizer made of ``analyse`` (audio -> evidence) and ``decide`` (evidence -> result)."""

    def analyse(self, audio: bytes, ctx: VoiceContext) -> dict[str, Any]:
        raise NotImplementedError

    def decide(self, ev: dict[str, Any]) -> Recognition:
        raise NotImplementedError

    def recognize(self, audio: bytes, ctx: VoiceContext) -> Recognition:
        try:
            return self.decide(self.analyse(audio, ctx))
        except Exception as exc:  # noqa: BLE001 - never a traceback to a player
            return _reject("", f"recognizer error: {exc}")

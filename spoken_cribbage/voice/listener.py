"""From the segmenter's events to recognitions: the audio of each utterance streamed to the
recognizer, a whole command taken at a short pause (:class:`Listener`)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

from spoken_cribbage.vocabulary import VoiceContext
from spoken_cribbage.voice.recognizers import Recognition, Recognizer
from spoken_cribbage.voice.segmenter import PAUSE_PAD, Segmenter

#: A phrase the grammar knows to be complete, heard the same over this much quiet after it, is
#: taken then (tried once per utterance), before the full pause (segmenter.PAUSE_HANG).
SETTLED_QUIET = 0.06


class _Utterance:
    """Audio of one utterance on its way to the recognizer (streamed when it can be)."""

    def __init__(self, recognizer: Recognizer, ctx: VoiceContext):
        self.recognizer = recognizer
        self.ctx = ctx
        self.chunks: list[bytes] = []
        self.stream = self._open()
        self.settled_tried = False
        self.last_complete: str | None = None

    def _open(self):
        start = getattr(self.recognizer, "stream", None)
        if start is None:
            return None
        try:
            return start(self.ctx)
        except Exception:  # noqa: BLE001 - fall back to decoding at the end
            return None

    def feed(self, audio: bytes) -> None:
        self.chunks.append(audio)
        if self.stream is not None:
            try:
                self.stream.feed(audio)
            except Exception:  # noqa: BLE001
                self.stream.abort()
                self.stream = None

    def finish(self) -> Recognition:
        if self.stream is not None:
            stream, self.stream = self.stream, None
            return stream.finish()
        return self.recognizer.recognize(b"".join(self.chunks), self.ctx)

    def attempt(self, pad: bytes = b"") -> Recognition | None:
        """At a pause: the recognition if what was said so far is a whole command that passes
        every check, else None, and decoding goes on as if nothing had happened. ``pad`` (the
        quiet just heard, repeated) is decoded after the audio as if the pause were longer.
        A command that would be asked about first is not taken here either: it waits for the
        end of the utterance, so a question is never asked in a gap inside a phrase ("discard
        ... seven of spades", its start heard as "the fifth card" and stopped by the check)."""
        if pad and self.stream is not None:
            with contextlib.suppress(Exception):
                self.stream.feed(pad)
        rec = self.finish()
        if rec.accepted and not rec.confirm:
            return rec
        self.resume()
        return None

    def settled(self, quiet: float) -> bool:
        """True once (per utterance) when the stream hears a phrase the grammar knows to be
        complete, the same at this quiet frame as at the one before, after ``quiet`` seconds of
        quiet of at least :data:`SETTLED_QUIET`.

        Only phrases of two words or more: a one-word phrase waits for the full pause. A slow
        speaker's gap inside a phrase is as long as this quiet, and what comes before it can
        sound like a whole one-word phrase: "card ... two" (espeak en-us-nyc+m2, 0.14 s between
        the words) was taken as "count" in that gap. A longer phrase heard complete cannot be
        the start of another one (the grammar's prefixes are never complete)."""
        complete = getattr(self.stream, "complete", None)
        if self.settled_tried or complete is None or quiet <= 0:
            self.last_complete = None
            return False
        try:
            heard = complete()
        except Exception:  # noqa: BLE001 - no early take
            heard = None
        if heard is not None and len(heard.split()) < 2:
            heard = None
        stable = heard is not None and heard == self.last_complete
        self.last_complete = heard
        if stable and quiet >= SETTLED_QUIET:
            self.settled_tried = True
            return True
        return False

    def resume(self) -> None:
        """Decode again from the start of the utterance (after :meth:`finish` at a pause)."""
        chunks, self.chunks = self.chunks, []
        self.stream = self._open()
        for chunk in chunks:
            self.feed(chunk)

    def abort(self) -> None:
        if self.stream is not None:
            self.stream.abort()
            self.stream = None


class Listener:
    """Audio in, recognitions out: a :class:`Segmenter` and the recognizer, for one stream.

    ``feed`` returns ``(Recognition, t)`` for each utterance recognised, ``t`` being the
    ``time.monotonic()`` at which its end was detected. At a pause a whole command is taken at
    once (``early``); anything less waits for the end of the utterance.
    """

    def __init__(
        self,
        recognizer: Recognizer,
        context: Callable[[], VoiceContext],
        early: bool = True,
        segmenter: Segmenter | None = None,
    ):
        self.recognizer = recognizer
        self.context = context
        self.early = early
        self.seg = segmenter or Segmenter()
        self.utt: _Utterance | None = None

    def feed(self, chunk: bytes) -> list[tuple[Recognition, float]]:
        return self.handle(self.seg.feed(chunk))

    def flush(self) -> list[tuple[Recognition, float]]:
        return self.handle(self.seg.flush())

    def abort(self) -> None:
        if self.utt is not None:
            self.utt.abort()
            self.utt = None

    def handle(self, events) -> list[tuple[Recognition, float]]:
        """Act on the segmenter's events (for a caller that feeds the segmenter itself and
        leaves some of its events out: the set-up check, while the game speaks)."""
        out: list[tuple[Recognition, float]] = []
        for kind, value in events:
            if kind == "start":
                self.abort()
                try:
                    self.utt = _Utterance(self.recognizer, self.context())
                except Exception:  # noqa: BLE001
                    self.utt = None
                if self.utt is not None:
                    self.utt.feed(value)
            elif self.utt is None:
                continue
            elif kind == "audio":
                self.utt.feed(value)
                if self.early and self.utt.settled(self.seg.quiet_so_far()):
                    rec = self._safely(lambda: self.utt.attempt(self.seg.quiet_tail(PAUSE_PAD)))
                    if rec is not None:
                        self.seg.cut()
                        self.utt = None
                        out.append((rec, time.monotonic()))
            elif kind == "pause" and self.early:
                rec = self._safely(lambda: self.utt.attempt(self.seg.quiet_tail(PAUSE_PAD)))
                if rec is not None:
                    self.seg.cut()
                    self.utt = None
                    out.append((rec, value))
            elif kind == "end":
                utt, self.utt = self.utt, None
                out.append((self._safely(utt.finish), value))
        return out

    def _safely(self, step):
        try:
            return step()
        except Exception as exc:  # noqa: BLE001 - never a traceback to a player
            self.abort()
            return Recognition(False, "", None, None, f"error: {exc}")

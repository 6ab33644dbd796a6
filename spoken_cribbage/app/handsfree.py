"""Hands-free play: voice commands wired into a session.

The recognizer listens only for what is legal now (:func:`voice_context`); an accepted command
goes through the same command handler as typed input, after an echo line ("Heard: play five of
hearts."); the announcement of the action itself is the spoken confirmation. A command heard but
not surely (``Recognition.confirm``) is asked about first ("Play the nine of spades? Say yes or
no.") and acted on only after yes. Anything rejected gets "Sorry, I didn't catch that." and no
action. The voice layer hands over notices
(:class:`~spoken_cribbage.notice.Notice`); they are put into words here, with
:func:`spoken_cribbage.words.notices.phrase`.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

from spoken_cribbage.app.session import Session
from spoken_cribbage.notice import Notice
from spoken_cribbage.words.announce import Line
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.notices import phrase

SORRY = phrase("voice.not_understood")
#: The sound cue of a voice notice: the microphone opens or closes.
LISTEN_CUES = {"voice.listening": "listen_on", "voice.stopped_listening": "listen_off"}


def voice_context(session: Session):
    """The grammar context for this moment (the session knows the phase and the numbering)."""
    return session.voice_context()


class HandsFree:
    """Connects a VoiceInput to a session. ``dispatch`` runs a function on the game's thread
    (the console's event loop); until one is given, calls run under a lock."""

    def __init__(
        self,
        session: Session,
        *,
        engine: str = "auto",
        mode: str = "push",
        vosk_model: str | None = None,
        audio_source=None,
        recognizer=None,
        early: bool = True,
    ):
        from spoken_cribbage.voice.microphone import VoiceInput
        from spoken_cribbage.voice.recognizers import choose_recognizer

        self.session = session
        self._lock = threading.RLock()
        self._dispatch: Callable[[Callable[[], None]], None] | None = None
        source = (
            recognizer
            if recognizer is not None
            else (lambda: choose_recognizer(vosk_model or None, None if engine == "auto" else engine))
        )
        self.input = VoiceInput(
            source,
            lambda: voice_context(session),
            mode=mode,
            on_heard=self._heard,
            on_message=self._message,
            audio_source=audio_source,
            early=early,
        )

    def set_dispatch(self, dispatch: Callable[[Callable[[], None]], None]) -> None:
        self._dispatch = dispatch

    def start(self) -> None:
        """Load the model and open the microphone in the background; returns at once."""
        self.input.start()

    def toggle(self) -> None:
        self.input.toggle()

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.input.stop()

    def _run(self, fn: Callable[[], None]) -> None:
        if self._dispatch is not None:
            self._dispatch(fn)
            return
        with self._lock:
            fn()

    def _message(self, notice: Notice) -> None:
        text = phrase(notice)
        cue = LISTEN_CUES.get(notice.code)

        def tell() -> None:
            if cue:
                self.session.output.cue(cue)
            # A notice of its own (no microphone, the model loaded) is followed by the prompt
            # again; listening on or off answers the player's own key.
            with self.session.output.answer(unprompted=cue is None):
                self.session.output.tell(text, "voice")

        self._run(tell)

    def _heard(self, rec) -> None:
        def act() -> None:
            if rec.accepted and rec.command and getattr(rec, "confirm", False):
                # Heard, but not surely: the question ("Play the nine of spades? Say yes or
                # no.") is asked instead of acting; only yes acts (Session.doubtful).
                self.session.doubtful(rec.command, rec.notice())
            elif rec.accepted and rec.command:
                # Printed for the screen and the screen reader; the spoken confirmation is the
                # announcement of the action that follows.
                self.session.output.say([Line(phrase(rec.notice()), "", LineKind.VOICE)])
                self.session.command(rec.command)
            else:
                self.session.output.cue("refused")
                with self.session.output.answer(unprompted=True):  # then the prompt again
                    self.session.output.tell(SORRY, "voice")

        self._run(act)

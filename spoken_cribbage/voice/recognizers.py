"""Speech recognition of game commands: one interface, two real engines and a fake.

A recognizer turns one utterance (16 kHz mono signed 16-bit little-endian PCM) into a
:class:`Recognition`: either an accepted typed command (``play 5H``, ``go``, ``count`` ...) or a
rejection (in words: "Sorry, I didn't catch that."). It listens only for what the :class:`VoiceContext`
allows. A wrong action is worse than no action, so anything doubtful is rejected:

* the search also contains *decoys* (cards not in hand, the other phase's verb, positions past
  the end of the hand); a decoy that wins is rejected instead of bent onto a legal command;
* an empty path (``<NULL>``) lets silence and noise decode to nothing;
* acoustic confidence: pocketsphinx scores each frame against the best-matching senone, so the
  per-frame acoustic score of the chosen path says how well the audio fits it; the weakest word
  of the phrase and the whole phrase must both clear a threshold;
* energy and duration checks reject clicks, knocks and near-silence before decoding;
* a card is played or laid away unasked only when a second, independent decoding of the same
  audio picks the same card words out of their rivals (:mod:`spoken_cribbage.voice.verify`),
  whichever engine proposed them; otherwise the game asks first.

The engines live in :mod:`~spoken_cribbage.voice.pocketsphinx_engine` and
:mod:`~spoken_cribbage.voice.vosk_engine`, what they share in
:mod:`~spoken_cribbage.voice.recognition`; this module names them all and chooses one.

Engines: :class:`PocketSphinxRecognizer` (built-in US English model, no download) and
:class:`VoskRecognizer` (a vosk model folder the user supplies). :class:`FakeRecognizer` replays
scripted results for tests. :func:`choose_recognizer` picks vosk when a model is present, else
pocketsphinx, and says which in a :class:`~spoken_cribbage.notice.Notice` (``words`` phrases it).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from spoken_cribbage.notice import Notice
from spoken_cribbage.vocabulary import VoiceContext, normalize, phrases_for
from spoken_cribbage.voice.pocketsphinx_engine import (  # noqa: F401 - re-exported
    COLD_UTTERANCES,
    DEFAULT_SPHINX_THRESHOLDS,
    FLOOR_BELOW_PEAK_DB,
    NOISE_FLOOR_DBFS,
    PocketSphinxRecognizer,
    SphinxStream,
    SphinxThresholds,
    common_words,
    sphinx_decision,
    sphinx_rejection,
)
from spoken_cribbage.voice.recognition import (  # noqa: F401 - re-exported
    ENV_VOSK_MODEL,
    INSTALL_VOICE,
    RATE,
    SORRY,
    AudioStats,
    Recognition,
    Recognizer,
    VoiceError,
    _reject,
    audio_stats,
    card_check,
)
from spoken_cribbage.voice.vosk_engine import VoskRecognizer, VoskStream, VoskThresholds  # noqa: F401

# ---------------------------------------------------------------------------------------------
# Fake
# ---------------------------------------------------------------------------------------------


class FakeRecognizer:
    """Scripted recognizer for tests.

    ``script`` items are phrases (str, recognised against the context's grammar: legal phrases
    are accepted, anything else rejected), ready :class:`Recognition` objects, or None (silence,
    rejected). Calls past the end of the script return rejections. ``calls`` records contexts.
    """

    name = "fake"

    def __init__(self, script: Sequence[str | Recognition | None] = ()):
        self.script = list(script)
        self.calls: list[tuple[int, VoiceContext]] = []

    def describe(self) -> Notice:
        return Notice("voice.using_fake")

    def recognize(self, audio: bytes, ctx: VoiceContext) -> Recognition:
        self.calls.append((len(audio), ctx))
        item = self.script.pop(0) if self.script else None
        if isinstance(item, Recognition):
            return item
        if item is None:
            return _reject("", "silence")
        heard = normalize(item)
        command = phrases_for(ctx).get(heard)
        if command is None:
            return _reject(heard, "not legal now")
        return Recognition(True, heard, command, 1.0)


# ---------------------------------------------------------------------------------------------
# Choosing an engine
# ---------------------------------------------------------------------------------------------


def find_vosk_model(explicit: str | os.PathLike | None = None) -> Path | None:
    """The vosk model to use: ``explicit``, else $SPOKEN_CRIBBAGE_VOSK_MODEL, else an installed
    model under the models folder. Raises VoiceError when an explicit path is not a model."""
    from spoken_cribbage.voice import models as modelstore

    for source, value in (("--vosk-model", explicit), (ENV_VOSK_MODEL, os.environ.get(ENV_VOSK_MODEL))):
        if value:
            p = Path(value).expanduser()
            if not modelstore.looks_like_vosk_model(p):
                raise VoiceError("voice.given_vosk_model_invalid", source=source, path=str(p))
            return p
    return modelstore.installed_vosk_model()


def _off(exc: VoiceError) -> Notice:
    return Notice("voice.off", reason=exc.notice)


def start_check_lane(rec: Recognizer) -> None:
    """The game's recognizer checks card words on two cores when the machine has them: the
    card check's second lane runs in a process of its own (voice/check_lane.py; the same
    answers, about 60 ms sooner)."""
    check = getattr(rec, "card_check", None)
    if check is not None and (os.cpu_count() or 1) >= 2:
        check.start_lane()


def choose_recognizer(
    vosk_model: str | os.PathLike | None = None, engine: str | None = None
) -> tuple[Recognizer | None, Notice]:
    """Vosk when a model is present (or ``engine == "vosk"``), else pocketsphinx.

    Returns the recognizer and a notice saying which engine is used, or None and a notice
    saying why voice is off. Never raises.
    """
    fallback: Notice | None = None  # why vosk is not used when pocketsphinx stands in
    rec: Recognizer
    try:
        if engine not in (None, "auto", "vosk", "pocketsphinx"):
            return None, Notice("voice.unknown_engine", engine=engine)
        if engine != "pocketsphinx":
            try:
                path = find_vosk_model(vosk_model)
            except VoiceError as exc:
                if engine == "vosk":
                    return None, _off(exc)
                path = None
                fallback = exc.notice
            if path is not None:
                try:
                    rec = VoskRecognizer(path)
                    start_check_lane(rec)
                    return rec, rec.describe()
                except VoiceError as exc:
                    if engine == "vosk":
                        return None, _off(exc)
                    fallback = exc.notice
            elif engine == "vosk":
                return None, Notice("voice.no_vosk_model")
        rec = PocketSphinxRecognizer()
        start_check_lane(rec)
        if fallback is not None:
            return rec, Notice("voice.vosk_not_used", using=rec.describe(), reason=fallback)
        return rec, rec.describe()
    except VoiceError as exc:
        return None, _off(exc)
    except Exception as exc:  # noqa: BLE001 - never a traceback to a player
        return None, Notice("voice.recognizer_failed", error=exc.__class__.__name__)

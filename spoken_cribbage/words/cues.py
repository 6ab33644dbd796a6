"""The sentences for ``cues.*`` notices: sound cues that cannot play (see
:mod:`spoken_cribbage.words.notices`). What each cue means is in :mod:`.seat` (the ``cues``
command names them).

>>> from spoken_cribbage.notice import Notice
>>> phrase(Notice("cues.could_not_start", reason=Notice("speech.no_sound_device")))
'Sound cues are off: no sound device was found. The game goes on.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spoken_cribbage.words.notices import Template, phrase  # noqa: F401 (phrase: the doctest)
from spoken_cribbage.words.storage import clause


def _reason(d: Mapping[str, Any]) -> str:
    return clause(d["reason"])


TEXTS: dict[str, Template] = {
    "cues.could_not_start": lambda d: f"Sound cues are off: {_reason(d)}. The game goes on.",
    "cues.speech_and_cues_off": lambda d: (f"Speech and sound cues are off: {_reason(d)}. "
                                           "The game goes on in text."),
    "cues.stopped_working": lambda d: (f"Sound cues stopped working: {_reason(d)}. "
                                       f"The game goes on."),
    # why the cues command plays nothing (clauses)
    "cues.silent_output": "the audio output is silent (SPOKEN_CRIBBAGE_AUDIO is null)",
}

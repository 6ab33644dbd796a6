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

from spoken_cribbage.words.catalogue import Message
from spoken_cribbage.words.notices import Template, phrase  # noqa: F401 (phrase: the doctest)
from spoken_cribbage.words.storage import clause


def _reason(d: Mapping[str, Any]) -> Mapping[str, Any]:
    """The reason (a notice, or a foreign error's own words) as a clause."""
    return {"reason": clause(d["reason"])}


# The sentences of the sound cues' notices, on the catalogue (words.catalogue): the English text
# and where it is heard (the translator's comment).
TEXTS: dict[str, Template] = {
    "cues.could_not_start": Message(
        "Sound cues are off: {reason}. The game goes on.",
        "at start, the sound cues failing; {reason} is why, like 'no sound device was found'",
        prepare=_reason,
    ),
    "cues.speech_and_cues_off": Message(
        "Speech and sound cues are off: {reason}. The game goes on in text.",
        "at start, speech and the sound cues failing for one reason; {reason} is why",
        prepare=_reason,
    ),
    "cues.stopped_working": Message(
        "Sound cues stopped working: {reason}. The game goes on.",
        "during a game, the sound cues failing; {reason} is why",
        prepare=_reason,
    ),
    # why the cues command plays nothing (a clause)
    "cues.silent_output": Message(
        "the audio output is silent (SPOKEN_CRIBBAGE_AUDIO is null)",
        "why the cues command plays nothing, inside a sentence: lower case, no full stop; "
        "SPOKEN_CRIBBAGE_AUDIO=null is a setting of the environment, as it is",
    ),
}

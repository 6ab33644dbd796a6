"""The sentences for ``speech.*`` notices and problems (see :mod:`spoken_cribbage.words.notices`).

A speaker's ``status`` says what speaks (or why nothing does); ``on_error`` hands over
``speech.could_not_start`` or ``speech.stopped_working`` with a reason. Reasons are clauses
(lower case, no full stop): a notice, or a foreign error's own text.

>>> from spoken_cribbage.notice import Notice
>>> phrase(Notice("speech.could_not_start", reason=Notice("speech.no_sound_device")))
'Speech could not start: no sound device was found. The game goes on in text.'
>>> phrase(Notice("speech.espeak", output=Notice("speech.output_device", device="default")))
'Speech: espeak-ng, sound device default.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spoken_cribbage.words.clean import quoted
from spoken_cribbage.words.notices import Template, phrase  # noqa: F401 (phrase: the doctest)
from spoken_cribbage.words.storage import clause


def _off(d: Mapping[str, Any]) -> str:
    return f"Speech is off: {clause(d['reason'])}." if d.get("reason") is not None else (
        "Speech is off.")


def _espeak_start(d: Mapping[str, Any]) -> str:
    why = d.get("detail") or f"error {d['status']:#x}"
    return f"espeak-ng could not start ({why})"


TEXTS: dict[str, Template] = {
    # what speaks (a speaker's status)
    "speech.espeak": lambda d: f"Speech: espeak-ng, {clause(d['output'])}.",
    "speech.native": "Speech: pyttsx3 with {driver} (system voice).",
    "speech.recording": "Speech: recording speaker.",
    "speech.ssip": "Speech: speech-dispatcher, your system voice.",
    "speech.screen_reader": lambda d: (f"Speech through {d['name']}." if d.get("name")
                                       else "Speech through your screen reader."),
    "speech.none": _off,
    "speech.turned_off": "speech is off",
    "speech.failed": lambda d: f"speech stopped working ({clause(d['reason'])})",
    "speech.output_sink": "audio sink",
    "speech.output_silent": "silent timed output (no audio device)",
    "speech.output_device": "sound device {device}",
    "speech.output_player": "audio via {player}",

    # told once, through on_error
    "speech.could_not_start": lambda d: (f"Speech could not start: {clause(d['reason'])}. "
                                         f"The game goes on in text."),
    "speech.stopped_working": lambda d: (f"Speech stopped working: {clause(d['reason'])}. "
                                         f"The game goes on in text."),

    # values refused
    "speech.unknown_mode": lambda d: (f"Unknown speech mode {quoted(d['mode'])}: "
                                      f"use auto, screenreader, tts or off."),
    "speech.no_voice": "There is no voice called {voice}.",

    # why speech could not start or stopped (clauses)
    "speech.start_timeout": "the speech engine did not start in time",
    "speech.engine_could_not_start": lambda d: (f"the speech engine could not start "
                                                f"({clause(d['reason'])})"),
    "speech.no_portaudio": ("the sound library PortAudio is missing "
                            "(install the package libportaudio2)"),
    "speech.no_sounddevice": "the sounddevice package is missing ({detail})",
    "speech.portaudio_hung": lambda d: (
        f"the sound system did not answer within {d['seconds']} "
        f"second{'' if d['seconds'] == 1 else 's'} (a JACK lock folder, /dev/shm/jack_db-..., "
        f"left behind by a program that was killed causes this: removing it cures it)"),
    "speech.no_sound_device": "no sound device was found",
    "speech.no_device_for_rate": "no sound device was found that plays {rate} Hz audio ({detail})",
    "speech.device_stopped": "the sound device stopped working ({detail})",
    "speech.player_broken": lambda d: (f"the audio player {d['player']} does not work "
                                       f"({clause(d['reason'])})"),
    "speech.player_could_not_start": "the audio player {player} could not start ({detail})",
    "speech.player_stopped": lambda d: (f"the audio player {d['player']} stopped "
                                        f"({clause(d['reason'])})"),
    "speech.exit_code": "exit code {status}",
    "speech.broken_pipe": "broken pipe",
    "speech.no_pyttsx3": lambda d: f"the pyttsx3 package is missing ({clause(d['reason'])})",
    "speech.driver_cannot_load": lambda d: (f"the {d['driver']} speech driver cannot load "
                                            f"({clause(d['reason'])})"),
    "speech.no_espeak_driver": "espeak-ng is not installed",
    "speech.no_espeak": "espeak-ng is not installed (the package libespeak-ng1)",
    "speech.no_espeak_data": ("espeak-ng's voice data is missing "
                              "(install the package espeak-ng-data)"),
    "speech.no_portaudio_no_espeak": ("the sound library PortAudio and the speech library "
                                      "espeak-ng are missing (install the packages "
                                      "libportaudio2 and libespeak-ng1)"),
    "speech.espeak_too_old": "the installed espeak-ng is too old (1.49 or later needed)",
    "speech.espeak_could_not_start": _espeak_start,
    "speech.espeak_no_output": lambda d: (f"espeak-ng could not start "
                                          f"(output error {d['status']:#x})"),
    "speech.espeak_no_voices": "espeak-ng has no voices installed",
    "speech.espeak_voice_failed": "espeak-ng could not load the voice {voice}",
    "speech.espeak_synth_failed": "espeak-ng could not synthesize (code {status})",
    "speech.engine_error": "{detail}",
    "speech.engine_hung": "the speech engine stopped responding",
    "speech.system_engine_hung": "the system speech engine stopped responding",
    "speech.no_ssip": "speech-dispatcher is not running at {address} ({detail})",
    "speech.ssip_bad_address": "the speech-dispatcher address {address} cannot be used",
    "speech.ssip_cannot_spawn": "speech-dispatcher could not be started",
    "speech.ssip_lost": "the connection to speech-dispatcher was lost ({detail})",
    "speech.ssip_refused": "speech-dispatcher refused a request ({reply})",
}

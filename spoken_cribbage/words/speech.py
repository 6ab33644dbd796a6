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

from collections.abc import Callable, Mapping
from typing import Any

from spoken_cribbage.words.catalogue import Message, render
from spoken_cribbage.words.clean import quoted
from spoken_cribbage.words.notices import Template, phrase  # noqa: F401 (phrase: the doctest)
from spoken_cribbage.words.storage import clause


def _part(code: str, **facts: Any) -> str:
    """A form of a sentence that varies, said with facts already cleaned (its function picks)."""
    return render(code, PARTS[code], facts)


def _reason(key: str = "reason") -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """``prepare`` that says the fact ``key`` (a notice or a foreign error) as a clause."""
    return lambda d: {key: clause(d[key])}


def _hex(d: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"status": f"{d['status']:#x}"}


def _seconds(d: Mapping[str, Any]) -> Mapping[str, Any]:
    seconds = d["seconds"]
    whole = isinstance(seconds, (int, float)) and seconds == int(seconds)
    return {"count": int(seconds) if whole else 2}


M = Message
_CLAUSE = (
    "why speech could not start or stopped, inside 'Speech could not start: ...' or "
    "'Speech is off: ...': lower case, no full stop"
)
_STATUS = "what speaks, said at start and by the speech command"

# Every sentence of the speech notices, on the catalogue (words.catalogue): the English text and
# where it is heard (the translator's comment). A code whose sentence has several forms is a
# function that only chooses among its forms, each form a message of PARTS (two dots).
_ALL: dict[str, Template] = {
    # what speaks (a speaker's status)
    "speech.espeak": M(
        "Speech: espeak-ng, {output}.",
        _STATUS + "; {output} is where the sound goes, like 'sound device default'",
        prepare=_reason("output"),
    ),
    "speech.native": M(
        "Speech: pyttsx3 with {driver} (system voice).", _STATUS + "; {driver} is the system's speech driver"
    ),
    "speech.recording": M("Speech: recording speaker.", _STATUS + " (tests)"),
    "speech.ssip": M("Speech: speech-dispatcher, your system voice.", _STATUS),
    "speech.screen_reader": lambda d: (
        _part("speech.screen_reader.named", name=d["name"]) if d.get("name") else _part("speech.screen_reader.yours")
    ),
    "speech.screen_reader.named": M(
        "Speech through {name}.", _STATUS + "; {name} is the screen reader, like Orca or NVDA"
    ),
    "speech.screen_reader.yours": M("Speech through your screen reader.", _STATUS),
    "speech.none": lambda d: (
        _part("speech.none.because", reason=clause(d["reason"]))
        if d.get("reason") is not None
        else _part("speech.none.off")
    ),
    "speech.none.because": M("Speech is off: {reason}.", _STATUS + "; {reason} is why"),
    "speech.none.off": M("Speech is off.", _STATUS),
    "speech.turned_off": M("speech is off", _CLAUSE),
    "speech.failed": M("speech stopped working ({reason})", _CLAUSE + "; {reason} is why", prepare=_reason()),
    "speech.output_sink": M(
        "audio sink", "where espeak-ng's sound goes, inside 'Speech: espeak-ng, audio sink.' (tests)"
    ),
    "speech.output_silent": M(
        "silent timed output (no audio device)", "where espeak-ng's sound goes when there is no audio device"
    ),
    "speech.output_device": M("sound device {device}", "where espeak-ng's sound goes; {device} is the device's name"),
    "speech.output_player": M(
        "audio via {player}", "where espeak-ng's sound goes; {player} is an audio program, like aplay"
    ),
    # told once, through on_error
    "speech.could_not_start": M(
        "Speech could not start: {reason}. The game goes on in text.",
        "at start, speech failing; {reason} is why",
        prepare=_reason(),
    ),
    "speech.stopped_working": M(
        "Speech stopped working: {reason}. The game goes on in text.",
        "during a game, speech failing; {reason} is why",
        prepare=_reason(),
    ),
    # values refused
    "speech.unknown_mode": M(
        "Unknown speech mode {mode}: use auto, screenreader, tts or off.",
        "--speech given a wrong value; {mode} is it, quoted; the modes are typed in English",
        prepare=lambda d: {"mode": quoted(d["mode"])},
    ),
    "speech.no_voice": M(
        "There is no voice called {voice}.", "a voice named that does not exist; {voice} is what was typed"
    ),
    # why speech could not start or stopped (clauses)
    "speech.start_timeout": M("the speech engine did not start in time", _CLAUSE),
    "speech.engine_could_not_start": M(
        "the speech engine could not start ({reason})", _CLAUSE + "; {reason} is why", prepare=_reason()
    ),
    "speech.no_portaudio": M(
        "the sound library PortAudio is missing (install the package libportaudio2)",
        _CLAUSE + "; the package name as it is",
    ),
    "speech.no_sounddevice": M(
        "the sounddevice package is missing ({detail})", _CLAUSE + "; {detail} is the error's own words"
    ),
    "speech.portaudio_hung": M(
        "the sound system did not answer within {seconds} second (a JACK lock folder, "
        "/dev/shm/jack_db-..., left behind by a program that was killed causes this: removing "
        "it cures it)",
        _CLAUSE + "; {seconds} is a number of seconds",
        plural="the sound system did not answer within {seconds} seconds (a JACK lock folder, "
        "/dev/shm/jack_db-..., left behind by a program that was killed causes this: removing "
        "it cures it)",
        prepare=_seconds,
    ),
    "speech.no_sound_device": M("no sound device was found", _CLAUSE),
    "speech.no_language_voice": M(
        "no installed voice reads {language}",
        _CLAUSE + "; {language} is the game's language, named by one of the speech.language parts",
        prepare=lambda d: {"language": _part(f"speech.language.{d['language']}")},
    ),
    "speech.voice_kept": M(
        "No installed voice reads {language}: the voice stays as it was.",
        "the game's language changed in the game and our own voice has none for it; {language} "
        "is the language, named by one of the speech.language parts",
        prepare=lambda d: {"language": _part(f"speech.language.{d['language']}")},
    ),
    "speech.language.fr": M("French", "the language named in 'no installed voice reads French'"),
    "speech.language.zh-Hans": M(
        "simplified Chinese", "the language named in 'no installed voice reads simplified Chinese'"
    ),
    "speech.language.zh-Hant": M(
        "traditional Chinese", "the language named in 'no installed voice reads traditional Chinese'"
    ),
    "speech.no_device_for_rate": M(
        "no sound device was found that plays {rate} Hz audio ({detail})",
        _CLAUSE + "; {rate} is a number, {detail} the error's own words",
    ),
    "speech.device_stopped": M(
        "the sound device stopped working ({detail})", _CLAUSE + "; {detail} is the error's own words"
    ),
    "speech.player_broken": M(
        "the audio player {player} does not work ({reason})",
        _CLAUSE + "; {player} is a program, like aplay",
        prepare=_reason(),
    ),
    "speech.player_could_not_start": M(
        "the audio player {player} could not start ({detail})", _CLAUSE + "; {player} is a program, like aplay"
    ),
    "speech.player_stopped": M(
        "the audio player {player} stopped ({reason})",
        _CLAUSE + "; {player} is a program, like aplay",
        prepare=_reason(),
    ),
    "speech.exit_code": M(
        "exit code {status}", "why an audio program stopped, inside 'the audio player aplay stopped (exit code 1)'"
    ),
    "speech.broken_pipe": M(
        "broken pipe", "why an audio program stopped, inside 'the audio player aplay stopped (broken pipe)'"
    ),
    "speech.no_pyttsx3": M(
        "the pyttsx3 package is missing ({reason})", _CLAUSE + "; {reason} is why", prepare=_reason()
    ),
    "speech.driver_cannot_load": M(
        "the {driver} speech driver cannot load ({reason})",
        _CLAUSE + "; {driver} is the system's speech driver",
        prepare=_reason(),
    ),
    "speech.no_espeak_driver": M("espeak-ng is not installed", _CLAUSE),
    "speech.no_espeak": M("espeak-ng is not installed (the package libespeak-ng1)", _CLAUSE),
    "speech.no_espeak_data": M("espeak-ng's voice data is missing (install the package espeak-ng-data)", _CLAUSE),
    "speech.no_portaudio_no_espeak": M(
        "the sound library PortAudio and the speech library espeak-ng are missing (install the "
        "packages libportaudio2 and libespeak-ng1)",
        _CLAUSE,
    ),
    "speech.espeak_too_old": M("the installed espeak-ng is too old (1.49 or later needed)", _CLAUSE),
    "speech.espeak_could_not_start": lambda d: (
        _part("speech.espeak_could_not_start.detail", detail=d["detail"])
        if d.get("detail")
        else _part("speech.espeak_could_not_start.status", **_hex(d))
    ),
    "speech.espeak_could_not_start.detail": M(
        "espeak-ng could not start ({detail})", _CLAUSE + "; {detail} is the error's own words"
    ),
    "speech.espeak_could_not_start.status": M(
        "espeak-ng could not start (error {status})", _CLAUSE + "; {status} is espeak-ng's error code"
    ),
    "speech.espeak_no_output": M(
        "espeak-ng could not start (output error {status})",
        _CLAUSE + "; {status} is espeak-ng's error code",
        prepare=_hex,
    ),
    "speech.espeak_no_voices": M("espeak-ng has no voices installed", _CLAUSE),
    "speech.espeak_voice_failed": M("espeak-ng could not load the voice {voice}", _CLAUSE),
    "speech.espeak_synth_failed": M("espeak-ng could not synthesize (code {status})", _CLAUSE),
    "speech.engine_error": M("{detail}", _CLAUSE + "; {detail} is the engine's own words (keep it as it is)"),
    "speech.engine_hung": M("the speech engine stopped responding", _CLAUSE),
    "speech.system_engine_hung": M("the system speech engine stopped responding", _CLAUSE),
    "speech.no_ssip": M(
        "speech-dispatcher is not running at {address} ({detail})", _CLAUSE + "; {address} is where it was looked for"
    ),
    "speech.ssip_bad_address": M("the speech-dispatcher address {address} cannot be used", _CLAUSE),
    "speech.ssip_cannot_spawn": M("speech-dispatcher could not be started", _CLAUSE),
    "speech.ssip_lost": M("the connection to speech-dispatcher was lost ({detail})", _CLAUSE),
    "speech.ssip_refused": M(
        "speech-dispatcher refused a request ({reply})", _CLAUSE + "; {reply} is speech-dispatcher's own answer"
    ),
}

TEXTS: dict[str, Template] = {c: t for c, t in _ALL.items() if c.count(".") == 1}
PARTS: dict[str, Message] = {c: t for c, t in _ALL.items() if c.count(".") > 1 and isinstance(t, Message)}
assert len(TEXTS) + len(PARTS) == len(_ALL)

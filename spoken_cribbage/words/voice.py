"""The sentences for ``voice.*`` notices and problems (see :mod:`spoken_cribbage.words.notices`).

>>> from spoken_cribbage.notice import Notice
>>> phrase(Notice("voice.microphone_failed", reason="Device unavailable"))
'The microphone could not be opened (Device unavailable): voice is off. Keyboard play goes on.'
>>> phrase(Notice("voice.off", reason=Notice("voice.not_a_vosk_model", path="/m")))
'Voice is off: /m is not a vosk model folder.'
"""

from __future__ import annotations

from typing import Any, Mapping

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.words.clean import quoted
from spoken_cribbage.words.notices import Template, phrase

KEYBOARD_GOES_ON = "Keyboard play goes on."


def _text(what: Any) -> str:
    """A notice or problem in words; anything else (an error from a library) as it is."""
    return phrase(what) if isinstance(what, (Notice, Problem)) else str(what)


def clause(sentence: str) -> str:
    """A sentence as a clause: first letter lower case (unless it starts an acronym), no full
    stop at the end."""
    text = sentence.rstrip(".")
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def _model_line(d: Mapping[str, Any]) -> str:
    if d["path"] is not None:
        state = f"Installed at {d['path']}"
    elif d["downloadable"]:
        state = f"Not installed; run: spoken-cribbage models download {d['name']}"
    else:
        state = "Not installed"
    about = d["description"] if d["description"] is not None else "Vosk model placed in the models folder"
    return f"{d['name']} ({d['engine']}): {about}. {state}."


def _downloading(d: Mapping[str, Any]) -> str:
    size = _mb(d["size"]) if d["size"] else "the model"
    return f"Downloading {size} from {d['url']}."


def _not_downloadable(d: Mapping[str, Any]) -> str:
    about = d["description"] if d["description"] is not None else "it comes with a package"
    return f"{d['name']} is not downloaded: {about}."


def _not_understood(d: Mapping[str, Any]) -> str:
    heard = d.get("heard")
    return "Sorry, I didn't catch that." + (f" (Heard: {heard}.)" if heard else "")


def _confirm(d: Mapping[str, Any]) -> str:
    """The question asked before a doubtful action.

    >>> phrase(Notice("voice.confirm", heard="the nine", command="play 9S"))
    'Play the nine of spades? Say yes or no.'
    """
    from spoken_cribbage.engine.cards import card_name, parse_cards
    verb, _, cards = (d.get("command") or "").partition(" ")
    try:
        names = " and ".join(f"the {card_name(c)}" for c in parse_cards(cards))
    except Exception:  # noqa: BLE001 - not a card command: ask about the words heard
        names = ""
    what = f"{verb.capitalize()} {names}" if names else f"{(d.get('heard') or '').capitalize()}"
    return f"{what}? Say yes or no."


def _db(x: Any) -> str:
    """A level in whole decibels: '-62 dB'."""
    return f"{int(round(x))} dB"


def _check_begins(d: Mapping[str, Any]) -> str:
    stop = {"key": " Any key stops it.", "ctrl-c": " Control-C stops it."}.get(d.get("stop", ""), "")
    return (f"Voice check: {d['quiet']} seconds of quiet, then {d['commands']} commands to say."
            + stop)


def _check_figures(d: Mapping[str, Any]) -> str:
    """The check's figures.

    >>> phrase("voice.check_figures", noise=-62.3, voice=-18.1, snr=44.2)
    'Room noise -62 dB, your voice -18 dB: 44 dB above the noise.'
    """
    if d.get("voice") is None:
        return f"Room noise {_db(d['noise'])}; no voice heard."
    return (f"Room noise {_db(d['noise'])}, your voice {_db(d['voice'])}: "
            f"{_db(d['snr'])} above the noise.")


def _check_matched(d: Mapping[str, Any]) -> str:
    if d.get("confirm"):
        return f"Heard: {d['heard']}, as asked, but not surely: the game would ask first."
    return f"Heard: {d['heard']}, as asked."


def _check_push(d: Mapping[str, Any]) -> str:
    """Push-to-talk, and why.

    >>> phrase("voice.check_suggest_push", why="missed", missed=1, asked=3)
    'Use push-to-talk: 1 of 3 commands was missed.'
    """
    missed = d.get("missed", 0)
    why = {"noisy": "the room is noisy",
           "snr": "your voice is not far enough above the room's noise",
           "level": "the level is not right yet",
           "missed": f"{missed} of {d.get('asked')} commands {'was' if missed == 1 else 'were'} missed",
           }.get(d.get("why", ""), "")
    return "Use push-to-talk" + (f": {why}." if why else ".")


TEXTS: dict[str, Template] = {
    # listening, the microphone (voice.microphone)
    "voice.listening": "Listening.",
    "voice.stopped_listening": "Stopped listening.",
    "voice.no_microphone": "No microphone found: voice is off. " + KEYBOARD_GOES_ON,
    "voice.no_sound_library": ("Voice is off: the sound library PortAudio is missing (install the "
                               "package libportaudio2). " + KEYBOARD_GOES_ON),
    "voice.microphone_failed": ("The microphone could not be opened ({reason}): voice is off. "
                                + KEYBOARD_GOES_ON),
    "voice.fell_behind": "Voice fell behind and skipped some sound: say that again if nothing happens.",
    "voice.stopped_after_error": "Voice stopped after an error ({error}). " + KEYBOARD_GOES_ON,
    "voice.nothing_heard": "Nothing was heard.",
    # one utterance (voice.recognizers.Recognition)
    "voice.heard": "Heard: {heard}.",
    "voice.not_understood": _not_understood,
    "voice.confirm": _confirm,
    # which engine listens, or why none does (voice.recognizers.choose_recognizer)
    "voice.using_pocketsphinx": "Voice: pocketsphinx (built-in English model).",
    "voice.using_vosk": "Voice: vosk with model {model}.",
    "voice.using_fake": "Voice: fake recognizer for tests.",
    "voice.vosk_not_used": lambda d: (f"{_text(d['using']).rstrip('.')}; "
                                      f"vosk not used ({clause(_text(d['reason']))})."),
    "voice.off": lambda d: f"Voice is off: {clause(_text(d['reason']))}.",
    "voice.unknown_engine": "Voice is off: unknown engine '{engine}'. Use vosk or pocketsphinx.",
    "voice.no_vosk_model": ("Voice is off: no vosk model found. Give --vosk-model PATH, set "
                            "SPOKEN_CRIBBAGE_VOSK_MODEL, or run "
                            "'spoken-cribbage models download vosk-small-en'."),
    "voice.recognizer_failed": "Voice is off: the recognizer could not start ({error}).",
    # VoiceError: the engines and their models
    "voice.engines_not_installed": ("The voice engines are not installed; add them with "
                                    "pip install 'spoken-cribbage[voice]' (./play.sh does this)."),
    "voice.not_a_vosk_model": "{path} is not a vosk model folder.",
    "voice.given_vosk_model_invalid": ("The vosk model given by {source} ({path}) "
                                       "is not a vosk model folder."),
    "voice.vosk_model_unloadable": "The vosk model in {path} could not be loaded.",
    "voice.vosk_model_not_english": lambda d: (f"The vosk model in {d['path']} does not know the "
                                               f"English command words ({', '.join(d['missing'])})."),
    "voice.pocketsphinx_unloadable": "The pocketsphinx model could not be loaded ({error}).",
    # ModelError and the progress of a download (voice.models)
    "voice.no_such_model": lambda d: (f"There is no model called {d['name']}. "
                                      f"Downloadable: {', '.join(d['downloadable'])}."),
    "voice.model_not_downloadable": _not_downloadable,
    "voice.model_without_checksum": ("The manifest has no SHA-256 for {name}, so it cannot be "
                                     "verified; nothing was downloaded."),
    "voice.model_already_installed": "{name} is already installed in {folder}.",
    "voice.model_folder_taken": "{folder} exists but is not a vosk model; move it away and try again.",
    "voice.models_folder_failed": "Cannot create the models folder {folder} ({error}).",
    "voice.downloading": _downloading,
    "voice.downloaded": lambda d: (f"Downloaded {d['percent']}% "
                                   f"({_mb(d['got'])} of {_mb(d['total'])})."),
    "voice.download_size_mismatch": ("The server offers {offered} bytes but the manifest expects "
                                     "{expected}; nothing was installed."),
    "voice.download_too_large": "The download is larger than the manifest says; nothing was installed.",
    "voice.download_http_error": "The download failed: the server answered {status} {reason}.",
    "voice.download_failed": "The download failed ({reason}); nothing was installed.",
    "voice.download_incomplete": ("The download was incomplete ({got} of {expected} bytes); "
                                  "nothing was installed. Try again."),
    "voice.download_interrupted": "The download was interrupted; nothing was installed.",
    "voice.checksum_mismatch": ("The checksum of the download does not match the manifest "
                                "(got {digest:.12}…); nothing was installed."),
    "voice.unpacking": "Checksum verified. Unpacking.",
    "voice.archive_not_zip": "The downloaded file is not a valid zip archive; nothing was installed.",
    "voice.archive_unsafe_entry": lambda d: (f"The archive holds an unsafe entry "
                                             f"({quoted(d['entry'])}); nothing was installed."),
    "voice.archive_too_big": "The archive unpacks to far more than expected; nothing was installed.",
    "voice.archive_damaged": "The archive is damaged; nothing was installed.",
    "voice.disk_full": "The disk is full (in {folder}); nothing was installed. Free some space and try again.",
    "voice.install_failed": "Cannot install the model in {folder} ({error}); nothing was installed.",
    "voice.archive_without_model": "The archive does not contain a vosk model; nothing was installed.",
    "voice.model_installed": "Installed {name} in {folder}.",
    # the listen and models commands (voice.listen, app.voice_command)
    "voice.say_a_command": "Say a command.",
    "voice.heard_command": "Heard: {heard}. Command: {command}.",
    "voice.heard_command_asked": lambda d: (f"Heard: {d['heard']}. Command: {d['command']}, not sure "
                                            f"enough to act on: the game asks first: {d['question']}"),
    "voice.no_such_file": "There is no file {path}.",
    "voice.unreadable_wav": "{path} is not a readable WAV file ({error}).",
    "voice.unsupported_sample_size": "{path} has an unsupported sample size.",
    "voice.bad_hand": lambda d: _text(d["error"]),
    "voice.discard_hand_size": ("In the discard give the whole hand, six cards "
                                "(five in a three-player game)."),
    "voice.play_hand_size": "In the play give the cards still in hand, one to four cards.",
    "voice.models_folder": "Models folder: {folder}",
    "voice.model_line": _model_line,
    "voice.download_stopped": "Stopped; nothing was installed.",
    "voice.listen_needs_source": "Give --file WAV or --mic, or --check to check your voice set-up.",
    "voice.microphone_silent": "The microphone sent no sound for 3 seconds.",
    # the set-up check (voice.check; listen --check and the game's mic check)
    "voice.check_begins": _check_begins,
    "voice.check_quiet": "Stay quiet for {seconds} seconds.",
    "voice.check_room": lambda d: f"Room noise {_db(d['noise'])}.",
    "voice.check_say": "Say: {phrase} ({n} of {total}).",
    "voice.check_matched": _check_matched,
    "voice.check_other": "Heard: {heard}, not {asked}.",
    "voice.check_not_understood": _not_understood,
    "voice.check_nothing": lambda d: (f"Nothing heard in {d['seconds']} seconds."
                                      if d.get("seconds") else "Nothing heard."),
    "voice.check_figures": _check_figures,
    "voice.check_level_good": "Good level.",
    "voice.check_level_quiet": "Too quiet: move closer to the microphone or raise its input level.",
    "voice.check_level_loud": "Too loud: the sound clips; move back or lower the input level.",
    "voice.check_level_noisy": lambda d: (
        f"The room is too noisy: your voice is only {_db(d['snr'])} above it."
        if d.get("snr") is not None else "The room is too noisy to tell your voice from it."),
    "voice.check_level_none": "No voice was heard: check that the microphone is on and not muted.",
    "voice.check_heard": "Heard {heard} of {asked} commands.",
    "voice.check_suggest_continuous": "Continuous listening should work well.",
    "voice.check_suggest_push": _check_push,
    "voice.check_suggest_none": "Check the microphone, then run the check again.",
    "voice.check_how_continuous": "Play with --voice auto --listen continuous.",
    "voice.check_how_push": "Play with --voice auto, and press l before each command.",
    "voice.check_stopped": "Voice check stopped.",
    "voice.check_failed": "The voice check stopped after an error ({error}).",
    "voice.check_cut_short": "The recording ended before the check did.",
    "voice.check_too_short": ("{path} is too short for the check: it needs {quiet} seconds of "
                              "quiet, then the commands."),
}

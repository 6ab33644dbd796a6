"""The sentences for ``voice.*`` notices and problems (see :mod:`spoken_cribbage.words.notices`).

>>> from spoken_cribbage.notice import Notice
>>> phrase(Notice("voice.microphone_failed", reason="Device unavailable"))
'The microphone could not be opened (Device unavailable): voice is off. Keyboard play goes on.'
>>> phrase(Notice("voice.off", reason=Notice("voice.not_a_vosk_model", path="/m")))
'Voice is off: /m is not a vosk model folder.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.words.catalogue import Message, join, render
from spoken_cribbage.words.clean import quoted
from spoken_cribbage.words.notices import Template, phrase


def _text(what: Any) -> str:
    """A notice or problem in words; anything else (an error from a library) as it is."""
    return phrase(what) if isinstance(what, (Notice, Problem)) else str(what)


def clause(sentence: str) -> str:
    """A sentence as a clause: first letter lower case (unless it starts an acronym), no full
    stop at the end (in any language: '.' or '。')."""
    text = sentence.rstrip(".。")
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _part(code: str, **facts: Any) -> str:
    """A form of a sentence that varies, said with facts already cleaned (its function picks)."""
    return render(code, PARTS[code], facts)


def _reason(key: str = "reason") -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """``prepare`` that says the fact ``key`` (a notice, or a library's error) as a clause."""
    return lambda d: {key: clause(_text(d[key]))}


def _listed(key: str) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """``prepare`` that says the list ``key`` as a plain list of the language."""
    return lambda d: {key: join([str(x) for x in d[key]], "all")}


def _mb(n: int) -> str:
    return _part("voice.unit.mb", mb=n / 1e6)


def _db(x: Any) -> str:
    """A level in whole decibels: '-62 dB'."""
    return _part("voice.unit.db", db=int(round(x)))


def _model_line(d: Mapping[str, Any]) -> str:
    about = d["description"] if d["description"] is not None else _part("voice.model_line.placed")
    facts = {"name": d["name"], "engine": d["engine"], "about": about}
    if d["path"] is not None:
        return _part("voice.model_line.installed", path=d["path"], **facts)
    if d["downloadable"]:
        return _part("voice.model_line.downloadable", **facts)
    return _part("voice.model_line.missing", **facts)


def _downloading(d: Mapping[str, Any]) -> str:
    if d["size"]:
        return _part("voice.downloading.sized", size=_mb(d["size"]), url=d["url"])
    return _part("voice.downloading.model", url=d["url"])


def _not_downloadable(d: Mapping[str, Any]) -> str:
    if d["description"] is not None:
        return _part("voice.model_not_downloadable.why", name=d["name"], description=d["description"])
    return _part("voice.model_not_downloadable.package", name=d["name"])


def _not_understood(code: str) -> Callable[[Mapping[str, Any]], str]:
    """'Sorry, I didn't catch that.', and what was heard if anything was."""

    def said(d: Mapping[str, Any]) -> str:
        heard = d.get("heard")
        return _part(f"{code}.heard", heard=heard) if heard else _part(f"{code}.plain")

    return said


def _confirm(d: Mapping[str, Any]) -> Mapping[str, Any]:
    """The doubtful action asked about: the command's verb and its cards (English, as voice
    commands and card names are), or else the words heard.

    >>> phrase(Notice("voice.confirm", heard="the nine", command="play 9S"))
    'Play the nine of spades? Say yes or no.'
    """
    from spoken_cribbage.engine.cards import card_name, parse_cards

    verb, _, cards = (d.get("command") or "").partition(" ")
    try:
        names = join([f"the {card_name(c)}" for c in parse_cards(cards)], "and")
    except Exception:  # noqa: BLE001 - not a card command: ask about the words heard
        names = ""
    return {"what": f"{verb.capitalize()} {names}" if names else f"{(d.get('heard') or '').capitalize()}"}


def _check_begins(d: Mapping[str, Any]) -> str:
    form = {"key": "key", "ctrl-c": "ctrl_c"}.get(d.get("stop", ""), "plain")
    return _part(f"voice.check_begins.{form}", quiet=d["quiet"], commands=d["commands"])


def _check_figures(d: Mapping[str, Any]) -> str:
    """The check's figures.

    >>> phrase("voice.check_figures", noise=-62.3, voice=-18.1, snr=44.2)
    'Room noise -62 dB, your voice -18 dB: 44 dB above the noise.'
    """
    if d.get("voice") is None:
        return _part("voice.check_figures.silent", noise=_db(d["noise"]))
    return _part("voice.check_figures.voice", noise=_db(d["noise"]), voice=_db(d["voice"]), snr=_db(d["snr"]))


def _check_matched(d: Mapping[str, Any]) -> str:
    if d.get("confirm"):
        return _part("voice.check_matched.unsure", heard=d["heard"])
    return _part("voice.check_matched.sure", heard=d["heard"])


def _check_push(d: Mapping[str, Any]) -> str:
    """Push-to-talk, and why.

    >>> phrase("voice.check_suggest_push", why="missed", missed=1, asked=3)
    'Use push-to-talk: 1 of 3 commands was missed.'
    """
    why = d.get("why", "")
    if why == "missed":
        return _part("voice.check_suggest_push.missed", count=d.get("missed", 0), asked=d.get("asked"))
    if why in ("noisy", "snr", "level"):
        return _part(f"voice.check_suggest_push.{why}")
    return _part("voice.check_suggest_push.plain")


def _nothing(d: Mapping[str, Any]) -> str:
    if d.get("seconds"):
        return _part("voice.check_nothing.within", seconds=d["seconds"])
    return _part("voice.check_nothing.plain")


def _noisy(d: Mapping[str, Any]) -> str:
    if d.get("snr") is not None:
        return _part("voice.check_level_noisy.snr", snr=_db(d["snr"]))
    return _part("voice.check_level_noisy.plain")


M = Message
_OFF = "voice failing; keyboard play goes on"
_WHY = "why voice is off, inside 'Voice is off: ...'; a sentence here, said as a clause there (the full stop taken off)"
_MODEL = "the models command (downloading a speech model) failing; nothing was installed"
_CHECK = "the voice set-up check (listen --check, the game's mic check)"
_PUSH = _CHECK + ": its advice, push-to-talk (the l key) rather than continuous listening"

# Every sentence of the voice notices, on the catalogue (words.catalogue): the English text and
# where it is heard (the translator's comment). Voice commands stay English in every language
# (no recognizer for the others can be checked), so 'yes', 'no' and the command words heard stay
# as they are. A code whose sentence has several forms is a function that only chooses among
# its forms, each form a message of PARTS (two dots).
_ALL: dict[str, Template] = {
    # listening, the microphone (voice.microphone)
    "voice.listening": M("Listening.", "the microphone starting to listen"),
    "voice.stopped_listening": M("Stopped listening.", "the microphone stopping"),
    "voice.no_microphone": M("No microphone found: voice is off. Keyboard play goes on.", _OFF),
    "voice.no_sound_library": M(
        "Voice is off: the sound library PortAudio is missing (install the package "
        "libportaudio2). Keyboard play goes on.",
        _OFF + "; the package name as it is",
    ),
    "voice.microphone_failed": M(
        "The microphone could not be opened ({reason}): voice is off. Keyboard play goes on.",
        _OFF + "; {reason} is the sound library's own words",
    ),
    "voice.fell_behind": M(
        "Voice fell behind and skipped some sound: say that again if nothing happens.",
        "the recognizer too slow for the microphone during a game",
    ),
    "voice.stopped_after_error": M(
        "Voice stopped after an error ({error}). Keyboard play goes on.", _OFF + "; {error} is the error's own words"
    ),
    "voice.nothing_heard": M("Nothing was heard.", "listening ended with no speech"),
    # one utterance (voice.recognizers.Recognition)
    "voice.heard": M("Heard: {heard}.", "what the recognizer heard (English words)"),
    "voice.not_understood": _not_understood("voice.not_understood"),
    "voice.not_understood.plain": M("Sorry, I didn't catch that.", "speech heard that is no command"),
    "voice.not_understood.heard": M(
        "Sorry, I didn't catch that. (Heard: {heard}.)",
        "speech heard that is no command; {heard} is the English words heard",
    ),
    "voice.confirm": M(
        "{what}? Say yes or no.",
        "asked before a spoken command the recognizer is not sure of; {what} is "
        "the command in English, like 'Play the nine of spades'; the answer is "
        "said in English (yes or no)",
        prepare=_confirm,
    ),
    # which engine listens, or why none does (voice.recognizers.choose_recognizer)
    "voice.using_pocketsphinx": M("Voice: pocketsphinx (built-in English model).", "at start, which engine listens"),
    "voice.using_vosk": M(
        "Voice: vosk with model {model}.", "at start, which engine listens; {model} is a folder name"
    ),
    "voice.using_fake": M("Voice: fake recognizer for tests.", "at start, in tests"),
    "voice.vosk_not_used": M(
        "{using}; vosk not used ({reason}).",
        "at start: {using} is the engine that listens instead, like 'Voice: pocketsphinx "
        "(built-in English model)' without its full stop; {reason} why vosk is not used",
        prepare=lambda d: {"using": _text(d["using"]).rstrip(".。"), "reason": clause(_text(d["reason"]))},
    ),
    "voice.off": M("Voice is off: {reason}.", "at start; {reason} is why", prepare=_reason()),
    "voice.unknown_engine": M(
        "Voice is off: unknown engine '{engine}'. Use vosk or pocketsphinx.",
        "--voice given a wrong engine; the engine names as they are",
    ),
    "voice.no_vosk_model": M(
        "Voice is off: no vosk model found. Give --vosk-model PATH, set "
        "SPOKEN_CRIBBAGE_VOSK_MODEL, or run 'spoken-cribbage models download vosk-small-en'.",
        "at start, no speech model; the option, variable and command as they are",
    ),
    "voice.recognizer_failed": M(
        "Voice is off: the recognizer could not start ({error}).", "at start; {error} is the error's own words"
    ),
    # VoiceError: the engines and their models
    "voice.engines_not_installed": M(
        "The voice engines are not installed; add them with pip install "
        "'spoken-cribbage[voice]' (./play.sh does this).",
        _WHY + "; the command as it is",
    ),
    "voice.not_a_vosk_model": M("{path} is not a vosk model folder.", _WHY),
    "voice.given_vosk_model_invalid": M(
        "The vosk model given by {source} ({path}) is not a vosk model folder.",
        _WHY + "; {source} is an option or variable, like --vosk-model",
    ),
    "voice.vosk_model_unloadable": M("The vosk model in {path} could not be loaded.", _WHY),
    "voice.vosk_model_not_english": M(
        "The vosk model in {path} does not know the English command words ({missing}).",
        _WHY + "; {missing} lists English words",
        prepare=_listed("missing"),
    ),
    "voice.pocketsphinx_unloadable": M(
        "The pocketsphinx model could not be loaded ({error}).", _WHY + "; {error} is the error's own words"
    ),
    # ModelError and the progress of a download (voice.models)
    "voice.no_such_model": M(
        "There is no model called {name}. Downloadable: {downloadable}.",
        "models download given an unknown name; {downloadable} lists names",
        prepare=_listed("downloadable"),
    ),
    "voice.model_not_downloadable": _not_downloadable,
    "voice.model_not_downloadable.why": M(
        "{name} is not downloaded: {description}.",
        "models download of a model that is not downloaded; {description} is the manifest's words (English)",
    ),
    "voice.model_not_downloadable.package": M(
        "{name} is not downloaded: it comes with a package.",
        "models download of a model that comes with a Python package",
    ),
    "voice.model_without_checksum": M(
        "The manifest has no SHA-256 for {name}, so it cannot be verified; nothing was downloaded.", _MODEL
    ),
    "voice.model_already_installed": M(
        "{name} is already installed in {folder}.", "models download of a model already there"
    ),
    "voice.model_folder_taken": M("{folder} exists but is not a vosk model; move it away and try again.", _MODEL),
    "voice.models_folder_failed": M(
        "Cannot create the models folder {folder} ({error}).", _MODEL + "; {error} is the system's words"
    ),
    "voice.downloading": _downloading,
    "voice.downloading.sized": M("Downloading {size} from {url}.", "models download starting; {size} like '41.2 MB'"),
    "voice.downloading.model": M("Downloading the model from {url}.", "models download starting, its size not known"),
    "voice.downloaded": M(
        "Downloaded {percent}% ({got} of {total}).",
        "models download progress; {got} and {total} like '20.0 MB'",
        prepare=lambda d: {"got": _mb(d["got"]), "total": _mb(d["total"])},
    ),
    "voice.unit.mb": M("{mb:.1f} MB", "a size in megabytes, as in 'Downloading 41.2 MB'"),
    "voice.download_size_mismatch": M(
        "The server offers {offered} bytes but the manifest expects {expected}; nothing was installed.", _MODEL
    ),
    "voice.download_too_large": M("The download is larger than the manifest says; nothing was installed.", _MODEL),
    "voice.download_http_error": M(
        "The download failed: the server answered {status} {reason}.",
        _MODEL + "; {status} {reason} the server's own, like '404 Not Found'",
    ),
    "voice.download_failed": M(
        "The download failed ({reason}); nothing was installed.", _MODEL + "; {reason} is the network's own words"
    ),
    "voice.download_incomplete": M(
        "The download was incomplete ({got} of {expected} bytes); nothing was installed. Try again.", _MODEL
    ),
    "voice.download_interrupted": M("The download was interrupted; nothing was installed.", _MODEL),
    "voice.checksum_mismatch": M(
        "The checksum of the download does not match the manifest (got {digest:.12}…); nothing was installed.",
        _MODEL + "; {digest:.12} is the start of a hash",
    ),
    "voice.unpacking": M("Checksum verified. Unpacking.", "models download progress"),
    "voice.archive_not_zip": M("The downloaded file is not a valid zip archive; nothing was installed.", _MODEL),
    "voice.archive_unsafe_entry": M(
        "The archive holds an unsafe entry ({entry}); nothing was installed.",
        _MODEL + "; {entry} is a file name in the archive, quoted",
        prepare=lambda d: {"entry": quoted(d["entry"])},
    ),
    "voice.archive_too_big": M("The archive unpacks to far more than expected; nothing was installed.", _MODEL),
    "voice.archive_damaged": M("The archive is damaged; nothing was installed.", _MODEL),
    "voice.disk_full": M(
        "The disk is full (in {folder}); nothing was installed. Free some space and try again.", _MODEL
    ),
    "voice.install_failed": M(
        "Cannot install the model in {folder} ({error}); nothing was installed.",
        _MODEL + "; {error} is the system's words",
    ),
    "voice.archive_without_model": M("The archive does not contain a vosk model; nothing was installed.", _MODEL),
    "voice.model_installed": M("Installed {name} in {folder}.", "models download finished"),
    # the listen and models commands (voice.listen, app.voice_command)
    "voice.say_a_command": M("Say a command.", "listen --mic, waiting for speech"),
    "voice.heard_command": M(
        "Heard: {heard}. Command: {command}.",
        "the listen command's answer; {heard} English words, {command} the typed command they make, like 'play 5H'",
    ),
    "voice.heard_command_asked": M(
        "Heard: {heard}. Command: {command}, not sure enough to act on: the game asks first: {question}",
        "the listen command's answer when unsure; {question} is the question the game would ask",
    ),
    "voice.no_such_file": M("There is no file {path}.", "listen --file given a missing file"),
    "voice.unreadable_wav": M(
        "{path} is not a readable WAV file ({error}).", "listen --file; {error} is the library's words"
    ),
    "voice.unsupported_sample_size": M(
        "{path} has an unsupported sample size.", "listen --file given a WAV it cannot read"
    ),
    "voice.bad_hand": M(
        "{error}",
        "listen --hand given a wrong card; {error} is the sentence saying what is wrong",
        prepare=lambda d: {"error": _text(d["error"])},
    ),
    "voice.discard_hand_size": M(
        "In the discard give the whole hand, six cards (five in a three-player game).",
        "listen --phase discard given the wrong number of cards in --hand",
    ),
    "voice.play_hand_size": M(
        "In the play give the cards still in hand, one to four cards.",
        "listen --phase play given the wrong number of cards in --hand",
    ),
    "voice.models_folder": M("Models folder: {folder}", "the models command's first line"),
    "voice.model_line": _model_line,
    "voice.model_line.installed": M(
        "{name} ({engine}): {about}. Installed at {path}.", "a line of the models command; {about} describes it"
    ),
    "voice.model_line.downloadable": M(
        "{name} ({engine}): {about}. Not installed; run: spoken-cribbage models download {name}.",
        "a line of the models command; {about} describes it",
    ),
    "voice.model_line.missing": M(
        "{name} ({engine}): {about}. Not installed.", "a line of the models command; {about} describes it"
    ),
    "voice.model_line.placed": M(
        "Vosk model placed in the models folder",
        "what a model found in the models folder is, in a line of the models command: no full stop",
    ),
    "voice.download_stopped": M("Stopped; nothing was installed.", "models download stopped by Control-C"),
    "voice.listen_needs_source": M(
        "Give --file WAV or --mic, or --check to check your voice set-up.",
        "the listen command given nothing to listen to",
    ),
    "voice.microphone_silent": M("The microphone sent no sound for 3 seconds.", "listen --mic, the microphone silent"),
    # the set-up check (voice.check; listen --check and the game's mic check)
    "voice.check_begins": _check_begins,
    "voice.check_begins.plain": M(
        "Voice check: {quiet} seconds of quiet, then {commands} commands to say.", _CHECK + ", starting (from a file)"
    ),
    "voice.check_begins.key": M(
        "Voice check: {quiet} seconds of quiet, then {commands} commands to say. Any key stops it.",
        _CHECK + ", starting in the game",
    ),
    "voice.check_begins.ctrl_c": M(
        "Voice check: {quiet} seconds of quiet, then {commands} commands to say. Control-C stops it.",
        _CHECK + ", starting from the command line",
    ),
    "voice.check_quiet": M("Stay quiet for {seconds} seconds.", _CHECK),
    "voice.check_room": M(
        "Room noise {noise}.", _CHECK + "; {noise} like '-62 dB'", prepare=lambda d: {"noise": _db(d["noise"])}
    ),
    "voice.unit.db": M("{db} dB", "a sound level in decibels, as in 'Room noise -62 dB'"),
    "voice.check_say": M("Say: {phrase} ({n} of {total}).", _CHECK + "; {phrase} is an English command to say"),
    "voice.check_matched": _check_matched,
    "voice.check_matched.sure": M("Heard: {heard}, as asked.", _CHECK),
    "voice.check_matched.unsure": M("Heard: {heard}, as asked, but not surely: the game would ask first.", _CHECK),
    "voice.check_other": M("Heard: {heard}, not {asked}.", _CHECK + "; English words"),
    "voice.check_not_understood": _not_understood("voice.check_not_understood"),
    "voice.check_not_understood.plain": M("Sorry, I didn't catch that.", _CHECK + ": speech heard that is no command"),
    "voice.check_not_understood.heard": M(
        "Sorry, I didn't catch that. (Heard: {heard}.)",
        _CHECK + ": speech heard that is no command; {heard} is the English words heard",
    ),
    "voice.check_nothing": _nothing,
    "voice.check_nothing.within": M("Nothing heard in {seconds} seconds.", _CHECK),
    "voice.check_nothing.plain": M("Nothing heard.", _CHECK),
    "voice.check_figures": _check_figures,
    "voice.check_figures.voice": M(
        "Room noise {noise}, your voice {voice}: {snr} above the noise.", _CHECK + "; each figure like '-62 dB'"
    ),
    "voice.check_figures.silent": M("Room noise {noise}; no voice heard.", _CHECK + "; {noise} like '-62 dB'"),
    "voice.check_level_good": M("Good level.", _CHECK),
    "voice.check_level_quiet": M("Too quiet: move closer to the microphone or raise its input level.", _CHECK),
    "voice.check_level_loud": M("Too loud: the sound clips; move back or lower the input level.", _CHECK),
    "voice.check_level_noisy": _noisy,
    "voice.check_level_noisy.snr": M(
        "The room is too noisy: your voice is only {snr} above it.", _CHECK + "; {snr} like '12 dB'"
    ),
    "voice.check_level_noisy.plain": M("The room is too noisy to tell your voice from it.", _CHECK),
    "voice.check_level_none": M("No voice was heard: check that the microphone is on and not muted.", _CHECK),
    "voice.check_heard": M(
        "Heard {heard} of {asked} commands.",
        _CHECK + "; two numbers (the forms by {heard}, the commands heard)",
        plural="Heard {heard} of {asked} commands.",
        count="heard",
    ),
    "voice.check_suggest_continuous": M("Continuous listening should work well.", _CHECK),
    "voice.check_suggest_push": _check_push,
    "voice.check_suggest_push.plain": M("Use push-to-talk.", _PUSH),
    "voice.check_suggest_push.noisy": M("Use push-to-talk: the room is noisy.", _PUSH),
    "voice.check_suggest_push.snr": M("Use push-to-talk: your voice is not far enough above the room's noise.", _PUSH),
    "voice.check_suggest_push.level": M("Use push-to-talk: the level is not right yet.", _PUSH),
    "voice.check_suggest_push.missed": M(
        "Use push-to-talk: {count} of {asked} commands was missed.",
        _PUSH + "; two numbers",
        plural="Use push-to-talk: {count} of {asked} commands were missed.",
    ),
    "voice.check_suggest_none": M("Check the microphone, then run the check again.", _CHECK),
    "voice.check_how_continuous": M(
        "Play with --voice auto --listen continuous.", _CHECK + "; the options as they are"
    ),
    "voice.check_how_push": M(
        "Play with --voice auto, and press l before each command.", _CHECK + "; the options and the key as they are"
    ),
    "voice.check_stopped": M("Voice check stopped.", _CHECK),
    "voice.check_failed": M(
        "The voice check stopped after an error ({error}).", _CHECK + "; {error} is the error's own words"
    ),
    "voice.check_cut_short": M("The recording ended before the check did.", _CHECK + " (a file)"),
    "voice.check_too_short": M(
        "{path} is too short for the check: it needs {quiet} seconds of quiet, then the commands.", _CHECK + " (a file)"
    ),
}

# codes the layers hand over have one dot (TEXTS); the forms and parts of their sentences two
# (PARTS).
TEXTS: dict[str, Template] = {c: t for c, t in _ALL.items() if c.count(".") == 1}
PARTS: dict[str, Message] = {c: t for c, t in _ALL.items() if c.count(".") == 2 and isinstance(t, Message)}
assert len(TEXTS) + len(PARTS) == len(_ALL)

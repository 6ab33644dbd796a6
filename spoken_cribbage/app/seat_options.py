"""Each player's own options and devices, in one place for every seat (issue 26): the local game
(``play``) and a shared table (``host``, ``join``) take the same command-line options for the
player's speech route, voice, cues, verbosity and listening (:func:`add_seat_options`), make the
voice, the cues and the hands-free listener the same way (:func:`make_speaker`,
:func:`make_cues`, :func:`hands_free`), and say what speaks the same way
(:func:`say_what_speaks`). Options apply to one run; a setting changed in the game is saved
(``storage.settings.RunSettings``).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field, replace
from typing import Any

from spoken_cribbage.storage import settings as settings_mod
from spoken_cribbage.words import catalogue
from spoken_cribbage.words.cli_help import help_text
from spoken_cribbage.words.notices import phrase

#: The settings a player brings to any table, shared or not (their command-line options:
#: :func:`add_seat_options`); the rules of a game are the table's.
SEAT_SETTINGS = (
    "speech",
    "rate",
    "volume",
    "verbosity",
    "language",
    "voice_engine",
    "listen",
    "command_end",
    "vosk_model",
    "cues",
    "cue_volume",
    "count_tone",
    "brief",
)


def add_seat_options(p: argparse.ArgumentParser) -> None:
    """The player's own options: how the game speaks, sounds and listens to this player."""
    p.add_argument("--speech", choices=settings_mod.SPEECH_MODES, default=None, help=help_text("play.--speech"))
    p.add_argument("--rate", type=int, default=None, help=help_text("play.--rate"))
    p.add_argument("--volume", type=float, default=None, help=help_text("play.--volume"))
    p.add_argument("--verbosity", choices=("terse", "normal", "coach"), default=None)
    p.add_argument("--accessible", action="store_true", help=help_text("play.--accessible"))
    p.add_argument(
        "--voice", choices=("auto", "vosk", "pocketsphinx", "off"), default=None, help=help_text("play.--voice")
    )
    p.add_argument("--listen", choices=("push", "continuous"), default=None, help=help_text("play.--listen"))
    p.add_argument("--command-end", choices=("pause", "silence"), default=None, help=help_text("play.--command-end"))
    p.add_argument("--vosk-model", default=None, help=help_text("play.--vosk-model"))
    p.add_argument("--cues", choices=("on", "off"), default=None, help=help_text("play.--cues"))
    p.add_argument("--cue-volume", type=float, default=None, help=help_text("play.--cue-volume"))
    p.add_argument("--count-tone", choices=("on", "off"), default=None, help=help_text("play.--count-tone"))
    p.add_argument("--brief", type=_brief, default=None, metavar="PARTS", help=help_text("play.--brief"))


def _brief(text: str) -> str:
    """--brief: off, on, or parts (checked as the setting is)."""
    try:
        return settings_mod.brief_value(text)
    except settings_mod.SettingError as e:
        raise argparse.ArgumentTypeError(phrase(e)) from None


@dataclass
class SeatSettings:
    """A shared table's seat's settings: the file's with the player's own options on top."""

    run: settings_mod.RunSettings
    accessible: bool = False
    #: sentences to say once the seat speaks (the settings file's problem)
    early: list[str] = field(default_factory=list)

    @property
    def current(self) -> settings_mod.Settings:
        return self.run.current


def seat_settings(args: argparse.Namespace | None) -> SeatSettings:
    """The settings of a seat at a shared table: the file's, with the player's own options
    given on the command line (this run only); raises ValueError for a bad value (the
    caller says it with ``storage.bad_option``)."""
    file_settings, notice = settings_mod.load()
    early = [phrase(notice)] if notice else []
    given = settings_mod.options_given(args) if args is not None else {}
    overrides: dict[str, Any] = {name: value for name, value in given.items() if name in SEAT_SETTINGS}
    settings = replace(file_settings, **overrides).validate()
    return SeatSettings(
        settings_mod.RunSettings(current=settings, overrides=overrides),
        accessible=bool(getattr(args, "accessible", False)),
        early=early,
    )


def player_settings(args: argparse.Namespace) -> SeatSettings | None:
    """:func:`seat_settings` for ``host`` and ``join``: None after a bad value's sentence on
    stderr (as ``play`` says it), before anything is opened."""
    import sys

    try:
        return seat_settings(args)
    except ValueError as e:
        sys.stderr.write(phrase("storage.bad_option", reason=e) + "\n")
        return None


def settings_kept(run: settings_mod.RunSettings, speaker: Any, writer: Any) -> Any:
    """The seat's ``on_settings`` hook: a setting changed in the game is saved (``run``), and a
    new language is spoken from then on (the messages, and our own voice when it has one that
    reads it; a voice the player named stays)."""

    def on_settings(new: settings_mod.Settings, name: str | None = None) -> Any:
        if name == "language":  # the translated messages in the new language from now on
            catalogue.use(new.language or catalogue.language_from_environment())
            from spoken_cribbage.notice import Notice
            from spoken_cribbage.speech import follow_language

            # our own voice reads it too (a voice the player named stays)
            if not new.voice and not follow_language(speaker, catalogue.current()):
                writer.line(phrase(Notice("speech.voice_kept", language=catalogue.current())))
        return run.on_settings(new, name)

    return on_settings


def make_speaker(settings: settings_mod.Settings, writer: Any) -> Any:
    """The game's voice as the settings choose it (nothing speaks with ``speech off``)."""
    if settings.speech == "off":
        from spoken_cribbage.speech.base import NullSpeaker

        return NullSpeaker()
    from spoken_cribbage.speech import make_speaker as make

    return make(
        settings.speech,
        rate=settings.rate,
        volume=settings.volume,
        voice=settings.voice or None,
        on_error=lambda notice: writer.line(phrase(notice)),
        language=catalogue.current(),  # our own voice reads the game's language
    )


def make_cues(settings: settings_mod.Settings, on_error: Any) -> Any:
    """The sound cue player (its stream opens when cues are on: :func:`say_what_speaks`)."""
    from spoken_cribbage.speech.cues import NullCuePlayer, make_cue_player

    try:
        cues = make_cue_player(volume=settings.cue_volume, on_error=on_error)
    except Exception:  # no sound device library: no cues, never a crash
        return NullCuePlayer()
    return cues


class HeldLines:
    """Passes each notice on, except while held: then they wait for ``release``."""

    def __init__(self, say: Any) -> None:
        self._say = say
        self._held: list[Any] | None = None

    def __call__(self, notice: Any) -> None:
        if self._held is not None:
            self._held.append(notice)
        else:
            self._say(notice)

    def hold(self) -> HeldLines:
        self._held = []
        return self

    def release(self) -> list[Any]:
        held, self._held = self._held or [], None
        return held


def say_what_speaks(
    writer: Any, speaker: Any, settings: settings_mod.Settings, cues: Any, cue_errors: HeldLines
) -> None:
    """The opening's first lines: what speaks, or why nothing does, and the cues' problems
    (one line when the same cause silences both). Opens the cues' stream when they are on."""
    status: Any = getattr(speaker, "status", None)  # what speaks, or why nothing does (a notice)
    said = status is not None and (
        speaker.available
        or (settings.speech == "auto" and status.code == "speech.none" and status.data.get("reason") is not None)
    )
    cue_problems = cue_errors.hold()
    if settings.cues == "on":
        cues.open()  # a problem is held, to be said after what speaks
    held = cue_problems.release()
    if (
        said
        and not speaker.available
        and len(held) == 1
        and held[0].code == "cues.could_not_start"
        and held[0].data.get("reason") == status.data.get("reason")
    ):
        # the same cause silences both: one line says so
        writer.line(phrase("cues.speech_and_cues_off", reason=status.data["reason"]))
    else:
        if said:
            writer.line(phrase(status))
        for notice in held:
            writer.line(phrase(notice))


def hands_free(session: Any, settings: settings_mod.Settings) -> tuple[Any, Any]:
    """Hands-free play when the settings turn it on, and the mic check (with voice on or
    off): (the hands-free voice or None, the mic check). The same for every seat: the listener
    feeds the session's intents, so a card is played only when said, with the same
    confirmation questions."""
    voice = None
    if settings.voice_engine != "off":
        from spoken_cribbage.app.handsfree import HandsFree

        voice = HandsFree(
            session,
            engine=settings.voice_engine,
            mode=settings.listen,
            vosk_model=settings.vosk_model or None,
            early=settings.command_end == "pause",
        )
        session.listen_toggle = voice.toggle
    from spoken_cribbage.app.voice_check import VoiceCheck

    checker = VoiceCheck(session, handsfree=voice, engine=settings.voice_engine, vosk_model=settings.vosk_model or None)
    session.voice_check = checker  # mic check: with voice on or off
    return voice, checker

"""The seat's settings, sound cues and voice commands (issue 24, a group of the Commands
stage): a setting changed from the game (``rate 200``, ``cues off``: pushed to the voice and
the cue player it drives), the settings said, silence, the cues named and played one after
another (:class:`CuesDemo`), listening toggled, and the microphone check."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Protocol

from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.registry import Registry
from spoken_cribbage.app.seat.turns import Timer
from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.vocabulary import Command
from spoken_cribbage.words.channels import channel_changed
from spoken_cribbage.words.lines import Line, LineKind
from spoken_cribbage.words.notices import phrase as phrase_notice
from spoken_cribbage.words.seat import CUE_MEANINGS, cue_meaning, phrase, setting_named, setting_shown

__all__ = [
    "CUE_DELAY",
    "CUE_ORDER",
    "CUE_STEP",
    "DEVICES",
    "NEXT_GAME_SETTINGS",
    "CuePlayer",
    "CuesDemo",
    "Devices",
    "VoiceCheck",
    "Voice",
    "change_setting",
    "stop_running",
]

#: The cues the ``cues`` command plays, in order (the same names as ``speech.cues.CUE_NAMES``).
CUE_ORDER = tuple(CUE_MEANINGS)
#: The ``cues`` command: a cue plays this long after its name is said, the next name after
#: CUE_STEP (s).
CUE_DELAY, CUE_STEP = 0.9, 1.6
#: Settings that are rules of the game: a change takes effect in the next game.
NEXT_GAME_SETTINGS = ("difficulty", "target", "counting", "muggins", "overcount_penalty", "players", "teams", "names")


class Voice(Protocol):
    """What the settings need of the voice (``speech.base.Speaker`` has it)."""

    def stop(self) -> None: ...
    def set_rate(self, wpm: int) -> None: ...
    def set_volume(self, volume: float) -> None: ...
    def set_voice(self, voice: str | None) -> None: ...


class CuePlayer(Protocol):
    """What the cues need of the cue player (``speech.cues`` players have it)."""

    def open(self) -> bool: ...
    def play(self, *names: str) -> None: ...
    def stop(self) -> None: ...
    def set_volume(self, volume: float) -> None: ...


class VoiceCheck(Protocol):
    """The microphone check (``app.voice_check.VoiceCheck``)."""

    def start(self) -> None: ...

    @property
    def running(self) -> bool: ...

    def stop(self) -> bool:
        """Stop the check: True when the key that stopped it should do only that."""
        ...


class CuesDemo:
    """The ``cues`` command: every cue named in a line and played, one after another on the
    timer (every name at once without one); any key stops them (:meth:`stop`)."""

    def __init__(self, output: Output, cues: Callable[[], CuePlayer], timer: Callable[[], Timer | None]) -> None:
        self.output = output
        self.cues = cues
        self.timer = timer
        self._cancel: list[Callable[[], None]] = []  # while it runs

    def start(self, cues_on: bool) -> None:
        self.stop()
        cues = self.cues()
        lines = [phrase("cues_heading" if cues_on else "cues_heading_off")]
        if not getattr(cues, "available", False) and not cues.open():
            reason = getattr(cues, "reason", None)
            if reason is not None:
                lines.append(
                    phrase("cues_silent", reason=phrase_notice(reason) if isinstance(reason, Notice) else reason)
                )
        self.output.say([Line.same(t, LineKind.CUE) for t in lines])
        steps = list(enumerate(CUE_ORDER, 1))
        total = len(steps)
        timer = self.timer()
        if timer is None:  # no clock to pace them: every name now, the cues in sequence
            self.output.say(
                [
                    Line.same(phrase("cue", n=n, total=total, meaning=cue_meaning(name)), LineKind.CUE)
                    for n, name in steps
                ]
                + [Line.same(phrase("cues_count_tone"), LineKind.CUE)],
                priority=Priority.NORMAL,
            )
            self._play(*(name for _, name in steps))
            return

        def step(i: int) -> None:
            self._cancel.clear()
            if i == total:  # the last line of the cues, on its own: then the prompt again
                with self.output.answer(unprompted=True):
                    self.output.say([Line.same(phrase("cues_count_tone"), LineKind.CUE)], priority=Priority.NORMAL)
                return
            n, name = steps[i]
            self.output.say(
                [Line.same(phrase("cue", n=n, total=total, meaning=cue_meaning(name)), LineKind.CUE)],
                priority=Priority.NORMAL,
            )
            self._cancel.append(timer(CUE_DELAY, lambda: self._play(name)))
            self._cancel.append(timer(CUE_STEP, lambda: step(i + 1)))

        step(0)

    def _play(self, *names: str) -> None:
        with suppress(Exception):
            self.cues().play(*names)  # asked for: played even with cues off in the game

    def stop(self) -> None:
        """Stop the cues under way (silently: the key does what it does)."""
        if not self._cancel:
            return
        for cancel in self._cancel:
            with suppress(Exception):
                cancel()
        self._cancel.clear()
        with suppress(Exception):
            self.cues().stop()


class Devices(Protocol):
    """What the settings, cues and voice commands need of the seat."""

    settings: Settings
    output: Output
    cues_demo: CuesDemo
    #: listening on and off, while voice commands are on
    listen_toggle: Callable[[], None] | None

    @property
    def speaker(self) -> Voice: ...

    @property
    def cues(self) -> CuePlayer: ...

    @property
    def voice_check(self) -> VoiceCheck | None: ...

    def take_settings(self, new: Settings, name: str) -> None:
        """The seat plays by ``new`` from now (its words, its clock), ``name`` changed."""
        ...

    def settings_saved(self, new: Settings, name: str) -> Notice | None:
        """``new`` kept for the next runs (a notice when that went wrong)."""
        ...

    def settings_described(self, settings: Settings) -> list[Notice] | None:
        """The settings said, each a notice (None: said plainly, name and value)."""
        ...


DEVICES: Registry[Devices] = Registry("settings, cues and voice")


def _push(seat: Devices, name: str, new: Settings) -> None:
    """A setting of the voice or the cues reaches it (a failure is the device's to report)."""
    with suppress(Exception):
        if name == "rate":
            seat.speaker.set_rate(new.rate)
        elif name == "volume":
            seat.speaker.set_volume(new.volume)
        elif name == "voice":
            seat.speaker.set_voice(new.voice or None)
        elif name == "cue_volume":
            seat.cues.set_volume(new.cue_volume)
        elif name == "cues":
            if new.cues == "on":
                seat.cues.open()  # says once if it cannot
            else:
                seat.cues.stop()


def change_setting(seat: Devices, c: Command) -> None:
    """A command with a value (``rate 200``, ``cues off``): that setting changed, for this
    game and the next runs, or why not."""
    name, value = c.verb, c.value
    try:
        new = seat.settings.changed(name, value)
    except ValueError as e:
        seat.output.tell(
            phrase("setting_refused", reason=phrase_notice(e) if isinstance(e, Problem) else e), LineKind.ERROR
        )
        return
    old = seat.settings
    seat.take_settings(new, name)
    _push(seat, name, new)
    notice = seat.settings_saved(new, name)
    msg = phrase_notice(notice) if notice else None
    extra = phrase("next_game") if name in NEXT_GAME_SETTINGS else ""
    if name == "cues":
        said = phrase("cues_changed", value=setting_shown("cues", new.cues))
    elif name.startswith("channel_"):  # said whatever the modes: the way back to them
        said = channel_changed(name.removeprefix("channel_"), getattr(new, name))
        seat.output.say([Line.same(said + (f" {msg}" if msg else ""), LineKind.HELP)])
        return
    else:
        said = phrase(
            "setting_changed",
            Name=setting_named(name),
            value=setting_shown(name, getattr(new, name)),
            extra=extra,
        )
    if name != "teams" and new.teams != old.teams:  # players reset a layout that no longer fits
        said += " " + phrase("teams_reset", value=setting_shown("teams", new.teams))
    seat.output.tell(said + (f" {msg}" if msg else ""))


@DEVICES.verb("silence")
def silence(seat: Devices, c: Command) -> None:
    if not getattr(seat.speaker, "available", False):  # the key answers, as every key does
        seat.output.tell(phrase("speech_off_silence"))
        return
    with suppress(Exception):
        seat.speaker.stop()


@DEVICES.verb("settings")
def settings(seat: Devices, c: Command) -> None:
    described = seat.settings_described(seat.settings)
    if described is not None:
        lines = [phrase_notice(n) for n in described]
    else:  # no settings file to name: each setting and its value, in words all the same
        lines = [
            phrase_notice(Notice("storage.setting_value", name=k, value=v)) for k, v in vars(seat.settings).items()
        ]
    seat.output.say([Line.same(t, LineKind.ANSWER) for t in lines])


@DEVICES.verb("listen")
def listen(seat: Devices, c: Command) -> None:
    if seat.listen_toggle is None:
        seat.output.tell(phrase("voice_off"))
        return
    seat.listen_toggle()


@DEVICES.verb("cues")
def cues(seat: Devices, c: Command) -> None:
    """Name every cue in a line and play it, one after another; any key stops them."""
    seat.cues_demo.start(seat.settings.cues == "on")


@DEVICES.verb("check")
def check(seat: Devices, c: Command) -> None:
    """The voice set-up check (mic check): the room, three commands, a suggestion."""
    if seat.voice_check is None:
        seat.output.tell(phrase("voice_check_unavailable"))
        return
    seat.voice_check.start()


def stop_running(seat: Devices) -> bool:
    """An input stops the cues command (silently: the input does what it does) and the voice
    check: True when a check was running and stopped (a key that stops it does only that)."""
    seat.cues_demo.stop()
    check = seat.voice_check
    if check is None or not check.running:
        return False
    try:
        return bool(check.stop())
    except Exception:
        return False

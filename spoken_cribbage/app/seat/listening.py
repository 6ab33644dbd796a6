"""What the player hears, by channel (issue 25, items 1 to 3; a group of the Commands stage):
``channels`` lists each channel with its mode (``channel scores history`` changes one, as a
setting: :func:`.devices.change_setting`), ``profile`` (key ``j``) picks the next profile or
the one named, and ``history`` says which channel ``[`` and ``]`` walk, walks one
(``history scores``) or every line (``history all``), or saves the history to a new text file
(``history save``). The modes themselves are applied by the Output stage, never here.
"""

from __future__ import annotations

from pathlib import Path

from spoken_cribbage.app.seat.devices import Devices
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.seat.registry import Registry
from spoken_cribbage.storage import paths
from spoken_cribbage.storage.settings import CHANNELS, PROFILES, Settings, channel_modes, profile_of, with_profile
from spoken_cribbage.vocabulary import Command
from spoken_cribbage.words import channels as words
from spoken_cribbage.words.lines import Line, LineKind
from spoken_cribbage.words.notices import phrase as phrase_notice

__all__ = ["LISTENING", "channels_answer", "cues_sound", "history_answer", "next_profile", "save_history"]

LISTENING: Registry[Devices] = Registry("channels, profiles and history")


def _help(seat: Devices, text: str) -> None:
    """Said whatever the channels' modes: the way back to them."""
    seat.output.say([Line.same(text, LineKind.HELP)])


def channels_answer(settings: Settings, *, reader: str | None = None, cues_on: bool | None = None) -> list[str]:
    """The lines of the ``channels`` command (``reader``: the screen reader that is the voice,
    "" when its name is not known; None when none is; ``cues_on``: whether a cue sounds, by
    default the cues setting)."""
    return words.channel_lines(
        channel_modes(settings),
        profile=profile_of(settings),
        reader=reader,
        cues_on=settings.cues == "on" if cues_on is None else cues_on,
    )


def next_profile(settings: Settings, name: str | None = None) -> tuple[Settings, str]:
    """The settings with profile ``name`` (None: the one after the current, in the order
    everything, quiet, teaching; after settings of one's own, everything) and its name.
    SettingError (a ValueError) for a profile that does not exist."""
    if name is None:
        order = list(PROFILES)
        now = profile_of(settings)
        name = order[(order.index(now) + 1) % len(order)] if now in order else order[0]
    return with_profile(settings, name.lower()), name.lower()


def cues_sound(seat: Devices) -> bool:
    """Whether a cue makes a sound: cues on, and a cue player that plays (not when no sound
    device was found)."""
    return seat.settings.cues == "on" and getattr(seat.cues, "available", True) is not False


@LISTENING.verb("channels")
def channels(seat: Devices, c: Command) -> None:
    reader = getattr(seat.speaker, "reader", None)  # a screen reader is the voice
    lines = channels_answer(seat.settings, reader=reader if isinstance(reader, str) else None, cues_on=cues_sound(seat))
    seat.output.say([Line.same(text, LineKind.HELP) for text in lines])


@LISTENING.verb("profile")
def profile(seat: Devices, c: Command) -> None:
    """The next profile (``j``), or the one named (``profile quiet``): its channel modes and
    verbosity, kept like the other settings."""
    try:
        new, name = next_profile(seat.settings, c.value or None)
    except ValueError:
        seat.output.tell(words.say("no_such_profile", name=c.value), LineKind.ERROR)
        return
    seat.take_settings(new, "profile")
    notice = seat.settings_saved(new, "")  # every channel (and the verbosity) it changed
    said = words.profile_changed(name)
    if "cue" in channel_modes(new).values() and not cues_sound(seat):
        said += " " + words.say("cues_off")  # the cue only channels make no sound here
    _help(seat, said + (f" {phrase_notice(notice)}" if notice else ""))


@LISTENING.verb("history")
def history(seat: Devices, c: Command) -> None:
    """``history``: what the brackets walk; ``history scores``: one channel; ``history all``;
    ``history save``: the history to a text file."""
    _help(seat, history_answer(seat.output, c.value or None))


def history_answer(out: Output, value: str | None, folder: Path | None = None) -> str:
    """``history`` (what the brackets walk), ``history all``, ``history CHANNEL`` (the
    brackets walk one channel) or ``history save`` (the history written to a new text file in
    the game's data folder, or ``folder``)."""
    if value is None:
        return words.walking(out.walked)
    value = value.lower()
    if value == "save":
        return save_history(out, folder)
    if value in ("all", "every", "everything"):
        out.walked, out.hist_pos = None, None
        return words.walked(None, len(out.history))
    if value in CHANNELS:
        out.walked, out.hist_pos = value, None
        return words.walked(value, len(out.walkable()))
    return words.say("no_channel", channels=", ".join(CHANNELS))


def save_history(out: Output, folder: Path | None = None) -> str:
    """Write the history to ``history-N.txt`` (the first N free), one line per line said with
    its deal, and say where, or why not."""
    if not out.history:
        return words.say("nothing_to_save")
    text = "".join(
        words.history_file_line(deal, line.text) + "\n"
        for deal, line in zip(out.history_deals, out.history, strict=True)
    )
    try:
        path = paths.write_new(folder or paths.data_dir(), paths.history_name, text.encode("utf-8"))
    except OSError as e:
        return words.say("not_saved", reason=e.strerror or e.__class__.__name__)
    return words.say("saved", n=len(out.history), path=path)

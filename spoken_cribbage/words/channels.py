"""The sentences of the channels, the profiles and the history file (issue 25, items 1 to 3):
the ``channels`` list, a channel or profile changed, the channel ``[`` and ``]`` walk, and the
lines of a saved history.

>>> channel_lines({"game": "cue", "scores": "spoken"}, profile="quiet")[1]
'Scores channel, points scored and the scores: spoken.'
>>> profile_changed("teaching")
'Profile teaching: every channel spoken, with hints and the coach.'
>>> history_file_line(2, "Computer plays nine. Count 24.")
'Deal 2: Computer plays nine. Count 24.'
"""

from __future__ import annotations

from collections.abc import Mapping

from spoken_cribbage.words.catalogue import Message
from spoken_cribbage.words.catalogue import say as _said

#: What each channel holds, as said in the list: its name first, as /channel takes it.
CHANNEL_NAMES: dict[str, Message] = {
    "game": Message(
        "Game channel, the other players' moves, deals, the starter and the show",
        "the channels list: what the game channel holds, then its mode after a colon",
    ),
    "scores": Message(
        "Scores channel, points scored and the scores",
        "the channels list: what the scores channel holds, then its mode after a colon",
    ),
    "prompts": Message(
        "Prompts channel, your turn, your hand and your own moves",
        "the channels list: what the prompts channel holds, then its mode after a colon",
    ),
    "coach": Message(
        "Coach channel, hints and the coach's lines",
        "the channels list: what the coach channel holds, then its mode after a colon",
    ),
    "answers": Message(
        "Answers channel, answers to keys and refusals",
        "the channels list: what the answers channel holds, then its mode after a colon",
    ),
    "system": Message(
        "System channel, notices, saving, voice and milestones",
        "the channels list: what the system channel holds, then its mode after a colon",
    ),
    "chat": Message(
        "Chat channel, what the other players say at a shared table",
        "the channels list: what the chat channel holds (network play), then its mode after a colon",
    ),
}

#: How each mode is said.
MODE_NAMES: dict[str, Message] = {
    mode: Message(
        said, f"a channel's mode '{mode}', as in 'Scores channel, ...: {said}.' or 'The scores channel is now {said}.'"
    )
    for mode, said in {"spoken": "spoken", "history": "history only", "cue": "cue only", "off": "off"}.items()
}

PROFILE_SAID: dict[str, Message] = {
    "everything": Message("Profile everything: every channel spoken.", "the everything profile chosen (j or /profile)"),
    "quiet": Message(
        "Profile quiet: scores, your turn and moves, and answers spoken; the other "
        "players' moves, the deals, the starter and the show as sound cues, kept for "
        "left bracket; f says the starter, a the show.",
        "the quiet profile chosen (j or /profile)",
    ),
    "teaching": Message(
        "Profile teaching: every channel spoken, with hints and the coach.", "the teaching profile chosen"
    ),
}

_CH = "the channels command or the channel walk"
MESSAGES: dict[str, Message] = {
    "line": Message("{channel}: {mode}.", "the channels list: a channel (channel.*) and its mode (mode.*)"),
    "how": Message(
        "Change one with /channel, a name and a mode, like /channel scores history.",
        "the channels list: how to change a channel (the command stays English)",
    ),
    "modes": Message(
        "Modes: spoken; history, kept for left bracket; cue, a sound and the line kept; off.",
        "the channels list: the modes, by the names typed (English)",
    ),
    "reader": Message(
        "{reader} reads every line: /channel NAME history or cue quiets one.",
        "the channels list or help with a screen reader as the voice; {reader} its name",
    ),
    "your_reader": Message(
        "Your screen reader", "a screen reader whose name is not known, as in 'Your screen reader reads every line'"
    ),
    "profile": Message(
        "Profile: {profile}. j or /profile goes to the next profile.",
        "the channels list: the profile in use (its name as typed)",
    ),
    "no_profile": Message(
        "Profile: your own. j or /profile goes to the next profile.", "the channels list: the channels set one by one"
    ),
    "cues_off": Message(
        "Sound cues are off: cue only keeps the lines in the history, without a sound.",
        "the channels list with a channel on cue while sound cues are off",
    ),
    "changed": Message("The {name} channel is now {mode}.", f"{_CH}: a channel changed; {{name}} as typed (English)"),
    "walk_all": Message(
        "Left and right bracket walk every line of the history: {n} so far.", f"{_CH}: the brackets walk every line"
    ),
    "walk_channel": Message(
        "Left and right bracket walk the {name} channel: {n} line so far.",
        f"{_CH}: the brackets walk one channel",
        plural="Left and right bracket walk the {name} channel: {n} lines so far.",
        count="n",
    ),
    "walking": Message(
        "Left and right bracket walk {what}. /history and a channel, all or save.",
        f"{_CH}: what the brackets walk ({{what}}: walk.every or walk.channel)",
    ),
    "walk.every": Message("every line", "after 'Left and right bracket walk ': every line of the history"),
    "walk.channel": Message("the {name} channel", "after 'Left and right bracket walk ': one channel, as typed"),
    "no_channel": Message(
        "History of what? Say all, save, or a channel: {channels}.",
        "/history with a word that is no channel; the words stay English as typed",
    ),
    "no_such_profile": Message(
        "There is no profile {name}: say everything, quiet or teaching.", "/profile with a name that is no profile"
    ),
    "saved": Message(
        "History saved, {n} line: {path}",
        "/history save wrote the file",
        plural="History saved, {n} lines: {path}",
        count="n",
    ),
    "not_saved": Message("The history could not be saved: {reason}.", "/history save failed; {reason} why"),
    "nothing_to_save": Message("Nothing in the history to save yet.", "/history save with nothing said yet"),
    "no_lines_walked": Message("No lines of the {name} channel yet.", "the brackets on a channel with no lines yet"),
    "file.start": Message("Start: {text}", "a line of a saved history file said before the first deal"),
    "file.deal": Message("Deal {deal}: {text}", "a line of a saved history file, with the deal it was said in"),
}

CODES: dict[str, Message] = {
    **{f"channel.{k}": m for k, m in CHANNEL_NAMES.items()},
    **{f"mode.{k}": m for k, m in MODE_NAMES.items()},
    **{f"profile.{k}": m for k, m in PROFILE_SAID.items()},
    **{f"channels.{k}": m for k, m in MESSAGES.items()},
}


def say(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` in the current language, each fact put in as one visible line."""
    return _said(MESSAGES[message], facts, f"channels.{message}")


def mode_name(mode: str) -> str:
    """How a channel's mode is said: 'history only'."""
    return _said(MODE_NAMES[mode], {}, f"mode.{mode}") if mode in MODE_NAMES else mode


def channel_lines(
    modes: Mapping[str, str], *, profile: str | None = None, reader: str | None = None, cues_on: bool = True
) -> list[str]:
    """The ``channels`` answer: one line per channel with its mode, the profile, how to change
    one, the modes; with a screen reader as the voice (``reader``: its name, "" if unknown),
    that every printed line is read."""
    lines = [
        say("line", channel=_said(CHANNEL_NAMES[c], {}, f"channel.{c}"), mode=mode_name(m)) for c, m in modes.items()
    ]
    lines.append(say("profile", profile=profile) if profile else say("no_profile"))
    lines += [say("how"), say("modes")]
    if reader is not None:
        lines.append(say("reader", reader=reader or say("your_reader")))
    if not cues_on and "cue" in modes.values():
        lines.append(say("cues_off"))
    return lines


def channel_changed(channel: str, mode: str) -> str:
    """'The scores channel is now history only.'"""
    return say("changed", name=channel, mode=mode_name(mode))


def profile_changed(profile: str) -> str:
    """What a profile does, said when it is chosen."""
    return _said(PROFILE_SAID[profile], {}, f"profile.{profile}")


def walked(channel: str | None, n: int) -> str:
    """The channel ``[`` and ``]`` now walk, and how many lines it has."""
    if channel is None:
        return say("walk_all", n=n)
    return say("walk_channel", name=channel, n=n)


def walking(channel: str | None) -> str:
    """What ``[`` and ``]`` walk now, and how to change it."""
    what = say("walk.every") if channel is None else say("walk.channel", name=channel)
    return say("walking", what=what)


def history_file_line(deal: int, text: str) -> str:
    """One line of a saved history: the deal it was said in, then the line."""
    return say("file.start", text=text) if deal == 0 else say("file.deal", deal=deal, text=text)


def reader_help(reader: str) -> str:
    """Help's line with a screen reader as the voice."""
    return say("reader", reader=reader or say("your_reader"))

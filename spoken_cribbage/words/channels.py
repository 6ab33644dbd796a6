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

from spoken_cribbage.words.clean import one_line

#: What each channel holds, as said in the list: its name first, as /channel takes it.
CHANNEL_NAMES: dict[str, str] = {
    "game": "Game channel, the other players' moves, deals, the starter and the show",
    "scores": "Scores channel, points scored and the scores",
    "prompts": "Prompts channel, your turn, your hand and your own moves",
    "coach": "Coach channel, hints and the coach's lines",
    "answers": "Answers channel, answers to keys and refusals",
    "system": "System channel, notices, saving, voice and milestones",
    "chat": "Chat channel, what the other players say at a shared table",
}

#: How each mode is said.
MODE_NAMES: dict[str, str] = {
    "spoken": "spoken",
    "history": "history only",
    "cue": "cue only",
    "off": "off",
}

PROFILE_SAID: dict[str, str] = {
    "everything": "Profile everything: every channel spoken.",
    "quiet": (
        "Profile quiet: scores, your turn and moves, and answers spoken; the other "
        "players' moves, the deals, the starter and the show as sound cues, kept for "
        "left bracket; f says the starter, a the show."
    ),
    "teaching": "Profile teaching: every channel spoken, with hints and the coach.",
}

MESSAGES: dict[str, str] = {
    "how": "Change one with /channel, a name and a mode, like /channel scores history.",
    "modes": ("Modes: spoken; history, kept for left bracket; cue, a sound and the line kept; off."),
    "reader": "{reader} reads every line: /channel NAME history or cue quiets one.",
    "profile": "Profile: {profile}. j or /profile goes to the next profile.",
    "no_profile": "Profile: your own. j or /profile goes to the next profile.",
    "cues_off": "Sound cues are off: cue only keeps the lines in the history, without a sound.",
    "changed": "The {name} channel is now {mode}.",
    "walk_all": "Left and right bracket walk every line of the history: {n} so far.",
    "walk_channel": "Left and right bracket walk the {name} channel: {n} lines so far.",
    "walking": "Left and right bracket walk {what}. /history and a channel, all or save.",
    "no_channel": "History of what? Say all, save, or a channel: {channels}.",
    "no_such_profile": "There is no profile {name}: say everything, quiet or teaching.",
    "saved": "History saved, {n} lines: {path}",
    "not_saved": "The history could not be saved: {reason}.",
    "nothing_to_save": "Nothing in the history to save yet.",
    "no_lines_walked": "No lines of the {name} channel yet.",
}


def say(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` with its facts, each put in as one visible line."""
    text = MESSAGES[message]
    return text.format(**{k: one_line(str(v)) for k, v in facts.items()})


def channel_lines(
    modes: Mapping[str, str], *, profile: str | None = None, reader: str | None = None, cues_on: bool = True
) -> list[str]:
    """The ``channels`` answer: one line per channel with its mode, the profile, how to change
    one, the modes; with a screen reader as the voice (``reader``: its name, "" if unknown),
    that every printed line is read."""
    lines = [f"{CHANNEL_NAMES[c]}: {MODE_NAMES.get(m, m)}." for c, m in modes.items()]
    lines.append(say("profile", profile=profile) if profile else say("no_profile"))
    lines += [say("how"), say("modes")]
    if reader is not None:
        lines.append(say("reader", reader=reader or "Your screen reader"))
    if not cues_on and "cue" in modes.values():
        lines.append(say("cues_off"))
    return lines


def channel_changed(channel: str, mode: str) -> str:
    """'The scores channel is now history only.'"""
    return say("changed", name=channel, mode=MODE_NAMES.get(mode, mode))


def profile_changed(profile: str) -> str:
    """What a profile does, said when it is chosen."""
    return PROFILE_SAID[profile]


def walked(channel: str | None, n: int) -> str:
    """The channel ``[`` and ``]`` now walk, and how many lines it has."""
    if channel is None:
        return say("walk_all", n=n)
    return say("walk_channel", name=channel, n=n)


def walking(channel: str | None) -> str:
    """What ``[`` and ``]`` walk now, and how to change it."""
    return say("walking", what="every line" if channel is None else f"the {channel} channel")


def history_file_line(deal: int, text: str) -> str:
    """One line of a saved history: the deal it was said in, then the line."""
    return f"{'Start' if deal == 0 else f'Deal {deal}'}: {one_line(text)}"


def reader_help(reader: str) -> str:
    """Help's line with a screen reader as the voice."""
    return say("reader", reader=reader or "Your screen reader")

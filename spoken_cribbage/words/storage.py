"""The sentences for ``storage.*`` notices and problems (see :mod:`spoken_cribbage.words.notices`).

Reasons (why a file could not be used or written) are clauses: lower case, no full stop, to be
put inside a sentence. A reason is a notice, or a foreign error's own text (a plain string).

>>> from spoken_cribbage.notice import Notice
>>> phrase(Notice("storage.settings_not_saved", error="disk full"))
'Settings could not be saved (disk full).'
>>> phrase(Notice("storage.game_not_saved", reason=Notice("storage.disk_full")))
"Your game can't be saved: the disk is full."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.words.channels import MODE_NAMES
from spoken_cribbage.words.clean import quoted
from spoken_cribbage.words.lines import list_words
from spoken_cribbage.words.notices import Template, phrase

if TYPE_CHECKING:
    from spoken_cribbage.engine.game import Game


def clause(reason: Any) -> str:
    """A reason in words: a notice or problem phrased, a foreign error's text as it is."""
    if isinstance(reason, (Notice, Problem)):
        return phrase(reason)
    return str(reason)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


# ----------------------------------------------------------------------------- settings

_KINDS = {"int": "a whole number", "float": "a number", "str": "text", "bool": "true or false"}
_UNITS = {"rate": " words a minute", "target": " points", "time_limit": " seconds",
          "pace": " seconds"}
_EMPTY = {"voice": "the default voice", "vosk_model": "the default model",
          "names": "the default names", "language": "the system's language"}


def _list(words: list[str], conj: str = "or") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {conj} " + words[-1]


def _layout(teams: str, players: int) -> str:
    """'each for themselves', 'in 2 teams of 2'."""
    if teams == "none":
        return "each for themselves"
    n = int(teams)
    return f"in {n} teams of {players // n}" if players % n == 0 else f"in {n} teams"


def _players(d: Mapping[str, Any]) -> str:
    sizes = [str(n) for n in d["sizes"]]
    return f"the game is for {_list(sizes)} players, not {d['players']}"


def _teams(d: Mapping[str, Any]) -> str:
    players = d["players"]
    ways = [_layout(t, players) for t in d["layouts"]] or ["at the usual table"]
    return (f"{players} players play {_list(ways)}, not "
            f"{_layout(d['teams'], players)}")


_NAME_WHY = {
    "long": "the name '{name}' is too long: 20 characters at most",
    "unprintable": "the name '{name}' has characters that cannot be shown",
    "you": "'{name}' cannot name another player: the game calls you that",
    "me": "'{name}' cannot name another player: it would stand for you",
    "twice": "the name '{name}' is given twice",
}


def _names_extra(d: Mapping[str, Any]) -> str:
    """'3 names are given for 1 other player: give 1 name, or more players (--players)'."""
    given, others = d["given"], d["others"]
    seats = f"{others} other player" + ("" if others == 1 else "s")
    return (f"{given} names are given for {seats} at a table of {d['players']}: give at most "
            f"{others}, or seat more players with --players")


def _between(d: Mapping[str, Any]) -> str:
    unit = {"rate": " words a minute", "pace": " seconds"}.get(d["name"], "")
    return f"{d['name']} must be between {d['low']:g} and {d['high']:g}{unit}"


def _wrong_kind(d: Mapping[str, Any]) -> str:
    kind = _KINDS.get(d["kind"]) or ("an " if d["kind"][:1] in "aeiou" else "a ") + d["kind"]
    return f"{d['name']} should be {kind}, not {quoted(d['value'])}"


def _needs_number(d: Mapping[str, Any]) -> str:
    return f"{d['name']} needs a {'whole number' if d['whole'] else 'number'}, not {quoted(d['value'])}"


def _replaced(d: Mapping[str, Any]) -> str:
    head = (f"The settings file could not be used ({_lower_first(clause(d['reason']))}), "
            f"so it was kept as {d['moved']} and the defaults are used")
    if d.get("error") is None:
        return head + "."
    return head + f" but they could not be written: {_lower_first(clause(d['error']))}"


def _setting_value(d: Mapping[str, Any]) -> str:
    """'Rate: 180 words a minute.', 'Target: 61 points, for this run only (from --target).'
    A rule the game in progress does not play by says so: 'Counting: manual, for this run only
    (from --counting); this game counts automatically: manual counting starts with a new game.'"""
    name, value = d["name"], d["value"]
    text = f"{name.replace('_', ' ').capitalize()}: {_shown(name, value)}"
    if d.get("for_run"):
        text += f", for this run only (from {d.get('option') or 'the command line'})"
    if "this_game" in d:
        text += "; " + _lower_first(_not_in_this_game({"name": name, "value": value,
                                                       "game": d["this_game"]})).rstrip(".")
    return text + "."


def _not_in_this_game(d: Mapping[str, Any]) -> str:
    """A rule the game in progress keeps: 'This game counts automatically; manual counting
    starts with a new game.'"""
    name, value, game = d["name"], d["value"], d["game"]
    if name == "counting":
        return ("This game counts automatically; manual counting starts with a new game."
                if game == "auto" else
                "This game is counted by hand; automatic counting starts with a new game.")
    what = name.replace("_", " ")
    return (f"This game keeps {what} {_shown(name, game)}; {what} {_shown(name, value)} "
            "starts with a new game.")


def _shown(name: str, value: Any) -> str:
    """A setting's value in words ('180 words a minute', 'the default voice')."""
    if name == "pace" and not value:
        shown = "none, the computer turns come at once"
    elif isinstance(value, float):
        shown = f"{value:g}{_UNITS.get(name, '')}"
    elif value == "" and name in _EMPTY:
        shown = _EMPTY[name]
    elif name == "time_limit" and not value:
        shown = "off"
    elif name == "teams":
        shown = {"usual": "the usual for the table", "none": "none, each for themselves"}.get(
            value, value)
    elif name.startswith("channel_"):   # "history only", "cue only"
        shown = MODE_NAMES.get(str(value), str(value))
    elif name == "brief" and "," in str(value):   # "discard and suits"
        shown = list_words(str(value).split(","))
    else:
        shown = f"{value}{_UNITS.get(name, '')}"
    return shown


# ----------------------------------------------------------------------------- the saved game

_FIELDS = {"id": "game id", "actions": "list of moves", "overcount_penalty": "overcount penalty"}


def game_summary(game: Game, me: int = 0, names: Sequence[str] | None = None) -> str:
    """'you 100, computer 96, your crib': the scores and the crib of a game in progress.
    ``names``: the other seats' names in seat order (the default: 'computer', or 'player 2'...)."""
    others = [s for s in range(game.players) if s != me]
    if game.players == 2 and list(names or ()) in ([], ["Computer"]):
        names = None
    named = dict(zip(others, names or (), strict=False))   # names may be fewer: the rest by seat

    def who(seat: int) -> str:
        if seat == me:
            return "you"
        return named.get(seat) or ("computer" if game.players == 2 else f"player {seat + 1}")

    side = game.side_of(me)
    order = [side] + [s for s in range(game.sides) if s != side]
    parts = [_and([who(seat) for seat in sorted(
        (t for t in range(game.players) if game.side_of(t) == s), key=lambda t: t != me)])
        + f" {game.scores[s]}" for s in order]
    # Saved between deals: the crib of the deal that comes next, said as such.
    between = game.phase == "deal over"
    dealer = (game.dealer + 1) % game.players if between else game.dealer
    if dealer == me:
        crib = "your crib"
    elif game.players == 2 and not names:
        crib = "the computer's crib"
    else:
        crib = f"{who(dealer)}'s crib"
    parts.append(crib + (" next" if between else ""))
    return ", ".join(parts)


_NOT_KEPT_HEAD = {"quit": "Quit the game? ", "goodbye": "Goodbye. ", "input_ended": "Input ended. ",
                  "stopped": "Stopped. "}


def _not_kept(d: Mapping[str, Any]) -> str:
    """What quitting does to a game that cannot be saved now: ``when`` is the moment (quit: the
    question; goodbye, input_ended, stopped: the last line), ``behind`` how many moves the file
    lacks (None: it holds none of this game)."""
    when, behind = d.get("when", "quit"), d.get("behind")
    head = _NOT_KEPT_HEAD.get(when, "")
    if behind is None:
        body = ("This game cannot be saved: it ends when you quit." if when == "quit"
                else "This game could not be saved.")
    else:
        ago = f"{behind} move{'s' if behind != 1 else ''} ago" if behind else "when it was last saved"
        body = (f"This game cannot be saved now: quitting keeps it only as it was {ago}."
                if when == "quit" else f"Your game is kept only as it was {ago}.")
    return head + body + (" Press y or n." if when == "quit" else "")


def _stats_set_aside(d: Mapping[str, Any]) -> str:
    text = (f"Your statistics could not be used because {clause(d['reason'])}; the file was "
            f"kept as {d['moved']} and new statistics begin")
    return text + (f", but {clause(d['error'])}." if d.get("error") is not None else ".")


TEXTS: dict[str, Template] = {
    # why a file could not be read or written (clauses)
    "storage.disk_full": "the disk is full",
    "storage.quota_full": "the disk quota is full",
    "storage.read_only": "the data folder is read-only",
    "storage.permission_denied": "permission is denied",
    "storage.folder_in_the_way": "a folder is in the way",
    "storage.file_in_the_way": "a file is in the way of the data folder",
    "storage.file_too_large": "the file is too large for the system",
    "storage.disk_error": "there was a disk error",
    "storage.name_too_long": "the folder name is too long",
    "storage.system_error": lambda d: str(d["detail"]).lower(),   # the system's own words
    "storage.detail": "{text}",                                    # a foreign error's text
    "storage.folder_in_its_place": "a folder is in its place",
    "storage.not_a_regular_file": lambda d: (
        f"it is not a regular file but {_KIND_WORDS.get(d.get('kind', ''), 'something else')}"),
    "storage.file_read_only": "{name} is read-only, and the game leaves it as it is",
    "storage.unreadable": lambda d: f"it could not be read ({clause(d['error'])})",

    # settings: why a value or the file was refused (clauses)
    # a value from outside (a file, a typed line) is quoted as Python writes a string: a
    # control character or a line break in it shows as its escape
    "storage.setting_one_of": lambda d: (f"{d['name']} must be one of "
                                         f"{', '.join(d['allowed'])}, not {quoted(d['value'])}"),
    "storage.setting_between": _between,
    "storage.time_limit": "time limit must be off or between {low} and {high} seconds",
    "storage.players": _players,
    "storage.teams": _teams,
    "storage.teams_value": lambda d: ("teams must be usual, none or a number of teams, "
                                      f"not {quoted(d['value'])}"),
    "storage.setting_unprintable": lambda d: (f"{d['name'].replace('_', ' ')} has characters "
                                              f"that cannot be shown: {quoted(d['value'])}"),
    "storage.setting_too_long": lambda d: (f"{d['name'].replace('_', ' ')} is too long: at most "
                                           f"{d['most']} characters"),
    "storage.names": lambda d: _NAME_WHY[d["why"]].format(name=d["name"]),
    "storage.names_extra": _names_extra,
    "storage.names_empty": "a name is empty: give the names between commas, like Ann,Ben",
    "storage.no_such_setting": "there is no setting called {name}",
    "storage.voice_is_a_name": ("voice names the speaking voice, like 'voice english'; for voice "
                                "commands, start the game with --voice auto"),
    "storage.setting_needs_number": _needs_number,
    "storage.setting_wrong_kind": _wrong_kind,
    "storage.settings_not_a_table": "the settings file is not a table",
    "storage.settings_newer": "the settings file is from a newer version ({version})",
    "storage.settings_too_large": "it is far too large",
    "storage.settings_unreadable": lambda d: f"it could not be read: {clause(d['error'])}",
    # settings: sentences
    "storage.settings_replaced": _replaced,
    "storage.settings_not_moved": lambda d: (
        f"The settings file could not be used ({_lower_first(clause(d['reason']))}) "
        f"nor moved aside, so the defaults are used."),
    "storage.settings_not_saved": lambda d: f"Settings could not be saved ({clause(d['error'])}).",
    "storage.setting_not_saved": lambda d: (f"That setting could not be saved: "
                                            f"{clause(d['reason'])}."),
    "storage.setting_value": _setting_value,
    "storage.not_in_this_game": _not_in_this_game,
    "storage.settings_file": "Settings file: {path}.",
    "storage.bad_option": lambda d: f"spoken-cribbage: {clause(d['reason'])}.",

    # the saved game: why it could not be used (clauses)
    "storage.save_too_large": "it is far too large",
    "storage.save_empty": "it is empty",
    "storage.save_not_text": "it is not text",
    "storage.save_not_json": "it is not complete JSON",
    "storage.save_not_a_save": "it is not a saved game",
    "storage.save_newer": "it was saved by a newer version of the game (format {format})",
    "storage.save_checksum": "its checksum does not match, so it was changed or damaged",
    "storage.save_field": lambda d: (f"its {_FIELDS.get(d['field'], d['field'])} "
                                     f"is missing or wrong"),
    "storage.save_no_finished": "it does not say whether the game is over",
    "storage.save_not_an_action": "action {n} is not an action",
    "storage.save_breaks_rules": "action {n} breaks the rules ({reason})",
    "storage.save_wrongly_over": lambda d: "it says the game is " + (
        "over but it is not" if d["finished"] else "not over but it is"),
    # the saved game: sentences
    "storage.save_set_aside": lambda d: (f"Your saved game could not be used because "
                                         f"{clause(d['reason'])}; it was kept as {d['moved']} "
                                         f"and a new game begins."),
    "storage.save_not_moved": lambda d: (f"Your saved game could not be used because "
                                         f"{clause(d['reason'])}, and it could not be moved "
                                         f"aside; a new game begins."),
    "storage.game_not_saved": lambda d: f"Your game can't be saved: {clause(d['reason'])}.",
    "storage.game_saved_again": "Your game is being saved again.",
    "storage.resume_question": lambda d: (("You have another game in progress, kept apart: "
                                           if d.get("apart") else "You have a game in progress: ")
                                          +
                                          f"{game_summary(d['game'], d.get('me', 0), d.get('names'))}. "
                                          f"Resume? y/n"),
    "storage.abandoned": lambda d: (f"A new game begins. The old one is kept as {d['kept']}."
                                    if d.get("kept") else
                                    "A new game begins; the old one will be replaced."),
    "storage.seed_for_this_run": ("This game with seed {seed} is for this run only; your game "
                                  "in progress is kept, and starting without --seed offers to "
                                  "resume it."),
    "storage.kept_goodbye": "Your game is kept for next time. Goodbye.",
    # one game, one window (storage.lock)
    "storage.open_elsewhere": lambda d: "This game is open in another window." + (
        f" That window is on the computer named {d['host']}; if that computer stopped without "
        f"closing the game, its network folder lets go of it within a few minutes."
        if d.get("host") else ""),
    "storage.apart_offer": ("You can play a new game here, kept apart from that one, or leave; "
                            "the calculators and the review (spoken-cribbage score, peg, "
                            "discard, odds, review) never touch it. New game? y/n"),
    "storage.apart_goodbye": "Goodbye. The game in the other window is not touched.",
    "storage.lock_unsupported": ("This folder cannot lock the game, so do not open it in two "
                                 "windows at once."),
    # the truth about quitting while the game cannot be saved (see Keeper.not_kept)
    "storage.not_kept": _not_kept,
    "storage.stopped": lambda d: "Stopped." + (" Your game is kept." if d.get("kept") else ""),

    # statistics: why the file could not be used (clauses)
    "storage.stats_not_a_database": "it is not a database",
    "storage.stats_newer": "it was written by a newer version of the game (schema {schema})",
    "storage.stats_damaged": "it is damaged",
    "storage.stats_not_the_games": "its tables are not the game's",
    "storage.stats_not_opened": "it could not be opened",
    "storage.stats_busy": "another copy of the game is using it",
    "storage.stats_unusable": "it could not be used",
    # statistics: sentences
    "storage.stats_not_recorded": lambda d: f"Statistics can't be recorded: {clause(d['reason'])}.",
    "storage.stats_not_moved": lambda d: (f"Your statistics could not be used because "
                                          f"{clause(d['reason'])}, and the file could not be "
                                          f"moved aside; statistics are not recorded this time."),
    "storage.stats_set_aside": _stats_set_aside,
    "storage.stats_unreadable": lambda d: (f"Your statistics could not be read: "
                                           f"{clause(d['reason'])}."),
}


_KIND_WORDS: dict[str, str] = {"pipe": "a named pipe", "device": "a device", "socket": "a socket",
               "folder": "a folder"}


def _and(words: list[str]) -> str:
    """'you and Lena'; 'you, Lena and Ruby'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

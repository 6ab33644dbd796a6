"""The sentences for ``storage.*`` notices and problems (see :mod:`spoken_cribbage.words.notices`).

Reasons (why a file could not be used or written) are clauses: lower case, no full stop, to be
put inside a sentence. A reason is a notice, or a foreign error's own text (a plain string).

>>> from spoken_cribbage.notice import Notice
>>> from spoken_cribbage.words.notices import phrase
>>> phrase(Notice("storage.settings_not_saved", error="disk full"))
'Settings could not be saved (disk full).'
>>> phrase(Notice("storage.game_not_saved", reason=Notice("storage.disk_full")))
"Your game can't be saved: the disk is full."
"""

from __future__ import annotations

from spoken_cribbage.words.catalogue import Message, decimal, join
from spoken_cribbage.words.clean import quoted
from spoken_cribbage.words.notices import Template
from spoken_cribbage.words.storage_facts import (  # the helpers of this table
    _FIELDS,
    _FILE_KINDS,
    _amount,
    _kind,
    _lowered_reason,
    _not_in_this_game,
    _not_kept,
    _part,
    _reason,
    _replaced,
    _resume,
    _setting_value,
    _stats_set_aside,
    _teams,
)
from spoken_cribbage.words.storage_facts import PARTS as PARTS
from spoken_cribbage.words.storage_facts import clause as clause
from spoken_cribbage.words.storage_facts import game_summary as game_summary
from spoken_cribbage.words.storage_facts import setting_name as setting_name
from spoken_cribbage.words.storage_facts import setting_word as setting_word

M = Message
_CLAUSE = "a reason, inside a sentence that says what could not be done: lower case, no full stop"
_NAMED = "a setting's name in the settings list ('Rate: 180 words a minute.') and when it changes ('Rate is now 200.')"
_VALUED = "a setting's value in the settings list and when it changes ('Verbosity is now terse.')"
_SETTING = (
    "a setting refused (a typed setting, an option or the settings file), inside "
    "'That setting could not be saved: ...' or 'spoken-cribbage: ...'; "
)

# Every sentence of the storage notices, on the catalogue (words.catalogue): the English text
# and where it is heard (the translator's comment). A code whose sentence has several forms is
# a function that only chooses among its forms (``storage.not_kept`` among ``storage.not_kept.*``),
# each form a message here; parts of sentences (a unit, a kind, a name) are messages too. The
# codes the layers hand over have one dot (TEXTS); the forms and parts two (PARTS).
_ALL: dict[str, Template] = {
    # why a file could not be read or written (clauses)
    "storage.disk_full": M("the disk is full", _CLAUSE),
    "storage.quota_full": M("the disk quota is full", _CLAUSE),
    "storage.read_only": M("the data folder is read-only", _CLAUSE),
    "storage.permission_denied": M("permission is denied", _CLAUSE),
    "storage.folder_in_the_way": M("a folder is in the way", _CLAUSE),
    "storage.file_in_the_way": M("a file is in the way of the data folder", _CLAUSE),
    "storage.file_too_large": M("the file is too large for the system", _CLAUSE),
    "storage.disk_error": M("there was a disk error", _CLAUSE),
    "storage.name_too_long": M("the folder name is too long", _CLAUSE),
    "storage.system_error": M(
        "{detail}",
        _CLAUSE + "; {detail} is the system's own words (keep it as it is)",
        prepare=lambda d: {"detail": str(d["detail"]).lower()},
    ),
    "storage.detail": M("{text}", _CLAUSE + "; {text} is a foreign error's own words (keep it as it is)"),
    "storage.folder_in_its_place": M("a folder is in its place", _CLAUSE),
    "storage.not_a_regular_file": M(
        "it is not a regular file but {kind}",
        _CLAUSE + "; {kind} is what the file is, like 'a named pipe'",
        prepare=lambda d: {
            "kind": _part("storage.file_kind." + (d.get("kind", "") if d.get("kind", "") in _FILE_KINDS else "other"))
        },
    ),
    "storage.file_kind.pipe": M("a named pipe", "what a file is that should be a plain file"),
    "storage.file_kind.device": M("a device", "what a file is that should be a plain file"),
    "storage.file_kind.socket": M("a socket", "what a file is that should be a plain file"),
    "storage.file_kind.folder": M("a folder", "what a file is that should be a plain file"),
    "storage.file_kind.other": M("something else", "what a file is that should be a plain file"),
    "storage.file_read_only": M(
        "{name} is read-only, and the game leaves it as it is", _CLAUSE + "; {name} is the file's name"
    ),
    "storage.unreadable": M("it could not be read ({error})", _CLAUSE + "; {error} is why", prepare=_reason("error")),
    # settings: why a value or the file was refused (clauses)
    # a value from outside (a file, a typed line) is quoted as Python writes a string: a
    # control character or a line break in it shows as its escape
    "storage.setting_one_of": M(
        "{name} must be one of {allowed}, not {value}",
        _SETTING + "{name} is the setting (English, as typed), {allowed} the values it takes "
        "(as typed), {value} the value refused, quoted",
        prepare=lambda d: {
            "name": d["name"].replace("_", " "),
            "allowed": join(list(d["allowed"]), "all"),
            "value": quoted(d["value"]),
        },
    ),
    "storage.setting_between": M(
        "{name} must be between {low} and {high}",
        _SETTING + "{name} is the setting (as typed), {low} and {high} the numbers allowed, "
        "{high} with its unit ('400 words a minute')",
        prepare=lambda d: {
            "name": d["name"].replace("_", " "),
            "low": decimal(float(d["low"])),
            "high": _amount(d["name"], float(d["high"]), {"rate", "pace"}),
        },
    ),
    "storage.time_limit": M(
        "time limit must be off or between {low} and {high} seconds",
        _SETTING + "{low} and {high} are numbers of seconds",
    ),
    "storage.players": M(
        "the game is for {sizes} players, not {players}",
        _SETTING + "{sizes} is the numbers of players the game is for ('2, 3 or 4'), {players} the number asked",
        prepare=lambda d: {"sizes": join([str(n) for n in d["sizes"]])},
    ),
    "storage.teams": M(
        "{players} players play {ways}, not {teams}",
        _SETTING + "{ways} is how that many can play ('each for themselves or in 2 teams of 2'), {teams} the way asked",
        prepare=_teams,
    ),
    "storage.layout.none": M(
        "each for themselves",
        "a way of playing at a table, inside '4 players play each for themselves or in 2 teams of 2'",
    ),
    "storage.layout.teams_of": M(
        "in {teams} teams of {size}", "a way of playing at a table, inside '4 players play ... or in 2 teams of 2'"
    ),
    "storage.layout.teams": M(
        "in {teams} teams", "a way of playing at a table, inside '5 players play ..., not in 2 teams'"
    ),
    "storage.layout.usual": M("at the usual table", "the way of playing when the number of players allows no other"),
    "storage.teams_value": M(
        "teams must be usual, none or a number of teams, not {value}",
        _SETTING + "{value} is the value refused, quoted; usual and none are typed in English",
        prepare=lambda d: {"value": quoted(d["value"])},
    ),
    "storage.setting_unprintable": M(
        "{name} has characters that cannot be shown: {value}",
        _SETTING + "{name} is the setting, {value} the value refused with its escapes",
        prepare=lambda d: {"name": d["name"].replace("_", " "), "value": quoted(d["value"])},
    ),
    "storage.setting_too_long": M(
        "{name} is too long: at most {most} characters",
        _SETTING + "{most} is a number",
        plural="{name} is too long: at most {most} characters",
        count="most",
        prepare=lambda d: {"name": d["name"].replace("_", " ")},
    ),
    "storage.names": lambda d: _part(f"storage.names.{d['why']}", name=d["name"]),
    "storage.names.long": M(
        "the name '{name}' is too long: 20 characters at most", "a player's name refused (--names or the names setting)"
    ),
    "storage.names.unprintable": M(
        "the name '{name}' has characters that cannot be shown",
        "a player's name refused (--names or the names setting)",
    ),
    "storage.names.you": M(
        "'{name}' cannot name another player: the game calls you that",
        "a player's name refused: it is the word the game calls you",
    ),
    "storage.names.me": M(
        "'{name}' cannot name another player: it would stand for you",
        "a player's name refused: it is a word that stands for you",
    ),
    "storage.names.twice": M(
        "the name '{name}' is given twice", "a player's name refused (--names or the names setting)"
    ),
    "storage.names_extra": M(
        "{given} names are given for {seats} at a table of {players}: give at most {others}, "
        "or seat more players with --players",
        _SETTING + "more names given than the table has other players; {seats} is like '1 other player'",
        prepare=lambda d: {"seats": _part("storage.part.other_players", count=d["others"])},
    ),
    "storage.part.other_players": M(
        "{count} other player",
        "the other players at a table, inside '3 names are given for 1 other player'",
        plural="{count} other players",
    ),
    "storage.names_empty": M(
        "a name is empty: give the names between commas, like Ann,Ben",
        _SETTING + "--names or the names setting with an empty name",
    ),
    "storage.no_such_setting": M("there is no setting called {name}", _SETTING + "{name} is what was typed"),
    "storage.voice_is_a_name": M(
        "voice names the speaking voice, like 'voice english'; for voice commands, start the game with --voice auto",
        _SETTING + "'voice on' typed; voice and --voice auto are typed in English",
    ),
    "storage.setting_needs_number": M(
        "{name} needs {kind}, not {value}",
        _SETTING + "{kind} is 'a whole number' or 'a number', {value} the value refused",
        prepare=lambda d: {
            "name": d["name"].replace("_", " "),
            "value": quoted(d["value"]),
            "kind": _part("storage.kind.int" if d["whole"] else "storage.kind.float"),
        },
    ),
    "storage.setting_wrong_kind": M(
        "{name} should be {kind}, not {value}",
        _SETTING + "a value of the wrong kind in the settings file; {kind} is like 'a number'",
        prepare=lambda d: {"name": d["name"].replace("_", " "), "kind": _kind(d["kind"]), "value": quoted(d["value"])},
    ),
    "storage.kind.int": M("a whole number", "the kind of value a setting takes"),
    "storage.kind.float": M("a number", "the kind of value a setting takes"),
    "storage.kind.str": M("text", "the kind of value a setting takes"),
    "storage.kind.bool": M(
        "true or false", "the kind of value a setting takes (true and false as written in the settings file)"
    ),
    "storage.kind.other": M(
        "a {kind}", "the kind of value a setting takes; {kind} is the program's own name of it (English)"
    ),
    "storage.kind.other_vowel": M(
        "an {kind}",
        "the kind of value a setting takes; {kind} is the program's own name of it (English, starting with a vowel)",
    ),
    "storage.settings_not_a_table": M("the settings file is not a table", _CLAUSE),
    "storage.settings_newer": M(
        "the settings file is from a newer version ({version})", _CLAUSE + "; {version} is the version number"
    ),
    "storage.settings_too_large": M("it is far too large", _CLAUSE + " (the settings file)"),
    "storage.settings_unreadable": M(
        "it could not be read: {error}", _CLAUSE + " (the settings file); {error} is why", prepare=_reason("error")
    ),
    # settings: sentences
    "storage.settings_replaced": _replaced,
    "storage.settings_replaced.written": M(
        "The settings file could not be used ({reason}), so it was kept as {moved} and the defaults are used.",
        "at start, the settings file damaged; {reason} is why, {moved} the name it was kept as",
    ),
    "storage.settings_replaced.not_written": M(
        "The settings file could not be used ({reason}), so it was kept as {moved} and the "
        "defaults are used but they could not be written: {error}",
        "at start, the settings file damaged and the new one not written; {error} is why",
    ),
    "storage.settings_not_moved": M(
        "The settings file could not be used ({reason}) nor moved aside, so the defaults are used.",
        "at start, the settings file damaged and not moved aside; {reason} is why",
        prepare=_lowered_reason("reason"),
    ),
    "storage.settings_not_saved": M(
        "Settings could not be saved ({error}).",
        "a setting changed in the game, not written to the file",
        prepare=_reason("error"),
    ),
    "storage.setting_not_saved": M(
        "That setting could not be saved: {reason}.",
        "a setting typed in the game and refused; {reason} is why",
        prepare=_reason("reason"),
    ),
    "storage.setting_value": _setting_value,
    "storage.setting_value.now": M(
        "{setting}: {value}.",
        "the settings command, one line per "
        "setting; {setting} is its name (storage.name.*), "
        "{value} its value in words",
    ),
    "storage.setting_value.for_run": M(
        "{setting}: {value}, for this run only (from {option}).",
        "the settings command: a setting given as an option; {option} is it ('--target')",
    ),
    "storage.setting_value.now_later": M(
        "{setting}: {value}; {later}.",
        "the settings command: a rule the game in progress does not play by; {later} says so",
    ),
    "storage.setting_value.for_run_later": M(
        "{setting}: {value}, for this run only (from {option}); {later}.",
        "the settings command: an option the game in progress does not play by",
    ),
    "storage.part.the_command_line": M(
        "the command line", "where a setting for this run came from, inside '(from the command line)'"
    ),
    "storage.unit.rate": M("{n} words a minute", "the speech rate", plural="{n} words a minute"),
    "storage.unit.target": M("{n} points", "the points a game is played to", plural="{n} points"),
    "storage.unit.time_limit": M("{n} seconds", "the time to count a hand", plural="{n} seconds"),
    "storage.unit.pace": M("{n} seconds", "the pause before a computer's turn", plural="{n} seconds"),
    "storage.shown.no_pace": M("none, the computer turns come at once", "the pace setting at 0"),
    "storage.shown.off": M("off", "the counting time limit switched off"),
    "storage.shown.default_voice": M("the default voice", "the voice setting left empty"),
    "storage.shown.default_vosk_model": M("the default model", "the speech-recognition model setting left empty"),
    "storage.shown.default_names": M("the default names", "the names of the other players left empty"),
    "storage.shown.default_language": M("the system's language", "the language setting left empty"),
    "storage.shown.default_profile": M(
        "your own, the channels set one by one",
        "the profile in the settings list when the channels are set as no profile sets them",
    ),
    # the settings' names and their values, as the settings list and 'X is now Y' say them
    # (the words typed stay English: 'verbosity terse'); lower case, capitalized at a line's start
    **{
        f"storage.name.{name}": M(english, f"{_NAMED}: {name!r} as typed")
        for name, english in (
            ("speech", "speech"),
            ("rate", "rate"),
            ("volume", "volume"),
            ("voice", "voice"),
            ("verbosity", "verbosity"),
            ("difficulty", "difficulty"),
            ("target", "target"),
            ("voice_engine", "voice engine"),
            ("listen", "listen"),
            ("command_end", "command end"),
            ("vosk_model", "vosk model"),
            ("cues", "cues"),
            ("cue_volume", "cue volume"),
            ("count_tone", "count tone"),
            ("counting", "counting"),
            ("muggins", "muggins"),
            ("overcount_penalty", "overcount penalty"),
            ("time_limit", "time limit"),
            ("players", "players"),
            ("teams", "teams"),
            ("names", "names"),
            ("pace", "pace"),
            ("brief", "brief"),
            ("language", "language"),
            ("profile", "profile"),
        )
    },
    "storage.name.channel": M(
        "channel {channel}",
        f"{_NAMED}: a channel's mode, 'channel_game' as typed; {{channel}} the channel's name as typed (game, scores)",
    ),
    **{
        f"storage.value.{name}.{value}": M(english, f"{_VALUED}: {name} {value!r} as typed ({heard})")
        for name, value, english, heard in (
            ("speech", "auto", "auto", "a screen reader when one runs, else the game's own voice"),
            ("speech", "screenreader", "screenreader", "the screen reader speaks"),
            ("speech", "tts", "tts", "the game's own voice speaks (text to speech)"),
            ("speech", "on", "on", "speech on: the game's own voice, as tts"),
            ("speech", "off", "off", "nothing spoken"),
            ("verbosity", "terse", "terse", "the fewest words"),
            ("verbosity", "normal", "normal", "the usual words"),
            ("verbosity", "coach", "coach", "explanations added, the coach"),
            ("difficulty", "easy", "easy", "the computer's strength"),
            ("difficulty", "standard", "standard", "the computer's strength"),
            ("difficulty", "expert", "expert", "the computer's strength, the strongest"),
            ("voice_engine", "auto", "auto", "the voice commands engine chosen by itself"),
            ("voice_engine", "off", "off", "no voice commands"),
            ("listen", "push", "push", "voice: listening while a key is held (push to talk)"),
            ("listen", "continuous", "continuous", "voice: listening all the time"),
            ("command_end", "pause", "pause", "voice: a command acted on at a short pause"),
            ("command_end", "silence", "silence", "voice: a command acted on after half a second of silence"),
            ("cues", "on", "on", "the sound cues"),
            ("cues", "off", "off", "the sound cues"),
            ("count_tone", "on", "on", "the tone after each card"),
            ("count_tone", "off", "off", "the tone after each card"),
            ("counting", "auto", "auto", "the game counts the hands"),
            ("counting", "manual", "manual", "the player counts their own hand"),
            ("muggins", "on", "on", "muggins played"),
            ("muggins", "off", "off", "muggins not played"),
            ("overcount_penalty", "on", "on", "the penalty for points claimed too many"),
            ("overcount_penalty", "off", "off", "the penalty for points claimed too many"),
            ("brief", "on", "on", "fewer words where they repeat"),
            ("brief", "off", "off", "fewer words where they repeat: no"),
            ("brief", "discard", "discard", "fewer words: the discard, one of a list joined by 'and'"),
            ("brief", "suits", "suits", "fewer words: the suits, one of a list joined by 'and'"),
            ("brief", "starter", "starter", "fewer words: the starter, one of a list joined by 'and'"),
            ("brief", "scores", "scores", "fewer words: the scores, one of a list joined by 'and'"),
        )
    },
    "storage.shown.teams_usual": M("the usual for the table", "the teams setting 'usual'"),
    "storage.shown.teams_none": M("none, each for themselves", "the teams setting 'none'"),
    "storage.not_in_this_game": _not_in_this_game,
    "storage.not_in_this_game.auto": M(
        "This game counts automatically; manual counting starts with a new game.",
        "the counting setting changed to manual during a game counted automatically",
    ),
    "storage.not_in_this_game.manual": M(
        "This game is counted by hand; automatic counting starts with a new game.",
        "the counting setting changed to automatic during a game counted by hand",
    ),
    "storage.not_in_this_game.keeps": M(
        "This game keeps {setting} {kept}; {setting} {value} starts with a new game.",
        "a rule changed during a game that keeps its own; {setting} is the rule (storage.name.*), "
        "{kept} this game's value, {value} the new one",
    ),
    "storage.settings_file": M("Settings file: {path}.", "the settings command's last line"),
    "storage.bad_option": M(
        "spoken-cribbage: {reason}.",
        "a command-line option refused, before the game starts; {reason} is why",
        prepare=_reason("reason"),
    ),
    # the saved game: why it could not be used (clauses)
    "storage.save_too_large": M("it is far too large", _CLAUSE + " (the saved game)"),
    "storage.save_empty": M("it is empty", _CLAUSE + " (the saved game)"),
    "storage.save_not_text": M("it is not text", _CLAUSE + " (the saved game)"),
    "storage.save_not_json": M("it is not complete JSON", _CLAUSE + " (the saved game)"),
    "storage.save_not_a_save": M("it is not a saved game", _CLAUSE + " (the saved game)"),
    "storage.save_newer": M(
        "it was saved by a newer version of the game (format {format})",
        _CLAUSE + " (the saved game); {format} is a number",
    ),
    "storage.save_checksum": M(
        "its checksum does not match, so it was changed or damaged", _CLAUSE + " (the saved game)"
    ),
    "storage.save_field": M(
        "its {field} is missing or wrong",
        _CLAUSE + " (the saved game); {field} is the part, like 'list of moves'",
        prepare=lambda d: {"field": _part(f"storage.field.{d['field']}") if d["field"] in _FIELDS else d["field"]},
    ),
    "storage.field.id": M("game id", "a part of a saved game, inside 'its game id is missing'"),
    "storage.field.actions": M("list of moves", "a part of a saved game, inside 'its list of moves is missing'"),
    "storage.field.overcount_penalty": M("overcount penalty", "a rule kept in a saved game"),
    "storage.save_no_finished": M("it does not say whether the game is over", _CLAUSE + " (the saved game)"),
    "storage.save_not_an_action": M(
        "action {n} is not an action", _CLAUSE + " (the saved game); {n} is a move's number"
    ),
    "storage.save_breaks_rules": M(
        "action {n} breaks the rules ({reason})",
        _CLAUSE + " (the saved game); {reason} is the rule broken (the game's English words)",
    ),
    "storage.save_wrongly_over": lambda d: _part(
        "storage.save_wrongly_over." + ("over" if d["finished"] else "not_over")
    ),
    "storage.save_wrongly_over.over": M("it says the game is over but it is not", _CLAUSE + " (the saved game)"),
    "storage.save_wrongly_over.not_over": M("it says the game is not over but it is", _CLAUSE + " (the saved game)"),
    # the saved game: sentences
    "storage.save_set_aside": M(
        "Your saved game could not be used because {reason}; it was kept as {moved} and a new game begins.",
        "at start, the saved game damaged; {moved} is the name it was kept as",
        prepare=_reason("reason"),
    ),
    "storage.save_not_moved": M(
        "Your saved game could not be used because {reason}, and it could not be moved aside; a new game begins.",
        "at start, the saved game damaged and not moved aside",
        prepare=_reason("reason"),
    ),
    "storage.game_not_saved": M(
        "Your game can't be saved: {reason}.", "during a game, once, when saving fails", prepare=_reason("reason")
    ),
    "storage.game_saved_again": M(
        "Your game is being saved again.", "during a game, when saving works again after failing"
    ),
    "storage.resume_question": _resume,
    "storage.resume_question.one": M(
        "You have a game in progress: {summary}. Resume? y/n",
        "at start; {summary} is the scores and the crib ('you 100, computer 96, your crib'); y and n stay the keys",
    ),
    "storage.resume_question.apart": M(
        "You have another game in progress, kept apart: {summary}. Resume? y/n",
        "at start, a second game kept apart from one open in another window",
    ),
    "storage.summary.you": M("you", "the player, in a saved game's scores ('you 100')"),
    "storage.summary.computer": M("computer", "the computer, in a saved game's scores ('computer 96')"),
    "storage.summary.player": M("player {n}", "a seat with no name, in a saved game's scores"),
    "storage.summary.side": M("{who} {score}", "one side's score in a saved game ('you and Lena 100')"),
    "storage.summary.your_crib": M("your crib", "whose crib it is, in a saved game's summary"),
    "storage.summary.your_crib_next": M("your crib next", "whose crib comes next, in a saved game's summary"),
    "storage.summary.computers_crib": M("the computer's crib", "whose crib it is, in a saved game's summary"),
    "storage.summary.computers_crib_next": M(
        "the computer's crib next", "whose crib comes next, in a saved game's summary"
    ),
    "storage.summary.crib": M("{who}'s crib", "whose crib it is; {who} is a name"),
    "storage.summary.crib_next": M("{who}'s crib next", "whose crib comes next; {who} is a name"),
    "storage.abandoned": lambda d: (
        _part("storage.abandoned.kept", kept=d["kept"]) if d.get("kept") else _part("storage.abandoned.replaced")
    ),
    "storage.abandoned.kept": M(
        "A new game begins. The old one is kept as {kept}.", "a new game over a saved one; {kept} is the old one's file"
    ),
    "storage.abandoned.replaced": M("A new game begins; the old one will be replaced.", "a new game over a saved one"),
    "storage.seed_for_this_run": M(
        "This game with seed {seed} is for this run only; your game in progress is kept, and "
        "starting without --seed offers to resume it.",
        "at start with --seed while a game is saved; --seed is typed as it is",
    ),
    "storage.kept_goodbye": M(
        "Your game is kept for next time. Goodbye.", "the last line when the player quits a saved game"
    ),
    # one game, one window (storage.lock)
    "storage.open_elsewhere": lambda d: (
        _part("storage.open_elsewhere.host", host=d["host"]) if d.get("host") else _part("storage.open_elsewhere.here")
    ),
    "storage.open_elsewhere.here": M(
        "This game is open in another window.", "at start, the game open in another window"
    ),
    "storage.open_elsewhere.host": M(
        "This game is open in another window. That window is on the computer named {host}; if "
        "that computer stopped without closing the game, its network folder lets go of it "
        "within a few minutes.",
        "at start, the game open on another computer; {host} is its name",
    ),
    "storage.apart_offer": M(
        "You can play a new game here, kept apart from that one, or leave; the calculators and "
        "the review (spoken-cribbage score, peg, discard, odds, review) never touch it. New "
        "game? y/n",
        "after 'open in another window'; the commands in brackets are typed in English, y and n stay the keys",
    ),
    "storage.apart_goodbye": M(
        "Goodbye. The game in the other window is not touched.", "the last line after refusing a game kept apart"
    ),
    "storage.lock_unsupported": M(
        "This folder cannot lock the game, so do not open it in two windows at once.",
        "at start, on a folder that cannot lock",
    ),
    # the truth about quitting while the game cannot be saved (see Keeper.not_kept)
    "storage.not_kept": _not_kept,
    "storage.not_kept.quit_unsaved": M(
        "Quit the game? This game cannot be saved: it ends when you quit. Press y or n.",
        "the quit question while no save of this game exists; y and n stay the keys",
    ),
    "storage.not_kept.quit_behind": M(
        "Quit the game? This game cannot be saved now: quitting keeps it only as it was {ago}. Press y or n.",
        "the quit question while saving fails; {ago} is like '3 moves ago'",
    ),
    "storage.not_kept.unsaved": M(
        "This game could not be saved.", "the last line, after quitting a game that was never saved"
    ),
    "storage.not_kept.behind": M(
        "Your game is kept only as it was {ago}.",
        "the last line, after quitting while saving fails; {ago} is like '3 moves ago'",
    ),
    "storage.not_kept.after": M(
        "{head} {body}",
        "the last line: {head} is 'Goodbye.', 'Input ended.' or 'Stopped.', {body} what became of the game",
    ),
    "storage.not_kept.goodbye": M("Goodbye.", "the last line when the player quits"),
    "storage.not_kept.input_ended": M("Input ended.", "the last line when the input ends"),
    "storage.not_kept.stopped": M("Stopped.", "the last line when the game is stopped (Ctrl+C)"),
    "storage.ago.moves": M(
        "{count} move ago",
        "how old the saved copy is, inside 'kept only as it was 3 moves ago'",
        plural="{count} moves ago",
    ),
    "storage.ago.saved": M(
        "when it was last saved", "how old the saved copy is, inside 'kept only as it was when it was last saved'"
    ),
    "storage.stopped": lambda d: _part("storage.stopped.kept" if d.get("kept") else "storage.stopped.plain"),
    "storage.stopped.plain": M("Stopped.", "the last line when the game is stopped (Ctrl+C)"),
    "storage.stopped.kept": M(
        "Stopped. Your game is kept.", "the last line when the game is stopped and its save kept"
    ),
    # statistics: why the file could not be used (clauses)
    "storage.stats_not_a_database": M("it is not a database", _CLAUSE + " (the statistics)"),
    "storage.stats_newer": M(
        "it was written by a newer version of the game (schema {schema})",
        _CLAUSE + " (the statistics); {schema} is a number",
    ),
    "storage.stats_damaged": M("it is damaged", _CLAUSE + " (the statistics)"),
    "storage.stats_not_the_games": M("its tables are not the game's", _CLAUSE + " (the statistics)"),
    "storage.stats_not_opened": M("it could not be opened", _CLAUSE + " (the statistics)"),
    "storage.stats_busy": M("another copy of the game is using it", _CLAUSE + " (the statistics)"),
    "storage.stats_unusable": M("it could not be used", _CLAUSE + " (the statistics)"),
    # statistics: sentences
    "storage.stats_not_recorded": M(
        "Statistics can't be recorded: {reason}.", "after a game, the statistics not written", prepare=_reason("reason")
    ),
    "storage.stats_not_moved": M(
        "Your statistics could not be used because {reason}, and the file could not be moved "
        "aside; statistics are not recorded this time.",
        "the statistics damaged and not moved aside",
        prepare=_reason("reason"),
    ),
    "storage.stats_set_aside": _stats_set_aside,
    "storage.stats_set_aside.begun": M(
        "Your statistics could not be used because {reason}; the file was kept as {moved} and new statistics begin.",
        "the statistics damaged; {moved} is the name it was kept as",
    ),
    "storage.stats_set_aside.not_written": M(
        "Your statistics could not be used because {reason}; the file was kept as {moved} and "
        "new statistics begin, but {error}.",
        "the statistics damaged, and the new file not written; {error} is why",
    ),
    "storage.stats_unreadable": M(
        "Your statistics could not be read: {reason}.",
        "the stats command, the statistics unreadable",
        prepare=_reason("reason"),
    ),
}

TEXTS: dict[str, Template] = {c: t for c, t in _ALL.items() if c.count(".") == 1}
PARTS.update({c: t for c, t in _ALL.items() if c.count(".") > 1 and isinstance(t, Message)})
assert len(TEXTS) + len(PARTS) == len(_ALL)

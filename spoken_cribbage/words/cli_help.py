"""The ``--help`` texts of the program and its sub-commands, on the catalogue
(:mod:`spoken_cribbage.words.catalogue`): ``help.command`` is the command's line in the list of
commands, ``help.command:description`` the paragraph of its own help, ``help.command.option`` an
option's or argument's help. argparse's own words (usage, the section titles, -h) are messages
too (``help.argparse.*``), so that the whole of ``--help`` is in the player's language; option
names, choices and metavars stay as typed (English).

>>> help_text("score.--starter")
'the starter card, like 5D'
"""

from __future__ import annotations

from typing import Any

from spoken_cribbage.words.catalogue import Message, say
from spoken_cribbage.words.notices import Template

# "help.<key>": the --help text of <key>, and where it is shown (the translator's comment)
TEXTS: dict[str, Template] = {
    # argparse's own words around the texts below
    "help.argparse.usage": Message(
        "usage: ",
        "the first line of every --help, before the command as typed (keep the space at the end)",
    ),
    "help.argparse.positionals": Message(
        "positional arguments",
        "the title of the list of arguments in --help (argparse adds a colon after it)",
    ),
    "help.argparse.options": Message(
        "options", "the title of the list of options in --help (argparse adds a colon after it)"
    ),
    "help.argparse.help": Message("show this help message and exit", "--help: what -h and --help do"),
    # argparse's refusals of a command line, said inside calculator.usage_error; option names
    # and values as typed
    "help.argparse.required": Message(
        "the following arguments are required: {names}", "a command line without a required argument"
    ),
    "help.argparse.unrecognized": Message(
        "unrecognized arguments: {arguments}", "a command line with arguments the command does not take"
    ),
    "help.argparse.choice": Message(
        "argument {argument}: invalid choice: {value} (choose from {choices})",
        "an option given a value it does not allow; {choices} as argparse lists them",
    ),
    "help.argparse.number": Message(
        "argument {argument}: invalid {kind} value: {value}",
        "an option or argument that takes a number given something else; {kind} is int or float",
    ),
    "help.argparse.one": Message("argument {argument}: expected one argument", "an option given without its value"),
    "help.argparse.argument": Message(
        "argument {argument}: {message}", "an option refused with a sentence of the game's ({message}, translated)"
    ),
    "help.program:description": Message(
        "Cribbage that speaks, for the keyboard, the screen reader and the voice.",
        "the first paragraph of 'spoken-cribbage --help'",
    ),
    "help.play": Message(
        "play a game against the computer (the default)",
        "'spoken-cribbage --help': the line of the command 'play' in the list of commands",
    ),
    "help.play.--target": Message(
        "points to win (default 121)",
        "'spoken-cribbage play --help': the option --target",
    ),
    "help.play.--seed": Message(
        (
            "play a new game with this seed, for this run only: it is not saved, and a game in progress is "
            "kept for later (with --new it is the saved game)"
        ),
        "'spoken-cribbage play --help': the option --seed",
    ),
    "help.play.--speech": Message(
        (
            "who speaks: auto (a running screen reader, else our own voice), screenreader, tts (our own voice; "
            "on is the same) or off"
        ),
        "'spoken-cribbage play --help': the option --speech",
    ),
    "help.play.--rate": Message(
        "speech rate, words a minute",
        "'spoken-cribbage play --help': the option --rate",
    ),
    "help.play.--volume": Message(
        "speech volume, 0 to 1",
        "'spoken-cribbage play --help': the option --volume",
    ),
    "help.play.--difficulty": Message(
        "the computer's strength (default expert)",
        "'spoken-cribbage play --help': the option --difficulty",
    ),
    "help.play.--language": Message(
        (
            "the game's language for this run: en, fr, zh-Hans or zh-Hant (partly translated; see the languages "
            "command); the default is the language setting, else the system's (LANG)"
        ),
        "'spoken-cribbage play --help': the option --language",
    ),
    "help.any.--language": Message(
        "the language of what this command says, for this run: en, fr, zh-Hans or zh-Hant; the default "
        "is the language setting, else the system's (LANG)",
        "'spoken-cribbage score --help' (and every command but play): the option --language",
    ),
    "help.languages": Message(
        "list the languages the game speaks, and how far each is translated",
        "'spoken-cribbage --help': the line of the command 'languages' in the list of commands",
    ),
    "help.play.--accessible": Message(
        "plain output for screen readers (also ACCESSIBLE=1)",
        "'spoken-cribbage play --help': the option --accessible",
    ),
    "help.play.--new": Message(
        "start a new game in place of the saved one (which is kept as abandoned-game-N.json)",
        "'spoken-cribbage play --help': the option --new",
    ),
    "help.play.--voice": Message(
        "voice commands engine (default off)",
        "'spoken-cribbage play --help': the option --voice",
    ),
    "help.play.--listen": Message(
        "voice: push-to-talk key (l) or continuous listening",
        "'spoken-cribbage play --help': the option --listen",
    ),
    "help.play.--command-end": Message(
        (
            "voice: act on a whole command at a short pause (default), or wait for half a second of silence "
            "(slower; for players who pause between words)"
        ),
        "'spoken-cribbage play --help': the option --command-end",
    ),
    "help.play.--vosk-model": Message(
        "folder of a vosk model",
        "'spoken-cribbage play --help': the option --vosk-model",
    ),
    "help.play.--cues": Message(
        "short sounds for game events (default on)",
        "'spoken-cribbage play --help': the option --cues",
    ),
    "help.play.--cue-volume": Message(
        "volume of the sound cues, 0 to 1",
        "'spoken-cribbage play --help': the option --cue-volume",
    ),
    "help.play.--brief": Message(
        (
            "fewer words where they repeat, at normal and coach verbosity: off (the default), on, or some of "
            "discard, suits, starter, scores"
        ),
        "'spoken-cribbage play --help': the option --brief",
    ),
    "help.play.--count-tone": Message(
        "after each card, a tone whose pitch rises with the count (default off)",
        "'spoken-cribbage play --help': the option --count-tone",
    ),
    "help.play.--counting": Message(
        "the show: auto (the game counts) or manual (you count your own hand)",
        "'spoken-cribbage play --help': the option --counting",
    ),
    "help.play.--muggins": Message(
        "manual counting: points missed in a count go to the opponent (default off)",
        "'spoken-cribbage play --help': the option --muggins",
    ),
    "help.play.--overcount-penalty": Message(
        "manual counting: points claimed too many go to the opponent (default off)",
        "'spoken-cribbage play --help': the option --overcount-penalty",
    ),
    "help.play.--time-limit": Message(
        "manual counting: seconds to count a hand, 15 to 90, or off (default)",
        "'spoken-cribbage play --help': the option --time-limit",
    ),
    "help.play.--players": Message(
        "how many play, 2 to 6: you and the computer players (default 2)",
        "'spoken-cribbage play --help': the option --players",
    ),
    "help.play.--teams": Message(
        "who plays with whom: 2 with four players is two partnerships (the usual table), none each for themselves",
        "'spoken-cribbage play --help': the option --teams",
    ),
    "help.play.--names": Message(
        "the other players' names, comma-separated, like Ann,Ben,Cleo",
        "'spoken-cribbage play --help': the option --names",
    ),
    "help.play.--pace": Message(
        "seconds between two computer turns in a row (default 0.8; 0 at once)",
        "'spoken-cribbage play --help': the option --pace",
    ),
    "help.score": Message(
        "count a hand the way players say it",
        "'spoken-cribbage --help': the line of the command 'score' in the list of commands",
    ),
    "help.score.cards": Message(
        "the hand: four cards, like 5H 5C 5S JD, or five at a table of six",
        "'spoken-cribbage score --help': the argument CARDS",
    ),
    "help.score.--starter": Message(
        "the starter card, like 5D",
        "'spoken-cribbage score --help': the option --starter",
    ),
    "help.score.--crib": Message(
        "score as a crib (a flush only with the starter: 5 cards, or 6 at a table of six)",
        "'spoken-cribbage score --help': the option --crib",
    ),
    "help.peg": Message(
        "score cards played in order as one series",
        "'spoken-cribbage --help': the line of the command 'peg' in the list of commands",
    ),
    "help.peg.cards": Message(
        "cards in the order played, like 8S 6D 7H",
        "'spoken-cribbage peg --help': the argument CARDS",
    ),
    "help.discard": Message(
        "rank the ways to lay away cards for the crib (two of six; one with more players)",
        "'spoken-cribbage --help': the line of the command 'discard' in the list of commands",
    ),
    "help.discard:description": Message(
        (
            "Rank all 15 discards of a six-card hand by expected hand, expected crib and net value; with "
            "--players 3 to 5 the five discards of a five-card hand, with --players 6 the six of a six-card "
            "hand."
        ),
        "the paragraph at the top of 'spoken-cribbage discard --help'",
    ),
    "help.discard.cards": Message(
        "six cards, e.g. 5H 5S JD 6C 7C KS (five with three to five players)",
        "'spoken-cribbage discard --help': the argument CARDS",
    ),
    "help.discard.--dealer": Message(
        "the crib is yours",
        "'spoken-cribbage discard --help': the option --dealer",
    ),
    "help.discard.--pone": Message(
        "the crib is your opponent's",
        "'spoken-cribbage discard --help': the option --pone",
    ),
    "help.discard.--partner": Message(
        "the crib is your partner's (a team table)",
        "'spoken-cribbage discard --help': the option --partner",
    ),
    "help.discard.--players": Message(
        "players at the table, 2 to 6 (default 2)",
        "'spoken-cribbage discard --help': the option --players",
    ),
    "help.discard.--teams": Message(
        "teams: 0 each for themselves, 2 or 3 (default: the usual table, partners with four)",
        "'spoken-cribbage discard --help': the option --teams",
    ),
    "help.simulate": Message(
        "play many games between computer players and report statistics",
        "'spoken-cribbage --help': the line of the command 'simulate' in the list of commands",
    ),
    "help.simulate:description": Message(
        "Play many games between computer players (levels: {levels}) and report wins, skunks and points per deal.",
        (
            "the paragraph at the top of 'spoken-cribbage simulate --help' ({levels}: the computer players' "
            "levels, as typed in English)"
        ),
    ),
    "help.simulate.--games": Message(
        "number of games (default 100)",
        "'spoken-cribbage simulate --help': the option --games",
    ),
    "help.simulate.--seed": Message(
        "random seed (default 1)",
        "'spoken-cribbage simulate --help': the option --seed",
    ),
    "help.simulate.--players": Message(
        "two to six levels, comma separated, seat 0 first (default expert,standard)",
        "'spoken-cribbage simulate --help': the option --players",
    ),
    "help.simulate.--teams": Message(
        "teams: 0 each for themselves, 2 or 3 where the table allows (default: the usual table, partners with four)",
        "'spoken-cribbage simulate --help': the option --teams",
    ),
    "help.simulate.--target": Message(
        "game target, 5 to 1000 (default 121)",
        "'spoken-cribbage simulate --help': the option --target",
    ),
    "help.simulate.--workers": Message(
        "processes, at most one a processor (default: all cores)",
        "'spoken-cribbage simulate --help': the option --workers",
    ),
    "help.simulate.--json": Message(
        "print the summary as JSON",
        "'spoken-cribbage simulate --help': the option --json",
    ),
    "help.simulate.--paired": Message(
        (
            "play each game twice on the same cards with the seats swapped, and give the win rate's interval "
            "over the pairs"
        ),
        "'spoken-cribbage simulate --help': the option --paired",
    ),
    "help.settings": Message(
        "list your settings, or change one",
        "'spoken-cribbage --help': the line of the command 'settings' in the list of commands",
    ),
    "help.settings:description": Message(
        (
            "List every setting, its value and the settings file, as settings does in the game; with a name, "
            "that setting; with a name and a value, change it, like: settings rate 200, settings cue volume "
            "0.5."
        ),
        "the paragraph at the top of 'spoken-cribbage settings --help'",
    ),
    "help.settings.name": Message(
        "a setting, as in the game: rate, cue volume (or cue-volume), names ...",
        "'spoken-cribbage settings --help': the argument NAME",
    ),
    "help.settings.value": Message(
        "its new value, checked as in the game",
        "'spoken-cribbage settings --help': the argument VALUE",
    ),
    "help.odds": Message(
        "your chance to win from the scores and who deals",
        "'spoken-cribbage --help': the line of the command 'odds' in the list of commands",
    ),
    "help.odds:description": Message(
        (
            "Your chance to win a game between expert players, from the scores and who deals the coming deal, "
            "read from a table built by expert self-play."
        ),
        "the paragraph at the top of 'spoken-cribbage odds --help'",
    ),
    "help.odds.me": Message(
        "your score",
        "'spoken-cribbage odds --help': the argument ME",
    ),
    "help.odds.opponent": Message(
        "your opponent's score",
        "'spoken-cribbage odds --help': the argument OPPONENT",
    ),
    "help.odds.--dealer": Message(
        "who deals the coming deal: me or opponent",
        "'spoken-cribbage odds --help': the option --dealer",
    ),
    "help.odds.--target": Message(
        "the game's target: 121 (default) or 61",
        "'spoken-cribbage odds --help': the option --target",
    ),
    "help.stats": Message(
        "read out your statistics",
        "'spoken-cribbage --help': the line of the command 'stats' in the list of commands",
    ),
    "help.review": Message(
        "read a finished game back, deal by deal",
        "'spoken-cribbage --help': the line of the command 'review' in the list of commands",
    ),
    "help.review:description": Message(
        (
            "Read a finished game back deal by deal, every card named: game N as numbered by --list, the last "
            "one by default."
        ),
        "the paragraph at the top of 'spoken-cribbage review --help'",
    ),
    "help.review.number": Message(
        "the game's number (see review --list); the last game by default",
        "'spoken-cribbage review --help': the argument NUMBER",
    ),
    "help.review.--list": Message(
        "list your games with their numbers",
        "'spoken-cribbage review --help': the option --list",
    ),
    "help.export": Message(
        "write a finished game as a plain-text transcript, with its seed",
        "'spoken-cribbage --help': the line of the command 'export' in the list of commands",
    ),
    "help.export:description": Message(
        (
            "Write a finished game (N, the last by default) to a plain-text file: every deal, every card, and "
            "the seed that deals it again."
        ),
        "the paragraph at the top of 'spoken-cribbage export --help'",
    ),
    "help.export.--out": Message(
        "the file to write",
        "'spoken-cribbage export --help': the option --out",
    ),
    "help.practice": Message(
        "practise counting hands or choosing discards, with a coach",
        "'spoken-cribbage --help': the line of the command 'practice' in the list of commands",
    ),
    "help.practice:description": Message(
        (
            "Practise counting (a hand and a starter: type the count, hear it explained item by item) or "
            "discarding (six cards: type the two for the crib, hear what the expert kept and what your choice "
            "cost). Your accuracy and time are kept in your statistics."
        ),
        "the paragraph at the top of 'spoken-cribbage practice --help'",
    ),
    "help.practice.kind": Message(
        "count or discard",
        "'spoken-cribbage practice --help': the argument KIND",
    ),
    "help.practice.--crib": Message(
        "count cribs (only a five-card flush counts)",
        "'spoken-cribbage practice --help': the option --crib",
    ),
    "help.practice.--rounds": Message(
        "how many hands or deals (default 5)",
        "'spoken-cribbage practice --help': the option --rounds",
    ),
    "help.practice.--seed": Message(
        "deal from this seed (the same cards every time)",
        "'spoken-cribbage practice --help': the option --seed",
    ),
    "help.play.--replay": Message(
        "deal the cards of game N again (numbers: review --list); for this run only, like --seed",
        "'spoken-cribbage play --help': the option --replay",
    ),
    "help.listen": Message(
        "recognise one spoken command, or check your voice set-up (--check)",
        "'spoken-cribbage --help': the line of the command 'listen' in the list of commands",
    ),
    "help.listen:description": Message(
        "Recognise one spoken command from a WAV file or the microphone; or, with --check, check your voice set-up.",
        "the paragraph at the top of 'spoken-cribbage listen --help'",
    ),
    "help.listen.--file": Message(
        "a WAV recording (any rate; mono or stereo)",
        "'spoken-cribbage listen --help': the option --file",
    ),
    "help.listen.--mic": Message(
        "listen on the microphone for one command",
        "'spoken-cribbage listen --help': the option --mic",
    ),
    "help.listen.--phase": Message(
        "the game phase (default: play)",
        "'spoken-cribbage listen --help': the option --phase",
    ),
    "help.listen.--hand": Message(
        'the cards in hand, e.g. "5H 10C JD KS"',
        "'spoken-cribbage listen --help': the option --hand",
    ),
    "help.listen.--no-go": Message(
        "'go' is not legal now",
        "'spoken-cribbage listen --help': the option --no-go",
    ),
    "help.listen.--vosk-model": Message(
        "a vosk model folder",
        "'spoken-cribbage listen --help': the option --vosk-model",
    ),
    "help.listen.--json": Message(
        "print one JSON object",
        "'spoken-cribbage listen --help': the option --json",
    ),
    "help.listen.--timeout": Message(
        "seconds to wait with --mic",
        "'spoken-cribbage listen --help': the option --timeout",
    ),
    "help.listen.--check": Message(
        (
            "check your voice set-up: the room's noise, your level and three commands, then push-to-talk or "
            "continuous listening suggested (microphone, or --file WAV)"
        ),
        "'spoken-cribbage listen --help': the option --check",
    ),
    "help.models": Message(
        "list speech models, or download one",
        "'spoken-cribbage --help': the line of the command 'models' in the list of commands",
    ),
    "help.models:description": Message(
        "List the known speech models and which are installed.",
        "the paragraph at the top of 'spoken-cribbage models --help'",
    ),
    "help.models.download": Message(
        "download, verify and install a model",
        "'spoken-cribbage models --help': the sub-command 'download'",
    ),
    "help.models.download.name": Message(
        "model name, e.g. vosk-small-en",
        "'spoken-cribbage models download --help': the argument NAME",
    ),
    "help.--json": Message(
        "print JSON",
        "--help of a calculator command (score, peg, discard, odds, stats): the --json option",
    ),
}


def help_text(key: str, **data: Any) -> str:
    """The ``--help`` text ``key`` (a code of :data:`TEXTS` without ``help.``) in the player's
    language, filled in with ``data``; a ``%`` doubled, as argparse formats an option's help
    with it ('50 %' in French)."""
    return plain_text(key, **data).replace("%", "%%")


def plain_text(key: str, **data: Any) -> str:
    """The text ``key`` as it is: a title or the usage's prefix (argparse puts them in as they are)."""
    code = "help." + key
    message = TEXTS[code]
    assert isinstance(message, Message)
    return say(message, data, code)

"""Command-line entry point: `spoken-cribbage [play|score|peg|discard|simulate|listen|models|stats|
review|export|practice|odds|settings]`."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import select
import sys
from collections.abc import Sequence

from spoken_cribbage.app import calculators
from spoken_cribbage.app.seat_options import add_seat_options
from spoken_cribbage.storage import settings as settings_mod
from spoken_cribbage.words.cli_help import help_text, plain_text
from spoken_cribbage.words.lines import cells
from spoken_cribbage.words.notices import phrase

EXIT_USAGE = calculators.EXIT_USAGE


#: wide punctuation that never starts a line, and wide punctuation that never ends one
_NOT_FIRST = set("，。、；：？！）》」』】〉・…％")
_NOT_LAST = set("（《「『【〈")


def wrap_cells(text: str, width: int) -> list[str]:
    """``text`` (its whitespace already one space) in lines of at most ``width`` terminal cells,
    a wide (Chinese) character two (:func:`~spoken_cribbage.words.lines.cells`): a line breaks
    at a space or between wide characters, never inside a run of other characters (a word, an
    option) unless that alone is wider than a line, and a closing mark (，。）) never starts a
    line nor an opening one (（「) ends it. textwrap counts characters: a Chinese line was twice
    as wide as the terminal."""
    tokens: list[str] = []  # a space, a wide character, or a run of other characters
    for ch in text:
        wide = cells(ch) == 2
        if tokens and (
            (ch in _NOT_FIRST and tokens[-1] != " ")
            or tokens[-1][-1:] in _NOT_LAST
            or (not wide and ch != " " and tokens[-1] != " " and cells(tokens[-1][-1]) == 1)
        ):
            tokens[-1] += ch
        else:
            tokens.append(ch)
    lines: list[str] = []
    line = ""
    for token in tokens:
        if token == " ":
            if line:
                line += " "
            continue
        while cells(token) > width:  # too wide for any line: cut where the line is full
            if line.strip():
                lines.append(line.rstrip())
            cut = 1
            while cut < len(token) and cells(token[: cut + 1]) <= width:
                cut += 1
            lines.append(token[:cut])
            line, token = "", token[cut:]
        if cells(line + token) > width and line.strip():
            lines.append(line.rstrip())
            line = ""
        line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines


class _Formatter(argparse.HelpFormatter):
    """argparse's help with 'usage: ' in the player's language, a text with wide (Chinese)
    characters wrapped by the cells it takes on the terminal (:func:`wrap_cells`)."""

    def add_usage(self, usage, actions, groups, prefix=None) -> None:  # type: ignore[no-untyped-def]
        super().add_usage(usage, actions, groups, plain_text("argparse.usage") if prefix is None else prefix)

    def _format_usage(self, usage, actions, groups, prefix) -> str:  # type: ignore[no-untyped-def]
        # argparse lines the usage up under the prefix by its characters: a stand-in as wide as
        # the prefix on the terminal ('用法：' is 3 characters, 6 cells) keeps the options in line
        if prefix is not None and cells(prefix) != len(prefix):
            stand_in = "\0" * cells(prefix)
            return super()._format_usage(usage, actions, groups, stand_in).replace(stand_in, prefix, 1)
        return super()._format_usage(usage, actions, groups, prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        if cells(text) == len(text):  # no wide character: argparse's own wrapping (English, French)
            return super()._split_lines(text, width)
        return wrap_cells(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if cells(text) == len(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(
            indent + line for line in wrap_cells(self._whitespace_matcher.sub(" ", text).strip(), width - len(indent))
        )


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad command line in one sentence and exits 2, and says its own
    words (usage, the section titles, -h) in the player's language, like every help text."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        kwargs.setdefault("formatter_class", _Formatter)
        add_help = kwargs.pop("add_help", True)
        kwargs["add_help"] = False  # -h added below, its help in the player's language
        super().__init__(*args, **kwargs)
        self._positionals.title = plain_text("argparse.positionals")
        self._optionals.title = plain_text("argparse.options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help=help_text("argparse.help"))

    def error(self, message: str) -> None:  # type: ignore[override]
        from spoken_cribbage.app.output import one_line

        sys.stderr.write(one_line(phrase("calculator.usage_error", message=_argparse_words(message))) + "\n")
        raise SystemExit(EXIT_USAGE)


#: argparse's refusals (English, from the standard library) and the messages that say them in
#: the player's language (words/cli_help.py); one that matches none is said as argparse wrote it
_ARGPARSE = (
    (re.compile(r"the following arguments are required: (?P<names>.+)"), "argparse.required"),
    (re.compile(r"unrecognized arguments: (?P<arguments>.+)"), "argparse.unrecognized"),
    (
        re.compile(r"argument (?P<argument>\S+): invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)"),
        "argparse.choice",
    ),
    (re.compile(r"argument (?P<argument>\S+): invalid (?P<kind>int|float) value: (?P<value>.+)"), "argparse.number"),
    (re.compile(r"argument (?P<argument>\S+): expected one argument"), "argparse.one"),
    (re.compile(r"argument (?P<argument>\S+): (?P<message>.+)"), "argparse.argument"),
)


def _argparse_words(message: str) -> str:
    """argparse's refusal in the player's language (English stays as argparse says it)."""
    for pattern, key in _ARGPARSE:
        found = pattern.fullmatch(message)
        if found:
            return plain_text(key, **found.groupdict())
    return message


# ----------------------------------------------------------------------------- play


def _add_play_options(p) -> None:
    # Options apply to this run only and are never written to the settings file; a setting
    # changed in the game (rate 200, say) is saved.
    add_seat_options(p)  # the player's own: speech, cues, verbosity, voice (a shared table's seat too)
    p.add_argument("--target", type=int, default=None, help=help_text("play.--target"))
    p.add_argument("--seed", type=_seed, default=None, metavar="N", help=help_text("play.--seed"))
    p.add_argument("--language", choices=settings_mod.LANGUAGES, default=None, help=help_text("play.--language"))
    p.add_argument(
        "--difficulty", choices=("easy", "standard", "expert"), default=None, help=help_text("play.--difficulty")
    )
    p.add_argument("--new", action="store_true", help=help_text("play.--new"))
    p.add_argument("--counting", choices=settings_mod.COUNTING_MODES, default=None, help=help_text("play.--counting"))
    p.add_argument("--muggins", choices=("on", "off"), default=None, help=help_text("play.--muggins"))
    p.add_argument(
        "--overcount-penalty", choices=("on", "off"), default=None, help=help_text("play.--overcount-penalty")
    )
    p.add_argument(
        "--time-limit", type=_time_limit, default=None, metavar="SECONDS", help=help_text("play.--time-limit")
    )
    p.add_argument("--replay", type=int, default=None, metavar="N", help=help_text("play.--replay"))
    p.add_argument("--players", type=int, default=None, metavar="N", help=help_text("play.--players"))
    p.add_argument("--teams", type=_teams, default=None, metavar="N", help=help_text("play.--teams"))
    p.add_argument("--names", default=None, metavar="NAMES", help=help_text("play.--names"))
    p.add_argument("--pace", type=float, default=None, metavar="SECONDS", help=help_text("play.--pace"))


def _time_limit(text: str) -> int:
    """--time-limit: seconds (15 to 90, checked with the settings), or off (0)."""
    if text.strip().lower() == "off":
        return 0
    return int(text)


#: A seed is kept in the save and the statistics as a 64-bit integer.
SEED_RANGE = (0, 2**63 - 1)


def _seed(text: str) -> int:
    """--seed: a whole number from 0 to 2**63 - 1 (what the save and the statistics keep)."""
    low, high = SEED_RANGE
    try:
        seed = int(text)
    except ValueError:
        seed = None
    if seed is None or not low <= seed <= high:
        raise argparse.ArgumentTypeError(phrase("calculator.seed_range", low=low, high=high))
    return seed


def _teams(text: str) -> str:
    """--teams: as the settings keep it (usual, none, a number); anything else is left for the
    settings to refuse in a sentence."""
    from spoken_cribbage.storage.table import teams_value

    try:
        return teams_value(text)
    except ValueError:
        return text


def run_play(args) -> int:
    from spoken_cribbage.app.play import play

    return play(args)


# ----------------------------------------------------------------------------- main

_OPTIONAL = [
    ("listen", "spoken_cribbage.app.voice_command", "add_listen_parser", "run_listen"),
    ("models", "spoken_cribbage.app.voice_command", "add_models_parser", "run_models"),
    ("stats", "spoken_cribbage.app.stats_command", "add_stats_parser", "run_stats"),
    ("review", "spoken_cribbage.app.review_command", "add_review_parser", "run_review"),
    ("practice", "spoken_cribbage.app.practice", "add_practice_parser", "run_practice"),
    ("export", "spoken_cribbage.app.review_command", "add_export_parser", "run_export"),
    ("odds", "spoken_cribbage.app.odds_command", "add_odds_parser", "run_odds"),
    ("settings", "spoken_cribbage.app.settings_command", "add_settings_parser", "run_settings"),
    ("host", "spoken_cribbage.app.net_command", "add_host_parser", "run_host"),
    ("join", "spoken_cribbage.app.room_command", "add_join_parser", "run_join"),
    ("serve", "spoken_cribbage.app.room_command", "add_serve_parser", "run_serve"),
]


def build_parser() -> argparse.ArgumentParser:
    import importlib

    parser = _Parser(prog="spoken-cribbage", description=help_text("program:description"))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    play_p = sub.add_parser("play", help=help_text("play"))
    _add_play_options(play_p)
    calculators.add_score_parser(sub)
    calculators.add_peg_parser(sub)
    calculators.add_discard_parser(sub)
    calculators.add_simulate_parser(sub)
    sub.add_parser("languages", help=help_text("languages"))
    runners = {
        "play": run_play,
        "score": calculators.run_score,
        "peg": calculators.run_peg,
        "languages": run_languages,
        "discard": calculators.run_discard,
        "simulate": calculators.run_simulate,
    }
    for name, module, add, run in _OPTIONAL:
        try:
            mod = importlib.import_module(module)
            getattr(mod, add)(sub)
            runners[name] = getattr(mod, run)
        except (ImportError, AttributeError):
            continue
    for command in sub.choices.values():  # every command speaks the language chosen (play has it already)
        if "--language" not in command._option_string_actions:
            command.add_argument(
                "--language", choices=settings_mod.LANGUAGES, default=None, help=help_text("any.--language")
            )
    parser.set_defaults(_runners=runners)
    return parser


def _use_language(argv: Sequence[str]) -> None:
    """Speak the language of --language, else the ``language`` setting, else the system's
    (LANG), from the first sentence on (a refused command line too)."""
    from spoken_cribbage.words import catalogue

    chosen = None
    for i, arg in enumerate(argv):
        if arg.startswith("--language="):
            chosen = arg.split("=", 1)[1]
        elif arg == "--language" and i + 1 < len(argv):
            chosen = argv[i + 1]
    if chosen not in settings_mod.LANGUAGES:  # argparse refuses a wrong one
        chosen = settings_mod.saved_language() or catalogue.language_from_environment()
    catalogue.use(chosen)


def run_languages(args: argparse.Namespace) -> int:
    from spoken_cribbage.words.catalogue import languages_lines

    print("\n".join(languages_lines()))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command. Everything it writes to the terminal passes the one output boundary
    (app.output): nothing from outside reaches the terminal with its control characters."""
    from spoken_cribbage.app.output import cleaned_output

    with cleaned_output():
        return _main(argv)


def _output_gone() -> bool:
    """Whether the game's output is a pipe nobody reads any more (``| head`` ended): a broken
    pipe there ends the run without a word, while one elsewhere (a socket, a helper program)
    is said. Polled, so nothing is written; True when it cannot be told."""
    if sys.__stdout__ is None:
        return True
    try:
        poll = select.poll()
        poll.register(sys.__stdout__.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poll.poll(0))
    except (OSError, ValueError):
        return True


def _main(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play"] + argv
    try:
        _use_language(argv)  # before the parser is built: its help texts are in the language
        parser = build_parser()
        args = parser.parse_args(argv)
        runner = args._runners.get(args.command)
        if runner is None:
            parser.print_help()
            return EXIT_USAGE
        return int(runner(args) or 0)
    except KeyboardInterrupt:
        sys.stderr.write(phrase("calculator.stopped") + "\n")
        return 130
    except BrokenPipeError as e:
        if not _output_gone():  # another pipe or socket broke (a table's connection): said
            sys.stderr.write(phrase("calculator.crashed", kind=e.__class__.__name__, error=e) + "\n")
            return 1
        # output piped into a program that stopped reading (head): nothing more can be said
        with contextlib.suppress(OSError):
            # stdout is replaced for the rest of the run, so no context manager closes it
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115
        return 1
    except SystemExit:
        raise
    except Exception as e:  # the last guard: one sentence, never a traceback
        sys.stderr.write(phrase("calculator.crashed", kind=e.__class__.__name__, error=e) + "\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())

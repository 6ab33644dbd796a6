"""Random command lines for `spoken-cribbage`, shared by tests/e2e/test_cli_fuzz.py (a sample) and
bench/cli_fuzz.py (the long run).

The argument vectors are drawn from the program's own parser (cli.build_parser): a subcommand
(or none, or a word that is not one), some of its options, each with a value that fits or one
that does not (out of range, not a number, huge, empty, unicode, escape sequences), misspelt
and abbreviated options, stray words. Standard input is empty, a few answers, or random lines.
Every run is in a folder of its own (HOME, the data and config folders, the working folder): a
path in an argument is relative to it or /dev/null, so nothing outside is read or written.

A run passes when it shows no Python traceback, is not killed by a signal and ends within the
time limit (a run still going then is counted apart, as slow).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

BIN = Path(sys.executable).parent / "spoken-cribbage"

INTS = [
    "0",
    "1",
    "2",
    "3",
    "4",
    "6",
    "7",
    "-1",
    "121",
    "61",
    "1000",
    "99999999999999999999999",
    str(2**63),
    str(-(2**63) - 1),
    "1e3",
    "0x10",
    "1_000",
    "+5",
    " 5",
    "٣",
    "５",
    "nan",
    "",
    "9" * 500,
]
FLOATS = ["0", "0.5", "1", "-1", "1e308", "-1e308", "nan", "inf", "-inf", "1,5", "", "0x1p3"]
TEXTS = [
    "5H",
    "5h 6h 7h 8h",
    "ten of hearts",
    "QS",
    "x",
    "",
    " ",
    "-",
    "--",
    "é",
    "Ω" * 40,
    "\x1b[2J\x1b]0;pwned\x07",
    "\x1b[31mred",
    "a\tb",
    "line\nbreak",
    "../up",
    "sub/dir/f.json",
    "/dev/null",
    "out.json",
    "a" * 3000,
    "Alice,Bob",
    "Ann,\x1b[H,Cy",
    "2",
    "none",
    "usual",
]
CARDS = [
    "5H",
    "5C",
    "5S",
    "JD",
    "5D",
    "10H",
    "AS",
    "KD",
    "QS",
    "7C",
    "8D",
    "9H",
    "ZZ",
    "5X",
    "five",
    "of",
    "hearts",
    "14H",
    "0S",
    "5H5C",
]
JUNK = [
    "--",
    "-",
    "-x",
    "--nope",
    "---target",
    "--target=5",
    "--seed=",
    "play",
    "help",
    "-h",
    "--help",
    "stats",
    "=",
    "@file",
    "\x1b[2J",
    "é",
]
LINES = [
    "",
    "q",
    "y",
    "n",
    "quit",
    "help",
    "play 5h",
    "discard 5h 6h",
    "go",
    "next",
    "rate 200",
    "names Ann",
    "voice \x1b[2J",
    "((",
    "\u200b",
    "undo",
    "score",
    "count",
    "1",
    "2",
    "9",
]


@dataclass
class Option:
    strings: list[str]
    nargs: object
    choices: tuple | None
    kind: str  # "flag", "int", "float", "text", "choice"


@dataclass
class Command:
    name: str | None
    options: list[Option] = field(default_factory=list)
    positionals: list[Option] = field(default_factory=list)
    subcommands: dict[str, Command] = field(default_factory=dict)


def _kind(a: argparse.Action) -> str:
    if a.nargs == 0:
        return "flag"
    if a.choices is not None:
        return "choice"
    name = getattr(a.type, "__name__", "")
    return "int" if a.type is int else "float" if a.type is float else ("int" if name in ("_time_limit",) else "text")


def command_tree(parser: argparse.ArgumentParser | None = None, name: str | None = None) -> Command:
    """The program's commands and options, read from its argparse parser."""
    if parser is None:
        from spoken_cribbage.app.cli import build_parser

        parser = build_parser()
    cmd = Command(name)
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for sub, p in a.choices.items():
                cmd.subcommands[sub] = command_tree(p, sub)
        elif isinstance(a, argparse._HelpAction):
            continue
        elif a.option_strings:
            cmd.options.append(
                Option(list(a.option_strings), a.nargs, tuple(a.choices) if a.choices else None, _kind(a))
            )
        else:
            cmd.positionals.append(Option([], a.nargs, tuple(a.choices) if a.choices else None, _kind(a)))
    if "play" in cmd.subcommands and not cmd.options:
        cmd.options = cmd.subcommands["play"].options  # the play options work without "play"
    return cmd


def _value(o: Option, rng: random.Random) -> str:
    if o.kind == "choice" and rng.random() < 0.7:
        return str(rng.choice(o.choices))
    if o.kind == "int" or (o.kind == "choice" and rng.random() < 0.3):
        return rng.choice(INTS)
    if o.kind == "float":
        return rng.choice(FLOATS)
    if "cards" in " ".join(o.strings) or rng.random() < 0.2:
        return rng.choice(CARDS)
    return rng.choice(TEXTS)


def _mangle(opt: str, rng: random.Random) -> str:
    r = rng.random()
    if r < 0.08 and len(opt) > 4:
        return opt[: rng.randrange(3, len(opt))]  # an abbreviation (argparse allows some)
    if r < 0.12:
        return opt.upper()
    if r < 0.15:
        return opt + "s"
    return opt


def random_argv(tree: Command, rng: random.Random) -> list[str]:
    """One random argument vector."""
    argv: list[str] = []
    cmd = tree
    r = rng.random()
    if r < 0.85 and tree.subcommands:
        name = rng.choice(sorted(tree.subcommands))
        argv.append(name)
        cmd = tree.subcommands[name]
        if cmd.subcommands and rng.random() < 0.9:
            sub = rng.choice(sorted(cmd.subcommands))
            argv.append(sub)
            cmd = cmd.subcommands[sub]
    elif r < 0.9:
        argv.append(rng.choice(JUNK))
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 4, 6))):
        if cmd.options and rng.random() < 0.85:
            o = rng.choice(cmd.options)
            opt = _mangle(rng.choice(o.strings), rng)
            if o.kind == "flag":
                argv.append(opt)
            elif rng.random() < 0.1:
                argv.append(opt)  # the value left out
            elif rng.random() < 0.1:
                argv.append(f"{opt}={_value(o, rng)}")
            else:
                argv += [opt, _value(o, rng)]
        else:
            argv.append(rng.choice(JUNK + CARDS))
    for p in cmd.positionals:
        n = {None: 1, "?": rng.randint(0, 1), "*": rng.randint(0, 7), "+": rng.randint(0, 7)}.get(p.nargs, 1)  # type: ignore[call-overload]
        if rng.random() < 0.1:
            n = 0  # a required one left out
        argv += [_value(p, rng) for _ in range(n)]
    if rng.random() < 0.2:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(JUNK + TEXTS))
    return argv


def random_stdin(rng: random.Random) -> bytes:
    r = rng.random()
    if r < 0.4:
        return b""
    if r < 0.6:
        return b"q\ny\n"
    lines = [rng.choice(LINES) for _ in range(rng.randint(1, 12))]
    data = "\n".join(lines).encode("utf-8", "surrogateescape")
    if rng.random() < 0.1:
        data += b"\xff\xfe\x00 bytes \x80\n"
    return data + b"\nq\ny\n"


@dataclass
class Result:
    argv: list[str]
    returncode: int | None  # None: still running at the time limit (killed then)
    traceback: bool
    output: str


def sandbox(base: Path) -> dict:
    """An environment whose every folder is inside ``base``."""
    home = base / "home"
    home.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "SPOKEN_CRIBBAGE"))}
    env.update(
        {
            "HOME": str(home),
            "SPOKEN_CRIBBAGE_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local"),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            "SPOKEN_CRIBBAGE_PORTAUDIO_TIMEOUT": "2",
            "PYTHONWARNINGS": "ignore",
        }
    )
    return env


def run_one(argv: list[str], stdin: bytes, base: Path, timeout: float = 30) -> Result:
    """Run the installed program once in the sandbox ``base`` (its working folder too)."""
    env = sandbox(base)
    try:
        p = subprocess.run([str(BIN), *argv], input=stdin, capture_output=True, env=env, cwd=base, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"") + (e.stderr or b"")
        text = out.decode("utf-8", "replace")
        return Result(argv, None, "Traceback (most recent call last)" in text, text[-2000:])
    text = (p.stdout + p.stderr).decode("utf-8", "replace")
    return Result(argv, p.returncode, "Traceback (most recent call last)" in text, text[-2000:])


def passed(r: Result) -> bool:
    """No traceback and no signal (a time-out is counted apart)."""
    return not r.traceback and (r.returncode is None or r.returncode >= 0)

"""The ``listen`` and ``models`` subcommands.

    spoken-cribbage listen --file cmd.wav --phase play --hand "5H 10C JD KS" [--engine vosk|pocketsphinx] [--json]
    spoken-cribbage listen --mic --phase discard --hand "KS 5C AH 7S 2D QC"
    spoken-cribbage listen --check [--file check.wav] [--json]
    spoken-cribbage models
    spoken-cribbage models download vosk-small-en

``listen`` prints the command understood ("Heard: play five of hearts. Command: play 5H.") or the
rejection ("Sorry, I didn't catch that."); with ``--json`` one line
``{"accepted": true, "heard": "play five of hearts", "command": "play 5H"}`` or
``{"accepted": false, "heard": "..."}``. Exit status: 0 accepted, 1 rejected, 2 could not run.
Which engine is used is said on stderr, so ``--json`` output stays one line.

``listen --check`` runs the voice set-up check (:func:`run_check`): the room's noise, three
commands, the level and a suggestion (push-to-talk or continuous listening).

The arguments and the reading of the input are in :mod:`spoken_cribbage.voice.listen`; every
sentence printed here comes from :mod:`spoken_cribbage.words.voice`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from spoken_cribbage.vocabulary import PHASES
from spoken_cribbage.voice.listen import ListenError, context_from, read_wav
from spoken_cribbage.words.cli_help import help_text
from spoken_cribbage.words.notices import phrase

if TYPE_CHECKING:
    from spoken_cribbage.voice.recognition import Recognition

__all__ = ["add_listen_parser", "add_models_parser", "run_listen", "run_models", "main"]


def add_listen_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("listen", help=help_text("listen"), description=help_text("listen:description"))
    src = p.add_mutually_exclusive_group()
    src.add_argument("--file", metavar="WAV", help=help_text("listen.--file"))
    src.add_argument("--mic", action="store_true", help=help_text("listen.--mic"))
    p.add_argument("--check", action="store_true", help=help_text("listen.--check"))
    p.add_argument("--phase", choices=PHASES, default="play", help=help_text("listen.--phase"))
    p.add_argument("--hand", default="", help=help_text("listen.--hand"))
    p.add_argument("--no-go", dest="can_go", action="store_false", help=help_text("listen.--no-go"))
    p.add_argument("--engine", choices=("auto", "vosk", "pocketsphinx"), default="auto")
    p.add_argument("--vosk-model", metavar="PATH", help=help_text("listen.--vosk-model"))
    p.add_argument("--json", action="store_true", help=help_text("listen.--json"))
    p.add_argument("--timeout", type=float, default=10.0, help=help_text("listen.--timeout"))
    return p


def add_models_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("models", help=help_text("models"), description=help_text("models:description"))
    sub = p.add_subparsers(dest="models_command")
    d = sub.add_parser("download", help=help_text("models.download"))
    d.add_argument("name", help=help_text("models.download.name"))
    return p


def _err(what) -> None:
    from spoken_cribbage.app.output import one_line

    print(one_line(phrase(what)), file=sys.stderr)  # one sentence: a value's line break shows


def run_listen(args) -> int:
    from spoken_cribbage.voice.recognizers import choose_recognizer

    if getattr(args, "check", False):
        return run_check(args)
    if not args.file and not args.mic:
        _err("voice.listen_needs_source")
        return 2
    try:
        ctx = context_from(args.phase, args.hand or "", getattr(args, "can_go", True))
        audio = read_wav(args.file) if args.file else None
    except ListenError as exc:
        _err(exc)
        return 2
    if audio is None:
        # No microphone: say so at once, before loading a model (and never "Say a command.").
        from spoken_cribbage.voice.microphone import microphone_problem

        problem = microphone_problem()
        if problem:
            _err(problem)
            return 2
    rec, notice = choose_recognizer(args.vosk_model, None if args.engine == "auto" else args.engine)
    _err(notice)
    if rec is None:
        return 2
    result: Recognition | None
    if audio is not None:
        result = rec.recognize(audio, ctx)
    else:
        from spoken_cribbage.voice.microphone import listen_once

        _err("voice.say_a_command")
        result = listen_once(rec, ctx, timeout=args.timeout, on_message=_err)
        if result is None:
            return 2
    if args.json:
        print(json.dumps(result.as_json()))
    elif result.accepted and result.confirm:
        print(
            phrase(
                "voice.heard_command_asked",
                heard=result.heard,
                command=result.command,
                question=phrase(result.notice()),
            )
        )
    elif result.accepted:
        print(phrase("voice.heard_command", heard=result.heard, command=result.command))
    else:
        print(phrase("voice.not_understood", heard=result.heard))
    return 0 if result.accepted else 1


def run_check(args) -> int:
    """``listen --check``: the voice set-up check (:mod:`spoken_cribbage.voice.check`) on the
    microphone, or on a WAV file that holds 3 seconds of quiet and then the three commands.
    Each step is a line on standard output (standard error with ``--json``, which prints one
    JSON object at the end). Exit status 0 when the check ran, whatever it found; 2 when it
    could not run."""
    from spoken_cribbage.notice import Notice
    from spoken_cribbage.voice import check
    from spoken_cribbage.voice.microphone import MicrophoneError, microphone_blocks, microphone_problem
    from spoken_cribbage.voice.recognizers import RATE, choose_recognizer

    out = sys.stderr if args.json else sys.stdout

    def say(notice) -> None:
        print(phrase(notice), file=out, flush=True)

    blocks: Iterable[bytes] | None = None
    if args.file:
        try:
            audio = read_wav(args.file)
        except ListenError as exc:
            _err(exc)
            return 2
        if len(audio) < check.QUIET_SECONDS * RATE * 2:
            _err(Notice("voice.check_too_short", path=args.file, quiet=int(check.QUIET_SECONDS)))
            return 2
        blocks = (audio[i : i + 960] for i in range(0, len(audio), 960))
    else:
        problem = microphone_problem()  # at once, before a model is loaded
        if problem:
            _err(problem)
            return 2
    rec, notice = choose_recognizer(args.vosk_model, None if args.engine == "auto" else args.engine)
    _err(notice)
    if rec is None:
        return 2
    say(
        Notice(
            "voice.check_begins",
            quiet=int(check.QUIET_SECONDS),
            commands=len(check.PROMPTS),
            stop=None if args.file else "ctrl-c",
        )
    )
    if blocks is None:
        blocks = microphone_blocks()
    try:
        result = check.run_check(blocks, rec, say)
    except MicrophoneError as exc:
        _err(exc)
        return 2
    finally:
        close = getattr(blocks, "close", None)
        if close is not None:
            close()  # the microphone, at once
    if args.json:
        print(json.dumps(result.as_json()))
    return 0


def run_models(args) -> int:
    from spoken_cribbage.voice import models as modelstore

    try:
        if getattr(args, "models_command", None) == "download":
            modelstore.download(args.name, progress=lambda n: print(phrase(n), flush=True))
            return 0
        print(phrase("voice.models_folder", folder=modelstore.models_dir()))
        for m in modelstore.list_models():
            print(
                phrase(
                    "voice.model_line",
                    name=m.name,
                    engine=m.engine,
                    description=m.description,
                    path=m.path if m.installed else None,
                    downloadable=m.downloadable,
                )
            )
        return 0
    except modelstore.ModelError as exc:
        _err(exc)
        return 1
    except KeyboardInterrupt:
        _err("voice.download_stopped")
        return 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spoken_cribbage.app.voice_command")
    subs = parser.add_subparsers(dest="command", required=True)
    add_listen_parser(subs)
    add_models_parser(subs)
    args = parser.parse_args(argv)
    return run_listen(args) if args.command == "listen" else run_models(args)


if __name__ == "__main__":
    sys.exit(main())

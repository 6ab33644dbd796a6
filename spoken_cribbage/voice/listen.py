"""The ``listen`` and ``models`` subcommands.

    spoken-cribbage listen --file cmd.wav --phase play --hand "5H 10C JD KS" [--engine vosk|pocketsphinx] [--json]
    spoken-cribbage listen --mic --phase discard --hand "KS 5C AH 7S 2D QC"
    spoken-cribbage models
    spoken-cribbage models download vosk-small-en

``listen`` prints the command understood ("Heard: play five of hearts. Command: play 5H.") or the
rejection ("Sorry, I didn't catch that."); with ``--json`` one line
``{"accepted": true, "heard": "play five of hearts", "command": "play 5H"}`` or
``{"accepted": false, "heard": "..."}``. Exit status: 0 accepted, 1 rejected, 2 could not run.
Which engine is used is said on stderr, so ``--json`` output stays one line.
"""

from __future__ import annotations

import argparse
import json
import sys
import wave

import numpy as np

from spoken_cribbage.engine.cards import InvalidCardError, parse_cards, sort_hand
from spoken_cribbage.vocabulary import PHASES, VoiceContext
from spoken_cribbage.voice.recognizers import RATE, SORRY


class ListenError(Exception):
    """A problem with the listen arguments or input, as one sentence."""


def add_listen_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "listen", help="recognise one spoken command from a WAV file or the microphone",
        description="Recognise one spoken command, to check your voice set-up.")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--file", metavar="WAV", help="a WAV recording (any rate; mono or stereo)")
    src.add_argument("--mic", action="store_true", help="listen on the microphone for one command")
    p.add_argument("--phase", choices=PHASES, default="play", help="the game phase (default: play)")
    p.add_argument("--hand", default="", help='the cards in hand, e.g. "5H 10C JD KS"')
    p.add_argument("--no-go", dest="can_go", action="store_false", help="'go' is not legal now")
    p.add_argument("--engine", choices=("auto", "vosk", "pocketsphinx"), default="auto")
    p.add_argument("--vosk-model", metavar="PATH", help="a vosk model folder")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds to wait with --mic")
    return p


def read_wav(path: str) -> bytes:
    """A WAV file as 16 kHz mono s16le PCM (mixing channels and resampling when needed)."""
    try:
        with wave.open(path, "rb") as w:
            ch, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            raw = w.readframes(n)
    except FileNotFoundError:
        raise ListenError(f"There is no file {path}.") from None
    except (wave.Error, EOFError, OSError) as exc:
        raise ListenError(f"{path} is not a readable WAV file ({exc}).") from None
    if width == 2 and ch == 1 and rate == RATE:
        return raw
    if width == 1:
        a = (np.frombuffer(raw, dtype=np.uint8).astype(np.float64) - 128) * 256
    elif width == 2:
        a = np.frombuffer(raw, dtype="<i2").astype(np.float64)
    elif width == 3:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3)
        a = (b[:, 0].astype(np.int32) | (b[:, 1].astype(np.int32) << 8) | (b[:, 2].astype(np.int32) << 16))
        a = np.where(a >= 1 << 23, a - (1 << 24), a).astype(np.float64) / 256
    elif width == 4:
        a = np.frombuffer(raw, dtype="<i4").astype(np.float64) / 65536
    else:
        raise ListenError(f"{path} has an unsupported sample size.")
    if ch > 1:
        a = a[: len(a) // ch * ch].reshape(-1, ch).mean(axis=1)
    if rate != RATE and a.size:
        n_out = int(round(a.size * RATE / rate))
        a = np.interp(np.linspace(0, a.size - 1, n_out), np.arange(a.size), a)
    return np.clip(np.round(a), -32768, 32767).astype("<i2").tobytes()


def context_from(phase: str, hand_text: str, can_go: bool = True) -> VoiceContext:
    try:
        hand = parse_cards(hand_text) if hand_text.strip() else []
    except InvalidCardError as exc:
        raise ListenError(str(exc)) from None
    if phase == "discard" and len(hand) not in (5, 6):
        raise ListenError("In the discard give the whole hand, six cards (five in a three-player game).")
    if phase == "play" and not 1 <= len(hand) <= 4:
        raise ListenError("In the play give the cards still in hand, one to four cards.")
    return VoiceContext(phase, tuple(sort_hand(hand)), can_go)


def run_listen(args) -> int:
    from spoken_cribbage.voice.recognizers import choose_recognizer
    err = sys.stderr
    try:
        ctx = context_from(args.phase, args.hand or "", getattr(args, "can_go", True))
        audio = read_wav(args.file) if args.file else None
    except ListenError as exc:
        print(exc, file=err)
        return 2
    if audio is None:
        # No microphone: say so at once, before loading a model (and never "Say a command.").
        from spoken_cribbage.voice.microphone import microphone_problem
        problem = microphone_problem()
        if problem:
            print(problem, file=err)
            return 2
    rec, sentence = choose_recognizer(args.vosk_model, None if args.engine == "auto" else args.engine)
    print(sentence, file=err)
    if rec is None:
        return 2
    if audio is not None:
        result = rec.recognize(audio, ctx)
    else:
        from spoken_cribbage.voice.microphone import listen_once
        print("Say a command.", file=err)
        result = listen_once(rec, ctx, timeout=args.timeout, on_message=lambda s: print(s, file=err))
        if result is None:
            return 2
    if args.json:
        print(json.dumps(result.as_json()))
    elif result.accepted:
        print(f"Heard: {result.heard}. Command: {result.command}.")
    else:
        print(SORRY + (f" (Heard: {result.heard}.)" if result.heard else ""))
    return 0 if result.accepted else 1


def add_models_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser("models", help="list speech models, or download one",
                              description="List the known speech models and which are installed.")
    sub = p.add_subparsers(dest="models_command")
    d = sub.add_parser("download", help="download, verify and install a model")
    d.add_argument("name", help="model name, e.g. vosk-small-en")
    return p


def run_models(args) -> int:
    from spoken_cribbage.voice import models as modelstore
    try:
        if getattr(args, "models_command", None) == "download":
            modelstore.download(args.name, progress=lambda s: print(s, flush=True))
            return 0
        root = modelstore.models_dir()
        print(f"Models folder: {root}")
        for m in modelstore.list_models():
            state = f"installed at {m.path}" if m.installed else (
                f"not installed; run: spoken-cribbage models download {m.name}" if m.downloadable
                else "not installed")
            print(f"{m.name} ({m.engine}): {m.description}. {state[0].upper() + state[1:]}.")
        return 0
    except modelstore.ModelError as exc:
        print(exc, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("Stopped; nothing was installed.", file=sys.stderr)
        return 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m spoken_cribbage.listen")
    subs = parser.add_subparsers(dest="command", required=True)
    add_listen_parser(subs)
    add_models_parser(subs)
    args = parser.parse_args(argv)
    return run_listen(args) if args.command == "listen" else run_models(args)


if __name__ == "__main__":
    sys.exit(main())

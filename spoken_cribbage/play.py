"""`spoken-cribbage play`: set up settings, speech, the opponent and the front end."""

from __future__ import annotations

import os
import random
import sys

from . import settings as settings_mod
from .console import LineWriter, env_accessible, plain_output, run_lines, run_tty
from .game import Game
from .session import Session, make_opponent


def _hint(game, seat):
    try:
        from .ai import hint_for
    except ImportError:
        return None
    return hint_for(game.observation(seat))


def play(args) -> int:
    accessible = bool(args.accessible) or env_accessible()
    plain = plain_output(accessible, sys.stdout)
    writer = LineWriter(sys.stdout, plain)
    settings, msg = settings_mod.load()
    if msg:
        writer.line(msg)
    overrides = {k: getattr(args, k) for k in ("speech", "rate", "volume", "verbosity",
                                                "difficulty", "target") if getattr(args, k, None) is not None}
    try:
        from dataclasses import replace
        settings = replace(settings, **overrides).validate()
    except ValueError as e:
        sys.stderr.write(f"spoken-cribbage: {e}.\n")
        return 2

    speaker = _make_speaker(settings, writer)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    game = Game(target=settings.target, seed=seed)
    opponents = {1: make_opponent(settings.difficulty, random.Random(seed * 7 + 1))}

    def on_settings(new):
        return settings_mod.save(new)

    session = Session(game, settings=settings, write=writer.line, speaker=speaker,
                      opponents=opponents, on_settings=on_settings, hint=_hint)
    if speaker.available:
        writer.line(f"Speech: {speaker.description}.")
    session.start()
    try:
        if sys.stdin.isatty():
            run_tty(session, writer)
        else:
            run_lines(session, sys.stdin)
    finally:
        try:
            speaker.close()
        except Exception:
            pass
    return 0


def _make_speaker(settings, writer):
    if settings.speech == "off":
        from .session import NullSpeaker
        return NullSpeaker()
    try:
        from .speech import make_speaker
    except ImportError:
        from .session import NullSpeaker
        return NullSpeaker()
    return make_speaker(settings.speech, rate=settings.rate, volume=settings.volume,
                        voice=settings.voice or None, on_error=writer.line)

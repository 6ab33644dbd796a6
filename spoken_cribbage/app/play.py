"""`spoken-cribbage play`: set up settings, speech, the opponent and the front end."""

from __future__ import annotations

import random
import sys
from contextlib import ExitStack, nullcontext, suppress
from typing import Any

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.console import (
    LineWriter,
    ask_yes_no,
    env_accessible,
    plain_output,
    run_lines,
    unechoed_typeahead,
)
from spoken_cribbage.app.keyloop import run_tty
from spoken_cribbage.app.local_seat import local_table
from spoken_cribbage.app.output import visible
from spoken_cribbage.app.persist import Keeper
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.seat.question import NEW_GAME_WORDS, RESUME_WORDS
from spoken_cribbage.app.seat_options import HeldLines as _HeldLines
from spoken_cribbage.app.seat_options import hands_free as _voice
from spoken_cribbage.app.seat_options import make_cues as _make_cues
from spoken_cribbage.app.seat_options import make_speaker as _make_speaker
from spoken_cribbage.app.seat_options import say_what_speaks as _say_what_speaks
from spoken_cribbage.app.seat_options import settings_kept
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine.game import Game
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage import settings as settings_mod
from spoken_cribbage.storage import table, testhooks
from spoken_cribbage.words.announce import Line, seat_names
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.notices import phrase


def _hint(obs):
    from spoken_cribbage.ai.coach import hint_seen
    from spoken_cribbage.words.notices import phrase

    hint = hint_seen(obs)
    return phrase(hint) if hint else None


class Stopped(SystemExit):
    """SIGTERM or SIGHUP outside the key loop (which ends itself): the run ends as quitting
    does, with the terminal given back (every ``with`` on the way out runs) and exit status
    128 + the signal's number. The game is on disk already: it is saved after every action."""

    def __init__(self, signum: int):
        super().__init__(128 + signum)
        self.signum = signum


def play(args) -> int:
    olds = _catch_stop_signals()
    from spoken_cribbage.app.rawkeys import suspend_with_a_line

    tty = _isatty(sys.stdin)
    try:
        out_fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        out_fd = 2
    olds.update(suspend_with_a_line(sys.stdin.fileno() if tty else None, out_fd))
    try:
        with unechoed_typeahead(sys.stdin, sys.stdout) if _isatty(sys.stdin) else nullcontext():
            return _play(args)
    except Stopped as e:  # before the game was set (loading, the resume question)
        _say_stopped(None, phrase("storage.stopped", kept=False))
        return 128 + e.signum
    finally:
        _restore_handlers(olds)


def _play(args) -> int:
    # persistence: on a terminal, Ctrl-C before the raw-mode loop starts (while the game is
    # loading or the computer is playing) must not stop the game: it is remembered, and the
    # quit question is asked as soon as the keys are read. (In raw mode Ctrl-C is a key.)
    interrupted: list[int] = []
    tty_in = _isatty(sys.stdin)
    old_sigint = _catch_sigint(interrupted) if tty_in else None
    replaying = _replay(args)  # play --replay N: game N's seed (its deals), target, level
    if isinstance(replaying, int):
        _restore_sigint(old_sigint)
        return replaying
    accessible = bool(args.accessible) or env_accessible()
    plain = plain_output(accessible, sys.stdout)
    writer = LineWriter(sys.stdout, plain)
    chosen = _run_settings(args)
    if isinstance(chosen, int):
        return chosen
    settings, overrides, run, early = chosen

    speaker = _make_speaker(settings, writer)
    cue_errors = _HeldLines(lambda notice: writer.line(phrase(notice)))
    cues = _make_cues(settings, cue_errors)

    # --- persistence: settings problems, the resume question, the keeper ---------------------
    def say_now(text: str, speech: str | None = None) -> None:
        writer.line(text)
        with suppress(Exception):
            speaker.say(visible(speech or text), priority=Priority.NORMAL)

    for m in early:
        say_now(m)
    if replaying is not None:
        say_now(replaying)
    _ignore_file_size_signal()
    keeper = Keeper(say=say_now)
    loaded = keeper.load()
    # --seed without --new: a game for this run only, started afresh every time (so piped runs
    # are reproducible), neither saved nor counted; the game in progress is not touched.
    seeded = args.seed is not None and not getattr(args, "new", False)
    kept = _keeper_and_resume(args, keeper, loaded, say_now, seeded)
    if kept is None:  # the player left at the question: nothing was started
        _restore_sigint(old_sigint)
        _close(speaker)
        _close(cues)
        return 0
    keeper, resume = kept
    game, seed, names, levels = _the_game(args, settings, keeper, loaded, resume)
    # --- end persistence ---------------------------------------------------------------------

    session = _seat(
        game, settings, writer, speaker, cues, keeper, run, opponents=make_opponents(levels, seed), names=names
    )
    # The opening (what speaks, the first deal) goes out as one write: see LineWriter.hold.
    opening = ExitStack()
    opening.enter_context(writer.hold())
    try:  # anything raised before the game loop (Ctrl-C) still sends the opening held so far
        _say_what_speaks(writer, speaker, settings, cues, cue_errors)
        voice, checker = _voice(session, settings)
    except BaseException:
        opening.close()
        raise
    try:
        with session.output.answer():  # one answer: the keeper's lines go before the prompt
            session.start(resumed=resume is not None, timer_coming=tty_in)
            if resume is not None:
                _tell_options_not_in_this_game(session, settings, overrides, game, resume)
            keeper.flush()  # persistence: problems found while starting
        opening.close()
        if voice is not None:
            voice.start()  # the model loads in the background: the game is already playable
        if tty_in:
            ended = _run_keys(session, writer, interrupted, voice, checker)
            if ended is not None:  # SIGTERM or SIGHUP: the loop ended, the terminal is back
                _say_stopped(
                    writer,
                    session.unsaved_words("stopped")
                    or phrase("storage.stopped", kept=not session.finished and not seeded),
                )
                return 128 + ended
        else:
            run_lines(session, sys.stdin, echo=writer.line)
    except KeyboardInterrupt:  # persistence: Ctrl-C outside the raw-mode loop
        writer.line(
            session.unsaved_words("stopped") or phrase("storage.stopped", kept=not session.finished and not seeded)
        )
        return 130
    except Stopped as e:  # SIGTERM or SIGHUP outside the key loop
        _say_stopped(
            writer,
            session.unsaved_words("stopped") or phrase("storage.stopped", kept=not session.finished and not seeded),
        )
        return 128 + e.signum
    finally:
        opening.close()
        checker.stop_quietly()
        if voice is not None:
            voice.stop()
        _restore_sigint(old_sigint)
        _close(speaker)
        _close(cues)
    return 0


def _seat(game, settings, writer, speaker, cues, keeper, run, opponents, names) -> Session:
    """The session at the player's seat, its hooks into the keeper and this run's settings."""

    def new_game():
        """n at the end of a game: a new game in the same run, kept like the first (at the
        table the settings say now)."""
        new_seed = testhooks.new_seed(after=table.game.seed)
        new = Game(rules=rules_from(session.settings), seed=new_seed)
        level = session.settings.difficulty
        new_names = names_from(session.settings, new.players)
        keeper.begin(new, difficulty=level, names=list(new_names[1:]), levels=[level] * (new.players - 1))
        return (new, make_opponents({s: level for s in range(1, new.players)}, new_seed), new_names)

    def describe_settings(current):
        """The settings, each rule the game in progress does not play by said so."""
        saved = keeper.saved
        return run.describe(
            current, game=settings_mod.game_values(table.game.rules, saved.difficulty if saved is not None else None)
        )

    on_settings = settings_kept(run, speaker, writer)

    hooks = SeatHooks(
        write_kind=writer.line,
        new_game=new_game,
        describe_settings=describe_settings,
        on_settings=on_settings,
        hint=_hint,
        on_change=keeper.on_change,  # persistence: stats after each batch
        on_action=keeper.on_action,  # persistence: save after every action
        on_undo=keeper.on_undo,
    )
    # the game in this process: the seat sits at its table; the keeper saves the table's game
    table = local_table(game, opponents, hooks=hooks)
    session = Session(table, settings=settings, write=writer.line, hooks=hooks, speaker=speaker, names=names, cues=cues)
    session.kept = keeper.keep  # a --seed game is for this run only
    # persistence: while the game cannot be saved, quitting says so instead of "it is kept"
    keeper.watch(lambda notice: setattr(session, "unsaved", notice))
    # persistence: from now on the keeper speaks through the session (history, repeat)
    keeper.set_say(
        lambda text, speech: session.output.say([Line(text, speech, LineKind.INFO)], priority=Priority.NORMAL)
    )
    return session


def _run_settings(args):
    """The settings of this run: the file's with the options given (which apply to this run
    only; a setting changed in the game is saved: run.on_settings). Returns (settings, the
    options given, the run's settings, the sentences to say once the speaker exists), or the
    exit status after a bad option's sentence on stderr."""
    file_settings, notice = settings_mod.load()
    early = [phrase(notice)] if notice else []  # persistence: said once the speaker exists
    overrides: dict[str, Any] = settings_mod.options_given(args)
    try:
        from dataclasses import replace

        settings = replace(file_settings, **overrides).validate()
        if "names" in overrides:  # names given on this command line: no more than the seats
            table.check_names(settings.names, settings.players)
    except ValueError as e:
        sys.stderr.write(phrase("storage.bad_option", reason=e) + "\n")
        return 2
    return settings, overrides, settings_mod.RunSettings(current=settings, overrides=overrides), early


def _keeper_and_resume(args, keeper, loaded, say_now, seeded: bool):
    """The keeper of this run's game and the save to resume (None: a new game), after the
    questions a save in the folder asks; None when the player leaves at a question."""
    resume = None
    if seeded:
        if keeper.in_progress(loaded):
            say_now(keeper.kept_for_later(args.seed))
        keeper.close()  # the seeded game touches no save: another window may open it
        keeper = Keeper(say=say_now, stats=False, keep=False)
    elif keeper.elsewhere is not None and not keeper.in_progress(loaded):
        # Another window has the game open: nothing of it is touched. Offer what can be done.
        say_now(phrase(keeper.elsewhere))
        if not getattr(args, "new", False) and not ask_yes_no(
            phrase("storage.apart_offer"), say_now, yes=NEW_GAME_WORDS
        ):
            say_now(phrase("storage.apart_goodbye"))
            return None
    elif keeper.in_progress(loaded):
        if keeper.elsewhere is not None:
            say_now(phrase(keeper.elsewhere))
        if getattr(args, "new", False):
            say_now(keeper.abandon(loaded))
        else:
            answer = ask_yes_no(keeper.resume_question(loaded), say_now, yes=RESUME_WORDS, no=NEW_GAME_WORDS)
            if answer is None:
                say_now(phrase("storage.kept_goodbye"))
                return None
            if answer:
                resume = loaded
            else:
                say_now(keeper.abandon(loaded))
    return keeper, resume


def _the_game(args, settings, keeper, loaded, resume):
    """The game resumed or a new one, begun with the keeper: (game, seed, names, levels)."""
    if resume is not None:
        game = resume.game
        seed = resume.saved.seed
        difficulty = resume.saved.difficulty
        names = seat_names(game.players, resume.saved.names or ())
        levels = resume.saved.seat_levels()
    else:
        # (a test's fixed seeds, storage.testhooks, follow on from the game in the folder)
        last = loaded.saved.seed if loaded.saved is not None else None
        seed = args.seed if args.seed is not None else testhooks.new_seed(after=last)
        game = Game(rules=rules_from(settings), seed=seed)
        difficulty = settings.difficulty
        names = names_from(settings, game.players)
        levels = {s: difficulty for s in range(1, game.players)}
    keeper.begin(
        game,
        difficulty=difficulty,
        saved=resume.saved if resume is not None else None,
        names=list(names[1:]),
        levels=[levels[s] for s in range(1, game.players)],
    )
    return game, seed, names, levels


def _tell_options_not_in_this_game(session, settings, overrides, game, resume) -> None:
    """Options given for rules the resumed game does not play by: a line for each."""
    kept = settings_mod.not_in_this_game(settings, settings_mod.game_values(game.rules, resume.saved.difficulty))
    auto = game.rules.counting == "auto"  # muggins and penalty: manual counting's
    for name in (n for n in kept if n in overrides and not (auto and n in ("muggins", "overcount_penalty"))):
        session.output.tell(
            phrase("storage.not_in_this_game", name=name, value=getattr(settings, name), game=kept[name]), "game"
        )


def _run_keys(session, writer, interrupted: list[int], voice, checker) -> int | None:
    """The key loop on a terminal (keyloop.run_tty): the signal that ended it, or None."""

    # persistence: a Ctrl-C before or while the key loop starts asks the quit question
    # inside the loop (the handler stays: raw mode turns Ctrl-C into a key anyway).
    def ask_quit() -> None:
        if not session.quit:
            session.interrupt()

    def post(schedule) -> None:
        _catch_sigint(interrupted, lambda: schedule(ask_quit))
        for _ in interrupted[:2]:  # twice Ctrl-C while starting: quit at once
            schedule(ask_quit)
        if voice is not None:
            voice.set_dispatch(schedule)  # voice results run on the key loop's thread
        checker.set_dispatch(schedule)

    return run_tty(session, writer, post=post)


def _replay(args) -> str | int | None:
    """``--replay N``: take game N's seed, target, difficulty, table and names (options given
    win but the seed), so the game deals the same cards; it is played like ``--seed``, for this run only.
    Returns the sentence to say, an exit status after a sentence on stderr, or None."""
    number = getattr(args, "replay", None)
    if number is None:
        return None
    from spoken_cribbage.app.review_command import NoGame, stored_game
    from spoken_cribbage.words.review import review_text

    if args.seed is not None:
        sys.stderr.write(review_text("replay_and_seed") + "\n")
        return 2
    try:
        stored = stored_game(number)
    except NoGame as e:
        sys.stderr.write(e.message + "\n")
        return 1
    args.seed = stored.seed
    args.new = False
    if args.target is None:
        args.target = stored.target
    if args.difficulty is None and stored.difficulty in ("easy", "standard", "expert"):
        args.difficulty = stored.difficulty
    if getattr(args, "players", None) is None:  # the same table
        args.players = stored.players
        args.teams = "none" if not stored.teams else str(stored.teams)
    if (
        getattr(args, "names", None) is None and stored.names and int(args.players) == stored.players
    ):  # the same people at it
        args.names = ",".join(stored.names)
    return review_text("replaying", number=stored.number, seed=stored.seed)


def rules_from(settings) -> Rules:
    """The table a new game is played at: the players and teams, the target and the counting
    rules of the settings (checked when the settings were: storage.table)."""
    return table.rules_for(
        settings.players,
        settings.teams,
        target=settings.target,
        counting=settings.counting,
        muggins=settings.muggins == "on",
        overcount_penalty=settings.overcount_penalty == "on",
    )


def names_from(settings, players: int) -> tuple[str, ...]:
    """Every seat's name: 'you' (seat 0), then the names the settings give, then the default
    names."""
    return seat_names(players, table.split_names(settings.names))


def make_opponents(levels: dict, seed: int) -> dict:
    """A computer player at each other seat (``levels``: seat -> its level). Seat 1's random
    stream is the one the two-player game has always had."""
    return {s: make_player(level, random.Random(seed * 7 + s)) for s, level in levels.items()}


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _catch_sigint(flag: list, then=None):
    import signal

    def handler(signum, frame) -> None:
        flag.append(1)
        if then is not None:
            then()

    try:
        return signal.signal(signal.SIGINT, handler)
    except (ValueError, OSError):  # not the main thread
        return None


def _restore_sigint(old) -> None:
    import signal

    if old is not None:
        with suppress(ValueError, OSError):
            signal.signal(signal.SIGINT, old)


def _catch_stop_signals() -> dict:
    """SIGTERM and SIGHUP raise :class:`Stopped` (the key loop handles them itself)."""
    import signal

    def handler(signum, frame) -> None:
        raise Stopped(signum)

    olds = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        with suppress(ValueError, OSError):  # not the main thread
            olds[signum] = signal.signal(signum, handler)
    return olds


def _restore_handlers(olds: dict) -> None:
    import signal

    for signum, old in olds.items():
        with suppress(ValueError, OSError, TypeError):
            signal.signal(signum, old if old is not None else signal.SIG_DFL)


def _say_stopped(writer, text: str) -> None:
    """The last line, when a signal ends the game (after SIGHUP nobody may read it)."""
    import signal

    for name in ("SIGTERM", "SIGHUP"):  # a second signal now must not cut this short
        if hasattr(signal, name):
            with suppress(ValueError, OSError):
                signal.signal(getattr(signal, name), signal.SIG_IGN)
    try:
        if writer is not None:
            writer.line(text)
        else:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
    except (OSError, ValueError):
        pass


def _ignore_file_size_signal() -> None:
    """persistence: with a file-size limit (ulimit -f) a write past it must fail with an
    error the keeper reports, not kill the game with SIGXFSZ."""
    import signal

    if hasattr(signal, "SIGXFSZ"):
        with suppress(OSError, ValueError):
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _close(speaker) -> None:
    with suppress(Exception):
        speaker.close()

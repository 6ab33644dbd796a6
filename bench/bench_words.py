"""How many words one deal costs the listener: seed 11, deal 1, the real program piped.

    PYTHONPATH=. .venv/bin/python bench/bench_words.py [--verbosity normal|terse|coach|all]
    PYTHONPATH=. .venv/bin/python bench/bench_words.py --brief    # the brief setting's table

Fixed inputs: ``--seed 11 --speech off`` in a temporary SPOKEN_CRIBBAGE_HOME, the discard
answered with ``1 2``, then at each of the player's turns the first card of the hand that can be
played (``play 9C``; ``go`` only if the program still asks for it). The moves are worked out by
mirroring the game in-process with the same session, opponent and seed as ``spoken-cribbage
play``; the real program then runs piped with those moves, and the words of every output line
from ``Deal 1.`` through the end-of-deal line are counted (lines echoing the player's own input,
``> ...``, are left out). The mirror's lines must match the program's, or the bench says so.
Speech words come from the same lines' speech text (what the synthesiser would say).

``--brief`` (issue 25 item 4): the same deal at each verbosity with each option set of the
``brief`` setting (off, each part alone, on), the discard made as keys make it (card 1, card 2,
then yes to the question that names them: the path where the cards were named three times),
and a table of the words of each against ``off`` at the same verbosity.

``--profiles`` (issue 25 item 2): the same deal played in-process under each profile
(everything, quiet, teaching): the lines and words printed, the words the game's voice would
speak (a fake speaker), the lines kept in the history (what ``[`` and ``]`` reach) and the cues
played, from the start of the game to the end of deal 1.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from spoken_cribbage.ai.players import make_player  # noqa: E402
from spoken_cribbage.app.local_seat import local_session  # noqa: E402
from spoken_cribbage.app.seat.hooks import SeatHooks  # noqa: E402
from spoken_cribbage.engine import game as g  # noqa: E402
from spoken_cribbage.storage.settings import Settings  # noqa: E402
from spoken_cribbage.words.announce import Line  # noqa: E402

SEED = 11
RATE = 180  # words a minute, the default speech rate
# Measured with this script on the baseline (commit 7fee119), before the words were reworked.
BASELINE = {"normal": (371, 316), "terse": (331, 316), "coach": (409, 354)}


def words(text: str) -> int:
    return len(text.split())


def mirror(verbosity: str, brief: str | None = None) -> tuple[list[str], list[Line]]:
    """Play deal 1 in-process; return the commands sent and the deal's lines (``brief``: the
    setting's value, the discard then confirmed as keys make it)."""
    game = g.Game(target=121, seed=SEED)
    opponents = {1: make_player("expert", random.Random(SEED * 7 + 1))}
    lines: list[Line] = []
    settings = Settings(speech="off", verbosity=verbosity, brief=brief or "off")

    def hint(obs):
        from spoken_cribbage.ai.coach import hint_seen
        from spoken_cribbage.words.notices import phrase

        h = hint_seen(obs)
        return phrase(h) if h else None

    s = local_session(game, hooks=SeatHooks(hint=hint), settings=settings, write=lambda t: None, opponents=opponents)
    orig_say = s.output.say

    def say(batch, **kw):
        if kw.get("record", True):
            lines.extend(line for line in batch if line.text)
        orig_say(batch, **kw)

    s.output.say = say  # type: ignore[method-assign]
    s.start()
    commands: list[str] = []
    for _ in range(40):
        if game.phase != g.DISCARD and game.phase != g.PLAY:
            break
        if game.phase == g.DISCARD and brief is not None:
            for cmd in ("1", "2", "yes"):
                commands.append(cmd)
                s.command(cmd)
            continue
        if game.phase == g.DISCARD:
            cmd = "1 2"
        else:
            fits = game.playable(0)
            cmd = f"play {fits[0].short}" if fits else "go"
        commands.append(cmd)
        s.command(cmd)
    return commands, deal_lines(lines)


def deal_lines(lines: list[Line]) -> list[Line]:
    start = next(i for i, line in enumerate(lines) if line.text.startswith("Deal 1"))
    end = max(
        i
        for i, line in enumerate(lines)
        if "deal 1" in line.text.lower() or "next deal" in line.text.lower() or "Enter" in line.text
    )
    deal = lines[start : end + 1]
    # the coach's end-of-deal line is said after the prompt's batch; the program writes the
    # prompt last (one answer, the prompt last): so here too
    after = [line for line in lines[end + 1 : end + 3] if line.kind == "hint"]
    return deal[:-1] + after + deal[-1:] if after else deal


def run_real(commands: list[str], verbosity: str, brief: str | None = None) -> list[str]:
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SPOKEN_CRIBBAGE_HOME=home, PYTHONPATH=str(ROOT))
        env.pop("ACCESSIBLE", None)
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "spoken_cribbage.app.cli",
                "--seed",
                str(SEED),
                "--speech",
                "off",
                "--verbosity",
                verbosity,
                *(["--brief", brief] if brief else []),
            ],
            input="".join(c + "\n" for c in commands),
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            cwd=home,
        )
    return out.stdout.splitlines()


def measure(verbosity: str, show: bool) -> tuple[int, int]:
    commands, mine = mirror(verbosity)
    real = [line for line in run_real(commands, verbosity) if not line.startswith(">")]
    first, last = mine[0].text, mine[-1].text
    try:
        a = real.index(first)
        b = a + real[a:].index(last)
        deal = real[a : b + 1]
    except ValueError:
        print(f"  the program's output does not contain the mirrored deal ({verbosity}); counting the mirror's lines")
        deal = [line.text for line in mine]
    if deal != [line.text for line in mine]:
        print(f"  note: the program's lines differ from the mirror's ({verbosity}); text words are the program's")
    kind_of = {line.text: line.kind for line in mine}
    text_words = sum(words(t) for t in deal)
    speech_words = sum(words(line.speech) for line in mine)
    by_kind_text: Counter = Counter()
    by_kind_speech: Counter = Counter()
    by_kind_lines: Counter = Counter()
    for t in deal:
        k = kind_of.get(t, "other")
        by_kind_text[k] += words(t)
        by_kind_lines[k] += 1
    for line in mine:
        by_kind_speech[line.kind] += words(line.speech)
    before = BASELINE.get(verbosity)
    print(
        f"{verbosity}: {len(deal)} lines, text {text_words} words, speech {speech_words} words "
        f"(about {speech_words * 60 / RATE:.0f} s at {RATE} words a minute)"
    )
    if before:
        print(
            f"  before: text {before[0]}, speech {before[1]}; "
            f"after/before text {text_words / before[0]:.2f}, speech {speech_words / before[1]:.2f}"
        )
    print(f"  moves sent: {', '.join(commands)}")
    print("  words by line kind (lines, text, speech):")
    for k in sorted(by_kind_text, key=lambda k: -by_kind_text[k]):
        print(f"    {k:8} {by_kind_lines[k]:3} {by_kind_text[k]:5} {by_kind_speech.get(k, 0):5}")
    if show:
        for t in deal:
            print(f"    | {t}")
    return text_words, speech_words


BRIEF_SETS = ("off", "discard", "suits", "starter", "scores", "on")


def words_of(verbosity: str, brief: str) -> tuple[int, int, int, bool]:
    """(lines, text words, speech words, the program's lines matched the mirror's) of the deal
    with ``brief``; the text words are the program's."""
    commands, mine = mirror(verbosity, brief)
    real = [line for line in run_real(commands, verbosity, brief) if not line.startswith(">")]
    try:
        a = real.index(mine[0].text)
        deal = real[a : a + real[a:].index(mine[-1].text) + 1]
    except ValueError:
        deal = []
    same = deal == [line.text for line in mine]
    return (
        len(mine),
        sum(words(t) for t in (deal if same else [line.text for line in mine])),
        sum(words(line.speech) for line in mine),
        same,
    )


def brief_table(levels: Sequence[str]) -> None:
    print(
        f"seed {SEED}, deal 1, discard by keys and a confirmation; words of text and speech, "
        "and the ratio to brief off at the same verbosity"
    )
    print(f"{'verbosity':9} {'brief':8} {'lines':>5} {'text':>5} {'speech':>6} {'text x':>6} {'speech x':>8}")
    for v in levels:
        base = None
        for b in BRIEF_SETS:
            n, t, sp, same = words_of(v, b)
            base = base or (t, sp)
            note = "" if same else "  (the program's lines differ from the mirror's)"
            print(f"{v:9} {b:8} {n:5} {t:5} {sp:6} {t / base[0]:6.2f} {sp / base[1]:8.2f}{note}")


class _Ear:
    """A fake speaker and cue player: what the game's voice would say, the cues it plays."""

    available = True

    def __init__(self) -> None:
        self.said: list[str] = []
        self.cues: list[str] = []

    def say(self, text: str, **kw: object) -> None:
        self.said.append(text)

    def play(self, *names: str) -> None:
        self.cues.extend(names)

    def open(self) -> bool:
        return True

    def stop(self) -> None: ...
    def set_rate(self, wpm: int) -> None: ...
    def set_volume(self, v: float) -> None: ...
    def set_voice(self, v: str | None) -> None: ...
    def close(self) -> None: ...


def profile_words(profile: str) -> tuple[int, int, int, int, int]:
    """(lines printed, their words, words spoken, lines in the history, cues) of the game's
    start and deal 1 under ``profile``, played in-process with the moves of :func:`mirror`."""
    from spoken_cribbage.storage.settings import with_profile

    game = g.Game(target=121, seed=SEED)
    opponents = {1: make_player("expert", random.Random(SEED * 7 + 1))}
    printed: list[str] = []
    ear = _Ear()

    def hint(obs: g.Observation) -> str | None:  # as mirror's: the coach's hint
        from spoken_cribbage.ai.coach import hint_seen
        from spoken_cribbage.words.notices import phrase

        h = hint_seen(obs)
        return phrase(h) if h else None

    s = local_session(
        game,
        hooks=SeatHooks(hint=hint),
        settings=with_profile(Settings(speech="off"), profile),
        write=printed.append,
        speaker=ear,
        cues=ear,
        opponents=opponents,
    )
    s.start()
    for _ in range(40):
        if game.phase not in (g.DISCARD, g.PLAY):
            break
        fits = game.playable(0) if game.phase == g.PLAY else []
        s.command("1 2" if game.phase == g.DISCARD else f"play {fits[0].short}" if fits else "go")
    return (
        len(printed),
        sum(words(t) for t in printed),
        sum(words(t) for t in ear.said),
        len(s.output.history),
        len(ear.cues),
    )


def profile_table() -> None:
    print(f"seed {SEED}, the start and deal 1, in-process; the ratio to everything")
    print(
        f"{'profile':10} {'lines':>5} {'text':>5} {'speech':>6} {'history':>7} {'cues':>4} "
        f"{'text x':>6} {'speech x':>8}"
    )
    base = None
    for profile in ("everything", "quiet", "teaching"):
        n, t, sp, kept, cues = profile_words(profile)
        base = base or (t, sp)
        print(f"{profile:10} {n:5} {t:5} {sp:6} {kept:7} {cues:4} {t / base[0]:6.2f} {sp / base[1]:8.2f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--verbosity", choices=("terse", "normal", "coach", "all"), default="all")
    ap.add_argument("--show", action="store_true", help="print the deal's lines")
    ap.add_argument(
        "--brief", action="store_true", help="the table of the brief setting's option sets at each verbosity"
    )
    ap.add_argument(
        "--profiles", action="store_true", help="the words printed, spoken and kept of one deal under each profile"
    )
    args = ap.parse_args()
    if args.profiles:
        profile_table()
        return 0
    levels = ("normal", "terse", "coach") if args.verbosity == "all" else (args.verbosity,)
    if args.brief:
        brief_table(levels)
        return 0
    for v in levels:
        measure(v, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())

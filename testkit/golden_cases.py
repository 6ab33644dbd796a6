"""The golden games (tests/e2e/test_golden.py): each a list of runs of the real program, piped, in
one fresh folder (SPOKEN_CRIBBAGE_HOME), with the test-only fixed seed, game id and clock of
``spoken_cribbage.storage.testhooks``.

A run's input is the file ``tests/golden/<case>/<n>.in``, fixed text: what a player typed.
This module wrote those files once, by playing each game in-process with an autopilot
(``python testkit/golden_cases.py [CASE ...]``); the steps below are what it was told. Rewrite an
input only when the game no longer accepts it (a rule changed on purpose), and say so.

Steps: a literal line is sent as it is; ``@auto`` plays on (discard the first cards, play the
first playable card, alternately by number and by name, go, Enter for the next deal, the right
count in manual counting, muggins whenever there is some to take) until the game is over;
``@auto N`` takes N such decisions; ``@until count`` plays on until the player's own count is
due, ``@until play`` until the player's turn in the play, ``@until discard`` until the next
discard, ``@until undo`` until the player's last action can be undone; ``@claim D`` claims the
right count plus D (a negative D misses points).
"""

from __future__ import annotations

import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"

#: The environment of every run (besides a fresh SPOKEN_CRIBBAGE_HOME and HOME).
ENV = {
    "SPOKEN_CRIBBAGE_TEST_SEED": "7",
    "SPOKEN_CRIBBAGE_TEST_ID": "golden",
    "SPOKEN_CRIBBAGE_TEST_CLOCK": "2026-01-01T12:00:00Z+4",
    "LANG": "C.UTF-8",
    "TERM": "dumb",
    "COLUMNS": "100",
}

#: Every play run has these: no speech and no cues (the machine's sound device must not
#: change a line).
QUIET = ["--speech", "off", "--cues", "off"]

KEYS = ["s", "c", "h", "t", "p", "v", "f", "b", "r", "[", "]", "?"]

CASES: dict[str, list[tuple[list[str], list[str]]]] = {
    # two players, each verbosity; a plain --seed game (for this run only: nothing saved)
    "two_normal": [(["play", "--seed", "101", *QUIET], ["@until play", *KEYS, "@auto"])],
    "two_terse": [
        (
            ["play", "--seed", "102", "--new", "--verbosity", "terse", "--target", "61", *QUIET],
            ["@until play", "s", "h", "@auto", "n", "@auto 6", "q", "y"],
        )
    ],
    "two_coach": [
        (
            ["play", "--seed", "103", "--new", "--target", "61", *QUIET],
            ["verbosity coach", "i", "@until play", "i", "o", "@auto"],
        )
    ],
    # more players
    "three": [
        (
            ["play", "--seed", "104", "--new", "--players", "3", "--names", "Ann,Ben", "--target", "61", *QUIET],
            ["@until play", "p", "s", "@auto"],
        )
    ],
    "four_partners": [
        (
            ["play", "--seed", "105", "--new", "--players", "4", "--teams", "2", "--target", "61", *QUIET],
            ["@until play", "p", "s", "s", "@auto"],
        )
    ],
    "five": [
        (["play", "--seed", "106", "--new", "--players", "5", "--target", "61", *QUIET], ["@until play", "p", "@auto"])
    ],
    "six": [
        (
            ["play", "--seed", "107", "--new", "--players", "6", "--target", "61", *QUIET],
            ["@until play", "p", "s", "@auto"],
        )
    ],
    # manual counting: a count short (muggins for the computer), one too many (the penalty),
    # muggins called on the computer when it misses points
    "manual_muggins": [
        (
            [
                "play",
                "--seed",
                "108",
                "--new",
                "--counting",
                "manual",
                "--muggins",
                "on",
                "--overcount-penalty",
                "on",
                "--target",
                "61",
                *QUIET,
            ],
            ["@until count", "h", "@claim -2", "@until count", "@claim 1", "@until count", "nineteen", "@auto"],
        )
    ],
    # manual counting against the clock: 30 seconds, each line of input 4 seconds on the fake
    # clock: the time asked, the warning, help pausing it, the time running out
    "manual_clock": [
        (
            ["play", "--seed", "109", "--new", "--counting", "manual", "--time-limit", "30", "--target", "61", *QUIET],
            [
                "@until count",
                "k",
                "k",
                "?",
                "k",
                "k",
                "k",
                "k",
                "k",
                "k",
                "k",
                "@until count",
                "@claim 0",
                "@auto 12",
                "q",
                "y",
            ],
        )
    ],
    # undo refused (nothing yet, a card seen since, the deal over), undo taken back in the
    # play twice, then quit: the save holds what is left
    "undo": [
        (
            ["play", "--seed", "110", "--new", *QUIET],
            [
                "u",
                "@until play",
                "@auto 1",
                "u",
                "@until undo",
                "u",
                "h",
                "@auto 1",
                "@until undo",
                "undo",
                "@auto 3",
                "@until discard",
                "u",
                "@auto 2",
                "q",
                "y",
            ],
        )
    ],
    # review in the game and afterwards, the list, export, statistics, a replay
    "review_replay": [
        (
            ["play", "--seed", "111", "--new", "--target", "61", *QUIET],
            ["@until play", "@auto 3", "review", "w", "w", "w", "@auto"],
        ),
        (["review"], []),
        (["review", "--list"], []),
        (["stats"], []),
        (["export", "--out", "{home}/game-1.txt"], []),
        (["play", "--replay", "1", *QUIET], ["@auto 4"]),
    ],
    # one game in each language (issue 27): the keys, commands typed in its own words, help;
    # tests/words/test_language_leaks.py scans their output for English left in them
    "french": [
        (
            ["play", "--seed", "113", "--new", "--language", "fr", "--target", "61", *QUIET],
            ["@until play", *KEYS, "compte", "aide", "@auto"],
        )
    ],
    "chinese_simplified": [
        (
            ["play", "--seed", "114", "--new", "--language", "zh-Hans", "--target", "61", *QUIET],
            ["@until play", *KEYS, "累计", "比分", "@auto"],
        )
    ],
    "chinese_traditional": [
        (
            ["play", "--seed", "115", "--new", "--language", "zh-Hant", "--target", "61", *QUIET],
            ["@until play", *KEYS, "累計", "幫助", "@auto"],
        )
    ],
    # a game kept when the input ends, resumed, finished; the next run starts a new game
    # (seed from SPOKEN_CRIBBAGE_TEST_SEED) and abandons it for a third
    "resume": [
        (["play", "--seed", "112", "--new", "--target", "61", *QUIET], ["@auto 9"]),
        (["play", *QUIET], ["y", "@auto"]),
        (["play", "--target", "61", *QUIET], ["@auto 2", "q", "y"]),
        (["play", *QUIET], ["n", "@auto 1"]),
        (["stats"], []),
    ],
}


# ------------------------------------------------------------------ the autopilot (writer)


class _Pilot:
    """A stdin for the program run in-process: each line comes from the steps, the ``@``
    steps worked out from the session's game at that moment."""

    def __init__(self, steps: list[str]):
        self.steps = list(steps)
        self.session = None
        self.sent: list[str] = []
        self.by_name = False
        self.left: int | None = None  # decisions left of an '@auto N'

    def isatty(self) -> bool:
        return False

    def readline(self, size: int = -1) -> str:  # (a size: lineinput reads a bounded line)
        while self.steps:
            step = self.steps[0]
            if not step.startswith("@"):
                self.steps.pop(0)
                return self._send(step)
            line = self._step(step)
            if line is not None:
                return self._send(line)
            self.steps.pop(0)
            self.left = None
        return ""

    def _send(self, line: str) -> str:
        self.sent.append(line)
        return line + "\n"

    def _step(self, step: str) -> str | None:
        """The next line of an ``@`` step, or None when the step is done."""
        from spoken_cribbage.engine import game as g

        s = self.session
        if s is None or s.quit:
            return None
        gm = s.table.game
        word, _, arg = step[1:].partition(" ")
        if word == "claim":
            if not s.count_due():
                raise AssertionError(f"{step}: no count is due")
            self.steps[0] = "@done"
            return str(max(0, self._right_count(gm) + int(arg)))
        if word == "done":
            return None
        if word == "until":
            if arg == "count" and s.count_due():
                return None
            if arg == "play" and gm.phase == g.PLAY and gm.to_act == s.me:
                return None
            if arg == "discard" and gm.phase == g.DISCARD and s.me in gm.pending_discards():
                return None
            if arg == "undo" and gm.can_undo(s.me) is None:
                return None
        elif word == "auto":
            if self.left is None:
                self.left = int(arg) if arg else -1
            if self.left == 0:
                return None
            self.left -= 1
        if gm.phase == g.GAME_OVER:
            return None
        return self._decide(s, gm)

    @staticmethod
    def _right_count(gm) -> int:
        from spoken_cribbage.engine.scoring import score_hand

        seat, crib = gm.showing
        return score_hand(gm.showing_cards(), gm.starter, is_crib=crib).total

    def _decide(self, s, gm) -> str:
        from spoken_cribbage.engine import game as g

        me = s.me
        if gm.muggins_open(me):
            return "m"
        if gm.phase == g.DISCARD and me in gm.pending_discards():
            n = gm.discards_due(me)
            held = s.hand_view.held_positions(s.table.game.observation(s.me).hand)
            return " ".join(str(i + 1) for i in held[:n])
        if gm.phase == g.PLAY and gm.to_act == me:
            fits = gm.playable(me)
            if not fits:
                return "go"
            card = fits[0]
            self.by_name = not self.by_name
            if self.by_name:
                return f"play {card.short}"
            return str(s.hand_view.numbering.index(card) + 1)
        if s.count_due():
            return str(self._right_count(gm))
        return ""  # Enter: the next deal (or whatever the prompt says)


def write_inputs(name: str) -> None:
    """Play case ``name`` in-process with the autopilot and write its input files."""
    import contextlib
    import io
    import os
    import tempfile

    from spoken_cribbage.app import cli
    from spoken_cribbage.app import play as play_mod
    from spoken_cribbage.storage import testhooks

    folder = GOLDEN / name
    folder.mkdir(parents=True, exist_ok=True)
    original = play_mod.run_lines
    with tempfile.TemporaryDirectory() as home:
        saved_env = dict(os.environ)
        os.environ.update(ENV, SPOKEN_CRIBBAGE_HOME=home, HOME=home)
        try:
            for n, (argv, steps) in enumerate(CASES[name], 1):
                pilot = _Pilot(steps)

                def run_lines(session, stream, echo=None, pilot=pilot):
                    pilot.session = session
                    return original(session, pilot, echo)

                play_mod.run_lines = run_lines
                testhooks._lines = 0
                old_stdin = sys.stdin
                sys.stdin = pilot
                try:
                    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                        cli.main(argv)
                finally:
                    sys.stdin = old_stdin
                    play_mod.run_lines = original
                if pilot.steps and any(not st.startswith("@") for st in pilot.steps):
                    raise AssertionError(f"{name} run {n}: steps left over: {pilot.steps}")
                if steps:
                    (folder / f"{n}.in").write_text("".join(line + "\n" for line in pilot.sent))
                print(f"{name} run {n}: {len(pilot.sent)} lines")
        finally:
            os.environ.clear()
            os.environ.update(saved_env)


if __name__ == "__main__":
    for case in sys.argv[1:] or list(CASES):
        write_inputs(case)

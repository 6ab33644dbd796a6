"""Golden transcripts: seeded piped games of the real program, and the files they write, byte
for byte (tests/golden/<case>/). The safety net of the restructuring (issue 24): a change that
alters a line a player reads or a byte of a save shows here as a diff.

    pytest tests/e2e/test_golden.py                   # compare
    pytest tests/e2e/test_golden.py --update-golden   # rewrite the expected files from this run

Regenerate only for a change made on purpose, and say in the commit message which lines
changed and why; an accidental change is a bug. The cases and their inputs: golden_cases.py.

Each case runs in a fresh folder with the test-only fixed seed, game id and clock
(spoken_cribbage/storage/testhooks.py) and a minimal environment, so the bytes are the same on
every run and machine. The runs are children forked from a warm parent that imported the
program once (testkit/golden_zygote.py; GOLDEN_SUBPROCESS=1 starts the console script for each
run instead, with the same bytes), so the file takes seconds.
"""

from __future__ import annotations

import difflib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

from testkit import BIN, ROOT
from testkit.golden_cases import CASES, ENV, GOLDEN

#: Files of the game's folder shown as text after each run; others are only listed.
TEXT_SUFFIXES = (".json", ".toml", ".txt")
TIMEOUT = 120  # seconds for one run


class _Warm:
    """A warm parent (testkit/golden_zygote.py) that forks a child for each run."""

    def __init__(self, env: dict):
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "testkit" / "golden_zygote.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
            start_new_session=True,
        )

    def run(self, argv, env, cwd, stdin, stdout, stderr) -> int:
        request = dict(argv=argv, env=env, cwd=str(cwd), stdin=str(stdin), stdout=str(stdout), stderr=str(stderr))
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        timer = threading.Timer(TIMEOUT, os.killpg, (self.proc.pid, signal.SIGKILL))
        timer.start()
        try:
            reply = self.proc.stdout.readline()
        finally:
            timer.cancel()
        if not reply:
            raise AssertionError(f"the golden run {argv} did not end within {TIMEOUT} s")
        return json.loads(reply)["status"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _cold(argv, env, cwd, stdin, stdout, stderr) -> int:
    """The real console script, a new interpreter (GOLDEN_SUBPROCESS=1)."""
    with open(stdin, "rb") as i, open(stdout, "wb") as o, open(stderr, "wb") as e:
        return subprocess.run(
            [str(BIN), *argv], stdin=i, stdout=o, stderr=e, env=env, cwd=cwd, timeout=TIMEOUT
        ).returncode


def _base_env(home: Path) -> dict:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "SPOKEN_CRIBBAGE_HOME": str(home),
        **ENV,
    }


def _run_case(name: str, run) -> dict[str, str]:
    """Every file the case should produce, by name in tests/golden/<name>/: for run n the
    transcript n.out and each text file of the game's folder that run wrote or changed
    (n.game.json, n.settings.toml ...). ``run`` runs the program once."""
    out: dict[str, str] = {}
    last: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="golden-") as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        for n, (argv, steps) in enumerate(CASES[name], 1):
            stdin = GOLDEN / name / f"{n}.in" if steps else Path(os.devnull)
            argv = [a.replace("{home}", str(home)) for a in argv]
            stdout, stderr = Path(tmp) / "stdout", Path(tmp) / "stderr"
            status = run(argv, _base_env(home), tmp, stdin, stdout, stderr)
            shown = " ".join(argv).replace(str(home), "$HOME")
            text = [f"$ spoken-cribbage {shown}" + (f" < {n}.in" if steps else "")]
            text.append(stdout.read_bytes().decode("utf-8", "replace").rstrip("\n"))
            err = stderr.read_bytes().decode("utf-8", "replace")
            if err:
                text += ["--- stderr", err.rstrip("\n")]
            files = sorted(p.name for p in home.iterdir())
            text += [f"--- exit status {status}", f"--- files: {' '.join(files)}"]
            out[f"{n}.out"] = "\n".join(text).replace(str(home), "$HOME") + "\n"
            for f in files:  # a text file when it is new or changed since the last run
                if f.endswith(TEXT_SUFFIXES):
                    text = (home / f).read_text("utf-8").replace(str(home), "$HOME")
                    if last.get(f) != text:
                        out[f"{n}.{f}"] = last[f] = text
    return out


@pytest.fixture(scope="module")
def run_program():
    """How the golden runs start the program: forked from a warm parent, one for the module
    (or, with GOLDEN_SUBPROCESS=1, the console script each time)."""
    if os.environ.get("GOLDEN_SUBPROCESS", "") not in ("", "0"):
        yield _cold
        return
    with tempfile.TemporaryDirectory(prefix="golden-parent-") as tmp:
        parent = _Warm(_base_env(Path(tmp)))
        try:
            yield parent.run
        finally:
            parent.close()


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden(case, run_program, request):
    got = _run_case(case, run_program)
    folder = GOLDEN / case
    expected = {p.name: p.read_text("utf-8") for p in sorted(folder.iterdir()) if p.suffix != ".in"}
    if request.config.getoption("update_golden"):
        for name in set(expected) - set(got):
            (folder / name).unlink()
        for name, text in got.items():
            if expected.get(name) != text:
                (folder / name).write_text(text, "utf-8")
        return
    problems = []
    for name in sorted(set(expected) | set(got)):
        want, have = expected.get(name), got.get(name)
        if want == have:
            continue
        if want is None:
            problems.append(f"{case}/{name}: new file (not in tests/golden)")
            continue
        if have is None:
            problems.append(f"{case}/{name}: no longer written")
            continue
        diff = difflib.unified_diff(
            want.splitlines(), have.splitlines(), f"tests/golden/{case}/{name}", "this run", lineterm="", n=2
        )
        problems.append("\n".join(diff))
    if problems:  # (no traceback: the diff is the message)
        pytest.fail(
            "golden transcript changed (if on purpose: pytest tests/e2e/test_golden.py "
            "--update-golden, and say which lines and why in the commit):\n" + "\n".join(problems),
            pytrace=False,
        )


# -- the test-only hooks themselves -----------------------------------------------------------


def test_the_hooks_change_nothing_unless_set(monkeypatch):
    import time

    from spoken_cribbage.storage import testhooks

    for name in (testhooks.SEED, testhooks.ID, testhooks.CLOCK):
        monkeypatch.delenv(name, raising=False)
    ids = {testhooks.new_id(5) for _ in range(3)}
    assert len(ids) == 3 and all(len(i) == 32 and int(i, 16) >= 0 for i in ids)
    assert len({testhooks.new_seed(after=5) for _ in range(3)}) == 3
    stamp = "%Y-%m-%dT%H:%M:%SZ"
    first = time.strftime(stamp, time.gmtime())
    assert first <= testhooks.utc_stamp() <= time.strftime(stamp, time.gmtime())
    before = time.monotonic()
    assert before <= testhooks.monotonic() <= time.monotonic()


def test_the_hooks_fix_seed_id_and_clock(monkeypatch):
    from spoken_cribbage.storage import testhooks

    monkeypatch.setenv(testhooks.SEED, "7")
    monkeypatch.setenv(testhooks.ID, "golden")
    monkeypatch.setenv(testhooks.CLOCK, "2026-01-01T12:00:00Z+4")
    monkeypatch.setattr(testhooks, "_lines", 0)
    assert testhooks.new_seed() == testhooks.new_seed() != testhooks.new_seed(after=3)
    assert testhooks.new_id(3) == testhooks.new_id(3) != testhooks.new_id(4)
    assert (testhooks.utc_stamp(), testhooks.monotonic()) == ("2026-01-01T12:00:00Z", 0.0)
    for _ in range(16):
        testhooks.input_line_read()
    assert (testhooks.utc_stamp(), testhooks.monotonic()) == ("2026-01-01T12:01:04Z", 64.0)

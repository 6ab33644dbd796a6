"""The time budget per test file (tests/conftest.py, tests/README.md): over budget is
reported, far over fails the run in CI, and a slower machine scales every budget."""

import os
import subprocess
import sys

import conftest
from conftest import budget_check, budget_key

from testkit import ROOT


def test_within_budget_says_nothing_over_is_reported_far_over_fails(monkeypatch):
    monkeypatch.setattr(conftest, "BUDGETS", {"test_a.py": 20.0})
    slow, over, failing = budget_check({"tests/test_a.py": 19.0, "tests/test_new.py": 9.0})
    assert (slow, over, failing) == (1.0, [], [])
    slow, over, failing = budget_check({"tests/test_a.py": 39.0, "tests/test_new.py": 12.0})
    assert over == [("tests/test_a.py", 39.0, 20.0), ("tests/test_new.py", 12.0, 10.0)]
    assert failing == []  # not twice the budget, nor 10 s over
    slow, over, failing = budget_check({"tests/test_a.py": 41.0, "tests/test_new.py": 19.0})
    assert failing == [("tests/test_a.py", 41.0, 20.0)]
    assert budget_check({"tests/test_new.py": 20.5})[2] == [("tests/test_new.py", 20.5, 10.0)]
    monkeypatch.setattr(conftest, "BUDGETS", {"test_a.py": 2.0})
    assert budget_check({"tests/test_a.py": 11.0})[2] == []  # five times, but only 9 s over


def test_a_slower_machine_scales_every_budget(monkeypatch):
    monkeypatch.setattr(conftest, "BUDGETS", {f"test_{i}.py": 10.0 for i in range(12)})
    cpu = {f"tests/test_{i}.py": 15.0 for i in range(12)}  # every file half as slow again
    cpu["tests/test_0.py"] = 29.0
    slow, over, failing = budget_check(cpu)
    assert slow == 1.5 and over == [("tests/test_0.py", 29.0, 15.0)] and failing == []
    cpu["tests/test_0.py"] = 31.0
    assert budget_check(cpu)[2] == [("tests/test_0.py", 31.0, 15.0)]
    # a file or two run alone: no scaling from them
    assert budget_check({"tests/test_0.py": 15.0})[0] == 1.0


def test_a_budget_goes_by_the_path_under_tests(monkeypatch):
    monkeypatch.setattr(conftest, "BUDGETS", {"app/test_a.py": 20.0})
    assert budget_key("tests/app/test_a.py") == "app/test_a.py"
    cpu = {"tests/app/test_a.py": 19.0, "tests/voice/test_a.py": 19.0}  # a namesake elsewhere
    assert budget_check(cpu)[1] == [("tests/voice/test_a.py", 19.0, 10.0)]


def test_every_budget_and_every_longest_file_names_a_test_file():
    checked = 0
    for name in (*conftest.BUDGETS, *conftest.LONGEST_FIRST):
        assert (ROOT / "tests" / name).is_file(), name
        checked += 1
    assert checked > 0


def test_far_over_budget_fails_the_run_in_ci_and_only_says_so_elsewhere(tmp_path):
    # The real conftest with a 0.05 s default budget, and a file that burns 0.3 s of CPU.
    text = (ROOT / "tests" / "conftest.py").read_text()
    for old, new in (
        ("DEFAULT_BUDGET = 10.0", "DEFAULT_BUDGET = 0.05"),
        ("OVER_FAIL_SECONDS = 10.0", "OVER_FAIL_SECONDS = 0.1"),
    ):
        assert old in text
        text = text.replace(old, new)
    (tmp_path / "conftest.py").write_text(text)
    (tmp_path / "test_burn.py").write_text(
        "import time\n\ndef test_burn():\n    end = time.process_time() + 0.3\n"
        "    while time.process_time() < end:\n        pass\n"
    )
    for ci, status in (("true", 1), ("", 0)):
        env = dict(os.environ, CI=ci)
        res = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_burn.py"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert res.returncode == status, res.stdout[-2000:]
        assert "1 passed" in res.stdout
        assert "Over its time budget: test_burn.py" in res.stdout
        assert "far over: this fails in CI" in res.stdout

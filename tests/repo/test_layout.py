"""The tests mirror the package (tests/README.md): every test file in a folder of tests/, the
names distinct across folders (pytest's default import mode imports a test file by its bare
name), one conftest.py, and the shared helpers in testkit/ rather than beside the tests."""

from collections import Counter

from testkit import ROOT

TESTS = ROOT / "tests"


def test_every_test_file_is_in_a_folder_of_tests_and_no_two_share_a_name():
    files = sorted(TESTS.rglob("test_*.py"))
    assert len(files) > 50
    flat = [p.name for p in files if p.parent == TESTS]
    assert flat == [], "put these in the folder of the package they test, or e2e/ (tests/README.md)"
    twice = [name for name, n in Counter(p.name for p in files).items() if n > 1]
    assert twice == [], "test files need distinct names across the folders (tests/README.md)"


def test_one_conftest_and_no_helper_module_beside_the_tests():
    assert [p.relative_to(ROOT).as_posix() for p in TESTS.rglob("conftest.py")] == ["tests/conftest.py"]
    helpers = [
        p.relative_to(ROOT).as_posix()
        for p in TESTS.rglob("*.py")
        if not p.name.startswith("test_") and p.name != "conftest.py"
    ]
    assert helpers == [], "shared helpers go in testkit/ (tests/README.md)"

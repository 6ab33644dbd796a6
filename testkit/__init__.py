"""The test kit: what the tests (tests/) and the benchmarks (bench/) share, imported as a package
(``from testkit import seated``, ``from testkit.robust_support import feed``), never by putting
a folder on ``sys.path``. It is not part of the game: the wheel leaves it out
(``[tool.setuptools.packages.find]`` includes ``spoken_cribbage*`` only), and the development
install makes it importable (scripts/setup-venv.sh test writes a ``.pth`` naming the checkout;
pytest adds the checkout itself, ``pythonpath`` in pyproject.toml). tests/README.md says why.

Here: where the program is and the environment a test runs it in."""

import os
import sys
from pathlib import Path

#: The checkout.
ROOT = Path(__file__).resolve().parent.parent
#: The console script of the development install (.venv/bin/spoken-cribbage).
BIN = Path(sys.executable).parent / "spoken-cribbage"


def game_env(home: Path, **extra: str) -> dict:
    """The environment for a real run of the game with its data and settings in ``home``."""
    env = dict(os.environ)
    env.update({"SPOKEN_CRIBBAGE_HOME": str(home), "TERM": "xterm-256color", "LANG": "C.UTF-8"})
    env.pop("NO_COLOR", None)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):  # the game speaks English in the tests
        env.pop(name, None)
    env.pop("ACCESSIBLE", None)
    env.update(extra)
    return env

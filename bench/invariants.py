"""The engine's invariant properties (tests/engine/test_game_properties.py) on ten times the suite's
sample: 5,000 two-player games, 2,000 each of three and four players, 1,000 replayed prefixes.

    .venv/bin/python bench/invariants.py [scale]
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
scale = sys.argv[1] if len(sys.argv) > 1 else "10"
env = dict(os.environ, SC_PROPERTY_SCALE=scale)
sys.exit(
    subprocess.call(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(ROOT / "tests" / "test_game_properties.py"),
        ],
        cwd=ROOT,
        env=env,
    )
)

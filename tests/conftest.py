import os
import shutil
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


def game_env(home: Path, **extra) -> dict:
    env = dict(os.environ)
    env.update({"SPOKEN_CRIBBAGE_HOME": str(home), "TERM": "xterm-256color", "LANG": "C.UTF-8"})
    env.pop("NO_COLOR", None)
    env.pop("ACCESSIBLE", None)
    env.update(extra)
    return env

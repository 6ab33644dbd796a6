"""A short soak (100 computer-vs-computer games through the whole stack: commands, session,
saving after every action, statistics): memory must not grow. The long run is a bench command:
``.venv/bin/python bench/soak.py soak --games 10000`` (bench/README.md)."""

import os
import tempfile
from pathlib import Path

import pytest

from spoken_cribbage.storage.stats import StatsDB
from testkit import robust_support as rs


@pytest.mark.slow
def test_100_games_memory_does_not_grow():
    fast = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    home = Path(tempfile.mkdtemp(prefix="crib-soak-", dir=fast))
    try:
        _soak(home)
    finally:
        import shutil

        shutil.rmtree(home, ignore_errors=True)


def _soak(home):
    r = rs.soak(100, home, levels=("random", "easy"), sample_every=20)
    samples = r["samples"]
    # After warm-up (the first 40 games: the resident memory settled after 25 in a 200-game
    # run sampled every 25), neither the live objects nor the resident memory may keep climbing.
    settled = [s for s in samples if s["games"] >= 40]
    assert len(settled) == 4, samples
    objs = [s["objects"] for s in settled]
    rss = [s["rss_kb"] for s in settled]
    assert max(objs) - min(objs) < 2000, samples
    assert rss[-1] - rss[0] < 4096, samples  # under 4 MB over 60 games
    s = StatsDB(home / "stats.sqlite3").summary()
    assert s["games"] == 100 and s["wins"] + s["losses"] == 100
    assert rs.save_state(home).saved.finished

"""A short soak (200 computer-vs-computer games through the whole stack: commands, session,
saving after every action, statistics): memory must not grow. bench/soak.py runs 10,000."""

import os
import tempfile
from pathlib import Path

import pytest

import robust_support as rs
from spoken_cribbage.storage.stats import StatsDB


@pytest.mark.slow
def test_200_games_memory_does_not_grow():
    fast = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    home = Path(tempfile.mkdtemp(prefix="crib-soak-", dir=fast))
    try:
        _soak(home)
    finally:
        import shutil
        shutil.rmtree(home, ignore_errors=True)


def _soak(home):
    r = rs.soak(200, home, levels=("random", "easy"), sample_every=50)
    samples = r["samples"]
    # After warm-up (the first 100 games), neither the live objects nor the resident memory
    # may keep climbing.
    settled = [s for s in samples if s["games"] >= 100]
    objs = [s["objects"] for s in settled]
    rss = [s["rss_kb"] for s in settled]
    assert max(objs) - min(objs) < 2000, samples
    assert rss[-1] - rss[0] < 4096, samples           # under 4 MB over 100 games
    s = StatsDB(home / "stats.sqlite3").summary()
    assert s["games"] == 200 and s["wins"] + s["losses"] == 200
    assert rs.save_state(home).saved.finished

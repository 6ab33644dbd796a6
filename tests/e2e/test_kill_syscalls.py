"""A sample of bench/kill_soak.py in the suite: one short game, a real `spoken-cribbage`
process killed (strace -e inject ... signal=KILL) as it enters a system call that writes the
settings, then one that writes the save, then one that writes the statistics, and resumed each
time; it must end exactly as the same game played without a kill: the same actions, the same
statistics, the settings' last rate, nothing moved aside."""

import random
import shutil
import tempfile
from pathlib import Path

import pytest

from bench import kill_soak as ks
from testkit import robust_support as rs


@pytest.mark.skipif(not shutil.which("strace"), reason="strace is not installed")
def test_a_game_killed_at_settings_stats_and_save_writes_ends_unchanged():
    base = Path(tempfile.mkdtemp(prefix="crib-kill-sys-"))
    try:
        rng = random.Random(5)
        script, last = ks.make_script(31, rng, target=31)
        groups = [list(g) for g in script.groups]
        groups[0].insert(0, "rate 222")  # a settings write early on, for sure
        last = last if any(line.startswith("rate ") for g in groups[1:] for line in g) else 222
        script = ks.replace(script, groups=groups)
        ref = ks.reference(script, base / "ref")
        home = base / "game"
        home.mkdir()
        for file in ("settings", "save", "stats"):
            aim = ks.choose_call(script, home, base, rng, file=file)
            assert aim is not None, f"no {file} write ahead"
            logs: list[Path] = []
            killed, _ = ks.strace_runner(aim[0], aim[1], logs)(script, home, None)
            assert killed, aim
            assert ks.hit(logs[-1], aim[0], home) == file
        killed, _ = ks.run_real(script, home, None)
        assert not killed and rs.final_actions(home) is not None
        assert ks.check(script, home, ref, last) is None
    finally:
        shutil.rmtree(base, ignore_errors=True)

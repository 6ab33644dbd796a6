"""The floor of the microphone path in bench/bench_voice.py (--mic-only --stub): an instant stub
recognizer takes the command at the first decision after the speech ends, never before, so
what the bench reports for it is the path's own delay (the quiet wait and the 30 ms blocks)."""

import numpy as np

from bench import bench_voice
from spoken_cribbage.engine.cards import parse_cards, sort_hand
from spoken_cribbage.vocabulary import VoiceContext
from spoken_cribbage.voice.segmenter import PAUSE_HANG


def _clip(pause_at=None):
    """1.2 s of a faint room, 1 s of a loud burst (with a 0.3 s gap at ``pause_at``), 1.2 s of
    the room again; and the second at which the burst ends."""
    rng = np.random.default_rng(1)
    room = lambda s: rng.standard_normal(int(16000 * s)) * 30  # noqa: E731
    t = np.arange(16000) / 16000
    burst = np.sin(2 * np.pi * 220 * t) * (1 + np.sin(2 * np.pi * 3 * t)) * 6000
    if pause_at is not None:
        burst[int(16000 * pause_at) : int(16000 * (pause_at + 0.3))] = 0
    a = np.concatenate([room(1.2), burst + room(1.0), room(1.2)])
    return np.clip(a, -32768, 32767).astype("<i2").tobytes(), 2.2


def test_the_stub_acts_after_the_quiet_wait_and_not_before():
    ctx = VoiceContext("play", tuple(sort_hand(parse_cards("5H 10C JD KS"))))
    for pause_at in (None, 0.4):  # a pause in the middle of the speech is not its end
        pcm, end = _clip(pause_at)
        out = bench_voice.mic_run(bench_voice.InstantStub(), ctx, pcm, end, True, "play 5H")
        done = [(cmd, ms) for cmd, ask, ms in out if cmd]
        assert len(done) == 1 and done[0][0] == "play 5H"
        assert PAUSE_HANG * 1000 - 60 <= done[0][1] <= PAUSE_HANG * 1000 + 120, done

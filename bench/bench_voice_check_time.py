"""The second check's own time (voice/verify.py CardCheck.check) on card phrases of the quick corpus:
the game's check (rivals of every shape) beside the check with the rivals of the phrase's own shape
only (before 2026-12-05), the same clips in the same run, one after the other for each clip; and
the game's check followed by the cheapest ensemble measured (bench_voice_independence.py
--perturb: the phrase aligned against its nearest rival again under vocal tract length warps 0.88
and 1.12, one warp in each of two threads; not in the game).

python bench/bench_voice_check_time.py
"""

import statistics
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
import bench_voice as b  # noqa: E402

from spoken_cribbage.vocabulary import phrases_for  # noqa: E402
from spoken_cribbage.voice.verify import CardCheck, _Lane, _with_floor  # noqa: E402
from testkit.voice_corpus import Corpus, cache_folder, read_pcm  # noqa: E402

checks = {"every shape (the game)": CardCheck(), "the phrase's own shape (before)": CardCheck(every_shape=False)}


class WarpedCheck:
    """The game's check, then (when it agrees) the phrase and its nearest rival aligned under each warp."""

    def __init__(self, warps=("0.88", "1.12")):
        import os
        import tempfile
        from concurrent.futures import ThreadPoolExecutor

        from pocketsphinx import get_model_path

        from spoken_cribbage.vocabulary import vocabulary
        from spoken_cribbage.voice.verify import _dictionary_entries

        self.check_game = CardCheck()
        model = os.path.join(get_model_path(), "en-us")
        with tempfile.TemporaryDirectory() as folder:
            lex = os.path.join(folder, "cards.dict")
            with open(lex, "w", encoding="utf-8") as f:
                f.writelines(_dictionary_entries(os.path.join(model, "cmudict-en-us.dict"), vocabulary()))
            self.lanes = [
                _Lane(os.path.join(model, "en-us"), lex, {"warp_type": "inverse_linear", "warp_params": w})
                for w in warps
            ]
        self.pool = ThreadPoolExecutor(max_workers=len(warps))

    def check(self, pcm, heard):
        got = self.check_game.check(pcm, heard)
        if got["check_agree"] and got["check_rival"]:
            audio = _with_floor(pcm)
            rival = got["check_rival"]
            wins = lambda lane: lane.align(audio, heard) > lane.align(audio, rival)  # noqa: E731
            got["check_agree"] = all(self.pool.map(wins, self.lanes))
        return got


checks["the game's, then the alignment under warps 0.88 and 1.12 (not in the game)"] = WarpedCheck()
corpus = Corpus(str(cache_folder() / "corpus"))
items = []
for cname in ("play", "discard"):
    ctx = b.CONTEXTS[cname][0]
    ph = [p for p, c in phrases_for(ctx).items() if c.startswith(("play ", "discard "))]
    for v in b.QUICK_VOICES[:2]:
        items += [("speech", p, v, "pink40") for p in ph[::6]]
clips = corpus.many(items, workers=1)
ms: dict[str, list[float]] = {name: [] for name in checks}
secs = []
for (_, p, _, _), c in zip(items, clips, strict=True):
    pcm = read_pcm(c.path)
    for name, cc in checks.items():
        t = time.perf_counter()
        cc.check(pcm, p)
        ms[name].append((time.perf_counter() - t) * 1000)
    secs.append(len(pcm) / 32000)
print(len(secs), "clips of", round(statistics.median(secs), 2), "s median")
for name, got in ms.items():
    got.sort()
    print(
        f"{name}: check ms median",
        round(statistics.median(got)),
        "p90",
        round(got[int(0.9 * len(got))]),
        "max",
        round(got[-1]),
    )

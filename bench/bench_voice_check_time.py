"""The second check's own time (voice/verify.py CardCheck.check) on card phrases of the quick corpus:
the game's check (rivals of every shape) beside the check with the rivals of the phrase's own shape
only (before 2026-12-05), the same clips in the same run, one after the other for each clip.

python bench/bench_voice_check_time.py
"""

import statistics
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
import bench_voice as b  # noqa: E402

from spoken_cribbage.vocabulary import phrases_for  # noqa: E402
from spoken_cribbage.voice.verify import CardCheck  # noqa: E402
from testkit.voice_corpus import Corpus, cache_folder, read_pcm  # noqa: E402

checks = {"every shape (the game)": CardCheck(), "the phrase's own shape (before)": CardCheck(every_shape=False)}
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

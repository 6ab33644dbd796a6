"""The second check's own time (voice/verify.py CardCheck.check) on card phrases of the quick corpus.

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

cc = CardCheck()
corpus = Corpus(str(cache_folder() / "corpus"))
items = []
for cname in ("play", "discard"):
    ctx = b.CONTEXTS[cname][0]
    ph = [p for p, c in phrases_for(ctx).items() if c.startswith(("play ", "discard "))]
    for v in b.QUICK_VOICES[:2]:
        items += [("speech", p, v, "pink40") for p in ph[::6]]
clips = corpus.many(items, workers=1)
ms, secs = [], []
for (_, p, _, _), c in zip(items, clips, strict=True):
    pcm = read_pcm(c.path)
    t = time.perf_counter()
    cc.check(pcm, p)
    ms.append((time.perf_counter() - t) * 1000)
    secs.append(len(pcm) / 32000)
ms.sort()
print(
    len(ms),
    "clips of",
    round(statistics.median(secs), 2),
    "s median; check ms median",
    round(statistics.median(ms)),
    "p90",
    round(ms[int(0.9 * len(ms))]),
    "max",
    round(ms[-1]),
)

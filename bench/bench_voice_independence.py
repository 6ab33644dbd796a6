"""How independent is the second check of the card words (voice/verify.py) from the first decoding?

On whole clips of four of the corpus's hardest voices (one recognizer per voice, clips in corpus
order, as it adapts in a game), every card action the first decoding proposes is collected with
what was said; then each variant of the check decides on the same audio. The figure that
matters: of the first choices that were a WRONG card, how many the check disagrees with (it
stops them), against how many right ones it also stops (the cost in exact matches).

    python bench/bench_voice_independence.py [--step 1] [--workers 2] [--variants base,warp,...]
"""
from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import get_context
from pathlib import Path

HERE = Path(__file__).resolve().parent

from bench_voice import ACTIONS, CONTEXTS  # noqa: E402
from testkit.voice_corpus import Corpus, cache_folder, read_pcm  # noqa: E402

from spoken_cribbage.vocabulary import phrases_for  # noqa: E402

HARD = [("espeak-carib", "brown15"), ("flite-kal", "brown15"), ("espeak-scot-f2", "white15"),
        ("flite-rms", "white15")]


def items_for(voice, noise, step):
    out = []
    for cname, (ctx, notin, _other) in CONTEXTS.items():
        if cname == "other":
            continue
        ph = phrases_for(ctx)
        out += [(cname, p, ph[p]) for p in list(ph)[::step] if ph[p].startswith(ACTIONS)]
        out += [(cname, p, None) for p in notin]
    return out


def _first(task):
    """One recognizer through one voice's clips, in order: the card actions it proposes."""
    voice, noise, paths = task
    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer, sphinx_decision
    rec = PocketSphinxRecognizer()
    rec.card_check = None          # the variants decide below, on the same audio
    rows = []
    for cname, text, expected, path in paths:
        pcm = read_pcm(path)
        ev = rec.analyse(pcm, CONTEXTS[cname][0])
        cmd = ev.get("command") or ""
        if ev.get("kind") == "legal" and cmd.startswith(ACTIONS):
            rows.append({"voice": voice, "noise": noise, "ctx": cname, "text": text,
                         "expected": expected, "heard": ev["heard"], "command": cmd, "path": path,
                         # the game's decision before the check (surer tier, position_per)
                         "tiers": sphinx_decision({**ev, "check_agree": True}, rec.thresholds)[0]})
    return rows


def _checks(task):
    names, rows = task
    from spoken_cribbage.voice import verify
    checkers = {n: verify.variant(n) for n in names}
    out = []
    for r in rows:
        pcm = read_pcm(r["path"])
        res = {}
        for n, c in checkers.items():
            t = time.perf_counter()
            res[n] = (c.check(pcm, r["heard"])["check_agree"], (time.perf_counter() - t) * 1000)
        out.append(res)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--variants", default="base")
    args = ap.parse_args(argv)
    names = args.variants.split(",")
    corpus = Corpus(str(cache_folder() / "corpus"))
    tasks = []
    for v, n in HARD:
        its = items_for(v, n, args.step)
        clips = corpus.many([("speech", p, v, n) for _, p, _ in its], workers=args.workers)
        tasks.append((v, n, [(c, p, e, str(cl.path)) for (c, p, e), cl in zip(its, clips)]))
    with get_context("fork").Pool(args.workers) as pool:
        rows = [r for part in pool.map(_first, tasks, chunksize=1) for r in part]
        parts = [rows[i::args.workers] for i in range(args.workers)]
        res = pool.map(_checks, [(names, p) for p in parts], chunksize=1)
    res_rows = [(r, x) for part, xs in zip(parts, res) for r, x in zip(part, xs)]
    wrong = [(r, x) for r, x in res_rows if r["command"] != r["expected"]]
    right = [(r, x) for r, x in res_rows if r["command"] == r["expected"]]
    print(f"{sum(len(t[2]) for t in tasks)} clips of {len(HARD)} voices; first decoding proposed "
          f"{len(res_rows)} card actions: {len(wrong)} wrong, {len(right)} right\n")
    print("| check | stops wrong (of %d) | stops right (of %d) | ms median | ms p90 |" % (len(wrong), len(right)))
    print("|---|---|---|---|---|")
    for n in names:
        ms = sorted(x[n][1] for _, x in res_rows) or [0.0]
        print(f"| {n} | {sum(not x[n][0] for _, x in wrong)} | {sum(not x[n][0] for _, x in right)} | "
              f"{ms[len(ms) // 2]:.0f} | {ms[int(0.9 * len(ms))]:.0f} |")
    print(f"\nWrong first choices the tiers before the check would do unasked: "
          f"{sum(r['tiers'] == 'accept' for r, _ in wrong)} of {len(wrong)}; with each check on top:")
    for n in names:
        print(f"- {n}: {sum(r['tiers'] == 'accept' and x[n][0] for r, x in wrong)} wrong card actions, "
              f"{sum(r['tiers'] == 'accept' and x[n][0] for r, x in right)} right ones done unasked")
    print()
    for r, x in wrong:
        print(f"- \"{r['text']}\" ({r['voice']}, {r['ctx']}) heard \"{r['heard']}\": "
              + ", ".join(f"{n} {'agrees' if x[n][0] else 'stops'}" for n in names))


if __name__ == "__main__":
    main()

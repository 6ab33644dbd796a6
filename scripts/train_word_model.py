"""Train the card-word network of the card check's third stage (spoken_cribbage/voice/wordmodel.py).

    python scripts/train_word_model.py                 # writes spoken_cribbage/voice/data/card_words.npz
    python scripts/train_word_model.py --card          # the second network, with "card": card_place.npz

The speech: espeak-ng only, in voices that none of the benchmarks' sets use (the corpus's ten
voices, the four hardest of them, the kept-aside voices of testkit/voice_session.py and every
flite voice are left out; so are the dialects en-029, en-gb-scotland, en-us-nyc, en-gb-x-gbclan
and en-gb-x-gbcwmd and the klatt2 variant), so the benchmarks measure it on voices it never
heard. Every card phrase shape the game's grammar has (a card, a rank alone, a position said
each way, with and without a verb), each voice at a speed and pitch of its own; each clip then
clean and with white, pink or brown noise at 10 to 30 dB, a room's echo, or a telephone's band.
Word frames come from pocketsphinx's forced alignment of the known text on the clean clip.

The network: the word's log-mel frames resampled to 12 steps (481 inputs), one hidden layer of
128, 24 outputs (the number-like words and the suits); Adam, cross-entropy, a fixed seed. With
--card, the same with a 25th output, the word "card" (wordmodel.CARD_WORDS): the second network,
asked only whether a stretch is "card" or a number-like word.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spoken_cribbage.vocabulary import NUMBER_WORDS, ORDINALS, RANK_NAMES  # noqa: E402
from spoken_cribbage.voice.wordmodel import (  # noqa: E402
    BANDS,
    CARD_INDEX,
    INDEX,
    RATE,
    STEPS,
    SUITS,
    logmel,
    word_vector,
)

#: The words learned and their labels: the first network's, or with --card the second's (set in
#: main before the worker processes fork).
LABELS = INDEX

DIALECTS = ("en-us", "en-gb", "en-gb-x-rp", "en")
VARIANTS = (
    "",
    "+m1",
    "+m2",
    "+m3",
    "+m4",
    "+m5",
    "+m6",
    "+m8",
    "+f1",
    "+f2",
    "+f3",
    "+f4",
    "+f5",
    "+klatt",
    "+klatt3",
    "+klatt4",
    "+Annie",
    "+adam",
    "+linda",
    "+max",
    "+paul",
    "+edward",
    "+john",
    "+iven",
)
#: The corpus's dialects in other voices, and its flite speakers at other speeds and pitches
#: (testkit/voice_corpus.py VOICES; the kept-aside set's kal16 and awb_time builds are left out).
MORE_DIALECTS = ("en-029", "en-gb-scotland")
MORE_VARIANTS = ("", "+m1", "+m3", "+m5", "+m7", "+f1", "+f3", "+f5", "+klatt", "+Annie", "+max", "+john")
FLITE = ("kal", "awb", "rms", "slt")
FLITE_SETTINGS = ((0.85, 90), (1.0, 110), (1.15, 130), (0.9, 170), (1.1, 200), (1.25, 150))
RANKS = [w for w in RANK_NAMES if w]
ORDS = [w for w in ORDINALS if w]
NUMS = [w for w in NUMBER_WORDS if w]


def phrases(rng: random.Random) -> list[str]:
    out = []
    for r in RANKS:
        for s in SUITS:
            verb = rng.choice(("", "play ", "discard "))
            out.append(f"{verb}{r} of {s}")
        out.append(f"the {r}")
        out.append(f"{rng.choice(('play', 'discard'))} the {r}")
    for o in ORDS:
        out += [f"the {o} card", f"{o} card", f"{rng.choice(('play', 'discard'))} the {o} card"]
    for n in NUMS:
        out += [f"card {n}", f"{rng.choice(('play', 'discard'))} card {n}"]
    return out


def synth(voice: str, speed: float, pitch: int, text: str) -> np.ndarray:
    if voice.startswith("flite:"):
        cmd = (
            f"flite -voice {voice[6:]} --setf duration_stretch={speed} --setf int_f0_target_mean={pitch} "
            f"-t '{text}' -o /dev/stdout | sox -t wav - -t raw -r 16000 -e signed -b 16 -c 1 - pad 0.3 0.3"
        )
    else:
        cmd = (
            f"espeak-ng -v {voice} -s {speed} -p {pitch} --stdout '{text}' | "
            "sox -t wav - -t raw -r 16000 -e signed -b 16 -c 1 - pad 0.3 0.3"
        )
    raw = subprocess.run(cmd, shell=True, capture_output=True, check=True).stdout
    return np.frombuffer(raw, dtype="<i2").astype(np.float64)


def _noise(kind: str, n: int, rng: np.random.Generator) -> np.ndarray:
    w = rng.standard_normal(n)
    if kind == "white":
        return w
    spec = np.fft.rfft(w)
    f = np.maximum(np.fft.rfftfreq(n, 1 / RATE), 20.0)
    spec /= np.sqrt(f) if kind == "pink" else f
    return np.fft.irfft(spec, n)


def augment(a: np.ndarray, how: str, rng: np.random.Generator) -> np.ndarray:
    if how == "clean":
        return a
    if how == "tel":
        spec = np.fft.rfft(a)
        f = np.fft.rfftfreq(len(a), 1 / RATE)
        spec[(f < 300) | (f > 3400)] = 0
        return np.fft.irfft(spec, len(a))
    if how == "room":
        rt = rng.uniform(0.25, 0.7)
        t = np.arange(int(rt * RATE)) / RATE
        ir = rng.standard_normal(t.size) * np.exp(-6.9 * t / rt)
        ir[0] = 1.0 / rng.uniform(0.3, 1.0)
        out = np.convolve(a, ir)[: len(a)]
        return out * (np.sqrt(np.mean(a**2)) / max(1e-9, np.sqrt(np.mean(out**2))))
    kind, snr = how.split(":")
    nz = _noise(kind, len(a), rng)
    speech = np.sqrt(np.mean(a[np.abs(a) > 0.1 * np.max(np.abs(a))] ** 2))
    return a + nz * speech / np.sqrt(np.mean(nz**2)) / 10 ** (float(snr) / 20)


CONDITIONS = ("clean", "white:15", "pink:20", "brown:10", "brown:20", "white:25", "room", "tel")

_DECODER = None


def _decoder():
    global _DECODER
    if _DECODER is None:
        from pocketsphinx import Decoder, get_model_path

        m = get_model_path()
        hmm, lex = os.path.join(m, "en-us", "en-us"), os.path.join(m, "en-us", "cmudict-en-us.dict")
        _DECODER = Decoder(hmm=hmm, dict=lex, lm=None, loglevel="FATAL")
    return _DECODER


def align(a: np.ndarray, text: str) -> list[tuple[str, int, int]]:
    d = _decoder()
    floor = np.random.default_rng(0).standard_normal(a.size) * 30
    pcm = np.clip(np.round(a + floor), -32768, 32767).astype("<i2").tobytes()
    d.set_align_text(text)
    d.start_utt()
    d.process_raw(pcm, full_utt=True)
    d.end_utt()
    return [(s.word.split("(")[0], s.start_frame, s.end_frame) for s in (d.seg() or [])]


def jobs() -> list[tuple[str, int, float, int]]:
    """(voice, seed, speed, pitch) of every training voice."""
    out = []
    espeak = [(d, v) for d in DIALECTS for v in VARIANTS] + [(d, v) for d in MORE_DIALECTS for v in MORE_VARIANTS]
    for i, (d, v) in enumerate(espeak):
        rng = random.Random(i)
        out.append((f"{d}{v}", i, float(rng.randint(120, 210)), rng.randint(25, 75)))
    for j, name in enumerate(FLITE):
        for k, (stretch, f0) in enumerate(FLITE_SETTINGS):
            out.append((f"flite:{name}", 5000 + 10 * j + k, stretch, f0))
    return out


def one_voice(job: tuple[str, int, float, int]) -> tuple[list[np.ndarray], list[int]]:
    voice, seed, speed, pitch = job
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    xs, ys = [], []
    for text in phrases(rng):
        try:
            a = synth(voice, speed, pitch, text)
        except subprocess.CalledProcessError:
            continue
        words = align(a, text)
        spoken = [(w, s, e) for w, s, e in words if w not in ("<s>", "</s>", "<sil>")]
        if [w for w, _, _ in spoken] != text.split():
            continue
        phrase = (spoken[0][1], spoken[-1][2])
        for how in rng.sample(CONDITIONS, 3):
            mel = logmel(augment(a, how, nrng))
            for w, s, e in spoken:
                if w in LABELS:
                    xs.append(word_vector(mel, s, e, phrase))
                    ys.append(LABELS[w])
    return xs, ys


def spectral_augment(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Other vocal tracts and lost bands: each word's bands stretched or squeezed by up to 12%
    (a warp of the mel axis), then up to 6 neighbouring bands and 2 steps masked."""
    n = len(x)
    spec = x[:, :-1].reshape(n, STEPS, BANDS)
    alpha = rng.uniform(0.88, 1.12, n)
    src = np.clip(np.arange(BANDS)[None, :] * alpha[:, None], 0, BANDS - 1)
    lo = np.floor(src).astype(int)
    hi = np.minimum(lo + 1, BANDS - 1)
    frac = (src - lo)[:, None, :]
    rows = np.arange(n)[:, None, None]
    steps = np.arange(STEPS)[None, :, None]
    out = spec[rows, steps, lo[:, None, :]] * (1 - frac) + spec[rows, steps, hi[:, None, :]] * frac
    for k in range(n):
        w = rng.integers(0, 7)
        b = rng.integers(0, BANDS - w + 1)
        out[k, :, b : b + w] = 0.0
        t = rng.integers(0, 3)
        s = rng.integers(0, STEPS - t + 1)
        out[k, s : s + t, :] = 0.0
    return np.concatenate([out.reshape(n, -1), x[:, -1:]], axis=1)


def train(x: np.ndarray, y: np.ndarray, hidden: int = 128, epochs: int = 40, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    mu, sd = x.mean(axis=0), x.std(axis=0) + 1e-6
    xn = x
    sizes = [x.shape[1], hidden, len(LABELS)]
    params = {}
    for i in range(2):
        params[f"w{i}"] = rng.standard_normal((sizes[i], sizes[i + 1])) * math.sqrt(2.0 / sizes[i])
        params[f"b{i}"] = np.zeros(sizes[i + 1])
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v = {k: np.zeros_like(val) for k, val in params.items()}
    lr, b1, b2, step, decay = 1e-3, 0.9, 0.999, 0, 1e-4
    for epoch in range(epochs):
        order = rng.permutation(len(xn))
        loss = 0.0
        for i in range(0, len(order), 128):
            idx = order[i : i + 128]
            xb, yb = (spectral_augment(x[idx], rng) - mu) / sd, y[idx]
            h = np.maximum(xb @ params["w0"] + params["b0"], 0)
            z = h @ params["w1"] + params["b1"]
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            loss += -np.log(p[np.arange(len(yb)), yb] + 1e-12).sum()
            g = p
            g[np.arange(len(yb)), yb] -= 1
            g /= len(yb)
            grads = {"w1": h.T @ g + decay * params["w1"], "b1": g.sum(axis=0)}
            gh = (g @ params["w1"].T) * (h > 0)
            grads["w0"] = xb.T @ gh + decay * params["w0"]
            grads["b0"] = gh.sum(axis=0)
            step += 1
            for k in params:
                m[k] = b1 * m[k] + (1 - b1) * grads[k]
                v[k] = b2 * v[k] + (1 - b2) * grads[k] ** 2
                params[k] -= lr * (m[k] / (1 - b1**step)) / (np.sqrt(v[k] / (1 - b2**step)) + 1e-8)
        if epoch % 10 == 9 or epoch == epochs - 1:
            print(f"epoch {epoch + 1}: loss {loss / len(xn):.3f}", flush=True)
    return {"mu": mu, "sd": sd, **params}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="the weights' file (default: the shipped one, voice/data/)")
    ap.add_argument("--card", action="store_true", help='the second network, with "card" (card_place.npz)')
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--data", help="cache the examples here (.npz) and reuse them")
    ap.add_argument("--epochs", type=int, default=40)
    args = ap.parse_args(argv)
    global LABELS
    LABELS = CARD_INDEX if args.card else INDEX
    data = Path(__file__).resolve().parents[1] / "spoken_cribbage/voice/data"
    args.out = args.out or str(data / ("card_place.npz" if args.card else "card_words.npz"))
    t0 = time.time()
    todo = jobs()
    folder = Path(args.data) if args.data else None
    if folder:
        folder.mkdir(parents=True, exist_ok=True)
    kind = "-card" if args.card else ""
    name = lambda job: f"{job[0].replace(':', '-')}-{job[1]}{kind}.npz"  # noqa: E731
    missing = [j for j in todo if not folder or not (folder / name(j)).exists()]
    got: dict[tuple, tuple] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for job, (a, b) in zip(missing, pool.map(one_voice, missing), strict=True):
            got[job] = (np.array(a), np.array(b))
            if folder:
                np.savez(folder / name(job), x=got[job][0], y=got[job][1])
    xs, ys = [], []
    for job in todo:
        if job not in got:
            d = np.load(folder / name(job))  # type: ignore[operator]
            got[job] = (d["x"], d["y"])
        xs.append(got[job][0])
        ys.append(got[job][1])
    x, y = np.concatenate(xs), np.concatenate(ys)
    print(f"{len(x)} words from {len(todo)} voices in {time.time() - t0:.0f} s", flush=True)
    params = train(x, y, epochs=args.epochs)
    np.savez_compressed(args.out, **{k: v.astype(np.float32) for k, v in params.items()})
    print(f"written {args.out} in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

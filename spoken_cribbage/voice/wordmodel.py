"""A model of its own for the card words: the third stage of the card check (issue 28, item 2).

The first two stages of :mod:`spoken_cribbage.voice.verify` decode the audio again with
pocketsphinx's one acoustic model, so they agree with the confusions that model makes itself
("play the third card" heard as "play the fourth card" in every search). This stage is a second
model, trained here and shipped with the game (``voice/data/card_words.npz``): a small neural
network that names the card word of a stretch of speech from its log-mel spectrum, trained on
espeak-ng voices with noise, rooms and a telephone's band added (``scripts/train_word_model.py``).
It shares neither the acoustic model, the features nor the training speech with pocketsphinx.

How it is asked. The heard phrase is forced over the utterance (the check's alignment already
does it), which gives each word's frames. For each card word of the phrase (a rank, a number, an
ordinal, a suit) the network scores the words of its class over those frames: ranks, numbers
and ordinals are one class (twenty words: "the fifth card" and "the five" are rivals), the suits
another. It agrees when the heard word is its first choice in the class, for every card word of
the phrase. No threshold: its first choice or not. The word "card" is a card word too, asked of
a second network (:data:`CARD`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from importlib.resources import files

import numpy as np

from spoken_cribbage.vocabulary import NUMBER_WORDS, ORDINALS, RANK_NAMES, SUIT_NAMES

RATE = 16000
HOP = 160  #: 10 ms: the frames of pocketsphinx's alignment
WIN = 400
NFFT = 512
BANDS = 40
STEPS = 12  #: a word's frames resampled to this many
PAD = 2  #: frames taken on each side of a word
#: The words the network names, in the order of its outputs: ace, one, two ... king, first ...
#: sixth, then the suits (the vocabulary's own words; the shipped weights depend on this order).
NUMBERLIKE = (RANK_NAMES[1], NUMBER_WORDS[1], *RANK_NAMES[2:], *ORDINALS[1:])
SUITS = tuple(SUIT_NAMES)
WORDS = NUMBERLIKE + SUITS
INDEX = {w: i for i, w in enumerate(WORDS)}
#: The word "card" is asked about too, by a second network (``voice/data/card_place.npz``,
#: trained as the first with "card" as a 25th word, ``train_word_model.py --card``): is this
#: stretch "card", or a number-like word? Where "card" stands is what tells a position said
#: "card five" from one said "fourth card": on the whole corpus (2026-12-05) "fourth card" in
#: white noise was aligned as "card five", "card" over "fourth" and "five" over "card", and the
#: first network, which has no "card", named "five" there. The first network keeps its own
#: weights for every other word (retrained with "card" among its words, it named 5 more of the
#: human set's 44 cards wrongly and 1 fewer).
CARD = "card"
CARD_WORDS = WORDS + (CARD,)
CARD_INDEX = {w: i for i, w in enumerate(CARD_WORDS)}


@functools.lru_cache(maxsize=1)
def _mel() -> np.ndarray:
    def hz_to_mel(f: np.ndarray) -> np.ndarray:
        return 2595.0 * np.log10(1.0 + f / 700.0)

    lo, hi = hz_to_mel(np.array(80.0)), hz_to_mel(np.array(7600.0))
    edges = 700.0 * (10 ** (np.linspace(lo, hi, BANDS + 2) / 2595.0) - 1.0)
    bins = np.fft.rfftfreq(NFFT, 1.0 / RATE)
    fb = np.zeros((BANDS, bins.size))
    for b in range(BANDS):
        left, mid, right = edges[b], edges[b + 1], edges[b + 2]
        up = (bins - left) / (mid - left)
        down = (right - bins) / (right - mid)
        fb[b] = np.maximum(0.0, np.minimum(up, down))
    return fb


def logmel(pcm: np.ndarray) -> np.ndarray:
    """Log-mel energies of 16 kHz samples (float, any scale): one row of :data:`BANDS` per 10 ms."""
    x = np.asarray(pcm, dtype=np.float64)
    x = np.append(x[:1], x[1:] - 0.97 * x[:-1])
    n = max(1, 1 + (len(x) - WIN) // HOP) if len(x) >= WIN else 1
    x = np.pad(x, (0, max(0, (n - 1) * HOP + WIN - len(x))))
    idx = np.arange(WIN)[None, :] + HOP * np.arange(n)[:, None]
    frames = x[idx] * np.hamming(WIN)
    power = np.abs(np.fft.rfft(frames, NFFT)) ** 2
    return np.log(power @ _mel().T + 1.0)


def word_vector(mel: np.ndarray, start: int, end: int, phrase: tuple[int, int]) -> np.ndarray:
    """The input for one word: its frames (``start``..``end`` inclusive, :data:`PAD` more on
    each side) less the phrase's mean, resampled to :data:`STEPS` frames, and its length."""
    p0, p1 = max(0, phrase[0]), min(len(mel), phrase[1] + 1)
    mean = mel[p0:p1].mean(axis=0) if p1 > p0 else mel.mean(axis=0)
    s, e = max(0, start - PAD), min(len(mel), end + 1 + PAD)
    seg = (mel[s:e] if e > s else mel[-1:]) - mean
    t = np.linspace(0, len(seg) - 1, STEPS)
    grid = np.arange(len(seg))
    out = np.stack([np.interp(t, grid, seg[:, b]) for b in range(BANDS)], axis=1)
    return np.append(out.ravel(), math.log(max(1, end - start + 1)))


def class_of(word: str) -> tuple[str, ...]:
    """The words a network chooses among for ``word``: the suits; the number-like words; or,
    for "card" (the second network), the number-like words and "card"."""
    return SUITS if word in SUITS else NUMBERLIKE + (CARD,) if word == CARD else NUMBERLIKE


class WordModel:
    """The trained network: ``scores(vectors)`` gives a row of :data:`WORDS` log-scores each."""

    def __init__(self, params: dict[str, np.ndarray], words: Sequence[str] = WORDS):
        self.index = {w: i for i, w in enumerate(words)}
        self.mu = params["mu"].astype(np.float64)
        self.sd = params["sd"].astype(np.float64)
        self.layers = [(params[f"w{i}"].astype(np.float64), params[f"b{i}"].astype(np.float64)) for i in range(2)]

    def scores(self, x: np.ndarray) -> np.ndarray:
        h = (np.atleast_2d(x) - self.mu) / self.sd
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0.0)
        return h

    def choose(self, x: np.ndarray, among: Sequence[str]) -> str:
        row = self.scores(x)[0]
        return max(among, key=lambda w: row[self.index[w]])


def _load(name: str, words: Sequence[str]) -> WordModel | None:
    try:
        with files("spoken_cribbage.voice").joinpath(f"data/{name}").open("rb") as f:
            data = np.load(f)
            model = WordModel({k: data[k] for k in data.files}, words)
    except (OSError, ValueError, KeyError):
        return None
    return model if model.layers[-1][1].shape == (len(words),) else None


@functools.lru_cache(maxsize=1)
def load() -> WordModel | None:
    """The shipped network, or None when its file is missing or unreadable."""
    return _load("card_words.npz", WORDS)


@functools.lru_cache(maxsize=1)
def load_card() -> WordModel | None:
    """The second network, asked only whether a stretch is the word "card" (:data:`CARD`), or
    None when its file is missing or unreadable."""
    return _load("card_place.npz", CARD_WORDS)


def card_words(words: Sequence[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The card words of an aligned phrase ((word, first frame, last frame) in order), "card"
    among them."""
    return [(w, s, e) for w, s, e in words if w in CARD_INDEX]


def agree(model: WordModel, pcm: np.ndarray, words: Sequence[tuple[str, int, int]]) -> tuple[bool, list[str]]:
    """Whether the network's first choice is the heard word for every card word of the aligned
    phrase ``words``; and its choices. The word "card" is asked of the second network
    (:func:`load_card`); without it, a phrase with "card" is not agreed with."""
    cards = card_words(words)
    if not cards:
        return False, []
    mel = logmel(pcm)
    spoken = [(s, e) for w, s, e in words if w not in ("<s>", "</s>", "<sil>", "sil")]
    phrase = (min(s for s, _ in spoken), max(e for _, e in spoken))
    chosen = []
    for w, s, e in cards:
        net = load_card() if w == CARD else model
        chosen.append(net.choose(word_vector(mel, s, e, phrase), class_of(w)) if net is not None else "")
    return all(c == w for c, (w, _, _) in zip(chosen, cards, strict=True)), chosen

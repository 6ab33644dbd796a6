"""A second, independent check of the card words before a card is played or laid away unasked.

A card action named by the engine that proposed it (pocketsphinx streaming with the session's
adapted state, or vosk) is done without asking only when a second decoding of the same audio,
made independently, picks the same phrase out of it and its nearest rivals:

* the rivals are every other way of naming a card in the same action's words, as the game's
  grammar forms them (issue 28: positions, ranks and cards are one confusable class): for
  "discard the five", every other "discard the <rank>", every "discard <rank> of <suit>",
  "discard card <n>" and "discard the <nth> card"; for "the third card", every other position
  said each way, every rank alone and every card. Positions past the hand and cards not in
  hand are rivals too: they are exactly the mistakes to rule out. (Before 2026-12-05 only the
  phrase's own shape, its card word replaced: "fifth card" proposed as "the five" met only the
  other ranks and was agreed with.) The 76 to 82 phrases are one grammar whose slots hold the
  alternatives, so the search costs what the 5 to 15 of one shape did;
* the second decoding is pocketsphinx on its own decoder, from a fresh state for every
  utterance (the feature front end reinitialised; the cepstral mean taken from the utterance
  itself, decoded whole), with a grammar of just the phrase and its rivals. It does not share
  the adapted state that made the first engine's choice, and it is asked to choose among the
  words that matter only;
* then the alignment stage (issue 28, item 2): the nearest rival is the best of the rivals
  decoded alone, and the phrase and that rival are each forced over the whole utterance
  (pocketsphinx's alignment search, its own decoder, a fresh front end); the phrase must score
  better. A grammar search prunes paths and may end a word early; the alignment scores every
  frame against the two phrases only. On the kept-aside voices (bench_voice_independence.py
  --set held-out) the grammar stage stopped 2 of the 9 wrong cards the first decoding proposed
  and both stages together 7, at the cost of 19 of 213 right ones asked about (16 with the
  rivals of one shape).

These two share pocketsphinx's acoustic model, so they do not catch a confusion that model
itself makes (on the tuning corpus's four hardest voices they stop 3 of 23 wrong cards). So
there is a third stage, a second model:

* the card-word network (voice/wordmodel.py), trained apart on other voices, names each card
  word of the phrase on the phrase's own alignment; it must name the heard word. The word
  "card" is asked of a second network, "card" or a number-like word (since 2026-12-05, 15:30
  UTC: "fourth card" in white noise was aligned as "card five", "card" over "fourth" and "five"
  over "card", and laid away). On the same
  four voices the three stages stop all 23; on the kept-aside voices 8 of 9, and the ninth
  (a card not held, heard as a rank alone) is asked about as every rank alone is.

The beginnings of phrases ("discard", "discard the", "discard card", "discard <rank> [of]")
are in the grammar stage too, and the best of them is aligned beside the nearest rival: the
phrase must explain the audio better than it as well. In the game's mode the early take cut
"discard seven of spades" at the gap after "discard", and that start, heard as "the fifth
card", was agreed with by all three stages (:func:`_beginnings`). The rivals and the
beginnings are decoded apart, and the phrase must align better than the best of each: one
decoding of both together (2026-12-05, 12:45-14:45 UTC) saved 55 ms a check, but aligned only
the best of the two, and on the whole corpus "card six" in white noise (flite-awb), heard as
"card two", was laid away: the nearest rival was "card three", and the beginning "card", which
fits the audio better than "card two", was never aligned.

A card action done unasked needs the rejection thresholds and all three stages, and a card
named by its rank alone or by an ordinal is always asked about (voice/recognition.py); no tuned
tier stands before them since 2026-12-05 (docs/README-voice.md, "Now").

If any stage picks a rival, or cannot decode, the game asks first ("Play the jack of
diamonds? Say yes or no."). There is no threshold to tune: agreement or not. The score margins
are kept in the evidence for the benchmark.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import os
import threading
from collections.abc import Callable

import numpy as np

from spoken_cribbage.vocabulary import (
    CARD_VERBS,
    NUMBER_WORDS,
    ORDINALS,
    PRONUNCIATIONS,
    RANK_NAMES,
    SUIT_NAMES,
    vocabulary,
)
from spoken_cribbage.voice import wordmodel
from spoken_cribbage.voice.check_lane import Lane as _Lane
from spoken_cribbage.voice.check_lane import ProcessLane, rival_side

RATE = 16000
_ORDINALS = [w for w in ORDINALS if w]
_NUMBERS = [w for w in NUMBER_WORDS if w]
_RANKS = [w for w in RANK_NAMES if w]
_SUITS = list(SUIT_NAMES)
_FLOOR_DBFS = -58.0
_FLOOR_BELOW_PEAK_DB = 52.0


def _same_shape(heard: str) -> list[str]:
    """The phrase with each card word replaced by every other word of its class (one shape)."""
    words = heard.split()
    out: list[str] = []
    for i, w in enumerate(words):
        if i > 0 and words[i - 1] == "card" and w in _NUMBERS:
            cls = _NUMBERS  # "card two": a position
        elif w in _ORDINALS:
            cls = _ORDINALS  # "the third card"
        elif w in _RANKS:
            cls = _RANKS  # "five of hearts", "the five"
        elif w in _SUITS:
            cls = _SUITS
        else:
            continue
        out += [" ".join(words[:i] + [alt] + words[i + 1 :]) for alt in cls if alt != w]
    return list(dict.fromkeys(out))  # each once, in order


def naming(heard: str) -> tuple[str, str, tuple[str, ...]] | None:
    """How ``heard`` names its card: (verb or "", kind, what), kind ``position`` (what: the
    number word), ``rank`` (the rank alone) or ``card`` (rank and suit); None for another phrase.
    "card two", "second card" and "the second card" name the same position."""
    words = heard.split()
    verb = words[0] if words and words[0] in CARD_VERBS else ""
    rest = words[1:] if verb else words
    if len(rest) == 2 and rest[0] == "card" and rest[1] in _NUMBERS:
        return verb, "position", (rest[1],)
    lead = rest[:-2]  # "the third card", or "third card" without a verb
    if rest[-2:-1] and rest[-2] in _ORDINALS and rest[-1] == "card" and (lead == ["the"] or not lead and not verb):
        return verb, "position", (_NUMBERS[_ORDINALS.index(rest[-2])],)
    if len(rest) == 2 and rest[0] == "the" and rest[1] in _RANKS:
        return verb, "rank", (rest[1],)
    if len(rest) == 3 and rest[0] in _RANKS and rest[1] == "of" and rest[2] in _SUITS:
        return verb, "card", (rest[0], rest[2])
    return None


def _forms(verb: str, without: tuple[str, tuple[str, ...]] | None = None) -> list[list[list[str]]]:
    """Every way of naming a card after ``verb`` ("" for none), as the game's grammar forms them
    (vocabulary._card_phrases), with every rank, suit and position: each form a list of slots,
    each slot its words. ``without``: less the card, rank or position ``(kind, what)`` in every
    form that names it."""
    kind, what = without or ("", ())
    out: list[list[list[str]]] = []
    for r in _RANKS:  # a path of its own for each rank, as a phrase list has for each card
        suits = [s for s in _SUITS if (kind, (r, s)) != ("card", what)]
        out.append([[r], ["of"], suits])
    out.append([["the"], [r for r in _RANKS if (kind, (r,)) != ("rank", what)]])
    nums = [n for n in _NUMBERS if (kind, (n,)) != ("position", what)]
    ords = [_ORDINALS[_NUMBERS.index(n)] for n in nums]
    out += [[["card"], nums], [["the"], ords, ["card"]]]
    if not verb:
        out.append([ords, ["card"]])  # "third card": said without a verb only
    return [[[verb]] + f if verb else f for f in out]


def _expand(forms: list[list[list[str]]]) -> list[str]:
    return [" ".join(words) for form in forms for words in itertools.product(*form)]


def _jsgf(forms: list[list[list[str]]]) -> str:
    """The forms as one JSGF rule: a slot of several words is an alternative, so the search
    holds each word once per slot rather than once per phrase (the rivals of every shape are
    76 to 82 phrases)."""
    slot = lambda words: words[0] if len(words) == 1 else f"( {' | '.join(words)} )"  # noqa: E731
    heads = {tuple(form[0]) for form in forms}
    if len(heads) == 1 and len(forms) > 1 and len(forms[0][0]) == 1:  # one verb before them all
        return f"{forms[0][0][0]} ( {_jsgf([form[1:] for form in forms])} )"
    return " | ".join(" ".join(slot(w) for w in form) for form in forms)


def _beginnings(verb: str) -> str:
    """The beginnings of the grammar's card phrases, as one JSGF rule's body: the verb alone,
    "<verb> the", "<verb> card", "<verb> <rank>" and "<verb> <rank> of" (both verbs when the
    phrase has none; then also "the", "card", a rank and "<rank> of"). An utterance cut at a
    short gap may hold only the start of a phrase, and that start can sound like a whole one:
    "discard" (the start of "discard seven of spades") was heard as "the fifth card", and all
    three stages agreed with it, since nothing in the grammar said "discard" alone."""
    ranks = f"( {' | '.join(_RANKS)} )"
    heads = [verb] if verb else list(CARD_VERBS)
    alts = [f"{v} [ the | card | {ranks} [ of ] ]" for v in heads]
    if not verb:
        alts += ["the", "card", f"{ranks} [ of ]"]
    return " | ".join(alts)


def rivals(heard: str, every_shape: bool = True) -> list[str]:
    """The phrases that name another card, or another position, in the same action's words
    (issue 28: positions, ranks and cards are one confusable class). "play the five": every
    other "play the <rank>", every "play <rank> of <suit>", "play card <n>" and "play the <nth>
    card"; "the third card": every other position said each way the grammar says it, every
    rank alone and every card. A position past the hand and a card not held are rivals too:
    they are exactly the mistakes to rule out. The forms of the same card, rank or position
    ("card three" for "the third card") are not rivals. ``every_shape=False``: only the
    phrase's own shape, a card word replaced (the check before 2026-12-05, for the bench)."""
    if not every_shape:
        return _same_shape(heard)
    said = naming(heard)
    if said is None:
        return []
    verb, kind, what = said
    return _expand(_forms(verb, (kind, what)))


def _dictionary_entries(dictionary: str, words: set[str]) -> list[str]:
    lines = [f"{w} {phones}\n" for w, phones in PRONUNCIATIONS.items() if w in words]
    have = set(PRONUNCIATIONS)
    with open(dictionary, encoding="utf-8") as f:
        for line in f:
            head, _, phones = line.partition(" ")
            if head.split("(")[0] in words and head.split("(")[0] not in have and phones.strip():
                lines.append(f"{head} {phones.strip()}\n")
    return lines


class CardCheck:
    """The second check. Thread-safe; one per recognizer (pocketsphinx or vosk).

    Its work is two lanes: the grammar of the phrase and its rivals then the phrase's
    alignment; the rivals alone then the nearest rival's alignment, and the beginnings of
    phrases alone then the best one's alignment. pocketsphinx 5.1.1 holds Python's lock while
    it decodes (``process_raw``), so a second thread gave nothing (2026-12-05: 201 and 200 ms
    per check on 40 kept-aside card phrases, two threads and one). By default the lanes run
    one after the other, and the first stops at once when the grammar stage picks another
    card. :meth:`start_lane` (the game's recognizer, from ``choose_recognizer``) runs the
    second lane in a process of its own (voice/check_lane.py): side by side on two cores,
    the check takes the longer lane's time instead of both. The outcome is the same either
    way; until the process is ready, or when it fails, the work is done here."""

    def __init__(
        self,
        hmm: str | None = None,
        dictionary: str | None = None,
        config: dict | None = None,
        parallel: bool = False,
        every_shape: bool = True,
        words: bool = True,
        beginnings: bool = True,
    ):
        from pocketsphinx import get_model_path

        self.every_shape = every_shape  # rivals of every shape (False: the phrase's own, for the bench)
        self.words = words  # the card-word network's stage (False: the two stages before, for the bench)
        self.beginnings = beginnings  # the beginnings of phrases as rivals (False: before, for the bench)
        model = get_model_path()
        hmm = hmm or os.path.join(model, "en-us", "en-us")
        dictionary = dictionary or os.path.join(model, "en-us", "cmudict-en-us.dict")
        lexicon = _dictionary_entries(dictionary, vocabulary())
        extra = dict(config or {})  # other front-end settings (bench/bench_voice_independence.py)
        self.lane = _Lane.from_lexicon(hmm, lexicon, extra)
        self._setup = (hmm, lexicon, extra)  # the same lane in the helper process
        self.remote: ProcessLane | None = None
        self._lock = threading.Lock()
        if parallel:
            self.start_lane()

    def start_lane(self) -> None:
        """Run the second lane in a process of its own from now on (it loads in the background;
        the work is done here until it is ready). Harmless when it cannot start."""
        if self.remote is None:
            with contextlib.suppress(Exception):
                self.remote = ProcessLane(*self._setup)

    def close(self) -> None:
        """Stop the second lane's process, if any."""
        remote, self.remote = self.remote, None
        if remote is not None:
            remote.close()

    @staticmethod
    def _named(audio: bytes, words: list[tuple[str, int, int]]) -> tuple[bool, list[str]]:
        """The third stage: whether the card-word network names every card word of the aligned
        phrase as heard (no network, or no alignment: it does not)."""
        model = wordmodel.load()
        if model is None or not words:
            return False, []
        return wordmodel.agree(model, np.frombuffer(audio, dtype="<i2"), words)

    def _rival_side(self, audio: bytes, rv: str, starts: str) -> tuple[str, float, float, str, float]:
        """The second lane, here (:func:`~spoken_cribbage.voice.check_lane.rival_side`)."""
        return rival_side(self.lane, audio, rv, starts)

    def _grammars(self, heard: str) -> tuple[str, str, Callable[[str], bool], str] | None:
        """The grammar of ``heard``, its rivals and the beginnings of phrases; that of the
        rivals alone; whether a phrase the first chose names what ``heard`` names ("card three"
        for "the third card"); and the grammar of the beginnings alone (:func:`_beginnings`).
        None when ``heard`` names no card."""
        if not self.every_shape:
            rv = _same_shape(heard)
            return (" | ".join([heard] + rv), " | ".join(rv), heard.__eq__, "") if rv else None
        said = naming(heard)
        if said is None:
            return None
        verb, kind, what = said
        same = lambda best: (naming(best) or ("",))[1:] == (kind, what)  # noqa: E731
        starts = _beginnings(verb) if self.beginnings else ""
        every = " | ".join(g for g in (_jsgf(_forms(verb)), starts) if g)
        return every, _jsgf(_forms(verb, (kind, what))), same, starts

    def check(self, audio: bytes, heard: str, margin: bool = False) -> dict:
        """``check_agree``: every stage chose ``heard`` (the grammar of it and its rivals; the
        forced alignment of it against its nearest rival and the best beginning of a phrase;
        the card-word networks, "card" included); ``check_best``: what the grammar
        chose; ``check_rival``: the nearest rival (the best of the rivals alone);
        ``check_margin``: the grammar score of ``heard`` minus that of the nearest rival, and
        ``check_align_margin`` the same of the alignments, per 10 ms frame (for the benchmark;
        no decision rests on them). ``margin`` is kept for the benchmarks' calls."""
        grammars = self._grammars(heard)
        out: dict = {"check_agree": False, "check_best": "", "check_margin": None, "check_rival": ""}
        if grammars is None:
            return out
        every, rv, same, starts = grammars
        audio = _with_floor(audio)
        words: list[tuple[str, int, int]] = []
        with self._lock:
            remote = self.remote
            if remote is not None and remote.submit(audio, rv, starts):
                try:
                    best, score, frames = self.lane.decode(audio, every)
                    said, words = self.lane.align_words(audio, heard) if same(best) else (-math.inf, [])
                finally:
                    side = remote.result()  # (waited for even when not needed: one request at a time)
                if not same(best):
                    out["check_best"] = best
                    return out
                rival, rival_score, other, start, begun = side or self._rival_side(audio, rv, starts)
            else:
                best, score, frames = self.lane.decode(audio, every)
                if not same(best):
                    out["check_best"] = best
                    return out
                said, words = self.lane.align_words(audio, heard)
                rival, rival_score, other, start, begun = self._rival_side(audio, rv, starts)
        out["check_best"] = best
        if not same(best):
            return out
        out["check_rival"] = rival
        out["check_start"] = start
        out["check_margin"] = (score - rival_score) / frames
        # the third stage: the card-word network on the phrase's own alignment (voice/wordmodel.py)
        named, out["check_words"] = self._named(audio, words) if self.words else (True, [])
        # the phrase must also explain the audio better than the best beginning of a phrase: an
        # utterance cut at a short gap ("discard" of "discard seven of spades") is not a card
        whole = said > begun
        if not rival:  # no rival fits the audio at all: the grammar's choice stands
            out["check_agree"] = named and whole
            return out
        out["check_align_margin"] = (said - other) / frames if math.isfinite(said) else None
        out["check_agree"] = said > other and named and whole
        return out


def _with_floor(audio: bytes) -> bytes:
    """A faint noise floor under the audio (digital silence scores badly; as the recognizer)."""
    a = np.frombuffer(audio[: len(audio) // 2 * 2], dtype="<i2").astype(np.float64)
    if not a.size:
        return audio
    peak = 20 * math.log10(max(1.0, float(np.max(np.abs(a)))) / 32768)
    level = min(_FLOOR_DBFS, peak - _FLOOR_BELOW_PEAK_DB)
    a = a + np.random.default_rng(0).standard_normal(a.size) * (32768 * 10 ** (level / 20))
    return np.clip(np.round(a), -32768, 32767).astype("<i2").tobytes()

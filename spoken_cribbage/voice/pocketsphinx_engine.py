"""The pocketsphinx engine: three searches over each utterance (the phase grammar, a free phone
loop, a free word loop), the evidence they give and the rule that decides (see
docs/README-voice.md, "How rejection works")."""

from __future__ import annotations

import contextlib
import math
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from spoken_cribbage.notice import Notice
from spoken_cribbage.vocabulary import PRONUNCIATIONS, VoiceContext, decoys_for, normalize, phrases_for
from spoken_cribbage.voice.recognition import (
    _ACTIONS,
    INSTALL_VOICE,
    RATE,
    AudioStats,
    Recognition,
    VoiceError,
    _bare_rank,
    _by_ordinal,
    _Engine,
    _reject,
    _Stream,
    audio_stats,
    card_check,
)
from spoken_cribbage.voice.verify import CardCheck


@dataclass(frozen=True)
class SphinxThresholds:
    """Rejection settings for :class:`PocketSphinxRecognizer` (chosen with bench/bench_voice.py).

    * ``conf``: (grammar path score - free phone-loop score) per 10 ms frame, in pocketsphinx's
      log base 1.0001. Near 0 when the audio fits the command as well as any phone sequence;
      out-of-grammar speech fits a phone loop much better.
    * ``loop``: (grammar path score - free word-loop score) per frame. The loop runs over the
      grammar's words and a list of everyday English words (voice/data/common_words.txt): a
      command said in a different order, with extra words, or a word that is not a command
      ("dog" for go, "house" for count) fits the loop better.
    * ``per``: phone error rate of the phone loop's transcription against the pronunciation of
      the recognised phrase (0 is identical).
    * ``outside``: seconds of loud sound before or after the recognised words: speech the
      phrase does not explain (three card names heard as the first one).
    * ``one_loop``, ``one_conf``: stricter ``loop`` and ``conf`` for one-word phrases (go,
      count, yes ...), which many other short words resemble.
    * ``sure_conf``, ``sure_loop``, ``sure_per``: a card action (play or discard) that passes
      the checks above but not these is not done: the game asks first ("Play the nine of
      spades? Say yes or no."). Off by default since the card check's network (2026-12-05).
    * ``bare_sure``: a card named by its rank alone ("the nine", "play the nine") or by an
      ordinal ("the fifth card") is asked about first: one short word, which a lone digit
      resembles and a card said in full that is not held can collapse into ("discard two of
      hearts" heard as "discard the five"); the ordinals differ by one short sound.
    * ``position_per``: a card named by its place in the hand ("the third card", "card two")
      is asked about first unless its phone error rate is at most this (off by default since
      the card check's network).
    """

    conf: float = -1e9
    loop: float = -1e9
    per: float = 1e9
    min_peak_dbfs: float = -45.0  # quieter than this is not speech aimed at the game
    min_active: float = 0.12  # seconds of audio within 25 dB of the loudest 10 ms
    use_decoys: bool = True
    outside: float = 1e9
    one_loop: float = -1e9
    one_conf: float = -1e9
    sure_conf: float = -1e9
    sure_loop: float = -1e9
    sure_per: float = 1e9
    bare_sure: bool = False
    position_per: float = 1e9


#: Chosen with bench/bench_voice.py on the human recordings (869 decodings at each of three input
#: levels) and the full synthetic corpus (9,924 clips): at most 2% of out-of-grammar clips turned
#: into a command. These reject what is not a command; none of them decides whether a card is
#: played unasked. That is the card check's (voice/verify.py: the grammar of the phrase and its
#: rivals, the alignment against the nearest rival, and the card-word network, a second model
#: trained apart, voice/wordmodel.py), with a card named by its rank alone always asked about.
#: Until 2026-12-05 a tuned surer tier stood before the check (``sure_conf`` -2, ``sure_loop``
#: 1, ``sure_per`` 0.6, ``position_per`` 0.55, each chosen on the clip that had shown a wrong
#: play); with the network, the beginnings of phrases and ordinals asked about, the check holds
#: without it (docs/README-voice.md, "Now"), and the fields stay for the benchmarks.
DEFAULT_SPHINX_THRESHOLDS = SphinxThresholds(conf=-8.0, loop=-1.0, outside=0.6, bare_sure=True)


_SEARCH_CACHE = 24
#: The first utterances after loading (or :meth:`PocketSphinxRecognizer.reset`) are decoded whole
#: at the end with batch CMN instead of streamed with the untrained live mean: in sessions of 8
#: commands from a new recognizer, the first was 42% exact streamed and 60% this way (the second
#: 46% -> 58%, as the batch mean also seeds the live one); it costs about 0.3 s, once.
COLD_UTTERANCES = 1
NOISE_FLOOR_DBFS = -58.0
#: The floor sits this far below the speech's peak when the speech is quieter than the level the
#: fixed floor was chosen for (peaks at -6 dBFS): speech 20 dB quieter was 49% exact under the
#: fixed floor and 88% with the floor 20 dB lower.
FLOOR_BELOW_PEAK_DB = 52.0
_FILLERS = ("<sil>", "<s>", "</s>", "(NULL)", "SIL")


def common_words() -> set[str]:
    """Everyday English words (voice/data/common_words.txt): with the grammar's own words they
    make the free word loop, so speech that is not a command finds a better fit there."""
    from importlib.resources import files

    text = files("spoken_cribbage.voice").joinpath("data/common_words.txt").read_text(encoding="utf-8")
    return {w for line in text.splitlines() if not line.startswith("#") for w in line.split()}


def _loop_entries(dictionary: str, words: set[str]) -> list[tuple[str, str]]:
    """The pronunciations of ``words`` in the dictionary file (every variant: "word(2)" ...) and
    in :data:`PRONUNCIATIONS`."""
    entries = [(w, phones) for w, phones in PRONUNCIATIONS.items() if w in words]
    have = {w for w, _ in entries}
    with open(dictionary, encoding="utf-8") as f:
        for line in f:
            head, _, phones = line.partition(" ")
            base = head.split("(")[0]
            if base in words and base not in have and phones.strip():
                entries.append((head, phones.strip()))
    return entries


def _edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            cur = row[j]
            row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
            prev = cur
    return row[-1]


def sphinx_decision(ev: dict, t: SphinxThresholds) -> tuple[str, str]:
    """What to do with the evidence from :meth:`PocketSphinxRecognizer.analyse`: ``("accept",
    "")``, ``("confirm", why)`` (ask first) or ``("reject", why)``."""
    if ev["kind"] == "quiet":
        return "reject", "too quiet or too short"
    if ev["kind"] != "legal":
        return "reject", f"{ev['kind']} hypothesis"
    if ev["conf"] < t.conf or ev["loop"] < t.loop or ev["per"] > t.per:
        return "reject", "low confidence"
    if ev.get("outside", 0.0) > t.outside:
        return "reject", "more speech than the phrase"
    if ev.get("nwords", 0) == 1 and (ev["loop"] < t.one_loop or ev["conf"] < t.one_conf):
        return "reject", "low confidence"
    command = ev.get("command") or ""
    if command.startswith(_ACTIONS):
        if t.bare_sure and _bare_rank(ev["heard"]):
            return "confirm", "rank alone"
        if t.bare_sure and _by_ordinal(ev["heard"]):
            return "confirm", "ordinal"
        if "card" in ev["heard"].split() and ev["per"] > t.position_per:
            return "confirm", "not sure"
        if ev["conf"] < t.sure_conf or ev["loop"] < t.sure_loop or ev["per"] > t.sure_per:
            return "confirm", "not sure"
        if not ev.get("check_agree"):
            return "confirm", "second check"
    return "accept", ""


def sphinx_rejection(ev: dict, t: SphinxThresholds) -> str:
    """Why the evidence is rejected ('' when it is accepted or asked about first)."""
    verdict, why = sphinx_decision(ev, t)
    return why if verdict == "reject" else ""


def _quiet_evidence(stats: AudioStats) -> dict:
    return {
        "heard": "",
        "kind": "quiet",
        "command": None,
        "conf": -1e9,
        "loop": -1e9,
        "per": 1e9,
        "frames": 0,
        "seconds": stats.seconds,
        "peak_dbfs": stats.peak_dbfs,
        "active": stats.active_seconds,
        "wconf": -1e9,
        "speech": 0.0,
        "outside": 0.0,
        "nwords": 0,
    }


def _span_score(segs: Sequence[tuple], start: int, end: int) -> float:
    """The phone loop's acoustic score over frames start..end (segments cut in proportion)."""
    total = 0.0
    for _, a, b, score in segs:
        lo, hi = max(a, start), min(b, end)
        if hi >= lo:
            total += score * (hi - lo + 1) / (b - a + 1)
    return total


def _frame_db(audio: bytes) -> np.ndarray:
    a = np.frombuffer(audio[: len(audio) // 2 * 2], dtype="<i2").astype(np.float64)
    hop = RATE // 100
    n = a.size // hop
    if not n:
        return np.zeros(0)
    fr = a[: n * hop].reshape(n, hop)
    return 10 * np.log10(np.mean(fr * fr, axis=1) + 1.0) - 20 * math.log10(32768)


def _word_evidence(words: Sequence[tuple], ap_segs: Sequence[tuple], audio: bytes) -> dict:
    """Evidence from the words of the grammar's hypothesis, frame by frame:

    * ``wconf``: the weakest word's acoustic score against the free phone loop over the same
      frames, per frame (the whole-utterance ``conf`` is diluted by the silence around a short
      word; this is not);
    * ``speech``: seconds the hypothesis's words last;
    * ``outside``: seconds of loud sound (within 20 dB of the loudest 10 ms) before the first
      word or after the last: speech the hypothesis does not explain.
    """
    if not words:
        return {"wconf": -1e9, "speech": 0.0, "outside": 0.0, "nwords": 0}
    wconf = min((score - _span_score(ap_segs, a, b)) / max(1, b - a + 1) for _, a, b, score in words)
    first, last = words[0][1], words[-1][2]
    db = _frame_db(audio)
    outside = 0.0
    if db.size:
        loud = db > db.max() - 20
        outside = (int(loud[: max(0, first - 5)].sum()) + int(loud[last + 6 :].sum())) / 100.0
    return {
        "wconf": wconf,
        "speech": sum(b - a + 1 for _, a, b, _ in words) / 100.0,
        "outside": outside,
        "nwords": len(words),
    }


class SphinxStream(_Stream):
    """One utterance being decoded by the three searches of a :class:`PocketSphinxRecognizer`.

    Holds the recognizer's lock from creation to :meth:`finish` (or :meth:`abort`). While the
    recognizer is cold (its first :data:`COLD_UTTERANCES` utterances) the audio is only kept,
    and decoded at the end with a cepstral mean taken from the utterance itself.
    """

    def __init__(self, rec: PocketSphinxRecognizer, ctx: VoiceContext):
        self.rec = rec
        self.ctx = ctx
        self._chunks: list[bytes] = []
        self._rng = np.random.default_rng(0)  # the same audio always gives the same result
        self._fed = 0  # bytes decoded in this utterance (the cmn_step points)
        self._step = 2 * int(rec.cmn_step * RATE) if rec.cmn_step else 0  # bytes between them
        rec._lock.acquire()
        self._open = True
        try:
            self.cold = rec._heard < COLD_UTTERANCES
            self.name, self.phrases, self.decoys = rec._search_for(ctx)
            rec.decoder.activate_search(self.name)
            for d in rec.decoders:
                d.start_utt()
        except BaseException:
            self.abort()
            raise

    def feed(self, audio: bytes) -> None:
        if not self._open or not audio:
            return
        self._chunks.append(audio)
        if self.cold:
            return  # decoded whole at the end
        step = self._step
        if not step:
            self._decode(audio)
            return
        while audio:  # the live mean updated at every step of the utterance's audio
            cut = step - self._fed % step
            piece, audio = audio[:cut], audio[cut:]
            self._decode(piece)
            self._fed += len(piece)
            if self._fed % step == 0:
                for d in self.rec.decoders:
                    d.get_cmn(True)

    def _decode(self, audio: bytes) -> None:
        audio = self._floor(audio)
        for d in self.rec.decoders:
            d.process_raw(audio, no_search=False, full_utt=False)

    def complete(self) -> str | None:
        """The command the grammar's decoder hears so far when the grammar knows it to be
        complete (a phrase of the grammar that no longer phrase of it continues: "play the
        five" goes on as "play the five of hearts", "the third card" does not), else None.
        None while the recognizer is cold (nothing is decoded before the end)."""
        if self.cold or not self._open or not self._chunks:
            return None
        prefixes = self.rec._prefixes.get(self.name)
        if prefixes is None:
            prefixes = {
                " ".join(w[:i])
                for p in list(self.phrases) + list(self.decoys)
                for w in [p.split()]
                for i in range(1, len(w))
            }
            self.rec._prefixes[self.name] = prefixes
        hyp = self.rec.decoder.hyp()
        heard = normalize(hyp.hypstr) if hyp is not None else ""
        return heard if heard in self.phrases and heard not in prefixes else None

    def _floor(self, audio: bytes) -> bytes:
        """Add a faint noise floor. Digital silence is not a sound a microphone makes, and the
        acoustic model scores it badly: on the corpus's clean clips a floor at -58 dBFS raised
        exact matches at the chosen thresholds from 66% to 89%. Under a real microphone's own
        noise it changes next to nothing. The floor follows the speech level: at most
        :data:`NOISE_FLOOR_DBFS`, and :data:`FLOOR_BELOW_PEAK_DB` below the peak of the speech
        last heard (of this utterance when it is decoded whole)."""
        a = np.frombuffer(audio[: len(audio) // 2 * 2], dtype="<i2").astype(np.float64)
        level = min(NOISE_FLOOR_DBFS, self.rec._peak_dbfs - FLOOR_BELOW_PEAK_DB)
        a += self._rng.standard_normal(a.size) * (32768 * 10 ** (level / 20))
        return np.clip(np.round(a), -32768, 32767).astype("<i2").tobytes()

    def abort(self) -> None:
        if self._open:
            self._open = False
            for d in self.rec.decoders:
                with contextlib.suppress(Exception):  # not in an utterance
                    d.end_utt()
            self.rec._lock.release()

    def evidence(self, stats: AudioStats | None = None) -> dict:
        """End the utterance and return the evidence dict."""
        rec = self.rec
        if not self._open:
            raise RuntimeError("stream already finished")
        try:
            if stats is None:
                stats = audio_stats(b"".join(self._chunks))
            d, pd, ld = rec.decoder, rec.phone_decoder, rec.loop_decoder
            if self.cold and self._chunks:
                # the whole utterance at once: batch CMN, which also seeds the live mean
                rec._peak_dbfs = stats.peak_dbfs
                audio = self._floor(b"".join(self._chunks))
                for x in (d, pd, ld):
                    x.process_raw(audio, no_search=False, full_utt=True)
            for x in (d, pd, ld):
                x.end_utt()
            hyp = d.hyp()
            heard = normalize(hyp.hypstr) if hyp is not None else ""
            g_score = rec._log(hyp.score) if hyp is not None else -1e9
            frames = max(1, d.n_frames())
            words = [
                (seg.word, seg.start_frame, seg.end_frame, rec._log(seg.ascore))
                for seg in (d.seg() or ())
                if seg.word not in _FILLERS and not seg.word.startswith(("+", "["))
            ]
            phones = [ph for w in words for ph in rec._phones(w[0])]
            ap = pd.hyp()
            ap_score = rec._log(ap.score) if ap is not None else -1e9
            ap_segs = [(seg.word, seg.start_frame, seg.end_frame, rec._log(seg.ascore)) for seg in (pd.seg() or ())]
            ap_phones = [w for w, *_ in ap_segs if w not in _FILLERS and not w.startswith("+")]
            lp = ld.hyp()
            loop_score = rec._log(lp.score) if lp is not None else -1e9
        finally:
            self._open = False
            rec._lock.release()
        kind = (
            "legal"
            if heard in self.phrases
            else "decoy"
            if heard in self.decoys
            else "empty"
            if not heard
            else "partial"
        )
        if stats.peak_dbfs < rec.thresholds.min_peak_dbfs or stats.active_seconds < rec.thresholds.min_active:
            return _quiet_evidence(stats)
        rec._heard += 1
        rec._peak_dbfs = stats.peak_dbfs
        audio = b"".join(self._chunks)
        ev = {
            "heard": heard,
            "kind": kind,
            "command": self.phrases.get(heard),
            "conf": (g_score - ap_score) / frames,
            "loop": (g_score - loop_score) / frames,
            "per": _edit_distance(ap_phones, phones) / max(1, len(phones)),
            "frames": frames,
            "seconds": stats.seconds,
            "peak_dbfs": stats.peak_dbfs,
            "active": stats.active_seconds,
            **_word_evidence(words, ap_segs, audio),
        }
        verdict, why = sphinx_decision(ev, rec.thresholds)
        return card_check(rec, ev, audio, verdict == "confirm" and why == "second check")


class PocketSphinxRecognizer(_Engine):
    """CMU PocketSphinx with the US English model shipped in its wheel.

    Three searches run over each utterance, each on its own decoder so they can run while the
    player speaks (:meth:`stream`): the phase grammar (legal phrases, decoys and an empty path;
    wide beams and no bestpath pass, as the probe found best), a free phone loop and a free word
    loop over the grammar's words. The two loops are the references for the confidence checks.

    The decoders adapt to the audio they hear: each keeps a live cepstral mean (streaming
    ``process_raw(full_utt=False)`` uses live CMN, seeded from ``cmninit`` and updated at the end
    of every utterance) and the front end's noise estimate (``remove_noise``). So the same clip
    can score differently depending on what this recognizer decoded before. That is deliberate:
    in a game both settle on the player's microphone and room within a few utterances, and on
    the benchmark corpus adapted decoding beats a fresh state for every utterance by far
    (docs/README-voice.md). :meth:`reset` returns to the fresh state when order must not matter.

    ``cmn_step`` (seconds; 0.1 in the game since 2026-12-05, None: off): the live mean is also
    updated during the utterance, every ``cmn_step`` seconds of its audio counted from its
    start (the same points whatever the block size), so a first take after a short pause is
    decoded with a mean that has already heard some of the utterance, as a second decoding
    after a failed take would be (docs/README-voice.md, "Now").
    """

    name = "pocketsphinx"
    #: the default for every recognizer (bench_voice.py --cmn-step sets it before its workers;
    #: --cmn-step 0 turns it off)
    cmn_step: float | None = 0.1

    def __init__(
        self,
        thresholds: SphinxThresholds = DEFAULT_SPHINX_THRESHOLDS,
        hmm: str | None = None,
        dictionary: str | None = None,
    ):
        try:
            from pocketsphinx import Decoder, get_model_path
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise VoiceError(INSTALL_VOICE) from exc
        from spoken_cribbage.vocabulary import vocabulary

        self.thresholds = thresholds
        model = get_model_path()
        self.hmm = hmm or os.path.join(model, "en-us", "en-us")
        self.dictionary = dictionary or os.path.join(model, "en-us", "cmudict-en-us.dict")
        wide = dict(beam=1e-80, pbeam=1e-80, wbeam=1e-60)
        try:
            common = dict(hmm=self.hmm, dict=self.dictionary, lm=None, bestpath=False, topn=8, loglevel="FATAL")
            self.decoder = Decoder(**common, **wide)
            # the phone loop and the word loop (the grammar's words and everyday English) load a
            # dictionary of just those words: 0.3 s less than the whole dictionary each
            with tempfile.TemporaryDirectory() as folder:
                lex = os.path.join(folder, "loop.dict")
                entries = _loop_entries(self.dictionary, vocabulary() | common_words())
                with open(lex, "w", encoding="utf-8") as f:
                    f.writelines(f"{w} {phones}\n" for w, phones in entries)
                self.phone_decoder = Decoder(**{**common, "dict": lex}, **wide)
                # narrower beams and a cap on the active HMMs for the loop: the full search cost
                # 2.5 times the whole recognizer's time on the bench's clips
                self.loop_decoder = Decoder(
                    **{**common, "dict": lex}, beam=1e-30, wbeam=1e-20, pbeam=1e-30, maxhmmpf=3000, maxwpf=5
                )
            # (the words the model's dictionary has: as measured, without PRONUNCIATIONS' own)
            words = sorted({w.split("(")[0] for w, _ in entries} - set(PRONUNCIATIONS))
            self.loop_decoder.add_jsgf_string(
                "loop", "#JSGF V1.0;\ngrammar loop;\npublic <loop> = <NULL> | ( {} )+ ;\n".format(" | ".join(words))
            )
            self.loop_decoder.activate_search("loop")
            self.phone_decoder.add_allphone_file("allphone", os.path.join(model, "en-us", "en-us-phone.lm.bin"))
            self.phone_decoder.activate_search("allphone")
        except Exception as exc:  # noqa: BLE001 - pocketsphinx raises bare RuntimeError
            raise VoiceError("voice.pocketsphinx_unloadable", error=str(exc)) from exc
        try:
            self.card_check: CardCheck | None = CardCheck(self.hmm, self.dictionary)
        except Exception as exc:  # noqa: BLE001
            raise VoiceError("voice.pocketsphinx_unloadable", error=str(exc)) from exc
        for d in self.decoders:
            for word, phones in PRONUNCIATIONS.items():
                if not d.lookup_word(word):
                    d.add_word(word, phones, True)
        self.logmath = self.decoder.get_logmath()
        self._searches: OrderedDict[tuple, tuple[str, dict[str, str], frozenset[str]]] = OrderedDict()
        self._prefixes: dict[str, set[str]] = {}  # search name -> its phrases' proper prefixes
        self._n = 0
        self._pron: dict[str, list[str]] = {}
        self._lock = threading.RLock()
        self._heard = 0  # utterances with speech decoded since loading or reset()
        self._peak_dbfs = -6.0  # the peak of the speech last heard (the noise floor follows it)

    def describe(self) -> Notice:
        return Notice("voice.using_pocketsphinx")

    # -- grammar ------------------------------------------------------------------------------
    def _search_for(self, ctx: VoiceContext) -> tuple[str, dict[str, str], frozenset[str]]:
        key = (ctx.phase, ctx.hand, ctx.can_go, self.thresholds.use_decoys)
        hit = self._searches.get(key)
        if hit is not None:
            self._searches.move_to_end(key)
            return hit
        phrases = phrases_for(ctx)
        decoys = frozenset(decoys_for(ctx)) if self.thresholds.use_decoys else frozenset()
        alts = " | ".join(list(phrases) + sorted(decoys))
        self._n += 1
        name = f"cmd{self._n}"
        jsgf = f"#JSGF V1.0;\ngrammar cmd;\npublic <cmd> = <NULL> | {alts} ;\n"
        self.decoder.add_jsgf_string(name, jsgf)
        entry = (name, phrases, decoys)
        self._searches[key] = entry
        while len(self._searches) > _SEARCH_CACHE:
            _, (old, _, _) = self._searches.popitem(last=False)
            self._prefixes.pop(old, None)
            with contextlib.suppress(Exception):  # an active search cannot be removed; harmless
                self.decoder.remove_search(old)
        return entry

    def prepare(self, ctx: VoiceContext) -> None:
        """Build the grammar for ``ctx`` ahead of time (a few ms; optional)."""
        with self._lock:
            self._search_for(ctx)

    @property
    def decoders(self) -> tuple:
        """The three decoders every utterance goes through: the grammar, the phone loop and the
        word loop."""
        return self.decoder, self.phone_decoder, self.loop_decoder

    def reset(self) -> None:
        """Forget what earlier utterances taught the decoders (the live cepstral mean and the
        noise estimate): the next utterance is decoded exactly as by a newly loaded recognizer.
        Not needed in a game (adaptation helps); for tests and tools that must not depend on
        the order of the clips."""
        with self._lock:
            for d in self.decoders:
                d.reinit_feat()
            self._heard = 0
            self._peak_dbfs = -6.0

    def _log(self, p: float) -> float:
        return float(self.logmath.log(p)) if p > 0 else -1e9

    def _phones(self, word: str) -> list[str]:
        hit = self._pron.get(word)
        if hit is None:
            hit = (self.decoder.lookup_word(word) or "").split()
            self._pron[word] = hit
        return hit

    # -- decoding -----------------------------------------------------------------------------
    def stream(self, ctx: VoiceContext) -> SphinxStream:
        """Start decoding an utterance as it arrives; ``feed`` audio, then ``finish()``."""
        return SphinxStream(self, ctx)

    def analyse(self, audio: bytes, ctx: VoiceContext) -> dict:
        """Decode one utterance and return the evidence (used by :meth:`recognize` and the
        benchmark). Audio is fed in 0.1 s blocks, exactly as the microphone path does."""
        stats = audio_stats(audio)
        if stats.peak_dbfs < self.thresholds.min_peak_dbfs or stats.active_seconds < self.thresholds.min_active:
            return _quiet_evidence(stats)
        s = self.stream(ctx)
        try:
            for i in range(0, len(audio), 3200):
                s.feed(audio[i : i + 3200])
        except BaseException:
            s.abort()
            raise
        return s.evidence(stats)

    def decide(self, ev: dict) -> Recognition:
        """Apply the rejection rules to the evidence from :meth:`analyse`."""
        heard, conf = ev["heard"], ev["conf"]
        verdict, reason = sphinx_decision(ev, self.thresholds)
        if verdict == "reject":
            return _reject(
                "" if ev["kind"] == "quiet" else heard, reason, conf if reason == "low confidence" else None, ev
            )
        return Recognition(True, heard, ev["command"], conf, reason, ev, confirm=verdict == "confirm")

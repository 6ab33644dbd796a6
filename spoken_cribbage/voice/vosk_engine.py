"""The vosk engine: a vosk (Kaldi) model the player supplies, restricted to the phase's phrases;
pocketsphinx checks its card words before a card is played unasked."""

from __future__ import annotations

import atexit
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from spoken_cribbage.notice import Notice
from spoken_cribbage.vocabulary import VoiceContext, decoys_for, normalize, phrases_for
from spoken_cribbage.voice.recognition import (
    _ACTIONS,
    INSTALL_VOICE,
    RATE,
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
class VoskThresholds:
    """Rejection settings for :class:`VoskRecognizer`.

    ``margin``: score difference between vosk's best and second-best alternative (lattice
    N-best); in grammar mode vosk's per-word confidences are nearly always 1.0, so they carry
    no information, while a close runner-up does.
    """

    margin: float = 2.0
    min_peak_dbfs: float = -45.0
    min_active: float = 0.12
    alternatives: int = 3


class VoskStream(_Stream):
    """One utterance being decoded by a :class:`VoskRecognizer` (holds its lock until finished)."""

    def __init__(self, rec: VoskRecognizer, ctx: VoiceContext):
        self.rec = rec
        self._chunks: list[bytes] = []
        rec._lock.acquire()
        self._open = True
        try:
            self.kaldi, self.phrases, self.decoys = rec._recognizer_for(ctx)
        except BaseException:
            self.abort()
            raise

    def feed(self, audio: bytes) -> None:
        if self._open and audio:
            self._chunks.append(audio)
            self.kaldi.AcceptWaveform(audio)

    def abort(self) -> None:
        if self._open:
            self._open = False
            try:
                kaldi = getattr(self, "kaldi", None)
                if kaldi is not None:
                    kaldi.Reset()
            except Exception:  # noqa: BLE001
                pass
            finally:
                self.rec._lock.release()

    def evidence(self) -> dict:
        if not self._open:
            raise RuntimeError("stream already finished")
        try:
            result = json.loads(self.kaldi.FinalResult())
            self.kaldi.Reset()
        finally:
            self._open = False
            self.rec._lock.release()
        stats = audio_stats(b"".join(self._chunks))
        alts = result.get("alternatives") or [{"text": result.get("text", ""), "confidence": 0.0}]
        heard = normalize(alts[0].get("text", ""))
        top = float(alts[0].get("confidence", 0.0))
        margin = top - float(alts[1].get("confidence", 0.0)) if len(alts) > 1 else float("inf")
        if "unk" in heard.split():
            kind = "unknown"
        elif heard in self.phrases:
            kind = "legal"
        elif heard in self.decoys:
            kind = "decoy"
        else:
            kind = "empty" if not heard else "partial"
        ev = {
            "heard": heard,
            "kind": kind,
            "command": self.phrases.get(heard),
            "margin": margin,
            "score": top,
            "seconds": stats.seconds,
            "peak_dbfs": stats.peak_dbfs,
            "active": stats.active_seconds,
        }
        ready = self.rec._verdict(ev) == ("confirm", "second check")
        return card_check(self.rec, ev, b"".join(self._chunks), ready)


class VoskRecognizer(_Engine):
    """Vosk (Kaldi) with a model folder the user supplies, restricted by a phrase list.

    ``phrases`` optionally replaces the English phase grammar with a fixed phrase -> command map
    (used to prove the adapter with a model in another language); ``decoys`` then lists phrases
    that are recognised and rejected.
    """

    name = "vosk"

    def __init__(
        self,
        model_path: str | os.PathLike,
        thresholds: VoskThresholds = VoskThresholds(),
        phrases: dict[str, str] | None = None,
        decoys: Iterable[str] = (),
    ):
        path = Path(model_path)
        if not path.is_dir() or not any((path / p).exists() for p in ("am", "final.mdl", "graph")):
            raise VoiceError("voice.not_a_vosk_model", path=str(path))
        try:
            import vosk
        except ImportError as exc:  # pragma: no cover
            raise VoiceError(INSTALL_VOICE) from exc
        vosk.SetLogLevel(-1)
        try:
            # pocketsphinx (always installed with the voice extra) checks vosk's card words
            self.card_check: CardCheck | None = CardCheck()
        except Exception:  # noqa: BLE001 - without it every card action is asked about first
            self.card_check = None
        try:
            self.model = vosk.Model(str(path))
        except Exception as exc:  # noqa: BLE001
            raise VoiceError("voice.vosk_model_unloadable", path=str(path)) from exc
        self._vosk = vosk
        self.model_path = path
        self.thresholds = thresholds
        self.fixed_phrases = dict(phrases) if phrases is not None else None
        self.fixed_decoys = tuple(decoys)
        self._vocab_cache: dict[str, bool] = {}
        self._recs: OrderedDict = OrderedDict()
        self._lock = threading.RLock()
        # free the Kaldi objects before the interpreter tears the vosk module down (else vosk's
        # destructors print errors on the way out)
        atexit.register(self.close)
        if self.fixed_phrases is None:
            missing = [w for w in ("play", "discard", "five", "hearts", "card", "go") if not self.known(w)]
            if len(missing) > 2:
                raise VoiceError("voice.vosk_model_not_english", path=str(path), missing=tuple(missing))

    def describe(self) -> Notice:
        return Notice("voice.using_vosk", model=self.model_path.name)

    def close(self) -> None:
        """Release the model (the recognizer cannot be used afterwards)."""
        with self._lock:
            self._recs.clear()
            self.model = None

    def known(self, word: str) -> bool:
        """Whether the model's vocabulary has ``word`` (grammar words must be in it)."""
        hit = self._vocab_cache.get(word)
        if hit is None:
            hit = self.model.vosk_model_find_word(word) >= 0
            self._vocab_cache[word] = hit
        return hit

    def _grammar(self, ctx: VoiceContext) -> tuple[dict[str, str], list[str]]:
        if self.fixed_phrases is not None:
            phrases, decoys = self.fixed_phrases, list(self.fixed_decoys)
        else:
            phrases, decoys = phrases_for(ctx), decoys_for(ctx)
        usable = lambda p: all(self.known(w) for w in p.split())  # noqa: E731
        phrases = {p: c for p, c in phrases.items() if usable(p)}
        decoys = [p for p in decoys if usable(p)]
        return phrases, decoys

    def _recognizer_for(self, ctx: VoiceContext):
        key = (ctx.phase, ctx.hand, ctx.can_go) if self.fixed_phrases is None else None
        hit = self._recs.get(key)
        if hit is None:
            phrases, decoys = self._grammar(ctx)
            grammar = list(phrases) + decoys + (["[unk]"] if self.known("[unk]") else [])
            rec = self._vosk.KaldiRecognizer(self.model, RATE, json.dumps(grammar, ensure_ascii=False))
            rec.SetMaxAlternatives(self.thresholds.alternatives)
            hit = (rec, phrases, frozenset(decoys))
            self._recs[key] = hit
            while len(self._recs) > 8:
                self._recs.popitem(last=False)
        else:
            self._recs.move_to_end(key)
        return hit

    def stream(self, ctx: VoiceContext) -> VoskStream:
        """Start decoding an utterance as it arrives; ``feed`` audio, then ``finish()``."""
        return VoskStream(self, ctx)

    def analyse(self, audio: bytes, ctx: VoiceContext) -> dict:
        s = self.stream(ctx)
        for i in range(0, len(audio), 3200):
            s.feed(audio[i : i + 3200])
        return s.evidence()

    def _verdict(self, ev: dict) -> tuple[str, str]:
        t = self.thresholds
        if ev["peak_dbfs"] < t.min_peak_dbfs or ev["active"] < t.min_active:
            return "reject", "too quiet or too short"
        if ev["kind"] != "legal":
            return "reject", f"{ev['kind']} hypothesis"
        if ev["margin"] < t.margin:
            return "reject", "low confidence"
        if (ev["command"] or "").startswith(_ACTIONS):
            # a card named by its rank alone ("the nine", "play the nine") is asked about
            # first, as with pocketsphinx: a lone number word sounds the same
            if _bare_rank(ev["heard"]):
                return "confirm", "rank alone"
            if _by_ordinal(ev["heard"]):
                return "confirm", "ordinal"
            # vosk's choice of card is done unasked only when pocketsphinx's second check of
            # the card words, on the same audio, agrees (voice/verify.py)
            if not ev.get("check_agree"):
                return "confirm", "second check"
        return "accept", ""

    def decide(self, ev: dict) -> Recognition:
        verdict, why = self._verdict(ev)
        if verdict == "reject":
            return _reject(
                "" if why == "too quiet or too short" else ev["heard"],
                why,
                ev["margin"] if why == "low confidence" else None,
                ev,
            )
        return Recognition(True, ev["heard"], ev["command"], ev["margin"], why, ev, confirm=verdict == "confirm")

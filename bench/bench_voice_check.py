"""The thresholds of the voice set-up check (spoken_cribbage/voice/check.py), measured.

    python bench/bench_voice_check.py            # every in-grammar human clip, 6 gains x 4 rooms
    python bench/bench_voice_check.py --quick    # 0, -20 and -30 dB in 2 rooms

Uses the real human recordings of ../shared/data/voice-human (testkit/voice_human.py; sox
converts the FLAC and changes the gain) and sox pink noise for the room. Prints:

1. commands understood by speech level (5 dB bins) and by signal-to-noise ratio: each clip goes
   through the check's own path (2 s of room, measured over 1 s of it, the clip, 1.5 s of room; the game's segmenter and
   the pocketsphinx recognizer, reset before each clip, in the clip's context), and the check's
   own figures (speech level, room level) are tabulated;
2. noise alone in continuous listening: utterances opened, and commands accepted, per minute of
   pink noise at each level (a play context);
3. clipping: clipped runs per clip at its own level and 10 dB louder (sox clips it).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

from spoken_cribbage.engine.cards import parse_cards  # noqa: E402
from spoken_cribbage.vocabulary import VoiceContext, phrases_for  # noqa: E402
from spoken_cribbage.voice import check  # noqa: E402
from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer  # noqa: E402
from testkit import voice_human as vh  # noqa: E402

RATE = 16000


def room(seconds: float, dbfs: float, seed: int = 1) -> np.ndarray:
    """Pink noise (sox) scaled to ``dbfs`` RMS."""
    raw = subprocess.run(
        [
            "sox",
            "-R",
            "-n",
            "-t",
            "raw",
            "-r",
            str(RATE),
            "-c",
            "1",
            "-b",
            "16",
            "-e",
            "signed-integer",
            "-L",
            "-",
            "synth",
            f"{seconds:.3f}",
            "pinknoise",
        ],
        capture_output=True,
        check=True,
    ).stdout
    a = np.frombuffer(raw, "<i2").astype(np.float64)
    a = np.roll(a, seed * 7919)
    return a * (32768 * 10 ** (dbfs / 20) / max(1e-9, float(np.sqrt(np.mean(a * a)))))


def pcm(a: np.ndarray) -> bytes:
    return np.clip(np.round(a), -32768, 32767).astype("<i2").tobytes()


def in_room(clip: bytes, noise_dbfs: float, lead: float = 2.0, tail: float = 1.5) -> bytes:
    speech = np.frombuffer(clip, "<i2").astype(np.float64)
    a = np.concatenate([np.zeros(int(lead * RATE)), speech, np.zeros(int(tail * RATE))])
    return pcm(a + room(a.size / RATE + 0.05, noise_dbfs)[: a.size])


def blocks(audio: bytes, size: int = 960):
    return (audio[i : i + size] for i in range(0, len(audio), size))


def context(row: vh.Row) -> VoiceContext:
    if row.phase in ("play", "discard"):
        return VoiceContext.of(row.phase, parse_cards(row.hand))
    return VoiceContext(row.phase)


def commands(gains, noises) -> list[dict]:
    rec = PocketSphinxRecognizer()
    check.QUIET_SECONDS = 1.0  # the room is measured on 1 s here (3 s in the check)
    out = []
    rows = [r for r in vh.rows() if r.must_accept]
    for row in rows:
        ctx = context(row)
        prompt = check.Prompt(row.phrase, ctx, phrases_for(ctx)[row.phrase])
        for gain in gains:
            clip = vh.pcm(row.file, gain)
            for noise in noises:
                rec.reset()
                r = check.run_check(blocks(in_room(clip, noise)), rec, prompts=[prompt])
                o = r.outcomes[0] if r.outcomes else None
                out.append(
                    {
                        "file": row.file,
                        "gain": gain,
                        "room": noise,
                        "noise": r.noise_dbfs,
                        "level": o.level_dbfs if o else None,
                        "snr": r.snr_db,
                        "ok": bool(o and o.result == "matched"),
                        "result": o.result if o else "nothing",
                    }
                )
    return out


def table(title: str, rows: list[dict], key, bins) -> None:
    print(f"\n{title}")
    print(f"{'bin':>14} {'clips':>6} {'understood':>11} {'not heard':>10}")
    counts = defaultdict(lambda: [0, 0, 0])
    for r in rows:
        k = key(r)
        if k is None:
            b = "no speech"
        else:
            lo = max(x for x in bins if x <= k) if k >= bins[0] else None
            b = f"< {bins[0]}" if lo is None else f"{lo} to {lo + bins[1] - bins[0]}"
        c = counts[b]
        c[0] += 1
        c[1] += r["ok"]
        c[2] += r["result"] == "nothing"
    order = [f"< {bins[0]}"] + [f"{x} to {x + bins[1] - bins[0]}" for x in bins] + ["no speech"]
    for b in order:
        if b in counts:
            n, ok, none = counts[b]
            print(f"{b:>14} {n:6d} {100 * ok / n:10.0f}% {100 * none / n:9.0f}%")


def noise_alone(levels, seconds: float = 60.0) -> None:
    from spoken_cribbage.voice.microphone import Listener, Segmenter

    rec = PocketSphinxRecognizer()
    ctx = VoiceContext.of("play", parse_cards("5H 10C JD KS"))
    print(f"\nNoise alone, continuous listening ({seconds:.0f} s of pink noise each)")
    print(f"{'room dBFS':>10} {'measured':>9} {'utterances/min':>15} {'accepted/min':>13}")
    for level in levels:
        audio = pcm(room(seconds, level, seed=3))
        measured = check.room_level(audio[: 3 * RATE * 2])
        seg = Segmenter()
        listener = Listener(rec, lambda: ctx, segmenter=seg)
        starts = accepted = 0
        for b in blocks(audio):
            events = seg.feed(b)
            starts += sum(k == "start" for k, _ in events)
            accepted += sum(r.accepted for r, _ in listener.handle(events))
        print(f"{level:10.0f} {measured:9.1f} {starts * 60 / seconds:15.1f} {accepted * 60 / seconds:13.1f}")


def clipping() -> None:
    print("\nClipped runs per clip (runs of 3+ samples at -0.2 dBFS or more)")
    rows = [r for r in vh.rows() if r.must_accept]
    for gain in (0, 6, 10):
        runs = [check.clipped_runs(vh.pcm(r.file, gain)) for r in rows]
        flagged = sum(x >= check.CLIP_RUNS for x in runs)
        print(
            f"  gain {gain:+3d} dB: median {np.median(runs):.0f}, max {max(runs)}, "
            f"{flagged} of {len(runs)} at or above {check.CLIP_RUNS}"
        )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--save", metavar="JSON", help="write every check's figures to this file")
    args = ap.parse_args()
    if not vh.available():
        print("needs sox and ../shared/data/voice-human")
        return 2
    gains = (0, -20, -30) if args.quick else (0, -10, -20, -25, -30, -35)
    noises = (-65, -45) if args.quick else (-75, -60, -45, -35)
    t = time.time()
    rows = commands(gains, noises)
    print(f"{len(rows)} checks in {time.time() - t:.0f} s")
    table(
        "Understood by the speech level the check measured (dBFS)", rows, lambda r: r["level"], list(range(-60, -5, 5))
    )
    table("Understood by signal-to-noise ratio (dB)", rows, lambda r: r["snr"], list(range(0, 70, 5)))
    table(
        "Understood by speech level, rooms at -60 dBFS or quieter",
        [r for r in rows if r["room"] <= -60],
        lambda r: r["level"],
        list(range(-60, -5, 5)),
    )
    table(
        f"Understood by signal-to-noise ratio, speech at {check.QUIET_VOICE_DBFS:.0f} dBFS or louder",
        [r for r in rows if r["level"] is not None and r["level"] >= check.QUIET_VOICE_DBFS],
        lambda r: r["snr"],
        list(range(0, 70, 5)),
    )
    if args.save:
        Path(args.save).write_text(json.dumps(rows, indent=0))
    by_gain = defaultdict(list)
    for r in rows:
        by_gain[(r["gain"], r["room"])].append(r)
    print("\nBy gain and room: understood %, speech level median (dBFS)")
    for (gain, rm), rs in sorted(by_gain.items(), key=lambda kv: (-kv[0][0], kv[0][1])):
        levels = [r["level"] for r in rs if r["level"] is not None]
        med = f"{np.median(levels):6.1f}" if levels else "   -  "
        print(f"  gain {gain:4d}  room {rm:4d}: {100 * sum(r['ok'] for r in rs) / len(rs):4.0f}%  level {med}")
    noise_alone((-75, -65, -55, -50, -45, -40, -35, -30), 20.0 if args.quick else 60.0)
    clipping()
    return 0


if __name__ == "__main__":
    sys.exit(main())

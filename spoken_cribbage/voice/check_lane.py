"""The card check's second lane in a process of its own (:class:`ProcessLane`).

pocketsphinx 5.1.1 holds Python's lock while it decodes, so the card check's stages cannot
run side by side in threads (voice/verify.py). In a second process they can: the check's
nearest rival and best beginning of a phrase (two grammar searches and two alignments, about
110 of its 180 ms) are found there while this process finds the grammar's choice and aligns
the phrase. The outcome is the same as one after the other: the same searches on the same
audio, each from a fresh front end. (:class:`Lane`: one grammar decoder and one aligner, in
either process.)

The child is ``python -m spoken_cribbage.voice.check_lane``, talking over its standard input
and output (pickles, one request at a time; it ends when its input closes, so it never
outlives the game). Until it has loaded its model, and whenever it fails, the check does the
work here, as before: a lane that is not ready costs time, never a different answer.
"""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import queue
import subprocess
import sys
import tempfile
import threading
from collections import OrderedDict
from typing import Any

from spoken_cribbage.vocabulary import normalize

__all__ = ["Lane", "ProcessLane", "rival_side"]

#: Seconds to wait for the child's answer before the work is done here instead (a child
#: that hangs is stopped; a check takes a tenth of a second).
ANSWER_TIMEOUT = 5.0


class Lane:
    """One grammar decoder and one aligner, with the grammar searches made for them."""

    def __init__(self, hmm: str, lex: str, extra: dict):
        from pocketsphinx import Decoder

        self.decoder = Decoder(
            hmm=hmm,
            dict=lex,
            lm=None,
            bestpath=False,
            topn=8,
            beam=1e-80,
            pbeam=1e-80,
            wbeam=1e-60,
            loglevel="FATAL",
            **extra,
        )
        # the alignment stage's own decoder (a search of its own for every phrase aligned)
        self.aligner = Decoder(hmm=hmm, dict=lex, lm=None, bestpath=False, loglevel="FATAL", **extra)
        self.logmath = self.decoder.get_logmath()
        self._searches: OrderedDict[str, str] = OrderedDict()
        self._n = 0

    @classmethod
    def from_lexicon(cls, hmm: str, lexicon: list[str], extra: dict) -> Lane:
        """A lane whose dictionary is ``lexicon`` (the dictionary's lines, written to a file the
        decoders read while they load)."""
        with tempfile.TemporaryDirectory() as folder:
            lex = os.path.join(folder, "cards.dict")
            with open(lex, "w", encoding="utf-8") as f:
                f.writelines(lexicon)
            return cls(hmm, lex, extra)

    def _search(self, key: str) -> str:
        name = self._searches.get(key)
        if name is None:
            self._n += 1
            name = f"check{self._n}"
            self.decoder.add_jsgf_string(name, f"#JSGF V1.0;\ngrammar check;\npublic <c> = {key} ;\n")
            self._searches[key] = name
            while len(self._searches) > 32:
                _, old = self._searches.popitem(last=False)
                with contextlib.suppress(Exception):  # harmless
                    self.decoder.remove_search(old)
        else:
            self._searches.move_to_end(key)
        return name

    def decode(self, audio: bytes, grammar: str) -> tuple[str, float, int]:
        """The best phrase of ``grammar`` (a JSGF rule's body) in the audio, its score and the
        utterance's frames."""
        d = self.decoder
        d.activate_search(self._search(grammar))
        d.reinit_feat()  # a fresh front end: nothing carried over from earlier utterances
        d.start_utt()
        d.process_raw(audio, no_search=False, full_utt=True)
        d.end_utt()
        hyp, frames = d.hyp(), max(1, d.n_frames())
        if hyp is None:
            return "", -math.inf, frames
        score = float(self.logmath.log(hyp.score)) if hyp.score > 0 else -math.inf
        return normalize(hyp.hypstr), score, frames

    def align(self, audio: bytes, text: str) -> float:
        """The score of ``text`` forced over the whole utterance (pocketsphinx's alignment
        search: the words in order, silence between them allowed), from a fresh front end."""
        return self.align_words(audio, text)[0]

    def align_words(self, audio: bytes, text: str) -> tuple[float, list[tuple[str, int, int]]]:
        """:meth:`align`, and each word's first and last 10 ms frame in that alignment."""
        d = self.aligner
        d.set_align_text(text)
        d.reinit_feat()
        d.start_utt()
        d.process_raw(audio, no_search=False, full_utt=True)
        d.end_utt()
        hyp = d.hyp()
        if hyp is None or hyp.score <= 0:
            return -math.inf, []
        words = [(seg.word.split("(")[0], seg.start_frame, seg.end_frame) for seg in (d.seg() or [])]
        return float(self.logmath.log(hyp.score)), words


def rival_side(lane: Any, audio: bytes, rv: str, starts: str) -> tuple[str, float, float, str, float]:
    """The nearest rival (the best of the rivals alone), its grammar score and its alignment;
    and the best beginning of a phrase (the best of ``starts`` alone) and its alignment."""
    rival, score, _ = lane.decode(audio, rv)
    other = lane.align(audio, rival) if rival else -math.inf
    start = lane.decode(audio, starts)[0] if starts else ""
    return rival, score, other, start, lane.align(audio, start) if start else -math.inf


class ProcessLane:
    """:func:`rival_side` in a child process. Start it with the decoder's model (``hmm``), the
    dictionary's lines and the other decoder settings; :meth:`submit` a request and
    :meth:`result` its answer (None: not ready, failed or too slow; do the work here)."""

    def __init__(self, hmm: str, lexicon: list[str], extra: dict) -> None:
        self._answers: queue.Queue = queue.Queue()
        self._ready = threading.Event()
        self._dead = False
        self._waiting = False
        self.answered = 0  # requests the child answered (tests)
        # the child finds this package where this process found it, and stays out of the
        # terminal's way: no keys, no Control-C, nothing printed (its own session on POSIX)
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=path)
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "spoken_cribbage.voice.check_lane"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=os.name == "posix",
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # Windows: no console window
        )
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._send((hmm, lexicon, extra))
        threading.Thread(target=self._read, args=(self._proc.stdout,), name="card-check-lane", daemon=True).start()

    @property
    def ready(self) -> bool:
        """The child has loaded its model and has not failed."""
        return self._ready.is_set() and not self._dead

    def wait_ready(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the child (tests and benchmarks)."""
        self._ready.wait(timeout)
        return self.ready

    def _send(self, message: Any) -> None:
        stdin = self._proc.stdin
        assert stdin is not None
        pickle.dump(message, stdin, protocol=pickle.HIGHEST_PROTOCOL)
        stdin.flush()

    def _read(self, stdout) -> None:
        try:
            while True:
                message = pickle.load(stdout)
                if message == "ready":
                    self._ready.set()
                else:
                    self._answers.put(message)
        except Exception:  # noqa: BLE001 - EOF or a broken child: the work is done here
            self._dead = True
            self._answers.put(None)
            self._ready.set()

    def submit(self, audio: bytes, rv: str, starts: str) -> bool:
        """Send a request; False when the lane cannot take it (the caller does the work)."""
        if not self.ready or self._waiting:
            return False
        try:
            self._send((audio, rv, starts))
        except Exception:  # noqa: BLE001
            self.close()
            return False
        self._waiting = True
        return True

    def result(self) -> tuple[str, float, float, str, float] | None:
        """The answer to the request sent (None: the child failed or took too long, and is
        stopped: the caller does the work)."""
        self._waiting = False
        try:
            got = self._answers.get(timeout=ANSWER_TIMEOUT)
        except queue.Empty:
            got = None
        if not (isinstance(got, tuple) and len(got) == 2 and got[0] == "ok"):
            self.close()
            return None
        self.answered += 1
        return got[1]

    def close(self) -> None:
        """Stop the child (it also ends by itself when this process closes its input)."""
        self._dead = True
        with contextlib.suppress(Exception):
            if self._proc.stdin is not None:
                self._proc.stdin.close()
        with contextlib.suppress(Exception):
            self._proc.kill()
            self._proc.wait(timeout=2)

    def __del__(self) -> None:  # pragma: no cover - interpreter shutdown
        with contextlib.suppress(Exception):
            self.close()


def _serve() -> None:
    """The child: load a lane, then answer :func:`rival_side` requests until input closes."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the game's keys are the game's
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    # nothing but pickles may reach the parent: anything printed goes to the error stream
    sys.stdout = sys.stderr
    lane = Lane.from_lexicon(*pickle.load(stdin))
    pickle.dump("ready", stdout)
    stdout.flush()
    while True:
        try:
            audio, rv, starts = pickle.load(stdin)
        except EOFError:
            return
        try:
            answer: tuple = ("ok", rival_side(lane, audio, rv, starts))
        except Exception as exc:  # noqa: BLE001 - the parent does the work instead
            answer = ("error", str(exc))
        pickle.dump(answer, stdout, protocol=pickle.HIGHEST_PROTOCOL)
        stdout.flush()


if __name__ == "__main__":
    _serve()

"""Speech priorities (NVDA's NOW / NEXT / NORMAL) as the one speech worker keeps them, with a fake
engine whose utterances last until the test lets them end: NOW cuts off what is said and what
waits, NEXT goes before what waits at NORMAL without cutting anything off, NORMAL waits its
turn, and the bounded queue drops a NORMAL utterance before a NEXT one."""

from __future__ import annotations

import threading
import time

import pytest

from spoken_cribbage.notice import Notice
from spoken_cribbage.speech import MAX_QUEUED, Priority, SpeechWorker
from spoken_cribbage.speech.worker import Utterance


class GatedWorker(SpeechWorker):
    """Speaks an utterance until the test opens the gate (or it is cancelled); records the
    utterances begun and how each ended."""

    thread_name = "speech-test"

    def __init__(self) -> None:
        self.begun: list[str] = []
        self.ended: list[tuple[str, bool]] = []
        self.gate = threading.Semaphore(0)
        self.speaking_now = threading.Event()
        super().__init__()
        self.status = Notice("speech.recording")
        self.description = "gated test worker"

    def _open(self) -> None:
        self._voices = []

    def _apply(self, name: str, value: object) -> None:
        pass

    def _speak(self, utt: Utterance) -> bool:
        self.begun.append(utt.text)
        self.speaking_now.set()
        done = False
        while not utt.cancel.is_set():
            if self.gate.acquire(timeout=0.01):
                done = True
                break
        self.speaking_now.clear()
        self.ended.append((utt.text, done))
        return done

    def finish(self, n: int) -> None:
        """Let ``n`` utterances end, one after another."""
        for _ in range(n):
            assert _wait(self.speaking_now.is_set)
            count = len(self.ended)
            self.gate.release()
            assert _wait(lambda count=count: len(self.ended) > count)


def _wait(cond, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.005)
    return False


@pytest.fixture
def worker():
    w = GatedWorker()
    yield w
    w.close()


def test_next_goes_before_what_waits_at_normal_and_cuts_nothing_off(worker):
    worker.say("Long announcement.", priority=Priority.NORMAL)
    assert _wait(worker.speaking_now.is_set)
    worker.say("Normal one.", priority=Priority.NORMAL)
    worker.say("Next one.", priority=Priority.NEXT)
    worker.say("Next two.", priority=Priority.NEXT)
    worker.finish(4)
    assert worker.begun == ["Long announcement.", "Next one.", "Next two.", "Normal one."]
    assert all(done for _, done in worker.ended)  # nothing was cut off


def test_now_cuts_off_what_is_said_and_what_waits(worker):
    worker.say("Long announcement.", priority=Priority.NORMAL)
    assert _wait(worker.speaking_now.is_set)
    worker.say("Waiting.", priority=Priority.NORMAL)
    worker.say("Waiting next.", priority=Priority.NEXT)
    worker.say("The answer.")  # NOW is the default
    assert _wait(lambda: worker.ended == [("Long announcement.", False)])  # cut at once
    worker.finish(1)
    assert worker.begun == ["Long announcement.", "The answer."]
    assert worker.ended == [("Long announcement.", False), ("The answer.", True)]


def test_a_full_queue_drops_the_oldest_normal_utterance_before_a_next_one(worker):
    worker.say("Speaking.", priority=Priority.NORMAL)
    assert _wait(worker.speaking_now.is_set)
    worker.say("Warning.", priority=Priority.NEXT)
    for i in range(MAX_QUEUED):
        worker.say(f"Card {i}.", priority=Priority.NORMAL)
    assert worker.dropped == 1
    worker.finish(1 + MAX_QUEUED)
    assert worker.begun == ["Speaking.", "Warning."] + [f"Card {i}." for i in range(1, MAX_QUEUED)]

"""The card check's second lane in a process of its own (voice/check_lane.py): the same
answers as one lane after the other, and a child that fails or hangs costs time, never a
different answer or a stuck game."""

from __future__ import annotations

import os
import signal

import pytest

from spoken_cribbage.voice import check_lane, recognizers
from spoken_cribbage.voice.verify import CardCheck
from testkit.voice_corpus import session_corpus, tools_available

pytestmark = pytest.mark.skipif(not tools_available(), reason="needs espeak-ng, flite and sox")

#: (said, heard): right ones, a wrong card, a wrong place, and no card at all
CASES = [
    ("play five of hearts", "play five of hearts"),
    ("play five of hearts", "play four of hearts"),
    ("discard card two", "discard card two"),
    ("discard card two", "discard card three"),
    ("jack of diamonds", "jack of diamonds"),
    ("what's the count", "discard seven of spades"),
]


@pytest.fixture(scope="module")
def checks():
    pytest.importorskip("pocketsphinx")
    serial, lane = CardCheck(), CardCheck(parallel=True)
    assert lane.remote is not None and lane.remote.wait_ready(60)
    yield serial, lane
    lane.close()


def _clips():
    corpus = session_corpus()
    return [
        (heard, corpus.speech(said, voice, noise).pcm())
        for said, heard in CASES
        for voice, noise in (("espeak-us", "pink40"), ("flite-kal", "white15"))
    ]


def test_the_second_lane_in_a_process_of_its_own_gives_the_same_answers(checks):
    serial, lane = checks
    before = lane.remote.answered
    for heard, pcm in _clips():
        assert lane.check(pcm, heard) == serial.check(pcm, heard), heard
    assert lane.remote.answered - before == len(CASES) * 2  # every check used the child
    assert any(serial.check(pcm, heard)["check_agree"] for heard, pcm in _clips())  # not all asked about


def test_a_lane_that_dies_or_hangs_leaves_the_work_to_this_process(checks, monkeypatch):
    serial = checks[0]
    heard, pcm = _clips()[0]
    want = serial.check(pcm, heard)
    # a child that died: its answer never comes; the check is done here, the same
    dying = CardCheck(parallel=True)
    assert dying.remote is not None and dying.remote.wait_ready(60)
    dying.remote._proc.kill()
    dying.remote._proc.wait(timeout=10)
    assert dying.check(pcm, heard) == want
    assert not dying.remote.ready
    assert dying.check(pcm, heard) == want  # and every check after it
    dying.close()
    # a child that hangs: given up after the timeout, and stopped
    monkeypatch.setattr(check_lane, "ANSWER_TIMEOUT", 0.5)
    hung = CardCheck(parallel=True)
    assert hung.remote is not None and hung.remote.wait_ready(60)
    os.kill(hung.remote._proc.pid, signal.SIGSTOP)
    try:
        assert hung.check(pcm, heard) == want
        assert not hung.remote.ready
        assert hung.remote._proc.poll() is not None  # killed, not left behind
    finally:
        hung.close()


def test_the_games_recognizer_checks_on_two_cores_when_it_has_them(monkeypatch):
    pytest.importorskip("pocketsphinx")
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    rec, _ = recognizers.choose_recognizer(engine="pocketsphinx")
    assert rec is not None and rec.card_check is not None
    try:
        assert rec.card_check.remote is not None
    finally:
        rec.card_check.close()
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    rec, _ = recognizers.choose_recognizer(engine="pocketsphinx")
    assert rec.card_check.remote is None  # one core: nothing to gain

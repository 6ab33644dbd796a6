"""Hands-free voice at a shared table (issue 26: every player keeps their own voice): the same
listener as against the computer (``app/handsfree.py``, made by ``seat_options.hands_free`` for
``play`` and for ``host``/``join``) feeds a :class:`~spoken_cribbage.app.net_seat.NetSession`
through its intents, on the seat's own thread (the dispatch the key loop gives it). Synthesized
speech goes through the real voice input and the real pocketsphinx recognizer, as in
tests/app/test_handsfree.py: the player lays away two cards and plays one by voice at a table on
the loopback, with the same confirmation questions, and the friend hears the card; what is not a
command gets "Sorry" and plays nothing. Every wait is bounded."""

from __future__ import annotations

import queue
import time

import pytest

from spoken_cribbage.app.handsfree import SORRY, HandsFree, voice_context
from spoken_cribbage.app.net_seat import NetSeat, NetSession
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.storage.settings import Settings
from testkit import voice_corpus
from testkit.net_support import CODE, running, started, table

pytestmark = pytest.mark.skipif(not voice_corpus.tools_available(), reason="needs espeak-ng, flite and sox")
pytest.importorskip("pocketsphinx", reason="pocketsphinx is in the [voice] extra")


class Seat:
    """A person at the table: their session, its news, every line it wrote, and what waits to
    run on its thread (what the voice heard, as the key loop runs it)."""

    def __init__(self, remote: RemoteTable) -> None:
        self.remote = remote
        self.said: list[str] = []
        self.session = NetSession(
            remote,
            settings=Settings(),
            write=lambda t: None,
            hooks=SeatHooks(write_kind=lambda t, k: self.said.append(t)),
        )
        self.session.listen_toggle = lambda: None  # (voice commands on: help and prompts say so)
        self.news = NetSeat(self.session)
        self.news.opening()
        self.jobs: queue.Queue = queue.Queue()

    def turn(self) -> None:
        """The seat's thread, once: what arrived from the table, then what the voice heard."""
        self.news.pump()
        while not self.jobs.empty():
            self.jobs.get()()


def _keys_for(seat: Seat) -> str | None:
    """The friend plays by keys: the first two cards laid away, the first card that fits."""
    obs = seat.remote.observation(seat.remote.seat)
    if obs.phase == g.DISCARD and seat.remote.seat in obs.waiting:
        return "12\r"
    if obs.phase == g.PLAY and obs.to_act == seat.remote.seat and obs.playable:
        return str(seat.session.hand_view.numbering.index(obs.playable[0]) + 1)
    return None


def _run(seats: list[Seat], done, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, [s.said[-5:] for s in seats]
        for s in seats:
            s.turn()
        keys = _keys_for(seats[1])
        for k in keys or ():
            seats[1].session.key("enter" if k == "\r" else k)
        time.sleep(0.02)


def _speak(seats: list[Seat], phrases: list, heard: int) -> list:
    """Say ``phrases`` (text, or a clip) into the first seat's listener, continuous listening,
    until ``heard`` utterances were recognized and acted on; the recognitions."""
    audio = voice_corpus.gap(0.4)
    for p in phrases:
        clip = voice_corpus.session_corpus().speech(p, "espeak-us", "pink40").pcm() if isinstance(p, str) else p
        audio += clip + voice_corpus.gap(1.0, seed=len(audio))

    def source():
        for i in range(0, len(audio), 960):
            yield audio[i : i + 960]

    me = seats[0]
    hf = HandsFree(me.session, engine="pocketsphinx", mode="continuous", audio_source=source)
    hf.set_dispatch(me.jobs.put)  # (what is heard runs on the seat's thread, as with the key loop)
    results: list = []
    original = hf._heard

    def on_heard(rec) -> None:
        original(rec)
        results.append(rec)

    hf.input.on_heard = on_heard
    hf.start()
    try:
        _run(seats, lambda: len(results) >= heard and me.jobs.empty(), seconds=90)
    finally:
        hf.stop()
    return results


def _say(seats: list[Seat], text: str, command: str) -> None:
    """Say ``text``: heard as ``command``; when heard but not surely, the seat asks first
    (the same question as against the computer) and yes does it."""
    [rec] = _speak(seats, [text], 1)
    assert rec.accepted and rec.command == command, (text, rec)
    if rec.confirm:
        assert voice_context(seats[0].session).phase == "question"
        [yes] = _speak(seats, ["yes"], 1)
        assert yes.accepted and yes.command == "yes", yes


def test_a_player_lays_away_and_plays_by_voice_at_a_shared_table():
    referee = table(2, seed=3)  # Lena (seat 0) holds AC 2C 3C 5C 10H JC and deals
    with running(referee) as address:
        lena, max_ = (Seat(RemoteTable.join(address, CODE, name)) for name in ("Lena", "Max"))
        seats = [lena, max_]
        started(lena.remote, max_.remote)  # (the game starts when Max sits: Lena hears it a moment later)
        assert voice_context(lena.session).phase == "discard"
        _say(seats, "discard ace of clubs", "discard AC")
        _say(seats, "discard two of clubs", "discard 2C")
        assert voice_context(lena.session).phase == "question"  # "Lay away ...? Enter to confirm."
        _say(seats, "yes", "yes")
        assert "You lay away the ace of clubs and two of clubs." in lena.said, lena.said
        _run(seats, lambda: lena.remote.observation(0).phase == g.PLAY and lena.remote.observation(0).to_act == 0)
        assert voice_context(lena.session).phase == "play"
        # nothing is played unless a card is said: a cough and a card not in the hand
        before = lena.remote.version
        cough = voice_corpus.session_corpus().nonspeech("cough", "pink40").pcm()
        results = _speak(seats, ["play king of spades", cough], 1)
        assert all(not r.accepted for r in results) and SORRY in lena.said
        assert lena.remote.version == before and lena.remote.observation(0).to_act == 0
        _say(seats, "play five of clubs", "play 5C")
        assert any(line.startswith("You play the five of clubs. Count ") for line in lena.said), lena.said
        # the friend hears the card, as every play at the table
        _run(seats, lambda: any(line.startswith("Lena plays the five of clubs") for line in max_.said))
        assert "Heard: yes." in lena.said or "Heard: play five of clubs." in lena.said
        for s in seats:
            s.remote.close()

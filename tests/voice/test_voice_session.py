"""The game's own listening mode: one recognizer and one microphone path kept through a deal's
commands in turn, the room's noise constant (testkit/voice_session.py; bench/bench_voice.py
--session measures many sessions). A small sample here: no card is ever played or laid away
that was not said, and the second check of the card words is what stands in the way."""

from __future__ import annotations

import pytest

from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer
from testkit.voice_corpus import tools_available
from testkit.voice_session import HELD_OUT_VOICES, deal_script, run_session

pytestmark = pytest.mark.skipif(not tools_available(), reason="needs espeak-ng, flite and sox")


class _Disagrees:
    """A second check that never agrees: every card action must then be asked about."""

    def check(self, audio, heard, margin=False):
        return {"check_agree": False, "check_best": "", "check_margin": None}


@pytest.fixture(scope="module")
def rec():
    return PocketSphinxRecognizer()


def test_a_session_in_brown_noise_plays_no_card_that_was_not_said(rec):
    # the deal: "fifth card" with six cards held in the discard and with four in the
    # play (a position past the hand), in brown noise about 15 dB under the speech, one
    # recognizer from the first utterance to the last
    script = deal_script(0)
    out = run_session(rec, script, "flite-kal", "brown-37")
    assert [o.said.text for o in out] == [s.text for s in script]
    assert not [o for o in out if o.wrong_card_action], [(o.said.text, o.results) for o in out]
    assert sum(o.verdict in ("exact", "asked") for o in out) >= 5, [(o.said.text, o.results) for o in out]


def test_a_held_out_voice_in_session_plays_no_card_that_was_not_said(rec):
    voice = list(HELD_OUT_VOICES)[1]  # never used to choose a threshold
    out = run_session(rec, deal_script(2)[:5], voice, "white-40")  # "the sixth card" holding four
    assert not [o for o in out if o.wrong_card_action], [(o.said.text, o.results) for o in out]


def test_without_the_second_check_agreeing_no_card_is_played_unasked(rec, monkeypatch):
    monkeypatch.setattr(rec, "card_check", _Disagrees())
    out = run_session(rec, deal_script(0)[:4], "flite-slt", "quiet")
    card = [o for o in out if o.said.expected and o.said.expected.startswith(("play ", "discard "))]
    assert card and all(not o.done for o in card), [(o.said.text, o.results) for o in card]
    assert any(o.asked for o in card)
    # commands that are not card actions do not need it
    assert any(o.verdict == "exact" for o in out if o.said.expected in ("hand", "count"))

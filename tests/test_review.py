"""Reviewing a deal and a game: the review command and the walk key in the game, the stored
game read back (review), written out (export) and dealt again (play --replay)."""

from __future__ import annotations

import random

from spoken_cribbage.engine import game as g
from spoken_cribbage.app.session import RandomPlayer, Session
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.review import deal_steps, deals_of


def make(seed=11):
    out: list[str] = []
    gm = g.Game(seed=seed)
    s = Session(gm, settings=Settings(), write=out.append,
                opponents={1: RandomPlayer(random.Random(1))})
    s.start()
    return s, out


def after(out, f):
    n = len(out)
    f()
    return out[n:]


def play_out_deal(s):
    """Lay away the first two cards and play the first playable card until the deal is over."""
    s.command("1 2")
    for _ in range(20):
        if s.game.phase != g.PLAY:
            break
        s.command("play " + s._playable()[0].short)
    assert s.game.phase in (g.DEAL_OVER, g.GAME_OVER)


def test_review_before_any_deal_ended_reads_the_deal_so_far():
    s, out = make()
    lines = after(out, lambda: s.command("review"))
    assert lines[0] == "Deal 1, as it was played:"
    assert lines[1].startswith("Deal 1. Your crib. Your hand: four of clubs, eight of diamonds")
    assert lines[-1] == "That is deal 1 so far."


def test_review_reads_the_last_deal_in_order_and_hides_nothing_it_should_not():
    s, out = make()
    play_out_deal(s)
    lines = after(out, lambda: s.command("review"))
    assert lines[0] == "Deal 1, as it was played:" and lines[-1] == "End of the review of deal 1."
    text = "\n".join(lines)
    order = ["Your hand:", "You lay away the four of clubs and eight of diamonds.",
             "The starter is the four of hearts.", "Computer plays the eight of hearts. Count 8.",
             "One for last to you.", "Computer's hand:", "Your crib:",
             "End of deal 1: You 20, Computer 3."]
    places = [text.index(piece) for piece in order]
    assert places == sorted(places)
    assert "Computer lays away 2 cards." in lines   # the other seat's discards stay hidden
    assert all(line and line[0].isupper() and line[-1] in ".:" for line in lines)
    # in the next deal, before anything else happens, review still reads deal 1
    s.enter()
    assert after(out, lambda: s.command("review"))[0] == "Deal 1, as it was played:"
    assert after(out, lambda: s.command("replay"))[-1] == "End of the review of deal 1."


def test_the_walk_key_gives_one_event_a_press_with_a_sentence_at_each_end():
    s, out = make()
    play_out_deal(s)
    steps = deal_steps(deals_of(s.game.events_for(0))[1][1], s.names)
    first = after(out, lambda: s.key("w"))
    assert first == ["Deal 1, event by event; press w for each.", *steps[0]]
    heard = [first[1:]]
    for _ in range(len(steps) - 1):
        heard.append(after(out, lambda: s.key("w")))
    assert heard == steps
    assert after(out, lambda: s.key("w")) == [
        "That was the last event of deal 1. Press w to hear it again from the start."]
    assert after(out, lambda: s.key("w"))[0] == "Deal 1, event by event; press w for each."


def test_the_walk_follows_the_current_deal_and_stops_at_its_latest_event():
    s, out = make()
    s.key("w")                                   # deal 1: dealt, the computer laid away
    s.key("w")
    assert after(out, lambda: s.key("w")) == [
        "That is the latest event of deal 1. Press w again when more has happened."]
    s.command("1 2")                             # more happens: the walk goes on
    assert after(out, lambda: s.key("w")) == [
        "You lay away the four of clubs and eight of diamonds."]


def test_review_and_walk_are_in_the_vocabulary_help_and_key_list():
    from spoken_cribbage.vocabulary import VoiceContext, key_command, parse_command, phrases_for
    assert key_command("w", "play") == "walk"
    for typed in ("review", "replay", "review the deal"):
        assert parse_command(typed).verb == "review"
    for typed in ("walk", "step", "next event", "w"):
        assert parse_command(typed).verb == "walk"
    for phase in ("discard", "play", "other", "show", "over"):
        ph = phrases_for(VoiceContext(phase))
        assert ph["review the deal"] == "review" and ph["next event"] == "walk"
    s, out = make()
    text = "\n".join(after(out, lambda: s.key("?")))
    assert "w the deal again, an event a press" in text
    assert "/review reads the last deal again, every event in order." in text

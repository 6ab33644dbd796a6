"""One vocabulary: every phrase a voice grammar accepts also works typed, with the same result;
keys, help and the typed parser come from the same table."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spoken_cribbage.engine.cards import DECK, parse_cards
from spoken_cribbage.vocabulary import (
    PHASES,
    PHRASES,
    SHORTCUT_KEYS,
    Command,
    VoiceContext,
    key_command,
    keys_for,
    parse_command,
    phrases_for,
)
from testkit.seated import make

HANDS = [parse_cards("5H 10C JD KS"), parse_cards("KS 5C AH 7S 2D QC"), parse_cards("5H 5C JD"), parse_cards("AS")]


def contexts():
    for hand in HANDS:
        for phase in PHASES:
            yield VoiceContext.of(phase, hand if phase in ("discard", "play", "other") else ())
    gaps = [None, parse_cards("5H")[0], None, parse_cards("KS")[0], parse_cards("2C")[0]]
    yield VoiceContext.numbered("play", gaps)
    yield VoiceContext.numbered("discard", gaps)


@pytest.mark.parametrize("ctx", list(contexts()), ids=lambda c: f"{c.phase}-{len(c.hand)}")
def test_every_voice_phrase_works_typed_with_the_same_meaning(ctx):
    phrases = phrases_for(ctx)
    assert phrases
    for phrase, typed in phrases.items():
        said = parse_command(phrase, ctx)
        assert said == parse_command(typed, ctx), phrase
        assert said == parse_command(phrase.upper() + ".", ctx)


def test_the_phrases_the_issue_names_work_typed():
    ctx = VoiceContext.of("play", parse_cards("5H 10C JD KS"))
    assert parse_command("play the king", ctx) == Command("play", cards=(parse_cards("KS")[0],))
    assert parse_command("card two", ctx) == Command("play", cards=(parse_cards("10C")[0],))
    assert parse_command("third card", ctx) == Command("play", cards=(parse_cards("JD")[0],))
    assert parse_command("first card", ctx) == Command("play", cards=(parse_cards("5H")[0],))
    assert parse_command("what's the score", ctx) == Command("scores")
    assert parse_command("next deal", ctx) == Command("next")
    assert parse_command("new game", ctx) == Command("new")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True), st.sampled_from(["play", "discard"]))
def test_round_trip_for_any_hand(cards, phase):
    ctx = VoiceContext.of(phase, cards)
    for phrase, typed in phrases_for(ctx).items():
        assert parse_command(phrase, ctx) == parse_command(typed, ctx)


def test_keys_come_from_the_table_and_are_single_characters():
    keys = [p.key for p in PHRASES if p.key]
    assert all(len(k) == 1 for k in keys)
    for key, verb in SHORTCUT_KEYS.items():
        assert key_command(key, "play") == verb
    assert key_command("n", "over") == "new" and key_command("n", "question") == "no"
    assert key_command("n", "play") is None and key_command("y", "play") is None
    assert key_command("z", "play") is None
    assert ("l", "listen") in keys_for("play", voice=True)
    assert all(k != "l" for k, _ in keys_for("play", voice=False))
    from spoken_cribbage.words.commands import KEY_HELP, key_lines

    assert "l voice on or off" in key_lines("play", voice=True)
    # every key of every key list has its words
    for phase in ("discard", "play", "other", "question", "show", "over"):
        assert all(verb in KEY_HELP for _, verb in keys_for(phase, voice=True))


def test_a_name_that_fits_two_cards_asks_which_and_one_that_fits_none_says_so():
    from spoken_cribbage.engine.cards import parse_cards
    from spoken_cribbage.vocabulary import CommandError, VoiceContext
    from spoken_cribbage.words.notices import phrase

    ctx = VoiceContext("play", tuple(parse_cards("5H 5C KD 9H")))

    def said(text):
        try:
            return str(parse_command(text, ctx))
        except CommandError as e:
            return phrase(e)

    assert said("play the five") == "You have two fives: the five of hearts or the five of clubs?"
    assert said("five") == said("the fives") == said("play the five")
    assert said("the hearts") == "You have two hearts: the five of hearts or the nine of hearts?"
    assert said("play the king") == "play KD" and said("diamonds") == "play KD"
    assert said("play the seven") == "You have no sevens."
    assert said("clubs") == "play 5C" and said("play a spade") == "You have no spades."
    assert said("play the five of clubs") == "play 5C"


@pytest.mark.parametrize("phase", ["discard", "play"])
def test_a_spoken_phrase_and_its_typed_command_do_the_same_in_the_game(phase):
    base, _ = make()
    if phase == "play":
        base.command("1 2")
    ctx = base.voice_context()
    assert ctx.phase == phase
    for phrase, typed in phrases_for(ctx).items():
        results = []
        for text in (phrase, typed):
            s, out = make()
            if phase == "play":
                s.command("1 2")
            n, m = len(out), len(s.table.game.actions)
            s.command(text)
            results.append((out[n:], s.table.game.actions[m:], s.hand_view.marked))
        assert results[0] == results[1], phrase

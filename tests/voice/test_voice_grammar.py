"""Phase grammars: what may be said now, and what it means."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spoken_cribbage.engine.cards import DECK, parse_cards, sort_hand
from spoken_cribbage.vocabulary import (
    QUERY_PHRASES,
    VoiceContext,
    command_for,
    decoys_for,
    normalize,
    phrases_for,
    vocabulary,
)

PLAY = VoiceContext.of("play", parse_cards("5H 10C JD KS"))
DISCARD = VoiceContext.of("discard", parse_cards("KS 5C AH 7S 2D QC"))
OTHER = VoiceContext("other")


def test_play_full_names_map_to_play_commands():
    ph = phrases_for(PLAY)
    assert ph["play five of hearts"] == "play 5H"
    assert ph["five of hearts"] == "play 5H"
    assert ph["play king of spades"] == "play KS"
    assert ph["ten of clubs"] == "play 10C"


def test_rank_alone_only_when_one_card_of_that_rank():
    ph = phrases_for(PLAY)
    assert ph["the five"] == "play 5H"
    assert ph["play the jack"] == "play JD"
    pair = VoiceContext.of("play", parse_cards("5H 5C JD"))
    assert "the five" not in phrases_for(pair)
    assert "the five" in decoys_for(pair)
    assert phrases_for(pair)["the jack"] == "play JD"


def test_positions_follow_the_sorted_hand():
    ph = phrases_for(PLAY)  # sorted: 5H 10C JD KS
    assert ph["card one"] == "play 5H"
    assert ph["card three"] == "play JD"
    assert ph["third card"] == "play JD"
    assert ph["the fourth card"] == "play KS"
    assert ph["play card two"] == "play 10C"
    assert "card five" not in ph and "card five" in decoys_for(PLAY)


def test_discard_uses_discard_and_six_positions():
    ph = phrases_for(DISCARD)  # sorted: AH 2D 5C 7S QC KS
    assert ph["discard king of spades"] == "discard KS"
    assert ph["ace of hearts"] == "discard AH"
    assert ph["card six"] == "discard KS"
    assert ph["fifth card"] == "discard QC"
    assert ph["card one"] == "discard AH"
    assert "go" not in ph and "go" in decoys_for(DISCARD)
    assert "play king of spades" not in ph and "play king of spades" in decoys_for(DISCARD)


def test_first_and_sixth_ordinals_are_decoys_because_they_are_misheard():
    ph, dec = phrases_for(DISCARD), decoys_for(DISCARD)
    for p in ("first card", "the first card", "sixth card", "discard the sixth card"):
        assert p not in ph and p in dec
    assert ph["second card"] == "discard 2D"


def test_go_only_in_the_play_and_only_when_allowed():
    assert phrases_for(PLAY)["go"] == "go"
    assert "go" not in phrases_for(VoiceContext.of("play", parse_cards("5H"), can_go=False))
    assert "go" not in phrases_for(OTHER)


@pytest.mark.parametrize("ctx", [PLAY, DISCARD, OTHER, VoiceContext("show"), VoiceContext("over")])
def test_questions_and_quit_are_always_available_but_yes_and_no_are_not(ctx):
    ph = phrases_for(ctx)
    for command, spoken in QUERY_PHRASES.items():
        if command in ("yes", "no", "cancel"):
            continue
        for p in spoken:
            assert ph[p] == command
    for cmd in (
        "count",
        "crib",
        "starter",
        "table",
        "scores",
        "turn",
        "hand",
        "repeat",
        "help",
        "hint",
        "quit",
        "coach",
        "recount",
    ):
        assert cmd in ph.values()
    assert "yes" not in ph and "no" not in ph
    assert "yes" in decoys_for(ctx) and "no" in decoys_for(ctx)


def test_the_coach_and_the_show_again_are_said_as_their_keys_e_and_a_work():
    # issue 25: e (the coach on the last move) and a (the last show again) had no voice forms
    from spoken_cribbage.vocabulary import key_command, keys_for, parse_command

    checked = 0
    for phase in ("discard", "play", "other", "show", "over", "counting"):
        ph = phrases_for(VoiceContext(phase))
        assert ph["how did i do"] == ph["coach"] == key_command("e", phase) == "coach"
        assert ph["show again"] == ph["recount"] == key_command("a", phase) == "recount"
        assert {("e", "coach"), ("a", "recount")} <= set(keys_for(phase))
        checked += 1
    assert checked == 6
    assert "how did i do" not in phrases_for(VoiceContext("question"))  # a question: yes or no
    assert "show again" in decoys_for(VoiceContext("question"))
    for said, verb in (
        ("how did i do", "coach"),
        ("last move", "coach"),
        ("show again", "recount"),
        ("the show again", "recount"),
    ):
        assert parse_command(said).verb == verb  # typed as said


def test_yes_and_no_only_while_a_question_is_open():
    ph = phrases_for(VoiceContext("question"))
    assert ph["yes"] == "yes" and ph["no"] == "no" and ph["cancel"] == "cancel"
    assert "count" not in ph and "play five of hearts" not in ph
    assert "count" in decoys_for(VoiceContext("question"))


def test_next_deal_after_the_show_and_new_game_at_the_end():
    show, over = phrases_for(VoiceContext("show")), phrases_for(VoiceContext("over"))
    assert show["next"] == show["next deal"] == show["continue"] == "next"
    assert over["new game"] == "new"
    assert "next deal" not in phrases_for(PLAY) and "new game" not in phrases_for(PLAY)
    assert "next deal" not in decoys_for(PLAY)  # as decoys they cost exact matches


def test_numbers_stay_those_last_heard():
    ctx = VoiceContext.numbered("play", [None, parse_cards("5H")[0], None, parse_cards("KS")[0]])
    ph = phrases_for(ctx)
    assert ph["card two"] == "play 5H" and ph["card four"] == "play KS" and ph["fourth card"] == "play KS"
    assert "card one" not in ph and "card one" in decoys_for(ctx)


def test_other_phase_has_no_card_commands():
    ph = phrases_for(OTHER)
    assert not any(c.startswith(("play", "discard")) for c in ph.values())
    assert "play five of hearts" in decoys_for(OTHER)


def test_cards_not_in_hand_are_decoys_not_phrases():
    ph, dec = phrases_for(PLAY), set(decoys_for(PLAY))
    assert "play six of hearts" in dec and "six of hearts" in dec
    assert "play six of hearts" not in ph
    assert "discard five of hearts" in dec  # the other phase's verb


def test_command_for_normalizes():
    assert command_for("Play Five of Hearts!", PLAY) == "play 5H"
    assert command_for("play six of hearts", PLAY) is None
    assert normalize("  What's   the COUNT? ") == "what's the count"


def test_unknown_phase_is_refused():
    with pytest.raises(ValueError):
        VoiceContext("showtime")


def test_vocabulary_is_small_and_covers_all_phrases():
    words = vocabulary()
    assert {"play", "discard", "hearts", "king", "sixth", "what's"} <= words
    assert len(words) < 120


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True), st.sampled_from(["play", "discard"]))
def test_every_phrase_names_a_card_in_hand_and_never_a_decoy(cards, phase):
    hand = tuple(sort_hand(cards))
    ctx = VoiceContext(phase, hand)
    ph = phrases_for(ctx)
    shorts = {c.short for c in hand}
    for command in ph.values():
        verb, _, arg = command.partition(" ")
        if verb in ("play", "discard"):
            assert verb == phase and arg in shorts
    assert not set(ph) & set(decoys_for(ctx))
    for i, card in enumerate(hand[:6], start=1):
        assert ph[f"card {['', 'one', 'two', 'three', 'four', 'five', 'six'][i]}"] == f"{phase} {card.short}"

"""Typed words mean what a player meant: positions of cards already gone, several cards joined by
'and', names with their capitals, and practice's answer to a count out of range."""

import subprocess

from spoken_cribbage.engine import game as g
from testkit import BIN, game_env
from testkit.seated import after, make


def test_card_two_and_second_card_for_a_card_in_the_crib_say_what_card_2_says():
    s, out = make()
    s.key("1"), s.key("2"), s.enter()  # cards 1 and 2 go to the crib
    assert s.table.game.phase == g.PLAY
    said = after(out, lambda: s.command("card 2"))
    assert said[0].startswith("Card 2, the ") and "is in the crib" in said[0]
    for text in ("card two", "second card", "the second card", "play card two", "play the second card"):
        assert after(out, lambda text=text: s.command(text)) == said, text


def test_discard_joined_by_and_works_in_the_game_as_in_practice():
    for text in (
        "discard ace of diamonds and four",
        "discard the ace and the four",
        "the ace and the four",
        "discard the ace, the four",
    ):
        s, out = make(seed=7)  # the hand: AS 4D 6S 7D 9H KD
        hand = {c.short for c in s.table.game.hands[0]}
        assert {"AS", "4D"} <= hand
        if "diamonds" in text:
            said = after(out, lambda s=s, text=text: s.command(text))
            assert said == [
                "You don't have the ace of diamonds. You hold the ace of spades, "
                "four of diamonds, six of spades, seven of diamonds, nine of hearts "
                "and king of diamonds."
            ]
            text = "discard ace of spades and four"
        said = after(out, lambda s=s, text=text: s.command(text))
        assert said[0] == "You lay away the ace of spades and four of diamonds.", (text, said)


def test_names_typed_in_the_game_keep_their_capitals():
    s, out = make()
    said = after(out, lambda: s.command("names Ann,McLeod"))
    assert said[0].startswith("Names is now Ann,McLeod.")
    assert s.settings.names == "Ann,McLeod"


def test_practice_answers_a_count_out_of_range_with_the_reason(tmp_path):
    res = subprocess.run(
        [str(BIN), "practice", "count", "--rounds", "1", "--seed", "4"],
        input="999\n2\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=game_env(tmp_path),
    )
    lines = res.stdout.splitlines()
    i = lines.index("Your count?")
    assert lines[i + 1] == "No hand counts 999: the most is 29, and 0 or 19 means none."
    assert lines[i + 2] == "Your count?"
    assert lines[i + 3] == "Right: 2."


def test_a_discard_with_one_card_in_doubt_keeps_the_others_and_asks_only_for_that_one():
    # before: "discard the ace and the four" with two aces asked which ace, and the answer
    # then laid away that ace alone: the four the player named was lost
    s, out = make(seed=5)  # the hand: AD AS 4S JD QC QS
    hand = {c.short for c in s.table.game.hands[0]}
    assert {"AD", "AS", "4S"} <= hand and not {"4D", "4H", "4C"} & hand
    said = after(out, lambda: s.command("discard the ace and the four"))
    assert said == [
        "Four of spades chosen; choose one more.",
        "You have two aces: the ace of diamonds or the ace of spades?",
    ]
    said = after(out, lambda: s.command("ace of diamonds"))
    assert said == ["Lay away the four of spades and ace of diamonds? Enter to confirm."]
    said = after(out, lambda: s.enter())
    assert said[0] == "You lay away the four of spades and ace of diamonds."

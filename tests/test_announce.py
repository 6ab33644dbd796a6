"""The words: traditional calls, one sentence per event, the issue's examples."""

from spoken_cribbage import parse_card, parse_cards, score_hand, score_play
from spoken_cribbage import game as g
from spoken_cribbage.announce import Announcer, Names, play_call, show_call
from spoken_cribbage.numbers import decimal_words, number_words


def c(s):
    return parse_card(s)


def test_number_words():
    assert [number_words(n) for n in (0, 7, 15, 24, 31, 100, 121)] == [
        "zero", "seven", "fifteen", "twenty-four", "thirty-one", "one hundred",
        "one hundred and twenty-one"]
    assert decimal_words(9.8) == "nine point eight"


def test_show_call_counts_fifteens_then_a_pair_with_a_running_total():
    items = score_hand(parse_cards("5H 5C 10S 2D"), c("AC")).items
    assert show_call(items) == "fifteen two, fifteen four, and a pair is six"


def test_show_call_for_twenty_nine():
    items = score_hand(parse_cards("5H 5C 5S JD"), c("5D")).items
    assert show_call(items) == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen, and a double pair royal is twenty-eight, "
        "and his nobs is twenty-nine")


def test_show_call_double_double_run_and_flush():
    assert show_call(score_hand(parse_cards("3H 4C 4S 5D"), c("5C")).items) == (
        "a pair is two, and another pair is four, and four runs of three is sixteen")
    assert show_call(score_hand(parse_cards("2H 4H 6H 8H"), c("KC")).items) == (
        "a flush of four is four")


def test_show_call_for_nothing_is_nineteen():
    assert show_call(score_hand(parse_cards("2H 4C 9S KD"), c("QC")).items) == "fifteen two"
    assert show_call(()) == "nineteen"


def test_play_calls_are_traditional():
    assert play_call(score_play(parse_cards("AD 7C"), c("7H")).items) == "fifteen and a pair for four"
    assert play_call(score_play(parse_cards("KS"), c("5D")).items) == "fifteen two"
    assert play_call(score_play(parse_cards("KS 10H 4D"), c("7C")).items) == "thirty-one for two"
    assert play_call(score_play(parse_cards("8S 6D"), c("7H")).items) == "a run of three for three"
    assert play_call(score_play(parse_cards("2S 2D"), c("2H")).items) == "a pair royal for six"


def test_a_card_played_is_one_line_with_count_and_call():
    a = Announcer(Names(("you", "Computer"), 0))
    played = g.Played(1, c("9C"), 24, (c("KS"), c("5H"), c("9C")), 3)
    [line] = a.announce([played])
    assert line.text == "Computer plays the nine of clubs. Count 24."
    assert line.speech == "Computer plays a nine. Twenty-four."
    mine = g.Played(0, c("7H"), 31, (), 2)
    scored = g.Scored(0, 0, 2, "play", (score_play(parse_cards("KS 10H 4D"), c("7C")).items), (),
                      10, 12, (12, 5))
    lines = a.announce([mine, scored])
    assert lines[0].speech == "Seven. Thirty-one for two."
    assert lines[0].text == "You play the seven of hearts. Count 31. Thirty-one for two."
    assert lines[1].text == "You 12, Computer 5."


def test_go_and_last_points_name_the_player_and_give_the_scores():
    a = Announcer()
    lines = a.announce([g.SaidGo(0, 28), g.Scored(1, 1, 1, "go", (), (), 40, 41, (30, 41))])
    assert [l.text for l in lines] == ["You say go.", "One for the go to Computer.",
                                       "You 30, Computer 41."]


def test_heels_and_game_over_with_skunk():
    a = Announcer()
    a._target = 121
    lines = a.announce([g.Scored(1, 1, 2, "heels", (), (c("JS"),), 119, 121, (80, 121)),
                        g.GameOver(1, (80, 121), (1, 0))])
    texts = [l.text for l in lines]
    assert texts[0] == "Two for his heels to Computer."
    assert "Computer wins, 121 to 80." in texts
    assert "That is a skunk: you did not reach 91." in texts

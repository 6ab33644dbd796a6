"""The words: traditional calls, one sentence per event, the issue's examples."""

from spoken_cribbage import parse_card, parse_cards, score_hand, score_play
from spoken_cribbage.engine import game as g
from spoken_cribbage.words.announce import Announcer, Line, Names, play_call, show_call
from spoken_cribbage.words.numbers import decimal_words, number_words


def c(s):
    return parse_card(s)


def test_number_words():
    assert [number_words(n) for n in (0, 7, 15, 24, 31, 100, 121)] == [
        "zero",
        "seven",
        "fifteen",
        "twenty-four",
        "thirty-one",
        "one hundred",
        "one hundred and twenty-one",
    ]
    assert decimal_words(9.8) == "nine point eight"


def test_show_call_counts_fifteens_then_a_pair_with_a_running_total():
    items = score_hand(parse_cards("5H 5C 10S 2D"), c("AC")).items
    assert show_call(items) == "fifteen two, fifteen four, and a pair is six"


def test_show_call_for_twenty_nine():
    items = score_hand(parse_cards("5H 5C 5S JD"), c("5D")).items
    assert show_call(items) == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, "
        "fifteen fourteen, fifteen sixteen, and a double pair royal is twenty-eight, "
        "and his nobs is twenty-nine"
    )


def test_show_call_double_double_run_and_flush():
    assert show_call(score_hand(parse_cards("3H 4C 4S 5D"), c("5C")).items) == (
        "a pair is two, and another pair is four, and four runs of three is sixteen"
    )
    assert show_call(score_hand(parse_cards("2H 4H 6H 8H"), c("KC")).items) == ("a flush of four is four")


def test_show_call_for_nothing_is_nineteen():
    zero = score_hand(parse_cards("2H 4C 6S KD"), c("8C"))
    assert zero.total == 0
    assert show_call(zero.items) == "nineteen"
    assert show_call(()) == "nineteen"
    shown = g.HandShown(1, 1, False, parse_cards("2H 4C 6S KD"), c("8C"), 0, zero.items)
    assert [line.text for line in Announcer().announce([shown])][-1] == "Nineteen: no points in the hand."


def test_the_coach_names_the_cards_of_each_fifteen():
    items = score_hand(parse_cards("5H JD 4S 2D"), c("9C")).items
    assert show_call(items) == "fifteen two, fifteen four"
    assert show_call(items, name_fifteens=True) == (
        "fifteen two with the five and the jack, fifteen four with the two, the four and the nine"
    )
    # two cards of one rank: the suit tells the fifteens apart
    items = score_hand(parse_cards("5H 5C 10S 2D"), c("AC")).items
    assert show_call(items, name_fifteens=True) == (
        "fifteen two with the five of clubs and the ten, fifteen four with the five of hearts "
        "and the ten, and a pair is six"
    )
    shown = g.HandShown(0, 0, False, parse_cards("5H 5C 10S 2D"), c("AC"), 6, items)
    coach = [line.text for line in Announcer(verbosity="coach").announce([shown])]
    assert coach[0].endswith(", with the ace of clubs.") and coach[1].startswith("Fifteen two with")
    assert coach[1].endswith("Hand total 6.")
    normal = [line.text for line in Announcer().announce([shown])]
    assert normal == [
        "Your hand: five of hearts, five of clubs, ten of spades and two of diamonds.",
        "Fifteen two, fifteen four, and a pair is six.",
    ]


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
    scored = g.Scored(0, 0, 2, "play", (score_play(parse_cards("KS 10H 4D"), c("7C")).items), (), 10, 12, (12, 5))
    lines = a.announce([mine, scored])
    assert lines[0].speech == "Seven. Thirty-one for two."
    assert lines[0].text == "You play the seven of hearts. Count 31. Thirty-one for two."
    assert lines[1].text == "You 12, Computer 5."


def test_go_and_last_points_name_the_player_and_give_the_scores():
    a = Announcer()
    lines = a.announce([g.SaidGo(0, 28), g.Scored(1, 1, 1, "go", (), (), 40, 41, (30, 41))])
    assert [line.text for line in lines] == [
        "You cannot play: go.",
        "One for the go to Computer.",
        "You 30, Computer 41.",
    ]
    for verbosity in ("terse", "normal", "coach"):
        said = Announcer(verbosity=verbosity).announce([g.SaidGo(1, 25), g.SaidGo(0, 25)])
        assert [line.text for line in said] == ["Computer says go.", "You cannot play: go."]


def test_heels_and_game_over_with_skunk():
    a = Announcer()
    a._target = 121
    lines = a.announce(
        [g.Scored(1, 1, 2, "heels", (), (c("JS"),), 119, 121, (80, 121)), g.GameOver(1, (80, 121), (1, 0))]
    )
    texts = [line.text for line in lines]
    assert texts[0] == "Two for his heels to Computer."
    assert "Computer wins, 121 to 80." in texts
    assert "That is a skunk: you did not reach 91." in texts


def test_terse_plays_name_the_rank_never_a_card_code():
    a = Announcer(verbosity="terse")
    [line] = a.announce([g.Played(1, c("QD"), 10, (c("QD"),), 3)])
    assert line.text == "Computer: queen. 10."
    scored = g.Scored(0, 0, 2, "play", score_play(parse_cards("QD"), c("5H")).items, (), 0, 2, (2, 0))
    lines = a.announce([g.Played(0, c("5H"), 15, (c("QD"), c("5H")), 3), scored])
    assert [line.text for line in lines] == ["You: five. 15. Fifteen two.", "You 2, Computer 0."]


def test_the_computer_out_of_cards_is_said_once_while_the_play_goes_on():
    a = Announcer()
    last = g.Played(1, c("10S"), 10, (c("10S"),), 0)
    texts = [line.text for line in a.announce([last])]
    assert texts == ["Computer plays the ten of spades. Count 10.", "Computer has no cards."]
    scored = g.Scored(1, 1, 2, "play", score_play(parse_cards("5D"), c("JH")).items, (), 0, 2, (0, 2))
    texts = [line.text for line in a.announce([g.Played(1, c("JH"), 15, (c("5D"), c("JH")), 0), scored])]
    assert texts[1:] == ["You 0, Computer 2.", "Computer has no cards."]
    terse = Announcer(verbosity="terse").announce([last])
    assert [line.text for line in terse] == ["Computer: ten. 10. No cards left."]
    # the very last card of the play: 'one for last' says it all
    end = [last, g.Scored(1, 1, 1, "last", (), (), 2, 3, (0, 3)), g.CountReset(10, None), g.PlayEnded()]
    assert not any("no cards left" in line.text.lower() for line in a.announce(end))
    # the player's own last card is not announced as news
    assert len(a.announce([g.Played(0, c("2S"), 12, (c("10S"), c("2S")), 0)])) == 1


def test_the_deal_end_does_not_repeat_the_scores_and_the_reset_is_short():
    a = Announcer()
    [end] = a.announce([g.DealEnded(1, 1, (11, 8))])
    assert end.text == "Press Enter for Computer's deal."
    assert [line.text for line in a.announce([g.CountReset(28, 1)])] == ["Count back to 0. Computer leads."]
    assert [line.text for line in a.announce([g.CountReset(28, 0)])] == ["Count back to 0."]


def test_turn_prompts_are_short_and_do_not_repeat_a_count_just_said():
    from spoken_cribbage.words.announce import Answers, count_just_said

    gm = g.Game(seed=11)
    ans = Answers(gm, Names())
    assert ans.turn() == "Your turn: lay away 2 cards for your crib."
    gm.apply(g.Discard(1, tuple(gm.hands[1][:2])))
    gm.apply(g.Discard(0, tuple(gm.hands[0][:2])))
    while gm.to_act != 0:
        gm.apply(gm.legal_actions()[0])
    assert ans.turn() == f"Your turn. Count {gm.count}."
    assert ans.turn(count_said=True) == "Your turn."
    played = Announcer().announce([g.Played(1, c("8C"), 8, (c("8C"),), 3)])
    assert count_just_said(played)
    assert count_just_said(played + [Line.same("You 0, Computer 2.", "scores")])
    assert not count_just_said([Line.same("The starter is the four of hearts.", "starter")])


def test_hand_answer_keeps_the_numbers_the_player_heard():
    from spoken_cribbage.words.announce import Answers, numbered_hand

    assert numbered_hand(parse_cards("2C 2H")) == "Card 1: two of clubs. Card 2: two of hearts."
    assert numbered_hand(parse_cards("2C 9D"), [1, 3]) == "Card 1: two of clubs. Card 3: nine of diamonds."
    gm = g.Game(seed=11)
    gm.apply(g.Discard(1, tuple(gm.hands[1][:2])))
    gm.apply(g.Discard(0, tuple(gm.hands[0][:2])))
    hand = list(gm.hands[0])
    ans = Answers(gm, Names())
    assert ans.hand().split("\n")[0].startswith(f"Your hand. Card 1: {hand[0].name}.")
    text = ans.hand([hand[0], None, *hand[2:]])
    assert "Card 2:" not in text and f"Card 3: {hand[2].name}." in text
    assert all(len(line) <= 80 for line in text.split("\n"))


def test_answers_need_only_the_seats_own_observation():
    # The UI reads its own seat's observation, as the computer players do: given nothing but a
    # function returning that observation, every answer is the same as from the game.
    from spoken_cribbage.words.announce import Answers

    gm = g.Game(seed=11)
    gm.apply(g.Discard(1, tuple(gm.hands[1][:2])))
    gm.apply(g.Discard(0, tuple(gm.hands[0][:2])))
    while gm.to_act != 0:
        gm.apply(gm.legal_actions()[0])
    seen = []

    def observe():
        o = gm.observation(0)
        seen.append(o)
        return o

    by_obs, by_game = Answers(observe, Names()), Answers(gm, Names())
    for q in ("count", "crib", "starter", "table", "scores", "turn", "hand"):
        assert getattr(by_obs, q)() == getattr(by_game, q)(), q
    assert seen and all(o.seat == 0 for o in seen)
    assert not hasattr(seen[0], "hands")  # no other seat's cards to read

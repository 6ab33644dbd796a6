"""The line seat's prompts at a shared table (issue 26), as a new player reads them."""

from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.words import net as words


def test_the_discard_prompt_asks_for_one_card_in_the_singular_at_a_table_of_three():
    hand = parse_cards("ac 9s td th jh")
    one = words.prompt_discard(1, hand)
    assert one.startswith("Lay away one card: type its number or name, for example 1 or 5h. ")
    assert "their" not in one and "1 2" not in one
    two = words.prompt_discard(2, hand[:4])
    assert two.startswith("Lay away two cards: type their numbers or names, for example 1 2 ")
    assert one.endswith("You hold ace of clubs, nine of spades, ten of diamonds, ten of hearts and jack of hearts.")


def test_a_refusal_said_without_whose_turn_ends_with_its_sentence_not_a_space():
    # The line seat of a shared table says the engine's refusals without ``turn=``: the
    # templates that end with "{turn}" left a trailing space ("The discard is over. ").
    from spoken_cribbage.words.seat import refusal

    for code, expected in [
        ("discard over", "The discard is over."),
        ("already discarded", "The discard is over."),
        ("play over", "There is nothing to play now."),
        ("not counting", "There is no count to give now."),
    ]:
        assert refusal(code, code, {}) == expected
    turn = "It is your turn to play."
    assert refusal("play over", "play over", {}, turn=turn) == f"There is nothing to play now. {turn}"


def test_the_people_a_table_waits_for_are_counted_in_words_in_every_language():
    # Chinese says a count of people in words (两位, as 'stats' and the calculator count
    # players); the table's wait said it as a call's digit: 牌桌还在等2位玩家入座。
    from spoken_cribbage.words import catalogue

    try:
        expected = {
            "en": ["The table waits for one more player.", "The table waits for two more players."],
            "fr": ["La table attend encore un joueur.", "La table attend encore deux joueurs."],
            "zh-Hans": ["牌桌还在等一位玩家入座。", "牌桌还在等两位玩家入座。"],
            "zh-Hant": ["牌桌還在等一位玩家入座。", "牌桌還在等兩位玩家入座。"],
        }
        for language, said in expected.items():
            catalogue.use(language)
            assert [words.table_waits(n) for n in (1, 2)] == said, language
            assert not any(c.isdigit() for n in range(1, 6) for c in words.table_waits(n)), language
    finally:
        catalogue.use("en")

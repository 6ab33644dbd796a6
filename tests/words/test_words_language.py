"""The game's own sentences in the player's language (issue 27, part a): card names, numbers,
the announcer, the hand counts as players call them, the answers to keys and the seat's
sentences, each a message of the catalogue (words.catalogue.CODE_TABLES) said in English, French
and simplified Chinese. (Every message translated with its placeholders: test_catalogue.py.)"""

from __future__ import annotations

import importlib
import string
from collections.abc import Iterator

import pytest

from spoken_cribbage import parse_card, parse_cards, score_hand, score_play
from spoken_cribbage.engine import game as g
from spoken_cribbage.words import catalogue
from spoken_cribbage.words.announce import Announcer, Names, play_call, show_call
from spoken_cribbage.words.lines import card_name, hand_lines, the_card, the_cards


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    catalogue.use("en")


def _codes() -> dict[str, catalogue.Message]:
    found: dict[str, catalogue.Message] = {}
    for module in catalogue.CODE_TABLES:
        found.update(importlib.import_module(module).CODES)
    return found


#: a value for every fact the tables' messages take, in both cases ({who} and {Who})
FACTS = {
    name: f"<{name}>"
    for m in _codes().values()
    for text in (m.english, m.plural or "")
    for _, name, _, _ in string.Formatter().parse(text)
    if name
}


@pytest.mark.parametrize("language", catalogue.LANGUAGES)
def test_every_message_of_the_tables_says_a_sentence(language):
    catalogue.use(language)
    facts = {**FACTS, **{k.lower(): v for k, v in FACTS.items()}, **{k.capitalize(): v for k, v in FACTS.items()}}
    checked = 0
    for code, message in _codes().items():
        said = catalogue.say(message, {**facts, "count": 2}, code)
        assert said.strip() and "{" not in said, (code, said)
        checked += 1
    assert checked == len(_codes()) >= 480


def test_card_names_in_each_language():
    five, queen, ace = parse_cards("5H QS AC")
    assert (card_name(five), the_card(queen), the_cards([ace, five])) == (
        "five of hearts",
        "the queen of spades",
        "the ace of clubs and five of hearts",
    )
    catalogue.use("fr")
    assert (card_name(five), the_card(queen), the_cards([ace, five])) == (
        "cinq de cœur",
        "la dame de pique",
        "l'as de trèfle et le cinq de cœur",
    )
    catalogue.use("zh-Hans")
    assert (card_name(five), the_card(queen), the_cards([ace, five])) == ("红桃 5", "黑桃 Q", "梅花 A和红桃 5")
    # a hand's line of cards: no space between Chinese sentences, and a wide character two cells
    lines = hand_lines(parse_cards("4D 4H 8D 8S 9H JH"))
    assert lines == [
        "你的手牌。第 1 张：方块 4。第 2 张：红桃 4。第 3 张：方块 8。第 4 张：黑桃 8。",
        "第 5 张：红桃 9。第 6 张：红桃 J。",
    ]


def _six():
    return score_hand(parse_cards("5H 5C 10S 2D"), parse_card("AC")).items


def test_the_hand_counts_read_as_players_count_aloud():
    """'fifteen two, fifteen four, and a pair is six' in each language's own way of counting."""
    assert show_call(_six()) == "fifteen two, fifteen four, and a pair is six"
    runs = score_hand(parse_cards("3H 4C 4S 5D"), parse_card("5C")).items
    catalogue.use("fr")
    assert show_call(_six()) == "quinze deux, quinze quatre et une paire font six"
    assert show_call(runs) == "une paire, deux et une autre paire font quatre et quatre suites de trois font seize"
    assert show_call(()) == "dix-neuf"
    catalogue.use("zh-Hans")
    assert show_call(_six()) == "十五 2 分、十五 4 分、对子 6 分"
    assert show_call(runs) == "对子 2 分、又一对子 4 分、四条 3 张顺子 16 分"
    assert show_call(_six(), name_fifteens=True).startswith("十五 2 分（")


def test_the_calls_of_the_play():
    fifteen = score_play(parse_cards("10S"), parse_card("5H")).items
    for language, said in (("en", "fifteen two"), ("fr", "quinze deux"), ("zh-Hans", "十五 2 分")):
        catalogue.use(language)
        assert play_call(fifteen) == said
    thirty_one = score_play(parse_cards("KS 10H 4D"), parse_card("7C")).items
    pair = score_play(parse_cards("5S"), parse_card("5C")).items
    catalogue.use("fr")
    assert (play_call(thirty_one), play_call(pair)) == ("trente et un pour deux", "une paire pour deux")
    catalogue.use("zh-Hans")
    assert (play_call(thirty_one), play_call(pair)) == ("31 2 分", "对子 2 分")


def test_a_deal_announced_in_french_and_chinese():
    hand = tuple(parse_cards("4D 4H 8D 8S 9H JH"))
    five = parse_card("5H")
    events = [
        g.Dealt(1, 1, (hand, ())),
        g.Discarded(0, hand[:2], 1),
        g.StarterTurned(parse_card("3H"), 1, 0),
        g.Played(1, five, 15, (parse_card("10S"), five), 3),
        g.Scored(1, 1, 2, "play", score_play(parse_cards("10S"), five).items, (), 0, 2, (0, 2)),
        g.SaidGo(0, 15),
    ]
    said = {}
    for language in ("en", "fr", "zh-Hans"):
        catalogue.use(language)
        said[language] = [line.text for line in Announcer(Names(("you", "Computer"))).announce(events)]
    assert said["en"][0] == "Deal 1. Computer's crib."
    assert said["fr"][0] == "Donne 1. Crib de l'ordinateur."
    assert said["zh-Hans"][0] == "第 1 轮。电脑的底牌。"
    assert "Vous écartez le quatre de carreau et le quatre de cœur." in said["fr"]
    assert "L'ordinateur joue le cinq de cœur. Total 15. Quinze deux." in said["fr"]
    assert "电脑出红桃 5。累计 15。十五 2 分。" in said["zh-Hans"]
    assert "Vous 0, l'ordinateur 2." in said["fr"] and "你 0 分，电脑 2 分。" in said["zh-Hans"]
    assert said["fr"][-1] == "Vous ne pouvez pas jouer : go." and said["zh-Hans"][-1] == "你不能出牌：Go。"


def test_the_seat_and_the_answers_in_french_and_chinese():
    from spoken_cribbage.words import channels, seat

    queen, five = parse_cards("QS 5H")
    refused = {"card": queen, "count": 35}
    english = seat.refusal("count over 31", "over", refused, playable=(five,), turn="")
    assert english == "You can't play the queen of spades: the count would be 35. Playable: five of hearts."
    assert seat.cursor_line(five, 2, 4, "playable") == "Five of hearts, card 2 of 4, playable."
    catalogue.use("fr")
    assert seat.refusal("count over 31", "over", refused, playable=(five,), turn="") == (
        "Vous ne pouvez pas jouer la dame de pique : le total serait 35. Jouables : cinq de cœur."
    )
    assert seat.cursor_line(five, 2, 4, "playable") == "Cinq de cœur, carte 2 sur 4, jouable."
    assert (seat.more(1), seat.more(2), seat.cards_count(2)) == ("encore une", "encore 2", "2 cartes")
    assert seat.help_lines("discard", ["c the count"])[:2] == [
        "Écartez 2 cartes : appuyez sur leurs numéros, ou les flèches et Espace ; puis Entrée.",
        "Touches : c the count.",
    ]
    assert channels.channel_changed("scores", "history") == "Le canal scores est maintenant : historique seulement."
    catalogue.use("zh-Hans")
    assert seat.refusal("count over 31", "over", refused, playable=(five,), turn="") == (
        "你不能出黑桃 Q：累计会变成 35。可以出：红桃 5。"
    )
    assert seat.undone("play", queen, 1, "电脑") == "已撤销：你收回了黑桃 Q，以及电脑之后的应对。"
    assert seat.phrase("goodbye_kept") == "再见。你的牌局已保存。"


def test_muggins_on_the_player_in_french_and_chinese():
    """The points the player missed: 'you missed' is its own message (French conjugates it)."""
    items = _six()
    called = g.MugginsCalled(1, 1, 0, False, 3, 6, tuple(items), ())
    said = {}
    for language in ("en", "fr", "zh-Hans"):
        catalogue.use(language)
        said[language] = Announcer(Names(("you", "Computer"))).announce([called])[0].text
    assert said == {
        "en": "Muggins: Computer takes the three you missed.",
        "fr": "Muggins : l'ordinateur prend les trois que vous avez oubliés.",
        "zh-Hans": "Muggins：你漏数了 3 分，电脑拿走。",
    }


def test_french_elides_before_a_name_that_begins_with_a_vowel():
    """'que Oliver' is "qu'Oliver" and 'que Émile' "qu'Émile"; before 'Lena' nothing changes."""
    items = _six()
    said = []
    catalogue.use("fr")
    try:
        for name in ("Oliver", "Émile", "Lena"):
            called = g.MugginsCalled(0, 0, 1, False, 3, 6, tuple(items), ())
            said.append(Announcer(Names(("you", name))).announce([called])[0].text)
    finally:
        catalogue.use("en")
    assert [s.split(" les trois ")[1] for s in said] == [
        "qu'Oliver a oubliés.",
        "qu'Émile a oubliés.",
        "que Lena a oubliés.",
    ], said

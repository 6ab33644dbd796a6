"""Each language's own card names and main commands on the command line, beside English (issue
27 item 4): typed only (the voice grammars stay English), keys stay keys, y and n stay."""

from __future__ import annotations

import pytest

from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.vocabulary import BY_VERB, CommandError, VoiceContext, parse_command, phrases_for
from spoken_cribbage.vocabulary.languages import CARD_VERBS, COMMANDS, english_line, parse_in

PLAY = VoiceContext.of("play", tuple(parse_cards("5H 5C JD KS")))
DISCARD = VoiceContext.of("discard", tuple(parse_cards("5H 5C JD KS AS 10D")))


@pytest.mark.parametrize(
    "language,line,ctx,command",
    [
        ("zh-Hans", "出红桃五", PLAY, "play 5H"),
        ("zh-Hans", "出 红桃5", PLAY, "play 5H"),
        ("zh-Hans", "出黑桃K", PLAY, "play KS"),
        ("zh-Hans", "出方块J。", PLAY, "play JD"),
        ("zh-Hans", "出第三张", PLAY, "play 3"),
        ("zh-Hans", "出 2", PLAY, "play 2"),
        ("zh-Hans", "弃红桃五和黑桃K", DISCARD, "discard 5H KS"),
        ("zh-Hans", "弃梅花五、方块10", DISCARD, "discard 5C 10D"),
        ("zh-Hans", "红桃五黑桃A", DISCARD, "discard 5H AS"),  # bare cards: the phase's verb
        ("zh-Hans", "弃 1 2", DISCARD, "discard 1 2"),
        ("zh-Hant", "出紅心五", PLAY, "play 5H"),
        ("zh-Hant", "棄紅桃五和方塊10", DISCARD, "discard 5H 10D"),
        ("zh-Hans", "帮助", PLAY, "help"),
        ("zh-Hant", "幫助", PLAY, "help"),
        ("zh-Hans", "累计", PLAY, "count"),
        ("zh-Hans", "过", PLAY, "go"),
        ("zh-Hant", "過", PLAY, "go"),
        ("zh-Hans", "下一手", PLAY, "next"),
        ("zh-Hans", "比分", PLAY, "scores"),
        ("zh-Hans", "退出", PLAY, "quit"),
        ("fr", "jouer le cinq de cœur", PLAY, "play 5H"),
        ("fr", "Jouer le valet de carreau", PLAY, "play JD"),
        ("fr", "joue le roi de pique", PLAY, "play KS"),
        ("fr", "jouer le 5 de coeur", PLAY, "play 5H"),
        ("fr", "jouer la deuxième carte", PLAY, "play 2"),
        ("fr", "jouer carte 3", PLAY, "play 3"),
        ("fr", "écarter l'as de pique et le dix de carreau", DISCARD, "discard AS 10D"),
        ("fr", "ecarter le valet, le roi", DISCARD, "discard JD KS"),
        ("fr", "écarter 1 2", DISCARD, "discard 1 2"),
        ("fr", "cinq de cœur", PLAY, "play 5H"),
        ("fr", "aide", PLAY, "help"),
        ("fr", "compte", PLAY, "count"),
        ("fr", "passe", PLAY, "go"),
        ("fr", "Suivant.", PLAY, "next"),
        ("fr", "nouvelle partie", PLAY, "new"),
        ("fr", "quitter", PLAY, "quit"),
        # English always works, in every language
        ("fr", "play 5h", PLAY, "play 5H"),
        ("zh-Hans", "play the king", PLAY, "play KS"),
        ("zh-Hant", "discard 1 2", DISCARD, "discard 1 2"),
    ],
)
def test_the_languages_own_words(language, line, ctx, command):
    assert str(parse_in(line, ctx, language)) == command


def test_only_the_games_language_and_english():
    with pytest.raises(CommandError) as e:
        parse_in("出红桃五", PLAY, "en")
    assert e.value.code == "command.unknown"
    with pytest.raises(CommandError):
        parse_in("jouer le cinq de cœur", PLAY, "zh-Hans")
    assert str(parse_in("出红桃五", PLAY, "zh-Hant")) == "play 5H"  # one Chinese, both scripts


def test_refusals_are_the_parsers_own():
    """A name that fits two cards asks which, as in English; a line of no word of the language
    is refused with what was typed."""
    for language, line in (("zh-Hans", "出五"), ("fr", "jouer le cinq")):
        with pytest.raises(CommandError) as e:
            parse_in(line, PLAY, language)
        assert e.value.code == "command.ambiguous" and e.value.data["verb"] == "play"
    for language, line in (("zh-Hans", "你好"), ("fr", "bonjour")):
        with pytest.raises(CommandError) as e:
            parse_in(line, PLAY, language)
        assert e.value.code == "command.unknown" and e.value.data["text"] == line
    with pytest.raises(CommandError) as e:
        parse_in("出", PLAY, "zh-Hans")
    assert e.value.code == "command.which_card_example"


def test_yes_and_no_stay_y_and_n_and_keys_stay_keys():
    """Yes and no are not translated ('oui', '是' are no answers: y and n are); a single letter
    is the same key in every language."""
    question = VoiceContext("question")
    for language in ("fr", "zh-Hans"):
        assert str(parse_in("y", question, language)) == "yes"
        assert str(parse_in("c", PLAY, language)) == "count"
        for word in ("oui", "non", "是", "否"):
            assert english_line(word, language) in (None, word)


def test_the_forms_are_commands_of_the_phrase_table_and_not_in_the_voice_grammars():
    for forms in (*COMMANDS.values(), *CARD_VERBS.values()):
        assert set(forms.values()) <= set(BY_VERB) | {"play", "discard"}
    spoken = set(phrases_for(PLAY)) | set(phrases_for(DISCARD))
    own = {*COMMANDS["fr"], *COMMANDS["zh"], "jouer le cinq de coeur", "出红桃五"}
    own -= {"table", "silence", "score", "scores", "crib"}  # the French words that are English ones
    assert not spoken & own
    # the English parser alone does not know them (they are the typed parser's, by language)
    with pytest.raises(CommandError):
        parse_command("出红桃五", PLAY)

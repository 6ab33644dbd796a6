"""The message catalogue (issue 27): every message of a moved table translated in every language,
its placeholders matching, the compiled catalogues up to date, and the language chosen by
--language, the setting or the system's locale."""

from __future__ import annotations

import functools
import string
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.engine.game import Game
from spoken_cribbage.notice import Notice
from spoken_cribbage.storage import settings as settings_mod
from spoken_cribbage.vocabulary import CommandError
from spoken_cribbage.words import calculator as calculator_words
from spoken_cribbage.words import catalogue
from spoken_cribbage.words import speech as speech_words
from spoken_cribbage.words import storage as storage_words
from spoken_cribbage.words import voice as voice_words
from spoken_cribbage.words.notices import phrase

LOCALE = Path(catalogue.__file__).parent / "locale"
OTHERS = [code for code in catalogue.LANGUAGES if code != "en"]
#: facts for every placeholder of the moved tables (the cleaned kinds a caller gives)
FACTS = {
    "text": "xyzzy",
    "token": "9z",
    "verb": "play",
    "setting": "rate",
    "example": "rate 200",
    "cards": tuple(parse_cards("5H 5C 5S")),
    "rank": 5,
    "suit": 2,
    "code": "example.code",
    "name": "sound",
    "channels": ("game", "scores", "prompts"),
}
#: facts for every storage.* code and its forms (a setting named 'rate', a saved game ...)
STORAGE_FACTS = {
    "name": "rate",
    "channel": "scores",
    "value": "x",
    "why": "long",
    "kind": "pipe",
    "field": "actions",
    "teams": "2",
    "players": 4,
    "layouts": ("none", "2"),
    "sizes": (2, 3, 4),
    "allowed": ("auto", "manual"),
    "low": 80,
    "high": 400,
    "most": 20,
    "given": 3,
    "others": 1,
    "whole": True,
    "version": "9",
    "error": Notice("storage.disk_full"),
    "reason": Notice("storage.permission_denied"),
    "moved": "settings.toml.bad",
    "for_run": True,
    "option": "--rate",
    "this_game": 200.0,
    "path": "/home/a/settings.toml",
    "format": 9,
    "n": 3,
    "finished": True,
    "detail": "Input/output error",
    "text": "boom",
    "kept": "game.json.old",
    "seed": 3,
    "host": "kitchen",
    "when": "goodbye",
    "behind": 2,
    "schema": 7,
    "game": Game(players=2, seed=1),
    "summary": "you 100, computer 96",
    "who": "Lena",
    "score": 100,
    "count": 2,
    "ago": "2 moves ago",
    "head": "Stopped.",
    "body": "Gone.",
    "setting": "rate",
    "later": "later",
    "size": 2,
    "ways": "in pairs",
    "seats": "1 other player",
    "apart": True,
}
#: facts for every speech.* code and its forms
SPEECH_FACTS = {
    "output": Notice("speech.output_device", device="default"),
    "driver": "espeak",
    "name": "Orca",
    "reason": Notice("speech.no_sound_device"),
    "device": "hw:0",
    "player": "aplay",
    "mode": "loud",
    "voice": "fr",
    "detail": "Invalid argument",
    "seconds": 8,
    "rate": 22050,
    "status": 3,
    "address": "unix:/run/speechd",
    "reply": "300",
    "language": "zh-Hant",
}
#: facts for every voice.* code and its forms (a model, a download, the set-up check ...)
VOICE_FACTS = {
    "reason": Notice("voice.not_a_vosk_model", path="/m"),
    "error": "OSError",
    "heard": "go",
    "command": "play 9S",
    "model": "vosk-model-small",
    "using": Notice("voice.using_pocketsphinx"),
    "engine": "vosk",
    "path": "/m/my",
    "source": "--vosk-model",
    "missing": ("play", "five"),
    "name": "vosk-small-en",
    "downloadable": ("vosk-small-en",),
    "description": None,
    "folder": "/m",
    "size": 41205931,
    "url": "https://x/m.zip",
    "percent": 50,
    "got": 20_000_000,
    "total": 40_000_000,
    "offered": 10,
    "expected": 12,
    "status": 404,
    "digest": "0123" * 16,
    "entry": "../x",
    "question": "Play the nine of spades? Say yes or no.",
    "quiet": 3,
    "commands": 3,
    "stop": "key",
    "seconds": 5,
    "noise": -62.3,
    "phrase": "play five",
    "n": 1,
    "confirm": True,
    "asked": 3,
    "voice": -18.1,
    "snr": 44.2,
    "why": "missed",
    "missed": 2,
    "count": 2,
    "mb": 41.2,
    "db": -62,
    "about": "Small",
}


def _calculator_facts() -> dict:
    """Facts for every calculator.* and engine.* code and its forms: real analyses and counts."""
    from spoken_cribbage.ai.analyze import analyze_discards
    from spoken_cribbage.engine.cards import parse_card
    from spoken_cribbage.engine.scoring import score_hand, score_play

    hand = parse_cards("5H 5S JD 6C 7C KS")
    return {
        **{k: v for k, v in FACTS.items() if k not in ("verb", "setting", "example", "name")},
        "shown": "9z",
        "card": parse_card("5H"),
        "count": 2,
        "function": "score_hand",
        "argument": "starter",
        "keep": tuple(parse_cards("5H 5S JD KS")),
        "discard": tuple(parse_cards("6C 7C")),
        "mine": tuple(parse_cards("5H JD")),
        "net": 18.04,
        "dealer": True,
        "owner": "opponent",
        "sides": 3,
        "press": (1, 4),
        "points": 2,
        "better": 1.5,
        "level": "wizard",
        "levels": ("easy", "expert"),
        "command": "discard",
        "message": "Give exactly 6 cards, not 5.",
        "kind": "ValueError",
        "error": "boom",
        "reason": "the value is too long",
        "Name": "Rate",
        "value": "200",
        "low": 0,
        "high": 9,
        "items": score_hand(parse_cards("5H 5C 5S JD"), parse_card("5D")).items,
        "total": 29,
        "turn": 1,
        "options": analyze_discards(hand, is_dealer=True)[:2],
        "table": None,
        "players": 3,
        "needed": 5,
        "dealt": 5,
        "layouts": (2, 3),
        "most": 4,
        "done": 3,
        "elapsed": 2.0,
        "win": 0.42,
        "targets": (121, 61),
        "target": 31,
        "score": 40,
        "percent": 42,
        "share": "a half",
        "rivals": "one of two opponents",
        "hint": "Keep five.",
        "keys": "1 and 4",
        "kept": "the five",
        "away": "the six",
        "player": "First player",
        "call": "Fifteen two",
        "last": "Second player",
        "whose": "the crib is yours",
        "hand": 12.4,
        "crib": "crib",
        "crib_points": 5.6,
        "refusal": "Four players play each for themselves",
        "top": 120,
        "ranks": "fives",
        "many": "two",
        "choices": "the five of hearts or the five of spades",
        "tail": "with your crib",
        "series": score_play(parse_cards("8S"), parse_card("7H")).items,
        # the report of simulate, its parts
        **{"games": 4, "seed": 1, "first": "easy", "second": "greedy", "layout": "each for themselves"},
        **{"names": "easy, greedy, easy", "seat": 0, "name": "easy", "team": 1, "seats": "seats 0 and 2"},
        **{"who": "seat 0 easy", "wins": 2, "rate": 50.0, "skunks": 1, "doubles": 0, "pairs": 2},
        **{"first_both": 0, "second_both": 1, "split": 1, "even": 33.3, "deals": 30, "role": "as dealer"},
        **{"pegging": 2.67, "heels": 0.13, "seconds": 0.5, "speed": 8.0},
    }


@functools.cache
def _simulation() -> dict:
    """A real summary of simulate: the facts of its report (calculator.simulate_report)."""
    from spoken_cribbage.ai.simulate import simulate

    return simulate(["easy", "greedy"], 2, 1, workers=1)


TABLES = {"storage": storage_words, "speech": speech_words, "voice": voice_words, "calculator": calculator_words}


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    catalogue.use("en")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _moved() -> dict[str, catalogue.Message]:
    from scripts.catalogue import messages

    return messages()  # type: ignore[return-value]


def test_the_moved_tables_are_found():
    codes = set(_moved())
    assert {"command.unknown", "command.ambiguous", "list.or.two", "number.2", "notice.unknown"} <= codes
    assert len([c for c in codes if c.startswith("command.")]) == 15
    # storage.*: the 79 codes callers use (11 of them choose among their forms) and their
    # forms and parts, every one a message (59 of them the settings' names and values)
    assert len([c for c in codes if c.startswith("storage.")]) == 206
    assert len(storage_words.TEXTS) == 79 and len(storage_words.PARTS) == 138
    # speech.*: 51 codes (3 choose among their forms), 57 messages
    assert len([c for c in codes if c.startswith("speech.")]) == 57
    assert len(speech_words.TEXTS) == 51 and len(speech_words.PARTS) == 9
    assert len([c for c in codes if c.startswith("cues.")]) == 4  # cues.*: all 4, one each
    # help.*: every --help text, and argparse's own words around them
    assert len([c for c in codes if c.startswith("help.")]) == 104
    # calculator.* and engine.*: 61 codes (8 choose among their forms, the simulation's report
    # one), 131 messages
    assert len([c for c in codes if c.startswith(("calculator.", "engine."))]) == 131
    assert len(calculator_words.TEXTS) == 61 and len(calculator_words.PARTS) == 78
    # keys.*: the key list (what each key does, the names of keys) and the game's help
    assert len([c for c in codes if c.startswith("keys.")]) == 75  # with keys.help.own_words
    # voice.*: 87 codes (11 choose among their forms), 106 messages
    assert len([c for c in codes if c.startswith("voice.")]) == 106
    assert len(voice_words.TEXTS) == 87 and len(voice_words.PARTS) == 30
    for table, count in (("storage", 11), ("speech", 3), ("voice", 11)):
        choosers = [c for c, t in TABLES[table].TEXTS.items() if not isinstance(t, catalogue.Message)]
        assert len(choosers) == count
        assert all(any(m.startswith(c + ".") for m in codes) for c in choosers), choosers


def test_compiled_catalogues_are_up_to_date():
    pytest.importorskip("babel", reason="Babel (the [test] extra) builds the catalogues")
    pytest.importorskip("opencc", reason="OpenCC (the [test] extra) makes zh-Hant")
    from scripts.catalogue import problems

    assert problems() == []


@pytest.mark.parametrize("language", OTHERS)
def test_every_message_translated_with_its_placeholders(language):
    babel = pytest.importorskip("babel.messages.pofile", reason="Babel reads the .po files")
    with (LOCALE / language / "LC_MESSAGES" / "spoken_cribbage.po").open("rb") as f:
        po = babel.read_po(f)
    by_code = {m.context: m for m in po if m.id}
    wrong, checked = [], 0
    for code, message in _moved().items():
        m = by_code.get(code)
        if m is None:
            wrong.append(f"{code}: missing")
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(s.strip() for s in strings):
            wrong.append(f"{code}: empty or fuzzy")
            continue
        if message.plural is not None and len(strings) != po.num_plurals:
            wrong.append(f"{code}: {len(strings)} plural forms, not {po.num_plurals}")
        # the same facts, whatever the case they are asked in ({Verb} or {verb}); a plural form
        # may say the count the English singular leaves out ('a card', '{count} cards')
        english = {f.lower() for f in _fields(message.english)}
        plural = {f.lower() for f in _fields(message.plural or message.english)}
        for s in strings:
            if not english & plural <= {f.lower() for f in _fields(s)} <= english | plural:
                wrong.append(f"{code}: placeholders {sorted(_fields(s))} for {sorted(english | plural)}")
        checked += 1
    assert wrong == []
    assert checked == len(_moved())


def _po(language: str):
    from babel.messages.pofile import read_po

    with (LOCALE / language / "LC_MESSAGES" / "spoken_cribbage.po").open("rb") as f:
        return read_po(f)


def test_traditional_chinese_is_the_simplified_converted():
    """zh-Hant is made from zh-Hans by OpenCC (Taiwan's phrasing) and the glossary's terms:
    every message of it is its zh-Hans message converted now, so a zh-Hans translation added or
    changed without running scripts/catalogue.py again fails here (and in the test above)."""
    pytest.importorskip("babel", reason="Babel (the [test] extra) reads the catalogues")
    pytest.importorskip("opencc", reason="OpenCC (the [test] extra) makes zh-Hant")
    from scripts.catalogue import ZH_HANT_MESSAGES, to_traditional

    # Taiwan's words and quotation marks, the glossary's terms, placeholders untouched
    assert to_traditional("设置文件“{path}”无法读取") == "設定檔案「{path}」無法讀取"
    assert to_traditional("闲家出红桃五，翻牌是黑桃 J，庄家的底牌") == "非莊家出紅心五，起始牌是黑桃 J，莊家的Crib"
    hant = {m.context: m for m in _po("zh-Hant") if m.id}
    stale = []
    for m in _po("zh-Hans"):
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        got = hant[m.context].string if m.context in hant else None
        got = got if isinstance(got, tuple) or got is None else (got,)
        own = ZH_HANT_MESSAGES.get(m.context) if all(strings) and not m.fuzzy else None
        if got != ((own,) if own else tuple(to_traditional(s) for s in strings)):
            stale.append(m.context)
    assert stale == [], "zh-Hant is stale: run python scripts/catalogue.py"
    catalogue.use("zh-Hant")
    assert phrase("command.unknown", text="xyzzy") == "我不認識「xyzzy」。按問號獲取幫助。"
    # the description 'languages' gives: zh-Hans's converted (write this when zh-Hans's changes)
    hant = to_traditional(catalogue.LANGUAGES["zh-Hans"]).replace("簡體中文", "繁體中文", 1)
    assert catalogue.LANGUAGES["zh-Hant"] == hant


#: messages whose translation is rightly the English words
SAME_AS_ENGLISH = {
    ("fr", "storage.unit.target"),  # 'N points'
    ("fr", "voice.unit.db"),
    ("zh-Hans", "voice.unit.mb"),
    ("fr", "help.argparse.options"),  # the title of --help's options
    ("zh-Hant", "voice.unit.mb"),
    ("fr", "keys.does.silence"),  # the key list: x silence
    ("fr", "keys.does.muggins"),
    ("fr", "keys.modifier.m"),  # Alt
    ("zh-Hans", "keys.modifier.s"),  # Shift
    ("fr", "calculator.crib.yours"),  # the discards ranked: 'crib'
    ("fr", "stats.average.crib"),  # 'crib 4.2' in the statistics' averages
    ("fr", "calculator.report.skunks"),
    # a setting's name or value the same in French ('Volume : 1.', 'Difficulté : expert.')
    ("fr", "storage.name.volume"),
    ("fr", "storage.name.muggins"),
    ("fr", "storage.value.difficulty.standard"),
    ("fr", "storage.value.difficulty.expert"),  # '2 skunks (...)': skunk, the glossary's term
    ("zh-Hant", "keys.modifier.s"),
}  # '-62 dB', '41.2 MB'


def _has_words(template: catalogue.Message) -> bool:
    """A message with words of its own ('{detail}', the system's words, has none: it is the
    same in every language)."""
    return any(ch.isalpha() for text, *_ in string.Formatter().parse(template.english) for ch in text)


@pytest.mark.parametrize("language", catalogue.LANGUAGES)
@pytest.mark.parametrize(
    "table,facts",
    [
        ("command", FACTS),
        ("storage", STORAGE_FACTS),
        ("speech", SPEECH_FACTS),
        ("voice", VOICE_FACTS),
        ("cues", {"reason": Notice("cues.silent_output")}),
        (
            "help",
            {
                "levels": "easy, expert",
                **{k: "--x" for k in ("names", "arguments", "argument", "value", "choices", "kind", "message")},
            },
        ),
        ("calculator", "calculator"),
        (
            "review",
            {
                **{k: "x" for k in ("cards", "Who", "who", "card", "starter", "scores", "line", "then", "path")},
                **{k: "x" for k in ("reason", "difficulty", "table", "day", "how", "deals", "against", "others")},
                **{k: 3 for k in ("points", "claimed", "deal", "number", "count", "lines", "seed", "target")},
                **{"mine": 121, "theirs": 98, "name": "Max", "score": 77, "teams": "two", "size": "two"},
            },
        ),
        (
            "stats",
            {
                **{k: "x" for k in ("times", "deals", "first", "then", "parts", "players", "teams", "size")},
                **{k: "x" for k in ("table", "games", "head")},
                **{"total": 24, "count": 3, "n": 10, "right": 2, "percent": 50, "seconds": 7.1, "cost": 1.2},
                **{"wins": 2, "losses": 1, "given": 1, "taken": 0, "points": 6.1, "now": 1, "longest": 3},
                "abandoned": 1,
            },
        ),
        (
            "practice",
            {
                **{k: "x" for k in ("cards", "ranks", "size", "suit", "card", "keep", "away", "reason")},
                **{"total": 8, "rounds": 3, "n": 1, "given": 30, "right": 2, "seconds": 7.1, "net": 4.5},
                **{"rank": 3, "cost": 1.2},
            },
        ),
        ("engine", "calculator"),
        ("keys", {"typed": "cues", "count": 2, "keys": "c the count", "key": "[", "name": "Orca", "does": "x"}),
    ],
)
def test_every_moved_code_says_a_sentence(language, table, facts):
    if facts == "calculator":
        facts = _calculator_facts()
    catalogue.use(language)
    from spoken_cribbage.words.notices import template

    codes = [c for c in _moved() if c.startswith(table + ".")]
    parts = TABLES[table].PARTS if table in TABLES else {}
    if table in TABLES:  # and the codes that choose among their forms
        codes += [c for c, t in TABLES[table].TEXTS.items() if not isinstance(t, catalogue.Message)]
    english_too, checked = [], 0
    for code in codes:
        # the report of simulate: its facts are a whole simulation's summary
        said_facts = _simulation() if code == "calculator.simulate_report" else facts
        part = parts.get(code)  # a form or part, said by its table alone
        said = phrase(code, **said_facts) if part is None else catalogue.say(part, said_facts, code)
        assert said.strip() and "{" not in said, (code, said)
        checked += 1
        t = template(code) if part is None else part
        if language != "en" and (not isinstance(t, catalogue.Message) or _has_words(t)):
            catalogue.use("en")
            again = phrase(code, **said_facts) if part is None else catalogue.say(part, said_facts, code)
            if said == again and (language, code) not in SAME_AS_ENGLISH:
                english_too.append(code)
            catalogue.use(language)
    assert english_too == []
    assert checked == len(codes) > 0


def test_english_unchanged_and_the_grammar_per_language():
    error = CommandError("command.ambiguous", text="five", cards=tuple(parse_cards("5H 5C 5S")))
    assert phrase(error) == ("You have three fives: the five of hearts, the five of clubs or the five of spades?")
    catalogue.use("fr")
    assert phrase(error) == ("Vous avez trois fives : the five of hearts, the five of clubs ou the five of spades ?")
    catalogue.use("zh-Hans")
    assert phrase(error) == ("你有三张 fives：the five of hearts、the five of clubs或the five of spades？")
    assert catalogue.join(["甲", "乙"]) == "甲或乙" and catalogue.number(2) == "两"


def test_storage_in_french_and_chinese():
    damaged = Notice(
        "storage.settings_replaced",
        reason=Notice("storage.settings_not_a_table"),
        moved="settings.toml.bad",
        error=None,
    )
    notice = Notice("storage.not_kept", when="goodbye", behind=1)
    catalogue.use("fr")
    assert phrase(damaged) == (
        "Le fichier des réglages n'a pas pu servir (le fichier des réglages n'est pas une "
        "table) : il a été gardé sous le nom settings.toml.bad et les réglages par défaut "
        "s'appliquent."
    )
    assert phrase(notice) == "Au revoir. Votre partie n'est gardée que telle qu'elle était il y a 1 coup."
    assert phrase("storage.teams", players=4, layouts=("none", "2"), teams="3") == (
        "à 4 joueurs on joue chacun pour soi ou en 2 équipes de 2, pas en 3 équipes"
    )
    catalogue.use("zh-Hans")
    assert phrase(notice) == "再见。你的牌局只保留了1步之前的样子。"
    assert phrase("storage.resume_question", game=Game(players=2, seed=1, first_dealer=0)) == (
        "你有一局未完成：你 0 分，电脑 0 分，你的底牌。继续吗？y/n"
    )


def test_speech_in_french_and_chinese():
    failed = Notice("speech.could_not_start", reason=Notice("speech.portaudio_hung", seconds=1))
    catalogue.use("fr")
    assert phrase(failed).startswith("La parole n'a pas pu démarrer : le système de son n'a pas répondu en 1 seconde (")
    assert phrase("speech.screen_reader", name="Orca") == "Parole par Orca."
    catalogue.use("zh-Hans")
    assert phrase(failed).endswith("删除它即可解决）。游戏以文字继续。")
    assert phrase("speech.espeak_could_not_start", status=255) == "espeak-ng 无法启动（错误 0xff）"
    # cues.* builds from the clauses of storage and speech, all in the one language
    assert phrase("cues.could_not_start", reason=Notice("speech.no_sound_device")) == (
        "提示音已关闭：没有找到音频设备。游戏继续。"
    )


def test_a_value_from_outside_is_cleaned_in_every_language():
    for language in catalogue.LANGUAGES:
        catalogue.use(language)
        said = phrase("command.unknown", text="a\nYou win.\x1b[2J")
        assert "\n" not in said and "\x1b" not in said and "\\x1b[2J" in said


def test_languages_agree_and_the_setting_is_checked():
    assert tuple(catalogue.LANGUAGES) == settings_mod.LANGUAGES
    assert sorted(p.name for p in LOCALE.iterdir() if p.is_dir()) == sorted(OTHERS)
    assert settings_mod.Settings(language="fr").validate().language == "fr"
    with pytest.raises(settings_mod.SettingError):
        settings_mod.Settings(language="de").validate()


def test_the_languages_command_speaks_the_language_in_use():
    # its marker and its last line were English in every language
    english = catalogue.use("en") or catalogue.languages_lines()
    assert english[0] == "en: English (in use)" and english[-1].startswith("Choose with --language")
    for language, marker, how in (("fr", "(utilisée)", "Choisissez"), ("zh-Hans", "（使用中）", "用 --language")):
        catalogue.use(language)
        lines = catalogue.languages_lines()
        assert [line for line in lines if line.startswith(f"{language}:")][0].endswith(marker)
        assert lines[-1].startswith(how) and "(in use)" not in "".join(lines)
    catalogue.use("en")


@pytest.mark.parametrize(
    "env,language",
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "zh_CN.UTF-8"}, "zh-Hans"),
        ({"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
        ({"LANG": "zh_HK.UTF-8"}, "zh-Hant"),
        ({"LC_ALL": "zh_Hant"}, "zh-Hant"),
        ({"LANGUAGE": "zh-Hant-TW"}, "zh-Hant"),
        ({"LANG": "zh_Hans_CN.UTF-8"}, "zh-Hans"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "fr_BE.UTF-8", "LANG": "en_GB.UTF-8"}, "fr"),
        ({"LANGUAGE": "zh_CN:fr", "LANG": "fr_FR.UTF-8"}, "zh-Hans"),
    ],
)
def test_the_system_language(env, language):
    assert catalogue.language_from_environment(env, windows_ui="") == language


def test_the_windows_display_language_when_no_locale_variable_is_set():
    assert catalogue.language_from_environment({}, windows_ui="zh_TW") == "zh-Hant"
    assert catalogue.language_from_environment({}, windows_ui="zh_CN") == "zh-Hans"
    assert catalogue.language_from_environment({}, windows_ui="fr_FR") == "fr"
    assert catalogue.language_from_environment({}, windows_ui="de_DE") == "en"
    assert catalogue.language_from_environment({"LANG": "en_US.UTF-8"}, windows_ui="zh_TW") == "en"
    assert catalogue._windows_ui_locale() == (
        "" if not sys.platform.startswith("win") else catalogue._windows_ui_locale()
    )


def test_saved_language_read_without_touching_the_file(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text('language = "zh-Hans"\n')
    assert settings_mod.saved_language(path) == "zh-Hans"
    path.write_text('language = "xx"\n')
    assert settings_mod.saved_language(path) == ""
    path.write_text("not toml [")
    assert settings_mod.saved_language(path) == "" and path.read_text() == "not toml ["


def test_voice_in_french_and_chinese():
    off = Notice("voice.off", reason=Notice("voice.not_a_vosk_model", path="/m"))
    push = Notice("voice.check_suggest_push", why="missed", missed=1, asked=3)
    catalogue.use("fr")
    # the reason, a sentence of its own, said as a clause: no full stop, first letter as it is
    assert phrase(off) == "La voix est coupée : /m n'est pas un dossier de modèle vosk."
    assert phrase(push) == "Utilisez l'appui pour parler : 1 commande sur 3 a été manquée."
    assert phrase("voice.downloaded", percent=50, got=20_000_000, total=40_000_000) == (
        "Téléchargé à 50 % (20,0 Mo sur 40,0 Mo)."
    )
    # voice commands stay English: the command asked about, and yes or no
    assert phrase("voice.confirm", heard="the nine", command="play 9S") == (
        "Play the nine of spades ? Dites yes ou no."
    )
    catalogue.use("zh-Hans")
    assert phrase(off) == "语音已关闭：/m 不是 vosk 模型文件夹。"
    assert phrase("voice.check_suggest_push", why="missed", missed=2, asked=3) == (
        "请使用按键说话：3 条命令中漏听了 2 条。"
    )
    assert phrase("voice.check_figures", noise=-62.3, voice=-18.1, snr=44.2) == (
        "环境噪声 -62 分贝，你的声音 -18 分贝：比噪声高 44 分贝。"
    )

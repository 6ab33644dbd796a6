"""The one lookup of the game's messages in the player's language: gettext catalogues.

English is the source language: a message is a :class:`Message`, its English text the
gettext ``msgid``, its code (``command.unknown``) the ``msgctxt``, and ``heard`` the comment
a translator reads. A translation is ``spoken_cribbage/words/locale/<language>/LC_MESSAGES/
spoken_cribbage.po``, compiled to the ``.mo`` beside it that ships in the wheel
(``scripts/catalogue.py`` extracts, updates and compiles them with Babel; a test checks the
``.mo`` files are up to date). At run time only the standard library's :mod:`gettext` reads
them. See docs/dev/languages.md.

Nothing here assumes English grammar: plurals go through the catalogue's plural rule
(``Plural-Forms``; Chinese has one form, French two), lists are joined by the language's own
patterns (:func:`join`), and small counts are said in its own number words (:func:`number`).

>>> use("en"); say(Message("You have {n} cards.", "example"), {"n": 3}, code="example.cards")
'You have 3 cards.'
"""

from __future__ import annotations

import gettext
import os
import re
import string
import sys
from collections import ChainMap
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, cast

from spoken_cribbage.words.clean import fill

__all__ = [
    "LANGUAGES",
    "Message",
    "use",
    "current",
    "text",
    "render",
    "say",
    "join",
    "number",
    "decimal",
    "decimal_count",
    "language_from_environment",
    "languages_lines",
    "CATALOGUE_MESSAGES",
    "DOMAIN",
]

DOMAIN = "spoken_cribbage"

#: The languages the game speaks, with how far each is translated ("partly": the messages
#: moved onto the catalogue so far, see docs/dev/languages.md; the rest is still English).
#: The code list itself is ``storage.settings.LANGUAGES`` (storage is below words).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": (
        "français (partly translated: refusals of typed commands, what is said about the "
        "settings, saved game and statistics files, about speech and sound cues, and about "
        "voice commands, the cards, the events of the game, the hand counts, the answers to the "
        "keys, the game's own sentences, --help, the game's help and key list, hints, the coach, "
        "the calculators and the report of simulate, practice, statistics and reviews, network play "
        "(each player at a shared table in their own language); voice commands stay in English)"
    ),
    "zh-Hans": (
        "简体中文（部分翻译：输入命令的拒绝提示，设置、存档和统计文件的提示，"
        "语音和提示音的提示，语音命令的提示，牌名、牌局中的事件和数牌，按键的回答、游戏自己的语句，"
        "--help，游戏帮助和按键列表，提示、教练、计算命令和模拟报告、练习、统计和回顾、联网对战（同桌的每位玩家各用自己的语言）；语音命令本身仍为英文）"
    ),
    # zh-Hans's, converted as scripts/catalogue.py converts the catalogue (a test checks it)
    "zh-Hant": (
        "繁體中文（部分翻譯：輸入命令的拒絕提示，設定、存檔和統計檔案的提示，語音和提示音的提示，"
        "語音命令的提示，牌名、牌局中的事件和數牌，按鍵的回答、遊戲自己的語句，"
        "--help，遊戲幫助和按鍵列表，提示、教練、計算命令和模擬報告、練習、統計和回顧、聯網對戰（同桌的每位玩家各用自己的語言）；語音命令本身仍為英文）"
    ),
}


#: The modules of ``words`` whose sentence tables are not notice tables (words.notices.DOMAINS)
#: but are on the catalogue: each has ``CODES``, code -> :class:`Message` (scripts/catalogue.py
#: extracts them).
CODE_TABLES = (
    "spoken_cribbage.words.lines",
    "spoken_cribbage.words.numbers",
    "spoken_cribbage.words.names",
    "spoken_cribbage.words.calls",
    "spoken_cribbage.words.announcements",
    "spoken_cribbage.words.answers",
    "spoken_cribbage.words.seat_texts",
    "spoken_cribbage.words.channels",
    "spoken_cribbage.words.net_messages",
)


@dataclass(frozen=True)
class Message:
    """One message of a moved table: its English text (a ``str.format`` template over the
    facts), where it is heard (the translator's comment), a ``plural`` English text with the
    fact ``count`` choosing between them by the language's rule, and ``prepare``: facts made
    from the cleaned facts (a list joined, a count in words) before the template is filled."""

    english: str
    heard: str
    plural: str | None = None
    count: str = "count"
    prepare: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None


_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def _load(language: str) -> gettext.NullTranslations:
    if language == "en":
        return gettext.NullTranslations()
    path = resources.files("spoken_cribbage.words") / "locale" / language / "LC_MESSAGES" / (DOMAIN + ".mo")
    with path.open("rb") as f:
        return gettext.GNUTranslations(f)


def use(language: str) -> None:
    """Speak ``language`` (a key of :data:`LANGUAGES`) from now on."""
    global _current, _language
    if language not in LANGUAGES:
        raise ValueError(language)
    _current, _language = _load(language), language


def current() -> str:
    return _language


def text(code: str, message: Message, count: int | None = None) -> str:
    """The template of ``message`` in the current language (English when not translated)."""
    if message.plural is not None and count is not None:
        return _current.npgettext(code, message.english, message.plural, count)
    return _current.pgettext(code, message.english)


def render(code: str, message: Message, clean: Mapping[str, Any]) -> str:
    """``message`` in the current language filled with facts already cleaned, and the facts
    ``prepare`` makes of them."""
    # the cleaned facts as they are (read by key only), the prepared ones over them
    values = ChainMap(dict(message.prepare(clean)) if message.prepare else {}, cast("MutableMapping[str, Any]", clean))
    count = values.get(message.count) if message.plural is not None else None
    if isinstance(count, float):  # ('0,8 seconde', '2.5 seconds')
        count = decimal_count(count)
    said = _FORMATTER.vformat(text(code, message, count if isinstance(count, int) else None), (), values)
    return _elide(said) if _language == "fr" else said


#: The languages that write a decimal comma ('0,8', not '0.8'): read as 'zéro virgule huit'.
_DECIMAL_COMMA = {"fr"}


class _Formatter(string.Formatter):
    """``str.format`` with the language's decimal mark for a number with decimals
    ('{net:.1f}' gives '2,5' in French)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        said: str = super().format_field(value, format_spec)
        if isinstance(value, float) and _language in _DECIMAL_COMMA:
            said = said.replace(".", ",")
        return said


_FORMATTER = _Formatter()


def decimal(value: float, spec: str = "g") -> str:
    """A number as the current language writes it ('0.8', '0,8'); an integer as it is."""
    return _FORMATTER.format_field(float(value) if isinstance(value, float) else value, spec)


def decimal_count(value: float) -> int:
    """The count whose plural form a number with decimals takes in the current language (CLDR's
    rules): in French 0 to 1.9... take the singular's ('0,8 seconde', '1,5 seconde'), in English
    any decimal the plural's ('0.8 seconds', '1.5 seconds'); a whole number is itself."""
    if value == int(value):
        return int(value)
    if _language == "fr":
        return 1 if 0 <= value < 2 else 2
    return 2


#: French elision before a name that begins with a vowel ('que Oliver' -> "qu'Oliver", 'de Ann'
#: -> "d'Ann", 'que Ordinateur' -> "qu'Ordinateur"): a template cannot write it, since the name
#: comes later. Only before a capital letter (a name): the templates' own words come elided.
_ELISION = re.compile(r"\b([Qq]u|[Dd]|[Jj])e (?=[AEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÛÙÜ])")


def _elide(said: str) -> str:
    return _ELISION.sub(r"\1'", said)


def say(message: Message, facts: Mapping[str, Any], code: str) -> str:
    """``message`` in the current language, filled with ``facts``: every fact passes
    :func:`~spoken_cribbage.words.clean.fill`'s cleaning first (issue 23)."""
    return fill(lambda clean: render(code, message, clean), facts)


# ----------------------------------------------------------------------------- grammar

#: The catalogue's own messages: how a list is joined and small numbers said, per language.
CATALOGUE_MESSAGES: dict[str, Message] = {
    "list.or.two": Message(
        "{first} or {last}",
        "joining two choices, as in 'the five of hearts or the five of spades' (a refused ambiguous card)",
    ),
    "list.or.middle": Message("{first}, {rest}", "joining the first choices of a list of three or more"),
    "list.or.end": Message("{first} or {last}", "joining the last two choices of a list of three or more"),
    "list.and.two": Message(
        "{first} and {last}",
        "joining two names or things together, as in 'you and Lena 60' "
        "(the players of one side in a saved game's scores)",
    ),
    "list.and.middle": Message(
        "{first}, {rest}", "joining the first items of a list of three or more (all of them together)"
    ),
    "list.and.end": Message(
        "{first} and {last}", "joining the last two items of a list of three or more (all of them together)"
    ),
    "list.all.two": Message(
        "{first}, {last}",
        "joining two items of a plain list, as in 'you 100, computer 96' "
        "or the values a setting allows ('auto, manual')",
    ),
    "list.all.middle": Message("{first}, {rest}", "joining the first items of a plain list of three or more"),
    "list.all.end": Message("{first}, {last}", "joining the last two items of a plain list of three or more"),
    **{
        f"number.{n}": Message(
            w, f"the count {n} said as a word, as in 'You have two fives' (a card named that fits {n} cards)"
        )
        for n, w in enumerate(("no", "one", "two", "three", "four", "five", "six"))
    },
    "languages.in_use": Message(
        "{line} (in use)", "the languages command: the language in use, its line ({line}: its code and name)"
    ),
    "languages.how": Message(
        "Choose with --language, or in the game: language fr (kept as a setting). The default is the "
        "system's language (LANG). Key letters and voice commands stay English; typed "
        "commands and card names work in English and in the language.",
        "the languages command: its last line, how to choose a language (commands as typed stay English)",
    ),
    "notice.unknown": Message(
        "Something happened that the game has no words for ({code}).",
        "a notice of the program that has no sentence yet (a fault)",
    ),
}


def _own(code: str) -> str:
    return text(code, CATALOGUE_MESSAGES[code])


def join(items: Sequence[str], kind: str = "or") -> str:
    """``items`` as one list in the current language's words ('a, b or c'; '甲、乙或丙')."""
    if len(items) <= 1:
        return items[0] if items else ""
    if len(items) == 2:
        return _own(f"list.{kind}.two").format(first=items[0], last=items[1])
    end = _own(f"list.{kind}.end").format(first=items[-2], last=items[-1])
    for item in reversed(items[:-2]):
        end = _own(f"list.{kind}.middle").format(first=item, rest=end)
    return end


def number(n: int) -> str:
    """A small count in the current language's words ('two', 'deux', '两'); others as digits."""
    return _own(f"number.{n}") if f"number.{n}" in CATALOGUE_MESSAGES else str(n)


def languages_lines() -> list[str]:
    """What the ``languages`` command says: each language, the one in use marked."""
    lines = [f"{code}: {name}" for code, name in LANGUAGES.items()]
    marked = [
        _own("languages.in_use").format(line=line) if line.startswith(f"{_language}:") else line for line in lines
    ]
    return [*marked, _own("languages.how")]


# ----------------------------------------------------------------------------- the system's language


def language_from_environment(env: Mapping[str, str] | None = None, windows_ui: str | None = None) -> str:
    """The language of the system locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    as gettext reads them), if the game speaks it; English otherwise. Chinese in simplified
    characters: ``zh_CN``, ``zh_SG``, ``zh_Hans``; in traditional characters: ``zh_TW``,
    ``zh_HK``, ``zh_MO``, ``zh_Hant`` (also with a region after the script, ``zh_Hant_TW``).
    When none of these is set (as on Windows), the Windows display language (``windows_ui``:
    a locale name like ``zh_TW``; by default asked of Windows, none elsewhere)."""
    env = os.environ if env is None else env
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        for part in value.split(":"):
            found = _language_of(part)
            if found:
                return found
        if value:
            return "en"
    return _language_of(_windows_ui_locale() if windows_ui is None else windows_ui) or "en"


def _language_of(locale_name: str) -> str:
    """The game's language for a locale name ('zh_TW.UTF-8', 'fr-CA'), or '' when it speaks
    none of it."""
    tag = locale_name.split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    lang, _, region = tag.partition("_")
    script = region.split("_", 1)[0]
    if lang == "fr":
        return "fr"
    if lang == "zh" and (region in ("CN", "SG") or script == "Hans"):
        return "zh-Hans"
    if lang == "zh" and (region in ("TW", "HK", "MO") or script == "Hant"):
        return "zh-Hant"
    return "en" if lang == "en" else ""


def _windows_ui_locale() -> str:
    """The Windows display language as a locale name ('zh_TW'); '' elsewhere or when unknown."""
    if sys.platform != "win32":
        return ""
    try:
        import ctypes
        import locale

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
        return locale.windows_locale.get(int(lcid), "")
    except Exception:  # noqa: BLE001 - no language found is English, never a crash
        return ""

"""Nothing falls through (issue 27 item 5): no notice code without its words in every language,
and no English left in a French or Chinese game, but what a table not moved yet still says.

The games scanned are the golden games in each language (tests/golden/french,
chinese_simplified, chinese_traditional: seeded piped games, their keys, help and commands
typed in the language; tests/e2e/test_golden.py keeps them up to date). Every message of the
catalogue translated, with its placeholders, in every language: tests/words/test_catalogue.py.
"""

from __future__ import annotations

import ast
import importlib
import re
import string
from functools import cache
from pathlib import Path

import pytest

from spoken_cribbage.words import catalogue, notices

ROOT = Path(__file__).resolve().parents[2]
WORDS = ROOT / "spoken_cribbage" / "words"
GOLDEN = ROOT / "tests" / "golden"
LOCALE = WORDS / "locale"
GAMES = {"french": "fr", "chinese_simplified": "zh-Hans", "chinese_traditional": "zh-Hant"}

#: THE ALLOWLIST: the words modules whose sentences are not on the catalogue yet (issue 27
#: parts a and b move them), so their English may still show in a French or Chinese game.
#: It may ONLY SHRINK: when a table moves, take its module out (the test fails while a module
#: listed here explains none of the games' English, and on any English no module listed here
#: explains); never add one: a new sentence goes onto the catalogue (docs/dev/languages.md).
NOT_YET_MOVED: frozenset[str] = frozenset()
#: its size when it was last shrunk (answers.py, seat.py and stats.py moved): empty, and so it stays
ALLOWLIST_AT_MOST = 0

#: Latin words every language's game keeps: the glossary's terms kept in English (Go, Crib in
#: traditional Chinese, Nobs, His Heels, muggins, skunk), the names of keys (the keys stay keys),
#: the names of the profiles (typed as they are: 'profile quiet'). Single letters (card ranks A
#: J Q K, key letters) are always kept; so are commands shown as examples after a slash
#: ('/play five of hearts': commands typed in English work in every language).
KEPT = {"Go", "Crib", "Nobs", "His", "Heels", "muggins", "skunk"}
KEPT |= {"Esc", "Home", "End", "Enter", "Tab", "Page", "Up", "Down", "F1", "Ctrl", "Control", "Alt", "Shift"}
KEPT |= {"everything", "quiet", "teaching"}
_LATIN = "A-Za-zÀ-ÖØ-öø-ÿœŒ"
#: a run of Latin words: letters, with spaces, apostrophes and hyphens inside
_RUN = re.compile(rf"[{_LATIN}](?:[{_LATIN}'’ -]*[{_LATIN}])?")
_SLASH = re.compile(r"/[a-z][a-z0-9 ]*")  # a command shown as an example
_WORD = re.compile(rf"[{_LATIN}]+")


def _literals(path: Path) -> list[str]:
    """The sentences a module can say: its string literals (not docstrings) and the constant
    parts of its f-strings, placeholders as they are."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    inside = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.append("".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs | inside:
            out.append(node.value)
    return [s for s in out if any(len(w) >= 2 for w in _WORD.findall(re.sub(r"\{[^{}]*\}", " ", s)))]


@cache
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    """The sentences of the allowlist's modules as patterns over an output line: the words as
    they are (whole words), each placeholder inside the sentence any text within one sentence
    (the placeholders at its ends left out: a pattern covers its own words only)."""
    found = []
    lines = {
        (line.strip(), module)
        for module in NOT_YET_MOVED
        for text in _literals(WORDS / module)
        for line in text.splitlines()
    }
    for text, module in sorted(lines):
        parts = re.split(r"\{[^{}]*\}", text)
        parts = [p for i, p in enumerate(parts) if p or i in (0, len(parts) - 1)]  # {}{} is one
        body = (
            r"[^.;:?!。；：？！]*?".join(re.escape(p) for p in parts)
            .removeprefix(r"[^.;:?!。；：？！]*?")
            .removesuffix(r"[^.;:?!。；：？！]*?")
        )
        start = rf"(?<![{_LATIN}])" if re.match(f"[{_LATIN}]", parts[0]) else ""
        end = rf"(?![{_LATIN}])" if re.search(f"[{_LATIN}]$", parts[-1]) else ""
        found.append((module, re.compile(start + body + end)))
    return found


@cache
def _english_words() -> frozenset[str]:
    """Words of the English messages that no French message uses ('turn', 'cards', 'your'):
    a French line with one of them has English in it."""
    babel = pytest.importorskip("babel.messages.pofile", reason="Babel reads the catalogues")
    with (LOCALE / "fr" / "LC_MESSAGES" / "spoken_cribbage.po").open("rb") as f:
        po = babel.read_po(f)
    english, french = set(), set()
    for m in po:
        if not m.id:
            continue
        for s in m.id if isinstance(m.id, tuple) else (m.id,):
            english.update(w.lower() for w in _WORD.findall(_no_fields(s)))
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            french.update(w.lower() for w in _WORD.findall(_no_fields(s or "")))
    return frozenset(english - french - {w.lower() for w in KEPT})


def _no_fields(template: str) -> str:
    return "".join(text for text, *_ in string.Formatter().parse(template.replace("{{", "").replace("}}", "")))


def _game_lines(case: str) -> list[str]:
    """What the game printed: not the input echoed, nor the harness's own lines."""
    out = (GOLDEN / case / "1.out").read_text(encoding="utf-8").splitlines()
    return [line for line in out if not line.startswith(("> ", "$ ", "--- "))]


def _english_in(line: str, language: str) -> list[str]:
    """The runs of English in a line of a game in ``language``."""
    line = _SLASH.sub(" ", line)
    runs = []
    for run in _RUN.findall(line):
        words = _WORD.findall(run)
        if all(len(w) == 1 or w in KEPT for w in words):
            continue
        if language == "fr" and not any(len(w) > 1 and w.lower() in _english_words() for w in words):
            continue  # French words
        runs.append(run)
    return runs


def _scan(case: str) -> tuple[list[str], dict[str, int]]:
    """The English of a game no module of the allowlist explains (a run of English words is
    explained when it lies inside the match of one of its sentences), and how many runs each
    module of the allowlist explained."""
    return _unexplained(_game_lines(case), GAMES[case], case)


def _unexplained(lines: list[str], language: str, case: str = "") -> tuple[list[str], dict[str, int]]:
    leaks: list[str] = []
    explained = dict.fromkeys(NOT_YET_MOVED, 0)
    for line in lines:
        rest = _SLASH.sub(" ", line)
        runs = [m.span() for m in _RUN.finditer(rest) if _english_in(m.group(0), language)]
        if not runs:
            continue
        spans = [(module, m.span()) for module, pattern in _patterns() for m in pattern.finditer(rest)]
        for a, b in runs:
            by = {module for module, (start, end) in spans if start <= a and b <= end}
            for module in by:
                explained[module] += 1
            if not by:
                leaks.append(f"{case}: {rest[a:b]!r} in {line!r}")
    return leaks, explained


def test_the_allowlist_only_shrinks():
    assert len(NOT_YET_MOVED) <= ALLOWLIST_AT_MOST, "NOT_YET_MOVED may only shrink: move the table instead"
    assert all((WORDS / module).exists() for module in NOT_YET_MOVED)


@pytest.mark.parametrize("case", sorted(GAMES))
def test_no_english_left_in_a_game_in_another_language(case):
    leaks, _ = _scan(case)
    assert leaks == [], "English in a game in another language: put the sentence on the catalogue"


def test_every_module_of_the_allowlist_still_says_english():
    """A module whose table has moved leaves the allowlist (so that its English, if it came
    back, would fail the scan)."""
    total = dict.fromkeys(NOT_YET_MOVED, 0)
    for case in GAMES:
        for module, n in _scan(case)[1].items():
            total[module] += n
    assert [m for m, n in total.items() if n == 0] == [], "moved: take these out of NOT_YET_MOVED"


def test_the_scan_finds_english():
    """The scan itself: an English sentence in a Chinese or French line is found; the kept
    words, card letters, key names and commands shown after a slash are not."""
    assert _english_in("Your turn: lay away 2 cards.", "zh-Hans") == ["Your turn", "lay away", "cards"]
    assert _english_in("你不能出牌：Go。按 Esc 取消，例如 /play five of hearts；梅花 A。", "zh-Hans") == []
    assert _english_in("Vous coupez l'as de carreau ; votre crèche.", "fr") == []
    assert _english_in("Cards held: vous 4, l'ordinateur 3.", "fr") == ["Cards held"]
    # with the allowlist empty no English is explained
    leaks, _ = _unexplained(["The wind blows.", "Il pleut. The wind blows."], "zh-Hans")
    assert [leak.split(" in ")[0] for leak in leaks] == [": 'The wind blows'", ": 'Il pleut'", ": 'The wind blows'"]
    assert len(_unexplained(["Il pleut. The wind blows."], "fr")[0]) == 1  # 'Il pleut' is French


def test_every_notice_code_is_on_the_catalogue_or_allowed():
    """Every code of every notice table, in every language: a message of the catalogue (its
    translations checked by tests/words/test_catalogue.py), a function of a table on the
    catalogue composing its messages (PARTS), or a code of a table on the allowlist."""
    wrong = []
    for prefix, name in notices.DOMAINS.items():
        module = importlib.import_module(name)
        if Path(module.__file__).name in NOT_YET_MOVED:
            continue
        for code, t in module.TEXTS.items():
            if not code.startswith(prefix + "."):
                continue
            # a function that only composes its table's messages (its forms and parts, PARTS)
            chooser = callable(t) and bool(getattr(module, "PARTS", None))
            if not isinstance(t, catalogue.Message) and not chooser:
                wrong.append(code)
    assert wrong == []


#: Words typed as they are that a settings answer names: the languages' codes, the programs
#: of voice commands, the channels' names (/channel scores history: typed in English in every
#: language). Everything else a settings answer says is in the player's language.
_TYPED_NAMES = re.compile(
    r"(?<![\w-])(?:zh-Hans|zh-Hant|fr|en|vosk|Vosk|pocketsphinx|"
    r"Muggins|[Gg]ame|[Ss]cores|[Pp]rompts|[Cc]oach|[Aa]nswers|[Ss]ystem|[Cc]hat)(?![\w-])"
)


def _settings_answers() -> list[str]:
    """What the settings command says, in the language in use: the settings list (every
    setting at each of its values, and the rules a game in progress keeps), and the answer to
    a setting changed, in the game and by ``spoken-cribbage settings NAME VALUE``."""
    from spoken_cribbage.storage import settings as sm
    from spoken_cribbage.words.seat import phrase as seat_phrase
    from spoken_cribbage.words.seat import setting_named, setting_shown

    values: dict[str, tuple[object, ...]] = {
        "speech": sm.SPEECH_MODES,
        "verbosity": sm.VERBOSITIES,
        "difficulty": sm.DIFFICULTIES,
        "voice_engine": sm.VOICE_ENGINES,
        "listen": sm.LISTEN_MODES,
        "command_end": sm.COMMAND_ENDS,
        "counting": sm.COUNTING_MODES,
        **{name: sm.ON_OFF for name in ("cues", "count_tone", "muggins", "overcount_penalty")},
        "brief": ("off", "on", *sm.BRIEF_PARTS, "discard,suits"),
        "time_limit": (0, 15, 30),
        "pace": (0.0, 1.0, 0.8),
        "teams": ("usual", "none", "2"),
        "language": ("", *sm.LANGUAGES),
        "players": (2, 4),
        "target": (61, 121),
        "rate": (180,),
        **{f"channel_{c}": sm.CHANNEL_MODES for c in sm.CHANNELS},
    }
    lines: list[str] = []
    for name, choices in values.items():
        for value in choices:
            settings = (
                sm.Settings(**{name: value}) if name != "teams" or value != "2" else sm.Settings(players=4, teams="2")
            )
            game = {"difficulty": "easy", "counting": "manual", "muggins": "on", "target": 61, "players": 3}
            lines += [notices.phrase(n) for n in sm.describe(settings, Path("/a/b.c"), game=game)[:-1]]
            shown = setting_shown(name, value)
            lines.append(
                seat_phrase("setting_changed", Name=setting_named(name), value=shown, extra=seat_phrase("next_game"))
            )
            lines.append(notices.phrase("calculator.setting_saved", Name=setting_named(name), value=shown))
    lines.append(seat_phrase("teams_reset", value=setting_shown("teams", "usual")))
    lines += [seat_phrase("cues_changed", value=setting_shown("cues", v)) for v in ("on", "off")]
    return lines


@pytest.mark.parametrize("language", ["fr", "zh-Hans", "zh-Hant"])
def test_no_english_in_the_settings_answers(language):
    """'Language 现在是 zh-Hans。', 'Verbosity : terse.': a setting's name and value said to
    the player are in the player's language (the words typed stay English: 'verbosity terse')."""
    catalogue.use(language)
    try:
        lines = [_TYPED_NAMES.sub(" ", line) for line in _settings_answers()]
    finally:
        catalogue.use("en")
    leaks, _ = _unexplained(lines, language, "settings")
    assert leaks == [], "a setting's name or value said in English"

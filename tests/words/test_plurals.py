"""A count in a sentence takes the language's plural form: '1 win', '1 victoire', never
'1 wins' nor '1 victoires' (issue 27). gettext chooses the form by the count
(``Message.plural``): French says 0 and 1 in the singular, Chinese has one form."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.notice import Notice
from spoken_cribbage.words import catalogue
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.seat import setting_shown

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    catalogue.use("en")


@functools.cache
def _one_game() -> dict:
    """The summary of one real game of simulate: one side won it (1 win, 0 wins), with a skunk."""
    from spoken_cribbage.ai.simulate import simulate

    s = simulate(["easy", "greedy"], 1, 1, workers=1)
    s = dict(s, skunks=[0, 1], double_skunks=[0, 1])
    s["per_deal"] = dict(s["per_deal"], completed_deals=1)
    return s


def _report(language: str, summary: dict) -> str:
    catalogue.use(language)
    return phrase(Notice("calculator.simulate_report", summary))


def test_the_simulate_report_counts_one_game_and_one_win_in_the_singular():
    s = _one_game()
    winner = s["wins"].index(1)
    en = _report("en", s).splitlines()
    assert en[0].startswith("1 game, seed 1: ")
    assert ": 1 win, " in en[1 + winner] and ": 0 wins, " in en[2 - winner]
    assert en[2].endswith(", 1 skunk (1 double)") and en[1].endswith(", 0 skunks (0 double)")
    assert "(1 deal; " in _report("en", s)
    fr = _report("fr", s).splitlines()
    assert fr[0].startswith("1 partie, graine 1 : ")
    # French: 0 and 1 in the singular
    assert " : 1 victoire, " in fr[1 + winner] and " : 0 victoire, " in fr[2 - winner]
    assert fr[2].endswith(", 1 skunk (dont 1 double)") and fr[1].endswith(", 0 skunk (dont 0 double)")
    assert "(1 donne ; " in _report("fr", s)
    zh = _report("zh-Hans", s).splitlines()
    assert zh[0].startswith("1 局，种子 1：") and "赢 1 局" in zh[1 + winner]


def test_the_simulate_report_counts_more_in_the_plural():
    s = dict(_one_game(), games=2, wins=[2, 3], skunks=[2, 0], double_skunks=[2, 0])
    en = _report("en", s).splitlines()
    assert en[0].startswith("2 games, ") and ": 2 wins, " in en[1] and en[1].endswith(", 2 skunks (2 double)")
    fr = _report("fr", s).splitlines()
    assert fr[0].startswith("2 parties, ") and " : 2 victoires, " in fr[1]
    assert fr[1].endswith(", 2 skunks (dont 2 doubles)")


@pytest.mark.parametrize(
    ("language", "code", "facts", "said"),
    [
        ("en", "seat.time_left", {"seconds": 1}, "1 second left to count."),
        ("en", "seat.time_left", {"seconds": 5}, "5 seconds left to count."),
        ("fr", "seat.time_warning", {"seconds": 1}, "Encore 1 seconde pour compter."),
        ("fr", "seat.time_left", {"seconds": 0}, "Encore 0 seconde pour compter."),
        ("en", "seat.count_timed", {"turn": "Count.", "seconds": 1}, "Count. You have 1 second."),
        ("en", "channels.saved", {"n": 1, "path": "h.txt"}, "History saved, 1 line: h.txt"),
        ("fr", "channels.saved", {"n": 1, "path": "h.txt"}, "Historique enregistré, 1 ligne : h.txt"),
        ("fr", "channels.saved", {"n": 4, "path": "h.txt"}, "Historique enregistré, 4 lignes : h.txt"),
        ("en", "review.written", {"number": 2, "path": "g.txt", "lines": 1}, "Game 2 written to g.txt: 1 line."),
        ("en", "calculator.simulate_progress", {"done": 0, "total": 1, "elapsed": 0}, "simulate: 0 of 1 game, 0 s"),
        ("fr", "calculator.simulate_progress", {"done": 0, "total": 1, "elapsed": 0}, "simulate : 0 sur 1 partie, 0 s"),
    ],
)
def test_counts_of_the_game_take_their_plural_form(language, code, facts, said):
    catalogue.use(language)
    if code.startswith("seat."):
        from spoken_cribbage.words.seat import phrase as seat_phrase

        assert seat_phrase(code.removeprefix("seat."), **facts) == said
    elif code.startswith("channels."):
        from spoken_cribbage.words.channels import say

        assert say(code.removeprefix("channels."), **facts) == said
    elif code.startswith("review."):
        from spoken_cribbage.words.review import review_text

        assert review_text("written", **facts) == said
    else:
        assert phrase(Notice(code, **facts)) == said


@pytest.mark.parametrize(
    ("language", "name", "value", "said"),
    [
        ("en", "pace", 1.0, "1 second"),
        ("en", "pace", 0.5, "0.5 seconds"),
        ("en", "time_limit", 30, "30 seconds"),
        ("en", "pace", 1.5, "1.5 seconds"),
        ("fr", "pace", 1.0, "1 seconde"),
        ("fr", "time_limit", 30, "30 secondes"),
        # French writes a decimal comma, and 0 to 1.9... take the singular (CLDR's rule)
        ("fr", "pace", 0.8, "0,8 seconde"),
        ("fr", "pace", 1.5, "1,5 seconde"),
        ("fr", "pace", 2.5, "2,5 secondes"),
        ("zh-Hans", "pace", 0.8, "0.8 秒"),
    ],
)
def test_a_setting_in_seconds_takes_its_plural_form(language, name, value, said):
    catalogue.use(language)
    assert setting_shown(name, value) == said


def test_numbers_with_decimals_are_written_as_the_language_writes_them():
    """The settings list and a coach's estimate: '0,8 seconde', 'environ 2,5 points' in
    French; English and Chinese keep the point."""
    line = Notice("storage.setting_value", name="pace", value=0.8)
    five = parse_cards("5H")[0]
    coach = Notice("calculator.coach_play_better", card=five, mine=five, better=2.5)
    catalogue.use("fr")
    assert phrase(line) == "Rythme : 0,8 seconde."
    assert "2,5 points" in phrase(coach)
    catalogue.use("en")
    assert phrase(line) == "Pace: 0.8 seconds."
    assert "2.5 points" in phrase(coach)
    catalogue.use("zh-Hans")
    assert "0.8" in phrase(line) and "2.5" in phrase(coach)


#: Counts placed before a plural noun in a message without plural forms, that can never be 1
#: (nor 0): each with why. A new count before a noun must have plural forms, or be added here.
NEVER_ONE = {
    ("call.runs.n", "n"): "more than four runs",
    ("game.new", "target"): "a game's target is 5 or more",
    ("game.new_teams", "target"): "a game's target is 5 or more",
    ("net.watched_game", "target"): "a game's target is 5 or more",
    ("seat.line_too_long", "most"): "the longest line, hundreds of characters",
    ("seat.line_full", "most"): "the longest line, hundreds of characters",
    ("net.prompt.discard", "many"): "net.prompt.discard.one says one card",
    ("storage.time_limit", "high"): "the longest time limit, 90",
    ("storage.names_extra", "given"): "more names than other seats, so two or more",
    ("voice.download_size_mismatch", "offered"): "a download's size in bytes",
    ("voice.download_incomplete", "expected"): "a download's size in bytes",
    ("voice.check_quiet", "seconds"): "the check's quiet, 3 seconds",
    ("voice.check_too_short", "quiet"): "the check's quiet, 3 seconds",
    ("voice.check_nothing.within", "seconds"): "the check's wait for a command, several seconds",
    **{
        (f"voice.check_begins.{k}", f): "the check's quiet and commands"
        for k in ("plain", "key", "ctrl_c")
        for f in ("quiet", "commands")
    },
    **{
        (code, f): "a table has two to six players, and two or three teams"
        for code, f in (
            ("calculator.dealer_lays_none", "players"),
            ("calculator.teams.none", "players"),
            ("calculator.teams.some", "players"),
            ("calculator.teams.some", "layouts"),
            ("calculator.dealt_cards.dealer", "players"),
            ("calculator.dealt_cards.pone", "players"),
            ("calculator.report.layout.teams", "many"),
            ("review.teams_of", "teams"),
            ("stats.table.plain", "players"),
            ("stats.table.each", "players"),
            ("stats.table.teams", "players"),
            ("stats.table.teams", "teams"),
            ("storage.players", "sizes"),
            ("storage.teams", "players"),
            ("storage.layout.teams_of", "teams"),
            ("storage.layout.teams", "teams"),
        )
    },
    **{
        (code, "dealt" if "lays" in code else "needed"): "a hand is dealt five cards or more"
        for code in ("calculator.dealer_lays_none", "calculator.dealt_cards.dealer", "calculator.dealt_cards.pone")
    },
}
#: the English verbs in the third person that follow a name ('{Who} plays'): not plural nouns
_VERBS = set(
    re.findall(
        r"\w+",
        "is has does says plays wins takes counts pegs leads deals cuts holds lays reads lists tests scores "
        "exists sits asks breaks needs starts shows was",
    )
)


def test_every_count_before_a_plural_noun_has_plural_forms():
    from scripts.catalogue import messages

    count_noun = re.compile(r"\{(\w+)\} ([a-z]+s)\b")  # '{n} lines'; a count with decimals ({x:.1f}) is not one
    found = {
        (code, fact)
        for code, m in messages().items()
        if isinstance(m, catalogue.Message) and m.plural is None
        for fact, word in count_noun.findall(m.english)
        if word not in _VERBS
    }
    assert found - set(NEVER_ONE) == set(), "a count before a plural noun needs plural forms (Message.plural)"
    assert set(NEVER_ONE) - found == set(), "NEVER_ONE names a count that is no longer one: take it out"


def _table(**counts: int) -> dict:
    return {"players": 3, "teams": 0, "hand": None, "crib": None, "pegging": None, **counts}


def test_the_statistics_count_games_won_and_lost_by_their_number():
    from spoken_cribbage.words.stats import table_sentences

    tables = [_table(wins=1, losses=0, abandoned=1), _table(wins=2, losses=3, abandoned=0)]
    catalogue.use("en")
    assert table_sentences(tables) == [
        "Three players: 1 game, 1 won, 0 lost, 1 left unfinished.",
        "Three players: 5 games, 2 won, 3 lost.",
    ]
    catalogue.use("fr")
    assert table_sentences(tables) == [
        "Trois joueurs : 1 partie, 1 gagnée, 0 perdue, 1 inachevée.",
        "Trois joueurs : 5 parties, 2 gagnées, 3 perdues.",
    ]


@pytest.mark.parametrize(("right", "said"), [(1, "1 juste sur 5"), (0, "0 juste sur 5"), (3, "3 justes sur 5")])
def test_french_counts_right_and_commands_heard_agree_with_their_number(right, said):
    catalogue.use("fr")
    line = phrase(Notice("practice.count_session.hand", right=right, rounds=5, seconds=4.0))
    assert line == f"Cette fois : {said}, 4,0 secondes par main en moyenne."
    heard = phrase(Notice("voice.check_heard", heard=right, asked=5))
    assert heard == f"{right} commande{'s' if right > 1 else ''} entendue{'s' if right > 1 else ''} sur 5."


#: Counts before a plural noun in a French message without plural forms that can never be 0
#: or 1 (the English ones of NEVER_ONE, and these), or whose next word is no noun.
FRENCH_NEVER_ONE = {
    **NEVER_ONE,
    ("stats.streak", "count"): "said at 3, 5, 10 ... wins in a row",
    ("voice.download_incomplete", "got"): "a download's size in bytes",
    ("practice.discard_session", "right"): "'fois' is the same in the singular",
    ("calculator.odds_score", "top"): "'dans' is no noun",
    ("voice.downloading.sized", "size"): "'depuis' is no noun",
    ("keys.command.history", "typed"): "a command typed, not a count",
}


def test_every_french_count_before_a_plural_noun_has_plural_forms():
    """French says 0 and 1 in the singular, and its participles agree ('1 gagnée'): a count
    the English says without a noun ('3 won') may need plural forms in French."""
    babel = pytest.importorskip("babel.messages.pofile", reason="Babel reads the catalogues")
    root = Path(__file__).resolve().parents[2]
    with (root / "spoken_cribbage/words/locale/fr/LC_MESSAGES/spoken_cribbage.po").open("rb") as f:
        po = babel.read_po(f)
    count_noun = re.compile(r"\{(\w+)\} ([a-zàâçéèêëîïôûùüÿœ]+s)\b")
    found = {
        (m.context, fact)
        for m in po
        if m.id and not isinstance(m.id, (tuple, list))
        for fact, _ in count_noun.findall(m.string or "")
    }
    assert found - set(FRENCH_NEVER_ONE) == set(), "a French count before a plural noun needs plural forms"

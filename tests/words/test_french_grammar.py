"""French agreement around names (issue 27): a verb agrees with a subject that holds 'vous'
('Vous et Lena gagnez', 'vous n'avez pas atteint 91') and with a team or several players
('Max et Oliver n'ont pas atteint 91', 'On attend que Max et Oliver écartent'). English keeps
its one sentence: each case is a message of its own with the same English text."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.words import catalogue
from spoken_cribbage.words.announcer import Announcer
from spoken_cribbage.words.answers import Answers
from spoken_cribbage.words.names import Names


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    catalogue.use("en")


def _game_over(language: str, names: tuple[str, ...], rules: Rules, over: g.GameOver) -> list[str]:
    catalogue.use(language)
    a = Announcer(Names(names, 0))
    a.rules = rules
    return [line.text for line in a.announce([over])]


# four players in two teams: you and Anna (seats 0 and 2) against Ben and Uma (1 and 3)
TEAMS = (("you", "Ben", "Anna", "Uma"), Rules(players=4, target=121))


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["You and Anna win, 121 to 80!", "That is a skunk: Ben and Uma did not reach 91."]),
        ("fr", ["Vous et Anna gagnez, 121 à 80 !", "C'est un skunk : Ben et Uma n'ont pas atteint 91."]),
        ("zh-Hans", ["你和Anna赢了，121 比 80！", "这是 skunk：Ben和Uma没到 91 分。"]),
    ],
)
def test_your_team_wins_and_the_other_team_is_skunked(language, said):
    assert _game_over(language, *TEAMS, g.GameOver(0, (121, 80), (0, 1))) == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["Ben and Uma win, 121 to 50.", "That is a double skunk: you and Anna did not reach 61."]),
        ("fr", ["Ben et Uma gagnent, 121 à 50.", "C'est un double skunk : vous et Anna n'avez pas atteint 61."]),
    ],
)
def test_the_other_team_wins_and_your_team_is_skunked(language, said):
    assert _game_over(language, *TEAMS, g.GameOver(1, (50, 121), (2, 0))) == said


def test_you_alone_are_skunked_at_a_table_of_three():
    rules = Rules(players=3, target=61)
    over = g.GameOver(1, (20, 61, 40), (1, 0, 0))
    assert _game_over("en", ("you", "Ann", "Ben"), rules, over)[-1] == "That is a skunk: you did not reach 31."
    assert _game_over("fr", ("you", "Ann", "Ben"), rules, over)[-1] == "C'est un skunk : vous n'avez pas atteint 31."
    over = g.GameOver(0, (61, 20, 40), (0, 1, 0))
    assert _game_over("fr", ("you", "Ann", "Ben"), rules, over)[-1] == "C'est un skunk : Ann n'a pas atteint 31."


def _answers(**obs: object) -> Answers:
    return Answers(lambda: SimpleNamespace(**obs), Names(TEAMS[0], 0))  # type: ignore[arg-type,return-value]


def test_the_pegs_of_a_team_and_of_one_player():
    team = _answers(side=0, scores=(20, 30), back_pegs=(14, 25), players=4)
    catalogue.use("en")
    assert team.pegs()[1] == "Ben and Uma's front peg is on 30, their back peg on 25: Ben and Uma last pegged 5."
    catalogue.use("fr")
    assert team.pegs()[1] == (
        "La fiche avant de Ben et Uma est sur 30, leur fiche arrière sur 25 : Ben et Uma ont marqué 5 en dernier."
    )
    one = _answers(side=0, scores=(20, 30, 9, 4), back_pegs=(14, 25, 9, 4), players=4)
    assert one.pegs()[1] == "La fiche avant de Ben est sur 30, sa fiche arrière sur 25 : Ben a marqué 5 en dernier."


@pytest.mark.parametrize(
    ("waiting", "en", "fr"),
    [
        ((1, 3), "Waiting for Ben and Uma to lay away.", "On attend que Ben et Uma écartent."),
        ((3,), "Waiting for Uma to lay away.", "On attend qu'Uma écarte."),
    ],
)
def test_waiting_for_one_or_several_players_to_lay_away(waiting, en, fr):
    a = _answers(phase=g.DISCARD, waiting=waiting, players=4)
    catalogue.use("en")
    assert a.turn() == en
    catalogue.use("fr")
    assert a.turn() == fr

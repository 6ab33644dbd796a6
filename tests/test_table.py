"""More players at the table: three players, and four in two partnerships. The names, the
question keys with every player named, the held-cards key, the paced computer turns, the
table chosen from the command line, saved and resumed, and counted apart in the statistics."""

from __future__ import annotations

import pytest

from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.storage import table
from spoken_cribbage.storage.settings import SettingError, Settings
from spoken_cribbage.words.notices import phrase

# ----------------------------------------------------------------------------- the table

def test_the_table_sizes_and_layouts_are_those_the_engine_plays():
    for n in range(2, table.MOST_PLAYERS + 1):
        try:
            Rules(players=n)
            plays = True
        except ValueError:
            plays = False
        assert (n in table.sizes()) == plays
    assert {2, 3, 4} <= set(table.sizes())
    assert "2" in table.layouts(4) and "none" in table.layouts(3) and "2" not in table.layouts(3)
    assert table.rules_for(4, "2").sides == 2 and table.rules_for(3, "none").sides == 3
    assert table.rules_for(4).sides == 2                      # four: partners, as usual


@pytest.mark.parametrize("args, said", [
    (["--players", "9"], "players for now, not 9."),
    (["--players", "3", "--teams", "2"], "3 players play each for themselves for now, "
                                         "not in 2 teams."),
    (["--players", "4", "--teams", "3"], "4 players play in 2 teams of 2"),
    (["--teams", "many"], "teams must be usual, none or a number of teams, not 'many'."),
    (["--players", "3", "--names", "Ann,ann"], "the name 'ann' is given twice."),
    (["--pace", "9"], "pace must be between 0 and 5 seconds."),
])
def test_a_table_the_engine_cannot_play_is_one_sentence_and_exit_2(home, capsys, args, said):
    from spoken_cribbage.app.cli import main
    assert main(["--speech", "off", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("spoken-cribbage: ") and said in err and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_players_teams_names_and_pace_are_settings_a_change_persists(home):
    s = Settings()
    assert s.changed("players", "3").players == 3
    assert s.changed("teams", "0").teams == "none"
    assert s.changed("players", "4").changed("teams", "2").teams == "2"
    with pytest.raises(SettingError) as e:
        s.changed("players", "3").changed("teams", "2")
    assert phrase(e.value) == "3 players play each for themselves for now, not in 2 teams"
    # another size drops a layout it cannot be played in
    four = s.changed("players", "4").changed("teams", "2")
    assert four.changed("players", "3") == Settings(players=3)
    assert s.changed("names", "Ann,Ben").names == "Ann,Ben"
    assert s.changed("names", "Ann,Ben").changed("names", "default").names == ""
    assert s.changed("pace", "0").pace == 0.0

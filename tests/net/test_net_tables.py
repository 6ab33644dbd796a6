"""A shared table saved as it plays (issue 26, item 4): played again from its save, it is the
same game; its people sit back down by name and hear the whole story; a broken save is
refused, never half resumed."""

from __future__ import annotations

import json
import random

import pytest

from spoken_cribbage.ai.players import ComputerPlayer, make_player
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.net.tables import TableSaveError, read_save, resume, save_of, write_save
from testkit.net_support import CODE, my_turn, running, table


def _saved_table(path, stop_after: int):
    """A table of two people (one a computer seat) played by the referee's frames, saved after
    every action, stopped after ``stop_after`` of its person's actions."""
    referee = table(3, computers=(1,), seed=12, target=61)
    levels = {1: "easy"}
    referee.on_action = lambda *_: write_save(path, save_of(referee, levels))
    idents = [referee.connect(), None, referee.connect()]
    for seat in (0, 2):
        referee.receive(
            idents[seat], json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": f"P{seat}"})
        )
    people = {0: ComputerPlayer("easy", random.Random(1)), 2: ComputerPlayer("easy", random.Random(2))}
    game = referee.game
    for seq in range(stop_after):
        seat = next(s for s in (0, 2) if my_turn(game.observation(s)))
        referee.receive(
            idents[seat],
            json.dumps({"type": "act", "seq": seq, "action": people[seat].act(game.observation(seat)).to_text()}),
        )
    return referee


@pytest.mark.parametrize("stop_after", [1, 9, 23])
def test_a_table_played_again_from_its_save_is_the_same_game(tmp_path, stop_after):
    path = tmp_path / "table.json"
    before = _saved_table(path, stop_after)
    after = resume(read_save(path), make_player)
    assert after.game.actions == before.game.actions and after.game.events == before.game.events
    for seat in range(3):
        assert after.game.observation(seat) == before.game.observation(seat)
    assert after.names == ["P0", "", "P2"] and after.code == CODE and 1 in after.computers


def test_its_people_sit_back_down_by_name_and_hear_the_story(tmp_path):
    path = tmp_path / "table.json"
    _saved_table(path, 9)
    referee = resume(read_save(path), make_player)
    with running(referee) as address:
        back = RemoteTable.join(address, CODE, "P2")
        assert back.seat == 2
        assert back.news() == referee.game.events_for(2)
        back.close()


def test_a_broken_save_is_refused(tmp_path):
    path = tmp_path / "table.json"
    _saved_table(path, 9)
    save = read_save(path)
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1, "seed": "x"}')
    with pytest.raises(TableSaveError):
        read_save(bad)
    save.actions.insert(3, "play 0 5H")  # an action the game refuses there
    with pytest.raises(TableSaveError):
        resume(save, make_player)

"""Network play on the loopback (issue 26): whole games between scripted people at their own
clients and computer seats on the server, the only referee; and no frame sent to a client
names a card of another hand or of the crib before it is shown."""

from __future__ import annotations

import threading
import time

import pytest

from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import Refused, RemoteTable
from testkit.net_support import CODE, Recorder, leaks, play_out, running, table

TARGET = 61  # a short game: whole games in a few seconds


def _play_all(address: str, seats: int, seed: int) -> dict[int, list[g.Event]]:
    """``seats`` scripted people, each at its own client in its own thread; the events each
    heard by seat."""
    deadline = time.monotonic() + 30
    remotes = [RemoteTable.join(address, CODE, f"P{i}") for i in range(seats)]
    heard: dict[int, list[g.Event]] = {}
    failures: list[BaseException] = []

    def run(remote: RemoteTable, k: int) -> None:
        try:
            heard[remote.seat] = play_out(remote, seed + k, deadline)
        except BaseException as e:  # noqa: BLE001 - reported below
            failures.append(e)

    threads = [threading.Thread(target=run, args=(r, k)) for k, r in enumerate(remotes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(35)
    for r in remotes:
        r.close()
    assert not failures, failures
    return heard


def test_two_people_play_a_whole_game_and_each_hears_the_game_as_its_seat_sees_it():
    referee = table(2, target=TARGET)
    with running(referee) as address:
        heard = _play_all(address, 2, seed=5)
    game = referee.game
    assert game.phase == g.GAME_OVER and referee.errors == 0
    for seat in (0, 1):
        assert heard[seat] == game.events_for(seat)  # every event once, in order
    assert isinstance(heard[0][-1], g.GameOver)


def test_one_person_and_a_computer_seat_on_the_server_play_a_whole_game():
    referee = table(2, computers=(1,), seed=3, target=TARGET)
    with running(referee) as address:
        heard = _play_all(address, 1, seed=9)
    assert referee.game.phase == g.GAME_OVER and referee.errors == 0
    assert heard[0] == referee.game.events_for(0)
    assert any(isinstance(a, g.Play) and a.seat == 1 for a in referee.game.actions)


@pytest.mark.parametrize(
    ("players", "people", "computers"),
    [
        (2, 2, ()),
        (3, 2, (1,)),
        (4, 2, (1, 3)),  # four: the two people are partners
        (6, 3, (1, 3, 5)),
    ],
)
def test_no_frame_to_a_client_names_a_card_hidden_from_its_seat(players, people, computers):
    referee = table(players, computers=computers, seed=11 + players, cls=Recorder, target=TARGET)
    with running(referee) as address:
        _play_all(address, people, seed=players)
    assert referee.game.phase == g.GAME_OVER
    assert len(referee.sent) > 20
    assert leaks(referee) == []
    # The frames did carry the seat's own cards (the check has something to find).
    own = {c.short for e in referee.game.events_for(0) if isinstance(e, g.Dealt) for c in e.hands[0]}
    assert own and all(c in "".join(f for s, f, _ in referee.sent if s == 0) for c in own)


def test_the_leak_check_finds_a_server_that_sends_every_seat_all_the_cards(monkeypatch):
    # The check above can fail: a referee that sends the game's own events leaks.
    monkeypatch.setattr(g.Game, "events_for", lambda self, seat, start=0: self.events[start:])
    referee = table(2, computers=(1,), seed=4, cls=Recorder, target=TARGET)
    with running(referee) as address:
        remote = RemoteTable.join(address, CODE, "Lena")
        remote.close()
    assert leaks(referee)


def test_a_wrong_code_a_full_table_and_another_version_are_refused():
    referee = table(2, computers=(1,))
    with running(referee) as address:
        with pytest.raises(Refused) as wrong:
            RemoteTable.join(address, "AAAAAA", "Max")
        assert wrong.value.message.reason == p.Reason.BAD_CODE
        lena = RemoteTable.join(address, CODE.lower(), "Lena\x1b[31m\u202e")
        assert lena.seat == 0 and lena.names[0] == "Lena"
        with pytest.raises(Refused) as full:
            RemoteTable.join(address, CODE, "Max")
        assert full.value.message.reason == p.Reason.TABLE_FULL
        lena.close()


def test_a_player_whose_line_dropped_sits_again_by_name_and_hears_what_they_missed():
    referee = table(2, computers=(1,), seed=2)
    with running(referee) as address:
        first = RemoteTable.join(address, CODE, "Lena")
        obs = first.observation(0)
        first.apply(_discard(obs), 0)
        sent = len(first.story)  # (everything so far had been sent before the line dropped)
        first.close()
        for _ in range(50):  # the server hears the close
            if not referee.conns:
                break
            time.sleep(0.02)
        again = RemoteTable.join(address, CODE, "Lena")
        assert again.seat == 0
        assert again.story == referee.game.events_for(0)
        # Only what was missed is new to the seat (and said as earlier).
        assert again.missed == (sent, len(referee.game.events))
        assert again.news() == referee.game.events_for(0, sent)
        assert again.observation(0) == referee.game.observation(0)
        again.close()


def _discard(obs: g.Observation) -> g.Action:
    return next(a for a in obs.legal if isinstance(a, g.Discard))


def test_chat_is_cleaned_and_reaches_everyone():
    referee = table(2)
    with running(referee) as address:
        lena = RemoteTable.join(address, CODE, "Lena")
        max_ = RemoteTable.join(address, CODE, "Max")
        lena.say("good \x1b]0;owned\x07luck\x00" + "!" * 1000)
        deadline = time.monotonic() + 5
        while not max_.chat and time.monotonic() < deadline:
            max_.wait(0.2)
        assert max_.chat == [p.Chat(0, "good luck" + "!" * (p.CHAT_LENGTH - 9))]
        lena.close()
        max_.close()

"""The server refuses what it must (issue 26, item 3): malformed, unknown, oversized, binary,
too fast and out-of-turn frames each get a refusal with its reason, the table is unchanged and
the server has no error. (bench/net_fuzz.py is the long run: 100,000 frames.)"""

from __future__ import annotations

import json
import random

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spoken_cribbage.ai.players import ComputerPlayer
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.server import Limits
from spoken_cribbage.net.sockets import TableServer
from testkit.net_support import CODE, fuzz_frames, my_turn, running, table

HELLO = json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": "Fuzz"})
ROOMY = Limits(rate=1e9, burst=1e9)


def _state(referee) -> tuple:
    game = referee.game
    return (list(game.actions), len(game.events), game.observation(0), game.observation(1), list(referee.names))


def _answers(out) -> list[p.Refused | object]:
    return [p.decode_server(frame) for _, frame in out.frames]


def test_two_thousand_fuzzed_frames_are_each_refused_and_change_nothing():
    referee = table(2, limits=ROOMY)
    fuzzer, other = referee.connect(), referee.connect()
    referee.receive(fuzzer, HELLO)
    referee.receive(other, HELLO.replace("Fuzz", "Other"))
    before = _state(referee)
    frames = fuzz_frames(random.Random(26), referee.game.observation(0))
    reasons = set()
    for _ in range(2000):
        out = referee.receive(fuzzer, next(frames))
        answers = _answers(out)
        assert len(answers) == 1 and isinstance(answers[0], p.Refused), answers
        assert [ident for ident, _ in out.frames] == [fuzzer]  # the others hear nothing
        reasons.add(answers[0].reason)
    assert referee.errors == 0 and referee.refused == 2000
    assert _state(referee) == before
    assert reasons >= {
        p.Reason.MALFORMED,
        p.Reason.UNKNOWN,
        p.Reason.OVERSIZED,
        p.Reason.BINARY,
        p.Reason.NOT_YOURS,
        p.Reason.ILLEGAL,
        p.Reason.NOT_AN_ACTION,
        p.Reason.ALREADY_JOINED,
    }


def test_fuzzed_frames_over_the_socket_are_refused_and_the_table_is_unchanged():
    referee = table(2, computers=(1,), limits=ROOMY)
    with running(referee) as address, connect(address) as ws:
        ws.send(HELLO)
        assert isinstance(p.decode_server(ws.recv(timeout=5)), p.Welcome)
        while not isinstance(p.decode_server(ws.recv(timeout=5)), p.Update):
            pass
        before = _state(referee)
        frames = fuzz_frames(random.Random(7), referee.game.observation(0))
        for _ in range(300):
            ws.send(next(frames))
            assert isinstance(p.decode_server(ws.recv(timeout=5)), p.Refused)
        assert _state(referee) == before and referee.errors == 0


def test_a_frame_past_the_websocket_limit_closes_that_connection_only():
    referee = table(2, computers=(1,))
    with running(referee) as address:
        with connect(address) as ws:
            ws.send("x" * (TableServer.WS_MAX_SIZE + 1))
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=5)
        with connect(address) as ws:  # the server goes on
            ws.send(HELLO)
            assert isinstance(p.decode_server(ws.recv(timeout=5)), p.Welcome)
    assert referee.errors == 0


def test_a_connection_over_its_rate_is_refused_until_its_tokens_come_back():
    clock = [0.0]
    referee = table(2, limits=Limits(rate=2, burst=5))
    referee.now = lambda: clock[0]
    ident = referee.connect()
    replies = [_answers(referee.receive(ident, '{"type":"say","text":"hi"}'))[0] for _ in range(6)]
    assert [r.reason for r in replies] == [p.Reason.NOT_JOINED] * 5 + [p.Reason.TOO_FAST]
    clock[0] += 1.0  # two more frames' worth
    assert _answers(referee.receive(ident, HELLO))[0].seat == 0


def test_an_action_out_of_turn_or_before_the_hello_is_refused_with_its_reason():
    referee = table(2)
    lena, max_ = referee.connect(), referee.connect()
    act = json.dumps({"type": "act", "seq": 3, "action": "go 0"})
    assert _answers(referee.receive(lena, act))[0].reason == p.Reason.NOT_JOINED
    referee.receive(lena, HELLO)
    referee.receive(max_, HELLO)
    game = referee.game
    # Both lay away; then whoever is not to play tries to.
    for ident, seat in ((lena, 0), (max_, 1)):
        cards = game.observation(seat).hand[:2]
        discard = g.Discard(seat, tuple(cards)).to_text()
        out = referee.receive(ident, json.dumps({"type": "act", "seq": 1, "action": discard}))
        assert {type(m) for m in _answers(out)} == {p.Update}
    waiting = 1 - game.to_act
    card = game.observation(waiting).hand[0]
    before = _state(referee)
    out = referee.receive(
        [lena, max_][waiting], json.dumps({"type": "act", "seq": 9, "action": g.Play(waiting, card).to_text()})
    )
    (refused,) = _answers(out)
    assert (refused.reason, refused.seq, refused.refusal) == (p.Reason.ILLEGAL, 9, "not your turn")
    assert refused.data == {"seat": waiting, "to_act": game.to_act}
    assert _state(referee) == before


def test_the_next_deal_waits_for_every_person_connected():
    referee = table(2)
    lena, max_ = referee.connect(), referee.connect()
    referee.receive(lena, HELLO)
    referee.receive(max_, HELLO.replace("Fuzz", "Max"))
    game, players = referee.game, {0: ComputerPlayer("easy"), 1: ComputerPlayer("easy")}
    seq = 0
    while game.phase != g.DEAL_OVER:
        seat = next(s for s in (0, 1) if my_turn(game.observation(s)))
        seq += 1
        referee.receive(
            [lena, max_][seat],
            json.dumps({"type": "act", "seq": seq, "action": players[seat].act(game.observation(seat)).to_text()}),
        )
    deal = game.deal_number
    out = referee.receive(lena, json.dumps({"type": "act", "seq": 99, "action": "next"}))
    seats = [m for m in _answers(out) if isinstance(m, p.Seats)]
    assert game.phase == g.DEAL_OVER and seats and seats[0].ready == [0]
    referee.disconnect(max_)  # the one the table waited for has gone: the deal comes
    assert game.deal_number == deal + 1 and game.phase == g.DISCARD
    assert referee.errors == 0


def _seated_pair(stand_in=None):
    clock = [0.0]
    referee = table(2)
    referee.stand_in = stand_in
    referee.now = lambda: clock[0]
    lena, max_ = referee.connect(), referee.connect()
    referee.receive(lena, HELLO.replace("Fuzz", "Lena"))
    referee.receive(max_, HELLO.replace("Fuzz", "Max"))
    return referee, clock, lena, max_


def test_a_dropped_seat_is_kept_for_its_time_then_free_for_anyone():
    referee, clock, lena, max_ = _seated_pair()
    referee.keep = 120
    out = referee.disconnect(max_)
    seats, note = _answers(out)
    assert seats.connected == [True, False] and seats.names[1] == "Max" and seats.keep == 120
    assert note == p.Note(p.NoteCode.DROPPED, 1, 120)
    clock[0] = 119
    assert referee.tick().frames == []
    other = referee.connect()  # a stranger cannot take the kept seat
    assert _answers(referee.receive(other, HELLO.replace("Fuzz", "Oliver")))[0].reason == p.Reason.TABLE_FULL
    clock[0] = 121
    (seats,) = _answers(referee.tick())
    assert seats.names == ["Lena", ""]
    assert _answers(referee.receive(other, HELLO.replace("Fuzz", "Oliver")))[0].seat == 1
    assert referee.game.actions == [] and referee.errors == 0  # the table waited


def test_a_computer_holds_a_dropped_seat_when_the_host_chose_it_until_its_person_is_back():
    referee, clock, lena, max_ = _seated_pair(stand_in=lambda seat: ComputerPlayer("easy", random.Random(seat)))
    referee.disconnect(max_)
    game = referee.game
    assert 1 not in game.pending_discards()  # Max's cards were laid away for him
    lena_obs = game.observation(0)
    referee.receive(
        lena, json.dumps({"type": "act", "seq": 1, "action": ComputerPlayer("easy").act(lena_obs).to_text()})
    )
    assert game.phase == g.PLAY
    assert game.to_act == 0  # the computer played Max's turn if it came first
    back = referee.connect()
    (welcome, *_) = _answers(referee.receive(back, HELLO.replace("Fuzz", "Max")))
    assert welcome.seat == 1 and referee.held == {} and referee.dropped == {}
    referee.receive(
        lena, json.dumps({"type": "act", "seq": 2, "action": ComputerPlayer("easy").act(game.observation(0)).to_text()})
    )
    assert game.to_act == 1 and isinstance(game.actions[-1], g.Play) and game.actions[-1].seat == 0
    assert game.observation(1).playable  # his turn waits for him now
    assert referee.errors == 0

"""Hints and win chances follow the table's setting (issue 26, item 4): the host chooses
whether the table's coach answers; the server refuses a seat's ask (ADVICE_OFF) when it does
not, whatever the client, and the line seat says so in a sentence; when it does, the answer
comes as a fact (the coach's notice code and plain data) and the client phrases it."""

from __future__ import annotations

import json
import queue
import threading

from spoken_cribbage.ai.coach import hint_for
from spoken_cribbage.app.line_seat import LineSeat
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.net.tables import read_save, resume, save_of, write_save
from spoken_cribbage.words.notices import phrase
from testkit.net_support import CODE, running, table

HELLO = json.dumps({"type": "hello", "version": p.VERSION, "code": CODE, "name": "Lena"})


def _ask(referee, ident, kind: str):
    return [p.decode_server(f) for _, f in referee.receive(ident, json.dumps({"type": "advise", "kind": kind})).frames]


def test_the_server_refuses_advice_at_a_table_that_gives_none_and_changes_nothing():
    referee = table(2, computers=(1,))
    referee.advice = False
    lena = referee.connect()
    referee.receive(lena, HELLO)
    before = (list(referee.game.actions), len(referee.game.events))
    for kind in ("hint", "odds"):
        (refused,) = _ask(referee, lena, kind)
        assert isinstance(refused, p.Refused) and refused.reason == p.Reason.ADVICE_OFF
    assert (list(referee.game.actions), len(referee.game.events)) == before and referee.errors == 0
    (refused,) = _ask(referee, lena, "cheat")  # a kind the protocol does not have
    assert refused.reason == p.Reason.MALFORMED


def test_the_coach_answers_with_facts_the_client_phrases_as_at_a_local_table():
    referee = table(2, computers=(1,))
    lena = referee.connect()
    referee.receive(lena, HELLO)
    (hint,) = _ask(referee, lena, "hint")
    assert isinstance(hint, p.Advice) and hint.code == "calculator.coach_discard"
    local = hint_for(referee.game, 0)
    assert local is not None
    assert p.data_from_plain(hint.data) == {k: (tuple(v) if isinstance(v, list) else v) for k, v in local.data.items()}
    (odds,) = _ask(referee, lena, "odds")
    assert odds.code == "calculator.odds_chance" and 0 < odds.data["win"] < 1
    six = table(3, computers=(1, 2))
    ident = six.connect()
    six.receive(ident, HELLO)
    (odds,) = _ask(six, ident, "odds")
    assert odds.code == "calculator.odds_players" and phrase(odds.code, **odds.data) == (
        "Win chances are known for two-player games only."
    )


def test_the_setting_is_kept_in_the_tables_save(tmp_path):
    referee = table(2, computers=(1,), seed=4)
    referee.advice = False
    write_save(tmp_path / "t.json", save_of(referee, {1: "easy"}))
    from spoken_cribbage.ai.players import make_player

    assert resume(read_save(tmp_path / "t.json"), make_player).advice is False


def _line_seat(advice: bool, asks: list[str], expect: list[str]) -> list[str]:
    referee = table(2, computers=(1,))
    referee.advice = advice
    with running(referee) as address:
        lena = RemoteTable.join(address, CODE, "Lena")
        said: list[str] = []
        lines: queue.Queue[str | None] = queue.Queue()
        done = threading.Thread(target=LineSeat(lena, said.append).run, args=(lines, 0.05))
        done.start()
        for ask, text in zip(asks, expect, strict=True):
            count = sum(text in line for line in said)
            lines.put(ask)
            for _ in range(200):
                if sum(text in line for line in said) > count:
                    break
                threading.Event().wait(0.05)
            else:
                raise AssertionError((ask, text, said))
        lines.put("q")
        lines.put("y")  # (q asks first, as in the local game)
        done.join(10)
        lena.close()
    return said


def test_the_line_seat_says_the_table_gives_no_advice_and_refuses_the_keys():
    off = "This table gives no hints or win chances: the host chose so."
    said = _line_seat(False, ["i", "o"], [off, off])
    assert said.count(off) == 3  # once when seated, once for each key


def test_the_line_seat_says_a_hint_and_the_win_chance_when_the_table_gives_them():
    said = _line_seat(True, ["i", "odds"], ["Press ", "chance to win"])
    hint = next(line for line in said if "Press " in line)
    assert hint.startswith("Keep ") and hint.endswith(", then Enter.")
    assert not any("no hints" in line for line in said)

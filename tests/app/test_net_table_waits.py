"""The full seat at a shared table that waits for its people (issue 26 follow-up): the first
person hears where they sit and that the game starts when every seat is taken, and nothing of
the game; a key or command that would act (a digit, Enter, s, t, a typed move) is answered with
one sentence, how many more people the table waits for, and nothing is sent. When the last
person sits, everyone hears who sat, then the game's start with the names, then their hand and
prompt. A three-seat table with a computer seat waits for its two people only. Loops are
bounded."""

from __future__ import annotations

import time

from spoken_cribbage.app.net_seat import NetSeat, NetSession
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.lines import LineKind
from testkit.net_support import CODE, running, table

WAITS = "The table waits for one more player."


class Seated:
    """One player's full seat, every line written with its kind."""

    def __init__(self, remote: RemoteTable) -> None:
        self.remote = remote
        self.lines: list[tuple[str, LineKind]] = []
        hooks = SeatHooks(write_kind=lambda text, kind: self.lines.append((text, LineKind(kind))))
        self.session = NetSession(remote, settings=Settings(), write=lambda t: None, hooks=hooks)
        self.news = NetSeat(self.session)
        self.news.opening()

    @property
    def said(self) -> list[str]:
        return [text for text, _ in self.lines]

    def answer(self, key: str) -> list[str]:
        before = len(self.lines)
        self.session.key(key)
        return self.said[before:]


def _until(seats: list[Seated], done, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, [s.said[-6:] for s in seats]
        for s in seats:
            s.news.pump()
        time.sleep(0.02)


def test_the_first_person_hears_nothing_of_the_game_until_the_last_sits_then_everyone_hears_the_start():
    referee = table(3, computers=(1,))  # (two people and a computer: the computer is not waited for)
    with running(referee) as address:
        ann = Seated(RemoteTable.join(address, CODE, "Ann"))
        assert ann.said[:2] == [
            "You sit at seat 1, with Max.",  # (the computer, by its default name)
            "The game starts when every seat is taken.",
        ], ann.said
        for key in ("1", "2", "enter", " ", "right", "s", "h", "c", "t", "i"):
            assert ann.answer(key) == [WAITS], key
        for typed in ("discard 1 2", "go", "scores", "hand"):
            before = len(ann.lines)
            ann.session.command(typed)
            assert ann.said[before:] == [WAITS], typed
        time.sleep(0.2)
        ann.news.pump()
        game_kinds = (LineKind.GAME, LineKind.HAND, LineKind.TURN, LineKind.PROMPT, LineKind.DEAL)
        assert not any(kind in game_kinds for _, kind in ann.lines), ann.lines
        assert referee.game.actions == [] and referee.refused == 0  # (nothing was sent)
        # the last person sits: who sat, then the game's start with the names, for everyone
        ben = Seated(RemoteTable.join(address, CODE, "Ben"))
        start = "New game to 121 points against Max and Ben."
        _until([ann, ben], lambda: start in ann.said)
        assert ann.said.index("Ben sits down.") < ann.said.index(start)
        # (the computer's default name is each seat's own: Max for Ann, Lena for Ben)
        assert any(line.startswith("New game to 121 points against Ann and ") for line in ben.said), ben.said
        assert "The game starts when every seat is taken." not in ben.said
        _until([ann, ben], lambda: ann.lines[-1][1] in (LineKind.TURN, LineKind.PROMPT))
        assert any(kind is LineKind.HAND for _, kind in ann.lines)
        assert ann.answer("t") != [WAITS]  # (the game is on: whom it waits for, by name)
        for s in (ann, ben):
            s.remote.close()

"""The full seat at a shared table (issue 26): two ``NetSession``s, each the same ``Session`` as
against the computer, at one table on the loopback, playing by single keys; each hears the
other's plays and chat as they come (the seat's pump), in the chat channel, through the
Output; undo is refused with a sentence; the table's own verbs answer from the server.
Every loop is bounded."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from spoken_cribbage.app.net_seat import NetSeat, NetSession, as_table
from spoken_cribbage.engine import game as g
from spoken_cribbage.net.client import RemoteTable
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.lines import LineKind
from testkit.net_support import CODE, running, started, table


class Seated:
    """One player: their session, its news, and every line written with its kind."""

    def __init__(self, remote: RemoteTable, settings: Settings | None = None) -> None:
        self.remote = remote
        self.lines: list[tuple[str, LineKind]] = []
        self.session = NetSession(
            remote, settings=settings or Settings(), write=lambda t: None, hooks=_hooks(self.lines)
        )
        self.news = NetSeat(self.session)
        self.news.opening()

    @property
    def said(self) -> list[str]:
        return [text for text, _ in self.lines]

    def key_now(self) -> str | None:
        """The key a player presses now: the first card for a discard (then the second and
        Enter), the first card that fits, Enter for the next deal; None while others act."""
        obs = self.remote.observation(self.remote.seat)
        me = self.remote.seat
        if obs.phase == g.DISCARD and me in obs.waiting:
            return "1"
        if obs.phase == g.PLAY and obs.to_act == me and obs.playable:
            return str(self.session.hand_view.numbering.index(obs.playable[0]) + 1)
        if obs.phase == g.DEAL_OVER and me not in self.remote.ready:
            return "enter"
        return None


def _hooks(lines: list[tuple[str, LineKind]]):
    from spoken_cribbage.app.seat.hooks import SeatHooks

    return SeatHooks(write_kind=lambda text, kind: lines.append((text, kind)))


def _until(players: list[Seated], done, seconds: float = 20.0) -> None:
    """Pump both seats and press their keys until ``done()``; bounded."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, [p.said[-6:] for p in players]
        for p in players:
            p.news.pump()
            key = p.key_now()
            if key == "1":
                for k in ("1", "2", "enter"):
                    p.session.key(k)
            elif key is not None:
                p.session.key(key)
        time.sleep(0.02)


def test_two_full_seats_play_a_deal_by_keys_and_hear_each_other_and_the_chat():
    referee = table(2)
    with running(referee) as address:
        remotes = [RemoteTable.join(address, CODE, name) for name in ("Lena", "Max")]
        started(*remotes)
        lena, max_ = Seated(remotes[0]), Seated(remotes[1], replace(Settings(), channel_chat="history"))
        players = [lena, max_]
        assert as_table(remotes[0]) is remotes[0]
        assert remotes[0].keeps_time is False and remotes[0].next_action(0, remotes[0].observation(0)) is None
        _until(players, lambda: all(p.remote.observation(p.remote.seat).deal >= 2 for p in players))
        # each heard the other's cards as they came, by name, and its own prompts
        assert any(line.startswith("Max plays") for line in lena.said), lena.said
        assert any(line.startswith("Lena plays") for line in max_.said), max_.said
        assert remotes[0].version > 0
        # Enter at the deal's end is answered: whom the next deal waits for
        assert any(line in ("Waiting for Lena.", "Waiting for Max.") for p in players for line in p.said)
        # the other's discard, said while a seat chooses its own, does not ask it again
        for p in players:
            first = p.said[: next(i for i, line in enumerate(p.said) if line.startswith("You lay away"))]
            assert sum(line.startswith("Your turn: lay away") for line in first) == 1, first
        # single keys answer at once from the seat: s says the scores
        before = len(lena.lines)
        lena.session.key("s")
        assert lena.said[before:] and lena.said[before].startswith("You "), lena.lines[before:]
        assert " to go; Max " in lena.said[before]
        # help says the shared table's keys too
        before = len(lena.lines)
        lena.session.key("?")
        assert any(line.startswith("At a shared table: apostrophe") for line in lena.said[before:])
        # undo is refused with a sentence
        before = len(lena.lines)
        lena.session.key("u")
        assert "You can't undo: undo is off at a shared table." in lena.said[before:]
        # a chat line: ' opens the command line on "say"; Max keeps chat in the history only
        lena.session.command("say well played")
        _until(players, lambda: any(line.text == "Lena says: well played" for line in max_.session.output.history))
        _until(players, lambda: "You say: well played" in lena.said)
        assert ("You say: well played", LineKind.CHAT) in lena.lines
        assert not any("well played" in line for line in max_.said)  # (not printed: history only)
        # the prompt stays the last line of what came unasked
        waiting = next(p for p in players if p.key_now() is not None)
        waiting.news.pump()
        assert waiting.lines[-1][1] in (LineKind.TURN, LineKind.PROMPT), waiting.lines[-3:]
        # t: whom the table waits for, from the server's clock
        before = len(lena.lines)
        lena.session.key("t")
        assert any(line.startswith(("Waiting for", "The table waits")) for line in lena.said[before:]), lena.said[
            before:
        ]
        for r in remotes:
            r.close()


def test_back_after_a_dropped_line_the_seat_hears_where_the_game_stands_and_plays_by_its_numbers():
    referee = table(2)
    with running(referee) as address:
        remotes = [RemoteTable.join(address, CODE, name) for name in ("Lena", "Max")]
        lena, max_ = Seated(remotes[0]), Seated(remotes[1])
        _until([lena, max_], lambda: remotes[0].observation(0).phase == g.PLAY)
        remotes[1].ws.close()  # Max's line drops
        _until([lena], lambda: any("Max's connection dropped" in line for line in lena.said))
        back = Seated(RemoteTable.join(address, CODE, "Max"))  # a new process, as after a restart
        assert any(line.startswith("You are back at the table") for line in back.said), back.said
        hand = [line for line in back.said if line.startswith("Your hand. Card 1: ")]
        assert hand, back.said
        assert back.lines[-1][1] in (LineKind.TURN, LineKind.PROMPT, LineKind.ANSWER), back.lines[-3:]
        # the digits choose by the numbers just said: the deal goes on to its end
        _until([lena, back], lambda: all(p.remote.observation(p.remote.seat).deal >= 2 for p in (lena, back)))
        assert any(line.startswith("You play the ") for line in back.said), back.said
        for r in (remotes[0], back.remote):
            r.close()


def test_at_a_table_without_advice_the_seat_says_so_and_its_keys_are_refused_in_a_sentence():
    referee = table(2)
    referee.advice = False
    with running(referee) as address:
        remotes = [RemoteTable.join(address, CODE, name) for name in ("Lena", "Max")]
        started(*remotes)  # (Lena hears the start a moment after Max sits: keys before it wait)
        lena = Seated(remotes[0])
        no_advice = "This table gives no hints or win chances: the host chose so."
        assert no_advice in lena.said  # (the table's note, said when seated)
        assert any(line.startswith("At a shared table:") and "undo is off" in line for line in lena.said)
        for key in ("i", "o"):
            before = len(lena.lines)
            lena.session.key(key)
            assert (no_advice, LineKind.ERROR) in lena.lines[before:], lena.lines[before:]
        before = len(lena.lines)
        lena.session.key("e")  # the coach's verdict: not at this table either
        assert lena.said[before:] == ["The host set this table to give no hints or win chances."]
        for r in remotes:
            r.close()


LEAVING = [
    (
        False,
        False,
        "Leave the table? Your seat is kept for 90 seconds: join again to take it back. Press y or n.",
        "You leave the table; your seat is kept for 90 seconds.",
    ),
    (
        True,
        False,
        "Leave the table? A computer plays your seat until you join again. Press y or n.",
        "You leave the table; a computer plays your seat until you join again.",
    ),
    (
        False,
        True,
        "Leave the table? You are its host: it closes for everyone, who hear why, and it is saved "
        "until you host it again. Press y or n.",
        "You leave the table and it closes; it is saved until you host it again.",
    ),
]


@pytest.mark.parametrize(("holds", "hosting", "question", "goodbye"), LEAVING)
def test_q_asks_the_shared_tables_question_never_the_local_games(holds, hosting, question, goodbye):
    """q at a shared table says what leaving does there: the seat kept so long (the host's
    --keep), a computer playing it (--computer-holds), or at the host's own seat the table
    closing and saved; y says it again as the last line. Never "Quit the game? ..." of a
    local game (kept, or seeded for this run only)."""
    from spoken_cribbage.ai.players import ComputerPlayer

    referee = table(2)
    referee.keep = 90
    if holds:
        referee.stand_in = lambda seat: ComputerPlayer("easy")
    with running(referee) as address:
        remotes = [RemoteTable.join(address, CODE, name) for name in ("Lena", "Max")]
        lena = Seated(remotes[0])
        lena.session.hosting = hosting
        _until([lena], lambda: lena.remote.keep == (0 if holds else 90))
        before = len(lena.lines)
        lena.session.key("q")
        assert lena.said[before:] == [question], lena.said[before:]
        lena.session.key("n")
        assert lena.said[-1] == "Back to the game." and not lena.session.quit
        lena.session.key("q")
        lena.session.key("y")
        assert lena.said[-1] == goodbye and lena.session.quit
        assert not any(line.startswith(("Quit the game?", "Goodbye.")) for line in lena.said), lena.said
        for r in remotes:
            r.close()

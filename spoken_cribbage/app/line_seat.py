"""The line seat of a shared table (issue 26), for ``host``, ``join`` and a room's tables:
every event said in one line as it comes (the words layer's Announcer, from this seat's point
of view), a prompt when the seat must act, and typed answers: cards by name or by their number
in the list said, ``go``, a count, Enter for the next deal, ``t`` for whom the table waits for,
``i`` and ``o`` for a hint and the win chance (when the table gives them), ``'text`` to talk
to the table, ``q`` to leave. The full seat of a local game (keys, speech, cues, the coach) at
a shared table is still to come: it needs the seat pipeline's ``TurnRunner`` to take a
``Table`` instead of a ``LocalTable``.
"""

from __future__ import annotations

import argparse
import contextlib
import queue
import socket
import sys
import threading
from collections.abc import Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card, parse_cards
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import Closed, Refused, RemoteTable
from spoken_cribbage.net.tls import (
    CertificateChanged,
    CertificateMismatch,
    Pins,
    PinsUnreadable,
)
from spoken_cribbage.words import net as words
from spoken_cribbage.words.announcer import Announcer
from spoken_cribbage.words.names import Names
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.seat import phrase as seat_phrase
from spoken_cribbage.words.seat import refusal

DEFAULT_PORT = 5050
#: The certificates of the tables this player joined, by address (in the data folder).
PINS_FILE = "known-tables.json"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def parse_port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(words.bad_port(text))
    return port


def limit(text: str) -> int | None:
    """--turn-limit, --count-limit (host, and join --create at a room): 10 to 600 seconds, or off."""
    if text.strip().lower() == "off":
        return None
    if not text.strip().isdecimal() or not 10 <= int(text) <= 600:
        raise argparse.ArgumentTypeError(words.bad_limit(text).rstrip("."))  # (argparse adds one)
    return int(text)


def sit(
    uri: str,
    code: str,
    name: str,
    out: Callable[[str], None],
    pins: Pins | None = None,
    table: str = "",
    verbosity: str = "normal",
    brief: frozenset[str] = frozenset(),
    hosting: bool = False,
) -> int:
    """Join the table at ``uri`` and play at it in lines (``pins``: the certificates of the
    tables joined before, trusted on first use; the host's own seat has none; ``table``: in a
    room, the table's name; ``verbosity`` and ``brief``: the player's, as the settings say;
    ``hosting``: the host's own seat, whose leaving closes the table)."""
    try:
        remote = RemoteTable.join(uri, code, name, pins=pins, table=table)
    except CONNECTION_ERRORS as e:
        out(failure(e, uri))
        return 1
    if remote.first_visit:
        out(words.certificate_pinned())
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=read_lines, args=(lines,), daemon=True).start()
    try:
        return LineSeat(remote, out, verbosity, brief, hosting=hosting).run(lines)
    finally:
        remote.close()


#: What joining a table (or asking a room) may raise, each said by :func:`failure`.
CONNECTION_ERRORS = (
    Refused,
    Closed,
    CertificateMismatch,
    CertificateChanged,
    PinsUnreadable,
    OSError,
    TimeoutError,
    ValueError,
    InvalidURI,
    InvalidHandshake,
    ConnectionClosed,
)


def failure(e: BaseException, uri: str) -> str:
    """The sentence for a failure to join the table (or reach the room) at ``uri``."""
    if isinstance(e, Refused):
        return words.refused(e.message.reason.value)
    if isinstance(e, Closed):
        return words.closed(e.reason.value if e.reason else None)
    if isinstance(e, CertificateMismatch):
        return words.certificate_mismatch()
    if isinstance(e, CertificateChanged):
        return words.certificate_changed(e.address, str(e.path))
    if isinstance(e, PinsUnreadable):
        return words.pins_unreadable(str(e.path))
    return words.cannot_connect(uri.removeprefix("ws://"), str(e) or type(e).__name__)


def chat_words(line: p.Chat, name_of: Callable[[int], str]) -> str:
    """A chat line as this client says it (``name_of``: a seat's name as it says it)."""
    return words.table_chat(None if line.seat is None else name_of(line.seat), line.text, line.name, line.own)


def computer_seats(text: str, players: int) -> list[int]:
    """--computers '2,4' (seats numbered from 1; the host sits at 1) as seats from 0."""
    seats = []
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        if not part.isdecimal() or not 2 <= int(part) <= players:
            raise argparse.ArgumentTypeError(words.bad_computers(part, players))
        seats.append(int(part) - 1)
    return sorted(set(seats))


def read_lines(lines: queue.Queue[str | None]) -> None:
    for line in sys.stdin:
        lines.put(line)
    lines.put(None)


def writer() -> Callable[[str], None]:
    def write(line: str) -> None:
        if line:
            print(line, flush=True)

    return write


def uri_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def shown_address(address: str) -> str:
    """The address friends type: this machine's address on the network when listening on
    every address (no packet is sent to find it)."""
    if address not in ("0.0.0.0", "", "::"):
        return address
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # (TEST-NET: nothing is sent on a UDP connect)
        return str(s.getsockname()[0])
    return socket.gethostname()


# ----------------------------------------------------------------------------- the seat


class LineSeat:
    """A seat at a shared table, in lines: events said as they come, a prompt when the seat
    must act, typed answers."""

    def __init__(
        self,
        remote: RemoteTable,
        out: Callable[[str], None],
        verbosity: str = "normal",
        brief: frozenset[str] = frozenset(),
        *,
        hosting: bool = False,
    ) -> None:
        self.remote = remote
        self.out = out
        self.hosting = hosting  # the host's own seat: leaving closes the table (it is saved)
        self._quit_asked = False  # q asked 'Leave the table? Press y or n.'; y or n answers
        self.seat = remote.seat
        self.announcer = Announcer(self._names(), verbosity, brief)
        self.announcer.rules = remote.rules
        self._prompted: tuple[object, ...] | None = None
        self._connected = list(remote.connected)
        self._names_were = list(remote.names)
        self.chat_on = True
        self._ready_were: set[int] = set()
        remote.on_chat = self._chat

    def _chat(self, line: p.Chat) -> None:
        if self.chat_on:
            self.out(chat_words(line, self._name))

    def _name(self, seat: int) -> str:
        return self._names().names[seat]

    def _names(self) -> Names:
        remote = self.remote
        return Names(words.table_names(remote.players, remote.names, remote.computers, self.seat), me=self.seat)

    def run(self, lines: queue.Queue[str | None], wait: float = 0.1) -> int:
        """Play until the game is over, the player leaves or the table closes."""
        remote = self.remote
        self.out(
            words.seated(
                self.seat,
                [
                    self._name(s)
                    for s in range(remote.players)
                    if s != self.seat and (s in remote.computers or remote.connected[s])
                ],
            )
        )
        if remote.waiting:  # (nothing of the game is said before every person's seat is taken)
            self.out(words.starts_when_full())
        limits = words.limits(remote.turn_limit, remote.count_limit)
        if limits:
            self.out(limits)
        if not remote.advice:
            self.out(words.no_advice())
        try:
            while True:
                self._say(self.remote.news())
                obs = self.remote.observation(self.seat)
                self._prompt(obs)
                try:
                    line = lines.get(timeout=wait)
                except queue.Empty:
                    self._say(self.remote.wait(wait))
                    continue
                typed = None if line is None else line.strip()
                quitting = "leave" if typed is None else self._quitting(typed.lower())
                if quitting == "leave":
                    self.out(words.leaving(self.hosting, *self._kept()))
                    self.remote.leave()
                    return 0
                if typed is not None and not quitting:
                    self._answer(typed, obs)
        except Closed as e:
            self.out(words.closed(e.reason.value if e.reason else None))
            return 0 if self._over() else 1  # (after the game: the table's end, no failure)

    def _quitting(self, typed: str) -> str:
        """q asks first, as the keys and the local game's typed lines do (piped too: the next
        line answers): 'asked'; then y: 'leave'; n goes back to the game: 'asked'; another
        line is answered as ever and the question stays, as in the local game: ''. (The end
        of the input leaves without asking.)"""
        if typed in ("q", "quit"):
            self.out(words.quit_question(self.hosting, *self._kept()))
            self._quit_asked = True
            return "asked"
        if self._quit_asked and typed in ("y", "yes"):
            return "leave"
        if self._quit_asked and typed in ("n", "no"):
            self.out(seat_phrase("back_to_game"))
            self._quit_asked = False
            return "asked"
        return ""

    def _kept(self) -> tuple[int | None, bool]:
        """How this seat is kept when left: for so many seconds, or a computer holds it
        (``held``); neither after the game (as the full seat's: NetSession.unsaved_words)."""
        if self._over():
            return None, False
        keep = self.remote.keep or None  # (0: a computer holds a seat left: net.server)
        return keep, not keep

    def _over(self) -> bool:
        story = self.remote.story
        return bool(story) and isinstance(story[-1], g.GameOver)

    def _say(self, events: list[g.Event]) -> None:
        """The events just come (the last ones of the story), the table's notes among them
        where they came, and after a rejoin the ones missed, marked as earlier."""
        remote = self.remote
        self.announcer.names = self._names()
        self._seats_changed()
        start = remote.heard - len(events)
        missed, remote.missed = remote.missed, None
        if missed is not None:
            self.out(words.back(missed[1] > missed[0]))
        at = start
        for index, note in sorted(remote.take_notes(), key=lambda item: item[0]):
            if index > at:
                self._announce(events[at - start : index - start], at, missed)
                at = index
            self._note(note)
        self._announce(events[at - start :], at, missed)
        if missed is not None:
            self._waits()

    def _announce(self, events: list[g.Event], start: int, missed: tuple[int, int] | None) -> None:
        if not events:
            return
        if missed is None or start >= missed[1]:
            for line in self.announcer.announce(events):
                self.out(line.text)
            return
        cut = missed[1] - start  # (the events before it were missed; the rest are new)
        for line in self.announcer.announce(events[:cut]):
            self.out(words.earlier(line.text))
        self._announce(events[cut:], missed[1], None)

    def _note(self, note: p.Note) -> None:
        if note.code == p.NoteCode.TURN_PLAYED:
            self.out(words.turn_played(self._name(note.seat)))
        elif note.code == p.NoteCode.TIME_WARNING and note.seconds is not None:
            self.out(words.time_warning(note.seconds))
        elif note.code in (p.NoteCode.LEFT, p.NoteCode.DROPPED) and note.seat != self.seat:
            self.out(words.away(self._name(note.seat), note.code.value, note.seconds, note.seat in self.remote.held))

    def _waits(self) -> None:
        """Whom the table waits for and how long they have (t), in words."""
        remote = self.remote
        waits = remote.ask_time()
        phase = str(remote.observation(self.seat).phase)
        self.out(
            words.waits(
                [(self._name(w.seat), w.why.value, w.left, w.dropped, w.away and w.away.value) for w in waits], phase
            )
        )

    def _seats_changed(self) -> None:
        remote = self.remote
        now, names = list(remote.connected), list(remote.names)
        for s, (was, is_) in enumerate(zip(self._connected, now, strict=False)):
            if s != self.seat and is_ and not was:  # (one away: the table's note says why)
                self.out(words.joined(self._name(s)))
        for s, (before, after) in enumerate(zip(self._names_were, names, strict=False)):
            if s != self.seat and before and not after:
                self.out(words.seat_free(before))
        self._connected, self._names_were = now, names
        if self._over():
            for s in sorted(remote.ready - self._ready_were - {self.seat}):
                self.out(words.asks_rematch(self._name(s)))
        self._ready_were = set(remote.ready)

    def _waiting_for_next(self) -> None:
        """After Enter at a deal's end: whom the next deal waits for."""
        remote = self.remote
        self.remote.drain()
        if remote.observation(self.seat).phase == g.DEAL_OVER:
            self.out(
                words.waiting_for(
                    [
                        self._name(s)
                        for s in range(remote.players)
                        if remote.connected[s] and s not in remote.ready and s != self.seat
                    ]
                )
            )

    def _due(self, obs: g.Observation) -> str:
        if obs.phase == g.DISCARD and self.seat in obs.waiting:
            return "discard"
        if obs.phase == g.PLAY and obs.to_act == self.seat and obs.playable:
            return "play"
        if obs.phase == g.SHOW and obs.to_act == self.seat:
            return "count"
        if obs.phase == g.DEAL_OVER:
            return "next"
        if obs.phase == g.GAME_OVER and self.seat not in self.remote.ready:
            return "rematch"
        return ""

    def _prompt(self, obs: g.Observation, again: bool = False) -> None:
        due = self._due(obs)
        key = (due, obs.deal, obs.phase, len(obs.played), obs.count)
        if not due or (key == self._prompted and not again):
            return
        self._prompted = key
        if due == "discard":
            count = next((len(a.cards) for a in obs.legal if isinstance(a, g.Discard)), 2)
            self.out(words.prompt_discard(count, obs.hand))
        elif due == "play":
            self.out(words.prompt_play(obs.count, obs.playable))
        elif due == "count":
            self.out(words.prompt_count())
        elif due == "rematch":
            self.out(words.prompt_rematch())
        # (the next deal: the deal's last line says to press Enter)

    def _answer(self, text: str, obs: g.Observation) -> None:
        if text.lower() == "mute":
            self.chat_on = not self.chat_on
            self.out(words.chat_heard(self.chat_on))
            return
        if text.startswith("'") or text.lower().startswith("say "):
            self.remote.say(text[1:] if text.startswith("'") else text[4:])
            return
        self.remote.drain()  # (the table's start may just have come)
        if self.remote.waiting:  # (before the game's start: nothing to do, nothing sent)
            self.out(words.table_waits(self.remote.waiting))
            return
        if text.lower() in ("t", "time"):
            self._waits()
            return
        if text.lower() in ("i", "hint", "o", "odds"):
            self._advice(p.AdviceKind.HINT if text.lower() in ("i", "hint") else p.AdviceKind.ODDS)
            return
        if obs.phase == g.GAME_OVER:
            self._ask_rematch(text)
            return
        action = self._action(text, obs)
        if action is None and not text:
            self._prompt(obs, again=True)
            return
        if action is None:
            self.out(words.not_understood())
            self._prompt(obs, again=True)
            return
        try:
            self._say(self.remote.apply(action, self.seat))
            if isinstance(action, g.NextDeal):
                self._waiting_for_next()
        except g.IllegalActionError as e:
            self.out(refusal(str(e.code), e.reason, e.data, playable=obs.playable, hand=obs.hand, names=self._names()))
            self._prompt(obs, again=True)
        except Refused as e:
            self.out(words.refused(e.message.reason.value))

    def _advice(self, kind: p.AdviceKind) -> None:
        """A hint or the seat's win chance, from the table's coach (refused, in a sentence,
        when the host allows none)."""
        try:
            notice = self.remote.advise(kind)
        except Refused as e:
            self.out(words.refused(e.message.reason.value))
            return
        try:
            self.out(phrase(notice) if notice is not None else seat_phrase("no_hint"))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):  # (a server's data
            self.out(words.refused("malformed"))  # that does not fit its notice)

    def _ask_rematch(self, text: str) -> None:
        """After the game, Enter asks for a rematch with the same seats (one key for
        everyone: it starts when all have pressed it)."""
        remote = self.remote
        if text:
            self.out(words.prompt_rematch())
            return
        remote.rematch()
        if self._over():
            self.out(
                words.waiting_for(
                    [
                        self._name(s)
                        for s in range(remote.players)
                        if remote.connected[s] and s not in remote.ready and s != self.seat
                    ]
                )
            )

    def _action(self, text: str, obs: g.Observation) -> g.Action | None:
        due = self._due(obs)
        words_typed = text.lower().split()
        if not words_typed:
            return g.NextDeal() if due == "next" else None
        if words_typed == ["go"]:
            return g.Go(self.seat)
        if due == "count" and text.isdecimal():
            n = int(text)  # a claim holds 0..46 (its constructor refuses more): more is no count
            return g.Claim(self.seat, n) if n <= 46 else None
        if not due and obs.phase == g.PLAY:  # (a card typed in another's turn: the referee
            cards = self._cards(words_typed, obs.hand)  # says whose turn it is, not "discard")
            return g.Play(self.seat, cards[0]) if len(cards) == 1 else None
        cards = self._cards(words_typed, obs.hand if due == "discard" else obs.playable)
        if not cards:
            return None
        if due == "play" and len(cards) == 1:
            return g.Play(self.seat, cards[0])
        if due in ("discard", ""):
            return g.Discard(self.seat, tuple(cards))
        return g.Play(self.seat, cards[0]) if len(cards) == 1 else None

    @staticmethod
    def _cards(typed: list[str], listed: tuple[Card, ...]) -> list[Card]:
        """Cards by their number in the list said (1 to n), or by name ('5h', 'five of
        hearts'); empty when the text names none."""
        if all(t.isdecimal() for t in typed):
            picked = [int(t) for t in typed]
            if all(1 <= n <= len(listed) for n in picked):
                return [listed[n - 1] for n in picked]
            return []
        try:
            return parse_cards(" ".join(typed))
        except ValueError:
            return []

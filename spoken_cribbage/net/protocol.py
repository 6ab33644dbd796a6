"""The messages of network play (issue 26): versioned JSON, each validated on receipt.

Every message is one JSON object in one websocket text frame, with its kind under ``"type"``.
A client opens with :class:`Hello` (the protocol :data:`VERSION`, the invite code, a name) and
then sends :class:`Act` (an action as the engine's text code, ``"play 1 5H"``) or :class:`Say`
(a chat line). The server answers :class:`Welcome` (the seat, the table's rules, the names),
then an :class:`Update` after every change: the events as that seat sees them
(:meth:`Game.events_for`: no other hand, no crib card before the show) and the seat's own
observation, both as facts (codes and data, never a sentence: each client says them in its own
words). What the server will not take it answers with :class:`Refused` and a
:class:`Reason` code, and changes nothing.

Why msgspec rather than pydantic: a message is decoded and checked against its schema in one
pass in C (typed structs, a tagged union on ``"type"``, unknown fields forbidden, lengths and
ranges bounded), with no dependency of its own (pydantic brings pydantic-core and
typing-extensions and is several times slower to validate); the fuzz run feeds it 100,000
frames. Known pitfalls, from msgspec's issues: an unknown tag is a ValidationError like any
other (#691), so :func:`decode_client` tells an unknown message kind from a malformed one
itself; and untagged structs must not be mixed into the union (#915): every message is tagged.

Text from a player (names, chat) is cleaned on the server (:func:`clean_text`: escape sequences
and control or format characters removed, whitespace folded, length bounded) before anyone
else receives it; the client cleans it again before printing or speaking it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import fields
from enum import Enum
from typing import Annotated, Any

import msgspec

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card, is_card, parse_card
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.storage.gamelog import LogError, event_from_plain, event_to_plain

__all__ = [
    "VERSION",
    "MAX_FRAME",
    "NAME_LENGTH",
    "CHAT_LENGTH",
    "Reason",
    "Hello",
    "Act",
    "Say",
    "Welcome",
    "Update",
    "Refused",
    "Chat",
    "Seats",
    "Bye",
    "AskTime",
    "Rematch",
    "Leave",
    "Away",
    "Advise",
    "Advice",
    "AdviceKind",
    "Clock",
    "Wait",
    "WaitWhy",
    "Note",
    "NoteCode",
    "ClientMessage",
    "ServerMessage",
    "ProtocolError",
    "decode_client",
    "decode_server",
    "encode",
    "clean_text",
    "observation_facts",
    "observation_from_facts",
    "rules_facts",
    "rules_from_facts",
    "events_facts",
    "events_from_facts",
    "refusal_data",
    "plain_data",
    "data_from_plain",
]

#: The protocol's version: a client of another version is refused at its hello.
VERSION = 1
#: The largest frame the server reads (bytes); a larger one is refused (the websocket
#: library closes a connection whose frame passes its own, larger, limit).
MAX_FRAME = 4096
#: The longest name and chat line, after cleaning (characters).
NAME_LENGTH = 24
CHAT_LENGTH = 300

_Int = Annotated[int, msgspec.Meta(ge=0, le=2**31)]
_Seat = Annotated[int, msgspec.Meta(ge=0, le=5)]
_Players = Annotated[int, msgspec.Meta(ge=2, le=6)]
_Short = Annotated[str, msgspec.Meta(max_length=120)]
_Text = Annotated[str, msgspec.Meta(max_length=2000)]
_Cards = Annotated[list[Annotated[str, msgspec.Meta(max_length=3)]], msgspec.Meta(max_length=52)]
_Ints = Annotated[list[int], msgspec.Meta(max_length=6)]


class Reason(str, Enum):
    """Why the server refused a message (``Refused.reason``) or closed (``Bye.reason``)."""

    MALFORMED = "malformed"  # not JSON, or not the schema of its kind
    UNKNOWN = "unknown message"  # a kind of message the protocol does not have
    OVERSIZED = "oversized"  # longer than MAX_FRAME
    TOO_FAST = "too fast"  # over the connection's rate limit
    BINARY = "binary"  # a binary frame: the protocol is text
    VERSION = "version"  # another protocol version
    NOT_JOINED = "not joined"  # an action or chat before the hello
    ALREADY_JOINED = "already joined"  # a second hello
    BAD_CODE = "bad code"  # the invite code is wrong
    TABLE_FULL = "table full"  # no seat free
    NOT_AN_ACTION = "not an action"  # the action's text reads as no action
    NOT_YOURS = "not yours"  # an action for another seat, or chance's (a deal)
    ILLEGAL = "illegal"  # the game refused it (``refusal``: the engine's code,
    # "not your turn" for an action out of turn)
    NOT_ALLOWED = "not allowed"  # a request a shared table does not take (undo)
    INTERNAL = "internal"  # the server failed (a bug; counted, never expected)
    SERVER_CLOSING = "server closing"
    HOST_LEFT = "host left"  # the host left: the table is saved, offered again when
    # the host opens it
    ADVICE_OFF = "advice off"  # a hint or a win chance asked at a table whose host allows none


# ---------------------------------------------------------------------- client -> server


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    version: int
    code: _Short
    name: _Short = ""


class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True):
    seq: _Int
    action: _Short


class Say(msgspec.Struct, tag="say", forbid_unknown_fields=True):
    text: _Text


class AskTime(msgspec.Struct, tag="time", forbid_unknown_fields=True):
    """Whom the table waits for, and how long they have: answered with :class:`Clock`."""


class Rematch(msgspec.Struct, tag="rematch", forbid_unknown_fields=True):
    """After the game: this person wants another with the same seats (it starts when every
    person connected has asked; the seats say who has, in ``Seats.ready``)."""


class Leave(msgspec.Struct, tag="leave", forbid_unknown_fields=True):
    """This person leaves their seat on purpose (``q``): the others are told they left (not
    that their line dropped); the seat is kept for them as for a drop."""


class AdviceKind(str, Enum):
    """What a seat may ask the table's coach, when the host allows it."""

    HINT = "hint"  # what the expert would do now
    ODDS = "odds"  # the seat's chance to win


class Advise(msgspec.Struct, tag="advise", forbid_unknown_fields=True):
    """A hint or a win chance for this seat: answered with :class:`Advice`, or refused
    (ADVICE_OFF) when the host set the table to give none."""

    kind: AdviceKind


ClientMessage = Hello | Act | Say | AskTime | Rematch | Leave | Advise
_CLIENT_TAGS = frozenset({"hello", "act", "say", "time", "rematch", "leave", "advise"})


# ---------------------------------------------------------------------- server -> client


class RulesFacts(msgspec.Struct, forbid_unknown_fields=True):
    players: _Players
    target: _Int
    counting: _Short
    muggins: bool
    overcount_penalty: bool
    teams: int | None = None


class ObservationFacts(msgspec.Struct, forbid_unknown_fields=True):
    """A seat's :class:`~spoken_cribbage.engine.observer.Observation`: cards as short codes
    ("5H"), actions as their text codes."""

    seat: _Seat
    players: _Players
    side: _Seat
    phase: _Short
    deal: _Int
    dealer: _Seat
    target: _Int
    scores: _Ints
    hand: _Cards
    kept: _Cards
    discards: _Cards
    starter: _Short | None
    played: Annotated[list[tuple[_Seat, _Short]], msgspec.Meta(max_length=52)]
    series: _Cards
    count: _Int
    gone: _Ints
    cards_left: _Ints
    legal: Annotated[list[_Short], msgspec.Meta(max_length=400)]
    history: Annotated[list[_Short], msgspec.Meta(max_length=200)]
    to_act: _Seat | None
    waiting: _Ints
    showing: _Cards
    showing_crib: bool
    back_pegs: _Ints


class Welcome(msgspec.Struct, tag="welcome", forbid_unknown_fields=True):
    version: int
    seat: _Seat
    rules: RulesFacts
    names: Annotated[list[_Short], msgspec.Meta(max_length=6)]
    turn_limit: _Int | None = None  # the table's turn limit (seconds), when the host set one
    count_limit: _Int | None = None  # the time to count a hand (manual counting), when set
    advice: bool = True  # whether the table gives hints and win chances (the host's choice)


class Update(msgspec.Struct, tag="update", forbid_unknown_fields=True):
    """The events from index ``start`` of the seat's story, and its observation now; ``ack``:
    the ``seq`` of this client's action that caused them."""

    start: _Int
    events: Annotated[list[dict[str, Any]], msgspec.Meta(max_length=100_000)]
    observation: ObservationFacts
    ack: _Int | None = None
    #: On a seat's first update after its line dropped: the index of the first event it missed
    #: (those before it had been sent before the drop); the client says them as earlier.
    missed: _Int | None = None


class Advice(msgspec.Struct, tag="advice", forbid_unknown_fields=True):
    """The answer to :class:`Advise`, as a fact: the coach's notice code (or its problem's, a
    win chance that cannot be given) and its data as plain values (cards as codes); an empty
    code: no hint now."""

    kind: AdviceKind
    code: _Short = ""
    data: dict[str, Any] = {}


class Refused(msgspec.Struct, tag="refused", forbid_unknown_fields=True):
    reason: Reason
    seq: _Int | None = None
    refusal: _Short | None = None  # the engine's Refusal code, for ILLEGAL
    data: dict[str, Any] = {}  # its particulars, as plain values


class Chat(msgspec.Struct, tag="chat", forbid_unknown_fields=True):
    seat: _Seat
    text: _Text


class Seats(msgspec.Struct, tag="seats", forbid_unknown_fields=True):
    """Who sits where (an empty name: nobody yet), who is connected now, the computer seats,
    and who has asked for the next deal."""

    names: Annotated[list[_Short], msgspec.Meta(max_length=6)]
    connected: Annotated[list[bool], msgspec.Meta(max_length=6)]
    computers: _Ints
    ready: _Ints = []  # the people who asked for the next deal (it waits for everyone), or
    # after the game for a rematch
    held: _Ints = []  # dropped people's seats a computer plays until they are back
    keep: _Int = 0  # the seconds a dropped person's seat is kept for them


class Bye(msgspec.Struct, tag="bye", forbid_unknown_fields=True):
    reason: Reason


class WaitWhy(str, Enum):
    """What the table waits for a person to do."""

    TURN = "turn"  # their turn: discard or play (the turn limit, when set)
    COUNT = "count"  # their count, manual counting (the counting time limit, when set)
    NEXT_DEAL = "next deal"  # to ask for the next deal


class Away(str, Enum):
    """Why a person is away from their seat."""

    LEFT = "left"  # they left it on purpose (q)
    DROPPED = "dropped"  # their connection dropped


class Wait(msgspec.Struct, forbid_unknown_fields=True):
    """One person the table waits for: ``left``, the seconds they have (None: no limit);
    ``dropped``, when they are away (their line dropped, or they left), the seconds their seat
    is still kept, and ``away`` why."""

    seat: _Seat
    why: WaitWhy
    left: Annotated[float, msgspec.Meta(ge=0, le=1e6)] | None = None
    dropped: Annotated[float, msgspec.Meta(ge=0, le=1e6)] | None = None
    away: Away | None = None


class Clock(msgspec.Struct, tag="clock", forbid_unknown_fields=True):
    """The answer to :class:`AskTime`: whom the table waits for now (empty: nobody, the
    computers are playing or the game is over)."""

    waits: Annotated[list[Wait], msgspec.Meta(max_length=6)]


class NoteCode(str, Enum):
    """A fact of the table that is not an event of the game."""

    TURN_PLAYED = "turn played"  # the seat's turn limit ran out: a computer played that turn
    TIME_WARNING = "time warning"  # (to the seat alone) ``seconds`` left of its turn or count
    LEFT = "left"  # the seat's person left it (q); ``seconds``: how long it is kept for them
    # (None: not kept, the game is over; or a computer plays it, as the seats' ``held`` say)
    DROPPED = "dropped"  # the seat's connection dropped; ``seconds`` as for LEFT


class Note(msgspec.Struct, tag="note", forbid_unknown_fields=True):
    """A table's fact, sent before the update whose events it explains."""

    code: NoteCode
    seat: _Seat
    seconds: _Int | None = None


ServerMessage = Welcome | Update | Refused | Chat | Seats | Bye | Clock | Note | Advice

_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()


class ProtocolError(ValueError):
    """A message that is not one of the protocol's: ``reason`` says how."""

    def __init__(self, reason: Reason, detail: str = "") -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)


def encode(message: msgspec.Struct) -> str:
    return _encoder.encode(message).decode()


def _kind_known(frame: str | bytes, tags: frozenset[str]) -> bool:
    """Whether ``frame`` is a JSON object whose "type" is one of ``tags`` (after a failed decode:
    an unknown kind is told from a malformed message of a known kind)."""
    try:
        raw = msgspec.json.decode(frame)
    except (msgspec.DecodeError, RecursionError):
        return True  # not JSON at all: malformed
    return not isinstance(raw, dict) or raw.get("type") in tags


def decode_client(frame: str | bytes) -> Hello | Act | Say | AskTime | Rematch | Leave | Advise:
    """A client's message, checked; ProtocolError (OVERSIZED, BINARY, UNKNOWN, MALFORMED)."""
    if isinstance(frame, bytes):
        raise ProtocolError(Reason.BINARY)
    if len(frame) > MAX_FRAME or len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise ProtocolError(Reason.OVERSIZED)
    try:
        message: Hello | Act | Say | AskTime | Rematch | Leave | Advise = _client_decoder.decode(frame)
    except (msgspec.DecodeError, RecursionError) as e:
        reason = Reason.MALFORMED if _kind_known(frame, _CLIENT_TAGS) else Reason.UNKNOWN
        raise ProtocolError(reason, str(e)[:120]) from None
    return message


def decode_server(frame: str | bytes) -> Welcome | Update | Refused | Chat | Seats | Bye | Clock | Note | Advice:
    """A server's message, checked; ProtocolError (MALFORMED) for anything else."""
    try:
        message: Welcome | Update | Refused | Chat | Seats | Bye | Clock | Note | Advice = _server_decoder.decode(frame)
    except (msgspec.DecodeError, RecursionError) as e:
        raise ProtocolError(Reason.MALFORMED, str(e)[:120]) from None
    return message


# ---------------------------------------------------------------------- cleaning text

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), and any other two-character escape.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b.?|\x9b[0-?]*[ -/]*[@-~]")


def clean_text(text: str, limit: int) -> str:
    """``text`` fit to print and speak: escape sequences removed, control, format (bidi
    overrides, zero-width) and unassigned or private characters dropped, whitespace folded to
    single spaces, at most ``limit`` characters."""
    text = _ESCAPES.sub("", text)
    kept = []
    for ch in text:
        if ch.isspace():
            kept.append(" ")
        elif unicodedata.category(ch)[0] != "C":
            kept.append(ch)
    return " ".join("".join(kept).split())[:limit].strip()


# ---------------------------------------------------------------------- facts of the engine


def _short(card: Card) -> str:
    return card.short


def _card(text: str) -> Card:
    try:
        return parse_card(text)
    except ValueError:
        raise ProtocolError(Reason.MALFORMED, "not a card") from None


def _cards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(_card(t) for t in texts)


def _action(text: str) -> g.Action:
    try:
        return g.action_from_text(text)
    except ValueError:
        raise ProtocolError(Reason.MALFORMED, "not an action") from None


def rules_facts(rules: Rules) -> RulesFacts:
    return RulesFacts(
        players=rules.players,
        target=rules.target,
        counting=str(rules.counting),
        muggins=rules.muggins,
        overcount_penalty=rules.overcount_penalty,
        teams=rules.teams,
    )


def rules_from_facts(facts: RulesFacts) -> Rules:
    try:
        return Rules(
            players=facts.players,
            target=facts.target,
            counting=facts.counting,
            muggins=facts.muggins,
            overcount_penalty=facts.overcount_penalty,
            teams=facts.teams,
        )
    except (ValueError, TypeError):
        raise ProtocolError(Reason.MALFORMED, "not a table's rules") from None


def observation_facts(obs: g.Observation) -> ObservationFacts:
    return ObservationFacts(
        seat=obs.seat,
        players=obs.players,
        side=obs.side,
        phase=str(obs.phase),
        deal=obs.deal,
        dealer=obs.dealer,
        target=obs.target,
        scores=list(obs.scores),
        hand=[_short(c) for c in obs.hand],
        kept=[_short(c) for c in obs.kept],
        discards=[_short(c) for c in obs.discards],
        starter=None if obs.starter is None else obs.starter.short,
        played=[(s, c.short) for s, c in obs.played],
        series=[_short(c) for c in obs.series],
        count=obs.count,
        gone=list(obs.gone),
        cards_left=list(obs.cards_left),
        legal=[a.to_text() for a in obs.legal],
        history=[a.to_text() for a in obs.history],
        to_act=obs.to_act,
        waiting=list(obs.waiting),
        showing=[_short(c) for c in obs.showing],
        showing_crib=obs.showing_crib,
        back_pegs=list(obs.back_pegs),
    )


def observation_from_facts(facts: ObservationFacts, rules: Rules) -> g.Observation:
    """The observation the facts describe (ProtocolError for a card or action that is none)."""
    history = []
    for text in facts.history:
        action = _action(text)
        if not isinstance(action, (g.Play, g.Go)):
            raise ProtocolError(Reason.MALFORMED, "not a play or a go")
        history.append(action)
    return g.Observation(
        seat=facts.seat,
        players=facts.players,
        side=facts.side,
        phase=facts.phase,
        deal=facts.deal,
        dealer=facts.dealer,
        target=facts.target,
        scores=tuple(facts.scores),
        hand=_cards(facts.hand),
        kept=_cards(facts.kept),
        discards=_cards(facts.discards),
        starter=None if facts.starter is None else _card(facts.starter),
        played=tuple((s, _card(c)) for s, c in facts.played),
        series=_cards(facts.series),
        count=facts.count,
        gone=tuple(facts.gone),
        cards_left=tuple(facts.cards_left),
        legal=tuple(_action(t) for t in facts.legal),
        history=tuple(history),
        rules=rules,
        to_act=facts.to_act,
        waiting=tuple(facts.waiting),
        showing=_cards(facts.showing),
        showing_crib=facts.showing_crib,
        back_pegs=tuple(facts.back_pegs),
    )


def events_facts(events: list[g.Event]) -> list[dict[str, Any]]:
    return [event_to_plain(e) for e in events]


def events_from_facts(items: list[dict[str, Any]]) -> list[g.Event]:
    try:
        return [event_from_plain(item) for item in items]
    except LogError as e:
        raise ProtocolError(Reason.MALFORMED, str(e)) from None


def _plain(value: object) -> object:
    if is_card(value):
        return value.short
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, type):
        return value.__name__
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else None
    return None


def plain_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """A notice's data as plain values (cards as codes, tuples as lists)."""
    return {str(k): _plain(v) for k, v in data.items()}


def data_from_plain(data: dict[str, Any]) -> dict[str, Any]:
    """The data :func:`plain_data` made plain, its cards as cards again (a code, or a list of
    codes); other values as they are (a list of numbers as a tuple)."""
    kept: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, str) and len(value) <= 3 and _is_code(value):
            kept[key] = parse_card(value)
        elif isinstance(value, list) and value and all(isinstance(v, str) and _is_code(v) for v in value):
            kept[key] = tuple(parse_card(v) for v in value)
        elif isinstance(value, list):
            kept[key] = tuple(value)
        else:
            kept[key] = value
    return kept


def _is_code(text: str) -> bool:
    try:
        return parse_card(text).short == text
    except ValueError:
        return False


def refusal_data(error: g.IllegalActionError) -> dict[str, Any]:
    """The particulars of an engine refusal as plain values (cards as codes)."""
    return {str(k): _plain(v) for k, v in error.data.items()}


assert {f.name for f in fields(g.Observation)} == set(ObservationFacts.__struct_fields__) | {"rules"}

"""The messages of network play (issue 26), as msgspec structs: one per kind, tagged by
``"type"``, unknown fields forbidden, lengths and ranges bounded. ``net.protocol`` decodes and
encodes them (and re-exports every name here); see its docstring for the protocol."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any

import msgspec

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
    "ListTables",
    "Create",
    "Watch",
    "TableInfo",
    "Tables",
    "Created",
    "View",
    "TABLE_NAME_LENGTH",
    "Clock",
    "Wait",
    "WaitWhy",
    "Note",
    "NoteCode",
    "ClientMessage",
    "ServerMessage",
    "RulesFacts",
    "ObservationFacts",
]

#: The protocol's version: a client of another version is refused at its hello.
VERSION = 1
#: The largest frame the server reads (bytes); a larger one is refused (the websocket
#: library closes a connection whose frame passes its own, larger, limit).
MAX_FRAME = 4096
#: The longest name and chat line, after cleaning (characters).
NAME_LENGTH = 24
CHAT_LENGTH = 300
#: The longest name of a table in a room (after cleaning).
TABLE_NAME_LENGTH = 30

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
    NOT_STARTED = "not started"  # an action (a hint, a rematch) before the game's start: the
    # table waits until every person's seat has been taken (``Seats.waiting``)
    # (a room, ``serve``)
    NO_TABLE = "no table"  # no table of that name in the room
    NAME_TAKEN = "name taken"  # a table of that name is already open
    BAD_NAME = "bad name"  # a table's name that is empty once cleaned
    ROOM_FULL = "room full"  # the room holds as many tables as it may
    BAD_TABLE = "bad table"  # a table the rules cannot play (players, teams, computers)
    BAD_LIMIT = "bad limit"  # a turn or count limit out of 10 to 600 seconds
    NOT_HERE = "not here"  # a room's message at a host's single table, or the reverse
    ROOM_CLOSING = "room closing"  # the room stops: its unfinished tables are saved, offered
    # again when it starts


# ---------------------------------------------------------------------- client -> server


class Hello(msgspec.Struct, tag="hello", forbid_unknown_fields=True):
    version: int
    code: _Short
    name: _Short = ""
    table: _Short = ""  # in a room (``serve``): the table's name (a public one needs no code)


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


class ListTables(msgspec.Struct, tag="list", forbid_unknown_fields=True):
    """In a room: the open tables (answered with :class:`Tables`)."""


class Create(msgspec.Struct, tag="create", forbid_unknown_fields=True):
    """In a room: open a table (answered with :class:`Created`; then sit with a hello). A
    public table is listed and anyone may sit or watch; a private one needs its code."""

    name: _Short
    players: _Players = 2
    target: Annotated[int, msgspec.Meta(ge=61, le=121)] = 121
    teams: Annotated[int, msgspec.Meta(ge=0, le=3)] | None = None
    computers: _Ints = []
    public: bool = True
    advice: bool = True
    counting: _Short = "auto"  # "auto" or "manual", as host's --counting
    #: The table's clocks (seconds, 10 to 600; None: off), as host's --turn-limit and
    #: --count-limit: the server's rules, refused as BAD_LIMIT outside that range.
    turn_limit: _Int | None = None
    count_limit: _Int | None = None


class Watch(msgspec.Struct, tag="watch", forbid_unknown_fields=True):
    """In a room: watch a table (its public events only; a watcher cannot act, but may talk:
    its chat lines are said with ``name``)."""

    table: _Short
    code: _Short = ""
    name: _Short = ""


ClientMessage = Hello | Act | Say | AskTime | Rematch | Leave | Advise | ListTables | Create | Watch
_CLIENT_TAGS = frozenset({"hello", "act", "say", "time", "rematch", "leave", "advise", "list", "create", "watch"})


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
    """A chat line: from ``seat``, or (``seat`` None) from someone watching, by ``name`` (the
    name they gave; may be empty); ``own``: the receiver's own line sent back to them (a
    watcher's: a seat knows its own by its seat)."""

    seat: _Seat | None
    text: _Text
    name: _Short = ""
    own: bool = False


class Seats(msgspec.Struct, tag="seats", forbid_unknown_fields=True):
    """Who sits where (an empty name: nobody yet), who is connected now, the computer seats,
    and who has asked for the next deal."""

    names: Annotated[list[_Short], msgspec.Meta(max_length=6)]
    connected: Annotated[list[bool], msgspec.Meta(max_length=6)]
    computers: _Ints
    ready: _Ints = []  # the people who asked for the next deal (it waits for everyone), or
    # after the game for a rematch
    held: _Ints = []  # dropped people's seats a computer plays until they are back
    keep: _Int = 0  # the seconds a dropped person's seat is kept for them (0: a computer holds
    # it until they are back: the host's --computer-holds)
    #: Before the game's start: the people's seats nobody has taken yet (the game starts, and
    #: is sent, when every one has been taken; a computer's seat is never waited for). 0 once
    #: the game has started.
    waiting: _Int = 0


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


class TableInfo(msgspec.Struct, forbid_unknown_fields=True):
    """One table of a room's list: its name, seats (names; empty: free), the computer seats,
    who is connected, whether it is public, its watchers, whether a game is under way."""

    name: _Short
    names: Annotated[list[_Short], msgspec.Meta(max_length=6)]
    computers: _Ints
    connected: Annotated[list[bool], msgspec.Meta(max_length=6)]
    public: bool
    watchers: _Int = 0
    started: bool = False
    target: _Int = 121
    turn_limit: _Int | None = None  # the table's turn limit (seconds), when set
    count_limit: _Int | None = None  # the time to count a hand (manual counting), when set


class Tables(msgspec.Struct, tag="tables", forbid_unknown_fields=True):
    """A room's open tables (the private ones only by their name when asked by it)."""

    tables: Annotated[list[TableInfo], msgspec.Meta(max_length=10_000)]


class Created(msgspec.Struct, tag="created", forbid_unknown_fields=True):
    """A table opened: its name and its code (the secret part: the client adds the room's
    certificate tag when it says it)."""

    name: _Short
    code: _Short


class View(msgspec.Struct, tag="view", forbid_unknown_fields=True):
    """To a watcher: the table's public events from index ``start`` (no hand, no crib card
    before it is shown, no discard), and the table's rules when first sent."""

    start: _Int
    events: Annotated[list[dict[str, Any]], msgspec.Meta(max_length=100_000)]
    rules: RulesFacts | None = None
    #: The table as everyone sees it (``protocol.public_observation``): the scores, the
    #: dealer, the starter, the play and the show, no hand, no discard, no legal action.
    observation: ObservationFacts | None = None
    turn_limit: _Int | None = None  # with the rules: the table's limits, as in the welcome
    count_limit: _Int | None = None


ServerMessage = Welcome | Update | Refused | Chat | Seats | Bye | Clock | Note | Advice | Tables | Created | View

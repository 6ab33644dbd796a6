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

import functools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import fields
from enum import Enum
from typing import Any

import msgspec

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import Card, is_card, parse_card
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.net.messages import (  # noqa: F401 - re-exported
    _CLIENT_TAGS,
    CHAT_LENGTH,
    MAX_FRAME,
    NAME_LENGTH,
    TABLE_NAME_LENGTH,
    VERSION,
    Act,
    Advice,
    AdviceKind,
    Advise,
    AskTime,
    Away,
    Bye,
    Chat,
    ClientMessage,
    Clock,
    Create,
    Created,
    Hello,
    Leave,
    ListTables,
    Note,
    NoteCode,
    ObservationFacts,
    Reason,
    Refused,
    Rematch,
    RulesFacts,
    Say,
    Seats,
    ServerMessage,
    TableInfo,
    Tables,
    Update,
    View,
    Wait,
    WaitWhy,
    Watch,
    Welcome,
    _Int,
    _Short,
)
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
    "public_events",
    "ProtocolError",
    "decode_client",
    "decode_server",
    "encode",
    "clean_text",
    "observation_facts",
    "observation_from_facts",
    "public_observation",
    "waiting_observation",
    "rules_facts",
    "rules_from_facts",
    "events_facts",
    "FactsMemo",
    "events_from_facts",
    "refusal_data",
    "plain_data",
    "data_from_plain",
]

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


def decode_client(frame: str | bytes) -> ClientMessage:
    """A client's message, checked; ProtocolError (OVERSIZED, BINARY, UNKNOWN, MALFORMED)."""
    if isinstance(frame, bytes):
        raise ProtocolError(Reason.BINARY)
    if len(frame) > MAX_FRAME or len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise ProtocolError(Reason.OVERSIZED)
    try:
        message: ClientMessage = _client_decoder.decode(frame)
    except (msgspec.DecodeError, RecursionError) as e:
        reason = Reason.MALFORMED if _kind_known(frame, _CLIENT_TAGS) else Reason.UNKNOWN
        raise ProtocolError(reason, str(e)[:120]) from None
    return message


def decode_server(frame: str | bytes) -> ServerMessage:
    """A server's message, checked; ProtocolError (MALFORMED) for anything else."""
    try:
        message: ServerMessage = _server_decoder.decode(frame)
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


@functools.lru_cache(maxsize=20_000)
def _action_text(action: g.Action) -> str:
    """An action's text code, made once per distinct action (the actions are frozen values, and
    there are some ten thousand: every discard of two cards by each seat, every play, ...):
    an update's legal actions and history were a third of its cost, made again for every
    update of every seat (issue 26, item 8)."""
    return action.to_text()


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
        legal=[_action_text(a) for a in obs.legal],
        history=[_action_text(a) for a in obs.history],
        to_act=obs.to_act,
        waiting=list(obs.waiting),
        showing=[_short(c) for c in obs.showing],
        showing_crib=obs.showing_crib,
        back_pegs=list(obs.back_pegs),
    )


def public_observation(game: g.Game) -> ObservationFacts:
    """The table as a watcher sees it: a seat's observation with everything of that seat's
    own taken out (its hand, what it keeps and laid away, its legal actions), so nothing in
    it was not already shown to everyone (the scores, the dealer, the starter once turned, the
    cards played, the hand being counted at the show)."""
    facts = observation_facts(game.observation(0))
    return msgspec.structs.replace(facts, hand=[], kept=[], discards=[], legal=[])


def waiting_observation(game: g.Game, seat: int) -> ObservationFacts:
    """The table before its game starts (it waits for its people, ``Seats.waiting``), as
    ``seat`` is sent it (0 for a watcher): nothing of the game, as the engine's own game before
    its cut (the ``deal`` phase): no cut, no deal, no hand, no score, nothing to do."""
    facts = observation_facts(game.observation(seat))
    zeros = [0] * len(facts.scores)
    return msgspec.structs.replace(
        facts,
        phase=str(g.DEAL),
        deal=0,
        dealer=0,
        scores=zeros,
        hand=[],
        kept=[],
        discards=[],
        starter=None,
        played=[],
        series=[],
        count=0,
        gone=[],
        cards_left=[0] * game.players,
        legal=[],
        history=[],
        to_act=None,
        waiting=[],
        showing=[],
        showing_crib=False,
        back_pegs=zeros,
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


def public_events(events: list[g.Event]) -> list[g.Event]:
    """The events as a watcher sees them: no hand dealt, no card laid away, the crib's card
    from the deck face down (what every seat sees of the others, for every seat)."""
    seen: list[g.Event] = []
    for e in events:
        if isinstance(e, g.Dealt):
            e = g.Dealt(e.deal, e.dealer, tuple(() for _ in e.hands))
        elif isinstance(e, g.Discarded):
            e = g.Discarded(e.seat, (), e.crib_owner, e.number)
        elif isinstance(e, g.CribCardFromDeck):
            e = g.CribCardFromDeck(None)
        seen.append(e)
    return seen


#: The facts of events already made, by the event's identity (each entry holds its event, so
#: that no other event can take its id while the memo lives): one table event made plain once
#: however many seats are sent it.
FactsMemo = dict[int, tuple[g.Event, dict[str, Any]]]


def events_facts(events: list[g.Event], memo: FactsMemo | None = None) -> list[dict[str, Any]]:
    """The events as facts. ``memo``: the facts made so far for the same change (one
    broadcast): an event every seat sees alike is made plain once, not once per seat (a seat's
    own view of a hidden event is another object, made for it alone)."""
    if memo is None:
        return [event_to_plain(e) for e in events]
    facts = []
    for e in events:
        kept = memo.get(id(e))
        if kept is None or kept[0] is not e:
            kept = memo[id(e)] = (e, event_to_plain(e))
        facts.append(kept[1])
    return facts


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

"""The sentences of network play (issue 26): how friends join, the prompts of a seat at a
shared table, the server's refusals (its reason codes), chat and the connection.

The server sends facts (``net.protocol``: reason codes, events, names); this module is the
only place they become sentences, in the player's own language: each client words the same
facts in its own (``--language``, or the ``language`` setting), so a Chinese and a French
player share a table (issue 27 item 6). The sentences are on the catalogue (:data:`CODES`,
words.catalogue); names and chat are put in through ``say``'s cleaning (one visible line, no
control character), after the server and the client have cleaned them."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from spoken_cribbage.engine.cards import Card
from spoken_cribbage.words.catalogue import current, number, say, text
from spoken_cribbage.words.lines import cap, card_list, card_name, list_words
from spoken_cribbage.words.names import COMPUTER, shown_name
from spoken_cribbage.words.net_messages import CODES
from spoken_cribbage.words.numbers import number_words, said_number


def _t(code: str, /, **facts: object) -> str:
    return say(CODES[code], facts, code)


def _plural(code: str, count: int, /, **facts: object) -> str:
    return say(CODES[code], {"count": count, **facts}, code)


def _name(name: str) -> str:
    """A seat's name as the current language says it ('you' and 'Computer' translated)."""
    return shown_name(name)


def _words(n: int) -> str:
    """A count in the current language's words ('two', 'deux', '2'; a large one in digits
    but in English)."""
    if n < 32:
        return said_number(n)
    return number_words(n) if current() == "en" else str(n)


def help_text(key: str) -> str:
    """The ``--help`` text ``key`` of host, join and serve (a key of :data:`HELP`) in the
    player's language."""
    return _t(f"net.help.{key}")


def bad_port(text: str) -> str:
    return _t("net.bad_port", text=text)


def bad_keep(text: str) -> str:
    return _t("net.bad_keep", text=text)


def bad_tables(text: str) -> str:
    return _t("net.bad_tables", text=text)


def bad_limit(text: str) -> str:
    return _t("net.bad_limit", text=text)


def bad_computers(text: str, players: int) -> str:
    return _t("net.bad_computers", players=players, text=text)


def bad_table() -> str:
    return _t("net.bad_table")


def empty_seat(seat: int) -> str:
    """The name of a seat nobody has taken yet."""
    return _t("net.seat_empty", seat=seat + 1)


def resumed(actions: int) -> str:
    return _plural("net.resumed", actions, moves=_words(actions))


def save_unreadable() -> str:
    return _t("net.save_unreadable")


def friends_join(address: str, port: int, code: str, *, plain: bool = False) -> str:
    """The one line that says how friends join."""
    return _t("net.friends_join", address=address, port=port, code=code, plain=" --plain" if plain else "")


def plain_only_here() -> str:
    return _t("net.plain_only_here")


def code_without_check() -> str:
    return _t("net.code_without_check")


def certificate_mismatch() -> str:
    return _t("net.certificate_mismatch")


def certificate_changed(address: str, path: str) -> str:
    """A pinned table's certificate has changed: refused, and what to do."""
    return _t("net.certificate_changed", address=address, path=path)


def pins_unreadable(path: str) -> str:
    return _t("net.pins_unreadable", path=path)


def certificate_pinned() -> str:
    return _t("net.certificate_pinned")


def no_certificate(error: str) -> str:
    return _t("net.no_certificate", error=error)


def refused(reason: str) -> str:
    code = f"net.refused.{reason.replace(' ', '_')}"
    return _t(code if code in CODES else "net.refused.other")


def closed(reason: str | None) -> str:
    if reason is None:
        return _t("net.closed")
    if reason in ("host left", "room closing"):
        return refused(reason)
    return _t("net.closed.why", why=refused(reason))


def cannot_connect(address: str, error: str) -> str:
    return _t("net.cannot_connect", address=address, error=error)


def seated(seat: int, others: Sequence[str]) -> str:
    """Where you sit, and who is at the table with you (``others``: their names)."""
    if not others:
        return _t("net.seated.alone", seat=seat + 1)
    return _t("net.seated", seat=seat + 1, others=list_words([_name(o) for o in others]))


def chat(name: str, text: str) -> str:
    if name == "you":  # (your own line, as the table sent it back)
        return _t("net.chat.you", text=text)
    return _t("net.chat", name=_name(name), text=text)


def watcher_chat(name: str, text: str) -> str:
    """A chat line of someone watching the table (``name``: theirs, cleaned; may be empty)."""
    if not name:
        return _t("net.chat.watcher_unnamed", text=text)
    return _t("net.chat.watcher", name=name, text=text)


def table_chat(seat_name: str | None, text: str, watcher: str = "", own: bool = False) -> str:
    """A chat line at the table: from a seat (``seat_name``, "you" for your own), or (None)
    from someone watching (``watcher``: their name; ``own``: your own line, as a watcher)."""
    if seat_name is None:
        return chat("you", text) if own else watcher_chat(watcher, text)
    return chat(seat_name, text)


def starts_when_full() -> str:
    """Said when seated at a table whose people's seats are not all taken yet."""
    return _t("net.starts_when_full")


def table_waits(players: int) -> str:
    """Before the game's start: the answer to anything that would act (``players``: the
    people's seats still empty), counted in words as people are counted in every language
    ('two', 'deux', '两': catalogue.number), not as a call's number (a digit in Chinese)."""
    return _plural("net.table_waits", players, players=number(players))


def chat_heard(on: bool) -> str:
    return _t("net.chat.on" if on else "net.chat.off")


def joined(name: str) -> str:
    return _t("net.joined", name=_name(name))


def _minutes(keep: int) -> str:
    """'2 minutes', '90 seconds': how long a seat is kept, as the host set it."""
    minutes, seconds = divmod(keep, 60)
    if minutes and not seconds:
        return _plural("net.span.minutes", minutes)
    return _plural("net.span.seconds", keep)


def away(name: str, why: str, keep: int | None, held: bool) -> str:
    """The others hear that a person is away from their seat: ``why`` "left" (they left it,
    q) or "dropped" (their connection dropped); ``keep``: the seconds the seat is kept for
    them (None: not kept, the game is over); ``held``: a computer plays it meanwhile.
    'Lena's connection dropped; the seat is kept for 2 minutes.'"""
    code = "net.away.left" if why == "left" else "net.away.dropped"
    if held:
        return _t(code + ".held", name=_name(name))
    if keep is None:
        return _t(code, name=_name(name))
    return _t(code + ".kept", name=_name(name), span=_minutes(keep))


def seat_free(name: str) -> str:
    return _t("net.seat_free", name=_name(name))


def prompt_discard(count: int, hand: Sequence[Card]) -> str:
    if count == 1:  # (three players and more: one card, so one number or name)
        return _t("net.prompt.discard.one", hand=card_list(hand))
    return _t("net.prompt.discard", many=_words(count), hand=card_list(hand))


def prompt_play(count: int, playable: Sequence[Card]) -> str:
    return _t("net.prompt.play", count=_words(count), cards=list_words([card_name(c) for c in playable], "or"))


def prompt_count() -> str:
    return _t("net.prompt.count")


def waiting_for(names: Sequence[str]) -> str:
    return _t("net.waiting_for", who=list_words([_name(n) for n in names])) if names else ""


def not_understood() -> str:
    return _t("net.not_understood")


def no_advice() -> str:
    """Said once when seated at a table whose host allows no hints or win chances."""
    return refused("advice off")


def leaving(hosting: bool = False, keep: int | None = None, held: bool = False) -> str:
    """You leave the table (q): as its host it closes (and is saved); else your seat is kept for
    ``keep`` seconds, or a computer plays it (``held``); neither once the game is over."""
    return _t(_leave_code("net.leaving", hosting, keep, held), **_span(keep))


def quit_question(hosting: bool, keep: int | None, held: bool) -> str:
    """q at a shared table, while the game is on: what leaving does, and y or n."""
    return _t(_leave_code("net.quit", hosting, keep, held), **_span(keep))


def _leave_code(stem: str, hosting: bool, keep: int | None, held: bool) -> str:
    if hosting:
        return stem + ".host"
    if held:
        return stem + ".held"
    return stem + ".kept" if keep else stem


def _span(keep: int | None) -> dict[str, str]:
    return {"span": _minutes(keep)} if keep else {}


# ----------------------------------------------------------------------------- the clock


def span(seconds: float) -> str:
    """Seconds in words a listener takes in at once: '20 seconds', '1 minute 40 seconds'
    (whole seconds, rounded up: a second still left is never said as none)."""
    whole = max(0, math.ceil(seconds - 1e-9))
    minutes, rest = divmod(whole, 60)
    if minutes and rest:
        return _t(
            "net.span.both", minutes=_plural("net.span.minutes", minutes), seconds=_plural("net.span.seconds", rest)
        )
    if minutes:
        return _plural("net.span.minutes", minutes)
    return _plural("net.span.seconds", rest)


def _to_do(why: str, phase: str) -> str:
    if why == "count":
        return _t("net.todo.count")
    if why == "next deal":
        return _t("net.todo.next_deal")
    return _t("net.todo.discard" if phase == "discard" else "net.todo.play")


def waits(items: Sequence[tuple[str, str, float | None, float | None, str | None]], phase: str) -> str:
    """The answer to t: whom the table waits for and how long they have, in words ('Max has
    20 seconds to play.'), never a count down. ``items``: (name, why, seconds left or None,
    seconds the seat of one away is still kept or None, and why they are away: "left" or
    "dropped"); ``phase``: the game's phase. Those it waits for alike, with no time limit, are
    said in one sentence ('The table waits for Max and you to lay away.')."""
    if phase == "game over":
        return _t("net.waits.over")
    if not items:
        return _t("net.waits.nobody")
    said: list[str] = []
    alike: dict[str, tuple[int, list[str]]] = {}  # (what to do -> its sentence's place, who)
    for name, why, left, dropped, away in items:
        to_do = _to_do(why, phase)
        if left is None and dropped is None:
            at, who = alike.setdefault(to_do, (len(said), []))
            if not who:
                said.append("")  # (its place: said below with everyone it waits for alike)
            who.append(_name(name))
            continue
        if left is None:
            said.append(_t("net.waits.for", name=_name(name), what=to_do))
        elif name == "you":
            said.append(_t("net.waits.has.you", span=span(left), what=to_do))
        else:
            said.append(_t("net.waits.has", name=cap(_name(name)), span=span(left), what=to_do))
        if dropped is not None:
            code = "net.waits.kept.left" if away == "left" else "net.waits.kept.dropped"
            said.append(_t(code, name=cap(_name(name)), span=span(dropped)))
    for to_do, (at, who) in alike.items():
        said[at] = _t("net.waits.for", name=list_words(who), what=to_do)
    return " ".join(said)


def limits(turn: int | None, count: int | None) -> str:
    """The table's time limits, said once when seated (nothing when it has none)."""
    said = []
    if turn:
        said.append(_t("net.limit.turn", span=span(turn)))
    if count:
        said.append(_t("net.limit.count", span=span(count)))
    return " ".join(said)


def turn_played(name: str) -> str:
    """Everyone hears that a person's turn limit ran out and a computer played the turn."""
    if name == "you":
        return _t("net.turn_played.you")
    return _t("net.turn_played", name=_name(name))


def time_warning(seconds: int) -> str:
    """The one warning before a person's own time runs out."""
    return _t("net.time_warning", span=cap(span(seconds)))


def earlier(line: str) -> str:
    """A line of what the player missed while their line was down (already a sentence of
    this module or the announcer's: put in as it is)."""
    return text("net.earlier", CODES["net.earlier"]).format(line=line)


def back(missed: bool) -> str:
    """Said first on a return after a dropped line (``missed``: something happened since)."""
    return _t("net.back.missed" if missed else "net.back")


def prompt_rematch() -> str:
    return _t("net.prompt.rematch")


def asks_rematch(name: str) -> str:
    return _t("net.asks_rematch", name=_name(name))


# ----------------------------------------------------------------------------- a room


def room_open(address: str, port: int, code: str, *, plain: bool = False) -> str:
    """The one line that says how players reach the room (``serve``)."""
    return _t("net.room_open", address=address, port=port, code=code, plain=" --plain" if plain else "")


def room_resumed(names: Sequence[str]) -> str:
    if not names:
        return ""
    return _plural("net.room_resumed", len(names), many=cap(_words(len(names))), which=list_words(list(names)))


def room_closing() -> str:
    return _t("net.room_closing")


def tables_list(tables: Sequence[tuple[str, Sequence[str], int, bool, int, int | None, int | None]]) -> list[str]:
    """The room's open tables, one line each: (name, the people seated, the free seats, a game
    under way, the watchers, the turn limit and the count limit in seconds or None)."""
    if not tables:
        return [_t("net.tables.none")]
    lines = [_plural("net.tables.count", len(tables), many=cap(_words(len(tables))))]
    for name, people, free, started, watchers, turn, count in tables:  # (people: "(away)" after one away)
        said = _t("net.tables.name", name=name)
        said += list_words([_name(p) for p in people]) if people else _t("net.tables.nobody")
        said += _plural("net.tables.free", free, many=_words(free)) if free else _t("net.tables.full")
        if turn:
            said += _t("net.tables.turn_limit", span=span(turn))
        if count:
            said += _t("net.tables.count_limit", span=span(count))
        if started:
            said += _t("net.tables.playing")
        if watchers:
            said += _plural("net.tables.watching", watchers, many=_words(watchers))
        lines.append(_t("net.tables.end", line=said))
    return lines


def away_name(name: str, here: bool) -> str:
    """A seated person in a room's list: their name, '(away)' after it when their line is down."""
    return name if here else _t("net.away_name", name=name)


def table_opened(name: str, join_line: str, public: bool) -> str:
    """A table just opened in a room, and how friends join it."""
    return _t("net.table_opened" if public else "net.table_opened.private", name=name, line=join_line)


def watched_game(target: int, names: Sequence[str]) -> str:
    """A watched table's new game."""
    return _t("net.watched_game", target=target, who=list_words([_name(n) for n in names]))


def table_names(players: int, names: Sequence[str], computers: Collection[int], me: int) -> list[str]:
    """Every seat's name at a shared table as seat ``me`` says it (-1: a watcher): "you", the
    name a person sat down with (``names``, as the server sends them: empty for a seat nobody
    has taken), a computer's name (:func:`computer_names`), or an empty seat.

    >>> table_names(3, ["Lena", "Ann", ""], {2}, me=1)
    ['Lena', 'you', 'Computer']
    """
    machines = computer_names(players, names, computers)
    out = []
    for s in range(players):
        given = names[s] if s < len(names) else ""
        if s == me:
            out.append("you")
        elif s in machines:
            out.append(machines[s])
        else:
            out.append(given or empty_seat(s))
    return out


def computer_names(players: int, names: Sequence[str], computers: Collection[int]) -> dict[int, str]:
    """The computer seats' names, the same on every client and for watchers (they come from
    the table alone, never from the seat that asks), and the same from the table's opening to
    its end, whoever sits down later: 'Computer' when the table has one, else 'Computer 3' by
    its seat. (A default name such as Lena, given before the people had all sat down, changed
    when a Lena sat: the host heard "with Lena", then "Lena sits down", then the computer as
    Oliver.) Only a person who sits down with exactly that name moves it on ('Computer 6').

    >>> computer_names(3, ["Max", "", "Ben"], {1}), computer_names(4, ["Ann", "", "", "Bo"], {1, 2})
    ({1: 'Computer'}, {1: 'Computer 2', 2: 'Computer 3'})
    """
    people = {n.strip().casefold() for s, n in enumerate(names) if n and s not in computers}
    out: dict[int, str] = {}
    for s in sorted(computers):
        if len(computers) == 1 and COMPUTER.casefold() not in people and shown_name(COMPUTER).casefold() not in people:
            out[s] = COMPUTER
            continue
        n = s + 1
        while _t("net.computer", seat=n).casefold() in people:
            n += players
        out[s] = _t("net.computer", seat=n)
    return out


def watching_keys(name: str, names: Sequence[str]) -> str:
    """Said when a watcher starts at the full seat: the table, its seats, and the keys that ask."""
    return _t("net.watching.keys", name=name, who=list_words([_name(n) for n in names]))


def cannot_act() -> str:
    """A watcher's key or command that would act at the table."""
    return _t("net.watcher.cannot_act")


def watching(name: str, names: Sequence[str]) -> str:
    """Said when a watcher starts: the table, its seats, and what a watcher hears."""
    return _t("net.watching", name=name, who=list_words([_name(n) for n in names]))

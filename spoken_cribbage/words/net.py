"""The sentences of network play (issue 26): how friends join, the prompts of a seat at a
shared table, the server's refusals (its reason codes), chat and the connection.

The server sends facts (``net.protocol``: reason codes, events, names); this module is the
only place they become sentences. Names and chat are put in through :func:`fill` (one visible
line, no control character), after the server and the client have cleaned them."""

from __future__ import annotations

import math
from collections.abc import Sequence

from spoken_cribbage.engine.cards import Card
from spoken_cribbage.words.clean import fill
from spoken_cribbage.words.lines import card_list, list_words
from spoken_cribbage.words.numbers import number_words

HELP = {
    "host": "open a table for friends on this machine and sit at it",
    "host:description": "Open a table on this machine, seat yourself, and say how friends join.",
    "host.--port": "the port to listen on (default 5050; 0: any free port)",
    "host.--address": "the address to listen on (default 127.0.0.1, this machine only)",
    "host.--players": "seats at the table, 2 to 6 (default 2)",
    "host.--teams": "teams: usual, none, 2 or 3",
    "host.--target": "the score that wins (default 121)",
    "host.--computers": "seats given to computer players, numbered from 2, e.g. 2,4",
    "host.--code": "the invite code (default: a fresh one)",
    "host.--seed": "the seed of the deal (default: random)",
    "host.--new": "a new table, even when the last one was not finished",
    "host.--keep": "seconds a dropped player's seat is kept for them, 10 to 3600 (default 120)",
    "host.--computer-holds": "a computer plays a dropped player's seat until they are back",
    "host.--counting": "auto: the game counts the hands; manual: each player counts their own",
    "host.--advice": "on: a player may ask for a hint or their chance to win (default); off: nobody may",
    "host.--turn-limit": (
        "seconds each turn has, 10 to 600 (default off); when they run out a computer plays that turn"
    ),
    "host.--count-limit": (
        "seconds to count a hand at manual counting, 10 to 600 (default off); when they run out the count is given up"
    ),
    "--name": "your name at the table",
    "--plain": "no encryption (only on this machine, for tests)",
    "join": "take a seat at a friend's table",
    "join:description": "Take a seat at a table on another machine, with its invite code.",
    "join.address": "the table's address: HOST or HOST:PORT",
    "join.--code": "the invite code the host was given (in a room: the room's code, or a private table's)",
    "join.--table": "in a room: the table to sit at, by its name",
    "join.--list": "in a room: say its open tables and leave",
    "join.--create": "in a room: open a table of that name and sit at it",
    "join.--private": "with --create: a table not listed, joined only with its own code",
    "join.--watch": "in a room: watch a table (what everyone sees, never a hand); q to stop",
    "join.--players": "with --create: seats at the table, 2 to 6 (default 2)",
    "join.--computers": "with --create: seats given to computer players, numbered from 2",
    "join.--advice": "with --create: on, a player may ask for hints and win chances; off, nobody may",
    "serve": "run a room of tables that players list, open, join and watch",
    "serve:description": (
        "Run a room with many tables on this machine: players list its tables, open one "
        "(public, or private by its code), sit at one or watch one. Stop it with Control+C "
        "or q then Enter; its unfinished tables are offered again when it starts again."
    ),
    "serve.--port": "the port to listen on (default 5050; 0: any free port)",
    "serve.--address": "the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0: every network)",
    "serve.--tables": "the most tables the room holds at once (default 5000)",
}

_REFUSED = {
    "malformed": "The table did not understand that message.",
    "unknown message": "The table does not know that kind of message.",
    "oversized": "That message was too long for the table.",
    "too fast": "Too many messages at once: wait a moment.",
    "binary": "The table did not understand that message.",
    "version": "This copy of Spoken Cribbage is not the host's version: update one of them.",
    "not joined": "You have no seat at this table yet.",
    "already joined": "You are already seated.",
    "bad code": "That invite code is not this table's: ask the host for it again.",
    "table full": "Every seat at this table is taken.",
    "not an action": "That is not a move of the game.",
    "not yours": "That move is not yours to make.",
    "not allowed": "A shared table does not allow that.",
    "internal": "The table failed on that message; nothing changed.",
    "server closing": "The table is closing.",
    "advice off": "This table gives no hints or win chances: the host chose so.",
    "no table": "The room has no open table of that name (a private one needs its own code).",
    "name taken": "A table of that name is already open: choose another name.",
    "bad name": "A table needs a name with letters or digits.",
    "room full": "The room holds as many tables as it can: try again later.",
    "bad table": "The game cannot be played with that table: see spoken-cribbage join --help.",
    "not here": "That is for a room of tables, not a host's table (or the reverse).",
    "room closing": (
        "The room is closing. Your table is saved: join it again by its name when the room "
        "is open again, and the game goes on where it stopped."
    ),
    "host left": (
        "The host left the table. It is saved: join again with the same code when "
        "the host opens it again, and the game goes on where it stopped."
    ),
}


def help_text(key: str) -> str:
    return HELP[key]


def bad_port(text: str) -> str:
    return fill("The port is a number from 0 to 65535, not {text}.", {"text": text})


def bad_keep(text: str) -> str:
    return fill("The time a seat is kept is 10 to 3600 seconds, not {text}.", {"text": text})


def bad_tables(text: str) -> str:
    return fill("A room holds 1 to 100000 tables, not {text}.", {"text": text})


def bad_limit(text: str) -> str:
    return fill("A time limit is 10 to 600 seconds, or off, not {text}.", {"text": text})


def bad_computers(text: str, players: int) -> str:
    return fill(
        "Computer seats are numbered 2 to {players} (you sit at 1), not {text}.", {"players": players, "text": text}
    )


def bad_table() -> str:
    return "The game cannot be played with that table: see spoken-cribbage host --help."


def empty_seat(seat: int) -> str:
    """The name of a seat nobody has taken yet."""
    return f"seat {seat + 1}"


def resumed(actions: int) -> str:
    return (
        f"Your last table was not finished: it goes on where it stopped, after "
        f"{number_words(actions)} moves, with the same code (host --new for a new one)."
    )


def save_unreadable() -> str:
    return "Your last table's save could not be read: a new table is set."


def friends_join(address: str, port: int, code: str, *, plain: bool = False) -> str:
    """The one line that says how friends join."""
    return fill(
        "Friends join with: spoken-cribbage join {address}:{port} --code {code}" + (" --plain" if plain else ""),
        {"address": address, "port": port, "code": code},
    )


def plain_only_here() -> str:
    return "--plain is only for a table on this machine (127.0.0.1): leave it out."


def code_without_check() -> str:
    return (
        "That invite code has no part after the dash, which checks the table is the "
        "host's: ask the host for the whole code."
    )


def certificate_mismatch() -> str:
    return (
        "The table at that address is not the one the invite code names: nothing was "
        "sent. Check the address and ask the host for the code again."
    )


def certificate_changed(address: str, path: str) -> str:
    """A pinned table's certificate has changed: refused, and what to do."""
    return fill(
        "The table at {address} shows another certificate than the one it showed when "
        "you first joined it: nothing was sent. Someone may be standing between you "
        "and the table. If the host really made a new one (a new machine or a fresh "
        "install), ask them, then remove the entry for {address} from {path} and join "
        "again.",
        {"address": address, "path": path},
    )


def pins_unreadable(path: str) -> str:
    return fill(
        "The list of tables you joined before, {path}, could not be read, so no table "
        "can be checked against it: nothing was sent. Remove that file to start the "
        "list again.",
        {"path": path},
    )


def certificate_pinned() -> str:
    return (
        "The first time at this table: its certificate is remembered, and a later join "
        "to this address checks it is the same."
    )


def no_certificate(error: str) -> str:
    return fill("Could not make the table's certificate: {error}.", {"error": error})


def refused(reason: str) -> str:
    return _REFUSED.get(reason, "The table refused that.")


def closed(reason: str | None) -> str:
    if reason is None:
        return "The connection to the table closed."
    if reason in ("host left", "room closing"):
        return refused(reason)
    return fill("The table closed the connection: {why}", {"why": refused(reason)})


def cannot_connect(address: str, error: str) -> str:
    return fill("Could not reach the table at {address}: {error}.", {"address": address, "error": error})


def seated(seat: int, others: Sequence[str]) -> str:
    """Where you sit, and who is at the table with you (``others``: their names)."""
    if not others:
        return fill("You sit at seat {seat}; the other seats are still empty.", {"seat": seat + 1})
    return fill("You sit at seat {seat}, with {others}.", {"seat": seat + 1, "others": list_words(list(others))})


def chat(name: str, text: str) -> str:
    if name == "you":  # (your own line, as the table sent it back)
        return fill("You say: {text}", {"text": text})
    return fill("{name} says: {text}", {"name": name, "text": text})


def chat_heard(on: bool) -> str:
    return "Chat on." if on else "Chat silenced: type mute again to hear it."


def joined(name: str) -> str:
    return fill("{name} sits down.", {"name": name})


def _minutes(keep: int) -> str:
    """'2 minutes', '90 seconds': how long a seat is kept, as the host set it."""
    minutes, seconds = divmod(keep, 60)
    if minutes and not seconds:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{keep} second{'s' if keep != 1 else ''}"


def away(name: str, why: str, keep: int | None, held: bool) -> str:
    """The others hear that a person is away from their seat: ``why`` "left" (they left it,
    q) or "dropped" (their connection dropped); ``keep``: the seconds the seat is kept for
    them (None: not kept, the game is over); ``held``: a computer plays it meanwhile.
    'Lena's connection dropped; the seat is kept for 2 minutes.'"""
    gone = "{name} left the table" if why == "left" else "{name}'s connection dropped"
    if held:
        return fill(gone + "; a computer plays the seat until {name} is back.", {"name": name})
    if keep is None:
        return fill(gone + ".", {"name": name})
    return fill(gone + "; the seat is kept for {span}.", {"name": name, "span": _minutes(keep)})


def seat_free(name: str) -> str:
    return fill("{name} did not come back in time: the seat is free for anyone who joins.", {"name": name})


def prompt_discard(count: int, hand: Sequence[Card]) -> str:
    if count == 1:  # (three players and more: one card, so one number or name)
        return f"Lay away one card: type its number or name, for example 1 or 5h. You hold {card_list(hand)}."
    return (
        f"Lay away {number_words(count)} cards: type their numbers "
        f"or names, for example 1 2 or 5h kd. You hold {card_list(hand)}."
    )


def prompt_play(count: int, playable: Sequence[Card]) -> str:
    cards = list_words([c.name for c in playable], "or")
    return f"Your play, the count is {number_words(count)}: type a card or its number, {cards}."


def prompt_count() -> str:
    return "Your count: type the points of the hand shown."


def waiting_for(names: Sequence[str]) -> str:
    return fill("Waiting for {who}.", {"who": list_words(list(names))}) if names else ""


def not_understood() -> str:
    return (
        "Type cards (5h kd) or their numbers, go, a count, Enter for the next deal, "
        "t for whom the table waits for, i for a hint, o for your chance to win, 'text to "
        "talk to the table, mute to silence the talk, or q to leave."
    )


def no_advice() -> str:
    """Said once when seated at a table whose host allows no hints or win chances."""
    return refused("advice off")


def leaving() -> str:
    return "You leave the table."


# ----------------------------------------------------------------------------- the clock


def span(seconds: float) -> str:
    """Seconds in words a listener takes in at once: '20 seconds', '1 minute 40 seconds'
    (whole seconds, rounded up: a second still left is never said as none)."""
    whole = max(0, math.ceil(seconds - 1e-9))
    minutes, rest = divmod(whole, 60)
    parts = []
    if minutes:
        parts.append(f"{minutes} minute{'s' if minutes != 1 else ''}")
    if rest or not minutes:
        parts.append(f"{rest} second{'s' if rest != 1 else ''}")
    return " ".join(parts)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _to_do(why: str, phase: str) -> str:
    if why == "count":
        return "count"
    if why == "next deal":
        return "ask for the next deal"
    return "lay away" if phase == "discard" else "play"


def waits(items: Sequence[tuple[str, str, float | None, float | None, str | None]], phase: str) -> str:
    """The answer to t: whom the table waits for and how long they have, in words ('Max has
    20 seconds to play.'), never a count down. ``items``: (name, why, seconds left or None,
    seconds the seat of one away is still kept or None, and why they are away: "left" or
    "dropped"); ``phase``: the game's phase."""
    if phase == "game over":
        return "The game is over."
    if not items:
        return "The table waits for nobody now: the computers are playing."
    said = []
    for name, why, left, dropped, away in items:
        to_do = _to_do(why, phase)
        if left is None:
            said.append(fill("The table waits for {name} to {what}.", {"name": name, "what": to_do}))
        else:
            has = "have" if name == "you" else "has"
            said.append(
                fill(
                    "{name} {has} {span} to {what}.",
                    {"name": _capital(name), "has": has, "span": span(left), "what": to_do},
                )
            )
        if dropped is not None:
            gone = "{name} left" if away == "left" else "{name}'s line dropped"
            said.append(fill(gone + ": the seat is kept {span} more.", {"name": _capital(name), "span": span(dropped)}))
    return " ".join(said)


def limits(turn: int | None, count: int | None) -> str:
    """The table's time limits, said once when seated (nothing when it has none)."""
    said = []
    if turn:
        said.append(fill("Each turn has {span}; when it runs out a computer plays that turn.", {"span": span(turn)}))
    if count:
        said.append(fill("Each count has {span}; when it runs out the count is given up.", {"span": span(count)}))
    return " ".join(said)


def turn_played(name: str) -> str:
    """Everyone hears that a person's turn limit ran out and a computer played the turn."""
    if name == "you":
        return "Your time ran out: a computer plays this turn for you."
    return fill("{name}'s time ran out: a computer plays this turn for {name}.", {"name": name})


def time_warning(seconds: int) -> str:
    """The one warning before a person's own time runs out."""
    return fill("{span} left for your turn.", {"span": _capital(span(seconds))})


def earlier(line: str) -> str:
    """A line of what the player missed while their line was down."""
    return f"Earlier: {line}"


def back(missed: bool) -> str:
    """Said first on a return after a dropped line (``missed``: something happened since)."""
    if not missed:
        return "You are back at the table; nothing happened while you were away."
    return "You are back at the table. What you missed, then where the game stands:"


def prompt_rematch() -> str:
    return "The game is over: press Enter for a rematch with the same seats, or type q to leave."


def asks_rematch(name: str) -> str:
    return fill("{name} asks for a rematch: press Enter to play again.", {"name": name})


# ----------------------------------------------------------------------------- a room


def room_open(address: str, port: int, code: str, *, plain: bool = False) -> str:
    """The one line that says how players reach the room (``serve``)."""
    extra = " --plain" if plain else ""
    return fill(
        "The room is open. Players list its tables with: spoken-cribbage join {address}:{port} "
        "--code {code}{extra} --list; then --table NAME to sit, --create NAME to open one, "
        "--watch NAME to watch.",
        {"address": address, "port": port, "code": code, "extra": extra},
    )


def room_resumed(names: Sequence[str]) -> str:
    if not names:
        return ""
    many = len(names) != 1
    return fill(
        "{count} unfinished table{s} {are} open again, {which}: their players sit back down by name.",
        {
            "count": _capital(number_words(len(names))),
            "s": "s" if many else "",
            "are": "are" if many else "is",
            "which": list_words(list(names)),
        },
    )


def room_closing() -> str:
    return "The room closes; its unfinished tables are saved and offered again when it starts."


def tables_list(tables: Sequence[tuple[str, Sequence[str], int, bool, int]]) -> list[str]:
    """The room's open tables, one line each: (name, the people seated, the free seats, a game
    under way, the watchers)."""
    if not tables:
        return ["The room has no open table: open one with --create NAME."]
    lines = [fill("{count} open:", {"count": _capital(_tables(len(tables)))})]
    for name, people, free, started, watchers in tables:  # (people: their names, "(away)" after one away)
        said = fill("{name}: ", {"name": name})
        said += fill("{who}", {"who": list_words(list(people))}) if people else "nobody yet"
        said += f"; {number_words(free)} free seat{'s' if free != 1 else ''}" if free else "; full"
        if started:
            said += "; playing"
        if watchers:
            said += f"; {number_words(watchers)} watching"
        lines.append(said + ".")
    return lines


def away_name(name: str, here: bool) -> str:
    """A seated person in a room's list: their name, '(away)' after it when their line is down."""
    return name if here else f"{name} (away)"


def _tables(n: int) -> str:
    return f"{number_words(n)} table{'s' if n != 1 else ''}"


def table_opened(name: str, join_line: str, public: bool) -> str:
    """A table just opened in a room, and how friends join it."""
    if public:
        return fill("You opened the table {name}. Friends join with: {line}", {"name": name, "line": join_line})
    return fill(
        "You opened the private table {name}; it is not listed. Friends join with: {line}",
        {"name": name, "line": join_line},
    )


def watched_game(target: int, names: Sequence[str]) -> str:
    """A watched table's new game."""
    return fill("New game to {target} points: {who}.", {"target": target, "who": list_words(list(names))})


def computer_name(seat: int, computers: int) -> str:
    """A computer seat's name for a watcher: 'Computer', or 'Computer 3' when there are several."""
    return "Computer" if computers == 1 else f"Computer {seat + 1}"


def watching(name: str, names: Sequence[str]) -> str:
    """Said when a watcher starts: the table, its seats, and what a watcher hears."""
    return fill(
        "You watch {name}: {who}. You hear what everyone hears, never a hand. Type q to stop watching.",
        {"name": name, "who": list_words(list(names))},
    )

"""``spoken-cribbage join`` and ``spoken-cribbage serve`` (issue 26): a seat at a friend's table
or at a room's, and a room of many tables in one process (``net/room.py``).

``join HOST --code CODE`` sits at a host's table. At a room (``serve``) the same command lists
its tables (``--list``), opens one and sits at it (``--create NAME``, ``--private`` for one
joined only with its own code), sits at one by its name (``--table NAME``) or watches one
(``--watch NAME``: what everyone hears, never a hand). The seat is the line seat
(``app/line_seat.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import queue
import signal
import sys
import threading
from collections.abc import Callable

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.line_seat import (
    CONNECTION_ERRORS,
    DEFAULT_PORT,
    LOOPBACK,
    PINS_FILE,
    chat_words,
    computer_seats,
    failure,
    limit,
    parse_port,
    read_lines,
    shown_address,
    uri_host,
    writer,
)
from spoken_cribbage.app.net_seat import _isatty, chat_text, sit  # (the full seat on a terminal, else lines)
from spoken_cribbage.app.seat_options import SeatSettings, add_seat_options, player_settings
from spoken_cribbage.app.watch_seat import watch_keys
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.client import Closed, room_ask
from spoken_cribbage.net.room import Room
from spoken_cribbage.net.sockets import ServerThread, quiet_gc
from spoken_cribbage.net.tls import Pins, host_certificate, invite_code, server_context, split_code
from spoken_cribbage.net.watcher import Watcher
from spoken_cribbage.storage.paths import data_dir
from spoken_cribbage.storage.table import teams_number, teams_value
from spoken_cribbage.words import net as words
from spoken_cribbage.words.announcer import Announcer
from spoken_cribbage.words.lines import LineKind
from spoken_cribbage.words.names import Names

#: The secret part of a room's own code (its tag checks the room's certificate; a public
#: table needs no secret, a private one has its own).
ROOM_SECRET = "ROOM"


def add_join_parser(sub) -> argparse.ArgumentParser:  # type: ignore[no-untyped-def]
    h = words.help_text
    parser = sub.add_parser("join", help=h("join"), description=h("join:description"))
    parser.add_argument("address", help=h("join.address"))
    parser.add_argument("--code", required=True, help=h("join.--code"))
    parser.add_argument("--name", default="", help=h("--name"))
    parser.add_argument("--plain", action="store_true", help=h("--plain"))
    room = parser.add_mutually_exclusive_group()
    room.add_argument("--table", default="", metavar="NAME", help=h("join.--table"))
    room.add_argument("--list", action="store_true", help=h("join.--list"))
    room.add_argument("--create", default="", metavar="NAME", help=h("join.--create"))
    room.add_argument("--watch", default="", metavar="NAME", help=h("join.--watch"))
    parser.add_argument("--private", action="store_true", help=h("join.--private"))
    parser.add_argument("--players", type=int, choices=range(2, 7), default=2, help=h("join.--players"))
    parser.add_argument("--teams", default="usual", help=h("host.--teams"))
    parser.add_argument("--target", type=int, choices=(61, 121), default=121, help=h("host.--target"))
    parser.add_argument("--computers", default="", help=h("join.--computers"))
    parser.add_argument("--advice", choices=("on", "off"), default="on", help=h("join.--advice"))
    # (a table's clocks, with --create: as host's, the server's rules)
    parser.add_argument("--counting", choices=("auto", "manual"), default="auto", help=h("host.--counting"))
    parser.add_argument("--turn-limit", type=limit, default=None, metavar="SECONDS", help=h("host.--turn-limit"))
    parser.add_argument("--count-limit", type=limit, default=None, metavar="SECONDS", help=h("host.--count-limit"))
    add_seat_options(parser)  # the player's own speech, cues, verbosity and voice, as in play
    return parser


def add_serve_parser(sub) -> argparse.ArgumentParser:  # type: ignore[no-untyped-def]
    h = words.help_text
    parser = sub.add_parser("serve", help=h("serve"), description=h("serve:description"))
    parser.add_argument("--port", type=parse_port, default=DEFAULT_PORT, help=h("serve.--port"))
    parser.add_argument("--address", default="127.0.0.1", help=h("serve.--address"))
    parser.add_argument("--plain", action="store_true", help=h("--plain"))
    parser.add_argument("--keep", type=_keep, default=120, help=h("host.--keep"))
    parser.add_argument("--computer-holds", action="store_true", help=h("host.--computer-holds"))
    parser.add_argument("--tables", type=_tables, default=5000, help=h("serve.--tables"))
    return parser


def _keep(text: str) -> int:
    if not text.isdecimal() or not 10 <= int(text) <= 3600:
        raise argparse.ArgumentTypeError(words.bad_keep(text).rstrip("."))
    return int(text)


def _tables(text: str) -> int:
    if not text.isdecimal() or not 1 <= int(text) <= 100_000:
        raise argparse.ArgumentTypeError(words.bad_tables(text).rstrip("."))
    return int(text)


# ----------------------------------------------------------------------------- join


def run_join(args: argparse.Namespace) -> int:
    out = writer()
    seat = player_settings(args)
    if seat is None:
        return 2
    host, port_text = args.address, str(DEFAULT_PORT)
    if args.address.count(":") == 1:  # (an IPv6 address alone has several)
        host, _, port_text = args.address.partition(":")
    try:
        port = parse_port(port_text)
    except argparse.ArgumentTypeError as e:
        out(str(e))
        return 2
    tag = split_code(args.code)[1]
    if args.plain and host not in LOOPBACK:
        out(words.plain_only_here())
        return 2
    if tag is None and not args.plain:
        out(words.code_without_check())
        return 2
    scheme = "ws" if args.plain else "wss"
    pins = None if args.plain else Pins(data_dir() / PINS_FILE)
    uri = f"{scheme}://{uri_host(host)}:{port}"
    if args.list:
        return _list(uri, args.code, pins, out)
    if args.create:
        return _create(args, uri, pins, out, f"{host}:{port}", tag, seat)
    if args.watch:
        return _watch(uri, args.code, args.watch, pins, out, seat, args.name)
    return sit(uri, args.code, args.name, out, pins, table=args.table, seat=seat)


def _list(uri: str, code: str, pins: Pins | None, out: Callable[[str], None]) -> int:
    try:
        answer = room_ask(uri, code, p.ListTables(), pins=pins)
    except CONNECTION_ERRORS as e:
        out(failure(e, uri))
        return 1
    assert isinstance(answer, p.Tables)
    shown = []
    for t in answer.tables:
        people = [
            words.away_name(p.clean_text(n, p.NAME_LENGTH), s < len(t.connected) and t.connected[s])
            for s, n in enumerate(t.names)
            if n and s not in t.computers
        ]
        free = sum(1 for s, n in enumerate(t.names) if not n and s not in t.computers)
        shown.append(
            (
                p.clean_text(t.name, p.TABLE_NAME_LENGTH),
                people,
                free,
                t.started,
                t.watchers,
                t.turn_limit,
                t.count_limit,
            )
        )
    for line in words.tables_list(shown):
        out(line)
    return 0


def _create(
    args: argparse.Namespace,
    uri: str,
    pins: Pins | None,
    out: Callable[[str], None],
    address: str,
    tag: str | None,
    seat: SeatSettings | None = None,
) -> int:
    try:
        computers = computer_seats(args.computers, args.players)
        teams = teams_number(teams_value(args.teams))
    except (argparse.ArgumentTypeError, ValueError) as e:
        out(str(e) if isinstance(e, argparse.ArgumentTypeError) else words.refused("bad table"))
        return 2
    message = p.Create(
        args.create,
        args.players,
        args.target,
        teams,
        computers,
        not args.private,
        args.advice == "on",
        args.counting,
        args.turn_limit,
        args.count_limit,
    )
    try:
        answer = room_ask(uri, args.code, message, pins=pins)
    except CONNECTION_ERRORS as e:
        out(failure(e, uri))
        return 1
    assert isinstance(answer, p.Created)
    name = p.clean_text(answer.name, p.TABLE_NAME_LENGTH)
    code = f"{p.clean_text(answer.code, 32)}-{tag}" if tag else p.clean_text(answer.code, 32)
    shown_code = code if args.private else args.code
    line = f"spoken-cribbage join {address} --code {shown_code} --table {_quoted(name)}"
    out(words.table_opened(name, line + (" --plain" if args.plain else ""), not args.private))
    return sit(uri, code, args.name, out, pins, table=name, seat=seat)


def _quoted(name: str) -> str:
    return f'"{name}"' if " " in name else name


def _watch(
    uri: str,
    code: str,
    table: str,
    pins: Pins | None,
    out: Callable[[str], None],
    seat: SeatSettings | None = None,
    watcher_name: str = "",
) -> int:
    """Watch ``table`` (``watcher_name``: the watcher's, said with their chat lines)."""
    try:
        watcher = Watcher(uri, code, table, pins=pins, name=watcher_name)
    except CONNECTION_ERRORS as e:
        out(failure(e, uri))
        return 1
    name = p.clean_text(table, p.TABLE_NAME_LENGTH)
    if _isatty(sys.stdin):  # (a terminal: the full seat, the same narration and keys as a player's)
        try:
            return watch_keys(watcher, name, seat)
        finally:
            watcher.close()
    lines: queue.Queue[str | None] = queue.Queue()
    threading.Thread(target=read_lines, args=(lines,), daemon=True).start()
    try:
        return watch_lines(watcher, name, lines, out)
    finally:
        watcher.close()


def watch_lines(
    watcher: Watcher, table: str, lines: queue.Queue[str | None], out: Callable[[str], None], wait: float = 0.1
) -> int:
    """Say a watched table's public events as they come, until q (or the end of input) or the
    table closes."""
    out(words.watching(table, _watched_names(watcher).names))
    if watcher.waiting:  # (the game starts, and is heard, when every person's seat is taken)
        out(words.starts_when_full())
    announcer = Announcer(_watched_names(watcher))
    announcer.rules = watcher.rules
    chat_said = 0
    while True:
        try:
            events = watcher.news(wait)
        except Closed as e:
            out(words.closed(e.reason.value if e.reason else None))
            return 0
        announcer.names = _watched_names(watcher)
        for said in watcher.chat[chat_said:]:
            out(chat_words(said, _watched_names(watcher).subject))
        chat_said = len(watcher.chat)
        for _, note in watcher.notes:  # (a turn played for someone: before its events)
            if note.code == p.NoteCode.TURN_PLAYED:
                out(words.turn_played(announcer.names.subject(note.seat)))
        watcher.notes.clear()
        for event in events:
            if isinstance(event, g.GameStarted):  # (not "against you": a watcher plays nobody)
                out(words.watched_game(event.target, announcer.names.names))
                continue
            for line in announcer.announce([event]):
                if line.kind is not LineKind.HAND:  # ("Your hand.": a watcher holds none)
                    out(line.text)
        try:
            line_typed = lines.get_nowait()
        except queue.Empty:
            continue
        if line_typed is None or line_typed.strip().lower() in ("q", "quit"):
            out(words.leaving())
            return 0
        typed = chat_text(line_typed)  # ('text or say text: a watcher talks to the table)
        if typed:
            try:
                watcher.say(typed)
            except Closed as e:
                out(words.closed(e.reason.value if e.reason else None))
                return 0


def _watched_names(watcher: Watcher) -> Names:
    """The seats' names for a watcher: nobody is 'you' (seat -1 is no seat); a computer is
    named as every seated player names it."""
    return Names(words.table_names(len(watcher.names), watcher.names, watcher.computers, -1), me=-1)


# ----------------------------------------------------------------------------- serve


def run_serve(args: argparse.Namespace) -> int:
    out = writer()
    if args.plain and args.address not in LOOPBACK:
        out(words.plain_only_here())
        return 2
    folder = data_dir() / "room"
    try:
        (folder / "tables").mkdir(parents=True, exist_ok=True)
    except OSError as e:
        out(words.cannot_connect(str(folder), str(e)))
        return 1
    quiet_gc()  # (a room's heap is large and long-lived: net/sockets.py)
    room = Room(
        folder / "tables", make_player, keep=args.keep, computer_holds=args.computer_holds, most_tables=args.tables
    )
    context, code = None, ROOM_SECRET
    if not args.plain:
        try:
            cert, key = host_certificate(folder)
            context, code = server_context(cert, key), invite_code(ROOM_SECRET, cert)
        except (OSError, ValueError) as e:
            out(words.no_certificate(str(e)))
            return 1
    server = ServerThread(room, args.address, args.port, context)
    try:
        port = server.start()
    except OSError as e:
        out(words.cannot_connect(f"{args.address}:{args.port}", str(e)))
        return 1
    stop = threading.Event()
    with _stopped_by_signals(stop):
        out(words.room_open(shown_address(args.address), port, code, plain=args.plain))
        out(words.room_resumed(room.resumed))
        threading.Thread(target=_q_stops, args=(stop,), daemon=True).start()
        with contextlib.suppress(KeyboardInterrupt):
            stop.wait()
    server.stop(reason=p.Reason.ROOM_CLOSING)
    room.close()
    out(words.room_closing())
    return 0


def _q_stops(stop: threading.Event) -> None:
    """q then Enter on the room's terminal stops it (the end of input does not: a room may run
    with no terminal)."""
    for line in sys.stdin:
        if line.strip().lower() in ("q", "quit"):
            stop.set()
            return


class _stopped_by_signals:
    """SIGTERM (and SIGINT) stop the room cleanly while it runs."""

    def __init__(self, stop: threading.Event) -> None:
        self.stop = stop
        self.old: list[tuple[int, object]] = []

    def __enter__(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT):
            self.old.append((sig, signal.signal(sig, lambda *_: self.stop.set())))

    def __exit__(self, *_: object) -> None:
        for sig, old in self.old:
            signal.signal(sig, old)  # type: ignore[arg-type]

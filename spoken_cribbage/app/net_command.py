"""``spoken-cribbage host`` (issue 26): a table on this machine served to friends, the host
seated at it in lines (``app/line_seat.py``). ``join`` and a room (``serve``) are in
``app/room_command.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time

from spoken_cribbage.ai.players import make_player
from spoken_cribbage.app.line_seat import (
    DEFAULT_PORT,
    LOOPBACK,
    computer_seats,
    parse_port,
    shown_address,
    uri_host,
    writer,
)
from spoken_cribbage.app.line_seat import limit as _limit  # (join --create takes the same)
from spoken_cribbage.app.net_seat import sit  # (the full seat on a terminal, else the line seat)
from spoken_cribbage.app.seat_options import add_seat_options, player_settings
from spoken_cribbage.engine import game as g
from spoken_cribbage.net import protocol as p
from spoken_cribbage.net.server import Player, Referee, new_code
from spoken_cribbage.net.sockets import ServerThread
from spoken_cribbage.net.tables import TableSaveError, read_save, resume, save_of, write_save
from spoken_cribbage.net.tls import (
    host_certificate,
    invite_code,
    server_context,
    split_code,
)
from spoken_cribbage.notice import Problem
from spoken_cribbage.storage.paths import data_dir
from spoken_cribbage.storage.table import teams_number, teams_value
from spoken_cribbage.words import net as words
from spoken_cribbage.words.notices import phrase

# ----------------------------------------------------------------------------- parsers


def add_host_parser(sub) -> argparse.ArgumentParser:  # type: ignore[no-untyped-def]
    h = words.help_text
    parser = sub.add_parser("host", help=h("host"), description=h("host:description"))
    parser.add_argument("--port", type=parse_port, default=DEFAULT_PORT, help=h("host.--port"))
    parser.add_argument("--address", default="127.0.0.1", help=h("host.--address"))
    parser.add_argument("--players", type=int, choices=range(2, 7), default=2, help=h("host.--players"))
    parser.add_argument("--teams", default="usual", help=h("host.--teams"))
    parser.add_argument("--target", type=int, choices=(61, 121), default=121, help=h("host.--target"))
    parser.add_argument("--computers", default="", help=h("host.--computers"))
    parser.add_argument("--code", default="", help=h("host.--code"))
    parser.add_argument("--name", default="", help=h("--name"))
    parser.add_argument("--seed", type=int, default=None, help=h("host.--seed"))
    parser.add_argument("--plain", action="store_true", help=h("--plain"))
    parser.add_argument("--new", action="store_true", help=h("host.--new"))
    parser.add_argument("--keep", type=_seconds, default=120, help=h("host.--keep"))
    parser.add_argument("--computer-holds", action="store_true", help=h("host.--computer-holds"))
    parser.add_argument("--counting", choices=("auto", "manual"), default="auto", help=h("host.--counting"))
    parser.add_argument("--advice", choices=("on", "off"), default="on", help=h("host.--advice"))
    parser.add_argument("--turn-limit", type=_limit, default=None, metavar="SECONDS", help=h("host.--turn-limit"))
    parser.add_argument("--count-limit", type=_limit, default=None, metavar="SECONDS", help=h("host.--count-limit"))
    add_seat_options(parser)  # the host's own speech, cues, verbosity and voice, as in play
    return parser


def _seconds(text: str) -> int:
    if not text.isdecimal() or not 10 <= int(text) <= 3600:
        raise argparse.ArgumentTypeError(words.bad_keep(text).rstrip("."))  # (argparse adds one)
    return int(text)


# ----------------------------------------------------------------------------- commands


def run_host(args: argparse.Namespace) -> int:
    out = writer()
    seat = player_settings(args)
    if seat is None:
        return 2
    try:
        computers = computer_seats(args.computers, args.players)
        teams = teams_number(teams_value(args.teams))
        rules = g.Rules(players=args.players, target=args.target, teams=teams, counting=args.counting)
    except argparse.ArgumentTypeError as e:
        out(str(e))
        return 2
    except ValueError as e:  # the engine's or the settings' refusal of the table
        out(phrase(e) if isinstance(e, Problem) else words.bad_table())
        return 2
    if args.plain and args.address not in LOOPBACK:
        out(words.plain_only_here())
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    folder = data_dir() / "table"
    save_path = folder / "table.json"
    levels = {s: "expert" for s in computers}
    referee, news = None, ""
    if not args.new:
        try:
            save = read_save(save_path)
            if not save.over:
                referee = resume(save, make_player)
                levels = dict(save.computers)
                news = words.resumed(len(save.actions))
        except FileNotFoundError:
            pass
        except (OSError, TableSaveError):
            news = words.save_unreadable()
    if referee is None:
        game = g.Game(rules=rules, seed=seed)
        players: dict[int, Player] = {s: make_player("expert", random.Random(seed * 7 + s)) for s in computers}
        referee = Referee(
            game,
            players,
            code=(split_code(args.code)[0] or new_code())[:32],
            now=time.monotonic,
            advice=args.advice == "on",
        )
    referee.keep = args.keep
    referee.turn_limit, referee.count_limit = args.turn_limit, args.count_limit
    referee.fill_in = lambda seat: make_player("expert", random.Random(seed * 7 + seat))
    if args.computer_holds:
        referee.stand_in = lambda seat: make_player("expert", random.Random(seed * 7 + seat))
    secret = referee.code
    table_referee = referee

    def save_table(*_: object) -> None:
        with contextlib.suppress(OSError, TableSaveError):
            write_save(save_path, save_of(table_referee, levels))

    referee.on_action = save_table
    referee.on_new_game = save_table  # (a rematch)
    save_table()
    context, code = None, secret
    if not args.plain:
        try:
            cert, key = host_certificate(folder)
            context, code = server_context(cert, key), invite_code(secret, cert)
        except (OSError, ValueError) as e:
            out(words.no_certificate(str(e)))
            return 1
    server = ServerThread(referee, args.address, args.port, context)
    try:
        port = server.start()
    except OSError as e:
        out(words.cannot_connect(f"{args.address}:{args.port}", str(e)))
        return 1
    try:
        out(words.friends_join(shown_address(args.address), port, code, plain=args.plain))
        out(news)
        here = "127.0.0.1" if args.address in ("0.0.0.0", "", "::") else uri_host(args.address)
        scheme = "ws" if args.plain else "wss"
        name = args.name or referee.names[0]  # (a table resumed: the host's seat by its name)
        return sit(f"{scheme}://{here}:{port}", code, name, out, seat=seat, hosting=True)
    finally:
        unfinished = referee.game.phase != g.GAME_OVER  # (saved: offered again)
        server.stop(reason=p.Reason.HOST_LEFT if unfinished else p.Reason.SERVER_CLOSING)

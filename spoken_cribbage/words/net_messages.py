"""The sentences of network play (issue 26) on the catalogue (words.catalogue): code ->
:class:`~spoken_cribbage.words.catalogue.Message`, each with where it is heard (the
translator's comment). ``words.net`` says them; the server only sends the facts (issue 27
item 6: each client words them in its own language)."""

from __future__ import annotations

from spoken_cribbage.words.catalogue import Message

#: The --help texts of host, join and serve (English), by key: 'host.--port' is --port of host.
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


def _heard(key: str) -> str:
    """Where a --help text of :data:`HELP` is read, for the translator."""
    command, _, rest = key.partition(".")
    if key.endswith(":description"):
        return f"spoken-cribbage {key.split(':')[0]} --help: what the command does, at the top"
    if not rest and not command.startswith("--"):
        return f"spoken-cribbage --help: the command {command} in the list of commands"
    if command.startswith("--"):
        return f"spoken-cribbage host --help and join --help: what {command} does (option names stay as typed)"
    return f"spoken-cribbage {command} --help: what {rest} does (option names and values stay as typed)"


def _m(english: str, heard: str, plural: str | None = None) -> Message:
    return Message(english, heard, plural=plural)


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
    "not started": "The game has not started: the table waits for its players.",
    "no table": "The room has no open table of that name (a private one needs its own code).",
    "name taken": "A table of that name is already open: choose another name.",
    "bad name": "A table needs a name with letters or digits.",
    "room full": "The room holds as many tables as it can: try again later.",
    "bad table": "The game cannot be played with that table: see spoken-cribbage join --help.",
    "bad limit": "A time limit is 10 to 600 seconds, or off.",
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

#: The sentences of network play on the catalogue (words.catalogue): code -> Message. The
#: server's reason codes are ``net.refused.<reason>`` (spaces as underscores).
CODES: dict[str, Message] = {
    **{f"net.help.{key}": Message(english, _heard(key)) for key, english in HELP.items()},
    **{
        f"net.refused.{reason.replace(' ', '_')}": _m(
            english, f"network play: the table (the host or the room) refused a message, reason '{reason}'"
        )
        for reason, english in _REFUSED.items()
    },
    "net.refused.other": _m(
        "The table refused that.", "network play: the table refused a message for a reason unknown here"
    ),
    "net.closed": _m("The connection to the table closed.", "network play: the connection to the table ended"),
    "net.closed.why": _m(
        "The table closed the connection: {why}",
        "network play: the table ended the connection; {why} is one of the table's refusals (a sentence)",
    ),
    "net.cannot_connect": _m(
        "Could not reach the table at {address}: {error}.",
        "join: no connection to the table's address; {error} is the system's own words",
    ),
    "net.bad_port": _m("The port is a number from 0 to 65535, not {text}.", "host, join, serve: a wrong --port"),
    "net.bad_keep": _m(
        "The time a seat is kept is 10 to 3600 seconds, not {text}.", "host: a wrong --keep (seconds a seat is kept)"
    ),
    "net.bad_tables": _m("A room holds 1 to 100000 tables, not {text}.", "serve: a wrong --tables"),
    "net.bad_limit": _m(
        "A time limit is 10 to 600 seconds, or off, not {text}.", "host: a wrong --turn-limit or --count-limit"
    ),
    "net.bad_computers": _m(
        "Computer seats are numbered 2 to {players} (you sit at 1), not {text}.", "host: a wrong --computers"
    ),
    "net.bad_table": _m(
        "The game cannot be played with that table: see spoken-cribbage host --help.",
        "host: options that make no game (seats, teams and computers that do not fit)",
    ),
    "net.seat_empty": _m(
        "seat {seat}",
        "the name of a seat nobody has taken yet, said where a player's name is, as in 'New game to 121 points "
        "against seat 2.' or 'seat 2 cuts the six of spades'",
    ),
    "net.resumed": _m(
        "Your last table was not finished: it goes on where it stopped, after one move, with the same "
        "code (host --new for a new one).",
        "host: the host's last table goes on; {moves} is how many moves were made, in words",
        plural="Your last table was not finished: it goes on where it stopped, after {moves} moves, with the "
        "same code (host --new for a new one).",
    ),
    "net.save_unreadable": _m(
        "Your last table's save could not be read: a new table is set.", "host: the saved table is damaged"
    ),
    "net.friends_join": _m(
        "Friends join with: spoken-cribbage join {address}:{port} --code {code}{plain}",
        "host: the one line that says how friends join (a command to type as it is; {plain} is ' --plain' or nothing)",
    ),
    "net.plain_only_here": _m(
        "--plain is only for a table on this machine (127.0.0.1): leave it out.", "host: --plain with another address"
    ),
    "net.code_without_check": _m(
        "That invite code has no part after the dash, which checks the table is the host's: ask the host for "
        "the whole code.",
        "join: an invite code cut short",
    ),
    "net.certificate_mismatch": _m(
        "The table at that address is not the one the invite code names: nothing was sent. Check the address "
        "and ask the host for the code again.",
        "join: the table's certificate is not the one the invite code names",
    ),
    "net.certificate_changed": _m(
        "The table at {address} shows another certificate than the one it showed when you first joined it: "
        "nothing was sent. Someone may be standing between you and the table. If the host really made a new "
        "one (a new machine or a fresh install), ask them, then remove the entry for {address} from {path} "
        "and join again.",
        "join: a table joined before shows another certificate ({path}: the file of tables joined before)",
    ),
    "net.pins_unreadable": _m(
        "The list of tables you joined before, {path}, could not be read, so no table can be checked against "
        "it: nothing was sent. Remove that file to start the list again.",
        "join: the file of tables joined before is damaged",
    ),
    "net.certificate_pinned": _m(
        "The first time at this table: its certificate is remembered, and a later join to this address checks "
        "it is the same.",
        "join: the first join to a table",
    ),
    "net.no_certificate": _m(
        "Could not make the table's certificate: {error}.", "host: the table's certificate could not be made"
    ),
    "net.seated.alone": _m(
        "You sit at seat {seat}; the other seats are still empty.", "a shared table: you took a seat, the first"
    ),
    "net.seated": _m(
        "You sit at seat {seat}, with {others}.",
        "a shared table: you took a seat; {others} are the names of the players there (a list)",
    ),
    "net.starts_when_full": _m(
        "The game starts when every seat is taken.",
        "a shared table: said when you sit while people's seats are still empty (nothing of the game is said "
        "before they are taken)",
    ),
    "net.table_waits": _m(
        "The table waits for one more player.",
        "a shared table before its game starts: the answer to a key or command that would act, or to t; "
        "{players} the people's seats still empty, in words",
        plural="The table waits for {players} more players.",
    ),
    "net.chat.watcher": _m(
        "{name}, watching, says: {text}", "a shared table: the chat line of someone watching it, by their name"
    ),
    "net.chat.watcher_unnamed": _m(
        "Someone watching says: {text}", "a shared table: the chat line of someone watching it who gave no name"
    ),
    "net.chat.you": _m("You say: {text}", "a shared table: your own chat line, as the table sent it back"),
    "net.chat": _m("{name} says: {text}", "a shared table: another player's chat line"),
    "net.chat.on": _m("Chat on.", "a shared table: the chat heard again (mute typed again)"),
    "net.chat.off": _m("Chat silenced: type mute again to hear it.", "a shared table: the chat silenced (mute)"),
    "net.joined": _m("{name} sits down.", "a shared table: a player took a seat, or came back to theirs"),
    "net.span.minutes": _m(
        "{count} minute",
        "a time in whole minutes, as in 'the seat is kept for 2 minutes' or '1 minute 40 seconds'",
        plural="{count} minutes",
    ),
    "net.span.seconds": _m(
        "{count} second",
        "a time in seconds, as in 'Max has 20 seconds to play' or '1 minute 40 seconds'",
        plural="{count} seconds",
    ),
    "net.span.both": _m("{minutes} {seconds}", "minutes and seconds together, as in '1 minute 40 seconds'"),
    "net.away.left.held": _m(
        "{name} left the table; a computer plays the seat until {name} is back.",
        "a shared table: a player left their seat (q) and a computer plays it meanwhile",
    ),
    "net.away.left": _m("{name} left the table.", "a shared table: a player left their seat after the game"),
    "net.away.left.kept": _m(
        "{name} left the table; the seat is kept for {span}.",
        "a shared table: a player left their seat (q); {span} is a time, as in '2 minutes'",
    ),
    "net.away.dropped.held": _m(
        "{name}'s connection dropped; a computer plays the seat until {name} is back.",
        "a shared table: a player's connection dropped and a computer plays the seat meanwhile",
    ),
    "net.away.dropped": _m(
        "{name}'s connection dropped.", "a shared table: a player's connection dropped after the game"
    ),
    "net.away.dropped.kept": _m(
        "{name}'s connection dropped; the seat is kept for {span}.",
        "a shared table: a player's connection dropped; {span} is a time, as in '2 minutes'",
    ),
    "net.seat_free": _m(
        "{name} did not come back in time: the seat is free for anyone who joins.",
        "a shared table: the time a seat was kept ran out",
    ),
    "net.prompt.discard.one": _m(
        "Lay away one card: type its number or name, for example 1 or 5h. You hold {hand}.",
        "a shared table (typed lines): the prompt to lay away one card (three players or more); {hand} the cards",
    ),
    "net.prompt.discard": _m(
        "Lay away {many} cards: type their numbers or names, for example 1 2 or 5h kd. You hold {hand}.",
        "a shared table (typed lines): the prompt to lay away cards; {many} in words; {hand} the cards",
    ),
    "net.prompt.play": _m(
        "Your play, the count is {count}: type a card or its number, {cards}.",
        "a shared table (typed lines): the prompt to play; {count} the count in words, {cards} the cards that "
        "can be played, joined by 'or'",
    ),
    "net.prompt.count": _m(
        "Your count: type the points of the hand shown.", "a shared table (typed lines): the prompt to count a hand"
    ),
    "net.waiting_for": _m("Waiting for {who}.", "a shared table: whom the table waits for; {who} a list of names"),
    "net.not_understood": _m(
        "Type cards (5h kd) or their numbers, go, a count, Enter for the next deal, t for whom the table waits "
        "for, i for a hint, o for your chance to win, 'text to talk to the table, mute to silence the talk, or "
        "q to leave.",
        "a shared table (typed lines): a line that is none of these (go, mute, q, t, i, o stay as typed)",
    ),
    "net.leaving": _m("You leave the table.", "a shared table: you left it (q)"),
    "net.quit": _m("Leave the table? Press y or n.", "a shared table: q, the question before leaving your seat"),
    "net.quit.kept": _m(
        "Leave the table? Your seat is kept for {span}: join again to take it back. Press y or n.",
        "a shared table: q, the question before leaving your seat; {span} is a time, as in '2 minutes'",
    ),
    "net.quit.held": _m(
        "Leave the table? A computer plays your seat until you join again. Press y or n.",
        "a shared table: q, the question before leaving your seat when the host has a computer hold it",
    ),
    "net.quit.host": _m(
        "Leave the table? You are its host: it closes for everyone, who hear why, and it is saved "
        "until you host it again. Press y or n.",
        "a shared table: q, the question before the host leaves the table they opened (host)",
    ),
    "net.leaving.kept": _m(
        "You leave the table; your seat is kept for {span}.",
        "a shared table: you left it (q); {span} is a time, as in '2 minutes'",
    ),
    "net.leaving.held": _m(
        "You leave the table; a computer plays your seat until you join again.",
        "a shared table: you left it (q) and a computer plays your seat meanwhile",
    ),
    "net.leaving.host": _m(
        "You leave the table and it closes; it is saved until you host it again.",
        "a shared table: its host left it (q); the others are told why",
    ),
    "net.todo.count": _m("count", "what the table waits for a player to do, as in 'Max has 20 seconds to count.'"),
    "net.todo.next_deal": _m(
        "ask for the next deal",
        "what the table waits for a player to do, as in 'The table waits for Max to ask for the next deal.'",
    ),
    "net.todo.discard": _m(
        "lay away", "what the table waits for a player to do, as in 'Max has 20 seconds to lay away.'"
    ),
    "net.todo.play": _m("play", "what the table waits for a player to do, as in 'Max has 20 seconds to play.'"),
    "net.waits.over": _m("The game is over.", "a shared table, t: the game is over"),
    "net.waits.nobody": _m(
        "The table waits for nobody now: the computers are playing.", "a shared table, t: only computers to play"
    ),
    "net.waits.for": _m(
        "The table waits for {name} to {what}.",
        "a shared table, t: whom the table waits for, without a time limit; {name} is one name or several "
        "('Max and you'); {what} is one of the 'net.todo' words",
    ),
    "net.waits.has.you": _m(
        "You have {span} to {what}.", "a shared table, t: your time left; {span} as in '20 seconds'"
    ),
    "net.waits.has": _m(
        "{name} has {span} to {what}.", "a shared table, t: another player's time left; {span} as in '20 seconds'"
    ),
    "net.waits.kept.left": _m(
        "{name} left: the seat is kept {span} more.", "a shared table, t: how long the seat of one who left is kept"
    ),
    "net.waits.kept.dropped": _m(
        "{name}'s line dropped: the seat is kept {span} more.",
        "a shared table, t: how long the seat of one whose connection dropped is kept",
    ),
    "net.limit.turn": _m(
        "Each turn has {span}; when it runs out a computer plays that turn.",
        "a shared table: its turn limit, said once when seated",
    ),
    "net.limit.count": _m(
        "Each count has {span}; when it runs out the count is given up.",
        "a shared table: its counting limit (manual counting), said once when seated",
    ),
    "net.turn_played.you": _m(
        "Your time ran out: a computer plays this turn for you.", "a shared table: your turn limit ran out"
    ),
    "net.turn_played": _m(
        "{name}'s time ran out: a computer plays this turn for {name}.", "a shared table: a player's turn limit ran out"
    ),
    "net.time_warning": _m(
        "{span} left for your turn.", "a shared table: the one warning before your turn limit runs out ('20 seconds')"
    ),
    "net.earlier": _m("Earlier: {line}", "a shared table: a line you missed while your connection was down"),
    "net.back": _m(
        "You are back at the table; nothing happened while you were away.",
        "a shared table: back after your connection dropped",
    ),
    "net.back.missed": _m(
        "You are back at the table. What you missed, then where the game stands:",
        "a shared table: back after your connection dropped, before the lines you missed",
    ),
    "net.prompt.rematch": _m(
        "The game is over: press Enter for a rematch with the same seats, or type q to leave.",
        "a shared table: after the game",
    ),
    "net.asks_rematch": _m(
        "{name} asks for a rematch: press Enter to play again.", "a shared table: another player asked for a rematch"
    ),
    "net.room_open": _m(
        "The room is open. Players list its tables with: spoken-cribbage join {address}:{port} --code "
        "{code}{plain} --list; then --table NAME to sit, --create NAME to open one, --watch NAME to watch.",
        "serve: the one line that says how players reach the room (the command and its options stay as typed)",
    ),
    "net.room_resumed": _m(
        "One unfinished table is open again, {which}: their players sit back down by name.",
        "serve: the unfinished tables offered again; {many} how many, in words, {which} their names",
        plural="{many} unfinished tables are open again, {which}: their players sit back down by name.",
    ),
    "net.room_closing": _m(
        "The room closes; its unfinished tables are saved and offered again when it starts.",
        "serve: the room stops",
    ),
    "net.tables.none": _m(
        "The room has no open table: open one with --create NAME.", "join --list: the room has no table"
    ),
    "net.tables.count": _m(
        "One table open:",
        "join --list: the first line, how many tables are open; {many} in words",
        plural="{many} tables open:",
    ),
    "net.tables.name": _m("{name}: ", "join --list: a table's line starts with its name"),
    "net.tables.nobody": _m("nobody yet", "join --list: nobody sits at the table yet"),
    "net.tables.free": _m(
        "; one free seat", "join --list: free seats at the table; {many} in words", plural="; {many} free seats"
    ),
    "net.tables.full": _m("; full", "join --list: every seat taken"),
    "net.tables.playing": _m("; playing", "join --list: a game under way at the table"),
    "net.tables.turn_limit": _m(
        "; {span} a turn", "join --list: the table's turn limit ('30 seconds', '1 minute 30 seconds')"
    ),
    "net.tables.count_limit": _m(
        "; {span} to count", "join --list: the table's time to count a hand (manual counting)"
    ),
    "net.tables.watching": _m(
        "; one watching", "join --list: how many watch the table; {many} in words", plural="; {many} watching"
    ),
    "net.tables.end": _m("{line}.", "join --list: the end of a table's line"),
    "net.away_name": _m("{name} (away)", "join --list: a seated player whose connection is down"),
    "net.table_opened": _m(
        "You opened the table {name}. Friends join with: {line}",
        "join --create: the table opened; {line} the command friends type",
    ),
    "net.table_opened.private": _m(
        "You opened the private table {name}; it is not listed. Friends join with: {line}",
        "join --create --private: the table opened; {line} the command friends type",
    ),
    "net.watched_game": _m(
        "New game to {target} points: {who}.", "join --watch: a new game at the watched table; {who} its players"
    ),
    "net.computer": _m(
        "Computer {seat}",
        "a shared table with more than one computer seat: a computer seat's name, by its seat (Computer 3)",
    ),
    "net.watching.keys": _m(
        "You watch {name}: {who}. You hear what everyone hears, never a hand. Ask with s for the scores, "
        "c for the count, f for the starter, t for whom the table waits; apostrophe talks to the table; q stops "
        "watching.",
        "join --watch on a terminal: said when watching starts; {who} the seats (the keys stay as typed)",
    ),
    "net.watcher.cannot_act": _m(
        "You are watching: you cannot play.", "join --watch: a key or command that would act at the table"
    ),
    "net.watching": _m(
        "You watch {name}: {who}. You hear what everyone hears, never a hand. Type 'text to talk to the table, "
        "q to stop watching.",
        "join --watch: said when watching starts; {who} the seats",
    ),
    # the full seat at a shared table (app/net_seat.py, said by words.net_seat)
    "net.seat.keys": _m(
        "At a shared table: apostrophe and your words talk to the table, t or k says whom the table waits for, "
        "Enter after the game asks for a rematch, q leaves your seat, kept for you",
        "a shared table: the keys it adds or changes, said once when seated; the letters are keys and stay as "
        "they are; one of the two 'net.seat.keys.' endings follows",
    ),
    "net.seat.keys.advice": _m("; i and o ask the table's coach.", "the end of 'net.seat.keys' when hints are allowed"),
    "net.seat.keys.no_advice": _m("; undo is off.", "the end of 'net.seat.keys' when the host allows no hints"),
    "net.seat.nothing_said": _m(
        "Nothing to say: type your words after the apostrophe.", "a shared table: a chat line with no words in it"
    ),
    "net.seat.coach_off": _m(
        "The host set this table to give no hints or win chances.",
        "a shared table: e (the coach on your last move) where the host allows no advice",
    ),
}

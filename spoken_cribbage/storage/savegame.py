"""The saved game: plain JSON data, validated on every read by replaying it.

A save holds the game's parameters (seed, target, players, difficulty) and the text of every
action applied so far. Because the deals come from the seed and the computer's choices from
(seed, seat, number of actions), replaying the actions rebuilds the game exactly, and the game
then goes on exactly as it would have.

No pickle, no eval: the file is JSON, every field is type-checked, the actions are parsed by the
game's own action parser and replayed through the rules. A file that fails any check is damaged.

    {"format": "spoken-cribbage-save", "version": 1, "id": "…", "seed": 3, "target": 121,
     "players": 2, "me": 0, "difficulty": "expert", "finished": false,
     "actions": ["discard 1 5H KD", "discard 0 AC 2C", "play 1 8H", …],
     "scores": [12, 9], "dealer": 0, "saved_at": "2025-01-01T12:00:00Z", "check": "sha256…"}

``teams`` is written only when the game's rules were given one (:class:`Rules`: 0 each for
themselves, 2 or 3 teams); a save without it is the usual table for its size, as every save
was before. A save that an older version could not play right (five or six players, or a
``teams``) is written as version 2, so that version refuses it as newer instead of
misreading it; every other save is still version 1.

``names`` and ``levels`` (written since the game seats more than two) are the other seats' names
and computer levels, in seat order, the player's seat left out; a save without them has the
default names and every computer at ``difficulty``.

``scores`` and ``dealer`` are only a summary for people reading the file; the replay decides.
``check`` is a SHA-256 of the rest, so a file that still parses but was damaged is caught.
"""

from __future__ import annotations

import errno
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.storage import paths, testhooks

SAVE_FORMAT = "spoken-cribbage-save"
SAVE_VERSION = 2  # the newest this code reads and writes
_OLD_PLAYERS = (2, 3, 4)  # what version 1 could hold (and no teams)
MAX_SAVE_BYTES = 4 * 1024 * 1024  # a whole game is a few kilobytes
MAX_ACTIONS = 20000
DIFFICULTIES = ("easy", "standard", "expert", "greedy", "random")


class SaveError(Problem, ValueError):
    """A save file that cannot be used: a ``storage.save_*`` code and its data, which
    ``words`` phrases as a short clause ('it is not complete JSON')."""

    def __init__(self, code: str, *, newer: bool = False, **data: Any):
        super().__init__(code, **data)
        self.newer = newer

    @property
    def reason(self) -> Notice:
        return self.notice


@dataclass
class SavedGame:
    seed: int | None  # None only for a game made without a seed (tests): not loadable
    target: int = 121
    players: int = 2
    me: int = 0
    difficulty: str = "expert"
    actions: list[str] = field(default_factory=list)
    finished: bool = False
    id: str = ""  # a new game's (testhooks.new_id) when not given
    saved_at: str = ""
    counting: str = "auto"  # manual counting and its rules (written only when manual)
    muggins: bool = False
    overcount_penalty: bool = False
    teams: int | None = None  # as the rules were given (None: the usual for the size)
    names: list[str] | None = None  # the other seats' names, in seat order (None: default)
    levels: list[str] | None = None  # the other seats' computer levels, the same order

    def __post_init__(self) -> None:
        if not self.id:
            self.id = testhooks.new_id(self.seed)

    # ------------------------------------------------------------------ game <-> save

    @property
    def rules(self) -> Rules:
        """The table the save was played at (a save stores its players and target)."""
        return Rules(
            self.players,
            self.target,
            counting=self.counting,
            muggins=self.muggins,
            overcount_penalty=self.overcount_penalty,
            teams=self.teams,
        )

    @classmethod
    def from_game(
        cls,
        game: g.Game,
        *,
        difficulty: str,
        game_id: str | None = None,
        me: int = 0,
        names: list[str] | None = None,
        levels: list[str] | None = None,
    ) -> SavedGame:
        """``names`` and ``levels``: the other seats', in seat order (the player's left out)."""
        rules = game.rules
        return cls(
            seed=game.seed,
            target=rules.target,
            players=rules.players,
            me=me,
            difficulty=difficulty,
            actions=[g.action_to_text(a) for a in game.actions],
            finished=game.phase == g.GAME_OVER,
            id=game_id or testhooks.new_id(game.seed),
            counting=rules.counting,
            muggins=rules.muggins,
            overcount_penalty=rules.overcount_penalty,
            teams=rules.teams,
            names=None if names is None else list(names),
            levels=None if levels is None else list(levels),
        )

    def seat_levels(self) -> dict[int, str]:
        """Each other seat's computer level (every one at ``difficulty`` in an older save)."""
        others = [s for s in range(self.players) if s != self.me]
        levels = self.levels or [self.difficulty] * len(others)
        return dict(zip(others, levels, strict=False))

    def new_game(self) -> g.Game:
        return g.Game(rules=self.rules, seed=self.seed)

    def replay(self) -> g.Game:
        """The game rebuilt from the actions; SaveError if any action does not replay."""
        game = self.new_game()
        for n, text in enumerate(self.actions, 1):
            try:
                action = g.action_from_text(text)
            except ValueError:
                raise SaveError("storage.save_not_an_action", n=n) from None
            try:
                game.apply(action)
            except g.IllegalActionError as e:
                raise SaveError("storage.save_breaks_rules", n=n, reason=e.reason) from None
        if (game.phase == g.GAME_OVER) != self.finished:
            raise SaveError("storage.save_wrongly_over", finished=self.finished)
        return game

    # ------------------------------------------------------------------ bytes

    def _body(self, game: g.Game | None = None) -> dict[str, Any]:  # JSON values
        old = self.teams is None and self.players in _OLD_PLAYERS
        body = {
            "format": SAVE_FORMAT,
            "version": 1 if old else SAVE_VERSION,
            "id": self.id,
            "seed": self.seed,
            "target": self.target,
            "players": self.players,
            "me": self.me,
            "difficulty": self.difficulty,
            "finished": self.finished,
            "actions": list(self.actions),
        }
        if self.teams is not None:
            body["teams"] = self.teams
        if self.names is not None:
            body["names"] = list(self.names)
        if self.levels is not None:
            body["levels"] = list(self.levels)
        if self.counting != "auto":  # a save with the default counting is as it always was
            body.update(counting=self.counting, muggins=self.muggins, overcount_penalty=self.overcount_penalty)
        if game is not None:
            body["scores"] = list(game.scores)
            body["dealer"] = game.dealer
        body["saved_at"] = self.saved_at or testhooks.utc_stamp()
        return body

    def to_bytes(self, game: g.Game | None = None) -> bytes:
        body = self._body(game)
        body["check"] = _digest(body)
        # One field a line and one move a line, so a person can read the file; built from the
        # C encoder's pieces because json's indent= goes through the slow pure-Python encoder.
        lines = []
        for k, v in body.items():
            if k == "actions":
                inner = ",\n  ".join(json.dumps(a, ensure_ascii=True) for a in v)
                lines.append(f'"actions": [\n  {inner}\n ]' if v else '"actions": []')
            else:
                lines.append(json.dumps(k) + ": " + json.dumps(v, ensure_ascii=True))
        return ("{\n " + ",\n ".join(lines) + "\n}\n").encode("ascii")


def _digest(body: Mapping[str, object]) -> str:
    clean = {k: v for k, v in body.items() if k != "check"}
    return hashlib.sha256(
        json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    ).hexdigest()


def _int(d: Mapping[str, object], key: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if type(v) is not int or not lo <= v <= hi:
        raise SaveError("storage.save_field", field=key)
    return v


def from_bytes(raw: bytes) -> tuple[SavedGame, g.Game]:
    """Parse and validate a save; the saved game and the game rebuilt from it. SaveError if not."""
    body = _save_body(raw)
    saved = _saved_game(body, _checked_version(body))
    try:
        _ = saved.rules  # the table the save names: ValueError for teams that do not fit it
    except ValueError:
        raise SaveError("storage.save_field", field="teams") from None
    return saved, saved.replay()


def _save_body(raw: bytes) -> dict[str, Any]:
    """The JSON object a save's bytes hold; SaveError for anything else."""
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError("storage.save_too_large")
    if not raw.strip():
        raise SaveError("storage.save_empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("storage.save_not_text") from None
    try:
        body = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise SaveError("storage.save_not_json") from None
    if not isinstance(body, dict):
        raise SaveError("storage.save_not_a_save")
    return body


def _checked_version(body: Mapping[str, Any]) -> int:
    """The version of a save of this format that this version reads, its checksum right."""
    if body.get("format") != SAVE_FORMAT:
        raise SaveError("storage.save_not_a_save")
    version = body.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("storage.save_field", field="version")
    if version > SAVE_VERSION:
        raise SaveError("storage.save_newer", format=version, newer=True)
    check = body.get("check")
    if not isinstance(check, str) or check != _digest(body):
        raise SaveError("storage.save_checksum")
    return version


def _saved_game(body: Mapping[str, Any], version: int) -> SavedGame:
    """The game a save's fields describe, each field checked; SaveError for the first wrong."""
    seed = _int(body, "seed", -(2**63), 2**63)
    target = _int(body, "target", 5, 1000)
    players = _int(body, "players", 2, 6)
    me = _int(body, "me", 0, players - 1)
    difficulty = body.get("difficulty")
    if difficulty not in DIFFICULTIES:
        raise SaveError("storage.save_field", field="difficulty")
    finished = body.get("finished")
    if type(finished) is not bool:
        raise SaveError("storage.save_no_finished")
    gid = body.get("id")
    if not isinstance(gid, str) or not 1 <= len(gid) <= 64 or not gid.isascii() or not gid.replace("-", "").isalnum():
        raise SaveError("storage.save_field", field="id")
    actions = body.get("actions")
    if (
        not isinstance(actions, list)
        or len(actions) > MAX_ACTIONS
        or not all(isinstance(a, str) and len(a) < 100 for a in actions)
    ):
        raise SaveError("storage.save_field", field="actions")
    saved_at = body.get("saved_at", "")
    counting = body.get("counting", "auto")
    if counting not in ("auto", "manual"):
        raise SaveError("storage.save_field", field="counting")
    flags = {}
    for name in ("muggins", "overcount_penalty"):
        flags[name] = body.get(name, False)
        if type(flags[name]) is not bool:
            raise SaveError("storage.save_field", field=name)
    teams = body.get("teams")
    if teams is not None and type(teams) is not int:
        raise SaveError("storage.save_field", field="teams")
    if version < 2 and (teams is not None or players not in _OLD_PLAYERS):
        raise SaveError("storage.save_field", field="players")
    others = _seat_list(body, "names", players - 1, lambda v: 1 <= len(v) <= 40 and v.isprintable() and "," not in v)
    levels = _seat_list(body, "levels", players - 1, lambda v: v in DIFFICULTIES)
    return SavedGame(
        seed=seed,
        target=target,
        players=players,
        me=me,
        difficulty=difficulty,
        actions=list(actions),
        finished=finished,
        id=gid,
        saved_at=saved_at if isinstance(saved_at, str) else "",
        counting=counting,
        names=others,
        levels=levels,
        **flags,
        teams=teams,
    )


def _seat_list(body: Mapping[str, Any], key: str, n: int, ok: Callable[[str], bool]) -> list[str] | None:
    """A list of ``n`` strings, one for each other seat, each passing ``ok``; None if absent."""
    if key not in body:
        return None
    v = body[key]
    if not isinstance(v, list) or len(v) != n or not all(isinstance(x, str) and ok(x) for x in v):
        raise SaveError("storage.save_field", field=key)
    return list(v)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not allowed")


# ----------------------------------------------------------------------------- files


@dataclass
class Loaded:
    """What reading the save file found."""

    saved: SavedGame | None = None
    game: g.Game | None = None
    notice: Notice | None = None  # what to tell the player, when the file had to be put aside
    moved_to: Path | None = None


def load(path: Path | None = None) -> Loaded:
    """Read and check the save. A bad one is moved aside (never deleted) and reported."""
    path = path or paths.save_path()
    try:
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "a folder")
        raw = paths.read_regular(path, MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        return Loaded()
    except NotADirectoryError:
        # A file sits where the data folder should be: nothing saved can be there.
        return Loaded()
    except paths.FileRefused as e:
        return _aside(path, Notice(e.code, **e.data))
    except OSError as e:
        return _aside(path, Notice("storage.unreadable", error=_why(e)))
    try:
        saved, game = from_bytes(raw)
    except SaveError as e:
        return _aside(path, e.reason)
    return Loaded(saved, game)


def _aside(path: Path, reason: Notice) -> Loaded:
    moved = paths.move_aside(path)
    if moved is not None:
        return Loaded(notice=Notice("storage.save_set_aside", reason=reason, moved=moved.name), moved_to=moved)
    return Loaded(notice=Notice("storage.save_not_moved", reason=reason))


def write(saved: SavedGame, game: g.Game | None = None, path: Path | None = None) -> None:
    """Write the save atomically. Raises OSError (the old save is then still whole)."""
    paths.atomic_write(path or paths.save_path(), saved.to_bytes(game))


def put_away(path: Path | None = None) -> Path | None:
    """Rename the save out of the way (a game the player chose not to resume) to
    ``abandoned-game-N.json``. Never deletes; returns the new path or None."""
    path = path or paths.save_path()
    return paths.rename_to_free(path, lambda n: f"abandoned-game-{n}.json")


_WHY = {
    errno.ENOSPC: "storage.disk_full",
    errno.EDQUOT: "storage.quota_full",
    errno.EROFS: "storage.read_only",
    errno.EACCES: "storage.permission_denied",
    errno.EPERM: "storage.permission_denied",
    errno.EISDIR: "storage.folder_in_the_way",
    errno.ENOTDIR: "storage.file_in_the_way",
    errno.EFBIG: "storage.file_too_large",
    errno.EIO: "storage.disk_error",
    errno.ENAMETOOLONG: "storage.name_too_long",
}


def _why(e: OSError) -> Notice:
    """The reason for an OSError: a known one by its code, else the system's own words."""
    if isinstance(e, paths.FileRefused):
        return Notice(e.code, **e.data)
    if e.errno in _WHY:
        return Notice(_WHY[e.errno])
    return system_error(e)


def system_error(e: OSError) -> Notice:
    """An OSError in the system's own words (its strerror)."""
    return Notice("storage.system_error", detail=e.strerror or e.__class__.__name__)


why = _why

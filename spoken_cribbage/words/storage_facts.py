"""The helpers of the ``storage.*`` sentences (:mod:`spoken_cribbage.words.storage`): a reason
as a clause, and the functions that prepare a sentence's facts or choose among its forms (a
setting's value and unit, a table's layout, the saved game's summary ...). The forms and parts
they say are :data:`PARTS`, filled by :mod:`spoken_cribbage.words.storage` from its table."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from spoken_cribbage.notice import Notice, Problem
from spoken_cribbage.words.catalogue import Message, decimal, decimal_count, join, render
from spoken_cribbage.words.channels import mode_name
from spoken_cribbage.words.lines import list_words
from spoken_cribbage.words.notices import phrase

if TYPE_CHECKING:
    from spoken_cribbage.engine.game import Game

#: The forms and parts of the storage table's sentences (codes with two dots), by code: filled
#: by words.storage once its table is built (this module is below it).
PARTS: dict[str, Message] = {}


def clause(reason: Any) -> str:
    """A reason in words: a notice or problem phrased, a foreign error's text as it is."""
    if isinstance(reason, (Notice, Problem)):
        return phrase(reason)
    return str(reason)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _part(code: str, **facts: Any) -> str:
    """A message of this table said with facts already cleaned: a part of a sentence (a
    kind, a unit, a name) or one of the forms of a sentence that varies (its function picks)."""
    return render(code, PARTS[code], facts)


def _reason(key: str) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """``prepare`` that says the fact ``key`` (a notice or a foreign error) as a clause."""
    return lambda d: {key: clause(d[key])}


def _lowered_reason(key: str) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    return lambda d: {key: _lower_first(clause(d[key]))}


# ----------------------------------------------------------------------------- settings

_FILE_KINDS = {"pipe", "device", "socket", "folder"}
_UNIT_OF = {"rate", "target", "time_limit", "pace"}
_EMPTY_OF = {"voice", "vosk_model", "names", "language", "profile"}


def _amount(name: str, value: Any, units: set[str] = _UNIT_OF) -> str:
    """A setting's number with its unit ('180 words a minute', '61 points')."""
    n = decimal(value) if isinstance(value, float) else str(value)
    if name not in units:
        return n
    count = decimal_count(float(value)) if isinstance(value, (int, float)) else 2
    return _part(f"storage.unit.{name}", n=n, count=count)


def _layout(teams: str, players: int) -> str:
    """'each for themselves', 'in 2 teams of 2'."""
    if teams == "none":
        return _part("storage.layout.none")
    n = int(teams)
    if players % n == 0:
        return _part("storage.layout.teams_of", teams=n, size=players // n)
    return _part("storage.layout.teams", teams=n)


def _teams(d: Mapping[str, Any]) -> Mapping[str, Any]:
    players = d["players"]
    ways = [_layout(t, players) for t in d["layouts"]] or [_part("storage.layout.usual")]
    return {"ways": join(ways), "teams": _layout(d["teams"], players)}


def _kind(kind: str) -> str:
    if kind in ("int", "float", "str", "bool"):
        return _part(f"storage.kind.{kind}")
    # a type's own name (English, as Python calls it)
    return _part("storage.kind.other_vowel" if kind[:1] in "aeiou" else "storage.kind.other", kind=kind)


def setting_name(name: str) -> str:
    """A setting's name in words, lower case ('time limit', 'channel scores'); a name the table
    does not know as typed, its underscores spaces."""
    if name.startswith("channel_"):
        return _part("storage.name.channel", channel=name.removeprefix("channel_"))
    code = f"storage.name.{name}"
    return _part(code) if code in PARTS else name.replace("_", " ")


def setting_word(name: str, value: Any) -> str:
    """A setting's value that is a word of its own ('terse', 'on') in words; any other value
    as it is, and a list of brief's parts ('discard,suits') joined."""
    if name == "brief" and "," in str(value):  # "discard and suits"
        return list_words([setting_word(name, part) for part in str(value).split(",")])
    code = f"storage.value.{name}.{value}"
    return _part(code) if code in PARTS else str(value)


def _setting_value(d: Mapping[str, Any]) -> str:
    """'Rate: 180 words a minute.', 'Target: 61 points, for this run only (from --target).'
    A rule the game in progress does not play by says so: 'Counting: manual, for this run only
    (from --counting); this game counts automatically: manual counting starts with a new game.'"""
    name, value = d["name"], d["value"]
    facts: dict[str, Any] = {"setting": cap(setting_name(name)), "value": _shown(name, value)}
    form = "storage.setting_value.now"
    if d.get("for_run"):
        facts["option"] = d.get("option") or _part("storage.part.the_command_line")
        form = "storage.setting_value.for_run"
    if "this_game" in d:
        facts["later"] = _lower_first(_not_in_this_game({"name": name, "value": value, "game": d["this_game"]})).rstrip(
            ".。"
        )
        form += "_later"
    return _part(form, **facts)


def _not_in_this_game(d: Mapping[str, Any]) -> str:
    """A rule the game in progress keeps: 'This game counts automatically; manual counting
    starts with a new game.'"""
    name, value, game = d["name"], d["value"], d["game"]
    if name == "counting":
        return _part("storage.not_in_this_game.auto" if game == "auto" else "storage.not_in_this_game.manual")
    return _part(
        "storage.not_in_this_game.keeps",
        setting=setting_name(name),
        kept=_shown(name, game),
        value=_shown(name, value),
    )


def _shown(name: str, value: Any) -> str:
    """A setting's value in words ('180 words a minute', 'the default voice')."""
    if name == "pace" and not value:
        shown = _part("storage.shown.no_pace")
    elif isinstance(value, float):
        shown = _amount(name, value)
    elif value == "" and name in _EMPTY_OF:
        shown = _part(f"storage.shown.default_{name}")
    elif name == "time_limit" and not value:
        shown = _part("storage.shown.off")
    elif name == "teams" and value in ("usual", "none"):
        shown = _part(f"storage.shown.teams_{value}")
    elif name == "teams":
        shown = value
    elif name.startswith("channel_"):  # "history only", "cue only"
        shown = mode_name(str(value))
    elif name in _UNIT_OF:
        shown = _amount(name, value)
    else:  # a word of its own ('terse', 'on'), or a number or name as it is
        shown = setting_word(name, value)
    return shown


def _replaced(d: Mapping[str, Any]) -> str:
    facts = {"reason": _lower_first(clause(d["reason"])), "moved": d["moved"]}
    if d.get("error") is None:
        return _part("storage.settings_replaced.written", **facts)
    return _part("storage.settings_replaced.not_written", error=_lower_first(clause(d["error"])), **facts)


# ----------------------------------------------------------------------------- the saved game

_FIELDS = {"id", "actions", "overcount_penalty"}


def game_summary(game: Game, me: int = 0, names: Sequence[str] | None = None) -> str:
    """'you 100, computer 96, your crib': the scores and the crib of a game in progress.
    ``names``: the other seats' names in seat order (the default: 'computer', or 'player 2'...)."""
    others = [s for s in range(game.players) if s != me]
    if game.players == 2 and list(names or ()) in ([], ["Computer"]):
        names = None
    named = dict(zip(others, names or (), strict=False))  # names may be fewer: the rest by seat

    def who(seat: int) -> str:
        if seat == me:
            return _part("storage.summary.you")
        return named.get(seat) or (
            _part("storage.summary.computer") if game.players == 2 else _part("storage.summary.player", n=seat + 1)
        )

    side = game.side_of(me)
    order = [side] + [s for s in range(game.sides) if s != side]
    parts = [
        _part(
            "storage.summary.side",
            who=join(
                [
                    who(seat)
                    for seat in sorted((t for t in range(game.players) if game.side_of(t) == s), key=lambda t: t != me)
                ],
                "and",
            ),
            score=game.scores[s],
        )
        for s in order
    ]
    # Saved between deals: the crib of the deal that comes next, said as such.
    next_ = "_next" if game.phase == "deal over" else ""
    dealer = (game.dealer + 1) % game.players if next_ else game.dealer
    if dealer == me:
        crib = _part("storage.summary.your_crib" + next_)
    elif game.players == 2 and not names:
        crib = _part("storage.summary.computers_crib" + next_)
    else:
        crib = _part("storage.summary.crib" + next_, who=who(dealer))
    return join([*parts, crib], "all")


def _resume(d: Mapping[str, Any]) -> str:
    summary = game_summary(d["game"], d.get("me", 0), d.get("names"))
    return _part("storage.resume_question.apart" if d.get("apart") else "storage.resume_question.one", summary=summary)


def _not_kept(d: Mapping[str, Any]) -> str:
    """What quitting does to a game that cannot be saved now: ``when`` is the moment (quit: the
    question; goodbye, input_ended, stopped: the last line), ``behind`` how many moves the file
    lacks (None: it holds none of this game)."""
    when, behind = d.get("when", "quit"), d.get("behind")
    ago = None if behind is None else _part("storage.ago.moves", count=behind) if behind else _part("storage.ago.saved")
    if when == "quit":
        return _part("storage.not_kept.quit_unsaved") if ago is None else _part("storage.not_kept.quit_behind", ago=ago)
    body = _part("storage.not_kept.unsaved") if ago is None else _part("storage.not_kept.behind", ago=ago)
    if when in ("goodbye", "input_ended", "stopped"):
        return _part("storage.not_kept.after", head=_part(f"storage.not_kept.{when}"), body=body)
    return body


def _stats_set_aside(d: Mapping[str, Any]) -> str:
    facts = {"reason": clause(d["reason"]), "moved": d["moved"]}
    if d.get("error") is None:
        return _part("storage.stats_set_aside.begun", **facts)
    return _part("storage.stats_set_aside.not_written", error=clause(d["error"]), **facts)

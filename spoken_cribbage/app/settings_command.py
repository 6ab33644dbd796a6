"""``spoken-cribbage settings [NAME [VALUE]]``: the settings outside the game.

Without a name it lists every setting, its value and the settings file, as ``settings`` does in
the game; with a name, that setting's line; with a name and a value, it changes that setting in
the file, checked by the same code as a change in the game (:meth:`Settings.changed`), and says
it in one line. A name is written as in the game or as its option: ``cue volume``,
``cue_volume`` or ``cue-volume``. ``profile quiet`` sets the channels (and the verbosity) as
``profile quiet`` does in the game.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import fields

from spoken_cribbage.storage import settings as settings_mod
from spoken_cribbage.vocabulary import shown
from spoken_cribbage.words.cli_help import help_text
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.seat import phrase as seat_phrase
from spoken_cribbage.words.seat import setting_named, setting_shown

EXIT_USAGE = 2
#: the settings' names, and ``profile``: not a field, it sets the channels (and the verbosity)
_NAMES = (*(f.name for f in fields(settings_mod.Settings)), "profile")


def add_settings_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("settings", help=help_text("settings"), description=help_text("settings:description"))
    p.add_argument("name", nargs="?", metavar="NAME", help=help_text("settings.name"))
    p.add_argument("value", nargs="*", metavar="VALUE", help=help_text("settings.value"))
    return p


def split_setting(words: list[str]) -> tuple[str, str]:
    """The setting named by the first words (one or two: 'cue volume 0.5') and the value, the
    rest joined by spaces; the name as given (lower case, '_' for spaces and '-') when no
    setting has it."""
    for k in (2, 1):
        name = "_".join(words[:k]).lower().replace("-", "_")
        if len(words) >= k and name in _NAMES:
            return name, " ".join(words[k:])
    return words[0].lower().replace("-", "_"), " ".join(words[1:])


def _error(message: str) -> int:
    print(phrase("calculator.error", command="settings", message=message), file=sys.stderr)
    return EXIT_USAGE


def run_settings(args) -> int:
    current, notice = settings_mod.load()
    if notice is not None:  # the file was damaged and set aside: said first, as in the game
        print(phrase(notice))
    if args.name is None:
        for line in settings_mod.describe(current):
            print(phrase(line))
        return 0
    name, value = split_setting([args.name, *args.value])
    if name not in _NAMES:
        return _error(
            phrase("calculator.setting_refused", reason=phrase("storage.no_such_setting", name=shown(name, 30)))
        )
    if not value:
        line = next(n for n in settings_mod.describe(current) if n.data.get("name") == name)
        print(phrase(line))
        return 0
    if not value.isprintable():  # never echoed raw to the terminal in a refusal
        return _error(phrase("calculator.setting_refused", reason=phrase("calculator.setting_unprintable")))
    try:
        if name == "profile":
            new = settings_mod.with_profile(current, value.strip().lower())
        else:
            new = current.changed(name, value)
    except ValueError as e:
        reason = phrase(e) if isinstance(e, settings_mod.SettingError) else str(e)
        return _error(phrase("calculator.setting_refused", reason=reason))
    failed = settings_mod.save(new)
    if failed is not None:
        print(phrase(failed), file=sys.stderr)
        return 1
    said = phrase(
        "calculator.setting_saved",
        Name=setting_named(name),
        value=setting_shown(name, settings_mod.profile_of(new) if name == "profile" else getattr(new, name)),
    )
    if name != "teams" and new.teams != current.teams:  # players reset teams that do not fit
        said += " " + seat_phrase("teams_reset", value=setting_shown("teams", new.teams))
    print(said)
    return 0

"""The command vocabulary: now :mod:`spoken_cribbage.vocabulary` (one table for keys, typed lines
and voice)."""

from .vocabulary import (QUESTIONS, SETTINGS, SHORTCUT_KEYS,  # noqa: F401
                         Command, CommandError, parse_command, shown)

"""All the words the player reads and hears, made from events and from the game state.

Each announcement is a :class:`Line`: ``text`` for the screen (digits, full card names) and
``speech`` for text-to-speech (shorter, numbers in words where a synthesiser might stumble).
Verbosity: ``terse`` says the least, ``normal`` is the default, ``coach`` adds explanations.

The words live in modules by concern, and every name stays importable from here:

- :mod:`~spoken_cribbage.words.lines`: :class:`Line`, :class:`LineKind` and the helpers that
  word cards and lists (``card_list``, ``list_words``, ``hand_lines``, ``cap``);
- :mod:`~spoken_cribbage.words.calls`: the counts as players call them (``show_call``,
  ``play_call``);
- :mod:`~spoken_cribbage.words.names`: how the players are named (:class:`Names`,
  ``seat_names``);
- :mod:`~spoken_cribbage.words.announcer`: the lines of game events (:class:`Announcer`);
- :mod:`~spoken_cribbage.words.answers`: the answers to the shortcut questions
  (:class:`Answers`).
"""

from __future__ import annotations

from spoken_cribbage.words.announcer import _REASON_TEXT, Announcer, _Batch, _muggins_first, count_just_said
from spoken_cribbage.words.answers import Answers
from spoken_cribbage.words.calls import _PAIR_GROUP, _PLAY_NAMES, _RUN_COUNT, play_call, show_call, the_ranks
from spoken_cribbage.words.lines import (
    VERBOSITIES,
    Line,
    LineKind,
    article_rank,
    cap,
    card_list,
    hand_lines,
    list_words,
    numbered_cards,
    numbered_hand,
)
from spoken_cribbage.words.names import COMPUTER, COMPUTER_NAMES, Names, seat_names

__all__ = [
    # lines
    "VERBOSITIES",
    "LineKind",
    "Line",
    "article_rank",
    "list_words",
    "card_list",
    "numbered_hand",
    "numbered_cards",
    "hand_lines",
    "cap",
    # calls
    "the_ranks",
    "show_call",
    "play_call",
    "_PAIR_GROUP",
    "_RUN_COUNT",
    "_PLAY_NAMES",
    # names
    "COMPUTER",
    "COMPUTER_NAMES",
    "seat_names",
    "Names",
    # the lines of events
    "Announcer",
    "count_just_said",
    "_Batch",
    "_muggins_first",
    "_REASON_TEXT",
    # answers to questions
    "Answers",
]

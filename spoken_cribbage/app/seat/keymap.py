"""The KeyMap: which key means what, and when. One lookup, no if-ladder.

A binding is (key, when, intent), as prompt_toolkit's ``KeyBindings.add(key, filter=...)``:
``when`` is a test of the :class:`Moment` (the game's phase for this seat, the yes/no question
open). A key's bindings are tried in the order they were added; the first whose ``when`` holds
gives the intent, and a key with none is :class:`~.intent.Unassigned`.

:data:`KEYS` is built from the one vocabulary table (``vocabulary.PHRASES``: each phrase's
``key`` and its ``also`` keys), plus the keys the table has no phrase for: digits, Enter,
Escape, Space, Backspace, the arrows, Home and End, and slash.

Keys are named as the front end names them: the character a key types ("c", "?", "3", " "),
or the name of a key that types none ("enter", "escape", "left", "f1", "tab", "c-a").

>>> KEYS.intent_for("3", Moment("play"))
ChooseCard(number=3)
>>> KEYS.intent_for("3", Moment("counting"))
TypeDigit(digit=3)
>>> KEYS.intent_for("N", Moment("play", question=Question.QUIT))
Answer(yes=False)
>>> KEYS.intent_for("n", Moment("over")), KEYS.intent_for("f1", Moment("play"))
(RunVerb(verb='new'), RunVerb(verb='help'))
>>> KEYS.intent_for("tab", Moment("play"))
Unassigned(key='tab')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import get_args

from spoken_cribbage.app.seat.hand_view import Where
from spoken_cribbage.app.seat.intent import (
    Act,
    Answer,
    AnswerFirst,
    Cancel,
    ChooseAtCursor,
    ChooseCard,
    EraseDigit,
    Ignored,
    Intent,
    MoveCursor,
    OpenCommandLine,
    RunVerb,
    TypeDigit,
    Unassigned,
)
from spoken_cribbage.app.seat.question import Question
from spoken_cribbage.vocabulary import PHASED_KEYS, PHRASES


@dataclass(frozen=True, slots=True)
class Moment:
    """What a key's meaning depends on, read from the seat once a key."""

    #: The game's moment for this seat, in the vocabulary's words: "discard", "play",
    #: "counting" (the player's own count is due), "show" (the deal is over), "over" (the
    #: game is), or "other" (someone else acts).
    phase: str = "other"
    #: The yes/no question open, if any (seat.question): quit, discard (confirm the cards
    #: chosen) or voice (a command heard but not surely).
    question: Question | None = None

    @property
    def counting(self) -> bool:
        """The player's own count is due (manual counting): digits type it."""
        return self.phase == "counting"

    @property
    def key_phase(self) -> str:
        """The phase the vocabulary's keys are filtered by: "question" while one is open."""
        return "question" if self.question else self.phase


#: A test of the moment: when a binding holds.
When = Callable[[Moment], bool]


def always(moment: Moment) -> bool:
    """Every moment."""
    return True


def counting(moment: Moment) -> bool:
    """The player's own count is due."""
    return moment.counting


def question_open(moment: Moment) -> bool:
    """A yes/no question is open."""
    return moment.question is not None


def question_is(*kinds: Question) -> When:
    """One of these questions is open."""
    return lambda moment: moment.question in kinds


def in_phases(phases: tuple[str, ...]) -> When:
    """The key phase (:attr:`Moment.key_phase`) is one of ``phases``."""
    return lambda moment: moment.key_phase in phases


@dataclass(frozen=True, slots=True)
class Binding:
    """One line of the key map: ``key`` means ``intent`` when ``when`` holds."""

    key: str
    intent: Intent
    when: When = always


def canonical(key: str) -> str:
    """The key as bound: a letter in lower case ("Y" is y), a digit of any script as its ASCII
    digit; anything else as it is.

    >>> canonical("Q"), canonical("\\u0663"), canonical("f1"), canonical("?")
    ('q', '3', 'f1', '?')
    """
    if len(key) == 1 and key.isdecimal():
        return str(int(key))
    return key.lower() if key.isalpha() else key


class KeyMap:
    """Bindings (key, when, intent), looked up by key and moment."""

    def __init__(self) -> None:
        self._by_key: dict[str, list[Binding]] = {}

    def add(self, key: str, intent: Intent, when: When = always) -> None:
        """Bind ``key`` to ``intent`` when ``when`` holds (after the key's earlier bindings)."""
        self._by_key.setdefault(canonical(key), []).append(Binding(canonical(key), intent, when))

    def intent_for(self, key: str, moment: Moment) -> Intent:
        """What ``key`` means at ``moment``: the first of its bindings that holds, else
        :class:`Unassigned` (naming the key as given, for the sentence)."""
        for binding in self._by_key.get(canonical(key), ()):
            if binding.when(moment):
                return binding.intent
        return Unassigned(key)

    def __iter__(self) -> Iterator[Binding]:
        for bindings in self._by_key.values():
            yield from bindings

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and canonical(key) in self._by_key


#: Keys the screen readers take as their own modifier (Caps Lock never reaches a terminal):
#: left alone, without a word.
SCREEN_READER_KEYS = ("insert", "s-insert", "c-insert", "c-s-insert")
#: The keys that move the cursor through the cards held.
CURSOR_KEYS: tuple[Where, ...] = get_args(Where)


def vocabulary_keymap() -> KeyMap:
    """The key map of the game: the keys of the hand and the question, then every key of the
    vocabulary table."""
    keys = KeyMap()
    for n in range(10):
        keys.add(str(n), AnswerFirst(), question_is(Question.QUIT))
        keys.add(str(n), TypeDigit(n), counting)
        keys.add(str(n), ChooseCard(n))
    keys.add("backspace", EraseDigit(), counting)
    keys.add("enter", Answer(yes=True), question_is(Question.DISCARD))
    keys.add("enter", AnswerFirst(), question_open)
    keys.add("enter", RunVerb("next"), in_phases(("show", "over")))
    keys.add("enter", Act())
    keys.add("escape", Answer(yes=False), question_is(Question.QUIT, Question.VOICE))
    keys.add("escape", Cancel())
    keys.add(" ", ChooseAtCursor())
    for where in CURSOR_KEYS:
        keys.add(where, MoveCursor(where))
    keys.add("/", OpenCommandLine())
    for key in SCREEN_READER_KEYS:
        keys.add(key, Ignored())
    for phrase in PHRASES:
        intent: Intent = Answer(phrase.verb == "yes") if phrase.verb in ("yes", "no") else RunVerb(phrase.verb)
        when = in_phases(phrase.phases) if phrase.verb in PHASED_KEYS else always
        for key in (phrase.key, *phrase.also) if phrase.key else phrase.also:
            keys.add(key, intent, when)
    return keys


#: The game's key map.
KEYS = vocabulary_keymap()

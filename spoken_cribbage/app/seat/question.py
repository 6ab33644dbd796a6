"""The open yes/no question, and the one list of the words that answer a question.

The seat asks three questions: whether to leave (:attr:`Question.QUIT`), whether to lay away
the cards chosen (:attr:`Question.DISCARD`), and whether to act on a voice command heard but
not surely (:attr:`Question.VOICE`, the command ``held`` until the answer). :class:`Asking`
keeps the one open (a new question replaces it) and its line, to ask it again.

The answers come from the vocabulary's phrase table and nowhere else: the forms of ``yes``
and ``no`` (the verb, its key, its spoken and typed forms) are :data:`YES_WORDS` and
:data:`NO_WORDS`, and :func:`yes_or_no` and :func:`key_answer` read them for every yes/no
question, those of the game and the resume question before it.

>>> yes_or_no("Yes please.")
True
>>> yes_or_no("no thanks"), yes_or_no("cancel"), yes_or_no("cancel", cancel=False)
(False, False, None)
>>> key_answer("Y"), key_answer("x")
(True, None)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from spoken_cribbage.vocabulary import BY_VERB, PHRASES


class Question(enum.Enum):
    """A yes/no question the seat asks."""

    QUIT = "quit"  #: leave the game?
    DISCARD = "discard"  #: lay away the cards chosen?
    VOICE = "voice"  #: act on the voice command heard but not surely?


#: The questions a key typed ahead must never answer: keys read with the one that opened the
#: question came before it (the discard question is asked by the key that chose the last card).
NOT_ANSWERED_AHEAD = frozenset({Question.QUIT, Question.VOICE})
#: The commands that still work while the quit question is open (every other is refused with
#: "answer y or n"): the quit command again, and those that only say or stop saying something.
WHILE_QUIT_ASKED = frozenset({"quit", "silence", "repeat", "help", "time"})


def forms(verb: str, *, key: bool = True) -> frozenset[str]:
    """Every way to give ``verb`` in the vocabulary: the verb, its spoken and typed forms, and
    (with ``key``) its single key."""
    p = BY_VERB[verb]
    return frozenset({p.verb, *p.spoken, *p.typed, *((p.key,) if key and p.key else ())})


#: The words that answer yes, and those that answer no (from the vocabulary: ``y``, ``yes``,
#: ``yeah``, ``yes please``; ``n``, ``no``, ``no thanks``).
YES_WORDS = forms("yes")
NO_WORDS = forms("no")
#: The words of the cancel command: in the game's questions they answer no.
CANCEL_WORDS = forms("cancel")
#: The commands that answer a question (the vocabulary's phrases of the question phase): heard
#: in doubt, they are never themselves asked about.
ANSWER_VERBS = tuple(p.verb for p in PHRASES if "question" in p.phases)
#: The words of the quit command: before the game (the resume question) they leave.
LEAVE_WORDS = forms("quit")
#: The words of a new game (without its key, n, which answers no): the resume question's no
#: ("Resume? y/n") and the yes of the offer of a new game kept apart ("New game? y/n").
NEW_GAME_WORDS = forms("new", key=False)
#: The resume question's own yes.
RESUME_WORDS = frozenset({"resume"})


def answer_text(text: str) -> str:
    """An answer as compared with the words: lower case, single spaces, no final stop or
    exclamation or question mark ("Yes please." is "yes please")."""
    return " ".join(text.lower().split()).strip(" .!?")


def yes_or_no(text: str, *, cancel: bool = True, yes: Iterable[str] = (), no: Iterable[str] = ()) -> bool | None:
    """True for a yes word, False for a no word (and for cancel, with ``cancel``), None for
    anything else. ``yes`` and ``no``: words the question itself offers as choices ("resume",
    "new game")."""
    said = answer_text(text)
    if said in YES_WORDS or said in yes:
        return True
    if said in NO_WORDS or said in no or cancel and said in CANCEL_WORDS:
        return False
    return None


def key_answer(key: str) -> bool | None:
    """A single key's answer: the yes key or the no key (either case), else None."""
    k = key.lower() if len(key) == 1 else key
    if k == BY_VERB["yes"].key:
        return True
    if k == BY_VERB["no"].key:
        return False
    return None


def key_leaves(key: str) -> bool:
    """The quit key (either case): before the game, it leaves the question unanswered."""
    return len(key) == 1 and key.lower() == BY_VERB["quit"].key


@dataclass
class Asking:
    """The yes/no question open now, if any."""

    #: the question open, None when none is
    kind: Question | None = None
    #: its line, to ask it again
    line: str | None = None
    #: the voice command the question is about (:attr:`Question.VOICE` only)
    held: str | None = None

    def ask(self, kind: Question, line: str, held: str | None = None) -> None:
        """Open ``kind`` (it replaces any question open); ``held`` for a voice question."""
        self.kind, self.line = kind, line
        self.held = held if kind is Question.VOICE else None

    def again(self) -> str | None:
        """The open question's line, to ask it again (None when none is open)."""
        return self.line if self.kind is not None else None

    def close(self) -> None:
        """No question is open any more."""
        self.kind = self.line = self.held = None

    def drop_voice(self) -> bool:
        """Close a voice question (the player acted another way): whether one was open."""
        if self.kind is not Question.VOICE:
            return False
        self.close()
        return True

    def take_voice(self) -> str:
        """The voice command held ("" if none), and its question closed."""
        held = self.held or ""
        self.drop_voice()
        return held

    def besides_voice(self) -> bool:
        """A question other than a voice one is open (a doubtful command is not asked about)."""
        return self.kind is not None and self.kind is not Question.VOICE

    def lets(self, verb: str) -> bool:
        """Whether command ``verb`` runs while this question is open (the quit question lets
        only :data:`WHILE_QUIT_ASKED` through)."""
        return self.kind is not Question.QUIT or verb in WHILE_QUIT_ASKED

"""The engine's errors: every misuse of a public function or method is refused with one of these.

Like python-chess's ``InvalidMoveError`` and ``IllegalMoveError``, each says what was wrong, and
each carries a dotted ``code`` and its ``data`` so that ``words`` can phrase it for a player
(``words.notices.phrase``); ``str()`` is for developers.

* :class:`EngineError`: the base of them all (with ``IllegalActionError``, an action the rules do
  not allow now, in :mod:`~spoken_cribbage.engine.legality`).
* :class:`EngineProblem`: a :class:`~spoken_cribbage.notice.Problem` that is a ValueError: the
  card errors (``InvalidCardError``...), the scoring errors (``InvalidHandError``...) and:
* :class:`InvalidArgumentError`: an argument of the right kind but out of range (a seat 99);
* :class:`ArgumentTypeError`: an argument of the wrong kind (a text where a card is needed); it
  is a TypeError as well as an InvalidArgumentError.

A refused call changes nothing.

>>> from spoken_cribbage.engine.game import Game
>>> try:
...     Game(seed=1).observation(99)
... except InvalidArgumentError as e:
...     print(e.code, e.data["argument"], e.data["shown"])
engine.bad_value seat 99
>>> isinstance(ArgumentTypeError("f", "x", None, "a card"), TypeError)
True
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import Any, TypeVar

from spoken_cribbage.notice import Problem

__all__ = ["EngineError", "EngineProblem", "InvalidArgumentError", "ArgumentTypeError", "shown"]

_repr = reprlib.Repr()
_repr.maxstring = 30
_repr.maxother = 30


def shown(value: object) -> str:
    """A short, printable repr of ``value`` for an error: at most about 40 characters, every
    unprintable character escaped; never fails (a ``__repr__`` that raises is named by type)."""
    try:
        text = _repr.repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not replace the real error
        text = f"<{type(value).__name__} object>"
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return text if len(text) <= 40 else text[:37] + "..."


_E = TypeVar("_E", bound=BaseException)


def _rebuild(cls: type[_E], args: tuple[Any, ...], state: dict[str, Any]) -> _E:
    """Unpickle an error without calling its ``__init__`` (multiprocessing sends errors back)."""
    e = Exception.__new__(cls)
    e.args = args
    e.__dict__.update(state)
    return e


class EngineError(Exception):
    """The base of every error the engine raises when it is misused. Each has ``code`` (what
    went wrong) and ``data`` (its particulars)."""

    code: str
    data: dict[str, Any]


class EngineProblem(Problem, EngineError, ValueError):
    """A :class:`~spoken_cribbage.notice.Problem` that is a ValueError, with a developer
    ``str()``; ``words.notices.phrase(error)`` is the sentence for a player."""

    message = ""

    def __str__(self) -> str:
        return self.message or Problem.__str__(self)

    def __reduce__(
        self,
    ) -> tuple[
        Callable[[type[EngineProblem], tuple[Any, ...], dict[str, Any]], EngineProblem],
        tuple[type[EngineProblem], tuple[Any, ...], dict[str, Any]],
    ]:
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))


class InvalidArgumentError(EngineProblem):
    """A public function or method was given a value it does not take (a seat 99, a card code
    52): ``code`` ``engine.bad_value``; ``data``: ``function`` (its name), ``argument`` (the
    parameter), ``shown`` (a short repr of the value) and ``expected`` (what it takes, for
    developers)."""

    default_code = "engine.bad_value"

    def __init__(
        self, function: str, argument: str, value: object, expected: str, *, code: str | None = None, **data: object
    ):
        super().__init__(
            code or self.default_code,
            function=function,
            argument=argument,
            shown=shown(value),
            expected=expected,
            **data,
        )
        self.message = f"{function}: {argument} must be {expected}, not {self.data['shown']}"


class ArgumentTypeError(InvalidArgumentError, TypeError):
    """A value of the wrong kind (a text where a card or a seat is needed): ``code``
    ``engine.bad_type``, the same ``data`` as :class:`InvalidArgumentError`."""

    default_code = "engine.bad_type"

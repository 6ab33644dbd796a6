"""A group of the seat's commands: verbs and their handlers, each handler taking the group's
own small context (issue 24, the Commands stage; :mod:`.commands` puts the groups together).

>>> from spoken_cribbage.vocabulary import Command
>>> GREET: Registry[list[str]] = Registry("greetings")
>>> @GREET.verb("hello", "hi")
... def hello(heard: list[str], c: Command) -> None:
...     heard.append(f"{c.verb} to you")
>>> heard: list[str] = []
>>> GREET.bind(heard)["hi"](Command("hi"))
>>> heard
['hi to you']
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Generic, TypeVar

from spoken_cribbage.vocabulary import Command

__all__ = ["Bound", "Handler", "Registry"]

C = TypeVar("C")
#: A handler: the group's context and the command given.
Handler = Callable[[C, Command], None]
#: A handler bound to its context: the command given.
Bound = Callable[[Command], None]


class Registry(Generic[C]):
    """Verbs and their handlers, declared with :meth:`verb`; :meth:`bind` gives each a context."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.handlers: dict[str, Handler[C]] = {}

    def verb(self, *verbs: str) -> Callable[[Handler[C]], Handler[C]]:
        """Declare the decorated function the handler of ``verbs`` (a verb has one handler)."""

        def add(handler: Handler[C]) -> Handler[C]:
            for verb in verbs:
                if verb in self.handlers:
                    raise ValueError(f"{self.name}: {verb!r} has a handler already")
                self.handlers[verb] = handler
            return handler

        return add

    def bind(self, context: C) -> dict[str, Bound]:
        """Every verb's handler with ``context`` given."""
        return {verb: functools.partial(handler, context) for verb, handler in self.handlers.items()}

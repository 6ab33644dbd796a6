"""A fact for the player that is not yet in words.

Layers below ``words`` (storage, speech, voice, ai, the engine's parsers) never write a sentence a
player reads or hears. They return a :class:`Notice` or raise a :class:`Problem`: a dotted code
(``"voice.no_microphone"``) and its particulars. ``spoken_cribbage.words.notices.phrase`` turns
either into the sentence, so verbosity and a later translation touch one package.

>>> n = Notice("storage.settings_not_saved", error="disk full")
>>> n.code, n.data["error"]
('storage.settings_not_saved', 'disk full')
>>> p = Problem("voice.no_microphone")
>>> p.notice == Notice("voice.no_microphone")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Notice:
    """``code`` names the sentence in ``words``; ``data`` fills it in."""

    code: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, code: str, data: Mapping[str, Any] | None = None, /, **more: Any):
        # code and data positional only: a fact of any name (even 'data') goes in ``more``
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "data", MappingProxyType({**(data or {}), **more}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Notice) and self.code == other.code and dict(self.data) == dict(other.data)

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.data.items())
        return f"Notice({self.code!r}{extra})"


class Problem(Exception):
    """An error that carries a :class:`Notice`. ``str()`` is for developers (the code and its
    data); the player hears ``words.notices.phrase(problem)``. Subclass it, or mix it into an
    existing exception class, to keep ``except SomeError`` working."""

    def __init__(self, code: str, **data: Any):
        self.code = code
        self.data = data
        super().__init__(code, *(f"{k}={v!r}" for k, v in data.items()))

    @property
    def notice(self) -> Notice:
        return Notice(self.code, self.data)

    def __str__(self) -> str:
        extra = ", ".join(f"{k}={v!r}" for k, v in self.data.items())
        return f"{self.code} ({extra})" if extra else self.code

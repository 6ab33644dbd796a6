"""The sentences for ``speech.*`` notices and problems (see :mod:`spoken_cribbage.words.notices`)."""

from __future__ import annotations

from spoken_cribbage.words.notices import Template

TEXTS: dict[str, Template] = {
}

"""Single keys read from the terminal in raw mode, for a question asked outside the game's own
key loop (the resume question, the command line typed before the game starts).

``read_keys(on_key)`` calls ``on_key(key, data)`` for each key (prompt_toolkit's key and the text
it typed) until ``on_key`` returns something other than :data:`GO_ON`, and returns that. A lone
Escape is passed on after 0.25 s without another byte (it may start an arrow key's sequence).
Returns None when the input ends.
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["GO_ON", "read_keys"]

#: What ``on_key`` returns to keep reading.
GO_ON = object()


def read_keys(on_key: Callable[[Any, str], Any]) -> Any:
    import asyncio

    from prompt_toolkit.input import create_input

    inp = create_input(always_prefer_tty=True)
    result: list[Any] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        pending: list = [None]

        def on_keys(flush: bool = False) -> None:
            keys = inp.flush_keys() if flush else inp.read_keys()
            if not flush:
                if pending[0] is not None:
                    pending[0].cancel()
                pending[0] = loop.call_later(0.25, on_keys, True)
            for kp in keys:
                if result:
                    return
                answer = on_key(kp.key, kp.data)
                if answer is not GO_ON:
                    result.append(answer)
                    done.set()
                    return

        with inp.raw_mode(), inp.attach(on_keys):
            await done.wait()
        if pending[0] is not None:
            pending[0].cancel()

    asyncio.run(main())
    return result[0] if result else None

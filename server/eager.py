"""Running a coroutine now, in the caller's turn of the event loop, and handing
the rest to whoever can wait for it only if it has to wait.

The fan-out uses it: a frame for a socket with nothing waiting is written in
place (the send finishes without waiting unless the socket must drain), which
spares a wake-up of that socket's writer task per recipient.
"""

from __future__ import annotations

from collections.abc import Coroutine, Generator
from typing import Any


class Started:
    """A coroutine already run up to its first wait. Awaiting it resumes the
    coroutine where it stopped, exactly as if it had been awaited from the start:
    the future it waits on is handed up to whoever awaits this."""

    def __init__(self, coroutine: Coroutine[Any, Any, None], waiting_on: Any) -> None:
        self._coroutine = coroutine
        self._waiting_on = waiting_on

    def __await__(self) -> Generator[Any, Any, None]:
        waiting_on = self._waiting_on
        while True:
            try:
                answer = yield waiting_on
            except BaseException as exc:
                try:
                    waiting_on = self._coroutine.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    waiting_on = self._coroutine.send(answer)
                except StopIteration:
                    return


def start(coroutine: Coroutine[Any, Any, None]) -> Started | None:
    """Run ``coroutine`` until it finishes (None) or has to wait (the rest, to
    await). Exceptions it raises before waiting reach the caller."""
    try:
        waiting_on = coroutine.send(None)
    except StopIteration:
        return None
    return Started(coroutine, waiting_on)

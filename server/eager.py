"""Running a coroutine now, in the caller's turn of the event loop, and handing
it to a task only if it has to wait.

A task costs a turn of the loop before it starts. On the hot paths (a frame to a
socket with nothing waiting, a command that can be decided and sent to Redis
at once) most coroutines either finish without waiting or wait once; starting
them in place saves that turn.
"""

from __future__ import annotations

import asyncio
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


async def _finish(started: Started) -> None:
    await started


def run_eagerly(coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None] | None:
    """Run ``coroutine`` now; if it has to wait, a task finishes it (returned)."""
    started = start(coroutine)
    return None if started is None else asyncio.ensure_future(_finish(started))

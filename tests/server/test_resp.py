"""The store frames its script calls itself; Redis must read them as redis-py's."""

from __future__ import annotations

import pytest
from redis.connection import Connection

from server.script_calls import resp


@pytest.mark.parametrize(
    "args",
    [
        ("PING",),
        ("EVALSHA", "f" * 40, 3, "fracas:{t}:events", "fracas:{t}:meta", "fracas:{t}:commands", 41, "bell"),
        ("ECHO", "Salle du trône", b"\x00\xff\r\n", b"", ""),
        ("BLPOP", "k", 0.3, -7, 0, 10**20),
        ("SET", "k", b"x" * 70_000),
    ],
)
def test_a_command_is_framed_as_redis_py_frames_it(args: tuple[str | bytes | int | float, ...]) -> None:
    assert resp(args) == b"".join(Connection().pack_command(*args))


@pytest.mark.parametrize("bad", [True, None, ["a"]])
def test_an_argument_redis_cannot_take_is_refused_by_name(bad: object) -> None:
    with pytest.raises(TypeError, match=type(bad).__name__):
        resp(("SET", "k", bad))  # type: ignore[arg-type]

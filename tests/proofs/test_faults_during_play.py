"""Faults while a table plays, each followed by the history checker.

On one server and its embedded Redis: SIGKILL of the server with commands in
flight (clients resend the same ids to the restarted server and get the first
result), SIGKILL and SIGSTOP of Redis, a connection reset in the middle of a
frame; one player plays through a proxy adding 300 ms each way. Short form 4
faults, long form 52.

On two replicas behind a round-robin proxy and an external ``redis-server`` of
the test's own (never the machine's shared one): SIGKILL of one replica
mid-burst (its clients reconnect to the other and resume), SIGKILL and SIGSTOP
of the external Redis. Short form 3 faults, long form 24."""

from __future__ import annotations

import asyncio
import os
import signal
import struct
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

import pytest

from server.embedded import EmbeddedRedis
from tests.proofs.conftest import report, scale
from tests.proofs.history import check_history
from tests.proofs.raw import RawSocket
from tests.proofs.tables import ProofTable, play, proof_table
from tests.proxy import TcpProxy
from tests.redis_servers import RedisProcess, redis_server
from tests.replicas import ServerProcess
from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(900)]


class Faults:
    def __init__(self, served: Served, redis: EmbeddedRedis, table: ProofTable) -> None:
        self.served, self.redis, self.table = served, redis, table

    async def kill_server(self) -> None:
        process = self.served.process
        assert process is not None
        process.kill()
        process.wait()
        if process.stderr is not None:
            process.stderr.close()
        self.served.process = None
        await asyncio.to_thread(self.served.start)

    async def kill_redis(self) -> None:
        assert self.redis.pid is not None
        os.kill(self.redis.pid, signal.SIGKILL)
        await asyncio.sleep(0.5)
        self.redis.stop()
        await asyncio.to_thread(self.redis.start)

    async def stop_redis(self) -> None:
        assert self.redis.pid is not None
        os.kill(self.redis.pid, signal.SIGSTOP)
        await asyncio.sleep(2)
        os.kill(self.redis.pid, signal.SIGCONT)

    async def reset_mid_frame(self) -> None:
        sock = await RawSocket.open(self.served.url, self.table.table_id, self.table.gm_token)
        # A text frame announcing 1,000 bytes, masked, of which 100 come: then a reset.
        sock.writer.write(struct.pack("!BBH", 0x81, 0x80 | 126, 1000) + os.urandom(4) + b"x" * 100)
        await sock.writer.drain()
        await asyncio.sleep(0.05)
        sock.abort()


async def inject_faults(
    label: str,
    url: str,
    table: ProofTable,
    kinds: Sequence[Callable[[], Awaitable[None]]],
    count: int,
    *,
    seconds: float,
    pause: float,
) -> None:
    """``count`` rounds of play, each with one fault of ``kinds`` (in turn) a second in;
    after each, every client catches up to the head and the history checker runs."""
    done: Counter[str] = Counter()
    for n in range(count):
        fault = kinds[n % len(kinds)]

        async def inject() -> None:
            await asyncio.sleep(1.0)
            await fault()  # noqa: B023 (awaited within this iteration)

        await asyncio.gather(play(table, seconds, pause=pause, seed=n), inject())
        done[fault.__name__] += 1
        head = (await table.gm.state())["at"]
        for client in table.clients:
            await client.wait_for(head)
        checked = await check_history(
            url, table.table_id, table.gm_token, table.clients, frozenset(table.over_http)
        )
    duplicates = sum(1 for c in table.clients for a in c.answers.values() if a.get("duplicate"))
    report(
        label,
        faults=dict(done),
        events=checked.events,
        accepted=checked.accepted,
        retries=checked.retries,
        reconnects=checked.reconnects,
        first_results_resent=duplicates,
    )


def test_faults_during_play_leave_a_true_history(tmp_path: Path) -> None:
    count = scale(4, 52)
    redis = EmbeddedRedis(tmp_path / "redis").start()
    served = Served(tmp_path / "data", "--redis-url", redis.url, "--log-level", "critical").start()

    async def scenario() -> None:
        proxy = await TcpProxy([served.port], delay=0.3).start()
        table = await proof_table(served.url, 3, 2, "pannes", first_player_via=proxy.url)
        faults = Faults(served, redis, table)
        kinds = [faults.kill_server, faults.kill_redis, faults.stop_redis, faults.reset_mid_frame]
        try:
            await inject_faults("faults", served.url, table, kinds, count, seconds=3.0, pause=0.1)
        finally:
            await table.close()
            await proxy.stop()

    try:
        asyncio.run(scenario())
    finally:
        served.stop()
        redis.stop()


class ReplicaFaults:
    def __init__(self, replicas: list[ServerProcess], redis: RedisProcess) -> None:
        self.replicas, self.redis = replicas, redis
        self.killed = 0

    async def kill_replica(self) -> None:
        """SIGKILL one replica (each in turn), then start it again on its port."""
        replica = self.replicas[self.killed % len(self.replicas)]
        self.killed += 1
        assert replica.process is not None
        replica.process.kill()
        replica.process.wait()
        replica.process = None
        await asyncio.sleep(1.0)  # its clients are on the other one by now
        await asyncio.to_thread(replica.start)

    async def kill_redis(self) -> None:
        self.redis.kill()
        await asyncio.sleep(0.5)
        await asyncio.to_thread(self.redis.start)

    async def stop_redis(self) -> None:
        os.kill(self.redis.pid, signal.SIGSTOP)
        try:
            await asyncio.sleep(2)
        finally:
            os.kill(self.redis.pid, signal.SIGCONT)


@pytest.mark.skipif(redis_server() is None, reason="no redis-server on this machine")
def test_faults_of_a_replica_and_an_external_redis_leave_a_true_history(tmp_path: Path) -> None:
    count = scale(3, 24)
    redis = RedisProcess(tmp_path / "redis").start()
    replicas = [ServerProcess(redis.url, "--log-level", "critical") for _ in range(2)]

    async def scenario() -> None:
        for replica in replicas:
            await asyncio.to_thread(replica.start)
        proxy = await TcpProxy([r.port for r in replicas]).start()
        table = await proof_table(proxy.url, 4, 2, "répliques")
        faults = ReplicaFaults(replicas, redis)
        kinds = [faults.kill_replica, faults.kill_redis, faults.stop_redis]
        try:
            label = "faults (replicas, external Redis)"
            await inject_faults(label, proxy.url, table, kinds, count, seconds=2.5, pause=0.05)
        finally:
            await table.close()
            await proxy.stop()

    try:
        asyncio.run(scenario())
    finally:
        for replica in replicas:
            replica.stop()
        redis.stop()

"""Calibration servers built only from the websockets library (run as a child
process so that their CPU is measured apart from the load generator).

``python -m bench.peers broadcast --port P``
    Clients connect to ``/``; a message on ``/control`` makes the server call
    ``websockets.asyncio.server.broadcast()`` once with a 200-byte text message
    to every client (C5), then answer ``sent``.
``python -m bench.peers echo --port P``
    Echoes every message back (C6).
``python -m bench.peers tables --port P --redis-url URL``
    G10's calibration, C8: clients connect to ``/t/<n>``, the seven clients of
    table ``n``; a message from one of them is appended to the stream
    ``bench:{c8}:t<n>`` (one ``XADD``, redis-py asyncio) and, once Redis has
    answered, ``broadcast()`` to the table's seven clients, its sender
    included: the least a server does to carry a command to a table.

Both use uvloop (as uvicorn does for Fracas), no compression, the library's
default keep-alive pings.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
from collections import defaultdict

import redis.asyncio as aioredis
import uvloop
from websockets.asyncio.server import ServerConnection, broadcast, serve

CLIENTS: set[ServerConnection] = set()


def payload(n: int) -> str:
    text = f'{{"type":"probe","n":{n:6d},"pad":"'
    return text + "x" * (198 - len(text)) + '"}'


async def broadcaster(ws: ServerConnection) -> None:
    if ws.request is not None and ws.request.path == "/control":
        async for message in ws:
            n = int(message)
            broadcast(CLIENTS, payload(n))
            await ws.send("sent")
        return
    CLIENTS.add(ws)
    try:
        await ws.wait_closed()
    finally:
        CLIENTS.discard(ws)


async def echo(ws: ServerConnection) -> None:
    async for message in ws:
        await ws.send(message)


TABLES: defaultdict[str, set[ServerConnection]] = defaultdict(set)
REDIS: list[aioredis.Redis] = []


def c8_key(table: str) -> str:
    return f"bench:{{c8}}:t{table}"


async def table_fanout(ws: ServerConnection) -> None:
    path = ws.request.path if ws.request is not None else ""
    table = path.rsplit("/", 1)[-1]
    clients = TABLES[table]
    clients.add(ws)
    try:
        async for message in ws:
            await REDIS[0].xadd(c8_key(table), {"data": message})
            broadcast(clients, message)
    finally:
        clients.discard(ws)


async def main(mode: str, port: int, redis_url: str | None) -> None:
    handler = {"broadcast": broadcaster, "echo": echo, "tables": table_fanout}[mode]
    if redis_url:
        # A bounded pool that makes a message wait for a connection rather than
        # fail: a burst (the machine pausing the process) must queue, as
        # Fracas's own script calls queue on their connection.
        pool = aioredis.BlockingConnectionPool.from_url(redis_url, max_connections=64, timeout=None)
        REDIS.append(aioredis.Redis(connection_pool=pool))
    stop = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set_result, None)
    async with serve(handler, "127.0.0.1", port, compression=None, max_size=2**20, backlog=2048):
        await stop


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["broadcast", "echo", "tables"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--redis-url")
    args = parser.parse_args()
    uvloop.run(main(args.mode, args.port, args.redis_url))

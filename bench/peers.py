"""Calibration servers built only from the websockets library (run as a child
process so that their CPU is measured apart from the load generator).

``python -m bench.peers broadcast --port P``
    Clients connect to ``/``; a message on ``/control`` makes the server call
    ``websockets.asyncio.server.broadcast()`` once with a 200-byte text message
    to every client (C5), then answer ``sent``.
``python -m bench.peers echo --port P``
    Echoes every message back (C6).

Both use uvloop (as uvicorn does for Fracas), no compression, the library's
default keep-alive pings.
"""

from __future__ import annotations

import argparse
import asyncio
import signal

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


async def main(mode: str, port: int) -> None:
    handler = broadcaster if mode == "broadcast" else echo
    stop = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set_result, None)
    async with serve(handler, "127.0.0.1", port, compression=None, max_size=2**20, backlog=2048):
        await stop


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["broadcast", "echo"])
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    uvloop.run(main(args.mode, args.port))

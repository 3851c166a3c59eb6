"""A TCP proxy on loopback that delays every byte by a fixed time each way (a
slow mobile link), for clients that must keep a true history through it."""

from __future__ import annotations

import asyncio
import contextlib


class LatencyProxy:
    def __init__(self, target_port: int, delay: float) -> None:
        self.target_port = target_port
        self.delay = delay
        self.port = 0
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> LatencyProxy:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_writer.close()
            return
        pipes = [
            asyncio.create_task(self._pipe(client_reader, server_writer)),
            asyncio.create_task(self._pipe(server_reader, client_writer)),
        ]
        self._tasks.update(pipes)
        await asyncio.wait(pipes, return_when=asyncio.FIRST_COMPLETED)
        for task in pipes:
            task.cancel()
            self._tasks.discard(task)
        for writer in (client_writer, server_writer):
            writer.close()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Forward each chunk ``delay`` after it was read, in order."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def forward() -> None:
            while True:
                due, data = await queue.get()
                if not data:
                    writer.write_eof()
                    return
                await asyncio.sleep(max(0.0, due - loop.time()))
                writer.write(data)
                await writer.drain()

        forwarding = asyncio.create_task(forward())
        try:
            while True:
                data = await reader.read(65536)
                queue.put_nowait((loop.time() + self.delay, data))
                if not data:
                    break
            await forwarding
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            forwarding.cancel()
            with contextlib.suppress(asyncio.CancelledError, OSError):
                await forwarding

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)

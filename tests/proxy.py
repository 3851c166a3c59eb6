"""The tests' TCP proxy on a free loopback port, knowing nothing of what it
carries (HTTP requests, WebSockets): each connection it accepts goes to the
next upstream in turn (a load balancer in front of replicas), and every byte
may be held back a fixed time each way (a slow mobile link)."""

from __future__ import annotations

import asyncio
import contextlib


class TcpProxy:
    """An upstream that refuses the connection is skipped, as a proxy with
    health checks would; :meth:`drop` takes one out of the rotation."""

    def __init__(self, upstreams: list[int], delay: float = 0.0) -> None:
        self.upstreams = list(upstreams)
        self.delay = delay
        self._next = 0
        self._server: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()
        self.port = 0
        self.connections = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> TcpProxy:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def drop(self, port: int) -> None:
        self.upstreams.remove(port)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._pipes):
            task.cancel()
        await asyncio.gather(*self._pipes, return_exceptions=True)
        if self._server is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 5)

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        for _ in range(len(self.upstreams)):
            port = self.upstreams[self._next % len(self.upstreams)]
            self._next += 1
            try:
                return await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
        raise ConnectionRefusedError("no upstream answers")

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._pipes.add(task)
        self.connections += 1
        try:
            try:
                up_reader, up_writer = await self._connect()
            except OSError:
                return
            try:
                await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
            finally:
                up_writer.close()
        finally:
            writer.close()
            self._pipes.discard(task)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Copy until either side ends, each chunk ``delay`` after it was read and
        in order; then end the other side (half-closes are not kept)."""
        loop = asyncio.get_running_loop()
        delayed: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def forward() -> None:
            while True:
                due, data = await delayed.get()
                if not data:
                    return
                await asyncio.sleep(max(0.0, due - loop.time()))
                writer.write(data)
                await writer.drain()

        forwarding = asyncio.create_task(forward())
        try:
            while not forwarding.done():  # done early: the other side is gone
                data = await reader.read(65536)
                delayed.put_nowait((loop.time() + self.delay, data))
                if not data:
                    break
            await forwarding
        except (ConnectionError, OSError):
            pass
        finally:
            forwarding.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError, OSError):
                await forwarding
            with contextlib.suppress(OSError, RuntimeError):
                if writer.can_write_eof():
                    writer.write_eof()

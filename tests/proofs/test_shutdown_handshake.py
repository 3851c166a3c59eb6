"""Stopping the server while a handshake it cannot read is open: the process
ends by the signal, cleanly, on both paths, with no traceback in its log."""

from __future__ import annotations

import signal
import socket
from pathlib import Path

import pytest

from tests.test_cli import Served

pytestmark = [pytest.mark.timeout(120)]

HEAD = (
    "GET /ws/tables/any HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
)


@pytest.mark.parametrize("paths", [(), ("--no-fast-paths",)], ids=["fast", "plain"])
@pytest.mark.parametrize(
    "sent",
    [HEAD + "X-Long: " + "a" * 9000 + "\r\n\r\n", HEAD, ""],
    ids=["long-line", "unfinished", "nothing"],
)
def test_sigterm_during_a_handshake_ends_the_server_cleanly(
    tmp_path: Path, paths: tuple[str, ...], sent: str
) -> None:
    served = Served(tmp_path / "data", *paths).start()
    try:
        with socket.create_connection(("127.0.0.1", served.port)) as client:
            client.sendall(sent.encode())
            assert served.process is not None
            served.process.send_signal(signal.SIGTERM)
            served.process.wait(60)
        assert served.process.returncode in (0, -signal.SIGTERM)
        assert served.process.stderr is not None
        log = served.process.stderr.read()
        assert "Traceback" not in log and "ERROR" not in log, log
    finally:
        served.stop()

"""The ``fracas`` command: the client's commands (:mod:`clients.python.cli`)
and ``fracas serve`` (:mod:`server.serve`).

The one module that knows both the client and the server, so that neither
imports the other: ``clients/`` depends on the domain and the wire protocol
only (tests/test_layers.py checks it)."""

from __future__ import annotations

from clients.python import cli
from server.serve import add_serve_command


def main(argv: list[str] | None = None) -> None:
    cli.main(argv, add_serve_command)

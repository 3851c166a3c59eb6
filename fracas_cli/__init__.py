"""The ``fracas`` command: the client's commands (:mod:`clients.python.cli`)
and ``fracas serve`` (:mod:`server.serve`).

The one module that knows both the client and the server, so that neither
imports the other: ``clients/`` depends on the domain and the wire protocol
only (tests/test_layers.py checks it). The server is imported only when
``fracas serve`` runs: the client's commands start without it.
"""

from __future__ import annotations

import argparse
import sys

from clients.python import cli

SERVE_HELP = "run the server (embedded Redis unless REDIS_URL is set)"


def add_serve_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``fracas serve`` with all its options (this imports the server)."""
    from server.serve import serve_arguments

    serve_arguments(sub.add_parser("serve", help=SERVE_HELP))


def _list_serve(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``fracas serve`` as ``fracas --help`` lists it, without importing the server."""
    sub.add_parser("serve", help=SERVE_HELP)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    # The root parser takes no option with a value: its first word is the command.
    command = next((a for a in args if not a.startswith("-")), None)
    cli.main(argv, add_serve_command if command == "serve" else _list_serve)

"""The ``fracas`` command line: the client's commands.

    fracas serve                      the server (added by :mod:`fracas_cli`, see below)
    fracas create --title T --system vda [--sandbox]
    fracas invite --role player --name Alice --combatant rorsh
    fracas watch                      follow a table live, one line per event
    fracas send '{"type": "AddNote", "text": "..."}'
    fracas rewind 12
    fracas state [--at N]             the projected state, as JSON
    fracas export [-o FILE]           the log, as NDJSON
    fracas verify FILE                re-derive every die of an exported, closed table
    fracas schema                     the JSON Schema of the wire protocol
    fracas run FILE                   play a scenario (YAML or JSON)

The server, table and token default to ``FRACAS_SERVER`` (http://127.0.0.1:8000),
``FRACAS_TABLE`` and ``FRACAS_TOKEN``.

A failure is one line on stderr, never a traceback, and an exit code:

    0  done          1  refused (a command, a scenario step, a verification)
    2  usage         3  the server cannot be reached     4  a file is not what it should be

The ``fracas`` console script is :mod:`fracas_cli`, which adds ``serve`` from
the server: nothing under ``clients/`` imports ``server/``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, cast

import httpx
import msgspec
from websockets.exceptions import InvalidHandshake, InvalidURI

from clients.python.client import Admin, FracasError, TableClient
from clients.python.display import describe
from clients.python.scenario import NotAScenario
from domain.commands import COMMAND_DECODER, TABLE_COMMANDS, Rewind
from domain.events import ENCODER, RECORD_DECODER
from domain.play import ScenarioFailed
from domain.systems import SYSTEM_COMMANDS
from domain.wire import Accepted, ExportEnd, SignedHead, schema

REFUSED, USAGE, UNREACHABLE, BAD_FILE = 1, 2, 3, 4
COMMAND_TAGS = [str(t.__struct_config__.tag) for t in (*TABLE_COMMANDS, *SYSTEM_COMMANDS)]  # type: ignore[attr-defined]


class CliError(Exception):
    """A failure told to the user as one line, with its exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """A usage error in one line (argparse would print the whole usage first)."""
        raise CliError(f"{self.prog}: {message} (see --help)", USAGE)


def _dice(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"faces separated by commas, like 6,3,10, not {text!r}") from None


def _connection_args(parser: argparse.ArgumentParser, table: bool = True) -> None:
    parser.add_argument("--server", default=os.environ.get("FRACAS_SERVER", "http://127.0.0.1:8000"))
    parser.add_argument(
        "--token", default=os.environ.get("FRACAS_TOKEN"), help="GM, player or spectator token"
    )
    if table:
        parser.add_argument("--table", default=os.environ.get("FRACAS_TABLE"), help="table id")


def _require(args: argparse.Namespace, *names: str) -> None:
    missing = [n for n in names if not getattr(args, n)]
    if missing:
        flags = ", ".join(f"--{n} (or FRACAS_{n.upper()})" for n in missing)
        raise SystemExit(f"fracas: missing {flags}")


def _print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(msgspec.to_builtins(value), ensure_ascii=False, indent=2) + "\n")


# --- commands -----------------------------------------------------------------


async def cmd_create(args: argparse.Namespace) -> None:
    try:
        options = json.loads(args.options) if args.options else {}
    except ValueError as exc:
        raise CliError(f"--options is not JSON: {exc}", USAGE) from None
    async with Admin(args.server, args.token) as admin:
        created = await admin.create_table(args.title, args.system, sandbox=args.sandbox, options=options)
    _print_json(created)
    print(
        f"# export FRACAS_TABLE={created['table_id']} FRACAS_TOKEN={created['gm_token']}",
        file=sys.stderr,
    )


async def cmd_invite(args: argparse.Namespace) -> None:
    _require(args, "table", "token")
    async with Admin(args.server, args.token) as admin:
        _print_json(await admin.invite(args.table, args.role, args.name, args.combatant))


async def cmd_revoke(args: argparse.Namespace) -> None:
    _require(args, "table", "token")
    async with Admin(args.server, args.token) as admin:
        _print_json(await admin.revoke(args.table, args.principal))


async def cmd_watch(args: argparse.Namespace) -> None:
    _require(args, "table", "token")
    client = TableClient(args.server, args.table, args.token)
    welcome = await client.connect()
    who = f"{welcome.role} {welcome.viewer}"
    print(f"# {welcome.system} table {welcome.table_id} as {who}, head {welcome.head}", flush=True)
    try:
        # Connects again by itself when the server asks its clients to come back (a
        # replica draining closes with 1012), and resumes after the last event printed.
        async for record in client.live(args.after):
            if args.json:
                sys.stdout.write(ENCODER.encode(record).decode() + "\n")
            else:
                sys.stdout.write(describe(record) + "\n")
            sys.stdout.flush()
    finally:
        await client.close()


def heads_file(table_id: str) -> Path:
    """Where ``fracas send`` keeps the heads the server signed for a table:
    ``$FRACAS_HEADS_DIR`` or the user's data folder."""
    base = os.environ.get("FRACAS_HEADS_DIR") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "fracas", "heads"
    )
    return Path(base) / f"{table_id}.ndjson"


def keep_head(head: SignedHead) -> None:
    """Keep a signed head: ``fracas verify EXPORT --heads FILE`` proves an export holds it."""
    path = heads_file(head.table_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("ab") as out:
        out.write(ENCODER.encode(head) + b"\n")


async def _send(args: argparse.Namespace, command: Any) -> None:
    _require(args, "table", "token")
    async with TableClient(args.server, args.table, args.token) as client:
        answer = await client.send(
            command, dice=args.dice, command_id=args.id, expected_head=args.expected_head
        )
    if client.head is not None:
        keep_head(client.head)
    _print_json(answer)
    if not isinstance(answer, Accepted):
        raise SystemExit(1)


async def cmd_send(args: argparse.Namespace) -> None:
    try:
        command = COMMAND_DECODER.decode(args.command)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        message = f"not a command: {exc}"
        if "`$.type`" in str(exc):
            message += f"; known types: {', '.join(sorted(COMMAND_TAGS))}"
        raise CliError(message, USAGE) from None
    await _send(args, command)


async def cmd_rewind(args: argparse.Namespace) -> None:
    await _send(args, Rewind(to=args.to, reason=args.reason))


async def cmd_state(args: argparse.Namespace) -> None:
    _require(args, "table", "token")
    async with Admin(args.server, args.token) as admin:
        _print_json(await admin.state(args.table, args.at))


async def cmd_export(args: argparse.Namespace) -> None:
    _require(args, "table", "token")
    out = open(args.output, "wb") if args.output else sys.stdout.buffer  # noqa: SIM115
    try:
        async with Admin(args.server, args.token) as admin:
            last = 0
            async for line in admin.export(args.table):
                out.write(line + b"\n")
                last += 1
            head = await admin.signed_head(args.table, last) if last else None
            out.write(ENCODER.encode(ExportEnd(head=head)) + b"\n")
    finally:
        if args.output:
            out.close()


def cmd_verify(args: argparse.Namespace) -> None:
    from clients.python.verify import verify_log

    lines = [line for line in _read(args.file).splitlines() if line]
    try:
        end = None
        if lines and lines[-1].startswith(b'{"head":'):
            end = msgspec.json.decode(lines.pop(), type=ExportEnd)
        records = [RECORD_DECODER.decode(line) for line in lines]
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise CliError(f"{args.file} is not a Fracas export: {exc}", BAD_FILE) from None
    heads: list[SignedHead] = []
    if args.heads:
        try:
            heads = [
                msgspec.json.decode(line, type=SignedHead) for line in _read(args.heads).splitlines() if line
            ]
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise CliError(f"{args.heads} is not a file of signed heads: {exc}", BAD_FILE) from None
    report = verify_log(records, end, heads)
    for line in report.lines:
        print(line)
    if not report.ok:
        raise SystemExit(1)


def cmd_schema(args: argparse.Namespace) -> None:
    sys.stdout.write(json.dumps(schema(), indent=2, ensure_ascii=False) + "\n")


async def cmd_run(args: argparse.Namespace) -> None:
    from clients.python.scenario import load_scenario, run_in_memory, run_on_server

    scenario = load_scenario(Path(args.file))
    if args.server_run:
        result = await run_on_server(scenario, args.server_run)
    else:
        result = run_in_memory(scenario)
    _print_json(result)


# --- the parser ---------------------------------------------------------------


AddCommand = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
"""Adds one sub-command (its parser sets ``run``) to the ``fracas`` command."""


def parser(*extra: AddCommand) -> argparse.ArgumentParser:
    root = Parser(
        prog="fracas",
        description="Fracas: event-sourced combat tables.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="environment:\n"
        "  FRACAS_SERVER     the server (default http://127.0.0.1:8000)\n"
        "  FRACAS_TABLE      the table id\n"
        "  FRACAS_TOKEN      your GM, player or spectator token\n"
        "  FRACAS_HEADS_DIR  where fracas send keeps the heads the server signed\n"
        "\n"
        "Exit codes: 0 done, 1 refused, 2 usage, 3 server unreachable, 4 not a valid file.",
    )
    root.add_argument("--version", action="version", version=f"fracas {_version()}")
    # Sub-commands are Parsers too (argparse makes them of the root's class).
    sub = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        root.add_subparsers(dest="command", required=True),
    )

    for add in extra:  # commands of the packages beside the client's
        add(sub)

    p = sub.add_parser("create", help="create a table; prints its id and the GM token")
    _connection_args(p, table=False)
    p.add_argument("--title", required=True)
    p.add_argument("--system", required=True, help="vda, vtm, 7s or vaesen")
    p.add_argument("--sandbox", action="store_true", help="dice may be given in commands")
    p.add_argument("--options", help="the system's table options, as JSON")
    p.set_defaults(run=cmd_create)

    p = sub.add_parser("invite", help="invite a player or a spectator (GM)")
    _connection_args(p)
    p.add_argument("--role", choices=["player", "spectator"], required=True)
    p.add_argument("--name", default="")
    p.add_argument("--combatant", action="append", default=[], help="a combatant the player plays")
    p.set_defaults(run=cmd_invite)

    p = sub.add_parser("revoke", help="revoke an invitation (GM)")
    _connection_args(p)
    p.add_argument("principal")
    p.set_defaults(run=cmd_revoke)

    p = sub.add_parser("watch", help="follow a table live")
    _connection_args(p)
    p.add_argument("--after", type=int, default=0, help="start after this position")
    p.add_argument("--json", action="store_true", help="print each event as JSON")
    p.set_defaults(run=cmd_watch)

    for name, helptext, func in (
        ("send", "send a command given as JSON", cmd_send),
        ("rewind", "rewind the fight to a position (GM)", cmd_rewind),
    ):
        p = sub.add_parser(name, help=helptext)
        _connection_args(p)
        if name == "send":
            p.add_argument("command", help='e.g. \'{"type": "AddNote", "text": "..."}\'')
        else:
            p.add_argument("to", type=int)
            p.add_argument("--reason", default="")
        p.add_argument("--dice", type=_dice, help="sandbox dice: 6,3,10")
        p.add_argument("--id", default=None, help="command id (a retry with the same id is applied once)")
        p.add_argument("--expected-head", type=int, default=None)
        p.set_defaults(run=func)

    p = sub.add_parser("state", help="the projected state as JSON")
    _connection_args(p)
    p.add_argument("--at", type=int, default=None)
    p.set_defaults(run=cmd_state)

    p = sub.add_parser("export", help="the log as NDJSON")
    _connection_args(p)
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("verify", help="check an export: its chain, its signed heads, every die once closed")
    p.add_argument("file")
    p.add_argument("--heads", help="the heads a participant kept (fracas send keeps them), one per line")
    p.set_defaults(run=cmd_verify)

    p = sub.add_parser("schema", help="the JSON Schema of the wire protocol")
    p.set_defaults(run=cmd_schema)

    p = sub.add_parser("run", help="play a scenario file (YAML or JSON)")
    p.add_argument("file")
    p.add_argument(
        "--server", dest="server_run", default=None, help="play it on this server instead of in memory"
    )
    p.set_defaults(run=cmd_run)
    return root


def main(argv: list[str] | None = None, *extra: AddCommand) -> None:
    args: argparse.Namespace | None = None
    try:
        args = parser(*extra).parse_args(argv)
        result = args.run(args)
        if asyncio.iscoroutine(result):
            asyncio.run(result)
    except CliError as exc:
        _fail(str(exc), exc.code)
    except ScenarioFailed as exc:
        _fail(str(exc), REFUSED)
    except NotAScenario as exc:
        _fail(str(exc), BAD_FILE)
    except FracasError as exc:
        _fail(str(exc), REFUSED)
    except KeyboardInterrupt:
        pass
    except BrokenPipeError:  # `fracas export | head`: the reader had enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (httpx.UnsupportedProtocol, httpx.InvalidURL, InvalidURI) as exc:
        _fail(f"the server address needs a scheme, like http://127.0.0.1:8000 ({exc})", USAGE)
    except (httpx.TransportError, InvalidHandshake, OSError) as exc:
        server = getattr(args, "server", None) or getattr(args, "server_run", None) or "the server"
        _fail(f"cannot reach {server}: {exc or type(exc).__name__}", UNREACHABLE)


def _fail(message: str, code: int) -> NoReturn:
    text = message if message.startswith("fracas") else f"fracas: {message}"
    print(text.splitlines()[0] if text else "fracas: failed", file=sys.stderr)
    raise SystemExit(code)


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}", BAD_FILE) from None


def _version() -> str:
    try:
        return importlib.metadata.version("fracas")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


if __name__ == "__main__":
    main()

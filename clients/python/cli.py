"""The ``fracas`` command line: the client's commands.

    fracas serve                      the server (added by :mod:`fracas_cli`, see below)
    fracas create --title T --system vda [--sandbox]
    fracas invite --role player --name Alice --combatant rorsh
    fracas watch [--lang en] [--json] follow a table live, one sentence per event
    fracas do rorsh                   what a combatant may do now
    fracas declare rorsh --action.kind attack --action.target agnes
    fracas roll|resolve|pass rorsh    the other common actions, for any rule system
    fracas send '{"type": "AddNote", "text": "..."}'
    fracas rewind 12
    fracas state [--at N] [--json]    the state of the fight (--json: the projection)
    fracas export [-o FILE]           the log, as NDJSON
    fracas verify FILE                check an export: its chain, heads, every die once closed
    fracas chronicle FILE [--format html] [--lang en]   the fight told as a narrative
    fracas schema                     the JSON Schema of the wire protocol
    fracas run FILE [--json]          play a scenario (YAML or JSON)

The server, table, token and language default to ``FRACAS_SERVER``
(http://127.0.0.1:8000), ``FRACAS_TABLE``, ``FRACAS_TOKEN`` and ``FRACAS_LANG``
(fr).

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

from clients.python import acting, display
from clients.python.client import Admin, Closed, Diverged, FracasError, TableClient
from clients.python.scenario import NotAScenario
from clients.python.sentences import DEFAULT_LANGUAGE, LANGUAGES, People, Sentences
from domain.commands import COMMAND_DECODER, TABLE_COMMANDS, Rewind
from domain.events import ENCODER, RECORD_DECODER, Recorded, TableClosed
from domain.play import ScenarioFailed
from domain.systems import SYSTEM_COMMANDS
from domain.wire import Accepted, ExportEnd, Rejected, SignedHead, schema

REFUSED, USAGE, UNREACHABLE, BAD_FILE = 1, 2, 3, 4
DEFAULT_SERVER = "http://127.0.0.1:8000"
GIVE_UP = frozenset({4401, 4404})
"""Close codes after which reconnecting cannot help (a revoked token, no table)."""
FIELD_COMMANDS = frozenset({"do", *acting.VERBS})
"""Commands whose unknown flags are the fields of the command they send."""
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


def _command_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dice", type=_dice, help="sandbox dice: 6,3,10")
    parser.add_argument("--id", default=None, help="command id (a retry with the same id is applied once)")
    parser.add_argument("--expected-head", type=int, default=None)


def _connection_args(parser: argparse.ArgumentParser, table: bool = True) -> None:
    parser.add_argument("--server", default=os.environ.get("FRACAS_SERVER", DEFAULT_SERVER))
    parser.add_argument(
        "--token", default=os.environ.get("FRACAS_TOKEN"), help="GM, player or spectator token"
    )
    if table:
        parser.add_argument("--table", default=os.environ.get("FRACAS_TABLE"), help="table id")


def _lang_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=lang if (lang := os.environ.get("FRACAS_LANG", "")) in LANGUAGES else DEFAULT_LANGUAGE,
        help="the language of the sentences (default: FRACAS_LANG, else fr)",
    )


def _require(args: argparse.Namespace, *names: str) -> None:
    missing = [n for n in names if not getattr(args, n)]
    if missing:
        flags = ", ".join(f"--{n} (or FRACAS_{n.upper()})" for n in missing)
        raise CliError(f"missing {flags}", USAGE)


def _hint(server: str, table: str, token: str) -> str:
    """The line that sets up a shell for this table (the server when not the default)."""
    where = f" FRACAS_SERVER={server}" if server.rstrip("/") != DEFAULT_SERVER else ""
    return f"# export{where} FRACAS_TABLE={table} FRACAS_TOKEN={token}"


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
    print(_hint(args.server, created["table_id"], created["gm_token"]), file=sys.stderr)


async def cmd_invite(args: argparse.Namespace) -> None:
    _require(args, "table", "token")
    async with Admin(args.server, args.token) as admin:
        invited = await admin.invite(args.table, args.role, args.name, args.combatant)
    _print_json(invited)
    if invited.get("token"):
        print(_hint(args.server, args.table, invited["token"]), file=sys.stderr)


async def cmd_revoke(args: argparse.Namespace) -> None:
    _require(args, "table", "token")
    async with Admin(args.server, args.token) as admin:
        _print_json(await admin.revoke(args.table, args.principal))


async def cmd_watch(args: argparse.Namespace) -> None:
    """Follow the table until it closes, reconnecting by itself: the client resumes
    after the last position it printed, so nothing is missed or printed twice."""
    _require(args, "table", "token")
    sentences = Sentences(args.lang)
    out = display.console()
    client = TableClient(args.server, args.table, args.token)
    welcome = await client.connect()
    state = msgspec.to_builtins(await client.state())
    if state.get("admin", {}).get("closed") and args.after >= welcome.head:
        await client.close()
        return  # closed, and its last record already seen: nothing will come
    people = People()
    if not args.json:
        people = display.people_of_state(state)
        who = sentences.principal(people, welcome.viewer)
        header = f"# {welcome.system} {welcome.table_id}: {welcome.role} {who}, head {welcome.head}"
        print(header, file=sys.stderr)
    await client.follow(args.after)
    try:
        while True:
            try:
                async for record in client.events():
                    _watch_line(record, args.json, sentences, people, out)
                    if isinstance(record.event, TableClosed):
                        return
            except Closed as exc:
                if exc.code in GIVE_UP:
                    raise
                await _reconnect(client)
    finally:
        await client.close()


def _watch_line(record: Recorded, as_json: bool, sentences: Sentences, people: People, out: Any) -> None:
    if as_json:
        sys.stdout.write(ENCODER.encode(record).decode() + "\n")
        sys.stdout.flush()
    elif out.is_terminal:
        out.print(display.event_line(record, sentences, people, colour=True))
    else:
        sys.stdout.write(display.event_line(record, sentences, people) + "\n")
        sys.stdout.flush()


async def _reconnect(client: TableClient) -> None:
    """Reconnect until the server answers again (a restart, a network drop), waiting
    longer each time, up to 10 s; a diverged history or a revoked token ends it."""
    delay = 0.2
    while True:
        print(f"# connection lost; reconnecting in {delay:.1f} s", file=sys.stderr)
        await asyncio.sleep(delay)
        try:
            await client.resume()
            print(f"# reconnected, following after position {client.last_position}", file=sys.stderr)
            return
        except Diverged:
            raise
        except Closed as exc:
            if exc.code in GIVE_UP:
                raise
        except (TimeoutError, OSError, InvalidHandshake):
            pass
        delay = min(delay * 2, 10.0)


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


async def cmd_do(args: argparse.Namespace) -> None:
    """A command built from flags: the move named (or the verb's), checked by its type."""
    _require(args, "table", "token")
    fields = acting.parse_fields(args.fields)
    sentences = Sentences(args.lang)
    async with TableClient(args.server, args.table, args.token) as client:
        welcome = client.welcome
        assert welcome is not None
        request = await client.state_and_may()
        may = request.may.get(args.combatant, [])
        move = args.verb or args.move
        if move is None:
            _print_may(welcome.system, args.combatant, may, request.may)
            return
        command = acting.build(acting.find_move(welcome.system, move, may), args.combatant, fields)
        answer = await client.send(
            command, dice=args.dice, command_id=args.id, expected_head=args.expected_head
        )
        if client.head is not None:
            keep_head(client.head)
        if isinstance(answer, Rejected):
            raise CliError(f"refused by {answer.rule}: {answer.message}", REFUSED)
        people = display.people_of_state(msgspec.to_builtins(request.state))
        page = await client.page(after=answer.first - 1, limit=answer.last - answer.first + 1)
    for record in page.events:
        print(display.event_line(record, sentences, people))


def _print_may(system: str, combatant: str, may: list[str], everyone: dict[str, list[str]]) -> None:
    if combatant not in everyone:
        plays = ", ".join(sorted(everyone)) or "none"
        raise CliError(f"you do not play {combatant!r} (you play: {plays})", REFUSED)
    types = acting.command_types(system)
    if not may:
        print(f"{combatant} may do nothing now")
    variants: dict[str, list[str]] = {}
    for move in may:  # "vda.DeclareAction/grapple:contact:agnes": a named variant of its command
        base, _, variant = move.partition("/")
        variants.setdefault(base, [])
        if variant:
            variants[base].append(variant)
    for move, named in variants.items():
        fields = acting.describe_fields(types[move]) if move in types else ""
        also = f"  (also: {', '.join(named)})" if named else ""
        print(f"{move}  {fields}{also}".rstrip())


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
    if args.json or args.at is not None:
        async with Admin(args.server, args.token) as admin:
            state = await admin.state(args.table, args.at)
        may: dict[str, list[str]] = {}
    else:  # at the head, what each combatant may do now comes with the state
        async with TableClient(args.server, args.table, args.token) as client:
            answer = await client.state_and_may()
        state, may = msgspec.to_builtins(answer.state), answer.may
    if args.json:
        _print_json(state)
        return
    for line in display.state_lines(state, may, Sentences(args.lang)):
        print(line)


async def cmd_export(args: argparse.Namespace) -> None:
    _require(args, "table", "token")
    out = open(args.output, "wb") if args.output else sys.stdout.buffer  # noqa: SIM115
    try:
        async with Admin(args.server, args.token) as admin:
            last = 0
            stream = admin.export(args.table)
            try:
                async for line in display.aprogress(stream, "export"):
                    out.write(line + b"\n")
                    last += 1
                head = await admin.signed_head(args.table, last) if last else None
                out.write(ENCODER.encode(ExportEnd(head=head)) + b"\n")
                out.flush()
            except BrokenPipeError:  # `fracas export | head`: the reader had enough
                _quiet_stdout()
            finally:
                await stream.aclose()  # type: ignore[attr-defined]
    finally:
        if args.output:
            out.close()


def read_export(path: str) -> tuple[list[Recorded], ExportEnd | None]:
    """An export's records and its end line (absent from older exports)."""
    lines = [line for line in _read(path).splitlines() if line]
    try:
        end = None
        if lines and lines[-1].startswith(b'{"head":'):
            end = msgspec.json.decode(lines.pop(), type=ExportEnd)
        records = [RECORD_DECODER.decode(line) for line in display.progress(lines, "read", len(lines))]
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise CliError(f"{path} is not a Fracas export: {exc}", BAD_FILE) from None
    return records, end


def cmd_verify(args: argparse.Namespace) -> None:
    from clients.python.verify import verify_log

    records, end = read_export(args.file)
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


def cmd_chronicle(args: argparse.Namespace) -> None:
    from clients.python.chronicle import chronicle, render

    records, _ = read_export(args.file)
    if not records:
        raise CliError(f"{args.file} holds no record", BAD_FILE)
    story = chronicle(records, args.lang, lambda r: display.progress(r, "chronicle", len(records)))
    text = render(story, args.format)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


def cmd_schema(args: argparse.Namespace) -> None:
    sys.stdout.write(json.dumps(schema(), indent=2, ensure_ascii=False) + "\n")


async def cmd_run(args: argparse.Namespace) -> None:
    from clients.python.scenario import load_scenario, run_in_memory, run_on_server

    scenario = load_scenario(Path(args.file))
    if args.server_run:
        result = await run_on_server(scenario, args.server_run)
    else:
        result = run_in_memory(scenario)
    if args.json:
        _print_json(result)
        return
    for line in display.run_summary(result, Sentences(args.lang)):
        print(line)


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
        "  FRACAS_LANG       the language of sentences: fr (default) or en\n"
        "  FRACAS_HEADS_DIR  where fracas send keeps the heads the server signed\n"
        "  FRACAS_NO_PROGRESS  set: no progress bars, even on a terminal\n"
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

    p = sub.add_parser("watch", help="follow a table live, until it closes (reconnects by itself)")
    _connection_args(p)
    _lang_arg(p)
    p.add_argument("--after", type=int, default=0, help="start after this position")
    p.add_argument("--json", action="store_true", help="print each record as one line of JSON (NDJSON)")
    p.set_defaults(run=cmd_watch)

    fields_help = (
        "The command's fields follow as --field value, --field=value or field=value; a nested\n"
        "field is dotted (--action.kind attack); a value is read as JSON when it can be\n"
        "(5, true, [1, 2]), else as text. The combatant fills the command's combatant field."
    )
    p = sub.add_parser(
        "do",
        help="what a combatant may do now; with a MOVE, send it (fields as --field value)",
        allow_abbrev=False,
        epilog="Without MOVE: what the combatant may do now, each command with its fields.\n" + fields_help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _connection_args(p)
    _lang_arg(p)
    p.add_argument("combatant")
    p.add_argument("move", nargs="?", help="a command (vda.UsePower, UsePower) or a verb (declare…)")
    _command_args(p)
    p.set_defaults(run=cmd_do, verb=None)
    for verb in acting.VERBS:
        p = sub.add_parser(
            verb,
            help=f"{verb} for a combatant (the system's {'/'.join(acting.VERBS[verb])}… command)",
            allow_abbrev=False,
            epilog=fields_help,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        _connection_args(p)
        _lang_arg(p)
        p.add_argument("combatant")
        _command_args(p)
        p.set_defaults(run=cmd_do, verb=verb, move=None)

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
        _command_args(p)
        p.set_defaults(run=func)

    p = sub.add_parser("state", help="the state of the fight: who acts, initiative, health, grapples, moves")
    _connection_args(p)
    _lang_arg(p)
    p.add_argument("--at", type=int, default=None)
    p.add_argument("--json", action="store_true", help="the whole projection, as JSON")
    p.set_defaults(run=cmd_state)

    p = sub.add_parser("export", help="the log as NDJSON")
    _connection_args(p)
    p.add_argument("-o", "--output")
    p.set_defaults(run=cmd_export)

    p = sub.add_parser("verify", help="check an export: its chain, its signed heads, every die once closed")
    p.add_argument("file")
    p.add_argument("--heads", help="the heads a participant kept (fracas send keeps them), one per line")
    p.set_defaults(run=cmd_verify)

    p = sub.add_parser("chronicle", help="an export told as a narrative, in Markdown or HTML")
    p.add_argument("file")
    _lang_arg(p)
    p.add_argument("--format", choices=["md", "html"], default="md")
    p.add_argument("-o", "--output", help="write it to this file")
    p.set_defaults(run=cmd_chronicle)

    p = sub.add_parser("schema", help="the JSON Schema of the wire protocol")
    p.set_defaults(run=cmd_schema)

    p = sub.add_parser("run", help="play a scenario file (YAML or JSON); prints the fight")
    p.add_argument("file")
    _lang_arg(p)
    p.add_argument("--json", action="store_true", help="every record and the final state, as JSON")
    p.add_argument(
        "--server", dest="server_run", default=None, help="play it on this server instead of in memory"
    )
    p.set_defaults(run=cmd_run)
    return root


def main(argv: list[str] | None = None, *extra: AddCommand) -> None:
    args: argparse.Namespace | None = None
    try:
        root = parser(*extra)
        args, unknown = root.parse_known_args(argv)
        if args.command in FIELD_COMMANDS:
            args.fields = unknown
        elif unknown:
            root.error(f"unrecognized arguments: {' '.join(unknown)}")
        result = args.run(args)
        if asyncio.iscoroutine(result):
            asyncio.run(result)
    except CliError as exc:
        _fail(str(exc), exc.code)
    except ScenarioFailed as exc:
        _fail(str(exc), REFUSED)
    except NotAScenario as exc:
        _fail(str(exc), BAD_FILE)
    except acting.MoveError as exc:
        _fail(str(exc), USAGE)
    except Closed as exc:
        _fail(f"the server closed the connection: {exc}", REFUSED)
    except FracasError as exc:
        _fail(str(exc), REFUSED)
    except KeyboardInterrupt:
        pass
    except BrokenPipeError:  # `fracas … | head`: the reader had enough
        _quiet_stdout()
    except (httpx.UnsupportedProtocol, httpx.InvalidURL, InvalidURI) as exc:
        _fail(f"the server address needs a scheme, like http://127.0.0.1:8000 ({exc})", USAGE)
    except (httpx.TransportError, InvalidHandshake, OSError) as exc:
        server = getattr(args, "server", None) or getattr(args, "server_run", None) or "the server"
        _fail(f"cannot reach {server}: {exc or type(exc).__name__}", UNREACHABLE)


def _quiet_stdout() -> None:
    """Send what is left to write to /dev/null: the reader of our output has gone."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


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

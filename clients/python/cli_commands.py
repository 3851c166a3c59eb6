"""What each ``fracas`` command does, once :mod:`clients.python.cli` has read its
arguments. Imported only then, so that ``fracas --help`` and ``fracas --version``
start without the client library, the domain or the rule systems.

A failure is a :class:`~clients.python.cli.CliError` (one line and an exit code),
or an exception of the libraries below that :func:`failure` turns into one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import httpx
import msgspec
from websockets.exceptions import InvalidHandshake, InvalidURI

from clients.python import acting, display
from clients.python.cli import BAD_FILE, DEFAULT_SERVER, REFUSED, UNREACHABLE, USAGE, CliError, quiet_stdout
from clients.python.client import Admin, Closed, Diverged, FracasError, TableClient
from clients.python.scenario import NotAScenario
from clients.python.sentences import People, Sentences
from domain.commands import COMMAND_DECODER, TABLE_COMMANDS, Rewind
from domain.events import ENCODER, RECORD_DECODER, Recorded, TableClosed
from domain.play import ScenarioFailed
from domain.systems import SYSTEM_COMMANDS
from domain.wire import Accepted, ExportEnd, Rejected, SignedHead, schema

GIVE_UP = frozenset({4401, 4404})
"""Close codes after which reconnecting cannot help (a revoked token, no table)."""
COMMAND_TAGS = [str(t.__struct_config__.tag) for t in (*TABLE_COMMANDS, *SYSTEM_COMMANDS)]  # type: ignore[attr-defined]


def failure(exc: BaseException, args: argparse.Namespace | None) -> tuple[str, int] | None:
    """The one line and the exit code that tell ``exc``, or None for a bug."""
    match exc:
        case ScenarioFailed():
            return str(exc), REFUSED
        case NotAScenario():
            return str(exc), BAD_FILE
        case acting.MoveError():
            return str(exc), USAGE
        case Closed():
            return f"the server closed the connection: {exc}", REFUSED
        case FracasError():
            return str(exc), REFUSED
        case httpx.UnsupportedProtocol() | httpx.InvalidURL() | InvalidURI():
            return f"the server address needs a scheme, like {DEFAULT_SERVER} ({exc})", USAGE
        case httpx.TransportError() | InvalidHandshake() | OSError():
            server = getattr(args, "server", None) or getattr(args, "server_run", None) or "the server"
            return f"cannot reach {server}: {exc or type(exc).__name__}", UNREACHABLE
    return None


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
                quiet_stdout()
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
    report = verify_log(records, end, heads, lambda r: display.progress(r, "verify", len(records)))
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
        # The GM's shell line, as create prints it: to watch, export or verify the table.
        print(_hint(args.server_run, result["table_id"], result["gm_token"]), file=sys.stderr)
    else:
        result = run_in_memory(scenario)
    if args.json:
        _print_json(result)
        return
    for line in display.run_summary(result, Sentences(args.lang)):
        print(line)


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}", BAD_FILE) from None

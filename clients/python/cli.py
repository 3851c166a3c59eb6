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
the server: nothing under ``clients/`` imports ``server/``. This module only
reads the arguments; what each command does is in :mod:`clients.python.cli_commands`,
imported once a command is chosen (``fracas --help`` loads neither).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.metadata
import os
import sys
from collections.abc import Callable
from typing import NoReturn, cast

from clients.python import acting
from clients.python.sentences import DEFAULT_LANGUAGE, LANGUAGES

REFUSED, USAGE, UNREACHABLE, BAD_FILE = 1, 2, 3, 4
DEFAULT_SERVER = "http://127.0.0.1:8000"
FIELD_COMMANDS = frozenset({"do", *acting.VERBS})
"""Commands whose unknown flags are the fields of the command they send."""


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
    p.set_defaults(run="cmd_create")

    p = sub.add_parser("invite", help="invite a player or a spectator (GM)")
    _connection_args(p)
    p.add_argument("--role", choices=["player", "spectator"], required=True)
    p.add_argument("--name", default="")
    p.add_argument("--combatant", action="append", default=[], help="a combatant the player plays")
    p.set_defaults(run="cmd_invite")

    p = sub.add_parser("revoke", help="revoke an invitation (GM)")
    _connection_args(p)
    p.add_argument("principal")
    p.set_defaults(run="cmd_revoke")

    p = sub.add_parser("watch", help="follow a table live, until it closes (reconnects by itself)")
    _connection_args(p)
    _lang_arg(p)
    p.add_argument("--after", type=int, default=0, help="start after this position")
    p.add_argument("--json", action="store_true", help="print each record as one line of JSON (NDJSON)")
    p.set_defaults(run="cmd_watch")

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
    p.set_defaults(run="cmd_do", verb=None)
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
        p.set_defaults(run="cmd_do", verb=verb, move=None)

    for name, helptext, func in (
        ("send", "send a command given as JSON", "cmd_send"),
        ("rewind", "rewind the fight to a position (GM)", "cmd_rewind"),
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
    p.set_defaults(run="cmd_state")

    p = sub.add_parser("export", help="the log as NDJSON")
    _connection_args(p)
    p.add_argument("-o", "--output")
    p.set_defaults(run="cmd_export")

    p = sub.add_parser("verify", help="check an export: its chain, its signed heads, every die once closed")
    p.add_argument("file")
    p.add_argument("--heads", help="the heads a participant kept (fracas send keeps them), one per line")
    p.set_defaults(run="cmd_verify")

    p = sub.add_parser("chronicle", help="an export told as a narrative, in Markdown or HTML")
    p.add_argument("file")
    _lang_arg(p)
    p.add_argument("--format", choices=["md", "html"], default="md")
    p.add_argument("-o", "--output", help="write it to this file")
    p.set_defaults(run="cmd_chronicle")

    p = sub.add_parser("schema", help="the JSON Schema of the wire protocol")
    p.set_defaults(run="cmd_schema")

    p = sub.add_parser("run", help="play a scenario file (YAML or JSON); prints the fight")
    p.add_argument("file")
    _lang_arg(p)
    p.add_argument("--json", action="store_true", help="every record and the final state, as JSON")
    p.add_argument(
        "--server", dest="server_run", default=None, help="play it on this server instead of in memory"
    )
    p.set_defaults(run="cmd_run")
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
        run = args.run
        if isinstance(run, str):  # one of the client's commands: loaded now that it is chosen
            run = getattr(importlib.import_module("clients.python.cli_commands"), run)
        result = run(args)
        if asyncio.iscoroutine(result):
            asyncio.run(result)
    except CliError as exc:
        _fail(str(exc), exc.code)
    except KeyboardInterrupt:
        pass
    except BrokenPipeError:  # `fracas … | head`: the reader had enough
        quiet_stdout()
    except Exception as exc:
        # Only a command raises these, so its module is loaded already.
        from clients.python.cli_commands import failure

        told = failure(exc, args)
        if told is None:
            raise
        _fail(*told)


def quiet_stdout() -> None:
    """Send what is left to write to /dev/null: the reader of our output has gone."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _fail(message: str, code: int) -> NoReturn:
    text = message if message.startswith("fracas") else f"fracas: {message}"
    print(text.splitlines()[0] if text else "fracas: failed", file=sys.stderr)
    raise SystemExit(code)


def _version() -> str:
    try:
        return importlib.metadata.version("fracas")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


if __name__ == "__main__":
    main()

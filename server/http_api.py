"""The HTTP API: health, tables, invitations, the log as NDJSON, state at any
position, and commands for clients that do not keep a socket open."""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import AsyncIterator
from typing import Any

import msgspec
from redis.exceptions import RedisError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from domain.base import Viewer
from domain.commands import MAX_POSITION, AnyCommand, Position
from domain.errors import CheckFailed, Forbidden, Refused, check
from domain.events import ENCODER
from domain.table import view_record
from domain.wire import MAX_MESSAGE_BYTES, UNREADABLE, ScriptedDice, unreadable
from server.auth import token_from
from server.connect import why_unavailable
from server.envelope import envelope
from server.limits import Throttled, peer
from server.services import services
from server.store import UnknownTable

log = logging.getLogger("fracas.http")

INTERNAL_ERROR = (
    "internal error (logged on the server); a command sent again with the same id is applied at most once"
)
"""What a client hears of an unexpected error: never its details, which could carry
what its role may not see."""


def problem(status: int, code: str, rule: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "rule": rule, "message": message}, status_code=status)


def refusal_response(refused: Refused) -> JSONResponse:
    status = {"forbidden": 403, "stale": 409, "conflict": 409}.get(refused.code, 422)
    return problem(status, refused.code, refused.rule, refused.message)


class CreateTable(msgspec.Struct, forbid_unknown_fields=True):
    title: str
    system: str
    sandbox: bool = False
    options: dict[str, Any] = {}


class Invite(msgspec.Struct, forbid_unknown_fields=True):
    role: str
    name: str = ""
    combatants: list[str] = []


class CommandRequest(msgspec.Struct, forbid_unknown_fields=True):
    command: AnyCommand
    id: str = ""
    nonce: str = ""
    expected_head: Position | None = None
    dice: ScriptedDice | None = None


class TooBig(Exception):
    """A request body over :data:`MAX_MESSAGE_BYTES`: answered 413 before the rest is read."""


async def read_body(request: Request, kind: type[Any]) -> Any:
    """The body decoded as ``kind``; refused (413) as soon as its declared length or
    the bytes come in pass :data:`MAX_MESSAGE_BYTES`, so a huge body is never held."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > MAX_MESSAGE_BYTES:
        raise TooBig
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise TooBig
    try:
        return msgspec.json.decode(body, type=kind)
    except UNREADABLE as exc:
        raise CheckFailed("request.invalid", unreadable(exc)) from None


async def viewer_of(request: Request, table_id: str) -> Viewer:
    s = services(request)
    if await s.store.meta(table_id) is None:
        raise UnknownTable(table_id)
    feed = await s.tables.feed(table_id)
    token = token_from(request.headers, request.query_params)
    viewer = await s.limits.authenticate(peer(request), s.store, table_id, feed.state, token, feed.refresh)
    if viewer is None:
        raise PermissionError
    return viewer


def http_errors(handler: Any) -> Any:
    async def wrapped(request: Request) -> Response:
        try:
            async with asyncio.timeout(services(request).settings.request_seconds):
                return await handler(request)  # type: ignore[no-any-return]
        except UnknownTable:
            return problem(404, "unknown-table", "table.unknown", "no such table")
        except PermissionError:
            return problem(401, "unauthorized", "auth.token", "a valid token for this table is required")
        except Throttled:
            return problem(429, "throttled", "auth.throttled", Throttled.message)
        except Refused as refused:
            return refusal_response(refused)
        except TooBig:
            text = f"a request body has at most {MAX_MESSAGE_BYTES} bytes"
            return problem(413, "too-big", "request.too-big", text)
        except (RedisError, TimeoutError) as exc:
            log.warning("Redis unavailable on %s: %s", request.url.path, why_unavailable(exc))
            return problem(503, "unavailable", "store.unavailable", "the event store is unavailable")
        except Exception:
            # Never echo an unexpected error: it could carry what a role may not see.
            log.exception("unexpected error on %s", request.url.path)
            return problem(
                500,
                "internal",
                "server.internal",
                INTERNAL_ERROR,
            )

    return wrapped


@http_errors
async def healthz(request: Request) -> Response:
    s = services(request)
    return JSONResponse(
        {"status": "ok", "store": s.settings.store_mode, "redis_version": await s.store.redis_version()}
    )


async def livez(request: Request) -> Response:
    """The process runs and answers: the liveness probe (never asks Redis, so that
    a Redis outage does not restart every process)."""
    return JSONResponse({"status": "alive"})


async def readyz(request: Request) -> Response:
    """This process may be given clients: Redis answers, the scripts are loaded,
    and the process is not draining (stopping)."""
    s = services(request)
    if s.draining:
        return problem(503, "draining", "server.draining", "this process is stopping")
    try:
        async with asyncio.timeout(min(s.settings.request_seconds, 2.0)):
            await s.store.load_scripts()
    except (RedisError, TimeoutError, OSError):
        return problem(503, "unavailable", "store.unavailable", "the event store is unavailable")
    return JSONResponse({"status": "ready"})


@http_errors
async def create_table(request: Request) -> Response:
    s = services(request)
    key = s.settings.create_key
    if key:
        if s.limits.throttled(peer(request)):
            raise Throttled
        if not hmac.compare_digest(token_from(request.headers, request.query_params) or "", key):
            s.limits.failed(peer(request))
            raise PermissionError
    body: CreateTable = await read_body(request, CreateTable)
    created = await s.tables.create(body.title, body.system, body.sandbox, body.options)
    return JSONResponse(
        {"table_id": created.table_id, "gm_token": created.gm_token, "epoch": created.epoch}, status_code=201
    )


@http_errors
async def invite(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    viewer = await viewer_of(request, table_id)
    if not viewer.is_gm:
        raise Forbidden("role.gm-only", "only the GM invites")
    body: Invite = await read_body(request, Invite)
    principal, token = await services(request).tables.invite(table_id, body.role, body.name, body.combatants)
    return JSONResponse({"id": principal, "role": body.role, "token": token}, status_code=201)


@http_errors
async def revoke(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    viewer = await viewer_of(request, table_id)
    if not viewer.is_gm:
        raise Forbidden("role.gm-only", "only the GM revokes invitations")
    result = await services(request).tables.revoke(table_id, request.path_params["principal"])
    return JSONResponse({"position": result.last})


def position_param(request: Request, name: str) -> int | None:
    """The position named by ``?<name>=``, checked before anything reads the store."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()) or int(raw) > MAX_POSITION:
        raise CheckFailed("request.param", f"{name} must be a position from 0 to {MAX_POSITION}")
    return int(raw)


@http_errors
async def events(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    viewer = await viewer_of(request, table_id)
    after = position_param(request, "after") or 0
    store = services(request).store

    async def lines() -> AsyncIterator[bytes]:
        async for record in store.read_all(table_id, after=after):
            yield ENCODER.encode(view_record(record, viewer)) + b"\n"

    return StreamingResponse(lines(), media_type="application/x-ndjson")


@http_errors
async def head(request: Request) -> Response:
    """The table's chain value at ``at`` (the head when omitted), signed by the server:
    ``fracas export`` ends its file with it, so that a cut export is caught."""
    table_id = request.path_params["table_id"]
    await viewer_of(request, table_id)
    store = services(request).store
    last = await store.head(table_id)
    at = position_param(request, "at") or last
    check(1 <= at <= last, "request.param", f"at must be a position from 1 to {last}, not {at}")
    [record] = await store.read(table_id, after=at - 1, limit=1)
    signed = (await services(request).tables.signer(table_id)).head(record.position, record.chain)
    return JSONResponse({"head": None if signed is None else msgspec.to_builtins(signed)})


@http_errors
async def state(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    viewer = await viewer_of(request, table_id)
    at = position_param(request, "at")
    found = await services(request).tables.state_at(table_id, at, viewer)
    return Response(ENCODER.encode(found), media_type="application/json")


@http_errors
async def command(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    viewer = await viewer_of(request, table_id)
    body: CommandRequest = await read_body(request, CommandRequest)
    command = envelope(
        viewer, body.id, body.command, nonce=body.nonce, expected_head=body.expected_head, dice=body.dice
    )
    result = await services(request).tables.run(table_id, command)
    answer = {"first": result.first, "last": result.last, "duplicate": result.duplicate}
    signed = None if result.signed_head is None else msgspec.to_builtins(result.signed_head)
    return JSONResponse(answer | {"signed_head": signed})

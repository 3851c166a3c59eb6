"""The browser pages: the static files of ``clients/web/`` (no build step), the
page routes that answer with their HTML shell, the JSON Schema the pages build
their forms from, QR codes of invitation links, and combatant sheets read from
JSON or YAML.

The static files are read once, at start, and served from memory
(``server/web_files.py``). Every answer carries a strict Content-Security-Policy (scripts, styles and
connections from this server only, nothing inline), ``nosniff``, no referrer
(a page URL may hold a token), and ``Cache-Control: no-cache`` with an ETag so a
phone reloads from its cache after a quick revalidation.
"""

from __future__ import annotations

import functools
import hashlib
import io
import re
from pathlib import Path
from typing import Any

import msgspec
import segno
import yaml
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, request_response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from domain.events import Combatant
from domain.systems import SYSTEMS
from domain.wire import schema
from server.web_files import WebFiles

WEB = Path(__file__).resolve().parent.parent / "clients" / "web"

PAGES = {
    "/": "index.html",
    "/t/{table_id}": "table.html",
    "/overlay/{table_id}": "overlay.html",
    "/replay/{table_id}": "replay.html",
}

MAX_QR_TEXT = 1000
MAX_SHEETS_TEXT = 256 * 1024
_HOST = re.compile(r"^[A-Za-z0-9.\-:\[\]]{1,255}$")


def content_security_policy(host: str | None) -> str:
    """Scripts, styles, images and connections from this server only; the table's
    WebSocket on the same host (``ws:`` or ``wss:``)."""
    sockets = f" ws://{host} wss://{host}" if host and _HOST.match(host) else ""
    return (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
        f"connect-src 'self'{sockets}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


class PageHeaders:
    """Adds the pages' security headers to every answer of ``app``, and
    ``no-cache`` (revalidate by ETag) unless it says otherwise."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        host = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(k == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-cache"))
                headers += [
                    (b"content-security-policy", content_security_policy(host).encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


def _file(files: WebFiles, name: str | None = None) -> ASGIApp:
    """The file ``name`` (the HTML shell of a page, whatever the table in its path), or
    the one the path names under ``/web``; revalidated by its ETag (304 when unchanged)."""

    async def endpoint(request: Request) -> Response:
        return files.answer(name or request.path_params["path"], request)

    return request_response(endpoint)


def _systems() -> dict[str, Any]:
    """What a page needs to know of each rule system, from the registry: its sheet
    and roll tags, which of its commands only the GM sends, and for the others
    the field naming the combatant who sends it."""
    return {
        code: {
            "name": system.name,
            "sheet": system.sheet_type.__struct_config__.tag,
            "roll_spec": system.roll_spec_type.__struct_config__.tag,
            "gm_commands": [move.tag for move in system.moves if move.by == "gm"],
            "actors": {move.tag: move.actor for move in system.moves if move.by == "actor"},
        }
        for code, system in SYSTEMS.items()
    }


@functools.cache
def _published() -> tuple[bytes, str]:
    """The body of ``/api/schema`` and its ETag, made once per process."""
    body = msgspec.json.encode({"schema": schema(), "systems": _systems()})
    return body, '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


async def api_schema(request: Request) -> Response:
    """The JSON Schema of the protocol (``docs/schema.json``) and each system's tags."""
    body, etag = _published()
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers={"etag": etag})
    return Response(body, media_type="application/json", headers={"etag": etag})


class QrRequest(msgspec.Struct, forbid_unknown_fields=True):
    text: str


async def api_qr(request: Request) -> Response:
    """An SVG QR code of ``text`` (an invitation link), made here rather than by a
    third party; the link holds a token, so it comes in the body (never in a URL,
    which the access log would not print anyway) and the answer is not stored."""
    try:
        body = msgspec.json.decode(await request.body(), type=QrRequest)
    except msgspec.DecodeError as exc:
        return Response(str(exc), status_code=422, media_type="text/plain")
    if not body.text or len(body.text) > MAX_QR_TEXT:
        return Response(f"1 to {MAX_QR_TEXT} characters", status_code=422, media_type="text/plain")
    svg = io.BytesIO()
    segno.make(body.text, error="m").save(svg, kind="svg", scale=4, border=2, dark="#000", light="#fff")
    return Response(svg.getvalue(), media_type="image/svg+xml", headers={"cache-control": "no-store"})


def _problem(message: str) -> Response:
    return Response(msgspec.json.encode({"message": message}), status_code=422, media_type="application/json")


async def api_combatants(request: Request) -> Response:
    """The combatants of a JSON or YAML text (one ``{id, name, side, sheet}`` or a
    list), checked against the protocol's ``Combatant``: the GM page imports sheets
    in either format with no parser of its own. A refusal names what is wrong
    (``at $[0].sheet.attributes.strength``); nothing is stored."""
    body = await request.body()
    if len(body) > MAX_SHEETS_TEXT:
        return _problem(f"at most {MAX_SHEETS_TEXT // 1024} KiB")
    try:
        data = yaml.safe_load(body.decode("utf-8"))
    except (UnicodeDecodeError, yaml.YAMLError) as exc:
        return _problem(f"not JSON or YAML: {exc}")
    try:
        found = (
            msgspec.convert(data, list[Combatant])
            if isinstance(data, list)
            else [msgspec.convert(data, Combatant)]
        )
    except msgspec.ValidationError as exc:
        return _problem(str(exc))
    if not found:
        return _problem("no combatant in the text")
    return Response(msgspec.json.encode({"combatants": found}), media_type="application/json")


def routes() -> list[BaseRoute]:
    """The pages, their files under ``/web``, the schema and the QR codes."""
    files = WebFiles(WEB)
    found: list[BaseRoute] = [
        Route(path, PageHeaders(_file(files, name)), methods=["GET", "HEAD"]) for path, name in PAGES.items()
    ]
    found += [
        Route("/api/schema", PageHeaders(request_response(api_schema)), methods=["GET", "HEAD"]),
        Route("/api/qr", PageHeaders(request_response(api_qr)), methods=["POST"]),
        Route("/api/combatants", PageHeaders(request_response(api_combatants)), methods=["POST"]),
        Route("/web/{path:path}", PageHeaders(_file(files)), methods=["GET", "HEAD"]),
    ]
    return found

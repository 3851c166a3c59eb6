"""Tokens, roles and origins.

A token is ``<principal>.<secret>``: the principal is ``gm`` or an invitation id,
the secret a random string of which Redis keeps only the SHA-256. What a
principal may do comes from the table's projection (the GM; an invited player
and the combatants bound to them; a spectator), checked on every message, so
a revoked invitation stops working at once, even on an open socket.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from urllib.parse import urlsplit

from domain.base import GM, Viewer
from domain.table import TableState
from server.store import EventStore


def new_salt() -> str:
    """A record's salt: it keeps a hidden record's digest from telling its content."""
    return secrets.token_hex(16)


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def make_token(principal: str, secret: str) -> str:
    return f"{principal}.{secret}"


def token_from(headers: Mapping[str, str], query: Mapping[str, str]) -> str | None:
    """The bearer token of a request: the Authorization header, else ``?token=``
    (browsers cannot set headers on a WebSocket)."""
    header = headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return query.get("token") or None


def viewer_in(state: TableState, principal: str) -> Viewer | None:
    """The viewer a principal is on this table now, or None if not (any more)."""
    admin = state.admin
    if admin is None:
        return None
    if principal == "gm":
        return GM
    if principal in admin.players:
        return Viewer(role="player", id=principal)
    if principal in admin.spectators:
        return Viewer(role="spectator", id=principal)
    return None


async def token_principal(store: EventStore, table_id: str, token: str | None) -> str | None:
    """The principal whose secret ``token`` holds on this table (invited now or
    not), or None for a missing or wrong token."""
    if not token or "." not in token:
        return None
    principal, secret = token.split(".", 1)
    expected = await store.token_hash(table_id, principal)
    if expected is None or not hmac.compare_digest(expected, hash_secret(secret)):
        return None
    return principal


def origin_allowed(
    origin: str | None, host: str | None, allowlist: tuple[str, ...], public: tuple[str, ...] = ()
) -> bool:
    """Non-browser clients send no Origin; a browser page must come from this
    server itself — its configured public origins, or else the request's own
    ``Host`` — or from an origin the operator allowed."""
    if origin is None:
        return True
    if "*" in allowlist or origin in allowlist:
        return True
    if public:
        return origin.rstrip("/") in {p.rstrip("/") for p in public}
    return host is not None and urlsplit(origin).netloc == host

"""Limits on what one address or one token may hold or try: failed token
attempts per address, and open sockets per token and per address.

Addresses are the peer's as uvicorn reports it (behind a proxy that uvicorn
trusts, the client's own from ``X-Forwarded-For``).
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from starlette.requests import HTTPConnection

from domain.base import Viewer
from domain.table import TableState
from server.auth import token_principal, viewer_in
from server.store import EventStore


@dataclass(frozen=True)
class LimitSettings:
    failed_attempts: int = 10
    """Failed token attempts an address may make within :attr:`failure_seconds`;
    past them its requests are refused before any token is checked."""
    failure_seconds: float = 60.0
    per_token: int = 256
    """Sockets one token (one GM, player or spectator of one table) may hold open:
    a spectator token may be shared by a whole audience's overlays."""
    per_address: int = 1024
    """Sockets one address may hold open (a club or a hall may share one address)."""


@dataclass
class Limits:
    settings: LimitSettings = field(default_factory=LimitSettings)
    _failures: dict[str, deque[float]] = field(default_factory=dict)
    _per_token: Counter[tuple[str, str]] = field(default_factory=Counter)
    _per_address: Counter[str] = field(default_factory=Counter)

    def throttled(self, address: str) -> bool:
        """Whether ``address`` failed too often lately to have a token checked now."""
        failures = self._failures.get(address)
        if failures is None:
            return False
        self._forget_old(failures, time.monotonic())
        if not failures:
            del self._failures[address]
        return len(failures) >= self.settings.failed_attempts

    def failed(self, address: str) -> None:
        """``address`` sent a missing or wrong token."""
        now = time.monotonic()
        if len(self._failures) > 4096:  # keep only addresses that failed lately
            for known in list(self._failures):
                self._forget_old(self._failures[known], now)
                if not self._failures[known]:
                    del self._failures[known]
        failures = self._failures.setdefault(address, deque())
        failures.append(now)
        while len(failures) > self.settings.failed_attempts:
            failures.popleft()

    def _forget_old(self, failures: deque[float], now: float) -> None:
        while failures and failures[0] <= now - self.settings.failure_seconds:
            failures.popleft()

    def open_socket(self, address: str, token: tuple[str, str]) -> bool:
        """Count a socket of ``token`` (table id, principal) from ``address``, or
        refuse it (False) when either already holds its most."""
        if (
            self._per_token[token] >= self.settings.per_token
            or self._per_address[address] >= self.settings.per_address
        ):
            return False
        self._per_token[token] += 1
        self._per_address[address] += 1
        return True

    def close_socket(self, address: str, token: tuple[str, str]) -> None:
        _release(self._per_token, token)
        _release(self._per_address, address)

    async def authenticate(
        self,
        address: str,
        store: EventStore,
        table_id: str,
        state: TableState,
        token: str | None,
        catch_up: Callable[[], Awaitable[TableState]] | None = None,
    ) -> Viewer | None:
        """The viewer ``token`` is on this table now, or None; refused
        (:class:`Throttled`) for an address that failed too often lately. A
        missing or wrong token counts as a failure, and so does a revoked one
        once its secret is forgotten (:meth:`server.tables.Tables.revoke`).
        A valid token whose invitation ``state`` does not hold yet (written by
        another process) is looked up again on the latest log, from ``catch_up``."""
        if self.throttled(address):
            raise Throttled
        principal = await token_principal(store, table_id, token)
        if principal is None:
            self.failed(address)
            return None
        viewer = viewer_in(state, principal)
        if viewer is None and catch_up is not None:
            viewer = viewer_in(await catch_up(), principal)
        return viewer


class Throttled(Exception):
    """Too many failed token attempts from this address lately (HTTP 429, close 4429)."""

    message = "too many failed token attempts from this address; wait a minute"


K = TypeVar("K")


def _release(counter: Counter[K], key: K) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


def peer(connection: HTTPConnection) -> str:
    """The address a request or socket comes from."""
    client = connection.client
    return client.host if client is not None else "-"

"""The async Python client of Fracas: HTTP for administration, the WebSocket for
everything live.

    async with TableClient(server, table_id, token) as table:
        await table.follow()
        answer = await table.send(RollDice(spec=PoolSpec(dice=5, difficulty=6)))
        async for record in table.events():
            ...

A client that loses its connection reconnects with :meth:`TableClient.resume`,
which follows again from the last position it received, so it misses and
repeats nothing; if the server's history diverged it raises :class:`Diverged`.
:meth:`TableClient.live` and ``send(..., reconnect=True)`` do it by themselves
when the server closes the socket for the client to come back (a process
draining on SIGTERM closes with 1012): through a proxy or a service, the
next connection reaches another replica.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from domain.events import RECORD_DECODER, Recorded
from domain.wire import (
    ENCODER,
    MAX_MESSAGE_BYTES,
    OUTBOUND_DECODER,
    Accepted,
    Error,
    EventPage,
    Events,
    Follow,
    GetEvents,
    GetState,
    Rejected,
    SendCommand,
    SignedHead,
    SkippedAhead,
    StateAt,
    Unfollow,
    Welcome,
)
from domain.wire import (
    Diverged as DivergedMessage,
)

RECONNECT_CODES = frozenset({1001, 1006, 1011, 1012, 1013})
"""Close codes after which a client connects again: the server is going away
(1001) or restarting (1012), the connection was lost (1006), the server erred
(1011) or asks to try again (1013: too far behind, or Redis unavailable)."""

BACKOFF_SECONDS = (0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
"""Pauses before each reconnection attempt (jittered): the first at once, since
another replica is usually there."""


def backoff(attempt: int) -> float:
    pause = BACKOFF_SECONDS[min(attempt, len(BACKOFF_SECONDS) - 1)]
    return pause * (0.75 + random.random() / 2)


class FracasError(Exception):
    pass


class Diverged(FracasError):
    """The server's history is not the one this client followed: reload."""


class Closed(FracasError):
    def __init__(self, code: int | None, reason: str) -> None:
        super().__init__(f"connection closed ({code}): {reason}")
        self.code = code
        self.reason = reason


class HttpError(FracasError):
    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"HTTP {status}: {body.get('rule', '')} {body.get('message', body)}")
        self.status = status
        self.body = body


def ws_url(server: str, table_id: str) -> str:
    parts = urlsplit(server)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, f"/ws/tables/{table_id}", "", ""))


class Admin:
    """The HTTP side: create tables, invite, read state and logs."""

    def __init__(self, server: str, token: str | None = None, timeout: float = 30.0) -> None:
        self.server = server.rstrip("/")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.http = httpx.AsyncClient(base_url=self.server, headers=headers, timeout=timeout)

    async def __aenter__(self) -> Admin:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.http.aclose()

    async def _json(self, response: httpx.Response) -> Any:
        if response.status_code >= 400:
            try:
                body = response.json()
            except ValueError:
                body = {"message": response.text}
            raise HttpError(response.status_code, body)
        return response.json()

    async def health(self) -> dict[str, Any]:
        return await self._json(await self.http.get("/healthz"))  # type: ignore[no-any-return]

    async def create_table(
        self, title: str, system: str, *, sandbox: bool = False, options: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        body = {"title": title, "system": system, "sandbox": sandbox, "options": options or {}}
        return await self._json(await self.http.post("/api/tables", json=body))  # type: ignore[no-any-return]

    async def invite(
        self, table_id: str, role: str, name: str = "", combatants: list[str] | None = None
    ) -> dict[str, Any]:
        body = {"role": role, "name": name, "combatants": combatants or []}
        return await self._json(await self.http.post(f"/api/tables/{table_id}/invites", json=body))  # type: ignore[no-any-return]

    async def revoke(self, table_id: str, principal: str) -> dict[str, Any]:
        return await self._json(await self.http.delete(f"/api/tables/{table_id}/invites/{principal}"))  # type: ignore[no-any-return]

    async def state(self, table_id: str, at: int | None = None) -> dict[str, Any]:
        params = {} if at is None else {"at": at}
        return await self._json(await self.http.get(f"/api/tables/{table_id}/state", params=params))  # type: ignore[no-any-return]

    async def export(self, table_id: str, after: int = 0) -> AsyncIterator[bytes]:
        """The log as NDJSON lines, redacted for this token's role."""
        async with self.http.stream(
            "GET", f"/api/tables/{table_id}/events", params={"after": after}
        ) as response:
            if response.status_code >= 400:
                await response.aread()
                await self._json(response)
            async for line in response.aiter_lines():
                if line:
                    yield line.encode()

    async def signed_head(self, table_id: str, at: int | None = None) -> SignedHead | None:
        """The server's signature on the chain value at ``at`` (the head when omitted)."""
        params = {} if at is None else {"at": at}
        found = await self._json(await self.http.get(f"/api/tables/{table_id}/head", params=params))
        return None if found["head"] is None else msgspec.convert(found["head"], SignedHead)

    async def records(self, table_id: str, after: int = 0) -> list[Recorded]:
        return [RECORD_DECODER.decode(line) async for line in self.export(table_id, after)]

    async def command(self, table_id: str, command: Any, **fields: Any) -> dict[str, Any]:
        body = {"command": msgspec.to_builtins(command), **fields}
        return await self._json(await self.http.post(f"/api/tables/{table_id}/commands", json=body))  # type: ignore[no-any-return]


def _drain(queue: asyncio.Queue[Any]) -> list[Any]:
    items = []
    while not queue.empty():
        items.append(queue.get_nowait())
    return items


class TableClient:
    """One WebSocket connection to one table."""

    def __init__(self, server: str, table_id: str, token: str, *, origin: str | None = None) -> None:
        self.server = server
        self.table_id = table_id
        self.token = token
        self.origin = origin
        self.welcome: Welcome | None = None
        self.epoch = ""
        self.last_position = 0
        self.last_chain = ""
        self.head: SignedHead | None = None
        """The last head the server signed for a command of this client: keep it, and
        ``fracas verify --heads`` proves any later export extends it."""
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: dict[str, asyncio.Future[Any]] = {}
        self._events: asyncio.Queue[Recorded | BaseException] = asyncio.Queue()
        self._welcomed: asyncio.Future[Welcome] | None = None
        self._following = False
        self._closed: Closed | None = None
        self._reconnecting = asyncio.Lock()
        self.connections = 0
        """How many connections this client has opened."""
        self.reconnects: list[int | None] = []
        """The close code of each connection this client replaced by itself."""

    async def __aenter__(self) -> TableClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> Welcome:
        self._welcomed = asyncio.get_running_loop().create_future()
        self._closed = None
        self.connections += 1
        self._ws = await connect(
            ws_url(self.server, self.table_id),
            additional_headers={"Authorization": f"Bearer {self.token}"},
            origin=self.origin,  # type: ignore[arg-type]
            compression=None,
            max_size=None,
        )
        self._reader = asyncio.create_task(self._read())
        self.welcome = await self._welcomed
        if self.epoch and self.welcome.epoch != self.epoch:
            raise Diverged(f"the table's epoch changed from {self.epoch} to {self.welcome.epoch}")
        self.epoch = self.welcome.epoch
        return self.welcome

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        # Keep the events not yet consumed, drop the end-of-connection marker, so
        # that resume() continues the same stream.
        kept = [item for item in _drain(self._events) if not isinstance(item, Closed)]
        for item in kept:
            self._events.put_nowait(item)

    async def resume(self) -> Welcome:
        """Reconnect and follow from the last position received."""
        await self.close()
        welcome = await self.connect()
        await self.follow(self.last_position)
        return welcome

    async def reconnect(self, closed: Closed, connection: int | None = None, attempts: int = 12) -> None:
        """Replace a connection the server closed with ``closed`` (one of
        :data:`RECONNECT_CODES`, else it is raised): connect again, with backoff,
        and follow from the last position received if this client followed.
        ``connection`` is :attr:`connections` when ``closed`` was seen: if another
        caller has replaced that connection since, there is nothing to do."""
        if closed.code not in RECONNECT_CODES:
            raise closed
        async with self._reconnecting:
            if connection is not None and connection != self.connections:
                return
            self.reconnects.append(closed.code)
            await self._connect_again(attempts)

    async def _connect_again(self, attempts: int) -> None:
        for attempt in range(attempts):
            await asyncio.sleep(backoff(attempt))
            await self.close()
            try:
                await self.connect()
            except Closed as refused:
                if refused.code not in RECONNECT_CODES or attempt == attempts - 1:
                    raise
                continue
            except (TimeoutError, OSError, InvalidHandshake):
                if attempt == attempts - 1:
                    raise
                continue
            if self._following:
                await self.follow(self.last_position)
            return

    async def live(self, after: int | None = None) -> AsyncIterator[Recorded]:
        """Every event after ``after`` (default: the last one received), then each
        new one, for as long as the table can be reached: when the server closes
        the socket for the client to come back, this connects again and resumes
        from the last position received, so nothing is missed or repeated."""
        if self._ws is None:
            await self.connect()
        await self.follow(after)
        while True:
            connection = self.connections
            try:
                async for record in self.events():
                    yield record
            except Closed as closed:
                await self.reconnect(closed, connection)

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for frame in self._ws:
                message = OUTBOUND_DECODER.decode(frame)
                self._dispatch(message)
            raise Closed(self._ws.close_code, self._ws.close_reason or "")
        except BaseException as exc:
            closed = (
                exc
                if isinstance(exc, Closed | asyncio.CancelledError)
                else Closed(self._ws.close_code, self._ws.close_reason or str(exc))
            )
            if isinstance(closed, Closed):
                self._closed = closed
            if self._welcomed is not None and not self._welcomed.done():
                self._welcomed.set_exception(closed)
            for future in self._pending.values():
                if not future.done():
                    future.set_exception(closed)
            self._events.put_nowait(closed)
            if isinstance(exc, asyncio.CancelledError):
                raise

    def _dispatch(self, message: Any) -> None:
        match message:
            case Welcome():
                assert self._welcomed is not None
                self._welcomed.set_result(message)
            case Events(events=records):
                for record in records:
                    if record.position <= self.last_position:
                        continue  # never hand out a position twice
                    self.last_position = record.position
                    self.last_chain = record.chain
                    self._events.put_nowait(record)
            case SkippedAhead(head=head):
                self.last_position = head
                self.last_chain = ""
            case DivergedMessage(message=text):
                self._events.put_nowait(Diverged(text))
                for future in self._pending.values():
                    if not future.done():
                        future.set_exception(Diverged(text))
            case Accepted(id=mid) | Rejected(id=mid) | StateAt(id=mid) | EventPage(id=mid):
                self._answer(mid, message)
            case Error(id=mid):
                if not self._answer(mid, message):
                    self._events.put_nowait(FracasError(f"{message.code}: {message.message}"))

    def _answer(self, message_id: str, message: Any) -> bool:
        """Hand ``message`` to the request ``message_id`` waiting for it, if one is."""
        waiting = self._pending.pop(message_id) if message_id in self._pending else None
        if waiting is None or waiting.done():
            return False
        waiting.set_result(message)
        return True

    async def _request(self, message: Any, message_id: str) -> Any:
        assert self._ws is not None
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[message_id] = future
        frame = ENCODER.encode(message)
        if len(frame) > MAX_MESSAGE_BYTES:
            self._pending.pop(message_id)
            raise FracasError(f"message of {len(frame)} bytes exceeds {MAX_MESSAGE_BYTES}")
        if self._closed is not None:  # the reader has ended: nothing would answer
            self._pending.pop(message_id)
            raise self._closed
        try:
            await self._ws.send(frame.decode())
        except ConnectionClosed as exc:
            self._pending.pop(message_id, None)
            code = exc.rcvd.code if exc.rcvd is not None else None
            raise Closed(code, exc.rcvd.reason if exc.rcvd is not None else str(exc)) from None
        return await future

    async def follow(self, after: int | None = None) -> None:
        """Receive every event after ``after`` (default: the last one received)."""
        assert self._ws is not None
        after = self.last_position if after is None else after
        chain = self.last_chain if after == self.last_position else ""
        self.last_position = after
        self._following = True
        await self._ws.send(ENCODER.encode(Follow(after=after, epoch=self.epoch, chain=chain)).decode())

    async def unfollow(self) -> None:
        assert self._ws is not None
        self._following = False
        await self._ws.send(ENCODER.encode(Unfollow()).decode())

    async def send(
        self,
        command: Any,
        *,
        command_id: str | None = None,
        expected_head: int | None = None,
        dice: list[int] | None = None,
        nonce: str | None = None,
        reconnect: bool = False,
    ) -> Accepted | Rejected:
        """Send ``command`` and wait for its answer. With ``reconnect``, a socket the
        server closes before answering (see :meth:`reconnect`) is replaced and the
        command sent again with the same id and nonce: applied at most once, and
        answered with its first result if the first sending landed."""
        command_id = command_id or secrets.token_hex(8)
        message = SendCommand(
            id=command_id,
            command=command,
            nonce=secrets.token_hex(8) if nonce is None else nonce,
            expected_head=expected_head,
            dice=dice,
        )
        while True:
            connection = self.connections
            try:
                answer = await self._request(message, command_id)
                break
            except Closed as closed:
                if not reconnect:
                    raise
                await self.reconnect(closed, connection)
        if isinstance(answer, Accepted) and answer.signed_head is not None:
            self.head = answer.signed_head
        return answer  # type: ignore[no-any-return]

    async def may(self) -> dict[str, list[str]]:
        """What each combatant this client plays may do now."""
        request_id = secrets.token_hex(8)
        answer = await self._request(GetState(id=request_id), request_id)
        if not isinstance(answer, StateAt):
            raise FracasError(f"{getattr(answer, 'code', '')}: {answer.message}")
        return answer.may

    async def state_and_may(self) -> StateAt:
        """The state at the head and what each combatant this client plays may do now."""
        request_id = secrets.token_hex(8)
        answer = await self._request(GetState(id=request_id), request_id)
        if not isinstance(answer, StateAt):
            raise FracasError(f"{getattr(answer, 'code', '')}: {answer.message}")
        return answer

    async def state(self, at: int | None = None) -> Any:
        request_id = secrets.token_hex(8)
        answer = await self._request(GetState(id=request_id, at=at), request_id)
        if isinstance(answer, Rejected):
            raise FracasError(f"{answer.rule}: {answer.message}")
        if isinstance(answer, Error):
            raise FracasError(f"{answer.code}: {answer.message}")
        return answer.state

    async def page(self, after: int = 0, limit: int = 500) -> EventPage:
        request_id = secrets.token_hex(8)
        answer = await self._request(GetEvents(id=request_id, after=after, limit=limit), request_id)
        if isinstance(answer, Error):
            raise FracasError(f"{answer.code}: {answer.message}")
        return answer  # type: ignore[no-any-return]

    async def events(self) -> AsyncIterator[Recorded]:
        """Every event received, in position order, until the connection ends."""
        while True:
            item = await self._events.get()
            if isinstance(item, BaseException):
                raise item
            yield item

    async def next_event(self, timeout: float = 10.0) -> Recorded:
        item = await asyncio.wait_for(self._events.get(), timeout)
        if isinstance(item, BaseException):
            raise item
        return item

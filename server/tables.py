"""Tables as the server serves them: creation, commands, invitations, state.

Commands go through the table's :class:`~server.appender.Appender` (group
commit within this process); across replicas the expected head settles who
wrote first, in Redis.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.base import GM, Viewer
from domain.commands import InvitePlayer, InviteSpectator, RevokeInvite
from domain.errors import CheckFailed
from domain.events import Recorded
from domain.proof import chained
from domain.systems import find_system
from domain.table import TableState, create_table, view_state
from server import logs, metrics, tracing
from server.appender import Appender, Deadlines
from server.auth import hash_secret, make_token, new_salt, new_secret
from server.deciding import Pending, Result
from server.envelope import Envelope, envelope, now
from server.hub import Feed, Hub
from server.projector import Projector
from server.signing import Signer, new_signing_key, public_key
from server.store import EventStore

log = logging.getLogger("fracas.tables")


@dataclass(frozen=True)
class Created:
    table_id: str
    gm_token: str
    epoch: str


class Tables:
    def __init__(
        self, store: EventStore, hub: Hub, projector: Projector, request_seconds: float = 10.0
    ) -> None:
        self.store = store
        self.deadlines = Deadlines(request_seconds)
        """How long a command may wait on Redis before it hears ``TimeoutError``."""
        self.hub = hub
        self.projector = projector
        self._seeds: dict[str, bytes] = {}
        self._signers: dict[str, Signer] = {}
        self._appenders: dict[str, Appender] = {}

    async def create(self, title: str, system: str, sandbox: bool, options: dict[str, Any] | None) -> Created:
        found = find_system(system)
        try:
            parsed = msgspec.convert(options or {}, found.options_type)
        except msgspec.ValidationError as exc:
            raise CheckFailed("table.options", f"options of {system}: {exc}") from None
        table_id = secrets.token_hex(6)
        seed = secrets.token_bytes(32)
        epoch = secrets.token_hex(8)
        secret = new_secret()
        signing_key = new_signing_key()
        first = create_table(table_id, title, system, sandbox, parsed, seed, public_key(signing_key))
        first_record = Recorded(position=1, event=first, sender="gm", batch=1, at=now(), salt=new_salt())
        record = chained("", first_record)
        await self.store.create(
            table_id,
            record,
            epoch=epoch,
            seed=seed,
            gm_token_hash=hash_secret(secret),
            created_at=record.at,
            signing_key=signing_key,
        )
        return Created(table_id=table_id, gm_token=make_token("gm", secret), epoch=epoch)

    async def seed(self, table_id: str) -> bytes:
        seed = self._seeds.get(table_id)
        if seed is None:
            seed = self._seeds[table_id] = await self.store.seed(table_id)
        return seed

    async def signer(self, table_id: str) -> Signer:
        """Signs the table's heads (a table made before tables had keys signs none)."""
        signer = self._signers.get(table_id)
        if signer is None:
            meta = await self.store.meta(table_id)
            signer = self._signers[table_id] = Signer(table_id, meta.signing_key if meta else b"")
        return signer

    def submit(
        self, table_id: str, command: Envelope, on_answer: Callable[[Result | BaseException], None]
    ) -> None:
        """Queue ``command`` to be decided and appended with the table's other
        waiting commands; ``on_answer`` hears its result (a command id already
        applied: its first result, nothing written), its :class:`Refused`, or the
        store's failure."""
        appender = self._appenders.get(table_id)
        if appender is None:
            appender = self._appenders[table_id] = Appender(
                table_id,
                self.store,
                self.hub,
                self.projector,
                lambda: self.seed(table_id),
                lambda: self.signer(table_id),
                self._idle,
                self.deadlines,
            )
        started = time.perf_counter()
        span = None
        if tracing.enabled():
            kind = type(command.command).__name__
            span = tracing.command_started(table_id, command.command_id, kind, command.sender.id)

        def answered(outcome: Result | BaseException) -> None:
            kind, result, rule = metrics.command_answered(command.command, started, outcome)
            if span is not None:
                tracing.command_answered(span, result, rule)
            if log.isEnabledFor(logging.DEBUG):
                ids = logs.fields(table_id, command.command_id, command.sender.id)
                log.debug("%s %s%s", kind, result, f" ({rule})" if rule else "", extra=ids)
            on_answer(outcome)

        appender.submit(Pending(command, answered))

    async def run(self, table_id: str, command: Envelope) -> Result:
        """:meth:`submit`, then wait for the result; raises :class:`Refused` on refusal."""
        answer: asyncio.Future[Result] = asyncio.get_running_loop().create_future()

        def settle(outcome: Result | BaseException) -> None:
            if answer.done():  # the caller gave up waiting
                return
            if isinstance(outcome, BaseException):
                answer.set_exception(outcome)
            else:
                answer.set_result(outcome)

        self.submit(table_id, command, settle)
        return await answer

    def _idle(self, appender: Appender) -> None:
        if self._appenders.get(appender.table_id) is appender:
            del self._appenders[appender.table_id]

    async def invite(self, table_id: str, role: str, name: str, combatants: list[str]) -> tuple[str, str]:
        """Invite a player (bound to ``combatants``) or a spectator; returns the
        invitation id and its token. Only the token's hash is kept."""
        prefix = "p" if role == "player" else "s"
        principal = f"{prefix}-{secrets.token_hex(4)}"
        command: Any
        if role == "player":
            command = InvitePlayer(player_id=principal, name=name, combatants=combatants)
        elif role == "spectator":
            command = InviteSpectator(spectator_id=principal, name=name)
        else:
            raise CheckFailed("invite.role", f"invite a player or a spectator, not {role!r}")
        secret = new_secret()
        await self.store.set_token(table_id, principal, hash_secret(secret))
        try:
            await self.run(table_id, envelope(GM, f"invite-{principal}", command))
        except BaseException:
            await self.store.drop_token(table_id, principal)
            raise
        return principal, make_token(principal, secret)

    async def revoke(self, table_id: str, principal: str) -> Result:
        revoke = RevokeInvite(principal_id=principal)
        result = await self.run(table_id, envelope(GM, f"revoke-{principal}", revoke))
        await self.store.drop_token(table_id, principal)
        return result

    async def feed(self, table_id: str) -> Feed:
        return await self.hub.feed(table_id)

    async def state_at(self, table_id: str, at: int | None, viewer: Viewer) -> TableState:
        head = await self.store.head(table_id)
        position = head if at is None else at
        if not 0 <= position <= head:
            raise CheckFailed("table.position", f"the table has positions 0 to {head}, not {position}")
        return view_state(await self.projector.state_at(table_id, position), viewer)

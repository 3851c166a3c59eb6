"""What a client hears when a rule system breaks the engine's fairness promise
(a refusal after a die): an ``internal`` error that names no rule, and nothing
written. And a nonce that could forge the dice's derivation is refused."""

from __future__ import annotations

from typing import Any

import pytest

import domain.play
from clients.python import Admin, TableClient
from domain.base import Context, Emitted
from domain.commands import AddNote, RollDice
from domain.errors import require
from domain.systems.wod import PoolSpec
from domain.wire import Accepted, Error, Rejected

pytestmark = [pytest.mark.redis, pytest.mark.timeout(60)]


def refuses_after_a_die(ctx: Context, command: Any) -> list[Emitted]:
    ctx.roller.die(10)
    require(False, "VDA-TEST-01", "refused once the die is known")
    return []


async def test_a_refusal_after_a_die_reaches_the_client_as_internal_and_writes_nothing(
    admin: Admin, server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = await admin.create_table("Loyauté", "vda")
    async with TableClient(server, created["table_id"], created["gm_token"]) as gm:
        head = (await gm.state())["position"]
        monkeypatch.setattr(domain.play, "decide", refuses_after_a_die)
        answer = await gm.send(AddNote(text="x"), nonce="n")
        monkeypatch.undo()
        assert isinstance(answer, Error) and answer.code == "internal"
        assert "VDA-TEST-01" not in answer.message
        assert (await gm.state())["position"] == head


async def test_a_nonce_that_could_forge_the_derivation_is_refused(admin: Admin, server: str) -> None:
    created = await admin.create_table("Loyauté", "vda")
    async with TableClient(server, created["table_id"], created["gm_token"]) as gm:
        refused = await gm.send(RollDice(spec=PoolSpec(dice=2)), nonce="a\x1fb")
        assert isinstance(refused, Rejected) and refused.rule == "dice.nonce"
        assert isinstance(await gm.send(RollDice(spec=PoolSpec(dice=2)), nonce="a-b c~"), Accepted)

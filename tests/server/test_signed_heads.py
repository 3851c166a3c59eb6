"""The server cannot rewrite what people saw: each accepted command carries the
table's head signed with the table's own key, an export ends with the signed head
of its last record, and ``fracas verify --heads`` proves an export extends every
head a participant kept."""

from __future__ import annotations

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from msgspec.structs import replace

from clients.python import Admin, TableClient
from clients.python.verify import verify_log
from domain.commands import AddNote, CloseTable, Rewind
from domain.events import NoteAdded, Recorded, TableCreated
from domain.proof import chain_all, head_message
from domain.wire import Accepted, ExportEnd, SignedHead

pytestmark = [pytest.mark.redis, pytest.mark.timeout(60)]


async def closed_table(admin: Admin, server: str) -> tuple[str, str, list[SignedHead]]:
    """A table with three notes, then closed; the heads the GM's client kept."""
    created = await admin.create_table("Archives", "vda")
    kept = []
    async with TableClient(server, created["table_id"], created["gm_token"]) as gm:
        for text in ("un", "deux", "trois"):
            answer = await gm.send(AddNote(text=text))
            assert isinstance(answer, Accepted) and gm.head is not None and answer.signed_head == gm.head
            kept.append(gm.head)
        assert isinstance(await gm.send(CloseTable()), Accepted)
    return created["table_id"], created["gm_token"], kept


async def exported(server: str, table_id: str, token: str) -> tuple[list[Recorded], ExportEnd]:
    async with Admin(server, token) as admin:
        records = await admin.records(table_id)
        return records, ExportEnd(head=await admin.signed_head(table_id, len(records)))


async def test_each_accepted_command_carries_its_head_signed_with_the_tables_key(
    admin: Admin, server: str
) -> None:
    table_id, token, kept = await closed_table(admin, server)
    records, _ = await exported(server, table_id, token)
    created = records[0].event
    assert isinstance(created, TableCreated) and created.public_key
    key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(created.public_key))
    for head in kept:
        assert head.chain == records[head.position - 1].chain
        key.verify(bytes.fromhex(head.signature), head_message(table_id, head.position, head.chain))


async def test_a_whole_export_verifies_with_its_end_and_the_kept_heads(admin: Admin, server: str) -> None:
    table_id, token, kept = await closed_table(admin, server)
    records, end = await exported(server, table_id, token)
    report = verify_log(records, end, kept)
    assert report.ok, report.lines


async def test_an_export_cut_short_is_caught(admin: Admin, server: str) -> None:
    table_id, token, kept = await closed_table(admin, server)
    records, end = await exported(server, table_id, token)
    cut = records[:-2]
    assert any("may be cut" in line for line in verify_log(cut, None).lines)
    assert any("cut" in line for line in verify_log(cut, end).lines if line.startswith("FAIL"))
    assert not verify_log(records[:3], None, kept).ok  # the GM saw position 4 signed


async def test_a_history_rewritten_after_it_was_seen_is_caught_by_a_kept_head(
    admin: Admin, server: str
) -> None:
    """Whoever rewrites a note and recomputes the whole public chain still cannot
    match the head a participant kept, nor sign a new one."""
    table_id, token, kept = await closed_table(admin, server)
    records, end = await exported(server, table_id, token)
    forged = list(records)
    forged[1] = replace(records[1], event=NoteAdded(text="autre chose", author="gm"))
    forged = forged[:1] + chain_all(records[0].chain, forged[1:])
    forged_end = ExportEnd(head=replace(end.head, chain=forged[-1].chain)) if end.head else end
    assert verify_log(forged, forged_end).ok is False  # the end's signature no longer holds
    report = verify_log(forged, end, kept)
    assert not report.ok and any("rewritten" in line or "not signed" in line for line in report.lines)


async def test_a_rewind_is_not_a_rewrite_the_heads_kept_before_it_still_hold(
    admin: Admin, server: str
) -> None:
    """The branch a GM's rewind abandons stays in the log: the heads signed while it was
    played hold in the export, with the abandoned notes in it."""
    created = await admin.create_table("Retour", "vda")
    kept = []
    async with TableClient(server, created["table_id"], created["gm_token"]) as gm:
        for command in (
            AddNote(text="gardée"),
            AddNote(text="abandonnée"),
            Rewind(to=2),
            AddNote(text="après"),
        ):
            assert isinstance(await gm.send(command), Accepted) and gm.head is not None
            kept.append(gm.head)
        assert isinstance(await gm.send(CloseTable()), Accepted)
    records, end = await exported(server, created["table_id"], created["gm_token"])
    report = verify_log(records, end, kept)
    assert report.ok and "4 kept heads match" in report.lines[1], report.lines
    notes = [r.event.text for r in records if isinstance(r.event, NoteAdded)]
    assert notes == ["gardée", "abandonnée", "après"]

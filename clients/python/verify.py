"""``fracas verify``: check an exported log offline, whoever's it is (GM, player
or spectator).

The records must hold positions 1, 2, 3… and each must link to the one before
through the public chain (``domain.proof``): a record changed, dropped,
inserted, repeated or moved, or a hidden record's stub swapped, breaks it.
Every die of a table is derived from its secret seed (see ``domain.dice``); the
seed's SHA-256 is published in the first event and the seed itself when the
table closes. With both in an export, anyone can check that every die is the
one the seed gives, and that each revealed secret roll matches the commitment
shown before the reveal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from domain.dice import (
    D6Roll,
    DrawSource,
    KeepRoll,
    PoolRoll,
    commitment_holds,
    derive_die,
    derive_die_v1,
    faces_drawn,
)
from domain.events import Hidden, Recorded, RollRevealed, TableClosed, TableCreated
from domain.proof import digest_of, head_message, link
from domain.wire import ExportEnd, SignedHead

ROLL_TYPES = (PoolRoll, KeepRoll, D6Roll)


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    ok: bool = True
    checked: int = 0

    def fail(self, message: str) -> None:
        self.ok = False
        self.lines.append(f"FAIL {message}")


def rolls_in(value: Any) -> Iterator[Any]:
    """Every roll inside an event, in field order (events of any rule system)."""
    if isinstance(value, ROLL_TYPES):
        yield value
    elif isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            yield from rolls_in(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from rolls_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from rolls_in(item)


def _derived(seed: bytes, table_id: str, record: Recorded, index: int, sides: int) -> int:
    """The die the seed gives: bound to the command and its sender, or by the first
    derivation for records written before that binding (no command digest)."""
    if not record.command_digest:
        return derive_die_v1(seed, table_id, record.batch, record.nonce, index, sides)
    source = DrawSource(table_id, record.batch, record.sender, record.command_digest, record.nonce)
    return derive_die(seed, source, index, sides)


def verify_log(
    records: list[Recorded],
    end: ExportEnd | None = None,
    heads: Sequence[SignedHead] = (),
    progress: Callable[[Iterable[Recorded]], Iterable[Recorded]] = lambda r: r,
) -> Report:
    """Every check an export allows offline: its positions, its public chain, the
    server's signed head it ends with and the heads participants kept, then (once the
    table is closed and its seed revealed) every die. ``progress`` wraps the walk
    along the chain, the long part (``fracas verify`` draws a bar with it)."""
    report = Report()
    if not records or not isinstance(records[0].event, TableCreated):
        report.fail("the log does not start with TableCreated")
        return report
    check_positions(records, report)
    check_chain(records, report, progress)
    if report.ok:
        check_heads(records, end, heads, report)
    if report.ok:
        check_dice(records, report)
    return report


def check_heads(
    records: list[Recorded], end: ExportEnd | None, heads: Sequence[SignedHead], report: Report
) -> None:
    """The export ends with the server's signed head at its last record, and holds
    every head a participant kept, as the server signed it."""
    created = records[0].event
    assert isinstance(created, TableCreated)
    if not created.public_key:
        report.lines.append("note the table has no signing key (played in memory, or made before keys)")
        return
    key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(created.public_key))
    last = len(records)
    if end is None or end.head is None:
        report.fail(f"the export ends at position {last} without the server's signed head: it may be cut")
        return
    if end.head.position != last:
        report.fail(f"the export ends at position {last} but its signed head is at {end.head.position}: cut")
        return
    for head in [*heads, end.head]:
        if not _signed(key, created.table_id, head):
            report.fail(f"the head at position {head.position} is not signed by this table's key")
            return
        if head.position > len(records):
            report.fail(
                f"the export ends at position {len(records)}, before position {head.position} "
                "which a participant saw signed: it was cut"
            )
            return
        if records[head.position - 1].chain != head.chain:
            report.fail(
                f"position {head.position}: the log differs from what a participant saw signed: "
                "the history was rewritten"
            )
            return
    report.lines.append(f"OK the export ends with the server's signed head; {len(heads)} kept heads match")


def _signed(key: Ed25519PublicKey, table_id: str, head: SignedHead) -> bool:
    if head.table_id != table_id:
        return False
    try:
        key.verify(bytes.fromhex(head.signature), head_message(table_id, head.position, head.chain))
    except (InvalidSignature, ValueError):
        return False
    return True


def check_positions(records: list[Recorded], report: Report) -> None:
    """Positions 1, 2, 3… with no gap, repeat or swap."""
    for expected, record in enumerate(records, start=1):
        if record.position != expected:
            report.fail(
                f"position {expected}: the record there says position {record.position}: "
                "a record was dropped, inserted, repeated or moved"
            )
            return


def check_chain(
    records: list[Recorded],
    report: Report,
    progress: Callable[[Iterable[Recorded]], Iterable[Recorded]] = lambda r: r,
) -> None:
    """Each record's chain value links the one before to its own digest (a hidden
    record's stub carries its digest). Records written before the public chain carry
    no salt and are reported, not checked; after the first one that does, each must."""
    previous = ""
    linked = 0
    for record in progress(records):
        proven = bool(record.salt) or (isinstance(record.event, Hidden) and bool(record.event.digest))
        if not proven:
            if linked:
                report.fail(f"position {record.position}: no salt or digest: its content cannot be checked")
                return
            previous = record.chain
            continue
        if record.chain != link(previous, digest_of(record)):
            report.fail(
                f"position {record.position}: the record does not match its chain value: it, or a "
                "record before it, was changed"
            )
            return
        previous = record.chain
        linked += 1
    unproven = len(records) - linked
    if unproven:
        report.lines.append(f"note {unproven} records predate the public chain and were not checked")
    report.lines.append(f"OK {linked} records linked by the public chain")


def check_dice(records: list[Recorded], report: Report) -> None:
    created = records[0].event
    assert isinstance(created, TableCreated)
    closing = next((r.event for r in records if isinstance(r.event, TableClosed)), None)
    if closing is None:
        report.lines.append("note the table is still open: its seed is secret, so no die is checked yet")
        return
    seed = bytes.fromhex(closing.seed)
    if hashlib.sha256(seed).hexdigest() != created.seed_commitment:
        report.fail("the revealed seed does not match the commitment published at creation")
        return
    by_position = {r.position: r for r in records}
    for record in records:
        event = record.event
        source = record
        if isinstance(event, RollRevealed):
            source = by_position.get(event.position, record)
            shown = source.event
            commitment = getattr(shown, "commitment", "")
            if commitment and not commitment_holds(event.roll, event.salt, commitment):
                report.fail(f"position {record.position}: the revealed roll does not match its commitment")
                continue
            if isinstance(shown, Hidden):
                # The command that drew it is hidden from this export (its digest and
                # nonce would tell the secret): the commitment is what can be checked.
                report.lines.append(
                    f"note position {record.position}: the revealed roll matches the commitment of "
                    f"position {source.position}; its dice are re-derived in the GM's export only"
                )
                continue
        if isinstance(event, Hidden):
            report.lines.append(f"skip position {record.position}: hidden from this export")
            continue
        for roll in rolls_in(event):
            if roll.scripted:
                report.lines.append(f"note position {record.position}: scripted dice (sandbox table)")
                continue
            for index, (sides, face) in enumerate(faces_drawn(roll)):
                expected = _derived(seed, created.table_id, source, roll.first_draw + index, sides)
                report.checked += 1
                if expected != face:
                    report.fail(
                        f"position {record.position}: die {index + 1} is {face}, the seed gives {expected}"
                    )
    if report.ok:
        report.lines.append(f"OK {report.checked} dice re-derived from the revealed seed")

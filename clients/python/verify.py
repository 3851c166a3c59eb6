"""``fracas verify``: re-derive every die of an exported log from the revealed seed.

Every die of a table is derived from its secret seed (see ``domain.dice``); the
seed's SHA-256 is published in the first event and the seed itself when the
table closes. With both in an export, anyone can check that every die is the
one the seed gives, and that each revealed secret roll matches the commitment
shown before the reveal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain.dice import (
    D6Roll,
    DrawSource,
    KeepRoll,
    PoolRoll,
    derive_die,
    derive_die_v1,
    faces_drawn,
    roll_commitment,
)
from domain.events import Hidden, Recorded, RollRevealed, TableClosed, TableCreated

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


def verify_log(records: list[Recorded]) -> Report:
    report = Report()
    if not records or not isinstance(records[0].event, TableCreated):
        report.fail("the log does not start with TableCreated")
        return report
    created = records[0].event
    closing = next((r.event for r in records if isinstance(r.event, TableClosed)), None)
    if closing is None:
        report.fail("the table is not closed: its seed is still secret")
        return report
    seed = bytes.fromhex(closing.seed)
    if hashlib.sha256(seed).hexdigest() != created.seed_commitment:
        report.fail("the revealed seed does not match the commitment published at creation")
        return report
    by_position = {r.position: r for r in records}
    for record in records:
        event = record.event
        source = record
        if isinstance(event, RollRevealed):
            source = by_position.get(event.position, record)
            shown = source.event
            commitment = getattr(shown, "commitment", "")
            if commitment and roll_commitment(event.roll, event.salt) != commitment:
                report.fail(f"position {record.position}: the revealed roll does not match its commitment")
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
    return report

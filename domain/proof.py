"""A log that proves itself: the canonical encoding, each record's digest and the
public chain that links every record to the one before it.

Each record carries a random ``salt``; its *digest* is the SHA-256 of a label,
the salt and the record's canonical encoding, and its ``chain`` value is the
SHA-256 of a label, the previous record's chain value and its digest. Anyone
holding an export can recompute the chain. A record hidden from a role reaches
it as a ``Hidden`` stub carrying the full record's digest, so the chain still
links through it, while the salt keeps a low-entropy secret (a die face, a
short note) from being guessed from that digest.

The canonical encoding is ``domain.canon``'s: adding a field with a default to
an event or a roll later does not change the proof of records written before.
``docs/protocol.md`` states the format and ``docs/proof-vectors.json`` gives test
vectors for other implementations.
"""

from __future__ import annotations

import hashlib

from msgspec.structs import replace

from domain.canon import canonical
from domain.dice import hmac_sha256
from domain.events import Hidden, Recorded

RECORD_LABEL = b"fracas/record/2"
SEALED_LABEL = b"fracas/sealed/1"
CHAIN_LABEL = b"fracas/chain/1"
SEPARATOR = b"\x1f"


def sealed_digest(record: Recorded) -> str:
    """SHA-256 (hex) of the label, the record's salt and its canonical encoding
    without its ``chain`` and ``salt``: what a stub carries of the record it hides."""
    body = canonical(replace(record, chain="", salt=""))
    return hashlib.sha256(SEPARATOR.join((SEALED_LABEL, record.salt.encode(), body))).hexdigest()


def hide(record: Recorded) -> Recorded:
    """The record as those it is hidden from see it: a :class:`Hidden` stub at the same
    position carrying the record's sealed digest, and no trace of the command behind
    it (its id, nonce and digest were chosen by, or describe, what they may not see)."""
    return _stub(record, sealed_digest(record))


def _stub(record: Recorded, digest: str) -> Recorded:
    event = record.event
    combatant = getattr(event, "combatant", None)
    stub = Hidden(
        kind=str(event.__struct_config__.tag),
        combatant=combatant if isinstance(combatant, str) else None,
        commitment=getattr(event, "commitment", ""),
        digest=digest,
    )
    return replace(record, event=stub, command_id="", nonce="", command_digest="", salt="")


def _digest(public: Recorded, sealed: str) -> str:
    """SHA-256 (hex) of the label, the canonical encoding of what everyone sees of the
    record (its stub with an empty digest, without chain and salt) and the sealed
    digest: so a stub's every field is bound too, while its content stays sealed."""
    body = canonical(replace(public, chain="") if public.chain else public)
    return hashlib.sha256(SEPARATOR.join((RECORD_LABEL, body, sealed.encode()))).hexdigest()


def record_digest(record: Recorded) -> str:
    """The digest the chain links a record through, from the whole record."""
    return _digest(_stub(record, ""), sealed_digest(record))


def digest_of(record: Recorded) -> str:
    """The digest the chain links through, from what the holder of an export has: the
    whole record, or its stub."""
    event = record.event
    if isinstance(event, Hidden):
        # A stub carries no salt (``hide`` removes it): one put there is hashed, so caught.
        return _digest(replace(record, event=replace(event, digest="")), event.digest)
    return record_digest(record)


def link(previous: str, digest: str) -> str:
    """A record's chain value: SHA-256 (hex) of the label, the chain value of the
    record before it ("" for the first) and its own digest."""
    return hashlib.sha256(SEPARATOR.join((CHAIN_LABEL, previous.encode(), digest.encode()))).hexdigest()


def chained(previous: str, record: Recorded) -> Recorded:
    """``record`` (with its salt) and its chain value after ``previous``."""
    return replace(record, chain=link(previous, record_digest(record)))


HEAD_LABEL = b"fracas/head/1"


def head_message(table_id: str, position: int, chain: str) -> bytes:
    """What the server signs to vouch for a table's head: the label, the table id,
    the position and its chain value, joined by U+001F."""
    return SEPARATOR.join((HEAD_LABEL, table_id.encode(), str(position).encode(), chain.encode()))


def derived_salt(seed: bytes, table_id: str, position: int) -> str:
    """A record salt for logs made without the server's entropy (scenarios played in
    memory): derived from the table's secret seed, so unguessable while it is secret."""
    message = SEPARATOR.join((b"fracas/record-salt/1", table_id.encode(), str(position).encode()))
    return hmac_sha256(seed, message).hex()[:32]


def chain_all(previous: str, records: list[Recorded]) -> list[Recorded]:
    out = []
    for record in records:
        record = chained(previous, record)
        previous = record.chain
        out.append(record)
    return out

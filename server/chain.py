"""The record chain: each record carries a keyed hash of itself and the record
before it, so that a log rewritten at a position a client has seen (a Redis
failover that lost acknowledged writes, then took new ones) is noticed when
the client resumes, even if the new log is as long as the old one.

The key is the table's own, random, kept in Redis beside the table and never
sent anywhere: a hash of a GM-only record cannot be used to guess its content.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.dice import hmac_sha256
from domain.events import ENCODER, Recorded


def chained(key: bytes, previous: str, record: Recorded) -> Recorded:
    """``record`` with its chain value after ``previous`` (the chain of the record
    before it, "" for the first)."""
    body = ENCODER.encode(replace(record, chain=""))
    digest = hmac_sha256(key, previous.encode() + body).hex()[:32]
    return replace(record, chain=digest)


def chain_all(key: bytes, previous: str, records: list[Recorded]) -> list[Recorded]:
    out = []
    for record in records:
        record = chained(key, previous, record)
        previous = record.chain
        out.append(record)
    return out

"""Realistic log entries for the store calibrations (C2, C3, C4) and for the
long tables of G6 and G7, about 300 bytes each as stored; and the schedule of
G4's light load, which C7 also follows.

Three in four are notes, one in four a dice roll with dice derived from a seed as
the server derives them; every entry is a ``Recorded`` encoded with the one
encoder used in the stream, so decoding and folding them costs what decoding
and folding a real log costs.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator

from domain.base import EVERYONE
from domain.dice import DerivedRoller, DrawSource
from domain.events import ENCODER, DiceRolled, NoteAdded, Recorded, TableCreated, event_tag
from domain.systems.wod import PoolSpec, plain_pool_roll
from domain.table import create_table

SYSTEM = "vda"
SEED = bytes(range(32))
AT = "2025-01-01T20:00:00.000+00:00"
TEMPLATES = 64


def action_times(player: int, rate: float) -> Iterator[float]:
    """When one of G4's players acts, in seconds from the start: first within
    ``1 / rate``, then every ``uniform(0.5, 1.5) / rate`` (seeded by ``player``)."""
    rng = random.Random(player)
    at = rng.uniform(0, 1 / rate)
    while True:
        yield at
        at += rng.uniform(0.5, 1.5) / rate


def action_gaps(players: int, rate: float, count: int) -> list[float]:
    """The first ``count`` gaps between consecutive actions of G4's whole table."""
    merged = heapq.merge(*(action_times(i, rate) for i in range(players)))
    times = [next(merged) for _ in range(count + 1)]
    return [b - a for a, b in zip(times, times[1:], strict=False)]


def first_event(table_id: str) -> TableCreated:
    return create_table(table_id, "bench", SYSTEM, False, None, SEED)


def _templates(table_id: str) -> list[tuple[object, str]]:
    out: list[tuple[object, str]] = []
    for i in range(TEMPLATES):
        who = f"p-{i:08x}"
        if i % 4:
            text = f"Tour {i}: la garde recule vers l'escalier, les torches vacillent, on entend des pas. "
            out.append((NoteAdded(text=text[:48], author=who), who))
        else:
            roll = plain_pool_roll(
                DerivedRoller(SEED, DrawSource(table_id, i + 2, who, "", f"n{i}")), PoolSpec(dice=3, difficulty=6)
            )
            out.append((DiceRolled(roller=who, roll=roll, combatant=f"c{i}", label="Attaque"), who))
    return out


def records(table_id: str, first: int, count: int) -> Iterator[tuple[int, str, bytes]]:
    """``(position, type tag, encoded Recorded)`` for positions ``first`` … ``first + count - 1``."""
    templates = _templates(table_id)
    tags = [event_tag(e) for e, _ in templates]  # type: ignore[arg-type]
    for position in range(first, first + count):
        k = position % TEMPLATES
        event, who = templates[k]
        record = Recorded(
            position=position,
            event=event,
            audience=EVERYONE,
            command_id=f"{position:016x}",
            sender=who,
            nonce=f"{position * 7919:016x}",
            batch=position,
            at=AT,
        )
        yield position, tags[k], ENCODER.encode(record)

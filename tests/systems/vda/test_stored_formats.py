"""Every Struct a stored ``vda`` event can carry is defined with the events (or the
state, the options, the gear, the shared WoD pieces), never in a rule or a handler
module, so that editing a rule cannot change the format of the log (DESIGN: event
tags and field types never change once shipped). The table's events carry the
sheets (``CombatantAdded``) and the options (``TableCreated``); snapshots carry the
state."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import msgspec.inspect as mi

from domain.systems.vda.events import EVENT_TYPES
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import VdaSheet, VdaState

STORED_FORMAT_MODULES = {
    "domain.dice",
    "domain.systems.vda.events",
    "domain.systems.vda.payloads",
    "domain.systems.vda.state",
    "domain.systems.vda.options",
    "domain.systems.vda.gear",
    "domain.systems.vda.tactics",
    "domain.systems.wod.terms",
    "domain.systems.wod.health",
    "domain.systems.wod.traits",
}
STORED = (*EVENT_TYPES, VdaSheet, VdaOptions, VdaState)


def reachable_structs(root: type) -> Iterator[tuple[str, type]]:
    """Every Struct type reachable from ``root``'s fields, with the path to it."""
    seen: set[type] = set()
    todo: list[tuple[str, mi.Type]] = [(root.__name__, mi.type_info(root))]
    while todo:
        path, info = todo.pop()
        if isinstance(info, mi.StructType):
            if info.cls in seen:
                continue
            seen.add(info.cls)
            yield path, info.cls
            todo += [(f"{path}.{f.name}", f.type) for f in info.fields]
        elif isinstance(info, mi.UnionType):
            todo += [(path, t) for t in info.types]
        elif isinstance(info, mi.DictType):
            todo += [(path, info.key_type), (path, info.value_type)]
        elif isinstance(info, mi.TupleType):
            todo += [(path, t) for t in info.item_types]
        elif isinstance(info, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
            todo.append((path, info.item_type))


class Leaf(msgspec.Struct):
    n: int


class Root(msgspec.Struct):
    leaves: dict[str, list[Leaf | None]]


def test_reachable_structs__finds_structs_inside_containers_and_unions() -> None:
    assert [cls for _, cls in reachable_structs(Root)] == [Root, Leaf]


def test_every_struct_an_event_carries_is_defined_with_the_stored_formats() -> None:
    misplaced = {
        f"{path}: {cls.__module__}.{cls.__qualname__}"
        for stored in STORED
        for path, cls in reachable_structs(stored)
        if cls.__module__ not in STORED_FORMAT_MODULES
    }
    assert not misplaced, (
        "move these Structs next to the events (payloads.py) or the state (options.py):\n"
        + "\n".join(sorted(misplaced))
    )

"""Every Struct a stored ``vtm`` event can carry is defined with the events (or the
state, the options, the shared WoD pieces), never in a rule or a handler module, so
that editing a rule cannot change the format of the log. The table's events carry
the sheets (``CombatantAdded``) and the options (``TableCreated``); snapshots carry
the state."""

from __future__ import annotations

from domain.systems.vtm.events import EVENT_TYPES
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import VtmSheet, VtmState
from tests.systems.vda.test_stored_formats import reachable_structs

STORED_FORMAT_MODULES = {
    "domain.dice",
    "domain.systems.vtm.events",
    "domain.systems.vtm.state",
    "domain.systems.vtm.options",
    "domain.systems.wod.terms",
    "domain.systems.wod.health",
    "domain.systems.wod.traits",
}
STORED = (*EVENT_TYPES, VtmSheet, VtmOptions, VtmState)


def test_every_struct_an_event_carries_is_defined_with_the_stored_formats() -> None:
    misplaced = {
        f"{path}: {cls.__module__}.{cls.__qualname__}"
        for stored in STORED
        for path, cls in reachable_structs(stored)
        if cls.__module__ not in STORED_FORMAT_MODULES
    }
    assert not misplaced, "move these Structs next to the events, the state or the options:\n" + "\n".join(
        sorted(misplaced)
    )

"""The registry of rule systems. The server never names a system: it asks here.

Adding a system is adding its package and one line to ``SYSTEMS``; the tagged
unions of sheets, options, states, commands and events are built from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias, Union

from domain.base import System
from domain.errors import CheckFailed
from domain.systems import seventh_sea, vaesen, vda, vtm

SYSTEMS: dict[str, System] = {s.code: s for s in (vda.SYSTEM, vtm.SYSTEM, seventh_sea.SYSTEM, vaesen.SYSTEM)}


def find_system(code: str) -> System:
    try:
        return SYSTEMS[code]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise CheckFailed("table.system-unknown", f"no rule system {code!r} (known: {known})") from None


def union(types: list[type]) -> Any:
    """A tagged union of the given Struct types (one type stays itself)."""
    unique = list(dict.fromkeys(types))
    return unique[0] if len(unique) == 1 else Union[tuple(unique)]  # noqa: UP007


_all = list(SYSTEMS.values())
if TYPE_CHECKING:  # built at run time from the registry; a checker sees Any
    Sheet: TypeAlias = Any
    Options: TypeAlias = Any
    SystemState: TypeAlias = Any
    RollSpec: TypeAlias = Any
else:
    Sheet = union([s.sheet_type for s in _all])
    Options = union([s.options_type for s in _all])
    SystemState = union([s.state_type for s in _all])
    RollSpec = union([s.roll_spec_type for s in _all])
SYSTEM_COMMANDS: list[type] = [t for s in _all for t in s.command_types]
SYSTEM_EVENTS: list[type] = [t for s in _all for t in s.event_types]

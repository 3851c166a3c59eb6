"""The ``vda`` character sheet, table options and combat state."""

from __future__ import annotations

import msgspec

from domain.systems.wod import Attributes, Kind


class VdaSheet(msgspec.Struct, frozen=True, kw_only=True, tag="vda", forbid_unknown_fields=True):
    kind: Kind = "vampire"
    attributes: Attributes = msgspec.field(default_factory=Attributes)
    abilities: dict[str, int] = {}
    disciplines: dict[str, int] = {}
    willpower: int = 5
    blood: int = 10
    generation: int = 12
    health_levels: int = 7


class VdaOptions(msgspec.Struct, frozen=True, kw_only=True, tag="vda", forbid_unknown_fields=True):
    pass


class VdaState(msgspec.Struct, frozen=True, kw_only=True, tag="vda"):
    pass

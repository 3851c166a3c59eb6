"""The ``vtm`` character sheet, table options and combat state."""

from __future__ import annotations

import msgspec

from domain.systems.wod import Attributes, Kind


class VtmSheet(msgspec.Struct, frozen=True, kw_only=True, tag="vtm", forbid_unknown_fields=True):
    kind: Kind = "vampire"
    attributes: Attributes = msgspec.field(default_factory=Attributes)
    abilities: dict[str, int] = {}
    specialties: list[str] = []
    disciplines: dict[str, int] = {}
    willpower: int = 5
    blood: int = 10
    generation: int = 13
    health_levels: int = 7


class VtmOptions(msgspec.Struct, frozen=True, kw_only=True, tag="vtm", forbid_unknown_fields=True):
    pass


class VtmState(msgspec.Struct, frozen=True, kw_only=True, tag="vtm"):
    pass

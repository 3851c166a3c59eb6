"""The ``vaesen`` character sheet, table options, combat state and roll spec."""

from __future__ import annotations

import msgspec


class VaesenAttributes(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Physique, Précision, Logique, Empathie (1 to 5)."""

    physique: int = 2
    precision: int = 2
    logic: int = 2
    empathy: int = 2


class VaesenSheet(msgspec.Struct, frozen=True, kw_only=True, tag="vaesen", forbid_unknown_fields=True):
    kind: str = "pc"
    """pc, npc, animal or vaesen."""
    attributes: VaesenAttributes = msgspec.field(default_factory=VaesenAttributes)
    skills: dict[str, int] = {}
    resistance: int = 0
    """NPC resistance (PNJ humains et animaux)."""


class VaesenOptions(msgspec.Struct, frozen=True, kw_only=True, tag="vaesen", forbid_unknown_fields=True):
    pass


class VaesenState(msgspec.Struct, frozen=True, kw_only=True, tag="vaesen"):
    pass


class D6Spec(msgspec.Struct, frozen=True, kw_only=True, tag="d6", forbid_unknown_fields=True):
    """Roll ``dice`` d6 and count the sixes."""

    dice: int

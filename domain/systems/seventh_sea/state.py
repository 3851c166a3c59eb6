"""The ``7s`` character sheet, table options, combat state and roll spec."""

from __future__ import annotations

import msgspec


class Traits(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Gaillardise, Finesse, Esprit, Détermination, Panache (1 to 5)."""

    brawn: int = 2
    finesse: int = 2
    wits: int = 2
    resolve: int = 2
    panache: int = 2


class SeaSheet(msgspec.Struct, frozen=True, kw_only=True, tag="7s", forbid_unknown_fields=True):
    kind: str = "hero"
    """hero, villain or henchman."""
    traits: Traits = msgspec.field(default_factory=Traits)
    knacks: dict[str, int] = {}
    drama_dice: int = 0


class SeaOptions(msgspec.Struct, frozen=True, kw_only=True, tag="7s", forbid_unknown_fields=True):
    pass


class SeaState(msgspec.Struct, frozen=True, kw_only=True, tag="7s"):
    pass


class KeepSpec(msgspec.Struct, frozen=True, kw_only=True, tag="keep", forbid_unknown_fields=True):
    """Roll ``rolled`` d10, keep ``kept`` (written ``rolled``g``kept``), against an
    optional target number."""

    rolled: int
    kept: int
    target: int | None = None
    explode: bool = True

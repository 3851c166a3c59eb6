"""Damage in the World of Darkness: its three types, the health levels a character
has taken on each, and what Stamina may soak.

How damage is counted before it reaches the track (vda's hit margin, vtm's
minimum damage) and how vampires halve bashing (rounded up in vda, VDA-GEN-03,
down in vtm, VTM-DMG-06) differ between systems and stay in each system's rules.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

import msgspec

from domain.systems.wod.traits import Kind

DamageType = Literal["bashing", "lethal", "aggravated"]
"""Contusion, létal, aggravé: which health levels the damage fills."""


class Health(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """The health levels a combatant has taken, on each damage track."""

    bashing: int = 0
    lethal: int = 0
    aggravated: int = 0


class HealthLoss(msgspec.Struct, frozen=True, kw_only=True):
    """Health levels lost, by type."""

    bashing: int = 0
    lethal: int = 0
    aggravated: int = 0


def wounded(health: Health, *, bashing: int = 0, lethal: int = 0, aggravated: int = 0) -> Health:
    """``health`` after levels are taken (or, negative, healed): no track goes below zero."""
    return Health(
        bashing=max(0, health.bashing + bashing),
        lethal=max(0, health.lethal + lethal),
        aggravated=max(0, health.aggravated + aggravated),
    )


def stamina_soaks(damage_type: DamageType, kind: Kind, lethal_kinds: Collection[str]) -> bool:
    """A-6 (VTM-DMG-05): Stamina soaks bashing damage, lethal damage only for the kinds
    listed (vampires in V20), aggravated damage never."""
    return damage_type == "bashing" or (damage_type == "lethal" and kind in lethal_kinds)

"""The records ``vda`` events carry besides their own fields: what an attack's damage
did, what a grapple roll was.

They are defined here, next to ``events.py``, and not in the rules that fill them,
so that editing a rule cannot change the format of stored events: tags and field
types are forever once shipped, new fields come with defaults.
"""

from __future__ import annotations

import msgspec

from domain.dice import PoolRoll
from domain.systems.wod import DamageType, HealthLoss, Modifier


class MarginTiers(msgspec.Struct, frozen=True, kw_only=True):
    """The hit margin split into « Marge 1 », « Marge 2 » and « Marge 3 »."""

    first: int
    second: int
    third: int


class AttackResolution(msgspec.Struct, frozen=True, kw_only=True):
    """Everything an attack's damage did, in pipeline order."""

    weapon_id: str
    attack_successes: int
    defence_successes: int
    margin: int
    """VDA-DMG-01 / VDA-DEF-03."""
    hit: bool
    """False when the defence cancelled the attack (VDA-DEF-02): nothing below happened."""
    damage_type: DamageType
    # --- the damage pool
    strength: int = 0
    """Strength used (the mount's in a mounted charge, VDA-CHARGE-07)."""
    weapon_bonus: int = 0
    """Weapon bonus after the resistance cap and Potence (VDA-RES-03, VDA-FORPOT-03)."""
    weapon_dice_lost: int = 0
    base_dice: int = 0
    """The weapon's damage dice before the margin."""
    halved_beyond_range: bool = False
    divisor: int = 1
    """VDA-DMG-04."""
    tiers: MarginTiers | None = None
    """Ranged weapons only (VDA-RMAR-01)."""
    margin_automatic: int = 0
    """Automatic damage the margin made (converted dice, firearm tier 1)."""
    potence_automatic: int = 0
    """VDA-FORPOT-05."""
    damage_roll: PoolRoll | None = None
    damage_ones_removed: int = 0
    """1s a Potence token removed (VDA-FORPOT-04)."""
    damage_ones_removed_by_fortitude: int = 0
    """1s the striker's Fortitude token removed (VDA-FORPOT-02, « jet dommage »)."""
    damage: int = 0
    """Rolled successes plus automatic damage."""
    # --- the soak
    armour_dice: int = 0
    """Worn armour and shield dice, before cancellation."""
    armour_dice_effective: int = 0
    """After cancellation, a vulnerable zone and Fortitude (VDA-RMAR-06, VDA-TGT-03, VDA-FORPOT-01)."""
    soak_from_fortitude: int = 0
    """VDA-FORPOT-06."""
    soak_from_armour_malus: int = 0
    """VDA-ARMOR-06."""
    soak_from_defence: int = 0
    """VDA-DEF-01."""
    soak_roll: PoolRoll | None = None
    soak_ones_removed: int = 0
    """1s a Fortitude token removed (VDA-FORPOT-02)."""
    soak: int = 0
    """Rolled successes plus automatic soak."""
    unsoaked: int = 0
    aggravated_from_zone: int = 0
    """VDA-TGT-03."""
    charge_bashing: int = 0
    """VDA-CHARGE-05, VDA-CHARGE-06, after soak, already halved for vampires."""
    fire_aggravated: int = 0
    """VDA-GREN-08: levels a grenade's fire turned aggravated."""
    health: HealthLoss = msgspec.field(default_factory=HealthLoss)


class GrappleRoll(msgspec.Struct, frozen=True, kw_only=True):
    """One grapple roll: its dice and difficulty terms, the dice, and the automatic
    successes (Potence, VDA-FORPOT-05) added after the roll."""

    pool: list[Modifier]
    difficulty: list[Modifier]
    roll: PoolRoll
    automatic: int = 0
    successes: int = 0
    """Net successes of the roll plus the automatic ones."""

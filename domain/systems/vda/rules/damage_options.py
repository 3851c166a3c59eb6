"""The table options of the damage side: one field per ambiguity of the seeds.

Each default is the catalogue's (``rules/vda.md`` §43); the field's docstring
names the rule whose AMBIGUITY note it settles. ``VdaOptions`` embeds this
Struct, so a table can change any reading without touching code.
"""

from __future__ import annotations

from typing import Literal

import msgspec


class DamageOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # --- rolls (§0b) ----------------------------------------------------------
    ones_cancel_on_damage_and_soak: bool = True
    """A-3: 1s cancel successes on damage and soak rolls too (else the Fortitude
    and Potence 1-removal of VDA-FORPOT-02/04 would do nothing)."""
    damage_difficulty: int = 6
    """A-7."""
    soak_difficulty: int = 6
    """A-7."""
    stamina_soaks_lethal: frozenset[str] = frozenset({"vampire"})
    """A-6: the kinds whose Stamina soaks lethal damage (V20: vampires only)."""

    # --- VDA-FORPOT -----------------------------------------------------------
    fortitude_ones_once_per_combat: bool = False
    """VDA-FORPOT-02: the seed (000 l.113) attaches « une fois par combat … ne peut se
    cumuler » to the damage-roll sentence only, so by default every soak roll may lose
    floor(lost / 2) ones. ``True`` is the catalogue's reading: each soak token once per
    combat, one per roll."""
    fortitude_removes_damage_ones: bool = True
    """VDA-FORPOT-02, the « jet dommage » sentence: Fortitude's lost armour dice also
    remove a 1 from the holder's own damage roll, once per combat, not on top of a
    Potence token. ``False``: the catalogue's reading (a copy of the Potence line)."""
    potence_reduces_natural_weapons: bool = False
    """VDA-FORPOT-03: Potence strips only manufactured weapons' bonus."""

    # --- VDA-DMG / VDA-DEF ----------------------------------------------------
    first_success_converts: bool = True
    """VDA-DMG-01: every net hit success counts toward conversion (« par succès de
    toucher »); ``False`` counts only the successes beyond the first (V20 style)."""
    partial_defence_lowers_margin: bool = True
    """VDA-DEF-03: a defence that does not cancel every success still lowers the
    margin one for one; ``False``: it only improves soak."""

    # --- VDA-ARMOR ------------------------------------------------------------
    armour_soaks_bashing: bool = True
    """VDA-ARMOR-03: the seed names lethal only; V20 armour soaks bashing too."""
    shield_armour_dice: int = 1
    """VDA-ARMOR-07: the shield's armour bonus, never given by the seed."""

    # --- VDA-RMAR / VDA-THROW -------------------------------------------------
    beyond_range_halves: Literal["base_dice", "inflicted_levels"] = "base_dice"
    """VDA-THROW-02: what « les dommages sont divisés par deux » halves (round up)."""

    # --- VDA-TGT --------------------------------------------------------------
    vulnerable_zone_aggravated: Literal["per_die", "once"] = "per_die"
    """VDA-TGT-03: each 10 on damage and each 1 on soak turns one inflicted level
    aggravated, or a single level whatever the count."""

    # --- VDA-PRONE ------------------------------------------------------------
    prone_helps_ranged_attackers: bool = False
    """VDA-PRONE-01: the adversaries' −1 against a prone target applies to melee
    and brawl only."""

    # --- VDA-CHARGE -----------------------------------------------------------
    charge_straight_line_successes: int = 5
    """VDA-CHARGE-01: « plus de 5 succès (25 mètres) » vs « 5 succès et plus »;
    the catalogue takes 5 (25 m at 5 m a success). 6 is the literal « plus de 5 »."""
    charge_initiative_bonus: Literal["initiative", "damage"] = "initiative"
    """VDA-CHARGE-04: which « bonus en dés de l'arme » a mid-round charge adds."""
    mounted_potence: Literal["mount", "rider"] = "mount"
    """VDA-CHARGE-07: whose Potence counts once the rider uses the mount's Strength."""

    # --- VDA-FIRE / VDA-AIM / VDA-CONC / VDA-MELEE ----------------------------
    firearm_initiative_reading: Literal["initiative_difficulty", "attack_difficulty"] = (
        "initiative_difficulty"
    )
    """VDA-FIRE-05: « Initiative : normalement 6, 5 avec platine »."""
    concealment_base_difficulty: int = 6
    """VDA-CONC-01."""
    small_parry_against_natural: bool = True
    """VDA-MELEE-03: a ¤ weapon parrying fists or claws is at +1 too."""
    large_weapon_needs_strictly_higher_initiative: bool = True
    """VDA-MELEE-08: a tie in initiative does not give the G advantage."""

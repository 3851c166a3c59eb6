"""The damage half of an attack: from the rolled hit and defence to the health
levels lost (catalogue ``rules/vda.md`` §41.2 steps 5-14, §41.3 steps 5-6).

The round engine rolls the attack and the defence, checks the guards that come
before a roll (VDA-BOW-01, VDA-NAT-03, VDA-CHARGE-01, VDA-CHARGE-02, …) and then calls::

    resolve_attack(
        roller: Roller,                 # damage then soak dice are drawn from it
        *,
        striker: Striker,               # Strength, Potence, bow strength, tokens
        target: Target,                 # kind, Stamina, Fortitude, armour, shield, tokens
        weapon: Weapon,                 # MeleeWeapon | NaturalWeapon | RangedWeapon (data.py)
        attack_successes: int,          # net successes of the attack roll
        defence_successes: int = 0,     # defence successes allocated to this attack
        situation: Situation = Situation(),   # charge, vulnerable zone, beyond range
        options: DamageOptions = DamageOptions(),
    ) -> AttackResolution

It rolls nothing when the defence cancels the attack (VDA-DEF-02); otherwise it
draws the damage pool, then the soak pool, through ``domain.dice.roll_pool``.
The returned :class:`AttackResolution` (``payloads.py``) is a frozen msgspec Struct
that an event carries as is: every roll, every automatic success and where it came from,
and ``health`` (the levels lost by type, vampires' bashing already halved).
It also says how many 1s the once-per-combat Potence and Fortitude tokens
removed (``damage_ones_removed``, ``soak_ones_removed``), so the state can count
the tokens spent.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.dice import PoolRoll, Roller, roll_pool
from domain.systems.vda.data import Armour, NaturalWeapon, RangedWeapon, Weapon
from domain.systems.vda.gear import Mount
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.payloads import AttackResolution, MarginTiers
from domain.systems.vda.rules.damage import (
    armour_dice_after_fortitude,
    attack_cancelled,
    bashing_taken,
    conversion_divisor,
    convert_damage_dice,
    defence_soak_conversion,
    fortitude_automatic_soak,
    fortitude_damage_ones_removable,
    fortitude_ones_removable,
    margin_after_defence,
    potence_on_damage,
    potence_ones_removable,
    potence_strips_weapon,
    soak_model,
    weapon_bonus_after_potence,
    weapon_dice_lost_to_potence,
)
from domain.systems.vda.rules.equipment import (
    armour_malus_automatic_soak,
    armour_soaks,
    require_weapon_stats,
    shield_armour_dice,
    weapon_bonus_capped_by_resistance,
)
from domain.systems.vda.rules.grenades import fire_aggravated, halve_grave
from domain.systems.vda.rules.movement import (
    charge_bashing_mounted,
    charge_bashing_on_foot,
    charge_strength,
)
from domain.systems.vda.rules.ranged import (
    armour_dice_after_cancellation,
    halve_beyond_range,
    ranged_margin_damage,
    thrown_damage_dice,
    weapon_damage_dice,
)
from domain.systems.vda.rules.targeting import (
    armour_dice_against_zone,
    vulnerable_zone_aggravated,
)
from domain.systems.wod import HealthLoss, Kind, stamina_soaks


class Striker(msgspec.Struct, frozen=True, kw_only=True):
    """The attacker's numbers the damage needs."""

    strength: int
    potence: int = 0
    bow_strength: int = 0
    """The drawn bow's strength (bows only, VDA-BOW-03)."""
    weapon_resistance: int | None = None
    """The weapon's current resistance, which caps its bonus (VDA-RES-03)."""
    potence_tokens_used: int = 0
    """Potence 1-removals already spent this combat (VDA-FORPOT-04); one left is spent on
    a 1 of this damage roll."""
    fortitude: int = 0
    armour_dice: int = 0
    """The striker's own Fortitude and worn armour dice: the armour dice Fortitude takes
    away give tokens against 1s of the striker's damage roll (VDA-FORPOT-02)."""
    fortitude_tokens_used: int = 0
    """Those tokens already spent this combat; one left is spent on a 1 of this damage roll."""


class Target(msgspec.Struct, frozen=True, kw_only=True):
    """The defender's numbers the soak needs."""

    kind: Kind
    stamina: int
    fortitude: int = 0
    armour: Armour | None = None
    shield: bool = False
    """Carries a shield, whose armour bonus soaks (VDA-ARMOR-07)."""
    fortitude_tokens_used: int = 0
    """Fortitude 1-removals already spent this combat (VDA-FORPOT-02)."""


class Situation(msgspec.Struct, frozen=True, kw_only=True):
    """How this attack happened, where it changes the damage."""

    charge: Literal["none", "on_foot", "mounted"] = "none"
    """A qualified charge (VDA-CHARGE-05, VDA-CHARGE-06); also a counter-charge (VDA-CHARGE-08)."""
    mount: Mount | None = None
    """Mounted charge using the mount's Strength (VDA-CHARGE-07)."""
    vulnerable_zone: bool = False
    """Aimed at a bare vulnerable zone (VDA-TGT-03)."""
    beyond_range: bool = False
    """Shot beyond the weapon's maximum range (VDA-THROW-02)."""
    blast: Literal["none", "lethal", "grave"] = "none"
    """A grenade's blast zone: half damage in the grave one (VDA-GREN-06), fire (VDA-GREN-08)."""


def resolve_attack(
    roller: Roller,
    *,
    striker: Striker,
    target: Target,
    weapon: Weapon,
    attack_successes: int,
    defence_successes: int = 0,
    situation: Situation | None = None,
    options: DamageOptions | None = None,
    roll_soak: bool = True,
) -> AttackResolution:
    """Roll an attack's damage and soak and say what the target loses (§41.2/§41.3).

    ``roll_soak=False`` stops after the damage roll (a disarm's damage only measures its
    effect, VDA-DISARM-01): no soak is rolled and no level is lost."""
    situation = situation or Situation()
    options = options or DamageOptions()
    require_weapon_stats(weapon)
    margin = margin_after_defence(attack_successes, defence_successes, options)
    # A blast is an area effect: a target in the zone is hit even with no net hit (VDA-GREN-04).
    if attack_cancelled(margin) and situation.blast == "none":
        return AttackResolution(
            weapon_id=weapon.id,
            attack_successes=attack_successes,
            defence_successes=defence_successes,
            margin=margin,
            hit=False,
            damage_type=weapon.damage_type,
        )

    pool = _damage_pool(striker, weapon, situation, options)
    armour = _armour_for_attack(target, weapon, situation, options)
    divisor = conversion_divisor(target.fortitude, armour.for_attack)
    tiers: MarginTiers | None = None
    if isinstance(weapon, RangedWeapon):
        ranged = ranged_margin_damage(weapon.margin_class, margin, pool.dice, divisor)
        dice, margin_automatic, tiers = ranged.dice, ranged.automatic, ranged.tiers
    else:
        dice, margin_automatic = convert_damage_dice(pool.dice, margin, divisor, options)

    damage_roll = roll_pool(
        roller, dice, options.damage_difficulty, ones_cancel=options.ones_cancel_on_damage_and_soak
    )
    potence_ones = potence_ones_removable(pool.weapon_dice_lost, striker.potence_tokens_used)
    fortitude_ones = fortitude_damage_ones_removable(
        striker.armour_dice, striker.fortitude, striker.fortitude_tokens_used, options
    )
    # « ne peut se cumuler »: one token on a damage roll, Potence's first (VDA-FORPOT-02, VDA-FORPOT-04).
    removed = _ones_to_remove(damage_roll, max(potence_ones, fortitude_ones), options)
    damage_ones_removed = removed if potence_ones else 0
    damage_ones_removed_by_fortitude = removed - damage_ones_removed
    damage = _net_successes(damage_roll, removed, options) + margin_automatic + pool.potence_automatic

    struck = AttackResolution(
        weapon_id=weapon.id,
        attack_successes=attack_successes,
        defence_successes=defence_successes,
        margin=margin,
        hit=True,
        damage_type=weapon.damage_type,
        strength=pool.strength,
        weapon_bonus=pool.weapon_bonus,
        weapon_dice_lost=pool.weapon_dice_lost,
        base_dice=pool.dice,
        halved_beyond_range=pool.halved,
        divisor=divisor,
        tiers=tiers,
        margin_automatic=margin_automatic,
        potence_automatic=pool.potence_automatic,
        damage_roll=damage_roll,
        damage_ones_removed=damage_ones_removed,
        damage_ones_removed_by_fortitude=damage_ones_removed_by_fortitude,
        damage=damage,
    )
    if not roll_soak:
        return struck
    soak = _soak(roller, target, weapon, armour, defence_successes, situation, options)
    unsoaked = max(0, damage - soak.total)
    if situation.beyond_range and options.beyond_range_halves == "inflicted_levels":
        unsoaked = halve_beyond_range(unsoaked)
    zone_aggravated = (
        vulnerable_zone_aggravated(damage_roll, soak.roll, soak.ones_removed, unsoaked, options)
        if situation.vulnerable_zone
        else 0
    )
    if situation.blast == "grave":
        unsoaked = halve_grave(unsoaked)
    fire = fire_aggravated(unsoaked, situation.blast)
    charge = _charge_bashing(situation, target.kind)
    health = _health(weapon, target.kind, unsoaked, zone_aggravated + fire, charge)
    return msgspec.structs.replace(
        struck,
        armour_dice=armour.nominal,
        armour_dice_effective=soak.armour_dice,
        soak_from_fortitude=soak.from_fortitude,
        soak_from_armour_malus=soak.from_armour_malus,
        soak_from_defence=soak.from_defence,
        soak_roll=soak.roll,
        soak_ones_removed=soak.ones_removed,
        soak=soak.total,
        unsoaked=unsoaked,
        aggravated_from_zone=zone_aggravated,
        charge_bashing=charge,
        fire_aggravated=fire,
        health=health,
    )


# --- the steps ------------------------------------------------------------------


class _Pool(msgspec.Struct, frozen=True, kw_only=True):
    strength: int
    weapon_bonus: int
    weapon_dice_lost: int
    potence_automatic: int
    dice: int
    halved: bool


def _damage_pool(striker: Striker, weapon: Weapon, situation: Situation, options: DamageOptions) -> _Pool:
    """§41.2 step 7 / §41.3 step 5: Strength + the weapon's bonus (capped by resistance,
    stripped by Potence), Potence as automatic successes or thrown dice; fixed dice
    for crossbows and firearms; halved beyond range."""
    mount = situation.mount if situation.charge == "mounted" else None
    strength, potence = charge_strength(striker.strength, striker.potence, mount, options)
    bonus, lost = 0, 0
    uses_strength = not isinstance(weapon, RangedWeapon) or weapon.kind == "thrown"
    if uses_strength:
        nominal = weapon_bonus_capped_by_resistance(weapon.damage_bonus or 0, striker.weapon_resistance)
        bonus = nominal
        if potence_strips_weapon(weapon, options):
            bonus = weapon_bonus_after_potence(nominal, potence)
            lost = weapon_dice_lost_to_potence(nominal, potence)
    automatic, potence_dice = potence_on_damage(potence, weapon)
    if isinstance(weapon, RangedWeapon):
        if weapon.kind == "thrown":
            dice = thrown_damage_dice(strength, bonus, potence_dice)
        else:
            dice = weapon_damage_dice(weapon, bow_strength=striker.bow_strength)
    else:
        dice = strength + bonus
    halved = situation.beyond_range and options.beyond_range_halves == "base_dice"
    if halved:
        dice = halve_beyond_range(dice)
    return _Pool(
        strength=strength if uses_strength else 0,
        weapon_bonus=bonus,
        weapon_dice_lost=lost,
        potence_automatic=automatic,
        dice=dice,
        halved=halved,
    )


class _Armour(msgspec.Struct, frozen=True, kw_only=True):
    nominal: int
    """Worn armour and shield dice: the Fortitude tokens come from these."""
    for_attack: int
    """After a ranged weapon's cancellation or a vulnerable zone."""
    malus: int


def _armour_for_attack(
    target: Target, weapon: Weapon, situation: Situation, options: DamageOptions
) -> _Armour:
    worn = target.armour.soak_dice if target.armour else 0
    nominal = worn + shield_armour_dice(target.shield, options)
    dice = nominal
    if isinstance(weapon, RangedWeapon):
        dice = armour_dice_after_cancellation(dice, weapon)
    dice = armour_dice_against_zone(dice, situation.vulnerable_zone)
    return _Armour(nominal=nominal, for_attack=dice, malus=target.armour.malus if target.armour else 0)


class _Soak(msgspec.Struct, frozen=True, kw_only=True):
    armour_dice: int
    from_fortitude: int
    from_armour_malus: int
    from_defence: int
    roll: PoolRoll
    ones_removed: int
    total: int


def _soak(
    roller: Roller,
    target: Target,
    weapon: Weapon,
    armour: _Armour,
    defence_successes: int,
    situation: Situation,
    options: DamageOptions,
) -> _Soak:
    """§41.2 step 10: Stamina where V20 allows it, Fortitude, the armour Fortitude
    leaves, with automatic soak from Fortitude (VDA-FORPOT-06), the armour malus
    (VDA-ARMOR-06) and the defence (VDA-DEF-01)."""
    damage_type = weapon.damage_type
    model = soak_model(weapon)
    stamina = target.stamina if stamina_soaks(damage_type, target.kind, options.stamina_soaks_lethal) else 0
    armour_dice = (
        armour_dice_after_fortitude(armour.for_attack, target.fortitude)
        if armour_soaks(damage_type, options)
        else 0
    )
    from_fortitude = fortitude_automatic_soak(target.fortitude, model)
    from_malus = armour_malus_automatic_soak(armour.malus, armour_dice, model.armour_malus_automatic)
    convertible = (target.fortitude - from_fortitude) + (armour_dice - from_malus)
    from_defence = defence_soak_conversion(defence_successes, convertible, damage_type)
    dice = stamina + convertible - from_defence
    roll = roll_pool(
        roller, dice, options.soak_difficulty, ones_cancel=options.ones_cancel_on_damage_and_soak
    )
    ones_removed = _ones_to_remove(
        roll,
        fortitude_ones_removable(armour.nominal, target.fortitude, target.fortitude_tokens_used, options),
        options,
        # On a bare vulnerable zone a soak 1 is an aggravated level (VDA-TGT-03).
        ones_hurt=situation.vulnerable_zone,
    )
    automatic = from_fortitude + from_malus + from_defence
    return _Soak(
        armour_dice=armour_dice,
        from_fortitude=from_fortitude,
        from_armour_malus=from_malus,
        from_defence=from_defence,
        roll=roll,
        ones_removed=ones_removed,
        total=_net_successes(roll, ones_removed, options) + automatic,
    )


def _ones_to_remove(roll: PoolRoll, available: int, options: DamageOptions, ones_hurt: bool = False) -> int:
    """How many 1s the tokens remove: all they can, but only when that helps the roll
    (a 1 that cancels a success, A-3, or a 1 that hurts by itself), so that no
    once-per-combat token is wasted."""
    removable = min(available, roll.ones)
    if removable == 0:
        return 0
    if ones_hurt:
        return removable
    if not options.ones_cancel_on_damage_and_soak:
        return 0
    gain = max(0, roll.hits - roll.ones + removable) - max(0, roll.hits - roll.ones)
    return removable if gain > 0 else 0


def _net_successes(roll: PoolRoll, ones_removed: int, options: DamageOptions) -> int:
    if not options.ones_cancel_on_damage_and_soak:
        return roll.hits
    return max(0, roll.hits - (roll.ones - ones_removed))


def _charge_bashing(situation: Situation, kind: Kind) -> int:
    if situation.charge == "on_foot":
        return charge_bashing_on_foot(kind)
    if situation.charge == "mounted":
        return charge_bashing_mounted(kind)
    return 0


def _health(weapon: Weapon, kind: Kind, unsoaked: int, zone_aggravated: int, charge: int) -> HealthLoss:
    """§41.2 steps 11-12: the first bite level and the vulnerable zone's 10s and 1s
    are aggravated (VDA-BITE-01, VDA-TGT-03); vampires halve bashing, rounded up (VDA-GEN-03);
    the charge's bashing comes on top, already halved."""
    first = 1 if isinstance(weapon, NaturalWeapon) and weapon.first_level_aggravated else 0
    aggravated = min(unsoaked, zone_aggravated + first)
    rest = unsoaked - aggravated
    bashing = lethal = 0
    if weapon.damage_type == "bashing":
        bashing = bashing_taken(rest, kind)
    elif weapon.damage_type == "lethal":
        lethal = rest
    else:
        aggravated += rest
    return HealthLoss(bashing=bashing + charge, lethal=lethal, aggravated=aggravated)

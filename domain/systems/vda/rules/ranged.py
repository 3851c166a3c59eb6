"""Ranged damage margins and the rules of thrown weapons, bows, crossbows and
firearms.

Chapters VDA-RMAR, VDA-THROW, VDA-BOW, VDA-FIRE and VDA-AIM of
``rules/vda.md``, from seed 000 « Armes à distance », « Armes de lancer »,
« Arme de Tir », « Dégât des armes à distances », « Evolution des armes à
feu » and « Viser ».
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.data import MarginClass, RangedWeapon
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.payloads import MarginTiers
from domain.systems.wod import NONE, Terms, terms

# --- VDA-RMAR -----------------------------------------------------------------


class RangedMargin(msgspec.Struct, frozen=True, kw_only=True):
    """What a ranged hit margin did to the damage pool."""

    tiers: MarginTiers
    tier_automatic: int
    """Automatic damage from tiers 1 and 2."""
    converted: int
    """Dice tier 3 turned automatic."""
    automatic: int
    """All the automatic damage."""
    dice: int
    """Dice left to roll."""


def ranged_margin_tiers(margin: int, weapon_dice: int) -> MarginTiers:
    """VDA-RMAR-01: the hit margin splits into tiers the size of the weapon's damage dice.

    Tier 1 up to the dice, tier 2 as many again, tier 3 the rest.

    000 « Armes à distance » (« Marge 1 … dans la limite du nombre de dé dommage »)."""
    margin = max(0, margin)
    first = min(margin, weapon_dice)
    second = min(max(0, margin - weapon_dice), weapon_dice)
    return MarginTiers(first=first, second=second, third=max(0, margin - 2 * weapon_dice))


def thrown_or_bow_margin(tiers: MarginTiers, dice: int) -> tuple[int, int]:
    """VDA-RMAR-02: thrown and bow tier 1 adds a die per even success, tier 2 converts one.

    Returns (dice, automatic).

    000 « Armes à distance » (« +1 dé à 2 de toucher, puis 1 de plus à 4 »)."""
    dice += tiers.first // 2
    automatic = min(dice, tiers.second // 2)
    return dice - automatic, automatic


def crossbow_margin(tiers: MarginTiers, dice: int) -> tuple[int, int]:
    """VDA-RMAR-03: crossbow tier 1 adds the margin as dice, tier 2 a die per even success.

    Returns (dice, automatic).

    000 « Armes à distance »."""
    return dice + tiers.first + tiers.second // 2, 0


def firearm_margin(tiers: MarginTiers, dice: int) -> tuple[int, int]:
    """VDA-RMAR-04: firearm tier 1 adds the margin as automatic successes, tier 2 as dice.

    Returns (dice, automatic).

    000 « Armes à distance »."""
    return dice + tiers.second, tiers.first


def ranged_conversion(tiers: MarginTiers, dice: int, divisor: int) -> int:
    """VDA-RMAR-05: tier 3 turns damage dice automatic by the target's armour or Fortitude.

    As in melee (VDA-DMG-03, VDA-DMG-04).

    000 « Armes à distance » (« Marge 3 »)."""
    return max(0, min(dice, tiers.third // max(1, divisor)))


_TIER_RULES = {
    "thrown_or_bow": thrown_or_bow_margin,
    "crossbow": crossbow_margin,
    "firearm": firearm_margin,
}


def ranged_margin_damage(
    margin_class: MarginClass, margin: int, weapon_dice: int, divisor: int
) -> RangedMargin:
    """VDA-RMAR-01: the nested margins in tier order (VDA-RMAR-02, VDA-RMAR-03, VDA-RMAR-04,
    then VDA-RMAR-05).

    000 « Armes à distance »."""
    tiers = ranged_margin_tiers(margin, weapon_dice)
    dice, automatic = _TIER_RULES[margin_class](tiers, weapon_dice)
    converted = ranged_conversion(tiers, dice, divisor)
    return RangedMargin(
        tiers=tiers,
        tier_automatic=automatic,
        converted=converted,
        automatic=automatic + converted,
        dice=dice - converted,
    )


def armour_dice_after_cancellation(armour_dice: int, weapon: RangedWeapon) -> int:
    """VDA-RMAR-06: a weapon's armour cancellation removes armour dice, never Fortitude.

    000 « Armes à distance » (« qui n'annule pas la fortitude »), « Arme de Tir »."""
    return max(0, armour_dice - weapon.armour_cancel)


# --- VDA-THROW ----------------------------------------------------------------


def throwing_range(weapon: RangedWeapon, strength: int, potence: int, run_up: bool) -> int:
    """VDA-THROW-01: a thrown weapon's range grows with Strength above 3 and with Potence.

    1 m a point (2 m for javelin and pilum).

    000 « Armes de lancer › Portée »."""
    require(weapon.kind == "thrown", "VDA-THROW-01", f"{weapon.name} ne se lance pas")
    base = weapon.range_run_up_m if run_up and weapon.range_run_up_m else weapon.range_m
    return base + weapon.range_per_point_m * (max(0, strength - 3) + potence)


def beyond_range_modifiers(distance_m: float, max_range_m: int) -> Terms:
    """VDA-THROW-02: beyond maximum range, +1 difficulty per 25 % of the range beyond it.

    From the first metre.

    000 « Armes de lancer › Portée », « Arme de Tir › Portée »."""
    beyond = distance_m - max_range_m
    if beyond <= 0:
        return NONE
    quarter = max_range_m / 4
    steps = int(-(-beyond // quarter))  # ceil: « dès le premier mètre »
    return terms("VDA-THROW-02", difficulty=steps)


def halve_beyond_range(amount: int) -> int:
    """VDA-THROW-02: beyond maximum range the damage is halved (rounded up, A-9).

    000 « Armes de lancer › Portée »."""
    return -(-amount // 2)


def thrown_damage_dice(strength: int, weapon_bonus_left: int, potence: int) -> int:
    """VDA-THROW-03: a thrown weapon's pool is Strength + its bonus + Potence as dice.

    The bonus after Potence's no-stacking (VDA-FORPOT-03).

    000 « Dégât des armes à distances » (« transforment la Potence en dés »)."""
    return strength + weapon_bonus_left + potence


# --- VDA-BOW ------------------------------------------------------------------


def require_bow_drawable(bow_strength: int, strength: int, potence: int) -> None:
    """VDA-BOW-01: nobody draws a bow stronger than their Strength + Potence.

    000 « Dégât des armes à distances »."""
    require(
        bow_strength <= strength + potence,
        "VDA-BOW-01",
        f"arc de force {bow_strength} > Force + Potence {strength + potence}",
    )


def weapon_damage_dice(weapon: RangedWeapon, bow_strength: int) -> int:
    """VDA-BOW-03: a bow deals its own strength + its bonus; crossbows and firearms their
    fixed dice (``RangedWeapon.damage_dice``: a weapon without them is a bow).

    Thrown weapons use the thrower's Strength instead (``rules/attack``, VDA-THROW-03).

    000 « Arme de Tir »."""
    if weapon.damage_dice is not None:
        return weapon.damage_dice
    return bow_strength + (weapon.damage_bonus or 0)


def heavy_shot_modifiers(weapon: RangedWeapon, damage_dice: int) -> Terms:
    """VDA-BOW-05: a bow of 5 damage dice or more shoots at +1 difficulty.

    Crossbows already list it: the heavy crossbow's 7.

    000 « Arme de Tir »."""
    if weapon.kind != "bow" or damage_dice < 5:
        return NONE
    return terms("VDA-BOW-05", difficulty=1)


def reload_actions_after_shot(weapon: RangedWeapon, cartridge: bool = False) -> int:
    """VDA-BOW-06: after a shot « 1 tir par N actions » leaves N − 1 actions to ready the weapon.

    Firearms reload per VDA-FIRE-06.

    000 « Arme de Tir »."""
    if weapon.kind == "firearm" and weapon.reload_actions:
        return firearm_reload_actions(weapon, cartridge)
    return weapon.actions_per_shot - 1


# --- VDA-FIRE -----------------------------------------------------------------


def blunderbuss_targets(
    attack_faces: Sequence[int],
    margin: int,
    mode: Literal["nines_and_tens", "spend_successes"],
    named: int,
) -> tuple[int, int]:
    """VDA-FIRE-04: under 10 m a blunderbuss can hit up to 3 people: one per die showing
    9 or 10, or one more per 2 successes spent (at most 2 more, and only as many as the
    shot named: ``named``; a success is always left). Returns (people hit, margin left
    for each). The declaration checks the weapon, the range and the people named
    (``handlers/shots.check_spread``); the dice only say how many of them are reached.

    000 « Pour la guerre de 30 ans » (Tromblon)."""
    if mode == "nines_and_tens":
        return min(3, max(1, sum(1 for face in attack_faces if face >= 9))), margin
    extra = max(0, min(named, 2, (margin - 1) // 2))
    return 1 + extra, margin - 2 * extra


def firearm_initiative_difficulty(weapon: RangedWeapon, lock: bool) -> int | None:
    """VDA-FIRE-05: a firearm's « Initiative » is 6, or 5 with a lock (Resources 4).

    000 « Pour la guerre de 30 ans ». What the number sets (initiative roll or attack
    difficulty) is ``DamageOptions.firearm_initiative_reading``."""
    if weapon.initiative_difficulty is None:
        return None
    if lock and weapon.initiative_difficulty_lock is not None:
        return weapon.initiative_difficulty_lock
    return weapon.initiative_difficulty


def firearm_attack_difficulty(weapon: RangedWeapon, lock: bool, options: DamageOptions) -> int:
    """VDA-FIRE-05: a firearm attacks at 6, or at its « Initiative » figure by table option.

    000 « Pour la guerre de 30 ans »."""
    reading = firearm_initiative_difficulty(weapon, lock)
    if options.firearm_initiative_reading == "attack_difficulty" and reading is not None:
        return reading
    return weapon.difficulty


def firearm_reload_actions(weapon: RangedWeapon, cartridge: bool) -> int:
    """VDA-FIRE-06: reloading takes 2 actions, 1 once cartridges are used.

    000 « Pour la guerre de 30 ans »."""
    if cartridge and weapon.reload_actions_cartridge is not None:
        return weapon.reload_actions_cartridge
    return weapon.reload_actions


def accumulated_ones(previous: int, attack_faces: Sequence[int]) -> int:
    """VDA-FIRE-07: a firearm's 1s accumulate with continued use.

    000 « Pour la guerre de 30 ans » (« les 1 s'accumulent en cas d'utilisation
    continue »)."""
    return previous + sum(1 for face in attack_faces if face == 1)


def with_accumulated_ones(roll: PoolRoll, accumulated: int, ones_cancel: bool) -> PoolRoll:
    """VDA-FIRE-07: a later roll with the weapon counts its accumulated 1s among its own
    (for the critical failure, VDA-GEN-02, and for cancelling when 1s cancel, A-3).

    000 « Pour la guerre de 30 ans »; the catalogue's reading of an unquantified rule."""
    if accumulated == 0:
        return roll
    ones = roll.ones + accumulated
    successes = max(0, roll.hits - ones) if ones_cancel else roll.hits
    return msgspec.structs.replace(roll, ones=ones, successes=successes, botch=roll.hits == 0)


# --- VDA-AIM ------------------------------------------------------------------


def require_still_target(target_moving: bool) -> None:
    """VDA-AIM-01: one aims only at a still target (« on ne vise qu'une cible immobile »),
    checked when the aimed shot is declared.

    000 « Viser »."""
    require(not target_moving, "VDA-AIM-01", "on ne vise qu'une cible immobile")


def aim_bonus_dice(perception: int, archery: int, target_moving: bool) -> Terms:
    """VDA-AIM-01: aiming at a still target adds Perception to the pool, at most Archery. A
    target that started moving since the declaration takes the bonus away; the shot itself
    stands (a declaration never changes, 000 « Initiative »).

    000 « Viser »."""
    return NONE if target_moving else terms("VDA-AIM-01", dice=min(perception, archery))

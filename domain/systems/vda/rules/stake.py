"""A stake through the heart and the weapon that stays stuck (VDA-STAKE, VDA-STUCK).

Seed 000 « Pieu dans le cœur » (« 1. Action ciblée », « 2. Coup d'éclat ») and
« Arme coincée ». The checks read the attack's net hit successes, its raw faces (the
9s and 10s), the damage before soak, the soak roll and what went through.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.data import IMPALING, MeleeWeapon, RangedWeapon, Weapon
from domain.systems.vda.gear import StuckWeapon
from domain.systems.vda.state import VdaState
from domain.systems.wod import Kind

StakeMode = Literal["targeted", "lucky4", "lucky5"]

STUCK_REMOVAL_DIFFICULTY = 5
STUCK_MINOR_ACT_DICE = 2


class StakeCheck(msgspec.Struct, frozen=True, kw_only=True):
    """One way a stake may succeed, and whether this attack met it."""

    mode: StakeMode
    hit_threshold: int
    damage_threshold: int
    high_dice: int = 0
    """Dice of 9 or 10 needed on the attack (the 4-success lucky strike)."""
    success: bool = False
    stuck: bool = False
    """VDA-STUCK-01: the thresholds were reached before soak, soak held it, with a 1."""


def thresholds(mode: StakeMode, fortitude: int, stuck_pool: int, floor: int) -> tuple[int, int]:
    """VDA-STAKE-01, VDA-STAKE-02, VDA-STAKE-03 with VDA-STUCK-03: (hit successes, unsoaked damage) a stake
    needs.

    Targeted 3 and max(3, Fortitude); lucky strike 4 and max(4, Fortitude), or 5 and
    max(5, Fortitude); a weapon already stuck in the target lowers both by its pool
    (down to ``floor``). 000 « Pieu dans le cœur », « Arme coincée »."""
    base = {"targeted": 3, "lucky4": 4, "lucky5": 5}[mode]
    hits, damage = base, max(base, fortitude)
    if stuck_pool:
        hits, damage = max(floor, hits - stuck_pool), max(floor, damage - stuck_pool)
    return hits, damage


def stake_modes(zone: str | None, weapon: Weapon | None, target_kind: Kind) -> list[StakeMode]:
    """VDA-STAKE-01, VDA-STAKE-02: a declared heart shot is a targeted stake; an impaling weapon (lance,
    hand stake, boar spear, arrow, bolt) may stake a vampire by a lucky strike, unannounced.

    000 « 1. Action ciblée », « 2. Coup d'éclat »."""
    if target_kind != "vampire":
        return []
    if zone == "heart":
        return ["targeted"]
    impaling = isinstance(weapon, MeleeWeapon | RangedWeapon) and IMPALING in weapon.tags
    return ["lucky4", "lucky5"] if impaling else []


def high_dice(faces: list[int]) -> int:
    return sum(1 for face in faces if face >= 9)


def check_stake(
    mode: StakeMode,
    attack: PoolRoll,
    hits: int,
    damage_before_soak: int,
    unsoaked: int,
    soaked: int,
    soak_roll: PoolRoll | None,
    fortitude: int,
    stuck_pool: int,
    floor: int,
) -> StakeCheck:
    """VDA-STAKE-01, VDA-STAKE-02, VDA-STAKE-03 and VDA-STUCK-01: whether one way of staking succeeded, and
    else
    whether the weapon stays stuck (thresholds reached before soak, some damage soaked, a
    1 on the soak roll). The lucky strike at 4 needs two dice of 9 or 10 (raw faces).

    000 « Pieu dans le cœur », « Arme coincée » (the catalogue's reading of « les seuils »)."""
    hit_threshold, damage_threshold = thresholds(mode, fortitude, stuck_pool, floor)
    needed_high = 2 if mode == "lucky4" else 0
    aimed = hits >= hit_threshold and high_dice(attack.faces) >= needed_high
    success = aimed and unsoaked >= damage_threshold
    stuck = (
        aimed
        and not success
        and damage_before_soak >= damage_threshold
        and soaked > 0
        and soak_roll is not None
        and soak_roll.ones > 0
    )
    return StakeCheck(
        mode=mode,
        hit_threshold=hit_threshold,
        damage_threshold=damage_threshold,
        high_dice=needed_high,
        success=success,
        stuck=stuck,
    )


def stuck_pool(unsoaked: int, soaked: int) -> int:
    """VDA-STUCK-02: the stuck weapon's pool is the unsoaked damage plus half the soaked.

    000 « Arme coincée » (« arrondie à l'inférieur »)."""
    return unsoaked + soaked // 2


def stuck_in(stuck: list[StuckWeapon], where: str, item: str | None) -> StuckWeapon | None:
    """VDA-STUCK-04: the weapon a full removal action works on: stuck in ``where`` (the
    action's target, else the actor), the named ``item`` if any."""
    return next((s for s in stuck if s.target == where and item in (None, s.item)), None)


def require_stuck(found: StuckWeapon | None, where: str) -> StuckWeapon:
    """VDA-STUCK-04: only a weapon stuck in someone can be worked loose."""
    require(found is not None, "VDA-STUCK-04", f"no weapon is stuck in {where!r}")
    assert found is not None
    return found


def pool_after_removal(pool: int, roll: PoolRoll) -> int:
    """VDA-STUCK-04: each success of a removal at difficulty 5 takes 1 from the pool; at 0
    the weapon comes free. 000 « Arme coincée »."""
    return max(0, pool - roll.successes)


def require_not_paralysed(state: VdaState, combatant: str) -> None:
    """VDA-STAKE-04: a staked vampire is paralysed until the stake is out: it declares no
    action but « none », uses no power, tries no gaze.

    000 « Pieu dans le cœur » gives only the success conditions; the consequence is V20's
    (option ``tactics.staked_paralysed``)."""
    fighter = state.fighters.get(combatant)
    staked = fighter is not None and fighter.staked
    require(
        not (staked and state.options.tactics.staked_paralysed),
        "VDA-STAKE-04",
        f"{combatant!r} has a stake through the heart: paralysed",
    )


def stake_awaits_ruling(bony_heart: bool, success: bool) -> bool:
    """VDA-STAKE-01: « (voir aussi « Cœur osseux ») »: the seeds name the bony heart without
    its rules, so a stake that meets the thresholds on such a heart waits for the GM's
    ruling (``vda.RuleStake``) instead of staking at once."""
    return bony_heart and success


PROJECTILES = {"bow": "fleche", "crossbow": "carreau"}
"""VDA-STUCK-01: what stays in the body when a bow or crossbow shot sticks."""


def stuck_item(
    weapon: Weapon, declared: str | None, sheet_weapons: list[str], projectiles: bool
) -> tuple[str, bool] | None:
    """VDA-STUCK-01: what stays stuck: the hand weapon of the sheet, or (option
    ``tactics.stuck_projectiles``) the arrow or bolt of an impaling bow or crossbow shot
    (« flèche ou carreau », 000 « Coup d'éclat »). Returns (item, is a projectile)."""
    if isinstance(weapon, RangedWeapon):
        item = PROJECTILES.get(weapon.kind)
        return (item, True) if projectiles and item is not None and IMPALING in weapon.tags else None
    if declared is not None and declared in sheet_weapons:
        return declared, False
    return None


def unstick_site(stuck: list[StuckWeapon], combatant: str, target: str | None) -> StuckWeapon | None:
    """VDA-STUCK-04: the weapon a 2-dice removal works on: one stuck in the actor's own body,
    else one stuck in the action's target."""
    own = next((s for s in stuck if s.target == combatant), None)
    return own or next((s for s in stuck if target is not None and s.target == target), None)


def pool_after_minor_removal(pool: int, roll: PoolRoll, per_success: bool) -> int:
    """VDA-STUCK-04: « 2 dés pris sur une action simple, difficulté 5, pour réduire la
    réserve »: 1 per success by default (option: 1 on any success)."""
    taken = roll.successes if per_success else min(1, roll.successes)
    return max(0, pool - taken)

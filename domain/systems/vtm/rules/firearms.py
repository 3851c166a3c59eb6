"""Seed 003, the firearms maneuvers: range, two weapons, bursts, full auto, strafing,
multiple shots, reloading, ammunition and aiming (« Viser »)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from domain.errors import require
from domain.systems.vtm.state import Action, Aim, FireMode, VtmSheet, Weapon
from domain.systems.wod import NONE, Terms, terms

FIRING = ("shoot", "belly")
"""Maneuvers that fire a round (VTM-ATK-03, VTM-MEL-12)."""
POINT_BLANK = 2
"""Metres: closer than this a shot is point blank (VTM-FIRE-08)."""


def range_terms(weapon: Weapon, distance: int | None) -> Terms:
    """VTM-FIRE-07: within the weapon's short range a shot is at difficulty 6, out to twice
    that (its longest range) at 8, and no farther; VTM-FIRE-08: closer than two metres it
    is point blank, at 4. No distance set between the two (the GM's ``vtm.SetDistance``),
    or a weapon without a short range: the shot is at short range."""
    if distance is None or weapon.short_range <= 0:
        return NONE
    if distance < POINT_BLANK:
        return terms("VTM-FIRE-08", difficulty=-2, why=f"point blank ({distance} m)")
    if distance <= weapon.short_range:
        return NONE
    require(
        distance <= 2 * weapon.short_range,
        "VTM-FIRE-07",
        f"{distance} m is past the weapon's longest range ({2 * weapon.short_range} m)",
    )
    return terms("VTM-FIRE-07", difficulty=2, why=f"long range ({distance} m)")


MODES: dict[FireMode, tuple[str, int, int]] = {
    "single": ("", 0, 0),
    "burst": ("VTM-FIRE-10", 2, 1),
    "auto": ("VTM-FIRE-11", 10, 2),
    "strafe": ("VTM-FIRE-04", 10, 2),
}


def mode_terms(mode: FireMode) -> Terms:
    """VTM-FIRE-10: a short burst, two more dice at +1 (recoil); VTM-FIRE-11: full auto,
    ten more dice at +2; VTM-FIRE-04: strafing, ten more dice at +2."""
    rule, dice, difficulty = MODES[mode]
    return terms(rule, dice=dice, difficulty=difficulty, why=mode) if rule else NONE


STRAFE_AREA = 3
"""VTM-FIRE-04: « Une zone de trois mètres au maximum peut ainsi être couverte »."""


def require_area(spans: dict[tuple[str, str], int | None]) -> None:
    """VTM-FIRE-04: a strafe covers an area of 3 m at most: no two of its targets stand
    farther apart than that, by the distances the GM set (a distance never set is taken as
    within the area, as a shot without a distance is at short range)."""
    wide = [f"{a} and {b} ({metres} m)" for (a, b), metres in spans.items() if (metres or 0) > STRAFE_AREA]
    require(not wide, "VTM-FIRE-04", f"a strafe covers {STRAFE_AREA} m at most: {', '.join(wide)} apart")


def require_mode(action: Action, weapon: Weapon | None) -> None:
    """VTM-FIRE-10: only a weapon made for bursts fires one; VTM-FIRE-11 / VTM-FIRE-04: only
    a fully automatic weapon fires full auto or strafes; full auto cannot aim at a part
    (VTM-FIRE-11); VTM-FIRE-05: strafing names distinct targets, the others only single
    shots."""
    if action.fire == "single":
        require(not action.targets, "VTM-FIRE-05", "only strafing names several targets")
        return
    require(
        action.maneuver == "shoot" and weapon is not None,
        "VTM-FIRE-10",
        f"{action.fire} fire is a shot with a firearm",
    )
    assert weapon is not None
    if action.fire == "burst":
        require(weapon.burst, "VTM-FIRE-10", "this weapon does not fire short bursts")
    else:
        rule = "VTM-FIRE-11" if action.fire == "auto" else "VTM-FIRE-04"
        require(weapon.full_auto, rule, "this weapon does not fire fully automatic")
    if action.fire == "auto":
        require(action.aim is None, "VTM-FIRE-11", "full-auto fire cannot aim at a part")
    if action.fire == "strafe":
        everyone = [action.target, *action.targets]
        require(len(set(everyone)) == len(everyone), "VTM-FIRE-05", "each target of a strafe once")
    else:
        require(not action.targets, "VTM-FIRE-05", "only strafing names several targets")


def full_auto_minimum(weapon: Weapon, fraction: float) -> int:
    """VTM-FIRE-11: full auto fires with any round loaded (the catalogue's reading); by
    the table's ``full_auto_min_rounds_fraction`` at least that share of the magazine."""
    return max(1, math.ceil(fraction * weapon.capacity))


def rounds_needed(mode: FireMode, weapon: Weapon, loaded: int, auto_fraction: float) -> int:
    """VTM-FIRE-13: a shot spends a round, a burst its rounds (VTM-FIRE-10, three by
    default), full auto and strafing the whole magazine (VTM-FIRE-11, VTM-FIRE-04)."""
    if mode == "single":
        return 1
    if mode == "burst":
        return weapon.burst_rounds
    if mode == "auto":
        return max(loaded, full_auto_minimum(weapon, auto_fraction))
    return max(loaded, 1)


def require_loaded(name: str, weapon: Weapon, loaded: int, mode: FireMode, auto_fraction: float) -> int:
    """VTM-FIRE-13: an attack needing more rounds than are loaded cannot be made (full auto
    and strafing empty what is left, at least one round, VTM-FIRE-11 the table's share of
    the magazine for full auto). The rounds it spends."""
    if weapon.capacity <= 0:
        return 0  # no magazine in the table: nothing to count (a thrown knife, a bow)
    needed = rounds_needed(mode, weapon, loaded, auto_fraction)
    rule = "VTM-FIRE-11" if mode == "auto" and loaded >= 1 else "VTM-FIRE-13"
    require(loaded >= needed, rule, f"{name} has {loaded} rounds loaded, {needed} needed")
    return needed


def require_plan(
    plan: Sequence[Action], carried: Mapping[str, Weapon], fired: Mapping[str, int], auto_fraction: float
) -> None:
    """VTM-FIRE-12: no more shots in a turn with a weapon than its rate of fire;
    VTM-FIRE-13: the plan never fires more rounds than are loaded, reloads included."""
    shots: dict[str, int] = {}
    loaded = {name: w.capacity - fired.get(name, 0) for name, w in carried.items()}
    for action in plan:
        name = action.weapon
        if name is None or name not in carried:
            continue
        weapon = carried[name]
        if action.kind == "reload":
            loaded[name] = weapon.capacity
        if action.kind != "attack" or action.maneuver not in FIRING:
            continue
        shots[name] = shots.get(name, 0) + 1
        require(
            shots[name] <= weapon.rate,
            "VTM-FIRE-12",
            f"{name} fires at most {weapon.rate} shots a turn",
        )
        loaded[name] -= require_loaded(name, weapon, loaded[name], action.fire, auto_fraction)


def off_hand(plan: Sequence[Action], action: Action, sheet: VtmSheet, carried: Mapping[str, Weapon]) -> Terms:
    """VTM-FIRE-03: firing two guns in a turn, the shots of the second gun (the off hand:
    the first gun the plan names is in the good hand) are at +1, unless ambidextrous."""
    if action.maneuver != "shoot" or sheet.ambidextrous:
        return NONE
    guns = [a.weapon for a in plan if a.kind == "attack" and a.maneuver == "shoot" and a.weapon in carried]
    if not guns or action.weapon == guns[0]:
        return NONE
    return terms("VTM-FIRE-03", difficulty=1, why="off hand")


def strafe_shares(successes: int, targets: int) -> list[int]:
    """VTM-FIRE-05: the successes are shared evenly, the rest one more each in the order
    the shooter named its targets (its choice, made before the roll); with fewer
    successes than targets, one each to the first ones."""
    if targets <= 0:
        return []
    even, rest = divmod(successes, targets)
    return [even + (1 if i < rest else 0) for i in range(targets)]


def alone_in_the_area(targets: int) -> bool:
    """VTM-FIRE-06: a strafe with a single target in its area does half damage to it."""
    return targets == 1


def require_aim(plan: Sequence[Action], sheet: VtmSheet, weapon: Weapon | None) -> None:
    """VTM-FIRE-14 (« Viser », in the seed): aiming takes the whole turn (nothing else
    meanwhile), with a carried firearm, and at least one dot of Armes à feu."""
    require(len(plan) == 1, "VTM-FIRE-14", "one does nothing else while aiming")
    require(weapon is not None and weapon.kind == "firearm", "VTM-FIRE-14", "one aims a carried firearm")
    require(sheet.abilities.get("firearms", 0) >= 1, "VTM-FIRE-14", "aiming needs a dot in firearms")


def aim_bonus(aim: Aim | None, action: Action, sheet: VtmSheet, weapon: Weapon | None) -> Terms:
    """VTM-FIRE-14: each turn spent aiming adds a die to the shot at that target with that
    weapon, at most the Perception; a scope or a laser sight adds two more."""
    if (
        aim is None
        or action.maneuver != "shoot"
        or (aim.target, aim.weapon) != (action.target, action.weapon)
    ):
        return NONE
    found = terms("VTM-FIRE-14", dice=min(aim.turns, sheet.attributes.perception), why="aimed")
    if weapon is not None and weapon.sight != "none":
        found += terms("VTM-FIRE-14", dice=2, why=weapon.sight)
    return found

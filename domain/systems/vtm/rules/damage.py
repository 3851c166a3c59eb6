"""Seed 003 « Règles particulières » (minimum damage) and « Résolution » → « Absorption
de dégâts »: damage, soak, health levels."""

from __future__ import annotations

from typing import Literal

from domain.systems.vtm.state import HealthLevel, VtmSheet
from domain.systems.wod import DamageType, Health, Modifier


def minimum_damage(remaining: int) -> int:
    """VTM-HR-03: a hit always does 1 level plus 1 per 3 attack successes (2 → 1, 4 → 2,
    7 → 3); VTM-HR-04: any attack that hits. It replaces a lower damage roll, never adds."""
    return 1 + remaining // 3


def soak_terms(
    sheet: VtmSheet, damage_type: DamageType, armour: int, *, lethal_armour_only: bool, ghoul_difficulty: int
) -> tuple[list[Modifier], int] | None:
    """VTM-DMG-04: soak is Vigueur (+ Endurance) + armour at difficulty 6. VTM-DMG-05: a
    vampire soaks bashing and lethal so, aggravated with Endurance alone (VTM-DMG-08);
    a mortal soaks bashing, lethal (and aggravated, as lethal) with armour alone by the
    table's reading; VTM-DMG-07: a ghoul with vitae soaks lethal at difficulty 8.
    ``None``: no soak roll."""
    stamina = Modifier(rule="VTM-DMG-04", value=sheet.attributes.stamina, why="stamina")
    fortitude = Modifier(rule="VTM-DMG-04", value=sheet.disciplines.get("fortitude", 0), why="fortitude")
    worn = Modifier(rule="VTM-DMG-04", value=armour, why="armour")
    if sheet.kind == "vampire":
        if damage_type == "aggravated":
            return [Modifier(rule="VTM-DMG-08", value=fortitude.value, why="fortitude")], 6
        return [stamina, fortitude, worn], 6
    if damage_type == "bashing":
        return [stamina, fortitude, worn], 6
    if sheet.kind == "ghoul" and sheet.blood > 0:
        return [stamina, fortitude, worn], ghoul_difficulty
    if lethal_armour_only and armour:
        return [Modifier(rule="VTM-DMG-05", value=armour, why="armour only")], 6
    return None


def levels_taken(
    damage: int,
    soaked: int,
    floor: int,
    damage_type: DamageType,
    sheet: VtmSheet,
    stage: Literal["before_soak", "after_soak"],
) -> tuple[int, bool]:
    """VTM-DMG-10: damage (at least the floor, VTM-HR-03), less what was soaked; then
    VTM-DMG-06: a vampire halves bashing damage left after soak, rounded down (vda
    rounds up: not shared). (levels, halved)."""
    levels = max(0, damage - soaked)
    if stage == "after_soak":
        levels = max(levels, floor)
    if sheet.kind == "vampire" and damage_type == "bashing":
        return levels // 2, True
    return levels, False


def wound_level(health: Health, track: list[HealthLevel]) -> HealthLevel | None:
    """VTM-DMG-11 (outside the seed): the last health level filled (``None``: unhurt)."""
    taken = health.bashing + health.lethal + health.aggravated
    return track[min(taken, len(track)) - 1] if taken > 0 and track else None


def wound_penalty(health: Health, sheet: VtmSheet, track: list[HealthLevel]) -> list[Modifier]:
    """VTM-DMG-11 (outside the seed): the dice lost to the last health level filled."""
    taken = health.bashing + health.lethal + health.aggravated
    if taken <= 0 or not track:
        return []
    level = track[min(taken, len(track)) - 1]
    return [Modifier(rule="VTM-DMG-11", value=-level.penalty, why=level.name)] if level.penalty else []


def incapacitated(health: Health, sheet: VtmSheet) -> bool:
    """VTM-DMG-11: every health level filled, the character can no longer act."""
    return health.bashing + health.lethal + health.aggravated >= sheet.health_levels


def dazed(levels: int, sheet: VtmSheet) -> bool:
    """VTM-CPX-05: more levels from one attack (after soak) than Vigueur (Vigueur + 2 for
    a supernatural creature) daze the character for its next turn."""
    return levels > sheet.attributes.stamina + (2 if sheet.kind == "vampire" else 0)

"""Seed 003, the complications (« À terre », « Aveuglé », « Immobilisé »): what a
condition does to the rolls made by or against its bearer."""

from __future__ import annotations

from collections.abc import Collection

from domain.systems.wod import Modifier, Terms, terms


def against(conditions: Collection[str]) -> Terms:
    """Dice for whoever attacks the bearer: VTM-CPX-03 down +1, VTM-CPX-04 blinded +2,
    VTM-CPX-06 immobilized but struggling +2."""
    found = Terms()
    if "knocked_down" in conditions:
        found += terms("VTM-CPX-03", dice=1, why="target down")
    if "blinded" in conditions:
        found += terms("VTM-CPX-04", dice=2, why="target blinded")
    if "immobilized" in conditions:
        found += terms("VTM-CPX-06", dice=2, why="target immobilized")
    return found


def own(conditions: Collection[str], close: bool) -> Terms:
    """The bearer's own difficulty: VTM-CPX-04 blinded +2 to every action; VTM-CPX-03
    down +2 to its Brawl and Melee attacks; VTM-CPX-09 off balance (after a tackle it
    withstood) +1 to every action."""
    found = Terms()
    if "blinded" in conditions:
        found += terms("VTM-CPX-04", difficulty=2, why="blinded")
    if close and "knocked_down" in conditions:
        found += terms("VTM-CPX-03", difficulty=2, why="down")
    if "off_balance" in conditions:
        found += terms("VTM-CPX-09", difficulty=1, why="off balance")
    return found


def helpless(conditions: Collection[str]) -> bool:
    """VTM-CPX-07 / VTM-ATK-06: a target tied up, unconscious (incapacitated) or paralysed
    is hit without an attack roll."""
    return "helpless" in conditions or "incapacitated" in conditions


def helpless_damage(attack_dice: int) -> list[Modifier]:
    """VTM-CPX-07: every die of the attack pool is added to the damage pool."""
    return [Modifier(rule="VTM-CPX-07", value=attack_dice, why="helpless target")] if attack_dice > 0 else []

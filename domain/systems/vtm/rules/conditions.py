"""Seed 003, the complications (« À terre », « Aveuglé », « Immobilisé »): what a
condition does to the rolls made by or against its bearer."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from domain.systems.vtm.state import Complication
from domain.systems.wod import NONE, Modifier, Terms, terms


def against(conditions: Collection[str]) -> Terms:
    """VTM-DICE-11: dice for whoever attacks the bearer, each circumstance once:
    VTM-CPX-03 down +1, VTM-CPX-04 blinded +2, VTM-CPX-06 immobilized but struggling +2."""
    found = Terms()
    if "knocked_down" in conditions:
        found += terms("VTM-CPX-03", dice=1, why="target down")
    if "blinded" in conditions:
        found += terms("VTM-CPX-04", dice=2, why="target blinded")
    if "immobilized" in conditions:
        found += terms("VTM-CPX-06", dice=2, why="target immobilized")
    return found


def own(conditions: Collection[str], close: bool, ranged: bool, *, dedupe: bool) -> Terms:
    """VTM-DICE-11: the bearer's own difficulty, each circumstance once. VTM-CPX-04
    blinded +2 to every action (but a shot: VTM-GEN-05's +3 replaces it); VTM-GEN-04 a
    close attack in total darkness +2 (the same +2 as blindness, not twice, unless the
    table's ``dedupe_same_circumstance`` is off); VTM-CPX-03 down +2 to its Brawl and
    Melee attacks; VTM-CPX-09 off balance (after a tackle it withstood) +1 to every action."""
    found = Terms()
    blind = "blinded" in conditions and not ranged
    if blind:
        found += terms("VTM-CPX-04", difficulty=2, why="blinded")
    if close and "darkness" in conditions and not (blind and dedupe):
        found += terms("VTM-GEN-04", difficulty=2, why="total darkness")
    if close and "knocked_down" in conditions:
        found += terms("VTM-CPX-03", difficulty=2, why="down")
    if "off_balance" in conditions:
        found += terms("VTM-CPX-09", difficulty=1, why="off balance")
    return found


def helpless(conditions: Collection[str]) -> bool:
    """VTM-CPX-07 / VTM-ATK-06: a target tied up, unconscious (incapacitated) or paralysed
    (a stake through the heart, VTM-CPX-08) is hit without an attack roll."""
    return bool({"helpless", "incapacitated", "staked"} & set(conditions))


def sightless(conditions: Collection[str]) -> bool:
    """VTM-GEN-04, VTM-GEN-05: blind, or in total darkness."""
    return "blinded" in conditions or "darkness" in conditions


def blind_shot(conditions: Collection[str]) -> Terms:
    """VTM-GEN-05: once it has placed its target by ear, one without sight shoots at +3."""
    return terms("VTM-GEN-05", difficulty=3, why="shooting blind") if sightless(conditions) else NONE


def custom(table: Mapping[str, Complication], borne: Collection[str]) -> Terms:
    """VTM-CPX-10: the Storyteller's own complications on their bearer's rolls."""
    found = Terms()
    for name in borne:
        row = table.get(name)
        if row is not None:
            found += terms("VTM-CPX-10", dice=row.dice, difficulty=row.difficulty, why=name)
    return found


def custom_against(table: Mapping[str, Complication], borne: Collection[str]) -> Terms:
    """VTM-CPX-10: what the Storyteller's complications give whoever attacks the bearer."""
    found = Terms()
    for name in borne:
        row = table.get(name)
        if row is not None:
            found += terms("VTM-CPX-10", dice=row.attackers_dice, why=name)
    return found


def staked(vampire: bool, stake: bool, aim: str | None, levels: int) -> bool:
    """VTM-CPX-08: a stake through a vampire's heart (aimed at the heart: the precise part
    of VTM-GEN-02, +3 once) that deals at least three levels after soak paralyses it
    until the stake is pulled out."""
    return vampire and stake and aim == "precise" and levels >= 3


def heart(stake: bool, aim: str | None, dedupe: bool) -> Terms:
    """VTM-CPX-08: aiming a stake at the heart is at +3; VTM-DICE-11: the same +3 as the
    precise part of VTM-GEN-02, so it counts once unless the table's
    ``dedupe_same_circumstance`` is off."""
    if stake and aim == "precise" and not dedupe:
        return terms("VTM-CPX-08", difficulty=3, why="heart")
    return NONE


def helpless_damage(attack_dice: int) -> list[Modifier]:
    """VTM-CPX-07: every die of the attack pool is added to the damage pool."""
    return [Modifier(rule="VTM-CPX-07", value=attack_dice, why="helpless target")] if attack_dice > 0 else []

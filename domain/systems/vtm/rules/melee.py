"""Seed 003, the melee maneuvers with an effect beyond damage: disarming, the gun in the
belly, the tackle and closing in on a longer weapon."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from domain.errors import require
from domain.systems.vtm.state import Weapon
from domain.systems.wod import NONE, Modifier, Terms, terms


def disarm_target(carried: Sequence[tuple[str, Weapon]]) -> str:
    """VTM-MEL-06: a disarm reaches for the weapon in the opponent's hand: the first one
    its sheet carries (nothing to disarm, no disarm)."""
    require(bool(carried), "VTM-MEL-06", "the target holds no weapon to disarm")
    return carried[0][0]


def disarms(damage: int, strength: int) -> bool:
    """VTM-MEL-06: when the damage successes (the catalogue's reading, after the floor)
    exceed the opponent's Strength, it takes no damage and drops its weapon (no soak)."""
    return damage > strength


def require_pistol(weapon: Weapon | None) -> None:
    """VTM-MEL-12: only a pistol is pressed against a body and fired."""
    require(
        weapon is not None and weapon.kind == "firearm" and weapon.pistol,
        "VTM-MEL-12",
        "only a pistol is fired pressed against the body",
    )


def belly_damage(weapon: Weapon) -> list[Modifier]:
    """VTM-MEL-12: the pistol's damage plus two dice, lethal; with rubber bullets « les
    dégâts ne sont pas accrus, mais deviennent létaux »: no more dice, still lethal."""
    extra = 0 if weapon.rubber else 2
    why = "rubber bullets" if weapon.rubber else "gun in the belly"
    return [
        Modifier(rule="VTM-MEL-05", value=weapon.damage, why="weapon"),
        Modifier(rule="VTM-MEL-12", value=extra, why=why),
    ]


TACKLE_FOOTING = 7
"""VTM-MEL-13: both sides keep their feet with Dex + Athlétisme at difficulty 7."""


def tackle_difficulty(reading: Literal["plus_one", "eight"]) -> list[Modifier]:
    """VTM-MEL-13: a tackle is at +1 by the prose (the table's default), or at 8 by the
    seed's stat block (its other reading)."""
    if reading == "eight":
        return [Modifier(rule="VTM-MEL-13", value=8, why="tackle")]
    return [
        Modifier(rule="VTM-ATK-05", value=6, why="attack"),
        Modifier(rule="VTM-MEL-13", value=1, why="tackle"),
    ]


def off_balance(kept_feet: bool) -> bool:
    """VTM-MEL-13 / VTM-CPX-09: a tackled target that did not fall is off balance next turn."""
    return kept_feet


def closing(attacker_weapon: Weapon | None, target_weapons: Sequence[Weapon], distance: int | None) -> Terms:
    """VTM-MEL-14: with a short weapon or bare hands against a longer one, the attacker
    closes to within a metre to strike, and loses a die doing so; once within a metre
    (the distance the GM set, or the last closing) no die is lost."""
    longer = any(w.kind == "melee" and w.long for w in target_weapons)
    mine_long = attacker_weapon is not None and attacker_weapon.long
    if not longer or mine_long or (distance is not None and distance < 1):
        return NONE
    return terms("VTM-MEL-14", dice=-1, why="closing in")

"""Disarming (VDA-DISARM), from seed 000 « Désarmement »."""

from __future__ import annotations

from typing import Literal

from domain.errors import require
from domain.systems.vda.options import EquipmentOptions
from domain.systems.wod import Modifier

DisarmResult = Literal["none", "weakened", "disarmed"]


def require_weapon_to_disarm(item: str | None, defender: str) -> str:
    """VDA-DISARM-01: a disarm needs a weapon in the defender's hand.

    000 « Désarmement »."""
    require(item is not None, "VDA-DISARM-01", f"{defender!r} holds no weapon to disarm")
    assert item is not None
    return item


def defender_attribute(strength: int, dexterity: int, options: EquipmentOptions) -> str:
    """VDA-DISARM-02: the defender rolls (Strength or Dexterity) + Melee; by default the
    higher one, Strength on a tie since Potence then adds automatic successes."""
    if options.disarm_defender_attribute != "higher":
        return options.disarm_defender_attribute
    return "strength" if strength >= dexterity else "dexterity"


def defender_difficulty(fortitude: int, options: EquipmentOptions) -> list[Modifier]:
    """VDA-DISARM-02: the reflexive roll's difficulty is lowered by 1 per Fortitude dot
    (from 6 by default, clamped by A-2). 000 « Désarmement »."""
    terms = [Modifier(rule="A-7", value=options.disarm_base_difficulty, why="jet réflexe")]
    if fortitude:
        terms.append(Modifier(rule="VDA-DISARM-02", value=-fortitude, why="Fortitude"))
    return terms


def potence_automatic(attribute: str, potence: int) -> int:
    """VDA-DISARM-02: rolling with Strength adds Potence as automatic successes, as usual."""
    return potence if attribute == "strength" else 0


def disarm_result(net: int) -> DisarmResult:
    """VDA-DISARM-03, VDA-DISARM-04: 1 or 2 net successes weaken the grip (+1 on every roll with the
    item until 2 dice regrip it); 3 or more disarm, the weapon falls.

    000 « Désarmement » (« 1 ou 2 succès de l'attaquant » read as net of the defender's)."""
    if net >= 3:
        return "disarmed"
    return "weakened" if net >= 1 else "none"

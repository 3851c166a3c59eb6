"""Targeted attacks (« Action sélective »).

Chapter VDA-TGT of ``rules/vda.md``, from seed 000 « Action sélective »,
« Zone sans armure et dangereuse », « Armures » and seed 001 « Marge de
touché et dommages » (« +1 (+ montant du malus de l'armure) »).
"""

from __future__ import annotations

from typing import Literal

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.data import Armour
from domain.systems.vda.options import DamageOptions
from domain.systems.vda.rules.equipment import armour_coverage
from domain.systems.wod import Terms, terms

TargetZone = Literal["heart", "unarmoured"]


def require_target_zone(zone: str) -> TargetZone:
    """VDA-TGT-01: a targeted attack aims at the heart or at a zone the armour leaves bare.

    000 « Action sélective », « Attaquer le cœur »."""
    require(zone in ("heart", "unarmoured"), "VDA-TGT-01", f"zone inconnue {zone!r}")
    return "heart" if zone == "heart" else "unarmoured"


def targeted_attack_modifiers(armour: Armour | None) -> Terms:
    """VDA-TGT-02: aiming at a zone is +1 plus the armour's malus (+1, +2, +3).

    No or light armour +1, medium +2, heavy +3.

    000 « Zone sans armure et dangereuse », « Armures »; 001 « Marge de touché »."""
    return terms("VDA-TGT-02", difficulty=1 + armour_coverage(armour))


def armour_dice_against_zone(armour_dice: int, vulnerable_zone: bool) -> int:
    """VDA-TGT-03: a blow to a bare vulnerable zone cancels the armour, never Fortitude.

    000 « Zone sans armure et dangereuse »."""
    return 0 if vulnerable_zone else armour_dice


def vulnerable_zone_aggravated(
    damage_roll: PoolRoll | None,
    soak_roll: PoolRoll | None,
    soak_ones_removed: int,
    inflicted: int,
    options: DamageOptions,
) -> int:
    """VDA-TGT-03: on a bare zone, damage 10s and soak 1s turn inflicted levels aggravated.

    One level each, capped at what was inflicted (``vulnerable_zone_aggravated``).

    000 « Zone sans armure et dangereuse » (« des résultats de 10 au jet de dégâts ou
    de 1 au jet d'encaissement font 1 dommage aggravé »)."""
    tens = sum(1 for face in damage_roll.faces if face == 10) if damage_roll else 0
    ones = max(0, soak_roll.ones - soak_ones_removed) if soak_roll else 0
    count = tens + ones
    if options.vulnerable_zone_aggravated == "once":
        count = min(1, count)
    return max(0, min(inflicted, count))

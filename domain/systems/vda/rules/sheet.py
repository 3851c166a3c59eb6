"""What a ``vda`` character may have (not what it does): checked when a combatant joins
the table or its sheet changes (``System.check_sheet``), never in combat."""

from __future__ import annotations

from typing import Any

from domain.errors import require
from domain.systems.vda.data import find_weapon
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.rules.powers import block_score
from domain.systems.vda.state import VdaSheet

MENTAL_CONTROL = "mental_control"


def require_anger_or_rage_allowed(sheet: VdaSheet, options: VdaOptions) -> None:
    """VDA-POW-08: only the Mental Control block gives the Anger (Colère) or Rage advantage,
    and Rage needs Animalism.

    Seed 001 « Blocs de discipline » › « Contrôle mental » (« Le bloc donne accès à un
    avantage : Rage (si on a Animalisme) Colère pour les autres »). Catalogue default: at
    least one dot in the block (Dominate, Presence, Animalism). Anger is not refused to an
    Animalism user: the seeds' own Rorsh pays with Anger and calms his pack with Animalism.
    Option ``anger_needs_mental_control`` (000 never gates the pools).
    """
    if not options.anger_needs_mental_control or (sheet.anger <= 0 and sheet.rage <= 0):
        return
    require(
        block_score(sheet, MENTAL_CONTROL) > 0,
        "VDA-POW-08",
        "Colère et Rage viennent du bloc Contrôle mental (Domination, Présence, Animalisme)",
    )
    require(
        sheet.rage <= 0 or sheet.disciplines.get("animalism", 0) > 0,
        "VDA-POW-08",
        "la Rage demande l'Animalisme (sinon, c'est la Colère)",
    )


def require_current_within_maximum(sheet: VdaSheet) -> None:
    """A pool's current value lies between 0 and the sheet's maximum; starting wounds fit
    within the health levels."""
    for pool, left in sheet.current.items():
        maximum = int(getattr(sheet, pool))
        require(
            0 <= left <= maximum,
            "sheet.current",
            f"current {pool} is {left}: between 0 and the sheet's {maximum}",
        )
    wounds = sheet.wounds.bashing + sheet.wounds.lethal + sheet.wounds.aggravated
    require(
        wounds <= sheet.health_levels,
        "sheet.wounds",
        f"{wounds} starting wounds exceed the {sheet.health_levels} health levels",
    )


def require_own_natural_weapons(sheet: VdaSheet) -> None:
    """VDA-NAT: a sheet's own natural weapons (claws, bone blades…) have ids of their own,
    distinct from the tables' weapons, and name a discipline the sheet has."""
    ids = [w.id for w in sheet.natural_weapons]
    require(len(ids) == len(set(ids)), "sheet.natural_weapons", "each natural weapon has its own id")
    for weapon in sheet.natural_weapons:
        require(
            find_weapon(weapon.id) is None,
            "sheet.natural_weapons",
            f"{weapon.id!r} is already a weapon of the tables: give the sheet's own another id",
        )
        require(
            weapon.discipline is None or sheet.disciplines.get(weapon.discipline, 0) > 0,
            "sheet.natural_weapons",
            f"{weapon.id!r} comes from {weapon.discipline!r}, which the sheet does not have",
        )


def check_sheet(sheet: Any, options: Any) -> None:
    """Every sheet rule of ``vda`` (the table calls this on ``AddCombatant`` and its updates)."""
    if isinstance(sheet, VdaSheet):
        require_anger_or_rage_allowed(sheet, options if isinstance(options, VdaOptions) else VdaOptions())
        require_current_within_maximum(sheet)
        require_own_natural_weapons(sheet)

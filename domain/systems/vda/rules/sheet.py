"""What a ``vda`` character may have (not what it does): checked when a combatant joins
the table or its sheet changes (``System.check_sheet``), never in combat."""

from __future__ import annotations

from typing import Any

from domain.errors import require
from domain.systems.vda import arsenal
from domain.systems.vda.data import ARMOURS, find_weapon
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


def require_own_natural_weapons(sheet: VdaSheet, options: VdaOptions) -> None:
    """VDA-NAT-01, VDA-VAND-09: a sheet's own natural weapons (claws, bone blades…) have ids of
    their own, distinct from the seed's tables, and every natural weapon the combatant has
    (its own, or the table's it names) comes from a discipline the sheet has."""
    ids = [w.id for w in sheet.natural_weapons]
    require(len(ids) == len(set(ids)), "sheet.natural_weapons", "each natural weapon has its own id")
    for weapon in sheet.natural_weapons:
        require(
            find_weapon(weapon.id) is None,
            "sheet.natural_weapons",
            f"{weapon.id!r} is already a weapon of the tables: give the sheet's own another id",
        )
    for weapon_id in arsenal.natural_ids(sheet, options):
        natural = arsenal.natural_definition(sheet, options, weapon_id)
        assert natural is not None
        require(
            natural.discipline is None or sheet.disciplines.get(natural.discipline, 0) > 0,
            "sheet.natural_weapons",
            f"{natural.id!r} comes from {natural.discipline!r}, which the sheet does not have",
        )


def require_known_weapons(sheet: VdaSheet, options: VdaOptions) -> None:
    """VDA-PHYS-02: every weapon a sheet names is one the rules know, checked when the
    combatant joins, not when it first strikes: a weapon of the seed's tables (``data.py``),
    a natural weapon of the table (``VdaOptions.natural_weapons``) or of the sheet; its armour
    is one of the armour table (VDA-ARMOR-01)."""
    for weapon_id in sheet.weapons:
        require(
            arsenal.lookup(sheet, options, weapon_id) is not None,
            "sheet.weapons",
            f"unknown weapon {weapon_id!r}: neither in the tables of seed 000 nor a natural weapon "
            "of the table or the sheet",
        )
    require(
        sheet.armour is None or sheet.armour in ARMOURS,
        "sheet.armour",
        f"unknown armour {sheet.armour!r}: one of {', '.join(sorted(ARMOURS))}",
    )


def check_sheet(sheet: Any, options: Any) -> None:
    """Every sheet rule of ``vda`` (the table calls this on ``AddCombatant`` and its updates,
    with the options the table opened with: always ``VdaOptions``, ``table.open_table``)."""
    if isinstance(sheet, VdaSheet):
        require_anger_or_rage_allowed(sheet, options)
        require_current_within_maximum(sheet)
        require_own_natural_weapons(sheet, options)
        require_known_weapons(sheet, options)

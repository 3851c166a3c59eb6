"""The one weapon lookup of ``vda``: what a weapon id names for a combatant.

Every path that reads a weapon (initiative, attack, parry, grapple, charge, bow, vandalism,
resistance) asks :func:`lookup`, so that a natural weapon is the same weapon everywhere:

1. the sheet's own ``natural_weapons`` (claws, bone blades… written on the sheet);
2. the table's ``natural_weapons`` (``VdaOptions``: defined once in a scenario file, carried
   by the sheets that name them in ``weapons``);
3. the tables of seed 000 (``data.find_weapon``: melee, natural, ranged).

A sheet's own or table natural weapon becomes a :class:`~domain.systems.vda.data.NaturalWeapon`
with its numbers and its discipline (VDA-NAT-01, VDA-VAND-09).
"""

from __future__ import annotations

from domain.systems.vda.data import NaturalWeapon, Weapon, find_weapon
from domain.systems.vda.gear import OwnNaturalWeapon
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import VdaSheet


def natural_definition(sheet: VdaSheet, options: VdaOptions, weapon_id: str) -> OwnNaturalWeapon | None:
    """The sheet's own natural weapon of this id, else the table's."""
    own = next((w for w in sheet.natural_weapons if w.id == weapon_id), None)
    return own or next((w for w in options.natural_weapons if w.id == weapon_id), None)


def as_weapon(own: OwnNaturalWeapon) -> NaturalWeapon:
    """A sheet's or table's natural weapon as the tables' weapons are (VDA-NAT-01)."""
    return NaturalWeapon(
        id=own.id,
        name=own.name or own.id,
        name_en=own.name or own.id,
        damage_bonus=own.damage_bonus,
        difficulty=own.difficulty,
        damage_type=own.damage_type,
        wound=own.wound,
        initiative=own.initiative,
        aggravated_capacity=own.aggravated_capacity,
        discipline=own.discipline,
    )


def lookup(sheet: VdaSheet, options: VdaOptions, weapon_id: str | None) -> Weapon | None:
    """The weapon ``weapon_id`` names for the holder of ``sheet`` (None: no such weapon)."""
    if weapon_id is None:
        return None
    own = natural_definition(sheet, options, weapon_id)
    return as_weapon(own) if own is not None else find_weapon(weapon_id)


def natural_ids(sheet: VdaSheet, options: VdaOptions) -> list[str]:
    """The ids of the combatant's natural weapons beyond head, fists, feet and fangs: its
    sheet's own, and the table's it names in ``weapons``."""
    table = {w.id for w in options.natural_weapons}
    own = [w.id for w in sheet.natural_weapons]
    return own + [w for w in sheet.weapons if w in table and w not in own]


def carries(sheet: VdaSheet, options: VdaOptions, weapon_id: str) -> bool:
    """Whether the sheet gives the combatant this item: a weapon it names, or a natural
    weapon of its own."""
    return weapon_id in sheet.weapons or weapon_id in natural_ids(sheet, options)

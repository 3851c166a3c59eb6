"""The tables the seed refers to but does not contain, as data a table's options
or a sheet can extend. None of these numbers is in seed 003: they are the
classic V:tM (Revised) values, recorded as the defaults of the catalogue's
VTM-DMG-11, VTM-MEL-05 and VTM-FIRE-07."""

from __future__ import annotations

from domain.systems.vtm.state import Armour, HealthLevel, Weapon

WEAPONS: dict[str, Weapon] = {
    "couteau": Weapon(kind="melee", damage=1),
    "pieu": Weapon(kind="melee", damage=1, stake=True),
    "epee": Weapon(kind="melee", damage=2, long=True),
    "batte": Weapon(kind="melee", damage=2, damage_type="bashing", long=True),
    "hache": Weapon(kind="melee", damage=3, long=True),
    "revolver": Weapon(kind="firearm", damage=4, short_range=12, rate=3, capacity=6, pistol=True),
    "pistolet_lourd": Weapon(kind="firearm", damage=5, short_range=30, rate=3, capacity=8, pistol=True),
    "fusil": Weapon(kind="firearm", damage=8, short_range=200, rate=1, capacity=6, sight="scope"),
    "fusil_a_pompe": Weapon(kind="firearm", damage=8, short_range=20, rate=1, capacity=6),
    "mitraillette": Weapon(
        kind="firearm", damage=4, short_range=50, rate=3, capacity=31, burst=True, full_auto=True
    ),
    "fusil_d_assaut": Weapon(
        kind="firearm", damage=7, short_range=150, rate=3, capacity=43, burst=True, full_auto=True
    ),
    "couteau_de_lancer": Weapon(kind="thrown", damage=1, short_range=10),
}

ARMOURS: dict[str, Armour] = {
    "vetements_renforces": Armour(rating=1),
    "tshirt_blinde": Armour(rating=2),
    "gilet_kevlar": Armour(rating=3),
    "veste_pare_balles": Armour(rating=4),
    "tenue_anti_emeute": Armour(rating=5),
}

HEALTH_TRACK: list[HealthLevel] = [
    HealthLevel(name="Contusionné", penalty=0),
    HealthLevel(name="Blessé légèrement", penalty=1),
    HealthLevel(name="Blessé", penalty=1),
    HealthLevel(name="Blessé gravement", penalty=2, no_run=True),
    HealthLevel(name="Handicapé", penalty=2, no_run=True, max_move=3),
    HealthLevel(name="Infirme", penalty=5, no_run=True, max_move=1),
    HealthLevel(name="Invalide", penalty=0),
]
"""Bruised … Incapacitated: the penalty of the last level filled; the last level
filled (as many as the sheet's ``health_levels``) means no action at all. Wounded, one
no longer runs; Mauled hobbles 3 m, Crippled crawls 1 m a turn (VTM-DMG-12)."""

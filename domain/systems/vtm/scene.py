"""What the ``vtm`` rules read: the table's view with the questions ``vtm`` asks of it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Self

import msgspec

from domain.base import SystemView
from domain.errors import require
from domain.systems import wod
from domain.systems.vtm.events import Moved, WeaponReadied
from domain.systems.vtm.evolve import at_table, evolve
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.rules.grapple import involving
from domain.systems.vtm.state import Fighter, Grapple, Movement, VtmSheet, VtmState, Weapon, pair

NO_FIGHTER = Fighter()


@dataclass(frozen=True)
class Scene(wod.Scene[VtmSheet]):
    state: VtmState
    sheets: Mapping[str, VtmSheet]
    options: VtmOptions

    system = "vtm"

    @classmethod
    def of(cls, view: SystemView) -> Self:
        """The view with only the fighters still at the table (:func:`at_table`)."""
        scene = super().of(view)
        return replace(scene, state=at_table(scene.state, scene.sheets))

    def fighter(self, combatant: str) -> Fighter:
        return self.state.fighters.get(combatant, NO_FIGHTER)

    def spent(self, combatant: str, pool: str) -> int:
        fighter = self.fighter(combatant)
        return fighter.willpower_spent if pool == "willpower" else fighter.blood_spent

    def grapple(self, combatant: str) -> Grapple | None:
        """The clinch or hold the combatant is in, both sides still at the table."""
        return involving(self.state.grapples, combatant, self.state.fighters)

    def distance(self, one: str, other: str) -> int | None:
        """Metres between the two, as the GM last set them (``None``: never said)."""
        return self.state.distances.get(pair(one, other))

    def loaded(self, combatant: str, name: str, weapon: Weapon) -> int:
        """Rounds left in the weapon's magazine (VTM-FIRE-13)."""
        return weapon.capacity - self.fighter(combatant).fired.get(name, 0)

    def moving(self, combatant: str, move: Movement) -> Scene:
        """This scene once the turn's declared move is made: its pools pay for moving
        (VTM-MOVE-05), its range is from where the move ends (VTM-MOVE-04)."""
        fighter = msgspec.structs.replace(self.fighter(combatant), movement=move)
        fighters = {**self.state.fighters, combatant: fighter}
        state = msgspec.structs.replace(self.state, fighters=fighters)
        return replace(self, state=evolve(state, Moved(combatant=combatant, move=move)))

    def readied(self, combatant: str, weapon: str) -> Scene:
        """This scene once ``weapon`` is in hand: a plan that readies a weapon uses it in its
        later actions (VTM-ACT-07)."""
        return replace(self, state=evolve(self.state, WeaponReadied(combatant=combatant, weapon=weapon)))

    def out_of_hand(self, combatant: str) -> list[str]:
        """VTM-ACT-07: the weapons carried but not in hand: knocked away (VTM-MEL-06), or
        sheathed on the sheet and not drawn yet in this fight."""
        fighter = self.fighter(combatant)
        sheathed = [w for w in self.sheet(combatant).sheathed if w not in fighter.drawn]
        return [*fighter.dropped, *(w for w in sheathed if w not in fighter.dropped)]

    def in_fight(self, combatant: str) -> Fighter:
        """A combatant of this turn (the sheet is at the table and the turn counts it)."""
        self.sheet(combatant)
        require(combatant in self.state.fighters, "VTM-INIT-01", f"{combatant} is not in this turn")
        return self.state.fighters[combatant]

    def carried(self, combatant: str, name: str | None) -> Weapon | None:
        """The weapon ``name`` if the combatant carries it: the sheet's own rows first,
        then the table's (the facts come from the sheet, never from the command)."""
        if name is None:
            return None
        sheet = self.sheet(combatant)
        require(name in sheet.weapons, "VTM-MEL-05", f"{combatant} carries no {name!r}")
        require(
            name not in self.fighter(combatant).dropped,
            "VTM-MEL-06",
            f"{combatant} dropped {name!r}: it must be readied first (VTM-ACT-07)",
        )
        require(
            name not in self.out_of_hand(combatant),
            "VTM-ACT-07",
            f"{combatant}'s {name!r} is sheathed: drawing it is an action (ready)",
        )
        weapon = sheet.own_weapons.get(name, self.options.weapons.get(name))
        require(weapon is not None, "VTM-MEL-05", f"no weapon {name!r} in the table's or the sheet's tables")
        return weapon

    def weapons(self, combatant: str) -> list[tuple[str, Weapon]]:
        """Every weapon the combatant holds that a table knows, in the sheet's order (not
        those it dropped, VTM-MEL-06, nor those still sheathed, VTM-ACT-07)."""
        sheet = self.sheet(combatant)
        dropped = self.out_of_hand(combatant)
        found = [
            (name, sheet.own_weapons.get(name, self.options.weapons.get(name)))
            for name in sheet.weapons
            if name not in dropped
        ]
        return [(name, weapon) for name, weapon in found if weapon is not None]

    def armour(self, combatant: str) -> int:
        """The rating of what the combatant wears: the sheet's own rows first, then the
        table's (VTM-DMG-04)."""
        sheet = self.sheet(combatant)
        name = sheet.armour
        found = sheet.own_armours.get(name, self.options.armours.get(name)) if name else None
        return found.rating if found else 0

"""What the ``vda`` rules read: the system-facing view of the table (its state,
the sheets, the options, who plays whom, the sender and the dice) with the
questions ``vda`` asks of it. Rule modules never reach into ``domain.table``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from domain.base import Emitted
from domain.systems import wod
from domain.systems.vda import arsenal
from domain.systems.vda.data import Weapon
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import Fighter, VdaSheet, VdaState

NO_FIGHTER = Fighter()


@dataclass(frozen=True)
class Scene(wod.Scene[VdaSheet]):
    """The table's :class:`SystemView` with the questions ``vda`` asks of it."""

    state: VdaState
    sheets: Mapping[str, VdaSheet]
    options: VdaOptions
    moved_on: tuple[Emitted, ...] = ()
    """The events the round wrote on its own before this scene (a fighter who left completed
    a step, ``handlers/seats.py``): the command sent now writes them first."""

    system = "vda"
    pools = ("blood", "willpower", "anger", "rage")

    def fighter(self, combatant: str) -> Fighter:
        return self.state.fighters.get(combatant, NO_FIGHTER)

    def spent(self, combatant: str, pool: str) -> int:
        return self.fighter(combatant).spent.get(pool, 0)

    def pool_left(self, combatant: str, pool: str) -> int:
        """The pool as the fight started (the sheet's ``current``, or its maximum), less
        what was spent since (GM adjustments count as negative spending)."""
        sheet = self.sheet(combatant)
        if pool not in self.pools:
            return 0
        start: int = sheet.current.get(pool, int(getattr(sheet, pool)))  # type: ignore[call-overload]
        return start - self.spent(combatant, pool)

    def weapon(self, combatant: str, weapon_id: str | None) -> Weapon | None:
        """What ``weapon_id`` names for ``combatant``: the one lookup (``arsenal.lookup``) of
        every path that reads a weapon."""
        return arsenal.lookup(self.sheet(combatant), self.options, weapon_id)

    def natural_ids(self, combatant: str) -> list[str]:
        """The combatant's natural weapons beyond head, fists, feet and fangs."""
        return arsenal.natural_ids(self.sheet(combatant), self.options)

    def carries(self, combatant: str, weapon_id: str) -> bool:
        """A weapon of the sheet, or a natural weapon of its own (``arsenal.carries``)."""
        return arsenal.carries(self.sheet(combatant), self.options, weapon_id)

    @property
    def ones_cancel(self) -> bool:
        """A-3: each 1 cancels a success, unless the table's options say otherwise."""
        return self.options.ones_cancel

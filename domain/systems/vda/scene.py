"""What the ``vda`` rules read: the system-facing view of the table (its state,
the sheets, the options, who plays whom, the sender and the dice) with the
questions ``vda`` asks of it. Rule modules never reach into ``domain.table``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from domain.base import SystemView
from domain.dice import PoolRoll, roll_pool
from domain.errors import CheckFailed
from domain.systems.vda.rules import general
from domain.systems.vda.state import Fighter, Modifier, VdaOptions, VdaSheet, VdaState

NO_FIGHTER = Fighter()


@dataclass(frozen=True)
class Scene(SystemView):
    """The table's :class:`SystemView` with the questions ``vda`` asks of it."""

    state: VdaState
    sheets: Mapping[str, VdaSheet]
    options: VdaOptions

    @staticmethod
    def of(view: SystemView) -> Scene:
        if isinstance(view, Scene):
            return view
        return Scene(**{f.name: getattr(view, f.name) for f in fields(SystemView)})

    def sheet(self, combatant: str) -> VdaSheet:
        found = self.sheets.get(combatant)
        if found is None:
            raise CheckFailed("table.combatant-unknown", f"no vda combatant {combatant!r} at this table")
        return found

    def fighter(self, combatant: str) -> Fighter:
        return self.state.fighters.get(combatant, NO_FIGHTER)

    def trait(self, combatant: str, name: str) -> int:
        """An attribute, ability or discipline by name (0 when the sheet has none)."""
        sheet = self.sheet(combatant)
        if hasattr(sheet.attributes, name):
            return int(getattr(sheet.attributes, name))
        return sheet.abilities.get(name, sheet.disciplines.get(name, 0))

    def roll(
        self,
        pool: list[Modifier],
        difficulty: list[Modifier],
        ones_cancel: bool | None = None,
    ) -> PoolRoll:
        """Roll the dice ``pool`` adds up to against the clamped ``difficulty``, 1s
        cancelling successes as the table's options say (A-2, A-3, A-5)."""
        cancel = self.options.ones_cancel if ones_cancel is None else ones_cancel
        return roll_pool(
            self.roller, general.dice(pool), general.clamped_difficulty(difficulty), ones_cancel=cancel
        )

    def pool_left(self, combatant: str, pool: str) -> int:
        sheet = self.sheet(combatant)
        total = {"blood": sheet.blood, "willpower": sheet.willpower, "anger": sheet.anger, "rage": sheet.rage}
        return total.get(pool, 0) - self.fighter(combatant).spent.get(pool, 0)

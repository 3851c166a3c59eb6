"""What the ``vda`` rules read: the system state, the sheets and who plays whom.

A :class:`Scene` is built once per command from the table (or from a bare
state, for ``options_for`` and tests) so that rule modules never reach into
``domain.table`` themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.base import GM_ONLY, gm_and
from domain.dice import PoolRoll, Roller, roll_pool
from domain.errors import CheckFailed
from domain.systems.vda.rules import general
from domain.systems.vda.state import Fighter, Modifier, VdaOptions, VdaSheet, VdaState

NO_FIGHTER = Fighter()


@dataclass(frozen=True)
class Scene:
    state: VdaState
    sheets: dict[str, VdaSheet] = field(default_factory=dict)
    controllers: dict[str, str] = field(default_factory=dict)
    """Combatant id -> the id of the player who controls it (NPCs have none)."""

    @staticmethod
    def of(table: Any) -> Scene:
        """The scene of a ``domain.table.TableState``."""
        fight, admin = table.fight, table.admin
        sheets = {cid: c.sheet for cid, c in fight.combatants.items() if isinstance(c.sheet, VdaSheet)}
        controllers: dict[str, str] = {}
        for player in admin.players.values():
            for cid in player.combatants:
                controllers.setdefault(cid, player.id)
        return Scene(state=fight.system, sheets=sheets, controllers=controllers)

    @property
    def options(self) -> VdaOptions:
        return self.state.options

    def sheet(self, combatant: str) -> VdaSheet:
        found = self.sheets.get(combatant)
        if found is None:
            raise CheckFailed("table.combatant-unknown", f"no vda combatant {combatant!r} at this table")
        return found

    def fighter(self, combatant: str) -> Fighter:
        return self.state.fighters.get(combatant, NO_FIGHTER)

    def audience(self, combatant: str) -> str:
        """Who may see this combatant's secrets: the GM and its player (GM only for NPCs)."""
        player = self.controllers.get(combatant)
        return gm_and(player) if player else GM_ONLY

    def trait(self, combatant: str, name: str) -> int:
        """An attribute, ability or discipline by name (0 when the sheet has none)."""
        sheet = self.sheet(combatant)
        if hasattr(sheet.attributes, name):
            return int(getattr(sheet.attributes, name))
        return sheet.abilities.get(name, sheet.disciplines.get(name, 0))

    def roll(
        self,
        roller: Roller,
        pool: list[Modifier],
        difficulty: list[Modifier],
        ones_cancel: bool | None = None,
    ) -> PoolRoll:
        """Roll the dice ``pool`` adds up to against the clamped ``difficulty``, 1s
        cancelling successes as the table's options say (A-2, A-3, A-5)."""
        cancel = self.options.ones_cancel if ones_cancel is None else ones_cancel
        return roll_pool(
            roller, general.dice(pool), general.clamped_difficulty(difficulty), ones_cancel=cancel
        )

    def pool_left(self, combatant: str, pool: str) -> int:
        sheet = self.sheet(combatant)
        total = {"blood": sheet.blood, "willpower": sheet.willpower, "anger": sheet.anger, "rage": sheet.rage}
        return total.get(pool, 0) - self.fighter(combatant).spent.get(pool, 0)

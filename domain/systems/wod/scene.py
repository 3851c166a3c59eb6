"""The questions every World of Darkness system asks of the table: whose sheet,
which trait, how much of a pool is left, and the roll of a pool of terms."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from domain.base import SystemView
from domain.dice import PoolRoll
from domain.errors import CheckFailed
from domain.systems.wod.pool import roll_terms
from domain.systems.wod.terms import Modifier
from domain.systems.wod.traits import Attributes


class WodSheet(Protocol):
    """What :meth:`Scene.trait` reads of a sheet."""

    @property
    def attributes(self) -> Attributes: ...
    @property
    def abilities(self) -> dict[str, int]: ...
    @property
    def disciplines(self) -> dict[str, int]: ...


SheetT = TypeVar("SheetT", bound=WodSheet)


@dataclass(frozen=True)
class Scene(SystemView, Generic[SheetT]):
    """A :class:`SystemView` whose sheets are World of Darkness sheets. A system
    subclasses it, names itself in :attr:`system`, lists its :attr:`pools` and says
    how much of them was :meth:`spent` and whether 1s cancel (:attr:`ones_cancel`)."""

    sheets: Mapping[str, SheetT]

    system: ClassVar[str]
    """The system's code, for refusals ("no vda combatant ...")."""
    pools: ClassVar[tuple[str, ...]] = ("blood", "willpower")
    """The sheet's spendable pools, each a field of the sheet of that name."""

    @classmethod
    def of(cls, view: SystemView) -> Self:
        if isinstance(view, cls):
            return view
        return cls(**{f.name: getattr(view, f.name) for f in fields(SystemView)})

    def sheet(self, combatant: str) -> SheetT:
        found = self.sheets.get(combatant)
        if found is None:
            raise CheckFailed(
                "table.combatant-unknown", f"no {self.system} combatant {combatant!r} at this table"
            )
        return found

    def trait(self, combatant: str, name: str) -> int:
        """An attribute, ability or discipline by name (0 when the sheet has none)."""
        sheet = self.sheet(combatant)
        if hasattr(sheet.attributes, name):
            return int(getattr(sheet.attributes, name))
        return sheet.abilities.get(name, sheet.disciplines.get(name, 0))

    def spent(self, combatant: str, pool: str) -> int:
        """How much of ``pool`` the combatant spent so far: the system's state knows."""
        raise NotImplementedError

    def pool_left(self, combatant: str, pool: str) -> int:
        total = int(getattr(self.sheet(combatant), pool)) if pool in self.pools else 0
        return total - self.spent(combatant, pool)

    @property
    def ones_cancel(self) -> bool:
        """Whether a 1 cancels a success on this table's action rolls (A-3, VTM-DICE-05)."""
        return True

    def roll(
        self,
        pool: Iterable[Modifier],
        difficulty: Iterable[Modifier],
        ones_cancel: bool | None = None,
    ) -> PoolRoll:
        """Roll the dice ``pool`` adds up to against the clamped ``difficulty``, 1s
        cancelling successes as the table says unless told otherwise (A-2, A-3, A-5)."""
        cancel = self.ones_cancel if ones_cancel is None else ones_cancel
        return roll_terms(self.roller, pool, difficulty, ones_cancel=cancel)

"""Builders for ``vtm`` rule tests: a sandbox table in memory, sheets, expected rolls."""

from __future__ import annotations

from typing import Any

import pytest

from domain.base import GM
from domain.dice import PoolRoll, count_pool
from domain.systems.vtm import commands as c
from domain.systems.vtm.decide import MOVES
from domain.systems.vtm.state import Action, VtmSheet, VtmState
from domain.systems.wod import Attributes, Modifier
from domain.table import TableState, system_view
from tests.systems.sandbox import SandboxTable

SEED = b"vtm-tests-seed"
ATTRIBUTES = set(Attributes.__struct_fields__)


def sheet(**traits: Any) -> VtmSheet:
    """A sheet: attributes (``dexterity=3``), sheet fields (``kind``, ``weapons``...) and
    abilities or disciplines by name (``fortitude`` is a discipline)."""
    fields = {k: v for k, v in traits.items() if k in VtmSheet.__struct_fields__}
    attributes = {k: v for k, v in traits.items() if k in ATTRIBUTES}
    rest = {k: v for k, v in traits.items() if k not in fields and k not in attributes}
    disciplines = {k: v for k, v in rest.items() if k in {"fortitude", "celerity", "potence", "protean"}}
    abilities = {k: v for k, v in rest.items() if k not in disciplines}
    base = {"dexterity": 3, "wits": 2, "strength": 2, "stamina": 2} | attributes
    return VtmSheet(attributes=Attributes(**base), abilities=abilities, disciplines=disciplines, **fields)


def roll(
    faces: list[int],
    difficulty: int,
    *,
    first: int = 0,
    dice: int | None = None,
    ones_cancel: bool = True,
    tens_again: bool = False,
    botch: bool | None = None,
) -> PoolRoll:
    """The PoolRoll a ScriptedRoller gives for ``faces``."""
    hits, ones, successes, botched = count_pool(faces, difficulty, ones_cancel=ones_cancel)
    return PoolRoll(
        dice=len(faces) if dice is None else dice,
        difficulty=difficulty,
        faces=faces,
        hits=hits,
        ones=ones,
        successes=successes,
        botch=botched if botch is None else botch,
        tens_again=tens_again,
        first_draw=first,
        scripted=True,
    )


def m(rule: str, value: int, why: str = "") -> Modifier:
    return Modifier(rule=rule, value=value, why=why)


def attack(target: str, maneuver: str = "punch", weapon: str | None = None) -> Action:
    return Action(kind="attack", maneuver=maneuver, target=target, weapon=weapon)  # type: ignore[arg-type]


def defend(defence: str, target: str | None = None) -> Action:
    return Action(kind="defend", defence=defence, target=target)  # type: ignore[arg-type]


OTHER = Action(kind="other")


class Table(SandboxTable):
    """A sandbox vtm table in memory; ``send`` returns the events a command wrote."""

    system = "vtm"
    seed = SEED

    @property
    def state(self) -> VtmState:
        found = self.system_state
        assert isinstance(found, VtmState)
        return found

    # --- shortcuts through a turn ---------------------------------------------

    def start(self) -> list[Any]:
        return self.send(c.StartRound())

    def initiative(self, cid: str, die: int) -> list[Any]:
        return self.send(c.RollInitiative(combatant=cid), dice=[die])

    def declare(self, cid: str, *actions: Action, desperate: bool = False, as_: str = "gm") -> list[Any]:
        return self.send(c.DeclareActions(combatant=cid, actions=list(actions), desperate=desperate), as_=as_)

    def resolve(self, cid: str, faces: list[int]) -> list[Any]:
        return self.send(c.ResolveAction(combatant=cid), dice=faces)


def options_for(state: TableState, combatant: str) -> list[str]:
    """What ``combatant`` may send now, as the GM's page would list it."""
    return MOVES.may(system_view(state, GM), combatant)


@pytest.fixture
def duel() -> Table:
    """Alma (a player's vampire: Dex 3, Wits 2, Brawl 2, Dodge 2, Melee 3, a knife) and
    Bors (a mortal NPC: Dex 2, Wits 2, Brawl 3, Dodge 1, a revolver), initiative rolled
    (Alma 13, Bors 11)."""
    t = Table()
    t.add("alma", sheet(brawl=2, dodge=2, melee=3, weapons=["couteau"]), player="ann")
    t.add("bors", sheet(kind="mortal", dexterity=2, brawl=3, dodge=1, firearms=2, weapons=["revolver"]))
    t.start()
    t.initiative("alma", 8)
    t.initiative("bors", 7)
    return t

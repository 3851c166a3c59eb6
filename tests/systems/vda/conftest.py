"""Builders for ``vda`` rule tests: a sandbox table in memory, sheets, expected rolls."""

from __future__ import annotations

from typing import Any

import pytest

from domain.base import GM
from domain.dice import PoolRoll, count_pool
from domain.systems.vda import commands as c
from domain.systems.vda.decide import MOVES
from domain.systems.vda.rules.initiative import declaring_now
from domain.systems.vda.state import PhysicalAction, VdaSheet, VdaState
from domain.systems.wod import Attributes
from domain.table import TableState, system_view
from tests.systems.sandbox import SandboxTable

SEED = b"vda-tests-seed"


def sheet(
    *, dex: int = 3, wits: int = 3, strength: int = 2, perception: int = 2, alertness: int = 2, **traits: Any
) -> VdaSheet:
    """A sheet with the traits the round reads; other keyword arguments are sheet fields
    (``kind``, ``powers``, ``anger``...) or abilities/disciplines by name."""
    fields = {k: v for k, v in traits.items() if k in VdaSheet.__struct_fields__}
    abilities = {"alertness": alertness} | {
        k: v for k, v in traits.items() if k not in fields and k not in DISCIPLINES
    }
    disciplines = {k: v for k, v in traits.items() if k in DISCIPLINES}
    attributes = Attributes(dexterity=dex, wits=wits, strength=strength, perception=perception)
    return VdaSheet(attributes=attributes, abilities=abilities, disciplines=disciplines, **fields)


DISCIPLINES = {
    "celerity",
    "fortitude",
    "potence",
    "auspex",
    "obfuscate",
    "dominate",
    "presence",
    "animalism",
    "protean",
    "vicissitude",
    "serpentis",
    "thaumaturgy",
}


def roll(faces: list[int], difficulty: int, first: int = 0) -> PoolRoll:
    """The PoolRoll a ScriptedRoller gives for ``faces``."""
    hits, ones, successes, botch = count_pool(faces, difficulty)
    return PoolRoll(
        dice=len(faces),
        difficulty=difficulty,
        faces=faces,
        hits=hits,
        ones=ones,
        successes=successes,
        botch=botch,
        first_draw=first,
        scripted=True,
    )


def act(kind: str, **fields: Any) -> PhysicalAction:
    return PhysicalAction(kind=kind, **fields)  # type: ignore[arg-type]


class Table(SandboxTable):
    """A sandbox vda table in memory; ``send`` returns the events a command wrote."""

    system = "vda"
    seed = SEED

    @property
    def state(self) -> VdaState:
        found = self.system_state
        assert isinstance(found, VdaState)
        return found

    # --- shortcuts through a round ---------------------------------------------

    def start(self) -> list[Any]:
        return self.send(c.StartRound())

    def initiative(self, cid: str, faces: list[int], **fields: Any) -> list[Any]:
        return self.send(c.RollInitiative(combatant=cid, **fields), dice=faces)

    def declare(self, cid: str, action: PhysicalAction, as_: str = "gm") -> list[Any]:
        return self.send(c.DeclareAction(combatant=cid, action=action), as_=as_)

    def resolve(self, cid: str, faces: list[int]) -> list[Any]:
        return self.send(c.ResolveAction(combatant=cid), dice=faces)

    def moving_round(self, mover: str, faces: list[int]) -> None:
        """A whole round in which ``mover`` only moves (Dexterity + Athletics, ``faces``)
        and the others do nothing: the run-up a charge needs (VDA-CHARGE-01). Initiative
        comes from the table's seed: this round's order does not matter."""
        self.start()
        for cid in self.state.combatants:
            self.send(c.RollInitiative(combatant=cid))
        while self.state.phase == "sequence" and (seq := self.state.sequence) is not None:
            if seq.step == "declare":
                cid = next(i for i in declaring_now(seq) if i not in seq.declared and i not in seq.sealed)
                self.declare(cid, act("move", skill="athletics") if cid == mover else act("none"))
            elif seq.step == "physical":
                self.resolve(seq.acting[0], faces)
            else:
                self.send(c.SkipPower(combatant=seq.acting[0]))


def options_for(state: TableState, combatant: str) -> list[str]:
    """What ``combatant`` may send now, as the GM's page would list it."""
    return MOVES.may(system_view(state, GM), combatant)


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def duel() -> Table:
    """Two combatants, Alma (a player's vampire) and Bors (an NPC mortal), Wits 3 + Alertness 2."""
    t = Table()
    t.add("alma", sheet(melee=3, dodge=2, brawl=2), player="ann")
    t.add("bors", sheet(kind="mortal", melee=2, dodge=1))
    return t

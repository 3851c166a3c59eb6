"""Outnumbered through ``decide`` (VDA-MOD-05): a malus cancelled below zero adds nothing. Written against the
mutants of ``rules/modifiers`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda.gear import Circumstances
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import scripted


def bors_roll(weapon: str, melee: int) -> list[Modifier]:
    """The difficulty of Bors's attack on Alma while Alma and Cole (Melee ``melee``, organised)
    both attack him; Bors is the fastest, so he declares first and rolls first."""
    t = Table()
    t.add("bors", sheet(kind="mortal", melee=2, weapons=[weapon]))
    for cid in ("alma", "cole"):
        t.add(cid, sheet(melee=melee, weapons=["dague_de_chasse"]))
    organised = Circumstances(organised_adversaries=True)
    t.send(c.SetCircumstances(combatant="bors", circumstances=organised, reason="une bande"))
    t.start()
    t.initiative("bors", [7, 7, 7, 2, 2])
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("cole", [7, 2, 2, 2, 2])
    t.declare("bors", act("attack", skill="melee", target="alma", weapon=weapon))
    for cid in ("alma", "cole"):
        t.declare(cid, act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    difficulty: list[Modifier] = scripted(t, c.ResolveAction(combatant="bors"), [2] * 5)[0].difficulty
    return difficulty


def test_vda_mod_05__a_malus_the_two_handed_sword_cancels_below_zero_adds_nothing() -> None:
    """VDA-MOD-05: two adversaries of Melee 0 cost at most their mean Melee, 0; the two-handed
    sword's cancelled first point (VDA-MELEE-11) does not turn that into a bonus."""
    assert bors_roll("epee_a_deux_mains", 0) == [
        Modifier(rule="A-7", value=7, why="epee_a_deux_mains"),
        Modifier(rule="VDA-MELEE-08", value=-1),
    ]

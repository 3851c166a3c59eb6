"""The disarm through ``decide``: the defender's attribute on a tie (VDA-DISARM-02) and the
refusal of a disarm against empty hands with its words (VDA-DISARM-01). Written against the
mutants of ``rules/disarm`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import act, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve

DISARM = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", intent="disarm")


def test_vda_disarm_02__strength_and_dexterity_tied_the_defender_holds_with_strength() -> None:
    """VDA-DISARM-02: « Force ou Dextérité »: Bors's Strength 2 and Dexterity 2 are tied; he
    resists Alma's disarm with Strength (+ Melee 1), the one Potence adds to."""
    bors = sheet(kind="mortal", melee=1, strength=2, dex=2, weapons=["couteau"])
    t = fight(alma=sheet(melee=3, strength=4, weapons=["dague_de_chasse"]), bors=bors)
    t.declare("alma", DISARM)
    t.declare("bors", act("none"))
    [disarm] = of(resolve(t, "alma", [9, 9, 2, 2, 2, 2] + [8] * 6 + [2, 2]), ev.DisarmResolved)
    assert disarm.pool == [
        Modifier(rule="VDA-DISARM-02", value=2, why="strength"),
        Modifier(rule="VDA-DISARM-02", value=1, why="melee"),
    ]


def test_vda_disarm_01__a_disarm_against_empty_hands_says_so() -> None:
    """VDA-DISARM-01: Bors holds no weapon: Alma's disarm is refused, naming him."""
    t = fight(alma=sheet(melee=3, weapons=["dague_de_chasse"]), bors=sheet(kind="mortal", melee=2))
    refused = t.refuse(c.DeclareAction(combatant="alma", action=DISARM))
    assert (refused.rule, refused.message) == ("VDA-DISARM-01", "'bors' holds no weapon to disarm")

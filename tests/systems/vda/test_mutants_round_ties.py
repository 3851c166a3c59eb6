"""Tied fighters act simultaneously (VDA-INIT-04), through ``decide``: the second of a tied
group is judged against the fight as the group began, not after the first's fall nor
after eyes averted since.
Written against the mutants of ``handlers/ties`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import of, resolve
from tests.systems.vda.test_grapple_rules import POWERS


def test_vda_init_04__a_tied_attack_does_not_see_the_fall_its_twin_caused_itself() -> None:
    """VDA-INIT-04, VDA-GEN-02, VDA-PRONE-01: Alma and Bors tie and attack each other; Alma
    botches and falls first, but Bors's simultaneous blow meets her standing: no −1 for a
    prone target on his roll."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", melee=3))
    t.start()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    assert of(resolve(t, "alma", [1, 2, 2, 2, 2, 2]), ev.CriticalFailure)
    assert "prone" in t.state.fighters["alma"].conditions
    rolled = resolve(t, "bors", [2] * 6)[0]
    assert rolled.difficulty == [Modifier(rule="A-7", value=6, why="difficulté déclarée")]


def test_vda_init_04__eyes_averted_mid_group_do_not_weigh_on_the_simultaneous_blow() -> None:
    """VDA-INIT-04, VDA-GAZE-03: Alma (a gaze power) and Bors tie; after her blow, Bors averts
    his eyes; his own blow, simultaneous with hers, is judged as the group began: no +1."""
    t = Table()
    t.add(
        "alma", sheet(melee=3, dominate=1, powers={"regard": POWERS["regard"]}, weapons=["dague_de_chasse"])
    )
    t.add("bors", sheet(kind="mortal", melee=3))
    t.start()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    resolve(t, "alma", [2] * 6)
    t.send(c.AvertGaze(combatant="bors"))
    rolled = resolve(t, "bors", [2] * 8)[0]
    assert rolled.difficulty == [Modifier(rule="A-7", value=6, why="difficulté déclarée")]

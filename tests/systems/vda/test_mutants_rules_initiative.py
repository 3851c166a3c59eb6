"""The defence given up by attacking a faster opponent (VDA-INIT-03) through ``decide``, at a
table where it lasts the round: its refusal with its words. Written against the mutants of
``rules/initiative`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda.options import VdaOptions
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import scripted


def test_vda_init_03__a_defence_given_up_for_the_round_cannot_meet_the_faster_attacker() -> None:
    """VDA-INIT-03, option ``renounced_defence_scope = "round"``: Bors attacks Alma, who has the
    better initiative, in sequence 1; in sequence 2 his dodge cannot go to her attack."""
    t = Table(VdaOptions(renounced_defence_scope="round"))
    t.add("alma", sheet(melee=3, anger=2, dominate=1, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="vampire", dodge=2, melee=2, anger=2, dominate=1))
    t.start()
    for cid in ("alma", "bors"):
        t.send(c.SpendForAction(combatant=cid))  # VDA-ACT-05: two actions each
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    scripted(t, c.ResolveAction(combatant="bors"), [2] * 5)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    scripted(t, c.ResolveAction(combatant="bors"), [8] * 5)
    refused = t.refuse(c.AllocateDefence(combatant="bors", allocations={"alma": 1}))
    assert (refused.rule, refused.message) == (
        "VDA-INIT-03",
        "'bors' attacked 'alma', who had the better initiative, and gave up defending against them",
    )

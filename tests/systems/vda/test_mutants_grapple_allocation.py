"""A grapple attempt among several attackers meets only the defence its target gave it
(VDA-PHYS-03, VDA-GRAP-03); tied grapple moves are simultaneous (VDA-INIT-04). Seed 000
« 1 - Le contact », « Initiative »; 001 « Action défensive »."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_grapple_rules import CONTACT, NOTHING, begin, fight, finish


def test_vda_grap_03__a_contact_meets_the_dodge_successes_allotted_to_it() -> None:
    """VDA-GRAP-03, VDA-PHYS-03: Cleo dodges Alma's grapple and Bors's blow with 3
    successes and gives 1 to Alma, 2 to Bors; Alma's contact with 3 keeps a margin of 2,
    the hold's cap."""
    t = Table()
    t.add("alma", sheet(dex=3, strength=3, brawl=3), player="ann")
    t.add("bors", sheet(melee=3))
    t.add("cleo", sheet(kind="mortal", dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="brawl", target="cleo", grapple="contact"))
    t.declare("bors", act("attack", skill="melee", target="cleo"))
    t.declare("cleo", act("defend", skill="dodge", defence="dodge"))
    t.resolve("cleo", [8, 8, 7, 2, 2, 2])
    t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 1, "bors": 2}))
    events = t.resolve("alma", [8, 8, 8, 2, 2, 2] + [8, 8, 8] + [2, 2, 2])
    [established] = [e for e in events if isinstance(e, ev.GrappleEstablished)]
    assert (established.cap, established.value) == (2, 2)


def test_vda_init_04__a_takedown_tied_with_an_escape_is_simultaneous() -> None:
    """VDA-INIT-04, VDA-GRAP-20: Alma holds Bors at 4 (twice his Strength + Potence); tied
    in initiative, she declares a takedown and he an escape. His escape, rolled first,
    brings the hold to 3, but the two actions are simultaneous: her takedown, judged as
    the group began, still throws him down."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
    finish(t)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=1, reason="prise"))
    t.start()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.declare("alma", act("other", grapple="takedown", target="bors"))
    t.declare("bors", act("other", skill="brawl", attribute="dexterity", grapple="escape", target="alma"))
    t.resolve("bors", [8, 2, 2, 2])
    assert t.state.grapples["alma>bors"].value == 3
    assert t.resolve("alma", [])[:2] == [
        ev.TakedownPerformed(grappler="alma", target="bors", sequence=1),
        ev.ConditionChanged(
            combatant="bors", condition="prone", on=True, rule="VDA-GRAP-20", reason="takedown"
        ),
    ]


def test_vda_init_04__a_tied_contact_does_not_see_its_target_fall_in_the_same_instant() -> None:
    """VDA-INIT-04, VDA-GRAP-03, VDA-PRONE-01: tied in initiative, Bors strikes at Alma and
    botches (a fall) while she tries a contact on him; rolled after his, her contact is
    judged as the group began: no −1 for a target on the ground."""
    t = fight()
    t.start()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.declare("alma", CONTACT)
    t.declare("bors", act("attack", skill="melee", weapon="dague_de_chasse", target="alma"))
    fell = t.resolve("bors", [1, 2, 2, 2])
    assert (
        ev.ConditionChanged(combatant="bors", condition="prone", on=True, rule="VDA-GEN-02", reason="botch")
        in fell
    )
    rolled = next(e for e in t.resolve("alma", [2] * 6) if isinstance(e, ev.GrappleRolled))
    assert rolled.check.difficulty == [Modifier(rule="A-7", value=6, why="difficulté de base")]

"""A grapple attempt among several attackers meets only the defence its target gave it
(VDA-PHYS-03, VDA-GRAP-03). Seed 000 « 1 - Le contact »; 001 « Action défensive »."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.conftest import Table, act, sheet


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

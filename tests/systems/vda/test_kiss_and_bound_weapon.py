"""A bind of the initiative roll that the Kiss's ecstasy makes impossible lapses (VDA-INIT-05,
VDA-BITE-05), so that the round goes on: found by the progress property."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.conftest import act
from tests.systems.vda.test_grapple_rules import finish
from tests.systems.vda.test_mutants_gm import in_ecstasy

NONE = act("none")


def test_vda_init_05__the_kiss_frees_a_fighter_from_the_weapon_its_initiative_bound() -> None:
    """VDA-INIT-05, VDA-BITE-05: Bors, in the Kiss's ecstasy and loosely held, named his lance at
    the initiative roll; its bonus binds sequence 1 to the lance, but he can take no action:
    the bind lapses and his « none » is accepted, so the round goes on."""
    t = in_ecstasy()
    finish(t)
    assert t.state.phase == "between"
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-2, reason="Alma relâche un peu"))
    t.start()
    t.send(c.RollInitiative(combatant="bors", weapon="lance"), dice=[7] * 8)
    assert t.state.fighters["bors"].bound_weapon == "lance"
    t.initiative("alma", [2] * 5)
    assert t.declare("bors", NONE)[0] == ev.ActionDeclared(combatant="bors", sequence=1, action=NONE)

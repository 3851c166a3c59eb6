"""A round's obligations that lapse (VDA-CHARGE-03: the announced charge, VDA-INIT-05: the
bound weapon, once the weapon is gone or forbidden) and the dodge a dive needs (VDA-DIVE-01,
VDA-STAKE-04), through ``decide``. Written against the mutants of ``handlers/declare`` that
survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import scripted
from tests.systems.vda.test_grapple_rules import A_INIT, CONTACT, HOLD_AT_3, NOTHING, begin, finish
from tests.systems.vda.test_grapple_rules import fight as grapple_fight
from tests.systems.vda.test_mutants_gm import in_ecstasy


def test_vda_charge_03__a_charge_whose_lance_fell_binds_nothing() -> None:
    """VDA-CHARGE-03, VDA-DISARM-04: Alma announced her lance charge, then lost the lance:
    the charge can no longer be made, so sequence 1 is free: she punches."""
    t = Table()
    t.add("alma", sheet(melee=3, brawl=2, weapons=["lance"]))
    t.add("bors", sheet(kind="mortal", melee=2))
    t.moving_round("alma", [2] * 3)
    t.start()
    t.send(c.AnnounceCharge(combatant="alma", target="bors", weapon="lance"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.send(c.AdjustItem(combatant="alma", item="lance", state=Item(location="ground"), reason="lâchée"))
    punch = act("attack", skill="brawl", target="bors")
    assert t.declare("alma", punch)[0] == ev.ActionDeclared(combatant="alma", sequence=1, action=punch)


def test_vda_dive_01__a_staked_vampire_cannot_dive() -> None:
    """VDA-DIVE-01, VDA-STAKE-04: staked, Bors can make no dodge, so no dive for cover."""
    t = Table().add("alma", sheet()).add("bors", sheet(kind="vampire", dodge=2))
    t.start()
    t.send(c.RuleStake(target="bors", staked=True, reason="pieu planté"))
    assert str(t.refuse(c.DiveForCover(combatant="bors"))) == (
        "VDA-STAKE-04: 'bors' has a stake through the heart: paralysed"
    )


def test_vda_init_05__a_bound_lance_the_hold_now_forbids_binds_nothing() -> None:
    """VDA-INIT-05, VDA-GRAP-15: Bors, held at 1 by Alma, took his lance's initiative bonus;
    the hold tightened to 3 since forbids a size G weapon: the bond lapses, he punches."""
    t = grapple_fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", HOLD_AT_3)
    finish(t)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-2, reason="relâchée"))
    t.start()
    t.initiative("alma", A_INIT)
    scripted(t, c.RollInitiative(combatant="bors", weapon="lance"), [7])
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=2, reason="resserrée"))
    t.declare("alma", NOTHING)
    punch = act("attack", skill="brawl", target="alma")
    assert t.declare("bors", punch)[0] == ev.ActionDeclared(combatant="bors", sequence=1, action=punch)


def test_vda_dive_02__a_diver_immobilised_since_need_not_dodge() -> None:
    """VDA-DIVE-02, VDA-GRAP-21: Bors dived for cover, then Alma's hold reached 6 (three
    times his Strength 2): he can no longer dodge, so the dive binds nothing; he tries to
    escape."""
    t = grapple_fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", HOLD_AT_3)
    finish(t)
    t.start()
    t.send(c.DiveForCover(combatant="bors"))
    t.initiative("alma", A_INIT)
    scripted(t, c.RollInitiative(combatant="bors"), [7])
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=3, reason="immobilisé"))
    t.declare("alma", NOTHING)
    escape = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
    assert t.declare("bors", escape)[0] == ev.ActionDeclared(combatant="bors", sequence=1, action=escape)


def test_vda_dive_01__a_victim_in_the_kiss_ecstasy_cannot_dive() -> None:
    """VDA-DIVE-01, VDA-BITE-05: Bors, in the ecstasy of Alma's Kiss, can make no dodge, so no
    dive for cover, and is told why."""
    t = in_ecstasy()
    finish(t)
    t.start()
    assert str(t.refuse(c.DiveForCover(combatant="bors"))) == (
        "VDA-BITE-05: 'bors' est dans l'extase du baiser / in the Kiss's ecstasy: no action"
    )


def test_vda_init_05__a_bound_knife_binds_nothing_once_its_holder_is_immobilised() -> None:
    """VDA-INIT-05, VDA-GRAP-21: Bors (Strength 1), held at 1, took his hunting knife's
    initiative bonus; the hold tightened to 3 immobilises him: he can strike with nothing,
    so the bond lapses and he tries to escape."""
    t = grapple_fight(strength=1)
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", HOLD_AT_3)
    finish(t)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-2, reason="relâchée"))
    t.start()
    t.initiative("alma", A_INIT)
    scripted(t, c.RollInitiative(combatant="bors", weapon="dague_de_chasse"), [7])
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=2, reason="resserrée"))
    t.declare("alma", NOTHING)
    escape = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
    assert t.declare("bors", escape)[0] == ev.ActionDeclared(combatant="bors", sequence=1, action=escape)

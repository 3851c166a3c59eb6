"""The facts of the fight are the server's, the choices the player's (issue §2): a
declaration that contradicts the state is refused by the rule it breaks."""

from __future__ import annotations

from typing import Any

from domain.commands import RemoveCombatant
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Charge, Item, Mount
from domain.systems.vda.state import PhysicalAction
from tests.systems.vda.conftest import Table, act, sheet

ATTACK = act("attack", skill="melee", target="cleo")
DODGE = act("defend", skill="dodge", defence="dodge")


def trio() -> Table:
    """Alma and Bors (3 and 2 initiative successes) against Cleo (1)."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["pilum"]), player="ann")
    t.add("bors", sheet(melee=3)).add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    return t


def test_vda_phys_03__a_defence_spent_on_a_resolved_attack_is_not_split_again() -> None:
    """VDA-PHYS-03, VDA-PHYS-04: once Alma's attack met 2 of Cleo's 3 dodge successes, Cleo cannot
    re-split them to Bors: only the one left is hers to give."""
    t = trio()
    t.declare("alma", ATTACK)
    t.declare("bors", ATTACK)
    t.declare("cleo", DODGE)
    t.resolve("cleo", [8, 8, 7, 2, 2, 2])
    t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 2, "bors": 1}))
    t.resolve("alma", [2] * 6)  # a miss, but the dodge successes it met are spent
    taken_back = c.AllocateDefence(combatant="cleo", allocations={"alma": 0, "bors": 3})
    assert t.refuse(taken_back).rule == "VDA-PHYS-03"
    assert t.refuse(c.AllocateDefence(combatant="cleo", allocations={"bors": 3})).rule == "VDA-PHYS-04"
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"bors": 0})) == [
        ev.DefenceAllocated(combatant="cleo", sequence=1, allocations={"alma": 2, "bors": 0})
    ]


def test_vda_phys_02__an_attack_with_a_weapon_not_carried_is_refused() -> None:
    """VDA-PHYS-02: Alma carries a pilum, not a lance; her fists are always there."""
    t = trio()
    lance = act("attack", skill="melee", target="cleo", weapon="lance")
    assert t.refuse(c.DeclareAction(combatant="alma", action=lance), as_="ann").rule == "VDA-PHYS-02"
    fists = act("attack", skill="brawl", target="cleo", weapon="poings")
    assert t.declare("alma", fists, as_="ann") == [
        ev.ActionDeclared(combatant="alma", sequence=1, action=fists)
    ]


def test_vda_disarm_04__a_parry_with_a_dropped_weapon_is_refused() -> None:
    """VDA-DISARM-04: a pilum on the ground parries nothing."""
    t = trio()
    t.send(c.AdjustItem(combatant="alma", item="pilum", state=Item(location="ground"), reason="désarmée"))
    parry = act("defend", skill="melee", defence="parry", weapon="pilum")
    assert t.refuse(c.DeclareAction(combatant="alma", action=parry), as_="ann").rule == "VDA-DISARM-04"


def test_a_7__a_player_does_not_set_its_own_difficulty() -> None:
    """A-7: the difficulty is the weapon's or 6; a player declaring 3 is refused, the GM may."""
    t = trio()
    easy = act("attack", skill="melee", target="cleo", weapon="pilum", difficulty=3)
    assert t.refuse(c.DeclareAction(combatant="alma", action=easy), as_="ann").rule == "A-7"
    assert t.declare("alma", easy) == [ev.ActionDeclared(combatant="alma", sequence=1, action=easy)]


# --- the charge's run-up and mount (VDA-CHARGE-01, VDA-CHARGE-07, VDA-HORSE-02) ----------------------


def charger(run_up: bool, **alma: Any) -> Table:
    """Alma with a lance (Celerity 1: two actions) against Bors, after a round in which she
    only moved when ``run_up``."""
    t = Table()
    t.add("alma", sheet(melee=3, athletics=2, celerity=1, weapons=["lance"], **alma), player="ann")
    t.add("bors", sheet(kind="mortal", melee=2))
    if run_up:
        t.moving_round("alma", [2] * 5)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def charge(**fields: Any) -> PhysicalAction:
    return act("attack", skill="melee", target="bors", weapon="lance", charge=Charge(**fields))


def test_vda_charge_01__the_run_up_is_read_from_the_moves_in_the_log() -> None:
    """VDA-CHARGE-01: with no round of movement behind her, Alma's charge is refused, and
    claiming one is refused too; after one, the plain charge carries the round the log shows."""
    t = charger(run_up=False)
    assert t.refuse(c.DeclareAction(combatant="alma", action=charge()), as_="ann").rule == "VDA-CHARGE-01"
    claim = c.DeclareAction(combatant="alma", action=charge(rounds_moved=1))
    assert t.refuse(claim, as_="ann").rule == "VDA-CHARGE-01"
    t = charger(run_up=True)
    overclaim = c.DeclareAction(combatant="alma", action=charge(rounds_moved=3))
    assert t.refuse(overclaim, as_="ann").rule == "VDA-CHARGE-01"
    assert t.declare("alma", charge(), as_="ann")[0] == ev.ActionDeclared(
        combatant="alma", sequence=1, action=charge(rounds_moved=1)
    )


def test_vda_charge_01__a_straight_run_of_five_successes_earlier_in_the_round() -> None:
    """VDA-CHARGE-01: a run of 5 successes (25 m) in sequence 1 lets Alma charge in sequence 2."""
    t = charger(run_up=False)
    t.declare("alma", act("move", skill="athletics"), as_="ann")
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 8, 8, 8])
    declared = t.declare("alma", charge(), as_="ann")[0]
    assert declared == ev.ActionDeclared(
        combatant="alma", sequence=2, action=charge(straight_line_successes=5)
    )


def test_vda_horse_02__a_mounted_charge_needs_a_mount_on_the_sheet() -> None:
    """VDA-HORSE-02: no horse on Alma's sheet, so no mounted charge."""
    t = charger(run_up=True)
    mounted = c.DeclareAction(combatant="alma", action=charge(mounted=True))
    assert t.refuse(mounted, as_="ann").rule == "VDA-HORSE-02"


def test_vda_charge_07__the_mounts_strength_is_the_sheets() -> None:
    """VDA-CHARGE-07: the rider chooses to strike with the mount's Strength; the Strength is
    the sheet's mount's, and a declared other one is refused."""
    t = charger(run_up=True, mount=Mount(strength=4, potence=1))
    lie = c.DeclareAction(combatant="alma", action=charge(mount_strength=7))
    assert t.refuse(lie, as_="ann").rule == "VDA-CHARGE-07"
    facts = charge(mounted=True, rounds_moved=1, mount_strength=4, mount_potence=1, use_mount_strength=True)
    assert t.declare("alma", charge(use_mount_strength=True), as_="ann")[0].action == facts


def test_vda_charge_03__a_charge_is_announced_before_either_rolls_initiative() -> None:
    """VDA-CHARGE-03: announced once Bors rolled, the charge is refused (his roll could no
    longer take the larger weapon into account); without a run-up it is refused too."""
    t = Table().add("alma", sheet(weapons=["lance"])).add("bors", sheet())
    t.start()
    announce = c.AnnounceCharge(combatant="alma", target="bors", weapon="lance")
    assert t.refuse(announce).rule == "VDA-CHARGE-01"
    t = Table().add("alma", sheet(weapons=["lance"])).add("bors", sheet())
    t.moving_round("alma", [2] * 3)
    t.start()
    t.initiative("bors", [7] * 5)
    assert t.refuse(announce).rule == "VDA-INIT-07"


# --- what became impossible between declaration and roll is lost ------------------------


def test_vda_disarm_04__an_attack_whose_weapon_fell_since_its_declaration_is_lost() -> None:
    """VDA-DISARM-04: Bors declared his knife thrust, then lost the knife before his turn:
    the action is lost, no die is rolled, and Cleo's dodge is not needed."""
    t = Table()
    t.add("alma", sheet()).add("bors", sheet(melee=2, weapons=["couteau"])).add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="cleo", weapon="couteau"))
    t.declare("cleo", act("none"))
    t.send(c.AdjustItem(combatant="bors", item="couteau", state=Item(location="ground"), reason="désarmé"))
    events = t.resolve("bors", [])
    assert events[0] == ev.ActionLost(
        combatant="bors",
        sequence=1,
        rule="VDA-DISARM-04",
        reason="",
    )
    assert not [e for e in events if isinstance(e, ev.ActionRolled)]
    assert "bors" in (t.state.sequence.done_physical if t.state.sequence else ["bors"])


def test_vda_grap_15__a_size_g_weapon_forbidden_by_a_hold_taken_since_is_lost() -> None:
    """VDA-GRAP-15: Bors declared a lance thrust while Alma held him at 1; the hold reached 2
    before his roll: the size G lance is forbidden now, so the action is lost."""
    t = Table()
    t.add("alma", sheet(brawl=3)).add("bors", sheet(melee=2, weapons=["lance"]))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="brawl", target="bors", grapple="contact"))
    t.declare("bors", act("attack", skill="melee", target="alma", weapon="lance"))
    t.resolve("alma", [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 2, 2])
    value = t.state.grapples["alma>bors"].value
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=2 - value, reason="serrée"))
    lost = t.resolve("bors", [])[0]
    assert (type(lost), lost.combatant, lost.sequence, lost.rule) == (ev.ActionLost, "bors", 1, "VDA-GRAP-15")


def test_vda_phys_02__an_attack_on_a_combatant_who_left_the_fight_is_lost() -> None:
    """VDA-PHYS-02: the GM takes Cleo out of the table before Bors's blow lands: lost."""
    t = Table()
    t.add("alma", sheet()).add("bors", sheet(melee=2, weapons=["couteau"])).add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="cleo", weapon="couteau"))
    t.declare("cleo", act("none"))
    t.send(RemoveCombatant(combatant_id="cleo"))
    assert t.resolve("bors", [])[0] == ev.ActionLost(
        combatant="bors", sequence=1, rule="VDA-PHYS-02", reason=""
    )


def test_vda_rdef_01__a_parry_taken_before_the_shot_does_not_meet_it() -> None:
    """VDA-RDEF-01: Alma parried before Bors fired; her 3 parry successes do not meet the
    pistol's 2: the shot hits as if undefended."""
    t = Table().add("alma", sheet(melee=3)).add("bors", sheet(firearms=2, weapons=["pistolet"]))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("defend", skill="melee", defence="parry"))
    t.declare("bors", act("attack", skill="firearms", target="alma", weapon="pistolet"))
    assert t.resolve("alma", [8, 8, 8, 2, 2, 2])[0].roll.successes == 3
    shot = [8, 8, 2, 2, 2] + [2] * 3  # two hits, then the damage and soak dice
    [resolved] = [e for e in t.resolve("bors", shot) if isinstance(e, ev.AttackResolved)]
    assert (resolved.resolution.defence_successes, resolved.resolution.hit) == (0, True)


def test_vda_disarm_04__a_lance_on_the_ground_lends_no_initiative_dice() -> None:
    """VDA-DISARM-04 (with VDA-INIT-09): the lance's +3 initiative dice need the lance in hand."""
    t = Table().add("alma", sheet(weapons=["lance"])).add("bors", sheet())
    t.start()
    t.send(c.AdjustItem(combatant="alma", item="lance", state=Item(location="ground"), reason="tombée"))
    dropped = c.RollInitiative(combatant="alma", weapon="lance")
    assert t.refuse(dropped, dice=[7] * 8).rule == "VDA-DISARM-04"
    assert t.initiative("alma", [7] * 5)[0].weapon is None


def test_vda_charge_03__the_announced_charge_is_the_first_sequences_action() -> None:
    """VDA-CHARGE-03: Alma's charge, announced for its −1, must be her sequence-1 action."""
    t = Table().add("alma", sheet(melee=3, weapons=["lance"])).add("bors", sheet())
    t.moving_round("alma", [2] * 3)
    t.start()
    t.send(c.AnnounceCharge(combatant="alma", target="bors", weapon="lance"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    plain = act("attack", skill="melee", target="bors", weapon="lance")
    assert t.refuse(c.DeclareAction(combatant="alma", action=plain)).rule == "VDA-CHARGE-03"
    charging = act("attack", skill="melee", target="bors", weapon="lance", charge=Charge())
    assert t.declare("alma", charging)[0] == ev.ActionDeclared(
        combatant="alma",
        sequence=1,
        action=act("attack", skill="melee", target="bors", weapon="lance", charge=Charge(rounds_moved=1)),
    )

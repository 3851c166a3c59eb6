"""Refusals through ``decide`` with the whole message they give the sender: a refusal
names the rule and says what was wrong. Written against the mutants that survived the
mutation run of ``docs/systems/vda.md`` (a message emptied or changed)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda.options import VdaOptions
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, scripted
from tests.systems.vda.test_round_rulings import LANCE_CHARGE, _charge_table


def test_no_aiming_at_a_moving_target_says_why() -> None:
    """VDA-AIM-01: « on ne vise qu'une cible immobile »."""
    t = fight(alma=sheet(archery=2, weapons=["arc_court"]))
    t.send(c.SetCondition(combatant="bors", condition="moving", reason="court"))
    aimed = act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow", aim=True)
    refused = t.refuse(c.DeclareAction(combatant="alma", action=aimed))
    assert str(refused) == "VDA-AIM-01: on ne vise qu'une cible immobile"


def test_working_loose_a_weapon_that_is_not_stuck_names_where() -> None:
    """VDA-STUCK-04: only a weapon stuck in someone can be worked loose; the refusal names
    whom."""
    t = fight()
    unstick = act("other", skill="melee", attribute="dexterity", intent="unstick", target="bors")
    refused = t.refuse(c.DeclareAction(combatant="alma", action=unstick))
    assert str(refused) == "VDA-STUCK-04: no weapon is stuck in 'bors'"


def test_the_mid_round_charge_refusals_say_why() -> None:
    """VDA-CHARGE-04: in sequence 1 the charge's advantage was the initiative roll's; later,
    only the larger weapon adds its bonus (a lance against a lance does not)."""
    t = _charge_table("lance")
    refused = t.refuse(c.DeclareAction(combatant="alma", action=LANCE_CHARGE))
    assert str(refused) == "VDA-CHARGE-04: in sequence 1 the charge's advantage was the initiative roll's"
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    refused = t.refuse(c.DeclareAction(combatant="alma", action=LANCE_CHARGE))
    assert (
        str(refused) == "VDA-CHARGE-04: only the larger weapon (size, then initiative bonus) adds its bonus"
    )


def test_an_unknown_zone_is_named() -> None:
    """VDA-TGT-01: an attack aims at the heart or an unarmoured zone; another is named."""
    t = fight()
    aimed = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", zone="pied")
    refused = t.refuse(c.DeclareAction(combatant="alma", action=aimed))
    assert str(refused) == "VDA-TGT-01: zone inconnue 'pied'"


def test_no_defensive_success_goes_to_an_opponent_attacked_instead() -> None:
    """VDA-INIT-03: at a table where giving up one's defence lasts the round, Bors, who
    attacked the faster Alma in sequence 1, dodges in sequence 2 and may not allocate a
    success to her: refused, saying why."""
    t = Table(VdaOptions(renounced_defence_scope="round"))
    t.add("alma", sheet(melee=3, dodge=2, celerity=1))
    t.add("bors", sheet(kind="ghoul", melee=2, dodge=2, celerity=1, blood=5))
    t.add("cole", sheet(kind="ghoul", melee=2, dodge=2, celerity=1, blood=5))
    t.start()
    for cid in ("alma", "bors", "cole"):
        t.send(c.ActivateCelerity(combatant=cid))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cole", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    t.declare("cole", act("none"))
    scripted(t, c.ResolveAction(combatant="bors"), [2])
    while (seq := t.state.sequence) is not None and seq.step == "power":
        t.send(c.SkipPower(combatant=seq.acting[0]))
    t.declare("alma", act("attack", skill="melee", target="bors"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    t.declare("cole", act("attack", skill="melee", target="bors"))
    scripted(t, c.ResolveAction(combatant="alma"), [2])
    scripted(t, c.ResolveAction(combatant="bors"), [8, 8])
    refused = t.refuse(c.AllocateDefence(combatant="bors", allocations={"alma": 1}))
    assert (refused.rule, refused.message) == (
        "VDA-INIT-03",
        "'bors' attacked 'alma', who had the better initiative, and gave up defending against them",
    )

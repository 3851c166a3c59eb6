"""The action budget (VDA-ACT), power actions (VDA-POW) and the sequence steps (VDA-SEQ-02, VDA-SEQ-04)."""

from __future__ import annotations

import pytest

from domain.errors import RuleViolation
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.rules.actions import action_cap, require_power_below_physical
from domain.systems.vda.rules.powers import block_of, reiterations_allowed
from domain.systems.vda.state import Fighter, VdaPower
from tests.systems.vda.conftest import Table, act, options_for, sheet

AUSPEX = VdaPower(discipline="auspex", level=1, orients=True)
TERROR = VdaPower(discipline="presence", level=2)
SUMMON = VdaPower(discipline="presence", level=4, cost=1)
ZULO = VdaPower(discipline="vicissitude", level=4, grants_physical=1)


def solo(options: VdaOptions | None = None, **traits: object) -> Table:
    """One combatant alone, Alma, who rolled 3 successes of initiative."""
    t = Table(options).add("alma", sheet(**traits))
    t.start()
    return t


def roll_alma(t: Table) -> list[object]:
    return t.initiative("alma", [7, 7, 7, 2, 2])


def test_vda_act_01__one_physical_action_by_default() -> None:
    """VDA-ACT-01: one physical action by default."""
    t = solo()
    assert ev.ActionsGranted(combatant="alma", physical=1, cap=4, sources=["base"]) in roll_alma(t)


def test_vda_act_02__the_cap_is_dex_or_wits_plus_one_when_equal() -> None:
    """VDA-ACT-02: the cap is dex or wits plus one when equal."""
    assert action_cap(sheet(dex=6, wits=6)) == 7  # Simeon, seed 001
    assert action_cap(sheet(dex=4, wits=2)) == 4
    assert action_cap(sheet(dex=4, wits=2), "lower") == 2


def test_vda_act_02__no_action_past_the_cap() -> None:
    """VDA-ACT-02: no action past the cap."""
    t = solo(dex=1, wits=1, celerity=2, blood=10, generation=8)
    t.send(c.ActivateCelerity(combatant="alma", dots=2))
    assert ev.ActionsGranted(
        combatant="alma", physical=3, cap=2, prepaid_power=2, sources=["base", "celerity", "celerity"]
    ) in t.initiative("alma", [7, 7, 7])
    t.declare("alma", act("move", skill="athletics"))
    t.resolve("alma", [6])
    t.declare("alma", act("move", skill="athletics"))
    t.resolve("alma", [6])
    refusal = t.refuse(c.DeclareAction(combatant="alma", action=act("move", skill="athletics")))
    assert refusal.rule == "VDA-ACT-02"


def test_vda_act_03__power_actions_never_outnumber_physical_ones() -> None:
    """VDA-ACT-03: power actions never outnumber physical ones."""
    with pytest.raises(RuleViolation) as caught:
        require_power_below_physical(Fighter(physical=1, power_used=1, cap=5), "alma")
    assert caught.value.rule == "VDA-ACT-03"


def test_vda_act_04__celerity_adds_a_physical_and_a_power_action() -> None:
    """VDA-ACT-04: celerity adds a physical and a power action."""
    t = solo(celerity=1)
    assert t.send(c.ActivateCelerity(combatant="alma")) == [
        ev.ResourceSpent(combatant="alma", pool="blood", amount=1, purpose="célérité", rule="VDA-ACT-04"),
        ev.CelerityActivated(combatant="alma", dots=1, from_round=1),
    ]
    assert ev.ActionsGranted(
        combatant="alma", physical=2, cap=4, prepaid_power=1, sources=["base", "celerity"]
    ) in roll_alma(t)
    assert t.refuse(c.ActivateCelerity(combatant="alma")).rule == "VDA-ACT-04"


def test_vda_act_05__a_point_of_anger_buys_an_action_for_the_round() -> None:
    """VDA-ACT-05: a point of anger buys an action for the round."""
    t = solo(anger=2, dominate=1)
    roll_alma(t)
    assert t.send(c.SpendForAction(combatant="alma")) == [
        ev.ResourceSpent(
            combatant="alma", pool="anger", amount=1, purpose="action physical", rule="VDA-ACT-05"
        ),
        ev.ActionGained(combatant="alma", kind="physical", source="anger", rule="VDA-ACT-05"),
    ]
    t.declare("alma", act("none"))
    assert t.state.sequence.number == 2


def test_vda_act_05__no_anger_no_action() -> None:
    """VDA-ACT-05: no anger no action."""
    t = solo()
    roll_alma(t)
    assert t.refuse(c.SpendForAction(combatant="alma")).rule == "VDA-ACT-05"


def test_vda_act_06__a_power_can_grant_a_physical_action() -> None:
    """VDA-ACT-06: a power can grant a physical action."""
    t = solo(powers={"zulo": ZULO}, vicissitude=4)
    roll_alma(t)
    t.declare("alma", act("none"))
    events = t.send(c.UsePower(combatant="alma", power="zulo"))
    assert (
        ev.ActionGained(combatant="alma", kind="physical", source="power:zulo", rule="VDA-ACT-06") in events
    )
    assert events[-1].sequence == 2


def test_vda_act_07__one_celerity_point_pays_the_power_action_too() -> None:
    """VDA-ACT-07, VDA-POW-04: one celerity point pays the power action too: the power
    action of Celerity's own physical action, sequence 2; sequence 1's (the base action's)
    costs its point."""
    t = solo(celerity=1, powers={"auspex-1": AUSPEX, "terror": TERROR}, auspex=1, presence=2)
    t.send(c.ActivateCelerity(combatant="alma"))
    roll_alma(t)
    t.declare("alma", act("none"))
    first = t.send(c.UsePower(combatant="alma", power="terror", paid_by="willpower"))
    assert first[:2] == [
        ev.ResourceSpent(combatant="alma", pool="willpower", amount=1, purpose="terror", rule="VDA-POW-03"),
        ev.PowerUsed(
            combatant="alma", sequence=1, power="terror", paid_by="willpower", block="mental_control"
        ),
    ]
    t.declare("alma", act("none"))
    events = t.send(c.UsePower(combatant="alma", power="auspex-1"))
    assert events[0] == ev.PowerUsed(
        combatant="alma", sequence=2, power="auspex-1", paid_by="celerity", block="mental_agility"
    )
    assert not any(isinstance(e, ev.ResourceSpent) for e in events)


def test_vda_seq_02__the_physical_action_resolves_before_the_power_action(duel: Table) -> None:
    """VDA-SEQ-02: the physical action resolves before the power action."""
    t = Table()
    t.add("alma", sheet(melee=3, powers={"terror": TERROR}, presence=2), player="ann")
    t.add("bors", sheet(melee=2))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", target="bors"))
    assert t.declare("bors", act("other", skill="melee"))[-1] == ev.StepStarted(
        sequence=1, step="physical", combatants=["alma"]
    )
    assert t.refuse(c.UsePower(combatant="alma", power="terror")).rule == "VDA-SEQ-02"
    assert t.resolve("alma", [7, 7, 7, 7, 7, 7])[-1] == ev.StepStarted(
        sequence=1, step="power", combatants=["alma"]
    )
    assert t.refuse(c.ResolveAction(combatant="bors"), dice=[7] * 5).rule == "VDA-SEQ-02"
    assert t.send(c.UsePower(combatant="alma", power="terror")) == [
        ev.ResourceSpent(combatant="alma", pool="blood", amount=1, purpose="terror", rule="VDA-POW-03"),
        ev.PowerUsed(combatant="alma", sequence=1, power="terror", paid_by="blood", block="mental_control"),
        ev.StepStarted(sequence=1, step="physical", combatants=["bors"]),
    ]


def test_vda_seq_02__phased_order_resolves_every_physical_action_first() -> None:
    """VDA-SEQ-02: phased order resolves every physical action first."""
    t = Table(VdaOptions(sequence_order="phased"))
    t.add("alma", sheet(powers={"terror": TERROR}, presence=2)).add("bors", sheet())
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("move", skill="athletics"))
    t.declare("bors", act("move", skill="athletics"))
    assert t.resolve("alma", [7] * 3)[-1] == ev.StepStarted(sequence=1, step="physical", combatants=["bors"])
    assert t.resolve("bors", [7] * 3)[-1] == ev.StepStarted(sequence=1, step="power", combatants=["alma"])


def test_vda_seq_04__no_kth_physical_action_no_place_in_sequence_k() -> None:
    """VDA-SEQ-04: no kth physical action no place in sequence k."""
    t = Table().add("alma", sheet(celerity=1)).add("bors", sheet())
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    started = t.declare("bors", act("none"))[-1]
    assert started == ev.SequenceStarted(round=1, sequence=2, declaring=[["alma"]], resolving=[["alma"]])
    assert t.refuse(c.DeclareAction(combatant="bors", action=act("none"))).rule == "VDA-SEQ-04"


def test_vda_seq_05__a_new_round_resets_the_round_counters() -> None:
    """VDA-SEQ-05: a new round resets the round counters."""
    t = solo(athletics=2)
    roll_alma(t)
    t.declare("alma", act("move", skill="athletics"))
    t.resolve("alma", [7] * 5)
    assert t.state.fighters["alma"].skill_uses == {"athletics": 1}
    t.start()
    assert t.state.fighters["alma"].skill_uses == {} and t.state.fighters["alma"].physical_used == 0


def test_vda_pow_01__only_a_power_that_consumes_a_power_action() -> None:
    """VDA-POW-01: only a power that consumes a power action."""
    passive = VdaPower(discipline="fortitude", uses_power_action=False)
    t = solo(powers={"terror": TERROR, "passive": passive}, presence=2)
    roll_alma(t)
    t.declare("alma", act("none"))
    assert t.refuse(c.UsePower(combatant="alma", power="passive")).rule == "VDA-POW-01"
    assert t.refuse(c.UsePower(combatant="alma", power="dominate-1")).rule == "VDA-POW-01"


def terror_used_in_sequence_1() -> Table:
    """Alma (Celerity 1, no reiteration) used Terror in sequence 1; sequence 2's power step."""
    t = solo(VdaOptions(reiteration=False), celerity=1, powers={"terror": TERROR}, presence=2)
    t.send(c.ActivateCelerity(combatant="alma"))
    roll_alma(t)
    t.declare("alma", act("none"))
    t.send(c.UsePower(combatant="alma", power="terror", paid_by="willpower"))
    t.declare("alma", act("none"))
    return t


def test_vda_pow_02__a_power_once_per_round() -> None:
    """VDA-POW-02: a power once per round."""
    t = terror_used_in_sequence_1()
    assert t.refuse(c.UsePower(combatant="alma", power="terror")).rule == "VDA-POW-02"


def test_vda_pow_01__the_refusal_is_the_one_of_the_power_sent() -> None:
    """VDA-POW-01, VDA-POW-02: Terror used in sequence 1, a power the sheet lacks is refused
    in sequence 2 for that (VDA-POW-01), not for Terror's use this round."""
    t = terror_used_in_sequence_1()
    refused = t.refuse(c.UsePower(combatant="alma", power="dominate-1"))
    assert str(refused) == "VDA-POW-01: 'alma' has no power 'dominate-1'"


def test_vda_pow_03__activation_costs_a_point_on_top_of_the_powers_cost() -> None:
    """VDA-POW-03: activation costs a point on top of the powers cost."""
    t = solo(powers={"summon": SUMMON}, presence=4, blood=2, willpower=3)
    roll_alma(t)
    t.declare("alma", act("none"))
    events = t.send(c.UsePower(combatant="alma", power="summon", paid_by="willpower"))
    assert events[:2] == [
        ev.ResourceSpent(combatant="alma", pool="willpower", amount=1, purpose="summon", rule="VDA-POW-03"),
        ev.ResourceSpent(combatant="alma", pool="blood", amount=1, purpose="summon", rule="VDA-POW-03"),
    ]


def test_vda_pow_03__blood_stays_within_the_generations_limit_per_round() -> None:
    """VDA-POW-03: blood stays within the generations limit per round."""
    t = solo(powers={"summon": SUMMON}, presence=4, generation=12)
    roll_alma(t)
    t.declare("alma", act("none"))
    assert t.refuse(c.UsePower(combatant="alma", power="summon")).rule == "VDA-POW-03"


def test_vda_pow_03__an_empty_pool_cannot_pay() -> None:
    """VDA-POW-03: an empty pool cannot pay."""
    t = solo(powers={"terror": TERROR}, presence=2, willpower=0)
    roll_alma(t)
    t.declare("alma", act("none"))
    assert t.refuse(c.UsePower(combatant="alma", power="terror", paid_by="willpower")).rule == "VDA-POW-03"


def test_vda_pow_04__each_physical_action_opens_one_power_step() -> None:
    """VDA-POW-04: each physical action opens one power step."""
    t = solo(powers={"terror": TERROR}, presence=2)
    roll_alma(t)
    assert t.declare("alma", act("none"))[-1] == ev.StepStarted(sequence=1, step="power", combatants=["alma"])
    assert t.send(c.SkipPower(combatant="alma")) == [
        ev.PowerSkipped(combatant="alma", sequence=1),
        ev.SequenceEnded(sequence=1),
        ev.RoundEnded(round=1, holders=["alma"]),
    ]


def test_vda_pow_05__different_powers_of_one_discipline_in_one_round() -> None:
    """VDA-POW-05: different powers of one discipline in one round."""
    t = solo(celerity=1, powers={"terror": TERROR, "summon": SUMMON}, presence=4, generation=8)
    t.send(c.ActivateCelerity(combatant="alma"))
    roll_alma(t)
    t.declare("alma", act("none"))
    t.send(c.UsePower(combatant="alma", power="terror"))
    t.declare("alma", act("none"))
    assert any(isinstance(e, ev.PowerUsed) for e in t.send(c.UsePower(combatant="alma", power="summon")))


def test_vda_pow_06__reiteration_from_5_in_the_block() -> None:
    """VDA-POW-06: reiteration from 5 in the block."""
    assert [reiterations_allowed(n) for n in (4, 5, 7, 9)] == [0, 1, 2, 3]
    t = solo(celerity=2, powers={"terror": TERROR}, presence=3, dominate=2, generation=8)
    t.send(c.ActivateCelerity(combatant="alma", dots=2))
    roll_alma(t)
    for _ in range(2):
        t.declare("alma", act("none"))
        sent = t.send(c.UsePower(combatant="alma", power="terror", paid_by="willpower"))
        used = next(e for e in sent if isinstance(e, ev.PowerUsed))
    assert used == ev.PowerUsed(
        combatant="alma",
        sequence=2,
        power="terror",
        paid_by="celerity",
        reiteration=True,
        block="mental_control",
    )
    t.declare("alma", act("none"))
    assert t.refuse(c.UsePower(combatant="alma", power="terror")).rule == "VDA-POW-06"


def test_vda_pow_07__discipline_blocks() -> None:
    """VDA-POW-07: discipline blocks."""
    assert block_of("auspex") == block_of("obfuscate") == "mental_agility"
    assert block_of("potence") == "physical"
    assert block_of("quietus") is None


def test_options_for_runs_the_same_guards(duel: Table) -> None:
    duel.start()
    assert options_for(duel.timeline.head, "alma") == ["vda.DiveForCover", "vda.RollInitiative"]
    duel.initiative("alma", [7, 7, 7, 2, 2])
    duel.initiative("bors", [7, 2, 2, 2, 2])
    # Alma may also declare a grapple on Bors (VDA-GRAP-03: no hold yet, so nothing else).
    assert options_for(duel.timeline.head, "alma") == [
        "vda.DeclareAction",
        "vda.DeclareAction/grapple:contact:bors",
    ]
    assert options_for(duel.timeline.head, "bors") == []

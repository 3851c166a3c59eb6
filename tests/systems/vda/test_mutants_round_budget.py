"""Buying actions before the initiative roll and using powers, through ``decide``: the
cap and the power ≤ physical rule as they stand at each purchase (VDA-ACT-02, VDA-ACT-03,
VDA-ACT-05), a power's payment and its event (VDA-POW-03, VDA-POW-07), a staked vampire's
power (VDA-STAKE-04). Exact events or the whole refusal. Written against the mutants of
``handlers/budget`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import VdaPower
from tests.systems.vda.conftest import Table, act, sheet


def buyer(options: VdaOptions | None = None, **traits: object) -> Table:
    """Alma (Dexterity 2, Wits 3: 3 actions at most by default, 2 at a table taking the
    lower), 5 Anger, in the initiative phase of round 1."""
    t = Table(options)
    t.add("alma", sheet(dex=2, wits=3, anger=5, dominate=1, **traits))
    t.add("bors", sheet())
    t.start()
    return t


def buy(gain: str = "physical") -> c.SpendForAction:
    return c.SpendForAction(combatant="alma", gain=gain)  # type: ignore[arg-type]


def test_vda_act_02__bought_physical_actions_count_towards_the_cap() -> None:
    """VDA-ACT-02, VDA-ACT-05: one action, two bought: 3, the higher of Dexterity and Wits;
    a third purchase is refused."""
    t = buyer()
    t.send(buy())
    t.send(buy())
    assert str(t.refuse(buy())) == (
        "VDA-ACT-02: 'alma' already has 3 physical actions, the most Dexterity/Wits allow (3)"
    )


def test_vda_act_02__at_a_table_taking_the_lower_score_the_cap_is_two() -> None:
    """VDA-ACT-02 (``action_cap = "lower"``): Dexterity 2: one action bought, no more."""
    t = buyer(VdaOptions(action_cap="lower"))
    t.send(buy())
    assert str(t.refuse(buy())) == (
        "VDA-ACT-02: 'alma' already has 2 physical actions, the most Dexterity/Wits allow (2)"
    )


def test_vda_act_03__a_bought_power_action_counts_as_power_not_physical() -> None:
    """VDA-ACT-03, VDA-ACT-05: a power action bought (1 physical, 1 power): a second one would
    outnumber the physical action; a physical one still fits the cap of 3."""
    t = buyer()
    t.send(buy("power"))
    assert (
        str(t.refuse(buy("power"))) == "VDA-ACT-03: 'alma' has 1 physical actions and 1 power actions already"
    )
    assert t.send(buy()) == [
        ev.ResourceSpent(
            combatant="alma", pool="anger", amount=1, purpose="action physical", rule="VDA-ACT-05"
        ),
        ev.ActionGained(combatant="alma", kind="physical", source="anger", rule="VDA-ACT-05"),
    ]


def test_vda_act_05__rage_buys_an_action_like_anger() -> None:
    """VDA-ACT-05, VDA-POW-08: at a table where Rage pays like Anger (the default), Alma
    (Animalism on the sheet) buys an action with a point of Rage."""
    t = Table()
    t.add("alma", sheet(rage=2, animalism=1))
    t.add("bors", sheet())
    t.start()
    assert t.send(c.SpendForAction(combatant="alma", pool="rage")) == [
        ev.ResourceSpent(
            combatant="alma", pool="rage", amount=1, purpose="action physical", rule="VDA-ACT-05"
        ),
        ev.ActionGained(combatant="alma", kind="physical", source="rage", rule="VDA-ACT-05"),
    ]


def in_power_step(**traits: object) -> Table:
    """Alma declared nothing in sequence 1; her power step is next."""
    t = Table()
    t.add("alma", sheet(**traits))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    return t


def test_vda_pow_03__rage_pays_a_power_and_a_blockless_discipline_has_no_block() -> None:
    """VDA-POW-03, VDA-POW-07, VDA-POW-08: Rage (Animalism on the sheet) pays a power action like
    Anger (the table's default);
    a discipline of no block (Quietus here) is used with an empty block."""
    powers = {"quietus-1": VdaPower(discipline="quietus")}
    t = in_power_step(rage=2, animalism=1, powers=powers)
    assert t.state.sequence is not None and t.state.sequence.step == "power"
    assert t.send(c.UsePower(combatant="alma", power="quietus-1", paid_by="rage"))[:2] == [
        ev.ResourceSpent(combatant="alma", pool="rage", amount=1, purpose="quietus-1", rule="VDA-POW-03"),
        ev.PowerUsed(
            combatant="alma", sequence=1, power="quietus-1", paid_by="rage", reiteration=False, block=""
        ),
    ]


def test_vda_stake_04__a_staked_vampire_uses_no_power() -> None:
    """VDA-STAKE-04: staked, Alma may not use her power, and is told why."""
    t = in_power_step(auspex=1, powers={"auspex-1": VdaPower(discipline="auspex")})
    t.send(c.RuleStake(target="alma", staked=True, reason="pieu planté"))
    refused = t.refuse(c.UsePower(combatant="alma", power="auspex-1"))
    assert str(refused) == "VDA-STAKE-04: 'alma' has a stake through the heart: paralysed"


def test_vda_act_07__a_power_action_prepaid_by_celerity_leaves_room_to_buy_another() -> None:
    """VDA-ACT-03, VDA-ACT-05, VDA-ACT-07: in the round, Alma (Celerity 1 active: 2 physical
    actions, one power action prepaid by the same point) buys a power action with Anger: the
    prepaid one is not yet used, so one power action is committed against two physical."""
    t = Table().add("alma", sheet(dex=3, wits=3, celerity=1, anger=3, dominate=1)).add("bors", sheet())
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert t.send(buy("power")) == [
        ev.ResourceSpent(combatant="alma", pool="anger", amount=1, purpose="action power", rule="VDA-ACT-05"),
        ev.ActionGained(combatant="alma", kind="power", source="anger", rule="VDA-ACT-05"),
    ]


def test_vda_act_06__an_active_forms_action_counts_towards_the_cap_of_purchases() -> None:
    """VDA-ACT-06, VDA-ACT-02, VDA-ACT-05: Alma's Zulo form (one physical action), taken in
    round 1, is still active in round 2: with her base action and one bought, she reaches her
    cap of 3 (Dexterity 2 = Wits 2), and a second purchase is refused."""
    zulo = {"zulo": VdaPower(discipline="protean", grants_physical=1)}
    t = (
        Table()
        .add("alma", sheet(dex=2, wits=2, protean=1, anger=5, dominate=1, powers=zulo))
        .add("bors", sheet())
    )
    t.start()
    t.initiative("alma", [7, 7, 7, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    t.send(c.UsePower(combatant="alma", power="zulo", paid_by="willpower"))
    while (seq := t.state.sequence) is not None:
        if seq.step == "declare":
            t.declare(seq.declaring[0][0], act("none"))
        else:
            t.send(c.SkipPower(combatant=seq.acting[0]))
    t.start()
    t.send(buy())
    assert str(t.refuse(buy())) == (
        "VDA-ACT-02: 'alma' already has 3 physical actions, the most Dexterity/Wits allow (3)"
    )

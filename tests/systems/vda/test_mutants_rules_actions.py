"""Actions bought with Anger through ``decide`` (VDA-ACT-05): the purchase stops exactly at
the cap of VDA-ACT-02 and at the power ≤ physical rule of VDA-ACT-03, with refusals that say
which. Written against the mutants of ``rules/actions`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.conftest import Table, sheet

PHYSICAL = c.SpendForAction(combatant="alma")
POWER = c.SpendForAction(combatant="alma", gain="power")


def rolled(dex: int = 3) -> Table:
    """Alma (Anger 5, Dexterity and Wits ``dex``) alone, her initiative rolled (Wits +
    Alertness 2 dice): one physical action granted."""
    t = Table().add("alma", sheet(dex=dex, wits=dex, anger=5, dominate=1))
    t.start()
    t.initiative("alma", [7] * (dex + 2))
    return t


def gained(kind: str) -> list[object]:
    return [
        ev.ResourceSpent(
            combatant="alma", pool="anger", amount=1, purpose=f"action {kind}", rule="VDA-ACT-05"
        ),
        ev.ActionGained(combatant="alma", kind=kind, source="anger", rule="VDA-ACT-05"),  # type: ignore[arg-type]
    ]


def test_vda_act_02__a_physical_action_past_the_cap_is_refused_saying_so() -> None:
    """VDA-ACT-02: Dexterity 1 and Wits 1 allow 2 actions; Alma's second bought physical
    action would be a third."""
    t = rolled(dex=1)
    assert t.send(PHYSICAL) == gained("physical")
    refused = t.refuse(PHYSICAL)
    assert (refused.rule, refused.message) == (
        "VDA-ACT-02",
        "'alma' already has 2 physical actions, the most Dexterity/Wits allow (2)",
    )


def test_vda_act_03__a_power_action_past_the_physical_ones_is_refused_saying_so() -> None:
    """VDA-ACT-03: with one physical action Alma buys one power action, not two."""
    t = rolled()
    assert t.send(POWER) == gained("power")
    refused = t.refuse(POWER)
    assert (refused.rule, refused.message) == (
        "VDA-ACT-03",
        "'alma' has 1 physical actions and 1 power actions already",
    )


def test_vda_act_02__a_power_action_fills_the_cap_and_no_more() -> None:
    """VDA-ACT-02: Dexterity 3 and Wits 3 allow 4 actions, physical and power together: with 3
    physical ones Alma buys a power action, the 4th; neither a second power action (though
    VDA-ACT-03 would allow it) nor a 4th physical one is bought, and her Anger stays."""
    t = rolled()
    assert t.send(PHYSICAL) == gained("physical")
    assert t.send(PHYSICAL) == gained("physical")
    assert t.send(POWER) == gained("power")
    for purchase in (POWER, PHYSICAL):
        refused = t.refuse(purchase)
        assert (refused.rule, refused.message) == (
            "VDA-ACT-02",
            "'alma' would hold more than the 4 actions Dexterity/Wits allow",
        )
    assert t.state.fighters["alma"].spent == {"anger": 3}

"""The GM's overrides through ``decide``: each one's exact event and refusal (the reason,
an override that changes nothing, a distance to oneself, an initiative not yet rolled),
the Storyteller's tests and complications, a complex move's ruling, a skipped action."""

from __future__ import annotations

from domain.base import GM_ONLY
from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Complication, Movement
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet

NO_DIE = "the penalties leave no die to roll"


def duel(options: VtmOptions | None = None) -> Table:
    """Alma (Brawl 2) faster than Bors; initiative rolled (14 and 6)."""
    t = Table(options)
    t.add("alma", sheet(brawl=2, melee=2, weapons=["couteau"]), player="ann")
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def next_round(t: Table) -> None:
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)


def refusal(t: Table, command: object, dice: list[int] | None = None) -> tuple[str, str]:
    refused = t.refuse(command, dice)
    return refused.rule, refused.message


def test_an_override_without_a_reason_is_refused_with_why() -> None:
    """Every GM override says why."""
    assert refusal(duel(), c.SetCover(combatant="alma", cover="good", reason=" ")) == (
        "vtm.reason",
        "a GM override says why",
    )


def test_an_adjustment_of_nothing_is_refused() -> None:
    """An AdjustRoll with neither dice nor difficulty changes nothing."""
    assert refusal(duel(), c.AdjustRoll(combatant="alma", reason="rien")) == (
        "vtm.adjust-nothing",
        "the override changes nothing",
    )


def test_the_gm_sets_aggravated_wounds() -> None:
    """The GM's wounds keep each kind, aggravated too."""
    assert duel().send(c.AdjustHealth(combatant="bors", bashing=1, aggravated=2, reason="feu")) == [
        ev.HealthAdjusted(combatant="bors", health=Health(bashing=1, aggravated=2), reason="feu")
    ]


def test_a_condition_set_by_the_gm_lasts_the_rounds_given_or_until_lifted() -> None:
    """A condition for two rounds, set in round 1, lasts until round 2; one without rounds,
    set in round 2, stays (until 0); both are the GM's ruling, with its reason."""
    t = duel()
    assert t.send(c.SetCondition(combatant="bors", condition="off_balance", rounds=2, reason="choc")) == [
        ev.ConditionChanged(
            combatant="bors", condition="off_balance", on=True, until=2, rule="gm", reason="choc"
        )
    ]
    next_round(t)
    assert t.send(c.SetCondition(combatant="bors", condition="blinded", reason="sac")) == [
        ev.ConditionChanged(combatant="bors", condition="blinded", on=True, until=0, rule="gm", reason="sac")
    ]


def test_vtm_dice_03__a_hidden_test_with_a_specialty_and_a_label() -> None:
    """VTM-DICE-03: the Storyteller's hidden Perception + Alertness test for Alma, whose
    Alertness specialty re-rolls a 10 (VTM-DICE-06); VTM-DICE-04: two successes against a
    threshold of 2 pass, margin 0."""
    t = Table()
    t.add("alma", sheet(perception=2, alertness=4, specialties=["alertness:odeurs"]))
    command = c.RollTest(
        combatant="alma", attribute="perception", ability="alertness", threshold=2, hidden=True, label="odeur"
    )
    emitted = t.emitted(command, dice=[10, 2, 2, 2, 2, 2, 8])
    assert [e.audience for e in emitted] == [GM_ONLY]
    assert [e.event for e in emitted] == [
        ev.TestRolled(
            combatant="alma",
            label="odeur",
            pool=[m("VTM-DICE-01", 2, "perception"), m("VTM-DICE-01", 4, "alertness")],
            difficulty=[m("VTM-DICE-02", 6, "test")],
            threshold=2,
            roll=roll([10, 2, 2, 2, 2, 2, 8], 6, dice=6, tens_again=True),
            passed=True,
            margin=0,
            hidden=True,
        )
    ]


def test_vtm_dice_03__a_test_of_an_unknown_attribute_or_with_no_die_is_refused() -> None:
    """VTM-DICE-03: the attribute must exist; VTM-ACT-04: a test with no die is refused."""
    t = duel()
    assert refusal(t, c.RollTest(combatant="alma", attribute="luck")) == (
        "vtm.trait-unknown",
        "no attribute 'luck'",
    )
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="ivre"))
    assert refusal(t, c.RollTest(combatant="alma", attribute="wits")) == ("VTM-ACT-04", f"the test: {NO_DIE}")


def test_vtm_cpx_10__a_complication_lasts_its_rounds_and_must_be_defined() -> None:
    """VTM-CPX-10: « trempé » for two rounds from round 1 lasts until round 2; set without
    rounds in round 2 it stays; an undefined one is refused."""
    t = duel(VtmOptions(complications={"trempé": Complication(difficulty=1)}))
    assert t.send(c.SetComplication(combatant="bors", name="trempé", rounds=2, reason="pluie")) == [
        ev.ComplicationChanged(combatant="bors", name="trempé", on=True, until=2, reason="pluie")
    ]
    next_round(t)
    assert t.send(c.SetComplication(combatant="alma", name="trempé", reason="flaque")) == [
        ev.ComplicationChanged(combatant="alma", name="trempé", on=True, until=0, reason="flaque")
    ]
    assert refusal(t, c.SetComplication(combatant="bors", name="gelé", reason="x")) == (
        "VTM-CPX-10",
        "no complication 'gelé' in the table's options",
    )


def test_the_gm_places_cover_and_distances_with_a_reason() -> None:
    """Cover and distance are the GM's word, each with its reason; a distance is between two."""
    t = duel()
    assert t.send(c.SetCover(combatant="alma", cover="good", reason="muret")) == [
        ev.CoverChanged(combatant="alma", cover="good", reason="muret")
    ]
    assert t.send(c.SetDistance(combatant="alma", other="bors", metres=12, reason="rue")) == [
        ev.DistanceSet(combatant="alma", other="bors", metres=12, reason="rue")
    ]
    assert refusal(t, c.SetDistance(combatant="alma", other="alma", metres=1, reason="x")) == (
        "vtm.distance-self",
        "a distance is between two combatants",
    )


def test_vtm_init_01__the_gm_moves_only_a_rolled_initiative_even_from_zero() -> None:
    """VTM-INIT-01: no initiative to move before it is rolled; a score brought to 0 moves
    on from 0."""
    t = Table()
    t.add("alma", sheet())
    t.start()
    refused = refusal(t, c.AdjustInitiative(combatant="alma", delta=1, reason="x"))
    assert refused == ("VTM-INIT-01", "alma has no initiative yet")
    t.initiative("alma", 5)
    t.send(c.AdjustInitiative(combatant="alma", delta=-10, reason="paralysée"))
    assert t.send(c.AdjustInitiative(combatant="alma", delta=1, reason="reprend ses esprits")) == [
        ev.InitiativeAdjusted(combatant="alma", score=1, reason="reprend ses esprits")
    ]


def test_vtm_init_04__skipping_when_nothing_waits_is_refused() -> None:
    """VTM-INIT-04: once every action is resolved there is nothing to skip."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    t.resolve("bors", [])
    assert refusal(t, c.SkipAction(reason="x")) == ("VTM-INIT-04", "no action is waiting to be resolved")


def test_vtm_act_03__acting_in_a_row_the_gm_skips_the_second_action_of_the_one_acting() -> None:
    """VTM-ACT-03 with ``consecutive``: Alma's second action comes before Bors's action;
    the GM passes over it."""
    t = duel(VtmOptions(multi_action_scheduling="consecutive"))
    t.declare("bors", OTHER)
    t.declare("alma", OTHER, OTHER)
    t.resolve("alma", [])
    assert t.send(c.SkipAction(reason="hésite")) == [
        ev.ActionEnded(combatant="alma", action=1, reason="hésite")
    ]


# --- VTM-MOVE-06: the ruling on a complex move ------------------------------------------


def vaulting(**alma: object) -> Table:
    """Alma (faster) against Bors, who holds a sword, three metres away; Bors declared."""
    t = Table()
    t.add("alma", sheet(**alma))
    t.add("bors", sheet(melee=1, weapons=["epee"]))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.send(c.SetDistance(combatant="alma", other="bors", metres=3, reason="la table entre eux"))
    t.declare("bors", OTHER)
    return t


def complex_move(t: Table, *actions: Action, toward: str | None = "bors") -> None:
    move = Movement(pace="walk", metres=3, toward=toward, complex="saute par-dessus la table")
    t.send(c.DeclareActions(combatant="alma", actions=list(actions), move=move))


def test_vtm_move_06__no_ruling_without_a_complex_move_waiting() -> None:
    """VTM-MOVE-06: nothing of Alma's waits for a ruling."""
    t = vaulting()
    assert refusal(t, c.RuleComplexMove(combatant="alma", slots=1, reason="x")) == (
        "VTM-MOVE-06",
        "no complex move of alma waits for a ruling",
    )


def test_vtm_move_06__the_ruling_checks_the_pools_from_where_the_move_ends() -> None:
    """VTM-MOVE-06 with VTM-MEL-14: Alma (Dex 1, Brawl 2) vaults the table to punch Bors:
    once there she does not close in against his sword, so the punch, paying for two
    actions (VTM-ACT-02), keeps one die: the ruling stands."""
    t = vaulting(dexterity=1, brawl=2)
    complex_move(t, attack("bors"))
    assert t.send(c.RuleComplexMove(combatant="alma", slots=1, reason="la table est haute")) == [
        ev.ComplexMoveRuled(combatant="alma", slots=1, reason="la table est haute")
    ]


def test_vtm_move_06__the_ruling_checks_a_later_action_after_one_passed_over() -> None:
    """VTM-MOVE-06 with VTM-ACT-04: the GM passed over Alma's first action; a ruling of one
        more action would leave her punch (Dex 2, Brawl 3), now the second of three (VTM-ACT-02:
    -4) and closing in on Bors's sword (VTM-MEL-14: -1), no die: refused."""
    t = vaulting(dexterity=2, brawl=3)
    complex_move(t, OTHER, attack("bors"), toward=None)
    t.send(c.SkipAction(reason="hésite"))
    assert refusal(t, c.RuleComplexMove(combatant="alma", slots=1, reason="x")) == (
        "VTM-ACT-04",
        f"action 2: {NO_DIE}",
    )


def test_vtm_move_06__a_weapon_readied_in_the_plan_is_in_hand_for_the_ruling() -> None:
    """VTM-MOVE-06 with VTM-ACT-07: Alma draws her sheathed knife then strikes; the ruling
    checks the strike with the knife in hand."""
    t = vaulting(melee=2, weapons=["couteau"], sheathed=["couteau"])
    complex_move(t, Action(kind="ready", weapon="couteau"), attack("bors", "strike", "couteau"))
    assert t.send(c.RuleComplexMove(combatant="alma", slots=0, reason="facile")) == [
        ev.ComplexMoveRuled(combatant="alma", slots=0, reason="facile")
    ]


def test_vtm_move_06__a_ruling_does_not_check_a_desperate_defences_dice() -> None:
    """VTM-MOVE-06 with VTM-DEF-13: Alma dodges all turn while vaulting the table; with the
    GM's -9 on her next roll, the ruling still stands: a desperate defence's dice are not
    checked ahead, only when an attack comes."""
    t = vaulting()
    move = Movement(pace="walk", metres=3, complex="saute par-dessus la table")
    t.send(c.DeclareActions(combatant="alma", actions=[defend("dodge")], desperate=True, move=move))
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="trébuche"))
    assert t.send(c.RuleComplexMove(combatant="alma", slots=1, reason="la table est haute")) == [
        ev.ComplexMoveRuled(combatant="alma", slots=1, reason="la table est haute")
    ]

"""The turn's order and the grapples' limits through ``decide``: who declares, who acts,
delays and abstentions (VTM-INIT, VTM-ACT-08), what a clinch or a hold leaves each side
(VTM-GRP), with the whole refusal the sender reads."""

from __future__ import annotations

from domain.commands import RemoveCombatant
from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action
from tests.systems.vtm.conftest import OTHER, Table, attack, m, options_for, sheet
from tests.systems.vtm.test_grapple_rules import clinched, new_round, table


def three(options: VtmOptions | None = None, names: tuple[str, str, str] = ("alma", "bors", "cleo")) -> Table:
    """Three combatants, initiative rolled: the first named fastest (9), the second
    slowest (1), the third between (5)."""
    t = Table(options)
    for cid in names:
        t.add(cid, sheet(brawl=2))
    t.start()
    for cid, die in zip(names, (9, 1, 5), strict=True):
        t.initiative(cid, die)
    return t


def resolving(options: VtmOptions | None = None, plan: tuple[Action, ...] = (OTHER,)) -> Table:
    """Alma, Cleo, then Bors act; Alma with ``plan``, the others with one action."""
    t = three(options)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", *plan)
    return t


def refused(t: Table, command: object) -> str:
    return str(t.refuse(command))


# --- initiative ------------------------------------------------------------------------


def test_vtm_init_03__declarations_open_after_initiative_slowest_first() -> None:
    """VTM-INIT-03: no declaration while initiative is still rolled or once the actions
    resolve; during the declarations the slowest who has not declared comes first."""
    t = Table()
    t.add("alma", sheet())
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", 9)
    declare = c.DeclareActions(combatant="alma", actions=[OTHER])
    assert refused(t, declare) == "VTM-INIT-03: no declaration is open"
    t.initiative("bors", 1)
    assert refused(t, declare) == "VTM-INIT-03: bors declares before alma (slowest first)"
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    assert refused(t, declare) == "VTM-INIT-03: no declaration is open"


def test_vtm_init_04__the_fastest_acts_and_nothing_waits_outside_the_resolution() -> None:
    """VTM-INIT-04: no action resolves during the declarations; Alma acts before Cleo."""
    t = three()
    assert refused(t, c.ResolveAction(combatant="alma")) == "VTM-INIT-04: no action is waiting to be resolved"
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", OTHER)
    assert refused(t, c.ResolveAction(combatant="cleo")) == "VTM-INIT-04: alma acts before cleo"


def test_vtm_init_07__on_equal_scores_and_ratings_the_quicker_wits_acts_first() -> None:
    """VTM-INIT-07: Alma (Dex 3, Wits 2) and Bors (Dex 2, Wits 3) both score 12 with the
    same Dex + Wits: Bors, the higher Wits, acts first and so declares last."""
    t = Table()
    t.add("alma", sheet(dexterity=3, wits=2))
    t.add("bors", sheet(dexterity=2, wits=3))
    t.start()
    t.initiative("alma", 7)
    t.initiative("bors", 7)
    assert options_for(t.timeline.head, "alma") == ["vtm.DeclareActions"]
    t.declare("alma", OTHER)
    t.declare("bors", OTHER)
    assert refused(t, c.ResolveAction(combatant="alma")) == "VTM-INIT-04: bors acts before alma"


def test_vtm_dmg_11_cpx_08__the_incapacitated_and_the_staked_declare_nothing() -> None:
    """VTM-DMG-11: an incapacitated character does nothing; VTM-CPX-08: nor does a staked
    vampire: the declarations pass them by."""
    for condition in ("incapacitated", "staked"):
        t = three()
        t.send(c.SetCondition(combatant="bors", condition=condition, reason="hors de combat"))
        assert options_for(t.timeline.head, "cleo") == ["vtm.DeclareActions"]
        t.declare("cleo", OTHER)
        t.declare("alma", OTHER)
        assert t.state.phase == "resolution"


def test_vtm_init_05__one_waits_right_after_the_one_it_waits_for() -> None:
    """VTM-INIT-05: Alma, fastest, waits for Cleo: Cleo acts, then Alma, then Bors; Cleo,
    once Alma has acted, cannot wait for her any more."""
    t = resolving()
    t.send(c.Delay(combatant="alma", after="cleo"))
    assert refused(t, c.ResolveAction(combatant="alma")) == "VTM-INIT-04: cleo acts before alma"
    t.resolve("cleo", [])
    assert refused(t, c.ResolveAction(combatant="bors")) == "VTM-INIT-04: alma acts before bors"
    t.resolve("alma", [])
    assert refused(t, c.Delay(combatant="bors", after="alma")) == (
        "VTM-INIT-05: alma does not act after bors in this pass"
    )


def test_vtm_init_05__waiting_for_one_who_waits_in_turn() -> None:
    """VTM-INIT-05: Alma waits for Cleo, who then waits for Bors: Bors acts first, then
    Cleo, then Alma."""
    t = resolving()
    t.send(c.Delay(combatant="alma", after="cleo"))
    t.send(c.Delay(combatant="cleo", after="bors"))
    assert refused(t, c.ResolveAction(combatant="cleo")) == "VTM-INIT-04: bors acts before cleo"
    t.resolve("bors", [])
    assert refused(t, c.ResolveAction(combatant="alma")) == "VTM-INIT-04: cleo acts before alma"


def test_vtm_init_05_act_03__in_consecutive_scheduling_one_waits_for_a_later_one() -> None:
    """VTM-INIT-05, VTM-ACT-03 with ``multi_action_scheduling=consecutive``: Alma makes her
    two actions in a row; between them she may still wait for Cleo, whose single action
    comes after hers in this one pass."""
    t = resolving(VtmOptions(multi_action_scheduling="consecutive"), plan=(OTHER, OTHER))
    t.resolve("alma", [])
    assert t.send(c.Delay(combatant="alma", after="cleo")) == [ev.Delayed(combatant="alma", after="cleo")]


def test_vtm_act_08__in_consecutive_scheduling_all_abstaining_passes_the_turn() -> None:
    """VTM-ACT-08 with ``multi_action_scheduling=consecutive``: Alma, between her two
    actions, abstains; Cleo and Bors abstain too: nobody acts, the turn passes."""
    t = resolving(VtmOptions(multi_action_scheduling="consecutive"), plan=(OTHER, OTHER))
    t.resolve("alma", [])
    t.send(c.Abstain(combatant="alma"))
    t.send(c.Abstain(combatant="cleo"))
    assert t.send(c.Abstain(combatant="bors")) == [
        ev.Abstained(combatant="bors"),
        ev.TurnPassed(combatants=["bors", "alma", "cleo"]),
    ]


def test_vtm_act_08__those_who_abstained_act_in_the_order_they_abstained() -> None:
    """VTM-ACT-08: Dora, fastest, abstains, then Bors: Alma acts, then Dora, then Bors
    (the order of their abstaining, not of their names)."""
    t = three(names=("dora", "alma", "bors"))
    for cid in ("alma", "bors", "dora"):
        t.declare(cid, OTHER)
    t.send(c.Abstain(combatant="dora"))
    t.send(c.Abstain(combatant="bors"))
    t.resolve("alma", [])
    assert refused(t, c.ResolveAction(combatant="bors")) == "VTM-INIT-04: dora acts before bors"


# --- grapples --------------------------------------------------------------------------


def test_vtm_grp_02__in_a_clinch_both_sides_only_squeeze_bite_or_escape() -> None:
    """VTM-GRP-02: Bors, clinched by Alma, may neither do something else nor punch her."""
    t = table()
    clinched(t)
    new_round(t)
    said = "VTM-GRP-02: bors is in a clinch with alma: only squeezing, biting or escaping"
    assert refused(t, c.DeclareActions(combatant="bors", actions=[OTHER])) == said
    assert refused(t, c.DeclareActions(combatant="bors", actions=[attack("alma")])) == said


def test_vtm_grp_04__the_held_only_breaks_free_the_holder_only_acts_on_the_held() -> None:
    """VTM-GRP-04: Bors, held, may not punch Cleo but may try to break free; Alma, holding
    him, may not punch Cleo."""
    t = table()
    clinched(t, "hold")
    new_round(t)
    assert refused(t, c.DeclareActions(combatant="bors", actions=[attack("cleo")])) == (
        "VTM-GRP-04: bors is in a hold with alma: no physical action but breaking free"
    )
    t.declare("bors", Action(kind="escape"))
    t.declare("cleo", OTHER)
    assert refused(t, c.DeclareActions(combatant="alma", actions=[attack("cleo")])) == (
        "VTM-GRP-04: alma is in a hold with bors: only actions against the one held"
    )


def test_vtm_grp_02__the_holder_clinching_the_held_rolls_to_hit() -> None:
    """VTM-GRP-02: only a clinch in force makes a clinch maneuver a squeeze without a roll;
    Alma, who holds Bors, rolls her clinch (Str 2 + Brawl 2, two more dice on a grappled
    target)."""
    t = table()
    clinched(t, "hold")
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", "clinch"))
    events = t.resolve("alma", [2] * 6)
    assert isinstance(events[0], ev.AttackRolled)
    assert events[1] == ev.AttackMissed(attacker="alma", target="bors")


def test_vtm_grp_03__no_escape_from_no_grip() -> None:
    """VTM-GRP-03: Alma, held by no one, may not plan an escape, even as her second
    action; Bors's escape from a hold Alma let go before it came ends with nothing to
    do."""
    t = three()
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    plan = c.DeclareActions(combatant="alma", actions=[OTHER, Action(kind="escape")])
    assert refused(t, plan) == "VTM-GRP-03: alma is held by no one"
    t = table()
    clinched(t, "hold")
    new_round(t)
    t.declare("bors", Action(kind="escape"))
    t.declare("cleo", OTHER)
    t.declare("alma", OTHER)
    t.send(c.LetGo(combatant="alma"))
    t.resolve("alma", [])
    t.resolve("cleo", [])
    assert t.resolve("bors", []) == [ev.ActionEnded(combatant="bors", action=0, rule="VTM-GRP-03")]


def test_vtm_grp_06__letting_go_needs_a_grip_of_one_s_own() -> None:
    """VTM-GRP-06: Cleo holds no one; Bors, held, breaks free by an escape roll instead."""
    t = table()
    clinched(t, "hold")
    assert refused(t, c.LetGo(combatant="cleo")) == "VTM-GRP-06: cleo holds no one"
    assert refused(t, c.LetGo(combatant="bors")) == (
        "VTM-GRP-06: bors is held: breaking free takes an escape roll (VTM-GRP-04)"
    )


def test_vtm_mel_09__only_a_vampire_bites_and_only_after_its_own_grab() -> None:
    """VTM-MEL-09: a mortal never bites; Alma may not bite Bors whom Cleo, not she,
    holds since the turn before."""
    t = table()
    t.add("dede", sheet(kind="mortal", brawl=2))
    new_round(t)
    t.initiative("dede", 10)
    t.declare("bors", OTHER)
    t.declare("cleo", attack("bors", "hold"))
    t.declare("alma", OTHER)
    assert refused(t, c.DeclareActions(combatant="dede", actions=[attack("bors", "bite")])) == (
        "VTM-MEL-09: only a vampire bites in combat"
    )
    t.declare("dede", OTHER)
    t.resolve("dede", [])
    t.resolve("alma", [])
    t.resolve("cleo", [9, 9, 9, 9])
    t.resolve("bors", [])
    assert t.state.grapples != []
    new_round(t)
    t.initiative("dede", 10)
    t.declare("bors", Action(kind="escape"))
    t.declare("cleo", OTHER)
    assert refused(t, c.DeclareActions(combatant="alma", actions=[attack("bors", "bite")])) == (
        "VTM-MEL-09: a bite follows a grab of bors that succeeded in an earlier turn"
    )


def test_vtm_init_06__a_defence_takes_no_slot_of_its_own() -> None:
    """VTM-INIT-06: Alma, who only dodges, has no action to resolve: Bors acts."""
    t = three()
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", Action(kind="defend", defence="dodge"))
    assert refused(t, c.ResolveAction(combatant="alma")) == "VTM-INIT-04: cleo acts before alma"


def test_vtm_mel_09__a_grab_made_this_turn_allows_no_bite_yet() -> None:
    """VTM-MEL-09: Alma, holding Bors since the turn before, plans to hold him again and to
    bite; she lets go first, so her new hold dates from this turn: the bite is refused."""
    t = table()
    clinched(t, "hold")
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", attack("bors", "hold"), attack("bors", "bite"))
    t.send(c.LetGo(combatant="alma"))
    t.resolve("alma", [9, 9])
    t.resolve("cleo", [])
    t.resolve("bors", [])
    assert refused(t, c.ResolveAction(combatant="alma")) == (
        "VTM-MEL-09: a bite follows a grab of bors that succeeded in an earlier turn"
    )


def test_vtm_mel_09__a_grab_of_someone_else_allows_no_bite() -> None:
    """VTM-MEL-09: Alma held Cleo, who has left the table; that grab lets her bite no one else."""
    t = table()
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    t.declare("alma", attack("cleo", "hold"))
    t.resolve("alma", [9, 9, 9, 9])
    t.resolve("cleo", [])
    t.resolve("bors", [])
    t.send(RemoveCombatant(combatant_id="cleo"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    assert refused(t, c.DeclareActions(combatant="alma", actions=[attack("bors", "bite")])) == (
        "VTM-MEL-09: a bite follows a grab of bors that succeeded in an earlier turn"
    )


def test_vtm_grp_05__a_held_target_already_immobilized_gives_its_two_dice_once() -> None:
    """VTM-GRP-05 / VTM-CPX-06: Bors, held by Alma and immobilized, gives Cleo the two dice
    of an immobilized target, not two more for the hold."""
    t = table()
    clinched(t, "hold")
    t.send(c.SetCondition(combatant="bors", condition="immobilized", reason="plaqué au mur"))
    new_round(t)
    t.declare("bors", OTHER)
    t.declare("cleo", attack("bors"))
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    assert t.resolve("cleo", [2] * 7)[0].pool[2:] == [m("VTM-CPX-06", 2, "target immobilized")]


def test_vtm_init_05_act_08__among_those_who_abstained_one_waits_right_after_another() -> None:
    """VTM-ACT-08 / VTM-INIT-05: Alma, Cleo and Dora abstain in that order and Bors acts;
    Alma, first of the abstainers, waits for Cleo: when Cleo abstains again the turn passes,
    Cleo, then Alma right after her, then Dora."""
    t = Table()
    for cid in ("alma", "bors", "cleo", "dora"):
        t.add(cid, sheet(brawl=2))
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 7), ("dora", 5)):
        t.initiative(cid, die)
    for cid in ("bors", "dora", "cleo", "alma"):
        t.declare(cid, OTHER)
    for cid in ("alma", "cleo", "dora"):
        t.send(c.Abstain(combatant=cid))
    t.resolve("bors", [])
    t.send(c.Delay(combatant="alma", after="cleo"))
    assert t.send(c.Abstain(combatant="cleo")) == [
        ev.Abstained(combatant="cleo"),
        ev.TurnPassed(combatants=["cleo", "alma", "dora"]),
    ]

"""Giving up an action for a defence, ambushes and breaking free, through ``decide``
with scripted dice: the exact rolls, events and refusals (VTM-DEF-06, VTM-DEF-10,
VTM-AMB-01..04, VTM-GRP-03, VTM-GRP-04)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action
from tests.systems.vtm.conftest import OTHER, Table, attack, m, roll, sheet

NO_DIE = "the penalties leave no die to roll"


def bors_attacks_alma(duel: Table) -> None:
    duel.declare("bors", attack("alma", "punch"))
    duel.declare("alma", attack("bors", "strike", "couteau"))


# --- VTM-DEF-06: the Willpower roll that turns an action into a defence ---------------


def test_vtm_def_06__the_willpower_roll_is_willpower_dice_at_six_with_the_gms_word(duel: Table) -> None:
    """VTM-DEF-06: Bors rolls his Willpower 5 and the GM's extra die at difficulty 6, no
    specialty (a 10 is one success, not re-rolled); one success is enough; VTM-DEF-10: the
    dodge names Alma."""
    bors_attacks_alma(duel)
    duel.send(c.AdjustRoll(combatant="bors", dice=1, reason="adrénaline"))
    events = duel.send(
        c.AbortForDefence(combatant="bors", defence="dodge", attacker="alma"), dice=[10, 2, 3, 4, 5, 5]
    )
    assert events == [
        ev.InterruptAttempted(
            combatant="bors",
            action=0,
            defence="dodge",
            attacker="alma",
            roll=roll([10, 2, 3, 4, 5, 5], 6),
            succeeded=True,
        )
    ]


def test_vtm_def_06__a_spent_point_names_the_attacker_it_answers(duel: Table) -> None:
    """VTM-DEF-06 / VTM-DEF-10: the point spent gives up the punch for a dodge at Alma."""
    bors_attacks_alma(duel)
    events = duel.send(c.AbortForDefence(combatant="bors", defence="dodge", attacker="alma", spend=True))
    assert events == [
        ev.InterruptAttempted(
            combatant="bors", action=0, defence="dodge", attacker="alma", spent=True, succeeded=True
        )
    ]


def test_vtm_def_06__no_point_left_no_spending() -> None:
    """VTM-DEF-06: Bors, Willpower 1, spends it on his first action; for the second he
    has none left to spend."""
    t = Table()
    t.add("alma", sheet(brawl=2, dodge=2))
    t.add("bors", sheet(dexterity=4, brawl=3, willpower=1))
    t.start()
    t.initiative("alma", 8)
    t.initiative("bors", 1)
    t.declare("bors", OTHER, OTHER)
    t.declare("alma", attack("bors"), attack("bors"))
    t.send(c.AbortForDefence(combatant="bors", defence="dodge", spend=True))
    refused = t.refuse(c.AbortForDefence(combatant="bors", defence="dodge", spend=True))
    assert (refused.rule, refused.message) == ("VTM-DEF-06", "no Willpower point is left to spend")


def test_vtm_def_10__a_defence_does_not_answer_oneself(duel: Table) -> None:
    """VTM-DEF-10: the defence answers another combatant."""
    bors_attacks_alma(duel)
    refused = duel.refuse(c.AbortForDefence(combatant="bors", defence="dodge", attacker="bors", spend=True))
    assert (refused.rule, refused.message) == ("VTM-DEF-10", "a defence answers another combatant")


def test_vtm_def_06__no_giving_up_before_the_resolution(duel: Table) -> None:
    """VTM-DEF-06: during the declarations nothing is being resolved yet."""
    refused = duel.refuse(c.AbortForDefence(combatant="bors", defence="dodge", spend=True))
    assert (refused.rule, refused.message) == ("VTM-DEF-06", "actions are not being resolved")


def test_vtm_act_04__a_willpower_roll_with_no_die_is_refused(duel: Table) -> None:
    """VTM-ACT-04: the GM's -9 leaves Bors's Willpower roll no die."""
    bors_attacks_alma(duel)
    duel.send(c.AdjustRoll(combatant="bors", dice=-9, reason="terrifié"))
    refused = duel.refuse(c.AbortForDefence(combatant="bors", defence="dodge"))
    assert (refused.rule, refused.message) == ("VTM-ACT-04", f"the Willpower roll: {NO_DIE}")


# --- VTM-AMB: the ambush -----------------------------------------------------------------


def ambush_table(options: VtmOptions | None = None, **alma: object) -> Table:
    """Alma (Dex 3, Stealth 3, Brawl 2, a knife) waits for Bors (mortal: Perception 2,
    Alertness 1, Dodge 2) and Cleo; the GM opened the first turn."""
    t = Table(options)
    t.add("alma", sheet(stealth=3, brawl=2, melee=2, **alma))
    t.add("bors", sheet(kind="mortal", perception=2, alertness=1, dodge=2))
    t.add("cleo", sheet(kind="mortal"))
    t.start()
    return t


def test_vtm_amb_01__one_does_not_ambush_oneself() -> None:
    """VTM-AMB-01: an ambush is against another combatant."""
    refused = ambush_table().refuse(c.Ambush(combatant="alma", target="alma"))
    assert (refused.rule, refused.message) == ("VTM-AMB-01", "one ambushes another combatant")


def test_vtm_act_04__an_ambush_with_no_die_is_refused() -> None:
    """VTM-ACT-04: the GM's -9 leaves Alma's Dex + Stealth no die."""
    t = ambush_table()
    t.send(c.AdjustRoll(combatant="alma", dice=-9, reason="bruyante"))
    refused = t.refuse(c.Ambush(combatant="alma", target="bors"))
    assert (refused.rule, refused.message) == ("VTM-ACT-04", f"the ambush: {NO_DIE}")


def test_vtm_amb_01__stealth_and_alertness_specialties_re_roll_their_tens() -> None:
    """VTM-AMB-01 / VTM-DICE-06: Alma's Stealth specialty re-rolls her 10, Bors's
    Alertness specialty his."""
    t = Table()
    t.add("alma", sheet(stealth=4, specialties=["stealth:ombres"]))
    t.add("bors", sheet(kind="mortal", perception=2, alertness=4, specialties=["alertness:bruits"]))
    t.start()
    events = t.send(
        c.Ambush(combatant="alma", target="bors"), dice=[10, 2, 2, 2, 2, 2, 2, 7] + [10, 2, 2, 2, 2, 2, 8]
    )
    assert events[0].roll == roll([10, 2, 2, 2, 2, 2, 2, 7], 6, dice=7, tens_again=True)
    assert events[0].target_roll == roll([10, 2, 2, 2, 2, 2, 8], 6, dice=6, tens_again=True, first=8)


def test_vtm_amb_04__a_watchful_target_never_braces_even_where_a_won_ambush_allows_defence() -> None:
    """VTM-AMB-04: Bors wins; with ``ambush_denies_defence=False`` there is still nothing
    for him to brace against."""
    t = ambush_table(VtmOptions(ambush_denies_defence=False))
    events = t.send(c.Ambush(combatant="alma", target="bors"), dice=[2] * 6 + [7, 7, 2])
    assert events[0].outcome == "defender" and events[0].may_defend is False
    refused = t.refuse(c.Brace(combatant="bors", defence="dodge"))
    assert (refused.rule, refused.message) == ("VTM-AMB-03", "bors has no ambush to brace against")


def tied(t: Table) -> None:
    t.send(c.Ambush(combatant="alma", target="bors"), dice=[8, 2, 2, 2, 2, 2] + [7, 2, 2])


def test_vtm_def_02__a_parry_braced_against_an_ambush_needs_a_melee_weapon() -> None:
    """VTM-AMB-03 / VTM-DEF-02: Bors, bare-handed, cannot brace with a parry."""
    t = ambush_table()
    tied(t)
    refused = t.refuse(c.Brace(combatant="bors", defence="parry"))
    assert (refused.rule, refused.message) == ("VTM-DEF-02", "a parry needs a melee weapon in hand")


def test_vtm_amb_03__a_target_with_a_knife_braces_with_a_parry() -> None:
    """VTM-AMB-03: Bors holds a knife: he braces with a parry."""
    t = Table()
    t.add("alma", sheet(stealth=3, brawl=2))
    t.add("bors", sheet(kind="mortal", perception=2, alertness=1, melee=2, weapons=["couteau"]))
    t.start()
    tied(t)
    assert t.send(c.Brace(combatant="bors", defence="parry")) == [
        ev.Braced(combatant="bors", defence="parry")
    ]


def test_vtm_def_08__no_dodge_braced_in_a_cramped_place() -> None:
    """VTM-AMB-03 / VTM-DEF-08: in a narrow corridor Bors cannot brace with a dodge."""
    t = ambush_table()
    t.send(c.SetCondition(combatant="bors", condition="cramped", reason="couloir"))
    tied(t)
    refused = t.refuse(c.Brace(combatant="bors", defence="dodge"))
    assert (refused.rule, refused.message) == ("VTM-DEF-08", "no room to dodge here")


def test_vtm_amb_02_03__who_may_strike_by_surprise_and_when() -> None:
    """VTM-AMB-02: only the ambusher strikes by surprise; VTM-AMB-03: on a tie, once Bors
    has braced."""
    t = ambush_table()
    tied(t)
    refused = t.refuse(c.SurpriseAttack(combatant="bors", attack=attack("alma")))
    assert (refused.rule, refused.message) == ("VTM-AMB-02", "bors has no surprise attack to make")
    refused = t.refuse(c.SurpriseAttack(combatant="alma", attack=attack("bors")))
    assert (refused.rule, refused.message) == ("VTM-AMB-03", "bors first chooses a defence (vtm.Brace)")


def test_vtm_amb_02__the_surprise_attack_is_at_the_ambushed_target() -> None:
    """VTM-AMB-02: Alma ambushed Bors: she may not turn her surprise attack on Cleo."""
    t = ambush_table()
    t.send(c.Ambush(combatant="alma", target="bors"), dice=[8, 8, 8, 2, 2, 2] + [7, 2, 2])
    refused = t.refuse(c.SurpriseAttack(combatant="alma", attack=attack("cleo")))
    assert (refused.rule, refused.message) == ("VTM-AMB-02", "the surprise attack is one attack at bors")


def test_vtm_amb_03__a_tied_surprise_attack_has_no_bonus_and_meets_the_braced_dodge() -> None:
    """VTM-AMB-03: a tie gives Alma no extra die; Bors dodges with his whole pool, the
    dodge answering the surprise attack, before any action of the turn."""
    t = ambush_table()
    tied(t)
    t.send(c.Brace(combatant="bors", defence="dodge"))
    events = t.send(
        c.SurpriseAttack(combatant="alma", attack=attack("bors")), dice=[8] + [2] * 4 + [7, 7] + [2] * 3
    )
    assert events == [
        ev.AttackRolled(
            attacker="alma",
            target="bors",
            action=-1,
            maneuver="punch",
            damage_type="bashing",
            pool=[m("VTM-ATK-01", 3, "dexterity"), m("VTM-ATK-01", 2, "brawl")],
            difficulty=[m("VTM-ATK-05", 6, "attack")],
            roll=roll([8, 2, 2, 2, 2], 6),
            ambush=True,
        ),
        ev.DefenceRolled(
            defender="bors",
            attacker="alma",
            action=-1,
            defence="dodge",
            pool=[m("VTM-DEF-02", 3, "dexterity"), m("VTM-DEF-02", 2, "dodge")],
            difficulty=[m("VTM-DEF-03", 6, "dodge")],
            roll=roll([7, 7, 2, 2, 2], 6, first=5),
        ),
        ev.AttackMissed(attacker="alma", target="bors"),
    ]


# --- VTM-GRP-03, VTM-GRP-04: breaking free -------------------------------------------------


def grappled(maneuver: str, options: VtmOptions | None = None) -> Table:
    """Round 1: Alma (Str 2, Brawl 4, a grappling specialty) grabs Bors (mortal, Str 2,
    Brawl 4, a wrestling specialty); round 2 opened, initiative rolled (Alma faster)."""
    t = Table(options)
    t.add("alma", sheet(brawl=4, specialties=["brawl:prises"]))
    t.add("bors", sheet(kind="mortal", brawl=4, specialties=["brawl:lutte"]))
    for round_ in (1, 2):
        t.start()
        t.initiative("alma", 9)
        t.initiative("bors", 1)
        if round_ == 1:
            t.declare("bors", OTHER)
            t.declare("alma", attack("bors", maneuver))
            t.resolve("alma", [9, 9, 9, 9, 9, 9] + ([] if maneuver == "hold" else [2, 2, 9, 9]))
            t.resolve("bors", [])
    return t


def test_vtm_grp_04__breaking_a_hold_that_costs_the_holder_an_action() -> None:
    """VTM-GRP-04: Bors breaks Alma's hold with more successes; by the table's
    ``hold_costs_holder_action`` Alma resists as her second action (VTM-ACT-02: -3);
    VTM-DICE-06: both re-roll their 10s in Brawl."""
    t = grappled("hold", VtmOptions(hold_costs_holder_action=True))
    t.declare("bors", Action(kind="escape"))
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    events = t.resolve("bors", [10, 8, 2, 2, 2, 2, 2] + [10, 2, 2, 2])
    assert events == [
        ev.EscapeRolled(
            combatant="bors",
            holder="alma",
            pool=[m("VTM-GRP-03", 2, "strength"), m("VTM-GRP-03", 4, "brawl")],
            difficulty=[m("VTM-GRP-03", 6, "grapple")],
            roll=roll([10, 8, 2, 2, 2, 2, 2], 6, dice=6, tens_again=True),
            holder_pool=[
                m("VTM-GRP-03", 2, "strength"),
                m("VTM-GRP-03", 4, "brawl"),
                m("VTM-ACT-02", -3, "action 2 of 2"),
            ],
            holder_difficulty=[m("VTM-GRP-03", 6, "grapple")],
            holder_roll=roll([10, 2, 2, 2], 6, dice=3, tens_again=True, first=7),
            escaped=True,
        ),
        ev.GrappleReleased(attacker="alma", target="bors", by="bors", rule="VTM-GRP-04"),
        ev.ActionEnded(combatant="bors", action=0),
    ]


def test_vtm_grp_03__the_one_who_clinched_may_break_free_of_the_other() -> None:
    """VTM-GRP-03: in a clinch Alma, who started it, breaks free of Bors."""
    t = grappled("clinch")
    t.declare("bors", Action(kind="escape"))
    t.declare("alma", Action(kind="escape"))
    events = t.resolve("alma", [8, 8, 2, 2, 2, 2] + [2, 2, 2, 2, 2, 2])
    assert events[0].holder == "bors" and events[0].escaped
    assert events[1] == ev.GrappleReleased(attacker="alma", target="bors", by="alma", rule="VTM-GRP-03")


def test_vtm_act_04__breaking_free_with_no_die_is_refused() -> None:
    """VTM-ACT-04: the GM's -9 after the declaration leaves Bors no die to break free."""
    t = grappled("hold")
    t.declare("bors", Action(kind="escape"))
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    t.send(c.AdjustRoll(combatant="bors", dice=-9, reason="épuisé"))
    refused = t.refuse(c.ResolveAction(combatant="bors"))
    assert (refused.rule, refused.message) == ("VTM-ACT-04", f"breaking free: {NO_DIE}")

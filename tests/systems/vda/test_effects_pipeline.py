"""One modifier pipeline for every roll: the grapple's contact, escape, control,
opposition and flight, the bite and drinking meet the situational terms an attack meets
(``handlers/situation.common_terms``), through ``decide`` with fixed dice."""

from __future__ import annotations

from typing import Any

from domain.commands import AddCombatant
from domain.events import Combatant
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Circumstances, Item, OwnNaturalWeapon
from domain.systems.vda.payloads import GrappleRoll
from domain.systems.vda.state import VdaPower
from domain.systems.wod import Health, Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_grapple_rules import A_INIT, CONTACT, NOTHING, begin, fight, held

BASE = Modifier(rule="A-7", value=6, why="difficulté de base")
ESCAPE = act("other", skill="brawl", attribute="dexterity", grapple="escape", target="alma")


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def test_vda_prone_01__a_fighter_taken_down_escapes_at_7() -> None:
    """VDA-PRONE-01, VDA-GRAP-20: a held fighter put on the ground escapes at 6 + 1 = 7."""
    t = held(4)
    t.declare("alma", act("other", grapple="takedown", target="bors"))
    t.declare("bors", NOTHING)
    t.resolve("alma", [])
    assert "prone" in t.state.fighters["bors"].conditions
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", [9, 9, 2, 2, 2])
    t.declare("alma", NOTHING)
    t.declare("bors", ESCAPE)
    rolled = of(t.resolve("bors", [8, 6, 2, 2]), ev.GrappleRolled)
    assert rolled == [
        ev.GrappleRolled(
            combatant="bors",
            sequence=1,
            move="escape",
            target="alma",
            pair="dexterity+brawl",
            check=GrappleRoll(
                pool=[
                    Modifier(rule="VDA-GRAP-08", value=2, why="dexterity"),
                    Modifier(rule="VDA-GRAP-08", value=2, why="brawl"),
                ],
                difficulty=[BASE, Modifier(rule="VDA-PRONE-01", value=1)],
                roll=roll([8, 6, 2, 2], 7),
                successes=1,
            ),
        )
    ]


def test_vda_water_01__a_contact_under_water_is_a_dexterity_roll_at_plus_2() -> None:
    """VDA-WATER-01: a contact under water (Dexterity + Brawl) is at +2."""
    t = fight()
    t.send(c.SetCondition(combatant="alma", condition="under_water", reason="dans la rivière"))
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    rolled = of(t.resolve("alma", [9, 8, 2, 2, 2, 2, 2, 2, 2, 2, 2]), ev.GrappleRolled)[0]
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-WATER-01", value=2)]
    assert rolled.check.roll == roll([9, 8, 2, 2, 2, 2], 8)


def test_vda_mod_01__terrain_weighs_on_an_opposition_roll() -> None:
    """VDA-MOD-01: the GM's terrain ruling (−2 dice) weighs on the grappler's opposition
    roll (VDA-GRAP-09) as on any other roll."""
    t = held(3)
    t.send(
        c.SetCircumstances(
            combatant="alma", circumstances=Circumstances(terrain="minus_two_dice"), reason="pente"
        )
    )
    t.declare("alma", act("defend", defence="block", skill="brawl", grapple="oppose", target="bors"))
    t.declare("bors", ESCAPE)
    rolled = of(t.resolve("alma", [8, 8, 2, 2]), ev.GrappleRolled)[0]
    assert rolled.check.pool[-1] == Modifier(rule="VDA-MOD-01", value=-2)
    assert rolled.check.roll == roll([8, 8, 2, 2], 6)
    assert rolled.check.roll.dice == 4  # Dexterity 3 + Brawl 3 − 2


def test_vda_gaze_03__averted_eyes_weigh_on_control() -> None:
    """VDA-GAZE-03: a fighter who averts the eyes is at +1 on every active roll: the
    grapple's control (VDA-GRAP-12) included."""
    t = held(
        3, kind="vampire", dominate=1, powers={"regard": VdaPower(discipline="dominate", requires="gaze")}
    )
    t.send(c.AvertGaze(combatant="alma"), as_="ann")
    t.declare("alma", act("other", skill="brawl", attribute="dexterity", grapple="control", target="bors"))
    t.declare("bors", NOTHING)
    rolled = of(t.resolve("alma", [8, 8, 2, 2, 2, 2]), ev.GrappleRolled)[0]
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-GAZE-03", value=1)]


def test_vda_prone_01__a_bite_from_the_ground_is_at_plus_1() -> None:
    """VDA-PRONE-01: a vampire on the ground bites (Dexterity + Brawl) at 5 + 1."""
    t = held(3)
    t.send(c.SetCondition(combatant="alma", condition="prone", reason="glissade"))
    t.declare("alma", act("attack", skill="brawl", weapon="morsure", target="bors"))
    t.declare("bors", NOTHING)
    rolled = of(t.resolve("alma", [2, 2, 2, 2, 2, 2]), ev.ActionRolled)[0]
    assert rolled.difficulty == [
        Modifier(rule="VDA-BITE-02", value=5, why="morsure"),
        Modifier(rule="VDA-PRONE-01", value=1),
    ]


def test_vda_water_01__flight_under_water_is_a_strength_roll_at_plus_1() -> None:
    """VDA-WATER-01: fleeing a grapple (Strength + Athletics, VDA-GRAP-11) under water is
    at +1 more (Strength)."""
    t = held(1)
    t.send(c.SetCondition(combatant="bors", condition="under_water", reason="noyade"))
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics", attribute="strength", grapple="flee", target="alma"))
    rolled = of(t.resolve("bors", [8, 8, 2, 2]), ev.GrappleRolled)[0]
    assert rolled.check.difficulty[-1] == Modifier(rule="VDA-WATER-01", value=1)


# --- no command leaves a sequence unable to continue ---------------------------------------


def test_vda_grap_15__a_g_weapon_cannot_be_named_at_initiative_while_held_at_2() -> None:
    """VDA-GRAP-15: held at 2, a fighter cannot take a size G lance's initiative bonus,
    which would bind sequence 1 (VDA-INIT-05) to a weapon it may not use."""
    t = held(2)
    t.declare("alma", NOTHING)
    t.declare("bors", NOTHING)
    t.start()
    t.initiative("alma", A_INIT)
    refusal = t.refuse(c.RollInitiative(combatant="bors", weapon="lance"), dice=[9] * 8)
    assert refusal.rule == "VDA-GRAP-15"
    assert t.initiative("bors", [9, 2, 2, 2, 2, 2], weapon="dague_de_chasse")[0].score == 1


def test_vda_init_05__a_bind_lapses_when_its_weapon_is_lost_before_the_declaration() -> None:
    """VDA-INIT-05: the lance's bonus binds sequence 1; the GM then knocks the lance to the
    ground: the bind lapses and the fighter declares something else (no stuck sequence)."""
    t = fight()
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", [9, 2, 2, 2, 2, 2, 2, 2], weapon="lance")
    assert t.state.fighters["bors"].bound_weapon == "lance"
    dodge = act("defend", skill="dodge", defence="dodge")
    t.declare("alma", NOTHING)
    assert t.refuse(c.DeclareAction(combatant="bors", action=dodge)).rule == "VDA-INIT-05"
    lost = Item(resistance=5, max_resistance=5, location="ground")
    t.send(c.AdjustItem(combatant="bors", item="lance", state=lost, reason="lâchée"))
    assert of(t.declare("bors", dodge), ev.ActionDeclared)[0].action.kind == "defend"


def test_vda_dive_02__a_diver_cannot_take_a_weapons_initiative_bonus() -> None:
    """VDA-DIVE-02, VDA-INIT-05: the diver's first action is a dodge; a weapon bonus would
    bind it to the weapon too, so the initiative roll naming the lance is refused."""
    t = fight()
    t.start()
    t.send(c.DiveForCover(combatant="bors"))
    t.initiative("alma", A_INIT)
    refusal = t.refuse(c.RollInitiative(combatant="bors", weapon="lance"), dice=[9] * 10)
    assert refusal.rule == "VDA-DIVE-02"
    rolled = t.initiative("bors", [9, 2, 2, 2, 2], weapon="poings")[0]
    assert rolled.bound_weapon is None  # the fists' −2 binds nothing (VDA-INIT-06)


def test_vda_stake_04__a_staked_diver_may_still_declare_nothing() -> None:
    """VDA-STAKE-04, VDA-DIVE-02: a diver staked before sequence 1 cannot dodge; « none »
    stays open to it (its obligation does not forbid every declaration)."""
    t = fight(kind="vampire")
    t.start()
    t.send(c.DiveForCover(combatant="bors"))
    t.initiative("alma", A_INIT)
    t.initiative("bors", [9, 2, 2, 2, 2, 2, 2])
    t.send(c.RuleStake(target="bors", staked=True, reason="pieu"))
    t.declare("alma", NOTHING)
    dodge = act("defend", skill="dodge", defence="dodge")
    assert t.refuse(c.DeclareAction(combatant="bors", action=dodge)).rule == "VDA-STAKE-04"
    assert of(t.declare("bors", NOTHING), ev.ActionDeclared)[0].action == NOTHING


def test_vda_gaze_07__an_active_gaze_is_lost_when_the_target_closes_its_eyes() -> None:
    """VDA-GAZE-07, VDA-GAZE-06: the target closes its eyes after the gaze was declared:
    the declared gaze is lost (ActionLost) and the sequence goes on."""
    from tests.systems.vda.test_gaze_two_weapons import gaze_fight

    t = gaze_fight()
    t.declare(
        "alma", act("other", skill="intimidation", attribute="manipulation", target="bors", gaze="regard")
    )
    t.declare("bors", NOTHING)
    t.send(c.AdjustGaze(attacker="alma", target="bors", understood=True, reason="a deviné"))
    t.send(c.CloseEyes(combatant="bors"))
    events = t.resolve("alma", [])
    assert events[0] == ev.ActionLost(
        combatant="alma", sequence=1, rule="VDA-GAZE-07", reason=of(events, ev.ActionLost)[0].reason
    )
    assert not of(events, ev.GazeRolled)


def test_vda_phys_03__a_defence_lost_before_its_roll_does_not_hold_up_the_attacks() -> None:
    """VDA-PHYS-03, VDA-STAKE-04: a defender facing two attacks is staked before rolling its
    dodge; the dodge is lost (``tactics_evolve.paralyse``), and the attacks land without
    waiting for a split."""
    t = Table()
    t.add("alma", sheet(melee=3, dodge=2), player="ann")
    t.add("bors", sheet(melee=2, dodge=2))
    t.add("cleo", sheet(melee=2, dodge=2))
    t.start()
    t.initiative("alma", [9, 2, 2, 2, 2])
    t.initiative("bors", [9, 9, 2, 2, 2])
    t.initiative("cleo", [9, 9, 9, 2, 2])
    t.declare("cleo", act("attack", skill="melee", target="alma"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.send(c.RuleStake(target="alma", staked=True, reason="pieu"))
    seq = t.state.sequence
    assert seq is not None and "alma" in seq.done_physical and "alma" not in seq.defences
    rolled = of(t.resolve("cleo", [8, 2, 2, 2, 2]), ev.ActionRolled)
    assert [r.combatant for r in rolled] == ["cleo"]


# --- VDA-INIT-04: ties are simultaneous ---------------------------------------------------

LANCE_ATTACK = act("attack", skill="melee", weapon="lance", target="alma")


def tied(first: str) -> list[Any]:
    """Alma and Bors tie at 3: Alma grapples Bors (a hold at 3), Bors strikes Alma with
    his lance; ``first`` resolves first. Returns Bors's resolution events."""
    t = fight()
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", [7, 7, 7, 2, 2])
    t.declare("alma", CONTACT)
    t.declare("bors", LANCE_ATTACK)
    assert t.state.sequence is not None and t.state.sequence.acting == ["alma", "bors"]
    if first == "alma":
        t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
        assert t.state.grapples["alma>bors"].value == 3
        return t.resolve("bors", [8, 8, 7, 2, 8, 8, 2])
    found = t.resolve("bors", [8, 8, 7, 2, 8, 8, 2])
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
    assert t.state.grapples["alma>bors"].value == 3
    return found


def test_vda_init_04__a_tied_grapple_does_not_cancel_the_lance_declared_with_it() -> None:
    """VDA-INIT-04: tied actions are simultaneous: Alma's hold at 3 resolved first does not
    make Bors's lance attack (a size G weapon, VDA-GRAP-15 from 2) lost."""
    events = tied("alma")
    assert not of(events, ev.ActionLost)
    rolled = of(events, ev.ActionRolled)
    assert [(r.combatant, r.kind) for r in rolled] == [("bors", "attack")]


def test_vda_init_04__the_outcome_of_a_tie_does_not_depend_on_who_sends_first() -> None:
    """VDA-INIT-04: Bors's roll and its damage are the same whether Alma's hold was
    resolved before it or after it."""
    after_the_hold = of(tied("alma"), ev.ActionRolled) + of(tied("alma"), ev.AttackResolved)
    before_it = of(tied("bors"), ev.ActionRolled) + of(tied("bors"), ev.AttackResolved)
    assert after_the_hold == before_it and len(after_the_hold) == 2


# --- VDA-GREN-01: the blast of next round's sequence 1 ---------------------------------------


def test_vda_gren_01__sequence_1_waits_for_the_blast_even_if_everyone_passes() -> None:
    """VDA-GREN-01: a grenade thrown in round 1 explodes in sequence 1 of round 2; everyone
    passing in that sequence does not close it (nor the round) over the pending blast."""
    from tests.systems.vda.test_equipment_round import scripted
    from tests.systems.vda.test_gaze_two_weapons import grenade_round_two

    t = grenade_round_two()
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", NOTHING)
    events = t.declare("bors", NOTHING)
    assert not of(events, ev.SequenceEnded) and not of(events, ev.RoundEnded)
    assert t.refuse(c.StartRound()).rule == "VDA-SEQ-03"
    blast = scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "moderate"}), [2])
    assert [type(e) for e in blast] == [
        ev.GrenadeExploded,
        ev.HealthAdjusted,
        ev.Deafened,
        ev.SequenceEnded,
        ev.RoundEnded,
    ]
    assert t.state.grenades == []


def test_vda_gren_03__a_delayed_fuse_lets_sequence_1_close() -> None:
    """VDA-GREN-01, VDA-GREN-03: a grenade whose fuse the GM rules delayed no longer holds this
    round's sequence 1 open: the ruling itself moves the round on."""
    from tests.systems.vda.test_gaze_two_weapons import fight as equipment_fight

    t = equipment_fight(alma=sheet(athletics=2, weapons=["grenade"]), bors=sheet(kind="mortal", dodge=1))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 1, 1, 2, 2])  # two 1s: a problem with the fuse
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", NOTHING)
    assert not of(t.declare("bors", NOTHING), ev.SequenceEnded)
    ruled = t.send(c.RuleGrenadeProblem(grenade="alma-1-1", outcome="delayed"))
    assert [type(e) for e in ruled] == [ev.GrenadeProblemRuled, ev.SequenceEnded, ev.RoundEnded]


# --- a refusal names the rule the sender broke ------------------------------------------------


def test_vda_phys_01__a_second_declaration_is_phys_01_even_once_the_declarations_are_over() -> None:
    """VDA-PHYS-01: one physical action per sequence: a second declaration is refused by
    VDA-PHYS-01 while the declarations are open and after they closed alike."""
    t = fight()
    begin(t)
    t.declare("alma", act("attack", skill="brawl", target="bors"))
    again = c.DeclareAction(combatant="alma", action=NOTHING)
    assert t.refuse(again).rule == "VDA-PHYS-01"
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    assert t.state.sequence is not None and t.state.sequence.step == "physical"
    assert t.refuse(again).rule == "VDA-PHYS-01"
    assert t.refuse(c.DeclareAction(combatant="bors", action=NOTHING)).rule == "VDA-PHYS-01"


# --- VDA-INIT-09 / VDA-NAT-02: the malus follows the weapon used ------------------------------


def test_vda_nat_02__fists_in_sequence_1_take_their_two_dice_off_an_unnamed_roll() -> None:
    """VDA-NAT-02, VDA-INIT-09: Bors names no weapon at initiative, then punches in
    sequence 1: the fists' −2 dice come off the roll's last two dice (two successes)."""
    t = fight()
    t.start()
    t.initiative("alma", [7, 7, 7, 7, 2])
    t.initiative("bors", [2, 2, 2, 7, 7])
    t.declare("alma", NOTHING)
    events = t.declare("bors", act("attack", skill="brawl", target="alma"))
    assert of(events, ev.InitiativeAdjusted) == [
        ev.InitiativeAdjusted(combatant="bors", delta=-2, score=0, rule="VDA-INIT-09", reason="slower_weapon")
    ]


def test_vda_init_09__a_malus_taken_at_the_roll_is_not_taken_twice() -> None:
    """VDA-INIT-09: fists named at the roll already cost their dice; punching in sequence 1
    changes nothing more, and a dodge (no weapon) never does."""
    t = fight()
    t.start()
    t.initiative("alma", [7, 7, 7, 7, 2])
    t.initiative("bors", [2, 2, 7], weapon="poings")
    t.declare("alma", NOTHING)
    assert not of(t.declare("bors", act("attack", skill="brawl", target="alma")), ev.InitiativeAdjusted)
    u = fight()
    u.start()
    u.initiative("alma", [7, 7, 7, 7, 2])
    u.initiative("bors", [2, 2, 2, 7, 7])
    u.declare("alma", NOTHING)
    assert not of(u.declare("bors", act("defend", skill="dodge", defence="dodge")), ev.InitiativeAdjusted)


# --- VDA-DISARM-03: regripping at initiative ----------------------------------------------------


def test_vda_disarm_03__two_initiative_dice_restore_a_weakened_grip() -> None:
    """VDA-DISARM-03: « sur un jet ou l'initiative »: 2 initiative dice regrip the dagger,
    and its next attack is no longer at +1."""
    t = fight()
    weak = Item(grip_weakened=True)
    t.send(c.AdjustItem(combatant="bors", item="dague_de_chasse", state=weak, reason="désarmement raté"))
    t.start()
    t.initiative("alma", A_INIT)
    events = t.initiative("bors", [7, 7, 2], minor_acts=["regrip"])  # Wits 3 + Alertness 2 − 2
    rolled = of(events, ev.InitiativeRolled)[0]
    assert rolled.roll.dice == 3 and rolled.minor_acts == ["regrip"]
    assert of(events, ev.ItemChanged) == [
        ev.ItemChanged(
            combatant="bors",
            item="dague_de_chasse",
            state=Item(grip_weakened=False),
            rule="VDA-DISARM-03",
            reason="regrip",
        )
    ]
    t.declare("alma", NOTHING)
    t.declare("bors", act("attack", skill="melee", weapon="dague_de_chasse", target="alma"))
    rolled_attack = of(t.send(c.ResolveAction(combatant="bors"), [2, 2, 2, 2]), ev.ActionRolled)[0]
    assert "VDA-DISARM-03" not in [m.rule for m in rolled_attack.difficulty]


def test_vda_disarm_03__regripping_at_initiative_needs_a_weakened_grip() -> None:
    """VDA-DISARM-03: with no weakened grip the 2 dice would buy nothing: refused."""
    t = fight()
    t.start()
    refusal = t.refuse(c.RollInitiative(combatant="bors", minor_acts=["regrip"]), dice=[7, 7, 2])
    assert refusal.rule == "VDA-DISARM-03"


# --- VDA-ACT-02, VDA-ACT-03, VDA-ACT-05, VDA-ACT-06: buying actions ---------------------------


def test_vda_act_02__anger_cannot_buy_a_physical_action_past_the_cap() -> None:
    """VDA-ACT-02, VDA-ACT-05: Dexterity 1 and Wits 1 cap the round at 2 actions: a second
    physical action bought with Anger is refused at the purchase, and the point stays."""
    t = Table().add("alma", sheet(dex=1, wits=1, anger=3, dominate=1))
    t.start()
    t.initiative("alma", [7, 7, 7])
    assert of(t.send(c.SpendForAction(combatant="alma")), ev.ActionGained)
    assert t.refuse(c.SpendForAction(combatant="alma")).rule == "VDA-ACT-02"
    assert t.state.fighters["alma"].spent == {"anger": 1}


def test_vda_act_03__anger_cannot_buy_more_power_actions_than_physical_ones() -> None:
    """VDA-ACT-03, VDA-ACT-05: one physical action opens one power action: a second power
    action bought with Anger is refused at the purchase."""
    t = Table().add("alma", sheet(anger=3, dominate=1))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    assert of(t.send(c.SpendForAction(combatant="alma", gain="power")), ev.ActionGained)
    assert t.refuse(c.SpendForAction(combatant="alma", gain="power")).rule == "VDA-ACT-03"


def test_vda_act_05__an_action_bought_before_initiative_counts_in_the_declaration_order() -> None:
    """VDA-ACT-05, VDA-INIT-04: Alma buys a physical action before the initiative; tied with
    Bors, she has more actions, so Bors announces first (not a sealed pair)."""
    t = Table().add("alma", sheet(anger=2, dominate=1)).add("bors", sheet())
    t.start()
    bought = t.send(c.SpendForAction(combatant="alma"))
    assert ev.ActionGained(combatant="alma", kind="physical", source="anger", rule="VDA-ACT-05") in bought
    t.initiative("alma", [7, 7, 2, 2, 2])
    events = t.initiative("bors", [7, 7, 2, 2, 2])
    assert ev.ActionsGranted(combatant="alma", physical=1, cap=4, sources=["base"]) in events
    assert t.state.fighters["alma"].physical == 2
    assert t.state.fighters["alma"].action_sources == ["base", "anger"]
    assert of(events, ev.SequenceStarted)[0].declaring == [["bors"], ["alma"]]


def test_vda_act_06__an_active_form_grants_its_action_from_the_next_rounds_start() -> None:
    """VDA-ACT-06: the Zulo form used in round 1 stays active: round 2 grants its physical
    action at the start (not only once the power is used again), and using it again grants
    nothing more."""
    zulo = VdaPower(discipline="vicissitude", level=4, grants_physical=1)
    t = Table().add("alma", sheet(powers={"zulo": zulo}, vicissitude=4))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.declare("alma", NOTHING)
    t.send(c.UsePower(combatant="alma", power="zulo", paid_by="willpower"))
    t.declare("alma", NOTHING)
    t.send(c.SkipPower(combatant="alma"))
    t.start()
    granted = of(t.initiative("alma", [7, 7, 7, 2, 2]), ev.ActionsGranted)
    assert granted == [ev.ActionsGranted(combatant="alma", physical=2, cap=4, sources=["base", "power:zulo"])]
    t.declare("alma", NOTHING)
    again = t.send(c.UsePower(combatant="alma", power="zulo", paid_by="willpower"))
    assert not of(again, ev.ActionGained)


# --- VDA-GREN-05: the reaction dodge is an action with its full pool ------------------------------


def test_vda_gren_05__a_reaction_dodge_spends_the_action_and_meets_the_dodges_terms() -> None:
    """VDA-GREN-05: Bors, on the ground, gives up his declared punch to dodge the blast: the
    punch is lost, and the dodge is Dexterity + Dodge at 6 + 3 + 1 (VDA-PRONE-01)."""
    from tests.systems.vda.test_equipment_round import scripted
    from tests.systems.vda.test_gaze_two_weapons import grenade_round_two

    t = grenade_round_two()
    t.send(c.SetCondition(combatant="bors", condition="prone", reason="trébuche"))
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", NOTHING)
    t.declare("bors", act("attack", skill="brawl", target="alma"))
    blast = c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "grave"}, dodging=["bors"])
    events = scripted(t, blast, [9, 8], pad=3)
    lost, dodged = of(events, ev.ActionLost), of(events, ev.GrenadeDodged)
    assert [(e.combatant, e.rule) for e in lost] == [("bors", "VDA-GREN-05")]
    assert dodged[0].difficulty[-1] == Modifier(rule="VDA-PRONE-01", value=1)
    assert dodged[0].roll == roll([9, 8, 3, 3], 10) and dodged[0].successes == 0
    assert of(events, ev.SequenceEnded)  # the punch is never rolled: the sequence is over


def test_vda_gren_05__no_reaction_dodge_once_the_sequences_action_is_spent() -> None:
    """VDA-GREN-05: Alma already rolled her dodge of sequence 1 (it counts, VDA-GREN-04): no
    reaction dodge is left to her in that sequence."""
    from tests.systems.vda.test_equipment_round import resolve
    from tests.systems.vda.test_gaze_two_weapons import grenade_round_two

    t = grenade_round_two()
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [2])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", NOTHING)
    resolve(t, "alma", [2])
    blast = c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "grave"}, dodging=["alma"])
    assert t.refuse(blast, dice=[9] * 10).rule == "VDA-GREN-05"


# --- current pools apart from their maximums -----------------------------------------------------


def test_vda_act_04__a_sheet_starting_at_2_blood_of_10_spends_only_those_2() -> None:
    """VDA-ACT-04: the sheet's current blood (2 of 10) is what the fight can
    spend: Celerity's blood comes out of those 2."""
    t = Table().add("alma", sheet(celerity=3, blood=10, current={"blood": 2}, generation=5))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma", dots=2))
    refusal = t.refuse(c.ActivateCelerity(combatant="alma", dots=1))
    assert refusal.rule == "VDA-ACT-04" and "0 blood left" in refusal.message


def test_the_gm_adjusts_a_pool_with_a_reason_within_its_maximum() -> None:
    """The GM gives back 3 blood (a vessel drunk off-screen), never past the maximum."""
    t = Table().add("alma", sheet(blood=10, current={"blood": 5}))
    assert t.send(c.AdjustPool(combatant="alma", pool="blood", delta=3, reason="a bu")) == [
        ev.PoolAdjusted(combatant="alma", pool="blood", delta=3, reason="a bu")
    ]
    assert t.refuse(c.AdjustPool(combatant="alma", pool="blood", delta=3, reason="encore")).rule == "vda.pool"
    assert t.refuse(c.AdjustPool(combatant="alma", pool="blood", delta=-1, reason=" ")).rule == "vda.reason"


def test_starting_wounds_are_taken_at_the_first_round() -> None:
    """A sheet's starting wounds land on the fighter when the fight's first round starts."""
    t = Table().add("alma", sheet(wounds=Health(lethal=2)))
    assert t.start()[1:] == [ev.HealthAdjusted(combatant="alma", lethal=2, reason="sheet_wounds")]
    assert t.state.fighters["alma"].health == Health(lethal=2)


def test_a_current_pool_above_its_maximum_is_refused_at_the_sheet() -> None:
    """A sheet cannot start with more blood than its maximum."""
    t = Table()
    refusal = t.refuse(
        AddCombatant(combatant=Combatant(id="x", name="X", sheet=sheet(current={"blood": 11})))
    )
    assert refusal.rule == "sheet.current"


# --- an item the combatant does not have ---------------------------------------------------------


def test_vda_phys_02__an_attack_or_parry_with_an_item_not_carried_is_refused_at_declaration() -> None:
    """VDA-PHYS-02, VDA-NAT-03: a sword, a shield or claws not on the sheet are refused at
    the declaration; so are a mortal's fangs, even for a parry."""
    t = fight()
    begin(t)
    for missing in (
        act("attack", skill="melee", weapon="epee", target="bors"),
        act("defend", skill="melee", defence="parry", weapon="bouclier"),
        act("attack", skill="brawl", weapon="griffes", target="bors"),
    ):
        assert t.refuse(c.DeclareAction(combatant="alma", action=missing)).rule == "VDA-PHYS-02"
    t.declare("alma", NOTHING)
    fangs = act("defend", skill="brawl", defence="parry", weapon="morsure")
    assert t.refuse(c.DeclareAction(combatant="bors", action=fangs)).rule == "VDA-NAT-03"


def test_vda_grap_21__an_immobilised_fighter_cannot_dive_for_cover() -> None:
    """VDA-GRAP-21, VDA-DIVE-02: immobilised, Bors could never make the dodge a dive binds
    him to: the dive is refused at once, not every later declaration."""
    t = held(6)  # 3 × (Strength 2 + Potence 0)
    t.declare("alma", NOTHING)
    t.declare("bors", NOTHING)
    t.start()
    assert t.refuse(c.DiveForCover(combatant="bors")).rule == "VDA-GRAP-21"


def test_vda_grap_20__a_takedown_is_lost_when_the_hold_is_released_before_it() -> None:
    """VDA-GRAP-20: Alma declares a takedown, then lets Bors go: the takedown is lost
    (ActionLost) and the sequence goes on."""
    t = held(4)
    t.declare("alma", act("other", grapple="takedown", target="bors"))
    t.declare("bors", NOTHING)
    t.send(c.ReleaseGrapple(grappler="alma", target="bors"))
    events = t.resolve("alma", [])
    assert [(e.combatant, e.rule) for e in of(events, ev.ActionLost)] == [("alma", "VDA-GRAP-20")]
    assert of(events, ev.RoundEnded)


def test_vda_grap_21__an_immobilised_fighter_cannot_take_the_fists_grapple_bonus() -> None:
    """VDA-GRAP-21, VDA-NAT-02, VDA-INIT-05: in a grapple the fists give +2 initiative dice,
    which binds sequence 1 to a punch; immobilised, Bors could throw none: refused at the
    roll (his escape attempts stay open)."""
    t = held(6)
    t.declare("alma", NOTHING)
    t.declare("bors", NOTHING)
    t.start()
    t.initiative("alma", A_INIT)
    refusal = t.refuse(c.RollInitiative(combatant="bors", weapon="poings"), dice=[9] * 7)
    assert refusal.rule == "VDA-GRAP-21"
    t.initiative("bors", [9, 2, 2, 2, 2])
    t.declare("alma", NOTHING)
    assert of(t.declare("bors", ESCAPE), ev.ActionDeclared)


def test_vda_water_01__guessing_a_gazes_intent_under_water_is_at_plus_1() -> None:
    """VDA-WATER-01, VDA-GAZE-06: Perception + Empathy to guess an active gaze's intent meets
    the situation's terms too: under water, Perception is at +1."""
    from tests.systems.vda.test_gaze_two_weapons import gaze_fight

    t = gaze_fight()
    t.send(c.SetCondition(combatant="bors", condition="under_water", reason="noyé"))
    t.declare(
        "alma", act("other", skill="intimidation", attribute="manipulation", target="bors", gaze="regard")
    )
    t.declare("bors", NOTHING)
    guessed = t.send(c.DetectGazeIntent(combatant="bors", attacker="alma"), [7, 2])
    assert guessed[0].difficulty == [
        Modifier(rule="VDA-GAZE-06", value=6, why="deviner l'intention"),
        Modifier(rule="VDA-WATER-01", value=1),
    ]


# --- natural weapons of a sheet: the seed's Xin Tao example ---------------------------------------

CLAWS = OwnNaturalWeapon(
    id="griffes", name="Griffes", damage_bonus=1, aggravated_capacity=2, discipline="protean"
)


def xin_tao() -> Table:
    """Xin Tao (Protean 4, Body crafting 5, Fortitude 5, claws of 1 die doing 2 aggravated)
    faces a Nosferatu with Strength + Potence 10 and a two-handed axe; both rolled."""
    t = Table()
    t.add("nosf", sheet(strength=5, potence=5, melee=3, weapons=["hache_a_deux_mains"]))
    t.add("xin", sheet(protean=4, body_crafting=5, fortitude=5, brawl=3, natural_weapons=[CLAWS]))
    t.start()
    t.initiative("nosf", [9, 9, 9, 2, 2])
    t.initiative("xin", [9, 2, 2, 2, 2])
    return t


def test_vda_vand_09_10__xin_tao_parries_a_two_handed_axe_with_his_claws() -> None:
    """VDA-VAND-09, VDA-VAND-10, VDA-VAND-07, VDA-RES-02: seed 000 « Vandalisme contre les armes
    naturelles »: the Nosferatu's axe (Strength + Potence 10) takes 4; Xin Tao's claws have
    Protean 4 + Body crafting 5 + 1 = 10 resistance, their 2 aggravated take 2 off the loss:
    he loses 2, and takes 2 bashing that his Fortitude 5 soaks automatically."""
    from tests.systems.vda.test_equipment_round import resolve

    t = xin_tao()
    t.declare("nosf", act("attack", skill="melee", weapon="hache_a_deux_mains", target="xin"))
    t.declare("xin", act("defend", skill="brawl", defence="parry", weapon="griffes"))
    resolve(t, "xin", [8, 2])
    events = resolve(t, "nosf", [9, 9])
    assert of(events, ev.ResistanceReduced) == [
        ev.ResistanceReduced(
            combatant="xin",
            item="griffes",
            loss=[
                Modifier(rule="VDA-VAND-07", value=2, why="VDA-VAND-03 base"),
                Modifier(rule="VDA-VAND-04", value=2, why="Force + Potence"),
                Modifier(rule="VDA-VAND-10", value=-2, why="arme naturelle aggravée"),
            ],
            resistance=8,
            max_resistance=10,
            destroyed=False,
        )
    ]
    assert of(events, ev.NaturalParryHurt) == [
        ev.NaturalParryHurt(combatant="xin", item="griffes", levels=2, automatic_soak=2, soak=None, bashing=0)
    ]


def test_vda_nat_01__a_sheets_claws_strike_as_its_weapon() -> None:
    """VDA-NAT-01, VDA-INIT-09: the claws of Xin Tao's sheet are named at initiative and
    strike with their own numbers (the damage pipeline names them)."""
    t = Table()
    t.add("xin", sheet(protean=4, brawl=3, natural_weapons=[CLAWS]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("xin", [9, 9, 2, 2, 2], weapon="griffes")
    t.initiative("bors", [9, 2, 2, 2, 2])
    t.declare("xin", act("attack", skill="brawl", weapon="griffes", target="bors"))
    t.declare("bors", NOTHING)
    from tests.systems.vda.test_equipment_round import resolve

    [hit] = of(resolve(t, "xin", [9, 9, 9]), ev.AttackResolved)
    assert hit.resolution.weapon_id == "griffes" and hit.resolution.weapon_bonus == 1


def test_a_sheets_natural_weapon_names_a_discipline_it_has() -> None:
    """VDA-VAND-09: claws from Protean on a sheet without Protean are refused at the sheet."""
    refusal = Table().refuse(
        AddCombatant(combatant=Combatant(id="x", name="X", sheet=sheet(natural_weapons=[CLAWS])))
    )
    assert refusal.rule == "sheet.natural_weapons"


def test_vda_dive_02__a_charge_and_a_dive_cannot_both_bind_the_first_action() -> None:
    """VDA-DIVE-02, VDA-CHARGE-03: the dive binds sequence 1 to a dodge, the announced
    charge to that charge: whichever comes second is refused, in either order."""
    for first, second, rule in (
        (
            c.DiveForCover(combatant="alma"),
            c.AnnounceCharge(combatant="alma", target="bors", weapon="lance"),
            "VDA-DIVE-02",
        ),
        (
            c.AnnounceCharge(combatant="alma", target="bors", weapon="lance"),
            c.DiveForCover(combatant="alma"),
            "VDA-CHARGE-03",
        ),
    ):
        t = Table().add("alma", sheet(melee=3, weapons=["lance"])).add("bors", sheet())
        t.moving_round("alma", [2] * 3)
        t.start()
        t.send(first)
        assert t.refuse(second).rule == rule

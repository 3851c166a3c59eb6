"""Physical actions and defences (VDA-PHYS, VDA-RDEF, VDA-DIVE, VDA-GEN)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.rules.physical import rear_eligible
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet

ATTACK = act("attack", skill="melee", target="cleo")
DODGE = act("defend", skill="dodge", defence="dodge")


def trio() -> Table:
    """Alma and Bors (3 and 2 initiative successes) against Cleo (1)."""
    t = Table()
    t.add("alma", sheet(melee=3)).add("bors", sheet(melee=3)).add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    return t


def test_vda_phys_01__one_physical_action_per_sequence(duel: Table) -> None:
    """VDA-PHYS-01: one physical action per sequence."""
    duel.start()
    duel.initiative("alma", [7, 7, 7, 2, 2])
    duel.initiative("bors", [7, 2, 2, 2, 2])
    duel.declare("alma", act("none"))
    assert duel.refuse(c.DeclareAction(combatant="alma", action=act("none"))).rule == "VDA-PHYS-01"


def test_vda_phys_02__an_attack_names_its_target(duel: Table) -> None:
    """VDA-PHYS-02: an attack names its target."""
    duel.start()
    duel.initiative("alma", [7, 7, 7, 2, 2])
    duel.initiative("bors", [7, 2, 2, 2, 2])
    refusal = duel.refuse(c.DeclareAction(combatant="alma", action=act("attack", skill="melee")))
    assert refusal.rule == "VDA-PHYS-02"


def test_vda_phys_03__a_defence_is_split_between_two_attacks() -> None:
    """VDA-PHYS-03: a defence is split between two attacks."""
    t = trio()
    t.declare("alma", ATTACK)
    t.declare("bors", ATTACK)
    t.declare("cleo", DODGE)
    t.resolve("cleo", [8, 8, 7, 2, 2, 2])
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 2, "bors": 1})) == [
        ev.DefenceAllocated(combatant="cleo", sequence=1, allocations={"alma": 2, "bors": 1})
    ]
    refusal = t.refuse(c.AllocateDefence(combatant="cleo", allocations={"cleo": 1}))
    assert refusal.rule == "VDA-PHYS-03"


def test_vda_phys_04__side_by_side_the_split_is_free_up_to_the_successes() -> None:
    """VDA-PHYS-04: side by side the split is free up to the successes."""
    t = trio()
    t.declare("alma", ATTACK)
    t.declare("bors", ATTACK)
    t.declare("cleo", DODGE)
    t.resolve("cleo", [8, 8, 7, 2, 2, 2])
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"bors": 3}))[0].allocations == {"bors": 3}
    assert (
        t.refuse(c.AllocateDefence(combatant="cleo", allocations={"alma": 2, "bors": 2})).rule
        == "VDA-PHYS-04"
    )


def test_vda_phys_05__only_dice_of_8_or_more_go_to_the_attacker_behind() -> None:
    """VDA-PHYS-05: only dice of 8 or more go to the attacker behind."""
    assert rear_eligible(roll([8, 9, 6, 7, 1], 6)) == 2  # the 1 cancels a 6 or 7 first
    assert rear_eligible(roll([8, 6, 1, 1], 6)) == 0
    t = trio()
    t.declare("alma", ATTACK)
    t.declare("bors", act("attack", skill="melee", target="cleo", from_behind=True))
    t.declare("cleo", DODGE)
    assert t.resolve("cleo", [9, 7, 7, 2, 2, 2])[0].rear_eligible == 1
    assert t.refuse(c.AllocateDefence(combatant="cleo", allocations={"bors": 2})).rule == "VDA-PHYS-05"
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 2, "bors": 1}))


def gunfight(alma_first: bool) -> Table:
    """Alma (melee, dodge) against Bors and his pistol; ``alma_first``: Alma has the initiative."""
    t = Table().add("alma", sheet(melee=3, dodge=2)).add("bors", sheet(firearms=2, weapons=["pistolet"]))
    t.start()
    fast, slow = [7, 7, 7, 2, 2], [7, 2, 2, 2, 2]
    t.initiative("alma", fast if alma_first else slow)
    t.initiative("bors", slow if alma_first else fast)
    return t


SHOT = act("attack", skill="firearms", target="alma", weapon="pistolet")


def test_vda_rdef_01__no_parry_against_a_firearm() -> None:
    """VDA-RDEF-01: no parry-type defence (a block included) can meet a firearm, whatever the
    declaration says of it."""
    t = gunfight(alma_first=False)
    t.declare("bors", SHOT)
    parry = act("defend", skill="melee", defence="parry")
    assert t.refuse(c.DeclareAction(combatant="alma", action=parry)).rule == "VDA-RDEF-01"
    block = act("defend", skill="brawl", defence="block")  # « de type Parade » too
    assert t.refuse(c.DeclareAction(combatant="alma", action=block)).rule == "VDA-RDEF-01"


def test_vda_rdef_01__the_attack_class_is_the_weapons() -> None:
    """VDA-RDEF-01: a pistol shot is a firearm attack; declaring it a bow shot is refused."""
    t = gunfight(alma_first=False)
    lie = act("attack", skill="firearms", target="alma", weapon="pistolet", ranged="bow")
    assert t.refuse(c.DeclareAction(combatant="bors", action=lie)).rule == "VDA-RDEF-01"
    assert t.declare("bors", SHOT) == [
        ev.ActionDeclared(combatant="bors", sequence=1, action=act(**{**_fields(SHOT), "ranged": "firearm"}))
    ]


def _fields(action: object) -> dict[str, object]:
    return {f: getattr(action, f) for f in action.__struct_fields__}  # type: ignore[attr-defined]


def test_vda_rdef_02__a_defence_taken_before_being_targeted_is_at_6() -> None:
    """VDA-RDEF-02: Alma dodges before Bors shoots: difficulty 6, and no reaction to claim."""
    t = gunfight(alma_first=True)
    claim = act("defend", skill="dodge", defence="dodge", reaction=True)
    assert t.refuse(c.DeclareAction(combatant="alma", action=claim)).rule == "VDA-RDEF-02"
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", SHOT)
    rolled = t.resolve("alma", [6, 6, 6, 6, 2])[0]
    assert rolled.difficulty == [Modifier(rule="VDA-RDEF-02", value=6, why="défense à distance")]


def test_vda_rdef_03__a_defence_in_reaction_to_a_firearm_is_at_plus_3() -> None:
    """VDA-RDEF-03: Alma dodges once Bors's shot is declared: the defence is a reaction to a
    firearm (+3), computed by the server; a declaration saying otherwise is refused."""
    t = gunfight(alma_first=False)
    t.declare("bors", SHOT)
    wrong = act("defend", skill="dodge", defence="dodge", ranged="bow")
    assert t.refuse(c.DeclareAction(combatant="alma", action=wrong)).rule == "VDA-RDEF-03"
    dodge = act("defend", skill="dodge", defence="dodge")
    declared = t.declare("alma", dodge)[0]
    assert declared.action == act("defend", skill="dodge", defence="dodge", ranged="firearm", reaction=True)
    rolled = t.resolve("alma", [9, 9, 8, 6, 2])[0]
    assert rolled.difficulty[-1] == Modifier(rule="VDA-RDEF-03", value=3, why="en réaction (firearm)")
    assert rolled.roll.difficulty == 9 and rolled.roll.successes == 2


def test_vda_rdef_04__after_a_defence_ranged_attacks_are_at_plus_1() -> None:
    """VDA-RDEF-04, option ``volley_bonus_includes_answered_attack``: once Cleo defended,
    Alma's arrow, the one her dodge answers, is at +1 too."""
    options = VdaOptions(volley_bonus_includes_answered_attack=True)
    t = Table(options).add("alma", sheet(archery=3, weapons=["arc_court"])).add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 7, 7, 2, 2])
    t.declare("cleo", DODGE)
    t.declare("alma", act("attack", skill="archery", target="cleo", weapon="arc_court"))
    t.resolve("cleo", [2] * 6)
    rolled = t.resolve("alma", [2] * 6)[0]  # a miss: no damage roll
    assert rolled.difficulty[-1] == Modifier(rule="VDA-RDEF-04", value=1, why="la cible s'est déjà défendue")


def test_vda_dive_01__two_more_dice_and_ties_won(duel: Table) -> None:
    """VDA-DIVE-01: two more dice and ties won."""
    duel.start()
    assert duel.send(c.DiveForCover(combatant="alma"), as_="ann") == [ev.DiveDeclared(combatant="alma")]
    rolled = duel.initiative("alma", [7, 7, 2, 2, 2, 2, 2])[0]
    assert rolled.pool[-1] == Modifier(rule="VDA-DIVE-01", value=2, why="se jette à couvert")
    started = duel.initiative("bors", [7, 7, 2, 2, 2])[-1]
    assert started.declaring == [["alma"], ["bors"]] and started.resolving == [["alma"], ["bors"]]
    assert duel.refuse(c.DiveForCover(combatant="alma")).rule == "VDA-INIT-01"


def test_vda_dive_01__too_late_once_initiative_is_rolled(duel: Table) -> None:
    """VDA-DIVE-01: too late once initiative is rolled."""
    duel.start()
    duel.initiative("alma", [7, 7, 2, 2, 2])
    assert duel.refuse(c.DiveForCover(combatant="alma")).rule == "VDA-DIVE-01"


def test_vda_dive_02__the_first_action_is_a_dodge(duel: Table) -> None:
    """VDA-DIVE-02: the first action is a dodge."""
    duel.start()
    duel.send(c.DiveForCover(combatant="alma"))
    duel.initiative("alma", [7, 7, 2, 2, 2, 2, 2])
    duel.initiative("bors", [7, 2, 2, 2, 2])
    refusal = duel.refuse(c.DeclareAction(combatant="alma", action=act("move", skill="athletics")))
    assert refusal.rule == "VDA-DIVE-02"
    assert duel.declare("alma", DODGE)[0].action == DODGE


def test_vda_dive_03__turning_offensive_costs_3_initiative() -> None:
    """VDA-DIVE-03: turning offensive costs 3 initiative."""
    t = Table().add("alma", sheet(celerity=1, melee=2)).add("cleo", sheet())
    t.start()
    t.send(c.DiveForCover(combatant="alma"))
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    t.declare("alma", DODGE)
    t.declare("cleo", act("none"))
    t.resolve("alma", [2, 2, 2])
    events = t.declare("alma", act("attack", skill="melee", target="cleo"))
    assert events[1] == ev.InitiativeAdjusted(
        combatant="alma",
        delta=-3,
        score=1,
        rule="VDA-DIVE-03",
        reason="dive_turned_offensive",
    )


def test_vda_dive_04__a_1_on_the_dive_dodge_means_prone(duel: Table) -> None:
    """VDA-DIVE-04: a 1 on the dive dodge means prone."""
    duel.start()
    duel.send(c.DiveForCover(combatant="alma"))
    duel.initiative("alma", [7, 7, 2, 2, 2, 2, 2])
    duel.initiative("bors", [7, 2, 2, 2, 2])
    duel.declare("alma", DODGE)
    duel.declare("bors", act("none"))
    events = duel.resolve("alma", [9, 9, 1, 2, 2])
    assert events[1] == ev.ConditionChanged(
        combatant="alma", condition="prone", on=True, rule="VDA-DIVE-04", reason="dived"
    )


def test_vda_gen_01__reusing_a_skill_in_the_round_is_at_plus_1() -> None:
    """VDA-GEN-01: reusing a skill in the round is at plus 1."""
    t = Table().add("alma", sheet(celerity=1, athletics=1))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.declare("alma", act("move", skill="athletics"))
    assert t.resolve("alma", [6, 6, 6, 6])[0].roll.difficulty == 6
    t.declare("alma", act("move", skill="athletics"))
    rolled = t.resolve("alma", [6, 6, 6, 6])[0]
    assert rolled.difficulty[-1] == Modifier(rule="VDA-GEN-01", value=1, why="athletics déjà utilisé 1×")
    assert rolled.roll.successes == 0


def test_vda_gen_02__a_botched_attack_is_a_fall_losing_one_initiative_per_1(duel: Table) -> None:
    """VDA-GEN-02: a botched attack is a fall losing one initiative per 1."""
    duel.start()
    duel.initiative("alma", [7, 7, 7, 2, 2])
    duel.initiative("bors", [7, 2, 2, 2, 2])
    duel.declare("alma", act("attack", skill="melee", target="bors"))
    duel.declare("bors", act("none"))
    events = duel.resolve("alma", [1, 1, 3, 4, 5, 2])
    assert events[1:4] == [
        ev.CriticalFailure(combatant="alma", ones=2),
        ev.ConditionChanged(combatant="alma", condition="prone", on=True, rule="VDA-GEN-02", reason="botch"),
        ev.InitiativeAdjusted(combatant="alma", delta=-2, score=1, rule="VDA-PRONE-05", reason="botch_fall"),
    ]


def test_vda_gen_02__a_failed_defence_is_no_critical_failure(duel: Table) -> None:
    """VDA-GEN-02: a failed defence is no critical failure."""
    duel.start()
    duel.initiative("alma", [7, 7, 7, 2, 2])
    duel.initiative("bors", [7, 2, 2, 2, 2])
    duel.declare("alma", DODGE)
    duel.declare("bors", act("none"))
    assert not any(isinstance(e, ev.CriticalFailure) for e in duel.resolve("alma", [1, 1, 3, 4, 5]))


def test_vda_phys_06__a_defence_lasts_its_sequence() -> None:
    """VDA-PHYS-06: a defence lasts its sequence."""
    t = Table().add("alma", sheet(celerity=1, dodge=2))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.declare("alma", DODGE)
    t.resolve("alma", [8, 8, 8, 2, 2])
    assert t.state.sequence.number == 2
    assert t.refuse(c.AllocateDefence(combatant="alma", allocations={})).rule == "VDA-PHYS-03"

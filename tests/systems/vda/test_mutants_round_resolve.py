"""Rolling a declared action through ``decide``: the botch by table option (VDA-GEN-02), a
skill's repeat by table option (VDA-GEN-01), an attack's roll (no rear-eligible count), minor
acts done with the action (VDA-MINOR-03, VDA-MINOR-04), a firearm's attack difficulty
(VDA-FIRE-05). Exact events. Written against the mutants of ``handlers/resolve`` that survived
the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve
from tests.systems.vda.test_rules_in_play import PISTOL_SHOT, gunner

STAB = act("attack", skill="melee", target="bors", weapon="dague_de_chasse")


def test_vda_gen_02__at_a_table_without_the_botch_fall_the_accident_is_another() -> None:
    """VDA-GEN-02 (``botch_fall = False``): a botched attack is a critical failure whose
    accident the GM tells; nobody falls."""
    t = fight(options=VdaOptions(botch_fall=False))
    t.declare("alma", STAB)
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [1, 2, 2, 2, 2, 2])
    assert of(events, ev.CriticalFailure) == [ev.CriticalFailure(combatant="alma", ones=1, accident="other")]
    assert of(events, ev.ConditionChanged) == []


def test_vda_phys_05__an_attack_counts_no_rear_eligible_successes() -> None:
    """VDA-PHYS-05: only a defence's 8+ successes are counted for attacks from behind; an
    attack's roll counts none."""
    t = fight()
    t.declare("alma", STAB)
    t.declare("bors", act("none"))
    rolled = resolve(t, "alma", [8, 8, 8, 2, 2, 2])[0]
    assert (rolled.roll.successes, rolled.rear_eligible) == (3, 0)


def test_vda_minor_03__standing_up_with_the_action_clears_prone() -> None:
    """VDA-MINOR-03, VDA-MINOR-04: Alma, on the ground, attacks, stands up and orients herself
    as the action's minor acts: « Au sol » is cleared and the orientation rolled (2 dice,
    the action's own) when the action is rolled."""
    t = fight()
    t.send(c.SetCondition(combatant="alma", condition="prone", reason="glissade"))
    t.declare(
        "alma",
        act(
            "attack",
            skill="melee",
            target="bors",
            weapon="dague_de_chasse",
            minor_acts=["stand_up", "orientation"],
        ),
    )
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [2] * 2 + [8, 8])
    assert [(e.source, e.answers) for e in of(events, ev.OrientationRolled)] == [("action", 2)]
    assert of(events, ev.ConditionChanged) == [
        ev.ConditionChanged(
            combatant="alma", condition="prone", on=False, rule="VDA-MINOR-03", reason="stands_up"
        )
    ]


def test_vda_fire_05__a_firearm_attacks_at_its_initiative_figure_when_the_table_reads_it_so() -> None:
    """VDA-FIRE-05 (``firearm_initiative_reading = "attack_difficulty"``): the pistol shoots
    at its « Initiative » figure without a lock, 6."""
    options = VdaOptions(damage=DamageOptions(firearm_initiative_reading="attack_difficulty"))
    t = gunner(options=options)
    t.declare("alma", PISTOL_SHOT)
    t.declare("bors", act("none"))
    rolled = resolve(t, "alma", [2] * 6)[0]
    assert rolled.difficulty[0] == Modifier(rule="A-7", value=6, why="pistolet")


def test_vda_gen_02__a_table_reading_net_successes_counts_a_cancelled_hit_as_a_botch() -> None:
    """VDA-GEN-02 (``critical_on_net_successes = True``): an 8 cancelled by a 1 leaves no
    success: a critical failure at this table."""
    t = fight(options=VdaOptions(critical_on_net_successes=True))
    t.declare("alma", STAB)
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [8, 1, 2, 2, 2, 2])
    assert of(events, ev.CriticalFailure) == [ev.CriticalFailure(combatant="alma", ones=1, accident="fall")]


def third_thrust(options: VdaOptions | None = None) -> Modifier:
    """Alma (Celerity 2: three actions) thrusts at Bors in each sequence: the third roll's
    skill-repeat term."""
    t = Table(options)
    t.add("alma", sheet(melee=3, celerity=2, generation=8, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="mortal", melee=2))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma", dots=2))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    rolled = None
    for _ in range(3):
        if t.state.sequence is not None and t.state.sequence.number == 1:
            t.declare("alma", STAB)
            t.declare("bors", act("none"))
        else:
            t.declare("alma", STAB)
        rolled = resolve(t, "alma", [2] * 6)[0]
    assert rolled is not None
    [term] = [m for m in rolled.difficulty if m.rule == "VDA-GEN-01"]
    return term


def test_vda_gen_01__every_earlier_use_of_the_skill_adds_one() -> None:
    """VDA-GEN-01: the third melee roll of the round is at +2 (two earlier uses), or +1 at a
    table counting a single reuse (``skill_repeat_every_reuse = False``)."""
    assert third_thrust().value == 2
    assert third_thrust(VdaOptions(skill_repeat_every_reuse=False)).value == 1


def test_vda_ori_02__an_orientation_gesture_needs_two_dice_of_the_pool() -> None:
    """VDA-ORI-02, VDA-MINOR-02: Alma (Dexterity 1, no Melee) has one die: the orientation
    gesture declared with her blow needs two, and the roll is refused before any die."""
    t = Table().add("alma", sheet(dex=1, melee=0)).add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", target="bors", orientation=True))
    t.declare("bors", act("none"))
    assert str(t.refuse(c.ResolveAction(combatant="alma"), dice=[])) == (
        "VDA-MINOR-02: 1 minor acts need 2 dice; the pool has 1"
    )

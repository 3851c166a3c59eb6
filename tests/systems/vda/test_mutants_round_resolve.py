"""Rolling a declared action through ``decide``: the botch's accident by table option
(VDA-GEN-02), an attack's roll (no rear-eligible count), a minor act done with the action
(VDA-MINOR-03), a firearm's attack difficulty (VDA-FIRE-05). Exact events. Written against
the mutants of ``handlers/resolve`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import act
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

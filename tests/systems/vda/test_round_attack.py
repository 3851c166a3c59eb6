"""Attacks through the round: the hit roll, the defence that meets it and the damage
pipeline of ``rules/attack.py`` (VDA-PHYS-03, VDA-PHYS-05, VDA-INIT-03, VDA-DMG via the pipeline)."""

from __future__ import annotations

from domain.dice import ScriptedRoller
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.data import find_weapon
from domain.systems.vda.payloads import AttackResolution
from domain.systems.vda.rules.attack import Striker, Target, resolve_attack
from tests.systems.vda.conftest import Table, act, sheet

DAGGER = act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
DODGE = act("defend", skill="dodge", defence="dodge")
DAMAGE_FACES = [9, 8, 6, 3, 2, 7, 7, 1, 5, 5, 5, 5, 5, 5, 5, 5]


def expected(attack_successes: int, defence_successes: int) -> tuple[AttackResolution, int]:
    """What the pipeline gives for Alma's dagger on Bors after her 6 hit dice, and how
    many damage and soak dice it drew."""
    roller = ScriptedRoller([2] * 6 + DAMAGE_FACES)
    for _ in range(6):
        roller.die(10)
    resolution = resolve_attack(
        roller,
        striker=Striker(strength=2),
        target=Target(kind="mortal", stamina=1),
        weapon=find_weapon("dague_de_chasse"),  # type: ignore[arg-type]
        attack_successes=attack_successes,
        defence_successes=defence_successes,
    )
    return resolution, roller.drawn - 6


def fight() -> Table:
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["dague_de_chasse"]), player="ann")
    t.add("bors", sheet(kind="mortal", dodge=1))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def test_vda_phys_03__the_declared_defence_is_rolled_before_the_attack_lands() -> None:
    """VDA-PHYS-03: the declared defence is rolled before the attack lands."""
    t = fight()
    t.declare("alma", DAGGER)
    t.declare("bors", DODGE)
    assert t.refuse(c.ResolveAction(combatant="alma"), dice=[8] * 6).rule == "VDA-PHYS-03"


def test_vda_dmg__an_attack_goes_through_the_damage_pipeline_and_wounds() -> None:
    """VDA-DMG-01, A-6: the hit margin feeds the damage roll, the soak takes off its share,
    and the health levels lost land on the target."""
    t = fight()
    t.declare("alma", DAGGER)
    t.declare("bors", DODGE)
    t.resolve("bors", [8, 2, 2, 2])
    resolution, drawn = expected(attack_successes=3, defence_successes=1)
    events = t.resolve("alma", [8, 8, 8, 2, 2, 2, *DAMAGE_FACES[:drawn]])
    assert events[1] == ev.AttackResolved(attacker="alma", target="bors", sequence=1, resolution=resolution)
    assert resolution.hit and resolution.margin == 2
    health = t.state.fighters["bors"].health
    assert (health.bashing, health.lethal, health.aggravated) == (
        resolution.health.bashing,
        resolution.health.lethal,
        resolution.health.aggravated,
    )


def test_vda_init_03__a_renounced_defence_does_not_meet_the_faster_attacker() -> None:
    """VDA-INIT-03: a renounced defence does not meet the faster attacker."""
    t = fight()
    t.declare("alma", DAGGER)
    t.declare("bors", act("attack", skill="brawl", target="alma"))
    resolution, drawn = expected(attack_successes=2, defence_successes=0)
    events = t.resolve("alma", [8, 8, 2, 2, 2, 2, *DAMAGE_FACES[:drawn]])
    assert events[1].resolution == resolution

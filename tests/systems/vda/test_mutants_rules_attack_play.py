"""The damage pipeline's rulings through ``decide``: a charge's bashing against a vampire
(VDA-CHARGE-05, VDA-CHARGE-06), a throw's range beyond its maximum and what the halving
halves (VDA-THROW-02)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda.gear import Mount
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.vda.payloads import AttackResolution
from domain.systems.wod import HealthLoss, Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, resolve
from tests.systems.vda.test_facts import charge
from tests.systems.vda.test_mutants_situation import attack, resolution, rolled


def lance_charge_at_a_vampire(mount: Mount | None) -> AttackResolution:
    """Alma, after a round of running, charges Bors, a vampire, with her lance."""
    t = Table()
    t.add("alma", sheet(melee=3, athletics=2, celerity=1, weapons=["lance"], mount=mount), player="ann")
    t.add("bors", sheet(kind="vampire", melee=2))
    t.moving_round("alma", [2] * 5)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", charge(), as_="ann")
    t.declare("bors", act("none"))
    return resolution(resolve(t, "alma", [8] * 6, pad=8))


def test_a_charges_bashing_against_a_vampire() -> None:
    """VDA-CHARGE-05: a charge on foot adds 1 bashing, still 1 against a vampire;
    VDA-CHARGE-06: a mounted one adds 2, halved to 1 against a vampire (VDA-GEN-03)."""
    for mount in (None, Mount(strength=4)):
        hit = lance_charge_at_a_vampire(mount)
        assert (hit.charge_bashing, hit.health.bashing) == (1, 1)


def javelin(distance: float, options: VdaOptions | None = None) -> list[object]:
    """Alma (Strength 5, Potence 2: a 33 m throw) throws a javelin at Bors; her 6 attack
    dice and the first 3 damage dice succeed."""
    t = fight(
        alma=sheet(strength=5, potence=2, athletics=3, weapons=["javelot"]),
        bors=sheet(kind="mortal"),
        options=options,
    )
    return attack(t, "javelot", [8] * 9, skill="athletics", ranged="thrown", distance_m=distance)


def test_each_quarter_of_the_range_beyond_it_adds_one() -> None:
    """VDA-THROW-02: beyond the 33 m, +1 difficulty per quarter of the range begun: 8 m
    beyond (under 8.25) is +1, 9 m is +2."""
    assert rolled(javelin(41)).difficulty[-1] == Modifier(rule="VDA-THROW-02", value=1)
    assert rolled(javelin(42)).difficulty[-1] == Modifier(rule="VDA-THROW-02", value=2)


def test_the_table_may_halve_the_levels_inflicted_instead_of_the_dice() -> None:
    """VDA-THROW-02, option ``damage.beyond_range_halves``: at a table that halves the levels
    inflicted, a throw 1 m beyond range keeps its 8 base dice and its 3 unsoaked levels
    become 2 (rounded up)."""
    options = VdaOptions(damage=DamageOptions(beyond_range_halves="inflicted_levels"))
    hit = resolution(javelin(34, options))
    assert (hit.base_dice, hit.halved_beyond_range, hit.damage, hit.unsoaked) == (8, False, 3, 2)
    assert hit.health == HealthLoss(lethal=2)

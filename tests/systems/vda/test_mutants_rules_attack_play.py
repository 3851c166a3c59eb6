"""The damage pipeline's rulings through ``decide``: a charge's bashing against a vampire
(VDA-CHARGE-05, VDA-CHARGE-06), a throw's range beyond its maximum and what the halving
halves (VDA-THROW-02); a drag counts persons (VDA-GRAP-14); two glaives are two weapons
(VDA-TWO-01)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda.gear import Mount
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.vda.payloads import AttackResolution
from domain.systems.wod import HealthLoss, Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, resolve
from tests.systems.vda.test_facts import charge
from tests.systems.vda.test_grapple_rules import A_INIT, B_INIT, NOTHING, finish, held
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


def test_a_person_held_both_ways_is_dragged_once() -> None:
    """VDA-GRAP-14: « +2 par personne agrippée »: Alma holds Bors, and Bors grabs her in
    turn: next round, moving, Bors drags one person, Alma, at +2."""
    t = held(1)
    t.declare("alma", NOTHING)
    t.declare("bors", act("attack", skill="brawl", target="alma", grapple="contact"))
    resolve(t, "bors", [8] * 6)
    assert t.state.grapples["bors>alma"].value > 0 and t.state.grapples["alma>bors"].value > 0
    finish(t)
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics"))
    drag = [term for term in resolve(t, "bors", [2])[0].difficulty if term.rule == "VDA-GRAP-14"]
    assert drag == [Modifier(rule="VDA-GRAP-14", value=2, why="traîne 1 personne(s)")]


def test_two_glaives_need_two_on_the_sheet() -> None:
    """VDA-TWO-01: the twin glaives' stance takes a glaive in each hand: a sheet with a
    single glaive (and a dagger) cannot take it; with two, it can."""
    glaives = {
        "dex": 4,
        "melee": 4,
        "specialties": {"melee": "glaive"},
        "two_weapon_styles": ["twin_glaives"],
    }
    t = fight(alma=sheet(weapons=["glaive", "dague_de_chasse"], **glaives))
    stance = c.TakeTwoWeaponStance(combatant="alma", weapons=["glaive", "glaive"])
    assert str(t.refuse(stance)) == "VDA-TWO-01: 'alma' carries a single 'glaive', not one for each hand"
    t = fight(alma=sheet(weapons=["glaive", "glaive"], **glaives))
    assert t.send(stance)[0].style == "twin_glaives"


def potence_strike(damage_faces: list[int]) -> tuple[int, int, int]:
    """Alma (Strength 3, Potence 2) stabs mortal Bors with her hunting dagger: Potence takes
    its 2 bonus dice (a token against one 1 of a damage roll, VDA-FORPOT-04). Her damage
    roll's 2 dice show ``damage_faces``: (1s removed, damage, tokens spent)."""
    t = Table()
    t.add("alma", sheet(melee=3, strength=3, potence=2, weapons=["dague_de_chasse"]), player="ann")
    t.add("bors", sheet(kind="mortal", melee=2))
    t.start()
    t.initiative("alma", [7] * 5)
    t.initiative("bors", [2] * 5)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    hit = resolution(resolve(t, "alma", [8, 2, 2, 2, 2, 2, *damage_faces]))
    return hit.damage_ones_removed, hit.damage, t.state.fighters["alma"].potence_tokens


def test_the_potence_token_is_spent_only_where_it_helps() -> None:
    """VDA-FORPOT-04: the once-per-combat token removes a 1 that cancels a success (8 and 1:
    the hit counts, 4 damage with the 3 automatic); on a roll with no success to save (2
    and 1) or no 1 (8 and 2) it is kept."""
    assert potence_strike([8, 1]) == (1, 4, 1)
    assert potence_strike([2, 1]) == (0, 3, 0)
    assert potence_strike([8, 2]) == (0, 4, 0)


def test_a_hold_at_0_drags_nobody() -> None:
    """VDA-GRAP-14: « à partir d'une valeur positive »: Alma's hold on Bors brought to 0 by
    the GM this round, Bors moves without dragging her."""
    t = held(3)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-3, reason="prise relâchée"))
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics"))
    assert [term for term in resolve(t, "bors", [2])[0].difficulty if term.rule == "VDA-GRAP-14"] == []

"""What blows do to items, through ``decide`` with fixed dice and whole events: the
two-handed axe's wear on a parrying shield or on armour (VDA-VAND-06, VDA-VAND-07), a
botch with a natural weapon (VDA-RES-07), and the GM's ruling on a grenade's problem
(VDA-GREN-03) and the blood that buys deafening off (VDA-GREN-09), with their words."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.dice import PoolRoll
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.vda.tactics import MagicItem
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve
from tests.systems.vda.test_mutants_grenades import deafened
from tests.systems.vda.test_natural_weapons import TABLE_CLAWS, xin_tao

AXE = act("attack", skill="melee", target="bors", weapon="hache_a_deux_mains")
AXE_WEAR = [Modifier(rule="VDA-VAND-07", value=2, why="VDA-VAND-03 base")]


def axe_on(bors: Any, defence: Any, defence_faces: list[int]) -> list[ev.ResistanceReduced]:
    """Alma (Strength 4, no Potence) strikes Bors with her two-handed axe (2 successes)."""
    t = fight(alma=sheet(melee=3, strength=4, weapons=["hache_a_deux_mains"]), bors=bors)
    t.declare("alma", AXE)
    t.declare("bors", defence)
    if defence_faces:
        resolve(t, "bors", defence_faces)
    return of(resolve(t, "alma", [9, 9]), ev.ResistanceReduced)


def test_a_shield_parrying_the_axe_loses_its_point_then_the_axes_wear() -> None:
    """VDA-VAND-06, VDA-VAND-07: Bors's shield (11) parries the axe (1 success of 2): it
    loses 1 for the parry, then the axe's wear of 2 comes off what is left: 8."""
    bors = sheet(kind="mortal", melee=2, weapons=["bouclier"], armour="maille")
    parry = act("defend", skill="melee", defence="parry", weapon="bouclier", target="alma")
    assert axe_on(bors, parry, [9]) == [
        ev.ResistanceReduced(
            combatant="bors",
            item="bouclier",
            loss=[Modifier(rule="VDA-VAND-06", value=1, why="parade au bouclier")],
            resistance=10,
            max_resistance=11,
        ),
        ev.ResistanceReduced(
            combatant="bors", item="bouclier", loss=AXE_WEAR, resistance=8, max_resistance=11
        ),
    ]


def test_a_shield_parry_without_success_wears_the_armour_not_the_shield() -> None:
    """VDA-VAND-06, VDA-VAND-07: Bors's shield parry rolls no success: the shield did not
    parry, loses nothing, and the axe's hit wears his mail (7) by 2."""
    bors = sheet(kind="mortal", melee=2, weapons=["bouclier"], armour="maille")
    parry = act("defend", skill="melee", defence="parry", weapon="bouclier", target="alma")
    assert axe_on(bors, parry, [2]) == [
        ev.ResistanceReduced(combatant="bors", item="maille", loss=AXE_WEAR, resistance=5, max_resistance=7)
    ]


def test_an_axe_blow_dodged_wears_no_armour() -> None:
    """VDA-VAND-07: the axe wears the worn armour only on a hit: Bors dodges both its
    successes, and his mail loses nothing."""
    bors = sheet(kind="mortal", dodge=2, armour="maille")
    assert axe_on(bors, act("defend", skill="dodge", defence="dodge"), [9, 9]) == []


def test_destroyed_armour_is_worn_no_further() -> None:
    """VDA-VAND-07, VDA-RES-02: Bors's mail is already destroyed: the axe's hit takes
    nothing more off it."""
    t = fight(
        alma=sheet(melee=3, strength=4, weapons=["hache_a_deux_mains"]),
        bors=sheet(kind="mortal", armour="maille"),
    )
    destroyed = Item(resistance=0, location="destroyed")
    t.send(c.AdjustItem(combatant="bors", item="maille", state=destroyed, reason="en pièces"))
    t.declare("alma", AXE)
    t.declare("bors", act("none"))
    assert of(resolve(t, "alma", [9, 9]), ev.ResistanceReduced) == []


def test_a_botch_with_claws_costs_them_no_resistance() -> None:
    """VDA-RES-07: only a manufactured weapon loses resistance on a botch: Xin Tao botches
    with his claws, and they lose nothing."""
    t = xin_tao(TABLE_CLAWS, weapons=["griffes"])
    t.declare("nosf", act("none"))
    t.declare("xin", act("attack", skill="brawl", weapon="griffes", target="nosf"))
    events = resolve(t, "xin", [1, 2, 2])
    assert of(events, ev.CriticalFailure) == [ev.CriticalFailure(combatant="xin", ones=1)]
    assert of(events, ev.ResistanceReduced) == []


def test_the_gms_ruling_on_a_grenades_problem_is_recorded_as_ruled() -> None:
    """VDA-GREN-03: two 1s on Alma's throw: the GM rules the grenade a dud."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]), bors=sheet(kind="mortal", dodge=1))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    [thrown] = of(t.resolve("alma", [8, 8, 8, 1, 1]), ev.GrenadeThrown)
    assert thrown.problem
    assert t.send(c.RuleGrenadeProblem(grenade="alma-1-1", outcome="dud")) == [
        ev.GrenadeProblemRuled(grenade="alma-1-1", outcome="dud")
    ]


def test_blood_beyond_the_deafening_is_refused_in_words() -> None:
    """VDA-GREN-09: Bors, deafened at +2 and −1 die, cannot spend 4 blood on 3 malus points."""
    refused = deafened().refuse(c.ClearDeafness(combatant="bors", points=4))
    assert (refused.rule, refused.message) == ("VDA-GREN-09", "1 blood point a malus point")


def claws_parry_the_axe(
    soak: list[int], stamina: int = 2, options: VdaOptions = TABLE_CLAWS
) -> list[ev.NaturalParryHurt]:
    """Xin Tao (Protean 4, Body crafting 5, Stamina ``stamina``, no Fortitude) parries the
    Nosferatu's two-handed axe (Strength + Potence 10) with his claws (aggravated 2): they
    lose 2 of the axe's 4 (VDA-VAND-10), and he soaks that as bashing with ``soak``."""
    t = Table(options)
    t.add("nosf", sheet(strength=5, potence=5, melee=3, weapons=["hache_a_deux_mains"]))
    xin = sheet(protean=4, body_crafting=5, brawl=3, weapons=["griffes"])
    attributes = msgspec.structs.replace(xin.attributes, stamina=stamina)
    t.add("xin", msgspec.structs.replace(xin, attributes=attributes))
    t.start()
    t.initiative("nosf", [9, 9, 9, 2, 2])
    t.initiative("xin", [9, 2, 2, 2, 2])
    t.declare("nosf", act("attack", skill="melee", weapon="hache_a_deux_mains", target="xin"))
    t.declare("xin", act("defend", skill="brawl", defence="parry", weapon="griffes"))
    resolve(t, "xin", [8, 2])
    # the axe's 2 hits, the rest of its roll, its damage and Xin's soak fail
    return of(t.resolve("nosf", [9, 9] + [2] * (9 + stamina) + soak), ev.NaturalParryHurt)


def hurt(soak: PoolRoll, bashing: int) -> list[ev.NaturalParryHurt]:
    return [
        ev.NaturalParryHurt(
            combatant="xin", item="griffes", levels=2, automatic_soak=0, soak=soak, bashing=bashing
        )
    ]


def test_without_fortitude_the_parrying_claws_hurt_is_soaked_by_stamina() -> None:
    """VDA-VAND-10, A-6: without Fortitude nothing is soaked automatically; Xin's Stamina 2
    rolls two successes at 6 and soaks both levels."""
    assert claws_parry_the_axe([8, 8]) == hurt(roll([8, 8], 6, first=13), 0)


def test_a_one_cancels_a_stamina_success_against_the_claws_hurt() -> None:
    """VDA-VAND-10, A-3, VDA-GEN-03: Xin's Stamina rolls [8, 1]: the 1 cancels the
    success, 2 levels are left, and a vampire takes half of them: 1 bashing."""
    assert claws_parry_the_axe([8, 1]) == hurt(roll([8, 1], 6, first=13), 1)


def test_magic_claws_add_their_makers_level_to_their_resistance() -> None:
    """VDA-VAND-09, VDA-RES-06: Xin Tao's claws (Protean 4 + Body crafting 5 + bonus 1 = 10)
    were made magic by a level-3 maker: 13; parrying the axe they lose 2 of it."""
    t = xin_tao(TABLE_CLAWS, weapons=["griffes"], magic_items={"griffes": MagicItem(creator_level=3)})
    t.declare("nosf", act("attack", skill="melee", weapon="hache_a_deux_mains", target="xin"))
    t.declare("xin", act("defend", skill="brawl", defence="parry", weapon="griffes"))
    resolve(t, "xin", [8, 2])
    [reduced] = of(resolve(t, "nosf", [9, 9]), ev.ResistanceReduced)
    assert (reduced.item, reduced.resistance, reduced.max_resistance) == ("griffes", 11, 13)


def test_fists_have_no_discipline_to_add_to_their_resistance() -> None:
    """VDA-VAND-09, VDA-VAND-07, VDA-RES-02: fists count no discipline: Bors's (Body
    crafting 2, bonus 0) resist 2, and the axe's wear of 2 parried with them breaks them."""
    t = fight(
        alma=sheet(melee=3, strength=4, weapons=["hache_a_deux_mains"]),
        bors=sheet(kind="vampire", brawl=2, body_crafting=2),
    )
    t.declare("alma", AXE)
    t.declare("bors", act("defend", skill="brawl", defence="parry", weapon="poings", target="alma"))
    resolve(t, "bors", [9])
    assert of(resolve(t, "alma", [9, 9]), ev.ResistanceReduced) == [
        ev.ResistanceReduced(
            combatant="bors", item="poings", loss=AXE_WEAR, resistance=0, max_resistance=2, destroyed=True
        )
    ]


def test_a_wooden_club_parrying_the_axe_loses_one_more() -> None:
    """VDA-VAND-07, VDA-RES-05: Bors parries the axe with his short club, of wood: the
    axe's wear of 2 and 1 more for the wood."""
    bors = sheet(kind="mortal", melee=2, weapons=["matraque_courte"])
    parry = act("defend", skill="melee", defence="parry", weapon="matraque_courte", target="alma")
    [reduced] = axe_on(bors, parry, [9])
    assert reduced.loss == [*AXE_WEAR, Modifier(rule="VDA-RES-05", value=1, why="bois")]


def test_where_ones_do_not_cancel_the_claws_hurt_keeps_every_stamina_success() -> None:
    """VDA-VAND-10, A-3: at a table where 1s cancel no soak success, Xin's Stamina 3 rolls
    [8, 8, 1]: both successes soak both levels."""
    options = msgspec.structs.replace(TABLE_CLAWS, damage=DamageOptions(ones_cancel_on_damage_and_soak=False))
    [found] = claws_parry_the_axe([8, 8, 1], stamina=3, options=options)
    assert (found.levels, found.bashing) == (2, 0)

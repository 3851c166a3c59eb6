"""Items' resistance through ``decide``: the full resistance (VDA-RES-01), read off the GM's
supernatural wear (VDA-RES-08), of a weapon without a damage bonus, a ranged weapon, a weapon
whose modifier takes it to 0; a natural parry that loses nothing (VDA-VAND-10). Written
against the mutants of ``rules/resistance`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import OwnNaturalWeapon
from domain.systems.vda.options import VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import of, resolve
from tests.systems.vda.test_natural_weapons import xin_tao


@pytest.mark.parametrize(
    ("item", "left", "full"),
    [
        ("stylet", 2, 3),  # bonus 0 + the maker's Crafts 3
        ("arc_court", 2, 3),  # a bow has no resistance modifier: 0 + 3
        ("rapiere", 0, 0),  # no bonus, Crafts 3, the rapier's −3
    ],
)
def test_vda_res_01__a_weapons_resistance_is_its_bonus_crafts_and_modifier(
    item: str, left: int, full: int
) -> None:
    """VDA-RES-01: « bonus de dommages + Artisanat du fabricant », plus the weapon's modifier:
    the GM's wear of 1 shows each full resistance (VDA-RES-02: at 0 the item is destroyed)."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=[item]))
    t.add("bors", sheet(kind="mortal"))
    assert t.send(c.WearItem(combatant="alma", item=item, loss=1, reason="Puissance")) == [
        ev.ResistanceReduced(
            combatant="alma",
            item=item,
            loss=[Modifier(rule="VDA-RES-08", value=1, why="other: Puissance")],
            resistance=left,
            max_resistance=full,
            destroyed=left == 0,
        )
    ]


def test_vda_vand_10__claws_that_lose_nothing_hurt_nobody() -> None:
    """VDA-VAND-10: claws of 4 aggravated levels take the Nosferatu's whole 4 off the loss
    (seed 000 « Vandalisme contre les armes naturelles »): no resistance lost, so no bashing
    comes back to Xin Tao."""
    claws = OwnNaturalWeapon(
        id="griffes", name="Griffes", damage_bonus=1, aggravated_capacity=4, discipline="protean"
    )
    t = xin_tao(VdaOptions(natural_weapons=[claws]), weapons=["griffes"])
    t.declare("nosf", act("attack", skill="melee", weapon="hache_a_deux_mains", target="xin"))
    t.declare("xin", act("defend", skill="brawl", defence="parry", weapon="griffes"))
    resolve(t, "xin", [8, 2])
    events = resolve(t, "nosf", [9, 9])
    assert of(events, ev.AttackResolved)
    assert of(events, ev.ResistanceReduced) == []
    assert of(events, ev.NaturalParryHurt) == []

"""Items' full resistance through ``decide`` (VDA-RES-01), read off the GM's supernatural wear
(VDA-RES-08): a weapon without a damage bonus, a ranged weapon, a weapon whose modifier
takes it to 0. Written against the mutants of ``rules/resistance`` that survived the
mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, sheet


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

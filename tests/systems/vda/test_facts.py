"""The facts of the fight are the server's, the choices the player's (issue §2): a
declaration that contradicts the state is refused by the rule it breaks."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from tests.systems.vda.conftest import Table, act, sheet

ATTACK = act("attack", skill="melee", target="cleo")
DODGE = act("defend", skill="dodge", defence="dodge")


def trio() -> Table:
    """Alma and Bors (3 and 2 initiative successes) against Cleo (1)."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["pilum"]), player="ann")
    t.add("bors", sheet(melee=3)).add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    return t


def test_vda_phys_03__a_defence_spent_on_a_resolved_attack_is_not_split_again() -> None:
    """VDA-PHYS-03/04: once Alma's attack met 2 of Cleo's 3 dodge successes, Cleo cannot
    re-split them to Bors: only the one left is hers to give."""
    t = trio()
    t.declare("alma", ATTACK)
    t.declare("bors", ATTACK)
    t.declare("cleo", DODGE)
    t.resolve("cleo", [8, 8, 7, 2, 2, 2])
    t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 2, "bors": 1}))
    t.resolve("alma", [2] * 6)  # a miss, but the dodge successes it met are spent
    taken_back = c.AllocateDefence(combatant="cleo", allocations={"alma": 0, "bors": 3})
    assert t.refuse(taken_back).rule == "VDA-PHYS-03"
    assert t.refuse(c.AllocateDefence(combatant="cleo", allocations={"bors": 3})).rule == "VDA-PHYS-04"
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"bors": 0})) == [
        ev.DefenceAllocated(combatant="cleo", sequence=1, allocations={"alma": 2, "bors": 0})
    ]


def test_vda_phys_02__an_attack_with_a_weapon_not_carried_is_refused() -> None:
    """VDA-PHYS-02: Alma carries a pilum, not a lance; her fists are always there."""
    t = trio()
    lance = act("attack", skill="melee", target="cleo", weapon="lance")
    assert t.refuse(c.DeclareAction(combatant="alma", action=lance), as_="ann").rule == "VDA-PHYS-02"
    fists = act("attack", skill="brawl", target="cleo", weapon="poings")
    assert t.declare("alma", fists, as_="ann") == [
        ev.ActionDeclared(combatant="alma", sequence=1, action=fists)
    ]


def test_vda_disarm_04__a_parry_with_a_dropped_weapon_is_refused() -> None:
    """VDA-DISARM-04: a pilum on the ground parries nothing."""
    t = trio()
    t.send(c.AdjustItem(combatant="alma", item="pilum", state=Item(location="ground"), reason="désarmée"))
    parry = act("defend", skill="melee", defence="parry", weapon="pilum")
    assert t.refuse(c.DeclareAction(combatant="alma", action=parry), as_="ann").rule == "VDA-DISARM-04"


def test_a_7__a_player_does_not_set_its_own_difficulty() -> None:
    """A-7: the difficulty is the weapon's or 6; a player declaring 3 is refused, the GM may."""
    t = trio()
    easy = act("attack", skill="melee", target="cleo", weapon="pilum", difficulty=3)
    assert t.refuse(c.DeclareAction(combatant="alma", action=easy), as_="ann").rule == "A-7"
    assert t.declare("alma", easy) == [ev.ActionDeclared(combatant="alma", sequence=1, action=easy)]

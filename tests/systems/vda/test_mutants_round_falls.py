"""A fall's initiative cost by the moment it comes (VDA-PRONE-04), and a bow drawn with
Potence (VDA-BOW-01), through ``decide`` with exact events. Written against the mutants
of ``handlers/fall`` and ``handlers/bows`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.conftest import Table, act, sheet

PRONE = ev.ConditionChanged(combatant="alma", condition="prone", on=True, rule="gm", reason="glissade")


def started() -> Table:
    t = Table().add("alma", sheet()).add("bors", sheet())
    t.start()
    return t


def test_vda_prone_04__a_fall_before_ones_initiative_roll_costs_no_point() -> None:
    """VDA-PRONE-04: Alma falls before rolling initiative: « Au sol », no score to lose."""
    t = started()
    assert t.send(c.SetCondition(combatant="alma", condition="prone", reason="glissade")) == [PRONE]


def test_vda_prone_04__a_fall_after_ones_roll_in_the_initiative_phase_costs_a_point() -> None:
    """VDA-PRONE-04: Alma rolled (3), Bors not yet: her fall costs her a point already."""
    t = started()
    t.initiative("alma", [7, 7, 7, 2, 2])
    assert t.send(c.SetCondition(combatant="alma", condition="prone", reason="glissade")) == [
        PRONE,
        ev.InitiativeAdjusted(combatant="alma", delta=-1, score=2, rule="VDA-PRONE-04", reason="fall"),
    ]


def test_vda_bow_01__potence_helps_draw_a_bow_stronger_than_strength() -> None:
    """VDA-BOW-01: a long bow of strength 4, Strength 3 + Potence 1: Alma may shoot it."""
    t = Table()
    t.add("alma", sheet(strength=3, potence=1, archery=3, weapons=["arc_long"], bows={"arc_long": 4}))
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    shot = act("attack", skill="archery", target="bors", weapon="arc_long", ranged="bow")
    assert t.declare("alma", shot)[0] == ev.ActionDeclared(combatant="alma", sequence=1, action=shot)


def test_vda_bow_01__a_strength_rated_for_a_weapon_that_is_no_bow_draws_nothing() -> None:
    """VDA-BOW-01, VDA-BOW-03: the sheet rates a strength for Alma's hunting knife (5, above
    her Strength 2): only a bow is drawn, so her thrust is not refused."""
    t = Table()
    t.add("alma", sheet(strength=2, melee=3, weapons=["dague_de_chasse"], bows={"dague_de_chasse": 5}))
    t.add("bors", sheet())
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    thrust = act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
    assert t.declare("alma", thrust)[0] == ev.ActionDeclared(combatant="alma", sequence=1, action=thrust)

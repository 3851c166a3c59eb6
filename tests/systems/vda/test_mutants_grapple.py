"""The grapple through ``decide``: an armed defence against a grapple attempt by the
weapon's size, and its refusal without a melee weapon. Written against the mutants that
survived the mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

import pytest

from domain.systems.vda import commands as c
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import act, roll
from tests.systems.vda.test_grapple_rules import CONTACT, begin, fight, held

ARMED = Modifier(rule="VDA-GRAP-01", value=6, why="défense armée")


def defend_with(weapon: str) -> list[object]:
    return [
        act("defend", defence="parry", skill="melee", weapon=weapon, grapple="weapon_defence", target="alma")
    ]


@pytest.mark.parametrize(
    ("weapon", "size", "dice", "easier"),
    [("dague_de_chasse", "P", 1, False), ("pilum", "M", 2, True), ("lance", "G", 3, True)],
)
def test_an_armed_defence_against_a_grapple_by_the_weapons_size(
    weapon: str, size: str, dice: int, easier: bool
) -> None:
    """VDA-GRAP-01: the defender meets the attempt with the weapon: +1 die for size P, +2
    for M, +3 for G; M and G also lower the difficulty by 1 (Dexterity 2 + Melee 2 at 6)."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", *defend_with(weapon))  # type: ignore[arg-type]
    faces = [8, 8] + [2] * (2 + dice)
    rolled = t.resolve("bors", faces)[0]
    why = f"arme de taille {size}"
    assert rolled.pool[-1] == Modifier(rule="VDA-GRAP-01", value=dice, why=why)
    lower = [Modifier(rule="VDA-GRAP-01", value=-1, why=why)] if easier else []
    assert rolled.difficulty == [ARMED, *lower]
    assert rolled.roll == roll(faces, 5 if easier else 6)


def test_an_armed_defence_needs_a_melee_weapon() -> None:
    """VDA-GRAP-01: an armed defence against a grapple is made with a melee weapon, not a
    bow Bors carries."""
    t = fight(weapons=["dague_de_chasse", "arc_court"])
    begin(t)
    t.declare("alma", CONTACT)
    refused = t.refuse(c.DeclareAction(combatant="bors", action=defend_with("arc_court")[0]))  # type: ignore[arg-type]
    assert str(refused) == (
        "VDA-GRAP-01: la défense contre l'étreinte se fait avec une arme de corps à corps / a melee weapon"
    )


def test_no_flight_at_strength_plus_potence_says_why() -> None:
    """VDA-GRAP-19: held at 2, Bors's Strength 2 + Potence 0, he may no longer flee; the
    refusal gives the value and the threshold."""
    t = held(2)
    t.declare("alma", act("none"))
    flee = act("move", skill="athletics", attribute="strength", grapple="flee", target="alma")
    refused = t.refuse(c.DeclareAction(combatant="bors", action=flee))
    assert str(refused) == (
        "VDA-GRAP-19: 'bors' est étreint à 2 ≥ Force + Potence (2): plus de fuite / no more flight"
    )

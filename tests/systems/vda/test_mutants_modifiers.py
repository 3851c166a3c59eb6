"""Situational modifiers on an attack through ``decide``: the GM's terrain rulings, each
with its exact terms. Written against the mutants that survived the mutation run of
``docs/systems/vda.md``."""

from __future__ import annotations

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Circumstances
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import act, roll
from tests.systems.vda.test_equipment_round import fight

DEX, MELEE = Modifier(rule="A-6", value=3, why="dexterity"), Modifier(rule="A-6", value=3, why="melee")
DAGGER = Modifier(rule="A-7", value=6, why="dague_de_chasse")


@pytest.mark.parametrize(
    ("terrain", "pool", "difficulty"),
    [
        ("minus_one_die", [DEX, MELEE, Modifier(rule="VDA-MOD-01", value=-1)], [DAGGER]),
        ("minus_two_dice", [DEX, MELEE, Modifier(rule="VDA-MOD-01", value=-2)], [DAGGER]),
        ("plus_one_difficulty", [DEX, MELEE], [DAGGER, Modifier(rule="VDA-MOD-01", value=1)]),
    ],
)
def test_the_terrain_weighs_on_the_attack_of_the_one_who_suffers_it(
    terrain: str, pool: list[Modifier], difficulty: list[Modifier]
) -> None:
    """VDA-MOD-01: −1 or −2 dice, or +1 difficulty, by the GM's ruling, on the attack of
    the fighter the terrain hinders (Alma), when Bors does not suffer it."""
    t = fight()
    ruled = Circumstances(terrain=terrain)  # type: ignore[arg-type]
    t.send(c.SetCircumstances(combatant="alma", circumstances=ruled, reason="pente"))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    dice = 6 + sum(term.value for term in pool[2:])
    faces = [2] * dice
    rolled = t.resolve("alma", faces)[0]
    assert rolled == ev.ActionRolled(
        combatant="alma",
        sequence=1,
        kind="attack",
        skill="melee",
        pool=pool,
        difficulty=difficulty,
        roll=roll(faces, 6 + sum(term.value for term in difficulty[1:])),
        target="bors",
    )


def test_a_terrain_every_fighter_suffers_weighs_on_no_one() -> None:
    """VDA-MOD-01: nothing when every combatant suffers the same terrain alike."""
    t = fight()
    for cid in ("alma", "bors"):
        ruled = Circumstances(terrain="minus_two_dice")
        t.send(c.SetCircumstances(combatant=cid, circumstances=ruled, reason="boue"))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    rolled = t.resolve("alma", [2] * 6)[0]
    assert isinstance(rolled, ev.ActionRolled)
    assert (rolled.pool, rolled.difficulty) == ([DEX, MELEE], [DAGGER])

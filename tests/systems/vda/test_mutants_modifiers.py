"""Situational modifiers on an attack through ``decide``: the GM's terrain rulings, each
with its exact terms. Written against the mutants that survived the mutation run of
``docs/systems/vda.md``."""

from __future__ import annotations

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Circumstances
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import fight
from tests.systems.vda.test_round_orientation_ambush import BASE_4, rolled_duel

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


def test_two_organised_adversaries_are_plus_one_to_every_roll() -> None:
    """VDA-MOD-05: Bors and Cole, organised, both attack Alma: one adversary beyond the
    first, so her dodge is at +1."""
    t = Table()
    t.add("alma", sheet(dodge=2))
    t.add("bors", sheet(kind="mortal", melee=2))
    t.add("cole", sheet(kind="mortal", melee=2))
    squad = Circumstances(organised_adversaries=True)
    t.send(c.SetCircumstances(combatant="alma", circumstances=squad, reason="une escouade"))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cole", [7, 2, 2, 2, 2])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    t.declare("cole", act("attack", skill="melee", target="alma"))
    rolled = t.resolve("alma", [8, 2, 2, 2, 2])[0]
    assert rolled.difficulty == [
        Modifier(rule="A-7", value=6, why="difficulté déclarée"),
        Modifier(rule="VDA-MOD-05", value=1, why=""),
    ]


def test_a_single_attacker_is_no_outnumbering_for_the_orientation() -> None:
    """VDA-ORI-02: Bors alone attacks Alma, who orients herself while moving: one opponent
    is no outnumbering, the gesture stays at its base 4."""
    t = Table()
    t.add("alma", sheet(melee=3, dodge=2, brawl=2), player="ann")
    t.add("bors", sheet(kind="mortal", melee=2, dodge=1))
    rolled_duel(t)
    t.declare("alma", act("move", skill="athletics", orientation=True))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    events = t.resolve("alma", [7, 4, 3])
    assert events[1] == ev.OrientationRolled(
        combatant="alma", source="action", roll=roll([4, 3], 4, first=1), answers=1, difficulty=[BASE_4]
    )

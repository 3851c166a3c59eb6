"""The two-weapon option through ``decide`` (VDA-TWO-03): which rolls it weighs on, and for how
long under each reading of the table option, whole difficulties. Written against the mutants
of ``rules/two_weapons`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda.options import TacticsOptions, VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act
from tests.systems.vda.test_equipment_round import fight, resolve
from tests.systems.vda.test_gaze_two_weapons import duelist

ATTACK = act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
PARRY = act("defend", skill="melee", defence="parry", weapon="epee")
DAGGER = Modifier(rule="A-7", value=6, why="dague_de_chasse")
DECLARED = Modifier(rule="A-7", value=6, why="difficulté déclarée")
MELEE_AGAIN = Modifier(rule="VDA-GEN-01", value=1, why="melee déjà utilisé 1×")


def two_rounds_of_sequences(scope: str, second: Any) -> tuple[list[Modifier], list[Modifier]]:
    """Alma (two actions, Anger) takes the dagger-and-sword stance in sequence 1 at a table
    whose stance lasts ``scope``, attacks Bors, then rolls ``second`` in sequence 2: the two
    difficulties (failed rolls, no die of 2)."""
    options = VdaOptions(tactics=TacticsOptions(two_weapon_stance_scope=scope))  # type: ignore[arg-type]
    t: Table = fight(alma=duelist(two_weapon_styles=["small_medium"], anger=2, dominate=1), options=options)
    t.send(c.SpendForAction(combatant="alma"))
    t.send(c.TakeTwoWeaponStance(combatant="alma", weapons=["dague_de_chasse", "epee"]))
    t.declare("alma", ATTACK)
    t.declare("bors", act("none"))
    first = resolve(t, "alma", [], pad=5)[0].difficulty
    t.declare("alma", second)
    return first, resolve(t, "alma", [], pad=5)[0].difficulty


def test_vda_two_03__for_the_round_the_attack_is_at_minus_1_the_melee_defence_at_plus_1() -> None:
    """VDA-TWO-03: « Attaque à -1 en difficulté, action défensive en Mêlée à +1 »: the stance
    taken in sequence 1 still weighs on Alma's parry in sequence 2 (by default, the round)."""
    first, second = two_rounds_of_sequences("round", PARRY)
    assert first == [DAGGER, Modifier(rule="VDA-TWO-03", value=-1, why="deux armes")]
    assert second == [DECLARED, MELEE_AGAIN, Modifier(rule="VDA-TWO-03", value=1, why="deux armes")]


def test_vda_two_03__for_the_sequence_the_stance_ends_with_it() -> None:
    """VDA-TWO-03, option ``two_weapon_stance_scope = "sequence"``: the stance weighs on the
    attack of its sequence, not on the parry of the next."""
    first, second = two_rounds_of_sequences("sequence", PARRY)
    assert first == [DAGGER, Modifier(rule="VDA-TWO-03", value=-1, why="deux armes")]
    assert second == [DECLARED, MELEE_AGAIN]


def test_vda_two_03__a_melee_roll_that_is_no_defence_is_not_weighed() -> None:
    """VDA-TWO-03: only attacks and defensive actions in Melee are weighed: another action
    rolled with Melee is not."""
    _, second = two_rounds_of_sequences("round", act("other", skill="melee"))
    assert second == [DECLARED, MELEE_AGAIN]

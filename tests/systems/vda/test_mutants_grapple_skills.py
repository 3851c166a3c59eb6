"""VDA-GEN-01 on the bite and the armed defence: each earlier use of the skill in the
round adds +1, or a single +1 at a table that counts only one (``skill_repeat_every_reuse``
off). Seed 000 « Règles de combat »; 001 « Augmentation de la difficulté »."""

from __future__ import annotations

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda.options import VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act
from tests.systems.vda.test_grapple_rules import CONTACT, NOTHING, begin, fight, finish, held

ESCAPE = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
PILUM_DEFENCE = act(
    "defend", defence="parry", skill="melee", weapon="pilum", grapple="weapon_defence", target="alma"
)
EVERY_REUSE = [(True, 2), (False, 1)]


def three_actions(t: Table, *cids: str) -> None:
    for cid in cids:
        for _ in range(2):
            t.send(c.SpendForAction(combatant=cid))


@pytest.mark.parametrize(("every", "malus"), EVERY_REUSE)
def test_vda_gen_01__a_bite_after_two_escapes_in_the_round(every: bool, malus: int) -> None:
    """VDA-BITE-02, VDA-GEN-01, VDA-GRAP-16: Bors, a vampire held at 4 with three actions
    (Anger), tries two escapes (Brawl) then bites Alma: +2 for Brawl used twice, or +1 at a
    table that counts a single reuse."""
    t = held(4, VdaOptions(skill_repeat_every_reuse=every), kind="vampire", strength=3, anger=2, dominate=1)
    three_actions(t, "bors")
    t.declare("alma", NOTHING)
    t.declare("bors", ESCAPE)
    t.resolve("bors", [2] * 5)
    finish(t)
    t.declare("bors", ESCAPE)
    t.resolve("bors", [2] * 5)
    finish(t)
    t.declare("bors", act("attack", skill="brawl", weapon="morsure", target="alma"))
    rolled = t.resolve("bors", [2] * 4)[0]
    assert rolled.difficulty == [
        Modifier(rule="VDA-BITE-02", value=5, why="morsure"),
        Modifier(rule="VDA-GRAP-16", value=1, why="mordre son agresseur"),
        Modifier(rule="VDA-GEN-01", value=malus, why="brawl déjà utilisé 2×"),
    ]


@pytest.mark.parametrize(("every", "malus"), EVERY_REUSE)
def test_vda_gen_01__an_armed_defence_after_two_melee_attacks(every: bool, malus: int) -> None:
    """VDA-GRAP-01, VDA-GEN-01: Bors, a vampire with three actions (Anger), strikes Alma
    twice with his dagger (Melee), then meets her grapple with the pilum: +2 for Melee used
    twice, or +1 at a table that counts a single reuse."""
    t = fight(VdaOptions(skill_repeat_every_reuse=every), kind="vampire", anger=2, dominate=1)
    begin(t)
    three_actions(t, "alma", "bors")
    for _ in range(2):
        t.declare("alma", NOTHING)
        t.declare("bors", act("attack", skill="melee", weapon="dague_de_chasse", target="alma"))
        t.resolve("bors", [2] * 4)
        finish(t)
    t.declare("alma", CONTACT)
    t.declare("bors", PILUM_DEFENCE)
    rolled = t.resolve("bors", [2] * 6)[0]
    assert rolled.difficulty == [
        Modifier(rule="VDA-GRAP-01", value=6, why="défense armée"),
        Modifier(rule="VDA-GRAP-01", value=-1, why="arme de taille M"),
        Modifier(rule="VDA-GEN-01", value=malus, why="melee déjà utilisé 2×"),
    ]

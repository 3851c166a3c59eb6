"""Which defence answers an attack and what follows it, through ``decide``: what a
parry, a block or a dodge can stop, whom it answers, the riposte and the blade that
hurts a brawler (VTM-DEF-07, VTM-DEF-10, VTM-DEF-11, VTM-DEF-12)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action
from tests.systems.vtm.conftest import attack, defend, sheet
from tests.systems.vtm.test_mutants_rules_attack import duel

KNIFE_FIGHTER = sheet(kind="mortal", melee=2, dodge=2, brawl=2, weapons=["couteau"])
HIT, DEFENDED, MISSED = "AttackRolled", "DefenceRolled", "AttackMissed"
WOUNDED = ["DamageRolled", "Soaked", "Wounded", "ActionEnded"]


def shoot_at_bors() -> Action:
    return Action(kind="attack", maneuver="shoot", target="bors", weapon="revolver")


def answered(
    bors: Any,
    defence: Action,
    action: Action,
    faces: list[int],
    options: VtmOptions | None = None,
    **more: Any,
) -> list[str]:
    """The kinds of event Alma's ``action`` against Bors, who declared ``defence``, gives."""
    t = duel(options, alma=more.get("alma"), bors=bors)
    for condition in more.get("conditions", ()):
        t.send(c.SetCondition(combatant="bors", condition=condition, reason="la mêlée"))
    t.declare("bors", defence)
    t.declare("alma", action)
    return [type(e).__name__ for e in t.resolve("alma", faces)]


def test_vtm_def_08__a_blinded_defender_cannot_parry() -> None:
    """VTM-DEF-08: one who cannot see where the blow comes from gets no use of a parry."""
    kinds = answered(
        KNIFE_FIGHTER, defend("parry", "alma"), attack("bors"), [9, 9] + [2] * 10, conditions=["blinded"]
    )
    assert kinds == [HIT, *WOUNDED]


def test_vtm_def_07__a_parry_stops_a_blade_a_block_only_in_armour() -> None:
    """VTM-DEF-07: a parry answers a knife; so does a block by one in armour."""
    strike = attack("bors", "strike", "couteau")
    assert answered(KNIFE_FIGHTER, defend("parry", "alma"), strike, [9, 9] + [2] * 13) == [
        HIT,
        DEFENDED,
        "DamageRolled",
        "Soaked",
        "Wounded",
        "ActionEnded",
    ]
    armoured = sheet(kind="mortal", brawl=2, armour="vetements_renforces")
    assert answered(armoured, defend("block", "alma"), strike, [9, 9] + [2] * 14)[:2] == [HIT, DEFENDED]


def test_vtm_def_10__a_parry_answers_only_the_attacker_it_names() -> None:
    """VTM-DEF-10: a parry naming no one answers no attack."""
    kinds = answered(KNIFE_FIGHTER, defend("parry"), attack("bors", "strike", "couteau"), [9, 9] + [2] * 8)
    assert kinds == [HIT, *WOUNDED]


def test_vtm_def_12__a_winning_dodge_allows_no_riposte() -> None:
    """VTM-DEF-12: only a parry that wins allows a riposte; Bors, knife in hand, dodges."""
    kinds = answered(KNIFE_FIGHTER, defend("dodge"), attack("bors"), [9, 2, 2, 2, 2, 9, 9, 2, 2, 2])
    assert kinds == [HIT, DEFENDED, MISSED, "ActionEnded"]


def test_vtm_def_11__only_a_blade_parrying_a_brawler_asks_the_storyteller() -> None:
    """VTM-DEF-11: a parry that does not win asks the GM whether the blade hurt the brawler,
    but not when the weapon is a bat (bashing), the attack a knife's (Melee), or the
    defence a dodge."""
    bat = sheet(kind="mortal", melee=2, weapons=["batte"])
    assert "RulingRequested" not in answered(bat, defend("parry", "alma"), attack("bors"), [9, 9] + [2] * 12)
    strike = attack("bors", "strike", "couteau")
    assert "RulingRequested" not in answered(
        KNIFE_FIGHTER, defend("parry", "alma"), strike, [9, 9] + [2] * 13
    )
    assert "RulingRequested" not in answered(
        KNIFE_FIGHTER, defend("dodge"), attack("bors"), [9, 9] + [2] * 13
    )
    assert "RulingRequested" in answered(
        KNIFE_FIGHTER, defend("parry", "alma"), attack("bors"), [9, 9] + [2] * 13
    )


def test_vtm_def_11__by_weapon_damage_a_parry_without_success_hurts_no_one() -> None:
    """VTM-DEF-11 with ``parry_brawl_injures=weapon_damage``: the blade hurts the brawler
    only with a parry success."""
    kinds = answered(
        KNIFE_FIGHTER,
        defend("parry", "alma"),
        attack("bors"),
        [9, 9] + [2] * 13,
        VtmOptions(parry_brawl_injures="weapon_damage"),
    )
    assert kinds == [HIT, DEFENDED, *WOUNDED]


def test_vtm_def_07__no_parry_against_a_shot() -> None:
    """VTM-DEF-07: a parry answers close attacks only: Bors's parry does nothing against
    Alma's revolver."""
    gunner = sheet(firearms=2, weapons=["revolver"])
    kinds = answered(KNIFE_FIGHTER, defend("parry", "alma"), shoot_at_bors(), [9, 9] + [2] * 8, alma=gunner)
    assert kinds == [HIT, *WOUNDED]

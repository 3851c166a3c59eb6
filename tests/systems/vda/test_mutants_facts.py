"""The facts the server computes for a declaration (``handlers/facts.py``), through
``decide``: the exact refusals of a declared difficulty, ranged class or reaction that
contradicts them, and the actions a hold made impossible since their declaration. Written
against the mutants that survived the mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, scripted
from tests.systems.vda.test_grapple_rules import held


def refused(t: Table, cid: str, action: Any, as_: str = "gm") -> tuple[str, str]:
    refusal = t.refuse(c.DeclareAction(combatant=cid, action=action), as_=as_)
    return refusal.rule, refusal.message


def test_a_7__a_player_cannot_set_the_difficulty() -> None:
    """A-7: Alma's player declares her dagger blow at 7: only the GM changes a difficulty."""
    t = fight()
    harder = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", difficulty=7)
    assert refused(t, "alma", harder, as_="ann") == (
        "A-7",
        "the difficulty is the weapon's or 6; the GM alone changes it",
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"skill": "archery", "weapon": "arc_court", "ranged": "thrown"}, "arc_court is bow, not thrown"),
        ({"weapon": "dague_de_chasse", "ranged": "bow"}, "dague_de_chasse is no ranged attack, not bow"),
        ({"ranged": "bow"}, "this attack is no ranged attack, not bow"),
    ],
)
def test_vda_rdef_01__an_attacks_ranged_class_is_its_weapons(fields: dict[str, Any], message: str) -> None:
    """VDA-RDEF-01: the ranged class of an attack comes from its weapon; a declared one that
    says otherwise is refused, naming the weapon (or « this attack » without one)."""
    t = fight(alma=sheet(melee=3, archery=3, weapons=["dague_de_chasse", "arc_court"]))
    attack = act("attack", **({"skill": "melee", "target": "bors"} | fields))
    assert refused(t, "alma", attack) == ("VDA-RDEF-01", message)


def test_vda_rdef_03__an_attack_is_never_taken_in_reaction() -> None:
    """VDA-RDEF-03: only a defence is taken in reaction."""
    t = fight()
    attack = act("attack", skill="melee", target="bors", weapon="dague_de_chasse", reaction=True)
    assert refused(t, "alma", attack) == ("VDA-RDEF-03", "only a defence is taken in reaction")


@pytest.mark.parametrize("fields", [{"ranged": "bow"}, {"reaction": True}])
def test_vda_rdef_01__a_move_has_no_ranged_class_nor_reaction(fields: dict[str, Any]) -> None:
    """VDA-RDEF-01: a move has no ranged class and is taken in reaction to nothing."""
    t = fight()
    move = act("move", skill="athletics", **fields)
    assert refused(t, "alma", move) == ("VDA-RDEF-01", "only attacks and defences have a ranged class")


def bow_at_bors() -> Table:
    t = fight(
        alma=sheet(melee=3, archery=3, weapons=["arc_court"]),
        bors=sheet(kind="mortal", melee=2, dodge=1, weapons=["dague_de_chasse"]),
    )
    t.declare("alma", act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow"))
    return t


def test_vda_rdef_03__a_defence_answers_the_ranged_attacks_declared_on_it() -> None:
    """VDA-RDEF-03: Bors's dodge, once Alma's arrow is declared at him, answers a bow; a
    declared thrown class is refused."""
    dodge = act("defend", skill="dodge", defence="dodge", ranged="thrown")
    assert refused(bow_at_bors(), "bors", dodge) == ("VDA-RDEF-03", "this defence answers bow, not thrown")


def test_vda_rdef_02__a_defence_against_a_blow_answers_no_ranged_attack() -> None:
    """VDA-RDEF-02, VDA-RDEF-03: against Alma's dagger, Bors's dodge answers no ranged attack:
    it is no reaction, and has no ranged class."""
    t = fight(bors=sheet(kind="mortal", melee=2, dodge=1))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    reaction = act("defend", skill="dodge", defence="dodge", reaction=True)
    assert refused(t, "bors", reaction) == (
        "VDA-RDEF-02",
        "no ranged attack was declared against the defender yet: the defence is pre-emptive",
    )
    bow = act("defend", skill="dodge", defence="dodge", ranged="bow")
    assert refused(t, "bors", bow) == ("VDA-RDEF-03", "this defence answers no ranged attack, not bow")


def test_vda_rdef_01__a_parry_answers_the_arrow_not_the_pistol() -> None:
    """VDA-RDEF-01, VDA-RDEF-03: Alma's arrow and Cole's pistol shot are declared at Bors; his
    parry meets only the arrow: it is a reaction to a bow."""
    t = Table()
    t.add("alma", sheet(archery=3, weapons=["arc_court"]))
    t.add("cole", sheet(archery=3, weapons=["pistolet"]))
    t.add("bors", sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    t.start()
    scripted(t, c.RollInitiative(combatant="alma"), [7, 7, 7, 7, 2])
    scripted(t, c.RollInitiative(combatant="cole"), [7, 7, 7, 2, 2])
    scripted(t, c.RollInitiative(combatant="bors"), [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow"))
    t.declare("cole", act("attack", skill="archery", target="bors", weapon="pistolet", ranged="firearm"))
    parry = act("defend", skill="melee", defence="parry", weapon="dague_de_chasse")
    declared = t.declare("bors", parry)[0]
    assert declared == ev.ActionDeclared(
        combatant="bors",
        sequence=1,
        action=act(
            "defend", skill="melee", defence="parry", weapon="dague_de_chasse", ranged="bow", reaction=True
        ),
    )


# --- actions a hold made impossible since their declaration (VDA-GRAP-16, VDA-GRAP-18) ----------


def test_vda_grap_16__a_parry_with_a_medium_weapon_is_lost_once_the_hold_reaches_4() -> None:
    """VDA-GRAP-16: held at 3, Bors declares a parry with his pilum (M); the GM tightens the
    hold to 4 before it is rolled: the parry is lost, before any die."""
    t = held(3)  # Alma holds Bors at 3; round 2 rolled
    t.declare("alma", act("none"))
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="pilum"))
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=1, reason="elle serre"))
    events = t.resolve("bors", [])
    assert events[0] == ev.ActionLost(combatant="bors", sequence=1, rule="VDA-GRAP-16", reason="")


def test_vda_grap_18__an_attack_on_the_grappler_is_lost_once_the_hold_reaches_8() -> None:
    """VDA-GRAP-18: held at 3, Bors declares a blow at Alma; the GM tightens the hold to 8
    before it is rolled: the attack is lost."""
    t = held(3)  # Alma holds Bors at 3; round 2 rolled
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="brawl", target="alma"))
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=5, reason="elle serre"))
    events = t.resolve("bors", [])
    assert events[0] == ev.ActionLost(combatant="bors", sequence=1, rule="VDA-GRAP-18", reason="")

"""Letting go, the GM's overrides of a hold and of the Kiss, shortening the ecstasy,
powers while held, and the armed defence's and the bite's rolls in a crowded round.
Seed 000 « L'étreinte », « La morsure »."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import act, roll
from tests.systems.vda.test_bite_rules import DRINK, bitten
from tests.systems.vda.test_grapple_rules import CONTACT, NOTHING, POWERS, begin, fight, finish, held

PILUM_DEFENCE = act(
    "defend", defence="parry", skill="melee", weapon="pilum", grapple="weapon_defence", target="alma"
)


def test_the_gm_ends_a_hold_with_a_reason_as_a_ruling() -> None:
    """The GM ends Alma's hold on Bors with a reason: the end says it was the GM's, and why."""
    t = held(3)
    assert t.send(c.ReleaseGrapple(grappler="alma", target="bors", reason="la garde arrive")) == [
        ev.GrappleEnded(grappler="alma", target="bors", reason="gm", note="la garde arrive")
    ]


def test_a_player_letting_go_is_a_release_whatever_reason_they_give() -> None:
    """Alma's player lets go of Bors, giving a reason: it is a release, not a GM's ruling."""
    t = held(3)
    assert t.send(c.ReleaseGrapple(grappler="alma", target="bors", reason="pitié"), as_="ann") == [
        ev.GrappleEnded(grappler="alma", target="bors", reason="released")
    ]


def test_one_cannot_let_go_when_holding_nobody() -> None:
    """Bors holds nobody: he has nothing to let go of."""
    t = held(3)
    refused = t.refuse(c.ReleaseGrapple(grappler="bors", target="alma"))
    assert (refused.rule, refused.message) == ("vda.grapple-unknown", "'bors' holds nobody")


def test_the_gm_cannot_adjust_a_hold_that_does_not_exist() -> None:
    """The GM may not move Bors's hold on Alma: there is none."""
    t = held(3)
    refused = t.refuse(c.AdjustGrapple(grappler="bors", target="alma", delta=1, reason="test"))
    assert (refused.rule, refused.message) == ("vda.grapple-unknown", "'bors' does not hold 'alma'")


def test_the_gm_says_why_a_hold_moves() -> None:
    """A GM's change of a hold without a reason is refused."""
    t = held(3)
    refused = t.refuse(c.AdjustGrapple(grappler="alma", target="bors", delta=1, reason="  "))
    assert (refused.rule, refused.message) == ("vda.reason", "a GM override says why")


def test_vda_grap_05__the_gm_lowers_a_hold_to_zero_not_below() -> None:
    """VDA-GRAP-05: the GM takes 5 off a hold of 3: it stands at 0 (a hold of value 0), after
    Alma has used her action of the round."""
    t = held(3)
    t.declare("alma", act("move", skill="athletics"))
    t.declare("bors", NOTHING)
    t.resolve("alma", [2] * 5)
    assert t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-5, reason="glisse")) == [
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=-3,
            value=0,
            cause="gm",
            rule="gm",
            grappler_used=1,
            reason="glisse",
        )
    ]


def test_vda_bite_06__shortening_the_ecstasy_takes_a_willpower_point() -> None:
    """VDA-BITE-06: Bors, a vampire caught by the Kiss with 1 Willpower point left, may spend
    it to shorten the ecstasy; with none left he may not."""
    t = bitten(kind="vampire", willpower=5)
    t.send(c.AdjustPool(combatant="bors", pool="willpower", delta=-4, reason="épuisé"))
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 2, 2])
    assert t.send(c.ShortenEcstasy(combatant="bors"))[1] == ev.KissEcstasyShortened(
        victim="bors", until_round=4
    )
    finish(t)
    begin(t)
    refused = t.refuse(c.ShortenEcstasy(combatant="bors"))
    assert (refused.rule, refused.message) == ("VDA-BITE-06", "'bors' has 0 willpower left, 1 needed")


def magic_while_held(value: int) -> Any:
    t = held(value, powers=POWERS, kind="vampire", strength=4)
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics"))
    t.resolve("bors", [2, 2, 2, 2])
    return t


def test_vda_grap_22__no_magic_from_8_names_the_power() -> None:
    """VDA-GRAP-22: held at 8, Bors may not use his path of blood magic; the refusal names it."""
    t = magic_while_held(8)
    refused = t.refuse(c.UsePower(combatant="bors", power="voie-du-sang"))
    assert str(refused) == (
        "VDA-GRAP-22: 'voie-du-sang': impossible étreint à 8 (8 ou plus) / impossible from 8"
    )


# --- the armed defence and the bite, on a crowded round -------------------------------------


@pytest.mark.parametrize(("condition", "rear"), [("prone", 2), ("under_water", 0)])
def test_vda_grap_01__the_armed_defence_meets_its_situation(condition: str, rear: int) -> None:
    """VDA-GRAP-01, VDA-PRONE-01, VDA-WATER-01, VDA-WATER-02: Bors meets Alma's grapple with
    his pilum (Dexterity 2 + Melee 2 + 2 dice, at 6 − 1): on the ground his Melee is at +1;
    under water his Dexterity is at +2 and the size-M pilum at +1; a GM's +1 pending adds.
    Against an attacker in his back only his successes at 8 or more, or at the difficulty
    if higher, would count (VDA-PHYS-05)."""
    t = fight()
    begin(t)
    t.send(c.SetCondition(combatant="bors", condition=condition, reason="terrain"))
    t.send(c.AdjustDifficulty(combatant="bors", delta=1, reason="boue"))
    t.declare("alma", CONTACT)
    t.declare("bors", PILUM_DEFENCE)
    faces = [8, 8, 2, 2, 2, 2]
    situation = (
        [Modifier(rule="VDA-PRONE-01", value=1, why="")]
        if condition == "prone"
        else [Modifier(rule="VDA-WATER-01", value=2, why=""), Modifier(rule="VDA-WATER-02", value=1, why="")]
    )
    difficulty = [
        Modifier(rule="VDA-GRAP-01", value=6, why="défense armée"),
        Modifier(rule="VDA-GRAP-01", value=-1, why="arme de taille M"),
        *situation,
        Modifier(rule="gm", value=1, why="boue"),
    ]
    total = sum(m.value for m in difficulty)
    assert t.resolve("bors", faces)[0] == ev.ActionRolled(
        combatant="bors",
        sequence=1,
        kind="defend",
        skill="melee",
        pool=[
            Modifier(rule="A-6", value=2, why="dexterity"),
            Modifier(rule="A-6", value=2, why="melee"),
            Modifier(rule="VDA-GRAP-01", value=2, why="arme de taille M"),
        ],
        difficulty=difficulty,
        roll=roll(faces, total),
        target="alma",
        rear_eligible=rear,
    )


def test_vda_grap_01__an_armed_defence_after_a_melee_attack_is_at_plus_1() -> None:
    """VDA-GRAP-01, VDA-GEN-01: Bors, a vampire with a second action (Anger), strikes Alma
    with his dagger (Melee), then meets her grapple with the pilum: Melee again, +1."""
    t = fight(kind="vampire", anger=2, dominate=1)
    begin(t)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.send(c.SpendForAction(combatant="bors"))
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
        Modifier(rule="VDA-GEN-01", value=1, why="melee déjà utilisé 1×"),
    ]

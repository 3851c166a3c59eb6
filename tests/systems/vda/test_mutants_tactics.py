"""Tactics through ``decide``: the mid-round charge's bonus under the table's option, and
the skill a gaze's intent is guessed with. Written against the mutants that survived the
mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Charge, Mount, OwnNaturalWeapon
from domain.systems.vda.options import DamageOptions, VdaOptions
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_gaze_two_weapons import gaze_fight

DAMAGE_BONUS = VdaOptions(damage=DamageOptions(charge_initiative_bonus="damage"))


def charging(
    weapon: str,
    options: VdaOptions | None = DAMAGE_BONUS,
    theirs: tuple[str, ...] = (),
    mount: Mount | None = None,
    **bors: Any,
) -> tuple[Table, ev.ActionDeclared, list[object]]:
    """Alma (on ``mount`` if given), at a table whose mid-round charge adds the weapon's
    damage bonus (unless ``options`` say otherwise), charges Bors (a mortal unless ``bors``
    says otherwise, holding ``theirs``, empty-handed by default) in sequence 2 with
    ``weapon`` after a round of run-up."""
    t = Table(options)
    t.add("alma", sheet(melee=3, celerity=1, weapons=[weapon], mount=mount))
    t.add("bors", sheet(**({"kind": "mortal", "melee": 2} | bors), weapons=list(theirs)))
    t.moving_round("alma", [2] * 3)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    charge = act(
        "attack",
        skill="melee",
        target="bors",
        weapon=weapon,
        charge=Charge(mounted=mount is not None, rounds_moved=1, initiative_bonus=True),
    )
    events = t.declare("alma", charge)
    return t, ev.ActionDeclared(combatant="alma", sequence=2, action=charge), events


def test_a_mid_round_charge_adds_the_damage_bonus_under_the_option() -> None:
    """VDA-CHARGE-04: under ``charge_initiative_bonus = "damage"`` the lance adds its damage
    bonus (3) to Alma's current initiative (3)."""
    t, declared, events = charging("lance")
    assert events[:2] == [
        declared,
        ev.InitiativeAdjusted(
            combatant="alma",
            delta=3,
            score=6,
            rule="VDA-CHARGE-04",
            reason="mid_round_charge",
        ),
    ]
    assert t.state.fighters["alma"].initiative == 6


def test_a_gaze_intent_is_guessed_with_empathy_or_occult_only() -> None:
    """VDA-GAZE-06: the target of Alma's active gaze guesses its intent with Perception +
    Empathy or Occult; another skill is refused, and the refusal says which skills."""
    t = gaze_fight()
    t.declare(
        "alma", act("other", skill="intimidation", attribute="manipulation", target="bors", gaze="regard")
    )
    t.declare("bors", act("none"))
    refused = t.refuse(c.DetectGazeIntent(combatant="bors", attacker="alma", skill="brawl"))  # type: ignore[arg-type]
    assert refused.rule == "VDA-GAZE-06"
    assert str(refused) == "VDA-GAZE-06: Perception + Empathy or Occult"


def test_the_larger_weapon_is_the_larger_size_before_the_initiative_bonus() -> None:
    """VDA-CHARGE-09, VDA-CHARGE-04: Alma's boar spear (size G, initiative +1) is larger than
    Bors's scimitar (size M, initiative +2): her mid-round charge adds its bonus (+1)."""
    _, _, events = charging("epieu", options=None, theirs=("cimeterre",))
    assert events[1] == ev.InitiativeAdjusted(
        combatant="alma", delta=1, score=4, rule="VDA-CHARGE-04", reason="mid_round_charge"
    )


def test_a_natural_weapon_has_no_size_to_outrank_a_mounted_pilum() -> None:
    """VDA-CHARGE-09, VDA-CHARGE-04: Bors's claws (no size, initiative +2) are smaller than
    Alma's pilum (size M, initiative +1), whatever their initiative: her mounted mid-round
    charge adds the pilum's bonus."""
    claws = OwnNaturalWeapon(id="griffes", name="Griffes", damage_bonus=1, initiative=2, discipline="protean")
    options = VdaOptions(natural_weapons=[claws])
    _, _, events = charging("pilum", options, ("griffes",), Mount(strength=4), kind="ghoul", protean=1)
    assert events[1] == ev.InitiativeAdjusted(
        combatant="alma", delta=1, score=4, rule="VDA-CHARGE-04", reason="mid_round_charge"
    )

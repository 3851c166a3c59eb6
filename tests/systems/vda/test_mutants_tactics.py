"""Tactics through ``decide``: the mid-round charge's bonus under the table's option, and
the skill a gaze's intent is guessed with. Written against the mutants that survived the
mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Charge
from domain.systems.vda.options import DamageOptions, VdaOptions
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_gaze_two_weapons import gaze_fight


def charging(weapon: str) -> tuple[Table, ev.ActionDeclared, list[object]]:
    """Alma, at a table whose mid-round charge adds the weapon's damage bonus, charges
    Bors (empty-handed) in sequence 2 with ``weapon`` after a round of run-up."""
    t = Table(VdaOptions(damage=DamageOptions(charge_initiative_bonus="damage")))
    t.add("alma", sheet(melee=3, celerity=1, weapons=[weapon]))
    t.add("bors", sheet(kind="mortal", melee=2))
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
        charge=Charge(rounds_moved=1, initiative_bonus=True),
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

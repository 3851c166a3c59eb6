"""The grapple through ``decide``: an armed defence against a grapple attempt by the
weapon's size, and its refusal without a melee weapon. Written against the mutants that
survived the mutation run of ``docs/systems/vda.md``."""

from __future__ import annotations

import msgspec
import pytest

from domain.dice import ScriptedRoller
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.data import ARMOURS, find_weapon
from domain.systems.vda.options import DamageOptions, GrappleOptions, VdaOptions
from domain.systems.vda.rules.attack import Striker, Target, resolve_attack
from domain.systems.wod import Attributes, Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_bite_rules import DRINK, bitten
from tests.systems.vda.test_grapple_rules import (
    A_INIT,
    B_INIT,
    CONTACT,
    NOTHING,
    POWERS,
    begin,
    fight,
    finish,
    held,
)

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


def struck(t: Table, damage_and_soak: list[int]) -> tuple[list[object], ScriptedRoller]:
    """A round in which Bors parries Alma's grapple with his hunting dagger, 4 successes to
    her 1, and strikes her with the 3 left over (VDA-GRAP-02); also the dice of the strike's
    damage and soak, for :func:`resolve_attack`."""
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", defend_with("dague_de_chasse")[0])
    t.resolve("bors", [8, 8, 8, 8, 2])
    contact = [8, 2, 2, 2, 2, 2]
    roller = ScriptedRoller(contact + damage_and_soak)
    for _ in contact:
        roller.die(10)
    return t.resolve("alma", contact + damage_and_soak), roller


def strikes(events: list[object]) -> list[ev.AttackResolved]:
    return [e for e in events if isinstance(e, ev.AttackResolved)]


DAGGER = find_weapon("dague_de_chasse")
STAMINA_3 = Attributes(dexterity=3, wits=3, strength=3, perception=2, stamina=3)


def test_the_armed_defender_strikes_through_the_whole_damage_path() -> None:
    """VDA-GRAP-02: the armed defender's strike is a normal attack's damage: Bors (a ghoul,
    Strength 2, Potence 1) against Alma's Stamina 3, Fortitude 1, mail and shield."""
    t = Table()
    alma = sheet(brawl=3, fortitude=1, armour="maille", weapons=["bouclier"])
    t.add("alma", msgspec.structs.replace(alma, attributes=STAMINA_3), player="ann")
    t.add("bors", sheet(kind="ghoul", dex=2, melee=2, potence=1, weapons=["dague_de_chasse"]))
    events, roller = struck(t, [9, 9, 8, 2, 2, 2])
    expected = resolve_attack(
        roller,
        striker=Striker(strength=2, potence=1),
        target=Target(kind="vampire", stamina=3, fortitude=1, armour=ARMOURS["maille"], shield=True),
        weapon=DAGGER,  # type: ignore[arg-type]
        attack_successes=3,
        options=DamageOptions(),
    )
    assert strikes(events) == [
        ev.AttackResolved(attacker="bors", target="alma", sequence=1, resolution=expected)
    ]
    assert (expected.potence_automatic, expected.armour_dice, expected.soak_from_fortitude) == (1, 3, 1)
    assert expected.health.lethal > 0


def test_the_armed_defenders_strike_on_a_bare_fighter_with_a_sword() -> None:
    """VDA-GRAP-02: against Alma without Fortitude or armour, carrying a sword (no shield),
    Bors's strike finds nothing but her Stamina to soak it."""
    t = Table()
    t.add("alma", sheet(brawl=3, weapons=["epee"]), player="ann")
    t.add("bors", sheet(kind="mortal", dex=2, melee=2, weapons=["dague_de_chasse"]))
    events, roller = struck(t, [9, 2])
    expected = resolve_attack(
        roller,
        striker=Striker(strength=2),
        target=Target(kind="vampire", stamina=1),
        weapon=DAGGER,  # type: ignore[arg-type]
        attack_successes=3,
    )
    assert strikes(events) == [
        ev.AttackResolved(attacker="bors", target="alma", sequence=1, resolution=expected)
    ]
    assert (expected.armour_dice, expected.soak_from_fortitude) == (0, 0)


def test_the_armed_defenders_strike_counts_the_tokens_already_spent() -> None:
    """VDA-GRAP-02, VDA-FORPOT-02, VDA-FORPOT-04: with the table's options (a shield worth 2
    dice, each Fortitude token once per combat), the strike counts the tokens Bors's
    Potence 2 and Alma's Fortitude 2 spent on an earlier blow: no 1 comes off its damage
    or its soak."""
    damage = DamageOptions(shield_armour_dice=2, fortitude_ones_once_per_combat=True)
    t = Table(VdaOptions(damage=damage))
    alma = sheet(brawl=3, fortitude=2, armour="maille", weapons=["bouclier"])
    t.add("alma", msgspec.structs.replace(alma, attributes=STAMINA_3), player="ann")
    t.add("bors", sheet(kind="ghoul", dex=2, melee=2, potence=2, weapons=["dague_de_chasse"]))
    begin(t)
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma", weapon="dague_de_chasse"))
    [blow] = strikes(t.resolve("bors", [8, 8, 8, 2, 9, 1, 9, 1, 8, 2]))
    assert (blow.resolution.damage_ones_removed, blow.resolution.soak_ones_removed) == (1, 1)
    events, roller = struck(t, [9, 1, 9, 1, 8, 2])
    expected = resolve_attack(
        roller,
        striker=Striker(strength=2, potence=2, potence_tokens_used=1),
        target=Target(
            kind="vampire",
            stamina=3,
            fortitude=2,
            armour=ARMOURS["maille"],
            shield=True,
            fortitude_tokens_used=1,
        ),
        weapon=DAGGER,  # type: ignore[arg-type]
        attack_successes=3,
        options=damage,
    )
    assert strikes(events) == [
        ev.AttackResolved(attacker="bors", target="alma", sequence=1, resolution=expected)
    ]
    assert (expected.armour_dice, expected.damage_ones_removed, expected.soak_ones_removed) == (4, 0, 0)


def test_a_vampire_of_willpower_8_is_held_by_the_kiss_for_no_round() -> None:
    """VDA-BITE-06: a vampire failing Self-Control cannot react for (8 − Willpower) rounds:
    with Willpower 8, none; Alma's drink starts no ecstasy."""
    t = bitten(kind="vampire", self_control=2, willpower=8)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 2, 2, 3, 4])
    assert [type(e) for e in events if isinstance(e, ev.KissEcstasyStarted | ev.KissResisted)] == []
    assert [e.amount for e in events if isinstance(e, ev.BloodDrunk)] == [2]
    assert "bors" not in t.state.ecstasy


@pytest.mark.parametrize(("faces", "lost", "movement"), [([9, 8, 2, 2, 2, 2], 1, 1), ([2] * 6, 0, 0)])
def test_flight_splits_its_successes_between_the_value_and_the_movement(
    faces: list[int], lost: int, movement: int
) -> None:
    """VDA-GRAP-11: Bors (Strength 4), held at 3, flees: two successes lower the value by 1
    and move him 1; none change nothing."""
    t = held(3, strength=4)
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics", attribute="strength", grapple="flee", target="alma"))
    assert [e for e in t.resolve("bors", faces) if isinstance(e, ev.GrappleValueChanged)] == [
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=-lost,
            value=3 - lost,
            cause="flight",
            rule="VDA-GRAP-11",
            opposition=0,
            movement=movement,
            grappler_used=0,
        )
    ]


def test_under_the_option_the_grappler_s_gaze_suffers_its_own_hold() -> None:
    """VDA-GRAP-23: at a table whose gaze malus also hits the grappler (« par la lutte »),
    Alma, holding Bors at 3 and held by nobody, loses 3 dice on her gaze power."""
    t = Table(VdaOptions(grapple=GrappleOptions(gaze_malus_hits_grappler=True)))
    alma = sheet(dex=3, strength=3, brawl=3, athletics=2, dodge=2, dominate=1, powers=POWERS)
    t.add("alma", alma, player="ann")
    t.add("bors", sheet(kind="mortal", dex=2, strength=2, brawl=2, melee=2, athletics=2, dodge=1))
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
    finish(t)
    begin(t)
    t.declare("alma", act("move", skill="athletics"))
    t.declare("bors", NOTHING)
    t.resolve("alma", [2] * 5)
    hindered = [
        e for e in t.send(c.UsePower(combatant="alma", power="regard")) if isinstance(e, ev.PowerHindered)
    ]
    assert hindered == [
        ev.PowerHindered(
            combatant="alma",
            power="regard",
            terms=[Modifier(rule="VDA-GRAP-23", value=-3, why="dés perdus: valeur d'étreinte")],
        )
    ]


def test_a_control_the_held_fighter_opposes_as_well_raises_nothing() -> None:
    """VDA-GRAP-12, VDA-GRAP-13: Bors, a ghoul held at 3 with a Celerity action still to
    come, opposes Alma's control with 2 successes against her 1: the value stays 3."""
    t = fight(kind="ghoul", celerity=1, blood=5)
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
    finish(t)
    t.start()
    t.send(c.ActivateCelerity(combatant="bors"))
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)
    t.declare("alma", act("other", skill="brawl", attribute="strength", grapple="control", target="bors"))
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [2, 2, 2, 2, 2, 2, 8, 8, 2, 2])
    assert [e for e in events if isinstance(e, ev.GrappleValueChanged)] == [
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=0,
            value=3,
            cause="control",
            rule="VDA-GRAP-12",
            opposition=2,
            grappler_used=1,
        )
    ]

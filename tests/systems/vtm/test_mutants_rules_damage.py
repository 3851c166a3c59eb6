"""Damage through ``decide``: who soaks, the levels taken, what they do to the victim
(dazed, incapacitated, the wound penalty and the slower pace of the health track)
(VTM-DMG, VTM-CPX-05, VTM-MOVE-07)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import HealthLevel, Movement
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, attack, m, sheet
from tests.systems.vtm.test_mutants_rules_attack import duel, strike

DAZED = ev.ConditionChanged(combatant="bors", condition="dazed", on=True, until=2, rule="VTM-CPX-05")


def inflict(t: object, damage_type: str, dice: int, faces: list[int]) -> list[object]:
    return t.send(  # type: ignore[attr-defined]
        c.InflictDamage(combatant="bors", damage_type=damage_type, dice=dice, reason="incendie"), dice=faces
    )


def test_vtm_dmg_07__a_ghoul_soaks_lethal_only_with_vitae_in_it() -> None:
    """VTM-DMG-07: a ghoul with one point of blood soaks lethal damage; with none, it soaks
    nothing (VTM-DMG-05)."""
    fed = duel(bors=sheet(kind="ghoul", blood=1))
    assert inflict(fed, "lethal", 1, [9, 2, 2])[1].pool == [
        m("VTM-DMG-04", 2, "stamina"),
        m("VTM-DMG-04", 0, "fortitude"),
        m("VTM-DMG-04", 0, "armour"),
    ]
    dry = duel(bors=sheet(kind="ghoul", blood=0))
    assert inflict(dry, "lethal", 1, [9])[1] == ev.Soaked(target="bors", damage_type="lethal")


def test_vtm_dmg_06__a_vampire_halves_bashing_rounded_down() -> None:
    """VTM-DMG-06: four bashing levels unsoaked are two for a vampire."""
    t = duel(bors=sheet(kind="vampire"))
    wounded = inflict(t, "bashing", 4, [9] * 4 + [2, 2])[2]
    assert wounded == ev.Wounded(
        target="bors", damage_type="bashing", levels=2, halved=True, health=Health(bashing=2)
    )


def test_vtm_hr_03__after_soak_by_the_table_s_reading_the_floor_still_wounds() -> None:
    """VTM-HR-03 with ``minimum_damage_stage=after_soak``: a hit whose damage roll fails and
    whose one level is soaked still does its one level."""
    t = duel(VtmOptions(minimum_damage_stage="after_soak"))
    events = strike(t, attack("bors"), [9, 2, 2, 2, 2] + [2, 2] + [9, 2])
    assert events[3] == ev.Wounded(target="bors", damage_type="bashing", levels=1, health=Health(bashing=1))


def test_vtm_cpx_05__more_levels_than_stamina_daze_plus_two_for_a_vampire() -> None:
    """VTM-CPX-05: three levels daze a mortal of Stamina 2; a vampire of Stamina 2 needs five."""
    mortal = duel()
    assert inflict(mortal, "lethal", 3, [9] * 3)[3] == DAZED
    vampire = duel(bors=sheet(kind="vampire"))
    assert inflict(vampire, "lethal", 5, [9] * 5 + [2, 2])[3] == DAZED


def test_vtm_dmg_11__every_level_filled_even_aggravated_incapacitates() -> None:
    """VTM-DMG-11: seven aggravated levels fill a mortal's seven health levels."""
    t = duel()
    assert inflict(t, "aggravated", 7, [9] * 7)[4] == ev.ConditionChanged(
        combatant="bors", condition="incapacitated", on=True, rule="VTM-DMG-11"
    )


def test_vtm_dmg_11__aggravated_wounds_weigh_like_any_other() -> None:
    """VTM-DMG-11: two aggravated levels are Lightly wounded (-1 die); VTM-MOVE-07: four
    are Badly wounded, no running; a single bashing level (Bruised) costs no die."""
    t = duel()
    t.send(c.AdjustHealth(combatant="alma", aggravated=2, reason="brûlée"))
    rolled = t.send(c.RollTest(combatant="alma", attribute="dexterity"), dice=[2, 2])
    assert rolled[0].pool == [m("VTM-DICE-01", 3, "dexterity"), m("VTM-DMG-11", -1, "Blessé légèrement")]
    t.send(c.AdjustHealth(combatant="alma", aggravated=2, reason="brûlée encore"))
    t.declare("bors", OTHER)
    running = c.DeclareActions(combatant="alma", actions=[OTHER], move=Movement(pace="run", metres=10))
    assert str(t.refuse(running)) == "VTM-MOVE-07: Blessé gravement: no running"
    bruised = duel()
    bruised.send(c.AdjustHealth(combatant="alma", bashing=1, reason="une gifle"))
    rolled = bruised.send(c.RollTest(combatant="alma", attribute="dexterity"), dice=[2] * 3)
    assert rolled[0].pool == [m("VTM-DICE-01", 3, "dexterity")]


def test_vtm_dmg_11_move_07__the_table_s_own_health_track() -> None:
    """VTM-DMG-11, VTM-MOVE-07 with a table's two-level track (Scratched: -1, no running;
    Done for: -3, no running): unhurt, Alma loses nothing and runs; one level down she
    loses a die and may not run."""
    track = [
        HealthLevel(name="Égratignée", penalty=1, no_run=True),
        HealthLevel(name="Finie", penalty=3, no_run=True),
    ]
    t = duel(VtmOptions(health_track=track))
    rolled = t.send(c.RollTest(combatant="alma", attribute="dexterity"), dice=[2] * 3)
    assert rolled[0].pool == [m("VTM-DICE-01", 3, "dexterity")]
    t.declare("bors", OTHER)
    running = c.DeclareActions(combatant="alma", actions=[OTHER], move=Movement(pace="run", metres=10))
    assert len(t.send(running)) == 1
    hurt = duel(VtmOptions(health_track=track))
    hurt.send(c.AdjustHealth(combatant="alma", lethal=1, reason="une balle perdue"))
    rolled = hurt.send(c.RollTest(combatant="alma", attribute="dexterity"), dice=[2] * 2)
    assert rolled[0].pool == [m("VTM-DICE-01", 3, "dexterity"), m("VTM-DMG-11", -1, "Égratignée")]
    hurt.declare("bors", OTHER)
    assert str(hurt.refuse(running)) == "VTM-MOVE-07: Égratignée: no running"

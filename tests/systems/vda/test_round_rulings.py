"""Rules the seeds leave to the GM, or to the player's choice, through the round: orientation
under Obfuscate and « Arcane de combat » (VDA-ORI-02, VDA-ORI-04), the mid-round charge (VDA-CHARGE-04),
the ambusher's gear (VDA-CONC-02)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Charge, Circumstances, Item
from domain.systems.vda.state import VdaPower
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, options_for, roll, sheet

BASE_4 = Modifier(rule="VDA-ORI-02", value=4, why="geste d'orientation")
OBFUSCATE_2 = Modifier(rule="VDA-ORI-04", value=2, why="Obfuscate")
ARCANE_1 = Modifier(rule="VDA-ORI-04", value=1, why="Arcane de combat")


def _obscured(t: Table, cid: str = "alma") -> None:
    ruled = c.SetCircumstances(
        combatant=cid,
        circumstances=Circumstances(obfuscate=2, combat_arcane=1),
        reason="un Nosferatu invisible rôde; un arcane de combat brouille la mêlée",
    )
    assert t.send(ruled) == [
        ev.CircumstancesSet(combatant=cid, circumstances=ruled.circumstances, reason=ruled.reason)
    ]


def _duel() -> Table:
    t = Table()
    t.add(
        "alma",
        sheet(
            athletics=2, melee=2, auspex=1, powers={"auspex-1": VdaPower(discipline="auspex", orients=True)}
        ),
    )
    t.add("bors", sheet(kind="mortal", melee=2))
    return t


def test_vda_ori_04__obfuscate_and_the_arcane_raise_the_gestures_difficulty_by_the_gms_ruling() -> None:
    """VDA-ORI-04: obfuscate and the arcane raise the gestures difficulty by the gms ruling."""
    t = _duel()
    _obscured(t)
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("move", skill="athletics", orientation=True))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [7, 7, 7, 7, 6])
    assert events[1] == ev.OrientationRolled(
        combatant="alma",
        source="action",
        roll=roll([7, 6], 7, first=3),
        answers=1,
        difficulty=[BASE_4, OBFUSCATE_2, ARCANE_1],
    )


def test_vda_ori_04__the_minor_act_orientation_at_initiative_is_subject_too() -> None:
    """VDA-ORI-04: the minor act orientation at initiative is subject too."""
    t = _duel()
    _obscured(t)
    t.start()
    events = t.initiative("alma", [7, 7, 7, 7, 6], minor_acts=["orientation"])
    assert events[1] == ev.OrientationRolled(
        combatant="alma",
        source="initiative",
        roll=roll([7, 6], 7, first=3),
        answers=1,
        difficulty=[BASE_4, OBFUSCATE_2, ARCANE_1],
    )


def test_vda_ori_04__an_orienting_power_is_not_affected() -> None:
    """VDA-ORI-04: an orienting power is not affected."""
    t = _duel()
    _obscured(t)
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    events = t.send(c.UsePower(combatant="alma", power="auspex-1"))
    assert ev.OrientationRolled(combatant="alma", source="power") in events


def test_vda_ori_04__the_gm_ruling_only_adds_difficulty() -> None:
    """VDA-ORI-04: the gm ruling only adds difficulty."""
    t = _duel()
    lowered = c.SetCircumstances(combatant="alma", circumstances=Circumstances(obfuscate=-1), reason="?")
    assert t.refuse(lowered).rule == "VDA-ORI-04"


def test_vda_ori_02__outnumbering_raises_the_gesture_by_one_per_extra_opponent() -> None:
    """VDA-ORI-02: outnumbering raises the gesture by one per extra opponent."""
    t = _duel()
    t.add("cleo", sheet(kind="mortal", melee=2))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("cleo", [7, 7, 2, 2, 2])
    t.declare("alma", act("move", skill="athletics", orientation=True))
    t.declare("cleo", act("attack", skill="melee", target="alma"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    events = t.resolve("alma", [7, 7, 7, 5, 4])
    assert events[1] == ev.OrientationRolled(
        combatant="alma",
        source="action",
        roll=roll([5, 4], 5, first=3),
        answers=1,
        difficulty=[BASE_4, Modifier(rule="VDA-ORI-02", value=1, why="surnombre (2 adversaires)")],
    )


def test_vda_conc_02__sword_and_shield_cost_the_ambusher_two_stealth_dice() -> None:
    """VDA-CONC-02: sword and shield cost the ambusher two stealth dice."""
    t = Table()
    t.add("alma", sheet(dex=3, stealth=2, weapons=["epee", "bouclier", "pistolet"]))
    t.add("bors", sheet(kind="mortal", perception=2, alertness=2, wits=2, armour="maille"))
    events = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[7, 7, 2, 7, 2, 2, 8, 3, 3, 3])
    assert events == [
        ev.AmbushResolved(
            ambusher="alma",
            target="bors",
            stealth=roll([7, 7, 2], 6),
            perception=roll([7, 2, 2], 6, first=3),
            detected=False,
            awareness=roll([8, 3, 3, 3], 8, first=6),
            awareness_difficulty=8,
            defence_cap=1,
            can_react=True,
            stealth_modifiers=[Modifier(rule="VDA-CONC-02", value=-2)],
            perception_modifiers=[Modifier(rule="VDA-ARMOR-04", value=-1)],
        )
    ]


def test_vda_conc_02__armour_and_a_musket_cost_stealth_a_weapon_on_the_ground_does_not() -> None:
    """VDA-CONC-02: armour and a musket cost stealth a weapon on the ground does not."""
    t = Table()
    t.add("alma", sheet(dex=3, stealth=2, weapons=["fusil", "lance"], armour="plaque"))
    t.add("bors", sheet(kind="mortal"))
    t.send(
        c.AdjustItem(
            combatant="alma", item="lance", state=Item(location="ground"), reason="laissée au pied du mur"
        )
    )
    events = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[7, 7, 2, 2, 2, 2, 3, 3, 3, 3, 3])
    assert events[0].stealth == roll([7, 7], 6)
    assert events[0].stealth_modifiers == [Modifier(rule="VDA-CONC-02", value=-3)]
    assert events[0].perception_modifiers == []


def _charge_table(bors_weapon: str) -> Table:
    t = Table()
    t.add("alma", sheet(melee=3, celerity=1, weapons=["lance"]))
    t.add("bors", sheet(kind="mortal", melee=2, weapons=[bors_weapon]))
    t.moving_round("alma", [2] * 3)  # the charge's run-up (VDA-CHARGE-01)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


LANCE_CHARGE = act(
    "attack",
    skill="melee",
    target="bors",
    weapon="lance",
    charge=Charge(rounds_moved=1, initiative_bonus=True),
)


def test_vda_charge_04__a_mid_round_charge_adds_the_lances_initiative_bonus_to_the_score() -> None:
    """VDA-CHARGE-04: a mid round charge adds the lances initiative bonus to the score."""
    t = _charge_table("epee")
    assert t.refuse(c.DeclareAction(combatant="alma", action=LANCE_CHARGE)).rule == "VDA-CHARGE-04"
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    assert t.state.sequence is not None and t.state.sequence.number == 2
    events = t.declare("alma", LANCE_CHARGE)
    assert events[:2] == [
        ev.ActionDeclared(combatant="alma", sequence=2, action=LANCE_CHARGE),
        ev.InitiativeAdjusted(
            combatant="alma",
            delta=3,
            score=6,
            rule="VDA-CHARGE-04",
            reason="mid_round_charge",
        ),
    ]
    assert t.state.fighters["alma"].initiative == 6


def test_vda_charge_04__only_the_larger_weapon_claims_it_and_without_the_claim_nothing_changes() -> None:
    """VDA-CHARGE-04: only the larger weapon claims it and without the claim nothing changes."""
    t = _charge_table("lance")
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    assert t.refuse(c.DeclareAction(combatant="alma", action=LANCE_CHARGE)).rule == "VDA-CHARGE-04"
    plain = act("attack", skill="melee", target="bors", weapon="lance", charge=Charge(rounds_moved=1))
    events = t.declare("alma", plain)
    assert events[0] == ev.ActionDeclared(combatant="alma", sequence=2, action=plain)
    assert not any(isinstance(e, ev.InitiativeAdjusted) for e in events)


def test_vda_pow_02__options_for_offers_use_power_only_while_a_power_passes_its_guards() -> None:
    """VDA-POW-02: options for offers use power only while a power passes its guards."""
    t = Table()
    t.add(
        "alma", sheet(celerity=1, auspex=1, powers={"auspex-1": VdaPower(discipline="auspex", orients=True)})
    )
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.declare("alma", act("none"))
    assert {"vda.UsePower", "vda.SkipPower"} <= set(options_for(t.timeline.head, "alma"))
    t.send(c.UsePower(combatant="alma", power="auspex-1", paid_by="willpower"))
    t.declare("alma", act("none"))
    assert t.state.sequence is not None and t.state.sequence.step == "power"
    offered = options_for(t.timeline.head, "alma")
    assert "vda.SkipPower" in offered and "vda.UsePower" not in offered
    # Used this round: only a reiteration could repeat it, and Auspex 1 is far from 5 (VDA-POW-06).
    assert t.refuse(c.UsePower(combatant="alma", power="auspex-1")).rule == "VDA-POW-06"

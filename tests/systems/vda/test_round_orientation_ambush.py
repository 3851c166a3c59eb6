"""Orientation (VDA-ORI), minor acts (VDA-MINOR), the ambush (VDA-AMB) and GM commands."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.rules.orientation import orientation_levels
from domain.systems.vda.state import VdaPower
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet

BASE_4 = Modifier(rule="VDA-ORI-02", value=4, why="geste d'orientation")


def rolled_duel(t: Table) -> None:
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])


def test_vda_ori_01__best_result_whole_scene_half_main_zone_less_incomplete() -> None:
    """VDA-ORI-01: best result whole scene half main zone less incomplete."""
    assert orientation_levels({"a": 4, "b": 2, "c": 1, "d": 0}) == {
        "a": "full",
        "b": "zone",
        "c": "partial",
        "d": "partial",
    }
    assert orientation_levels({"a": 5, "b": 3, "c": 2}) == {"a": "full", "b": "zone", "c": "partial"}


def test_vda_ori_02__an_orientation_gesture_takes_2_dice_at_difficulty_4(duel: Table) -> None:
    """VDA-ORI-02: an orientation gesture takes 2 dice at difficulty 4."""
    rolled_duel(duel)
    duel.declare("alma", act("move", skill="athletics", orientation=True))
    duel.declare("bors", act("none"))
    events = duel.resolve("alma", [7, 4, 3])
    assert events[0].pool[-1] == Modifier(rule="VDA-ORI-02", value=-2, why="geste d'orientation")
    assert events[0].roll.dice == 1
    assert events[1] == ev.OrientationRolled(
        combatant="alma", source="action", roll=roll([4, 3], 4, first=1), answers=1, difficulty=[BASE_4]
    )


def test_vda_ori_03__a_power_orients_on_the_power_quota() -> None:
    """VDA-ORI-03: a power orients on the power quota."""
    t = Table().add("alma", sheet(auspex=1, powers={"auspex-1": VdaPower(discipline="auspex", orients=True)}))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.declare("alma", act("none"))
    events = t.send(c.UsePower(combatant="alma", power="auspex-1"))
    assert ev.OrientationRolled(combatant="alma", source="power") in events


def test_vda_ori_05__movement_makes_the_others_orientation_stale(duel: Table) -> None:
    """VDA-ORI-05: movement makes the others orientation stale."""
    rolled_duel(duel)
    duel.declare("alma", act("move", skill="athletics"))
    duel.declare("bors", act("none"))
    events = duel.resolve("alma", [7, 7, 7])
    assert events[1] == ev.OrientationInvalidated(combatants=["bors"], reason="", by="alma")
    assert duel.state.fighters["bors"].orientation_stale


def test_vda_minor_01__minor_acts_ride_on_initiative_or_an_attack_or_defence(duel: Table) -> None:
    """VDA-MINOR-01: minor acts ride on initiative or an attack or defence."""
    rolled_duel(duel)
    move = act("move", skill="athletics", minor_acts=["draw"])
    assert duel.refuse(c.DeclareAction(combatant="alma", action=move)).rule == "VDA-MINOR-01"


def test_vda_minor_02__each_minor_act_costs_2_initiative_dice(duel: Table) -> None:
    """VDA-MINOR-02: each minor act costs 2 initiative dice."""
    duel.start()
    rolled = duel.initiative("alma", [7], minor_acts=["draw", "move"])[0]
    assert rolled.pool[-2:] == [
        Modifier(rule="VDA-MINOR-02", value=-2, why="draw"),
        Modifier(rule="VDA-MINOR-02", value=-2, why="move"),
    ]
    assert rolled.roll.dice == 1
    too_many = c.RollInitiative(combatant="bors", minor_acts=["draw", "move", "extend"])
    assert duel.refuse(too_many, dice=[]).rule == "VDA-MINOR-02"


def test_vda_minor_03__standing_up_clears_prone_and_unknown_acts_are_refused(duel: Table) -> None:
    """VDA-MINOR-03: standing up clears prone and unknown acts are refused."""
    duel.send(c.SetCondition(combatant="alma", condition="prone", reason="renversé"))
    duel.start()
    assert (
        duel.refuse(c.RollInitiative(combatant="alma", minor_acts=["dance"]), dice=[7]).rule == "VDA-MINOR-03"
    )
    events = duel.initiative("alma", [7, 7, 7], minor_acts=["stand_up"])
    assert events[0].difficulty[-1] == Modifier(rule="VDA-PRONE-03", value=2, why="au sol en début de round")
    assert events[1] == ev.ConditionChanged(
        combatant="alma", condition="prone", on=False, rule="VDA-MINOR-03", reason="stands_up"
    )


def test_vda_minor_04__orientation_as_a_minor_act_at_initiative(duel: Table) -> None:
    """VDA-MINOR-04: orientation as a minor act at initiative."""
    duel.start()
    events = duel.initiative("alma", [7, 7, 7, 4, 1], minor_acts=["orientation"])
    assert events[1] == ev.OrientationRolled(
        combatant="alma", source="initiative", roll=roll([4, 1], 4, first=3), answers=0, difficulty=[BASE_4]
    )


def test_vda_amb_01__an_ambush_comes_before_the_first_round(duel: Table) -> None:
    """VDA-AMB-01: an ambush comes before the first round."""
    duel.start()
    assert duel.refuse(c.Ambush(ambusher="bors", target="alma"), dice=[7] * 8).rule == "VDA-AMB-01"


def test_vda_amb_02__a_perception_beating_the_stealth_detects_it() -> None:
    """VDA-AMB-02: a perception beating the stealth detects it."""
    t = Table().add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=2, alertness=1))
    events = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 2, 7, 7, 2])
    assert events == [
        ev.AmbushResolved(
            ambusher="alma",
            target="bors",
            stealth=roll([6, 2, 2], 6),
            perception=roll([7, 7, 2], 6, first=3),
            detected=True,
        )
    ]
    tie = Table().add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=2, wits=2, alertness=1))
    assert (
        tie.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 2, 7, 2, 2, 3, 3, 3])[0].detected
        is False
    )


def test_vda_amb_03__awareness_successes_cap_the_defence_and_the_blood() -> None:
    """VDA-AMB-03: awareness successes cap the defence and the blood."""
    t = Table().add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=1, wits=2, alertness=1))
    events = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 9, 3])
    assert events == [
        ev.AmbushResolved(
            ambusher="alma",
            target="bors",
            stealth=roll([6, 2, 7], 6),
            perception=roll([2, 2], 6, first=3),
            detected=False,
            awareness=roll([8, 9, 3], 8, first=5),
            awareness_difficulty=8,
            defence_cap=2,
            can_react=True,
        )
    ]
    assert t.state.fighters["bors"].ambush_cap == 2


def test_vda_amb_04__celerity_in_the_ambush_works_from_round_1() -> None:
    """VDA-AMB-04: celerity in the ambush works from round 1."""
    t = (
        Table()
        .add("alma", sheet(dex=2, stealth=1))
        .add("bors", sheet(celerity=1, perception=1, wits=2, alertness=1))
    )
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 3, 3])
    assert t.send(c.ActivateCelerity(combatant="bors"))[1] == ev.CelerityActivated(
        combatant="bors", dots=1, from_round=1
    )


def test_vda_amb_05__blood_during_the_surprise_stays_within_the_awareness_successes() -> None:
    """VDA-AMB-05: blood during the surprise stays within the awareness successes."""
    t = Table().add("alma", sheet(dex=2, stealth=1))
    t.add("bors", sheet(celerity=2, perception=1, wits=2, alertness=1, generation=8))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 3, 3])
    assert t.refuse(c.ActivateCelerity(combatant="bors", dots=2)).rule == "VDA-AMB-05"


def test_vda_amb_06__an_unaware_target_cannot_react_and_rolls_initiative_at_plus_1() -> None:
    """VDA-AMB-06: an unaware target cannot react and rolls initiative at plus 1."""
    t = Table().add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=1, wits=2, alertness=1))
    resolved = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 3, 3, 3])[0]
    assert resolved.defence_cap == 0 and resolved.can_react is False
    t.start()
    rolled = t.initiative("bors", [7, 7, 7])[0]
    assert rolled.difficulty[-1] == Modifier(rule="VDA-AMB-06", value=1, why="surprise totale")


def test_vda_amb_07__expecting_the_attack_lowers_the_awareness_difficulty() -> None:
    """VDA-AMB-07: expecting the attack lowers the awareness difficulty."""
    t = Table().add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=1, wits=2, alertness=1))
    unseen = c.Ambush(ambusher="alma", target="bors", expectation="unseen")
    assert t.send(unseen, dice=[6, 2, 7, 2, 2, 6, 3, 3])[0].awareness_difficulty == 6


def test_gm_ruling_is_recorded_and_only_the_gm_gives_one(duel: Table) -> None:
    ruling = c.GiveRuling(rule="VDA-MOD-01", ruling="terrain en pente: +1 pour tous", combatant="alma")
    assert duel.send(ruling) == [
        ev.RulingGiven(rule="VDA-MOD-01", ruling="terrain en pente: +1 pour tous", combatant="alma")
    ]
    assert duel.refuse(ruling, as_="ann").rule == "role.gm-only"


def test_gm_difficulty_override_applies_to_the_next_roll(duel: Table) -> None:
    rolled_duel(duel)
    duel.send(c.AdjustDifficulty(combatant="alma", delta=1, reason="boue"))
    duel.declare("alma", act("move", skill="athletics"))
    duel.declare("bors", act("none"))
    rolled = duel.resolve("alma", [7, 7, 7])[0]
    assert rolled.difficulty[-1] == Modifier(rule="gm", value=1, why="boue")
    assert duel.state.fighters["alma"].pending == []


def test_gm_health_override_needs_a_reason(duel: Table) -> None:
    assert duel.refuse(c.AdjustHealth(combatant="alma", lethal=2, reason=" ")).rule == "vda.reason"
    duel.send(c.AdjustHealth(combatant="alma", lethal=2, reason="chute du toit"))
    assert duel.state.fighters["alma"].health.lethal == 2

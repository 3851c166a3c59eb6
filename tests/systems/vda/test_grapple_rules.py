"""The grapple, « L'étreinte » (the VDA-GRAP chapter), through the round: declared as
``PhysicalAction.grapple``, resolved with ``ResolveAction``, its thresholds read by
every guard. Seed 000 « L'étreinte »."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import GrappleOptions, VdaOptions
from domain.systems.vda.payloads import GrappleRoll
from domain.systems.vda.rules import grapple
from domain.systems.vda.rules.grapple_core import grapple_thresholds
from domain.systems.vda.state import Fighter, Grapple, GrappleEffects, VdaPower
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, options_for, roll, sheet

A_INIT = [7, 7, 7, 2, 2]  # Alma: 3
B_INIT = [7, 2, 2, 2, 2]  # Bors: 1
CONTACT = act("attack", skill="brawl", target="bors", grapple="contact")
NOTHING = act("none")
# Contact 3 successes; grip Strength 3 dice (3 hits) + Potence 1; Bors resists with 2 dice (none).
HOLD_AT_3 = [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2]
BASE = Modifier(rule="A-7", value=6, why="difficulté de base")
POWERS = {
    "voie-du-sang": VdaPower(discipline="thaumaturgy"),
    "regard": VdaPower(discipline="dominate", requires="gaze"),
    "vicissitude-1": VdaPower(discipline="vicissitude"),
}


def fight(options: VdaOptions | None = None, **bors: Any) -> Table:
    """Alma, a player's vampire (Dex 3, Str 3, Brawl 3, Potence 1), and Bors, a mortal
    (Dex 2, Str 2, Brawl 2, Melee 2) carrying a hunting dagger, a pilum and a lance."""
    t = Table(options)
    alma = sheet(dex=3, strength=3, brawl=3, potence=1, athletics=2, dodge=2, anger=2, dominate=1)
    t.add("alma", alma, player="ann")
    traits: dict[str, Any] = dict(
        kind="mortal",
        dex=2,
        strength=2,
        brawl=2,
        melee=2,
        athletics=2,
        dodge=1,
        weapons=["dague_de_chasse", "pilum", "lance"],
    )
    t.add("bors", sheet(**(traits | bors)))
    return t


def begin(t: Table) -> None:
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", B_INIT)


def held(value: int = 3, options: VdaOptions | None = None, **bors: Any) -> Table:
    """Round 1: Alma grapples Bors at 3 (then the GM sets ``value``); round 2 begins."""
    t = fight(options, **bors)
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    resist = max(bors.get("strength", 2), bors.get("dex", 2))
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8] + [2] * resist)
    finish(t)
    if value != 3:
        t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=value - 3, reason="test"))
    begin(t)
    return t


def finish(t: Table) -> None:
    """Skip the power actions left in the round."""
    while t.state.sequence is not None and t.state.sequence.step == "power":
        for cid in list(t.state.sequence.acting):
            t.send(c.SkipPower(combatant=cid))


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def refused(t: Table, cid: str, action: Any) -> str:
    return t.refuse(c.DeclareAction(combatant=cid, action=action)).rule


# --- the attempt: VDA-GRAP-01, VDA-GRAP-02, VDA-GRAP-03, VDA-GRAP-04, VDA-GRAP-05, VDA-GRAP-06,
# VDA-GRAP-07 -----------------------------------------------------------------------------------


def test_vda_grap_01__the_weapon_adds_dice_by_size_and_m_or_g_lower_the_difficulty() -> None:
    """VDA-GRAP-01: the weapon adds dice by size and m or g lower the difficulty."""
    from domain.systems.vda.data import find_weapon

    dagger, _ = grapple.weapon_defence_terms(find_weapon("dague_de_chasse"))
    assert dagger.value == 1 and grapple.weapon_defence_terms(find_weapon("dague_de_chasse"))[1] is None
    lance, easier = grapple.weapon_defence_terms(find_weapon("lance"))
    assert (lance.value, easier and easier.value) == (3, -1)
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare(
        "bors",
        act(
            "defend", defence="parry", skill="melee", weapon="lance", grapple="weapon_defence", target="alma"
        ),
    )
    rolled = t.resolve("bors", [8, 8, 2, 2, 2, 2, 2])[0]
    assert rolled.pool[-1] == Modifier(rule="VDA-GRAP-01", value=3, why="arme de taille G")
    assert rolled.difficulty == [
        Modifier(rule="VDA-GRAP-01", value=6, why="défense armée"),
        Modifier(rule="VDA-GRAP-01", value=-1, why="arme de taille G"),
    ]
    assert rolled.roll == roll([8, 8, 2, 2, 2, 2, 2], 5)


def _weapon_defence(defender_faces: list[int], contact_faces: list[int]) -> list[Any]:
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare(
        "bors",
        act(
            "defend",
            defence="parry",
            skill="melee",
            weapon="dague_de_chasse",
            grapple="weapon_defence",
            target="alma",
        ),
    )
    t.resolve("bors", defender_faces)
    return t.resolve("alma", contact_faces)


def test_vda_grap_02__a_tie_fails_the_attempt() -> None:
    """VDA-GRAP-02: a tie fails the attempt."""
    events = _weapon_defence([8, 8, 2, 2, 2], [8, 8, 2, 2, 2, 2])
    assert of(events, ev.GrappleWeaponDefenceResolved) == [
        ev.GrappleWeaponDefenceResolved(
            grappler="alma", defender="bors", grappler_successes=2, defender_successes=2, outcome="tie"
        )
    ]
    assert of(events, ev.GrappleAttempted) == [
        ev.GrappleAttempted(grappler="alma", target="bors", margin=0, value=None, reason="tie")
    ]


def test_vda_grap_02__the_armed_defender_who_wins_strikes_the_grappler() -> None:
    """VDA-GRAP-02: the armed defender who wins strikes the grappler."""
    events = _weapon_defence([8, 8, 8, 8, 2], [8, 2, 2, 2, 2, 2, 2, 2])
    assert of(events, ev.GrappleWeaponDefenceResolved)[0].outcome == "defender_strikes"
    [struck] = of(events, ev.AttackResolved)
    assert (struck.attacker, struck.target, struck.resolution.weapon_id) == (
        "bors",
        "alma",
        "dague_de_chasse",
    )
    assert struck.resolution.attack_successes == 3


def test_vda_grap_02__the_grappler_who_wins_goes_on_to_contact_strength() -> None:
    """VDA-GRAP-02: the grappler who wins goes on to contact strength."""
    events = _weapon_defence([8, 2, 2, 2, 2], [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
    assert of(events, ev.GrappleWeaponDefenceResolved)[0].outcome == "through"
    assert of(events, ev.GrappleEstablished)[0].cap == 2


def test_vda_grap_03__a_dodge_lowers_the_margin_which_caps_the_value() -> None:
    """VDA-GRAP-03: a dodge lowers the margin which caps the value."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    t.resolve("bors", [8, 2, 2])
    events = t.resolve("alma", HOLD_AT_3)
    assert of(events, ev.GrappleEstablished) == [
        ev.GrappleEstablished(
            grappler="alma", target="bors", value=2, cap=2, strength_potence=2, grappler_used=1
        )
    ]


def test_vda_grap_03__no_margin_no_contact() -> None:
    """VDA-GRAP-03: no margin no contact."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [2, 2, 2, 2, 2, 5])
    assert of(events, ev.GrappleAttempted) == [
        ev.GrappleAttempted(grappler="alma", target="bors", margin=0, value=None, reason="missed")
    ]
    assert t.state.grapples == {}


def test_vda_grap_04__the_positive_remainder_is_the_value_never_above_the_margin() -> None:
    """VDA-GRAP-04: the positive remainder is the value never above the margin."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", HOLD_AT_3)
    contact = GrappleRoll(
        pool=[
            Modifier(rule="VDA-GRAP-03", value=3, why="dexterity"),
            Modifier(rule="VDA-GRAP-03", value=3, why="brawl"),
        ],
        difficulty=[BASE],
        roll=roll([8, 8, 8, 2, 2, 2], 6),
        successes=3,
    )
    hard = [Modifier(rule="VDA-GRAP-04", value=6, why="force du contact")]
    grip = GrappleRoll(
        pool=[Modifier(rule="VDA-GRAP-08", value=3, why="strength")],
        difficulty=hard,
        roll=roll([8, 8, 8], 6, first=6),
        automatic=1,
        successes=4,
    )
    resist = GrappleRoll(
        pool=[Modifier(rule="VDA-GRAP-08", value=2, why="strength")],
        difficulty=hard,
        roll=roll([2, 2], 6, first=9),
    )
    assert events[:3] == [
        ev.GrappleRolled(
            combatant="alma", sequence=1, move="contact", target="bors", pair="dexterity+brawl", check=contact
        ),
        ev.GrappleAttempted(
            grappler="alma", target="bors", margin=3, value=3, grip=grip, resist=resist, reason="held"
        ),
        ev.GrappleEstablished(
            grappler="alma", target="bors", value=3, cap=3, strength_potence=2, grappler_used=1
        ),
    ]
    assert grapple.base_value(4, 3) == 3
    assert t.state.grapples["alma>bors"].effects == grapple_thresholds(3, 2)


def _zero_hold() -> Table:
    """Alma has three actions (Anger) and grapples Bors at 0 in sequence 1."""
    t = fight()
    begin(t)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 2, 2, 8, 8])
    assert of(events, ev.GrappleEstablished)[0].value == 0
    return t


def test_vda_grap_05__a_zero_hold_is_tightened_at_the_very_next_action() -> None:
    """VDA-GRAP-05: a zero hold is tightened at the very next action."""
    t = _zero_hold()
    t.declare("alma", act("other", skill="brawl", grapple="control", target="bors"))
    events = t.resolve("alma", [8, 8, 2, 2, 2, 2])
    assert of(events, ev.GrappleValueChanged)[0].value == 2


def test_vda_grap_05__another_action_first_loses_the_chance() -> None:
    """VDA-GRAP-05: another action first loses the chance."""
    t = _zero_hold()
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.resolve("alma", [2, 2, 2, 2, 2])
    control = act("other", skill="brawl", grapple="control", target="bors")
    assert refused(t, "alma", control) == "VDA-GRAP-05"


def test_vda_grap_06__a_zero_hold_ends_at_the_start_of_the_next_round() -> None:
    """VDA-GRAP-06: a zero hold ends at the start of the next round."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 2, 2, 8, 8])
    assert t.state.grapples["alma>bors"].value == 0
    started = t.start()[0]
    assert started.ended_grapples == ["alma>bors"]
    assert t.state.grapples == {}


def test_vda_grap_07__a_negative_remainder_fails_the_attempt() -> None:
    """VDA-GRAP-07: a negative remainder fails the attempt."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 8, 8, 2, 2, 2, 2, 2, 2, 8, 8])
    assert of(events, ev.GrappleAttempted)[0].value is None
    assert of(events, ev.GrappleAttempted)[0].reason == "negative"
    assert grapple.base_value(-1, 3) is None
    assert t.state.grapples == {}


# --- the test, flight, control: VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-10, VDA-GRAP-11, VDA-GRAP-12,
# VDA-GRAP-13 -----------------------------------------------------------------------------------


def test_vda_grap_08__escape_successes_lower_the_value() -> None:
    """VDA-GRAP-08: escape successes lower the value."""
    t = held(3)
    t.declare("alma", NOTHING)
    t.declare("bors", act("other", skill="brawl", attribute="strength", grapple="escape", target="alma"))
    events = t.resolve("bors", [8, 8, 2, 2])
    assert of(events, ev.GrappleValueChanged) == [
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=-2,
            value=1,
            cause="escape",
            rule="VDA-GRAP-08",
            grappler_used=0,
        )
    ]
    assert t.state.grapples["alma>bors"].value == 1


def test_vda_grap_09__the_grappler_keeps_its_opposition_for_the_round() -> None:
    """VDA-GRAP-09: the grappler keeps its opposition for the round."""
    t = held(3)
    t.declare("alma", act("defend", defence="block", skill="brawl", grapple="oppose", target="bors"))
    t.declare("bors", act("other", skill="brawl", attribute="strength", grapple="escape", target="alma"))
    kept = t.resolve("alma", [8, 2, 2, 2, 2, 2])
    assert of(kept, ev.GrappleSuccessesKept) == [
        ev.GrappleSuccessesKept(grappler="alma", target="bors", side="grappler", successes=1)
    ]
    events = t.resolve("bors", [8, 8, 2, 2])
    assert of(events, ev.GrappleValueChanged)[0].opposition == 1
    assert of(events, ev.GrappleValueChanged)[0].value == 2
    assert t.state.grapples["alma>bors"].grappler_kept == 1
    t.start()
    assert t.state.grapples["alma>bors"].grappler_kept is None


def test_vda_grap_10__the_same_pair_again_in_the_round_is_at_plus_one() -> None:
    """VDA-GRAP-10: the same pair again in the round is at plus one."""
    assert grapple.pair_repeat_malus(Fighter(), "strength+brawl") is None
    fighter = Fighter(grapple_pairs={"strength+brawl": 2})
    assert grapple.pair_repeat_malus(fighter, "strength+brawl") == Modifier(
        rule="VDA-GRAP-10", value=2, why="strength+brawl déjà utilisé 2×"
    )
    assert grapple.pair_repeat_malus(fighter, "dexterity+brawl") is None
    t = held(3)
    t.declare("alma", NOTHING)
    t.declare("bors", act("other", skill="brawl", attribute="strength", grapple="escape", target="alma"))
    t.resolve("bors", [2, 2, 2, 2])
    assert t.state.fighters["bors"].grapple_pairs == {"strength+brawl": 1}


def test_vda_grap_11__flight_alternates_value_and_movement_and_frees_at_zero() -> None:
    """VDA-GRAP-11: flight alternates value and movement and frees at zero."""
    assert grapple.flight_split(3) == (2, 1)
    t = held(1)
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics", attribute="strength", grapple="flee", target="alma"))
    events = t.resolve("bors", [9, 8, 8, 2])
    [rolled] = of(events, ev.GrappleRolled)
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-GRAP-11", value=2, why="fuite")]
    assert of(events, ev.GrappleValueChanged)[0].movement == 1
    assert of(events, ev.GrappleEnded) == [ev.GrappleEnded(grappler="alma", target="bors", reason="fled")]
    assert t.state.grapples == {}


def test_vda_grap_12__control_raises_the_value_past_the_cap() -> None:
    """VDA-GRAP-12: control raises the value past the cap."""
    t = held(3)
    t.declare("alma", act("other", skill="brawl", attribute="strength", grapple="control", target="bors"))
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 8, 2, 2, 2, 2])
    [rolled] = of(events, ev.GrappleRolled)
    assert rolled.check.automatic == 1 and rolled.check.successes == 3
    assert of(events, ev.GrappleValueChanged)[0].value == 6
    assert t.state.grapples["alma>bors"].effects.forbidden_sizes == ["G", "M", "P"]


def test_vda_grap_13__the_held_characters_kept_successes_oppose_control() -> None:
    """VDA-GRAP-13: the held characters kept successes oppose control."""
    t = held(3)
    t.declare("alma", act("other", skill="brawl", attribute="strength", grapple="control", target="bors"))
    t.declare("bors", act("defend", defence="block", skill="brawl", grapple="oppose", target="alma"))
    assert t.refuse(c.ResolveAction(combatant="alma"), dice=[8] * 6).rule == "VDA-GRAP-13"
    t.resolve("bors", [8, 8, 2, 2])
    events = t.resolve("alma", [8, 8, 2, 2, 2, 2])
    assert of(events, ev.GrappleValueChanged)[0].opposition == 2
    assert of(events, ev.GrappleValueChanged)[0].value == 4
    assert t.state.grapples["alma>bors"].target_kept == 2


# --- the thresholds: VDA-GRAP-14, VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-18, VDA-GRAP-19,
# VDA-GRAP-20, VDA-GRAP-21 ----------------------------------------------------------------------


def test_vda_grap_14__a_positive_value_drags_the_other_when_moving() -> None:
    """VDA-GRAP-14: a positive value drags the other when moving."""
    t = held(1)
    t.declare("alma", act("move", skill="athletics"))
    t.declare("bors", NOTHING)
    rolled = t.resolve("alma", [2, 2, 2, 2, 2])[0]
    assert Modifier(rule="VDA-GRAP-14", value=2, why="traîne 1 personne(s)") in rolled.difficulty
    assert grapple_thresholds(1, 2).bite and not grapple_thresholds(0, 2).bite


def test_vda_grap_15__value_2_forbids_size_g_weapons() -> None:
    """VDA-GRAP-15: value 2 forbids size g weapons."""
    t = held(2)
    t.declare("alma", NOTHING)
    lance = act("attack", skill="melee", weapon="lance", target="alma")
    assert refused(t, "bors", lance) == "VDA-GRAP-15"
    t.declare("bors", act("attack", skill="melee", weapon="dague_de_chasse", target="alma"))


def test_vda_grap_16__value_4_forbids_size_m_weapons_and_biting_back_is_plus_1() -> None:
    """VDA-GRAP-16: value 4 forbids size m weapons and biting back is plus 1."""
    t = held(4)
    t.declare("alma", NOTHING)
    assert refused(t, "bors", act("attack", skill="melee", weapon="pilum", target="alma")) == "VDA-GRAP-16"
    assert grapple_thresholds(4, 2).bite_back_difficulty == 1


def test_vda_grap_17__value_6_forbids_size_p_weapons_and_biting_back_is_plus_2() -> None:
    """VDA-GRAP-17: value 6 forbids size p weapons and biting back is plus 2."""
    t = held(6, strength=3)
    t.declare("alma", NOTHING)
    dagger = act("attack", skill="melee", weapon="dague_de_chasse", target="alma")
    assert refused(t, "bors", dagger) == "VDA-GRAP-17"
    assert grapple_thresholds(6, 2).bite_back_difficulty == 2


def test_vda_grap_18__value_8_forbids_attacking_the_grappler() -> None:
    """VDA-GRAP-18: value 8 forbids attacking the grappler."""
    t = held(8, strength=3)
    t.declare("alma", NOTHING)
    assert refused(t, "bors", act("attack", skill="brawl", target="alma")) == "VDA-GRAP-18"
    vampire = held(8, strength=3, kind="vampire")  # VDA-NAT-01: only a vampire has fangs
    vampire.declare("alma", NOTHING)
    bite = act("attack", skill="brawl", weapon="morsure", target="alma")
    assert refused(vampire, "bors", bite) == "VDA-GRAP-18"


def test_vda_grap_19__at_strength_plus_potence_no_flight_and_dodges_at_plus_2_per_grappler() -> None:
    """VDA-GRAP-19: at strength plus potence no flight and dodges at plus 2 per grappler."""
    t = held(2)
    t.declare("alma", NOTHING)
    flee = act("move", skill="athletics", attribute="strength", grapple="flee", target="alma")
    assert refused(t, "bors", flee) == "VDA-GRAP-19"
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    rolled = t.resolve("bors", [2, 2, 2])[0]
    assert Modifier(rule="VDA-GRAP-19", value=2, why="agrippé par 1") in rolled.difficulty


def test_vda_grap_19__several_grapplers_add_their_malus() -> None:
    """VDA-GRAP-19: several grapplers add their malus."""
    state_grapples = {
        "alma>bors": Grapple(value=2, cap=3, strength_potence=2, effects=grapple_thresholds(2, 2)),
        "cleo>bors": Grapple(value=1, cap=3, strength_potence=2, effects=grapple_thresholds(1, 2)),
    }
    from domain.systems.vda.state import VdaState

    state = VdaState(grapples=state_grapples)
    assert grapple.dodge_malus(state, "bors") == Modifier(rule="VDA-GRAP-19", value=4, why="agrippé par 2")
    assert grapple.holders_of(state, "bors").keys() == {"alma", "cleo"}


def test_vda_grap_20__at_twice_strength_plus_potence_the_grappler_throws_the_target_down() -> None:
    """VDA-GRAP-20: at twice strength plus potence the grappler throws the target down."""
    t = held(3)
    takedown = act("other", grapple="takedown", target="bors")
    assert refused(t, "alma", takedown) == "VDA-GRAP-20"
    t = held(4)
    t.declare("alma", takedown)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [])
    assert events[:2] == [
        ev.TakedownPerformed(grappler="alma", target="bors", sequence=1),
        ev.ConditionChanged(
            combatant="bors", condition="prone", on=True, rule="VDA-GRAP-20", reason="takedown"
        ),
    ]
    assert "prone" in t.state.fighters["bors"].conditions


def test_vda_grap_21__at_three_times_the_target_is_immobilised() -> None:
    """VDA-GRAP-21: at three times the target is immobilised."""
    t = held(6)
    t.declare("alma", NOTHING)
    assert refused(t, "bors", act("defend", skill="dodge", defence="dodge")) == "VDA-GRAP-21"
    t.declare("bors", act("other", skill="brawl", attribute="strength", grapple="escape", target="alma"))


def _power_held(value: int, power: str) -> list[Any]:
    t = held(value, powers=POWERS, kind="vampire", strength=4)
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics"))
    t.resolve("bors", [2, 2, 2, 2])
    return t.send(c.UsePower(combatant="bors", power=power))


def test_vda_grap_22__magic_loses_the_value_in_dice_plus_1_from_4_impossible_from_8() -> None:
    """VDA-GRAP-22: magic loses the value in dice plus 1 from 4 impossible from 8."""
    events = _power_held(4, "voie-du-sang")
    assert of(events, ev.PowerHindered) == [
        ev.PowerHindered(
            combatant="bors",
            power="voie-du-sang",
            terms=[
                Modifier(rule="VDA-GRAP-22", value=-4, why="dés perdus: valeur d'étreinte"),
                Modifier(rule="VDA-GRAP-22", value=1, why="étreinte à 4 ou plus"),
            ],
        )
    ]
    with pytest.raises(Exception) as caught:
        _power_held(8, "voie-du-sang")
    assert getattr(caught.value, "rule", "") == "VDA-GRAP-22"


def test_vda_grap_23__gaze_powers_suffer_like_magic() -> None:
    """VDA-GRAP-23: gaze powers suffer like magic."""
    [hindered] = of(_power_held(2, "regard"), ev.PowerHindered)
    assert hindered.terms == [Modifier(rule="VDA-GRAP-23", value=-2, why="dés perdus: valeur d'étreinte")]


def test_vda_grap_24__touch_disciplines_work_normally() -> None:
    """VDA-GRAP-24: touch disciplines work normally."""
    events = _power_held(4, "vicissitude-1")
    assert of(events, ev.PowerHindered) == []
    assert of(events, ev.PowerUsed)[0].power == "vicissitude-1"


# --- the projection, the GM and "what may I do" -------------------------------------------


def test_vda_grap_14__the_thresholds_are_one_projection_of_the_value() -> None:
    """VDA-GRAP-14: the thresholds are one projection of the value."""
    assert grapple_thresholds(0, 2) == GrappleEffects(flight=True)
    assert grapple_thresholds(6, 2) == GrappleEffects(
        bite=True,
        forbidden_sizes=["G", "M", "P"],
        bite_back_difficulty=2,
        flight=False,
        dodge_malus=True,
        takedown=True,
        immobilised=True,
        power_dice=-6,
        power_difficulty=1,
    )


def test_the_gm_adjusts_a_grapple_with_a_reason_and_its_thresholds_follow() -> None:
    """VDA-GRAP-18: the GM raises a hold to 8 with a reason, and the threshold's effect
    (no attack on the grappler) follows; the grappler may let go."""
    t = held(3)
    events = t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=5, reason="prise de fer"))
    assert events == [
        ev.GrappleValueChanged(
            grappler="alma", target="bors", delta=5, value=8, cause="gm", rule="gm", reason="prise de fer"
        )
    ]
    assert t.state.grapples["alma>bors"].effects.no_attack_on_grappler
    assert t.send(c.ReleaseGrapple(grappler="alma", target="bors"), as_="ann") == [
        ev.GrappleEnded(grappler="alma", target="bors", reason="released")
    ]


def test_options_for_lists_the_grapple_actions_through_the_declaration_guards() -> None:
    """VDA-GRAP-19: the grapple moves offered are those the declaration accepts: Bors, held
    at 4, at least his Strength + Potence, may escape but not flee."""
    t = held(4)
    alma = options_for(t.timeline.head, "alma")
    assert "vda.DeclareAction/grapple:control:bors" in alma
    assert "vda.DeclareAction/grapple:takedown:bors" in alma
    assert "vda.DeclareAction/bite:bors" in alma
    assert "vda.DeclareAction/grapple:contact:bors" not in alma
    t.declare("alma", NOTHING)
    bors = options_for(t.timeline.head, "bors")
    assert "vda.DeclareAction/grapple:escape:alma" in bors
    assert "vda.DeclareAction/grapple:flee:alma" not in bors  # VDA-GRAP-19


def test_grapple_options_are_a_table_option() -> None:
    assert VdaOptions().grapple == GrappleOptions()


def test_the_projection_shows_each_hold_and_what_it_forbids() -> None:
    """VDA-GRAP-14, VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-19, VDA-GRAP-20, VDA-GRAP-22: the
    projection the table page, the overlay and ``fracas state`` read carries who holds whom,
    the value and cap, and what the hold forbids right now (recomputed at every change)."""
    from domain.systems.vda.state import Grapple, GrappleEffects

    t = held(4)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=0, reason="rien"))
    assert t.state.grapples == {
        "alma>bors": Grapple(
            value=4,
            cap=3,
            strength_potence=2,
            effects=GrappleEffects(
                bite=True,
                forbidden_sizes=["G", "M"],
                bite_back_difficulty=1,
                flight=False,
                dodge_malus=True,
                takedown=True,
                power_dice=-4,
                power_difficulty=1,
            ),
            since_round=1,
        )
    }


@pytest.mark.parametrize("net", [False, True])
def test_vda_gen_02__a_grapple_contact_botches_on_net_successes_by_option(net: bool) -> None:
    """VDA-GEN-02 on a grapple's contact roll: one hit and one 1 is no botch as the catalogue
    reads it (raw faces); under ``critical_on_net_successes`` the 1 cancels the hit, and the
    botch is a fall (VDA-PRONE-05)."""
    t = fight(VdaOptions(critical_on_net_successes=net))
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [7, 1, 2, 2, 2, 2])
    after = [e for e in events if not isinstance(e, ev.GrappleRolled)]
    if not net:
        assert after == [
            ev.GrappleAttempted(grappler="alma", target="bors", margin=0, value=None, reason="missed"),
            ev.SequenceEnded(sequence=1),
            ev.RoundEnded(round=1, holders=["alma"]),
        ]
        return
    assert after == [
        ev.CriticalFailure(combatant="alma", ones=1, accident="fall"),
        ev.ConditionChanged(combatant="alma", condition="prone", on=True, rule="VDA-GEN-02", reason="botch"),
        ev.InitiativeAdjusted(combatant="alma", delta=-1, score=2, rule="VDA-PRONE-05", reason="botch_fall"),
        ev.SequenceEnded(sequence=1),
        ev.RoundEnded(round=1, holders=["alma"]),
    ]

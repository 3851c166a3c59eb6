"""Issue 4's second pass through the round: the gaze attack (the VDA-GAZE chapter, with
VDA-GRAP-23 while held), the two-weapon styles (the VDA-TWO chapter), the staked vampire
(VDA-STAKE-01, VDA-STAKE-04), stuck arrows and the 2-dice removal (VDA-STUCK-01,
VDA-STUCK-02, VDA-STUCK-04), the
grenade's initiative and the rest of VDA-GREN, magic items and supernatural wear
(VDA-RES-06, VDA-RES-08). Fixed dice; whole events or the RuleViolation with the rule's ID."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.errors import RuleViolation
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.data import find_weapon
from domain.systems.vda.gear import Deafness, StuckWeapon
from domain.systems.vda.options import TacticsOptions, VdaOptions
from domain.systems.vda.rules import stake, two_weapons
from domain.systems.vda.state import VdaPower
from domain.systems.vda.tactics import GazePair, MagicItem
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve, rules, scripted

REGARD = {"regard": VdaPower(discipline="dominate", level=2, requires="gaze")}
"""A gaze power below Bors's Willpower 5: it needs a roll (VDA-GAZE-02)."""


def gazer(**traits: Any) -> Any:
    return sheet(melee=3, intimidation=2, powers=REGARD, **traits)


def gaze_fight(bors: Any = None, options: VdaOptions | None = None) -> Table:
    """Alma (Charisma 3, Manipulation 3, Intimidation 2, a gaze power) faces Bors, a mortal
    (Wits 3, Alertness 2, Self-Control 2); both rolled initiative, Alma first."""
    t = Table(options)
    alma = gazer()
    attributes = replace(alma.attributes, charisma=3, manipulation=3)
    t.add("alma", replace(alma, attributes=attributes), player="ann")
    t.add("bors", bors or sheet(kind="mortal", melee=2, dodge=1, self_control=2))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def catch(t: Table, faces: list[int], **fields: Any) -> list[Any]:
    command = c.CatchGaze(combatant="alma", target="bors", power="regard", **fields)
    return t.send(command, faces)


# --- VDA-GAZE ----------------------------------------------------------------------------


def test_vda_gaze_01__a_power_above_willpower_plus_mental_control_catches_at_once() -> None:
    """VDA-GAZE-01: a power above willpower plus mental control catches at once."""
    t = gaze_fight()
    strong = {"regard": VdaPower(discipline="dominate", level=6, requires="gaze")}
    t2 = Table()
    t2.add("alma", sheet(intimidation=2, powers=strong))
    t2.add("bors", sheet(kind="mortal", willpower=5))
    t2.start()
    t2.initiative("alma", [7, 2, 2, 2, 2])
    t2.initiative("bors", [2, 2, 2, 2, 2])
    events = t2.send(c.CatchGaze(combatant="alma", target="bors", power="regard"), [])
    assert events == [
        ev.GazeRolled(
            attacker="alma",
            target="bors",
            power="regard",
            mode="reflexive",
            sequence=1,
            needed=3,
            skill="intimidation",
        ),
        ev.GazeCaptured(attacker="alma", target="bors", power="regard", rule="VDA-GAZE-01"),
    ]
    assert t2.state.tactics.gazes["alma>bors"].captured
    refused = t.refuse(c.CatchGaze(combatant="bors", target="alma", power="regard"))
    assert refused.rule == "VDA-GAZE-01"


def test_vda_gaze_02__charisma_plus_intimidation_at_5_must_beat_the_targets_wits() -> None:
    """VDA-GAZE-02: charisma plus intimidation at 5 must beat the targets wits."""
    t = gaze_fight()
    [rolled, captured] = catch(t, [8, 8, 8, 8, 2])
    assert rolled.pool == [
        Modifier(rule="A-6", value=3, why="charisma"),
        Modifier(rule="A-6", value=2, why="intimidation"),
    ]
    assert rolled.difficulty == [Modifier(rule="VDA-GAZE-02", value=5, why="attaque de regard")]
    assert (rolled.progress, rolled.needed) == (4, 3)
    assert captured == ev.GazeCaptured(attacker="alma", target="bors", power="regard", rule="VDA-GAZE-02")


def test_vda_gaze_02__three_successes_do_not_beat_wits_3() -> None:
    """VDA-GAZE-02: three successes do not beat wits 3."""
    t = gaze_fight()
    assert [type(e) for e in catch(t, [8, 8, 8, 2, 2])] == [ev.GazeRolled]
    assert t.state.tactics.gazes["alma>bors"] == GazePair(power="regard", progress=3, needed=3)


def test_vda_gaze_03__averting_costs_two_initiative_and_plus_one_on_active_rolls() -> None:
    """VDA-GAZE-03: averting costs two initiative and plus one on active rolls."""
    t = gaze_fight()
    events = t.send(c.AvertGaze(combatant="bors"))
    assert events == [
        ev.GazeAverted(combatant="bors", on=True),
        ev.InitiativeAdjusted(combatant="bors", delta=-2, score=-1, rule="VDA-GAZE-03", reason="averting"),
    ]
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    t.send(c.SkipPower(combatant="alma"))
    assert rules(resolve(t, "bors", [2])[0].difficulty)["VDA-GAZE-03"] == 1
    t.start()
    rolled = t.initiative("bors", [7, 7, 2, 2, 2])
    assert rolled[1] == ev.InitiativeAdjusted(
        combatant="bors", delta=-2, score=0, rule="VDA-GAZE-03", reason="averting"
    )


def test_vda_gaze_03__nothing_to_avert_without_a_gaze_power_in_the_fight() -> None:
    """VDA-GAZE-03: nothing to avert without a gaze power in the fight."""
    t = fight()
    assert t.refuse(c.AvertGaze(combatant="bors")).rule == "VDA-GAZE-03"


def test_vda_gaze_04__against_averted_eyes_the_successes_cumulate_at_wits_plus_alertness() -> None:
    """VDA-GAZE-04: against averted eyes the successes cumulate at wits plus alertness."""
    t = gaze_fight()
    t.send(c.AvertGaze(combatant="bors"))
    [rolled] = catch(t, [8, 8, 8, 2, 2])
    assert rolled.difficulty == [
        Modifier(rule="VDA-GAZE-04", value=5, why="regard détourné: Astuce + Vigilance")
    ]
    assert (rolled.progress, rolled.needed) == (3, 5)  # Wits 3 + Self-Control 2 + Instinct 0
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    t.send(c.SkipPower(combatant="alma"))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    rolled, captured = catch(t, [8, 8, 8, 2, 2])
    assert (rolled.progress, captured.rule) == (6, "VDA-GAZE-04")


def test_vda_gaze_04__looking_again_loses_the_cumulated_successes() -> None:
    """VDA-GAZE-04: looking again loses the cumulated successes."""
    t = gaze_fight()
    t.send(c.AvertGaze(combatant="bors"))
    catch(t, [8, 8, 8, 2, 2])
    t.send(c.AvertGaze(combatant="bors", on=False))
    assert t.state.tactics.gazes["alma>bors"].progress == 0


def test_vda_gaze_05__one_reflexive_roll_a_round() -> None:
    """VDA-GAZE-05: one reflexive roll a round."""
    t = gaze_fight()
    catch(t, [2, 2, 2, 2, 2])
    refused = t.refuse(c.CatchGaze(combatant="alma", target="bors", power="regard"), [2] * 5)
    assert refused.rule == "VDA-GAZE-05"


def test_vda_gaze_05__the_reflexive_roll_of_the_round_leaves_the_active_one_open() -> None:
    """VDA-GAZE-05, VDA-GAZE-06: the reflexive roll spent, the active attempt (the power
    action, by option) is still open: VDA-GAZE-05 counts reflexive rolls only."""
    t = gaze_fight(options=VdaOptions(tactics=TacticsOptions(gaze_active_action="power")))
    catch(t, [2, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    assert catch(t, [2, 2, 2, 2, 2], mode="active") == [
        ev.GazeRolled(
            attacker="alma",
            target="bors",
            power="regard",
            mode="power",
            sequence=1,
            pool=[
                Modifier(rule="A-6", value=3, why="manipulation"),
                Modifier(rule="A-6", value=2, why="intimidation"),
            ],
            difficulty=[
                Modifier(rule="VDA-GAZE-02", value=5, why="attaque de regard"),
                Modifier(rule="VDA-GAZE-06", value=-2),
            ],
            roll=roll([2, 2, 2, 2, 2], 3),
            progress=0,
            needed=3,
            skill="intimidation",
        ),
        ev.SequenceEnded(sequence=1),
        ev.RoundEnded(round=1, holders=["alma"]),
    ]


def test_vda_gaze_05__the_refusal_is_the_one_of_the_target_sent() -> None:
    """VDA-GAZE-05, VDA-GAZE-07: with a reflexive roll per pair, Alma spent hers on Carl and
    Bors closed his eyes: the gaze at Bors is refused for Bors's closed eyes (VDA-GAZE-07),
    not for the roll spent on Carl."""
    t = Table(VdaOptions(tactics=TacticsOptions(gaze_reflexive_per="pair")))
    t.add("alma", gazer(), player="ann")
    t.add("bors", sheet(kind="mortal", self_control=2))
    t.add("carl", sheet(kind="mortal", self_control=2))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("carl", [2, 2, 2, 2, 2])
    t.send(c.CatchGaze(combatant="alma", target="carl", power="regard"), [2, 2, 2])
    t.send(c.AdjustGaze(attacker="alma", target="bors", understood=True, reason="a vu le manège"))
    t.send(c.CloseEyes(combatant="bors"))
    refused = t.refuse(c.CatchGaze(combatant="alma", target="bors", power="regard"), [8] * 5)
    assert refused.rule == "VDA-GAZE-07"


def test_vda_seq_01__no_gaze_before_the_first_round() -> None:
    """VDA-SEQ-01: after an ambush, before round 1, no sequence runs: a reflexive gaze is
    refused for that, not for a gaze power the sheet has."""
    t = Table().add("alma", gazer(dex=2, stealth=1))
    t.add("bors", sheet(kind="mortal", perception=1, wits=2, alertness=1))
    t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 3, 3])
    refused = t.refuse(c.CatchGaze(combatant="alma", target="bors", power="regard"), [8] * 5)
    assert str(refused) == "VDA-SEQ-01: no sequence is running: start a round and roll initiative"


def test_vda_gaze_06__an_active_action_rolls_manipulation_at_minus_two_and_may_be_guessed() -> None:
    """VDA-GAZE-06: an active action rolls manipulation at minus two and may be guessed."""
    t = gaze_fight()
    gaze = act("other", skill="intimidation", attribute="manipulation", target="bors", gaze="regard")
    t.declare("alma", gaze)
    t.declare("bors", act("none"))
    guessed = t.send(c.DetectGazeIntent(combatant="bors", attacker="alma"), [7, 2])
    assert guessed == [
        ev.GazeIntentRolled(
            combatant="bors",
            attacker="alma",
            pool=[
                Modifier(rule="VDA-GAZE-06", value=2, why="perception"),
                Modifier(rule="VDA-GAZE-06", value=0, why="empathy"),
            ],
            difficulty=[Modifier(rule="VDA-GAZE-06", value=6, why="deviner l'intention")],
            roll=roll([7, 2], 6),
            understood=True,
        )
    ]
    events = t.send(c.ResolveAction(combatant="alma"), [4, 4, 4, 4, 2])
    rolled = events[0]
    assert isinstance(rolled, ev.GazeRolled) and rolled.mode == "physical"
    assert rolled.pool[0] == Modifier(rule="A-6", value=3, why="manipulation")
    assert rolled.difficulty == [
        Modifier(rule="VDA-GAZE-02", value=5, why="attaque de regard"),
        Modifier(rule="VDA-GAZE-06", value=-2),
    ]
    assert events[1] == ev.GazeCaptured(attacker="alma", target="bors", power="regard", rule="VDA-GAZE-02")
    assert events[2] == ev.StepStarted(sequence=1, step="power", combatants=["alma"])
    assert t.refuse(c.DetectGazeIntent(combatant="bors", attacker="alma"), [7, 2]).rule == "VDA-GAZE-06"


def test_vda_gaze_06__a_reflexive_attempt_cannot_be_guessed() -> None:
    """VDA-GAZE-06: a reflexive attempt cannot be guessed."""
    t = gaze_fight()
    catch(t, [2, 2, 2, 2, 2])
    assert t.refuse(c.DetectGazeIntent(combatant="bors", attacker="alma"), [7, 2]).rule == "VDA-GAZE-06"


def test_vda_gaze_07__closed_eyes_need_the_intent_then_cost_three_and_cannot_be_caught() -> None:
    """VDA-GAZE-07: closed eyes need the intent then cost three and cannot be caught."""
    t = gaze_fight()
    assert t.refuse(c.CloseEyes(combatant="bors")).rule == "VDA-GAZE-07"
    t.send(c.AdjustGaze(attacker="alma", target="bors", understood=True, reason="a vu le manège"))
    assert t.send(c.CloseEyes(combatant="bors")) == [ev.EyesClosed(combatant="bors", on=True)]
    assert (
        t.refuse(c.CatchGaze(combatant="alma", target="bors", power="regard"), [8] * 5).rule == "VDA-GAZE-07"
    )
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    t.send(c.SkipPower(combatant="alma"))
    assert rules(resolve(t, "bors", [2])[0].difficulty)["VDA-GAZE-07"] == 3


def test_vda_gaze_07__no_malus_when_sight_is_not_the_main_sense() -> None:
    """VDA-GAZE-07: no malus when sight is not the main sense."""
    t = gaze_fight(bors=sheet(kind="mortal", melee=2, sight_primary=False))
    t.send(c.AdjustGaze(attacker="alma", target="bors", understood=True, reason="test"))
    t.send(c.CloseEyes(combatant="bors"))
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    t.send(c.SkipPower(combatant="alma"))
    assert "VDA-GAZE-07" not in rules(resolve(t, "bors", [2])[0].difficulty)


def test_vda_grap_23__a_gaze_roll_while_held_loses_the_control_value_in_dice() -> None:
    """VDA-GRAP-23: a gaze roll while held loses the control value in dice."""
    from domain.systems.vda.rules import grapple

    assert grapple.power_hindrance("gaze", 5) == [
        Modifier(rule="VDA-GRAP-23", value=-5, why="dés perdus: valeur d'étreinte"),
        Modifier(rule="VDA-GRAP-23", value=1, why="étreinte à 4 ou plus"),
    ]


# --- VDA-TWO -------------------------------------------------------------------------------


def duelist(melee: int = 3, **traits: Any) -> Any:
    return sheet(melee=melee, dex=4, weapons=["dague_de_chasse", "epee", "bouclier", "couteau"], **traits)


def test_vda_two_01__a_shield_is_the_normal_styles_defensive_weapon() -> None:
    """VDA-TWO-01: a shield is the normal styles defensive weapon."""
    t = fight(alma=duelist(two_weapon_styles=["small_medium"]))
    refused = t.refuse(c.TakeTwoWeaponStance(combatant="alma", weapons=["epee", "bouclier"]))
    assert refused.rule == "VDA-TWO-01"


def test_vda_two_02__the_style_must_be_bought_and_the_twin_glaives_need_their_prerequisites() -> None:
    """VDA-TWO-02: the style must be bought and the twin glaives need their prerequisites."""
    t = fight(alma=duelist(two_weapon_styles=["small_pair"]))
    refused = t.refuse(c.TakeTwoWeaponStance(combatant="alma", weapons=["dague_de_chasse", "epee"]))
    assert refused.rule == "VDA-TWO-02"
    events = t.send(c.TakeTwoWeaponStance(combatant="alma", weapons=["dague_de_chasse", "couteau"]))
    assert events == [
        ev.TwoWeaponStanceChanged(
            combatant="alma",
            on=True,
            weapons=["dague_de_chasse", "couteau"],
            style="small_pair",
            round=1,
            sequence=1,
        )
    ]
    glaives = [find_weapon("glaive"), find_weapon("glaive")]
    assert two_weapons.style_of(glaives) == "twin_glaives"  # type: ignore[arg-type]
    lamia = duelist(two_weapon_styles=["twin_glaives"])
    with pytest.raises(RuleViolation) as missing:
        two_weapons.require_style(lamia, "alma", glaives)  # type: ignore[arg-type]
    assert missing.value.rule == "VDA-TWO-02"
    ready = duelist(two_weapon_styles=["twin_glaives"], specialties={"melee": ["glaive"]}, melee=4)
    assert two_weapons.require_style(ready, "alma", glaives) == "twin_glaives"  # type: ignore[arg-type]


def test_vda_two_02__the_refusal_is_the_one_of_the_pair_sent() -> None:
    """VDA-TWO-02: with no pair of the sheet's weapons making a bought style, the refusal
    names the pair the player sent, not another pair of the sheet (here one with a bow)."""
    t = fight(
        alma=sheet(
            dex=4, melee=3, weapons=["dague_de_chasse", "epee", "arc_court"], two_weapon_styles=["small_pair"]
        )
    )
    refused = t.refuse(c.TakeTwoWeaponStance(combatant="alma", weapons=["dague_de_chasse", "epee"]))
    assert str(refused) == "VDA-TWO-02: 'alma' has not bought the 'small_medium' style"
    assert t.state.tactics.stances == {}


def test_vda_two_03__attacks_at_minus_one_melee_defences_at_plus_one_for_the_round() -> None:
    """VDA-TWO-03: attacks at minus one melee defences at plus one for the round."""
    t = fight(alma=duelist(two_weapon_styles=["small_medium"]))
    t.send(c.TakeTwoWeaponStance(combatant="alma", weapons=["dague_de_chasse", "epee"]))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    assert t.refuse(c.TakeTwoWeaponStance(combatant="alma", weapons=["dague_de_chasse", "epee"])).rule == (
        "VDA-TWO-03"
    )
    t.declare("bors", act("none"))
    assert rules(resolve(t, "alma", [2])[0].difficulty)["VDA-TWO-03"] == -1
    stance = t.state.tactics.stances["alma"]
    parry = act("defend", skill="melee", defence="parry", weapon="epee")
    assert two_weapons.stance_terms(stance, parry).difficulty[0].value == 1


def test_vda_two_04__two_2s_count_as_a_1_for_the_critical_failure() -> None:
    """VDA-TWO-04: two 2s count as a 1 for the critical failure."""
    t = fight(alma=duelist(two_weapon_styles=["small_medium"]))
    t.send(c.TakeTwoWeaponStance(combatant="alma", weapons=["dague_de_chasse", "epee"]))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    events = t.resolve("alma", [2, 2, 3, 3, 4, 4, 4])
    assert events[1] == ev.TwosCountedAsOnes(combatant="alma", twos=2, ones=1, successes=0)
    assert of(events, ev.CriticalFailure) == [ev.CriticalFailure(combatant="alma", ones=1)]
    assert two_weapons.twos_as_ones(roll([2, 2, 2, 8, 8], 6), True).successes == 1


# --- VDA-STAKE-01, VDA-STAKE-04 ------------------------------------------------------------------------


def test_vda_stake_04__a_staked_vampire_is_paralysed_until_the_stake_is_out() -> None:
    """VDA-STAKE-04: a staked vampire is paralysed until the stake is out."""
    t = fight(bors=sheet(melee=2, powers=REGARD, intimidation=1))
    assert t.send(c.RuleStake(target="bors", staked=True, reason="pieu planté")) == [
        ev.StakeRuled(target="bors", staked=True, reason="pieu planté")
    ]
    t.declare("alma", act("none"))
    assert t.refuse(
        c.DeclareAction(combatant="bors", action=act("attack", skill="melee", target="alma"))
    ).rule == ("VDA-STAKE-04")
    t.send(c.RuleStake(target="bors", staked=False, reason="pieu retiré"))
    assert not t.state.fighters["bors"].staked


def test_vda_stake_04__staked_after_declaring_the_action_is_lost() -> None:
    """VDA-STAKE-04: staked after declaring the action is lost."""
    t = fight(bors=sheet(melee=2))
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    events = t.send(c.RuleStake(target="bors", staked=True, reason="pieu"))
    assert ev.RoundEnded in [type(e) for e in events]


def test_vda_stake_01__a_bony_heart_waits_for_the_gms_ruling() -> None:
    """VDA-STAKE-01: a bony heart waits for the gms ruling."""
    t = fight(alma=sheet(melee=5, dex=5, weapons=["pieu"]), bors=sheet(melee=2, bony_heart=True))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="pieu", zone="heart"))
    t.declare("bors", act("none"))
    events = scripted(t, c.ResolveAction(combatant="alma"), [10] * 10, pad=2)
    [checked] = of(events, ev.StakeChecked)
    assert checked.success and checked.awaiting_ruling
    assert not t.state.fighters["bors"].staked and t.state.tactics.stake_rulings == ["bors"]
    t.send(c.RuleStake(target="bors", staked=True, reason="le cœur osseux a cédé"))
    assert t.state.fighters["bors"].staked and t.state.tactics.stake_rulings == []


# --- VDA-STUCK-01, VDA-STUCK-02, VDA-STUCK-04 ----------------------------------------------------


def test_vda_stuck_01__arrows_and_bolts_stick_the_bow_stays_in_hand() -> None:
    """VDA-STUCK-01: arrows and bolts stick the bow stays in hand."""
    bow, lance = find_weapon("arc_court"), find_weapon("lance")
    assert bow is not None and lance is not None
    assert stake.stuck_item(bow, "arc_court", ["arc_court"], True) == ("fleche", True)
    assert stake.stuck_item(bow, "arc_court", ["arc_court"], False) is None
    assert stake.stuck_item(lance, "lance", ["lance"], True) == ("lance", False)


def test_vda_stuck_02__the_pool_is_unsoaked_plus_half_the_soaked() -> None:
    """VDA-STUCK-02: the pool is unsoaked plus half the soaked."""
    assert stake.stuck_pool(2, 5) == 4


def test_vda_stuck_04__two_dice_of_a_simple_action_work_the_weapon_loose() -> None:
    """VDA-STUCK-04: two dice of a simple action work the weapon loose."""
    stuck = [StuckWeapon(owner="alma", item="fleche", target="bors", pool=3, projectile=True)]
    assert stake.unstick_site(stuck, "bors", None) == stuck[0]
    assert stake.unstick_site(stuck, "cleo", "bors") == stuck[0]
    assert stake.pool_after_minor_removal(3, roll([5, 6], 5), per_success=True) == 1
    assert stake.pool_after_minor_removal(3, roll([5, 6], 5), per_success=False) == 2
    t = fight()
    refused = t.refuse(
        c.DeclareAction(
            combatant="alma", action=act("attack", skill="melee", target="bors", minor_acts=["unstick"])
        )
    )
    assert refused.rule == "VDA-STUCK-04"


# --- VDA-GREN --------------------------------------------------------------------------------


def grenade_round_two(bors: Any = None, alma: Any = None) -> Table:
    t = fight(
        alma=alma or sheet(athletics=2, weapons=["grenade"]), bors=bors or sheet(kind="mortal", dodge=1)
    )
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def test_vda_gren_01__a_d10_initiative_the_faster_act_before_the_blast() -> None:
    """VDA-GREN-01: a d10 initiative the faster act before the blast."""
    t = grenade_round_two()
    assert t.refuse(c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"})).rule == "VDA-GREN-01"
    drawn = t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [2])
    assert drawn == [ev.GrenadeInitiativeDrawn(grenade="alma-1-1", roll=roll([2], 2), initiative=2)]
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    refused = t.refuse(c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"}))
    assert refused.rule == "VDA-GREN-01"  # Alma (3) acts before the grenade (2)
    resolve(t, "alma", [2])
    events = scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "moderate"}), [2])
    assert of(events, ev.GrenadeExploded)


def test_vda_gren_02__the_throw_is_dexterity_plus_athletics_at_6() -> None:
    """VDA-GREN-02: the throw is dexterity plus athletics at 6."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]))
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", act("none"))
    rolled = t.resolve("alma", [8, 8, 8, 2, 2])[0]
    assert rules(rolled.pool) == {"A-6": 2} and rolled.difficulty[0].value == 6
    assert t.state.grenades[0].hits == 3


def test_vda_gren_05__a_dodge_in_reaction_to_the_blast_is_at_9() -> None:
    """VDA-GREN-05: a dodge in reaction to the blast is at 9."""
    t = grenade_round_two()
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("none"))
    events = scripted(
        t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "grave"}, dodging=["bors"]), [9, 8], pad=3
    )
    difficulty = [
        Modifier(rule="A-7", value=6, why="esquive"),
        Modifier(rule="VDA-GREN-05", value=3, why="en réaction à l'explosion"),
    ]
    assert of(events, ev.GrenadeDodged) == [
        ev.GrenadeDodged(
            grenade="alma-1-1",
            combatant="bors",
            successes=1,
            reaction=True,
            pool=[
                Modifier(rule="A-6", value=3, why="dexterity"),
                Modifier(rule="A-6", value=1, why="dodge"),
            ],
            difficulty=difficulty,
            roll=roll([9, 8, 3, 3], 9),
        )
    ]
    assert of(events, ev.GrenadeExploded)[0].net_hits == {"bors": 1}


def test_vda_gren_07__four_damage_dice_with_firearm_margins() -> None:
    """VDA-GREN-07: four damage dice with firearm margins."""
    t = grenade_round_two()
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("none"))
    events = scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "lethal"}), [8] * 6, pad=3)
    [hit] = of(events, ev.AttackResolved)
    assert hit.resolution.weapon_id == "grenade" and hit.resolution.margin == 2
    assert hit.resolution.base_dice == 4 and hit.resolution.tiers is not None


def test_vda_gren_10__deafening_weighs_on_initiative_and_perception() -> None:
    """VDA-GREN-10: deafening weighs on initiative and perception."""
    t = grenade_round_two()
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("none"))
    scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "moderate"}), [2])
    resolve(t, "alma", [2])
    t.start()
    rolled = t.initiative("bors", [7, 7, 2, 2])[0]
    assert rules(rolled.pool)["VDA-GREN-10"] == -1 and rules(rolled.difficulty)["VDA-GREN-10"] == 2


def test_vda_gren_11__auspex_deafens_more_through_the_blast() -> None:
    """VDA-GREN-11: auspex deafens more through the blast."""
    t = grenade_round_two(bors=sheet(kind="mortal", dodge=1, auspex=2))
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.declare("bors", act("none"))
    events = scripted(t, c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "moderate"}), [2])
    assert of(events, ev.Deafened)[0].deafness == Deafness(difficulty=3, dice=2)


def test_vda_gren_12__beyond_its_50_m_a_grenade_throw_is_harder() -> None:
    """VDA-GREN-12: beyond its 50 m a grenade throw is harder."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]))
    throw = act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown", distance_m=60)
    t.declare("alma", throw)
    t.declare("bors", act("none"))
    rolled = t.resolve("alma", [2, 2, 2, 2, 2])[0]
    assert rules(rolled.difficulty)["VDA-THROW-02"] == 1


# --- VDA-RES-06, VDA-RES-08 ----------------------------------------------------------------------------


def test_vda_res_06_08__a_magic_sword_worn_by_entropy_loses_less() -> None:
    """VDA-RES-06, VDA-RES-08: a magic sword worn by entropy loses less."""
    magic = {"epee": MagicItem(creator_level=6, dots=1)}
    t = fight(alma=sheet(melee=3, weapons=["epee"], magic_items=magic))
    [reduced] = t.send(
        c.WearItem(
            combatant="alma", item="epee", loss=3, source="entropy", reason="sous l'égide de l'entropie"
        )
    )
    assert reduced.loss == [
        Modifier(rule="VDA-RES-08", value=3, why="entropy: sous l'égide de l'entropie"),
        Modifier(rule="VDA-RES-06", value=-1, why="objet magique"),
    ]
    assert reduced.max_resistance == t.state.fighters["alma"].items["epee"].max_resistance
    assert reduced.resistance == reduced.max_resistance - 2
    plain = fight(alma=sheet(melee=3, weapons=["epee"]))
    [unmagic] = plain.send(c.WearItem(combatant="alma", item="epee", loss=1, reason="Puissance"))
    assert reduced.max_resistance == unmagic.max_resistance + 6

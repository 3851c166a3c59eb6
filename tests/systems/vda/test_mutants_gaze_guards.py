"""The gaze's refusals through ``decide``, each with its rule ID and its words: declaring an
active gaze (VDA-GAZE-06), the attempt itself (VDA-GAZE-01, VDA-STAKE-04), the active catch
in the power step (VDA-GAZE-06, VDA-SEQ-02), averting and closing the eyes (VDA-GAZE-03,
VDA-GAZE-07), guessing the intent (VDA-GAZE-06) and the GM's adjustment of a gaze."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import TacticsOptions, VdaOptions
from domain.systems.vda.state import VdaPower
from tests.systems.vda.conftest import Table, act, options_for, sheet
from tests.systems.vda.test_gaze_two_weapons import gaze_fight, gazer

BORS = {"kind": "mortal", "melee": 2, "dodge": 1, "self_control": 2}


def said(t: Table, command: Any, dice: list[int] | None = None) -> tuple[str, str]:
    refused = t.refuse(command, dice)
    return refused.rule, refused.message


def declare_gaze(**fields: Any) -> c.DeclareAction:
    action = {
        "skill": "intimidation",
        "attribute": "manipulation",
        "target": "bors",
        "gaze": "regard",
    } | fields
    return c.DeclareAction(combatant="alma", action=act(action.pop("kind", "other"), **action))


# --- declaring an active gaze (VDA-GAZE-06) ---------------------------------------------------


def test_vda_gaze_06__a_table_spending_the_power_action_refuses_a_declared_gaze() -> None:
    """VDA-GAZE-06: at a table whose active gaze is the power action, a gaze declared as the
    physical action is refused, saying how to try it."""
    t = gaze_fight(options=VdaOptions(tactics=TacticsOptions(gaze_active_action="power")))
    assert said(t, declare_gaze()) == (
        "VDA-GAZE-06",
        "this table spends the power action on an active gaze (vda.CatchGaze, mode active)",
    )


@pytest.mark.parametrize("fields", [{"kind": "attack"}, {"target": None}])
def test_vda_gaze_06__an_active_gaze_is_an_other_action_naming_its_target(fields: dict[str, Any]) -> None:
    """VDA-GAZE-06: a gaze declared as an attack, or without a target, is refused."""
    t = gaze_fight()
    assert said(t, declare_gaze(**fields)) == (
        "VDA-GAZE-06",
        "an active gaze is an 'other' action naming its target",
    )


# --- the attempt (VDA-GAZE-01, VDA-STAKE-04) -------------------------------------------------


def test_vda_gaze_01__one_cannot_catch_ones_own_gaze() -> None:
    """VDA-GAZE-01: the target of a gaze is an opponent, never the gazer."""
    t = gaze_fight()
    command = c.CatchGaze(combatant="alma", target="alma", power="regard")
    assert said(t, command, [2] * 5) == ("VDA-GAZE-01", "'alma' is not an opponent")


def test_vda_stake_04__a_staked_gazer_tries_no_gaze() -> None:
    """VDA-STAKE-04: Alma, a vampire with a stake through the heart, cannot try Bors's gaze."""
    t = gaze_fight()
    t.send(c.RuleStake(target="alma", staked=True, reason="pieu planté"))
    command = c.CatchGaze(combatant="alma", target="bors", power="regard")
    assert said(t, command, [2] * 5) == ("VDA-STAKE-04", "'alma' has a stake through the heart: paralysed")


# --- the active catch in the power step (VDA-GAZE-06, VDA-SEQ-02) ---------------------------


def test_vda_gaze_06__a_table_spending_the_physical_action_refuses_an_active_catch() -> None:
    """VDA-GAZE-06: at the default table an active gaze is declared as the physical action:
    ``CatchGaze`` in mode active is refused, saying so."""
    t = gaze_fight()
    command = c.CatchGaze(combatant="alma", target="bors", power="regard", mode="active")
    assert said(t, command, [2] * 5) == (
        "VDA-GAZE-06",
        "this table spends the physical action on an active gaze (declare it with 'gaze')",
    )


def test_vda_seq_02__an_active_catch_waits_for_the_gazers_power_step() -> None:
    """VDA-SEQ-02, VDA-GAZE-06: at a table spending the power action on the gaze, Alma's
    active catch is refused while she resolves her physical action."""
    t = gaze_fight(options=VdaOptions(tactics=TacticsOptions(gaze_active_action="power")))
    t.declare("alma", act("move", skill="athletics"))
    t.declare("bors", act("none"))
    assert t.state.sequence is not None and t.state.sequence.acting == ["alma"]
    command = c.CatchGaze(combatant="alma", target="bors", power="regard", mode="active")
    assert said(t, command, [2] * 5) == (
        "VDA-SEQ-02",
        "'alma''s active gaze is its power action, in its power step",
    )


# --- averting the eyes (VDA-GAZE-03) -------------------------------------------------------------


def before_the_round(bors: Any = None) -> Table:
    t = Table()
    t.add("alma", gazer())
    t.add("bors", bors or sheet(**BORS))
    return t


def test_vda_gaze_03__no_averting_before_a_round() -> None:
    """VDA-GAZE-03: averting the eyes is a choice made in a round."""
    t = before_the_round()
    assert said(t, c.AvertGaze(combatant="bors")) == ("VDA-GAZE-03", "no round has started")


def test_vda_gaze_03__only_a_fighter_averts_its_eyes() -> None:
    """VDA-GAZE-03: the GM cannot make someone outside the fight avert its eyes."""
    t = gaze_fight()
    assert said(t, c.AvertGaze(combatant="zed")) == ("VDA-GAZE-03", "'zed' is not in the fight")


def test_vda_stake_04__a_staked_vampire_does_not_avert_its_eyes() -> None:
    """VDA-STAKE-04, VDA-GAZE-03: Bors, a staked vampire, is paralysed: no averting."""
    t = gaze_fight(bors=sheet(kind="vampire", melee=2, dodge=1))
    t.send(c.RuleStake(target="bors", staked=True, reason="pieu planté"))
    assert said(t, c.AvertGaze(combatant="bors")) == (
        "VDA-STAKE-04",
        "'bors' has a stake through the heart: paralysed",
    )


def test_vda_gaze_03__nothing_to_avert_from_without_an_opponents_gaze_power() -> None:
    """VDA-GAZE-03: Alma's only power needs no gaze (Celerity): Bors has no reason to avert
    his eyes, and the controls do not offer it."""
    t = Table()
    t.add("alma", sheet(intimidation=2, powers={"vitesse": VdaPower(discipline="celerity", level=1)}))
    t.add("bors", sheet(**BORS))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert said(t, c.AvertGaze(combatant="bors")) == (
        "VDA-GAZE-03",
        "no opponent has a gaze power to suspect",
    )
    assert "vda.AvertGaze" not in options_for(t.timeline.head, "bors")


def test_vda_gaze_03__looking_again_costs_no_initiative() -> None:
    """VDA-GAZE-03: Bors averts his eyes (−2 initiative), then looks again: only the change
    is written, no second initiative loss; averting before his initiative roll costs
    nothing then (the roll will)."""
    t = gaze_fight()
    t.send(c.AvertGaze(combatant="bors"))
    assert t.send(c.AvertGaze(combatant="bors", on=False)) == [ev.GazeAverted(combatant="bors", on=False)]
    early = Table()
    early.add("alma", gazer())
    early.add("bors", sheet(**BORS))
    early.start()
    assert early.send(c.AvertGaze(combatant="bors")) == [ev.GazeAverted(combatant="bors", on=True)]


def test_vda_gaze_03__averting_twice_is_refused_by_the_command_as_sent() -> None:
    """VDA-GAZE-03: Bors already looks Alma in the eyes: ``AvertGaze`` off says so."""
    t = gaze_fight()
    assert said(t, c.AvertGaze(combatant="bors", on=False)) == (
        "VDA-GAZE-03",
        "averting the gaze already off",
    )


# --- closing the eyes (VDA-GAZE-07) --------------------------------------------------------------


def test_vda_gaze_07__no_closing_the_eyes_before_a_round() -> None:
    """VDA-GAZE-07: closing the eyes is a choice made in a round."""
    t = before_the_round()
    assert said(t, c.CloseEyes(combatant="bors")) == ("VDA-GAZE-07", "no round has started")


def test_vda_gaze_07__only_a_fighter_closes_its_eyes() -> None:
    """VDA-GAZE-07: the GM cannot close the eyes of someone outside the fight."""
    t = gaze_fight()
    assert said(t, c.CloseEyes(combatant="zed")) == ("VDA-GAZE-07", "'zed' is not in the fight")


def understood(t: Table) -> None:
    t.send(c.AdjustGaze(attacker="alma", target="bors", understood=True, reason="a compris"))


def test_vda_gaze_07__closed_eyes_are_closed_once_and_opened_once() -> None:
    """VDA-GAZE-07: Bors understood Alma's intent: opening eyes that are open is refused;
    he closes them; closing them again is refused; then he opens them."""
    t = gaze_fight()
    understood(t)
    assert said(t, c.CloseEyes(combatant="bors", on=False)) == ("VDA-GAZE-07", "closed eyes already off")
    assert t.send(c.CloseEyes(combatant="bors")) == [ev.EyesClosed(combatant="bors", on=True)]
    assert said(t, c.CloseEyes(combatant="bors")) == ("VDA-GAZE-07", "closed eyes already on")
    assert t.send(c.CloseEyes(combatant="bors", on=False)) == [ev.EyesClosed(combatant="bors", on=False)]


def test_vda_stake_04__a_staked_vampire_does_not_close_its_eyes() -> None:
    """VDA-STAKE-04, VDA-GAZE-07: Bors understood the intent, but a stake paralyses him."""
    t = gaze_fight(bors=sheet(kind="vampire", melee=2, dodge=1))
    understood(t)
    t.send(c.RuleStake(target="bors", staked=True, reason="pieu planté"))
    assert said(t, c.CloseEyes(combatant="bors")) == (
        "VDA-STAKE-04",
        "'bors' has a stake through the heart: paralysed",
    )


# --- guessing the intent (VDA-GAZE-06) --------------------------------------------------------------


def test_vda_gaze_06__no_intent_to_guess_without_an_active_gaze() -> None:
    """VDA-GAZE-06: no active gaze is aimed at Bors: guessing an intent is refused."""
    t = gaze_fight()
    command = c.DetectGazeIntent(combatant="bors", attacker="alma")
    assert said(t, command, [2] * 4) == ("VDA-GAZE-06", "no active gaze on 'bors' to guess")


# --- the GM's adjustment ------------------------------------------------------------------------------


def test_the_gm_sets_a_gaze_to_0_and_caught_with_a_reason() -> None:
    """VDA-GAZE-02, VDA-GAZE-04: the GM may set a gaze's progress to 0 and say it is caught
    (or not), with a reason; the event carries every field as sent."""
    t = gaze_fight()
    command = c.AdjustGaze(attacker="alma", target="bors", progress=0, captured=True, reason="regard croisé")
    assert t.send(command) == [
        ev.GazeAdjusted(
            attacker="alma", target="bors", progress=0, captured=True, understood=None, reason="regard croisé"
        )
    ]
    freed = c.AdjustGaze(attacker="alma", target="bors", captured=False, understood=True, reason="libéré")
    assert t.send(freed) == [
        ev.GazeAdjusted(attacker="alma", target="bors", captured=False, understood=True, reason="libéré")
    ]


def test_the_gm_adjusts_a_gaze_with_a_reason_and_no_negative_progress() -> None:
    """A GM override says why; a gaze's progress is 0 or more (VDA-GAZE-04)."""
    t = gaze_fight()
    no_reason = c.AdjustGaze(attacker="alma", target="bors", captured=True, reason="  ")
    assert said(t, no_reason) == ("vda.reason", "a GM override says why")
    negative = c.AdjustGaze(attacker="alma", target="bors", progress=-1, reason="recul")
    assert said(t, negative) == ("vda.gaze-progress", "progress is 0 or more")


def test_vda_gaze_05__the_controls_offer_no_catch_once_the_reflexive_roll_is_spent() -> None:
    """VDA-GAZE-05: Alma made her reflexive gaze roll of the round: the controls no longer
    offer ``CatchGaze`` (the table spends the physical action on active gazes)."""
    t = gaze_fight()
    assert "vda.CatchGaze" in options_for(t.timeline.head, "alma")
    t.send(c.CatchGaze(combatant="alma", target="bors", power="regard"), [2] * 5)
    assert [o for o in options_for(t.timeline.head, "alma") if o.startswith("vda.CatchGaze")] == []

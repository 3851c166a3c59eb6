"""The bite and the Kiss, « La morsure » (the VDA-BITE chapter), through the round.
Seed 000 « La morsure », « Armes naturelles »."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.rules import bite
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll
from tests.systems.vda.test_grapple_rules import NOTHING, begin, finish, held, of

BITE = act("attack", skill="brawl", weapon="morsure", target="bors")
DRINK = act("other", grapple="drink", target="bors")
# Dex 3 + Brawl 3 at 5: 3 successes; damage: Str 3 + 1 = 4 dice, margin 3 converts
# some into automatic damage; Bors soaks with Stamina 1.
BITE_FACES = [8, 8, 8, 2, 2, 2, 8]
BITE_FACES_VAMPIRE = [*BITE_FACES, 2]  # a vampire soaks lethal with Stamina


def bitten(**bors: Any) -> Table:
    """Alma holds Bors at 3 and bites him in round 2; round 3 begins."""
    t = held(3, **bors)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    t.resolve("alma", BITE_FACES_VAMPIRE if bors.get("kind") == "vampire" else BITE_FACES)
    finish(t)
    begin(t)
    return t


def test_vda_bite_01__the_fangs_deal_lethal_damage_the_first_level_aggravated() -> None:
    """VDA-BITE-01: the fangs deal lethal damage the first level aggravated."""
    t = held(3)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", BITE_FACES)
    assert events[0].roll == roll([8, 8, 8, 2, 2, 2], 5)
    [resolved] = of(events, ev.AttackResolved)
    assert resolved.resolution.weapon_id == "morsure" and resolved.resolution.damage_type == "lethal"
    assert resolved.resolution.strength + resolved.resolution.weapon_bonus == 4
    assert resolved.resolution.health.aggravated == 1
    assert of(events, ev.FangsPlanted) == [ev.FangsPlanted(biter="alma", victim="bors", used=1)]


def test_vda_bite_02__no_bite_without_a_hold_of_positive_value() -> None:
    """VDA-BITE-02: no bite without a hold of positive value."""
    from tests.systems.vda.test_grapple_rules import fight

    t = fight()
    begin(t)
    assert t.refuse(c.DeclareAction(combatant="alma", action=BITE)).rule == "VDA-BITE-02"


def test_vda_bite_02__biting_ones_grappler_is_at_5_plus_the_threshold_malus() -> None:
    """VDA-BITE-02: biting ones grappler is at 5 plus the threshold malus."""
    t = held(4, kind="vampire", strength=3)
    state = t.state
    assert bite.bite_difficulty(state, "bors", "alma") == [
        Modifier(rule="VDA-BITE-02", value=5, why="morsure"),
        Modifier(rule="VDA-GRAP-16", value=1, why="mordre son agresseur"),
    ]
    assert bite.bite_difficulty(state, "alma", "bors") == [
        Modifier(rule="VDA-BITE-02", value=5, why="morsure")
    ]


def test_vda_bite_03__drinking_at_the_next_action_moves_blood_per_strength_success() -> None:
    """VDA-BITE-03: drinking at the next action moves blood per strength success."""
    t = bitten()
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 2, 2])
    [rolled] = of(events, ev.GrappleRolled)
    assert rolled.check.automatic == 1 and rolled.check.successes == 2
    assert of(events, ev.BloodDrunk) == [
        ev.BloodDrunk(drinker="alma", victim="bors", amount=2, limit_left=1, used=1)
    ]
    assert t.state.fighters["bors"].spent["blood"] == 2


def test_vda_bite_03__no_drinking_without_biting_at_the_previous_action() -> None:
    """VDA-BITE-03: no drinking without biting at the previous action."""
    t = held(3)
    assert t.refuse(c.DeclareAction(combatant="alma", action=DRINK)).rule == "VDA-BITE-03"


def test_vda_bite_04__a_third_of_the_maximum_pool_per_round() -> None:
    """VDA-BITE-04: a third of the maximum pool per round."""
    assert bite.drink_limit(10) == 3 and bite.drink_amount(5, 3, 10) == 3
    t = bitten()
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 8, 8])
    assert of(events, ev.BloodDrunk)[0].amount == 3


def test_vda_bite_05__a_mortal_cannot_resist_the_kiss_and_takes_no_action() -> None:
    """VDA-BITE-05: a mortal cannot resist the kiss and takes no action."""
    t = bitten()
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 2, 2])
    assert of(events, ev.KissEcstasyStarted) == [ev.KissEcstasyStarted(victim="bors", drinker="alma")]
    begin(t)
    t.declare("alma", NOTHING)
    escape = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
    assert t.refuse(c.DeclareAction(combatant="bors", action=escape)).rule == "VDA-BITE-05"


def test_vda_bite_06__a_vampire_failing_self_control_cannot_react_for_8_minus_willpower_rounds() -> None:
    """VDA-BITE-06: a vampire failing self control cannot react for 8 minus willpower rounds."""
    t = bitten(kind="vampire", self_control=2, willpower=5)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 2, 2, 3, 4])
    [started] = of(events, ev.KissEcstasyStarted)
    assert started.until_round == 3 + 3 - 1 and started.self_control == roll([3, 4], 7, first=3)
    assert t.send(c.ShortenEcstasy(combatant="bors")) == [
        ev.ResourceSpent(combatant="bors", pool="willpower", amount=1, purpose="extase", rule="VDA-BITE-06"),
        ev.KissEcstasyShortened(victim="bors", until_round=4),
    ]
    assert t.refuse(c.ShortenEcstasy(combatant="bors")).rule == "VDA-BITE-06"


def test_vda_bite_06__self_control_keeps_a_vampire_out_of_the_ecstasy() -> None:
    """VDA-BITE-06: self control keeps a vampire out of the ecstasy."""
    t = bitten(kind="vampire", self_control=2)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 2, 2, 8, 4])
    assert of(events, ev.KissResisted)[0].self_control == roll([8, 4], 7, first=3)
    assert "bors" not in t.state.ecstasy


def test_vda_bite_06__other_damage_ends_the_ecstasy() -> None:
    """VDA-BITE-06: other damage ends the ecstasy."""
    t = bitten()
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 2, 2])
    assert "bors" in t.state.ecstasy
    t.send(c.AdjustHealth(combatant="bors", lethal=1, reason="un carreau perdu"))
    assert "bors" not in t.state.ecstasy


def test_vda_bite_06__the_ecstasy_ends_with_the_grapple() -> None:
    """VDA-BITE-06: the ecstasy ends with the grapple."""
    t = bitten()
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 2, 2])
    t.send(c.ReleaseGrapple(grappler="alma", target="bors"), as_="ann")
    assert t.state.ecstasy == {} and t.state.fangs == {}


def test_vda_bite_03__the_pools_left_in_the_state_follow_the_blood_drunk() -> None:
    """VDA-BITE-03: the blood drunk leaves the victim's pool and fills the drinker's
    (never past what it started with); the state's ``pools``, which the pages show
    beside the sheet's maximums, are what the rules read (``Scene.pool_left``), and
    a GM's ``AdjustPool`` moves them too."""
    from domain.base import GM
    from domain.systems.vda.scene import Scene
    from domain.table import system_view

    t = bitten(blood=10)
    t.send(c.AdjustPool(combatant="alma", pool="blood", delta=-4, reason="blessée avant le combat"))
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 2, 2])
    scene = Scene.of(system_view(t.timeline.head, GM))
    for cid in ("alma", "bors"):
        assert t.state.fighters[cid].pools == {p: scene.pool_left(cid, p) for p in scene.pools}
    assert t.state.fighters["bors"].pools["blood"] == 8
    assert t.state.fighters["alma"].pools["blood"] == scene.sheet("alma").blood - 4 + 2


@pytest.mark.parametrize("net", [False, True])
def test_vda_gen_02__a_bite_botches_on_net_successes_by_option(net: bool) -> None:
    """VDA-GEN-02 on a bite: one hit and one 1 is no botch as the catalogue reads it (raw
    faces), and no damage; under ``critical_on_net_successes`` the 1 cancels the hit and
    the botch is a fall (VDA-PRONE-05)."""
    t = held(3, VdaOptions(critical_on_net_successes=net))
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [7, 1, 2, 2, 2, 2])
    assert events[0].roll == roll([7, 1, 2, 2, 2, 2], 5)
    botch = [
        ev.CriticalFailure(combatant="alma", ones=1, accident="fall"),
        ev.ConditionChanged(combatant="alma", condition="prone", on=True, rule="VDA-GEN-02", reason="botch"),
        ev.InitiativeAdjusted(combatant="alma", delta=-1, score=2, rule="VDA-PRONE-05", reason="botch_fall"),
    ]
    assert events[1:] == [
        *(botch if net else []),
        ev.SequenceEnded(sequence=1),
        ev.RoundEnded(round=2, holders=["alma"]),
    ]

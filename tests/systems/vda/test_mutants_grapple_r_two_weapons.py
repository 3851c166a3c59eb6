"""The two-weapon stance through ``decide`` and ``options_for`` (VDA-TWO-01, VDA-TWO-02,
VDA-TWO-03, VDA-TWO-04): when it may be taken or left, each refusal with its rule and its
words, the event's round and sequence, the weapons in hand, what the GM's page offers,
and the 2s counted as 1s at a table where 1s cancel. Seed 000 « Combat à deux armes »."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from domain.systems.vda.options import TacticsOptions, VdaOptions
from tests.systems.vda.conftest import Table, act, options_for, sheet
from tests.systems.vda.test_equipment_round import fight, resolve
from tests.systems.vda.test_gaze_two_weapons import duelist

PAIR = ["dague_de_chasse", "epee"]
TAKE = c.TakeTwoWeaponStance(combatant="alma", weapons=PAIR)
LEAVE = c.TakeTwoWeaponStance(combatant="alma", weapons=[], on=False)
ATTACK = act("attack", skill="melee", target="bors", weapon="dague_de_chasse")
STANCE = "vda.TakeTwoWeaponStance"


def taken(round_: int = 1, sequence: int = 1) -> ev.TwoWeaponStanceChanged:
    return ev.TwoWeaponStanceChanged(
        combatant="alma", on=True, weapons=PAIR, style="small_medium", round=round_, sequence=sequence
    )


def swordsman(**traits: Any) -> Any:
    return duelist(two_weapon_styles=["small_medium"], **traits)


def refusal(t: Table, command: Any = TAKE) -> str:
    return str(t.refuse(command))


def test_no_stance_before_the_first_round() -> None:
    """VDA-TWO-03: the stance is taken for a round: none has begun."""
    t = Table()
    t.add("alma", swordsman(), player="ann")
    t.add("bors", sheet(kind="mortal", melee=2, dodge=1))
    assert refusal(t) == "VDA-TWO-03: 'alma' is not fighting a round"


def test_no_stance_between_two_rounds() -> None:
    """VDA-TWO-03: once round 1 is over and before round 2 starts, no stance."""
    t = fight(alma=swordsman())
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    assert t.state.phase not in ("initiative", "sequence")
    assert refusal(t) == "VDA-TWO-03: the stance is taken during a round"


def test_the_stance_is_taken_while_initiative_is_rolled() -> None:
    """VDA-TWO-03: the stance may be taken as soon as the round starts, before initiative:
    it counts from sequence 1."""
    t = Table()
    t.add("alma", swordsman(), player="ann")
    t.add("bors", sheet(kind="mortal", melee=2, dodge=1))
    t.start()
    assert t.send(TAKE) == [taken()]


def test_the_stance_is_left_and_cannot_be_left_twice() -> None:
    """VDA-TWO-03: Alma leaves the stance she took this round; leaving it again is refused,
    saying she holds none."""
    t = fight(alma=swordsman())
    t.send(TAKE)
    assert t.send(LEAVE) == [ev.TwoWeaponStanceChanged(combatant="alma", on=False, round=1, sequence=1)]
    assert refusal(t, LEAVE) == "VDA-TWO-03: 'alma' holds no two-weapon stance"


def two_actions(scope: str) -> Table:
    options = VdaOptions(tactics=TacticsOptions(two_weapon_stance_scope=scope))  # type: ignore[arg-type]
    t = fight(alma=swordsman(anger=2, dominate=1), options=options)
    t.send(c.SpendForAction(combatant="alma"))
    return t


def test_for_the_round_the_stance_comes_before_the_first_action() -> None:
    """VDA-TWO-03: by default the stance is for the whole round: once Alma has declared her
    first action, it is too late, and she is told so, in sequence 2 as well."""
    t = two_actions("round")
    t.declare("alma", ATTACK)
    assert refusal(t) == "VDA-TWO-03: 'alma' already declared: the stance is taken for the whole round"
    t.declare("bors", act("none"))
    resolve(t, "alma", [], pad=5)
    assert refusal(t) == "VDA-TWO-03: 'alma' already declared: the stance is taken for the whole round"


def test_for_the_sequence_the_stance_comes_before_the_declaration() -> None:
    """VDA-TWO-03, option ``two_weapon_stance_scope = "sequence"``: Alma, who declared in
    sequence 1, may not take the stance in it; in sequence 2, before declaring, she may."""
    t = two_actions("sequence")
    t.declare("alma", ATTACK)
    t.declare("bors", act("none"))
    assert refusal(t) == "VDA-TWO-03: 'alma' already declared: the stance is taken for the whole sequence"
    resolve(t, "alma", [], pad=5)
    assert t.send(TAKE) == [taken(sequence=2)]


def test_no_style_bought_says_so() -> None:
    """VDA-TWO-02: Alma has bought no two-weapon style."""
    t = fight(alma=duelist())
    assert refusal(t) == "VDA-TWO-02: 'alma' has bought no two-weapon style"


def test_two_weapons_are_needed_and_enough() -> None:
    """VDA-TWO-01: with a single weapon no stance; with exactly two that make her style,
    Alma takes it."""
    t = fight(alma=sheet(dex=4, melee=3, weapons=["epee"], two_weapon_styles=["small_medium"]))
    assert refusal(t) == "VDA-TWO-01: 'alma' carries fewer than two weapons"
    t = fight(alma=sheet(dex=4, melee=3, weapons=PAIR, two_weapon_styles=["small_medium"]))
    assert options_for(t.timeline.head, "alma").count(STANCE) == 1
    assert t.send(TAKE) == [taken()]


def test_a_weapon_on_the_ground_makes_no_stance() -> None:
    """VDA-TWO-01, VDA-DISARM-04: Alma's sword lies on the ground: no stance with it."""
    t = fight(alma=swordsman())
    t.send(c.AdjustItem(combatant="alma", item="epee", state=Item(location="ground"), reason="lâchée"))
    assert refusal(t) == "VDA-DISARM-04: 'alma' no longer holds 'epee' (ground)"


def test_the_page_offers_no_stance_that_no_pair_makes() -> None:
    """VDA-TWO-02: Alma has bought only the small pair's style, and carries a dagger and a
    sword: the page offers her no stance."""
    t = fight(alma=sheet(dex=4, melee=3, weapons=PAIR, two_weapon_styles=["small_pair"]))
    assert STANCE not in options_for(t.timeline.head, "alma")


def test_the_page_offers_to_leave_a_stance_whose_weapon_fell() -> None:
    """VDA-TWO-03: Alma took the stance, then dropped her sword: the page still offers the
    stance command, to leave it."""
    t = fight(alma=swordsman())
    t.send(TAKE)
    t.send(c.AdjustItem(combatant="alma", item="epee", state=Item(location="ground"), reason="lâchée"))
    assert STANCE in options_for(t.timeline.head, "alma")
    assert t.send(LEAVE) == [ev.TwoWeaponStanceChanged(combatant="alma", on=False, round=1, sequence=1)]


def test_two_2s_cancel_a_hit_where_1s_cancel() -> None:
    """VDA-TWO-04, A-3: by default 1s cancel successes: Alma's two 2s count as a 1 that
    takes one of her two hits."""
    t = fight(alma=swordsman())
    t.send(TAKE)
    t.declare("alma", ATTACK)
    t.declare("bors", act("none"))
    events = resolve(t, "alma", [2, 2, 8, 8, 4, 4, 4])
    assert events[1] == ev.TwosCountedAsOnes(combatant="alma", twos=2, ones=1, successes=1)


def test_a_staked_vampire_takes_no_stance() -> None:
    """VDA-STAKE-04, VDA-TWO-03: Alma, a stake through her heart, is paralysed: no stance."""
    t = fight(alma=swordsman())
    t.send(c.RuleStake(target="alma", staked=True, reason="pieu"))
    assert refusal(t) == "VDA-STAKE-04: 'alma' has a stake through the heart: paralysed"


def test_a_fighter_joining_mid_round_takes_no_stance_yet() -> None:
    """VDA-TWO-03: Cleo, added while round 1 runs, is not fighting it: no stance before the
    next round."""
    t = fight(alma=swordsman())
    t.add("cleo", swordsman())
    command = c.TakeTwoWeaponStance(combatant="cleo", weapons=PAIR)
    assert refusal(t, command) == "VDA-TWO-03: 'cleo' is not fighting a round"

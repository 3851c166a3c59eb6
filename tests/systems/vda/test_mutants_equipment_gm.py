"""The GM's equipment rulings through ``decide``: situation rulings, item overrides and
stake rulings, with the exact refusals (rule and message) and events; regripping a
weakened weapon with 2 dice of an action or of the initiative (VDA-DISARM-03)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Circumstances, Item
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve, scripted


def ruling(**fields: Any) -> c.SetCircumstances:
    return c.SetCircumstances(combatant="bors", circumstances=Circumstances(**fields), reason="muret")


@pytest.mark.parametrize(
    ("command", "rule", "message"),
    [
        (
            c.SetCircumstances(combatant="bors", circumstances=Circumstances(cover=1), reason="  "),
            "vda.reason",
            "a GM ruling says why",
        ),
        (ruling(cover=4), "VDA-COVER-01", "cover is 0 (none) to 3 (nearly complete)"),
        (ruling(cover=-1), "VDA-COVER-01", "cover is 0 (none) to 3 (nearly complete)"),
        (ruling(turbidity=-1), "VDA-WATER-01", "murky water only adds difficulty"),
        (ruling(horse_speed_dice=3), "VDA-MOD-03", "a horse's speed costs 0 to 2 dice"),
    ],
)
def test_the_gms_situation_ruling_is_refused_out_of_its_range(command: Any, rule: str, message: str) -> None:
    """VDA-COVER-01, VDA-WATER-01, VDA-MOD-03: a ruling says why; cover is 0 to 3, murky
    water only adds difficulty, a horse's speed costs 0 to 2 dice."""
    refused = fight().refuse(command)
    assert (refused.rule, refused.message) == (rule, message)


def test_nearly_complete_cover_is_a_ruling_the_gm_may_make() -> None:
    """VDA-COVER-01: cover 3 (nearly complete) is the top of the scale, not beyond it."""
    assert fight().send(ruling(cover=3)) == [
        ev.CircumstancesSet(combatant="bors", circumstances=Circumstances(cover=3), reason="muret")
    ]


def test_the_gms_item_override_says_why_and_names_an_item_of_the_sheet() -> None:
    """The GM's item override (VDA-DISARM-04, VDA-RES): it says why, and only an item of the
    sheet (weapon or armour) is set; otherwise refused, naming combatant and item."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["couteau"], armour="maille"))
    dropped = Item(location="ground")
    no_reason = t.refuse(c.AdjustItem(combatant="bors", item="couteau", state=dropped, reason=" "))
    assert (no_reason.rule, no_reason.message) == ("vda.reason", "a GM override says why")
    unknown = t.refuse(c.AdjustItem(combatant="bors", item="lance", state=dropped, reason="ramassée"))
    assert (unknown.rule, unknown.message) == ("vda.item-unknown", "'bors' has no 'lance'")
    assert t.send(c.AdjustItem(combatant="bors", item="maille", state=Item(resistance=3), reason="usée")) == [
        ev.ItemChanged(combatant="bors", item="maille", state=Item(resistance=3), rule="gm", reason="usée")
    ]
    assert t.send(c.AdjustItem(combatant="bors", item="couteau", state=dropped, reason="lâché")) == [
        ev.ItemChanged(combatant="bors", item="couteau", state=dropped, rule="gm", reason="lâché")
    ]


def test_a_stake_ruling_says_why() -> None:
    """VDA-STAKE-04: the GM's stake ruling gives its reason."""
    refused = fight().refuse(c.RuleStake(target="bors", staked=True, reason=""))
    assert (refused.rule, refused.message) == ("vda.reason", "a GM ruling says why")


def test_a_stake_ruling_that_changes_nothing_is_refused_by_what_it_would_repeat() -> None:
    """VDA-STAKE-04: staking a staked vampire, or pulling the stake from a free one, is
    refused, saying which."""
    t = fight(bors=sheet(melee=2))
    free = t.refuse(c.RuleStake(target="bors", staked=False, reason="retiré"))
    assert (free.rule, free.message) == ("VDA-STAKE-04", "'bors' is already free of any stake")
    t.send(c.RuleStake(target="bors", staked=True, reason="planté"))
    staked = t.refuse(c.RuleStake(target="bors", staked=True, reason="planté"))
    assert (staked.rule, staked.message) == ("VDA-STAKE-04", "'bors' is already staked")


def test_a_bony_heart_may_be_ruled_to_hold_the_stake_off() -> None:
    """VDA-STAKE-01: Alma's stake finds Bors's « Cœur osseux »: the GM may rule that it does
    not hold, though Bors is not staked yet; the ruling is recorded and he stays free."""
    t = fight(alma=sheet(melee=5, dex=5, weapons=["pieu"]), bors=sheet(melee=2, bony_heart=True))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="pieu", zone="heart"))
    t.declare("bors", act("none"))
    scripted(t, c.ResolveAction(combatant="alma"), [10] * 10, pad=2)
    assert t.state.tactics.stake_rulings == ["bors"]
    events = t.send(c.RuleStake(target="bors", staked=False, reason="le cœur osseux tient"))
    assert of(events, ev.StakeRuled) == [
        ev.StakeRuled(target="bors", staked=False, reason="le cœur osseux tient")
    ]
    assert not t.state.fighters["bors"].staked and t.state.tactics.stake_rulings == []


# --- VDA-DISARM-03: regripping ---------------------------------------------------------------

WEAK = Item(grip_weakened=True)


def weakened(*weapons: str) -> Table:
    """Alma (initiative 3) and Bors, a mortal whose grip on ``weapons`` is weakened."""
    t = fight(bors=sheet(kind="mortal", melee=2, weapons=["dague_de_chasse", "couteau"]))
    for weapon in weapons:
        t.send(c.AdjustItem(combatant="bors", item=weapon, state=WEAK, reason="désarmement raté"))
    return t


def regripped(item: str) -> ev.ItemChanged:
    return ev.ItemChanged(combatant="bors", item=item, state=Item(), rule="VDA-DISARM-03", reason="regrip")


def test_two_dice_of_an_attack_regrip_the_weapon_it_strikes_with() -> None:
    """VDA-DISARM-03, VDA-MINOR-03: Bors gives 2 dice of his attack to regrip the weakened
    dagger he strikes with: its grip is restored."""
    t = weakened("dague_de_chasse")
    t.declare("alma", act("none"))
    t.declare(
        "bors",
        act("attack", skill="melee", target="alma", weapon="dague_de_chasse", minor_acts=["regrip"]),
    )
    assert of(resolve(t, "bors", [2]), ev.ItemChanged) == [regripped("dague_de_chasse")]
    assert t.state.fighters["bors"].items["dague_de_chasse"] == Item()


def test_an_attack_without_the_regrip_keeps_the_grip_weakened() -> None:
    """VDA-DISARM-03: without the 2 dice given to it, the grip stays weakened."""
    t = weakened("dague_de_chasse")
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma", weapon="dague_de_chasse"))
    assert of(resolve(t, "bors", [2]), ev.ItemChanged) == []
    assert t.state.fighters["bors"].items["dague_de_chasse"] == WEAK


def initiative_regrip(t: Table, weapon: str | None) -> list[Any]:
    t2 = c.RollInitiative(combatant="bors", weapon=weapon, minor_acts=["regrip"])
    return of(scripted(t, t2, [7]), ev.ItemChanged)


def test_regripping_at_initiative_restores_only_the_weapon_named() -> None:
    """VDA-DISARM-03: « sur un jet ou l'initiative »: Bors's two weakened grips; he names
    his knife at the roll: only the knife is regripped."""
    t = Table()
    t.add("bors", sheet(kind="mortal", melee=2, weapons=["dague_de_chasse", "couteau"]))
    for weapon in ("dague_de_chasse", "couteau"):
        t.send(c.AdjustItem(combatant="bors", item=weapon, state=WEAK, reason="désarmement raté"))
    t.start()
    assert initiative_regrip(t, "couteau") == [regripped("couteau")]
    assert t.state.fighters["bors"].items["dague_de_chasse"] == WEAK


def test_regripping_at_initiative_needs_a_weakened_grip_not_a_damaged_weapon() -> None:
    """VDA-DISARM-03: Bors's dagger is only worn (resistance 3), its grip firm: the 2
    initiative dice would buy nothing, and are refused."""
    t = Table()
    t.add("bors", sheet(kind="mortal", melee=2, weapons=["dague_de_chasse"]))
    t.send(c.AdjustItem(combatant="bors", item="dague_de_chasse", state=Item(resistance=3), reason="usée"))
    t.start()
    refused = t.refuse(c.RollInitiative(combatant="bors", minor_acts=["regrip"]), dice=[7, 7, 2])
    assert (refused.rule, refused.message) == (
        "VDA-DISARM-03",
        "'bors' holds no weapon with a weakened grip",
    )

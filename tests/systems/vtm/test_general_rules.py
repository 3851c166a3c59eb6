"""The stake, the Storyteller's own complications, aiming past cover or armour and
fighting blind, through ``decide`` (VTM-CPX-08/10, VTM-GEN-03/04/05)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Complication
from tests.systems.vtm.conftest import OTHER, Table, attack, m, sheet

ATTACK_DIFF = [m("VTM-ATK-05", 6, "attack")]


def duel(options: VtmOptions | None = None, bors: dict[str, Any] | None = None) -> Table:
    """Alma (mortal hunter: Dex 3, Melee 3, Firearms 2, Brawl 2, a stake and a revolver)
    acts before Bors (a vampire by default)."""
    t = Table(options)
    t.add(
        "alma",
        sheet(
            kind="mortal",
            melee=3,
            firearms=2,
            brawl=2,
            perception=3,
            alertness=2,
            weapons=["pieu", "revolver"],
        ),
    )
    t.add("bors", sheet(**({"stamina": 1} | (bors or {}))))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def heart(weapon: str = "pieu", **more: Any) -> Action:
    return Action(kind="attack", maneuver="strike", target="bors", weapon=weapon, aim="precise", **more)


def test_vtm_cpx_08__a_stake_through_the_heart_dealing_three_levels_paralyses_a_vampire() -> None:
    """VTM-CPX-08: aimed at the heart (+3 once, the precise part), the stake deals three
    levels after soak: Bors is staked, hit without a roll and acts no more."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", heart())
    # 6 dice at 9: four successes; damage Str 2 + 1 + 3 extra + 2 aimed = 8 dice, 5 hits;
    # Bors soaks lethal with Stamina 1: no success; five levels
    events = t.resolve("alma", [9, 9, 9, 9, 2, 2] + [7, 7, 7, 7, 7, 2, 2, 2] + [2])
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-GEN-02", 3, "precise")]
    assert events[-2] == ev.ConditionChanged(combatant="bors", condition="staked", on=True, rule="VTM-CPX-08")
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("alma", attack("bors", "strike", "pieu"))
    assert t.state.phase == "resolution"
    assert isinstance(t.resolve("alma", [2] * 10)[0], ev.AttackLanded)


def test_vtm_cpx_08__two_levels_or_a_mortal_or_no_stake_do_not_stake() -> None:
    """VTM-CPX-08: fewer than three levels after soak leave the vampire free."""
    t = duel()
    t.declare("bors", OTHER)
    t.declare("alma", heart())
    events = t.resolve("alma", [9, 2, 2, 2, 2, 2] + [7, 7, 2, 2, 2] + [2])
    assert not any(isinstance(e, ev.ConditionChanged) for e in events)
    unaimed = duel()
    unaimed.declare("bors", OTHER)
    unaimed.declare("alma", attack("bors", "strike", "pieu"))
    # four successes, six damage dice all hitting: six levels, but not at the heart
    events = unaimed.resolve("alma", [9, 9, 9, 9, 2, 2] + [7] * 6 + [2])
    assert events[3].levels == 6
    assert not any(isinstance(e, ev.ConditionChanged) and e.condition == "staked" for e in events)
    mortal = duel(bors={"kind": "mortal"})
    mortal.declare("bors", OTHER)
    mortal.declare("alma", heart())
    events = mortal.resolve("alma", [9, 9, 9, 9, 2, 2] + [7] * 8)
    assert not any(isinstance(e, ev.ConditionChanged) and e.condition == "staked" for e in events)


def test_vtm_cpx_10__the_storytellers_own_complication_from_the_tables_options() -> None:
    """VTM-CPX-10: a complication the table defines ("soaked": +1 to its bearer's rolls,
    one die more to attack it) is set by the GM; an unknown one is refused."""
    options = VtmOptions(complications={"trempé": Complication(difficulty=1, attackers_dice=1)})
    t = duel(options)
    refused = t.refuse(c.SetComplication(combatant="bors", name="gelé", reason="x"))
    assert refused.rule == "VTM-CPX-10"
    t.send(c.SetComplication(combatant="bors", name="trempé", reason="sous la pluie"))
    t.declare("bors", attack("alma"))
    t.declare("alma", attack("bors", "strike", "pieu"))
    events = t.resolve("alma", [2] * 7)
    assert events[0].pool[-1] == m("VTM-CPX-10", 1, "trempé")
    events = t.resolve("bors", [2] * 3)
    assert events[0].difficulty[-1] == m("VTM-CPX-10", 1, "trempé")


def test_vtm_gen_03__an_aimed_shot_past_cover_or_armour() -> None:
    """VTM-GEN-03: aimed at a part sticking out, the shot ignores the target's cover; aimed
    at an unarmoured part, the soak leaves the armour out; without aiming, refused."""
    t = duel(bors={"kind": "mortal", "armour": "gilet_kevlar"})
    t.send(c.SetCover(combatant="bors", cover="good", reason="derrière le mur"))
    t.declare("bors", OTHER)
    plain = c.DeclareActions(
        combatant="alma",
        actions=[Action(kind="attack", maneuver="shoot", target="bors", weapon="revolver", bypass="cover")],
    )
    assert t.refuse(plain).rule == "VTM-GEN-03"
    t.declare(
        "alma",
        Action(
            kind="attack", maneuver="shoot", target="bors", weapon="revolver", aim="small", bypass="cover"
        ),
    )
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-GEN-02", 2, "small")]
    armoured = duel(bors={"kind": "mortal", "armour": "gilet_kevlar"})
    armoured.declare("bors", OTHER)
    armoured.declare(
        "alma",
        Action(
            kind="attack", maneuver="shoot", target="bors", weapon="revolver", aim="small", bypass="armour"
        ),
    )
    events = armoured.resolve("alma", [9] + [2] * 4 + [2] * 5)
    assert events[2] == ev.Soaked(target="bors", damage_type="lethal")


def test_vtm_gen_04__a_close_attack_in_total_darkness_is_at_plus_two_not_twice_when_blind() -> None:
    """VTM-GEN-04: in total darkness a close attack is at +2; a blinded fighter already has
    CPX-04's +2 and gets no second one."""
    t = duel()
    t.send(c.SetCondition(combatant="alma", condition="darkness", reason="panne de courant"))
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "strike", "pieu"))
    events = t.resolve("alma", [2] * 6)
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-GEN-04", 2, "total darkness")]
    blind = duel()
    blind.send(c.SetCondition(combatant="alma", condition="blinded", reason="aveuglée"))
    blind.send(c.SetCondition(combatant="alma", condition="darkness", reason="panne"))
    blind.declare("bors", OTHER)
    blind.declare("alma", attack("bors", "strike", "pieu"))
    events = blind.resolve("alma", [2] * 6)
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-CPX-04", 2, "blinded")]


def test_vtm_gen_05__a_blind_shot_needs_the_target_placed_by_ear_then_is_at_plus_three() -> None:
    """VTM-GEN-05: without sight a shot is not made unless Perception + Conscience
    (Vigilance here) at 8 succeeded this turn; then it is at +3, replacing blindness's +2."""
    t = duel()
    assert t.refuse(c.SenseBlind(combatant="alma")).rule == "VTM-GEN-05"
    t.send(c.SetCondition(combatant="alma", condition="blinded", reason="aveuglée"))
    t.declare("bors", OTHER)
    t.declare("alma", Action(kind="attack", maneuver="shoot", target="bors", weapon="revolver"))
    failed = t.send(c.SenseBlind(combatant="alma"), dice=[2] * 5)
    assert failed[0].pool == [m("VTM-GEN-05", 3, "perception"), m("VTM-GEN-05", 2, "alertness")]
    assert failed[0].difficulty == [m("VTM-GEN-05", 8, "place the target by ear")]
    assert t.refuse(c.SenseBlind(combatant="alma")).rule == "VTM-GEN-05"
    assert t.resolve("alma", []) == [
        ev.ActionEnded(
            combatant="alma",
            action=0,
            rule="VTM-GEN-05",
        )
    ]
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", Action(kind="attack", maneuver="shoot", target="bors", weapon="revolver"))
    t.send(c.SenseBlind(combatant="alma"), dice=[8, 2, 2, 2, 2])
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-GEN-05", 3, "shooting blind")]


def test_vtm_dice_02__a_difficulty_past_ten_is_rolled_at_ten_and_its_terms_keep_the_surplus() -> None:
    """VTM-DICE-02: good cover (+3) and a precise part (+3) push a shot to 12: the dice are
    rolled at 10 (the catalogue's cap) and the log's terms still add up to 12, for the GM."""
    t = duel(bors={"kind": "mortal"})
    t.send(c.SetCover(combatant="bors", cover="good", reason="seule la tête dépasse"))
    t.declare("bors", OTHER)
    t.declare(
        "alma", Action(kind="attack", maneuver="shoot", target="bors", weapon="revolver", aim="precise")
    )
    events = t.resolve("alma", [2] * 5)
    assert sum(term.value for term in events[0].difficulty) == 12
    assert events[0].roll.difficulty == 10


def test_vtm_gen_05__the_ear_rolls_awareness_or_by_the_tables_option_alertness() -> None:
    """VTM-GEN-05: « Perception + Conscience »: Awareness when the sheet has it; with
    ``blind_sense_ability="alertness"``, Alertness whatever the sheet."""
    for reading, ability in (
        ("awareness", m("VTM-GEN-05", 1, "awareness")),
        ("alertness", m("VTM-GEN-05", 3, "alertness")),
    ):
        t = Table(VtmOptions(blind_sense_ability=reading))  # type: ignore[arg-type]
        t.add("alma", sheet(perception=2, awareness=1, alertness=3, firearms=2, weapons=["revolver"]))
        t.start()
        t.initiative("alma", 9)
        t.send(c.SetCondition(combatant="alma", condition="blinded", reason="aveuglée"))
        sensed = t.send(c.SenseBlind(combatant="alma"), dice=[2] * (2 + ability.value))
        assert sensed[0].pool == [m("VTM-GEN-05", 2, "perception"), ability], reading

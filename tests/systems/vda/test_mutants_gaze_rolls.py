"""A gaze attempt's roll through ``decide``, and what the controls offer before it: the
terms a reflexive catch or a declared active gaze would roll are those its event then
writes, term by term; none when the power catches the gaze at once (VDA-GAZE-01). With a
hold on the gazer (VDA-GRAP-23), a skill used again (VDA-GEN-01), averted eyes (VDA-GAZE-04)
and water (VDA-WATER-01), whose Manipulation roll it does not hinder."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain.base import GM
from domain.moves import Offer, Term
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.decide import MOVES
from domain.systems.vda.options import TacticsOptions, VdaOptions
from domain.systems.vda.rules.initiative import declaring_now
from domain.systems.vda.state import VdaPower
from domain.systems.wod import Modifier
from domain.table import system_view
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_gaze_two_weapons import REGARD, gaze_fight
from tests.systems.vda.test_grapple_rules import held

GAZE = act("other", skill="intimidation", attribute="manipulation", target="bors", gaze="regard")
"""Alma's active gaze at Bors, declared as her physical action (VDA-GAZE-06)."""


def offers(t: Table, cid: str) -> dict[str, Offer]:
    return {o.label: o for o in MOVES.offers(system_view(t.timeline.head, GM), cid)}


def as_terms(modifiers: list[Modifier]) -> list[Term]:
    return [Term(rule=m.rule, value=m.value, why=m.why) for m in modifiers]


def reflexive_offer(t: Table, skill: str = "intimidation") -> Offer:
    return offers(t, "alma")[f"vda.CatchGaze/gaze:bors:regard:{skill}"]


# --- what the controls offer --------------------------------------------------------


@pytest.mark.parametrize(("skill", "dots"), [("intimidation", 2), ("etiquette", 0)])
def test_vda_gaze_05__the_offered_reflexive_catch_shows_the_terms_it_rolls(skill: str, dots: int) -> None:
    """VDA-GAZE-05, VDA-GAZE-02: the reflexive catch of Bors's gaze offered to Alma shows
    Charisma + the offer's skill at 5; sent as offered, ``CatchGaze`` rolls those terms."""
    t = gaze_fight()
    offered = reflexive_offer(t, skill)
    pool = [
        Modifier(rule="A-6", value=3, why="charisma"),
        Modifier(rule="A-6", value=dots, why=skill),
    ]
    difficulty = [Modifier(rule="VDA-GAZE-02", value=5, why="attaque de regard")]
    assert offered == Offer(
        label=f"vda.CatchGaze/gaze:bors:regard:{skill}",
        command="vda.CatchGaze",
        fields={
            "combatant": "alma",
            "target": "bors",
            "power": "regard",
            "skill": skill,
            "mode": "reflexive",
        },
        pool=as_terms(pool),
        difficulty=as_terms(difficulty),
    )
    command = c.CatchGaze(combatant="alma", target="bors", power="regard", skill=skill)  # type: ignore[arg-type]
    [rolled] = t.send(command, [2] * (3 + dots))
    assert (rolled.pool, rolled.difficulty) == (pool, difficulty)


def strong_gazer(options: VdaOptions | None = None) -> Table:
    """Alma (Dominate 6, a gaze power of level 2) faces Bors (Willpower 5, no Mental
    Control), at a table reading the power as its discipline's dots (VDA-GAZE-01)."""
    tactics = TacticsOptions(gaze_power_measure="discipline")
    t = Table(options or VdaOptions(tactics=tactics))
    alma = sheet(intimidation=2, dominate=6, powers=REGARD)
    t.add("alma", replace(alma, attributes=replace(alma.attributes, charisma=3, manipulation=3)))
    t.add("bors", sheet(kind="mortal", willpower=5))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def test_vda_gaze_01__a_catch_without_roll_is_offered_without_terms() -> None:
    """VDA-GAZE-01: Alma's Dominate 6 exceeds Bors's Willpower 5: the reflexive catch is
    offered with no pool nor difficulty, and sent, it catches the gaze without a die."""
    t = strong_gazer()
    assert reflexive_offer(t) == Offer(
        label="vda.CatchGaze/gaze:bors:regard:intimidation",
        command="vda.CatchGaze",
        fields={
            "combatant": "alma",
            "target": "bors",
            "power": "regard",
            "skill": "intimidation",
            "mode": "reflexive",
        },
    )
    caught = t.send(c.CatchGaze(combatant="alma", target="bors", power="regard"), [])
    assert caught[1] == ev.GazeCaptured(attacker="alma", target="bors", power="regard", rule="VDA-GAZE-01")


def to_physical_step(t: Table, actions: dict[str, Any]) -> None:
    """Everyone declares (``actions``, or nothing) until the physical step opens."""
    while (seq := t.state.sequence) is not None and seq.step == "declare":
        cid = next(i for i in declaring_now(seq) if i not in seq.declared and i not in seq.sealed)
        t.declare(cid, actions.get(cid, act("none")))


def test_vda_gaze_06__the_offered_resolution_of_a_declared_gaze_shows_every_term_it_rolls() -> None:
    """VDA-GAZE-06: Alma, averting her own eyes (+1, VDA-GAZE-03) with the GM's pending +1,
    is offered her declared gaze at Manipulation + Intimidation, 5 − 2 + 1 + 1; resolved,
    ``GazeRolled`` carries the same terms. Bors has a gaze power too, which Alma fears."""
    t = gaze_fight(bors=sheet(kind="mortal", melee=2, dodge=1, self_control=2, powers=REGARD))
    t.send(c.AvertGaze(combatant="alma"))
    to_physical_step(t, {"alma": GAZE})
    t.send(c.AdjustDifficulty(combatant="alma", delta=1, reason="brume"))
    pool = [
        Modifier(rule="A-6", value=3, why="manipulation"),
        Modifier(rule="A-6", value=2, why="intimidation"),
    ]
    difficulty = [
        Modifier(rule="VDA-GAZE-02", value=5, why="attaque de regard"),
        Modifier(rule="VDA-GAZE-06", value=-2, why=""),
        Modifier(rule="VDA-GAZE-03", value=1, why=""),
        Modifier(rule="gm", value=1, why="brume"),
    ]
    offered = offers(t, "alma")["vda.ResolveAction"]
    assert (offered.pool, offered.difficulty, offered.automatic) == (as_terms(pool), as_terms(difficulty), 0)
    rolled = t.resolve("alma", [8, 2, 2, 2, 2])[0]
    assert rolled == ev.GazeRolled(
        attacker="alma",
        target="bors",
        power="regard",
        mode="physical",
        sequence=1,
        pool=pool,
        difficulty=difficulty,
        roll=roll([8, 2, 2, 2, 2], 5),
        averting=False,
        progress=1,
        needed=3,
        skill="intimidation",
    )


def test_vda_gaze_06__a_declared_gaze_that_catches_at_once_is_offered_without_terms() -> None:
    """VDA-GAZE-06, VDA-GAZE-01: Alma's declared gaze would catch Bors's eyes without a roll
    (Dominate 6 over Willpower 5): its resolution is offered with no terms."""
    t = strong_gazer()
    to_physical_step(t, {"alma": GAZE})
    offered = offers(t, "alma")["vda.ResolveAction"]
    assert offered == Offer(
        label="vda.ResolveAction", command="vda.ResolveAction", fields={"combatant": "alma"}
    )
    events = t.resolve("alma", [])
    assert ev.GazeCaptured(attacker="alma", target="bors", power="regard", rule="VDA-GAZE-01") in events


def test_vda_water_01__a_declared_gaze_rolls_manipulation_which_water_does_not_hinder() -> None:
    """VDA-WATER-01, VDA-GAZE-06: under water Dexterity rolls are at +2, but a gaze declared
    without naming its attribute still rolls Manipulation: no water term, offered or rolled."""
    t = gaze_fight()
    t.send(c.SetCondition(combatant="alma", condition="under_water", reason="dans la rivière"))
    to_physical_step(t, {"alma": act("other", skill="intimidation", target="bors", gaze="regard")})
    difficulty = [
        Modifier(rule="VDA-GAZE-02", value=5, why="attaque de regard"),
        Modifier(rule="VDA-GAZE-06", value=-2, why=""),
    ]
    assert offers(t, "alma")["vda.ResolveAction"].difficulty == as_terms(difficulty)
    assert t.resolve("alma", [2] * 5)[0].difficulty == difficulty


# --- a hold on the gazer -------------------------------------------------------------


def held_gazer(value: int) -> Table:
    """Bors (Charisma 1, Intimidation 5, a gaze power) is held by Alma at ``value``."""
    return held(value, powers=REGARD, intimidation=5)


def test_vda_grap_23__a_held_gazer_loses_dice_and_from_4_rolls_at_plus_1() -> None:
    """VDA-GRAP-23: Bors, held at 4, tries Alma's gaze with Charisma 1 + Intimidation 5 − 4
    dice at 5 + 1; the controls offer the same terms."""
    t = held_gazer(4)
    pool = [
        Modifier(rule="A-6", value=1, why="charisma"),
        Modifier(rule="A-6", value=5, why="intimidation"),
        Modifier(rule="VDA-GRAP-23", value=-4, why="dés perdus: valeur d'étreinte"),
    ]
    difficulty = [
        Modifier(rule="VDA-GAZE-02", value=5, why="attaque de regard"),
        Modifier(rule="VDA-GRAP-23", value=1, why="étreinte à 4 ou plus"),
    ]
    offered = offers(t, "bors")["vda.CatchGaze/gaze:alma:regard:intimidation"]
    assert (offered.pool, offered.difficulty) == (as_terms(pool), as_terms(difficulty))
    [rolled] = t.send(c.CatchGaze(combatant="bors", target="alma", power="regard"), [8, 2])
    assert (rolled.pool, rolled.difficulty, rolled.roll) == (pool, difficulty, roll([8, 2], 6))


def test_vda_grap_23__held_at_8_a_gaze_is_impossible() -> None:
    """VDA-GRAP-23: held at 8, Bors's gaze power is impossible; the refusal names it."""
    t = held_gazer(8)
    refused = t.refuse(c.CatchGaze(combatant="bors", target="alma", power="regard"), [2] * 5)
    assert (refused.rule, refused.message) == (
        "VDA-GRAP-23",
        "'regard': impossible étreint à 8 (8 ou plus) / impossible from 8",
    )
    assert "vda.CatchGaze" not in offers(t, "bors")


# --- the same skill again (VDA-GEN-01) ----------------------------------------------------


def thrice(options: VdaOptions | None = None) -> Table:
    """Alma bought two more physical actions with Anger: three gazes at Bors this round."""
    t = Table(options)
    alma = sheet(intimidation=2, anger=3, dominate=1, powers=REGARD)
    t.add("alma", replace(alma, attributes=replace(alma.attributes, charisma=3, manipulation=3)))
    t.add("bors", sheet(kind="mortal", self_control=2))
    t.start()
    t.send(c.SpendForAction(combatant="alma"))
    t.send(c.SpendForAction(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def gaze_in_next_sequence(t: Table) -> ev.GazeRolled:
    """Alma declares her gaze in the next sequence, skips her power step and rolls 5 dice of 2."""
    to_physical_step(t, {"alma": GAZE})
    while (seq := t.state.sequence) is not None and seq.step == "power":
        t.send(c.SkipPower(combatant=seq.acting[0]))
    rolled = t.resolve("alma", [2] * 5)[0]
    while (seq := t.state.sequence) is not None and seq.step == "power":
        t.send(c.SkipPower(combatant=seq.acting[0]))
    assert isinstance(rolled, ev.GazeRolled)
    return rolled


@pytest.mark.parametrize(("every_reuse", "third"), [(True, 2), (False, 1)])
def test_vda_gen_01__a_declared_gaze_is_at_plus_1_for_each_earlier_use_of_its_skill(
    every_reuse: bool, third: int
) -> None:
    """VDA-GEN-01, VDA-GAZE-06: Alma's second active gaze of the round is at +1 for
    Intimidation used once; her third at +2 (+1 at a table counting a single reuse)."""
    t = thrice(VdaOptions(skill_repeat_every_reuse=every_reuse))
    first = gaze_in_next_sequence(t)
    assert [m.rule for m in first.difficulty] == ["VDA-GAZE-02", "VDA-GAZE-06"]
    second = gaze_in_next_sequence(t)
    assert second.difficulty[2:] == [Modifier(rule="VDA-GEN-01", value=1, why="intimidation déjà utilisé 1×")]
    third_roll = gaze_in_next_sequence(t)
    assert third_roll.difficulty[2:] == [
        Modifier(rule="VDA-GEN-01", value=third, why="intimidation déjà utilisé 2×")
    ]


# --- averted eyes caught at once --------------------------------------------------------


def test_vda_gaze_04__a_power_above_willpower_catches_averted_eyes_at_once() -> None:
    """VDA-GAZE-01, VDA-GAZE-04: Bors averts his eyes; Alma's power still exceeds his
    Willpower: the gaze is caught without a roll, the event saying the eyes were averted
    and the cumulated threshold (Wits 3 + Self-Control 0 + Instinct 0)."""
    t = strong_gazer()
    t.send(c.AvertGaze(combatant="bors"))
    assert t.send(c.CatchGaze(combatant="alma", target="bors", power="regard"), []) == [
        ev.GazeRolled(
            attacker="alma",
            target="bors",
            power="regard",
            mode="reflexive",
            sequence=1,
            averting=True,
            needed=3,
            skill="intimidation",
        ),
        ev.GazeCaptured(attacker="alma", target="bors", power="regard", rule="VDA-GAZE-01"),
    ]


def test_vda_gaze_01__the_power_measured_by_its_discipline_needs_the_dots() -> None:
    """VDA-GAZE-01: read as its discipline's dots, a level-9 power of an attacker without
    Dominate catches nothing at once: the offer shows the roll's terms."""
    t = Table(VdaOptions(tactics=TacticsOptions(gaze_power_measure="discipline")))
    t.add(
        "alma",
        sheet(intimidation=2, powers={"regard": VdaPower(discipline="dominate", level=9, requires="gaze")}),
    )
    t.add("bors", sheet(kind="mortal", willpower=0))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert reflexive_offer(t).pool == [
        Term(rule="A-6", value=1, why="charisma"),
        Term(rule="A-6", value=2, why="intimidation"),
    ]

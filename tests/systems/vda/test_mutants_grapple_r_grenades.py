"""Grenades through ``decide`` (the VDA-GREN chapter): which grenade, when its d10 is drawn
and when it explodes, each refusal with its rule and its words; what counts as a dodge
before the blast; a blast fully dodged; and deafening by Auspex band and Fortitude. Seed
000 « Armes spéciales › Grenades »."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Deafness
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve, scripted
from tests.systems.vda.test_gaze_two_weapons import grenade_round_two

THROW = act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown")
GRENADE = "alma-1-1"
DRAW = c.DrawGrenadeInitiative(grenade=GRENADE)


def blast(**zones: Any) -> c.DetonateGrenade:
    return c.DetonateGrenade(grenade=GRENADE, zones=zones or {"bors": "moderate"})


def refusal(t: Table, command: Any) -> str:
    return str(t.refuse(command))


def thrown(faces: list[int], bors_action: Any = None, bors: Any = None) -> tuple[Table, list[Any]]:
    """Round 1: Alma throws a grenade at Bors (``faces``), then Bors resolves ``bors_action``
    (the events of his action)."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]), bors=bors or sheet(kind="mortal", dodge=1))
    t.declare("alma", THROW)
    t.declare("bors", bors_action or act("none"))
    t.resolve("alma", faces)
    return t, (resolve(t, "bors", [8]) if bors_action is not None else [])


def test_an_unknown_grenade_is_named() -> None:
    """VDA-GREN-01: only a thrown grenade draws an initiative."""
    t = grenade_round_two()
    assert refusal(t, c.DrawGrenadeInitiative(grenade="x")) == "VDA-GREN-01: no pending grenade 'x'"


def test_a_fuse_in_trouble_waits_for_the_gm() -> None:
    """VDA-GREN-03: two 1s on the throw: neither the d10 nor the blast before the GM rules
    what the fuse did."""
    t, _ = thrown([1, 1, 8, 2, 2])
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert refusal(t, DRAW) == "VDA-GREN-03: the GM first rules what the fuse did"
    assert refusal(t, blast()) == "VDA-GREN-03: the GM first rules what the fuse did"


def test_no_blast_in_the_round_of_the_throw() -> None:
    """VDA-GREN-01: the grenade explodes in sequence 1 of the next round, not in the
    sequence it was thrown in."""
    t, _ = thrown([8, 8, 2, 2, 2])
    assert refusal(t, blast()) == "VDA-GREN-01: grenade 'alma-1-1' explodes in sequence 1 of round 2"


def test_the_d10_is_drawn_in_the_round_of_the_blast_once() -> None:
    """VDA-GREN-01: the grenade's d10 is drawn in round 2, as soon as it starts, and once."""
    t, _ = thrown([8, 8, 2, 2, 2])
    assert refusal(t, DRAW) == "VDA-GREN-01: grenade 'alma-1-1' draws its initiative in round 2"
    t.start()
    assert of(t.send(DRAW, [4]), ev.GrenadeInitiativeDrawn)[0].initiative == 4
    assert refusal(t, DRAW) == "VDA-GREN-01: grenade 'alma-1-1' already has its initiative"


def test_no_blast_while_initiative_is_rolled() -> None:
    """VDA-GREN-01: with its d10 drawn, the grenade still waits for sequence 1."""
    t, _ = thrown([8, 8, 2, 2, 2])
    t.start()
    t.send(DRAW, [4])
    assert refusal(t, blast()) == "VDA-GREN-01: grenade 'alma-1-1' explodes in sequence 1 of round 2"


def test_the_blast_waits_for_its_d10() -> None:
    """VDA-GREN-01: in sequence 1 the grenade explodes at its d10: drawn first."""
    t = grenade_round_two()
    assert refusal(t, blast()) == (
        "VDA-GREN-01: draw grenade 'alma-1-1''s initiative first (vda.DrawGrenadeInitiative)"
    )


def test_the_blast_waits_for_the_declarations() -> None:
    """VDA-GREN-01: sequence 1's declarations come before the blast."""
    t = grenade_round_two()
    t.send(DRAW, [2])
    t.declare("alma", act("none"))
    assert refusal(t, blast()) == "VDA-GREN-01: the declarations of sequence 1 come first"


def test_the_faster_who_act_come_first_and_are_named() -> None:
    """VDA-GREN-01: Alma (3) and Cleo (2) act before a grenade at 1: the refusal names both."""
    t = Table()
    t.add("alma", sheet(athletics=2, weapons=["grenade"]), player="ann")
    t.add("bors", sheet(kind="mortal", dodge=1))
    t.add("cleo", sheet(dodge=1))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("cleo", [7, 7, 2, 2, 2])
    t.declare("alma", THROW)
    t.declare("cleo", act("none"))
    t.declare("bors", act("none"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("cleo", [7, 7, 2, 2, 2])
    t.send(DRAW, [1])
    dodge = act("defend", skill="dodge", defence="dodge")
    t.declare("alma", dodge)
    t.declare("cleo", dodge)
    t.declare("bors", act("none"))
    assert (
        refusal(t, blast())
        == "VDA-GREN-01: grenade 'alma-1-1' explodes at initiative 1: alma, cleo act first"
    )


def test_the_faster_who_do_nothing_do_not_hold_the_blast() -> None:
    """VDA-GREN-01: Alma (3) declared no action: the grenade at 2 need not wait for her."""
    t = grenade_round_two()
    t.send(DRAW, [2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    assert of(scripted(t, blast(), [2]), ev.GrenadeExploded)


def test_an_equal_initiative_does_not_act_first() -> None:
    """VDA-GREN-01: equal scores are simultaneous: Bors (1), dodging, does not hold a grenade
    at 1."""
    t = grenade_round_two()
    t.send(DRAW, [1])
    t.declare("alma", act("none"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    assert of(scripted(t, blast(), [2]), ev.GrenadeExploded)


@pytest.mark.parametrize(
    ("action", "dodged"),
    [
        (act("defend", skill="dodge", defence="dodge"), True),
        (act("move", skill="athletics"), True),
        (act("defend", skill="melee", defence="parry", weapon="dague_de_chasse"), False),
        (act("attack", skill="melee", target="alma", weapon="dague_de_chasse"), False),
    ],
)
def test_only_a_dodge_or_a_move_before_the_blast_counts(action: Any, dodged: bool) -> None:
    """VDA-GREN-04: Bors's dodge or move after the throw takes its success off the grenade's
    hits; a parry or an attack does not."""
    bors = sheet(kind="mortal", dodge=1, athletics=1, melee=2, weapons=["dague_de_chasse"])
    _, events = thrown([8, 8, 2, 2, 2], action, bors)
    expected = [ev.GrenadeDodged(grenade=GRENADE, combatant="bors", successes=1)] if dodged else []
    assert of(events, ev.GrenadeDodged) == expected


def test_a_blast_dodged_whole_leaves_no_hit() -> None:
    """VDA-GREN-04: Bors dodged as many successes as the throw's hits: the blast finds him
    with 0 hits."""
    t, _ = thrown([8, 2, 2, 2, 2], act("defend", skill="dodge", defence="dodge"))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.send(DRAW, [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    [exploded] = of(scripted(t, blast(bors="lethal"), [2]), ev.GrenadeExploded)
    assert exploded.net_hits == {"bors": 0}


@pytest.mark.parametrize(
    ("auspex", "fortitude", "deafness"),
    [
        (1, 0, Deafness(difficulty=3, dice=2)),
        (3, 0, Deafness(difficulty=3, dice=2)),
        (4, 0, Deafness(difficulty=4, dice=3)),
        (6, 0, Deafness(difficulty=4, dice=3)),
        (0, 1, Deafness(difficulty=1, dice=0)),
        (0, 4, Deafness(difficulty=0, dice=0)),
    ],
)
def test_deafening_by_auspex_band_less_fortitude(auspex: int, fortitude: int, deafness: Deafness) -> None:
    """VDA-GREN-09, VDA-GREN-11: +2 difficulty and 1 die, one more each from Auspex 1 to 3
    and two more from 4 to 6, less 1 each per Fortitude dot, never below 0."""
    bors = sheet(dodge=1, auspex=auspex, fortitude=fortitude)
    t = grenade_round_two(bors=bors)
    t.send(DRAW, [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    events = scripted(t, blast(), [2])
    assert of(events, ev.Deafened) == [ev.Deafened(combatant="bors", deafness=deafness, reason="grenade")]


def test_five_reaction_dodge_successes_leave_the_fighter_in_the_blast() -> None:
    """VDA-GREN-04, VDA-GREN-05: only more than 5 dodge successes take a fighter out of the
    blast: Bors's 5, in reaction at 9, leave him in the lethal zone."""
    t = grenade_round_two(bors=sheet(kind="mortal", dex=3, dodge=2))
    t.send(DRAW, [10])
    t.declare("alma", act("none"))
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    command = c.DetonateGrenade(grenade=GRENADE, zones={"bors": "lethal"}, dodging=["bors"])
    [exploded] = of(scripted(t, command, [9, 9, 9, 9, 9]), ev.GrenadeExploded)
    assert exploded.zones == {"bors": "lethal"}


def test_no_d10_while_the_throws_round_runs() -> None:
    """VDA-GREN-01: in round 1, Bors still to act after the throw, the grenade's d10 is not
    drawn: it is drawn in round 2."""
    t = fight(alma=sheet(athletics=2, weapons=["grenade"]), bors=sheet(kind="mortal", dodge=1))
    t.declare("alma", THROW)
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    t.resolve("alma", [8, 8, 2, 2, 2])
    assert t.state.phase == "sequence"
    assert refusal(t, DRAW) == "VDA-GREN-01: grenade 'alma-1-1' draws its initiative in round 2"

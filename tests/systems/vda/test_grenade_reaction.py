"""The reaction dodge to a grenade's blast (VDA-GREN-05) against the ruling on
VDA-MELEE-08: the +1 of a small fighter covers its rolls against the G wielder holding
the initiative, and a dodge away from a blast is none of them. Through ``decide`` with
fixed dice; whole events."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Circumstances
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import of, scripted
from tests.systems.vda.test_gaze_two_weapons import grenade_round_two

BLAST = c.DetonateGrenade(grenade="alma-1-1", zones={"bors": "grave"}, dodging=["bors"])
DODGE_AT_9 = [
    Modifier(rule="A-7", value=6, why="esquive"),
    Modifier(rule="VDA-GREN-05", value=3, why="en réaction à l'explosion"),
]


def lance_and_grenade() -> Table:
    """Round 2: Alma (initiative 3) threw a grenade at Bors in round 1 and now strikes him
    with her lance (size G); Bors (initiative 1) means to punch her; the grenade goes off
    first (10)."""
    t = grenade_round_two(alma=sheet(athletics=2, melee=3, weapons=["grenade", "lance"]))
    t.send(c.DrawGrenadeInitiative(grenade="alma-1-1"), [10])
    t.declare("alma", act("attack", skill="melee", weapon="lance", target="bors"))
    t.declare("bors", act("attack", skill="brawl", target="alma"))
    return t


def test_vda_gren_05__a_blast_dodge_takes_no_melee_08_from_the_lance_aimed_at_the_dodger() -> None:
    """VDA-GREN-05, VDA-MELEE-08: Bors dodges the blast in reaction at 6 + 3; Alma's lance
    ahead of his fists would put his rolls against her at +1, but the dodge is against the
    blast, not against her: 9, and his 9 succeeds."""
    events = scripted(lance_and_grenade(), BLAST, [9, 8], pad=3)
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
            difficulty=DODGE_AT_9,
            roll=roll([9, 8, 3, 3], 9),
        )
    ]


def test_vda_cover_01__cover_still_helps_a_blast_dodge() -> None:
    """VDA-COVER-01, VDA-GREN-05: the defender's cover is its own, not a term of the attacks
    on it: it still lowers the reaction dodge's difficulty (light cover: +1 die, −1)."""
    t = lance_and_grenade()
    t.send(
        c.SetCircumstances(
            combatant="bors", circumstances=Circumstances(cover=1), reason="derrière un tonneau"
        )
    )
    [dodged] = of(scripted(t, BLAST, [9, 8], pad=3), ev.GrenadeDodged)
    assert dodged.difficulty == [*DODGE_AT_9, Modifier(rule="VDA-COVER-01", value=-1)]
    assert len(dodged.pool) == 3 and dodged.pool[-1].rule == "VDA-COVER-01"

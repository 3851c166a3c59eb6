"""The grapple's pairs used again in a round (VDA-GRAP-10), on every roll that counts
them, and a dodged bite that plants no fangs. Seed 000 « L'épreuve », « La morsure »."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import GrappleOptions, VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_bite_rules import BITE
from tests.systems.vda.test_grapple_rules import BASE, CONTACT, NOTHING, POWERS, begin, fight, finish, held
from tests.systems.vda.test_mutants_grapple_situation import bitten_then_acting_second

FLEE = act("move", skill="athletics", attribute="strength", grapple="flee", target="alma")
CONTROL = act("other", skill="brawl", attribute="strength", grapple="control", target="bors")


def again(pair: str) -> Modifier:
    return Modifier(rule="VDA-GRAP-10", value=1, why=f"{pair} déjà utilisé 1×")


def first_of(events: list[Any], kind: type) -> Any:
    return next(e for e in events if isinstance(e, kind))


def test_vda_grap_10__a_second_contact_in_the_round_is_at_plus_1() -> None:
    """VDA-GRAP-03, VDA-GRAP-10: Alma (Anger) misses a contact on Bors, then tries again in
    the same round: Dexterity + Brawl again, +1."""
    t = fight()
    begin(t)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [2] * 6)
    finish(t)
    t.declare("alma", CONTACT)
    rolled = first_of(t.resolve("alma", [2] * 6), ev.GrappleRolled)
    assert rolled.check.difficulty == [BASE, again("dexterity+brawl")]


def test_vda_grap_10__a_second_flight_in_the_round_is_at_plus_1() -> None:
    """VDA-GRAP-10, VDA-GRAP-11: Bors (Strength 4, a vampire with Anger) fails a flight,
    then flees again in the same round: 6 + 2 + 1."""
    t = held(3, strength=4, kind="vampire", anger=2, dominate=1)
    t.send(c.SpendForAction(combatant="bors"))
    t.declare("alma", NOTHING)
    t.declare("bors", FLEE)
    t.resolve("bors", [2] * 6)
    finish(t)
    t.declare("bors", FLEE)
    rolled = first_of(t.resolve("bors", [2] * 6), ev.GrappleRolled)
    assert rolled.check.difficulty == [
        BASE,
        Modifier(rule="VDA-GRAP-11", value=2, why="fuite"),
        again("strength+athletics"),
    ]


def test_vda_grap_10__a_reaction_with_a_pair_already_used_is_at_plus_1() -> None:
    """VDA-GRAP-08, VDA-GRAP-10, VDA-GRAP-13: Bors (Dexterity 3, three actions by Anger)
    escapes with Dexterity + Brawl (Alma, with three actions too, opposes it in reaction),
    then opposes Alma's control in reaction with the same pair: +1."""
    t = held(3, dex=3, kind="vampire", anger=2, dominate=1)
    for _ in range(2):
        t.send(c.SpendForAction(combatant="alma"), as_="ann")
        t.send(c.SpendForAction(combatant="bors"))
    t.declare("alma", NOTHING)
    t.declare("bors", act("other", skill="brawl", attribute="dexterity", grapple="escape", target="alma"))
    t.resolve("bors", [2] * 5 + [2] * 6)
    finish(t)
    t.declare("alma", CONTROL)
    t.declare("bors", NOTHING)
    kept = first_of(t.resolve("alma", [2] * 6 + [2] * 5), ev.GrappleSuccessesKept)
    assert kept.pair == "dexterity+brawl"
    assert kept.check.difficulty == [BASE, again("dexterity+brawl")]


def test_vda_bite_03__a_dodged_bite_plants_no_fangs() -> None:
    """VDA-BITE-01, VDA-BITE-03: Bors dodges with 3 successes; Alma's bite with 2 misses: no
    fangs are planted, so no drink may follow."""
    t = bitten_then_acting_second()
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    t.declare("alma", BITE)
    t.resolve("bors", [8, 8, 8])
    events = t.resolve("alma", [8, 8, 2, 2, 2, 2])
    assert first_of(events, ev.AttackResolved).resolution.hit is False
    assert [e for e in events if isinstance(e, ev.FangsPlanted)] == []


def test_vda_grap_22__the_grapplers_own_hold_weighs_on_a_gaze_not_on_magic() -> None:
    """VDA-GRAP-22, VDA-GRAP-23: at a table where the gaze malus also hits the grappler
    (« par la lutte »), Alma, holding Bors at 4 and held by nobody, still casts her path of
    blood magic unhindered: magic suffers only the holds on its caster."""
    t = Table(VdaOptions(grapple=GrappleOptions(gaze_malus_hits_grappler=True)))
    alma = sheet(dex=3, strength=3, brawl=3, potence=1, athletics=2, dodge=2, powers=POWERS)
    t.add("alma", alma, player="ann")
    t.add("bors", sheet(kind="mortal", dex=2, strength=2, brawl=2, athletics=2, dodge=1))
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
    finish(t)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=1, reason="prise"))
    begin(t)
    t.declare("alma", act("move", skill="athletics"))
    t.declare("bors", NOTHING)
    t.resolve("alma", [2] * 5)
    used = t.send(c.UsePower(combatant="alma", power="voie-du-sang"))
    assert [e for e in used if isinstance(e, ev.PowerHindered)] == []
    assert first_of(used, ev.PowerUsed).power == "voie-du-sang"

"""The grapple's moves through ``decide``, event by event: the flight and its end, the
escape, the capped control, the opposition made in reaction, the contact's strength,
the GM's commands on a hold. Seed 000 « L'étreinte »."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import DamageOptions, GrappleOptions, VdaOptions
from domain.systems.vda.payloads import GrappleRoll
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll
from tests.systems.vda.test_grapple_rules import BASE, CONTACT, NOTHING, begin, fight, finish, held

GRAPPLE_EVENTS = (
    ev.GrappleRolled,
    ev.GrappleSuccessesKept,
    ev.GrappleValueChanged,
    ev.GrappleEnded,
    ev.GrappleAttempted,
    ev.GrappleEstablished,
    ev.GrappleWeaponDefenceResolved,
)
FLEE = act("move", skill="athletics", attribute="strength", grapple="flee", target="alma")
ESCAPE = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
CONTROL = act("other", skill="brawl", attribute="strength", grapple="control", target="bors")
OPPOSE = act("defend", defence="block", skill="brawl", grapple="oppose", target="bors")
FLIGHT_DIFFICULTY = [BASE, Modifier(rule="VDA-GRAP-11", value=2, why="fuite")]


def grapple_events(events: list[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, GRAPPLE_EVENTS)]


def terms(rule: str, **values: int) -> list[Modifier]:
    return [Modifier(rule=rule, value=value, why=why) for why, value in values.items()]


def flight_roll(faces: list[int]) -> GrappleRoll:
    """Bors's flight: Strength 4 + Athletics 2 at 6 + 2."""
    rolled = roll(faces, 8)
    return GrappleRoll(
        pool=terms("VDA-GRAP-11", strength=4, athletics=2),
        difficulty=FLIGHT_DIFFICULTY,
        roll=rolled,
        successes=rolled.successes,
    )


def test_vda_grap_11__a_flight_past_a_kept_opposition_lowers_the_value_and_keeps_the_hold() -> None:
    """VDA-GRAP-09, VDA-GRAP-11: Alma keeps 1 opposition success; Bors (Strength 4) flees
    with 4: the 3 left take 2 off the value (3 → 1) and move him 1; the hold goes on."""
    t = held(3, strength=4)
    t.declare("alma", OPPOSE)
    t.declare("bors", FLEE)
    t.resolve("alma", [8, 2, 2, 2, 2, 2])
    faces = [9, 9, 9, 9, 2, 2]
    assert grapple_events(t.resolve("bors", faces)) == [
        ev.GrappleRolled(
            combatant="bors",
            sequence=1,
            move="flee",
            target="alma",
            pair="strength+athletics",
            check=flight_roll(faces),
        ),
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=-2,
            value=1,
            cause="flight",
            rule="VDA-GRAP-11",
            opposition=1,
            movement=1,
            grappler_used=1,
        ),
    ]
    assert t.state.grapples["alma>bors"].value == 1


def test_vda_grap_11__a_flight_to_zero_with_no_movement_left_does_not_free() -> None:
    """VDA-GRAP-11: held at 1, Bors's one flight success takes the value to 0 with no
    movement left over: he is still held (at 0)."""
    t = held(1, strength=4)
    t.declare("alma", NOTHING)
    t.declare("bors", FLEE)
    faces = [9, 2, 2, 2, 2, 2]
    assert grapple_events(t.resolve("bors", faces)) == [
        ev.GrappleRolled(
            combatant="bors",
            sequence=1,
            move="flee",
            target="alma",
            pair="strength+athletics",
            check=flight_roll(faces),
        ),
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=-1,
            value=0,
            cause="flight",
            rule="VDA-GRAP-11",
            opposition=0,
            movement=0,
            grappler_used=0,
        ),
    ]
    assert t.state.grapples["alma>bors"].value == 0


def test_vda_grap_11__no_end_by_option_when_the_flight_reaches_zero() -> None:
    """VDA-GRAP-11: at a table where a flight never ends the hold by itself
    (``flight_ends_at_zero`` off), Bors's flight to 0 with a movement left keeps him held."""
    t = held(1, VdaOptions(grapple=GrappleOptions(flight_ends_at_zero=False)), strength=4)
    t.declare("alma", NOTHING)
    t.declare("bors", FLEE)
    events = grapple_events(t.resolve("bors", [9, 9, 2, 2, 2, 2]))
    assert [type(e) for e in events] == [ev.GrappleRolled, ev.GrappleValueChanged]
    assert t.state.grapples["alma>bors"].value == 0


def test_vda_grap_08__an_escape_after_the_grappler_acted_records_its_actions_used() -> None:
    """VDA-GRAP-08, VDA-GRAP-09: Alma opposes first (1 success kept), then Bors escapes with
    2: the value drops by 1; the change records the one action Alma has used."""
    t = held(3)
    t.declare("alma", OPPOSE)
    t.declare("bors", ESCAPE)
    t.resolve("alma", [8, 2, 2, 2, 2, 2])
    events = grapple_events(t.resolve("bors", [8, 8, 2, 2]))
    assert events[1:] == [
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=-1,
            value=2,
            cause="escape",
            rule="VDA-GRAP-08",
            opposition=1,
            grappler_used=1,
        )
    ]


def test_vda_grap_12__a_capped_control_stops_at_the_contacts_margin() -> None:
    """VDA-GRAP-12: at a table where control is capped (``control_capped``), Alma's 3
    successes on a hold of 2 with a cap of 3 raise it to 3, not 5."""
    t = held(2, VdaOptions(grapple=GrappleOptions(control_capped=True)))
    t.declare("alma", CONTROL)
    t.declare("bors", NOTHING)
    events = grapple_events(t.resolve("alma", [8, 8, 2, 2, 2, 2]))
    assert events[1:] == [
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=1,
            value=3,
            cause="control",
            rule="VDA-GRAP-12",
            opposition=0,
            grappler_used=1,
        )
    ]


def test_vda_grap_12__a_capped_control_keeps_a_value_the_gm_set_past_the_cap() -> None:
    """VDA-GRAP-12: capped control never lowers a hold: at 4 (set by the GM) over a cap of
    3, Alma's control leaves it at 4."""
    t = held(4, VdaOptions(grapple=GrappleOptions(control_capped=True)))
    t.declare("alma", CONTROL)
    t.declare("bors", NOTHING)
    [changed] = [e for e in t.resolve("alma", [8, 8, 2, 2, 2, 2]) if isinstance(e, ev.GrappleValueChanged)]
    assert (changed.delta, changed.value) == (0, 4)


# --- the opposition in reaction -----------------------------------------------------------


def reacting(**bors: Any) -> Table:
    """Round 2, Alma holding Bors at 3; Bors, a vampire (Dominate 1), buys a second action
    with Anger, so he may oppose Alma's control in reaction (VDA-GRAP-13)."""
    t = held(3, kind="vampire", anger=2, dominate=1, **bors)
    t.send(c.SpendForAction(combatant="bors"))
    return t


def test_vda_grap_13__the_reaction_rolls_the_larger_pool_with_the_situation_and_the_gms_terms() -> None:
    """VDA-GRAP-12, VDA-GRAP-13, VDA-PRONE-01, VDA-WATER-01: Bors (Dexterity 3, Strength 2),
    on the ground, under water, with a GM's +1 pending, opposes Alma's control in reaction
    with his larger pool, Dexterity + Brawl (5 dice), at 6 + 1 (Brawl on the ground) + 2
    (Dexterity under water) + 1 (the GM); the 2 successes are kept and cost an action."""
    t = reacting(dex=3)
    for condition in ("prone", "under_water"):
        t.send(c.SetCondition(combatant="bors", condition=condition, reason="dans la rivière"))
    t.send(c.AdjustDifficulty(combatant="bors", delta=1, reason="vase"))
    t.declare("alma", CONTROL)
    t.declare("bors", NOTHING)
    events = grapple_events(t.resolve("alma", [8, 8, 8, 2, 2, 2] + [10, 10, 2, 2, 2]))
    reaction = roll([10, 10, 2, 2, 2], 10, first=6)
    assert events[1:] == [
        ev.GrappleSuccessesKept(
            grappler="alma",
            target="bors",
            side="target",
            successes=2,
            pair="dexterity+brawl",
            check=GrappleRoll(
                pool=terms("VDA-GRAP-08", dexterity=3, brawl=2),
                difficulty=[
                    BASE,
                    Modifier(rule="VDA-PRONE-01", value=1, why=""),
                    Modifier(rule="VDA-WATER-01", value=2, why=""),
                    Modifier(rule="gm", value=1, why="vase"),
                ],
                roll=reaction,
                successes=2,
            ),
            action_spent=True,
        ),
        ev.GrappleValueChanged(
            grappler="alma",
            target="bors",
            delta=2,
            value=5,
            cause="control",
            rule="VDA-GRAP-12",
            opposition=2,
            grappler_used=1,
        ),
    ]


def test_vda_grap_13__on_a_tie_the_reaction_rolls_strength() -> None:
    """VDA-GRAP-13: Bors's Dexterity + Brawl and Strength + Brawl are both 4 dice: his
    reaction rolls Strength + Brawl."""
    t = reacting()
    t.declare("alma", CONTROL)
    t.declare("bors", NOTHING)
    events = grapple_events(t.resolve("alma", [8, 2, 2, 2, 2, 2] + [8, 2, 2, 2]))
    kept = events[1]
    assert isinstance(kept, ev.GrappleSuccessesKept)
    assert (kept.pair, kept.successes) == ("strength+brawl", 1)
    assert kept.check is not None and kept.check.pool == terms("VDA-GRAP-08", strength=2, brawl=2)


def test_vda_grap_09__an_opposition_kept_at_zero_still_counts_as_zero() -> None:
    """VDA-GRAP-09: Alma's declared opposition scores no success; Bors's escape then meets
    an opposition of 0, not a fresh roll: his 2 successes take 2 off the value."""
    t = held(3)
    t.declare("alma", OPPOSE)
    t.declare("bors", ESCAPE)
    kept = t.resolve("alma", [2, 2, 2, 2, 2, 2])
    assert [e for e in kept if isinstance(e, ev.GrappleSuccessesKept)] == [
        ev.GrappleSuccessesKept(grappler="alma", target="bors", side="grappler", successes=0)
    ]
    [changed] = [e for e in t.resolve("bors", [8, 8, 2, 2]) if isinstance(e, ev.GrappleValueChanged)]
    assert (changed.opposition, changed.delta, changed.value) == (0, -2, 1)


# --- the order of the opposition ------------------------------------------------------------


def held_acting_first() -> Table:
    """Round 1: Alma grapples Bors (Strength 4) at 3; in round 2 Bors has the higher
    initiative, so he acts first."""
    t = fight(strength=4)
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2, 2, 2])
    finish(t)
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 2])
    t.initiative("bors", [7, 7, 7, 7, 7])
    return t


def test_vda_grap_09__an_escape_waits_for_the_declared_opposition() -> None:
    """VDA-GRAP-09: Bors, acting first, may not roll his escape before Alma's declared
    opposition."""
    t = held_acting_first()
    t.declare("bors", ESCAPE)
    t.declare("alma", OPPOSE)
    refused = t.refuse(c.ResolveAction(combatant="bors"), dice=[8] * 6)
    assert str(refused) == "VDA-GRAP-09: 'alma' s'oppose: son jet d'abord / 'alma' opposes: roll it first"


def test_vda_grap_09__a_flight_waits_for_the_declared_opposition() -> None:
    """VDA-GRAP-09, VDA-GRAP-11: Bors, acting first, may not roll his flight before Alma's
    declared opposition."""
    t = held_acting_first()
    t.declare("bors", FLEE)
    t.declare("alma", OPPOSE)
    refused = t.refuse(c.ResolveAction(combatant="bors"), dice=[8] * 6)
    assert str(refused) == "VDA-GRAP-09: 'alma' s'oppose: son jet d'abord / 'alma' opposes: roll it first"


def test_vda_grap_13__a_control_waits_for_the_declared_opposition() -> None:
    """VDA-GRAP-13: Alma may not roll her control before Bors's declared opposition."""
    t = held(3)
    t.declare("alma", CONTROL)
    t.declare("bors", act("defend", defence="block", skill="brawl", grapple="oppose", target="alma"))
    refused = t.refuse(c.ResolveAction(combatant="alma"), dice=[8] * 6)
    assert str(refused) == "VDA-GRAP-13: 'bors' s'oppose: son jet d'abord / 'bors' opposes: roll it first"


# --- the contact's strength ----------------------------------------------------------------


HARD = [Modifier(rule="VDA-GRAP-04", value=6, why="force du contact")]


def grip(faces: list[int], automatic: int, first: int, **pool: int) -> GrappleRoll:
    rolled = roll(faces, 6, first=first)
    return GrappleRoll(
        pool=terms("VDA-GRAP-08", **pool),
        difficulty=HARD,
        roll=rolled,
        automatic=automatic,
        successes=rolled.successes + automatic,
    )


def test_vda_grap_05__a_zero_remainder_is_a_hold_at_zero() -> None:
    """VDA-GRAP-04, VDA-GRAP-05: Alma's grip (1 success + Potence 1) against Bors's 2
    resisting successes leaves 0: the attempt holds him at 0."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = grapple_events(t.resolve("alma", [8, 8, 8, 2, 2, 2] + [8, 2, 2] + [8, 8]))
    assert events[1:] == [
        ev.GrappleAttempted(
            grappler="alma",
            target="bors",
            margin=3,
            value=0,
            grip=grip([8, 2, 2], 1, 6, strength=3),
            resist=grip([8, 8], 0, 9, strength=2),
            reason="zero",
        ),
        ev.GrappleEstablished(
            grappler="alma", target="bors", value=0, cap=3, strength_potence=2, grappler_used=1
        ),
    ]


def test_vda_grap_04__a_ghoul_resists_with_strength_and_potence() -> None:
    """VDA-GRAP-04, VDA-FORPOT-05: Bors, a ghoul with Strength 2 and Potence 1, resists
    with Strength (Potence 1 automatic); the hold records his Strength + Potence, 3."""
    t = fight(kind="ghoul", potence=1)
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = grapple_events(t.resolve("alma", [8, 8, 8, 2, 2, 2] + [8, 8, 8] + [8, 2]))
    assert events[1:] == [
        ev.GrappleAttempted(
            grappler="alma",
            target="bors",
            margin=3,
            value=2,
            grip=grip([8, 8, 8], 1, 6, strength=3),
            resist=grip([8, 2], 1, 9, strength=2),
            reason="held",
        ),
        ev.GrappleEstablished(
            grappler="alma", target="bors", value=2, cap=3, strength_potence=3, grappler_used=1
        ),
    ]


def test_vda_grap_04__ones_cancel_on_the_contacts_strength_by_the_damage_option() -> None:
    """VDA-GRAP-04, A-3: the contact's strength is a damage-like roll and the resistance a
    soak-like one: at a table where 1s cancel no success on damage and soak
    (``ones_cancel_on_damage_and_soak`` off), Alma's grip [8, 8, 1] keeps 2 successes
    (+ Potence 1) and Bors's [8, 1] keeps 1."""
    options = VdaOptions(damage=DamageOptions(ones_cancel_on_damage_and_soak=False))
    t = fight(options)
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = grapple_events(t.resolve("alma", [8, 8, 8, 2, 2, 2] + [8, 8, 1] + [8, 1]))
    grip_roll = roll([8, 8, 1], 6, first=6)
    resist_roll = roll([8, 1], 6, first=9)
    assert (grip_roll.hits, resist_roll.hits) == (2, 1)
    [attempted] = [e for e in events if isinstance(e, ev.GrappleAttempted)]
    assert (attempted.grip.successes, attempted.resist.successes, attempted.value) == (3, 1, 2)  # type: ignore[union-attr]
    assert attempted.grip.automatic == 1  # type: ignore[union-attr]

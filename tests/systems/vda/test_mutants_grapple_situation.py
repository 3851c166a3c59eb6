"""The grapple's and the bite's rolls meet the fighter's situation like any roll of the
fight: on the ground, under water, a GM's pending term, a pair or a skill used again in
the round; and drinking follows the hold as it stands when the drink is rolled. Seed 000
« L'étreinte », « La morsure », « Au sol », « Sous l'eau »."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act
from tests.systems.vda.test_bite_rules import BITE, BITE_FACES, DRINK
from tests.systems.vda.test_grapple_rules import BASE, CONTACT, NOTHING, begin, fight, finish, held

ESCAPE = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
FLEE = act("move", skill="athletics", attribute="strength", grapple="flee", target="alma")
GM_MUD = Modifier(rule="gm", value=1, why="vase")


def in_the_river(t: Table, cid: str, condition: str = "under_water") -> None:
    """The GM puts ``cid`` in the river (or on the ground) with a +1 for the mud."""
    t.send(c.SetCondition(combatant=cid, condition=condition, reason="rivière"))  # type: ignore[arg-type]
    t.send(c.AdjustDifficulty(combatant=cid, delta=1, reason="vase"))


def first_of(events: list[Any], kind: type) -> Any:
    return next(e for e in events if isinstance(e, kind))


def test_vda_bite_02__biting_back_from_a_hold_of_4_under_water_after_an_escape() -> None:
    """VDA-BITE-02, VDA-GRAP-16, VDA-GEN-01, VDA-WATER-01: Bors, a vampire held at 4, tries
    an escape (Brawl) then bites Alma in the same round, under water, with the GM's +1:
    Dexterity 2 + Brawl 2 at 5, +1 (biting his grappler at 4), +1 (Brawl again), +2
    (Dexterity under water), +1 (the GM)."""
    t = held(4, kind="vampire", strength=3, anger=2, dominate=1)
    t.send(c.SpendForAction(combatant="bors"))
    t.declare("alma", NOTHING)
    t.declare("bors", ESCAPE)
    t.resolve("bors", [2] * 5)
    finish(t)
    in_the_river(t, "bors")
    t.declare("bors", act("attack", skill="brawl", weapon="morsure", target="alma"))
    rolled = t.resolve("bors", [2] * 4)[0]
    assert rolled.pool == [
        Modifier(rule="VDA-BITE-02", value=2, why="dexterity"),
        Modifier(rule="VDA-BITE-02", value=2, why="brawl"),
    ]
    assert rolled.difficulty == [
        Modifier(rule="VDA-BITE-02", value=5, why="morsure"),
        Modifier(rule="VDA-GRAP-16", value=1, why="mordre son agresseur"),
        Modifier(rule="VDA-GEN-01", value=1, why="brawl déjà utilisé 1×"),
        Modifier(rule="VDA-WATER-01", value=2, why=""),
        GM_MUD,
    ]


def test_vda_bite_03__drinking_at_the_very_next_action_of_the_same_round_under_water() -> None:
    """VDA-BITE-03, VDA-WATER-01: Alma bites Bors, then drinks at her second action of the
    same round (Anger), under water with the GM's +1: Strength 3 at 6 + 1 + 1."""
    t = held(3)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    t.resolve("alma", BITE_FACES)
    finish(t)
    in_the_river(t, "alma")
    t.declare("alma", DRINK)
    events = t.resolve("alma", [8, 2, 2])
    rolled = first_of(events, ev.GrappleRolled)
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-WATER-01", value=1, why=""), GM_MUD]
    assert first_of(events, ev.BloodDrunk) == ev.BloodDrunk(
        drinker="alma", victim="bors", amount=2, limit_left=1, used=2
    )


def bitten_then_acting_second() -> Table:
    """Alma holds Bors at 3 and bites him in round 2; in round 3 Bors has the higher
    initiative, so he acts before Alma's drink."""
    t = held(3, strength=4)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    t.resolve("alma", BITE_FACES)
    finish(t)
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 2])
    t.initiative("bors", [7, 7, 7, 7, 7])
    return t


def test_vda_bite_03__a_hold_brought_to_0_still_lets_the_fangs_drink() -> None:
    """VDA-BITE-03, VDA-GRAP-05: Bors's escape brings the hold to 0 before Alma drinks; the
    hold (at 0) still stands, so her 2 successes draw 2 points."""
    t = bitten_then_acting_second()
    t.declare("bors", act("other", skill="brawl", attribute="dexterity", grapple="escape", target="alma"))
    t.declare("alma", DRINK)
    changed = first_of(t.resolve("bors", [8, 8, 8, 2]), ev.GrappleValueChanged)
    assert changed.value == 0
    assert first_of(t.resolve("alma", [8, 2, 2]), ev.BloodDrunk) == ev.BloodDrunk(
        drinker="alma", victim="bors", amount=2, limit_left=1, used=1
    )


def test_vda_bite_03__no_blood_once_the_victim_has_fled() -> None:
    """VDA-BITE-03, VDA-GRAP-11: Bors (Strength 4) flees with 6 successes before Alma
    drinks: the hold ends, the fangs come out, and her drink draws nothing."""
    t = bitten_then_acting_second()
    t.declare("bors", FLEE)
    t.declare("alma", DRINK)
    ended = first_of(t.resolve("bors", [9] * 6), ev.GrappleEnded)
    assert ended == ev.GrappleEnded(grappler="alma", target="bors", reason="fled")
    events = t.resolve("alma", [8, 8, 2])
    assert first_of(events, ev.BloodDrunk) == ev.BloodDrunk(
        drinker="alma", victim="bors", amount=0, limit_left=3, used=1
    )
    assert not [e for e in events if isinstance(e, ev.KissEcstasyStarted)]


def test_vda_grap_10__a_second_escape_with_the_same_pair_under_water() -> None:
    """VDA-GRAP-08, VDA-GRAP-10, VDA-WATER-01: Bors escapes twice in a round with Strength +
    Brawl; the second time, under water with the GM's +1: 6 + 1 (the pair again) + 1
    (Strength under water) + 1 (the GM)."""
    t = held(3, kind="vampire", anger=2, dominate=1)
    t.send(c.SpendForAction(combatant="bors"))
    t.declare("alma", NOTHING)
    t.declare("bors", ESCAPE)
    t.resolve("bors", [2] * 4)
    finish(t)
    in_the_river(t, "bors")
    t.declare("bors", ESCAPE)
    rolled = first_of(t.resolve("bors", [2] * 4), ev.GrappleRolled)
    assert rolled.check.difficulty == [
        BASE,
        Modifier(rule="VDA-GRAP-10", value=1, why="strength+brawl déjà utilisé 1×"),
        Modifier(rule="VDA-WATER-01", value=1, why=""),
        GM_MUD,
    ]


def test_vda_grap_11__a_flight_meets_the_gms_term() -> None:
    """VDA-GRAP-11: Bors flees with the GM's +1 pending: 6 + 2 + 1."""
    t = held(3, strength=4)
    t.send(c.AdjustDifficulty(combatant="bors", delta=1, reason="vase"))
    t.declare("alma", NOTHING)
    t.declare("bors", FLEE)
    rolled = first_of(t.resolve("bors", [2] * 6), ev.GrappleRolled)
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-GRAP-11", value=2, why="fuite"), GM_MUD]


def test_vda_grap_03__a_contact_from_the_ground() -> None:
    """VDA-GRAP-03, VDA-PRONE-01: Alma, on the ground, tries a contact (Brawl) with the GM's
    +1: 6 + 1 + 1."""
    t = fight()
    begin(t)
    in_the_river(t, "alma", "prone")
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    rolled = first_of(t.resolve("alma", [2] * 6), ev.GrappleRolled)
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-PRONE-01", value=1, why=""), GM_MUD]


def test_vda_grap_03__a_dodged_contact_goes_on_to_its_strength() -> None:
    """VDA-GRAP-03, VDA-GRAP-04: Bors dodges with 1 success; Alma's contact with 3 goes on
    to its strength, capped at 2: no armed defence is resolved."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", act("defend", skill="dodge", defence="dodge"))
    t.resolve("bors", [8, 2, 2])
    events = t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2])
    assert [
        type(e) for e in events if isinstance(e, ev.GrappleWeaponDefenceResolved | ev.GrappleAttempted)
    ] == [ev.GrappleAttempted]
    assert first_of(events, ev.GrappleEstablished).cap == 2


def test_vda_grap_13__the_held_fighters_declared_opposition_is_kept_on_his_side() -> None:
    """VDA-GRAP-13: Bors's declared opposition to Alma's control is kept as the held
    fighter's."""
    t = held(3)
    t.declare("alma", act("other", skill="brawl", attribute="strength", grapple="control", target="bors"))
    t.declare("bors", act("defend", defence="block", skill="brawl", grapple="oppose", target="alma"))
    kept = first_of(t.resolve("bors", [8, 8, 2, 2]), ev.GrappleSuccessesKept)
    assert kept == ev.GrappleSuccessesKept(grappler="alma", target="bors", side="target", successes=2)


def test_vda_melee_08__a_contact_on_a_lance_holding_the_initiative_is_at_plus_1() -> None:
    """VDA-GRAP-03, VDA-MELEE-08: Bors attacks Alma with his lance (size G) and holds the
    initiative; Alma's contact, bare-handed, is at +1 against him, as any blow of hers."""
    t = fight()
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 2])
    t.initiative("bors", [7, 7, 7, 7, 7])
    t.declare("bors", act("attack", skill="melee", weapon="lance", target="alma"))
    t.declare("alma", CONTACT)
    t.resolve("bors", [2] * 4)
    rolled = first_of(t.resolve("alma", [2] * 6), ev.GrappleRolled)
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-MELEE-08", value=1, why="")]


def test_vda_grap_08__an_escape_from_the_ground_is_a_brawl_roll_whatever_skill_is_named() -> None:
    """VDA-GRAP-08, VDA-PRONE-01: the escape is Strength + Brawl whatever skill Bors's
    declaration names (here Athletics); on the ground, Brawl is at +1."""
    t = held(3)
    t.send(c.SetCondition(combatant="bors", condition="prone", reason="plaqué"))
    t.declare("alma", NOTHING)
    t.declare("bors", act("other", skill="athletics", attribute="strength", grapple="escape", target="alma"))
    rolled = first_of(t.resolve("bors", [2] * 4), ev.GrappleRolled)
    assert rolled.check.pool == [
        Modifier(rule="VDA-GRAP-08", value=2, why="strength"),
        Modifier(rule="VDA-GRAP-08", value=2, why="brawl"),
    ]
    assert rolled.check.difficulty == [BASE, Modifier(rule="VDA-PRONE-01", value=1, why="")]

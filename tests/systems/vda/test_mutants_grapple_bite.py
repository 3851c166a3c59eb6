"""The bite, drinking and the Kiss through ``decide``, event by event, and the armed
defence's roll. Seed 000 « La morsure », « Défense contre l'étreinte »."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import GrappleOptions, VdaOptions
from domain.systems.vda.payloads import GrappleRoll
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, roll
from tests.systems.vda.test_bite_rules import BITE, BITE_FACES, DRINK, bitten
from tests.systems.vda.test_grapple_rules import BASE, NOTHING, begin, finish, held

DRINK_EVENTS = (ev.GrappleRolled, ev.BloodDrunk, ev.KissEcstasyStarted, ev.KissResisted)


def bitten_at(options: VdaOptions, **bors: Any) -> Table:
    """As ``bitten``, at a table with ``options``: Alma holds Bors at 3 and bites him in
    round 2; round 3 begins."""
    t = held(3, options, **bors)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    t.resolve("alma", [*BITE_FACES, 2] if bors.get("kind") == "vampire" else BITE_FACES)
    finish(t)
    begin(t)
    return t


def drinking(events: list[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, DRINK_EVENTS)]


def drink_roll(faces: list[int], automatic: int = 1, potence_dice: bool = False) -> GrappleRoll:
    """Alma's drink: Strength 3 at 6, Potence 1 automatic (or a die, by option)."""
    pool = [Modifier(rule="VDA-GRAP-08", value=3, why="strength")]
    if potence_dice:
        pool.append(Modifier(rule="VDA-FORPOT-05", value=1, why="potence"))
    rolled = roll(faces, 6)
    return GrappleRoll(
        pool=pool, difficulty=[BASE], roll=rolled, automatic=automatic, successes=rolled.successes + automatic
    )


def drunk(faces: list[int], **roll_fields: Any) -> ev.GrappleRolled:
    return ev.GrappleRolled(
        combatant="alma",
        sequence=1,
        move="drink",
        target="bors",
        pair="",
        check=drink_roll(faces, **roll_fields),
    )


def test_vda_bite_04__a_full_draught_leaves_nothing_of_the_rounds_limit() -> None:
    """VDA-BITE-03, VDA-BITE-04, VDA-BITE-05: Alma (blood 10: a third is 3) draws 3 points
    from Bors (blood 6, whose third would be 2) with 2 successes + Potence 1; nothing is
    left of her limit this round, and the mortal falls into the Kiss."""
    t = bitten(blood=6)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    assert drinking(t.resolve("alma", [8, 8, 2])) == [
        drunk([8, 8, 2]),
        ev.BloodDrunk(drinker="alma", victim="bors", amount=3, limit_left=0, used=1),
        ev.KissEcstasyStarted(victim="bors", drinker="alma"),
    ]


def test_vda_bite_04__by_option_the_limit_is_a_third_of_the_victims_pool() -> None:
    """VDA-BITE-04: at a table where the limit is the victim's (``drink_limit_of``), Alma's
    3 successes draw only 2 points from Bors (blood 6)."""
    t = bitten_at(VdaOptions(grapple=GrappleOptions(drink_limit_of="victim")), blood=6)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    [blood] = [e for e in t.resolve("alma", [8, 8, 2]) if isinstance(e, ev.BloodDrunk)]
    assert blood == ev.BloodDrunk(drinker="alma", victim="bors", amount=2, limit_left=0, used=1)


def test_vda_bite_04__a_second_draught_in_the_round_takes_what_is_left_of_the_limit() -> None:
    """VDA-BITE-03, VDA-BITE-04, VDA-BITE-05: Alma, with a second action (Anger), drinks 2
    points then 3 successes more in the same round: only 1 is left of her limit of 3; the
    mortal, already in the Kiss, does not fall into it again."""
    t = bitten()
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 2, 2])
    finish(t)
    t.declare("alma", DRINK)
    events = t.resolve("alma", [8, 8, 2])
    assert [e for e in events if isinstance(e, DRINK_EVENTS[1:])] == [
        ev.BloodDrunk(drinker="alma", victim="bors", amount=1, limit_left=0, used=2)
    ]


def test_vda_bite_05__a_dry_victim_gives_no_blood_and_no_kiss() -> None:
    """VDA-BITE-03, VDA-BITE-05: Bors has no blood (a sheet of 0): Alma's 3 successes draw
    nothing, and the Kiss, which begins with the first point, does not begin."""
    t = bitten(blood=0)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    assert drinking(t.resolve("alma", [8, 8, 2])) == [
        drunk([8, 8, 2]),
        ev.BloodDrunk(drinker="alma", victim="bors", amount=0, limit_left=3, used=1),
    ]


def test_vda_bite_05__the_first_point_drawn_starts_the_kiss() -> None:
    """VDA-BITE-03, VDA-BITE-05: Bors has 1 blood point: Alma draws it, and the mortal falls
    into the Kiss."""
    t = bitten(blood=1)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    assert drinking(t.resolve("alma", [8, 8, 2]))[1:] == [
        ev.BloodDrunk(drinker="alma", victim="bors", amount=1, limit_left=2, used=1),
        ev.KissEcstasyStarted(victim="bors", drinker="alma"),
    ]


def test_vda_bite_05__a_ghoul_cannot_resist_the_kiss_by_default() -> None:
    """VDA-BITE-05: Bors, a ghoul, falls into the Kiss at the first point, like a mortal."""
    t = bitten(kind="ghoul")
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = drinking(t.resolve("alma", [8, 2, 2]))
    assert events[2:] == [ev.KissEcstasyStarted(victim="bors", drinker="alma")]


def test_vda_bite_06__a_vampire_without_self_control_rolls_nothing_and_is_caught() -> None:
    """VDA-BITE-06: Bors, a vampire with no Self-Control (Willpower 5), rolls no die: he
    cannot react for 3 rounds (rounds 3 to 5)."""
    t = bitten(kind="vampire", willpower=5)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = drinking(t.resolve("alma", [8, 2, 2]))
    assert events[2:] == [ev.KissEcstasyStarted(victim="bors", drinker="alma", until_round=5)]


def test_vda_bite_06__a_vampire_rolls_his_single_self_control_die() -> None:
    """VDA-BITE-06: Bors, a vampire with Self-Control 1, rolls it at 7: an 8 resists."""
    t = bitten(kind="vampire", self_control=1)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = drinking(t.resolve("alma", [8, 2, 2, 8]))
    assert events[2:] == [ev.KissResisted(victim="bors", drinker="alma", self_control=roll([8], 7, first=3))]


def test_vda_bite_06__ones_cancel_the_self_control_roll() -> None:
    """VDA-BITE-06, A-3: Bors's Self-Control [8, 1] at 7 keeps no success: he is caught for
    3 rounds (Willpower 5)."""
    t = bitten(kind="vampire", self_control=2, willpower=5)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = drinking(t.resolve("alma", [8, 2, 2, 8, 1]))
    assert events[2:] == [
        ev.KissEcstasyStarted(
            victim="bors", drinker="alma", until_round=5, self_control=roll([8, 1], 7, first=3)
        )
    ]


def test_vda_bite_06__where_ones_do_not_cancel_the_same_self_control_resists() -> None:
    """VDA-BITE-06, A-3: at a table where 1s cancel no success (``ones_cancel`` off), Bors's
    Self-Control [8, 1] at 7 resists."""
    t = bitten_at(VdaOptions(ones_cancel=False), kind="vampire", self_control=2, willpower=5)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    [resisted] = [e for e in t.resolve("alma", [8, 2, 2, 8, 1]) if isinstance(e, ev.KissResisted)]
    assert resisted.self_control.successes == 1
    assert (resisted.victim, resisted.drinker) == ("bors", "alma")


# --- the bite's roll ------------------------------------------------------------------------


def test_vda_bite_02__the_bite_is_rolled_and_recorded_as_an_attack() -> None:
    """VDA-BITE-01, VDA-BITE-02: Alma's bite is an attack roll of Dexterity 3 + Brawl 3 at 5
    on Bors, recorded whole."""
    t = held(3)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", BITE_FACES)
    assert events[0] == ev.ActionRolled(
        combatant="alma",
        sequence=1,
        kind="attack",
        skill="brawl",
        pool=[
            Modifier(rule="VDA-BITE-02", value=3, why="dexterity"),
            Modifier(rule="VDA-BITE-02", value=3, why="brawl"),
        ],
        difficulty=[Modifier(rule="VDA-BITE-02", value=5, why="morsure")],
        roll=roll(BITE_FACES[:6], 5),
        target="bors",
    )

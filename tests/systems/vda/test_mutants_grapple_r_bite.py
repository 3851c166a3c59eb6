"""The bite, drinking and the Kiss through ``decide`` (the VDA-BITE chapter): the hold a
bite needs, the malus of biting one's grappler from 6, when the fangs are still in, what
a drink takes, the ghoul in the Kiss and the ecstasy's last round. Seed 000 « La
morsure », « L'étreinte › 4 - La soumission »."""

from __future__ import annotations

from typing import Any

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import GrappleOptions, VdaOptions
from domain.systems.vda.state import PhysicalAction
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll
from tests.systems.vda.test_bite_rules import BITE, BITE_FACES, BITE_FACES_VAMPIRE, DRINK, bitten
from tests.systems.vda.test_equipment_round import resolve
from tests.systems.vda.test_grapple_rules import CONTACT, HOLD_AT_3, NOTHING, begin, fight, finish, held, of
from tests.systems.vda.test_mutants_grapple_r_holds import next_round, trio

ESCAPE = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
BITE_BACK = act("attack", skill="brawl", weapon="morsure", target="alma")


def refusal(t: Table, cid: str, action: PhysicalAction) -> str:
    return str(t.refuse(c.DeclareAction(combatant=cid, action=action)))


def declared(t: Table, cid: str, action: PhysicalAction) -> list[Any]:
    return of(t.declare(cid, action), ev.ActionDeclared)


def test_no_bite_without_a_hold_says_why() -> None:
    """VDA-BITE-02: Alma holds nobody: her bite is refused, saying a hold of positive value
    comes first."""
    t = fight()
    begin(t)
    assert refusal(t, "alma", BITE) == (
        "VDA-BITE-02: 'alma' n'étreint pas 'bors' (valeur > 0) / bite needs a grapple of positive value"
    )


def test_a_hold_brought_to_0_allows_no_bite() -> None:
    """VDA-BITE-02: a hold of 0 is not enough to bite: the GM brought Alma's to 0."""
    t = held(3)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-3, reason="prise relâchée"))
    assert refusal(t, "alma", BITE).startswith("VDA-BITE-02: ")


def test_a_hold_of_1_is_enough_to_bite() -> None:
    """VDA-BITE-02, VDA-GRAP-14: from a value of 1 the grappler may bite."""
    t = held(1)
    assert declared(t, "alma", BITE) == [ev.ActionDeclared(combatant="alma", sequence=1, action=BITE)]


def test_only_a_vampire_has_fangs() -> None:
    """VDA-NAT-03, VDA-BITE-02: Bors, a mortal whose sheet lists fangs, held by Alma at 1, may
    not bite her back: only a vampire bites."""
    t = held(1, weapons=["morsure"])
    t.declare("alma", NOTHING)
    assert refusal(t, "bors", BITE_BACK) == "VDA-NAT-03: seul un vampire a des crocs / only vampires bite"


def test_biting_ones_grappler_from_6_is_at_plus_2() -> None:
    """VDA-BITE-02, VDA-GRAP-17: Bors, a vampire (Strength 3) held at 6, bites Alma at 5 + 2."""
    t = held(6, kind="vampire", strength=3)
    t.declare("alma", NOTHING)
    t.declare("bors", BITE_BACK)
    rolled = resolve(t, "bors", [8, 8, 8])[0]
    assert rolled.difficulty == [
        Modifier(rule="VDA-BITE-02", value=5, why="morsure"),
        Modifier(rule="VDA-GRAP-17", value=2, why="mordre son agresseur"),
    ]


def test_no_drinking_without_the_fangs_in_says_why() -> None:
    """VDA-BITE-03: Alma holds Bors but has not bitten him: drinking is refused, saying it
    follows a bite at the very next action."""
    assert refusal(held(3), "alma", DRINK) == (
        "VDA-BITE-03: 'alma' n'a pas les crocs plantés dans 'bors' à l'action précédente / drinking "
        "follows a bite at the very next action"
    )


def two_actions_bite() -> Table:
    """Round 2: Alma (two actions, Anger) bites Bors, held at 3, in sequence 1."""
    t = held(3)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    t.resolve("alma", BITE_FACES)
    return t


@pytest.mark.parametrize("loosened", [False, True])
def test_the_fangs_stay_in_for_the_next_action_of_the_round(loosened: bool) -> None:
    """VDA-BITE-03: Alma bit Bors with her first action: she may drink with her second, in
    the same round, while the grapple holds, even brought to 0 by the GM."""
    t = two_actions_bite()
    if loosened:
        t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-3, reason="prise relâchée"))
    assert declared(t, "alma", DRINK) == [ev.ActionDeclared(combatant="alma", sequence=2, action=DRINK)]


def test_the_fangs_are_out_after_another_action() -> None:
    """VDA-BITE-03: Alma bit Bors at her last action of round 2, then acted otherwise at the
    first of round 3: at her second action she may no longer drink."""
    t = held(3)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    t.resolve("alma", BITE_FACES)
    finish(t)
    begin(t)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", act("move", skill="athletics"))
    t.declare("bors", NOTHING)
    resolve(t, "alma", [2])
    assert refusal(t, "alma", DRINK).startswith("VDA-BITE-03: ")


def bitten_at(options: VdaOptions, **bors: Any) -> Table:
    """Like ``bitten``, at a table with ``options``: Alma bit Bors in round 2; round 3 begins."""
    t = held(3, options, **bors)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    t.resolve("alma", BITE_FACES_VAMPIRE if bors.get("kind") == "vampire" else BITE_FACES)
    finish(t)
    begin(t)
    return t


def test_a_drink_without_success_takes_no_blood() -> None:
    """VDA-BITE-03: at a table where Potence is dice, Alma's drink without a success takes
    nothing and starts no Kiss."""
    t = fight(VdaOptions(grapple=GrappleOptions(potence_automatic=False)))
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2, 2])
    finish(t)
    begin(t)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    resolve(t, "alma", [8, 8, 8, 2, 2, 2, 8])
    finish(t)
    begin(t)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [2, 2, 2, 2])
    assert of(events, ev.BloodDrunk) == [
        ev.BloodDrunk(drinker="alma", victim="bors", amount=0, limit_left=3, used=1)
    ]
    assert of(events, ev.KissEcstasyStarted) == []


def test_a_drink_takes_no_more_than_the_victims_blood() -> None:
    """VDA-BITE-03: Bors has 1 blood point left: Alma's 3 successes take only that one."""
    t = bitten(current={"blood": 1})
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 8, 2])
    assert of(events, ev.BloodDrunk) == [
        ev.BloodDrunk(drinker="alma", victim="bors", amount=1, limit_left=2, used=1)
    ]


def test_a_ghoul_cannot_resist_the_kiss_by_default() -> None:
    """VDA-BITE-05: by default a ghoul counts as a mortal: the first blood point drawn starts
    the Kiss, with no Self-Control roll."""
    t = bitten(kind="ghoul", self_control=3)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 2, 2])
    assert of(events, ev.KissEcstasyStarted) == [ev.KissEcstasyStarted(victim="bors", drinker="alma")]


def test_a_ghoul_resists_the_kiss_like_a_vampire_at_a_table_that_says_so() -> None:
    """VDA-BITE-05, VDA-BITE-06: where ghouls are not counted as mortals, Bors, a ghoul with
    Self-Control 2, rolls it at 7 and keeps out of the Kiss."""
    t = bitten_at(VdaOptions(grapple=GrappleOptions(ghouls_are_mortal=False)), kind="ghoul", self_control=2)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 2, 2, 8, 4])
    assert of(events, ev.KissResisted)[0].self_control == roll([8, 4], 7, first=3)
    assert "bors" not in t.state.ecstasy


def kissed_vampire(willpower: int) -> Table:
    """Round 3: Alma drinks from Bors, a vampire who fails Self-Control: the Kiss holds him
    for 8 − ``willpower`` rounds."""
    t = bitten(kind="vampire", self_control=2, willpower=willpower)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    [started] = of(t.resolve("alma", [8, 2, 2, 3, 4]), ev.KissEcstasyStarted)
    assert started.until_round == 3 + (8 - willpower) - 1
    return t


def test_the_kiss_still_holds_a_vampire_in_its_last_round() -> None:
    """VDA-BITE-06: Bors, Willpower 6, is held by the Kiss in rounds 3 and 4: in round 4 he
    still cannot act, and is told why."""
    t = kissed_vampire(6)
    finish(t)
    begin(t)
    t.declare("alma", NOTHING)
    assert refusal(t, "bors", ESCAPE) == (
        "VDA-BITE-06: 'bors' est dans l'extase du baiser / in the Kiss's ecstasy: no action"
    )


def test_a_vampire_held_at_0_is_still_in_the_kiss() -> None:
    """VDA-BITE-06: the Kiss lasts while the grapple does, even at 0: Bors, its hold brought to
    0 by the GM, may still spend Willpower to shorten it."""
    t = kissed_vampire(5)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-3, reason="prise relâchée"))
    assert of(t.send(c.ShortenEcstasy(combatant="bors")), ev.KissEcstasyShortened) == [
        ev.KissEcstasyShortened(victim="bors", until_round=4)
    ]


def test_a_mortal_in_the_kiss_may_still_declare_nothing() -> None:
    """VDA-BITE-05: Bors, a mortal in the Kiss, takes no action, but declaring none is
    allowed."""
    t = bitten()
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 2, 2])
    begin(t)
    t.declare("alma", NOTHING)
    assert declared(t, "bors", NOTHING) == [ev.ActionDeclared(combatant="bors", sequence=1, action=NOTHING)]


def test_the_fangs_are_in_the_victim_bitten_not_in_another_held() -> None:
    """VDA-BITE-03: Alma holds Bors and Cleo and bites Bors: at her next action she may
    drink from Bors, not from Cleo."""
    t = trio()
    t.declare("alma", CONTACT)
    t.declare("cleo", NOTHING)
    t.declare("bors", NOTHING)
    t.resolve("alma", HOLD_AT_3)
    next_round(t)
    t.declare("alma", act("attack", skill="brawl", target="cleo", grapple="contact"))
    t.declare("cleo", NOTHING)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 8, 8, 2, 2, 2])
    next_round(t)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", BITE)
    t.declare("cleo", NOTHING)
    t.declare("bors", NOTHING)
    t.resolve("alma", BITE_FACES)
    drink_cleo = act("other", grapple="drink", target="cleo")
    assert refusal(t, "alma", drink_cleo).startswith("VDA-BITE-03: ")

"""What the server offers a grappler and its victim (``Moves.offers``): the whole grapple
and bite declarations open to each (``vda.DeclareAction/grapple:<move>:<other>``), and,
for a declared grapple move or bite, the pool, difficulty and automatic successes the
resolution then rolls, term by term. Seed 000 « L'étreinte », « La morsure »."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.base import GM
from domain.moves import Offer, Term
from domain.systems.vda import events as ev
from domain.systems.vda.decide import MOVES
from domain.systems.vda.state import PhysicalAction
from domain.table import system_view
from tests.systems.vda.conftest import Table, act
from tests.systems.vda.test_bite_rules import BITE, DRINK, bitten
from tests.systems.vda.test_grapple_rules import CONTACT, NOTHING, begin, fight, held

DECLARE = "vda.DeclareAction"


def offers(t: Table, cid: str) -> dict[str, Offer]:
    return {o.label: o for o in MOVES.offers(system_view(t.timeline.head, GM), cid)}


def declarations(t: Table, cid: str) -> dict[str, dict[str, Any]]:
    """The grapple and bite declarations offered to ``cid``, each with its whole action."""
    return {
        label: offer.fields["action"]
        for label, offer in offers(t, cid).items()
        if label.startswith((f"{DECLARE}/grapple:", f"{DECLARE}/bite:"))
    }


def whole(**fields: Any) -> dict[str, Any]:
    return msgspec.to_builtins(PhysicalAction(**fields))  # type: ignore[no-any-return]


def weapon_defence(weapon: str) -> dict[str, Any]:
    return whole(
        kind="defend", defence="parry", skill="melee", weapon=weapon, grapple="weapon_defence", target="alma"
    )


def test_vda_grap_01__the_defender_is_offered_an_armed_defence_with_each_melee_weapon() -> None:
    """VDA-GRAP-01, VDA-GRAP-03: Alma has declared a grapple on Bors; Bors, who carries a
    hunting dagger, a pilum and a lance, is offered a contact of his own (Dexterity +
    Brawl) and a defence with each weapon (Dexterity + Melee, a parry), nothing that needs
    a hold."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    assert declarations(t, "bors") == {
        f"{DECLARE}/grapple:contact:alma": whole(
            kind="attack", skill="brawl", attribute="dexterity", grapple="contact", target="alma"
        ),
        f"{DECLARE}/grapple:weapon_defence:alma:dague_de_chasse": weapon_defence("dague_de_chasse"),
        f"{DECLARE}/grapple:weapon_defence:alma:pilum": weapon_defence("pilum"),
        f"{DECLARE}/grapple:weapon_defence:alma:lance": weapon_defence("lance"),
    }


def test_vda_grap_08_and_11__the_held_fighter_is_offered_escape_flight_and_opposition() -> None:
    """VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-11, VDA-GRAP-15: Bors (Strength 4), held at 3, is
    offered an escape (Dexterity + Brawl), a flight (Strength + Athletics, a movement), an
    opposition (a block) and a contact of his own; the lance, size G, is no longer his to
    defend with (value 2 or more)."""
    t = held(3, strength=4)
    t.declare("alma", NOTHING)
    assert declarations(t, "bors") == {
        f"{DECLARE}/grapple:contact:alma": whole(
            kind="attack", skill="brawl", attribute="dexterity", grapple="contact", target="alma"
        ),
        f"{DECLARE}/grapple:weapon_defence:alma:dague_de_chasse": weapon_defence("dague_de_chasse"),
        f"{DECLARE}/grapple:weapon_defence:alma:pilum": weapon_defence("pilum"),
        f"{DECLARE}/grapple:oppose:alma": whole(
            kind="defend",
            defence="block",
            skill="brawl",
            attribute="dexterity",
            grapple="oppose",
            target="alma",
        ),
        f"{DECLARE}/grapple:escape:alma": whole(
            kind="other", skill="brawl", attribute="dexterity", grapple="escape", target="alma"
        ),
        f"{DECLARE}/grapple:flee:alma": whole(
            kind="move", skill="athletics", attribute="strength", grapple="flee", target="alma"
        ),
    }


def test_vda_grap_12_and_bite_02__the_grappler_is_offered_control_opposition_and_the_bite() -> None:
    """VDA-GRAP-09, VDA-GRAP-12, VDA-BITE-02: Alma, a vampire holding Bors at 3, is offered a
    control, an opposition and a bite with her fangs; no second contact on him."""
    t = held(3, strength=4)
    assert declarations(t, "alma") == {
        f"{DECLARE}/grapple:oppose:bors": whole(
            kind="defend",
            defence="block",
            skill="brawl",
            attribute="dexterity",
            grapple="oppose",
            target="bors",
        ),
        f"{DECLARE}/grapple:control:bors": whole(
            kind="other", skill="brawl", attribute="dexterity", grapple="control", target="bors"
        ),
        f"{DECLARE}/bite:bors": whole(kind="attack", skill="brawl", weapon="morsure", target="bors"),
    }


# --- the resolution's preview -------------------------------------------------------------


def as_terms(found: list[Any]) -> list[Term]:
    return msgspec.convert(msgspec.to_builtins(found), list[Term])


def previewed(t: Table, cid: str) -> tuple[list[Term] | None, list[Term] | None, int]:
    offer = offers(t, cid)["vda.ResolveAction"]
    return offer.pool, offer.difficulty, offer.automatic


def rolled_terms(events: list[Any]) -> tuple[list[Term], list[Term], int]:
    rolled = events[0]
    if isinstance(rolled, ev.GrappleRolled):
        return as_terms(rolled.check.pool), as_terms(rolled.check.difficulty), rolled.check.automatic
    assert isinstance(rolled, ev.ActionRolled)
    return as_terms(rolled.pool), as_terms(rolled.difficulty), 0


def test_vda_grap_03__the_offered_contact_shows_the_roll_it_then_makes() -> None:
    """VDA-GRAP-03: the contact offered before ``ResolveAction`` is Dexterity 3 + Brawl 3 at
    6, no automatic success, as the roll then made."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    shown = previewed(t, "alma")
    assert shown == rolled_terms(t.resolve("alma", [2] * 6))
    assert shown[2] == 0 and [term.why for term in shown[0] or []] == ["dexterity", "brawl"]


def test_vda_grap_01__the_offered_armed_defence_shows_the_roll_it_then_makes() -> None:
    """VDA-GRAP-01: Bors's offered armed defence with the pilum is Dexterity 2 + Melee 2 + 2
    dice at 6 − 1, as rolled."""
    t = fight()
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", weapon_defence_action("pilum"))
    shown = previewed(t, "bors")
    assert shown == rolled_terms(t.resolve("bors", [2] * 6))
    assert shown[2] == 0


def weapon_defence_action(weapon: str) -> PhysicalAction:
    return act(
        "defend", defence="parry", skill="melee", weapon=weapon, grapple="weapon_defence", target="alma"
    )


def test_vda_grap_08_12__the_offered_escape_and_control_show_their_rolls() -> None:
    """VDA-GRAP-08, VDA-GRAP-12: the escape Bors is offered (Strength 2 + Brawl 2) and the
    control Alma then is (Strength 3 + Brawl 3, Potence 1 automatic) are the rolls made."""
    t = held(3)
    t.declare("alma", act("other", skill="brawl", attribute="strength", grapple="control", target="bors"))
    t.declare("bors", act("other", skill="brawl", attribute="strength", grapple="escape", target="alma"))
    dice = {"alma": 6, "bors": 4}
    for _ in range(2):
        cid = t.state.sequence.acting[0]  # type: ignore[union-attr]
        shown = previewed(t, cid)
        assert shown == rolled_terms(t.resolve(cid, [2] * dice[cid]))
        assert shown[2] == (1 if cid == "alma" else 0)


def test_vda_grap_11__the_offered_flight_shows_its_roll_at_plus_2() -> None:
    """VDA-GRAP-11: Bors's offered flight is Strength 4 + Athletics 2 at 6 + 2, no automatic
    success, as rolled."""
    t = held(3, strength=4)
    t.declare("alma", NOTHING)
    t.declare("bors", act("move", skill="athletics", attribute="strength", grapple="flee", target="alma"))
    shown = previewed(t, "bors")
    assert shown == rolled_terms(t.resolve("bors", [2] * 6))
    assert shown[2] == 0 and [term.rule for term in shown[0] or []] == ["VDA-GRAP-11", "VDA-GRAP-11"]


def test_vda_grap_09__the_offered_opposition_shows_its_roll() -> None:
    """VDA-GRAP-09: Alma's declared opposition (Dexterity 3 + Brawl 3) is offered as rolled."""
    t = held(3)
    t.declare("alma", act("defend", defence="block", skill="brawl", grapple="oppose", target="bors"))
    t.declare("bors", act("other", skill="brawl", attribute="strength", grapple="escape", target="alma"))
    shown = previewed(t, "alma")
    assert shown == rolled_terms(t.resolve("alma", [2] * 6))


def test_vda_grap_20__a_takedown_is_offered_with_no_roll() -> None:
    """VDA-GRAP-20: a takedown rolls nothing: its offer carries no pool."""
    t = held(4)
    t.declare("alma", act("other", grapple="takedown", target="bors"))
    t.declare("bors", NOTHING)
    assert previewed(t, "alma") == (None, None, 0)


def test_vda_bite_02__the_offered_bite_shows_its_roll_at_5() -> None:
    """VDA-BITE-02: Alma's offered bite is Dexterity 3 + Brawl 3 at 5, no automatic success,
    as rolled."""
    t = held(3)
    t.declare("alma", BITE)
    t.declare("bors", NOTHING)
    shown = previewed(t, "alma")
    assert shown == rolled_terms(t.resolve("alma", [2] * 6))
    assert shown[2] == 0 and [term.rule for term in shown[0] or []] == ["VDA-BITE-02", "VDA-BITE-02"]


def test_vda_bite_03__the_offered_drink_shows_its_roll_with_potence_automatic() -> None:
    """VDA-BITE-03: Alma's offered drink is Strength 3 at 6 with Potence 1 automatic."""
    t = bitten()
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    shown = previewed(t, "alma")
    assert shown == rolled_terms(t.resolve("alma", [2] * 3))
    assert shown[2] == 1

"""The grapple's declaration guards through ``decide`` (the VDA-GRAP chapter): each refusal
with its rule ID and its whole message, and the declarations they let through (an
opposition while immobilised or in a hold of 0, a contact of 1 success). Seed 000
« L'étreinte »."""

from __future__ import annotations

import pytest

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.state import PhysicalAction
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_grapple_rules import CONTACT, NOTHING, begin, fight, held, of

ESCAPE = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
OPPOSE = act("defend", defence="block", skill="brawl", grapple="oppose", target="alma")


def refusal(t: Table, cid: str, action: PhysicalAction) -> str:
    return str(t.refuse(c.DeclareAction(combatant=cid, action=action)))


def declared(t: Table, cid: str, action: PhysicalAction) -> ev.ActionDeclared:
    [event] = of(t.declare(cid, action), ev.ActionDeclared)
    return event


def unheld() -> Table:
    t = fight()
    begin(t)
    return t


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (
            act("attack", skill="brawl", target="alma", grapple="contact"),
            "VDA-GRAP-03: on n'étreint pas soi-même / not oneself",
        ),
        (
            act("other", skill="brawl", target="bors", grapple="contact"),
            "VDA-PHYS-02: l'action d'étreinte 'contact' est de type 'attack' / is a 'attack' action",
        ),
        (act("other", skill="brawl", grapple="escape"), "VDA-PHYS-02: 'escape' names the other fighter"),
        (
            act("attack", skill="melee", target="bors", grapple="contact"),
            "VDA-GRAP-03: le contact est un jet de Dextérité + Bagarre sans arme / Dexterity + Brawl, "
            "no weapon",
        ),
        (
            act("other", skill="brawl", attribute="wits", grapple="escape", target="bors"),
            "VDA-GRAP-08: Dextérité + Bagarre ou Force + Bagarre + Potence / Dexterity or Strength + Brawl",
        ),
        (
            act("other", skill="brawl", attribute="wits", grapple="control", target="bors"),
            "VDA-GRAP-12: Dextérité + Bagarre ou Force + Bagarre + Potence / Dexterity or Strength + Brawl",
        ),
        (
            act("defend", defence="block", skill="brawl", attribute="wits", grapple="oppose", target="bors"),
            "VDA-GRAP-08: Dextérité + Bagarre ou Force + Bagarre + Potence / Dexterity or Strength + Brawl",
        ),
        (
            act("other", skill="brawl", attribute="strength", grapple="escape", target="bors"),
            "VDA-GRAP-08: 'bors' n'étreint pas 'alma' / 'bors' does not hold 'alma'",
        ),
        (
            act("move", skill="athletics", attribute="strength", grapple="flee", target="bors"),
            "VDA-GRAP-11: 'bors' n'étreint pas 'alma' / 'bors' does not hold 'alma'",
        ),
        (
            act("other", skill="brawl", grapple="control", target="bors"),
            "VDA-GRAP-12: 'alma' n'étreint pas 'bors' / holds no 'bors'",
        ),
        (
            act("defend", defence="block", skill="brawl", grapple="oppose", target="bors"),
            "VDA-GRAP-09: aucune étreinte entre 'alma' et 'bors' / no grapple between them",
        ),
        (
            act("other", grapple="takedown", target="bors"),
            "VDA-GRAP-20: mise à terre à partir de 2 × (Force + Potence) de 'bors' / takedown needs "
            "twice Strength + Potence",
        ),
    ],
)
def test_a_grapple_move_refused_before_any_hold_says_why(action: PhysicalAction, message: str) -> None:
    """VDA-PHYS-02, VDA-GRAP-03, VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-11, VDA-GRAP-12,
    VDA-GRAP-20: before any hold, each grapple move Alma cannot make is refused with its
    rule and its words: herself as the target, the wrong kind of action, no one named, a
    contact in Melee, a pool other than Dexterity or Strength, a hold she or Bors does not
    have, a takedown below twice Bors's Strength + Potence."""
    assert refusal(unheld(), "alma", action) == message


def test_a_contact_is_made_bare_handed() -> None:
    """VDA-GRAP-03: the contact is a Dexterity + Brawl roll without a weapon: Alma, carrying a
    dagger, may not grapple with it in hand."""
    t = Table()
    t.add("alma", sheet(dex=3, strength=3, brawl=3, weapons=["dague_de_chasse"]), player="ann")
    t.add("bors", sheet(kind="mortal", dex=2, strength=2, brawl=2))
    begin(t)
    armed = act("attack", skill="brawl", weapon="dague_de_chasse", target="bors", grapple="contact")
    assert refusal(t, "alma", armed) == (
        "VDA-GRAP-03: le contact est un jet de Dextérité + Bagarre sans arme / Dexterity + Brawl, no weapon"
    )


def test_an_armed_defence_names_its_weapon() -> None:
    """VDA-GRAP-01: an armed defence against a grapple is made with a weapon Bors carries:
    none named is refused."""
    t = unheld()
    t.declare("alma", CONTACT)
    bare = act("defend", defence="parry", skill="melee", grapple="weapon_defence", target="alma")
    assert refusal(t, "bors", bare) == "VDA-GRAP-01: 'bors' ne porte pas None / does not carry that weapon"


def test_a_second_contact_on_a_held_fighter_is_a_control() -> None:
    """VDA-GRAP-03: Alma already holds Bors: a new contact is refused, pointing to control."""
    assert refusal(held(3), "alma", CONTACT) == (
        "VDA-GRAP-03: 'alma' étreint déjà 'bors': renforcer (control) / already holds: use control"
    )


def test_a_zero_hold_lost_its_chance_says_so() -> None:
    """VDA-GRAP-05: Alma, whose hold at 0 was not tightened at her very next action, is told
    why her control is refused."""
    t = fight()
    begin(t)
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.send(c.SpendForAction(combatant="alma"), as_="ann")
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 8, 8, 2, 2, 2, 8, 2, 2, 8, 8])
    t.declare("alma", act("defend", skill="dodge", defence="dodge"))
    t.resolve("alma", [2, 2, 2, 2, 2])
    control = act("other", skill="brawl", grapple="control", target="bors")
    assert refusal(t, "alma", control) == (
        "VDA-GRAP-05: étreinte nulle: seule l'action suivante pouvait la renforcer / a value-0 hold is "
        "tightened at the very next action only"
    )


def test_a_hold_brought_to_0_can_still_be_opposed() -> None:
    """VDA-GRAP-09: a hold of 0 is still a grapple until the round ends (VDA-GRAP-06): Alma,
    whose hold on Bors the GM brought to 0, may declare an opposition to him."""
    t = held(3)
    t.send(c.AdjustGrapple(grappler="alma", target="bors", delta=-3, reason="prise relâchée"))
    oppose = act("defend", defence="block", skill="brawl", grapple="oppose", target="bors")
    assert declared(t, "alma", oppose) == ev.ActionDeclared(combatant="alma", sequence=1, action=oppose)


def test_an_immobilised_fighter_may_still_oppose_his_grappler() -> None:
    """VDA-GRAP-21, VDA-GRAP-18: Bors, held at 8 (immobilised from 6, no attack on Alma from
    8), may still oppose her control: an opposition is neither forbidden to the immobilised
    nor an attack."""
    t = held(8)
    t.declare("alma", act("other", skill="brawl", attribute="strength", grapple="control", target="bors"))
    assert declared(t, "bors", OPPOSE) == ev.ActionDeclared(combatant="bors", sequence=1, action=OPPOSE)


def test_an_immobilised_fighter_is_told_why() -> None:
    """VDA-GRAP-21: Bors, held at 6 (three times his Strength 2), may not dodge, and is told
    who immobilises him."""
    t = held(6)
    t.declare("alma", NOTHING)
    dodge = act("defend", skill="dodge", defence="dodge")
    assert refusal(t, "bors", dodge) == (
        "VDA-GRAP-21: 'bors' est immobilisé par 'alma' / immobilised: only escape attempts"
    )


def test_no_attack_on_the_grappler_from_8_says_at_what_value() -> None:
    """VDA-GRAP-18: Bors (Strength 3), held at 8, may no longer attack Alma; the refusal gives
    the value."""
    t = held(8, strength=3)
    t.declare("alma", NOTHING)
    assert refusal(t, "bors", act("attack", skill="brawl", target="alma")) == (
        "VDA-GRAP-18: 'bors' est étreint à 8 par 'alma': plus aucune attaque contre lui / no attack on the "
        "grappler from 8"
    )


@pytest.mark.parametrize(
    "action",
    [
        act("attack", skill="melee", weapon="lance", target="alma"),
        act("defend", defence="parry", skill="melee", weapon="lance"),
    ],
)
def test_a_size_g_weapon_is_useless_from_2_to_attack_or_parry(action: PhysicalAction) -> None:
    """VDA-GRAP-15: held at 2, Bors uses his lance (size G) neither to attack nor to parry;
    the refusal names the grappler, the value and the size."""
    t = held(2)
    t.declare("alma", NOTHING)
    assert refusal(t, "bors", action) == (
        "VDA-GRAP-15: 'bors' est étreint par 'alma' à 2: pas d'arme de taille G / no size G weapon while "
        "held at 2"
    )


def test_a_contact_of_one_success_caps_the_hold_at_1() -> None:
    """VDA-GRAP-03, VDA-GRAP-04: a contact won by a single success makes contact, and caps
    the hold at 1."""
    t = unheld()
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    events = t.resolve("alma", [8, 2, 2, 2, 2, 2, 8, 8, 8, 2, 2])
    assert of(events, ev.GrappleEstablished) == [
        ev.GrappleEstablished(
            grappler="alma", target="bors", value=1, cap=1, strength_potence=2, grappler_used=1
        )
    ]

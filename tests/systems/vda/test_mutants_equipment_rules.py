"""A size-M weapon the seeds give no numbers strikes only with campaign data
(VDA-MELEE-07): the refusal through ``decide``, at the declaration, with its words."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from domain.systems.vda.options import DamageOptions, VdaOptions
from tests.systems.vda.conftest import act, sheet
from tests.systems.vda.test_equipment_round import fight, of, resolve, scripted
from tests.systems.vda.test_grapple_rules import held
from tests.systems.vda.test_rules_in_play import A_INIT, CLUB, clubbed


def test_a_sword_without_the_seeds_numbers_is_refused_in_words() -> None:
    """VDA-MELEE-07: Alma's sword has neither damage nor difficulty in the seeds: her attack
    is refused at the declaration, naming the sword and what to supply."""
    t = fight(alma=sheet(melee=3, weapons=["epee"]))
    sword = act("attack", skill="melee", target="bors", weapon="epee")
    refused = t.refuse(c.DeclareAction(combatant="alma", action=sword))
    assert (refused.rule, refused.message) == (
        "VDA-MELEE-07",
        "Épée: les graines ne donnent ni dommages ni difficulté / "
        "the seeds give no damage or difficulty; supply campaign data",
    )


def test_an_unconscious_fighter_declares_nothing_and_is_told_so() -> None:
    """VDA-MELEE-05: Bors, knocked out by Alma's club from ambush, cannot declare even a
    dodge next round; the refusal names him."""
    t = clubbed()
    scripted(t, c.SurpriseAttack(combatant="alma", action=CLUB), [8, 8, 2, 2, 2, 2, 2, 2])
    t.start()
    t.initiative("alma", A_INIT)
    t.initiative("bors", [7, 2, 2])
    t.declare("alma", act("none"))
    dodge = act("defend", skill="dodge", defence="dodge")
    refused = t.refuse(c.DeclareAction(combatant="bors", action=dodge))
    assert (refused.rule, refused.message) == ("VDA-MELEE-05", "'bors' is unconscious")


def test_armour_soaks_lethal_damage_where_it_soaks_no_bashing() -> None:
    """VDA-ARMOR-03: at a table where armour soaks lethal damage only (the seed's words),
    Bors's mail (2 dice) still soaks Alma's dagger, a lethal weapon: 1 automatically for
    its malus (VDA-ARMOR-06), 1 die rolled."""
    options = VdaOptions(damage=DamageOptions(armour_soaks_bashing=False))
    t = fight(
        alma=sheet(melee=3, weapons=["dague_de_chasse"]),
        bors=sheet(kind="mortal", armour="maille"),
        options=options,
    )
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", act("none"))
    [resolved] = of(resolve(t, "alma", [9, 9]), ev.AttackResolved)
    found = resolved.resolution
    assert found.soak_roll is not None
    assert (found.damage_type, found.soak_from_armour_malus, found.soak_roll.dice) == ("lethal", 1, 1)


def test_a_damaged_stiletto_still_adds_no_damage() -> None:
    """VDA-RES-03: a damaged weapon's bonus is capped by its resistance, never raised: Alma's
    stiletto (+0), worn to 2, strikes with her Strength 2 alone."""
    t = fight(alma=sheet(melee=3, weapons=["stylet"]))
    t.send(c.AdjustItem(combatant="alma", item="stylet", state=Item(resistance=2), reason="ébréché"))
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="stylet"))
    t.declare("bors", act("none"))
    [resolved] = of(resolve(t, "alma", [9, 9]), ev.AttackResolved)
    assert (resolved.resolution.weapon_bonus, resolved.resolution.base_dice) == (0, 2)


def test_a_mortal_held_in_a_grapple_cannot_bite_even_with_fangs_on_his_sheet() -> None:
    """VDA-NAT-03: « seul un vampire a des crocs »: Bors, a mortal held by Alma, has
    « morsure » written on his sheet; his bite is still refused, in words."""
    t = held(3, weapons=["dague_de_chasse", "morsure"])
    t.declare("alma", act("none"))
    bite = act("attack", skill="brawl", weapon="morsure", target="alma")
    refused = t.refuse(c.DeclareAction(combatant="bors", action=bite))
    assert (refused.rule, refused.message) == (
        "VDA-NAT-03",
        "seul un vampire a des crocs / only vampires bite",
    )

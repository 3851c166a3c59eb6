"""A size-M weapon the seeds give no numbers strikes only with campaign data
(VDA-MELEE-07): the refusal through ``decide``, at the declaration, with its words."""

from __future__ import annotations

from domain.systems.vda import commands as c
from tests.systems.vda.conftest import act, sheet
from tests.systems.vda.test_equipment_round import fight, scripted
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

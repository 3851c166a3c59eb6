"""A size-M weapon the seeds give no numbers strikes only with campaign data
(VDA-MELEE-07): the refusal through ``decide``, at the declaration, with its words."""

from __future__ import annotations

from domain.systems.vda import commands as c
from tests.systems.vda.conftest import act, sheet
from tests.systems.vda.test_equipment_round import fight


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

"""The ambush's moment through ``decide`` (VDA-AMB-01): once, and before the first round, each
refusal with its words. Written against the mutants of ``rules/ambush`` that survived the
mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from tests.systems.vda.conftest import Table, sheet
from tests.systems.vda.test_equipment_round import ambushed

AMBUSH = c.Ambush(ambusher="alma", target="bors")


def test_vda_amb_01__one_ambush_before_the_first_round() -> None:
    """VDA-AMB-01: the GM resolves Alma's ambush once; a second is refused, saying so."""
    t = ambushed()
    refused = t.refuse(AMBUSH, dice=[6, 2, 7, 2, 2, 8, 9, 3])
    assert (refused.rule, refused.message) == ("VDA-AMB-01", "an ambush was already resolved")


def test_vda_amb_01__no_ambush_once_the_first_round_began() -> None:
    """VDA-AMB-01: « avant le premier round »: once round 1 began, the ambush is refused."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, melee=3))
    t.add("bors", sheet(kind="mortal", melee=2))
    t.start()
    refused = t.refuse(AMBUSH, dice=[6, 2, 7, 2, 2, 8, 9, 3])
    assert (refused.rule, refused.message) == ("VDA-AMB-01", "an ambush happens before the first round")

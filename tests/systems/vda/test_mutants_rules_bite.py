"""Shortening the Kiss's ecstasy through ``decide`` (VDA-BITE-06): who may, and how often, each
refusal with its rule and its words. Written against the mutants of ``rules/bite`` that
survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.test_bite_rules import DRINK, bitten
from tests.systems.vda.test_grapple_rules import NOTHING, of

SHORTEN = c.ShortenEcstasy(combatant="bors")


def test_vda_bite_06__a_mortal_in_the_kiss_has_no_rounds_to_shorten() -> None:
    """VDA-BITE-05, VDA-BITE-06: Bors, a mortal, is held by the Kiss while Alma drinks, for no
    number of rounds: Willpower cannot shorten it."""
    t = bitten(willpower=3)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    assert of(t.resolve("alma", [8, 2, 2]), ev.KissEcstasyStarted)
    refused = t.refuse(SHORTEN)
    assert (refused.rule, refused.message) == (
        "VDA-BITE-06",
        "'bors' n'est pas dans l'extase d'un vampire / not in a vampire's timed ecstasy",
    )


def test_vda_bite_06__one_willpower_point_a_round() -> None:
    """VDA-BITE-06: Bors, a vampire in the ecstasy, spends one Willpower point this round to
    shorten it; a second is refused, saying so."""
    t = bitten(kind="vampire", self_control=2, willpower=5)
    t.declare("alma", DRINK)
    t.declare("bors", NOTHING)
    t.resolve("alma", [8, 2, 2, 3, 4])
    assert of(t.send(SHORTEN), ev.KissEcstasyShortened) == [
        ev.KissEcstasyShortened(victim="bors", until_round=4)
    ]
    refused = t.refuse(SHORTEN)
    assert (refused.rule, refused.message) == (
        "VDA-BITE-06",
        "un point de Volonté par round / one Willpower point per round",
    )

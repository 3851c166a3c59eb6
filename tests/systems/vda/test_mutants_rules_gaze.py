"""The gaze's refusals through ``decide``, each with its rule and its words: turning the eyes
away or shutting them twice (VDA-GAZE-03, VDA-GAZE-07), shutting them before understanding
(VDA-GAZE-07), guessing an intent no active gaze shows, or twice a round (VDA-GAZE-06).
Written against the mutants of ``rules/gaze`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from msgspec.structs import replace

from domain.systems.vda import commands as c
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import scripted
from tests.systems.vda.test_gaze_two_weapons import gaze_fight, gazer


def test_vda_gaze_03__averting_twice_or_not_at_all_says_so() -> None:
    """VDA-GAZE-03: Bors averts his eyes; a second time is refused (« already on »), and so is
    looking back once he looks (« already off »)."""
    t = gaze_fight()
    t.send(c.AvertGaze(combatant="bors"))
    refused = t.refuse(c.AvertGaze(combatant="bors"))
    assert (refused.rule, refused.message) == ("VDA-GAZE-03", "averting the gaze already on")
    t.send(c.AvertGaze(combatant="bors", on=False))
    refused = t.refuse(c.AvertGaze(combatant="bors", on=False))
    assert (refused.rule, refused.message) == ("VDA-GAZE-03", "averting the gaze already off")


def test_vda_gaze_07__eyes_close_once_the_intent_is_understood() -> None:
    """VDA-GAZE-07: Bors cannot shut his eyes before he understood a gaze attack."""
    t = gaze_fight()
    refused = t.refuse(c.CloseEyes(combatant="bors"))
    assert (refused.rule, refused.message) == ("VDA-GAZE-07", "'bors' has not understood any gaze attack")


def test_vda_gaze_06__the_intent_is_guessed_of_an_active_gaze_once_a_round() -> None:
    """VDA-GAZE-06: Dan and Cole spend their action on Bors's gaze, Alma does not: Bors has no
    intent of hers to guess; he tries Dan's once this round, not twice."""
    t = Table()
    alma = gazer()
    strong = replace(alma, attributes=replace(alma.attributes, charisma=3, manipulation=3))
    t.add("alma", strong)
    t.add("dan", strong)
    t.add("cole", strong)
    t.add("bors", sheet(kind="mortal", melee=2, dodge=1, self_control=2))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("dan", [7, 7, 2, 2, 2])
    t.initiative("cole", [7, 2, 2, 2, 2])
    t.initiative("bors", [2, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    gazing = act("other", skill="intimidation", attribute="manipulation", target="bors", gaze="regard")
    t.declare("dan", gazing)
    t.declare("cole", gazing)
    t.declare("bors", act("none"))
    refused = t.refuse(c.DetectGazeIntent(combatant="bors", attacker="alma"), [2] * 2)
    assert (refused.rule, refused.message) == (
        "VDA-GAZE-06",
        "'alma' spends no active action on 'bors''s gaze",
    )
    guess = c.DetectGazeIntent(combatant="bors", attacker="dan")
    scripted(t, guess, [2] * 2)
    refused = t.refuse(guess, [2] * 2)
    assert (refused.rule, refused.message) == (
        "VDA-GAZE-06",
        "'bors' already tried to guess 'dan''s intent this round",
    )

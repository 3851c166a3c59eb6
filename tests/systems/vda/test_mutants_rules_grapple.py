"""Grapple escapes and controls through ``decide``, at the edges the value's arithmetic
turns on. Written against the mutants of
``rules/grapple`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import events as ev
from tests.systems.vda.conftest import act
from tests.systems.vda.test_grapple_rules import held, of

OPPOSE = act("defend", defence="block", skill="brawl", grapple="oppose", target="bors")
ESCAPE = act("other", skill="brawl", attribute="strength", grapple="escape", target="alma")
CONTROL = act("other", skill="brawl", attribute="strength", grapple="control", target="bors")


def changed(events: list[Any]) -> ev.GrappleValueChanged:
    [found] = of(events, ev.GrappleValueChanged)
    assert isinstance(found, ev.GrappleValueChanged)
    return found


def test_vda_grap_08__an_escape_the_opposition_cancels_loosens_nothing() -> None:
    """VDA-GRAP-08: Bors's one escape success against Alma's one success of opposition leaves
    nothing to lower the value: the hold stays at 3."""
    t = held(3)
    t.declare("alma", OPPOSE)
    t.declare("bors", ESCAPE)
    t.resolve("alma", [8, 2, 2, 2, 2, 2])
    found = changed(t.resolve("bors", [8, 2, 2, 2]))
    assert (found.delta, found.value, found.opposition) == (0, 3, 1)
    assert t.state.grapples["alma>bors"].value == 3


def test_vda_grap_12__a_control_the_opposition_cancels_tightens_nothing() -> None:
    """VDA-GRAP-12: Alma's two control successes (one die, one automatic from Potence) against
    Bors's two of opposition raise nothing: the hold stays at 3."""
    t = held(3)
    t.declare("alma", CONTROL)
    t.declare("bors", act("defend", defence="block", skill="brawl", grapple="oppose", target="alma"))
    t.resolve("bors", [8, 8, 2, 2])
    found = changed(t.resolve("alma", [8, 2, 2, 2, 2, 2]))
    assert (found.delta, found.value, found.opposition) == (0, 3, 2)
    assert t.state.grapples["alma>bors"].value == 3


def test_vda_grap_05__a_hold_at_1_may_be_tightened_at_any_action() -> None:
    """VDA-GRAP-05 limits only a hold at 0: at value 1 Alma declares a control in a later
    round without restriction."""
    t = held(1)
    declared = t.declare("alma", CONTROL)
    assert declared == [ev.ActionDeclared(combatant="alma", sequence=1, action=CONTROL)]

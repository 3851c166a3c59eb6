"""What a character may have, checked when it joins the table (``System.check_sheet``)."""

from __future__ import annotations

from domain.commands import AddCombatant, UpdateCombatant
from domain.errors import RuleViolation
from domain.events import Combatant, CombatantAdded
from domain.systems.vda.options import VdaOptions
from tests.systems.vda.conftest import Table, sheet


def _add(cid: str, **traits: object) -> AddCombatant:
    return AddCombatant(combatant=Combatant(id=cid, name=cid.title(), sheet=sheet(**traits)))


def test_vda_pow_08__anger_needs_a_dot_in_the_mental_control_block() -> None:
    """VDA-POW-08: anger needs a dot in the mental control block."""
    t = Table()
    refused = t.refuse(_add("alma", anger=2, celerity=2))
    assert isinstance(refused, RuleViolation) and refused.rule == "VDA-POW-08"
    assert t.state.fighters == {} and "alma" not in t.timeline.head.fight.combatants  # type: ignore[union-attr]
    for block_discipline in ("dominate", "presence", "animalism"):
        added = t.send(_add(f"x-{block_discipline}", anger=2, **{block_discipline: 1}))
        assert [type(e) for e in added] == [CombatantAdded]


def test_vda_pow_08__rage_needs_animalism_and_anger_is_open_to_animalism_users() -> None:
    """VDA-POW-08: rage needs animalism and anger is open to animalism users."""
    t = Table()
    assert t.refuse(_add("cleo", rage=2, dominate=2)).rule == "VDA-POW-08"
    assert [type(e) for e in t.send(_add("cleo", rage=2, animalism=1))] == [CombatantAdded]
    # Rorsh (seeds 000 and 001) pays with Anger and uses Animalism.
    assert [type(e) for e in t.send(_add("rorsh", anger=2, animalism=1, vicissitude=2))] == [CombatantAdded]


def test_vda_pow_08__no_pool_no_check_and_the_option_lifts_it() -> None:
    """VDA-POW-08: no pool no check and the option lifts it."""
    t = Table()
    assert [type(e) for e in t.send(_add("bors", celerity=1))] == [CombatantAdded]
    angry = Combatant(id="bors", name="Bors", sheet=sheet(anger=1, celerity=1))
    assert t.refuse(UpdateCombatant(combatant=angry, reason="fiche")).rule == "VDA-POW-08"
    free = Table(VdaOptions(anger_needs_mental_control=False))
    assert [type(e) for e in free.send(_add("alma", anger=2, rage=1))] == [CombatantAdded]

"""What the server offers a combatant's controls (``Moves.offers``): the pool and
difficulty a resolution would roll, and whole grapple and bite declarations, found by
the code ``decide`` runs, so a page shows them and computes nothing."""

from __future__ import annotations

import msgspec

from domain.base import GM, Viewer
from domain.moves import Term
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.decide import MOVES
from domain.systems.vda.rules.initiative import declaring_now
from domain.table import may_do, may_of, offers_for, system_view
from tests.systems.vda.conftest import Table, act, sheet


def to_declarations(t: Table) -> None:
    """A round started and every initiative rolled: the declarations are open."""
    t.start()
    t.initiative("alma", [8, 8, 8, 2, 2])
    t.initiative("bors", [8, 2, 2, 2, 2])


def offers(t: Table, cid: str) -> dict[str, object]:
    return {o.label: o for o in MOVES.offers(system_view(t.timeline.head, GM), cid)}


def test_a_6_a_7__the_offered_resolution_shows_the_pool_and_difficulty_it_then_rolls() -> None:
    """A-6 (pool: attribute + ability) and A-7 (difficulty): the terms offered before
    ``ResolveAction`` are those of the ``ActionRolled`` it writes, rule ID by rule ID."""
    t = Table()
    t.add("alma", sheet(melee=3, dodge=2, weapons=["epieu"]))
    t.add("bors", sheet(melee=2, dodge=1))
    to_declarations(t)
    while (seq := t.state.sequence) is not None and seq.step == "declare":
        cid = next(i for i in declaring_now(seq) if i not in seq.declared and i not in seq.sealed)
        action = act("attack", skill="melee", weapon="epieu", target="bors") if cid == "alma" else act("none")
        t.declare(cid, action)
    offered = offers(t, "alma")["vda.ResolveAction"]
    assert offered.fields == {"combatant": "alma"}  # type: ignore[attr-defined]
    dice = sum(term.value for term in offered.pool)  # type: ignore[attr-defined]
    rolled = next(e for e in t.resolve("alma", [2] * dice) if isinstance(e, ev.ActionRolled))
    as_terms = msgspec.convert(msgspec.to_builtins([rolled.pool, rolled.difficulty]), list[list[Term]])
    assert [offered.pool, offered.difficulty] == as_terms  # type: ignore[attr-defined]
    assert [term.rule for term in as_terms[0]][:2] == ["A-6", "A-6"]
    assert as_terms[1][0].rule == "A-7"


def test_vda_grap_03__an_offered_contact_is_a_whole_declaration_the_server_accepts() -> None:
    """VDA-GRAP-03: the contact variant offered to a grappler carries its whole action;
    sent as it is, ``DeclareAction`` accepts it and writes that action."""
    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(brawl=1))
    to_declarations(t)
    seq = t.state.sequence
    assert seq is not None
    cid = next(i for i in declaring_now(seq) if i not in seq.declared)
    if cid != "alma":
        t.declare(cid, act("none"))
    found = offers(t, "alma")
    assert not [label for label in found if "/bite:" in label]  # VDA-BITE-02: no hold yet
    fields = found["vda.DeclareAction/grapple:contact:bors"].fields  # type: ignore[attr-defined]
    assert fields["action"]["grapple"] == "contact"
    command = msgspec.convert({"type": "vda.DeclareAction", **fields}, c.DeclareAction)
    written = t.send(command)
    declared = next(e for e in written if isinstance(e, ev.ActionDeclared))
    assert msgspec.to_builtins(declared.action)["target"] == "bors"
    assert msgspec.to_builtins(declared.action)["grapple"] == "contact"


def test_a_player_is_offered_only_their_combatants() -> None:
    """The offers a player gets name only the combatants they play; a spectator gets none."""
    t = Table()
    t.add("alma", sheet(melee=3), player="ann")
    t.add("bors", sheet(melee=2))
    to_declarations(t)
    ann = Viewer(role="player", id="ann")
    assert list(offers_for(t.timeline.head, ann)) == ["alma"]
    assert offers_for(t.timeline.head, Viewer(role="spectator", id="s")) == {}


def test_the_offers_list_exactly_what_may_lists() -> None:
    """The state answer derives ``may`` from the offers (the guards run once): the two
    agree for the GM and for a player, at every step of a round."""
    t = Table()
    t.add("alma", sheet(melee=3, brawl=2), player="ann")
    t.add("bors", sheet(melee=2))
    ann = Viewer(role="player", id="ann")
    to_declarations(t)
    while (seq := t.state.sequence) is not None and seq.step == "declare":
        for viewer in (GM, ann):
            assert may_of(offers_for(t.timeline.head, viewer)) == may_do(t.timeline.head, viewer)
        cid = next(i for i in declaring_now(seq) if i not in seq.declared and i not in seq.sealed)
        t.declare(cid, act("attack", skill="brawl", target="bors") if cid == "alma" else act("none"))
    for viewer in (GM, ann):
        assert may_of(offers_for(t.timeline.head, viewer)) == may_do(t.timeline.head, viewer)

"""Ambush through ``decide``: the resisted roll, the surprise attack before initiative, a
tie's defence, and who cannot be ambushed (VTM-AMB-01..05)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from tests.systems.vtm.conftest import OTHER, Table, attack, m, roll, sheet

STEALTH = [m("VTM-AMB-01", 3, "dexterity"), m("VTM-AMB-01", 3, "stealth")]
WATCH = [m("VTM-AMB-01", 2, "perception"), m("VTM-AMB-01", 1, "alertness")]


def table(options: VtmOptions | None = None) -> Table:
    """Alma (Dex 3, Stealth 3, Brawl 2) waits in the dark for Bors (mortal: Perception 2,
    Alertness 1, Dodge 2). The GM opened the first turn."""
    t = Table(options)
    t.add("alma", sheet(stealth=3, brawl=2))
    t.add("bors", sheet(kind="mortal", perception=2, alertness=1, dodge=2))
    t.start()
    return t


def test_vtm_amb_01_02__the_winner_strikes_before_initiative_with_its_extra_successes() -> None:
    """VTM-AMB-01: Dex + Furtivité against Perception + Vigilance; VTM-AMB-02: Alma wins by
    two: her punch comes before initiative with two more dice, and Bors does not defend."""
    t = table()
    events = t.send(c.Ambush(combatant="alma", target="bors"), dice=[8, 8, 8, 2, 2, 2] + [7, 2, 2])
    assert events == [
        ev.AmbushRolled(
            attacker="alma",
            target="bors",
            pool=STEALTH,
            roll=roll([8, 8, 8, 2, 2, 2], 6),
            target_pool=WATCH,
            target_roll=roll([7, 2, 2], 6, first=6),
            difficulty=6,
            outcome="ambusher",
            bonus=2,
        )
    ]
    assert t.refuse(c.Brace(combatant="bors", defence="dodge")).rule == "VTM-AMB-03"
    events = t.send(c.SurpriseAttack(combatant="alma", attack=attack("bors")), dice=[2] * 7)
    assert events[0].pool[-1] == m("VTM-AMB-02", 2, "ambush")
    assert events[0].ambush and not events[0].riposte
    assert events[1] == ev.AttackMissed(attacker="alma", target="bors")
    assert t.state.ambush is None
    assert t.refuse(c.SurpriseAttack(combatant="alma", attack=attack("bors"))).rule == "VTM-AMB-02"
    t.initiative("alma", 5)


def test_vtm_amb_03__on_a_tie_the_target_braces_with_a_defence() -> None:
    """VTM-AMB-03: a tie: Alma still strikes first, but Bors first picks his defence and
    rolls it with his whole pool."""
    t = table()
    t.send(c.Ambush(combatant="alma", target="bors"), dice=[8, 2, 2, 2, 2, 2] + [7, 2, 2])
    assert t.refuse(c.SurpriseAttack(combatant="alma", attack=attack("bors"))).rule == "VTM-AMB-03"
    assert t.send(c.Brace(combatant="bors", defence="dodge")) == [
        ev.Braced(combatant="bors", defence="dodge")
    ]
    events = t.send(
        c.SurpriseAttack(combatant="alma", attack=attack("bors")), dice=[8] + [2] * 4 + [7, 7] + [2] * 3
    )
    assert events[1].pool == [m("VTM-DEF-02", 3, "dexterity"), m("VTM-DEF-02", 2, "dodge")]
    assert events[2] == ev.AttackMissed(attacker="alma", target="bors")


def test_vtm_amb_02__the_table_may_let_the_target_of_a_won_ambush_defend() -> None:
    """VTM-AMB-02: with ``ambush_denies_defence=False`` a won ambush leaves the target its
    defence too."""
    t = table(VtmOptions(ambush_denies_defence=False))
    events = t.send(c.Ambush(combatant="alma", target="bors"), dice=[8, 8, 2, 2, 2, 2] + [2, 2, 2])
    assert events[0].may_defend and events[0].bonus == 2
    t.send(c.Brace(combatant="bors"))


def test_vtm_amb_04__a_watchful_target_sees_it_coming() -> None:
    """VTM-AMB-04: Bors gets more successes: no surprise attack, initiative as usual."""
    t = table()
    events = t.send(c.Ambush(combatant="alma", target="bors"), dice=[2] * 6 + [7, 7, 2])
    assert events[0].outcome == "defender" and events[0].bonus == 0
    assert t.state.ambush is None
    assert t.refuse(c.SurpriseAttack(combatant="alma", attack=attack("bors"))).rule == "VTM-AMB-02"


def test_vtm_amb_05__no_ambush_on_one_already_fighting_nor_after_initiative() -> None:
    """VTM-AMB-05: once Bors has declared in this fight, or once initiative is under way
    (any later turn too), no ambush; only the GM, who rules it possible, sends it."""
    t = table()
    assert t.refuse(c.Ambush(combatant="alma", target="bors"), as_="ann").rule != ""
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    assert t.refuse(c.Ambush(combatant="alma", target="bors")).rule == "VTM-AMB-05"
    t.declare("bors", OTHER)
    t.declare("alma", OTHER)
    t.resolve("alma", [])
    t.resolve("bors", [])
    t.start()
    assert t.refuse(c.Ambush(combatant="alma", target="bors")).rule == "VTM-AMB-05"

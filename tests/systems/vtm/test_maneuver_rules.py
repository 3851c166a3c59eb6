"""General maneuvers through ``decide``: flank and rear, aiming, several opponents
(VTM-GEN-01/02, VTM-MEL-11, VTM-DEF-14)."""

from __future__ import annotations

from domain.systems.vtm.state import Action
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, sheet


def duel() -> Table:
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["epee"]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    return t


def test_vtm_gen_01__from_behind_two_more_dice_from_the_flank_one() -> None:
    """VTM-GEN-01: Alma strikes from behind: two more attack dice."""
    t = duel()
    t.declare("alma", Action(kind="attack", maneuver="strike", target="bors", weapon="epee", side="rear"))
    events = t.resolve("alma", [2] * 8)
    assert events[0].pool[-1] == m("VTM-GEN-01", 2, "rear")


def test_vtm_gen_02__aiming_at_a_precise_part_is_plus_three_and_two_damage_dice() -> None:
    """VTM-GEN-02: the heart is precise: difficulty +3, and two more damage dice."""
    t = duel()
    t.declare("alma", Action(kind="attack", maneuver="strike", target="bors", weapon="epee", aim="precise"))
    events = t.resolve("alma", [9, 2, 2, 2, 2, 2] + [2] * 6)
    assert events[0].difficulty[-1] == m("VTM-GEN-02", 3, "precise")
    assert events[1].pool[-1] == m("VTM-GEN-02", 2, "precise")


def test_vtm_mel_11__each_close_opponent_after_the_first_adds_one_to_attack_and_defence() -> None:
    """VTM-MEL-11 / VTM-DEF-14: three fighters punch Dora: her attack and her dodge are at +2."""
    t = Table()
    for cid in ("alma", "bors", "cleo"):
        t.add(cid, sheet(brawl=2))
    t.add("dora", sheet(brawl=3, dodge=3))
    t.start()
    for cid, die in (("alma", 9), ("bors", 8), ("cleo", 7), ("dora", 1)):
        t.initiative(cid, die)
    t.declare("dora", attack("alma"), defend("dodge"))
    for cid in ("cleo", "bors", "alma"):
        t.declare(cid, attack("dora"))
    events = t.resolve("alma", [2] * 5 + [2] * 3)
    assert events[1].difficulty[-1] == m("VTM-MEL-11", 2, "3 opponents")
    t.resolve("bors", [2] * 5)
    t.resolve("cleo", [2] * 5)
    events = t.resolve("dora", [2] * 4)
    assert m("VTM-MEL-11", 2, "3 opponents") in events[0].difficulty

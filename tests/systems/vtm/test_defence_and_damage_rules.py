"""Room to dodge, dodging shots, and damage from no attack, through ``decide``
(VTM-DEF-08/09, VTM-DMG-09)."""

from __future__ import annotations

from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, m, roll, sheet


def duel() -> Table:
    """Alma (vampire: Brawl 2, a revolver, Firearms 2) acts before Bors (mortal: Dodge 2,
    Brawl 2, Melee 2, a knife)."""
    t = Table()
    t.add("alma", sheet(brawl=2, firearms=2, weapons=["revolver"]))
    t.add("bors", sheet(kind="mortal", dodge=2, brawl=2, melee=2, weapons=["couteau"]))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    return t


def test_vtm_def_08__no_dodge_without_room() -> None:
    """VTM-DEF-08: in a narrow corridor (``cramped``) a dodge is refused; a block still
    answers."""
    t = duel()
    t.send(c.SetCondition(combatant="bors", condition="cramped", reason="couloir étroit"))
    assert t.refuse(c.DeclareActions(combatant="bors", actions=[defend("dodge")])).rule == "VTM-DEF-08"
    t.declare("bors", defend("block", "alma"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5 + [2] * 5)
    assert isinstance(events[1], ev.DefenceRolled) and events[1].defence == "block"


def test_vtm_def_08__a_dodge_declared_before_the_corridor_is_not_rolled() -> None:
    """VTM-DEF-08: a dodge declared, then the GM rules there is no room: not rolled."""
    t = duel()
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors"))
    t.send(c.SetCondition(combatant="bors", condition="cramped", reason="acculé"))
    events = t.resolve("alma", [2] * 5)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.AttackMissed, ev.ActionEnded]


def test_vtm_def_08__a_blinded_defender_cannot_block_or_parry() -> None:
    """VTM-DEF-08: a block or a parry is no use to one who cannot tell where the blow comes
    from: blinded, Bors's block is not rolled."""
    t = duel()
    t.declare("bors", defend("block", "alma"))
    t.declare("alma", attack("bors"))
    t.send(c.SetCondition(combatant="bors", condition="blinded", reason="poudre aux yeux"))
    events = t.resolve("alma", [2] * 7)
    assert [type(e) for e in events] == [ev.AttackRolled, ev.AttackMissed, ev.ActionEnded]


def test_vtm_def_09__dodging_a_shot_drops_one_into_light_cover() -> None:
    """VTM-DEF-09: dodging a shot means diving prone: light cover for the shots after."""
    t = duel()
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors", "shoot", "revolver"))
    events = t.resolve("alma", [2] * 5 + [2] * 5)
    assert events[2] == ev.CoverChanged(
        combatant="bors", cover="light", reason="VTM-DEF-09: dodged to the ground"
    )
    assert t.state.fighters["bors"].cover == "light"


def test_vtm_def_09__dodging_a_punch_moves_no_one() -> None:
    """VTM-DEF-09: a dodge against a close attack changes no cover."""
    t = duel()
    t.declare("bors", defend("dodge"))
    t.declare("alma", attack("bors"))
    events = t.resolve("alma", [2] * 5 + [2] * 5)
    assert not any(isinstance(e, ev.CoverChanged) for e in events)


def test_vtm_dmg_09__the_gm_sets_the_soak_difficulty_of_sun_or_fire() -> None:
    """VTM-DMG-09: fire does 3 aggravated dice; Alma soaks with Fortitude alone (VTM-DMG-08)
    at the difficulty the GM rules (9 for a whole body in flames); no attack, no floor."""
    t = Table()
    t.add("alma", sheet(fortitude=2))
    t.start()
    assert t.refuse(c.InflictDamage(combatant="alma", damage_type="aggravated", dice=3, reason=" ")).rule == (
        "vtm.reason"
    )
    events = t.send(
        c.InflictDamage(
            combatant="alma", damage_type="aggravated", dice=3, soak_difficulty=9, reason="incendie"
        ),
        dice=[2, 2, 2] + [9, 8],
    )
    assert events == [
        ev.DamageRolled(
            attacker="",
            target="alma",
            remaining=0,
            damage_type="aggravated",
            pool=[m("VTM-DMG-09", 3, "incendie")],
            difficulty=[m("VTM-DMG-03", 6, "damage")],
            roll=roll([2, 2, 2], 6, ones_cancel=False, tens_again=True),
            minimum=0,
            damage=0,
        ),
        ev.Soaked(
            target="alma",
            damage_type="aggravated",
            pool=[m("VTM-DMG-08", 2, "fortitude")],
            difficulty=9,
            roll=roll([9, 8], 9, first=3, ones_cancel=False),
            soaked=1,
        ),
        ev.Wounded(target="alma", damage_type="aggravated", levels=0, health=Health()),
    ]
    events = t.send(
        c.InflictDamage(
            combatant="alma", damage_type="aggravated", dice=2, soak_difficulty=9, reason="soleil"
        ),
        dice=[7, 7] + [2, 2],
    )
    assert events[-1] == ev.Wounded(
        target="alma", damage_type="aggravated", levels=2, health=Health(aggravated=2)
    )
    assert OTHER.kind == "other"

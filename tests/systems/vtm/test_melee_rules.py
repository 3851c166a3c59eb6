"""Melee maneuvers beyond a plain blow, through ``decide``: disarming and readying a
weapon again, the gun in the belly, the tackle and off balance, closing in (VTM-MEL-06,
VTM-MEL-12..14, VTM-CPX-09, VTM-ACT-07)."""

from __future__ import annotations

from typing import Any

from domain.commands import AddCombatant
from domain.events import Combatant
from domain.systems.vtm import commands as c
from domain.systems.vtm import events as ev
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Weapon
from domain.systems.wod import Health
from tests.systems.vtm.conftest import OTHER, Table, attack, m, roll, sheet

ATTACK_DIFF = [m("VTM-ATK-05", 6, "attack")]
DAMAGE_DIFF = [m("VTM-DMG-03", 6, "damage")]


def duel(options: VtmOptions | None = None, alma: dict[str, Any] | None = None, **bors: Any) -> Table:
    """Alma (vampire: Dex 3, Melee 3, Brawl 2, an épée and a revolver) acts before Bors
    (mortal: Str 2, a knife)."""
    t = Table(options)
    t.add(
        "alma", sheet(**({"melee": 3, "brawl": 2, "weapons": ["epee", "revolver", "fusil"]} | (alma or {})))
    )
    t.add("bors", sheet(**({"kind": "mortal", "weapons": ["couteau"]} | bors)))
    return t


def turn(t: Table, alma: Action, bors: Action = OTHER) -> None:
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", bors)
    t.declare("alma", alma)


def test_vtm_mel_06__damage_past_the_strength_disarms_instead_of_wounding() -> None:
    """VTM-MEL-06: a disarm is at +1; its damage roll beating the target's Strength (2)
    knocks the knife away with no wound; the knife can no longer be used."""
    t = duel()
    turn(t, attack("bors", "disarm", "epee"))
    events = t.resolve("alma", [9, 9, 9, 2, 2, 2] + [9, 9, 9, 2, 2, 2])
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-MEL-06", 1, "disarm")]
    assert events[0].pool == [m("VTM-MEL-06", 3, "dexterity"), m("VTM-MEL-06", 3, "melee")]
    assert events[1:] == [
        ev.DamageRolled(
            attacker="alma",
            target="bors",
            remaining=3,
            damage_type="lethal",
            pool=[
                m("VTM-DMG-02", 2, "strength"),
                m("VTM-MEL-05", 2, "weapon"),
                m("VTM-ATK-08", 2, "extra successes"),
            ],
            difficulty=DAMAGE_DIFF,
            roll=roll([9, 9, 9, 2, 2, 2], 6, first=6, ones_cancel=False, tens_again=True),
            minimum=2,
            damage=3,
        ),
        ev.Disarmed(combatant="bors", weapon="couteau"),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    refused = t.refuse(c.DeclareActions(combatant="bors", actions=[attack("alma", "strike", "couteau")]))
    assert refused.rule == "VTM-MEL-06"


def test_vtm_mel_06__damage_within_the_strength_wounds_as_usual() -> None:
    """VTM-MEL-06: two damage successes do not beat Strength 2: the blow wounds normally."""
    t = duel()
    turn(t, attack("bors", "disarm", "epee"))
    events = t.resolve("alma", [9, 2, 2, 2, 2, 2] + [9, 9, 2, 2])
    assert [type(e) for e in events] == [
        ev.AttackRolled,
        ev.DamageRolled,
        ev.Soaked,
        ev.Wounded,
        ev.ActionEnded,
    ]
    assert t.state.fighters["bors"].dropped == []


def test_vtm_mel_06__a_botched_disarm_drops_ones_own_weapon_or_takes_the_blow() -> None:
    """VTM-MEL-06: armed, a botch drops the attacker's épée; bare-handed, the attacker takes
    the knife's normal damage (Strength 2 + 1)."""
    t = duel()
    turn(t, attack("bors", "disarm", "epee"))
    events = t.resolve("alma", [1, 2, 2, 2, 2, 2])
    assert events[1:] == [
        ev.AttackMissed(attacker="alma", target="bors", botch=True),
        ev.Disarmed(combatant="alma", weapon="epee"),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    bare = duel()
    turn(bare, attack("bors", "disarm"))
    events = bare.resolve("alma", [1, 2, 2, 2, 2, 2] + [2, 2, 2] + [2, 2])
    assert events[2] == ev.DamageRolled(
        attacker="bors",
        target="alma",
        remaining=0,
        damage_type="lethal",
        pool=[m("VTM-DMG-02", 2, "strength"), m("VTM-MEL-05", 1, "weapon")],
        difficulty=DAMAGE_DIFF,
        roll=roll([2, 2, 2], 6, first=6, ones_cancel=False, tens_again=True),
        minimum=1,
        damage=1,
    )


def test_vtm_act_07__a_dropped_weapon_is_readied_alone_without_a_roll_or_among_actions_with_one() -> None:
    """VTM-ACT-07: picking the dropped knife up takes the action and no roll; readying it
    and striking with it in one turn takes Dex + Mêlée at difficulty 4 first."""
    t = duel(melee=1)
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    assert t.refuse(
        c.DeclareActions(combatant="bors", actions=[Action(kind="ready", weapon="couteau")])
    ).rule == ("VTM-ACT-07")
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "disarm", "epee"))
    t.resolve("alma", [9, 9, 9, 2, 2, 2] + [9, 9, 9, 2, 2, 2])
    t.resolve("bors", [])
    turn(t, OTHER, Action(kind="ready", weapon="couteau"))
    t.resolve("alma", [])
    assert t.resolve("bors", []) == [
        ev.WeaponReadied(combatant="bors", weapon="couteau"),
        ev.ActionEnded(combatant="bors", action=0),
    ]
    t2 = duel(melee=3)
    turn(t2, attack("bors", "disarm", "epee"))
    t2.resolve("alma", [9, 9, 9, 2, 2, 2] + [9, 9, 9, 2, 2, 2])
    t2.resolve("bors", [])
    t2.start()
    t2.initiative("alma", 9)
    t2.initiative("bors", 1)
    t2.declare("bors", Action(kind="ready", weapon="couteau"), attack("alma", "strike", "couteau"))
    t2.declare("alma", OTHER)
    t2.resolve("alma", [])
    events = t2.resolve("bors", [4, 2, 2, 2])
    assert events == [
        ev.ReadyRolled(
            combatant="bors",
            weapon="couteau",
            pool=[
                m("VTM-ACT-07", 3, "dexterity"),
                m("VTM-ACT-07", 3, "melee"),
                m("VTM-ACT-02", -2, "action 1 of 2"),
            ],
            difficulty=[m("VTM-ACT-07", 4, "ready a weapon")],
            roll=roll([4, 2, 2, 2], 4),
        ),
        ev.WeaponReadied(combatant="bors", weapon="couteau"),
        ev.ActionEnded(combatant="bors", action=0),
    ]


def test_vtm_mel_12__a_pistol_pressed_to_the_body_adds_two_damage_dice() -> None:
    """VTM-MEL-12: Dex + Mêlée at normal difficulty with a pistol only; the revolver's 4
    dice + 2, lethal; it spends a round."""
    t = duel()
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    rifle = c.DeclareActions(combatant="alma", actions=[attack("bors", "belly", "fusil")])
    assert t.refuse(rifle).rule == "VTM-MEL-12"
    t.declare("alma", attack("bors", "belly", "revolver"))
    events = t.resolve("alma", [9, 2, 2, 2, 2, 2] + [2] * 6)
    assert events[0].pool == [m("VTM-MEL-12", 3, "dexterity"), m("VTM-MEL-12", 3, "melee")]
    assert events[0].difficulty == ATTACK_DIFF
    assert events[0].rounds == 1
    assert events[1].pool == [m("VTM-MEL-05", 4, "weapon"), m("VTM-MEL-12", 2, "gun in the belly")]
    assert events[1].damage_type == "lethal"


def test_vtm_mel_13__a_tackle_throws_both_down_unless_they_keep_their_feet() -> None:
    """VTM-MEL-13: Dex + Bagarre at +1, Strength + 1 bashing; then both roll Dex +
    Athlétisme at 7: Alma fails and falls; Bors keeps his feet and is off balance next turn
    (VTM-CPX-09: +1 to all his actions)."""
    t = duel(brawl=1)
    turn(t, attack("bors", "tackle"))
    events = t.resolve("alma", [9, 2, 2, 2, 2] + [2, 2, 2] + [2, 2] + [2, 2, 2] + [7, 2, 2])
    assert events[0].difficulty == [*ATTACK_DIFF, m("VTM-MEL-13", 1, "tackle")]
    assert events[1].pool == [m("VTM-DMG-02", 2, "strength"), m("VTM-MEL-13", 1, "tackle")]
    assert events[1].damage_type == "bashing"
    assert events[4:] == [
        ev.TackleLanded(attacker="alma", target="bors", round=1),
        ev.FootingRolled(
            combatant="alma",
            pool=[m("VTM-MEL-13", 3, "dexterity"), m("VTM-MEL-13", 0, "athletics")],
            difficulty=[m("VTM-MEL-13", 7, "keep one's feet")],
            roll=roll([2, 2, 2], 7, first=10),
        ),
        ev.ConditionChanged(combatant="alma", condition="knocked_down", on=True, rule="VTM-MEL-13"),
        ev.FootingRolled(
            combatant="bors",
            pool=[m("VTM-MEL-13", 3, "dexterity"), m("VTM-MEL-13", 0, "athletics")],
            difficulty=[m("VTM-MEL-13", 7, "keep one's feet")],
            roll=roll([7, 2, 2], 7, first=13),
        ),
        ev.ConditionChanged(combatant="bors", condition="off_balance", on=True, until=2, rule="VTM-CPX-09"),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    t.resolve("bors", [])
    turn(t, OTHER, attack("alma", "strike", "couteau"))
    t.resolve("alma", [])
    events = t.resolve("bors", [2] * 3)
    assert m("VTM-CPX-09", 1, "off balance") in events[0].difficulty


def test_vtm_mel_13__the_stat_blocks_difficulty_8_is_an_option() -> None:
    """VTM-MEL-13: with ``tackle_difficulty="eight"`` the tackle is at 8, not 6 + 1."""
    t = duel(VtmOptions(tackle_difficulty="eight"))
    turn(t, attack("bors", "tackle"))
    events = t.resolve("alma", [2] * 5)
    assert events[0].difficulty == [m("VTM-MEL-13", 8, "tackle")]


def test_vtm_mel_09__a_bite_may_follow_a_tackle_the_turn_after() -> None:
    """VTM-MEL-09: a tackle that hit last turn lets the vampire bite this turn."""
    t = duel()
    turn(t, attack("bors", "tackle"))
    t.resolve("alma", [9, 2, 2, 2, 2] + [2, 2, 2] + [2, 2] + [7, 7, 7] + [7, 2, 2])
    t.resolve("bors", [])
    turn(t, attack("bors", "bite"))
    assert isinstance(t.resolve("alma", [2] * 6)[0], ev.AttackRolled)


def test_vtm_mel_14__bare_hands_against_a_longer_weapon_lose_a_die_closing_in() -> None:
    """VTM-MEL-14: Bors punches Alma, who holds an épée: a die lost closing in, and the two
    are then within a metre, so his next blow loses nothing."""
    t = duel(brawl=2)
    turn(t, OTHER, attack("alma"))
    t.resolve("alma", [])
    events = t.resolve("bors", [2] * 4)
    assert events[0].pool[-1] == m("VTM-MEL-14", -1, "closing in")
    assert events[1] == ev.DistanceSet(combatant="bors", other="alma", metres=0, reason="", rule="VTM-MEL-14")
    turn(t, OTHER, attack("alma"))
    t.resolve("alma", [])
    events = t.resolve("bors", [2] * 5)
    assert all(term.rule != "VTM-MEL-14" for term in events[0].pool)


def test_vtm_dmg_health_is_kept_for_the_botched_disarm() -> None:
    """VTM-MEL-06: the bare-handed botch wounds the attacker, as the log says."""
    bare = duel()
    turn(bare, attack("bors", "disarm"))
    bare.resolve("alma", [1, 2, 2, 2, 2, 2] + [2, 2, 2] + [2, 2])
    assert bare.state.fighters["alma"].health == Health(lethal=1)


def test_vtm_act_07__a_sheathed_sword_is_drawn_before_it_strikes() -> None:
    """VTM-ACT-07: the sheet's sword is in its scabbard (``sheathed``): striking with it is
    refused until drawn; drawing it alone takes the action and no roll, and it is then in
    hand for the rest of the fight."""
    t = duel(alma={"weapons": ["epee"], "sheathed": ["epee"]})
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    refused = t.refuse(c.DeclareActions(combatant="alma", actions=[attack("bors", "strike", "epee")]))
    assert refused.rule == "VTM-ACT-07"
    t.declare("alma", Action(kind="ready", weapon="epee"))
    assert t.resolve("alma", []) == [
        ev.WeaponReadied(combatant="alma", weapon="epee"),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    t.resolve("bors", [])
    turn(t, attack("bors", "strike", "epee"))
    assert t.resolve("alma", [2, 2, 2, 2, 2, 2])[0].weapon == "epee"


def test_vtm_act_07__drawing_and_striking_in_one_turn_needs_the_readiness_roll() -> None:
    """VTM-ACT-07 with VTM-ACT-02: drawing then striking is two actions; the draw is Dex +
    Mêlée at 4 less two dice; without a success the sword stays sheathed and the strike that
    needed it ends without a roll."""
    t = duel(alma={"weapons": ["epee"], "sheathed": ["epee"]})
    turn(t, Action(kind="ready", weapon="epee"), OTHER)
    t.resolve("alma", [])
    t.resolve("bors", [])
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    refused = t.refuse(c.DeclareActions(combatant="alma", actions=[Action(kind="ready", weapon="epee")]))
    assert refused.rule == "VTM-ACT-07"  # drawn already: nothing to ready
    t2 = duel(alma={"weapons": ["epee"], "sheathed": ["epee"]})
    t2.start()
    t2.initiative("alma", 9)
    t2.initiative("bors", 1)
    t2.declare("bors", OTHER)
    t2.declare("alma", Action(kind="ready", weapon="epee"), attack("bors", "strike", "epee"))
    assert t2.resolve("alma", [3, 2, 2, 2]) == [
        ev.ReadyRolled(
            combatant="alma",
            weapon="epee",
            pool=[
                m("VTM-ACT-07", 3, "dexterity"),
                m("VTM-ACT-07", 3, "melee"),
                m("VTM-ACT-02", -2, "action 1 of 2"),
            ],
            difficulty=[m("VTM-ACT-07", 4, "ready a weapon")],
            roll=roll([3, 2, 2, 2], 4),
        ),
        ev.ActionEnded(combatant="alma", action=0),
    ]
    t2.resolve("bors", [])
    assert t2.resolve("alma", []) == [
        ev.ActionEnded(combatant="alma", action=1, rule="VTM-ACT-07", weapon="epee")
    ]


def test_vtm_act_07__a_sheathed_weapon_is_one_the_sheet_carries() -> None:
    """VTM-ACT-07: a sheet cannot sheathe a weapon it does not carry; the refusal names
    every such weapon."""
    t = Table()
    stray = sheet(weapons=["couteau"], sheathed=["epee", "hache"])
    refused = t.refuse(AddCombatant(combatant=Combatant(id="alma", name="Alma", sheet=stray)))
    assert (refused.rule, refused.message) == (
        "VTM-ACT-07",
        "sheathed but not carried (weapons): epee, hache",
    )


def test_vtm_mel_12__rubber_bullets_in_the_belly_gain_no_dice_but_turn_lethal() -> None:
    """VTM-MEL-12: « Si vous utilisez des balles en caoutchouc, les dégâts ne sont pas
    accrus, mais deviennent létaux »: a revolver loaded with rubber bullets (a row the sheet
    adds, bashing) shoots bashing, and pressed into a belly keeps its 4 dice, lethal."""
    rubber = Weapon(
        kind="firearm", damage=4, damage_type="bashing", short_range=12, capacity=6, pistol=True, rubber=True
    )
    t = duel(
        alma={
            "firearms": 2,
            "weapons": ["revolver_caoutchouc"],
            "own_weapons": {"revolver_caoutchouc": rubber},
        }
    )
    turn(t, attack("bors", "belly", "revolver_caoutchouc"))
    events = t.resolve("alma", [9, 2, 2, 2, 2, 2] + [2] * 4)
    assert events[0].damage_type == "lethal"
    assert events[1] == ev.DamageRolled(
        attacker="alma",
        target="bors",
        remaining=1,
        damage_type="lethal",
        pool=[m("VTM-MEL-05", 4, "weapon"), m("VTM-MEL-12", 0, "rubber bullets")],
        difficulty=DAMAGE_DIFF,
        roll=roll([2, 2, 2, 2], 6, ones_cancel=False, tens_again=True, first=6),
        minimum=1,
        damage=1,
    )
    t.resolve("bors", [])
    turn(t, attack("bors", "shoot", "revolver_caoutchouc"))
    assert t.resolve("alma", [9, 2, 2, 2, 2] + [2] * 6)[0].damage_type == "bashing"

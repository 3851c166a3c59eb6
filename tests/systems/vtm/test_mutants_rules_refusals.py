"""Refusals of the rules' guards through ``decide``, with the whole message the sender
reads: the rule ID and what was wrong (actions, ambush, attack, defence, firearms,
grapple, initiative, melee, movement)."""

from __future__ import annotations

from typing import Any

from domain.systems.vtm import commands as c
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import Action, Movement, Weapon
from tests.systems.vtm.conftest import OTHER, Table, attack, defend, sheet

GUNS = ["revolver", "mitraillette", "fusil", "couteau"]


class MovingTable(Table):
    """A table whose combatants may declare a move with their actions."""

    def declare_move(self, cid: str, *actions: Action, move: Movement) -> list[Any]:
        return self.send(c.DeclareActions(combatant=cid, actions=list(actions), move=move))


def declaring(options: VtmOptions | None = None, **alma: Any) -> MovingTable:
    """Alma (fastest, Firearms 2, Melee 3, Brawl 2, a revolver, a machine pistol, a rifle
    and a knife) is the last to declare; Bors (a knife) and Cleo (unarmed) did nothing.
    A trait given as ``None`` is left off Alma's sheet."""
    t = MovingTable(options)
    traits: dict[str, Any] = {"firearms": 2, "melee": 3, "brawl": 2, "dodge": 2, "weapons": GUNS}
    t.add("alma", sheet(**{k: v for k, v in (traits | alma).items() if v is not None}))
    t.add("bors", sheet(kind="mortal", weapons=["couteau"]))
    t.add("cleo", sheet(kind="mortal"))
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        t.initiative(cid, die)
    t.declare("bors", OTHER)
    t.declare("cleo", OTHER)
    return t


def said(t: Table, *actions: Action, desperate: bool = False, move: Movement | None = None) -> str:
    """The refusal Alma's declaration gets, as ``RULE: message``."""
    command = c.DeclareActions(combatant="alma", actions=list(actions), desperate=desperate, move=move)
    return str(t.refuse(command))


def shoot(target: str = "bors", weapon: str = "revolver", **more: Any) -> Action:
    return Action(kind="attack", maneuver="shoot", target=target, weapon=weapon, **more)


# --- actions ---------------------------------------------------------------------------


def test_vtm_act_01__one_to_ten_actions_each_of_a_known_shape() -> None:
    """VTM-ACT-01: no action, or eleven, is refused; ten actions without a roll are a
    plan; an attack names a maneuver, a defence a kind, another action neither."""
    t = declaring()
    assert said(t) == "VTM-ACT-01: declare 1 to 10 actions"
    assert said(t, *[OTHER] * 11) == "VTM-ACT-01: declare 1 to 10 actions"
    shapeless = "VTM-ACT-01: an attack names its maneuver, a defence its kind, another action neither"
    assert said(t, Action(kind="attack", target="bors")) == shapeless
    assert said(t, Action(kind="other", defence="dodge")) == shapeless
    assert len(t.declare("alma", *[OTHER] * 10)) == 1


def test_vtm_def_13__a_desperate_defence_only_defends() -> None:
    """VTM-DEF-13: a desperate defence spends the whole turn defending; at a table whose
    desperate defence keeps to one kind, a dodge and a block are refused together."""
    t = declaring()
    refused = said(t, defend("dodge"), attack("bors"), desperate=True)
    assert refused == "VTM-DEF-13: a desperate defence spends the whole turn defending"
    t = declaring(VtmOptions(desperate_defence_single_type=True))
    refused = said(t, defend("dodge"), defend("block"), desperate=True)
    assert refused == "VTM-DEF-13: this table's desperate defence keeps to one kind of defence"


def test_vtm_mel_10_move_06__the_kiss_is_a_bite_and_a_move_is_never_declared() -> None:
    """VTM-MEL-10: the Kiss is made with a bite; VTM-MOVE-06: the slots a complex move
    takes are the GM's ruling, not declared actions."""
    t = declaring()
    kiss = Action(kind="attack", maneuver="punch", target="bors", kiss=True)
    assert said(t, kiss) == "VTM-MEL-10: the Kiss is made with a bite"
    assert said(t, Action(kind="move")) == (
        "VTM-MOVE-06: the actions a complex move takes are the GM's ruling: describe it in the move (complex)"
    )


def test_vtm_def_06__giving_up_an_action_needs_one_left_and_a_point_to_spend() -> None:
    """VTM-DEF-06: Bors, whose action is still to come, may spend his last Willpower
    point to defend instead; with none left, or with no action left, he may not."""
    spend = c.AbortForDefence(combatant="bors", defence="dodge", spend=True)
    t = declaring()
    t.declare("alma", OTHER)
    for cid in ("alma", "cleo", "bors"):
        t.resolve(cid, [])
    assert str(t.refuse(spend)) == "VTM-DEF-06: no declared action is left to give up"
    poor = Table()
    poor.add("alma", sheet(brawl=2))
    poor.add("bors", sheet(kind="mortal", willpower=1))
    poor.add("cleo", sheet(kind="mortal", willpower=0))
    poor.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2)):
        poor.initiative(cid, die)
    poor.declare("bors", OTHER)
    poor.declare("cleo", OTHER)
    poor.declare("alma", attack("bors"))
    broke = c.AbortForDefence(combatant="cleo", defence="dodge", spend=True)
    assert str(poor.refuse(broke)) == "VTM-DEF-06: no Willpower point is left to spend"
    assert len(poor.send(spend)) == 1


# --- ambush, attack, defence, melee ----------------------------------------------------


def test_vtm_amb_05__an_ambush_comes_before_initiative_on_one_not_yet_fighting() -> None:
    """VTM-AMB-05: once the turn's declarations are open it is too late; in the next turn
    Bors, who declared an action, already fights."""
    t = declaring()
    ambush = c.Ambush(combatant="alma", target="bors")
    assert str(t.refuse(ambush)) == "VTM-AMB-05: an ambush comes before a turn's initiative"
    t.declare("alma", OTHER)
    for cid in ("alma", "cleo", "bors"):
        t.resolve(cid, [])
    t.start()
    assert str(t.refuse(ambush)) == "VTM-AMB-05: one already fighting cannot be ambushed"


def test_vtm_mel_05__each_maneuver_takes_its_kind_of_weapon_or_none() -> None:
    """VTM-MEL-05: a strike needs a melee weapon in hand, a shot a firearm; a punch uses
    none (VTM-MEL-00); VTM-MEL-04: claws are a vampire's own; VTM-GEN-03: only an aimed
    attack gets past armour."""
    t = declaring()
    assert said(t, attack("bors", "punch", "couteau")) == "VTM-MEL-00: a punch uses no weapon"
    assert said(t, attack("bors", "strike")) == "VTM-MEL-05: a strike needs a carried melee weapon, not None"
    assert said(t, attack("bors", "strike", "revolver")) == (
        "VTM-MEL-05: a strike needs a carried melee weapon, not 'revolver'"
    )
    assert said(t, attack("bors", "claws")) == "VTM-MEL-04: this character has no claws"
    past = Action(kind="attack", maneuver="punch", target="bors", bypass="armour")
    assert said(t, past) == "VTM-GEN-03: only an aimed attack gets past cover or armour"


def test_vtm_def_08_mel_06_mel_12__room_to_dodge_a_weapon_to_take_a_pistol_to_press() -> None:
    """VTM-DEF-08: no dodging in a cramped place; VTM-MEL-06: Cleo holds nothing to disarm;
    VTM-MEL-12: only a pistol is pressed against a body."""
    t = declaring()
    t.send(c.SetCondition(combatant="alma", condition="cramped", reason="un placard"))
    assert said(t, defend("dodge")) == "VTM-DEF-08: no room to dodge here"
    assert said(t, attack("cleo", "disarm")) == "VTM-MEL-06: the target holds no weapon to disarm"
    assert said(t, attack("bors", "belly", "fusil")) == (
        "VTM-MEL-12: only a pistol is fired pressed against the body"
    )


# --- firearms --------------------------------------------------------------------------

PEPPERBOX = Weapon(kind="firearm", damage=2, short_range=10, rate=3, capacity=2, burst=True)
BOW = Weapon(kind="firearm", damage=2, short_range=20, rate=1)
SINGLE = Weapon(kind="firearm", damage=2, short_range=20, rate=1, capacity=1)


def test_vtm_fire_07__past_the_longest_range_the_refusal_names_it() -> None:
    """VTM-FIRE-07: the revolver's longest range is twice its 12 m."""
    t = declaring()
    t.send(c.SetDistance(combatant="alma", other="bors", metres=30, reason="le parking"))
    assert said(t, shoot()) == "VTM-FIRE-07: 30 m is past the weapon's longest range (24 m)"


def test_vtm_fire_04__a_strafe_names_every_pair_too_far_apart() -> None:
    """VTM-FIRE-04: a strafe covers 3 m at most; each pair of targets farther apart is named."""
    t = Table()
    t.add("alma", sheet(firearms=2, weapons=["mitraillette"]))
    for cid in ("bors", "cleo", "dora"):
        t.add(cid, sheet(kind="mortal"))
    t.start()
    for cid, die in (("alma", 9), ("bors", 1), ("cleo", 2), ("dora", 3)):
        t.initiative(cid, die)
    for cid in ("bors", "cleo", "dora"):
        t.declare(cid, OTHER)
    t.send(c.SetDistance(combatant="bors", other="cleo", metres=5, reason="a car between"))
    t.send(c.SetDistance(combatant="bors", other="dora", metres=3, reason="side by side"))
    t.send(c.SetDistance(combatant="cleo", other="dora", metres=4, reason="a step behind"))
    strafe = shoot("bors", "mitraillette", fire="strafe", targets=["cleo", "dora"])
    assert said(t, strafe) == (
        "VTM-FIRE-04: a strafe covers 3 m at most: bors and cleo (5 m), cleo and dora (4 m) apart"
    )


def test_vtm_fire_05_10_11__what_each_fire_mode_asks_of_the_weapon_and_the_targets() -> None:
    """VTM-FIRE-05: only a strafe names several targets, each once; VTM-FIRE-10: a burst
    is a shot from a weapon made for it; VTM-FIRE-11 / VTM-FIRE-04: full auto and
    strafing need a fully automatic weapon, and full auto aims at no part."""
    t = declaring()
    several = "VTM-FIRE-05: only strafing names several targets"
    assert said(t, shoot(targets=["cleo"])) == several
    assert said(t, shoot(weapon="mitraillette", fire="burst", targets=["cleo"])) == several
    assert said(t, shoot(weapon="mitraillette", fire="strafe", targets=["bors"])) == (
        "VTM-FIRE-05: each target of a strafe once"
    )
    assert said(t, attack("bors", "punch").__replace__(fire="burst")) == (
        "VTM-FIRE-10: burst fire is a shot with a firearm"
    )
    assert said(t, attack("bors", "strike", "couteau").__replace__(fire="burst")) == (
        "VTM-FIRE-10: burst fire is a shot with a firearm"
    )
    assert said(t, shoot(fire="burst")) == "VTM-FIRE-10: this weapon does not fire short bursts"
    assert said(t, shoot(fire="auto")) == "VTM-FIRE-11: this weapon does not fire fully automatic"
    assert said(t, shoot(fire="strafe", targets=["cleo"])) == (
        "VTM-FIRE-04: this weapon does not fire fully automatic"
    )
    assert said(t, shoot(weapon="mitraillette", fire="auto", aim="medium")) == (
        "VTM-FIRE-11: full-auto fire cannot aim at a part"
    )


def test_vtm_fire_12_13__the_plan_keeps_to_the_rate_and_to_the_rounds_loaded() -> None:
    """VTM-FIRE-12: four revolver shots are one too many, whatever comes before them;
    VTM-FIRE-13: a third shot from a two-round gun, or a three-round burst from it, finds
    too few rounds; two knife strikes are no shots at all."""
    own = {"pepperbox": PEPPERBOX}
    t = declaring(own_weapons=own, weapons=[*GUNS, "pepperbox"])
    rate = "VTM-FIRE-12: revolver fires at most 3 shots a turn"
    assert said(t, *[shoot()] * 4) == rate
    assert said(t, OTHER, *[shoot()] * 4) == rate
    assert said(t, attack("bors", "strike", "couteau"), *[shoot()] * 4) == rate
    assert said(t, *[shoot(weapon="pepperbox")] * 3) == "VTM-FIRE-13: pepperbox has 0 rounds loaded, 1 needed"
    assert said(t, shoot(weapon="pepperbox", fire="burst")) == (
        "VTM-FIRE-13: pepperbox has 2 rounds loaded, 3 needed"
    )
    assert (
        len(t.declare("alma", attack("bors", "strike", "couteau"), attack("cleo", "strike", "couteau"))) == 1
    )


def test_vtm_fire_13__a_gun_without_a_magazine_counts_no_rounds_a_one_shot_gun_one() -> None:
    """VTM-FIRE-13: a firearm whose row has no magazine (capacity 0) spends nothing; a
    one-round gun spends its round."""
    t = declaring(
        own_weapons={"arc": BOW, "pistolet_a_un_coup": SINGLE}, weapons=["arc", "pistolet_a_un_coup"]
    )
    t.declare("alma", shoot(weapon="arc"), shoot("cleo", weapon="pistolet_a_un_coup"))
    assert t.resolve("alma", [2] * 3)[0].rounds == 0
    t.resolve("cleo", [])
    t.resolve("bors", [])
    assert t.resolve("alma", [2] * 2)[0].rounds == 1


def test_vtm_fire_14__aiming_takes_the_turn_a_firearm_and_a_dot() -> None:
    """VTM-FIRE-14: one aims and does nothing else, with a carried firearm, and with at
    least one dot of Firearms (a sheet without the ability has none); one dot is enough."""
    aim = Action(kind="aim", target="bors", weapon="revolver")
    t = declaring()
    assert said(t, aim, OTHER) == "VTM-FIRE-14: one does nothing else while aiming"
    assert said(t, aim.__replace__(weapon="couteau")) == "VTM-FIRE-14: one aims a carried firearm"
    assert said(t, aim.__replace__(weapon=None)) == "VTM-FIRE-14: one aims a carried firearm"
    untrained = "VTM-FIRE-14: aiming needs a dot in firearms"
    assert said(declaring(firearms=None), aim) == untrained
    assert said(declaring(firearms=0), aim) == untrained
    assert len(declaring(firearms=1).declare("alma", aim)) == 1


# --- movement --------------------------------------------------------------------------


def hurt(t: Table, levels: int) -> None:
    t.send(c.AdjustHealth(combatant="alma", lethal=levels, reason="blessée avant le combat"))


def test_vtm_move_01_07__how_far_the_pace_and_the_wounds_let_one_move() -> None:
    """VTM-MOVE-01: a walk is 6 m at most; VTM-MOVE-07: Badly wounded, no running;
    Crippled, 3 m at most; Incapacitated in all but name (Infirme), 1 m; merely Wounded,
    no cap but the pace's."""
    t = declaring()
    assert said(t, OTHER, move=Movement(metres=7)) == "VTM-MOVE-01: walk: 6 m a turn at most"
    t = declaring()
    hurt(t, 4)
    assert said(t, OTHER, move=Movement(pace="run", metres=10)) == "VTM-MOVE-07: Blessé gravement: no running"
    t = declaring()
    hurt(t, 5)
    assert said(t, OTHER, move=Movement(metres=4)) == "VTM-MOVE-07: Handicapé: 3 m a turn at most"
    t = declaring()
    hurt(t, 6)
    assert said(t, OTHER, move=Movement(metres=2)) == "VTM-MOVE-07: Infirme: 1 m a turn at most"
    t = declaring()
    hurt(t, 3)
    assert len(t.declare_move("alma", OTHER, move=Movement(metres=6))) == 1


def test_vtm_move_04__half_a_run_then_act_or_act_while_moving() -> None:
    """VTM-MOVE-04: Alma (Dex 2, a 24 m run) may run 12 m and still punch, not 13 m;
    VTM-MOVE-05: acting while moving, any distance is allowed (a die lost per metre: by
    the table's ``zero_pool_means_no_action=false`` the punch is still attempted)."""
    t = declaring(dexterity=2)
    assert said(t, attack("bors"), move=Movement(pace="run", metres=13)) == (
        "VTM-MOVE-04: past half a run (12 m) the move is the whole turn, or the actions are made while moving"
    )
    assert len(t.declare_move("alma", attack("bors"), move=Movement(pace="run", metres=12))) == 1
    t = declaring(VtmOptions(zero_pool_means_no_action=False), dexterity=2)
    running = Movement(pace="run", metres=20, while_acting=True)
    assert len(t.declare_move("alma", attack("bors"), move=running)) == 1


def test_vtm_move_06__a_complex_move_waits_for_the_gm_s_ruling() -> None:
    """VTM-MOVE-06: Alma's move over the bonnet asks the GM; until he rules she does not act."""
    t = declaring()
    t.declare_move("alma", OTHER, move=Movement(metres=4, complex="saute par-dessus le capot"))
    assert str(t.refuse(c.ResolveAction(combatant="alma"))) == (
        "VTM-MOVE-06: the GM has yet to rule how many actions the complex move counts for"
        " (vtm.RuleComplexMove)"
    )


def test_vtm_fire_14__one_aims_at_a_walking_target() -> None:
    """VTM-FIRE-14: only a target faster than a walk needs a laser sight: Bors walks."""
    t = MovingTable()
    t.add("alma", sheet(firearms=2, weapons=["revolver"]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare_move("bors", OTHER, move=Movement(metres=5))
    assert len(t.declare("alma", Action(kind="aim", target="bors", weapon="revolver"))) == 1

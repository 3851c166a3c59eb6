"""The terms of each action's roll, from the sheet and the state: shared by the
declaration (a plan with an empty pool is refused up front, VTM-ACT-04) and the
resolution (which checks it again, with the target's conditions)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import require
from domain.systems.vtm import events as ev
from domain.systems.vtm.rules import (
    actions,
    attack,
    conditions,
    damage,
    defence,
    dice,
    firearms,
    grapple,
    melee,
    movement,
)
from domain.systems.vtm.scene import Scene
from domain.systems.vtm.state import Action, Defence, Weapon
from domain.systems.wod import Modifier, Terms


def _traits(scene: Scene, cid: str, attribute: str, ability: str, rule: str) -> list[Modifier]:
    return [
        Modifier(rule=rule, value=scene.trait(cid, attribute), why=attribute),
        Modifier(rule=rule, value=scene.trait(cid, ability), why=ability),
    ]


def gm_terms(scene: Scene, cid: str) -> Terms:
    """The GM's override of the combatant's next roll (``vtm.AdjustRoll``)."""
    adjustment = scene.fighter(cid).adjustment
    return Terms(
        pool=[m for m in adjustment if m.rule == "gm-dice"],
        difficulty=[m for m in adjustment if m.rule == "gm-difficulty"],
    )


def finished(scene: Scene, cid: str, base: Terms, *, close: bool = False, ranged: bool = False) -> Terms:
    """``base`` with what the combatant's wounds, conditions (the Storyteller's own too,
    VTM-CPX-10) and the GM's override do to its roll, the pool kept within one roll's dice."""
    fighter = scene.fighter(cid)
    wounds = damage.wound_penalty(fighter.health, scene.sheet(cid), scene.options.health_track)
    found = (
        base
        + Terms(pool=wounds)
        + conditions.own(fighter.conditions, close, ranged, dedupe=scene.options.dedupe_same_circumstance)
        + conditions.custom(scene.options.complications, fighter.complications)
        + gm_terms(scene, cid)
    )
    return Terms(pool=dice.within_limit(found.pool), difficulty=found.difficulty)


def _place(scene: Scene, cid: str, count: int, index: int) -> list[Modifier]:
    """What the action's place in the turn costs: VTM-ACT-02 multiple actions (a hold kept
    counting as one by the table's option, VTM-GRP-04), and VTM-MOVE-05 acting while moving."""
    hold = grapple.holding_actions(scene.grapple(cid), cid, scene.options.hold_costs_holder_action)
    return actions.multiple_actions(count + hold, index + hold) + movement.while_moving(
        scene.fighter(cid).movement
    )


def _opponents(scene: Scene, cid: str) -> Terms:
    return attack.opponents(attack.close_opponents(scene.state.fighters, cid))


def check_attack(scene: Scene, cid: str, action: Action) -> Weapon | None:
    """The target is another combatant of this turn; the weapon is carried and fits the
    maneuver (VTM-MEL-05); claws are the character's own (VTM-MEL-04)."""
    assert action.maneuver is not None
    require(
        action.target is not None and action.target != cid, "VTM-ATK-07", "an attack names another combatant"
    )
    assert action.target is not None
    scene.in_fight(action.target)
    weapon = scene.carried(cid, action.weapon)
    attack.require_weapon_fits(action.maneuver, weapon, action.weapon)
    if action.maneuver == "claws":
        attack.require_claws(scene.sheet(cid))
    if action.maneuver == "bite":
        grapple.require_bite(
            scene.sheet(cid),
            scene.state.grapples,
            scene.fighter(cid).tackled,
            cid,
            action.target,
            scene.state.round,
        )
    if action.maneuver == "belly":
        melee.require_pistol(weapon)
    attack.require_bypass(action.bypass, action.aim)
    if action.maneuver == "disarm":
        melee.disarm_target(scene.weapons(action.target))
    firearms.require_mode(action, weapon)
    for other in action.targets:
        require(other != cid, "VTM-FIRE-05", "a strafe's targets are others")
        scene.in_fight(other)
    if action.fire == "strafe" and action.target is not None:
        area = [action.target, *action.targets]
        pairs = [(a, b) for i, a in enumerate(area) for b in area[i + 1 :]]
        firearms.require_area({(a, b): scene.distance(a, b) for a, b in pairs})
    return weapon


def out_of_rounds(scene: Scene, cid: str, action: Action, index: int) -> ev.ActionEnded | None:
    """At resolution, the end of a declared attack that cannot be made now, or ``None``: its weapon
    was dropped (VTM-MEL-06), its gun holds fewer rounds than it needs (VTM-FIRE-13), a
    readiness roll having failed, or it shoots without sight and without having placed
    its target by ear (VTM-GEN-05)."""
    fighter = scene.fighter(cid)
    if action.kind == "attack" and action.weapon in fighter.dropped:
        return ev.ActionEnded(combatant=cid, action=index, rule="VTM-MEL-06", weapon=action.weapon)
    if action.kind == "attack" and action.weapon in scene.out_of_hand(cid):
        return ev.ActionEnded(combatant=cid, action=index, rule="VTM-ACT-07", weapon=action.weapon)
    if (
        action.kind == "attack"
        and action.maneuver in ("shoot", "throw")
        and conditions.sightless(fighter.conditions)
        and not (fighter.sensed == scene.state.round and fighter.sense_ok)
    ):
        return ev.ActionEnded(combatant=cid, action=index, rule="VTM-GEN-05")
    if action.kind != "attack" or action.maneuver not in firearms.FIRING or action.weapon is None:
        return None
    weapon = scene.carried(cid, action.weapon)
    if weapon is None or weapon.capacity <= 0:
        return None
    loaded = scene.loaded(cid, action.weapon, weapon)
    fraction = scene.options.full_auto_min_rounds_fraction
    if loaded >= firearms.rounds_needed(action.fire, weapon, loaded, fraction):
        return None
    rule = "VTM-FIRE-11" if action.fire == "auto" and loaded >= 1 else "VTM-FIRE-13"
    return ev.ActionEnded(combatant=cid, action=index, rule=rule, weapon=action.weapon, loaded=loaded)


def shot_rounds(scene: Scene, cid: str, action: Action, weapon: Weapon | None) -> int:
    """VTM-FIRE-13: the rounds this shot spends, refused when fewer are loaded now (the
    declaration checked the turn's plan, reloads included: ``firearms.require_plan``)."""
    if weapon is None or action.weapon is None or action.maneuver not in firearms.FIRING:
        return 0
    loaded = scene.loaded(cid, action.weapon, weapon)
    return firearms.require_loaded(
        action.weapon, weapon, loaded, action.fire, scene.options.full_auto_min_rounds_fraction
    )


def squeezes(scene: Scene, cid: str, action: Action) -> bool:
    """VTM-GRP-02: a clinch maneuver against one already clinched with the attacker deals
    its damage directly, with no attack roll."""
    return (
        action.maneuver == "clinch"
        and action.target is not None
        and grapple.clinched(scene.state.grapples, cid, action.target)
    )


def attack_terms(
    scene: Scene, cid: str, action: Action, index: int, count: int, plan: Sequence[Action] = ()
) -> Terms:
    """``plan``: the turn's declared actions, for a second gun's off hand (VTM-FIRE-03)."""
    assert action.maneuver is not None
    weapon = scene.carried(cid, action.weapon)
    attribute, ability, rule = attack.attack_traits(action.maneuver, weapon)
    base = Terms(
        pool=_traits(scene, cid, attribute, ability, rule) + _place(scene, cid, count, index),
        difficulty=(
            melee.tackle_difficulty(scene.options.tackle_difficulty)
            if action.maneuver == "tackle"
            else attack.maneuver_difficulty(action.maneuver)
        ),
    )
    assert action.target is not None
    target = scene.fighter(action.target)
    situation = (
        attack.accuracy(action.maneuver)
        + attack.aimed(action.aim)
        + conditions.heart(
            weapon is not None and weapon.stake, action.aim, scene.options.dedupe_same_circumstance
        )
        + attack.from_the_side(action.side)
        + _opponents(scene, cid)
        + attack.cover(
            action.maneuver,
            attack.lying_cover(target.cover, target.conditions, scene.options.prone_cover_vs_ranged),
            scene.fighter(cid).cover,
            action.bypass,
        )
        + conditions.against(target.conditions)
        + conditions.custom_against(scene.options.complications, target.complications)
        + grapple.restrained(scene.state.grapples, action.target, target.conditions)
        + _shot(scene, cid, action, weapon, plan)
        + _closing(scene, cid, action, weapon)
    )
    ranged = action.maneuver in ("shoot", "throw")
    return finished(scene, cid, base + situation, close=action.maneuver in attack.CLOSE, ranged=ranged)


def _closing(scene: Scene, cid: str, action: Action, weapon: Weapon | None) -> Terms:
    """VTM-MEL-14: a close attack on one holding a longer weapon closes in first."""
    if action.maneuver not in attack.CLOSE or action.target is None:
        return Terms()
    theirs = [w for _, w in scene.weapons(action.target)]
    return melee.closing(weapon, theirs, scene.distance(cid, action.target))


def _shot(scene: Scene, cid: str, action: Action, weapon: Weapon | None, plan: Sequence[Action]) -> Terms:
    """What a firearm or a thrown weapon adds: range (VTM-FIRE-07, VTM-FIRE-08), the fire mode
    (VTM-FIRE-04, VTM-FIRE-10, VTM-FIRE-11), the off hand (VTM-FIRE-03), the aim taken (VTM-FIRE-14)."""
    if weapon is None or action.maneuver not in ("shoot", "throw"):
        return Terms()
    assert action.target is not None
    sheet = scene.sheet(cid)
    carried = dict(scene.weapons(cid))
    return (
        firearms.range_terms(weapon, scene.distance(cid, action.target))
        + firearms.mode_terms(action.fire)
        + firearms.off_hand(plan, action, sheet, carried)
        + firearms.aim_bonus(scene.fighter(cid).aiming, action, sheet, weapon)
        + conditions.blind_shot(scene.fighter(cid).conditions)
    )


def ready_terms(scene: Scene, cid: str, weapon: Weapon, index: int, count: int) -> Terms:
    """VTM-ACT-07: readying a weapon among other actions, Dex + Mêlée or Armes à feu at
    difficulty 4, with the multiple-action penalty."""
    ability = "melee" if weapon.kind == "melee" else "firearms"
    base = Terms(
        pool=_traits(scene, cid, "dexterity", ability, "VTM-ACT-07") + _place(scene, cid, count, index),
        difficulty=[Modifier(rule="VTM-ACT-07", value=4, why="ready a weapon")],
    )
    return finished(scene, cid, base)


def reload_terms(scene: Scene, cid: str, action: Action, index: int, count: int) -> Terms | None:
    """VTM-FIRE-09: reloading a carried weapon with a magazine takes the action and no roll;
    among other actions it takes VTM-ACT-07's readiness roll (the table's option)."""
    weapon = scene.carried(cid, action.weapon)
    require(
        weapon is not None and weapon.capacity > 0,
        "VTM-FIRE-09",
        "reloading needs a carried weapon with a magazine",
    )
    assert weapon is not None
    if count > 1 and scene.options.reload_test_in_multiple_actions:
        return ready_terms(scene, cid, weapon, index, count)
    return None


def check_ready(scene: Scene, cid: str, action: Action, index: int, count: int) -> Terms | None:
    """VTM-ACT-07: drawing a sheathed weapon or picking up a dropped one takes the action
    and no roll; among other actions, the readiness roll. (A carried weapon the sheet does
    not list as sheathed is in hand.)"""
    sheet = scene.sheet(cid)
    name = action.weapon
    require(
        name is not None and name in scene.out_of_hand(cid),
        "VTM-ACT-07",
        f"{cid} has no sheathed or dropped {name!r} to ready",
    )
    assert name is not None
    weapon = sheet.own_weapons.get(name, scene.options.weapons.get(name))
    require(weapon is not None, "VTM-MEL-05", f"no weapon {name!r} in the table's or the sheet's tables")
    assert weapon is not None
    return ready_terms(scene, cid, weapon, index, count) if count > 1 else None


def check_aim(scene: Scene, cid: str, action: Action, plan: Sequence[Action]) -> Weapon | None:
    """VTM-FIRE-14: aim a carried firearm at another combatant, and nothing else."""
    require(
        action.target is not None and action.target != cid, "VTM-FIRE-14", "one aims at another combatant"
    )
    assert action.target is not None
    scene.in_fight(action.target)
    weapon = scene.carried(cid, action.weapon)
    firearms.require_aim(plan, scene.sheet(cid), weapon)
    require(
        not movement.faster_than_walking(scene.fighter(action.target).movement)
        or (weapon is not None and weapon.sight == "laser"),
        "VTM-FIRE-14",
        f"{action.target} moves faster than a walk: only a laser sight aims at it",
    )
    return weapon


def defence_terms(scene: Scene, cid: str, kind: Defence, index: int, count: int) -> Terms:
    """VTM-DEF-02 pools at VTM-DEF-03 difficulty 6; the multiple-action penalty by the
    defence's place (VTM-ACT-10), or a desperate defence's own (VTM-DEF-13)."""
    fighter = scene.fighter(cid)
    attribute, ability = defence.defence_traits(kind)
    penalty = (
        actions.desperate_defence(fighter.defences) if fighter.desperate else _place(scene, cid, count, index)
    )
    base = Terms(
        pool=_traits(scene, cid, attribute, ability, "VTM-DEF-02") + penalty,
        difficulty=[Modifier(rule="VTM-DEF-03", value=6, why=kind)],
    )
    return finished(scene, cid, base + _opponents(scene, cid))


def stand_terms(scene: Scene, cid: str, index: int, count: int) -> Terms:
    """VTM-ACT-09: getting up among other actions is Dex + Athlétisme at difficulty 4, with
    the multiple-action penalty."""
    base = Terms(
        pool=_traits(scene, cid, "dexterity", "athletics", "VTM-ACT-09") + _place(scene, cid, count, index),
        difficulty=[Modifier(rule="VTM-ACT-09", value=4, why="stand up")],
    )
    return finished(scene, cid, base)


def escape_terms(scene: Scene, cid: str, index: int, count: int) -> Terms:
    """VTM-GRP-03, VTM-GRP-04: Force + Bagarre at difficulty 6; the one breaking free pays its
    action's place (VTM-ACT-02), the holder resists as a reflex."""
    attribute, ability = grapple.escape_traits()
    rule = "VTM-GRP-03"
    base = Terms(
        pool=_traits(scene, cid, attribute, ability, rule) + _place(scene, cid, count, index),
        difficulty=[Modifier(rule=rule, value=6, why="grapple")],
    )
    return finished(scene, cid, base)


def recovery_terms(scene: Scene, cid: str) -> Terms:
    """VTM-CPX-02: getting up at once after a fall, Dex + Athlétisme at the table's
    difficulty (6: the seed gives none)."""
    base = Terms(
        pool=_traits(scene, cid, "dexterity", "athletics", "VTM-CPX-02"),
        difficulty=[Modifier(rule="VTM-CPX-02", value=scene.options.recovery_difficulty, why="get up")],
    )
    return finished(scene, cid, base)


def test_terms(scene: Scene, cid: str, attribute: str, ability: str | None, difficulty: int) -> Terms:
    """VTM-DICE-01: an attribute, plus an ability when the test names one, at the
    difficulty the Storyteller gives (VTM-DICE-02), with the wounds' penalty."""
    pool = [Modifier(rule="VTM-DICE-01", value=scene.trait(cid, attribute), why=attribute)]
    if ability is not None:
        pool.append(Modifier(rule="VTM-DICE-01", value=scene.trait(cid, ability), why=ability))
    base = Terms(pool=pool, difficulty=[Modifier(rule="VTM-DICE-02", value=difficulty, why="test")])
    return finished(scene, cid, base)


def sense_terms(scene: Scene, cid: str) -> Terms:
    """VTM-GEN-05: Perception + Conscience (Vigilance for a sheet without it, the
    catalogue's reading; or Vigilance always, by the table's ``blind_sense_ability``) at
    difficulty 8; blindness's own +2 is what the roll overcomes."""
    aware = scene.options.blind_sense_ability == "awareness" and "awareness" in scene.sheet(cid).abilities
    ability = "awareness" if aware else "alertness"
    fighter = scene.fighter(cid)
    wounds = damage.wound_penalty(fighter.health, scene.sheet(cid), scene.options.health_track)
    base = Terms(
        pool=_traits(scene, cid, "perception", ability, "VTM-GEN-05") + wounds,
        difficulty=[Modifier(rule="VTM-GEN-05", value=8, why="place the target by ear")],
    )
    found = base + gm_terms(scene, cid)
    return Terms(pool=dice.within_limit(found.pool), difficulty=found.difficulty)


def footing_terms(
    scene: Scene, cid: str, rule: str = "VTM-MEL-01", difficulty: int = attack.SWEEP_FOOTING
) -> Terms:
    """VTM-MEL-01: keeping one's feet after a sweep, Dex + Athlétisme at difficulty 8;
    VTM-MEL-13: after a tackle, at 7 (a reflex: no action spent, so no multiple-action
    penalty)."""
    base = Terms(
        pool=_traits(scene, cid, "dexterity", "athletics", rule),
        difficulty=[Modifier(rule=rule, value=difficulty, why="keep one's feet")],
    )
    return finished(scene, cid, base)


def action_terms(
    scene: Scene, cid: str, action: Action, index: int, plan: Sequence[Action], desperate: bool
) -> tuple[list[Modifier] | None, list[Modifier]]:
    """The pool and difficulty an action would roll at declaration (``None``: no roll,
    VTM-ACT-05)."""
    count = len(plan)
    if action.kind == "attack":
        check_attack(scene, cid, action)
        if squeezes(scene, cid, action):
            return None, []
        found = attack_terms(scene, cid, action, index, count, plan)
        return found.pool, found.difficulty
    if action.kind == "reload":
        readying = reload_terms(scene, cid, action, index, count)
        return (readying.pool if readying else None), []
    if action.kind == "aim":
        check_aim(scene, cid, action, plan)
        return None, []
    if action.kind == "ready":
        readying = check_ready(scene, cid, action, index, count)
        return (readying.pool if readying else None), []
    if action.kind == "escape":
        return escape_terms(scene, cid, index, count).pool, []
    if action.kind == "stand":
        require("knocked_down" in scene.fighter(cid).conditions, "VTM-ACT-09", f"{cid} is not down")
        return (stand_terms(scene, cid, index, count).pool if count > 1 else None), []
    if action.kind == "defend":
        assert action.defence is not None
        if action.target is not None:
            require(action.target != cid, "VTM-DEF-10", "a defence answers another combatant")
            scene.in_fight(action.target)
        defence.require_room(action.defence, scene.fighter(cid).conditions)
        if action.defence == "parry":
            carried = defence.parrying_weapon(scene.weapons(cid))
            require(carried is not None, "VTM-DEF-02", "a parry needs a melee weapon in hand")
        if desperate:
            return None, []  # VTM-DEF-13: its pool is whole for the first defence
        found = defence_terms(scene, cid, action.defence, index, count)
        return found.pool, found.difficulty
    return None, []

"""The situational modifiers of a physical action's roll, gathered from the damage side's
pure rules (``rules/modifiers.py``, ``rules/movement.py``, ``rules/targeting.py``,
``rules/ranged.py``, ``rules/equipment.py``, ``rules/resistance.py``) and from what the
declaration says (target zone, charge, aim, distance, intent). The round engine copies
the :class:`Terms` into ``ActionRolled`` so that the log shows why the pool and the
difficulty are what they are; :func:`situation` says what the damage pipeline needs.
"""

from __future__ import annotations

from typing import Literal

from domain.errors import require
from domain.systems.vda.data import (
    ANCHORABLE,
    ARMOURS,
    SMALL_PARRY,
    MeleeWeapon,
    NaturalWeapon,
    RangedWeapon,
    Weapon,
    find_weapon,
)
from domain.systems.vda.gear import Mount
from domain.systems.vda.handlers import bows
from domain.systems.vda.rules import (
    disarm,
    equipment,
    gaze,
    ranged,
    resistance,
    stake,
    targeting,
    two_weapons,
)
from domain.systems.vda.rules import modifiers as mod
from domain.systems.vda.rules import movement as mv
from domain.systems.vda.rules.attack import Situation
from domain.systems.vda.rules.equipment import SpecialAttack
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState
from domain.systems.wod import NONE, Terms, terms

FISTS = "poings"


def weapon_used(scene: Scene, combatant: str, action: PhysicalAction) -> Weapon | None:
    """The weapon an action uses, by the one lookup (``Scene.weapon``: the sheet's own
    natural weapons, the table's, the seed's tables); fists for a bare brawl."""
    if action.weapon is not None:
        return scene.weapon(combatant, action.weapon)
    return find_weapon(FISTS) if action.skill == "brawl" else None


def wielded(scene: Scene, seq: SequenceState | None, combatant: str) -> Weapon | None:
    """The weapon a combatant fights with in this sequence, from its public declaration."""
    declared = seq.declared.get(combatant) if seq else None
    return weapon_used(scene, combatant, declared) if declared is not None else None


def defensive_weapon_in_hand(scene: Scene, combatant: str) -> bool:
    """VDA-MOD-04/VDA-MELEE-04: a shield or parrying weapon still in the combatant's hand."""
    fighter = scene.fighter(combatant)
    return any(
        equipment.is_defensive_weapon(w)
        for item in scene.sheet(combatant).weapons
        if resistance.in_hand(fighter, item) and (w := scene.weapon(combatant, item)) is not None
    )


def max_range(scene: Scene, combatant: str, weapon: RangedWeapon) -> int:
    """VDA-THROW-01 for thrown weapons, the table's range otherwise."""
    if weapon.kind == "thrown":
        strength, potence = scene.trait(combatant, "strength"), scene.trait(combatant, "potence")
        return ranged.throwing_range(weapon, strength, potence, run_up=False)
    return weapon.range_m


def require_carried(scene: Scene, combatant: str, weapon: str | None, rule: str = "VDA-PHYS-02") -> None:
    """VDA-PHYS-02: a declared action uses a weapon of the combatant's sheet, a natural weapon
    of its own (the sheet's or the table's claws, bone blades…) or one everyone has (fists,
    feet, head; fangs for a vampire), and only while it is still in hand or whole
    (VDA-DISARM-04, VDA-STUCK-01, VDA-RES-02). ``rule`` names the weapon's use: VDA-INIT-09
    for the weapon of sequence 1 at the initiative roll."""
    if weapon is None:
        return
    if scene.carries(combatant, weapon):
        resistance.require_in_hand(scene.fighter(combatant), combatant, weapon)
        return
    natural = equipment.natural_weapons_of(scene.sheet(combatant).kind)  # VDA-NAT-01: fangs for vampires
    require(find_weapon(weapon) in natural, rule, f"{combatant!r} carries no {weapon!r}")


def require_declarable(scene: Scene, combatant: str, action: PhysicalAction) -> None:
    """The guards a declaration's situational choices run (VDA-TGT-01, VDA-CHARGE-01, VDA-CHARGE-02,
    VDA-AIM-01, VDA-DISARM-04/VDA-STUCK-01/VDA-RES-02 for the weapon in hand, VDA-VAND-01,
    VDA-MELEE-07 for a weapon that may strike)."""
    natural = scene.weapon(combatant, action.weapon)
    # VDA-NAT-03: only a vampire parries with fangs, named before the carried check (VDA-NAT-01,
    # VDA-PHYS-02) refuses them; a bite's own guards name VDA-BITE-02, VDA-GRAP-18.
    require(
        action.offensive
        or not (isinstance(natural, NaturalWeapon) and natural.vampire_only)
        or scene.sheet(combatant).kind == "vampire",
        "VDA-NAT-03",
        f"{combatant!r} has no {action.weapon!r}: only a vampire has fangs",
    )
    require_carried(scene, combatant, action.weapon)
    if action.intent == "unstick":
        where = action.target or combatant
        stake.require_stuck(stake.stuck_in(scene.state.stuck, where, action.item), where)
    if "unstick" in action.minor_acts:
        require(
            stake.unstick_site(scene.state.stuck, combatant, action.target) is not None,
            "VDA-STUCK-04",
            f"no weapon is stuck in {combatant!r} or its target",
        )
    weapon = weapon_used(scene, combatant, action)
    if weapon is not None and (action.offensive or action.grapple == "weapon_defence"):
        equipment.require_weapon_stats(weapon)  # VDA-MELEE-07: before any die, not at the damage roll
    if action.anchored:
        require(
            action.offensive and isinstance(weapon, MeleeWeapon) and ANCHORABLE in weapon.tags,
            "VDA-MOD-03",
            "only a lance attack is anchored against the ground",
        )
    if not action.offensive:
        return
    if action.zone is not None:
        targeting.require_target_zone(action.zone)
    if action.charge is not None:
        require(weapon is not None, "VDA-CHARGE-02", "a charge names its weapon")
        assert weapon is not None
        mv.require_charge_run_up(
            action.charge.rounds_moved, action.charge.straight_line_successes, scene.options.damage
        )
        mv.require_charge_weapon(weapon, action.charge.mounted)
    if action.aim:
        require(isinstance(weapon, RangedWeapon), "VDA-AIM-01", "on vise avec une arme à distance")
        target_moving = action.target is not None and "moving" in scene.fighter(action.target).conditions
        ranged.require_still_target(target_moving)
    if action.intent == "disarm" and action.target is not None:
        # VDA-DISARM-01: the named weapon, else any, still in the defender's hand.
        theirs = scene.fighter(action.target)
        held = [
            w
            for w in scene.sheet(action.target).weapons
            if resistance.in_hand(theirs, w) and not isinstance(scene.weapon(action.target, w), NaturalWeapon)
        ]
        item = action.item if action.item in held else None
        disarm.require_weapon_to_disarm(item if action.item else next(iter(held), None), action.target)
    if action.intent == "vandalism":
        require(
            action.item is not None and action.target is not None,
            "VDA-VAND-01",
            "a vandalism names the item it strikes",
        )
        assert action.item is not None and action.target is not None
        target_sheet = scene.sheet(action.target)
        require(
            scene.carries(action.target, action.item) or action.item == target_sheet.armour,
            "VDA-VAND-01",
            f"{action.target!r} has no {action.item!r}",
        )
        resistance.require_in_hand(scene.fighter(action.target), action.target, action.item)


def common_terms(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> Terms:
    """What weighs on any roll of the actor: on the ground (VDA-PRONE-01), under water
    (VDA-WATER-01, VDA-WATER-02), the terrain (VDA-MOD-01), outnumbered (VDA-MOD-05), deafened
    (VDA-GREN-10), a weakened grip on the weapon (VDA-DISARM-03), averted or closed eyes
    (VDA-GAZE-03, VDA-GAZE-07) and the two-weapon option (VDA-TWO-03)."""
    fighter = scene.fighter(combatant)
    found = mv.prone_actor_modifiers("prone" in fighter.conditions, action.skill)
    weapon = weapon_used(scene, combatant, action)
    if "under_water" in fighter.conditions:
        found += mod.underwater_attribute_modifiers(action.attribute, fighter.circumstances.turbidity)
        size = weapon.size if isinstance(weapon, MeleeWeapon | RangedWeapon) else None
        found += mod.underwater_weapon_modifiers(size)
    terrain = fighter.circumstances.terrain
    if terrain != "none":
        everyone = {scene.fighter(cid).circumstances.terrain for cid in scene.state.combatants}
        found += mod.terrain_modifiers(terrain, common_to_all=everyone == {terrain})
    attackers = [cid for cid, a in seq.declared.items() if a.offensive and a.target == combatant]
    if len(attackers) > 1:
        found += mod.outnumbered_modifiers(
            len(attackers),
            [scene.trait(cid, "melee") for cid in attackers],
            fighter.circumstances.organised_adversaries,
            weapon,
        )
    if fighter.deafness is not None and action.attribute == "perception":
        deaf = fighter.deafness
        found += terms("VDA-GREN-10", dice=-deaf.dice, difficulty=deaf.difficulty)
    weak = action.weapon is not None and resistance.item_state(fighter, action.weapon).grip_weakened
    if weak and "regrip" not in action.minor_acts:
        found += terms("VDA-DISARM-03", difficulty=1)
    found += gaze.eyes_terms(scene.state.tactics, combatant, scene.sheet(combatant).sight_primary)
    found += two_weapons.stance_terms(two_weapons.active_stance(scene.state, combatant), action)
    return found


def attack_terms(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> Terms:
    """An attack's situational modifiers (VDA-PRONE-01, VDA-MOD-02, VDA-MOD-04, VDA-MELEE-01, VDA-MELEE-08,
    VDA-TGT-02, VDA-STAKE-01, VDA-DISARM-05, VDA-VAND-01, VDA-AIM-01, VDA-THROW-02)."""
    target = action.target
    if target is None:
        return NONE
    weapon = weapon_used(scene, combatant, action)
    target_fighter = scene.fighter(target)
    target_prone = "prone" in target_fighter.conditions
    is_ranged = isinstance(weapon, RangedWeapon)
    found = mv.prone_target_modifiers(target_prone, is_ranged, scene.options.damage)
    found += moving_target_terms(scene, target, weapon, action)
    if weapon is not None and not is_ranged:
        found += mod.shield_modifiers(defensive_weapon_in_hand(scene, target), weapon)
        theirs = wielded(scene, seq, target)
        if theirs is not None:
            mine = scene.fighter(combatant).initiative
            ahead, _ = equipment.large_weapon_modifiers(
                weapon, theirs, mine, target_fighter.initiative, scene.options.damage
            )
            _, behind = equipment.large_weapon_modifiers(
                theirs, weapon, target_fighter.initiative, mine, scene.options.damage
            )
            found += ahead + behind
    special = action.zone is not None or action.intent != "wound"
    if weapon is not None and special:
        kind: SpecialAttack = "disarm" if action.intent == "disarm" else "targeted"
        if action.intent == "vandalism":
            kind = "vandalism"
        ambush = scene.state.round == 0
        found += equipment.small_weapon_special_modifiers(weapon, kind, ambush, target_prone)
    if action.zone is not None:
        armour_id = scene.sheet(target).armour
        armour = (
            ARMOURS.get(armour_id) if armour_id and resistance.in_hand(target_fighter, armour_id) else None
        )
        # The heart (VDA-STAKE-01) costs what any targeted zone costs.
        found += targeting.targeted_attack_modifiers(armour)
    if action.intent == "disarm":
        found += terms("VDA-DISARM-05", difficulty=1)
    elif action.intent == "vandalism":
        found += Terms(difficulty=resistance.vandalism_difficulty())
    if isinstance(weapon, RangedWeapon):
        if action.aim:
            found += ranged.aim_bonus_dice(
                scene.trait(combatant, "perception"),
                scene.trait(combatant, "archery"),
                "moving" in target_fighter.conditions,
            )
        if action.distance_m is not None:
            found += ranged.beyond_range_modifiers(action.distance_m, max_range(scene, combatant, weapon))
        found += bows.heavy_shot_terms(scene, combatant, action)
    return found


def moving_target_terms(scene: Scene, target: str, weapon: Weapon | None, action: PhysicalAction) -> Terms:
    """VDA-MOD-02: +1 against a moving target; VDA-MOD-03 in its place against a moving horse
    (+2, the dice its speed costs by the GM's ruling, a dagger's −2 dice, nothing for an
    anchored lance)."""
    fighter = scene.fighter(target)
    if "moving" not in fighter.conditions:
        return NONE
    if scene.sheet(target).horse:
        speed = fighter.circumstances.horse_speed_dice
        return mod.moving_horse_modifiers(weapon, action.anchored, speed)
    return mod.moving_target_modifiers(True)


def cover_terms(scene: Scene, combatant: str) -> Terms:
    """VDA-COVER-01: the cover a defender stands behind helps any defensive roll of its own,
    against a blow or a blast."""
    circumstances = scene.fighter(combatant).circumstances
    if not circumstances.cover:
        return NONE
    return mod.cover_modifiers(circumstances.cover, circumstances.cover_ruling)


def defence_terms(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> Terms:
    """A defence's situational modifiers: cover (VDA-COVER-01), a ¤ weapon parrying other
    weapons (VDA-MELEE-03), a size-G attacker holding the initiative (VDA-MELEE-08), a
    vandalism aimed at a small weapon (VDA-VAND-02). Only cover weighs on a dodge away from
    a grenade's blast (``equipment.reaction_dodge``): the others are terms of the attacks
    the defence meets."""
    found = cover_terms(scene, combatant)
    attackers = {cid: a for cid, a in seq.declared.items() if a.offensive and a.target == combatant}
    attacks = list(attackers.values())
    parrying = scene.weapon(combatant, action.weapon)
    if action.defence == "parry" and isinstance(parrying, MeleeWeapon) and SMALL_PARRY in parrying.tags:
        weapons = [w for cid, a in attackers.items() if (w := weapon_used(scene, cid, a)) is not None]
        if weapons and all(
            equipment.small_parry_modifiers(parrying, w, scene.options.damage) for w in weapons
        ):
            found += equipment.small_parry_modifiers(parrying, weapons[0], scene.options.damage)
    found += small_defence_against_large(scene, seq, combatant, action)
    if attacks and all(a.intent == "vandalism" and a.item is not None for a in attacks):
        smalls = [resistance.small_item_avoidance(a.item or "") for a in attacks]
        if all(smalls):
            found += Terms(difficulty=smalls[0])
    return found


def small_defence_against_large(
    scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction
) -> Terms:
    """VDA-MELEE-08 (ruling): the +1 of those who « se battent » with a P or natural weapon
    against a G wielder holding the initiative weighs on every roll of theirs against it,
    defences included (option ``damage.large_weapon_malus_on_parries``): a parry or a block
    with its weapon (bare hands: fists), a dodge by the largest weapon still in hand (none:
    fists). Once, however many G attackers."""
    options = scene.options.damage
    if action.defence is None or not options.large_weapon_malus_on_parries:
        return NONE
    mine = scene.weapon(combatant, action.weapon) if action.defence != "dodge" else None
    if action.defence == "dodge":
        mine = largest_in_hand(scene, combatant)
    mine = mine or find_weapon(FISTS)
    if mine is None:
        return NONE
    score = scene.fighter(combatant).initiative
    for attacker, attack in seq.declared.items():
        at_me = attack.offensive and attack.target == combatant
        theirs = weapon_used(scene, attacker, attack) if at_me else None
        if theirs is None:
            continue
        their_score = scene.fighter(attacker).initiative
        _, behind = equipment.large_weapon_modifiers(theirs, mine, their_score, score, options)
        if behind:
            return behind
    return NONE


def largest_in_hand(scene: Scene, combatant: str) -> Weapon | None:
    """The largest melee weapon of the sheet still in hand (VDA-MELEE-08's « se battent »)."""
    fighter, order = scene.fighter(combatant), {"P": 0, "M": 1, "G": 2}
    held = [
        w
        for item in scene.sheet(combatant).weapons
        if resistance.in_hand(fighter, item) and isinstance(w := scene.weapon(combatant, item), MeleeWeapon)
    ]
    return max(held, key=lambda w: order[w.size], default=None)


def situation(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> Situation:
    """What the damage pipeline needs to know of how the attack happened: a charge or a
    counter-charge (VDA-CHARGE-05, VDA-CHARGE-06, VDA-CHARGE-07, VDA-CHARGE-08), a bare zone (VDA-TGT-03),
    beyond range (VDA-THROW-02)."""
    weapon = weapon_used(scene, combatant, action)
    charge: Literal["none", "on_foot", "mounted"] = "none"
    mount = None
    if action.charge is not None:
        charge = "mounted" if action.charge.mounted else "on_foot"
        if action.charge.mounted and action.charge.mount_strength is not None:
            mount = Mount(strength=action.charge.mount_strength, potence=action.charge.mount_potence)
    elif weapon is not None and action.target is not None:
        theirs = seq.declared.get(action.target)
        charging = theirs is not None and theirs.charge is not None and theirs.target == combatant
        if charging and mv.counter_charge(weapon, charger_qualified=True):
            charge = "on_foot"
    beyond = False
    if isinstance(weapon, RangedWeapon) and action.distance_m is not None:
        beyond = action.distance_m > max_range(scene, combatant, weapon)
    return Situation(
        charge=charge,
        mount=mount,
        vulnerable_zone=action.zone == "unarmoured",
        beyond_range=beyond,
    )

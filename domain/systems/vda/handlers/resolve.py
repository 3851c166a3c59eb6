"""Rolling a declared physical action and splitting a defence (VDA-SEQ-02, VDA-GEN,
VDA-PHYS-03, VDA-PHYS-04, VDA-PHYS-05, VDA-RDEF, VDA-DIVE-04, VDA-ORI-02, VDA-ORI-05, VDA-MINOR-02)."""

from __future__ import annotations

from domain.base import Emitted
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import AllocateDefence, ResolveAction
from domain.systems.vda.data import RangedWeapon
from domain.systems.vda.handlers import attack, equipment, shots, situation, ties, two_weapons
from domain.systems.vda.handlers.advance import after
from domain.systems.vda.handlers.fall import fall
from domain.systems.vda.handlers.round import minor_act_effects, roll_orientation
from domain.systems.vda.handlers.situation import weapon_used
from domain.systems.vda.rules import (
    dive,
    general,
    grapple,
    minor,
    orientation,
    physical,
    ranged_defence,
    sequence,
)
from domain.systems.vda.rules.ranged import firearm_attack_difficulty
from domain.systems.vda.rules.ranged_defence import attack_class
from domain.systems.vda.rules.stake import STUCK_REMOVAL_DIFFICULTY
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState
from domain.systems.wod import NONE, Modifier, Terms, total


def check_resolve(scene: Scene, combatant: str) -> tuple[SequenceState, PhysicalAction]:
    """The turn to resolve (:func:`check_turn`); an attack waits for the defence it meets."""
    seq, action = check_turn(scene, combatant)
    if action.offensive:
        attack.require_defence_ready(scene, seq, combatant, action)
    return seq, action


def check_turn(scene: Scene, combatant: str) -> tuple[SequenceState, PhysicalAction]:
    """VDA-SEQ-02: actions resolve in initiative order, physical before power; a declared
    defence may be rolled as soon as it is needed, as a reaction to an attack."""
    seq = sequence.require_sequence_running(scene.state)
    action = seq.declared.get(combatant)
    require(
        action is not None and action.kind != "none",
        "VDA-SEQ-02",
        f"{combatant!r} declared no physical action to resolve",
    )
    assert action is not None
    require(seq.step != "declare", "VDA-SEQ-02", "every declaration comes before the first roll")
    require(
        combatant not in seq.done_physical,
        "VDA-PHYS-01",
        f"{combatant!r} already resolved sequence {seq.number}",
    )
    reacting = action.defensive and seq.step == "physical"
    require(
        reacting or (seq.step == "physical" and combatant in seq.acting),
        "VDA-SEQ-02",
        f"{', '.join(seq.acting) or 'nobody'} acts now ({seq.step} step), not {combatant!r}",
    )
    return seq, action


def situational_terms(scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction) -> Terms:
    """The damage side's situational modifiers this roll meets (``handlers/situation.py``)."""
    found = situation.common_terms(scene, seq, combatant, action)
    if action.offensive:
        found += situation.attack_terms(scene, seq, combatant, action)
    if action.defensive:
        found += situation.defence_terms(scene, seq, combatant, action)
    return found


def action_pool(scene: Scene, combatant: str, action: PhysicalAction, extra: Terms = NONE) -> list[Modifier]:
    pool = [
        Modifier(rule="A-6", value=scene.trait(combatant, action.attribute), why=action.attribute),
        Modifier(rule="A-6", value=scene.trait(combatant, action.skill), why=action.skill),
    ]
    acts = action.minor_acts + (["orientation"] if action.orientation else [])
    minor.require_dice_for_minor_acts(total(pool), acts)
    pool += minor.minor_act_cost(action.minor_acts)
    if gesture := orientation.gesture_cost(action):
        pool.append(gesture)
    return pool + extra.pool


def facing_ranged(scene: Scene, seq: SequenceState, defender: str) -> bool:
    """VDA-RDEF-02: a defence declared before any ranged attack on it meets those declared
    after it at the normal difficulty 6 (its reaction class, VDA-RDEF-03, is the declaration's)."""
    attackers = physical.attackers_of(seq, defender)
    return any(attack_class(weapon_used(scene, cid, a)) for cid, a in attackers.items())


def action_difficulty(
    scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction, extra: Terms = NONE
) -> list[Modifier]:
    fighter = scene.fighter(combatant)
    if action.defensive and (action.ranged is not None or facing_ranged(scene, seq, combatant)):
        terms = ranged_defence.ranged_defence_difficulty(action)
    else:
        base, why = action.difficulty, "difficulté déclarée"
        weapon = scene.weapon(combatant, action.weapon)
        if action.offensive and weapon is not None and weapon.difficulty is not None:
            base, why = weapon.difficulty, action.weapon or ""
            if isinstance(weapon, RangedWeapon) and weapon.kind == "firearm":
                base = firearm_attack_difficulty(weapon, False, scene.options.damage)
        if action.intent == "unstick":
            base, why = STUCK_REMOVAL_DIFFICULTY, "VDA-STUCK-04"
        terms = [Modifier(rule="A-7", value=base, why=why)]
    if repeat := general.skill_repeat_malus(fighter, action.skill, scene.options.skill_repeat_every_reuse):
        terms.append(repeat)
    ranged_attack = action.offensive and attack_class(weapon_used(scene, combatant, action)) is not None
    target = action.target or ""
    answered = ranged_defence.answers(seq, target, combatant)
    include = scene.options.volley_bonus_includes_answered_attack
    if ranged_attack and (volley := ranged_defence.volley_malus(seq, target, answered, include)):
        terms.append(volley)
    held = grapple.held_difficulty(scene, combatant, action)  # VDA-GRAP-14, VDA-GRAP-19 (rules/grapple.py)
    return [*terms, *held, *extra.difficulty, *fighter.pending]


def roll_terms(
    scene: Scene, seq: SequenceState, combatant: str, action: PhysicalAction
) -> tuple[list[Modifier], list[Modifier]]:
    """The pool and difficulty of the declared action, term by term: what
    :func:`resolve_action` rolls, and what a player's controls show before the roll. A tied
    fighter's is judged as its group began (VDA-INIT-04: a tie is simultaneous)."""
    judged = ties.as_the_group_began(scene, combatant)
    extra = situational_terms(judged, seq, combatant, action)
    pool = action_pool(judged, combatant, action, extra)
    return pool, action_difficulty(judged, seq, combatant, action, extra)


def resolve_action(scene: Scene, command: ResolveAction) -> list[Emitted]:
    cid = command.combatant
    seq, action = check_resolve(scene, cid)
    if action.intent == "reload":
        return after(scene, [shots.reload(scene, seq, cid, action)])  # VDA-BOW-06, VDA-FIRE-06
    fighter = scene.fighter(cid)
    pool, difficulty = roll_terms(scene, seq, cid, action)
    roll = scene.roll(pool, difficulty)
    read, counted = two_weapons.counted(scene, cid, action, roll)  # VDA-TWO-04: 2s as 1s
    rolled = ev.ActionRolled(
        combatant=cid,
        sequence=seq.number,
        kind=action.kind,
        skill=action.skill,
        pool=pool,
        difficulty=difficulty,
        roll=roll,
        target=action.target,
        rear_eligible=physical.rear_eligible(read) if action.defensive else 0,
    )
    emitted = [Emitted(rolled), *counted]
    read, accumulated = shots.read_roll(scene, cid, action, read)  # VDA-FIRE-07
    emitted += accumulated
    roll = read
    emitted += minor_act_effects(scene, cid, action.minor_acts, source="action")
    if action.orientation:
        emitted.append(roll_orientation(scene, cid, "action", len(physical.attackers_of(seq, cid))))
    emitted += equipment.regrip(scene, cid, action)
    emitted += equipment.unstick_minor(scene, cid, action)  # VDA-STUCK-04, 2 dice
    grenade = isinstance(weapon := weapon_used(scene, cid, action), RangedWeapon) and weapon.kind == "grenade"
    if general.is_critical_failure(roll, action.offensive, scene.options.critical_on_net_successes):
        emitted += critical_failure(scene, cid, roll.ones)
        emitted += equipment.botched_weapon(scene, cid, action, roll.ones)
    elif action.offensive and grenade:
        emitted += equipment.throw_grenade(scene, seq, cid, action, roll)
    elif action.offensive:
        emitted += shots.hits(scene, seq, cid, action, roll)  # VDA-FIRE-04's spread, else one hit
    emitted += shots.after_shot(scene, cid, action, rolled.roll)  # VDA-BOW-06, VDA-FIRE-06, VDA-FIRE-07
    emitted += equipment.dodge_grenades(scene, cid, action, roll)
    if action.intent == "unstick":
        emitted += equipment.work_loose(scene, cid, action, roll)
    if dive.hit_the_ground(fighter, seq.number, action, roll):
        emitted += [Emitted(e) for e in fall(scene, cid, "VDA-DIVE-04", "dived")]
    if orientation.invalidates_orientation(action):
        others = [other for other in scene.state.combatants if other != cid]
        emitted.append(Emitted(ev.OrientationInvalidated(combatants=others, reason="", by=cid)))
    return after(scene, emitted)


def critical_failure(scene: Scene, cid: str, ones: int) -> list[Emitted]:
    """VDA-GEN-02: the usual accident of a botched offensive action is a fall: « Au sol »,
    and as many initiative points lost as there were 1s (VDA-PRONE-05)."""
    emitted = [
        Emitted(
            ev.CriticalFailure(
                combatant=cid, ones=ones, accident="fall" if scene.options.botch_fall else "other"
            )
        )
    ]
    if not scene.options.botch_fall:
        return emitted
    return emitted + [Emitted(e) for e in fall(scene, cid, "VDA-GEN-02", "botch", ones=ones)]


def spent_defence(scene: Scene, seq: SequenceState, defender: str) -> dict[str, int]:
    """VDA-PHYS-03: the defensive successes the attacks already resolved against
    ``defender`` met: they are spent, and no later split gives them again."""
    return {
        attacker: attack.defence_against(scene, seq, attacker, action)
        for attacker, action in physical.attackers_of(seq, defender).items()
        if attacker in seq.done_physical
    }


def check_allocation(
    scene: Scene, combatant: str, allocations: dict[str, int]
) -> tuple[SequenceState, dict[str, int]]:
    """VDA-PHYS-03, VDA-PHYS-04, VDA-PHYS-05: a defence rolled this sequence, split within its successes, the
    ones already spent on resolved attacks included; a parry goes to no firearm
    (VDA-RDEF-01). Returns the sequence and the whole split, spent shares first."""
    seq = sequence.require_sequence_running(scene.state)
    spent = spent_defence(scene, seq, combatant)
    for attacker, used in spent.items():
        require(
            allocations.get(attacker, used) == used,
            "VDA-PHYS-03",
            f"{attacker!r}'s attack already met {used} of {combatant!r}'s defensive successes",
        )
    split = spent | allocations
    physical.require_defence_split(seq, scene.fighter(combatant), combatant, split)
    declared = seq.declared.get(combatant)
    attackers = physical.attackers_of(seq, combatant)
    for attacker, successes in split.items():
        ranged = attack_class(weapon_used(scene, attacker, attackers[attacker]))
        require(
            successes == 0 or declared is None or ranged_defence.parries(declared.defence, ranged),
            "VDA-RDEF-01",
            f"a parry cannot meet {attacker!r}'s firearm",
        )
    return seq, split


def allocate_defence(scene: Scene, command: AllocateDefence) -> list[Emitted]:
    cid = command.combatant
    seq, split = check_allocation(scene, cid, command.allocations)
    return [Emitted(ev.DefenceAllocated(combatant=cid, sequence=seq.number, allocations=split))]

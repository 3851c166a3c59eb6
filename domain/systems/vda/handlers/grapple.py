"""Resolving the grapple's actions and the bite (VDA-GRAP, VDA-BITE), and the grapple's
GM commands. ``decide.py`` sends here a ``ResolveAction`` whose declared action is a
grapple move (``PhysicalAction.grapple``) or a bite (the fangs, ``morsure``).

The turn order is the round's (``resolve.check_resolve``); damage goes through the
attack pipeline (``handlers/attack.damage``, ``rules/attack.resolve_attack``).
"""

from __future__ import annotations

from typing import Literal

from msgspec.structs import replace

from domain.base import Emitted
from domain.dice import roll_pool
from domain.errors import check, require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import (
    AdjustGrapple,
    EndEcstasy,
    ReleaseGrapple,
    ResolveAction,
    ShortenEcstasy,
)
from domain.systems.vda.data import ARMOURS, SHIELD, MeleeWeapon
from domain.systems.vda.handlers import attack, resolve, situation, ties
from domain.systems.vda.handlers.advance import after
from domain.systems.vda.handlers.fall import fall
from domain.systems.vda.payloads import GrappleRoll
from domain.systems.vda.rules import actions, bite, general, grapple, physical
from domain.systems.vda.rules.attack import Striker, Target, resolve_attack
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState, VdaPower
from domain.systems.wod import Modifier, Terms, total

BRAWL = grapple.BRAWL
GRIP = grapple.GRIP_ATTRIBUTES


def routes(scene: Scene, combatant: str) -> bool:
    """Whether ``combatant``'s declared action of the sequence is resolved here."""
    seq = scene.state.sequence
    action = seq.declared.get(combatant) if seq else None
    return action is not None and (action.grapple is not None or bite.is_bite(action))


# --- rolling ----------------------------------------------------------------------


RollTerms = tuple[list[Modifier], list[Modifier], int]
"""A roll's pool and difficulty, term by term, and its automatic successes (Potence)."""


def _roll(
    scene: Scene,
    pool: list[Modifier],
    difficulty: list[Modifier],
    automatic: int = 0,
    ones_cancel: bool | None = None,
) -> GrappleRoll:
    roll = scene.roll(pool, difficulty, ones_cancel)
    return GrappleRoll(
        pool=pool, difficulty=difficulty, roll=roll, automatic=automatic, successes=roll.successes + automatic
    )


def situational(
    scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction, attribute: str, skill: str
) -> Terms:
    """The situational terms every roll of the actor meets, the same ones an attack or a
    defence gets (``handlers/situation.common_terms``: VDA-PRONE-01, VDA-WATER-01, VDA-WATER-02,
    VDA-MOD-01, VDA-MOD-05, VDA-GREN-10, VDA-DISARM-03, VDA-GAZE-03, VDA-GAZE-07, VDA-TWO-03), and an
    attack's own (``situation.attack_terms``) for the contact and the bite: a grapple
    or a bite is a roll of the fight like any other (000 « L'étreinte » gives no
    exception). ``attribute`` and ``skill`` are the pair the move actually rolls."""
    rolled = replace(action, attribute=attribute, skill=skill)
    judged = ties.as_the_group_began(scene, cid)  # VDA-INIT-04: a tie is simultaneous
    found = situation.common_terms(judged, seq, cid, rolled)
    if action.offensive:
        found += situation.attack_terms(judged, seq, cid, rolled)
    return found


def _difficulty(
    scene: Scene, cid: str, base: int, pair: str, *extra: Modifier, around: Terms | None = None
) -> list[Modifier]:
    """A-7 base, the move's own terms, VDA-GRAP-10's pair count, the situation's terms
    (:func:`situational`) and the GM's adjustments."""
    fighter = scene.fighter(cid)
    terms = [Modifier(rule="A-7", value=base, why="difficulté de base"), *extra]
    if repeat := grapple.pair_repeat_malus(fighter, pair):
        terms.append(repeat)
    return [*terms, *(around.difficulty if around else []), *fighter.pending]


def _move_terms(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> RollTerms:
    """VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-12, VDA-GRAP-13: the declared pair + Brawl (+ Potence)
    at the grapple's difficulty: an escape, a control or an opposition."""
    options = scene.options.grapple
    pool, automatic = grapple.grip_pool(scene, cid, action.attribute, BRAWL, options)
    pair = f"{action.attribute}+{BRAWL}"
    around = situational(scene, seq, cid, action, action.attribute, BRAWL)
    difficulty = _difficulty(scene, cid, options.grapple_difficulty, pair, around=around)
    return [*pool, *around.pool], difficulty, automatic


def _move_roll(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> ev.GrappleRolled:
    pool, difficulty, automatic = _move_terms(scene, seq, cid, action)
    return ev.GrappleRolled(
        combatant=cid,
        sequence=seq.number,
        move=action.grapple or "",
        target=action.target or "",
        pair=f"{action.attribute}+{BRAWL}",
        check=_roll(scene, pool, difficulty, automatic),
    )


# --- the turn -----------------------------------------------------------------------


def check_resolve(scene: Scene, combatant: str) -> tuple[SequenceState, PhysicalAction]:
    """The round's turn order (VDA-SEQ-02, VDA-PHYS-03 for the contact and the bite), then
    VDA-GRAP-09, VDA-GRAP-13: a declared opposition is rolled before the attempt it meets."""
    seq, action = resolve.check_resolve(scene, combatant)
    move, other = action.grapple, action.target or ""
    if move in ("escape", "flee", "control"):
        theirs = seq.declared.get(other)
        opposing = theirs is not None and theirs.grapple == "oppose" and theirs.target == combatant
        require(
            not opposing or other in seq.done_physical,
            "VDA-GRAP-13" if move == "control" else "VDA-GRAP-09",
            f"{other!r} s'oppose: son jet d'abord / {other!r} opposes: roll it first",
        )
    return seq, action


def resolve_grapple(scene: Scene, command: ResolveAction) -> list[Emitted]:
    cid = command.combatant
    seq, action = check_resolve(scene, cid)
    if bite.is_bite(action):
        emitted = _bite(scene, seq, cid, action)
    else:
        resolver = _MOVES[action.grapple or ""]
        emitted = resolver(scene, seq, cid, action)
    return after(scene, [Emitted(e) for e in emitted])


# --- VDA-GRAP-01, VDA-GRAP-02, VDA-GRAP-03, VDA-GRAP-04, VDA-GRAP-05, VDA-GRAP-06, VDA-GRAP-07: weapon
# defence and contact


def _weapon_defence_terms(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> RollTerms:
    """VDA-GRAP-01: Dexterity + Melee, +1/+2/+3 dice by size, −1 difficulty for M and G."""
    options = scene.options.grapple
    weapon = scene.weapon(cid, action.weapon)
    bonus, easier = grapple.weapon_defence_terms(weapon)
    skill = options.weapon_defence_skill
    pool = [
        Modifier(rule="A-6", value=scene.trait(cid, "dexterity"), why="dexterity"),
        Modifier(rule="A-6", value=scene.trait(cid, skill), why=skill),
        bonus,
    ]
    around = situational(scene, seq, cid, action, "dexterity", skill)
    pool += around.pool
    fighter = scene.fighter(cid)
    difficulty = [Modifier(rule="VDA-GRAP-01", value=options.weapon_defence_difficulty, why="défense armée")]
    difficulty += [easier] if easier else []
    if repeat := general.skill_repeat_malus(fighter, skill, scene.options.skill_repeat_every_reuse):
        difficulty.append(repeat)
    return pool, difficulty + around.difficulty + fighter.pending, 0


def _weapon_defence(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    pool, difficulty, _ = _weapon_defence_terms(scene, seq, cid, action)
    check_ = _roll(scene, pool, difficulty)
    rolled = ev.ActionRolled(
        combatant=cid,
        sequence=seq.number,
        kind="defend",
        skill=scene.options.grapple.weapon_defence_skill,
        pool=pool,
        difficulty=difficulty,
        roll=check_.roll,
        target=action.target,
        rear_eligible=physical.rear_eligible(check_.roll),
    )
    return [rolled]


def _contact_terms(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> RollTerms:
    """VDA-GRAP-03: Dexterity + Brawl at the contact's difficulty."""
    pool = [
        Modifier(rule="VDA-GRAP-03", value=scene.trait(cid, "dexterity"), why="dexterity"),
        Modifier(rule="VDA-GRAP-03", value=scene.trait(cid, BRAWL), why=BRAWL),
    ]
    around = situational(scene, seq, cid, action, "dexterity", BRAWL)
    hard = scene.options.grapple.contact_difficulty
    return [*pool, *around.pool], _difficulty(scene, cid, hard, f"dexterity+{BRAWL}", around=around), 0


def _contact(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    """VDA-GRAP-03: Dexterity + Brawl, dodged or parried normally, or met by a weapon
    defence (VDA-GRAP-02); the margin caps the value; then contact strength (VDA-GRAP-04)."""
    target = action.target or ""
    pair = f"dexterity+{BRAWL}"
    pool, difficulty, _ = _contact_terms(scene, seq, cid, action)
    contact = _roll(scene, pool, difficulty)
    emitted: list[object] = [
        ev.GrappleRolled(
            combatant=cid, sequence=seq.number, move="contact", target=target, pair=pair, check=contact
        )
    ]
    if general.is_critical_failure(contact.roll, True, scene.options.critical_on_net_successes):
        return emitted + [e.event for e in resolve.critical_failure(scene, cid, contact.roll.ones)]
    defence = attack.defence_against(scene, seq, cid, action)
    theirs = seq.declared.get(target)
    margin = contact.successes - defence
    if theirs is not None and theirs.grapple == "weapon_defence" and target in seq.done_physical:
        outcome = grapple.weapon_defence_outcome(contact.successes, defence)
        emitted.append(
            ev.GrappleWeaponDefenceResolved(
                grappler=cid,
                defender=target,
                grappler_successes=contact.successes,
                defender_successes=defence,
                outcome=outcome,
            )
        )
        if outcome != "through":
            emitted.append(
                ev.GrappleAttempted(grappler=cid, target=target, margin=margin, value=None, reason=outcome)
            )
            if outcome == "defender_strikes":
                emitted += _strike(scene, seq, target, cid, theirs, defence - contact.successes)
            return emitted
    cap = grapple.contact_cap(margin)
    if cap is None:
        return emitted + [
            ev.GrappleAttempted(grappler=cid, target=target, margin=margin, value=None, reason="missed")
        ]
    return emitted + _contact_strength(scene, cid, target, action, cap)


def _contact_strength(scene: Scene, cid: str, target: str, action: PhysicalAction, cap: int) -> list[object]:
    """VDA-GRAP-04: a damage-like roll (Dexterity, or Strength + Potence) against the
    target's soak-like roll; the positive remainder, at most the cap, is the value."""
    options = scene.options.grapple
    ones = scene.options.damage.ones_cancel_on_damage_and_soak
    grip_with = action.grip or grapple.larger_grip(scene, cid)
    pool, automatic = grapple.grip_pool(scene, cid, grip_with, "", options)
    hard = [Modifier(rule="VDA-GRAP-04", value=options.contact_strength_difficulty, why="force du contact")]
    grip = _roll(scene, pool, hard, automatic, ones)
    resist_with = grapple.resist_attribute(scene, target, options)
    pool, automatic = grapple.grip_pool(scene, target, resist_with, "", options)
    resist = _roll(scene, pool, hard, automatic, ones)
    value = grapple.base_value(grip.successes - resist.successes, cap)
    attempted = ev.GrappleAttempted(
        grappler=cid,
        target=target,
        margin=cap,
        value=value,
        grip=grip,
        resist=resist,
        reason="negative" if value is None else ("zero" if value == 0 else "held"),
    )
    if value is None:
        return [attempted]
    established = ev.GrappleEstablished(
        grappler=cid,
        target=target,
        value=value,
        cap=cap,
        strength_potence=scene.trait(target, "strength") + scene.trait(target, "potence"),
        grappler_used=scene.fighter(cid).physical_used,
    )
    return [attempted, established]


def _strike(
    scene: Scene,
    seq: SequenceState,
    striker: str,
    victim: str,
    action: PhysicalAction,
    margin: int,
) -> list[object]:
    """VDA-GRAP-02: the armed defender who wins strikes the grappler, resolved normally
    (the attack pipeline with the defence's margin as the hit margin)."""
    weapon = scene.weapon(striker, action.weapon)
    if weapon is None:
        return []
    a, t = scene.sheet(striker), scene.sheet(victim)
    carried = [scene.weapon(victim, w) for w in t.weapons]
    resolution = resolve_attack(
        scene.roller,
        striker=Striker(
            strength=a.attributes.strength,
            potence=a.disciplines.get("potence", 0),
            potence_tokens_used=scene.fighter(striker).potence_tokens,
        ),
        target=Target(
            kind=t.kind,
            stamina=t.attributes.stamina,
            fortitude=t.disciplines.get("fortitude", 0),
            armour=ARMOURS.get(t.armour) if t.armour else None,
            shield=any(isinstance(w, MeleeWeapon) and SHIELD in w.tags for w in carried),
            fortitude_tokens_used=scene.fighter(victim).fortitude_tokens,
        ),
        weapon=weapon,
        attack_successes=margin,
        options=scene.options.damage,
    )
    return [ev.AttackResolved(attacker=striker, target=victim, sequence=seq.number, resolution=resolution)]


# --- VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-10, VDA-GRAP-11, VDA-GRAP-12, VDA-GRAP-13: escape, flight, control,
# opposition


def _escape(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    """VDA-GRAP-08: the held character's successes past the grappler's kept opposition
    (VDA-GRAP-09) lower the value."""
    grappler = action.target or ""
    hold = grapple.hold(scene.state, grappler, cid)
    rolled = _move_roll(scene, seq, cid, action)
    if hold is None:
        return [rolled]
    opposition, reacted = _opposition(scene, seq, grappler, cid, "grappler")
    loss = min(hold.value, grapple.escape_loss(rolled.check.successes, opposition))
    changed = ev.GrappleValueChanged(
        grappler=grappler,
        target=cid,
        delta=-loss,
        value=hold.value - loss,
        cause="escape",
        rule="VDA-GRAP-08",
        opposition=opposition,
        grappler_used=scene.fighter(grappler).physical_used,
    )
    return [rolled, *reacted, changed]


def _opposition(
    scene: Scene, seq: SequenceState, opposer: str, other: str, side: Literal["grappler", "target"]
) -> tuple[int, list[object]]:
    """VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-12, VDA-GRAP-13 (ruling): the successes kept this round, else a
    reaction: the
    opposer rolls its larger grapple pool (Dexterity + Brawl or Strength + Brawl + Potence)
    at the cost of one of its physical actions still to come, and keeps the successes for
    the round; with no action left, 0. Like the declared opposition, it meets the
    situation's terms (:func:`situational`)."""
    pair_key = (opposer, other) if side == "grappler" else (other, opposer)
    hold = grapple.hold(scene.state, *pair_key)
    kept = grapple.kept_successes(hold, side) if hold is not None else None
    if hold is None or kept is not None:
        return kept or 0, []
    if grapple.actions_left_to_oppose(scene.fighter(opposer).physical, seq.number) == 0:
        return 0, []
    options = scene.options.grapple
    pools = {attribute: grapple.grip_pool(scene, opposer, attribute, BRAWL, options) for attribute in GRIP}
    attribute = max(GRIP, key=lambda a: (total(pools[a][0]) + pools[a][1], a == "strength"))
    pool, automatic = pools[attribute]
    pair = f"{attribute}+{BRAWL}"
    reaction = PhysicalAction(
        kind="defend", defence="block", skill=BRAWL, attribute=attribute, grapple="oppose", target=other
    )
    around = situational(scene, seq, opposer, reaction, attribute, BRAWL)
    difficulty = _difficulty(scene, opposer, options.grapple_difficulty, pair, around=around)
    check_ = _roll(scene, [*pool, *around.pool], difficulty, automatic)
    kept_event = ev.GrappleSuccessesKept(
        grappler=pair_key[0],
        target=pair_key[1],
        side=side,
        successes=check_.successes,
        pair=pair,
        check=check_,
        action_spent=True,
    )
    return check_.successes, [kept_event]


FLIGHT_PAIR = f"strength+{grapple.ATHLETICS}"


def _flee_terms(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> RollTerms:
    """VDA-GRAP-11: Strength + Athletics at the grapple's difficulty +2 or more."""
    options = scene.options.grapple
    pool = [
        Modifier(rule="VDA-GRAP-11", value=scene.trait(cid, "strength"), why="strength"),
        Modifier(rule="VDA-GRAP-11", value=scene.trait(cid, grapple.ATHLETICS), why=grapple.ATHLETICS),
    ]
    around = situational(scene, seq, cid, action, "strength", grapple.ATHLETICS)
    harder = grapple.flight_difficulty(options)
    difficulty = _difficulty(scene, cid, options.grapple_difficulty, FLIGHT_PAIR, harder, around=around)
    return [*pool, *around.pool], difficulty, 0


def _flee(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    """VDA-GRAP-11: Strength + Athletics at +2 or more; the successes past the opposition go
    alternately to the value and to moving; at 0 with a movement left over, free."""
    options = scene.options.grapple
    grappler = action.target or ""
    hold = grapple.hold(scene.state, grappler, cid)
    pair = FLIGHT_PAIR
    pool, difficulty, _ = _flee_terms(scene, seq, cid, action)
    check_ = _roll(scene, pool, difficulty)
    rolled = ev.GrappleRolled(
        combatant=cid, sequence=seq.number, move="flee", target=grappler, pair=pair, check=check_
    )
    if hold is None:
        return [rolled]
    opposition, reacted = _opposition(scene, seq, grappler, cid, "grappler")
    lost, movement = grapple.flight_split(check_.successes - opposition)
    lost = min(lost, hold.value)
    changed = ev.GrappleValueChanged(
        grappler=grappler,
        target=cid,
        delta=-lost,
        value=hold.value - lost,
        cause="flight",
        rule="VDA-GRAP-11",
        opposition=opposition,
        movement=movement,
        grappler_used=scene.fighter(grappler).physical_used,
    )
    if hold.value - lost == 0 and movement >= 1 and options.flight_ends_at_zero:
        return [rolled, *reacted, changed, ev.GrappleEnded(grappler=grappler, target=cid, reason="fled")]
    return [rolled, *reacted, changed]


def _control(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    """VDA-GRAP-12: the grappler's successes past the held character's kept opposition
    (VDA-GRAP-13) raise the value (uncapped by default)."""
    target = action.target or ""
    hold = grapple.hold(scene.state, cid, target)
    rolled = _move_roll(scene, seq, cid, action)
    if hold is None:
        return [rolled]
    opposition, reacted = _opposition(scene, seq, target, cid, "target")
    value = hold.value + grapple.control_gain(rolled.check.successes, opposition)
    if scene.options.grapple.control_capped:
        value = min(value, max(hold.cap, hold.value))
    changed = ev.GrappleValueChanged(
        grappler=cid,
        target=target,
        delta=value - hold.value,
        value=value,
        cause="control",
        rule="VDA-GRAP-12",
        opposition=opposition,
        grappler_used=scene.fighter(cid).physical_used,
    )
    return [rolled, *reacted, changed]


def _oppose(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    """VDA-GRAP-09, VDA-GRAP-13: an opposition roll (a defensive action), kept for the round."""
    other = action.target or ""
    rolled = _move_roll(scene, seq, cid, action)
    state = scene.state
    if grapple.hold(state, cid, other) is not None:
        kept = ev.GrappleSuccessesKept(
            grappler=cid, target=other, side="grappler", successes=rolled.check.successes
        )
    elif grapple.hold(state, other, cid) is not None:
        kept = ev.GrappleSuccessesKept(
            grappler=other, target=cid, side="target", successes=rolled.check.successes
        )
    else:
        return [rolled]
    return [rolled, kept]


def _takedown(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    """VDA-GRAP-20: no roll; the target is « Au sol ». The hold it needs was judged before,
    as the tie's group began (``facts.lost_action``, VDA-INIT-04): a tied escape rolled
    first does not undo a simultaneous takedown."""
    target = action.target or ""
    emitted: list[object] = [ev.TakedownPerformed(grappler=cid, target=target, sequence=seq.number)]
    return [*emitted, *fall(scene, target, "VDA-GRAP-20", "takedown")]


# --- VDA-BITE: the bite, drinking and the Kiss -----------------------------------------


def _bite_terms(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> RollTerms:
    """VDA-BITE-02: Dexterity + Brawl at 5, +1/+2 biting one's grappler."""
    victim = action.target or ""
    skill = scene.options.grapple.bite_skill
    fighter = scene.fighter(cid)
    pool = [
        Modifier(rule="VDA-BITE-02", value=scene.trait(cid, "dexterity"), why="dexterity"),
        Modifier(rule="VDA-BITE-02", value=scene.trait(cid, skill), why=skill),
    ]
    around = situational(scene, seq, cid, action, "dexterity", skill)
    pool += around.pool
    difficulty = bite.bite_difficulty(scene.state, cid, victim)
    if repeat := general.skill_repeat_malus(fighter, skill, scene.options.skill_repeat_every_reuse):
        difficulty.append(repeat)
    return pool, difficulty + around.difficulty + fighter.pending, 0


def _bite(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    """VDA-BITE-01, VDA-BITE-02: Dexterity + Brawl at 5 (+1/+2 biting one's grappler), then the
    fangs' damage through the attack pipeline; a hit plants the fangs (VDA-BITE-03)."""
    victim = action.target or ""
    skill = scene.options.grapple.bite_skill
    fighter = scene.fighter(cid)
    pool, difficulty, _ = _bite_terms(scene, seq, cid, action)
    check_ = _roll(scene, pool, difficulty)
    emitted: list[object] = [
        ev.ActionRolled(
            combatant=cid,
            sequence=seq.number,
            kind="attack",
            skill=skill,
            pool=pool,
            difficulty=difficulty,
            roll=check_.roll,
            target=victim,
        )
    ]
    if general.is_critical_failure(check_.roll, True, scene.options.critical_on_net_successes):
        return emitted + [e.event for e in resolve.critical_failure(scene, cid, check_.roll.ones)]
    struck = [e.event for e in attack.damage(scene, seq, cid, action, check_.roll)]
    emitted += struck
    if any(isinstance(e, ev.AttackResolved) and e.resolution.hit for e in struck):
        emitted.append(ev.FangsPlanted(biter=cid, victim=victim, used=fighter.physical_used))
    return emitted


def _drink_terms(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> RollTerms:
    """VDA-BITE-03: Strength at 6, Potence automatic (or dice, by option)."""
    pool, automatic = grapple.grip_pool(scene, cid, "strength", "", scene.options.grapple)
    around = situational(scene, seq, cid, action, "strength", "")
    return [*pool, *around.pool], _difficulty(scene, cid, bite.DRINK_DIFFICULTY, "", around=around), automatic


def _drink(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> list[object]:
    """VDA-BITE-03: a Strength roll at 6 (Potence automatic); VDA-BITE-04: at most a third of
    a maximum blood pool per round; VDA-BITE-05, VDA-BITE-06: the first point starts the Kiss."""
    options = scene.options.grapple
    victim = action.target or ""
    pool, difficulty, automatic = _drink_terms(scene, seq, cid, action)
    check_ = _roll(scene, pool, difficulty, automatic)
    rolled = ev.GrappleRolled(
        combatant=cid, sequence=seq.number, move="drink", target=victim, pair="", check=check_
    )
    state = scene.state
    limit_of = cid if options.drink_limit_of == "drinker" else victim
    left = bite.drink_limit(scene.sheet(limit_of).blood) - scene.fighter(cid).drunk_this_round
    attached = grapple.contact_between(state, cid, victim) >= 0
    amount = bite.drink_amount(check_.successes, left, scene.pool_left(victim, "blood")) if attached else 0
    used = scene.fighter(cid).physical_used
    emitted: list[object] = [
        rolled,
        ev.BloodDrunk(drinker=cid, victim=victim, amount=amount, limit_left=max(0, left - amount), used=used),
    ]
    if amount >= 1 and not bite.ecstasy_active(state, victim):
        emitted += _kiss(scene, cid, victim)
    return emitted


def _kiss(scene: Scene, drinker: str, victim: str) -> list[object]:
    """VDA-BITE-05: a mortal is caught; VDA-BITE-06: a vampire rolls Self-Control at 7, or
    cannot react for (8 − Willpower) rounds."""
    sheet = scene.sheet(victim)
    if not bite.resists_kiss(sheet.kind, scene.options.grapple):
        return [ev.KissEcstasyStarted(victim=victim, drinker=drinker)]
    roll = None
    if sheet.self_control > 0:
        roll = roll_pool(
            scene.roller, sheet.self_control, bite.KISS_DIFFICULTY, ones_cancel=scene.options.ones_cancel
        )
        if roll.successes > 0:
            return [ev.KissResisted(victim=victim, drinker=drinker, self_control=roll)]
    rounds = bite.ecstasy_rounds(sheet.willpower)
    if rounds == 0:
        return []
    until = scene.state.round + rounds - 1
    return [ev.KissEcstasyStarted(victim=victim, drinker=drinker, until_round=until, self_control=roll)]


_TERMS = {
    "contact": _contact_terms,
    "weapon_defence": _weapon_defence_terms,
    "escape": _move_terms,
    "flee": _flee_terms,
    "control": _move_terms,
    "oppose": _move_terms,
    "drink": _drink_terms,
}
"""The roll each move makes, term by term (a takedown rolls nothing)."""


def roll_terms(scene: Scene, combatant: str) -> RollTerms | None:
    """The pool, difficulty and automatic successes the declared grapple move or bite
    rolls now (what :func:`resolve_grapple` then rolls, by the same functions); None for
    a move that rolls nothing (VDA-GRAP-20)."""
    seq, action = check_resolve(scene, combatant)
    if bite.is_bite(action):
        return _bite_terms(scene, seq, combatant, action)
    found = _TERMS.get(action.grapple or "")
    return None if found is None else found(scene, seq, combatant, action)


_MOVES = {
    "contact": _contact,
    "weapon_defence": _weapon_defence,
    "escape": _escape,
    "flee": _flee,
    "control": _control,
    "oppose": _oppose,
    "takedown": _takedown,
    "drink": _drink,
}


# --- powers while held (VDA-GRAP-22, VDA-GRAP-23, VDA-GRAP-24)


def power_while_held(scene: Scene, cid: str, power_id: str, power: VdaPower) -> list[Emitted]:
    """VDA-GRAP-22, VDA-GRAP-23: refuse a magic path or gaze power from 8, record its penalty below;
    VDA-GRAP-24: touch disciplines are not hindered."""
    requirement = grapple.power_requirement(power.discipline, power.requires)
    state = scene.state
    value = (
        grapple.grappling_value(state, cid, scene.options.grapple)
        if requirement == "gaze"
        else grapple.strongest_hold(state, cid)
    )
    grapple.require_power_possible(requirement, value, power_id)
    terms = grapple.power_hindrance(requirement, value)
    return [Emitted(ev.PowerHindered(combatant=cid, power=power_id, terms=terms))] if terms else []


# --- commands ---------------------------------------------------------------------------


def _require_hold(scene: Scene, grappler: str, target: str) -> int:
    found = grapple.hold(scene.state, grappler, target)
    check(found is not None, "vda.grapple-unknown", f"{grappler!r} does not hold {target!r}")
    assert found is not None
    return found.value


def adjust_grapple(scene: Scene, command: AdjustGrapple) -> list[Emitted]:
    """GM: move a grapple's value, with a reason (its thresholds follow)."""
    check(bool(command.reason.strip()), "vda.reason", "a GM override says why")
    value = _require_hold(scene, command.grappler, command.target)
    new = max(0, value + command.delta)
    changed = ev.GrappleValueChanged(
        grappler=command.grappler,
        target=command.target,
        delta=new - value,
        value=new,
        cause="gm",
        rule="gm",
        grappler_used=scene.fighter(command.grappler).physical_used,
        reason=command.reason,
    )
    return [Emitted(changed)]


def release_grapple(scene: Scene, command: ReleaseGrapple) -> list[Emitted]:
    """The grappler lets go; the GM may end any hold (with a reason)."""
    gm = scene.sender.is_gm
    _require_hold(scene, command.grappler, command.target)
    if gm and command.reason.strip():
        ended = ev.GrappleEnded(
            grappler=command.grappler, target=command.target, reason="gm", note=command.reason
        )
    else:
        ended = ev.GrappleEnded(grappler=command.grappler, target=command.target, reason="released")
    return [Emitted(ended)]


def check_shorten(scene: Scene, combatant: str) -> None:
    bite.require_may_shorten(scene.state, combatant)
    actions.require_points(scene, combatant, "willpower", 1, "VDA-BITE-06")


def shorten_ecstasy(scene: Scene, command: ShortenEcstasy) -> list[Emitted]:
    """VDA-BITE-06: 1 Willpower, one round less."""
    cid = command.combatant
    check_shorten(scene, cid)
    ecstasy = scene.state.ecstasy[cid]
    until = (ecstasy.until_round or 0) - 1
    spent = ev.ResourceSpent(combatant=cid, pool="willpower", amount=1, purpose="extase", rule="VDA-BITE-06")
    return [Emitted(spent), Emitted(ev.KissEcstasyShortened(victim=cid, until_round=until))]


def end_ecstasy(scene: Scene, command: EndEcstasy) -> list[Emitted]:
    """GM: the victim feels the thirst, or another ruling ends the Kiss (VDA-BITE-06)."""
    check(bool(command.reason.strip()), "vda.reason", "a GM override says why")
    check(
        command.combatant in scene.state.ecstasy,
        "vda.ecstasy-unknown",
        f"{command.combatant!r} is in no ecstasy",
    )
    return [Emitted(ev.KissEcstasyEnded(victim=command.combatant, reason=command.reason))]


# --- declaring (called from ``declare.check_action``) -------------------------------------


def check_declare(scene: Scene, cid: str, action: PhysicalAction) -> None:
    """Every grapple, bite and Kiss guard a declaration consults: the ecstasy
    (VDA-BITE-05, VDA-BITE-06), the move's grapple and the holds' thresholds (VDA-GRAP), the bite's
    grapple (VDA-BITE-02, VDA-NAT-03) and drinking's fangs (VDA-BITE-03)."""
    state = scene.state
    bite.require_not_in_ecstasy(state, cid, action)
    grapple.require_action_allowed(scene, cid, action)
    if bite.is_bite(action):
        bite.require_bite_grapple(state, cid, scene.sheet(cid).kind, action.target or "")
    if action.grapple == "drink":
        bite.require_fangs_in(state, scene.fighter(cid), cid, action.target or "")


# --- "what may I do now" ------------------------------------------------------------------

DECLARE = "vda.DeclareAction"


def candidate_actions(scene: Scene, cid: str) -> dict[str, PhysicalAction]:
    """The grapple and bite declarations ``options_for`` tries against the declaration's
    guards, by option name (``vda.DeclareAction/grapple:<move>:<other>``,
    ``vda.DeclareAction/bite:<other>``)."""
    found: dict[str, PhysicalAction] = {}
    weapons = [w for w in scene.sheet(cid).weapons if isinstance(scene.weapon(cid, w), MeleeWeapon)]
    for other in scene.state.combatants:
        if other == cid:
            continue
        for move, kind in grapple.MOVE_KINDS.items():
            label = f"{DECLARE}/grapple:{move}:{other}"
            if move == "weapon_defence":
                for weapon in weapons:
                    found[f"{label}:{weapon}"] = PhysicalAction(
                        kind="defend",
                        defence="parry",
                        skill="melee",
                        weapon=weapon,
                        grapple=move,
                        target=other,
                    )
                continue
            skill = {"contact": BRAWL, "flee": grapple.ATHLETICS}.get(move, BRAWL)
            defence: Literal["block"] | None = "block" if kind == "defend" else None
            found[label] = PhysicalAction(
                kind=kind,  # type: ignore[arg-type]
                skill=skill,
                grapple=move,
                target=other,
                defence=defence,
                attribute="strength" if move == "flee" else "dexterity",
            )
        found[f"{DECLARE}/bite:{other}"] = PhysicalAction(
            kind="attack", skill=scene.options.grapple.bite_skill, weapon=bite.FANGS, target=other
        )
    return found


def check_release(scene: Scene, cid: str) -> None:
    check(bool(grapple.held_by_me(scene.state, cid)), "vda.grapple-unknown", f"{cid!r} holds nobody")

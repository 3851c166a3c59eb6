"""Equipment in the round (issue 4): what an attack does to items and to a vampire's
heart, disarms, stuck weapons, vandalism and resistance, grenades, deafening; and
the GM's situation and item overrides.

The attack path (``handlers/attack.py``) calls :func:`after_hit`, :func:`disarm` and
:func:`vandalise`; ``handlers/resolve.py`` calls :func:`throw_grenade`,
:func:`dodge_grenades`, :func:`work_loose` and :func:`botched_weapon`.
"""

from __future__ import annotations

from domain.base import Emitted
from domain.dice import PoolRoll, roll_pool
from domain.errors import check, require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import (
    AdjustItem,
    ClearDeafness,
    DetonateGrenade,
    DrawGrenadeInitiative,
    RollConcealment,
    RuleGrenadeProblem,
    RuleStake,
    SetCircumstances,
    WearItem,
)
from domain.systems.vda.data import MeleeWeapon, NaturalWeapon, RangedWeapon, Weapon, find_weapon
from domain.systems.vda.gear import Deafness, StuckWeapon
from domain.systems.vda.handlers import situation
from domain.systems.vda.handlers.advance import after
from domain.systems.vda.handlers.fall import fall
from domain.systems.vda.payloads import AttackResolution
from domain.systems.vda.rules import disarm as dis
from domain.systems.vda.rules import equipment as equip
from domain.systems.vda.rules import general, grapple, orientation, resistance, stake
from domain.systems.vda.rules import grenades as gren
from domain.systems.vda.rules.actions import require_points
from domain.systems.vda.rules.attack import Situation, Striker, Target, resolve_attack
from domain.systems.vda.rules.damage import bashing_taken
from domain.systems.vda.rules.grenades import Zone
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState
from domain.systems.wod import Modifier, total

# --- resistance -----------------------------------------------------------------


def max_resistance(scene: Scene, owner: str, item: str) -> int:
    """VDA-RES-01, VDA-RES-04, VDA-VAND-09, plus a magic item's creator level (VDA-RES-06). A natural
    weapon counts its discipline (claws: Protean) with Body crafting and its bonus."""
    options = scene.options
    natural = scene.weapon(owner, item)
    if isinstance(natural, NaturalWeapon):
        discipline = scene.trait(owner, natural.discipline) if natural.discipline else 0
        return resistance.natural_weapon_resistance(
            discipline, scene.trait(owner, "body_crafting"), natural
        ) + resistance.magic_resistance(scene.sheet(owner).magic_items.get(item))
    return resistance.max_resistance(
        item,
        options.equipment.maker_crafts,
        options.damage,
        body_crafting=scene.trait(owner, "body_crafting"),
    ) + resistance.magic_resistance(scene.sheet(owner).magic_items.get(item))


def current_resistance(scene: Scene, owner: str, item: str) -> int:
    found = resistance.item_state(scene.fighter(owner), item).resistance
    return found if found is not None else max_resistance(scene, owner, item)


def lose_resistance(scene: Scene, owner: str, item: str, loss: list[Modifier]) -> list[Emitted]:
    """VDA-RES-02: the loss comes off the current resistance; at 0 the item is destroyed.
    VDA-RES-06: a magic item takes its dots off every loss."""
    loss = [*loss, *resistance.magic_loss_reduction(scene.sheet(owner).magic_items.get(item))]
    amount = resistance.total_loss(loss)
    if amount == 0:
        return []
    left = max(0, current_resistance(scene, owner, item) - amount)
    reduced = ev.ResistanceReduced(
        combatant=owner,
        item=item,
        loss=loss,
        resistance=left,
        max_resistance=max_resistance(scene, owner, item),
        destroyed=resistance.destroyed(left),
    )
    return [Emitted(reduced)]


def botched_weapon(scene: Scene, cid: str, action: PhysicalAction, ones: int) -> list[Emitted]:
    """VDA-RES-07: a botched attack costs its (manufactured) weapon 1 resistance per 1."""
    item = action.weapon
    manufactured = item is not None and not isinstance(scene.weapon(cid, item), NaturalWeapon)
    if item is None or item not in scene.sheet(cid).weapons or not manufactured or ones == 0:
        return []
    return lose_resistance(scene, cid, item, resistance.critical_failure_loss(item, ones))


def weapon_resistance(scene: Scene, cid: str, action: PhysicalAction) -> int | None:
    """VDA-RES-03: the current resistance of a damaged weapon of the sheet or natural weapon
    of the combatant's own (None: whole)."""
    if action.weapon is None or not scene.carries(cid, action.weapon):
        return None
    return resistance.item_state(scene.fighter(cid), action.weapon).resistance


# --- what a hit does to items and hearts -------------------------------------------


def wear(
    scene: Scene,
    seq: SequenceState,
    attacker: str,
    action: PhysicalAction,
    weapon: Weapon,
    defence: int,
    hit: bool,
) -> list[Emitted]:
    """VDA-VAND-06: a shield that parried this attack loses 1; VDA-VAND-07: the two-handed
    axe and sword wear the item that parried them, else (on a hit) the worn armour;
    VDA-VAND-10: a parrying natural weapon loses less by its aggravated levels, and its
    owner takes the loss as bashing damage."""
    target = action.target or ""
    parry = seq.declared.get(target)
    parried_with = parry.weapon if parry is not None and parry.defence == "parry" and defence > 0 else None
    emitted: list[Emitted] = []
    if parried_with is not None and parried_with in scene.sheet(target).weapons:
        emitted += lose_resistance(
            scene, target, parried_with, resistance.parry_wear(parried_with, scene.options.equipment)
        )
    if not resistance.automatic_vandalism(weapon):
        return emitted
    item = parried_with if parried_with is not None else (scene.sheet(target).armour if hit else None)
    if item is None or not resistance.in_hand(scene.fighter(target), item):
        return emitted
    a = scene.sheet(attacker)
    natural = scene.weapon(target, item) if item == parried_with else None
    loss = resistance.vandalism_loss(
        item,
        a.attributes.strength,
        a.disciplines.get("potence", 0),
        weapon,
        deliberate=False,
        options=scene.options.equipment,
        aggravated_capacity=natural.aggravated_capacity if isinstance(natural, NaturalWeapon) else 0,
    )
    scene = _folded(scene, emitted)
    worn = lose_resistance(scene, target, item, [_as(m, "VDA-VAND-07") for m in loss])
    return emitted + worn + parrier_hurt(scene, target, natural, worn)


def parrier_hurt(scene: Scene, parrier: str, natural: Weapon | None, worn: list[Emitted]) -> list[Emitted]:
    """VDA-VAND-10: the resistance a parrying natural weapon lost comes back as bashing
    damage to its owner: Fortitude soaks automatically (VDA-FORPOT-06), Stamina rolls
    for the rest (A-6), a vampire halves what is left (VDA-GEN-03)."""
    lost = sum(resistance.total_loss(e.event.loss) for e in worn if isinstance(e.event, ev.ResistanceReduced))
    levels = resistance.natural_parry_bashing(natural, lost)
    if levels == 0 or natural is None:
        return []
    sheet, options = scene.sheet(parrier), scene.options.damage
    automatic, left = resistance.natural_parry_soak(levels, sheet.disciplines.get("fortitude", 0))
    soak = None
    if left:
        soak = roll_pool(
            scene.roller,
            sheet.attributes.stamina,
            options.soak_difficulty,
            ones_cancel=options.ones_cancel_on_damage_and_soak,
        )
        left = max(0, left - soak.successes)
    hurt = ev.NaturalParryHurt(
        combatant=parrier,
        item=natural.id,
        levels=levels,
        automatic_soak=automatic,
        soak=soak,
        bashing=bashing_taken(left, sheet.kind),
    )
    return [Emitted(hurt)]


def _as(term: Modifier, rule: str) -> Modifier:
    return (
        Modifier(rule=rule, value=term.value, why=f"{term.rule} {term.why}".strip())
        if term.rule == "VDA-VAND-03"
        else term
    )


def _folded(scene: Scene, emitted: list[Emitted]) -> Scene:
    from dataclasses import replace

    from domain.systems.vda.evolve import fold

    return replace(scene, state=fold(scene.state, emitted)) if emitted else scene


def stake_checks(
    scene: Scene,
    attacker: str,
    action: PhysicalAction,
    weapon: Weapon,
    roll: PoolRoll,
    resolution: AttackResolution,
) -> list[Emitted]:
    """VDA-STAKE-01, VDA-STAKE-02, VDA-STAKE-03, VDA-STAKE-04 and VDA-STUCK-01, VDA-STUCK-02 after a hit on a
    vampire."""
    target = action.target or ""
    sheet = scene.sheet(target)
    modes = stake.stake_modes(action.zone, weapon, sheet.kind)
    if not modes or not resolution.hit:
        return []
    pool = max((s.pool for s in scene.state.stuck if s.target == target), default=0)
    soaked = resolution.damage - resolution.unsoaked
    checks = [
        stake.check_stake(
            mode,
            roll,
            resolution.margin,
            resolution.damage,
            resolution.unsoaked,
            soaked,
            resolution.soak_roll,
            sheet.disciplines.get("fortitude", 0),
            pool,
            scene.options.equipment.stuck_threshold_floor,
        )
        for mode in modes
    ]
    chosen = next((c for c in checks if c.success), None) or next((c for c in checks if c.stuck), checks[0])
    awaiting = stake.stake_awaits_ruling(sheet.bony_heart, chosen.success)
    checked = ev.StakeChecked(
        attacker=attacker,
        target=target,
        mode=chosen.mode,
        hit_threshold=chosen.hit_threshold,
        damage_threshold=chosen.damage_threshold,
        hits=resolution.margin,
        high_dice=stake.high_dice(roll.faces),
        damage_before_soak=resolution.damage,
        unsoaked=resolution.unsoaked,
        success=chosen.success,
        stuck=chosen.stuck,
        awaiting_ruling=awaiting,
    )
    emitted = [Emitted(checked)]
    found = stake.stuck_item(
        weapon, action.weapon, scene.sheet(attacker).weapons, scene.options.tactics.stuck_projectiles
    )
    if chosen.stuck and found is not None:
        item, projectile = found
        stuck = ev.WeaponStuck(
            owner=attacker,
            item=item,
            target=target,
            pool=stake.stuck_pool(resolution.unsoaked, soaked),
            projectile=projectile,
        )
        emitted.append(Emitted(stuck))
    return emitted


def disarmed_item(scene: Scene, seq: SequenceState, action: PhysicalAction) -> str | None:
    """The defender's weapon a disarm goes for: the one named, the one it fights with this
    sequence, or the first it still holds."""
    target = action.target or ""
    fighter, sheet = scene.fighter(target), scene.sheet(target)
    if action.item is not None:
        return action.item
    theirs = seq.declared.get(target)
    if (
        theirs is not None
        and theirs.weapon in sheet.weapons
        and resistance.in_hand(fighter, theirs.weapon or "")
    ):
        return theirs.weapon
    return next((w for w in sheet.weapons if resistance.in_hand(fighter, w)), None)


def disarm(
    scene: Scene,
    seq: SequenceState,
    attacker: str,
    action: PhysicalAction,
    weapon: Weapon,
    striker: Striker,
    target: Target,
    attack_successes: int,
    defence: int,
    situation: Situation,
) -> list[Emitted]:
    """VDA-DISARM-01, VDA-DISARM-02, VDA-DISARM-03, VDA-DISARM-04: the damage (Dexterity instead of Strength
    if declared) against
    the defender's reflexive (Strength or Dexterity) + Melee at 6 − Fortitude."""
    defender = action.target or ""
    item = disarmed_item(scene, seq, action)
    if item is None:
        return []
    options = scene.options.equipment
    damage = resolve_attack(
        scene.roller,
        striker=striker,
        target=target,
        weapon=weapon,
        attack_successes=attack_successes,
        defence_successes=defence,
        situation=situation,
        options=scene.options.damage,
        roll_soak=False,
    )
    if not damage.hit:
        return []
    attribute = dis.defender_attribute(
        scene.trait(defender, "strength"), scene.trait(defender, "dexterity"), options
    )
    pool = [
        Modifier(rule="VDA-DISARM-02", value=scene.trait(defender, attribute), why=attribute),
        Modifier(rule="VDA-DISARM-02", value=scene.trait(defender, "melee"), why="melee"),
    ]
    difficulty = dis.defender_difficulty(scene.trait(defender, "fortitude"), options)
    roll = scene.roll(pool, difficulty)
    automatic = dis.potence_automatic(attribute, scene.trait(defender, "potence"))
    net = damage.damage - (roll.successes + automatic)
    resolved = ev.DisarmResolved(
        attacker=attacker,
        defender=defender,
        item=item,
        damage=damage,
        pool=pool,
        difficulty=difficulty,
        roll=roll,
        automatic=automatic,
        net=net,
        result=dis.disarm_result(net),
    )
    return [Emitted(resolved)]


def vandalise(
    scene: Scene, attacker: str, action: PhysicalAction, weapon: Weapon, margin: int
) -> list[Emitted]:
    """VDA-VAND-01, VDA-VAND-03, VDA-VAND-04, VDA-VAND-05, VDA-VAND-08: a deliberate strike at
    an item; on a margin it loses resistance."""
    if margin <= 0 or action.item is None or action.target is None:
        return []
    a = scene.sheet(attacker)
    loss = resistance.vandalism_loss(
        action.item,
        a.attributes.strength,
        a.disciplines.get("potence", 0),
        weapon,
        deliberate=True,
        options=scene.options.equipment,
    )
    return lose_resistance(scene, action.target, action.item, loss)


# --- stuck weapons ------------------------------------------------------------------


def work_loose(scene: Scene, cid: str, action: PhysicalAction, roll: PoolRoll) -> list[Emitted]:
    """VDA-STUCK-04: a full action of Dexterity + Melee at 5 on a stuck weapon; each success
    takes 1 off its pool, and at 0 it comes free."""
    found = stake.stuck_in(scene.state.stuck, action.target or cid, action.item)
    if found is None:
        return []
    return _pool_reduced(cid, found, roll, stake.pool_after_removal(found.pool, roll))


def unstick_minor(scene: Scene, cid: str, action: PhysicalAction) -> list[Emitted]:
    """VDA-STUCK-04: 2 dice taken from a simple action, at 5, work a stuck weapon loose (the
    one in the actor's body, else in its target)."""
    if "unstick" not in action.minor_acts:
        return []
    found = stake.unstick_site(scene.state.stuck, cid, action.target)
    if found is None:
        return []
    roll = roll_pool(
        scene.roller,
        stake.STUCK_MINOR_ACT_DICE,
        stake.STUCK_REMOVAL_DIFFICULTY,
        ones_cancel=scene.options.ones_cancel,
    )
    per_success = scene.options.tactics.stuck_minor_act == "per_success"
    return _pool_reduced(cid, found, roll, stake.pool_after_minor_removal(found.pool, roll, per_success))


def _pool_reduced(cid: str, found: StuckWeapon, roll: PoolRoll, left: int) -> list[Emitted]:
    reduced = ev.StuckPoolReduced(
        combatant=cid,
        owner=found.owner,
        item=found.item,
        target=found.target,
        roll=roll,
        pool=left,
        freed=left == 0,
    )
    return [Emitted(reduced)]


def rule_stake(scene: Scene, command: RuleStake) -> list[Emitted]:
    """GM: a stake in a « Cœur osseux » holds or not (VDA-STAKE-01), or a stake is pulled out
    (VDA-STAKE-04), with a reason."""
    check(bool(command.reason.strip()), "vda.reason", "a GM ruling says why")
    scene.sheet(command.target)
    waiting = command.target in scene.state.tactics.stake_rulings
    require(
        waiting or scene.fighter(command.target).staked != command.staked,
        "VDA-STAKE-04",
        f"{command.target!r} is already {'staked' if command.staked else 'free of any stake'}",
    )
    ruled = ev.StakeRuled(target=command.target, staked=command.staked, reason=command.reason)
    return after(scene, [Emitted(ruled)])


def wear_item(scene: Scene, command: WearItem) -> list[Emitted]:
    """GM: VDA-RES-08, a supernatural effect (Entropy, Potence, Fortitude) damages an item by
    the points the GM rules; wood and magic still count (VDA-RES-05, VDA-RES-06)."""
    check(bool(command.reason.strip()), "vda.reason", "a GM ruling says why")
    sheet = scene.sheet(command.combatant)
    check(
        command.item in sheet.weapons or command.item == sheet.armour,
        "vda.item-unknown",
        f"{command.combatant!r} has no {command.item!r}",
    )
    require(command.loss >= 1, "VDA-RES-08", "a supernatural wear takes at least 1 point")
    require(
        resistance.item_state(scene.fighter(command.combatant), command.item).location != "destroyed",
        "VDA-RES-02",
        f"{command.item!r} is already destroyed",
    )
    loss = resistance.supernatural_loss(command.item, command.loss, command.source, command.reason)
    return lose_resistance(scene, command.combatant, command.item, loss)


# --- grenades -------------------------------------------------------------------------


def draw_grenade_initiative(scene: Scene, command: DrawGrenadeInitiative) -> list[Emitted]:
    """VDA-GREN-01: the d10 that says when, in sequence 1, the grenade explodes."""
    grenade = gren.require_pending(scene.state, command.grenade)
    gren.require_initiative_drawable(scene.state, grenade)
    roll = roll_pool(scene.roller, 1, 2, ones_cancel=False)
    drawn = ev.GrenadeInitiativeDrawn(grenade=grenade.id, roll=roll, initiative=gren.initiative_of(roll))
    return [Emitted(drawn)]


def throw_grenade(
    scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction, roll: PoolRoll
) -> list[Emitted]:
    """VDA-GREN-01, VDA-GREN-02, VDA-GREN-03: the throw's successes are the hits in the zone; two 1s make a
    problem;
    it explodes in the first sequence of next round."""
    thrown = ev.GrenadeThrown(
        grenade=f"{cid}-{scene.state.round}-{seq.number}",
        thrower=cid,
        target=action.target or cid,
        hits=roll.successes,
        explodes_round=scene.state.round + 1,
        problem=gren.has_problem(roll),
    )
    return [Emitted(thrown)]


def dodge_grenades(scene: Scene, cid: str, action: PhysicalAction, roll: PoolRoll) -> list[Emitted]:
    """VDA-GREN-04: a dodge or a move made before the explosion takes its successes off
    every pending grenade's hits against this combatant."""
    if not gren.dodges_grenade(action) or roll.successes == 0:
        return []
    return [
        Emitted(ev.GrenadeDodged(grenade=g.id, combatant=cid, successes=roll.successes))
        for g in scene.state.grenades
        if g.thrower != cid or g.target == cid
    ]


def rule_grenade_problem(scene: Scene, command: RuleGrenadeProblem) -> list[Emitted]:
    grenade = gren.require_pending(scene.state, command.grenade)
    require(grenade.problem == "pending", "VDA-GREN-03", f"grenade {command.grenade!r} had no problem")
    return after(scene, [Emitted(ev.GrenadeProblemRuled(grenade=command.grenade, outcome=command.outcome))])


def detonate_grenade(scene: Scene, command: DetonateGrenade) -> list[Emitted]:
    """VDA-GREN-05, VDA-GREN-06, VDA-GREN-07, VDA-GREN-08, VDA-GREN-09, VDA-GREN-10, VDA-GREN-11: reaction
    dodges at +3, then each combatant's zone: damage (4 dice,
    firearm margins, fire), half in the grave zone, 1 bashing in the moderate one, prone
    in the two first, deafening everywhere in range."""
    grenade = gren.require_pending(scene.state, command.grenade)
    gren.require_explosion_due(scene.state, grenade)
    if scene.options.tactics.grenade_initiative_d10:
        gren.require_initiative_reached(scene.state, grenade)
    for cid in [*command.zones, *command.dodging]:
        scene.sheet(cid)
    for cid in command.dodging:
        check_reaction_dodge(scene, cid)  # every guard before the first die
    emitted: list[Emitted] = []
    reaction: dict[str, int] = {}
    for cid in command.dodging:
        dodged = reaction_dodge(scene, grenade.id, cid)
        reaction[cid] = dodged[-1].event.successes
        emitted += dodged
    net = {cid: gren.net_hits(grenade, cid, reaction.get(cid, 0)) for cid in command.zones}
    zones: dict[str, Zone] = {
        cid: gren.zone_after_dodge(zone, grenade, cid, reaction.get(cid, 0))
        for cid, zone in command.zones.items()
    }
    emitted.append(Emitted(ev.GrenadeExploded(grenade=grenade.id, zones=zones, net_hits=net)))
    weapon = find_weapon("grenade")
    assert weapon is not None
    for cid, zone in zones.items():
        if zone == "out":
            continue
        sheet = scene.sheet(cid)
        if zone == "lethal" or zone == "grave":
            resolution = resolve_attack(
                scene.roller,
                striker=Striker(strength=0),
                target=_target(scene, cid),
                weapon=weapon,
                attack_successes=max(0, net[cid]),
                situation=Situation(blast=zone),
                options=scene.options.damage,
            )
            emitted.append(
                Emitted(
                    ev.AttackResolved(attacker=grenade.thrower, target=cid, sequence=0, resolution=resolution)
                )
            )
            emitted += [Emitted(e) for e in fall(scene, cid, "VDA-GREN-06", "blast")]
        else:
            soaked, soak = _moderate_soak(scene, cid)
            emitted += soak
            bashing = gren.moderate_bashing(sheet.kind, soaked)
            emitted.append(Emitted(ev.HealthAdjusted(combatant=cid, bashing=bashing, reason="moderate_zone")))
        deafness = gren.deafness(sheet.disciplines.get("auspex", 0), sheet.disciplines.get("fortitude", 0))
        emitted.append(Emitted(ev.Deafened(combatant=cid, deafness=deafness, reason="grenade")))
    return after(scene, emitted)  # a sequence held open for the blast goes on (VDA-GREN-01)


DODGE = PhysicalAction(kind="defend", skill="dodge", defence="dodge")


def check_reaction_dodge(scene: Scene, cid: str) -> None:
    """VDA-GREN-05: a dodge in reaction to the blast is the dodger's physical action of the
    sequence: declared in it (it replaces what was declared) and not yet spent."""
    seq = scene.state.sequence
    require(seq is not None, "VDA-GREN-05", "a reaction dodge is an action of a running sequence")
    assert seq is not None
    require(
        cid in seq.declared,
        "VDA-GREN-05",
        f"{cid!r} has declared no action of sequence {seq.number} to give up for a reaction dodge",
    )
    require(
        cid not in seq.done_physical,
        "VDA-GREN-05",
        f"{cid!r} already spent its physical action of sequence {seq.number}",
    )
    stake.require_not_paralysed(scene.state, cid)


def reaction_dodge(scene: Scene, grenade: str, cid: str) -> list[Emitted]:
    """VDA-GREN-05: Dexterity + Dodge at 6 + 3, with every term a dodge meets (on the
    ground, under water, terrain, cover, a grapple's dodge malus, a repeated skill, the
    GM's adjustments), but none of the attacks aimed at the dodger (VDA-MELEE-08: a dodge
    away from a blast is no roll against a G wielder); a declared action it replaces is
    lost."""
    seq = scene.state.sequence
    assert seq is not None
    fighter = scene.fighter(cid)
    emitted: list[Emitted] = []
    declared = seq.declared[cid]
    if declared.kind != "none":
        lost = ev.ActionLost(
            combatant=cid,
            sequence=seq.number,
            rule="VDA-GREN-05",
            reason="reaction_dodge",
        )
        emitted.append(Emitted(lost))
    # Cover helps (VDA-COVER-01); the terms of the blows aimed at the dodger do not: the
    # blast is no roll against them (VDA-MELEE-08's +1 is against the G wielder only).
    extra = situation.common_terms(scene, seq, cid, DODGE) + situation.cover_terms(scene, cid)
    pool = [
        Modifier(rule="A-6", value=scene.trait(cid, "dexterity"), why="dexterity"),
        Modifier(rule="A-6", value=scene.trait(cid, "dodge"), why="dodge"),
        *extra.pool,
    ]
    difficulty = gren.reaction_dodge_difficulty()
    if repeat := general.skill_repeat_malus(fighter, "dodge", scene.options.skill_repeat_every_reuse):
        difficulty.append(repeat)
    difficulty += [*grapple.held_difficulty(scene, cid, DODGE), *extra.difficulty, *fighter.pending]
    roll = scene.roll(pool, difficulty)
    dodged = ev.GrenadeDodged(
        grenade=grenade,
        combatant=cid,
        successes=roll.successes,
        reaction=True,
        pool=pool,
        difficulty=difficulty,
        roll=roll,
    )
    return [*emitted, Emitted(dodged)]


def roll_concealment(scene: Scene, command: RollConcealment) -> list[Emitted]:
    """VDA-CONC-01: « On peut cacher une arme sur soi avec jet de (Dextérité + Discrétion), le
    score en dissimulation d'une arme est ajouté à la difficulté du jet et retiré de la
    difficulté de celui qui tente de trouver des armes »: base 6 (option
    ``damage.concealment_base_difficulty``); the search rolls Perception + Alertness (the
    seed names no pool). A weapon without a concealment rating cannot be hidden."""
    cid, searcher = command.combatant, command.searcher
    check(
        command.weapon in scene.sheet(cid).weapons, "vda.item-unknown", f"{cid!r} has no {command.weapon!r}"
    )
    weapon = scene.weapon(cid, command.weapon)
    require(
        isinstance(weapon, MeleeWeapon | RangedWeapon),
        "VDA-CONC-01",
        f"{command.weapon!r} is no weapon to hide",
    )
    assert isinstance(weapon, MeleeWeapon | RangedWeapon)
    options = scene.options.damage
    if searcher is None:
        traits, value = ("dexterity", "stealth"), equip.hiding_difficulty(weapon, options)
    else:
        scene.sheet(searcher)
        traits, value = ("perception", "alertness"), equip.searching_difficulty(weapon, options)
    who = searcher or cid
    pool = [Modifier(rule="VDA-CONC-01", value=scene.trait(who, t), why=t) for t in traits]
    difficulty = [Modifier(rule="VDA-CONC-01", value=value, why=command.weapon)]
    rolled = ev.ConcealmentRolled(
        combatant=cid,
        weapon=command.weapon,
        searcher=searcher,
        pool=pool,
        difficulty=difficulty,
        roll=scene.roll(pool, difficulty),
    )
    return [Emitted(rolled)]


def _moderate_soak(scene: Scene, cid: str) -> tuple[int, list[Emitted]]:
    """VDA-GREN-06 under ``equipment.grenade_moderate_bashing_soaked``: the moderate zone's
    bashing is soaked like a natural parry's (VDA-VAND-10): Fortitude automatically
    (VDA-FORPOT-06), Stamina rolls for the rest. By default it is automatic: no soak."""
    if not scene.options.equipment.grenade_moderate_bashing_soaked:
        return 0, []
    sheet, options = scene.sheet(cid), scene.options.damage
    fortitude = sheet.disciplines.get("fortitude", 0)
    automatic, left = resistance.natural_parry_soak(gren.MODERATE_BASHING, fortitude)
    roll = None
    if left:
        cancel = options.ones_cancel_on_damage_and_soak
        roll = roll_pool(scene.roller, sheet.attributes.stamina, options.soak_difficulty, ones_cancel=cancel)
    soaked = min(gren.MODERATE_BASHING, automatic + (roll.successes if roll else 0))
    event = ev.BlastSoaked(combatant=cid, automatic_soak=automatic, soak=roll, soaked=soaked)
    return soaked, [Emitted(event)]


def _target(scene: Scene, cid: str) -> Target:
    from domain.systems.vda.handlers.attack import target_of

    return target_of(scene, cid)


def check_clear_deafness(scene: Scene, cid: str, points: int) -> Deafness:
    """VDA-GREN-09: 1 blood point buys off 1 point of deafening malus."""
    found = scene.fighter(cid).deafness
    require(found is not None, "VDA-GREN-09", f"{cid!r} is not deafened")
    assert found is not None
    require(1 <= points <= found.difficulty + found.dice, "VDA-GREN-09", "1 blood point a malus point")
    require_points(scene, cid, "blood", points, "VDA-GREN-09")
    return found


def clear_deafness(scene: Scene, command: ClearDeafness) -> list[Emitted]:
    """VDA-GREN-09: 1 blood point removes 1 point of deafening malus (difficulty first)."""
    cid = command.combatant
    found = check_clear_deafness(scene, cid, command.points)
    left = gren.deafness_after_blood(found, command.points)
    spent = ev.ResourceSpent(
        combatant=cid, pool="blood", amount=command.points, purpose="assourdissement", rule="VDA-GREN-09"
    )
    return [Emitted(spent), Emitted(ev.Deafened(combatant=cid, deafness=left, reason="blood_spent"))]


# --- the GM ---------------------------------------------------------------------------


def set_circumstances(scene: Scene, command: SetCircumstances) -> list[Emitted]:
    check(bool(command.reason.strip()), "vda.reason", "a GM ruling says why")
    scene.sheet(command.combatant)
    require(0 <= command.circumstances.cover <= 3, "VDA-COVER-01", "cover is 0 (none) to 3 (nearly complete)")
    require(command.circumstances.turbidity >= 0, "VDA-WATER-01", "murky water only adds difficulty")
    speed = command.circumstances.horse_speed_dice
    require(0 <= speed <= 2, "VDA-MOD-03", "a horse's speed costs 0 to 2 dice")
    orientation.require_obscuring_rulings(command.circumstances)  # VDA-ORI-04
    ruled = ev.CircumstancesSet(
        combatant=command.combatant, circumstances=command.circumstances, reason=command.reason
    )
    return [Emitted(ruled)]


def adjust_item(scene: Scene, command: AdjustItem) -> list[Emitted]:
    check(bool(command.reason.strip()), "vda.reason", "a GM override says why")
    sheet = scene.sheet(command.combatant)
    check(
        command.item in sheet.weapons or command.item == sheet.armour,
        "vda.item-unknown",
        f"{command.combatant!r} has no {command.item!r}",
    )
    changed = ev.ItemChanged(
        combatant=command.combatant, item=command.item, state=command.state, rule="gm", reason=command.reason
    )
    return [Emitted(changed)]


def regrip(scene: Scene, cid: str, action: PhysicalAction) -> list[Emitted]:
    """VDA-DISARM-03 / VDA-MINOR-03: 2 dice of the action regrip a weakened weapon."""
    item = action.weapon
    if item is None or "regrip" not in action.minor_acts:
        return []
    return regripped(scene, cid, [item])


def regrip_at_initiative(scene: Scene, cid: str, weapon: str | None, acts: list[str]) -> list[Emitted]:
    """VDA-DISARM-03: « sur un jet ou l'initiative »: 2 initiative dice regrip the weapon
    named at the roll, or (none named) every weapon whose grip is weakened; refused when no
    grip is weakened (the dice would buy nothing)."""
    if "regrip" not in acts:
        return []
    fighter = scene.fighter(cid)
    weak = [item for item, state in fighter.items.items() if state.grip_weakened and state.location == "held"]
    if weapon is not None:
        weak = [item for item in weak if item == weapon]
    require(bool(weak), "VDA-DISARM-03", f"{cid!r} holds no weapon with a weakened grip{_named(weapon)}")
    return regripped(scene, cid, weak)


def _named(weapon: str | None) -> str:
    return f" ({weapon!r})" if weapon else ""


def regripped(scene: Scene, cid: str, items: list[str]) -> list[Emitted]:
    """VDA-DISARM-03: the weakened grips among ``items`` are restored."""
    from msgspec.structs import replace

    emitted = []
    for item in items:
        found = resistance.item_state(scene.fighter(cid), item)
        if not found.grip_weakened:
            continue
        changed = ev.ItemChanged(
            combatant=cid,
            item=item,
            state=replace(found, grip_weakened=False),
            rule="VDA-DISARM-03",
            reason="regrip",
        )
        emitted.append(Emitted(changed))
    return emitted


def deafness_terms(scene: Scene, cid: str) -> tuple[list[Modifier], list[Modifier]]:
    """VDA-GREN-10: deafening weighs on the initiative roll (pool, difficulty)."""
    found: Deafness | None = scene.fighter(cid).deafness
    if found is None:
        return [], []
    pool = [Modifier(rule="VDA-GREN-10", value=-found.dice, why="assourdi")] if found.dice else []
    difficulty = (
        [Modifier(rule="VDA-GREN-10", value=found.difficulty, why="assourdi")] if found.difficulty else []
    )
    return pool, difficulty


__all__ = ["total"]

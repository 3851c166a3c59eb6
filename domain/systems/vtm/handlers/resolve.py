"""Resolving the action whose turn it is: an attack through defence, damage, soak and
health levels (VTM-ATK, VTM-DEF, VTM-HR, VTM-DMG), or an action without a roll."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from msgspec.structs import replace

from domain.base import Emitted
from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vtm import events as ev
from domain.systems.vtm.commands import InflictDamage, ResolveAction
from domain.systems.vtm.commands import Riposte as RiposteCommand
from domain.systems.vtm.evolve import evolve
from domain.systems.vtm.handlers.grapple import escape
from domain.systems.vtm.handlers.pools import (
    attack_terms,
    check_aim,
    check_attack,
    check_ready,
    defence_terms,
    footing_terms,
    out_of_rounds,
    reload_terms,
    shot_rounds,
    squeezes,
    stand_terms,
)
from domain.systems.vtm.rules import (
    attack,
    conditions,
    damage,
    defence,
    dice,
    firearms,
    grapple,
    initiative,
    melee,
    movement,
)
from domain.systems.vtm.scene import Scene
from domain.systems.vtm.state import Action, Defence, Riposte, Weapon
from domain.systems.wod import DamageType, Modifier, Terms, total, wounded


def check_resolve(scene: Scene, combatant: str) -> None:
    fighter = scene.in_fight(combatant)
    initiative.require_acting_now(scene.state, combatant, scene.options.multi_action_scheduling)
    movement.require_ruled(fighter.awaiting)


def resolve_action(scene: Scene, command: ResolveAction) -> list[Emitted]:
    cid = command.combatant
    check_resolve(scene, cid)
    fighter = scene.fighter(cid)
    index = initiative.require_acting_now(scene.state, cid, scene.options.multi_action_scheduling)
    declared = fighter.declared or []
    action = declared[index]
    # VTM-MOVE-04: one moves, then stops to act: the move comes with the first action
    emitted: list[Emitted] = (
        [Emitted(ev.Moved(combatant=cid, move=fighter.movement))]
        if fighter.movement is not None and not fighter.moved
        else []
    )
    if emitted:  # the action comes from where the move ended
        scene = dataclasses.replace(scene, state=evolve(scene.state, emitted[0].event))
    held = scene.grapple(cid)
    if not grapple.allowed(held, cid, action):
        # VTM-GRP-02, VTM-GRP-04: a grapple that began after the declaration stops this
        # action; VTM-GRP-03: an escape from a grip already ended has nothing to do
        rule = "VTM-GRP-03" if held is None else ("VTM-GRP-02" if held.kind == "clinch" else "VTM-GRP-04")
        return [*emitted, Emitted(ev.ActionEnded(combatant=cid, action=index, rule=rule))]
    if (empty := out_of_rounds(scene, cid, action, index)) is not None:
        return [*emitted, Emitted(empty)]
    if action.kind == "attack":
        emitted += resolve_attack(scene, cid, action, index, len(declared), plan=declared)
    if action.kind == "reload":
        emitted += reload(scene, cid, action, index, len(declared))
    if action.kind == "aim":
        emitted += take_aim(scene, cid, action, declared)
    if action.kind == "ready":
        emitted += ready(scene, cid, action, index, len(declared))
    if action.kind == "vehicle":  # VTM-ACT-06: no roll, one action
        emitted.append(Emitted(ev.VehicleStarted(combatant=cid)))
    if action.kind == "stand":
        emitted += stand_up(scene, cid, index, len(declared))
    if action.kind == "escape":
        emitted += escape(scene, cid, index, len(declared))
    # VTM-ACT-05: an action without a roll only takes its time. A riposte the action
    # allowed comes after its end: it lapses when the next action ends (VTM-DEF-12).
    ended = Emitted(ev.ActionEnded(combatant=cid, action=index))
    ripostes = [e for e in emitted if isinstance(e.event, ev.RipostePermitted)]
    return [*(e for e in emitted if e not in ripostes), ended, *ripostes]


def inflict_damage(scene: Scene, command: InflictDamage) -> list[Emitted]:
    """VTM-DMG-09: damage from the sun or fire (no attacker, no attack's floor), soaked at
    the difficulty the GM rules for the exposure."""
    require(bool(command.reason.strip()), "vtm.reason", "a GM override says why")
    scene.in_fight(command.combatant)
    pool = [Modifier(rule="VTM-DMG-09", value=command.dice, why=command.reason)]
    return damage_and_soak(
        scene,
        "",
        command.combatant,
        0,
        pool,
        command.damage_type,
        floor=0,
        soak_difficulty=command.soak_difficulty,
    )


def check_riposte(scene: Scene, combatant: str) -> None:
    """VTM-DEF-12: only the author of a winning parry, before the next action ends."""
    fighter = scene.in_fight(combatant)
    require(fighter.riposte is not None, "VTM-DEF-12", f"{combatant} has no riposte to make")


def riposte(scene: Scene, command: RiposteCommand) -> list[Emitted]:
    cid = command.combatant
    check_riposte(scene, cid)
    allowed = scene.fighter(cid).riposte
    assert allowed is not None
    strike = Action(kind="attack", maneuver="strike", target=allowed.target, weapon=allowed.weapon)
    bonus = [Modifier(rule="VTM-DEF-12", value=allowed.bonus, why="riposte")]
    return resolve_attack(scene, cid, strike, -1, 1, bonus=bonus)


def _defence_plan(
    scene: Scene, cid: str, target: str, action: Action, damage_type: DamageType
) -> tuple[int, Defence, Terms] | None:
    """The target's declared defence that answers this attack, and its terms (checked
    before any die): a defence with no die left is not rolled (VTM-ACT-04), unless the
    table's ``zero_pool_means_no_action=false`` has it attempted, and fail, with none."""
    assert action.maneuver is not None
    if scene.grapple(target) is not None:
        return None  # VTM-GRP-02, VTM-GRP-04: a grappler makes no defence until the grip ends
    defender = scene.fighter(target)
    found = defence.answering_defence(
        defender, cid, action.maneuver, damage_type, scene.armour(target) > 0, defender.conditions
    )
    if found is None:
        return None
    index, kind = found
    found_terms = defence_terms(scene, target, kind, index, len(defender.declared or []))
    attempted = total(found_terms.pool) >= 1 or not scene.options.zero_pool_means_no_action
    return (index, kind, found_terms) if attempted else None


def resolve_attack(
    scene: Scene,
    cid: str,
    action: Action,
    index: int,
    count: int,
    bonus: list[Modifier] | None = None,
    plan: Sequence[Action] = (),
    *,
    surprise: bool = False,
    answer: tuple[int, Defence, Terms] | None = None,
) -> list[Emitted]:
    """``bonus``: a riposte's extra dice (VTM-DEF-12), whose ``action`` is -1; ``plan``: the
    turn's declared actions (VTM-FIRE-03); ``surprise``: an ambush's attack, answered only
    by the defence the target braced with (``answer``, VTM-AMB-02, VTM-AMB-03)."""
    assert action.maneuver is not None and action.target is not None
    target = action.target
    sheet = scene.sheet(cid)
    weapon = check_attack(scene, cid, action)
    claws = sheet.claws if action.maneuver == "claws" else None
    base_damage, damage_type = attack.damage_dice(action.maneuver, sheet.attributes.strength, weapon, claws)
    if squeezes(scene, cid, action):
        return squeeze(scene, cid, action, index, base_damage, damage_type)
    rounds = shot_rounds(scene, cid, action, weapon)
    found = attack_terms(scene, cid, action, index, count, plan)
    if bonus:
        found = Terms(pool=dice.within_limit([*found.pool, *bonus]), difficulty=found.difficulty)
    dice.require_dice(scene.options, found.pool, "the attack")
    targets = [target, *action.targets]
    if len(targets) == 1 and conditions.helpless(scene.fighter(target).conditions):
        return strike_helpless(scene, cid, action, index, found.pool, base_damage, damage_type, rounds)
    defences = [_defence_plan(scene, cid, t, action, damage_type) for t in targets]
    if surprise:
        fighter = scene.fighter(target)
        armoured = scene.armour(target) > 0
        stopped = answer is not None and defence.stops(
            answer[1], action.maneuver, damage_type, armoured, fighter.conditions
        )
        defences = [answer if stopped and answer is not None and total(answer[2].pool) >= 1 else None]
    trait = attack.attack_traits(action.maneuver, weapon)[1]
    footing = _footing(scene, cid, target, action)
    # every check is done: the dice from here on
    roll = dice.action_roll(
        scene.options, scene.roller, found.pool, found.difficulty, specialty=dice.has_specialty(sheet, trait)
    )
    emitted = [
        Emitted(
            ev.AttackRolled(
                attacker=cid,
                target=target,
                action=index,
                maneuver=action.maneuver,
                weapon=action.weapon,
                damage_type=damage_type,
                pool=found.pool,
                difficulty=found.difficulty,
                roll=roll,
                riposte=bool(bonus) and not surprise,
                fire=action.fire,
                rounds=rounds,
                ambush=surprise,
            )
        )
    ]
    if any(term.rule == "VTM-MEL-14" for term in found.pool):
        closed = ev.DistanceSet(combatant=cid, other=target, metres=0, reason="", rule="VTM-MEL-14")
        emitted.append(Emitted(closed))
    shares = [roll.successes]
    halve = False
    if action.fire == "strafe":
        shares = firearms.strafe_shares(roll.successes, len(targets))
        emitted.append(Emitted(ev.StrafeShared(attacker=cid, shares=dict(zip(targets, shares, strict=True)))))
        if firearms.alone_in_the_area(len(targets)):
            if scene.options.strafe_alone_halves == "attack":
                shares = [shares[0] // 2]
            else:
                halve = True
    for who, share, answer in zip(targets, shares, defences, strict=True):
        emitted += _against(scene, cid, who, action, roll, share, answer, base_damage, damage_type, halve)
    if footing and any(isinstance(e.event, ev.Wounded) for e in emitted):
        for who, terms_ in footing:
            emitted += keep_footing(scene, who, terms_, action.maneuver == "tackle" and who == target)
    ripostes = [e for e in emitted if isinstance(e.event, ev.RipostePermitted)]
    return [*(e for e in emitted if e not in ripostes), *ripostes]


def _footing(scene: Scene, cid: str, target: str, action: Action) -> list[tuple[str, Terms]]:
    """Who rolls to keep their feet if the attack hits: the target of a sweep
    (VTM-MEL-01, difficulty 8); both sides of a tackle (VTM-MEL-13, difficulty 7). No other
    blow knocks down but by the GM's ruling (VTM-CPX-01)."""
    assert action.maneuver is not None
    if not attack.knocks_down(action.maneuver):
        return []
    if action.maneuver == "sweep":
        return [(target, footing_terms(scene, target))]
    if action.maneuver == "tackle":
        return [(who, footing_terms(scene, who, "VTM-MEL-13", melee.TACKLE_FOOTING)) for who in (cid, target)]
    return []


def _against(
    scene: Scene,
    cid: str,
    target: str,
    action: Action,
    roll: PoolRoll,
    successes: int,
    answer: tuple[int, Defence, Terms] | None,
    base_damage: list[Modifier],
    damage_type: DamageType,
    halve: bool,
) -> list[Emitted]:
    """One target of a rolled attack: its defence (VTM-DEF-04), then a miss or the hit with
    the successes left (VTM-ATK-07)."""
    assert action.maneuver is not None
    emitted: list[Emitted] = []
    against = 0
    if answer is not None:
        d_index, kind, d_terms = answer
        d_trait = defence.defence_traits(kind)[1]
        d_roll = dice.action_roll(
            scene.options,
            scene.roller,
            d_terms.pool,
            d_terms.difficulty,
            specialty=dice.has_specialty(scene.sheet(target), d_trait),
        )
        against = d_roll.successes
        emitted.append(
            Emitted(
                ev.DefenceRolled(
                    defender=target,
                    attacker=cid,
                    action=d_index,
                    defence=kind,
                    pool=d_terms.pool,
                    difficulty=d_terms.difficulty,
                    roll=d_roll,
                )
            )
        )
        if defence.dives_for_cover(kind, action.maneuver, scene.fighter(target).cover):
            dived = ev.CoverChanged(combatant=target, cover="light", reason="", rule="VTM-DEF-09")
            emitted.append(Emitted(dived))
        weapon_name = defence.parrying_weapon(scene.weapons(target))
        blade = dict(scene.weapons(target)).get(weapon_name) if weapon_name is not None else None
        ability = attack.attack_traits(action.maneuver, scene.carried(cid, action.weapon))[1]
        reading = scene.options.parry_brawl_injures
        outcome = defence.parry_on_brawler(kind, ability, blade, against, successes, reading)
        if outcome == "wound" and blade is not None:
            emitted += weapon_blow(scene, target, cid, blade)
        if outcome == "ask" and weapon_name is not None:
            asked = ev.RulingRequested(rule="VTM-DEF-11", combatant=cid, question=weapon_name)
            emitted.append(Emitted(asked))
        allowed = defence.riposte_bonus(kind, against, successes)
        if allowed and weapon_name is not None:
            permitted = Riposte(target=cid, weapon=weapon_name, bonus=allowed)
            emitted.append(Emitted(ev.RipostePermitted(combatant=target, riposte=permitted)))
    remaining = attack.remaining_successes(successes, against)
    if remaining < 1:
        missed = Emitted(ev.AttackMissed(attacker=cid, target=target, botch=roll.botch))
        botched = botched_disarm(scene, cid, target, action) if roll.botch else []
        return [*emitted, missed, *botched]
    # VTM-GRP-01: a clinch's first damage is Strength alone, whatever the successes
    extra = (
        [] if action.maneuver == "clinch" else attack.extra_damage(remaining, scene.options.extra_successes)
    )
    hit = replace(action, target=target)
    return [*emitted, *on_hit(scene, cid, hit, remaining, base_damage + extra, damage_type, halve)]


def strike_helpless(
    scene: Scene,
    cid: str,
    action: Action,
    index: int,
    pool: list[Modifier],
    base_damage: list[Modifier],
    damage_type: DamageType,
    rounds: int,
) -> list[Emitted]:
    """VTM-ATK-06 / VTM-CPX-07: no attack roll and no defence against a helpless target;
    the attack's dice go to the damage, whose floor counts no success (VTM-HR-04)."""
    assert action.maneuver is not None and action.target is not None
    landed = ev.AttackLanded(
        attacker=cid,
        target=action.target,
        action=index,
        maneuver=action.maneuver,
        weapon=action.weapon,
        damage_type=damage_type,
        pool=pool,
        rounds=rounds,
    )
    extra = conditions.helpless_damage(total(pool))
    return [Emitted(landed), *on_hit(scene, cid, action, 0, base_damage + extra, damage_type)]


def on_hit(
    scene: Scene,
    cid: str,
    action: Action,
    remaining: int,
    pool: list[Modifier],
    damage_type: DamageType,
    halve: bool = False,
) -> list[Emitted]:
    """What a hit with ``remaining`` successes does: VTM-MEL-08 a hold grabs without damage;
    VTM-MEL-10 the Kiss drinks without damage; VTM-GRP-01 a clinch grabs after its damage;
    any other hit does its damage (VTM-GEN-02: an aimed part adds its dice)."""
    assert action.target is not None and action.maneuver is not None
    target = action.target
    if action.maneuver in ("clinch", "hold"):
        grab = ev.GrappleEstablished(
            kind=action.maneuver, attacker=cid, target=target, round=scene.state.round
        )
        grabbed = [Emitted(grab)]
    else:
        grabbed = []
    if action.maneuver == "hold":
        return grabbed
    if action.kiss:
        return [Emitted(ev.KissStarted(vampire=cid, victim=target))]
    damage_pool = dice.within_limit(pool + attack.aimed_damage(action.aim))
    disarm = None
    if action.maneuver == "disarm":
        disarm = (melee.disarm_target(scene.weapons(target)), scene.sheet(target).attributes.strength)
    tackled = (
        [Emitted(ev.TackleLanded(attacker=cid, target=target, round=scene.state.round))]
        if action.maneuver == "tackle"
        else []
    )
    hurt = damage_and_soak(
        scene,
        cid,
        target,
        remaining,
        damage_pool,
        damage_type,
        halve,
        disarm,
        armour=action.bypass != "armour",
    )
    return [*hurt, *grabbed, *tackled, *stake(scene, cid, action, hurt)]


def stake(scene: Scene, cid: str, action: Action, hurt: list[Emitted]) -> list[Emitted]:
    """VTM-CPX-08: a stake through a vampire's heart dealing three levels or more after
    soak paralyses it (``staked``, until the GM pulls it out)."""
    assert action.target is not None
    weapon = scene.carried(cid, action.weapon)
    levels = sum(e.event.levels for e in hurt if isinstance(e.event, ev.Wounded))
    vampire = scene.sheet(action.target).kind == "vampire"
    if not conditions.staked(vampire, weapon is not None and weapon.stake, action.aim, levels):
        return []
    return [
        Emitted(ev.ConditionChanged(combatant=action.target, condition="staked", on=True, rule="VTM-CPX-08"))
    ]


def botched_disarm(scene: Scene, cid: str, target: str, action: Action) -> list[Emitted]:
    """VTM-MEL-06: a botched disarm drops the attacker's weapon, or, bare-handed, the
    attacker takes the opponent's weapon's normal damage."""
    if action.maneuver != "disarm":
        return []
    if action.weapon is not None:
        return [Emitted(ev.Disarmed(combatant=cid, weapon=action.weapon))]
    held = scene.weapons(target)
    return weapon_blow(scene, target, cid, held[0][1]) if held else []


def weapon_blow(scene: Scene, holder: str, victim: str, weapon: Weapon) -> list[Emitted]:
    """The normal damage of ``holder``'s ``weapon`` dealt to ``victim`` without an attack
    roll: a botched bare-handed disarm (VTM-MEL-06), a lethal parry by the table's
    reading of VTM-DEF-11."""
    pool, damage_type = attack.weapon_damage(scene.sheet(holder).attributes.strength, weapon)
    return damage_and_soak(scene, holder, victim, 0, dice.within_limit(pool), damage_type)


def squeeze(
    scene: Scene, cid: str, action: Action, index: int, base_damage: list[Modifier], damage_type: DamageType
) -> list[Emitted]:
    """VTM-GRP-02: in a clinch, either side deals its Strength in damage directly: no
    attack roll, no defence, the floor of a hit without successes (VTM-HR-04)."""
    assert action.maneuver is not None and action.target is not None
    landed = ev.AttackLanded(
        attacker=cid,
        target=action.target,
        action=index,
        maneuver=action.maneuver,
        damage_type=damage_type,
        pool=[],
    )
    pool = dice.within_limit(base_damage)
    return [Emitted(landed), *damage_and_soak(scene, cid, action.target, 0, pool, damage_type)]


def keep_footing(scene: Scene, target: str, footing: Terms, tackled: bool) -> list[Emitted]:
    """VTM-MEL-01, VTM-MEL-13 / VTM-CPX-01: the swept or tackled roll to keep their feet, or fall;
    VTM-CPX-09: a tackled target still standing is off balance next turn."""
    roll = dice.action_roll(scene.options, scene.roller, footing.pool, footing.difficulty, specialty=False)
    emitted = [
        Emitted(
            ev.FootingRolled(combatant=target, pool=footing.pool, difficulty=footing.difficulty, roll=roll)
        )
    ]
    rule = footing.difficulty[0].rule
    if roll.successes < 1:
        down = ev.ConditionChanged(combatant=target, condition="knocked_down", on=True, rule=rule)
        emitted.append(Emitted(down))
    elif tackled and melee.off_balance(kept_feet=True):
        until = scene.state.round + 1
        shaken = ev.ConditionChanged(
            combatant=target, condition="off_balance", on=True, until=until, rule="VTM-CPX-09"
        )
        emitted.append(Emitted(shaken))
    return emitted


def reload(scene: Scene, cid: str, action: Action, index: int, count: int) -> list[Emitted]:
    """VTM-FIRE-09: the weapon is loaded again; among other actions only after VTM-ACT-07's
    readiness roll succeeds (without a success, the turn's effort loads nothing)."""
    assert action.weapon is not None
    loaded = Emitted(ev.Reloaded(combatant=cid, weapon=action.weapon))
    readying = reload_terms(scene, cid, action, index, count)
    return _once_ready(scene, cid, action.weapon, readying, loaded, "reloading")


def ready(scene: Scene, cid: str, action: Action, index: int, count: int) -> list[Emitted]:
    """VTM-ACT-07: the sheathed or dropped weapon is in hand; among other actions only
    after the readiness roll succeeds."""
    assert action.weapon is not None
    if action.weapon not in scene.out_of_hand(cid):
        return []  # picked up already (a GM's ruling, a rewind): nothing left to do
    readied = Emitted(ev.WeaponReadied(combatant=cid, weapon=action.weapon))
    readying = check_ready(scene, cid, action, index, count)
    return _once_ready(scene, cid, action.weapon, readying, readied, "readying a weapon")


def _once_ready(
    scene: Scene, cid: str, weapon: str, readying: Terms | None, done: Emitted, what: str
) -> list[Emitted]:
    """VTM-ACT-07: ``done`` at once when ``readying`` is None (the action alone in its
    turn); among other actions, only once the readiness roll gets a success."""
    if readying is None:
        return [done]
    dice.require_dice(scene.options, readying.pool, what)
    roll = dice.action_roll(scene.options, scene.roller, readying.pool, readying.difficulty, specialty=False)
    rolled = Emitted(
        ev.ReadyRolled(
            combatant=cid, weapon=weapon, pool=readying.pool, difficulty=readying.difficulty, roll=roll
        )
    )
    return [rolled, done] if roll.successes >= 1 else [rolled]


def take_aim(scene: Scene, cid: str, action: Action, declared: Sequence[Action]) -> list[Emitted]:
    """VTM-FIRE-14: one more turn spent aiming at the same target with the same weapon."""
    check_aim(scene, cid, action, declared)
    assert action.target is not None and action.weapon is not None
    before = scene.fighter(cid).aiming
    same = before is not None and (before.target, before.weapon) == (action.target, action.weapon)
    turns = before.turns + 1 if same and before is not None else 1
    return [Emitted(ev.AimTaken(combatant=cid, target=action.target, weapon=action.weapon, turns=turns))]


def stand_up(scene: Scene, cid: str, index: int, count: int) -> list[Emitted]:
    """VTM-ACT-09: getting up alone takes the action and no roll; among other actions it
    takes a Dex + Athlétisme roll at difficulty 4."""
    if "knocked_down" not in scene.fighter(cid).conditions:
        return []
    up = Emitted(ev.ConditionChanged(combatant=cid, condition="knocked_down", on=False, rule="VTM-ACT-09"))
    if count == 1:
        return [up]
    found = stand_terms(scene, cid, index, count)
    dice.require_dice(scene.options, found.pool, "getting up")
    roll = dice.action_roll(scene.options, scene.roller, found.pool, found.difficulty, specialty=False)
    rolled = Emitted(ev.FootingRolled(combatant=cid, pool=found.pool, difficulty=found.difficulty, roll=roll))
    return [rolled, up] if roll.successes >= 1 else [rolled]


def damage_and_soak(
    scene: Scene,
    cid: str,
    target: str,
    remaining: int,
    pool: list[Modifier],
    damage_type: DamageType,
    halve: bool = False,
    disarm: tuple[str, int] | None = None,
    *,
    floor: int | None = None,
    soak_difficulty: int | None = None,
    armour: bool = True,
) -> list[Emitted]:
    """VTM-DMG-10: damage (VTM-HR-01) at least the floor (VTM-HR-03), soak (VTM-DMG-04, VTM-DMG-05,
    VTM-HR-02), a vampire's bashing halved (VTM-DMG-06), levels, then the daze (VTM-CPX-05).
    ``halve``: a lone target of a strafe takes half the damage successes (VTM-FIRE-06).
    ``disarm``: the weapon a disarm reaches for and the target's Strength: more damage
    successes than the Strength disarm instead of wounding (VTM-MEL-06). ``floor``: no
    attack, no floor (VTM-DMG-09); ``soak_difficulty``: the GM's for sun or fire
    (VTM-DMG-09); ``armour``: a part aimed at past the armour (VTM-GEN-03)."""
    options = scene.options
    sheet = scene.sheet(target)
    difficulty = [Modifier(rule="VTM-DMG-03", value=options.damage_difficulty, why="damage")]
    roll = dice.damage_roll(scene.options, scene.roller, pool, difficulty)
    floor = damage.minimum_damage(remaining) if floor is None else floor
    dealt = max(roll.successes, floor) if options.minimum_damage_stage == "before_soak" else roll.successes
    if halve:
        dealt //= 2
    rolled = ev.DamageRolled(
        attacker=cid,
        target=target,
        remaining=remaining,
        damage_type=damage_type,
        pool=pool,
        difficulty=difficulty,
        roll=roll,
        minimum=floor,
        damage=dealt,
        halved=halve,
    )
    if disarm is not None and melee.disarms(dealt, disarm[1]):
        return [Emitted(rolled), Emitted(ev.Disarmed(combatant=target, weapon=disarm[0]))]
    soak = damage.soak_terms(
        sheet,
        damage_type,
        scene.armour(target) if armour else 0,
        lethal_armour_only=options.human_lethal_armour_only,
        ghoul_difficulty=options.ghoul_lethal_difficulty,
    )
    soak_roll: PoolRoll | None = None
    if soak is not None and soak_difficulty is not None:
        soak = (soak[0], soak_difficulty)
    if soak is not None and total(soak[0]) >= 1:
        soak_roll = dice.soak_roll(scene.roller, soak[0], [Modifier(rule="VTM-DMG-04", value=soak[1])])
    soaked = soak_roll.successes if soak_roll else 0
    levels, halved = damage.levels_taken(
        dealt, soaked, floor, damage_type, sheet, options.minimum_damage_stage
    )
    return [
        Emitted(rolled),
        Emitted(
            ev.Soaked(
                target=target,
                damage_type=damage_type,
                pool=soak[0] if soak else [],
                difficulty=soak[1] if soak else 6,
                roll=soak_roll,
                soaked=soaked,
            )
        ),
        *wounds(scene, target, damage_type, levels, halved),
    ]


def wounds(scene: Scene, target: str, damage_type: DamageType, levels: int, halved: bool) -> list[Emitted]:
    """The levels taken, and what they do: dazed (VTM-CPX-05), incapacitated (VTM-DMG-11)."""
    fighter, sheet = scene.fighter(target), scene.sheet(target)
    health = wounded(fighter.health, **{damage_type: levels})
    emitted = [
        Emitted(
            ev.Wounded(target=target, damage_type=damage_type, levels=levels, halved=halved, health=health)
        )
    ]
    if damage.dazed(levels, sheet):
        until = scene.state.round + 1
        emitted.append(
            Emitted(
                ev.ConditionChanged(
                    combatant=target, condition="dazed", on=True, until=until, rule="VTM-CPX-05"
                )
            )
        )
    if damage.incapacitated(health, sheet) and not damage.incapacitated(fighter.health, sheet):
        emitted.append(
            Emitted(
                ev.ConditionChanged(combatant=target, condition="incapacitated", on=True, rule="VTM-DMG-11")
            )
        )
    return emitted

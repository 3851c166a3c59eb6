"""The ambush's surprise attack before round 1 (VDA-AMB-01/03/06): the target's capped
defence, then the ambusher's attack through the same damage path as the round."""

from __future__ import annotations

from domain.base import Emitted
from domain.errors import require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import SurpriseAttack, SurpriseDefence
from domain.systems.vda.handlers import attack, facts, resolve, situation
from domain.systems.vda.rules import ambush, general, physical
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import AmbushState, Defence, SequenceState
from domain.systems.wod import Modifier, total


def _surprise(scene: Scene) -> AmbushState:
    state = scene.state
    found = state.ambush
    require(
        state.round == 0 and found is not None and not found.detected,
        "VDA-AMB-01",
        "a surprise attack follows an undetected ambush, before the first round",
    )
    assert found is not None
    require(not found.attacked, "VDA-AMB-01", "the surprise attack was already made")
    return found


def check_defence(scene: Scene, combatant: str) -> AmbushState:
    """VDA-AMB-03/06: only the ambushed target, once, and only if it can react."""
    found = _surprise(scene)
    require(found.target == combatant, "VDA-AMB-03", f"{combatant!r} is not the ambush's target")
    require(found.defence is None, "VDA-AMB-03", f"{combatant!r} already answered the surprise")
    require(
        found.awareness is not None and found.awareness > 0,
        "VDA-AMB-06",
        f"{combatant!r} saw nothing coming and cannot react",
    )
    return found


def check_attack(scene: Scene, combatant: str) -> AmbushState:
    """VDA-AMB-01/03: the ambusher attacks once; a target able to react answers first
    (defends, or lets it come)."""
    found = _surprise(scene)
    require(found.ambusher == combatant, "VDA-AMB-01", f"{combatant!r} did not set the ambush")
    reacts = found.awareness is not None and found.awareness > 0
    require(
        not reacts or found.defence is not None,
        "VDA-AMB-03",
        f"{found.target!r} first rolls its defence (or lets the attack come)",
    )
    return found


def capped_pool(pool: list[Modifier], cap: int, caps_pool: bool) -> list[Modifier]:
    """VDA-AMB-03: the awareness successes are the dice available for the defence: a cap on
    the usual pool (``ambush_awareness_caps_pool``), or the pool itself."""
    dice = total(pool)
    if caps_pool and dice <= cap:
        return pool
    return [*pool, Modifier(rule="VDA-AMB-03", value=cap - dice, why="surprise: succès de vigilance")]


def surprise_defence(scene: Scene, command: SurpriseDefence) -> list[Emitted]:
    cid, action = command.combatant, command.action
    found = check_defence(scene, cid)
    require(action.kind in ("defend", "none"), "VDA-AMB-03", "the surprise allows a defence, nothing else")
    if action.kind == "none":
        return [Emitted(ev.SurpriseDefenceRolled(combatant=cid, kind="none"))]
    physical.require_well_formed(action)
    seq = SequenceState(number=0)
    situation.require_carried(scene, cid, action.weapon)
    action = facts.declared(scene, seq, cid, action)
    extra = resolve.situational_terms(scene, seq, cid, action)
    pool = capped_pool(
        resolve.action_pool(scene, cid, action, extra),
        ambush.defence_cap_of(found),
        scene.options.ambush_awareness_caps_pool,
    )
    difficulty = resolve.action_difficulty(scene, seq, cid, action, extra)
    roll = scene.roll(pool, difficulty)
    rolled = ev.SurpriseDefenceRolled(
        combatant=cid, kind="defend", pool=pool, difficulty=difficulty, roll=roll
    )
    return [Emitted(rolled)]


def surprise_attack(scene: Scene, command: SurpriseAttack) -> list[Emitted]:
    cid, action = command.combatant, command.action
    found = check_attack(scene, cid)
    require(action.offensive, "VDA-AMB-01", "the surprise is an attack")
    physical.require_well_formed(action)
    require(action.target == found.target, "VDA-AMB-01", f"the ambush is on {found.target!r}")
    action = facts.declared(scene, SequenceState(number=0), cid, action)
    situation.require_declarable(scene, cid, action)
    defence = Defence(successes=found.defence or 0, rear_eligible=found.defence or 0)
    seq = SequenceState(number=0, defences={found.target: defence})
    extra = resolve.situational_terms(scene, seq, cid, action)
    pool = resolve.action_pool(scene, cid, action, extra)
    difficulty = resolve.action_difficulty(scene, seq, cid, action, extra)
    roll = scene.roll(pool, difficulty)
    rolled = ev.SurpriseAttackRolled(
        combatant=cid, target=found.target, action=action, pool=pool, difficulty=difficulty, roll=roll
    )
    emitted = [Emitted(rolled)]
    if general.is_critical_failure(roll, True, scene.options.critical_on_net_successes):
        return emitted + resolve.critical_failure(scene, cid, roll.ones)
    return emitted + attack.damage(scene, seq, cid, action, roll)

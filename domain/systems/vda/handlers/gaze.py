"""The gaze attack in the round (VDA-GAZE-01, VDA-GAZE-02, VDA-GAZE-03, VDA-GAZE-04, VDA-GAZE-05,
VDA-GAZE-06, VDA-GAZE-07, VDA-GRAP-23 while held, VDA-STAKE-04).

A reflexive attempt is ``vda.CatchGaze`` (once a round, no action); the active one is
the sequence's physical action declared with ``PhysicalAction.gaze`` and rolled by
``vda.ResolveAction`` (routed here), or, by option, ``vda.CatchGaze`` active in the power
step. The target may guess an active attempt (``vda.DetectGazeIntent``), avert its eyes
(``vda.AvertGaze``) or close them (``vda.CloseEyes``).
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.base import Emitted
from domain.errors import Refused, RuleViolation, check, require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import (
    AdjustGaze,
    AvertGaze,
    CatchGaze,
    CloseEyes,
    DetectGazeIntent,
    ResolveAction,
)
from domain.systems.vda.handlers import situation
from domain.systems.vda.handlers.advance import after
from domain.systems.vda.rules import gaze, general, grapple, powers, sequence, stake
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction, SequenceState
from domain.systems.wod import NONE, Modifier, Terms


def routes(scene: Scene, combatant: str) -> bool:
    """Whether ``combatant``'s declared action of the sequence is an active gaze (VDA-GAZE-06)."""
    seq = scene.state.sequence
    action = seq.declared.get(combatant) if seq else None
    return action is not None and action.gaze is not None


# --- guards ---------------------------------------------------------------------------


def check_declare(scene: Scene, cid: str, action: PhysicalAction) -> None:
    """VDA-GAZE-06: an active gaze is an ``other`` action at a target, for a gaze power,
    with Etiquette or Intimidation, when the table spends the physical action on it."""
    if action.gaze is None:
        return
    require(
        scene.options.tactics.gaze_active_action == "physical",
        "VDA-GAZE-06",
        "this table spends the power action on an active gaze (vda.CatchGaze, mode active)",
    )
    require(
        action.kind == "other" and action.target is not None,
        "VDA-GAZE-06",
        "an active gaze is an 'other' action naming its target",
    )
    gaze.require_gaze_skill(action.skill)
    _check_attempt(scene, cid, action.target or "", action.gaze)


def _check_attempt(scene: Scene, cid: str, target: str, power_id: str) -> None:
    require(
        target != cid and target in scene.state.combatants, "VDA-GAZE-01", f"{target!r} is not an opponent"
    )
    power = gaze.require_gaze_power(scene.sheet(cid), cid, power_id)
    stake.require_not_paralysed(scene.state, cid)
    board = scene.state.tactics
    gaze.require_not_captured(board, cid, target)
    automatic = gaze.automatic_capture(scene.sheet(cid), power, scene.sheet(target), scene.options.tactics)
    gaze.require_eyes_open(board, target, automatic, scene.options.tactics)
    value = grapple.grappling_value(scene.state, cid, scene.options.grapple)
    grapple.require_power_possible("gaze", value, power_id)  # VDA-GRAP-23 from 8


def require_attempt_possible(scene: Scene, cid: str, action: PhysicalAction) -> None:
    """VDA-GAZE-01, VDA-GAZE-07, VDA-GRAP-23, VDA-STAKE-04: a declared active gaze (VDA-GAZE-06) can
    still be tried; what the fight changed since (closed eyes, a capture) makes it lost."""
    if action.gaze is not None:
        _check_attempt(scene, cid, action.target or "", action.gaze)


def check_catch(scene: Scene, cid: str, target: str, power_id: str, mode: str) -> int:
    """The guards of ``vda.CatchGaze``; returns the sequence number."""
    seq = sequence.require_sequence_running(scene.state)
    options = scene.options.tactics
    if mode == "reflexive":
        gaze.require_reflexive_unused(scene.state.tactics, cid, target, scene.state.round, options)
    else:
        require(
            options.gaze_active_action == "power",
            "VDA-GAZE-06",
            "this table spends the physical action on an active gaze (declare it with 'gaze')",
        )
        require(
            seq.step == "power" and cid in seq.acting,
            "VDA-SEQ-02",
            f"{cid!r}'s active gaze is its power action, in its power step",
        )
        powers.require_power_slot(scene.fighter(cid), cid)
    _check_attempt(scene, cid, target, power_id)
    return seq.number


def gaze_powers(scene: Scene, cid: str) -> list[str]:
    """The gaze powers on ``cid``'s sheet."""
    return [
        name
        for name, power in scene.sheet(cid).powers.items()
        if grapple.power_requirement(power.discipline, power.requires) == "gaze"
    ]


def catch_candidates(scene: Scene, cid: str) -> list[tuple[str, str]]:
    """Every (target, gaze power) pair ``cid`` could try to catch a gaze with."""
    others = [other for other in scene.state.combatants if other != cid]
    return [(other, power) for power in gaze_powers(scene, cid) for other in others]


def check_any_catch(scene: Scene, cid: str) -> None:
    """``options_for``: a gaze is open against some opponent, with some gaze power, in a
    mode the table allows (reflexive, or active in the power step by option); ``decide``
    judges the opponent, power and mode sent (``judge_catch``)."""
    sequence.require_sequence_running(scene.state)
    require(bool(gaze_powers(scene, cid)), "VDA-GAZE-01", f"{cid!r} has no gaze power")
    modes = ["reflexive"] + (["active"] if scene.options.tactics.gaze_active_action == "power" else [])
    tries = [(other, power, mode) for other, power in catch_candidates(scene, cid) for mode in modes]
    if not any(_catchable(scene, cid, *attempt) for attempt in tries):
        raise RuleViolation("VDA-GAZE-05", f"{cid!r} can catch no opponent's gaze now")


def _catchable(scene: Scene, cid: str, target: str, power: str, mode: str) -> bool:
    try:
        check_catch(scene, cid, target, power, mode)
    except Refused:
        return False
    return True


def judge_catch(scene: Scene, command: CatchGaze) -> None:
    check_catch(scene, command.combatant, command.target, command.power, command.mode)


# --- rolling ----------------------------------------------------------------------------


def gaze_terms(
    scene: Scene, cid: str, target: str, skill: str, mode: str, extra: Terms = NONE
) -> tuple[list[Modifier], list[Modifier]]:
    """VDA-GAZE-01, VDA-GAZE-03, VDA-GAZE-06, VDA-GAZE-07, VDA-GRAP-23: a gaze attempt's pool
    and difficulty, term by term (what :func:`attempt` rolls, and what the controls show)."""
    averting = target in scene.state.tactics.averting
    target_sheet = scene.sheet(target)
    active = mode != "reflexive"
    attribute = gaze.gaze_attribute(active)
    pool = [
        Modifier(rule="A-6", value=scene.trait(cid, attribute), why=attribute),
        Modifier(rule="A-6", value=scene.trait(cid, skill), why=skill),
    ]
    difficulty = [gaze.gaze_difficulty(averting, target_sheet)]
    if active:
        difficulty += gaze.active_terms().difficulty
        if repeat := general.skill_repeat_malus(
            scene.fighter(cid), skill, scene.options.skill_repeat_every_reuse
        ):
            difficulty.append(repeat)
    hindrance = grapple.power_hindrance(
        "gaze", grapple.grappling_value(scene.state, cid, scene.options.grapple)
    )
    return [*pool, *hindrance[:1], *extra.pool], [*difficulty, *hindrance[1:], *extra.difficulty]


def attempt(
    scene: Scene,
    cid: str,
    target: str,
    power_id: str,
    skill: str,
    mode: str,
    sequence_number: int,
    extra: Terms = NONE,
) -> list[Emitted]:
    """VDA-GAZE-01, VDA-GAZE-02, VDA-GAZE-04, VDA-GAZE-06 (and VDA-GRAP-23): the automatic capture, or the
    roll, its
    progress and whether it caught the gaze."""
    sheet, target_sheet = scene.sheet(cid), scene.sheet(target)
    power = gaze.require_gaze_power(sheet, cid, power_id)
    options = scene.options.tactics
    board = scene.state.tactics
    averting = target in board.averting
    threshold = gaze.needed(averting, target_sheet)
    if gaze.automatic_capture(sheet, power, target_sheet, options):
        rolled = ev.GazeRolled(
            attacker=cid,
            target=target,
            power=power_id,
            mode=mode,  # type: ignore[arg-type]
            sequence=sequence_number,
            averting=averting,
            needed=threshold,
            skill=skill,
        )
        captured = ev.GazeCaptured(attacker=cid, target=target, power=power_id, rule="VDA-GAZE-01")
        return [Emitted(rolled), Emitted(captured)]
    pool, difficulty = gaze_terms(scene, cid, target, skill, mode, extra)
    roll = scene.roll(pool, difficulty)
    now = gaze.progress(averting, gaze.pair(board, cid, target), roll.successes)
    rolled = ev.GazeRolled(
        attacker=cid,
        target=target,
        power=power_id,
        mode=mode,  # type: ignore[arg-type]
        sequence=sequence_number,
        pool=pool,
        difficulty=difficulty,
        roll=roll,
        averting=averting,
        progress=now,
        needed=threshold,
        skill=skill,
    )
    emitted = [Emitted(rolled)]
    if gaze.captured(now, threshold):
        rule = "VDA-GAZE-04" if averting else "VDA-GAZE-02"
        emitted.append(Emitted(ev.GazeCaptured(attacker=cid, target=target, power=power_id, rule=rule)))
    return emitted


def catch_gaze(scene: Scene, command: CatchGaze) -> list[Emitted]:
    cid = command.combatant
    gaze.require_gaze_skill(command.skill)
    number = check_catch(scene, cid, command.target, command.power, command.mode)
    mode = "reflexive" if command.mode == "reflexive" else "power"
    emitted = attempt(scene, cid, command.target, command.power, command.skill, mode, number)
    return after(scene, emitted) if mode == "power" else emitted


def catch_terms(
    scene: Scene, cid: str, target: str, power_id: str, skill: str
) -> tuple[list[Modifier], list[Modifier]] | None:
    """The pool and difficulty a reflexive catch of ``target``'s gaze rolls (VDA-GAZE-05),
    by :func:`gaze_terms` as :func:`attempt` rolls it; None when it catches the gaze
    without a roll (VDA-GAZE-01)."""
    sheet = scene.sheet(cid)
    power = gaze.require_gaze_power(sheet, cid, power_id)
    if gaze.automatic_capture(sheet, power, scene.sheet(target), scene.options.tactics):
        return None
    return gaze_terms(scene, cid, target, skill, "reflexive")


def resolve_gaze(scene: Scene, command: ResolveAction) -> list[Emitted]:
    """VDA-GAZE-06: the active gaze declared as the sequence's physical action."""
    from domain.systems.vda.handlers.resolve import check_resolve

    cid = command.combatant
    seq, action = check_resolve(scene, cid)
    assert action.gaze is not None and action.target is not None
    _check_attempt(scene, cid, action.target, action.gaze)
    extra = _declared_extra(scene, seq, cid, action)
    emitted = attempt(scene, cid, action.target, action.gaze, action.skill, "physical", seq.number, extra)
    return after(scene, emitted)


def _declared_extra(scene: Scene, seq: SequenceState, cid: str, action: PhysicalAction) -> Terms:
    """The situational terms of every roll of the actor (``handlers/situation.common_terms``)
    and the GM's pending adjustments, which a declared gaze meets."""
    rolled = replace(action, attribute=gaze.gaze_attribute(True))
    pending = Terms(difficulty=list(scene.fighter(cid).pending))
    return situation.common_terms(scene, seq, cid, rolled) + pending


def resolve_terms(scene: Scene, cid: str) -> tuple[list[Modifier], list[Modifier]] | None:
    """The pool and difficulty the declared active gaze (VDA-GAZE-06) rolls now, by the
    functions :func:`resolve_gaze` rolls with; None when it catches the gaze without a
    roll (VDA-GAZE-01)."""
    from domain.systems.vda.handlers.resolve import check_resolve

    seq, action = check_resolve(scene, cid)
    target, power_id = action.target or "", action.gaze or ""
    _check_attempt(scene, cid, target, power_id)
    sheet = scene.sheet(cid)
    power = gaze.require_gaze_power(sheet, cid, power_id)
    if gaze.automatic_capture(sheet, power, scene.sheet(target), scene.options.tactics):
        return None
    return gaze_terms(scene, cid, target, action.skill, "physical", _declared_extra(scene, seq, cid, action))


# --- the target's answers ---------------------------------------------------------------


def check_detect(scene: Scene, cid: str, attacker: str) -> None:
    sequence.require_sequence_running(scene.state)
    gaze.require_detectable(scene.state, attacker, cid)


def check_any_detect(scene: Scene, cid: str) -> None:
    sequence.require_sequence_running(scene.state)
    found = [a for a in scene.state.combatants if a != cid and _detectable(scene, a, cid)]
    require(bool(found), "VDA-GAZE-06", f"no active gaze on {cid!r} to guess")


def _detectable(scene: Scene, attacker: str, cid: str) -> bool:
    try:
        gaze.require_detectable(scene.state, attacker, cid)
    except Refused:
        return False
    return True


def detect_intent(scene: Scene, command: DetectGazeIntent) -> list[Emitted]:
    """VDA-GAZE-06: Perception + (Empathy or Occult) to guess an active gaze's intent."""
    cid = command.combatant
    gaze.require_detection_skill(command.skill)
    check_detect(scene, cid, command.attacker)
    options = scene.options.tactics
    pool = [
        Modifier(rule="VDA-GAZE-06", value=scene.trait(cid, "perception"), why="perception"),
        Modifier(rule="VDA-GAZE-06", value=scene.trait(cid, command.skill), why=command.skill),
    ]
    difficulty = [gaze.detection_difficulty(options)]
    seq = scene.state.sequence
    assert seq is not None
    guess = PhysicalAction(kind="other", attribute="perception", skill=command.skill)
    extra = situation.common_terms(scene, seq, cid, guess)  # deafened, under water, eyes...
    pool += extra.pool
    difficulty += extra.difficulty
    roll = scene.roll(pool, difficulty)
    rolled = ev.GazeIntentRolled(
        combatant=cid,
        attacker=command.attacker,
        pool=pool,
        difficulty=difficulty,
        roll=roll,
        understood=gaze.understood(roll.successes, options),
    )
    return [Emitted(rolled)]


def check_avert(scene: Scene, cid: str, on: bool) -> None:
    """VDA-GAZE-03: during a round, a combatant that is not paralysed (VDA-STAKE-04)."""
    require(scene.state.round >= 1, "VDA-GAZE-03", "no round has started")
    require(cid in scene.state.combatants, "VDA-GAZE-03", f"{cid!r} is not in the fight")
    stake.require_not_paralysed(scene.state, cid)
    gaze.require_status_change(cid in scene.state.tactics.averting, on, "VDA-GAZE-03", "averting the gaze")
    if on:
        require(
            any(_has_gaze_power(scene, other) for other in scene.state.combatants if other != cid),
            "VDA-GAZE-03",
            "no opponent has a gaze power to suspect",
        )


def _has_gaze_power(scene: Scene, cid: str) -> bool:
    return any(
        grapple.power_requirement(p.discipline, p.requires) == "gaze"
        for p in scene.sheet(cid).powers.values()
    )


def avert_gaze(scene: Scene, command: AvertGaze) -> list[Emitted]:
    """VDA-GAZE-03: averted eyes: +1 on active rolls, −2 initiative (now if it was rolled,
    and at each initiative roll while it lasts)."""
    cid = command.combatant
    check_avert(scene, cid, command.on)
    emitted = [Emitted(ev.GazeAverted(combatant=cid, on=command.on))]
    fighter = scene.fighter(cid)
    if command.on and fighter.initiative_rolled:
        emitted.append(Emitted(_averting_adjustment(cid, fighter.initiative)))
    return emitted


def _averting_adjustment(cid: str, score: int) -> ev.InitiativeAdjusted:
    delta, new = gaze.averting_initiative(score)
    return ev.InitiativeAdjusted(combatant=cid, delta=delta, score=new, rule="VDA-GAZE-03", reason="averting")


def averting_at_initiative(scene: Scene, cid: str, score: int) -> list[Emitted]:
    """VDA-GAZE-03: a combatant still averting its eyes loses its 2 points at each roll."""
    if cid not in scene.state.tactics.averting:
        return []
    return [Emitted(_averting_adjustment(cid, score))]


def check_close(scene: Scene, cid: str, on: bool) -> None:
    require(scene.state.round >= 1, "VDA-GAZE-07", "no round has started")
    require(cid in scene.state.combatants, "VDA-GAZE-07", f"{cid!r} is not in the fight")
    gaze.require_status_change(cid in scene.state.tactics.eyes_closed, on, "VDA-GAZE-07", "closed eyes")
    if on:
        stake.require_not_paralysed(scene.state, cid)
        gaze.require_may_close_eyes(scene.state.tactics, cid)


def close_eyes(scene: Scene, command: CloseEyes) -> list[Emitted]:
    """VDA-GAZE-07: closed eyes: +3 on active rolls (unless sight is not the main sense),
    and no gaze can be caught."""
    check_close(scene, command.combatant, command.on)
    return [Emitted(ev.EyesClosed(combatant=command.combatant, on=command.on))]


def adjust_gaze(scene: Scene, command: AdjustGaze) -> list[Emitted]:
    check(bool(command.reason.strip()), "vda.reason", "a GM override says why")
    scene.sheet(command.attacker)
    scene.sheet(command.target)
    check(command.progress is None or command.progress >= 0, "vda.gaze-progress", "progress is 0 or more")
    adjusted = ev.GazeAdjusted(
        attacker=command.attacker,
        target=command.target,
        progress=command.progress,
        captured=command.captured,
        understood=command.understood,
        reason=command.reason,
    )
    return [Emitted(adjusted)]


def check_resolve(scene: Scene, cid: str) -> None:
    """The guards of ``resolve_gaze`` (for ``options_for``)."""
    from domain.systems.vda.handlers.resolve import check_resolve as check_turn

    _, action = check_turn(scene, cid)
    _check_attempt(scene, cid, action.target or "", action.gaze or "")


def check_avert_toggle(scene: Scene, cid: str) -> None:
    """``options_for``: averting the eyes, or looking again."""
    check_avert(scene, cid, cid not in scene.state.tactics.averting)


def check_close_toggle(scene: Scene, cid: str) -> None:
    """``options_for``: closing the eyes, or opening them."""
    check_close(scene, cid, cid not in scene.state.tactics.eyes_closed)

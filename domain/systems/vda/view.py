"""What each viewer may see of the state, and what a combatant may do now."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.base import Context, Viewer, admits
from domain.errors import Refused
from domain.systems.vda.grapple_view import describe_grapples
from domain.systems.vda.handlers import (
    budget,
    declare,
    equipment,
    gaze,
    grapple,
    resolve,
    round,
    surprise,
    two_weapons,
)
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import VdaState

__all__ = ["describe_grapples", "options_for", "redact"]


def redact(state: VdaState, viewer: Viewer) -> VdaState:
    """VDA-INIT-04: sealed declarations stay hidden from everyone but their author and the GM."""
    seq = state.sequence
    if viewer.is_gm or seq is None or not seq.sealed:
        return state
    sealed = {cid: s for cid, s in seq.sealed.items() if admits(s.audience, viewer)}
    return replace(state, sequence=replace(seq, sealed=sealed))


def _scene(source: Any) -> Scene:
    if isinstance(source, Context):
        return Scene.of(source.table)
    if isinstance(source, VdaState):
        return Scene(state=source)
    return Scene.of(source)


def options_for(source: Any, combatant: str) -> list[str]:
    """The command tags ``combatant`` may send now, found by running the guards ``decide``
    runs (``source``: a ``Context``, a ``TableState`` or a bare ``VdaState``)."""
    scene = _scene(source)
    checks: dict[str, Callable[[], object]] = {
        "vda.DiveForCover": lambda: round.check_dive(scene, combatant),
        "vda.RollInitiative": lambda: round.check_initiative(scene, combatant),
        "vda.DeclareAction": lambda: declare.check_turn(scene, combatant),
        "vda.ResolveAction": lambda: _check_resolve(scene, combatant),
        "vda.AllocateDefence": lambda: resolve.check_allocation(scene, combatant, {}),
        "vda.UsePower": lambda: budget.check_any_power(scene, combatant),
        "vda.SkipPower": lambda: budget.check_power_step(scene, combatant),
        "vda.SpendForAction": lambda: _check_any_spend(scene, combatant),
        "vda.ActivateCelerity": lambda: budget.check_celerity(scene, combatant, 1),
        "vda.SurpriseDefence": lambda: surprise.check_defence(scene, combatant),
        "vda.SurpriseAttack": lambda: surprise.check_attack(scene, combatant),
        "vda.ClearDeafness": lambda: equipment.check_clear_deafness(scene, combatant, 1),
        "vda.CatchGaze": lambda: gaze.check_any_catch(scene, combatant),
        "vda.DetectGazeIntent": lambda: gaze.check_any_detect(scene, combatant),
        "vda.AvertGaze": lambda: gaze.check_avert_toggle(scene, combatant),
        "vda.CloseEyes": lambda: gaze.check_close_toggle(scene, combatant),
        "vda.TakeTwoWeaponStance": lambda: two_weapons.check_any_stance(scene, combatant),
        "vda.ReleaseGrapple": lambda: grapple.check_release(scene, combatant),
        "vda.ShortenEcstasy": lambda: grapple.check_shorten(scene, combatant),
    }
    checks.update(_grapple_declarations(scene, combatant))
    allowed = []
    for tag, guard in checks.items():
        try:
            guard()
        except Refused:
            continue
        allowed.append(tag)
    return allowed


def _check_resolve(scene: Scene, combatant: str) -> object:
    if grapple.routes(scene, combatant):
        return grapple.check_resolve(scene, combatant)
    if gaze.routes(scene, combatant):
        gaze.check_resolve(scene, combatant)
        return None
    return resolve.check_resolve(scene, combatant)


def _grapple_declarations(scene: Scene, combatant: str) -> dict[str, Callable[[], object]]:
    """The grapple and bite declarations (VDA-GRAP, VDA-BITE) open to ``combatant`` now,
    each tried against the declaration's own guards (``declare.check_action``)."""
    try:
        seq = declare.check_turn(scene, combatant)
        candidates = grapple.candidate_actions(scene, combatant)
    except Refused:
        return {}
    return {
        label: (lambda action=action: declare.check_action(scene, seq, combatant, action))  # type: ignore[misc]
        for label, action in candidates.items()
    }


def _check_any_spend(scene: Scene, combatant: str) -> None:
    try:
        budget.check_spend(scene, combatant, "anger")
    except Refused:
        budget.check_spend(scene, combatant, "rage")

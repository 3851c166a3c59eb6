"""Orientation (VDA-ORI): what each combatant understands of the fight."""

from __future__ import annotations

from typing import Literal

from domain.systems.vda.state import Modifier, PhysicalAction, VdaOptions

Level = Literal["full", "zone", "partial", "none"]
GESTURE_DICE = 2


def orientation_levels(scores: dict[str, int]) -> dict[str, Level]:
    """VDA-ORI-01: the best initiative result understands the whole scene; half of it, the
    main zone; less, an incomplete picture.

    Seed 000 « Orientation »; 001 « Orientation ». Half is compared as a real number
    (catalogue default). Nobody understands anything from zero successes.
    """
    best = max(scores.values(), default=0)
    levels: dict[str, Level] = {}
    for cid, score in scores.items():
        if score <= 0:
            levels[cid] = "partial"
        elif score == best:
            levels[cid] = "full"
        else:
            levels[cid] = "zone" if score * 2 >= best else "partial"
    return levels


def gesture_cost(action: PhysicalAction) -> Modifier | None:
    """VDA-ORI-02: an orientation gesture takes 2 dice from a physical action.

    Seed 000 « Orientation ».
    """
    if not action.orientation:
        return None
    return Modifier(rule="VDA-ORI-02", value=-GESTURE_DICE, why="geste d'orientation")


def gesture_difficulty(options: VdaOptions) -> int:
    """VDA-ORI-02: the 2 dice are rolled at difficulty 4; each success answers one question."""
    return options.orientation_difficulty


def invalidates_orientation(action: PhysicalAction) -> bool:
    """VDA-ORI-05: movement makes everyone else's orientation stale.

    Seed 000 « Orientation » (« requise dès qu'il y a eu des déplacements … »).
    """
    return action.kind == "move"

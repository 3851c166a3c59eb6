"""Orientation (VDA-ORI): what each combatant understands of the fight."""

from __future__ import annotations

from typing import Literal

from domain.errors import require
from domain.systems.vda.gear import Circumstances
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import PhysicalAction
from domain.systems.wod import Modifier

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


def outnumbering_difficulty(opponents: int) -> Modifier | None:
    """VDA-ORI-02: outnumbering (« le surnombre ») raises the gesture's difficulty, +1 per
    opponent beyond the first.

    Seed 000 « Orientation » gives no number; the catalogue's default mirrors VDA-MOD-05.
    The opponents are those declared against the combatant in the sequence.
    """
    if opponents <= 1:
        return None
    return Modifier(rule="VDA-ORI-02", value=opponents - 1, why=f"surnombre ({opponents} adversaires)")


def obscured_difficulty(circumstances: Circumstances) -> list[Modifier]:
    """VDA-ORI-04: the 2-dice orientation stays subject to Obfuscate and « Arcane de combat ».

    Seed 000 « Orientation » (« L'orientation à 2 dés reste soumise aux effets de
    l'Obfuscate et de l'Arcane de combat »); 001 « Orientation ». Neither seed says by how
    much, nor what an « Arcane de combat » is: both are the GM's rulings on the combatant's
    surroundings (``Circumstances.obfuscate``, ``combat_arcane``, set by
    ``vda.SetCircumstances``). An orienting power (VDA-ORI-03) is not affected.
    """
    terms: list[Modifier] = []
    if circumstances.obfuscate:
        terms.append(Modifier(rule="VDA-ORI-04", value=circumstances.obfuscate, why="Obfuscate"))
    if circumstances.combat_arcane:
        terms.append(Modifier(rule="VDA-ORI-04", value=circumstances.combat_arcane, why="Arcane de combat"))
    return terms


def require_obscuring_rulings(circumstances: Circumstances) -> None:
    """VDA-ORI-04 (and VDA-ORI-02): Obfuscate and « Arcane de combat » only raise the difficulty."""
    require(
        circumstances.obfuscate >= 0 and circumstances.combat_arcane >= 0,
        "VDA-ORI-04",
        "Obfuscate and « Arcane de combat » only add to the orientation's difficulty",
    )


def gesture_difficulty_terms(
    options: VdaOptions, circumstances: Circumstances, opponents: int = 0
) -> list[Modifier]:
    """The 2-dice orientation roll's difficulty, term by term: the base (VDA-ORI-02,
    VDA-MINOR-04), outnumbering (VDA-ORI-02), Obfuscate and « Arcane de combat » (VDA-ORI-04)."""
    terms = [Modifier(rule="VDA-ORI-02", value=gesture_difficulty(options), why="geste d'orientation")]
    if crowd := outnumbering_difficulty(opponents):
        terms.append(crowd)
    return terms + obscured_difficulty(circumstances)


def invalidates_orientation(action: PhysicalAction) -> bool:
    """VDA-ORI-05: movement makes everyone else's orientation stale.

    Seed 000 « Orientation » (« requise dès qu'il y a eu des déplacements … »).
    """
    return action.kind == "move"

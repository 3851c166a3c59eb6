"""Seed 003 « Mouvement » (automatic actions and general maneuvers): how far one moves in
a turn, and what moving does to the turn's other actions."""

from __future__ import annotations

from collections.abc import Sequence

from domain.errors import require
from domain.systems.vtm.state import Action, HealthLevel, Movement
from domain.systems.wod import Modifier

WALK = 6


def reach(pace: str, dexterity: int) -> int:
    """VTM-MOVE-01: walking, 6 m a turn; VTM-MOVE-02: hurrying, 10 + Dex; VTM-MOVE-03:
    running, 18 + 3 × Dex."""
    return {"walk": WALK, "hurry": 10 + dexterity, "run": 18 + 3 * dexterity}[pace]


def require_ruled(awaiting: str) -> None:
    """VTM-MOVE-06: « D'autres manœuvres, comme sauter au-dessus d'obstacles ou se laisser
    glisser d'une hauteur, peuvent être considérées comme des actions séparées, selon leur
    complexité »: the Storyteller's call, so one whose complex move waits for the GM's
    ruling does not act yet."""
    require(
        awaiting != "VTM-MOVE-06",
        "VTM-MOVE-06",
        "the GM has yet to rule how many actions the complex move counts for (vtm.RuleComplexMove)",
    )


def asks_ruling(move: Movement | None) -> bool:
    """VTM-MOVE-06: a move that says what makes it complex asks the GM for a ruling."""
    return move is not None and bool(move.complex.strip())


def require_pace(move: Movement, dexterity: int, level: HealthLevel | None) -> None:
    """VTM-MOVE-01, VTM-MOVE-02, VTM-MOVE-03: no farther than the pace allows; VTM-MOVE-07 / VTM-DMG-12: a
    wounded character is slower, as its health level says (outside the seed: the health
    track's ``no_run`` and ``max_move``)."""
    farthest = reach(move.pace, dexterity)
    require(move.metres <= farthest, "VTM-MOVE-01", f"{move.pace}: {farthest} m a turn at most")
    if level is None:
        return
    require(not (level.no_run and move.pace == "run"), "VTM-MOVE-07", f"{level.name}: no running")
    require(
        level.max_move <= 0 or move.metres <= level.max_move,
        "VTM-MOVE-07",
        f"{level.name}: {level.max_move} m a turn at most",
    )


def alone(plan: Sequence[Action]) -> bool:
    """VTM-MOVE-05: the move is the whole turn: nothing but actions without a roll beside it."""
    return all(a.kind == "other" for a in plan)


def require_then_act(move: Movement, plan: Sequence[Action], dexterity: int) -> None:
    """VTM-MOVE-04: one may move up to half one's running distance and still act (move,
    then stop to act); farther, the move is the whole turn, unless acting while moving
    (VTM-MOVE-05). Walking never hinders the other actions (VTM-MOVE-01)."""
    if alone(plan) or move.while_acting or move.metres <= WALK:
        return
    half = reach("run", dexterity) / 2
    require(
        move.metres <= half,
        "VTM-MOVE-04",
        f"past half a run ({half:g} m) the move is the whole turn, or the actions are made while moving",
    )


def while_moving(move: Movement | None) -> list[Modifier]:
    """VTM-MOVE-05: acting while still moving costs a die per metre covered (a walk costs
    nothing, VTM-MOVE-01)."""
    if move is None or not move.while_acting or move.metres <= WALK:
        return []
    return [Modifier(rule="VTM-MOVE-05", value=-move.metres, why=f"moving {move.metres} m")]


def faster_than_walking(move: Movement | None) -> bool:
    """VTM-FIRE-14: no aiming at a target moving faster than a walk (without a laser)."""
    return move is not None and move.pace != "walk"

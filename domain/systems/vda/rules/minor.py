"""Minor acts (VDA-MINOR): 2 dice off the initiative roll or an action's pool."""

from __future__ import annotations

from domain.errors import require
from domain.systems.vda.state import PhysicalAction
from domain.systems.wod import Modifier

MINOR_ACT_DICE = 2
MINOR_ACTS = frozenset(
    {"draw", "extend", "call", "stand_up", "move", "servant", "orientation", "regrip", "unstick"}
)
"""VDA-MINOR-03: draw a weapon, extend claws, an item's call effect, stand up, move one
metre, conjure an abyssal servant, the 2-dice orientation (and, elsewhere in the seed,
regripping a weapon and working a stuck one loose)."""


def require_known_minor_acts(acts: list[str]) -> None:
    """VDA-MINOR-03: the minor acts the seed lists.

    Seed 000 « Actes mineurs » › « Actes mineurs possibles ».
    """
    for act in acts:
        require(
            act in MINOR_ACTS, "VDA-MINOR-03", f"{act!r} is not a minor act ({', '.join(sorted(MINOR_ACTS))})"
        )


def require_minor_act_moment(action: PhysicalAction) -> None:
    """VDA-MINOR-01: minor acts ride on the initiative roll or an offensive or defensive action.

    Seed 000 « Actes mineurs ».
    """
    require(
        not action.minor_acts or action.kind in ("attack", "defend"),
        "VDA-MINOR-01",
        "minor acts go with the initiative roll or an offensive or defensive action",
    )


def minor_act_cost(acts: list[str]) -> list[Modifier]:
    """VDA-MINOR-02: each minor act costs 2 dice of the pool it rides on.

    Seed 000 « Actes mineurs »; « Initiative » (drawing for 2 points).
    """
    return [Modifier(rule="VDA-MINOR-02", value=-MINOR_ACT_DICE, why=act) for act in acts]


def require_dice_for_minor_acts(pool_before: int, acts: list[str]) -> None:
    """VDA-MINOR-02: the pool must hold 2 dice for each act (catalogue default)."""
    need = MINOR_ACT_DICE * len(acts)
    require(
        pool_before >= need,
        "VDA-MINOR-02",
        f"{len(acts)} minor acts need {need} dice; the pool has {pool_before}",
    )

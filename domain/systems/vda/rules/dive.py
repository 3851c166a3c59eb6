"""Diving for cover as an initiative bonus (VDA-DIVE)."""

from __future__ import annotations

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.state import Fighter, PhysicalAction
from domain.systems.wod import Modifier

DIVE_DICE = 2
OFFENSIVE_PENALTY = 3


def require_before_initiative(fighter: Fighter, combatant: str) -> None:
    """VDA-DIVE-01: « Je me jette à couvert » is declared before the round (its initiative).

    Seed 000 « Esquive comme bonus d'initiative ».
    """
    require(
        not fighter.initiative_rolled,
        "VDA-DIVE-01",
        f"{combatant!r} already rolled initiative: too late to dive",
    )
    require(not fighter.dive, "VDA-DIVE-01", f"{combatant!r} already dives for cover this round")


def dive_dice(fighter: Fighter) -> Modifier | None:
    """VDA-DIVE-01: the diver gains 2 initiative dice (and wins ties, see ``ranking``)."""
    return Modifier(rule="VDA-DIVE-01", value=DIVE_DICE, why="se jette à couvert") if fighter.dive else None


def require_dodge_first(fighter: Fighter, sequence: int, action: PhysicalAction) -> None:
    """VDA-DIVE-02: the diver's first action is a dodge (to the ground or the nearest cover).

    Seed 000 « Esquive comme bonus d'initiative ».
    """
    if fighter.dive and sequence == 1:
        require(
            action.kind == "defend" and action.defence == "dodge",
            "VDA-DIVE-02",
            "whoever dives for cover dodges with their first action",
        )


def turns_offensive(fighter: Fighter, action: PhysicalAction) -> bool:
    """VDA-DIVE-03: a diver who declares an offensive action in the round loses 3 initiative."""
    return fighter.dive and not fighter.dive_turned and action.offensive


def hit_the_ground(fighter: Fighter, sequence: int, action: PhysicalAction, roll: PoolRoll) -> bool:
    """VDA-DIVE-04: a single 1 on the dive's dodge roll throws the diver to the ground.

    Seed 000 « Esquive comme bonus d'initiative ».
    """
    return fighter.dive and sequence == 1 and action.defence == "dodge" and roll.ones > 0

"""Seed 003 « Embuscade »: the resisted roll that opens a fight by surprise."""

from __future__ import annotations

from typing import Literal

from domain.errors import require
from domain.systems.vtm.state import Fighter

Outcome = Literal["ambusher", "tie", "defender"]

AMBUSHER = ("dexterity", "stealth")
WATCHER = ("perception", "alertness")


def require_unaware(target: Fighter, phase: str) -> None:
    """VTM-AMB-05: only one not yet fighting can be ambushed (and only when the GM, who
    alone sends the ambush, rules it possible): before anyone rolls initiative for a
    turn, and against a target that has not yet declared an action in this fight."""
    require(phase == "initiative", "VTM-AMB-05", "an ambush comes before a turn's initiative")
    require(not target.fought, "VTM-AMB-05", "one already fighting cannot be ambushed")


def outcome(ambusher: int, watcher: int) -> Outcome:
    """VTM-AMB-01: Dex + Furtivité resisted by Perception + Vigilance; VTM-AMB-02 the
    ambusher wins with more successes, VTM-AMB-03 a tie, VTM-AMB-04 the target sees it
    coming with more."""
    if ambusher > watcher:
        return "ambusher"
    return "tie" if ambusher == watcher else "defender"


def surprise_dice(outcome_: Outcome, margin: int) -> int:
    """VTM-AMB-02: the ambusher's extra Stealth successes join its attack pool."""
    return margin if outcome_ == "ambusher" else 0


def may_defend(outcome_: Outcome, denies: bool) -> bool:
    """VTM-AMB-03: on a tie the target may make a defensive maneuver; VTM-AMB-02: when the
    ambusher wins it may not (the catalogue's reading, the table option
    ``ambush_denies_defence``)."""
    return outcome_ == "tie" or not denies

"""Seed 003: multiple actions (« Tirs multiples », « voir Les actions multiples »),
defences inside them, desperate defence and the interrupted action."""

from __future__ import annotations

from domain.errors import require
from domain.systems.vtm.state import Action
from domain.systems.wod import Modifier

MAX_ACTIONS = 10
"""More actions than this leave no die in any pool a sheet can have (VTM-ACT-04)."""


def multiple_actions(count: int, index: int) -> list[Modifier]:
    """VTM-ACT-02: with N actions the first loses N dice and each next one a die more
    (rebuilt from « Tirs multiples »: « comme toujours »); VTM-ACT-10: a defence among
    them pays its place like any action. One action loses nothing (VTM-ACT-01)."""
    if count <= 1:
        return []
    return [Modifier(rule="VTM-ACT-02", value=-(count + index), why=f"action {index + 1} of {count}")]


def desperate_defence(made: int) -> list[Modifier]:
    """VTM-DEF-13: a desperate defence has its whole pool against the first attack and
    one die less for each defence after it that turn (no multiple-action penalty)."""
    return [Modifier(rule="VTM-DEF-13", value=-made, why=f"defence {made + 1}")] if made else []


def require_declaration(actions: list[Action], desperate: bool) -> None:
    """VTM-ACT-01: at least one action; VTM-DEF-13: a desperate defence declares
    defences only, for the whole turn."""
    require(1 <= len(actions) <= MAX_ACTIONS, "VTM-ACT-01", f"declare 1 to {MAX_ACTIONS} actions")
    if desperate:
        require(
            all(a.kind == "defend" for a in actions),
            "VTM-DEF-13",
            "a desperate defence spends the whole turn defending",
        )
    for action in actions:
        require(
            (action.kind == "attack") == (action.maneuver is not None)
            and (action.kind == "defend") == (action.defence is not None),
            "VTM-ACT-01",
            "an attack names its maneuver, a defence its kind, another action neither",
        )
        require(not action.kiss or action.maneuver == "bite", "VTM-MEL-10", "the Kiss is made with a bite")
        require(
            action.kind != "move",
            "VTM-MOVE-06",
            "the actions a complex move takes are the GM's ruling: describe it in the move (complex)",
        )


def require_one_kind(actions: list[Action], desperate: bool, single: bool) -> None:
    """VTM-DEF-13, the table's ``desperate_defence_single_type``: a desperate defence made
    « à l'aide d'une manœuvre défensive » keeps to one kind of defence."""
    kinds = {a.defence for a in actions}
    require(
        not (desperate and single) or len(kinds) <= 1,
        "VTM-DEF-13",
        "this table's desperate defence keeps to one kind of defence",
    )


def require_interruptible(pending: int | None, willpower_left: int, spend: bool) -> None:
    """VTM-DEF-06: a character with an action still to take may give it up for a defence,
    by a Willpower roll (difficulty 6) or by spending a Willpower point."""
    require(pending is not None, "VTM-DEF-06", "no declared action is left to give up")
    if spend:
        require(willpower_left >= 1, "VTM-DEF-06", "no Willpower point is left to spend")

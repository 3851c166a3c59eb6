"""Seed 003 « Étreindre », « Maintenir » and « Morsure »: grapples in force, what the
grapplers may do, breaking free and letting go."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from domain.errors import require
from domain.systems.vtm.state import Action, Grapple, VtmSheet
from domain.systems.wod import NONE, Terms, terms


def involving(grapples: Sequence[Grapple], combatant: str, present: Collection[str]) -> Grapple | None:
    """The grapple ``combatant`` is in, as either side, while both sides are at the table."""
    return next(
        (
            g
            for g in grapples
            if combatant in (g.attacker, g.target) and g.attacker in present and g.target in present
        ),
        None,
    )


def partner(grapple: Grapple, combatant: str) -> str:
    return grapple.target if grapple.attacker == combatant else grapple.attacker


def clinched(grapples: Sequence[Grapple], attacker: str, target: str) -> bool:
    """VTM-GRP-02: a clinch between the two is in force (whoever started it)."""
    return any(g.kind == "clinch" and {g.attacker, g.target} == {attacker, target} for g in grapples)


def allowed(grapple: Grapple | None, combatant: str, action: Action) -> bool:
    """VTM-GRP-02: in a clinch, each side may only hurt the other (squeeze, or bite) or try
    to escape, nothing else until one lets go. VTM-GRP-04: a held target can take no
    physical action but breaking free (``other`` stays: speaking, a mental power); the
    holder acts only against the one it holds (the catalogue's reading)."""
    if grapple is None:
        return action.kind != "escape"
    other = partner(grapple, combatant)
    against_other = action.kind == "attack" and action.target == other
    if grapple.kind == "clinch":
        return action.kind == "escape" or (against_other and action.maneuver in ("clinch", "bite"))
    if combatant == grapple.target:
        return action.kind in ("escape", "other")
    return against_other or action.kind == "other"


def holding_actions(grapple: Grapple | None, combatant: str, costs_an_action: bool) -> int:
    """VTM-GRP-04: keeping a hold costs the holder no action (the catalogue's reading); by
    the table's ``hold_costs_holder_action`` it is one of the holder's actions each turn,
    the first, so the holder's other actions pay the multiple-action penalty (VTM-ACT-02)."""
    holding = grapple is not None and grapple.kind == "hold" and grapple.attacker == combatant
    return 1 if holding and costs_an_action else 0


def require_allowed(grapple: Grapple | None, combatant: str, actions: Sequence[Action]) -> None:
    """VTM-GRP-02, VTM-GRP-04 at declaration: refused with the rule of the grapple that forbids it."""
    for action in actions:
        if grapple is None:
            require(action.kind != "escape", "VTM-GRP-03", f"{combatant} is held by no one")
            continue
        rule = "VTM-GRP-02" if grapple.kind == "clinch" else "VTM-GRP-04"
        require(
            allowed(grapple, combatant, action),
            rule,
            f"{combatant} is in a {grapple.kind} with {partner(grapple, combatant)}: "
            + (
                "only squeezing, biting or escaping"
                if grapple.kind == "clinch"
                else "no physical action but breaking free"
                if combatant == grapple.target
                else "only actions against the one held"
            ),
        )


def restrained(grapples: Sequence[Grapple], target: str, conditions: Collection[str]) -> Terms:
    """VTM-GRP-05: whoever is held or clinched (the one grabbed) is immobilized but still
    struggling: two more dice to attack it (VTM-CPX-06, not twice)."""
    grabbed = any(g.target == target for g in grapples)
    if grabbed and "immobilized" not in conditions:
        return terms("VTM-GRP-05", dice=2, why="target grappled")
    return NONE


def escape_traits() -> tuple[str, str]:
    """VTM-GRP-03, VTM-GRP-04: breaking free is a resisted Force + Bagarre roll on both sides."""
    return ("strength", "brawl")


def breaks_free(escaping: int, holding: int) -> bool:
    """VTM-GRP-03, VTM-GRP-04: only more successes than the other side break the grip; otherwise
    nothing changes."""
    return escaping > holding


def may_let_go(grapple: Grapple | None, combatant: str) -> Grapple:
    """VTM-GRP-06: a clinch lasts until one side lets go (either may); a hold is let go by
    the holder (the held one breaks free, VTM-GRP-04)."""
    require(grapple is not None, "VTM-GRP-06", f"{combatant} holds no one")
    assert grapple is not None
    require(
        grapple.kind == "clinch" or grapple.attacker == combatant,
        "VTM-GRP-06",
        f"{combatant} is held: breaking free takes an escape roll (VTM-GRP-04)",
    )
    return grapple


def require_bite(
    sheet: VtmSheet,
    grapples: Sequence[Grapple],
    tackled: Mapping[str, int],
    attacker: str,
    target: str,
    now: int,
) -> None:
    """VTM-MEL-09: only a vampire bites in combat, and only the turn after it grabbed the
    target: a clinch or a hold it started in an earlier turn and still in force, or a
    tackle that hit in the turn before (the catalogue's reading)."""
    require(sheet.kind == "vampire", "VTM-MEL-09", "only a vampire bites in combat")
    require(
        any(g.attacker == attacker and g.target == target and g.round < now for g in grapples)
        or tackled.get(target) == now - 1,
        "VTM-MEL-09",
        f"a bite follows a grab of {target} that succeeded in an earlier turn",
    )

"""The action budget of a round (VDA-ACT): how many actions, from where, and the cap."""

from __future__ import annotations

from domain.errors import require
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import Fighter, VdaSheet, VdaState

BASE_PHYSICAL = 1

# the V20 blood a vampire may spend per turn, by generation: 10 up to the 4th, 1 from
# the 10th.
BLOOD_PER_ROUND = {5: 8, 6: 6, 7: 4, 8: 3, 9: 2}


def blood_per_round(generation: int) -> int:
    """A-10: the most blood a combatant of this generation spends in one round."""
    return 10 if generation <= 4 else BLOOD_PER_ROUND.get(generation, 1)


def action_cap(sheet: VdaSheet, which: str = "higher") -> int:
    """VDA-ACT-02: no more actions (physical + power) in a round than Dexterity or Wits;
    one more when both are equal.

    Seed 000 « Nombre d'actions au sein d'un même round »; 001 « Limite du nombre
    d'actions » (Simeon, 6 and 6: 7 actions). The catalogue takes the higher score.
    """
    dex, wits = sheet.attributes.dexterity, sheet.attributes.wits
    if dex == wits:
        return dex + 1
    return max(dex, wits) if which == "higher" else min(dex, wits)


def celerity_active(fighter: Fighter, round_number: int) -> int:
    """VDA-ACT-04: each active Celerity dot adds one physical and one power action per round
    for the scene. Seed 000 « Nombre d'actions au sein d'un même round »."""
    return fighter.celerity if fighter.celerity_from_round <= round_number else 0


def granted_physical(state: VdaState, fighter: Fighter) -> tuple[int, list[str]]:
    """VDA-ACT-01: one physical action by default, plus Celerity (VDA-ACT-04).

    Seed 000 « Nombre d'actions … » (« Par défaut, un personnage dispose d'une seule
    action physique »).
    """
    celerity = celerity_active(fighter, state.round)
    sources = ["base"] + ["celerity"] * celerity
    return BASE_PHYSICAL + celerity, sources


def prepaid_by_celerity(fighter: Fighter, round_number: int, every_round: bool) -> int:
    """VDA-ACT-07: one Celerity point pays a physical and a power action together, so the
    power actions it opens need no activation point.

    Seed 000 « Action de pouvoir » (end of the Rorsh example). By default every round
    the dot stays active; otherwise only its activation round.
    """
    celerity = celerity_active(fighter, round_number)
    if not every_round and fighter.celerity_from_round != round_number:
        return 0
    return celerity


def require_within_cap(fighter: Fighter, combatant: str) -> None:
    """VDA-ACT-02: refuse an action past the round's cap."""
    used = fighter.physical_used + fighter.power_used
    require(
        used < fighter.cap,
        "VDA-ACT-02",
        f"{combatant!r} already took {used} actions, "
        f"the most Dexterity/Wits allow this round ({fighter.cap})",
    )


def require_power_below_physical(fighter: Fighter, combatant: str) -> None:
    """VDA-ACT-03: power actions never outnumber physical actions.

    Seed 000 « Nombre d'actions … » (« Le nombre d'action de pouvoir ne peut excéder
    le nombre d'action physique »).
    """
    require(
        fighter.power_used < fighter.physical,
        "VDA-ACT-03",
        f"{combatant!r} has {fighter.physical} physical actions "
        f"and already used {fighter.power_used} power actions",
    )


def require_round_running(state: VdaState) -> None:
    """VDA-ACT-05: actions are gained for the round being played, from its start (before
    the initiative, so that the declaration order counts them) to its last sequence."""
    require(state.phase in ("initiative", "sequence"), "VDA-ACT-05", "actions are gained during a round")


def require_points(scene: Scene, combatant: str, pool: str, amount: int, rule: str) -> None:
    """The pool holds the points to spend; blood also within the round's limit (A-10)."""
    left = scene.pool_left(combatant, pool)
    require(left >= amount, rule, f"{combatant!r} has {left} {pool} left, {amount} needed")
    if pool == "blood":
        limit = blood_per_round(scene.sheet(combatant).generation)
        ambush_cap = scene.fighter(combatant).ambush_cap
        if scene.state.round == 0 and ambush_cap is not None:
            # VDA-AMB-03, VDA-AMB-05: during the surprise, no more than the awareness successes.
            limit = min(limit, ambush_cap)
        spent = scene.fighter(combatant).blood_this_round
        require(
            spent + amount <= limit,
            "VDA-AMB-05" if scene.state.round == 0 else rule,
            f"{combatant!r} may spend {limit} blood this round and already spent {spent}",
        )


def require_anger_pool(pool: str, rage_like_anger: bool) -> None:
    """VDA-ACT-05: each point of Anger or Rage spent buys one action for the round (the
    command's type admits no other pool); a table may keep Rage from buying.

    Seed 000 « Nombre d'actions … » (« Chaque point de colère ou de rage dépensé … »).
    """
    require(rage_like_anger or pool == "anger", "VDA-ACT-05", "this table does not let Rage buy actions")


def form_actions(fighter: Fighter, sheet: VdaSheet) -> list[str]:
    """VDA-ACT-06: a form already active (the Zulo form of the Rorsh example) grants its
    physical actions from the round's start, one source each.

    Seed 000 « Action de pouvoir » (« Rorsh gagne 1 action physique grâce à la forme Zulo »)."""
    return [
        f"power:{form}"
        for form in fighter.forms
        if form in sheet.powers
        for _ in range(sheet.powers[form].grants_physical)
    ]


def require_purchase_possible(
    gain: str, physical: int, cap: int, committed_power: int, combatant: str
) -> None:
    """VDA-ACT-02, VDA-ACT-03 checked when Anger or Rage buys an action (VDA-ACT-05), not only when
    it is used: an action of either kind past the cap (physical and power actions count
    together), or a power action past the physical ones, would be a point spent for nothing.
    ``committed_power`` counts the power actions used and the ones already bought.

    Seed 000 « Nombre d'actions au sein d'un même round »."""
    if gain == "physical":
        require(
            physical + 1 <= cap,
            "VDA-ACT-02",
            f"{combatant!r} already has {physical} physical actions, the most Dexterity/Wits allow ({cap})",
        )
    else:
        require(
            committed_power + 1 <= physical,
            "VDA-ACT-03",
            f"{combatant!r} has {physical} physical actions and {committed_power} power actions already",
        )
    # VDA-ACT-02 counts physical and power actions together, whichever is bought.
    require(
        physical + committed_power + 1 <= cap,
        "VDA-ACT-02",
        f"{combatant!r} would hold more than the {cap} actions Dexterity/Wits allow",
    )

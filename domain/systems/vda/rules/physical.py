"""Physical actions and splitting a defence between attackers (VDA-PHYS)."""

from __future__ import annotations

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.rules.initiative import require_may_defend_against
from domain.systems.vda.state import Fighter, PhysicalAction, SequenceState

REAR_THRESHOLD = 8


def require_in_sequence(fighter: Fighter, seq: SequenceState, combatant: str) -> None:
    """VDA-SEQ-04: a combatant acts in sequence k only with a k-th physical action.

    Seed 001 « Séquence ».
    """
    require(
        fighter.physical >= seq.number,
        "VDA-SEQ-04",
        f"{combatant!r} has {fighter.physical} physical actions: none in sequence {seq.number}",
    )


def require_well_formed(action: PhysicalAction) -> None:
    """VDA-PHYS-02: an offensive action names its target, a defensive one its kind.

    Implied throughout seed 000 (« action offensive ou défensive »).
    """
    if action.kind == "attack":
        require(action.target is not None, "VDA-PHYS-02", "an attack names its target")
        require(bool(action.skill), "VDA-PHYS-02", "an attack names the skill it rolls (melee, brawl, ...)")
    if action.kind == "defend":
        require(action.defence is not None, "VDA-PHYS-02", "a defence says dodge, parry or block")


def rear_eligible(roll: PoolRoll) -> int:
    """VDA-PHYS-05: against an attacker in one's back, only successes at 8 or more count.

    Seed 000 « Action physique »; 001 « Action défensive ». Where the 1s cancel
    successes (A-3), they cancel the other successes first, in the defender's favour
    (catalogue default): the dice of 8 or more count as long as that many successes are
    left. Where they cancel nothing, every die of 8 or more counts.
    """
    threshold = max(REAR_THRESHOLD, roll.difficulty)
    rear_hits = sum(1 for face in roll.faces if face >= threshold)
    return min(roll.successes, rear_hits)


def attackers_of(seq: SequenceState, defender: str) -> dict[str, PhysicalAction]:
    """Who attacks ``defender`` in this sequence (public declarations only)."""
    return {cid: a for cid, a in seq.declared.items() if a.offensive and a.target == defender}


def require_defence_split(
    seq: SequenceState, fighter: Fighter, defender: str, allocations: dict[str, int]
) -> None:
    """VDA-PHYS-03: the successes of one defence may be split between several attacks.

    VDA-PHYS-04: side by side, freely; VDA-PHYS-05: only successes at 8+ may go to
    an attacker in the back. Seed 000 « Action physique ».
    """
    defence = seq.defences.get(defender)
    require(defence is not None, "VDA-PHYS-03", f"{defender!r} rolled no defence in sequence {seq.number}")
    assert defence is not None
    attackers = attackers_of(seq, defender)
    for attacker, successes in allocations.items():
        require(
            attacker in attackers,
            "VDA-PHYS-03",
            f"{attacker!r} does not attack {defender!r} in this sequence",
        )
        require(successes >= 0, "VDA-PHYS-03", "allocate zero or more successes")
        require_may_defend_against(fighter, defender, attacker)
    require(
        sum(allocations.values()) <= defence.successes,
        "VDA-PHYS-04",
        f"{defender!r} has {defence.successes} defensive successes to split",
    )
    behind = sum(n for cid, n in allocations.items() if attackers[cid].from_behind)
    require(
        behind <= defence.rear_eligible,
        "VDA-PHYS-05",
        f"only {defence.rear_eligible} successes (dice of 8 or more) may go to attackers in the back",
    )

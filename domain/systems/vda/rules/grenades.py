"""Grenades and deafening (VDA-GREN), from seed 000 « Armes spéciales › Grenades »,
« Pour l'attaquant », « Pour le défenseur », « Zone d'effet », « Dommages » and
« Assourdissement »."""

from __future__ import annotations

from typing import Literal

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.gear import Deafness, PendingGrenade
from domain.systems.vda.rules.damage import bashing_taken
from domain.systems.vda.state import PhysicalAction, VdaState
from domain.systems.wod import Kind, Modifier

Zone = Literal["lethal", "grave", "moderate", "out"]

DODGE_DIFFICULTY = 6
REACTION_DODGE_MALUS = 3
OUT_OF_RANGE_SUCCESSES = 5
FIRE_CAP = {"lethal": 2, "grave": 1}


def has_problem(throw: PoolRoll) -> bool:
    """VDA-GREN-03: two 1s on the throw: a « problème » (the fuse goes out, or it is late).

    000 « Pour l'attaquant » (« Si deux "1" sur le lancer initial »)."""
    return throw.ones >= 2


def require_pending(state: VdaState, grenade: str) -> PendingGrenade:
    """VDA-GREN-01: only a thrown grenade that has not exploded."""
    found = next((g for g in state.grenades if g.id == grenade), None)
    require(found is not None, "VDA-GREN-01", f"no pending grenade {grenade!r}")
    assert found is not None
    return found


def require_explosion_due(state: VdaState, grenade: PendingGrenade) -> None:
    """VDA-GREN-01, VDA-GREN-03: it explodes during the first sequence of the round after the throw
    (later when the GM ruled it delayed; never while its problem is unruled).

    000 « Grenades » (« explosion à une initiative aléatoire pendant la 1ère séquence du
    round suivant »): when, inside that sequence, is the GM's to say."""
    require(grenade.problem != "pending", "VDA-GREN-03", "the GM first rules what the fuse did")
    seq = state.sequence
    due = state.round >= grenade.explodes_round and (
        state.round > grenade.explodes_round or (seq is not None and seq.number == 1)
    )
    require(
        due, "VDA-GREN-01", f"grenade {grenade.id!r} explodes in sequence 1 of round {grenade.explodes_round}"
    )


def holds_sequence_open(state: VdaState) -> bool:
    """VDA-GREN-01: a grenade due in this sequence 1 keeps the sequence open until it
    explodes (or the GM rules it a dud, or delayed), even if every combatant passes: the
    round never closes over a pending detonation.

    000 « Grenades » (« explosion à une initiative aléatoire pendant la 1ère séquence du
    round suivant »)."""
    seq = state.sequence
    return (
        seq is not None and seq.number == 1 and any(g.explodes_round == state.round for g in state.grenades)
    )


def dodges_grenade(action: PhysicalAction) -> bool:
    """VDA-GREN-04: a dodge or a move made before the explosion counts against its hits."""
    return action.kind == "move" or (action.defensive and action.defence == "dodge")


def reaction_dodge_difficulty() -> list[Modifier]:
    """VDA-GREN-05: a dodge in reaction to the explosion is at +3 (9), unless a power says otherwise.

    000 « Pour le défenseur »."""
    return [
        Modifier(rule="A-7", value=DODGE_DIFFICULTY, why="esquive"),
        Modifier(rule="VDA-GREN-05", value=REACTION_DODGE_MALUS, why="en réaction à l'explosion"),
    ]


def net_hits(grenade: PendingGrenade, combatant: str, reaction: int = 0) -> int:
    """VDA-GREN-04: the throw's hits less the combatant's dodge and move successes (never below 0).

    000 « Pour le défenseur » (« les succès sont retranchés … des touchés »)."""
    return max(0, grenade.hits - grenade.dodged.get(combatant, 0) - reaction)


def zone_after_dodge(zone: Zone, grenade: PendingGrenade, combatant: str, reaction: int = 0) -> Zone:
    """VDA-GREN-04: more than 5 dodge successes take the combatant out of the blast.

    000 « Pour le défenseur » (« si plus de 5 succès, l'attaque passe hors de portée »)."""
    dodged = grenade.dodged.get(combatant, 0) + reaction
    return "out" if dodged > OUT_OF_RANGE_SUCCESSES else zone


def fire_aggravated(inflicted: int, blast: str) -> int:
    """VDA-GREN-08: 1 level in 2 inflicted is aggravated fire, at most 2, at most 1 at half damage.

    000 « Dommages » (« Par tranche de 2 dommages occasionné 1 est en aggravé de type Feu
    avec un maximum de 2. Si demi dommage, il ne peut y avoir plus de 1 »)."""
    return min(FIRE_CAP.get(blast, 0), inflicted // 2)


def halve_grave(inflicted: int) -> int:
    """VDA-GREN-06: the grave zone (4-5 m) takes half damage, rounded up (A-9).

    000 « Zone d'effet »."""
    return -(-inflicted // 2)


MODERATE_BASHING = 1


def moderate_bashing(kind: Kind, soaked: int = 0) -> int:
    """VDA-GREN-06: the moderate zone (6-10 m) takes 1 bashing (still 1 for a vampire),
    automatic by default; ``soaked`` is what a soak took off it under the option
    ``equipment.grenade_moderate_bashing_soaked``.

    000 « Zone d'effet » (« 1 dommage de contusion »)."""
    return bashing_taken(max(0, MODERATE_BASHING - soaked), kind)


def deafness(auspex: int, fortitude: int) -> Deafness:
    """VDA-GREN-09, VDA-GREN-11: +2 initiative difficulty and 1 die, one more each with Auspex 1-3,
    4-6 and 7+, less 1 each per Fortitude dot.

    000 « Assourdissement »."""
    band = 0 if auspex <= 0 else 1 if auspex <= 3 else 2 if auspex <= 6 else 3
    return Deafness(difficulty=max(0, 2 + band - fortitude), dice=max(0, 1 + band - fortitude))


def deafness_after_blood(found: Deafness, points: int) -> Deafness | None:
    """VDA-GREN-09: each blood point removes 1 malus point (difficulty first)."""
    difficulty = max(0, found.difficulty - points)
    dice = max(0, found.dice - max(0, points - found.difficulty))
    return Deafness(difficulty=difficulty, dice=dice) if difficulty or dice else None


def require_initiative_drawable(state: VdaState, grenade: PendingGrenade) -> None:
    """VDA-GREN-01: the grenade's d10 initiative is drawn once, in the round it explodes.

    000 « Grenades » (« explosion à une initiative aléatoire pendant la 1ère séquence du
    round suivant »)."""
    require(grenade.problem != "pending", "VDA-GREN-03", "the GM first rules what the fuse did")
    require(grenade.initiative is None, "VDA-GREN-01", f"grenade {grenade.id!r} already has its initiative")
    require(
        state.round == grenade.explodes_round and state.phase in ("initiative", "sequence"),
        "VDA-GREN-01",
        f"grenade {grenade.id!r} draws its initiative in round {grenade.explodes_round}",
    )


def require_initiative_reached(state: VdaState, grenade: PendingGrenade) -> None:
    """VDA-GREN-01: with its d10 drawn, the grenade explodes in sequence 1 once every
    combatant with a higher score has resolved its physical action (equal scores are
    simultaneous; the catalogue's default)."""
    require(
        grenade.initiative is not None,
        "VDA-GREN-01",
        f"draw grenade {grenade.id!r}'s initiative first (vda.DrawGrenadeInitiative)",
    )
    seq = state.sequence
    if seq is None or state.round > grenade.explodes_round:
        return
    declaring = [cid for group in seq.declaring for cid in group]
    declared = not seq.sealed and all(cid in seq.declared for cid in declaring)
    require(seq.step != "declare" or declared, "VDA-GREN-01", "the declarations of sequence 1 come first")
    faster = [
        cid
        for cid, action in seq.declared.items()
        if action.kind != "none"
        and cid not in seq.done_physical
        and state.fighters[cid].initiative > (grenade.initiative or 0)
    ]
    require(
        not faster,
        "VDA-GREN-01",
        f"grenade {grenade.id!r} explodes at initiative {grenade.initiative}: {', '.join(faster)} act first",
    )


def initiative_of(roll: PoolRoll) -> int:
    """VDA-GREN-01: the catalogue's default draw: the d10's face is the grenade's score."""
    return roll.faces[0]

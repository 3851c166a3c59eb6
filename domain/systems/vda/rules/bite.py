"""The bite and the Kiss, « La morsure » (VDA-BITE-01, VDA-BITE-02, VDA-BITE-03, VDA-BITE-04, VDA-BITE-05,
VDA-BITE-06).

Seed 000 « La morsure » and « Armes naturelles » (« Morsure, (Force +1), dommage
létaux (dont le 1ère est en aggravé) avec une difficulté de 5 au touché. Mais
cela demande d'avoir étreint sa victime »). The bite's damage goes through
``rules/attack.resolve_attack`` (the fangs of ``data.py`` carry Strength + 1,
lethal, the first level aggravated: VDA-BITE-01).
"""

from __future__ import annotations

from domain.errors import require
from domain.systems.vda.data import find_weapon
from domain.systems.vda.options import GrappleOptions
from domain.systems.vda.rules.equipment import require_bite_hold
from domain.systems.vda.rules.grapple import contact_between, hold
from domain.systems.vda.state import Fighter, PhysicalAction, VdaState
from domain.systems.wod import Kind, Modifier

FANGS = "morsure"
BITE_DIFFICULTY = 5
DRINK_DIFFICULTY = 6
KISS_DIFFICULTY = 7
KISS_ROUNDS_FROM = 8


def is_bite(action: PhysicalAction) -> bool:
    return action.offensive and action.weapon == FANGS


def require_bite_grapple(state: VdaState, biter: str, biter_kind: Kind, victim: str) -> None:
    """VDA-BITE-02: to bite, the vampire first grapples its victim: a hold of positive value
    between them, either way (VDA-GRAP-14: the held character may bite back).

    Seed 000 « La morsure » (« Pour mordre, le vampire doit d'abord agripper sa victime »)."""
    value = contact_between(state, biter, victim)
    require(
        value > 0,
        "VDA-BITE-02",
        f"{biter!r} n'étreint pas {victim!r} (valeur > 0) / bite needs a grapple of positive value",
    )
    fangs = find_weapon(FANGS)
    assert fangs is not None
    require_bite_hold(fangs, biter_kind, value)


def bite_difficulty(state: VdaState, biter: str, victim: str) -> list[Modifier]:
    """VDA-BITE-02: the bite hits at difficulty 5; biting one's grappler adds +1 from a value
    of 4 and +2 from 6 (VDA-GRAP-16, VDA-GRAP-17).

    Seed 000 « Armes naturelles », « 4 - La soumission »."""
    terms = [Modifier(rule="VDA-BITE-02", value=BITE_DIFFICULTY, why="morsure")]
    grapple = hold(state, victim, biter)
    if grapple is not None and grapple.effects.bite_back_difficulty:
        rule = "VDA-GRAP-17" if grapple.effects.bite_back_difficulty >= 2 else "VDA-GRAP-16"
        terms.append(
            Modifier(rule=rule, value=grapple.effects.bite_back_difficulty, why="mordre son agresseur")
        )
    return terms


def fangs_in(state: VdaState, fighter: Fighter, biter: str, victim: str) -> bool:
    """VDA-BITE-03: the action right after the bite (this round, or the first of the next)
    may drink, while the fangs stay in (the grapple holds)."""
    fangs = state.fangs.get(biter)
    if fangs is None or fangs.victim != victim or contact_between(state, biter, victim) < 0:
        return False
    same_round = fangs.round == state.round and fighter.physical_used == fangs.used
    return same_round or (fangs.round == state.round - 1 and fighter.physical_used == 0)


def require_fangs_in(state: VdaState, fighter: Fighter, biter: str, victim: str) -> None:
    """VDA-BITE-03: at the action following the bite, fangs in, the vampire may drink:
    a Strength roll at 6, each success 1 blood point from the victim to the drinker.

    Seed 000 « La morsure »."""
    require(
        fangs_in(state, fighter, biter, victim),
        "VDA-BITE-03",
        f"{biter!r} n'a pas les crocs plantés dans {victim!r} à l'action précédente / "
        "drinking follows a bite at the very next action",
    )


def drink_limit(max_blood: int) -> int:
    """VDA-BITE-04: one drinker takes no more than a third of a vampire's maximum blood
    pool per round (rounded down; whose pool is ``GrappleOptions.drink_limit_of``).

    Seed 000 « La morsure »."""
    return max(0, max_blood) // 3


def drink_amount(successes: int, limit_left: int, victim_blood: int) -> int:
    """VDA-BITE-03, VDA-BITE-04: each success moves 1 blood, within the round's limit and the victim's
    blood."""
    return max(0, min(successes, limit_left, victim_blood))


def resists_kiss(kind: Kind, options: GrappleOptions) -> bool:
    """VDA-BITE-05: mortals (and, by default, ghouls) cannot resist the Kiss's ecstasy, which
    begins with the first blood point drawn; vampires may (VDA-BITE-06).

    Seed 000 « La morsure »."""
    if kind == "ghoul":
        return not options.ghouls_are_mortal
    return kind == "vampire"


def ecstasy_rounds(willpower: int) -> int:
    """VDA-BITE-06: a vampire without Self-Control, or failing it at 7, cannot react for
    (8 − Willpower) rounds; 1 Willpower point per round shortens it by one.

    Seed 000 « La morsure ». Permanent Willpower (catalogue)."""
    return max(0, KISS_ROUNDS_FROM - willpower)


def ecstasy_active(state: VdaState, victim: str) -> bool:
    """VDA-BITE-05, VDA-BITE-06: the Kiss holds a victim while its grapple lasts, its rounds remain
    and no other damage broke it."""
    ecstasy = state.ecstasy.get(victim)
    if ecstasy is None or contact_between(state, ecstasy.drinker, victim) < 0:
        return False
    return ecstasy.until_round is None or state.round <= ecstasy.until_round


def require_not_in_ecstasy(state: VdaState, cid: str, action: PhysicalAction) -> None:
    """VDA-BITE-05, VDA-BITE-06: a victim in the Kiss's ecstasy takes no action.

    Seed 000 « La morsure » (« il ne peut réagir »)."""
    if action.kind == "none" or not ecstasy_active(state, cid):
        return
    timed = state.ecstasy[cid].until_round is not None
    require(
        False,
        "VDA-BITE-06" if timed else "VDA-BITE-05",
        f"{cid!r} est dans l'extase du baiser / in the Kiss's ecstasy: no action",
    )


def require_may_shorten(state: VdaState, cid: str) -> None:
    """VDA-BITE-06: 1 Willpower point per round shortens a vampire's ecstasy by one round."""
    ecstasy = state.ecstasy.get(cid)
    require(
        ecstasy is not None and ecstasy.until_round is not None and ecstasy_active(state, cid),
        "VDA-BITE-06",
        f"{cid!r} n'est pas dans l'extase d'un vampire / not in a vampire's timed ecstasy",
    )
    assert ecstasy is not None
    require(
        ecstasy.shortened_round != state.round,
        "VDA-BITE-06",
        "un point de Volonté par round / one Willpower point per round",
    )

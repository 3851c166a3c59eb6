"""Rounds and sequences (VDA-SEQ): who acts in which sequence and in which order."""

from __future__ import annotations

from domain.errors import require
from domain.systems.vda.state import Grapple, Rank, SequenceState, Step, VdaState


def require_round_over(state: VdaState) -> None:
    """VDA-SEQ-03: a round opens with its initiative, once the previous round is over.

    Seed 001 « Séquence » › « La première séquence d'un round ».
    """
    require(
        state.phase in ("setup", "between"),
        "VDA-SEQ-03",
        f"round {state.round} is still running; finish its sequences first",
    )


def require_sequence_running(state: VdaState) -> SequenceState:
    """VDA-SEQ-01: actions happen inside a sequence of a running round.

    Seed 000 « Règles de combat ».
    """
    require(
        state.sequence is not None, "VDA-SEQ-01", "no sequence is running: start a round and roll initiative"
    )
    assert state.sequence is not None
    return state.sequence


def ended_grapples(grapples: dict[str, Grapple]) -> list[str]:
    """VDA-SEQ-05: at the start of a round, holds of value 0 end (VDA-GRAP-06).

    Seed 000 « L'étreinte » › « 1 - Le contact ».
    """
    return [key for key, grapple in grapples.items() if grapple.value <= 0]


def rank_key(rank: Rank) -> tuple[int, bool]:
    return rank.score, rank.wins_ties


def current_ranks(state: VdaState) -> list[Rank]:
    """The round's order with the scores as they stand now (VDA-INIT-10)."""
    ranks = [
        Rank(combatant=r.combatant, score=state.fighters[r.combatant].initiative, wins_ties=r.wins_ties)
        if r.combatant in state.fighters
        else r
        for r in state.order
    ]
    return sorted(ranks, key=rank_key, reverse=True)


def participants(state: VdaState, number: int) -> list[str]:
    """VDA-SEQ-04: sequence k holds the k-th physical action of those who have one.

    Seed 001 « Séquence » (« Séquence 1 : Action 1 … Séquence 2 : Action 2 »).
    """
    return [
        r.combatant
        for r in current_ranks(state)
        if r.combatant in state.fighters and state.fighters[r.combatant].physical >= number
    ]


def resolution_groups(ranks: list[Rank], among: list[str]) -> list[list[str]]:
    """VDA-SEQ-02 with VDA-INIT-04: resolution by initiative, equal scores act together."""
    groups: list[list[str]] = []
    last: tuple[int, bool] | None = None
    for rank in ranks:
        if rank.combatant not in among:
            continue
        if rank_key(rank) != last:
            groups.append([])
            last = rank_key(rank)
        groups[-1].append(rank.combatant)
    return groups


def steps(resolving: list[list[str]], order: str) -> list[tuple[Step, list[str]]]:
    """VDA-SEQ-02: within a sequence a combatant's physical action resolves before its
    power action; ``interleaved`` (default) runs each group's physical then power
    actions, ``phased`` every physical action then every power action.

    Seed 000 « Règles de combat »; 001 « Résolution d'une séquence ».
    """
    if order == "phased":
        return [("physical", g) for g in resolving] + [("power", g) for g in resolving]
    both: tuple[Step, Step] = ("physical", "power")
    return [(step, g) for g in resolving for step in both]

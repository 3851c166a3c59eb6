"""The grapples as a table shows them: « A holds B: value v / cap c », what the hold
forbids to whom right now, who may still flee, the successes kept this round, and
the Kiss's ecstasy (VDA-GRAP-14, VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-18, VDA-GRAP-19,
VDA-GRAP-20, VDA-GRAP-21, VDA-GRAP-22, VDA-GRAP-23, VDA-BITE-05, VDA-BITE-06). Read from the projection
only."""

from __future__ import annotations

from domain.systems.vda.rules.bite import ecstasy_active
from domain.systems.vda.state import VdaState


def describe_grapples(state: VdaState) -> list[str]:
    """One line per grapple, then one per ecstasy, French then English."""
    lines = []
    for pair, g in sorted(state.grapples.items()):
        grappler, _, target = pair.partition(">")
        e = g.effects
        parts = [f"{grappler} tient {target} / holds {target}: valeur/value {g.value} / plafond/cap {g.cap}"]
        if e.forbidden_sizes:
            parts.append(f"{target}: pas d'arme / no weapon {'/'.join(e.forbidden_sizes)}")
        if e.bite_back_difficulty:
            parts.append(f"{target} mord à / bites at +{e.bite_back_difficulty}")
        if e.no_attack_on_grappler:
            parts.append(f"{target} n'attaque plus / cannot attack {grappler}")
        parts.append(f"{target} {'peut fuir / may flee' if e.flight else 'ne peut fuir / cannot flee'}")
        if e.dodge_malus:
            parts.append(f"{target}: esquive / dodge +2 par lutteur / per grappler")
        if e.takedown:
            parts.append(f"{target} peut être mis à terre / can be thrown down")
        if e.immobilised:
            parts.append(f"{target} immobilisé / immobilised")
        if e.powers_impossible:
            parts.append(f"{target}: magie et regard impossibles / no magic or gaze")
        elif e.power_dice:
            parts.append(f"{target}: magie et regard / magic and gaze {e.power_dice} dés/dice")
        if g.grappler_kept is not None:
            parts.append(f"{grappler} garde / keeps {g.grappler_kept} contre l'épreuve / against escapes")
        if g.target_kept is not None:
            parts.append(f"{target} garde / keeps {g.target_kept} contre le contrôle / against control")
        lines.append("; ".join(parts))
    for victim, x in sorted(state.ecstasy.items()):
        if ecstasy_active(state, victim):
            until = f" jusqu'au round / until round {x.until_round}" if x.until_round is not None else ""
            lines.append(f"{victim}: extase du baiser de / in the Kiss of {x.drinker}{until}")
    return lines

"""Readable lines for the main ``vda`` events, French first (the table's
language), for ``fracas watch``. Events without a line here are shown as their
fields."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.systems.vda import events as ev
from domain.systems.vda.state import PhysicalAction

KINDS = {"attack": "attaque", "defend": "défense", "move": "mouvement", "other": "action", "none": "rien"}


def action(a: PhysicalAction) -> str:
    words = [KINDS.get(a.kind, a.kind)]
    if a.skill:
        words.append(f"({a.skill})")
    if a.weapon:
        words.append(f"avec {a.weapon}")
    if a.target:
        words.append(f"→ {a.target}")
    return " ".join(words)


def dice(faces: list[int]) -> str:
    return "[" + " ".join(str(f) for f in faces) + "]"


def attack(e: ev.AttackResolved) -> str:
    r = e.resolution
    if not r.hit:
        return f"{e.attacker} → {e.target} : raté (marge {r.margin}) / missed"
    health = getattr(r, "health", None)
    lost = ""
    if health is not None:
        parts = [
            f"{n} {word}"
            for n, word in ((health.bashing, "C"), (health.lethal, "L"), (health.aggravated, "A"))
            if n
        ]
        lost = ", ".join(parts) or "0"
    return f"{e.attacker} → {e.target} ({r.weapon_id}) : marge {r.margin}, dommages {r.damage}, perd / loses {lost}"  # noqa: E501


LINES: dict[type, Callable[[Any], str]] = {
    ev.RoundStarted: lambda e: f"── round {e.round} ──",
    ev.InitiativeRolled: lambda e: f"{e.combatant} : initiative {dice(e.roll.faces)} → {e.score}",
    ev.OrientationSet: lambda e: "orientation : " + ", ".join(f"{c} {lvl}" for c, lvl in e.levels.items()),
    ev.ActionsGranted: lambda e: f"{e.combatant} : {e.physical} action(s) physique(s), plafond / cap {e.cap}",
    ev.ActionGained: lambda e: f"{e.combatant} gagne une action / gains an action ({e.kind}, {e.source})",
    ev.GrappleRolled: lambda e: (
        f"{e.combatant} : étreinte / grapple {e.move} → {e.target} "
        f"{dice(e.check.roll.faces)} → {e.check.successes} succès"
    ),
    ev.GrappleSuccessesKept: lambda e: (
        f"{e.grappler}/{e.target} : {e.successes} succès gardés / kept ({e.side})"
    ),
    ev.StakeChecked: lambda e: (
        f"{e.attacker} → {e.target} : pieu / stake {e.mode} "
        + ("réussi / staked" if e.success else "raté / missed")
    ),
    ev.InitiativeOrderSet: lambda e: (
        "ordre / order : " + ", ".join(f"{r.combatant} {r.score}" for r in e.order)
    ),
    ev.SequenceStarted: lambda e: f"séquence / sequence {e.sequence} (round {e.round})",
    ev.StepStarted: lambda e: f"séquence {e.sequence} : étape {e.step} / step — {', '.join(e.combatants)}",
    ev.ActionDeclared: lambda e: f"{e.combatant} déclare / declares {action(e.action)}",
    ev.DeclarationSealed: lambda e: f"{e.combatant} déclare en secret / seals {action(e.action)}",
    ev.DeclarationsRevealed: lambda e: (
        "déclarations révélées / revealed : " + "; ".join(f"{c} {action(a)}" for c, a in e.actions.items())
    ),
    ev.DefenceRenounced: lambda e: (
        f"{e.combatant} renonce à se défendre contre / gives up defending against {e.opponent}"
    ),
    ev.ActionRolled: lambda e: (
        f"{e.combatant} : {e.kind} ({e.skill}) {dice(e.roll.faces)} "
        f"diff {e.roll.difficulty} → {e.roll.successes} succès"
        + (" — ÉCHEC CRITIQUE" if e.roll.botch else "")
    ),
    ev.AttackResolved: attack,
    ev.PowerUsed: lambda e: f"{e.combatant} : pouvoir / power {e.power} (payé / paid {e.paid_by})",
    ev.PowerSkipped: lambda e: f"{e.combatant} : pas de pouvoir / no power",
    ev.ResourceSpent: lambda e: f"{e.combatant} dépense / spends {e.amount} {e.pool} ({e.purpose})",
    ev.SequenceEnded: lambda e: f"fin de la séquence / end of sequence {e.sequence}",
    ev.RoundEnded: lambda e: f"── fin du round {e.round} / end of round ──",
    ev.GrappleEstablished: lambda e: (
        f"{e.grappler} étreint / holds {e.target} : valeur {e.value} / plafond {e.cap}"
    ),
    ev.GrappleValueChanged: lambda e: (
        f"{e.grappler} étreint {e.target} : valeur {e.value} ({e.delta:+d}, {e.cause})"
    ),
    ev.GrappleEnded: lambda e: f"{e.grappler} lâche / releases {e.target} ({e.reason})",
    ev.BloodDrunk: lambda e: f"{e.drinker} boit {e.amount} sang à / drinks from {e.victim}",
    ev.HealthAdjusted: lambda e: (
        f"MJ : santé de / health of {e.combatant} "
        f"C{e.bashing:+d} L{e.lethal:+d} A{e.aggravated:+d} ({e.reason})"
    ),
}


def line(event: Any) -> str | None:
    describe = LINES.get(type(event))
    return None if describe is None else describe(event)

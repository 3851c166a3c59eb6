"""One readable line per event, for ``fracas watch``."""

from __future__ import annotations

import json

import msgspec

from clients.python import display_vda
from domain.dice import D6Roll, KeepRoll, PoolRoll, Roll
from domain.events import (
    CombatantAdded,
    CombatantRemoved,
    CombatantUpdated,
    DiceRolled,
    Hidden,
    NoteAdded,
    Recorded,
    Rewound,
    RollRevealed,
    event_tag,
)


def describe_roll(roll: Roll) -> str:
    match roll:
        case PoolRoll():
            verdict = "ÉCHEC CRITIQUE / botch" if roll.botch else f"{roll.successes} succès"
            return f"{roll.dice}d10 diff {roll.difficulty}: {roll.faces} → {verdict}"
        case KeepRoll():
            outcome = "" if roll.success is None else (" ✓" if roll.success else " ✗")
            return f"{roll.rolled}g{roll.kept}: {roll.chains} → {roll.total}{outcome}"
        case D6Roll():
            return f"{roll.dice}d6: {roll.faces} → {roll.successes} succès"
    return str(roll)


def summary(event: msgspec.Struct) -> str:
    match event:
        case NoteAdded(text=text, secret=secret):
            return ("(secret) " if secret else "") + text
        case DiceRolled(label=label, roll=roll, combatant=combatant):
            who = f"{combatant} " if combatant else ""
            return f"{who}{label + ': ' if label else ''}{describe_roll(roll)}"
        case RollRevealed(position=p, label=label, roll=roll):
            return f"revealed #{p} {label}: {describe_roll(roll)}"
        case Rewound(to=to, reason=reason):
            return f"↺ back to position {to}" + (f" ({reason})" if reason else "")
        case Hidden(kind=kind, combatant=combatant):
            return f"(hidden {kind}{' for ' + combatant if combatant else ''})"
        case CombatantAdded(combatant=c) | CombatantUpdated(combatant=c):
            return f"{c.name} [{c.id}] {c.side}".rstrip()
        case CombatantRemoved(combatant_id=cid):
            return cid
    readable = display_vda.line(event)
    if readable is not None:
        return readable
    fields = {k: v for k, v in msgspec.to_builtins(event).items() if k != "type"}
    return json.dumps(fields, ensure_ascii=False)


def describe(record: Recorded) -> str:
    clock = record.at[11:19] if record.at else "--:--:--"
    who = record.sender or "-"
    return f"{record.position:>6} {clock} {who:<10} {event_tag(record.event)}: {summary(record.event)}"

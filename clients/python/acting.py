"""``fracas do`` and its verbs (``declare``, ``roll``, ``resolve``, ``pass``): a
command built from flags, for whichever rule system the table runs.

Nothing here knows a rule system: the command types are the table's and the
system's (``domain.systems``), a move is found by its name among them (the ones
``may`` allows the combatant now first), and its fields are checked and
converted by the command type itself (msgspec), so a new system's commands work
without new client code.

    fracas do rorsh                                  what Rorsh may do now
    fracas declare rorsh --action.kind attack --action.target agnes --action.skill melee
    fracas roll rorsh                                vda.RollInitiative (what may allows)
    fracas do rorsh vda.UsePower --power celerite
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import msgspec

VERBS: dict[str, tuple[str, ...]] = {
    "declare": ("Declare",),
    "roll": ("Roll",),
    "resolve": ("Resolve",),
    "pass": ("Skip", "Abstain", "Pass"),
}
"""The common actions, each as the prefixes of the command names it stands for."""


class MoveError(Exception):
    """A move that cannot be built: said in one line."""


def tag(command_type: type) -> str:
    return str(command_type.__struct_config__.tag)  # type: ignore[attr-defined]


def command_types(system: str) -> dict[str, type]:
    """The commands a table of ``system`` takes, by tag."""
    # Imported here: ``fracas`` reads the verbs above before it needs any rule system.
    from domain.commands import TABLE_COMMANDS
    from domain.systems import SYSTEMS

    found = SYSTEMS.get(system)
    types = [*TABLE_COMMANDS, *(found.command_types if found else ())]
    return {tag(t): t for t in types}


def short(name: str) -> str:
    """``vda.DeclareAction`` → ``DeclareAction``."""
    return name.rsplit(".", 1)[-1]


def find_move(system: str, move: str, allowed: Iterable[str] = ()) -> type:
    """The command type ``move`` names: a tag, a name without its system, or a verb
    (``declare``…); among several, the ones ``may`` allows now, and the rule
    system's own before the table's (``roll`` is the initiative before a plain roll)."""
    types = command_types(system)
    if move in types:
        return types[move]
    lowered = move.lower()
    prefixes = VERBS.get(lowered)
    if prefixes:
        candidates = [t for t in types if short(t).startswith(prefixes)]
    else:
        candidates = [t for t in types if short(t).lower() == lowered]
    if len(candidates) > 1:  # the ones allowed now, and the rule system's before the table's
        allowed_now = {a.split("/")[0] for a in allowed}  # a named variant allows its command
        candidates = [c for c in candidates if c in allowed_now] or candidates
        candidates = [c for c in candidates if "." in c] or candidates
    if len(candidates) == 1:
        return types[candidates[0]]
    if not candidates:
        known = ", ".join(sorted(types))
        raise MoveError(f"no command {move!r} on a {system} table; known: {known}")
    raise MoveError(f"{move!r} may be {', '.join(sorted(candidates))}: name one")


def parse_fields(words: list[str]) -> dict[str, Any]:
    """``--a.b value``, ``--a.b=value`` or ``a.b=value`` as nested fields. A value is
    read as JSON when it can be (numbers, true, lists), else kept as text; a flag
    without a value is true."""
    fields: dict[str, Any] = {}
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word.startswith("--"):
            key, eq, value = word[2:].partition("=")
            if not eq:
                if index < len(words) and not words[index].startswith("--"):
                    value = words[index]
                    index += 1
                else:
                    value = "true"
        elif "=" in word:
            key, _, value = word.partition("=")
        else:
            raise MoveError(f"{word!r} is not a field: write --field value or field=value")
        if not key:
            raise MoveError(f"{word!r} has no field name")
        place = fields
        parts = key.replace("-", "_").split(".")
        for part in parts[:-1]:
            inner = place.setdefault(part, {})
            if not isinstance(inner, dict):
                raise MoveError(f"--{key}: {part} is given a value and fields")
            place = inner
        place[parts[-1]] = _value(value)
    return fields


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def build(command_type: type, combatant: str | None, fields: dict[str, Any]) -> Any:
    """The command, checked by its type: a wrong or missing field is named."""
    names = {f.name for f in msgspec.structs.fields(command_type)}
    data = dict(fields)
    if combatant is not None and "combatant" in names:
        data.setdefault("combatant", combatant)
    unknown = sorted(set(data) - names)
    if unknown:
        raise MoveError(
            f"{tag(command_type)} has no field {', '.join(unknown)}; its fields: {', '.join(sorted(names))}"
        )
    try:
        return msgspec.convert(data, command_type, strict=False)
    except msgspec.ValidationError as exc:
        raise MoveError(f"{tag(command_type)}: {exc}") from None


def describe_fields(command_type: type) -> str:
    """A command's fields as flags, the required ones first: ``--action (required)``."""
    out = []
    for f in msgspec.structs.fields(command_type):
        if f.name == "combatant":
            continue
        required = f.required
        out.append(f"--{f.name}" + (" (required)" if required else ""))
    return " ".join(out)

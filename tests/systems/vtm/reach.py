"""The static call graph of ``domain.systems.vtm`` from what the system registers
(``domain/systems/vtm/__init__.py``: the moves ``decide`` runs, ``evolve``, the options, the
view), walked with the module reader of ``tests/systems/vda/reach.py``: which functions,
classes and constants play can reach."""

from __future__ import annotations

import ast

from tests.systems.vda.reach import ROOT, Module

PACKAGE = "domain.systems.vtm"
SOURCE = ROOT / "domain" / "systems" / "vtm"


def modules() -> dict[str, Module]:
    return {m.name: m for m in (Module(path) for path in sorted(SOURCE.rglob("*.py")))}


def reachable() -> set[str]:
    """Every ``module:name`` of the package that play reaches."""
    found = modules()
    root = found[PACKAGE]
    top = [n for n in root.tree.body if not isinstance(n, ast.Import | ast.ImportFrom)]
    todo = list(root.references(top))
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        module, _, attribute = name.partition(":")
        where = found.get(module)
        if where is None or attribute not in where.defined:
            continue
        todo += where.references(where.defined[attribute])
    return seen


def public_functions() -> set[str]:
    """Every public module-level function of the package, as ``module:name``."""
    return {
        f"{m.name}:{node.name}"
        for m in modules().values()
        for node in m.tree.body
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
    }

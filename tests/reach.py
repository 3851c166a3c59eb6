"""The static call graph of a rule system's package (``domain/systems/<id>/``), from what
the system registers (its ``__init__.py``: the moves ``decide`` runs, ``evolve``, the
options, the view): which functions, classes and constants play can reach. A name is
followed through the module it was imported from, so two functions of the same name in two
modules stay apart; a class that is reached brings its whole body (its methods and
properties)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class Module:
    def __init__(self, path: Path) -> None:
        self.name = module_name(path)
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.modules: dict[str, str] = {}  # alias -> module
        self.names: dict[str, str] = {}  # alias -> "module:name"
        self.defined: dict[str, list[ast.AST]] = {}
        for node in self.tree.body:
            self._imports(node, self.modules, self.names)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                self.defined.setdefault(node.name, []).append(node)
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            self.defined.setdefault(name.id, []).append(node)

    @staticmethod
    def _imports(node: ast.AST, modules: dict[str, str], names: dict[str, str]) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                modules[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if (ROOT / Path(*full.split("."))).with_suffix(".py").exists() or (
                    ROOT / Path(*full.split(".")) / "__init__.py"
                ).exists():
                    modules[alias.asname or alias.name] = full
                else:
                    names[alias.asname or alias.name] = f"{node.module}:{alias.name}"

    def references(self, nodes: list[ast.AST]) -> set[str]:
        """The qualified names ``nodes`` refer to."""
        modules, names = dict(self.modules), dict(self.names)
        for node in nodes:
            for inner in ast.walk(node):
                self._imports(inner, modules, names)  # imports inside a function body
        found: set[str] = set()
        for node in nodes:
            for inner in ast.walk(node):
                if isinstance(inner, ast.Name):
                    if inner.id in names:
                        found.add(names[inner.id])
                    elif inner.id in self.defined:
                        found.add(f"{self.name}:{inner.id}")
                elif isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name):
                    if inner.value.id in modules:
                        found.add(f"{modules[inner.value.id]}:{inner.attr}")
                elif isinstance(inner, ast.ImportFrom) and inner.module:
                    found |= {f"{inner.module}:{alias.name}" for alias in inner.names}
        return found


class CallGraph:
    """The call graph of ``domain.systems.<system>``."""

    def __init__(self, system: str) -> None:
        self.package = f"domain.systems.{system}"
        self.source = ROOT / "domain" / "systems" / system

    def modules(self) -> dict[str, Module]:
        return {m.name: m for m in (Module(path) for path in sorted(self.source.rglob("*.py")))}

    def reachable(self, start: str | None = None) -> set[str]:
        """Every ``module:name`` of the package that play reaches (from ``start``'s top
        level; by default the package itself, what the system registers)."""
        found = self.modules()
        root = found[start or self.package]
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

    def public_functions(self) -> set[str]:
        """Every public module-level function of the package, as ``module:name``."""
        return {
            f"{m.name}:{node.name}"
            for m in self.modules().values()
            for node in m.tree.body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
        }

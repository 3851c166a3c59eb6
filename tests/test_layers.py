"""The dependency direction of STYLE.md, read from the source: ``clients/``
never imports ``server/`` (the ``fracas`` launcher, :mod:`fracas_cli`, is the
one place that knows both), and ``domain/`` imports neither."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_packages(path: Path) -> set[str]:
    """The top-level packages a module imports, wherever the import sits
    (inside a function too); relative imports stay inside their own package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.partition(".")[0])
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value.partition(".")[0])
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"), [("clients", {"server", "fracas_cli"}), ("domain", {"server", "clients"})]
)
def test_a_package_never_imports_the_layers_above_it(package: str, forbidden: set[str]) -> None:
    modules = sorted((ROOT / package).rglob("*.py"))
    assert modules, f"no modules under {package}/"
    offending = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) & forbidden)
        for path in modules
        if imported_packages(path) & forbidden
    }
    assert offending == {}


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from server.serve import serve\n    import importlib\n")
    assert imported_packages(module) == {"server", "importlib"}

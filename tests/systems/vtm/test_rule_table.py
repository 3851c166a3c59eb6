"""The rule table of ``docs/systems/vtm.md`` stays true to the code (``tests/rule_table.py``),
and every rule it names is enforced in play: its implementation is reachable from what the
system registers (``decide``'s moves, ``evolve``, the options, the view), walking the call
graph (``tests/reach.py``); no public rule function is left that only tests
call; the code writes every rule ID out, never as a range or a list (« VTM-MOVE-01..03 »,
« VTM-GRP-02/04 »); and every rule test names its IDs in its docstring."""

from __future__ import annotations

import ast
import re

from tests.reach import CallGraph
from tests.rule_table import ROOT, RuleTableContract

GRAPH = CallGraph("vtm")
PACKAGE, SOURCE = GRAPH.package, GRAPH.source

RANGE = re.compile(r"VTM-[A-Z]+-\d\d\s*(?:\.\.|–|\.\.\.|/)\s*(?:[A-Z]+-)?\d\d")
RULE_TEST = re.compile(r"^test_vtm_((?:[a-z]+_\d\d(?:_\d\d)*_?)+)__")
PART = re.compile(r"([a-z]+)((?:_\d\d)+)")


def named_ids(name: str) -> list[str]:
    """The rule IDs a rule test's name carries: ``test_vtm_fire_04_05__…`` names VTM-FIRE-04
    and VTM-FIRE-05, ``test_vtm_move_07_dmg_12__…`` VTM-MOVE-07 and VTM-DMG-12."""
    found = RULE_TEST.match(name)
    if found is None:
        return []
    return [
        f"VTM-{chapter.upper()}-{number}"
        for chapter, numbers in PART.findall(found.group(1))
        for number in numbers.strip("_").split("_")
    ]


class TestRuleTable(RuleTableContract):
    system = "vtm"

    def test_the_reachability_walk_can_fail(self) -> None:
        """The walk is not vacuous: a function defined but never called is not reached."""
        played = GRAPH.reachable()
        assert f"{PACKAGE}.handlers.resolve:resolve_action" in played
        assert f"{PACKAGE}.rules.movement:require_ruled" in played
        assert f"{PACKAGE}.rules.firearms:require_area" in played
        assert f"{PACKAGE}.state:pair" in played
        assert f"{PACKAGE}.rules.initiative:nonexistent" not in played

    def test_the_code_writes_every_rule_id_out(self) -> None:
        """« VTM-MOVE-01..03 » or « VTM-GRP-02/04 » hides an ID from ``grep``: each ID is
        written out."""
        ranges = [
            f"{path.relative_to(SOURCE)}:{n}"
            for path in sorted(SOURCE.rglob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if RANGE.search(line)
        ]
        assert ranges == []

    def test_every_rule_test_names_its_rule_ids_in_its_docstring(self) -> None:
        """A rule test says in its docstring which rule it pins (``grep`` finds it there)."""
        bare = []
        for path in sorted((ROOT / "tests" / "systems" / "vtm").glob("test_*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef) and (ids := named_ids(node.name)):
                    doc = ast.get_docstring(node) or ""
                    bare += [f"{path.name}::{node.name}: {i}" for i in ids if i not in doc]
        assert bare == []

    def test_named_ids_reads_lists_and_chapters(self) -> None:
        assert named_ids("test_vtm_fire_04_05__x") == ["VTM-FIRE-04", "VTM-FIRE-05"]
        assert named_ids("test_vtm_move_07_dmg_12__x") == ["VTM-MOVE-07", "VTM-DMG-12"]
        assert named_ids("test_vtm_cpx_03_04_06__x") == ["VTM-CPX-03", "VTM-CPX-04", "VTM-CPX-06"]
        assert named_ids("test_the_gm_passes_over") == []

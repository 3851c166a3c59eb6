"""The rule table of a system's doc page (``docs/systems/<id>.md``, between the
rule-table markers) stays true: every test it names exists, every code reference
resolves, no rule ID appears twice, and every row has a test or says why it has
none. The catalogues are not in the repository, so completeness is checked by hand
against them; these tests check the table against the code. A system's test module
subclasses :class:`RuleTableContract` and names its system."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from tests.reach import CallGraph

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- rule-table:start -->", "<!-- rule-table:end -->"
TICKED = re.compile(r"`([^`]+)`")


def table_rows(system: str) -> list[list[str]]:
    text = (ROOT / "docs" / "systems" / f"{system}.md").read_text(encoding="utf-8")
    assert START in text and END in text, "the rule table markers are missing"
    body = text.split(START, 1)[1].split(END, 1)[0]
    rows = []
    for line in body.strip().splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] in ("ID", "---"):
            continue
        assert len(cells) == 5, f"a row needs 5 cells: {line}"
        rows.append(cells)
    return rows


def collected_tests(system: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests" / "systems" / system).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found[path.name] = {
            node.name
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")
        }
    return found


class RuleTableContract:
    system = ""

    def rows(self) -> list[list[str]]:
        return table_rows(self.system)

    def test_every_rule_and_handler_function_is_reachable_from_play(self) -> None:
        """A public function of ``rules/`` or ``handlers/`` is wired into play or deleted."""
        graph = CallGraph(self.system)
        played = graph.reachable()
        ours = (f"{graph.package}.rules.", f"{graph.package}.handlers.")
        idle = sorted(f for f in graph.public_functions() if f.startswith(ours) and f not in played)
        assert idle == [], "called by no move, projection or option: wire them or delete them"

    def test_every_implementation_the_table_names_is_reachable_from_play(self) -> None:
        graph = CallGraph(self.system)
        played, found = graph.reachable(), graph.modules()
        idle = []
        for row in self.rows():
            for ref in TICKED.findall(row[2]):
                module, _, attribute = ref.rpartition(".")
                name = f"{graph.package}.{module.replace('/', '.')}:{attribute}"
                defined = found.get(name.partition(":")[0])
                if defined is not None and attribute in defined.defined and name not in played:
                    idle.append(f"{row[0]}: {ref}")
        assert idle == []

    def test_rule_ids_are_well_formed_and_unique(self) -> None:
        ids = [row[0] for row in self.rows()]
        assert ids, "the rule table is empty"
        rule_id = re.compile(rf"^{self.system.upper()}-[A-Z]+-\d\d$")
        assert [i for i in ids if not rule_id.match(i)] == []
        assert sorted({i for i in ids if ids.count(i) > 1}) == []

    def test_every_listed_test_exists(self) -> None:
        known = collected_tests(self.system)
        missing = []
        for row in self.rows():
            for ref in TICKED.findall(row[3]):
                file, _, name = ref.partition("::")
                if name not in known.get(file, set()):
                    missing.append(f"{row[0]}: {ref}")
        assert missing == []

    def test_every_row_has_a_test_or_a_reason(self) -> None:
        bare = [row[0] for row in self.rows() if not TICKED.findall(row[3]) and not row[4]]
        assert bare == []

    def test_every_code_reference_resolves(self) -> None:
        unresolved = []
        for ref in sorted({ref for row in self.rows() for ref in TICKED.findall(row[2])}):
            module, _, attribute = ref.rpartition(".")
            found = importlib.import_module(f"domain.systems.{self.system}." + module.replace("/", "."))
            if not hasattr(found, attribute):
                unresolved.append(ref)
        assert unresolved == [], "these references name nothing"

"""The rule table of ``docs/systems/vda.md`` stays true to the code (``tests/rule_table.py``),
and every rule it names is enforced in play: its implementation is reachable from what the
system registers (``decide``'s moves, ``evolve``, the options, the view), walking the call
graph (``tests/reach.py``); no public rule function is left that only tests
call; the code, the doc and the tests' docstrings write every rule ID out, in full, never as
a range, a list or a short form (``hidden_ids``); and every rule test names its IDs in its
docstring."""

from __future__ import annotations

import ast
import re

from tests.reach import CallGraph
from tests.rule_table import ROOT, RuleTableContract

GRAPH = CallGraph("vda")
PACKAGE, SOURCE = GRAPH.package, GRAPH.source

RANGE = re.compile(r"VDA-[A-Z]+-\d\d(?:\s*(?:\.\.\.?|–|/)\s*-?|,\s*)\d\d(?!\d)")
"""An ID range or list: ``VDA-STAKE-01..03``, ``VDA-STAKE-01/03``, ``VDA-GRAP-08/-09``,
``VDA-GRAP-17, 21``."""
CHAPTERS = sorted(set(re.findall(r"VDA-([A-Z]+)-\d\d", (ROOT / "docs" / "systems" / "vda.md").read_text())))
SHORT = re.compile(rf"(?<![A-Za-z0-9_-])(?:{'|'.join(CHAPTERS)})-\d\d(?!\d)")
"""An ID without its system: ``GRAP-08`` for ``VDA-GRAP-08``."""
DOC = ROOT / "docs" / "systems" / "vda.md"
TESTS = ROOT / "tests" / "systems" / "vda"
RULE_TEST = re.compile(r"^test_vda_([a-z]+)_(\d\d(?:_(?:to_)?\d\d)*)__")


def hidden_ids(text: str) -> list[str]:
    """The IDs ``text`` does not write out: ranges, lists and short forms."""
    return RANGE.findall(text) + SHORT.findall(text)


def named_ids(name: str) -> list[str]:
    """The rule IDs a rule test's name carries: ``test_vda_stake_02_03__…`` names
    VDA-STAKE-02 and VDA-STAKE-03, ``test_vda_melee_01_to_05__…`` the five of them."""
    found = RULE_TEST.match(name)
    if found is None:
        return []
    chapter, numbers = found.group(1).upper(), found.group(2).split("_")
    ids: list[int] = []
    for i, part in enumerate(numbers):
        if part == "to":
            continue
        if i > 0 and numbers[i - 1] == "to":
            ids += range(ids[-1] + 1, int(part) + 1)
        else:
            ids.append(int(part))
    return [f"VDA-{chapter}-{n:02d}" for n in ids]


class TestRuleTable(RuleTableContract):
    system = "vda"

    def test_the_reachability_walk_can_fail(self) -> None:
        """The walk is not vacuous: from the package it reaches the round's handlers, and
        from a module that calls none of them (the options) it reaches none of them."""
        played = GRAPH.reachable()
        assert f"{PACKAGE}.handlers.resolve:resolve_action" in played
        assert f"{PACKAGE}.rules.ranged:firearm_reload_actions" in played
        assert f"{PACKAGE}.rules.equipment:club_knocks_out" in played
        from_options = GRAPH.reachable(f"{PACKAGE}.options")
        assert f"{PACKAGE}.data:find_weapon" in from_options  # VdaOptions checks its natural weapons
        assert f"{PACKAGE}.handlers.resolve:resolve_action" not in from_options
        assert f"{PACKAGE}.rules.equipment:club_knocks_out" not in from_options

    def test_the_code_writes_every_rule_id_out(self) -> None:
        """A range or a list of IDs (two dots or a slash between numbers) or an ID without its
        « VDA- » hides the ID from ``grep``: each ID is written out, in full."""
        ranges = [
            f"{path.relative_to(SOURCE)}:{n}"
            for path in sorted(SOURCE.rglob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if hidden_ids(line)
        ]
        assert ranges == []

    def test_the_doc_writes_every_rule_id_out(self) -> None:
        """``docs/systems/vda.md``, its rule table and its prose alike, writes each ID in full."""
        lines = DOC.read_text(encoding="utf-8").splitlines()
        hidden = [f"vda.md:{n}: {found}" for n, line in enumerate(lines, 1) if (found := hidden_ids(line))]
        assert hidden == []

    def test_the_test_docstrings_write_every_rule_id_out(self) -> None:
        """Every docstring of ``tests/systems/vda`` (module, class, test) writes each ID in full."""
        hidden = []
        for path in sorted(TESTS.glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
                    continue
                if found := hidden_ids(ast.get_docstring(node) or ""):
                    hidden.append(f"{path.name}::{getattr(node, 'name', '')}: {found}")
        assert hidden == []

    def test_hidden_ids_finds_ranges_lists_and_short_forms(self) -> None:
        for text in (
            "VDA-GRAP-14..21",
            "VDA-GRAP-08/09",
            "VDA-GRAP-08/-09",
            "VDA-GRAP-17, 21",
            "GRAP-08",
            "(RES-05)",
        ):
            assert hidden_ids(text), text
        assert (
            hidden_ids("VDA-GRAP-08, VDA-GRAP-09 and A-11; VDA-STUCK-04, 2 dice; test_vda_grap_08_09__x")
            == []
        )

    def test_every_rule_test_names_its_rule_ids_in_its_docstring(self) -> None:
        """A rule test says in its docstring which rule it pins (``grep`` finds it there)."""
        bare = []
        for path in sorted((ROOT / "tests" / "systems" / "vda").glob("test_*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef) and (ids := named_ids(node.name)):
                    doc = ast.get_docstring(node) or ""
                    bare += [f"{path.name}::{node.name}: {i}" for i in ids if i not in doc]
        assert bare == []

    def test_named_ids_reads_lists_and_ranges(self) -> None:
        assert named_ids("test_vda_stake_02_03__x") == ["VDA-STAKE-02", "VDA-STAKE-03"]
        assert named_ids("test_vda_melee_01_to_03__x") == ["VDA-MELEE-01", "VDA-MELEE-02", "VDA-MELEE-03"]
        assert named_ids("test_every_table_is_keyed") == []

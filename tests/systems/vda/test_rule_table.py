"""The rule table of ``docs/systems/vda.md`` stays true to the code (``tests/rule_table.py``),
and every rule it names is enforced in play: its implementation is reachable from what the
system registers (``decide``'s moves, ``evolve``, the options, the view), walking the call
graph (``tests/systems/vda/reach.py``); no public rule function is left that only tests
call; the code writes every rule ID out, never as a range or a list (« VDA-STAKE-01..03 »,
« VDA-ACT-01/02 »); and every rule test names its IDs in its docstring."""

from __future__ import annotations

import ast
import re

from tests.rule_table import ROOT, TICKED, RuleTableContract, table_rows
from tests.systems.vda.reach import PACKAGE, SOURCE, modules, public_functions, reachable

RANGE = re.compile(r"VDA-[A-Z]+-\d\d\s*(?:\.\.|–|\.\.\.|/)\s*\d\d")
RULE_TEST = re.compile(r"^test_vda_([a-z]+)_(\d\d(?:_(?:to_)?\d\d)*)__")


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

    def test_every_rule_and_handler_function_is_reachable_from_play(self) -> None:
        """A public function of ``rules/`` or ``handlers/`` is wired into play or deleted."""
        played = reachable()
        ours = (f"{PACKAGE}.rules.", f"{PACKAGE}.handlers.")
        idle = sorted(f for f in public_functions() if f.startswith(ours) and f not in played)
        assert idle == [], "called by no move, projection or option: wire them or delete them"

    def test_every_implementation_the_table_names_is_reachable_from_play(self) -> None:
        played, found = reachable(), modules()
        idle = []
        for row in table_rows(self.system):
            for ref in TICKED.findall(row[2]):
                module, _, attribute = ref.rpartition(".")
                name = f"{PACKAGE}.{module.replace('/', '.')}:{attribute}"
                defined = found.get(name.partition(":")[0])
                if defined is not None and attribute in defined.defined and name not in played:
                    idle.append(f"{row[0]}: {ref}")
        assert idle == []

    def test_the_reachability_walk_can_fail(self) -> None:
        """The walk is not vacuous: from the package it reaches the round's handlers, and
        from a module that calls none of them (the options) it reaches none of them."""
        played = reachable()
        assert f"{PACKAGE}.handlers.resolve:resolve_action" in played
        assert f"{PACKAGE}.rules.ranged:firearm_reload_actions" in played
        assert f"{PACKAGE}.rules.equipment:club_knocks_out" in played
        from_options = reachable(f"{PACKAGE}.options")
        assert f"{PACKAGE}.data:find_weapon" in from_options  # VdaOptions checks its natural weapons
        assert f"{PACKAGE}.handlers.resolve:resolve_action" not in from_options
        assert f"{PACKAGE}.rules.equipment:club_knocks_out" not in from_options

    def test_the_code_writes_every_rule_id_out(self) -> None:
        """« VDA-STAKE-01..03 » or « VDA-STAKE-01/03 » hides an ID from ``grep``: each ID is
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

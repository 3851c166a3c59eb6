"""The rule table of ``docs/systems/vda.md`` stays true to the code (``tests/rule_table.py``),
and every rule it names is enforced in play: its implementation is reachable from what the
system registers (``decide``'s moves, ``evolve``, the options, the view), walking the call
graph (``tests/systems/vda/reach.py``); no public rule function is left that only tests
call; and the code writes every rule ID out, never as a range."""

from __future__ import annotations

import re

from tests.rule_table import TICKED, RuleTableContract, table_rows
from tests.systems.vda.reach import PACKAGE, SOURCE, modules, public_functions, reachable

RANGE = re.compile(r"VDA-[A-Z]+-\d\d\s*(?:\.\.|–|\.\.\.)\s*\d\d")


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
        """The walk is not vacuous: a function defined but never called is not reached."""
        played = reachable()
        assert f"{PACKAGE}.handlers.resolve:resolve_action" in played
        assert f"{PACKAGE}.rules.ranged:firearm_reload_actions" in played
        assert f"{PACKAGE}.rules.equipment:club_knocks_out" in played
        assert f"{PACKAGE}.grapple_view:describe_grapples" not in played

    def test_the_code_writes_every_rule_id_out(self) -> None:
        """« VDA-STAKE-01..03 » hides VDA-STAKE-02 from ``grep``: each ID is written out."""
        ranges = [
            f"{path.relative_to(SOURCE)}:{n}"
            for path in sorted(SOURCE.rglob("*.py"))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if RANGE.search(line)
        ]
        assert ranges == []

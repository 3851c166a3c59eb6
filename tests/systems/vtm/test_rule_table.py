"""The rule table of ``docs/systems/vtm.md`` stays true to the code (``tests/rule_table.py``)."""

from __future__ import annotations

from tests.rule_table import RuleTableContract


class TestRuleTable(RuleTableContract):
    system = "vtm"

"""``fracas do`` and its verbs: a command from flags, for any rule system
(``clients/python/acting.py``); the server side is in tests/test_cli.py."""

from __future__ import annotations

import pytest

from clients.python.acting import MoveError, build, find_move, parse_fields
from domain.commands import RollDice
from domain.systems.vda.commands import DeclareAction, RollInitiative, SkipPower
from domain.systems.vtm.commands import Abstain, DeclareActions


def test_a_verb_names_the_rule_systems_command_that_may_be_sent_now() -> None:
    assert find_move("vda", "declare") is DeclareAction
    assert find_move("vtm", "declare") is DeclareActions
    assert find_move("vda", "roll", ["RollDice", "vda.RollInitiative"]) is RollInitiative
    assert find_move("vda", "roll", ["RollDice"]) is RollDice  # no initiative to roll: a plain roll
    assert find_move("vda", "pass") is SkipPower
    assert find_move("vtm", "pass", ["vtm.Abstain"]) is Abstain
    assert find_move("vda", "declare", ["vda.DeclareAction/grapple:contact:agnes"]) is DeclareAction
    assert find_move("vda", "skippower") is SkipPower and find_move("vda", "vda.SkipPower") is SkipPower
    with pytest.raises(MoveError, match="'pass' may be vtm.Abstain, vtm.SkipAction: name one"):
        find_move("vtm", "pass")
    with pytest.raises(MoveError, match="no command 'fly' on a vda table; known: .*vda.DeclareAction"):
        find_move("vda", "fly")


def test_fields_are_flags_dotted_for_nested_ones_and_json_when_they_can_be() -> None:
    words = ["--action.kind", "attack", "--action.target=agnes", 'action.minor_acts=["draw"]', "--aim"]
    assert parse_fields(words) == {
        "action": {"kind": "attack", "target": "agnes", "minor_acts": ["draw"]},
        "aim": True,
    }
    assert parse_fields(["--difficulty", "7", "--paid-by", "blood"]) == {"difficulty": 7, "paid_by": "blood"}
    with pytest.raises(MoveError, match="'oops' is not a field"):
        parse_fields(["oops"])
    with pytest.raises(MoveError, match="is given a value and fields"):
        parse_fields(["--action", "x", "--action.kind", "attack"])


def test_the_command_type_checks_the_fields_and_names_what_is_wrong() -> None:
    declared = build(DeclareAction, "rorsh", {"action": {"kind": "attack", "target": "agnes"}})
    assert declared == DeclareAction(combatant="rorsh", action=declared.action)
    assert declared.action.kind == "attack" and declared.action.target == "agnes"
    assert build(RollInitiative, "rorsh", {}).combatant == "rorsh"
    with pytest.raises(MoveError, match=r"vda.DeclareAction: Invalid enum value 'fly' - at `\$.action.kind`"):
        build(DeclareAction, "rorsh", {"action": {"kind": "fly"}})
    with pytest.raises(MoveError, match="vda.SkipPower has no field power; its fields: combatant"):
        build(SkipPower, "rorsh", {"power": "x"})
    with pytest.raises(MoveError, match="vda.DeclareAction: Object missing required field `action`"):
        build(DeclareAction, "rorsh", {})

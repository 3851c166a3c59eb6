"""Every part of a ``vtm`` sentence is in the reader's language: what the rules write into
an event is a rule ID or a term the catalogues translate, never a reason spelled out in
English in the domain; the terms a sentence shows exist in French and in English (for
``vda`` as well); and the French chronicles of every example fight carry none of the
English reasons."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest

from clients.python.sentences import PLACEHOLDER, People, Sentences, catalogue
from domain.systems import find_system
from domain.systems.vtm import events as ev

ROOT = Path(__file__).resolve().parents[3]
EVENT_CLASSES = re.compile(r"^[A-Z]\w+$")


def literal_values(kind: Any, leaf: str, out: dict[str, set[str]], depth: int = 0) -> None:
    """The string values each field named ``leaf`` may take, nested structs included."""
    if isinstance(kind, mi.LiteralType):
        out.setdefault(leaf, set()).update(v for v in kind.values if isinstance(v, str))
    elif isinstance(kind, mi.UnionType):
        for inner in kind.types:
            literal_values(inner, leaf, out, depth)
    elif isinstance(kind, mi.ListType):
        literal_values(kind.item_type, leaf, out, depth)
    elif isinstance(kind, mi.DictType):
        literal_values(kind.value_type, leaf, out, depth)
    elif isinstance(kind, mi.StructType) and depth < 3:
        for field in kind.fields:
            literal_values(field.type, field.name, out, depth + 1)


def untranslated(system: str) -> list[str]:
    """``event field term language`` for each term a sentence shows that a catalogue lacks."""
    fr, en = catalogue("fr"), catalogue("en")
    missing = []
    for event_type in find_system(system).event_types:
        tag = event_type.__struct_config__.tag
        texts = " ".join(
            str(v) for k, v in fr.items() if k == f"event.{tag}" or k.startswith(f"event.{tag}.")
        )
        shown = set(PLACEHOLDER.findall(texts))
        for field in mi.type_info(event_type).fields:  # type: ignore[attr-defined]
            found: dict[str, set[str]] = {}
            literal_values(field.type, field.name, found)
            for leaf, values in found.items():
                top = leaf == field.name
                nested = (leaf == "kind" and field.name in shown) or f"{field.name}_{leaf}" in shown
                if (top and field.name not in shown) or (not top and not nested):
                    continue
                for value in sorted(values):
                    missing += [
                        f"{tag} {field.name} {leaf}.{value} {lang}"
                        for lang, messages in (("fr", fr), ("en", en))
                        if f"{leaf}.{value}" not in messages
                    ]
    return missing


@pytest.mark.parametrize("system", ["vtm", "vda"])
def test_every_term_a_sentence_shows_is_in_french_and_in_english(system: str) -> None:
    """A maneuver, a condition, an action's kind… shown raw would put the code's English
    word (``tackle``, ``off_balance``) in a French sentence."""
    assert untranslated(system) == []


def test_the_term_walk_can_fail() -> None:
    """The walk finds the fields a sentence shows: without its term, a maneuver is missing."""
    fr = catalogue("fr")
    saved = fr.pop("maneuver.tackle")
    try:
        assert "vtm.AttackRolled maneuver maneuver.tackle fr" in untranslated("vtm")
    finally:
        fr["maneuver.tackle"] = saved


def calls(path: Path) -> Iterator[tuple[ast.Call, str]]:
    """Each call in ``path``'s code, with the name it calls (``ev.X(...)``: ``X``)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            yield node, func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def emitted_reasons(path: Path) -> list[str]:
    """``file:line`` of each event built in ``path`` with a ``reason`` written out by the
    code (a string or an f-string with text): only the GM's words go there."""
    found = []
    for node, name in calls(path):
        if not EVENT_CLASSES.match(name) or not hasattr(ev, name):
            continue
        for keyword in node.keywords:
            value = keyword.value
            written = (isinstance(value, ast.Constant) and value.value != "") or isinstance(
                value, ast.JoinedStr
            )
            if keyword.arg == "reason" and written:
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_the_rules_write_no_reason_in_a_language() -> None:
    """VTM-DEF-09, VTM-MEL-14, VTM-MEL-06, VTM-FIRE-13, VTM-GEN-05, VTM-GRP-02, VTM-GRP-03
    and VTM-GRP-04 end or change things by rule ID (``rule``) and the catalogues tell why;
    ``reason`` carries only the GM's own words."""
    sources = sorted((ROOT / "domain" / "systems" / "vtm").rglob("*.py"))
    assert [where for path in sources for where in emitted_reasons(path)] == []


def test_the_reason_check_can_fail(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text('ev.CoverChanged(combatant="a", cover="light", reason="dodged to the ground")\n')
    assert emitted_reasons(probe) == ["probe.py:1"]


RULED = [
    ev.CoverChanged(combatant="alma", cover="light", reason="", rule="VTM-DEF-09"),
    ev.DistanceSet(combatant="alma", other="bors", metres=0, reason="", rule="VTM-MEL-14"),
    ev.ActionEnded(combatant="alma", action=0, rule="VTM-GRP-02"),
    ev.ActionEnded(combatant="alma", action=0, rule="VTM-GRP-03"),
    ev.ActionEnded(combatant="alma", action=0, rule="VTM-GRP-04"),
    ev.ActionEnded(combatant="alma", action=0, rule="VTM-MEL-06", weapon="couteau"),
    ev.ActionEnded(combatant="alma", action=0, rule="VTM-FIRE-13", weapon="revolver", loaded=0),
    ev.ActionEnded(combatant="alma", action=0, rule="VTM-FIRE-11", weapon="uzi", loaded=1),
    ev.ActionEnded(combatant="alma", action=0, rule="VTM-GEN-05"),
    ev.RulingRequested(rule="VTM-DEF-11", combatant="alma", question="epee"),
]


@pytest.mark.parametrize("event", RULED, ids=lambda e: f"{type(e).__name__}-{e.rule}")
def test_an_event_a_rule_wrote_has_its_own_sentence_in_each_language(event: Any) -> None:
    """VTM-DEF-09, VTM-MEL-14, VTM-GRP-02, VTM-GRP-03, VTM-GRP-04, VTM-MEL-06, VTM-FIRE-13,
    VTM-FIRE-11, VTM-GEN-05 and VTM-DEF-11: the rule picks the sentence, which names the rule in the reader's
    language."""
    people = People(combatants={"alma": "Alma", "bors": "Bors"})
    data = msgspec.to_builtins(event)
    told = {lang: Sentences(lang) for lang in ("fr", "en")}
    for lang, sentences in told.items():
        assert sentences.key(data) == f"event.{data['type']}.rule.{event.rule}", lang
        assert event.rule in sentences.event(data, people)
    assert told["fr"].event(data, people) != told["en"].event(data, people)


ENGLISH = re.compile(
    r"\b(the|was|has|does|with|without|dodged|ground|closing|dropped|rounds|loaded|unless)\b"
)
"""Words of English reasons that no French sentence uses."""


def test_no_french_chronicle_carries_an_english_reason() -> None:
    """The French chronicles of every example fight (``python -m tests.test_chronicle``)
    hold no English words, the reasons the rules give included."""
    leaks = []
    for path in sorted((ROOT / "tests" / "chronicle").glob("*.fr.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ENGLISH.search(line):
                leaks.append(f"{path.name}:{n}: {line}")
    assert leaks == []

"""Every pool or difficulty term a page shows (``clients/web/js/terms.js``) has its
label in the French and the English catalogues, for vda and vtm alike: the rule of
every term the domain writes with a literal rule ID, and every term of the example
fights' events and of the offers their controls showed at each position, labelled
by the page's own code under Node."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest

from clients.python.scenario import load_scenario
from domain.base import GM
from domain.play import play
from domain.table import Timeline, offers_for

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "clients" / "web" / "i18n"
FIGHTS = sorted([*(ROOT / "examples" / "vda").glob("*.yaml"), *(ROOT / "examples" / "vtm").glob("*.yaml")])
BUILDERS = {"Modifier", "terms", "Term"}


def catalogue(lang: str) -> dict[str, Any]:
    texts = json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
    return json.loads((WEB / "sentences" / f"{lang}.json").read_text(encoding="utf-8")) | texts


def literal_rules() -> set[str]:
    """The rule IDs the domain writes terms with, where the call names them."""
    found = set()
    for path in (ROOT / "domain").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in BUILDERS:
                continue
            rule = node.args[0] if name == "terms" and node.args else None
            rule = next((k.value for k in node.keywords if k.arg == "rule"), rule)
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                found.add(rule.value)
    return found


def test_every_rule_the_domain_writes_terms_with_has_its_words() -> None:
    rules = literal_rules()
    assert {"VTM-CPX-03", "VDA-INIT-01", "A-7"} <= rules, "the scan finds the domain's terms"
    for lang in ("fr", "en"):
        words = catalogue(lang)
        assert sorted(r for r in rules if f"term.{r}" not in words) == [], lang


def terms_in(value: Any, found: dict[tuple[str, str], dict[str, Any]]) -> None:
    if isinstance(value, dict):
        if "rule" in value and isinstance(value.get("value"), int) and "why" in value:
            found.setdefault((value["rule"], value["why"]), value)
        for inner in value.values():
            terms_in(inner, found)
    elif isinstance(value, list):
        for inner in value:
            terms_in(inner, found)


@cache
def shown_terms() -> list[dict[str, Any]]:
    """The terms of the example fights' events and of every offer at each position."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for fight in FIGHTS:
        log, _ = play(load_scenario(fight), seed=b"fracas-terms")
        timeline = Timeline()
        for record in log:
            terms_in(msgspec.to_builtins(record.event), found)
            timeline.append(record.event)
            for offers in offers_for(timeline.head, GM).values():
                terms_in(msgspec.to_builtins([[o.pool, o.difficulty] for o in offers]), found)
    return list(found.values())


def labels(lang: str, terms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    given = json.dumps({"lang": lang, "terms": terms})
    script = str(ROOT / "tests" / "sentences" / "node_terms.mjs")
    node = subprocess.run(
        ["node", "--experimental-default-type=module", script],
        input=given,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return list(json.loads(node.stdout))


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the web pages' term labels")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_term_a_page_shows_is_labelled_from_the_catalogues(lang: str) -> None:
    terms = shown_terms()
    systems = {term["rule"].split("-")[0] for term in terms}
    assert {"VDA", "VTM"} <= systems, "both systems' terms are checked"
    shown = list(zip(terms, labels(lang, terms), strict=True))
    assert [(term["rule"], term["why"]) for term, label in shown if not label["key"]] == []
    words = {(term["rule"], term["why"]): label["text"] for term, label in shown}
    if lang == "fr":
        assert words["VDA-INIT-01", "wits"] == "Astuce"
        assert words["VTM-ATK-02", "melee"] == "Mêlée"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the web pages' term labels")
def test_a_term_the_catalogues_lack_shows_no_key() -> None:
    """The check above can fail: a term no catalogue knows has no key."""
    (label,) = labels("fr", [{"rule": "VTM-NONE-99", "value": 1, "why": "target down"}])
    assert label == {"key": None, "text": "target down"}
    (label,) = labels("fr", [{"rule": "VTM-CPX-03", "value": -2, "why": "target down"}])
    assert label == {"key": "term.VTM-CPX-03.target down", "text": "cible à terre"}

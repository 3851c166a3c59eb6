"""Every command a page builds a form for has its words in the French and the
English catalogues: the command's name (``cmd.<tag>``), each field the form shows
(``field.<name>``), each choice of a list (``<field>.<value>``, or a kind, trait or
skill of that name) and each choice of a union (``tag.<tag>``), for every rule
system and the table's own commands. The lookups are those of
``clients/web/js/schema-form.js`` and ``command-dialog.js``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from domain.wire import schema

WEB = Path(__file__).resolve().parents[1] / "clients" / "web" / "i18n"


def catalogue(lang: str) -> dict[str, Any]:
    texts = json.loads((WEB / f"{lang}.json").read_text(encoding="utf-8"))
    return json.loads((WEB / "sentences" / f"{lang}.json").read_text(encoding="utf-8")) | texts


def missing_words(words: dict[str, Any]) -> list[str]:
    """The keys a form of some command looks up and the catalogue lacks."""
    defs = schema()["$defs"]

    def resolve(node: dict[str, Any]) -> dict[str, Any]:
        return defs[node["$ref"].split("/")[-1]] if "$ref" in node else node

    def tag_of(node: dict[str, Any]) -> str | None:
        found = resolve(node).get("properties", {}).get("type", {}).get("enum")
        return found[0] if found and len(found) == 1 else None

    missing: set[str] = set()

    def walk(node: dict[str, Any], name: str | None, seen: frozenset[str]) -> None:
        if "$ref" in node:
            if node["$ref"] not in seen:
                walk(resolve(node), name, seen | {node["$ref"]})
            return
        refs = [choice for choice in node.get("anyOf", []) if "$ref" in choice]
        if len(refs) > 1:
            missing.update(f"tag.{tag}" for tag in map(tag_of, refs) if tag and f"tag.{tag}" not in words)
        for choice in node.get("anyOf", []):
            walk(choice, name, seen)
        if "enum" in node and name != "type":
            for value in node["enum"]:
                keys = [f"{name}.{value}", f"kind.{value}", f"field.{value}", f"skill.{value}"]
                if not any(key in words for key in keys):
                    missing.add(keys[0])
        for field, inner in node.get("properties", {}).items():
            if field == "type":
                continue
            if f"field.{field}" not in words:
                missing.add(f"field.{field}")
            walk(inner, field, seen)
        for inner in (node.get("items"), node.get("additionalProperties")):
            if isinstance(inner, dict):
                walk(inner, name, seen)

    for ref in defs["SendCommand"]["properties"]["command"]["anyOf"]:
        tag = tag_of(ref)
        if f"cmd.{tag}" not in words:
            missing.add(f"cmd.{tag}")
        walk(ref, None, frozenset())
    return sorted(missing)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_command_form_has_its_words(lang: str) -> None:
    assert missing_words(catalogue(lang)) == []


def test_a_missing_word_is_found() -> None:
    """The walk reaches vtm's commands, their nested fields and their choices."""
    words = catalogue("fr")
    for key in ("cmd.vtm.DeclareActions", "field.maneuver", "fire.auto", "tag.vtm"):
        assert key in missing_words({k: v for k, v in words.items() if k != key})

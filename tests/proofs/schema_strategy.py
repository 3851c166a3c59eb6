"""Hypothesis strategies for the messages of the published JSON Schema
(``docs/schema.json``), for the keywords msgspec writes there.

hypothesis-jsonschema would do this, but its 0.23 release calls a part of
Hypothesis that Hypothesis 6.17x changed (``many.more``), and fails on any
object schema; this covers what the schema uses and nothing more."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "schema.json").read_text())
INBOUND = ["Follow", "Unfollow", "SendCommand", "GetState", "GetEvents"]


def from_schema(schema: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    if depth > 10:  # deep enough: the schema's own nesting is shallower
        return st.none()
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return st.deferred(lambda: from_schema(SCHEMA["$defs"][name], depth + 1))
    if "anyOf" in schema:
        return st.one_of(*(from_schema(s, depth + 1) for s in schema["anyOf"]))
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of(*(from_schema({**schema, "type": k}, depth) for k in kind))
    if kind == "object":
        return _object(schema, depth)
    if kind == "array":
        items = from_schema(schema.get("items", {}), depth + 1)
        return st.lists(items, max_size=min(schema.get("maxItems", 4), 4))
    if kind == "string":
        return st.text(max_size=24)
    if kind == "integer":
        return st.integers(schema.get("minimum"), schema.get("maximum"))
    if kind == "number":
        return st.floats(schema.get("minimum"), schema.get("maximum"), allow_nan=False, allow_infinity=False)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    return st.none()  # an unconstrained value: anything would do


def _object(schema: dict[str, Any], depth: int) -> st.SearchStrategy[dict[str, Any]]:
    properties = schema.get("properties")
    if not properties:
        extra = schema.get("additionalProperties")
        typed = isinstance(extra, dict) and extra != {"not": {}}
        values = from_schema(extra, depth + 1) if typed else st.none()  # type: ignore[arg-type]
        return st.dictionaries(st.text(max_size=8), values, max_size=3)
    required = set(schema.get("required", []))
    return st.fixed_dictionaries(
        {k: from_schema(v, depth + 1) for k, v in properties.items() if k in required},
        optional={k: from_schema(v, depth + 1) for k, v in properties.items() if k not in required},
    )


def inbound() -> st.SearchStrategy[dict[str, Any]]:
    """Any message a client may send, as the schema describes it."""
    return st.one_of(*(from_schema({"$ref": f"#/$defs/{name}"}) for name in INBOUND))
